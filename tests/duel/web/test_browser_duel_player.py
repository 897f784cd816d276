"""What a duel player sees, in a real browser (Debian's Chromium through Playwright): a missile
kill drawn hex by hex in the replay (stepped and played), the warning for a fighter his own
missile destroys before it moves, his page updating by itself when the opponent acts, and the
end screen's reason."""

import time

import pytest
from playwright.sync_api import expect

from games.models import Round
from tests.browser import log_in
from tests.duel.engine.helpers import NE, E, W, flying, missile
from tests.duel.engine.helpers import state as position
from tests.factories import make_user

from .helpers import at_position, make_duel, page_url
from .test_browser_duel import click_htmx

pytestmark = pytest.mark.django_db(transaction=True)

SQUADRON = ["coliber", "virus"]
PLACEMENTS = [
    {
        "type": "fighters",
        "placements": [
            {"fighter": "A1", "hex": [0, 5], "facing": 0},
            {"fighter": "A2", "hex": [0, 6], "facing": 0},
        ],
    },
    {
        "type": "fighters",
        "placements": [
            {"fighter": "B1", "hex": [19, 6], "facing": 3},
            {"fighter": "B2", "hex": [19, 7], "facing": 3},
        ],
    },
]


def duel_at(alice, bob, where):
    """A running duel of two fighters each, placed, then put at ``where`` (A to act)."""
    from games import services

    game = make_duel(alice, bob, fighters=SQUADRON)
    for user, placement in zip((alice, bob), PLACEMENTS):
        services.orders_submit(seat=game.seats.get(user=user), user=user, payload=placement)
    if where is not None:
        at_position(game, where)
    return game


def test_a_missile_kill_is_drawn_hex_by_hex_in_the_replay(two_pages, live_server):
    alice, bob = make_user("alice"), make_user("bob")
    game = duel_at(
        alice,
        bob,
        position(
            [
                flying("A1", "coliber", (3, 3), E, speed=1),
                flying("A2", "virus", (5, 7), E, speed=2),
                flying("B1", "coliber", (8, 7), W),
                flying("B2", "virus", (14, 12), W),
            ]
        ),
    )
    a, _ = two_pages
    base = live_server.url
    log_in(a, base, alice)
    a.goto(base + page_url(game, 0))
    click_htmx(a, "Fly A2")
    click_htmx(a, "launch a missile forward")
    # the preview already draws the missile's flight into B1 and crosses B1
    expect(a.locator('#board g.missile-flight[data-missile="1"] circle.missile-hex')).to_have_count(
        3
    )
    expect(a.locator('#board g.kill[data-fighter="B1"]')).to_have_count(1)
    expect(a.get_by_text("The enemy's B1 is destroyed by missile 1.")).to_be_visible()
    for step in ("ahead", "ahead"):
        click_htmx(a, step)
    click_htmx(a, "Finish A2's move")
    click_htmx(a, "Fly A1")
    click_htmx(a, "ahead")
    click_htmx(a, "Finish A1's move")
    a.get_by_role("button", name="Submit the turn (final)").click()
    expect(a.get_by_text("Done: your action is in.")).to_be_visible()

    number = game.rounds.filter(status=Round.Status.PUBLISHED).order_by("-number")[0].number
    a.goto(f"{base}/games/{game.pk}/rounds/{number}/")  # the whole duel, at this action
    caption = a.locator("#replay .replay-text")
    expect(caption).to_have_text("Before")
    flight = a.locator('#replay-board g.missile-flight[data-missile="1"] circle.missile-hex')
    # step by step with the → key: the launch, then the missile one hex further a step
    a.locator("#replay").get_by_role("slider").focus()
    for hexes in (0, 0, 1, 2):
        expect(flight).to_have_count(hexes)
        a.keyboard.press("ArrowRight")
    expect(flight).to_have_count(3)
    expect(caption).to_contain_text("Missile 1 hit B1 and is gone.")
    expect(a.locator('#replay-board g.kill[data-fighter="B1"]')).to_be_visible()
    expect(a.locator("#replay-board .missile[data-missile='1']")).to_have_count(0)
    # the Play button plays the rest to the end, and stops there
    a.locator("#replay").get_by_label("Speed").select_option("4")
    play = a.locator("#replay .replay-play")
    play.click()
    expect(caption).to_contain_text("A1 flew to", timeout=15_000)
    expect(play).to_have_attribute("aria-pressed", "false", timeout=15_000)
    expect(a.locator("#replay").get_by_role("slider")).to_have_value(
        a.locator("#replay").get_by_role("slider").get_attribute("max")
    )


def test_the_doomed_fighter_warning(two_pages, live_server):
    alice, bob = make_user("alice"), make_user("bob")
    game = duel_at(
        alice,
        bob,
        position(
            [
                flying("A1", "coliber", (6, 7), NE),
                flying("A2", "virus", (5, 3), E, speed=2),
                flying("B1", "coliber", (12, 12), W),
                flying("B2", "virus", (14, 2), W),
            ],
            missiles=[missile(1, 0, (3, 7), E, "smart")],
        ),
    )
    a, _ = two_pages
    base = live_server.url
    log_in(a, base, alice)
    a.goto(base + page_url(game, 0))
    warning = a.locator("ul.warnings li.doomed")
    expect(warning).to_have_text("A1 is destroyed by your own smart missile (1) before it moves.")
    expect(a.locator('#board g.kill[data-fighter="A1"]')).to_have_count(1)
    expect(a.get_by_role("button", name="Fly A1")).to_have_count(0)
    click_htmx(a, "Fly A2")
    for step in ("ahead", "ahead"):
        click_htmx(a, step)
    click_htmx(a, "Finish A2's move")
    a.get_by_role("button", name="Submit the turn (final)").click()
    expect(a.get_by_text("Done: your action is in.")).to_be_visible()


def test_the_waiting_players_page_updates_when_the_opponent_acts(two_pages, live_server):
    alice, bob = make_user("alice"), make_user("bob")
    game = duel_at(alice, bob, None)  # A (alice) acts first
    a, b = two_pages
    base = live_server.url
    log_in(b, base, bob)
    b.goto(base + page_url(game, 1))
    expect(b.get_by_text("Waiting for alice.")).to_be_visible()
    log_in(a, base, alice)
    a.goto(base + page_url(game, 0))
    click_htmx(a, "Fly A1")
    click_htmx(a, "ahead")
    click_htmx(a, "Finish A1's move")
    click_htmx(a, "A2 stays docked")
    loads = []
    b.on("load", lambda _: loads.append(1))
    a.get_by_role("button", name="Submit the turn (final)").click()
    expect(a.get_by_text("Done: your action is in.")).to_be_visible()
    acted = time.monotonic()
    # Bob's page, never reloaded, shows Alice's action and his own turn within 3 s
    expect(b.get_by_text("alice's last action")).to_be_visible(timeout=3_000)
    assert time.monotonic() - acted < 3 and loads == []
    expect(b.get_by_role("button", name="Fly B1")).to_be_visible()
    expect(b.locator("#board g.route")).to_have_count(1)


def test_the_end_screen_gives_the_reason(two_pages, live_server):
    alice, bob = make_user("alice"), make_user("bob")
    game = duel_at(alice, bob, None)
    from games import services

    services.orders_submit(
        seat=game.seats.get(user=alice),
        user=alice,
        payload={
            "type": "turn",
            "orders": [{"fighter": "A1", "stay": True}, {"fighter": "A2", "stay": True}],
        },
    )
    a, b = two_pages  # Alice waits for Bob, who resigns
    base = live_server.url
    log_in(a, base, alice)
    log_in(b, base, bob)
    a.goto(base + page_url(game, 0))
    b.goto(base + page_url(game, 1))
    b.get_by_role("link", name="Resign…").click()
    expect(b.get_by_text("Resigning ends the duel at once: alice wins.")).to_be_visible()
    b.get_by_role("button", name="Yes, resign the duel").click()
    expect(b.locator(".duel-end-screen h2")).to_have_text("alice won.")
    expect(b.locator(".end-reason")).to_have_text("The duel is over: a player resigned.")
    # Alice's open page learns it by itself
    expect(a.locator(".duel-end-screen h2")).to_have_text("You won.", timeout=3_000)
    a.get_by_role("link", name="Replay the whole duel from the start").click()
    expect(a.locator("#replay")).to_be_visible()


def test_a_half_built_turn_survives_a_draw_offer_and_a_reload(two_pages, live_server):
    alice, bob = make_user("alice"), make_user("bob")
    game = duel_at(alice, bob, None)  # A (alice) acts first
    a, b = two_pages
    base = live_server.url
    log_in(a, base, alice)
    a.goto(base + page_url(game, 0))
    click_htmx(a, "Fly A1")
    click_htmx(a, "ahead")
    draft = a.locator("ol.draft")
    expect(draft).to_contain_text("A1: ahead")
    log_in(b, base, bob)
    b.goto(base + page_url(game, 1))
    b.get_by_role("button", name="Offer a draw").click()
    # Alice's page shows the offer by itself, her turn so far kept
    expect(a.get_by_text("bob offers a draw.")).to_be_visible(timeout=3_000)
    expect(draft).to_contain_text("A1: ahead")
    expect(a.get_by_role("button", name="Finish A1's move")).to_be_visible()
    a.reload()
    expect(draft).to_contain_text("A1: ahead")
    click_htmx(a, "Finish A1's move")
    expect(draft).to_contain_text("A1: ahead")
