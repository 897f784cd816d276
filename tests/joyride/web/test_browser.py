"""Joyride in a real browser (Debian's Chromium through Playwright) against live_server.

The runs are built with the ghost tile: a shape picked in the palette, turned with R and
mirrored with F until it has a tile's orientation, the pointer moved over where the tile goes
(the ghost snaps to the engine's place) and a click to place it; htmx swaps the builder and
its live score in. The tiles are those the engine's computer player would lay, so each breaks
no rule. Tasks run eagerly and live_server commits for real: a sealed solo run is replayed
during the request that seals it.
"""

import pytest
from playwright.sync_api import expect

from games.models import Game, Round
from joyride.engine import check
from joyride.engine.geometry import CHAINS
from joyride.models import PlanDraft
from tests.browser import HTMX_BUSY, log_in
from tests.factories import make_user

pytestmark = pytest.mark.django_db(transaction=True)


def _normalised(cells):
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return sorted((r - top, c - left) for r, c in cells)


def fits(tile, turns: int, flip: bool) -> bool:
    """Whether builder.js's ghost turned ``turns`` times (mirrored first if ``flip``) has the
    tile's orientation."""
    cells = [(r, -c) if flip else (r, c) for r, c in CHAINS[tile["shape"]]]
    for _ in range(turns):
        cells = [(c, -r) for r, c in cells]
    return _normalised(cells) == _normalised(tile["cells"])


class Builder:
    """The person at the builder: turns the ghost (as #builder's data says it is) until it has
    the tile's orientation, points at the tile's place and clicks."""

    def __init__(self, page, *, phone: bool = False):
        self.page, self.phone = page, phone

    def press(self, key: str) -> None:
        if self.phone:  # the on-screen buttons
            name = "rotate" if key == "r" else "mirror"
            self.page.locator(f'#builder button[data-turn="{name}"]').tap()
        else:
            self.page.keyboard.press(key)

    def orient(self, tile) -> None:
        builder = self.page.locator("#builder")
        for press in range(9):
            turns = int(builder.get_attribute("data-turns"))
            flip = builder.get_attribute("data-flip") == "true"
            if fits(tile, turns, flip):
                return
            self.press("f" if press == 4 else "r")
        raise AssertionError(f"no orientation of the ghost fits {tile}")

    def lay(self, tile) -> None:
        page = self.page
        button = page.locator(f'#builder button[data-shape="{tile["shape"]}"]')
        if button.get_attribute("aria-pressed") != "true":
            button.tap() if self.phone else button.click()
        self.orient(tile)
        lab = page.locator("#builder-lab")
        lab.scroll_into_view_if_needed()
        box = lab.bounding_box()
        scale = box["width"] / 880  # the lab's viewBox is 880 wide
        row = sum(r for r, _ in tile["cells"]) / len(tile["cells"])
        col = sum(c for _, c in tile["cells"]) / len(tile["cells"])
        x, y = box["x"] + (col + 4.5) * 20 * scale, box["y"] + (row + 1.5) * 20 * scale
        count = lab.locator("g.tile").count()
        if self.phone:  # a first tap shows the ghost, a second places it
            page.touchscreen.tap(x, y)
            expect(page.locator("#builder-lab g.ghost.legal rect")).to_have_count(
                len(tile["cells"])
            )
            assert lab.locator("g.tile").count() == count
            page.touchscreen.tap(x, y)
        else:
            page.mouse.move(x + 3, y + 3)
            page.mouse.move(x, y)
            expect(page.locator("#builder-lab g.ghost.legal rect")).to_have_count(
                len(tile["cells"])
            )
            page.mouse.click(x, y)
        expect(page.locator("#builder-lab g.tile")).to_have_count(count + 1)
        expect(page.locator(HTMX_BUSY)).to_have_count(0)


def open_state(game) -> dict:
    return game.rounds.get(status=Round.Status.OPEN).state


def next_tile(state: dict, seat: int, planned: list) -> dict | None:
    """A tile the engine offers from the plan's free end, the furthest right one the pool
    still holds, its cells in the order the ghost takes them (a first tile may be entered
    from either end: the ghost's exit is the one further right, ties the first listed)."""
    offered = check(state, seat, {"tiles": planned}, next_tiles=True)["next"]
    used = [t["shape"] for t in planned]
    options = [
        (max(c for _, c in cells), shape, cells)
        for shape, places in offered.items()
        if used.count(shape) < state["pool"][shape]
        for cells in places
    ]
    if not options:
        return None
    _, shape, cells = max(options, key=lambda o: o[0])
    same = [p for p in offered[shape] if sorted(p) == sorted(cells)]
    exit_right = max(same, key=lambda p: (p[-1][1], -same.index(p)))
    return {"shape": shape, "cells": exit_right}


def draft(game, seat: int) -> list:
    found = PlanDraft.objects.filter(round__game=game, seat__number=seat).first()
    return found.plan["tiles"] if found else []


def lay_tiles(page, game, seat: int, count: int, phone: bool = False) -> None:
    state, builder = open_state(game), Builder(page, phone=phone)
    for _ in range(count):
        tile = next_tile(state, seat, draft(game, seat))
        if tile is None:
            break
        builder.lay(tile)
        assert draft(game, seat)[-1] == tile


def build_run(page, game, seat: int, tiles: int) -> None:
    lay_tiles(page, game, seat, tiles)
    expect(page.locator("#builder .check")).to_contain_text("Uncontested score")
    page.get_by_role("button", name="Seal my plan (final)").click()
    # The message goes on as the game is played (solo: "... and your run is replayed.").
    expect(page.get_by_role("status").filter(has_text="Your plan is sealed")).to_be_visible()


def test_a_solo_game_played_to_the_rating(page, live_server):
    base = live_server.url
    alice = make_user("alice")
    log_in(page, base, alice, "/")
    page.get_by_role("button", name="Start a solo joyride").click()
    expect(page.get_by_role("heading", name="Build your run")).to_be_visible()
    game = Game.objects.get(kind="joyride")
    for run in range(3):
        expect(page.get_by_role("heading", name="Build your run")).to_be_visible()
        build_run(page, game, 0, 5)
        if run < 2:
            expect(page.get_by_role("heading", name="Gadget pick")).to_be_visible()
            page.get_by_role("button", name="Seal my pick (final)").click()
            expect(page.get_by_text("Your pick is sealed.")).to_be_visible()
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    expect(page.locator(".rating").first).to_be_visible()
    # the finished solo game's page: the last run's lab, at the replay's last step
    page.goto(f"{base}/games/{game.pk}/")
    expect(page.locator("#replay svg.lab")).to_have_count(1)
    assert page.locator("#replay g.tile").count() >= 1
    # the last run's report: the whole game's replay at the run's start, played to its end
    page.goto(f"{base}/games/{game.pk}/rounds/5/")
    caption = page.locator("#replay .replay-text")
    expect(caption).to_have_text("before step 1")
    page.locator("#replay").get_by_label("Speed").select_option("4")
    page.locator("#replay .replay-play").click()
    expect(caption).to_contain_text("the end of the run", timeout=20_000)


def test_a_two_player_round_in_two_browsers(two_pages, live_server):
    from games import services

    base = live_server.url
    alice, bob = make_user("alice"), make_user("bob")
    game = services.game_create(
        referee=alice,
        kind="joyride",
        title="Two labs",
        time_zone="UTC",
        deadline_days=1,
        settings={"players": 2, "run_hours": 24, "pick_hours": 12},
    )
    services.seat_join(game=game, number=0, user=alice)
    services.seat_join(game=game, number=1, user=bob)
    services.game_start(game=game, by=alice)
    a, b = two_pages
    seat = "/joyride/games/{}/seat/{}/"
    log_in(a, base, alice, seat.format(game.pk, 0))
    log_in(b, base, bob, seat.format(game.pk, 1))
    build_run(a, game, 0, 3)
    expect(a.get_by_text("It stays secret until the run is replayed")).to_be_visible()
    # Bob builds, undoes his last tile, and seals
    lay_tiles(b, game, 1, 3)
    b.get_by_role("button", name="Undo the last tile").click()
    expect(b.locator("#builder-lab g.tile")).to_have_count(2)
    b.get_by_role("button", name="Seal my plan (final)").click()
    expect(b.get_by_role("heading", name="Gadget pick")).to_be_visible()
    a.goto(f"{base}/games/{game.pk}/rounds/1/")
    expect(a.get_by_role("heading", name="Scores of the run")).to_be_visible()
    expect(a.locator("#replay svg.lab")).to_have_count(2)
    a.locator("#replay").get_by_role("slider").focus()
    a.keyboard.press("End")  # the run's end: both labs with their tiles
    expect(a.locator("#replay .replay-text")).to_contain_text("the end of the run")
    expect(a.locator("#replay g.tile").first).to_be_visible()


def test_a_run_is_built_on_a_phone_with_taps_and_the_on_screen_buttons(phone_page, live_server):
    base = live_server.url
    alice = make_user("alice")
    log_in(phone_page, base, alice, "/")
    phone_page.get_by_role("button", name="Start a solo joyride").tap()
    expect(phone_page.get_by_role("heading", name="Build your run")).to_be_visible()
    game = Game.objects.get(kind="joyride")
    lay_tiles(phone_page, game, 0, 3, phone=True)
    assert len(draft(game, 0)) == 3
