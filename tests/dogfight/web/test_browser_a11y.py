"""The dogfight's pages hold no serious accessibility violation (axe-core, the copy bundled
with axe-playwright-python): the rules page with its wide tables on a desktop and a phone
(a scrolling table is reachable by keyboard), the cockpit, the game page, a report and the
replay."""

import pytest

from games import resolution
from tests.browser import axe_violations, clean_page, log_in
from tests.factories import make_dogfight, make_user, open_round

from .test_browser_round import COMPUTERS

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_rules_page_has_no_serious_violation_on_a_desktop(page, live_server):
    page.goto(f"{live_server.url}/dogfight/rules/")
    assert axe_violations(page) == []


def test_the_rules_page_has_no_serious_violation_on_a_phone(phone_page, live_server):
    phone_page.goto(f"{live_server.url}/dogfight/rules/")
    assert axe_violations(phone_page) == []
    phone_page.goto(f"{live_server.url}/de/dogfight/rules/")
    assert axe_violations(phone_page) == []


@pytest.mark.parametrize("width", [1366, 390])
def test_the_cockpit_game_page_report_and_replay_have_no_serious_violation(
    browser, live_server, width
):
    pilot = make_user("alice")
    game = make_dogfight(humans={0: pilot}, computers=COMPUTERS, title="Evening patrol")
    round_one = open_round(game)
    resolution.round_resolve(round_id=round_one.pk, now=round_one.deadline)
    with clean_page(browser, viewport={"width": width, "height": 900}) as page:
        log_in(page, live_server.url, pilot, f"/dogfight/games/{game.pk}/seat/0/")
        for path in (
            "",
            f"/games/{game.pk}/",
            f"/games/{game.pk}/rounds/1/",
            f"/games/{game.pk}/replay/",
        ):
            if path:
                page.goto(live_server.url + path)
            assert axe_violations(page) == [], page.url
