import pytest

from games import table
from racing import views
from tests.people import alice, bob, carol, fast_passwords  # noqa: F401  (fixtures)


@pytest.fixture(autouse=True)
def nothing_kept_in_the_process():
    """Each test starts with none of the seat pages and parts another test kept in the process
    (racing.views, and the whole pages games.table keeps), as it starts with empty caches."""
    views._forget_kept()
    table.forget_kept_pages()
