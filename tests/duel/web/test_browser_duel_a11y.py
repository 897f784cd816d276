"""The duel's pages read well in a real browser: axe-core finds nothing serious on the turn
page (its board full of links), the game page and the rules page, in English and German; two
missiles in one hex keep their labels apart; the board's name is in the page's language."""

import pytest
from playwright.sync_api import expect

from tests.browser import HTMX_BUSY, _page, axe_violations, clean_page, log_in
from tests.duel.engine.helpers import E, W, flying, missile
from tests.duel.engine.helpers import state as position
from tests.factories import make_user

from .helpers import page_url
from .test_browser_duel_player import duel_at

pytestmark = pytest.mark.django_db(transaction=True)


def crowded():
    """A's missile and B's share hex [11, 9]; A1 may fly, so the board holds links."""
    return position(
        [
            flying("A1", "coliber", (6, 4), E, speed=2),
            flying("A2", "virus", (5, 9), E, speed=3),
            flying("B1", "coliber", (12, 5), W),
            flying("B2", "virus", (13, 12), W, speed=3),
        ],
        asteroids=[(9, 3), (10, 8)],
        missiles=[missile(1, 1, (11, 9), 3), missile(2, 1, (11, 9), 2, "smart")],
    )


def boxes_overlap(a: dict, b: dict) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_turn_page_game_page_and_rules_have_no_serious_axe_finding(
    browser, live_server, language
):
    """Not on a clean page: axe-core's own preload resolves the stylesheets' ``@import``
    against the page's address and re-applies their text inline, which the CSP blocks and
    reports on the console (the other browser tests hold these pages' console clean)."""
    alice, bob = make_user("alice", language=language), make_user("bob")
    game = duel_at(alice, bob, crowded())
    context, page, _ = _page(browser, viewport={"width": 1366, "height": 900})
    try:
        log_in(page, live_server.url, alice)
        page.goto(live_server.url + page_url(game, 0))
        board = page.locator("#board")
        name = {"en": "The duel board", "de": "Das Spielbrett des Duells"}[language]
        assert board.get_attribute("aria-label") == name
        assert axe_violations(page) == []
        page.locator('#board a.pick[data-pick="A1"]').click()
        expect(page.locator(HTMX_BUSY)).to_have_count(0)
        expect(page.locator("#board a.step-link").first).to_be_attached()
        assert axe_violations(page) == []
        for path in (f"/games/{game.pk}/", f"/games/{game.pk}/replay/", "/duel/rules/"):
            page.goto(live_server.url + path)
            assert axe_violations(page) == [], path
    finally:
        context.close()


def test_two_missiles_in_one_hex_keep_their_labels_apart(browser, live_server):
    alice, bob = make_user("alice"), make_user("bob")
    game = duel_at(alice, bob, crowded())
    with clean_page(browser, viewport={"width": 1366, "height": 900}) as page:
        log_in(page, live_server.url, alice)
        page.goto(live_server.url + page_url(game, 0))
        labels = page.locator("#board .missile-label")
        expect(labels).to_have_count(2)
        first, second = (labels.nth(i).bounding_box() for i in range(2))
        assert not boxes_overlap(first, second), (first, second)


def test_a_board_of_links_is_a_group_a_picture_an_image():
    """An image's content is presentational: links inside one are nested interactive
    controls (axe-core, serious). The asteroid phase's board of hexes to pick is a group."""
    from duel import svg
    from duel.engine import new_game
    from duel.engine.api import view

    state = view(new_game().to_dict(), 0)
    picture = svg.board_svg(state)
    choosing = svg.board_svg(state, choices=[[9, 7]], choice_urls=("/x", "/y"))
    assert 'role="img"' in picture and "<a " not in picture
    assert 'role="group"' in choosing and "<a " in choosing
