import pytest

from racing import views
from tests.people import alice, bob, carol, fast_passwords  # noqa: F401  (fixtures)


@pytest.fixture(autouse=True)
def nothing_kept_in_the_process():
    """Each test starts with none of the seat pages and parts another test kept in the process
    (racing.views), as it starts with empty caches."""
    views._forget_kept()
