"""The race through the platform: the referee's form (built-in and own courses, the course
check's message), lobby, joining, starting, my games; the order form (board, handles, number
fields, snaps, the engine's live preview), sending a turn; bad input refused with nothing
stored; the public page, the report and its replay."""

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game, Order, Round
from games.registry import Rejected
from racing import engine
from racing.plugin import RULES

from .helpers import jet, make_race, open_round, page_url, send, state, straight

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
FORM = {
    "title": "Grand prix",
    "turn_hours": "6",
    "time_zone": "UTC",
    "mode": "turn",
    "course": "oval7",
    "gates": "",
    "level": "2",
    "laps": "2",
    "jets": "4",
    "computer_3": "on",
    "level_3": "ace",
}


def test_a_race_is_created_from_its_new_game_page(client, alice):
    client.force_login(alice)
    page = client.get(reverse("game_new", args=["racing"])).content.decode()
    assert "Deadline per turn (hours)" in page and 'name="gates"' in page
    assert 'value="eight9"' in page and 'value="round"' in page
    response = client.post(reverse("game_new", args=["racing"]), FORM)
    game = Game.objects.get()
    assert response.status_code == 302 and game.kind == "racing" and game.resolve_early
    assert game.settings == {
        "course": "oval7",
        "level": 2,
        "laps": 2,
        "jets": 4,
        "mode": "turn",
        "turn_hours": 6,
    }
    assert [(s.number, s.computer, s.computer_level) for s in game.seats.order_by("number")] == [
        (0, False, ""),
        (1, False, ""),
        (2, False, ""),
        (3, True, "ace"),
    ]
    panel = client.get(reverse("referee_panel", args=[game.pk])).content.decode()
    assert "6 hours per turn" in panel and "Oval, 7 gates" in panel


def test_the_referees_own_course_must_pass_the_course_check(client, alice):
    client.force_login(alice)
    overlapping = "0 0 0\n10 0 0\n400 0 0\n400 400 90\n0 400 180"
    response = client.post(
        reverse("game_new", args=["racing"]), {**FORM, "course": "own", "gates": overlapping}
    )
    page = response.content.decode()
    assert response.status_code == 200 and not Game.objects.exists()
    assert "the course fails the course check: gates 1 and 2 overlap" in page
    garbled = client.post(
        reverse("game_new", args=["racing"]), {**FORM, "course": "own", "gates": "0 0\nx y z"}
    ).content.decode()
    assert "line 1: a gate is three numbers, x y angle" in garbled
    gates = "\n".join(f"{g['x']} {g['y']} {g['angle']}" for g in engine.courses()[0]["gates"])
    client.post(reverse("game_new", args=["racing"]), {**FORM, "course": "own", "gates": gates})
    game = Game.objects.get()
    assert len(game.settings["course"]["gates"]) == 5


def test_the_lobby_my_games_and_the_start_handle_races_like_any_game(client, alice, bob):
    game = make_race(alice, start=False, turn_hours=3, computers={})
    lobby = client.get(reverse("lobby")).content.decode()
    assert "Test race" in lobby and "3 hours per turn" in lobby
    client.force_login(bob)
    assert client.post(reverse("seat_join", args=[game.pk, 1])).status_code == 302
    assert game.seats.get(number=1).user == bob
    client.force_login(alice)
    client.post(reverse("referee_start", args=[game.pk]))
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING
    mine = client.get(reverse("my_games")).content.decode()
    assert f'href="{page_url(game, 0)}">My jet' in mine and "Orders due" in mine
    public = client.get(reverse("game", args=[game.pk])).content.decode()
    assert '<svg id="board"' in public and "Standings" in public
    assert "Turn 1: alice (red) is on turn." in public


def test_the_order_form_shows_the_course_handles_fields_and_the_engines_preview(client, alice, bob):
    game = make_race(alice, bob)
    client.force_login(alice)
    page = client.get(page_url(game, 0)).content.decode()
    assert 'class="jet seat-0 racing on-turn"' in page
    assert page.count('data-handle="h') == 2 and 'role="slider"' in page
    assert 'id="h1" name="h1" type="number"' in page and 'name="lift"' in page
    for snap in ("straight", "full left", "full right", "aim at the next gate"):
        assert f">{snap}</button>" in page
    assert "racing/order.js" in page and "<script>" not in page
    default = engine.legal(state(game), {"lift": 1, "hinge": [0, 0]})["preview"]["state"]
    energy = next(j["energy"] for j in default["jets"] if j["seat"] == 0)
    assert f"Energy left: {energy}" in page  # the first preview: straight on at Lift 1
    partial = client.get(
        page_url(game, 0, "preview") + "?lift=1&h1=30&h2=-10", **HTMX
    ).content.decode()
    assert partial.startswith('<div id="race-play">')
    preview = engine.legal(state(game), {"lift": 1, "hinge": [30, -10]})["preview"]
    mine = next(j for j in preview["state"]["jets"] if j["seat"] == 0)
    assert (
        f"Landing at ({mine['x']:.0f}, {mine['y']:.0f}), heading {mine['heading']:.0f}°" in partial
    )
    assert 'value="30"' in partial and 'class="flown"' in partial
    full_left = client.get(
        page_url(game, 0, "preview") + "?lift=1&snap=left", **HTMX
    ).content.decode()
    assert (
        'id="h1" name="h1" type="number" step="any" min="-60.0" max="60.0" value="60"' in full_left
    )


def test_the_aim_snap_turns_towards_the_next_gate(client, alice, bob):
    game = make_race(alice, bob)
    client.force_login(alice)
    partial = client.get(page_url(game, 0, "preview") + "?lift=1&snap=aim", **HTMX).content.decode()
    h1 = float(re.search(r'id="h1"[^>]* value="([-\d.]+)"', partial).group(1))
    me, gate = jet(game, 0), engine.legal(state(game))["next_gate"]
    expected = engine.geometry.norm(
        engine.geometry.bearing((me["x"], me["y"]), (gate["x"], gate["y"])) - me["heading"]
    )
    assert h1 == pytest.approx(max(-60, min(60, expected)), abs=0.1)


def test_sending_a_turn_resolves_it_and_the_computer_jets_fly_on(
    client, alice, bob, django_capture_on_commit_callbacks
):
    game = make_race(alice, bob, jets=4)
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            page_url(game, 0, "submit"), {"round": "1", "lift": "1", "h1": "0", "h2": "0"}
        )
    assert response.status_code == 302
    assert state(game)["turn"]["seat"] == 1  # bob's turn now
    assert jet(game, 0)["x"] == pytest.approx(-20 + 40, abs=60)
    assert "Your turn is in." not in client.get(page_url(game, 0)).content.decode()
    client.force_login(bob)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(page_url(game, 1, "submit"), {"round": "2", "lift": "1"})
    # the two computer jets flew at once; alice is on turn again in round 2 of the race
    assert state(game)["turn"]["seat"] == 0 and state(game)["turn"]["round"] == 2
    assert game.rounds.filter(status=Round.Status.PUBLISHED).count() == 4


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"lift": "1", "h1": "75"}, "a hinge is past the limit of 60 degrees"),
        ({"lift": "3"}, "the lift must be 1, not 3"),
        ({"lift": "1", "use_99": "before"}, ""),  # a card not held: no such field, nothing used
        ({"lift": "1", "h1": "nan", "h2": "inf"}, "the first hinge must be a number"),
    ],
)
def test_a_bad_order_is_refused_with_the_engines_reason_and_nothing_is_stored(
    client, alice, bob, fields, message, django_capture_on_commit_callbacks
):
    game = make_race(alice, bob)
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(page_url(game, 0, "submit"), {"round": "1", **fields})
    if message:
        page = response.content.decode()
        assert response.status_code == 400 and message in page
        assert "Not accepted" in page and f'value="{fields.get("h1", "0")}"' in page
        assert not Order.objects.exists()
    else:
        assert response.status_code == 302 and state(game)["turn"]["seat"] == 1


def test_an_order_for_a_jet_not_on_turn_is_refused(client, alice, bob):
    game = make_race(alice, bob)
    client.force_login(bob)
    response = client.post(page_url(game, 1, "submit"), {"round": "1", "lift": "1"})
    assert response.status_code == 400
    assert "it is not your jet&#x27;s turn" in response.content.decode()
    assert not Order.objects.exists()
    client.force_login(alice)
    assert client.post(page_url(game, 1, "submit"), {"lift": "1"}).status_code == 403


def test_a_stale_form_is_not_taken_for_the_next_turn(
    client, alice, bob, django_capture_on_commit_callbacks
):
    game = make_race(alice, bob, jets=3, computers={2: "novice"})
    send(game, alice, straight(), django_capture_on_commit_callbacks)
    client.force_login(bob)
    response = client.post(page_url(game, 1, "submit"), {"round": "1", "lift": "1"})
    assert response.status_code == 400 and "that form was for turn 1" in response.content.decode()


def test_without_javascript_the_preview_and_snaps_post_back_and_store_nothing(client, alice, bob):
    game = make_race(alice, bob)
    client.force_login(alice)
    page = client.post(
        page_url(game, 0, "submit"), {"lift": "1", "h1": "20", "h2": "0", "preview": "1"}
    ).content.decode()
    assert "Landing at" in page and 'value="20"' in page
    snapped = client.post(
        page_url(game, 0, "submit"), {"lift": "1", "snap": "right"}
    ).content.decode()
    assert 'min="-60.0" max="60.0" value="-60"' in snapped
    assert not Order.objects.exists()


def test_card_uses_reach_the_engine_and_a_card_not_held_is_refused(
    client, alice, bob, django_capture_on_commit_callbacks
):
    """A level-2 race after its draft: a card the jet does not hold, named by the API, and a
    kind used twice are refused by the engine."""
    game = make_race(alice, bob, level=2)
    rnd = open_round(game)
    raw = rnd.state
    while raw["phase"] == "draft":  # every pick made by the computer pilot's rules
        raw, _events = engine.play_turn(raw, engine.computer_order(raw, 2))
    Round.objects.filter(pk=rnd.pk).update(state=raw)
    mine = next(j for j in raw["jets"] if j["seat"] == 0)
    held = {c["id"] for c in mine["equipment"]}
    not_held = next(c for c in range(1, 46) if c not in held)
    with pytest.raises(Rejected, match=f"the red jet holds no card {not_held}"):
        RULES.validate_orders(
            raw, 0, {"lift": 1, "hinge": [0, 0], "before": [{"card": not_held, "mode": "energy"}]}
        )
    twice = next(c for c in mine["equipment"] if c["kind"] == "robert")
    use = {"card": twice["id"], "mode": "energy"}
    with pytest.raises(
        Rejected,
        match="the red jet cannot use its Robert now: that kind was already used this turn",
    ):
        RULES.validate_orders(raw, 0, {"lift": 1, "hinge": [0, 0], "before": [use], "after": [use]})
    client.force_login(alice)
    page = client.get(page_url(game, 0)).content.decode()
    for card in mine["equipment"]:
        if "flight" in engine.KINDS[card["kind"]].phases:  # a boost: in the boost list
            assert f'<option value="{card["kind"]}"' in page
        else:
            assert f'data-card="{card["id"]}"' in page
    response = client.post(
        page_url(game, 0, "submit"),
        {
            "round": "1",
            "lift": "1",
            f"use_{twice['id']}": "before",
            f"mode_{twice['id']}": "energy",
        },
    )
    assert response.status_code == 302  # Robert for energy, at Lift 1: accepted
    assert Order.objects.get(seat__number=0).payload["before"] == [use]


def test_spectators_see_the_race_the_standings_and_every_turns_replay(
    client, alice, bob, django_capture_on_commit_callbacks
):
    game = make_race(alice, bob)
    send(game, alice, {"lift": 1, "hinge": [10, 0]}, django_capture_on_commit_callbacks)
    public = client.get(reverse("game", args=[game.pk])).content.decode()
    assert "Published turns" in public and "bob (blue)" in public
    report = client.get(reverse("round_report", args=[game.pk, 1])).content.decode()
    assert "Turn 1: alice (red)." in report and "alice (red) lands at" in report
    assert 'id="replay"' in report and "Standings" in report
    assert 'href="/static/racing/racing.css"' in report  # the course is drawn as styled
    board = client.get(reverse("replay_board", args=[game.pk, 1])).content.decode()
    assert board.startswith('<svg id="replay-board" class="course"') and 'class="paths"' in board


@pytest.mark.slow
def test_a_race_to_the_finish_publishes_a_winner(alice, bob, django_capture_on_commit_callbacks):
    """Both people fly the computer pilot's own orders until the race is over."""
    game = make_race(alice, bob)
    users = {0: alice, 1: bob}
    for _turn in range(400):
        if game.status == Game.Status.FINISHED:
            break
        raw = open_round(game).state
        send(
            game,
            users[raw["turn"]["seat"]],
            engine.computer_order(raw, 1),
            django_capture_on_commit_callbacks,
        )
    assert game.status == Game.Status.FINISHED
    final = state(game)
    assert final["phase"] == "over"
    assert game.winner_seat == next(j["seat"] for j in final["jets"] if j["id"] == final["winner"])
    # The finished race's page: the replay at its last step, every jet and its whole trail.
    page = Client().get(reverse("game", args=[game.pk])).content.decode()
    board = re.search(r'<div class="replay-board">(.*?)</div>', page, re.DOTALL)[1]
    assert board.count('<g class="jet ') == len(final["jets"])
    flown = sum(
        len(e["path"])
        for rnd in game.rounds.filter(status="published")
        for e in rnd.report.events
        if e["type"] == "moved"
    )
    trails = re.search(r'<g class="paths">(.*?)</g>', board)[1]
    assert flown > 0 and trails.count("<line ") == flown
    frames = re.search(r'<script id="replay-steps" type="application/json">(.*?)</script>', page)
    last = int(re.search(r'type="range" name="step" min="0" max="(\d+)" value="\1"', page)[1])
    assert len(json.loads(frames[1])) == last + 1


def test_the_cracks_equipment_station_is_on_the_form_when_in_reach(
    client, alice, bob, django_capture_on_commit_callbacks
):
    game = make_race(alice, bob, level=4)
    rnd = open_round(game)
    raw = rnd.state
    while raw["phase"] == "draft":
        raw, _events = engine.play_turn(raw, engine.computer_order(raw, 2))
    station = raw["course"]["gates"][raw["course"]["station"] - 1]
    mine = next(j for j in raw["jets"] if j["seat"] == 0)
    mine.update(
        x=station["buoys"][0][0] + 40,
        y=station["buoys"][0][1],
        started=True,
        next_gate=raw["course"]["station"],
    )
    Round.objects.filter(pk=rnd.pk).update(state=raw)
    assert engine.legal(raw)["station"] is True
    client.force_login(alice)
    page = client.get(page_url(game, 0)).content.decode()
    kind = raw["supply"][0]["kind"]
    assert "The equipment station" in page and f'name="take_{kind}"' in page
    given = mine["equipment"][0]
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            page_url(game, 0, "submit"),
            {"round": "1", "station": "1", f"return_{given['id']}": "1", f"take_{kind}": "1"},
        )
    assert response.status_code == 302
    report = game.rounds.get(number=1).report
    [visit] = [e for e in report.events if e["type"] == "station"]
    assert visit["returned"] == [given["id"]] and visit["energy"] == mine["energy"]


def test_the_uberhirn_fields_make_the_engines_inner_use():
    from racing.views import order_from_form

    options = {"lifts": [1], "equipment": [{"card": 36, "kind": "uberhirn"}]}
    order = order_from_form(
        {
            "lift": "1",
            "use_36": "before",
            "target_36": "blue",
            "inner_card_36": "stasisfeld",
            "inner_target_36": "green",
        },
        options,
    )
    assert order["before"] == [
        {"card": 36, "target": "blue", "use": {"card": "stasisfeld", "target": "green"}}
    ]


def test_after_a_traumatorpedo_hit_the_shooter_orders_the_victims_turn(
    client, alice, bob, django_capture_on_commit_callbacks
):
    game = make_race(alice, bob)
    rnd = open_round(game)
    raw = rnd.state
    victim = next(j for j in raw["jets"] if j["seat"] == 1)
    victim["controller"] = "red"
    raw["turn"].update(jet="blue", seat=1, controller="red")
    Round.objects.filter(pk=rnd.pk).update(state=raw)
    assert RULES.active_seats(raw) == [0]
    client.force_login(bob)
    refused = client.post(page_url(game, 1, "submit"), {"round": "1", "lift": "1"})
    assert refused.status_code == 400 and "your jet&#x27;s turn" in refused.content.decode()
    client.force_login(alice)
    page = client.get(page_url(game, 0)).content.decode()
    assert "You order bob (blue)'s turn (Traumatorpedo)" in page
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            page_url(game, 0, "submit"), {"round": "1", "lift": "1", "h1": "-20"}
        )
    assert response.status_code == 302
    [turn] = [e for e in game.rounds.get(number=1).report.events if e["type"] == "turn"]
    assert turn["jet"] == "blue" and turn["controller"] == "red"
