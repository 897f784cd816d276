"""Issue 28's race, done when: a new account starts a practice race from the home page, drafts
a Booster and a Kupferwurm, and on its first turn uses the Kupferwurm with its damage chips
picked from the victim's cards by name and the Booster with the lift it opens, without any
refusal (Debian's Chromium through Playwright).

The test asks the engine only for what a pilot finds by looking at the course: hinges whose
landing puts the victim in the Kupferwurm's line (as test_browser_race asks the computer pilot
for a cadet's numbers). Tasks run eagerly and live_server commits for real, so each pick and
turn is resolved during the request that sends it.
"""

import re

import pytest
from playwright.sync_api import expect

from games.models import Game, Round
from racing import engine, words
from tests.browser import HTMX_BUSY
from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db(transaction=True)


def previewed(page, action):
    """Do ``action`` and wait until htmx has swapped the engine's preview in."""
    with page.expect_response(lambda r: "/preview" in r.url and r.status == 200):
        action()
    expect(page.locator(HTMX_BUSY)).to_have_count(0)


def aim_for_a_hit(state: dict, card: int) -> dict:
    """A Booster flight after which the Kupferwurm (``card``), fired after the flight, hits a
    jet holding cards: its target, direction and hinges, and the victim's first card."""
    for victim in (j for j in state["jets"] if j["seat"] != 0 and j["equipment"]):
        for direction in ("back", "front"):
            for h1 in range(-45, 46, 5):
                for h2 in range(-45, 46, 5):
                    use = {"card": card, "target": victim["id"], "direction": direction}
                    order = {"lift": 2, "boost": "booster", "hinge": [h1, h2], "after": [use]}
                    try:
                        _state, events = engine.play_turn(state, order)
                    except engine.EngineError:
                        continue
                    if any(e["type"] == "used" and e.get("hit") for e in events):
                        return {**use, "hinge": (h1, h2), "chip": victim["equipment"][0]}
    raise AssertionError("no flight puts a jet in the Kupferwurm's line")


def test_a_new_pilot_uses_a_kupferwurm_and_a_booster_in_a_practice_race(page, live_server):
    base = live_server.url
    make_user("newcomer")
    page.goto(f"{base}/")
    page.locator(".kind-card", has_text="Jets").get_by_role(
        "link", name="Play a practice game"
    ).click()
    page.fill("#id_username", "newcomer")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("button", name="Start the practice game").click()

    game = Game.objects.get(kind="racing")
    expect(page).to_have_url(f"{base}/racing/games/{game.pk}/seat/0/draft")
    for kind in ("booster", "kupferwurm", None, None):  # then whatever the draft offers first
        expect(page.get_by_role("heading", name="Your pick")).to_be_visible()
        if kind:
            name = re.compile(rf"^{re.escape(words.kind_name(kind))} \(")
            page.get_by_role("radio", name=name).check()
        page.get_by_role("button", name="Take it (final)").click()
        expect(page.get_by_text("Done: your pick is in.")).to_be_visible()
    expect(page).to_have_url(f"{base}/racing/games/{game.pk}/seat/0/")

    turn = game.rounds.get(status=Round.Status.OPEN)
    state = turn.state
    red = next(j for j in state["jets"] if j["seat"] == 0)
    card = {c["kind"]: c["id"] for c in red["equipment"]}["kupferwurm"]
    aim = aim_for_a_hit(state, card)
    chip_name = words.kind_name(aim["chip"]["kind"])

    previewed(page, lambda: page.select_option("#boost", "booster"))
    expect(page.locator("#lift")).to_have_value("2")  # the lift the Booster opens, set
    expect(page.locator("#lift option")).to_have_count(1)
    previewed(page, lambda: page.select_option(f"#use_{card}", "after"))
    previewed(page, lambda: page.select_option(f"#target_{card}", aim["target"]))
    previewed(page, lambda: page.select_option(f"#direction_{card}", aim["direction"]))
    chip = page.locator(f"#chip1_{card}")
    expect(chip.locator("option", has_text=chip_name)).to_have_count(1)  # the victim's, by name
    previewed(page, lambda: chip.select_option(label=chip_name))
    for name, value in zip(("h1", "h2"), aim["hinge"]):
        page.fill(f"#{name}", str(value))
        previewed(page, lambda n=name: page.locator(f"#{n}").dispatch_event("change"))
    preview = page.locator("#preview")
    expect(preview).to_contain_text("Kupferwurm HaZ IV")
    expect(preview).to_contain_text("It hits")
    expect(preview.locator(".error")).to_have_count(0)
    page.get_by_role("button", name="Send the turn (final)").click()
    expect(page.get_by_text("Done: your turn is in.")).to_be_visible()
    expect(page.locator(".messages .error, [role=alert]")).to_have_count(0)

    flown = Round.objects.get(pk=turn.pk).report.state
    red_after = next(j for j in flown["jets"] if j["seat"] == 0)
    victim = next(j for j in flown["jets"] if j["id"] == aim["target"])
    assert red_after["lift"] == 2
    assert next(c for c in victim["equipment"] if c["id"] == aim["chip"]["id"])["chips"] >= 1
