"""Careers end to end (rules §8-§10): finished games through the real services land in the
pilots' careers exactly as the seed's worked examples say.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connections

from dogfight import services as dogfight_services
from dogfight.career_views import abilities
from dogfight.engine import legal_maneuvers
from dogfight.engine.state import State
from dogfight.models import CareerEntry, Pilot
from dogfight.names import name_key
from games import resolution, services
from games.models import Game, Order, Report, Round
from games.registry import Rejected
from tests.factories import make_dogfight, make_user, open_round

pytestmark = pytest.mark.django_db

AHEAD = [{"maneuver": "A", "fire": []}] * 3


def _six_pilot_game(names, *, computers=None, points=None, ranks=None):
    """A started game with a named human pilot per seat (computers where asked)."""
    computers = computers or {}
    humans = {n: make_user() for n in range(6) if n not in computers}
    for number, user in humans.items():
        pilot = Pilot.objects.create(
            user=user,
            name=names[number],
            key=name_key(names[number]),
            points=(points or {}).get(number, 0),
            rank=(ranks or {}).get(number, 0),
        )
        assert pilot.pk
    game = make_dogfight(humans=humans, computers=computers)
    for number, user in humans.items():
        dogfight_services.name_seat(
            seat=game.seats.get(number=number), user=user, name=names[number]
        )
    return game, humans


def _fly_from(game: Game, planes: dict[int, dict]) -> Round:
    """Put the open round's planes where a test needs them (clear sky, no balloons)."""
    rnd = open_round(game)
    state = rnd.state
    for plane in state["planes"]:
        plane.update(status="air", landing=False, **planes.get(plane["seat"], {}))
    state.update(clouds=[], balloons=[])
    Round.objects.filter(pk=rnd.pk).update(state=state)
    Order.objects.filter(round=rnd, seat__computer=True).update(payload={"moves": AHEAD})
    rnd.refresh_from_db()
    return rnd


def _resolve(game: Game, humans: dict, orders: dict[int, list[dict]]) -> Report:
    rnd = open_round(game)
    for number, user in humans.items():
        if number in orders:
            services.orders_submit(
                seat=game.seats.get(number=number), user=user, payload=orders[number]
            )
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    return Report.objects.get(round=rnd)


# Seat 0 flies east and fires ahead: seats 4 and 5, one and two hexes in front of it and
# badly damaged, go down together; seats 1-3 fly off the eastern edge.
DOGFIGHT = {
    0: {"q": 0, "r": 0, "facing": 0},
    4: {"q": 1, "r": 0, "facing": 0, "damage": 11},
    5: {"q": 2, "r": 0, "facing": 0, "damage": 11},
    1: {"q": 9, "r": -3, "facing": 0},
    2: {"q": 9, "r": -4, "facing": 0},
    3: {"q": 9, "r": -5, "facing": 0},
}
NAMES = ["Tailshot", "Red Kite", "Snoopy", "Wolke", "Hans Dampf", "Blue Max"]


def _fire_ahead_in_move_1():
    return [
        {"maneuver": "A", "fire": ["A"]},
        {"maneuver": "A", "fire": []},
        {"maneuver": "A", "fire": []},
    ]


def test_a_six_human_game_lands_its_points_in_the_careers():
    game, humans = _six_pilot_game(NAMES, points={4: 45})
    _fly_from(game, DOGFIGHT)
    report = _resolve(
        game, humans, {0: _fire_ahead_in_move_1(), **{n: AHEAD for n in (1, 2, 3, 4, 5)}}
    )
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner_seat == 0
    assert report.state["pot"] == 15  # three crashes
    # Seat 0: two hits (2), two kills (5 for the 0-point pilot, 5 + 5*floor(45/40) = 10 for
    # the 45-point one) and the pot of 15.
    assert report.state["planes"][0]["points"] == 2 + 5 + 10 + 15
    pilots = {p.name: p for p in Pilot.objects.all()}
    assert pilots["Tailshot"].points == 32 and pilots["Tailshot"].wins == 1
    assert pilots["Tailshot"].kills == 2 and pilots["Tailshot"].hits == 2
    # 45 points lose 5 + 5*floor(45/20) = 15; nobody goes below zero.
    assert pilots["Hans Dampf"].points == 30 and pilots["Hans Dampf"].shot_down == 1
    assert all(pilots[name].points == 0 for name in ("Red Kite", "Snoopy", "Wolke", "Blue Max"))
    assert all(pilots[name].crashes == 1 for name in ("Red Kite", "Snoopy", "Wolke"))
    assert all(p.games == 1 for p in pilots.values())
    assert CareerEntry.objects.filter(game=game).count() == 6


def test_the_same_game_with_one_computer_pilot_changes_no_career():
    game, humans = _six_pilot_game(NAMES, computers={3: "novice"}, points={4: 45})
    _fly_from(game, DOGFIGHT)
    report = _resolve(
        game, humans, {0: _fire_ahead_in_move_1(), **{n: AHEAD for n in (1, 2, 4, 5)}}
    )
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner_seat == 0
    assert report.state["pot"] == 0
    assert all(plane["points"] == 0 for plane in report.state["planes"])
    assert {p.name: p.points for p in Pilot.objects.all()} == {
        "Tailshot": 0,
        "Red Kite": 0,
        "Snoopy": 0,
        "Hans Dampf": 45,
        "Blue Max": 0,
    }
    assert not CareerEntry.objects.exists()
    assert all(p.games == 0 for p in Pilot.objects.all())


def test_with_no_winner_the_pot_is_void():
    game, humans = _six_pilot_game(NAMES, points={n: 50 for n in range(6)})
    _fly_from(game, {n: {"q": 9, "r": -n, "facing": 0} for n in range(6)})  # all off the edge
    report = _resolve(game, humans, {n: AHEAD for n in range(6)})
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner_seat is None
    assert report.state["pot"] == 30
    # Each crash costs 5 + 5*floor(50/20) = 15 and nobody collects the pot.
    assert sorted(Pilot.objects.values_list("points", flat=True)) == [35] * 6


def test_a_shared_kill_rounds_up_for_each_shooter():
    game, humans = _six_pilot_game(NAMES)
    # Seats 0 and 1 both hit seat 2 in move 1: 0 from the west, 1 from the south-east.
    _fly_from(
        game,
        {
            0: {"q": -2, "r": 0, "facing": 0},
            1: {"q": 0, "r": 2, "facing": 2},
            2: {"q": 0, "r": -1, "facing": 5, "damage": 10},
            3: {"q": -5, "r": 5, "facing": 4},
            4: {"q": -4, "r": 8, "facing": 4},
            5: {"q": 5, "r": 3, "facing": 5},
        },
    )
    fire = _fire_ahead_in_move_1()
    report = _resolve(game, humans, {0: fire, 1: fire, 2: AHEAD, 3: AHEAD, 4: AHEAD, 5: AHEAD})
    shot = [e for e in report.events if e["type"] == "shot_down"]
    assert shot == [{"move": 1, "type": "shot_down", "seat": 2, "by": [0, 1], "loss": 5, "gain": 3}]
    points = {p["seat"]: p["points"] for p in report.state["planes"]}
    assert points[0] == points[1] == 1 + 3  # a hit, and ceil(5 / 2) of the kill


def test_rerunning_the_end_of_game_step_never_applies_points_twice():
    game, humans = _six_pilot_game(NAMES)
    _fly_from(game, DOGFIGHT)
    report = _resolve(
        game, humans, {0: _fire_ahead_in_move_1(), **{n: AHEAD for n in (1, 2, 3, 4, 5)}}
    )
    before = {p.name: (p.points, p.games) for p in Pilot.objects.all()}
    game.refresh_from_db()
    assert dogfight_services.careers_close_game(game=game, final_state=report.state) == []
    assert {p.name: (p.points, p.games) for p in Pilot.objects.all()} == before


def test_a_duel_never_counts_for_a_career():
    alice, bob = make_user(), make_user()
    game = make_dogfight(humans=[alice, bob], duel=True)
    assert not game.scored


def test_a_named_pilot_flies_with_his_standing_at_game_start():
    game, _ = _six_pilot_game(NAMES, points={0: 85}, ranks={0: 2})
    plane = State.from_dict(open_round(game).state).plane(0)
    assert (plane.career_points, plane.rank, plane.ammo) == (85, 2, 20)
    # In the air from move 2 on he may fly the Immelmann, the Split-S and the loop.
    plane.status, plane.hex, plane.facing = "air", (0, 0), 0
    assert {"I", "S", "O"} <= set(legal_maneuvers(plane, ["A"]))


def test_promotion_at_180_keeps_80_and_the_split_s_and_the_loop():
    user = make_user()
    pilot = Pilot.objects.create(user=user, name="Saver", key="saver", points=180)
    assert dogfight_services.promotion_offered(pilot)
    pilot = dogfight_services.pilot_promote(pilot=pilot, user=user)
    assert (pilot.points, pilot.rank) == (80, 1)
    kept = abilities(pilot.points, pilot.rank)
    assert any("Split-S" in a for a in kept) and any("loop" in a for a in kept)
    assert any("20 bursts" in a for a in kept)


def test_promotion_at_100_leaves_nothing_of_the_aces():
    user = make_user()
    pilot = Pilot.objects.create(user=user, name="Spender", key="spender", points=100)
    pilot = dogfight_services.pilot_promote(pilot=pilot, user=user)
    assert (pilot.points, pilot.rank) == (0, 1)
    assert abilities(0, 1) == ["20 bursts on board instead of 16"]


def test_no_promotion_during_a_running_game_nor_for_someone_else():
    _game, humans = _six_pilot_game(NAMES, points={0: 150})
    pilot = Pilot.objects.get(name="Tailshot")
    assert not dogfight_services.promotion_offered(pilot)
    with pytest.raises(Rejected, match="between games"):
        dogfight_services.pilot_promote(pilot=pilot, user=humans[0])
    with pytest.raises(Rejected, match="not your pilot"):
        dogfight_services.pilot_promote(pilot=pilot, user=humans[1])
    assert Pilot.objects.get(pk=pilot.pk).points == 150


def test_the_promotion_needs_a_confirmed_click(client):
    user = make_user()
    pilot = Pilot.objects.create(user=user, name="Clicker", key="clicker", points=120)
    client.force_login(user)
    page = client.get(f"/dogfight/pilots/{pilot.pk}/").content.decode()
    assert "A promotion costs 100 points" in page and "<strong>20</strong> points" in page
    client.post(f"/dogfight/pilots/{pilot.pk}/promote", {})
    assert Pilot.objects.get(pk=pilot.pk).rank == 0
    client.post(f"/dogfight/pilots/{pilot.pk}/promote", {"confirm": "yes"})
    assert (Pilot.objects.get(pk=pilot.pk).points, Pilot.objects.get(pk=pilot.pk).rank) == (20, 1)


def test_career_pages_and_the_leaderboard_are_public(client):
    user = make_user()
    Pilot.objects.create(user=user, name="Nothing Special", key="x", points=64, kills=3)
    top = Pilot.objects.create(user=user, name="Höhenflug", key="hoehenflug", points=12, rank=2)
    board = client.get("/dogfight/pilots/").content.decode()
    assert board.index("Höhenflug") < board.index("Nothing Special")  # rank first
    page = client.get(f"/dogfight/pilots/{top.pk}/").content.decode()
    assert "Captain" in page and "4 bursts per round" in page
    assert "Take the promotion" not in page


@pytest.mark.django_db(transaction=True)
def test_two_people_racing_for_one_name_one_gets_it_the_other_a_clear_error():
    users = [make_user(), make_user()]
    outcomes: list = [None, None]
    start = threading.Barrier(2)

    def claim(index):
        try:
            start.wait()
            outcomes[index] = dogfight_services.pilot_claim(user=users[index], name="Tailshot")
        except Rejected as error:
            outcomes[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=claim, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    pilots = [o for o in outcomes if isinstance(o, Pilot)]
    errors = [o for o in outcomes if isinstance(o, Rejected)]
    assert len(pilots) == 1 and len(errors) == 1
    assert "taken" in str(errors[0])
    assert Pilot.objects.filter(key="tailshot").count() == 1


def test_a_game_the_referee_ends_by_removals_is_scored_as_crashes():
    game, humans = _six_pilot_game(NAMES, points={1: 60})
    for number in (1, 2, 3, 4, 5):
        services.referee_remove(game=game, by=game.referee, number=number)
    report = _resolve(game, humans, {})
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner_seat == 0
    crashes = [e for e in report.events if e["type"] == "crash"]
    assert sorted(e["seat"] for e in crashes) == [1, 2, 3, 4, 5]
    assert all(e["cause"] == "removed" for e in crashes)
    assert report.state["pot"] == 25
    pilots = {p.name: p.points for p in Pilot.objects.all()}
    assert pilots["Tailshot"] == 25  # the pot, nothing else
    assert pilots["Red Kite"] == 60 - (5 + 5 * 3)  # a crash costs what a shoot-down would


def test_a_pilots_rank_shows_as_a_ring_on_the_board(client):
    game, _humans = _six_pilot_game(NAMES, ranks={2: 3})
    page = client.get(f"/games/{game.pk}/").content.decode()
    ringed = page.split('class="plane seat-2')[1].split("</g></g>")[0]
    plain = page.split('class="plane seat-1')[1].split("</g></g>")[0]
    assert "<circle" in ringed and "Major" in ringed
    assert "<circle" not in plain


def test_a_name_spelled_with_look_alike_letters_of_another_script_is_the_same_name():
    dogfight_services.pilot_claim(user=make_user(), name="Red Falcon")
    with pytest.raises(Rejected, match="taken"):
        dogfight_services.pilot_claim(user=make_user(), name="Rеd Fаlcon")  # Cyrillic е and а
    with pytest.raises(Rejected, match="rank"):
        dogfight_services.pilot_claim(user=make_user(), name="Gеneral Mayhem")  # Cyrillic е
