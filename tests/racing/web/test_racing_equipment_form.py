"""Equipment on the order form as a player meets it (issue 28): a Kupferwurm's chips picked from
the victim's cards by name, a Booster that sets the lift it opens, an Abstauber's victim and
its energy named, and a preview whose summary tells what its lines tell."""

import re

import pytest

from games.models import Order
from tests.factories import make_user
from tests.racing.engine.helpers import FAR, LINE, jet, race

from .helpers import make_race, open_round, page_url, state

pytestmark = pytest.mark.django_db

BOOSTER, KUPFERWURM, ABSTAUBER = 1, 5, 6
ROBERT, STASIS = 7, 8


def place(game, position: dict) -> dict:
    rnd = open_round(game)
    rnd.state = position
    rnd.save(update_fields=["state"])
    return position


def armed(game) -> dict:
    """Seat 0's red jet on turn at the origin heading east at Lift 1 with 17 energy, holding a
    Booster, a Kupferwurm and an Abstauber; blue 60 mm behind it (in the Kupferwurm's line
    backwards and within the Abstauber's reach) with 17 energy, holding Robert and a
    Stasisfeld; green far off."""
    ids = {j["seat"]: j["id"] for j in state(game)["jets"]}
    return place(
        game,
        race(
            jet(
                ids[0],
                0,
                0,
                0,
                lift=1,
                seat=0,
                energy=17,
                equipment=[
                    {"id": BOOSTER, "kind": "booster"},
                    {"id": KUPFERWURM, "kind": "kupferwurm"},
                    {"id": ABSTAUBER, "kind": "abstauber"},
                ],
            ),
            jet(
                ids[1],
                -60,
                0,
                0,
                seat=1,
                energy=17,
                equipment=[{"id": ROBERT, "kind": "robert"}, {"id": STASIS, "kind": "stasisfeld"}],
            ),
            jet(ids[2], 0, -900, seat=2),
            course=FAR,
            level=3,
            turn=ids[0],
        ),
    )


def options_of(page: str, name: str) -> list[tuple[str, str]]:
    """The (value, text) of each option of the select ``name`` on ``page``."""
    select = re.search(rf'<select id="{name}" name="{name}">(.*?)</select>', page, re.DOTALL)
    assert select, f"no select {name}"
    return re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)', select.group(1))


def chosen(page: str, name: str) -> str:
    select = re.search(rf'<select id="{name}" name="{name}">(.*?)</select>', page, re.DOTALL)
    return re.search(r'<option value="([^"]*)" selected>', select.group(1)).group(1)


def test_the_kupferwurm_offers_the_victims_cards_by_name(client, alice, bob):
    game = make_race(alice, bob)
    armed(game)
    client.force_login(alice)
    page = client.get(
        page_url(game, 0), {f"use_{KUPFERWURM}": "before", f"target_{KUPFERWURM}": "blue"}
    ).content.decode()
    assert "(ids)" not in page and f'name="chips_{KUPFERWURM}"' not in page
    for slot in (1, 2, 3):
        assert options_of(page, f"chip{slot}_{KUPFERWURM}") == [
            ("", "the card with the fewest chips"),
            (str(ROBERT), "Robert"),
            (str(STASIS), "Stasisfeld"),
        ]
    green = client.get(
        page_url(game, 0), {f"use_{KUPFERWURM}": "before", f"target_{KUPFERWURM}": "green"}
    ).content.decode()
    assert options_of(green, f"chip1_{KUPFERWURM}") == [("", "the card with the fewest chips")]


def test_the_kupferwurms_chips_go_on_the_cards_picked_by_name(
    client, alice, bob, django_capture_on_commit_callbacks
):
    game = make_race(alice, bob)
    armed(game)
    client.force_login(alice)
    fields = {
        "round": "1",
        "lift": "1",
        "h1": "0",
        "h2": "0",
        f"use_{KUPFERWURM}": "before",
        f"target_{KUPFERWURM}": "blue",
        f"direction_{KUPFERWURM}": "back",
        f"chip1_{KUPFERWURM}": str(STASIS),
        f"chip2_{KUPFERWURM}": str(STASIS),
    }
    page = client.get(page_url(game, 0), fields).content.decode()
    assert chosen(page, f"chip2_{KUPFERWURM}") == str(STASIS)  # what was picked stays picked
    assert 'class="error"' not in page
    with django_capture_on_commit_callbacks(execute=True):
        sent = client.post(page_url(game, 0, "submit"), fields)
    assert sent.status_code == 302
    assert Order.objects.get(seat__number=0).payload["before"][0]["chips"] == [STASIS, STASIS]
    blue = next(j for j in state(game)["jets"] if j["id"] == "blue")
    assert {c["id"]: c["chips"] for c in blue["equipment"]} == {ROBERT: 1, STASIS: 2}


def test_a_booster_sets_the_lift_it_opens_and_the_form_offers_no_other(
    client, alice, bob, django_capture_on_commit_callbacks
):
    game = make_race(alice, bob)
    armed(game)
    client.force_login(alice)
    plain = client.get(page_url(game, 0)).content.decode()
    assert [v for v, _ in options_of(plain, "lift")] == ["0", "1", "2"]  # no lift 3 unboosted
    boosted = client.get(page_url(game, 0), {"boost": "booster", "lift": "1"}).content.decode()
    assert options_of(boosted, "lift") == [("3", "3")] and chosen(boosted, "lift") == "3"
    assert 'class="error"' not in boosted and "Energy left: 16" in boosted
    with django_capture_on_commit_callbacks(execute=True):  # without script: lift 1 sent
        sent = client.post(
            page_url(game, 0, "submit"),
            {"round": "1", "lift": "1", "h1": "0", "h2": "0", "boost": "booster"},
        )
    assert sent.status_code == 302, sent.content.decode()[-1500:]
    assert Order.objects.get(seat__number=0).payload["lift"] == 3
    assert next(j for j in state(game)["jets"] if j["id"] == "red")["lift"] == 3


def test_an_abstauber_names_its_victim_and_its_energy_in_the_preview_and_the_report(
    client, alice, bob, django_capture_on_commit_callbacks
):
    game = make_race(alice, bob)
    armed(game)
    client.force_login(alice)
    fields = {
        "round": "1",
        "lift": "1",
        f"use_{ABSTAUBER}": "before",
        f"target_{ABSTAUBER}": "blue",
    }
    line = "It takes 2 energy from bob (blue): 17 → 15 energy."
    assert line in client.get(page_url(game, 0), fields).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(page_url(game, 0, "submit"), fields).status_code == 302
    report = client.get(f"/games/{game.pk}/rounds/1/").content.decode()
    assert line in report


def test_the_previews_summary_says_what_its_lines_say(client, alice, bob):
    """A jet that crosses the start and refuels at gate 1 does not read "No gate passed"."""
    game = make_race(alice, bob)
    ids = {j["seat"]: j["id"] for j in state(game)["jets"]}
    unstarted = {"started": False, "next_gate": 1}
    place(
        game,
        race(
            jet(ids[0], -20, 0, 0, lift=1, seat=0, **unstarted),
            jet(ids[1], -500, 500, 0, seat=1, **unstarted),
            jet(ids[2], -500, -500, 0, seat=2, **unstarted),
            course=LINE,
            level=1,
            turn=ids[0],
        ),
    )
    client.force_login(alice)
    page = client.get(page_url(game, 0), {"lift": "1", "h1": "0", "h2": "0"}).content.decode()
    assert "crosses the start" in page and "refuels at gate 1" in page  # the lines
    assert "No gate passed" not in page
    assert "Crosses the start" in page and "Refuels at gate 1: 17 energy" in page


def test_the_number_fields_limits_are_numbers_a_browser_reads_in_german_too(client, bob):
    """A number field's min and max are machine numbers ("-60.0"), never localised ("-60,0",
    which a browser ignores: the hinge fields would have no limits in German)."""
    alice = make_user("alice", language="de")
    game = make_race(alice, bob)
    client.force_login(alice)
    page = client.get(page_url(game, 0)).content.decode()
    assert 'lang="de"' in page
    limits = re.findall(r'<input id="h[12]"[^>]* min="([^"]*)" max="([^"]*)"', page)
    assert len(limits) == 2
    for low, high in limits:
        assert float(low) == -float(high) and float(high) > 0
