import pytest

from tests.people import alice, bob, carol, fast_passwords  # noqa: F401  (fixtures)

from .helpers import make_duel, placed


@pytest.fixture
def turn_one(alice, bob, django_capture_on_commit_callbacks):  # noqa: F811  (the fixtures above)
    """A duel between alice and bob with both fighters placed: its first turn open."""
    game = make_duel(alice, bob)
    placed(game, alice, bob, django_capture_on_commit_callbacks)
    return game
