"""The duel through the shared platform: creation, joining, the setup phase, turns resolved the
moment they are submitted, the engine's refusals, resignation, draw offers, and a missed turn
through the real sweep."""

from datetime import timedelta

import pytest
from django.utils import timezone

from duel import services as duel_services
from duel.models import DrawOffer
from duel.plugin import RULES
from games import registry, services
from games.models import Game, Order, Round
from games.registry import Rejected
from games.tasks import sweep_task

from .helpers import A_PLACEMENT, B_PLACEMENT, act, fly, make_duel, open_round, placed, state, stay

pytestmark = pytest.mark.django_db


def test_the_duel_is_registered_and_resolves_early_whatever_the_referee_says(alice):
    assert registry.get("duel") is RULES
    game = services.game_create(
        referee=alice,
        kind="duel",
        title="x",
        time_zone="UTC",
        deadline_days=1,
        resolve_early=False,
        settings={},
    )
    assert game.resolve_early
    assert [s.number for s in game.seats.all()] == [0, 1]
    assert game.settings["asteroids"] == 8 and game.settings["turn_hours"] == 48


@pytest.mark.parametrize(
    "wanted, message",
    [
        ({"asteroids": 16}, "each player places 0 to 15 asteroids, not 16"),
        ({"fighters": ["tank"]}, "tank is not a fighter class"),
        ({"turn_hours": 0}, "the turn deadline is 1 to 336 hours"),
    ],
)
def test_settings_the_engine_cannot_play_are_refused(alice, wanted, message):
    with pytest.raises(Rejected, match=message.replace("[", r"\[").replace("]", r"\]")):
        services.game_create(
            referee=alice, kind="duel", title="x", time_zone="UTC", deadline_days=1, settings=wanted
        )


def test_a_round_lasts_the_turn_deadline_in_hours(alice, bob):
    before = timezone.now()
    game = make_duel(alice, bob, turn_hours=5)
    rnd = open_round(game)
    assert before + timedelta(hours=5) <= rnd.deadline <= timezone.now() + timedelta(hours=5)


def test_asteroids_are_placed_in_turn_each_one_a_round(
    alice, bob, django_capture_on_commit_callbacks
):
    game = make_duel(alice, bob, asteroids=1)
    rnd = open_round(game)
    assert RULES.active_seats(rnd.state) == [0]
    act(game, alice, {"type": "asteroid", "hex": [9, 7]}, django_capture_on_commit_callbacks)
    rnd = open_round(game)
    assert rnd.number == 2 and rnd.state["asteroids"] == [[9, 7]]
    assert RULES.active_seats(rnd.state) == [1]
    act(game, bob, {"type": "asteroid", "hex": [5, 2]}, django_capture_on_commit_callbacks)
    assert state(game)["phase"] == "fighters"
    assert RULES.active_seats(state(game)) == [0, 1]


def test_an_illegal_asteroid_is_refused_with_the_engines_message_and_nothing_stored(
    alice, bob, django_capture_on_commit_callbacks
):
    game = make_duel(alice, bob, asteroids=1)
    with pytest.raises(Rejected, match=r"no asteroid on \[0, 5\]: it is a dock"):
        act(game, alice, {"type": "asteroid", "hex": [0, 5]}, django_capture_on_commit_callbacks)
    assert not Order.objects.exists() and open_round(game).number == 1


def test_the_other_player_cannot_act_out_of_turn(alice, bob, django_capture_on_commit_callbacks):
    game = make_duel(alice, bob, asteroids=1)
    with pytest.raises(Rejected, match="it is not your turn"):
        act(game, bob, {"type": "asteroid", "hex": [9, 7]}, django_capture_on_commit_callbacks)
    assert not Order.objects.exists()


def test_the_sealed_placement_waits_for_both_and_is_revealed_together(
    alice, bob, django_capture_on_commit_callbacks
):
    game = make_duel(alice, bob)
    act(game, alice, A_PLACEMENT, django_capture_on_commit_callbacks)
    rnd = open_round(game)
    assert rnd.number == 1 and rnd.all_in_at is None  # waits for bob; nothing in the state
    assert rnd.state["sealed"] == [None, None]
    assert all(f["hex"] is None for f in rnd.state["fighters"])
    with pytest.raises(Rejected, match="already in"):
        act(game, alice, A_PLACEMENT, django_capture_on_commit_callbacks)
    act(game, bob, B_PLACEMENT, django_capture_on_commit_callbacks)
    now = state(game)
    assert now["phase"] == "play" and now["to_act"] == 0
    assert [f["hex"] for f in now["fighters"]] == [[0, 8], [19, 6]]


def test_a_turn_is_resolved_the_moment_it_is_submitted(
    alice, bob, django_capture_on_commit_callbacks
):
    game = make_duel(alice, bob)
    placed(game, alice, bob, django_capture_on_commit_callbacks)
    act(game, alice, fly("A1", 3), django_capture_on_commit_callbacks)
    now = state(game)
    assert now["to_act"] == 1 and now["turn"] == 2
    assert next(f for f in now["fighters"] if f["id"] == "A1")["speed"] == 3
    report = game.rounds.get(number=2).report
    assert [e["type"] for e in report.events][:3] == ["turn", "took_off", "moved"]


def test_an_illegal_turn_is_refused_with_the_engines_message(
    alice, bob, django_capture_on_commit_callbacks
):
    game = make_duel(alice, bob)
    placed(game, alice, bob, django_capture_on_commit_callbacks)
    bad = {"type": "turn", "orders": [{"fighter": "A1", "steps": ["A", "L", "A"]}]}
    with pytest.raises(
        Rejected,
        match=r"A1, step 2 \(turn left\): a Wasp turns only after 2 "
        r"hexes since the start of its move or its last turn "
        r"\(1 so far\)",
    ):
        act(game, alice, bad, django_capture_on_commit_callbacks)
    assert not Order.objects.filter(round=open_round(game)).exists()


def test_resigning_ends_the_duel_for_the_other_player(
    alice, bob, django_capture_on_commit_callbacks
):
    game = make_duel(alice, bob)
    with django_capture_on_commit_callbacks(execute=True):
        duel_services.duel_resign(game=game, user=bob)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner_seat == 0
    assert state(game)["result"] == "resigned"
    with pytest.raises(Rejected, match="not running"):
        duel_services.duel_resign(game=game, user=alice)


def test_a_draw_offer_accepted_ends_the_duel_in_a_draw(
    alice, bob, django_capture_on_commit_callbacks
):
    game = make_duel(alice, bob)
    placed(game, alice, bob, django_capture_on_commit_callbacks)
    duel_services.draw_offer(game=game, user=alice)
    with pytest.raises(Rejected, match="stands already"):
        duel_services.draw_offer(game=game, user=alice)
    with pytest.raises(Rejected, match="has not offered"):
        duel_services.draw_accept(game=game, user=alice)
    with django_capture_on_commit_callbacks(execute=True):
        duel_services.draw_accept(game=game, user=bob)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner_seat is None
    assert state(game)["result"] == "agreed_draw"
    assert not DrawOffer.objects.exists()


def test_a_declined_offer_is_gone_and_playing_on_declines_it(
    alice, bob, django_capture_on_commit_callbacks
):
    game = make_duel(alice, bob)
    placed(game, alice, bob, django_capture_on_commit_callbacks)
    duel_services.draw_offer(game=game, user=bob)
    duel_services.draw_decline(game=game, user=alice)
    assert not DrawOffer.objects.exists()
    duel_services.draw_offer(game=game, user=bob)
    act(game, alice, stay("A1"), django_capture_on_commit_callbacks)
    assert not DrawOffer.objects.exists() and game.status == Game.Status.RUNNING


def test_a_stranger_cannot_resign_or_offer(alice, bob, carol):
    game = make_duel(alice, bob)
    with pytest.raises(Rejected, match="do not play"):
        duel_services.duel_resign(game=game, user=carol)
    with pytest.raises(Rejected, match="do not play"):
        duel_services.draw_offer(game=game, user=carol)


def test_a_missed_turn_through_the_real_sweep_flies_the_engines_default(
    alice, bob, django_capture_on_commit_callbacks
):
    game = make_duel(alice, bob)
    placed(game, alice, bob, django_capture_on_commit_callbacks)
    act(game, alice, fly("A1", 4), django_capture_on_commit_callbacks)
    rnd = open_round(game)  # bob's turn
    Round.objects.filter(pk=rnd.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    with django_capture_on_commit_callbacks(execute=True):
        assert sweep_task() == 1
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.PUBLISHED
    events = rnd.report.events
    assert {"turn": 2, "type": "missed", "player": 1, "in_row": 1, "total": 1} in events
    after = state(game)
    # B1 docked and free to stay: the default keeps it docked; A's turn comes next
    assert after["missed_in_row"] == [0, 1] and after["to_act"] == 0
    assert any(e["type"] == "stayed" and e["fighter"] == "B1" for e in events)


def test_a_missed_sealed_placement_docks_in_order_while_the_other_is_kept(
    alice, bob, django_capture_on_commit_callbacks
):
    game = make_duel(alice, bob)
    act(game, alice, A_PLACEMENT, django_capture_on_commit_callbacks)
    rnd = open_round(game)
    Round.objects.filter(pk=rnd.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    with django_capture_on_commit_callbacks(execute=True):
        sweep_task()
    now = state(game)
    assert now["phase"] == "play"
    assert [(f["hex"], f["facing"]) for f in now["fighters"]] == [([0, 8], 1), ([19, 6], 3)]


def test_a_computer_opponent_plays_its_actions_at_once(alice, django_capture_on_commit_callbacks):
    game = services.game_create(
        referee=alice,
        kind="duel",
        title="Practice",
        time_zone="UTC",
        deadline_days=1,
        settings={"asteroids": 1, "fighters": ["bee"]},
        computer_seats={1: "novice"},
    )
    services.seat_join(game=game, number=0, user=alice)
    services.game_start(game=game, by=alice)
    act(game, alice, {"type": "asteroid", "hex": [9, 7]}, django_capture_on_commit_callbacks)
    now = state(game)
    assert now["phase"] == "fighters" and len(now["asteroids"]) == 2
    act(
        game,
        alice,
        {"type": "fighters", "placements": [{"fighter": "A1", "hex": [0, 5], "facing": 0}]},
        django_capture_on_commit_callbacks,
    )
    assert state(game)["phase"] == "play" and state(game)["to_act"] == 0


def test_the_referee_removing_a_player_forfeits_the_duel(
    alice, bob, carol, django_capture_on_commit_callbacks
):
    game = make_duel(alice, bob, referee=carol)
    services.referee_remove(game=game, by=carol, number=1)
    rnd = open_round(game)
    Round.objects.filter(pk=rnd.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    with django_capture_on_commit_callbacks(execute=True):
        sweep_task()
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner_seat == 0
