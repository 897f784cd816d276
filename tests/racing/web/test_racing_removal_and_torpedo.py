"""The referee's removal retires a jet (the engine's ``retire``), whether or not it is on turn;
round mode's Traumatorpedo: the shooter seals the victim's next flight with the shot, and the
victim's seat owes nothing while its pilot is knocked out."""

import pytest
from django.urls import reverse

from games import services
from games.models import Round
from racing.engine import load
from racing.plugin import RULES

from .helpers import make_race, open_round, page_url, send, state, straight

pytestmark = pytest.mark.django_db

FAR = {"gates": [{"x": 3000.0, "y": 400.0 * i, "angle": 90.0} for i in range(5)]}


def _jet(id_, seat, x, y, **fields):
    return {
        "id": id_,
        "seat": seat,
        "x": x,
        "y": y,
        "heading": 0.0,
        "started": True,
        "next_gate": 2,
        "lift": 2,
        **fields,
    }


def _status(game, seat):
    return next(j for j in state(game)["jets"] if j["seat"] == seat)["status"]


def test_removing_a_jet_not_on_turn_retires_it_when_the_turn_is_resolved(
    client, alice, bob, carol, django_capture_on_commit_callbacks
):
    game = make_race(alice, bob, referee=carol)
    assert RULES.active_seats(open_round(game).state) == [0]
    services.referee_remove(game=game, by=carol, number=1)  # bob waits: not on turn
    assert _status(game, 1) == "racing"  # until the turn is resolved
    first = open_round(game)
    send(game, alice, straight(), django_capture_on_commit_callbacks)
    first.refresh_from_db()
    events = first.report.events
    assert events[0] == {"type": "retired", "jet": "blue", "why": "referee"}
    assert [e["jet"] for e in events if e["type"] == "turn"] == ["red"]
    assert _status(game, 1) == "retired" and 1 not in RULES.seats_in_game(state(game))
    client.force_login(alice)
    report = client.get(reverse("round_report", args=[game.pk, 1])).content.decode()
    assert "The referee takes" in report and "(blue) out of the race." in report


def test_removing_the_pilot_on_turn_retires_the_jet_and_hands_the_turn_on(
    alice, bob, carol, django_capture_on_commit_callbacks
):
    game = make_race(alice, bob, referee=carol)
    first = open_round(game)
    with django_capture_on_commit_callbacks(execute=True):  # nobody else owes: all in
        services.referee_remove(game=game, by=carol, number=0)
    first.refresh_from_db()
    assert first.status == Round.Status.PUBLISHED
    assert [e["type"] for e in first.report.events if e["type"] in ("retired", "turn")] == [
        "retired"
    ]
    assert _status(game, 0) == "retired"
    assert RULES.active_seats(open_round(game).state) == [1]  # bob's blue jet is on turn


def test_a_removal_can_be_undone_before_the_turn_is_resolved(
    alice, bob, carol, django_capture_on_commit_callbacks
):
    game = make_race(alice, bob, referee=carol)
    services.referee_remove(game=game, by=carol, number=1)
    services.referee_undo_remove(game=game, by=carol, number=1)
    send(game, alice, straight(), django_capture_on_commit_callbacks)
    assert _status(game, 1) == "racing"


def _round_state(*jets, queue):
    """A round-mode race on its way (level 2, so equipment), the first jet on turn."""
    raw = {
        "course": FAR,
        "level": 2,
        "jets": list(jets),
        "turn_order": "race",
        "turn": {"jet": jets[0]["id"], "queue": queue},
    }
    return load(raw)


def test_round_mode_the_shooter_seals_the_victims_next_flight_and_the_victim_owes_nothing():
    torpedo = [{"id": 1, "kind": "traumatorpedo", "chips": 0}]
    booster = [{"id": 2, "kind": "booster", "chips": 0}]
    start = _round_state(
        _jet("blue", 1, 100, 0, equipment=booster),  # flies first, then is hit
        _jet("red", 0, 0, 0, lift=1, equipment=torpedo),
        _jet("green", 2, 0, 900),
        queue=["red", "green"],
    )
    assert RULES.active_seats(start) == [0, 1, 2]
    shot = {
        "lift": 1,
        "after": [{"card": 1, "target": "blue", "flight": {"change": -1, "hinge": [0, 0]}}],
    }
    outcome = RULES.resolve(
        start, {0: shot, 1: straight(2), 2: straight(2)}, seed=1, referee_input={}
    )
    after = outcome.state
    blue = next(j for j in after["jets"] if j["id"] == "blue")
    assert blue["controller"] == "red" and after["turn"]["round"] == 2
    assert 1 not in RULES.active_seats(after)  # knocked out: owes nothing
    with pytest.raises(Exception, match="not your jet's turn"):
        RULES.validate_orders(after, 1, straight(2))
    ordered = {seat: straight(1 if seat == 0 else 2) for seat in RULES.active_seats(after)}
    ordered[1] = {"lift": 3, "boost": "booster"}  # never counted: the victim owes nothing
    second = RULES.resolve(after, ordered, seed=2, referee_input={}).state
    blue = next(j for j in second["jets"] if j["id"] == "blue")
    assert blue["lift"] == 1 and blue["controller"] is None  # the sealed change, -1
    assert blue["equipment"] == booster and blue["energy"] == 15  # no booster flown


def test_the_victims_page_says_who_flies_its_jet(client, alice, bob):
    game = make_race(alice, bob, mode="round", level=1)
    rnd = open_round(game)
    raw = dict(rnd.state)
    raw["jets"] = [dict(j, controller="red") if j["seat"] == 1 else j for j in raw["jets"]]
    rnd.state = load(raw)
    rnd.save(update_fields=["state"])
    client.force_login(bob)
    page = client.get(page_url(game, 1)).content.decode()
    assert "knocked out" in page and "(red)" in page and 'data-handle="h1"' not in page
    refused = client.post(page_url(game, 1, "submit"), {"round": "1", "lift": "1"})
    assert refused.status_code == 400 and not rnd.orders.filter(seat__number=1).exists()


def _torpedo_round(game):
    """Round 1 of a round-mode race set to a hand-made position: red (seat 0, alice) at the
    origin heading east at Lift 1 with a Traumatorpedo (card 1), blue (bob) 100 mm ahead."""
    rnd = open_round(game)
    rnd.state = _round_state(
        _jet("red", 0, 0, 0, lift=1, equipment=[{"id": 1, "kind": "traumatorpedo"}]),
        _jet("blue", 1, 100, 0),
        _jet("green", 2, 0, 900),
        queue=["blue", "green"],
    )
    rnd.save(update_fields=["state"])
    rnd.orders.all().delete()  # the computer's order for the old position
    return rnd


def test_in_round_mode_the_torpedo_on_the_form_carries_the_victims_sealed_flight(
    client, alice, bob
):
    game = make_race(alice, bob, mode="round", level=2)
    _torpedo_round(game)
    client.force_login(alice)
    page = client.get(page_url(game, 0), {"use_1": "after"}).content.decode()
    assert 'name="flight_change_1"' in page and 'name="flight_hinge2_1"' in page
    sent = client.post(
        page_url(game, 0, "submit"),
        {
            "round": "1",
            "lift": "1",
            "h1": "0",
            "h2": "0",
            "use_1": "after",
            "target_1": "blue",
            "flight_change_1": "-1",
            "flight_hinge1_1": "20",
            "flight_hinge2_1": "-5",
        },
    )
    assert sent.status_code == 302, sent.content.decode()[-1500:]
    stored = open_round(game).orders.get(seat__number=0).payload
    assert stored["after"] == [
        {"card": 1, "target": "blue", "flight": {"change": -1, "hinge": [20.0, -5.0]}}
    ]


def test_in_turn_mode_the_form_has_no_sealed_flight(client, alice, bob):
    game = make_race(alice, bob, level=2)
    rnd = open_round(game)
    raw = dict(_torpedo_round(game).state, turn_order="seats")
    rnd.state = load({**raw, "turn": {"jet": "red"}})
    rnd.save(update_fields=["state"])
    client.force_login(alice)
    page = client.get(page_url(game, 0), {"use_1": "after"}).content.decode()
    assert 'name="use_1"' in page and 'name="flight_change_1"' not in page
