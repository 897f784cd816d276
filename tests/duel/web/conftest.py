from tests.people import alice, bob, carol, fast_passwords  # noqa: F401  (fixtures)
