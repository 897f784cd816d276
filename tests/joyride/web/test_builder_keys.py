"""The builder a person can use without the pointer, and whose ghost places where it shows
(issue 28): only the shapes the pool still holds are offered; in Chromium the arrow keys move
the ghost between the engine's places, Enter places it and the lab keeps the focus; a click
places the place the ghost shows; the typed plan's check answers every time; a solo game
played by keyboard alone ends on a page with the last lab, the rating and the replay."""

from __future__ import annotations

import math

import pytest
from playwright.sync_api import expect

from games import selectors
from games.models import Game
from joyride import services
from joyride.engine import check, computer_plan
from tests.browser import HTMX_BUSY, _page, axe_violations, log_in
from tests.factories import make_user

from .helpers import choice_value, make_game, open_round, url
from .test_browser import draft

# --- what the builder offers (no browser) -------------------------------------------------------


@pytest.mark.django_db
def test_a_shape_the_pool_no_longer_holds_is_neither_offered_nor_pickable(client, alice, bob):
    game = make_game(alice, bob)
    rnd = open_round(game)
    rnd.state["pool"]["I4"] = 0  # the pool has run out of I4 this run
    rnd.save(update_fields=["state"])
    client.force_login(alice)
    html = client.get(url(game, 0)).content.decode()
    offered = check(rnd.state, 0, None, next_tiles=True)["next"]
    assert offered["I4"] and offered["I3"]  # the engine would place either
    assert 'value="I4|' not in html
    assert f'value="{choice_value({"shape": "I3", "cells": offered["I3"][0]})}"' in html
    button = html[html.index('data-shape="I4"') - 200 : html.index('data-shape="I4"')]
    assert "disabled" in button.rsplit("<button", 1)[1]
    i3 = html[html.index('data-shape="I3"') - 200 : html.index('data-shape="I3"')]
    assert "disabled" not in i3.rsplit("<button", 1)[1]


# --- in Chromium ------------------------------------------------------------------------------


def _geometry(page) -> dict:
    svg = page.locator("#builder-lab")
    box = svg.bounding_box()
    return {
        "box": box,
        "cell": int(svg.get_attribute("data-cell")),
        "row": int(svg.get_attribute("data-first-row")),
        "col": int(svg.get_attribute("data-first-col")),
        "scale": box["width"] / float(svg.get_attribute("width")),
    }


def _ghost(page) -> list[tuple[int, int]]:
    """The cells the ghost shows, read from its squares."""
    where = _geometry(page)
    rects = page.locator("#builder-lab g.ghost rect")
    cells = []
    for index in range(rects.count()):
        x, y = (float(rects.nth(index).get_attribute(a)) for a in ("x", "y"))
        cells.append(
            (round(y / where["cell"]) + where["row"], round(x / where["cell"]) + where["col"])
        )
    return sorted(cells)


def _neighbours(places: list) -> tuple[list, list]:
    """Two offered places of one orientation, the second one column right of the first: the
    pointer between them sits on cells both share."""
    as_sets = {frozenset(map(tuple, p)) for p in places}
    for place in places:
        moved = frozenset((r, c + 1) for r, c in place)
        if moved in as_sets:
            return sorted(map(tuple, place)), sorted(moved)
    raise AssertionError("no two neighbouring places offered")


pytestmark_browser = pytest.mark.django_db(transaction=True)


@pytestmark_browser
@pytest.mark.parametrize("shape", ["I4", "U5"])
def test_a_click_places_the_place_the_ghost_shows(page, live_server, shape):
    """The pointer a fraction of a pixel right of the middle of two places: the ghost shows
    the right one; the click (whole pixels) must not place the left one."""
    alice = make_user("alice")
    game = services.solo_game_create(user=alice)
    state = open_round(game).state
    left, right = _neighbours(check(state, 0, None, next_tiles=True)["next"][shape])
    log_in(page, live_server.url, alice, url(game, 0))
    page.locator(f'#builder button[data-shape="{shape}"]').click()
    where = _geometry(page)
    middle_row = (sum(r for r, _ in left) / len(left) - where["row"] + 0.5) * where["cell"]
    middle_col = (sum(c for _, c in left) / len(left) - where["col"] + 1.0) * where["cell"]
    y = where["box"]["y"] + middle_row * where["scale"]
    x = where["box"]["x"] + middle_col * where["scale"]
    # just right of the middle, yet no further than the next whole pixel
    x = x + (math.ceil(x) - x) / 2 if x != math.floor(x) else x + 0.5
    builder = page.locator("#builder")
    for turn in range(8):
        page.mouse.move(x + 5, y)
        page.mouse.move(x, y)
        if _ghost(page) == right:
            break
        page.keyboard.press("f" if turn == 3 else "r")
    assert _ghost(page) == right, builder.get_attribute("data-turns")
    page.mouse.click(x, y)
    expect(page.locator("#builder-lab g.tile")).to_have_count(1)
    assert sorted(map(tuple, draft(game, 0)[-1]["cells"])) == right


@pytestmark_browser
def test_the_typed_plans_check_answers_every_time(page, live_server):
    alice = make_user("alice")
    game = services.solo_game_create(user=alice)
    state = open_round(game).state
    first = check(state, 0, None, next_tiles=True)["next"]["I3"][0]
    log_in(page, live_server.url, alice, url(game, 0))
    page.locator("#plain-forms summary").click()
    typed = page.locator("#plan-text")
    typed.fill("")
    typed.type("I3 " + " ".join(f"{r},{c}" for r, c in first))
    expect(page.locator("#typed-check")).to_contain_text("Uncontested score")
    typed.type("\nxx")
    expect(page.locator("#typed-check")).to_contain_text("Not a plan yet")
    typed.press("Backspace")
    typed.press("Backspace")
    expect(page.locator("#typed-check")).to_contain_text("Uncontested score")
    # the clean console (the fixture) holds that htmx found its target every time


def _tab_to(page, selector: str, most: int = 60) -> None:
    """Tab forwards until ``selector`` has the focus (the keyboard alone)."""
    target = page.locator(selector)
    for _ in range(most):
        if target.evaluate("node => node === document.activeElement"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"{selector} is not in the tab order")


def _focused_id(page) -> str:
    return page.evaluate("() => document.activeElement && document.activeElement.id")


def _lay_by_keys(page, game: Game) -> bool:
    """One tile laid with the keys alone; False when no shape the pool holds can go on."""
    count = page.locator("#builder-lab g.tile").count()
    shapes = page.locator("#builder button[data-shape]")
    for number in range(1, shapes.count() + 1):
        if shapes.nth(number - 1).is_disabled():
            continue
        page.keyboard.press(str(number))
        page.keyboard.press("ArrowRight")
        if page.locator("#builder-lab g.ghost.legal rect").count():
            break
    else:
        return False
    shown = _ghost(page)
    page.keyboard.press("Enter")
    expect(page.locator("#builder-lab g.tile")).to_have_count(count + 1)
    expect(page.locator(HTMX_BUSY)).to_have_count(0)
    assert sorted(map(tuple, draft(game, 0)[-1]["cells"])) == shown
    assert _focused_id(page) == "builder-lab"  # the swapped-in lab has the focus again
    return True


@pytestmark_browser
def test_a_solo_game_played_to_its_rating_by_keyboard_alone(page, live_server):
    alice = make_user("alice")
    game = services.solo_game_create(user=alice)
    log_in(page, live_server.url, alice, url(game, 0))
    for run in range(3):
        expect(page.get_by_role("heading", name="Build your run")).to_be_visible()
        _tab_to(page, "#builder-lab")
        page.keyboard.press("1")
        page.keyboard.press("ArrowRight")
        expect(page.locator("#ghost-where")).to_contain_text("The ghost:")
        for _ in range(4):
            if not _lay_by_keys(page, game):
                break
            # the arrows move the ghost between offered places only
            page.keyboard.press("ArrowDown")
            assert page.locator("#builder-lab g.ghost.free").count() == 0
        _tab_to(page, "button.primary:text('Seal my plan (final)')")
        page.keyboard.press("Enter")
        expect(page.get_by_role("status").filter(has_text="Your plan is sealed")).to_be_visible()
        if run < 2:
            expect(page.get_by_role("heading", name="Gadget pick")).to_be_visible()
            _tab_to(page, "button.primary:text('Seal my pick (final)')")
            page.keyboard.press("Enter")
            expect(page.get_by_text("Your pick is sealed.")).to_be_visible()
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    final = selectors.shown_state(game)  # the last report's state: the game's end
    total = sum(final["scores"][0])
    assert final["rating"] is not None
    # the final page: the rating, the total, and the replay at its last step with the last lab
    assert page.url.endswith(url(game, 0))
    expect(page.locator(".result .rating")).to_be_visible()
    expect(page.locator(".result")).to_contain_text(f"Your total: {total} points")
    board = page.locator("#seat-table-board #replay")
    expect(board).to_be_visible()
    expect(board.locator("svg.lab")).to_have_count(1)
    assert board.locator("g.tile").count() >= 1
    expect(board.locator(".replay-count")).to_have_text(
        page.locator("#replay .replay-count").inner_text()
    )
    steps = board.locator("input[type=range]")
    assert steps.get_attribute("value") == steps.get_attribute("max")  # the last step


# --- accessibility ----------------------------------------------------------------------------


def _play_out(game: Game, user) -> None:
    """A solo game played to its end by the engine's novice, through the services."""
    from games import services as platform

    seat = game.seats.get(number=0)
    while (rnd := open_round(game)) is not None:
        if rnd.state["phase"] == "run":
            plan = computer_plan(rnd.state, 0, "novice")
            services.draft_replace(seat=seat, user=user, plan=plan)
            services.plan_seal(seat=seat, user=user)
        else:
            picks = rnd.state["gadgets"]["revealed"][:1]
            platform.orders_submit(seat=seat, user=user, payload={"picks": picks})


@pytestmark_browser
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_builder_the_report_and_the_final_page_have_no_serious_axe_violation(
    browser, live_server, scheme
):
    alice = make_user("alice")
    building = services.solo_game_create(user=alice)
    rnd = open_round(building)
    rnd.state["pool"]["I4"] = 0  # a shape run out: its button disabled, not faded
    rnd.save(update_fields=["state"])
    seat = building.seats.get(number=0)
    plan = computer_plan(rnd.state, 0, "novice")["tiles"][:2]
    plan.append({"shape": "I3", "cells": [[0, 30], [0, 31], [0, 32]]})  # breaks a rule
    services.draft_replace(seat=seat, user=alice, plan={"tiles": plan})
    finished = services.solo_game_create(user=alice)
    _play_out(finished, alice)
    pages = [url(building, 0), f"/games/{finished.pk}/rounds/1/", url(finished, 0)]
    for size in ({"width": 1366, "height": 768}, {"width": 390, "height": 844}):
        # not clean_page: axe's own injected style is what the Content-Security-Policy reports
        context, page, _problems = _page(browser, viewport=size)
        try:
            page.emulate_media(color_scheme=scheme)
            log_in(page, live_server.url, alice, pages[0])
            expect(page.locator("#builder .warnings")).to_be_visible()
            for path in pages:
                page.goto(live_server.url + path)
                assert axe_violations(page) == [], (path, size)
        finally:
            context.close()
