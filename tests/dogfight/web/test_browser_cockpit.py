"""The cockpit a pilot sees, in a real browser (Debian's Chromium through Playwright): the
board in view while he picks move 3, on a desktop and on a phone; the engine's warnings; burst
lines; chatter going with the orders; the hex under the pointer; the planes as text.

``SKIES_SCREENSHOTS=1`` also writes docs/screenshots/cockpit-desktop.png and -phone.png.
"""

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.models import Chatter, Order
from tests.browser import clean_page, log_in
from tests.factories import make_dogfight, make_user, open_round
from tests.helpers import set_planes

from .test_browser_round import COMPUTERS, preview_after

pytestmark = pytest.mark.django_db(transaction=True)

SCREENSHOTS = Path(__file__).resolve().parents[3] / "docs" / "screenshots"
# The case: Roter Milan at (0, -8), nose north-west; ahead three times flies off.
NEAR_THE_EDGE = {"status": "air", "q": 0, "r": -8, "facing": 2}
MID_BOARD = {"status": "air", "q": 0, "r": 0, "facing": 2}


def cockpit_near_the_edge(page, live_server, name="alice", plane=NEAR_THE_EDGE, **settings):
    pilot = make_user(name)
    game = make_dogfight(
        humans={0: pilot},
        computers=COMPUTERS,
        resolve_early=True,
        title="Evening patrol",
        **settings,
    )
    set_planes(open_round(game), {0: plane})
    log_in(page, live_server.url, pilot, f"/dogfight/games/{game.pk}/seat/0/")
    return game


def submit(page):
    """Send the form; a practice round resolves within the request (five computer pilots
    think first), which takes longer than a page on a busy machine."""
    page.get_by_role("button", name="Submit orders and chatter").click(timeout=60_000)


def in_view(page, locator) -> dict:
    """The locator's box, asserted to lie wholly inside the window."""
    box = locator.bounding_box()
    size = page.viewport_size
    assert box is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 1, (box, size)
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 1, (box, size)
    return box


def pick_move_3_and_check_the_board(page):
    """Turn away from the edge in move 1, scroll move 3 into view and pick it: the board and
    the route's last arrowhead stay in view, and the route the board draws is the new one."""
    preview_after(page, lambda: page.select_option("#m1", "L"))
    page.locator("#m3").scroll_into_view_if_needed()
    in_view(page, page.locator("#m3"))
    before = page.locator('#board-wrap g.arrowhead[data-move="3"]').get_attribute("transform")
    preview_after(page, lambda: page.select_option("#m3", "L"))
    in_view(page, page.locator("#m3"))
    board = in_view(page, page.locator("#board-wrap svg.board"))
    in_view(page, page.locator('#board-wrap g.arrowhead[data-move="3"]'))
    after = page.locator('#board-wrap g.arrowhead[data-move="3"]').get_attribute("transform")
    assert after != before
    return board


def test_the_board_stays_in_view_beside_the_form_on_a_desktop(browser, live_server):
    with clean_page(browser, viewport={"width": 1280, "height": 800}) as page:
        cockpit_near_the_edge(page, live_server, plane=MID_BOARD)
        board = pick_move_3_and_check_the_board(page)
        form = page.locator("#m3").bounding_box()
        assert form["x"] >= board["x"] + board["width"], "the form is not beside the board"
        assert board["width"] >= 600, f"the board does not use the width: {board}"
        if os.environ.get("SKIES_SCREENSHOTS"):
            preview_after(page, lambda: page.check('input[name="f2"][value="A"]'))
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(SCREENSHOTS / "cockpit-desktop.png"))


def test_the_board_stays_in_view_while_picking_on_a_phone(phone_page, live_server):
    page = phone_page
    cockpit_near_the_edge(page, live_server, plane=MID_BOARD)
    pick_move_3_and_check_the_board(page)
    # The arrowheads' numbers are large enough to read on a phone.
    number = page.locator('#board-wrap g.arrowhead[data-move="3"] text').bounding_box()
    assert number["height"] >= 8, f"arrowhead numbers are {number['height']:.1f} px high"
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    assert scroll_width <= 390, f"the page scrolls sideways on a phone ({scroll_width}px)"
    if os.environ.get("SKIES_SCREENSHOTS"):
        page.screenshot(path=str(SCREENSHOTS / "cockpit-phone.png"))


def test_flying_off_the_board_is_warned_and_still_accepted(page, live_server):
    game = cockpit_near_the_edge(page, live_server)
    warnings = page.locator(".preview-warnings")
    # The form starts at "ahead" three times: move 2 leaves the board.
    expect(warnings).to_contain_text("Move 2 leaves the board: your plane crashes")
    expect(page.locator('#board-wrap g.arrowhead[data-move="2"] .crash-mark')).to_have_count(1)
    expect(page.locator('#board-wrap g.arrowhead[data-move="3"]')).to_have_count(0)
    # Two right turns fly along the edge instead: no warning of the route (the pilot's name
    # is still asked for).
    preview_after(page, lambda: page.select_option("#m1", "R"))
    preview_after(page, lambda: page.select_option("#m2", "R"))
    expect(page.locator(".preview-warning:not(.name)")).to_have_count(0)
    preview_after(page, lambda: page.select_option("#m2", "A"))
    expect(warnings).to_contain_text("Move 2 leaves the board")
    # A warning is not a refusal: the orders go in, and the engine takes him out.
    page.fill("#pilot_name", "Roter Milan")
    submit(page)
    # His orders are in and he is out; his page, live, follows the computer pilots' rounds,
    # which they fly to the practice game's end at once.
    expect(page.locator(".status")).to_contain_text("out of the game")
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/1/")
    expect(page.get_by_text("Roter Milan flew off the board.")).to_be_visible()
    assert game.rounds.get(number=1).status == "published"


def test_flying_into_a_balloon_is_warned(page, live_server):
    pilot = make_user("bob")
    game = make_dogfight(humans={0: pilot}, computers=COMPUTERS, balloon_rule="normal", balloons=1)
    rnd = open_round(game)
    set_planes(rnd, {0: {"status": "air", "q": -2, "r": 0, "facing": 0}})
    log_in(page, live_server.url, pilot, f"/dogfight/games/{game.pk}/seat/0/")
    expect(page.locator(".preview-warnings")).to_contain_text(
        "Move 2 flies into the balloon at (0, 0)"
    )
    expect(page.locator("#board-wrap .balloon")).to_have_count(1)


def test_a_ticked_burst_draws_its_line_and_damage_by_range(page, live_server):
    cockpit_near_the_edge(page, live_server, clouds=0)  # a cloud on the line would cut it short
    preview_after(page, lambda: page.select_option("#m1", "R"))
    preview_after(page, lambda: page.check('input[name="f1"][value="R"]'))
    burst = page.locator('#board-wrap g.burst[data-move="1"]')
    expect(burst).to_have_count(1)
    # After turning right at (0, -8) the plane is at (1, -9), nose north-east: its diagonal
    # right burst runs east along the edge, four hexes.
    # (a web-first assertion: it waits out a preview still being swapped in)
    expect(burst.locator(".range text")).to_have_text(["4", "3", "2", "1"])
    in_view(page, burst)


def test_chatter_goes_with_the_orders_and_is_kept_on_a_refusal(page, live_server):
    game = cockpit_near_the_edge(page, live_server, plane=MID_BOARD)
    preview_after(page, lambda: page.select_option("#m2", "L"))
    page.fill("#chatter-1", "Horrido!")
    page.fill("#chatter-2", "Watch the edge, Milan")
    # No pilot's name: refused, and nothing typed is lost.
    submit(page)
    expect(page.get_by_text("Your orders were not accepted").first).to_be_visible()
    assert page.input_value("#chatter-1") == "Horrido!"
    assert page.input_value("#chatter-2") == "Watch the edge, Milan"
    assert page.input_value("#m2") == "L"
    page.fill("#pilot_name", "Roter Milan")
    submit(page)
    expect(page.get_by_text("Your orders are in.").first).to_be_visible()
    assert Order.objects.filter(round__game=game, round__number=1).exists()
    assert Chatter.objects.get(round__game=game, round__number=1).lines == [
        "Horrido!",
        "Watch the edge, Milan",
    ]
    # The practice round resolved at once: its report is one click away, chatter and all.
    expect(page.get_by_role("link", name="Read the report of round 1")).to_be_visible()
    page.locator("a.last-report").click()
    expect(page.get_by_text("Horrido!")).to_be_visible()


def test_the_hex_under_the_pointer_and_the_planes_as_text(page, live_server):
    cockpit_near_the_edge(page, live_server)
    own = page.locator("#board-wrap g.plane.seat-0")
    own.hover()
    expect(page.locator("#hex-readout")).to_have_text("hex (0, -8)")
    row = page.locator("#planes-list tr.seat-0")
    expect(row).to_contain_text("(0, -8)")
    expect(row).to_contain_text("north-west")
    expect(row).to_contain_text("0 of 12")
    expect(page.locator("#planes-list tbody tr")).to_have_count(6)
    expect(page.locator(".legend-list li")).to_have_count(7)
    expect(page.locator(".weather")).to_contain_text("No weather yet")


def test_a_removed_seat_does_not_hold_up_an_early_resolution(browser, live_server):
    """The referee removes seat 5 through his panel (with the confirming tick); its pilot's
    cockpit tells him; the other pilots' orders are then all it takes: the round resolves at
    once, seat 5 crashing as removed."""
    referee = make_user("referee")
    pilots = {n: make_user(f"pilot{n}") for n in range(6)}
    game = make_dogfight(referee, humans=pilots, resolve_early=True, title="Six friends")
    base = live_server.url
    with clean_page(browser, viewport={"width": 1280, "height": 800}) as page:
        context = page.context
        page.set_default_timeout(20_000)
        log_in(page, base, referee, f"/games/{game.pk}/referee/")
        page.select_option("#remove-number", "5")
        page.get_by_role("button", name="Remove").click()
        # The browser itself insists on the tick (required): nothing is sent without it.
        assert open_round(game).referee_input == {}
        page.get_by_label("Yes, take this pilot out of the game").check()
        page.get_by_role("button", name="Remove").click()
        # People count seats from 1: stored seat 5 is the sixth.
        expect(page.get_by_text("Seat 6 will be taken out")).to_be_visible()
        expect(page.get_by_role("button", name="Undo: keep seat 6")).to_be_visible()
        context.clear_cookies()

        log_in(page, base, pilots[5], f"/dogfight/games/{game.pk}/seat/5/")
        expect(page.locator(".warning.removal")).to_contain_text(
            "The referee is taking your plane out of the game"
        )
        page.goto(f"{base}/games/{game.pk}/")
        expect(page.locator("table.pilots tr.seat-5")).to_contain_text("being removed")
        context.clear_cookies()

        for number in range(5):
            cockpit = f"/dogfight/games/{game.pk}/seat/{number}/"
            log_in(page, base, pilots[number], cockpit)
            page.fill("#pilot_name", f"Flieger {'ABCDE'[number]}")
            submit(page)
            expect(page.get_by_text("Your orders are in.").first).to_be_visible()
            context.clear_cookies()
        rnd = game.rounds.get(number=1)
        assert rnd.status == "published", "the round waited for the removed seat"
        assert [(e["seat"], e["cause"]) for e in rnd.report.events if e["type"] == "crash"] == [
            (5, "removed")
        ]


def test_with_two_bursts_aboard_the_third_box_greys_out_and_the_name_is_asked_first(
    page, live_server
):
    cockpit_near_the_edge(page, live_server, plane={**MID_BOARD, "ammo": 2})
    name_check = page.locator("#name-check")
    expect(name_check).to_have_text("Your pilot's name: a pilot needs a name.")
    preview_after(page, lambda: page.check('input[name="f1"][value="A"]'))
    preview_after(page, lambda: page.check('input[name="f2"][value="L"]'))
    unticked = page.locator('input[name^="f"]:not(:checked)')
    expect(unticked).to_have_count(7)
    for index in range(7):
        expect(unticked.nth(index)).to_be_disabled()
    preview_after(page, lambda: page.uncheck('input[name="f2"][value="L"]'))
    expect(page.locator('input[name="f3"][value="R"]')).to_be_enabled()
    page.fill("#pilot_name", "Major Tom")
    # Leaving the name for the fire box asks for the name's check while the box is ticked. By
    # keyboard: the check's longer text moves the boxes down, so a pointer's press and release
    # could land on two different places.
    page.focus('input[name="f2"][value="L"]')
    preview_after(page, lambda: page.keyboard.press("Space"))
    # the name's check comes back on its own; the tick on the fire box is kept
    expect(name_check).to_contain_text("'major' is a rank")
    expect(page.locator('input[name="f2"][value="L"]')).to_be_checked()
    page.fill("#pilot_name", "Roter Milan")
    page.press("#pilot_name", "Tab")
    expect(name_check).to_have_text("")


def _rendered_height(page, selector: str) -> float:
    """The smallest on-screen height, in CSS pixels, of the elements ``selector`` finds."""
    return page.eval_on_selector_all(
        selector, "els => Math.min(...els.map(e => e.getBoundingClientRect().height))"
    )


def test_on_a_phone_the_routes_numbers_and_the_bursts_damage_are_readable(phone_page, live_server):
    """At 390 px the board is drawn small: the arrowheads' numbers and the damage figures of
    a burst's marks are sized for the phone, not the desktop (12 and 8 CSS pixels tall at
    least, where the desktop's sizes gave 10 and 6)."""
    page = phone_page
    cockpit_near_the_edge(page, live_server, plane=MID_BOARD, clouds=0)
    preview_after(page, lambda: page.check('input[name="f1"][value="A"]'))
    expect(page.locator("#board-wrap g.burst .range text").first).to_be_visible()
    badges = _rendered_height(page, "#board-wrap .route .badge text")
    marks = _rendered_height(page, "#board-wrap g.burst .range text")
    print(f"phone: badge numbers {badges:.1f} px, burst figures {marks:.1f} px")
    assert badges >= 12 and marks >= 8, (badges, marks)
