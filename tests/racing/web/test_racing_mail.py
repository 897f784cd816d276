"""A race's mail counts: a person is mailed when he must act (a turn, a pick in the draft), at
the start and at the end, never for a computer jet's turn or another's pick."""

import pytest
from django.core import mail

from games import resolution, services
from games.models import Game
from racing.plugin import RULES
from tests.factories import make_user

from .helpers import make_race, open_round

pytestmark = [pytest.mark.django_db, pytest.mark.slow]  # whole races, seconds each


def mails_to(user) -> list[str]:
    return [m.subject for m in mail.outbox if m.to == [user.email]]


def play_out(game, people, capture) -> dict:
    """Play the race to its end, each person's turns and picks chosen by the engine's own
    computer pilot and sent through the platform; returns how many each took (by username)."""
    taken = {person.username: 0 for person in people}
    seats = {seat.number: seat for seat in game.seats.all()}
    for _ in range(2000):
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            return taken
        rnd = open_round(game)
        acting = [seats[n] for n in RULES.active_seats(rnd.state) if seats[n].user_id is not None]
        sent = set(rnd.orders.values_list("seat__number", flat=True))
        waiting = [seat for seat in acting if seat.number not in sent]
        if not waiting:  # the computers' round: the task the sweep would queue
            with capture(execute=True):
                resolution.resolve_rounds_task([rnd.pk])
            continue
        seat = waiting[0]
        order = RULES.computer_orders(rnd.state, seat.number, "novice")
        with capture(execute=True):
            services.orders_submit(seat=seat, user=seat.user, payload=order)
        taken[seat.user.username] += 1
    raise AssertionError("the race did not end")


@pytest.mark.parametrize("level", [1, 2], ids=["no draft", "with the draft"])
def test_a_one_lap_race_against_three_computer_jets_mails_one_per_turn_and_start_and_end(
    level, alice, django_capture_on_commit_callbacks
):
    carol = make_user("carol")
    game = make_race(alice, referee=carol, start=False, jets=4, level=level)
    with django_capture_on_commit_callbacks(execute=True):
        services.game_start(game=game, by=carol)
    first_is_hers = 0 in RULES.active_seats(game.rounds.get(number=1).state)

    turns = play_out(game, [alice], django_capture_on_commit_callbacks)["alice"]

    subjects = mails_to(alice)
    assert len(subjects) <= turns + 2  # the bound: a turn each, the start, the end
    start = "Test race has started: your turn" if first_is_hers else "Test race has started"
    assert subjects == [
        start,
        *["Test race: your turn"] * (turns - first_is_hers),
        "Test race: the game is over",
    ]
    assert mails_to(carol) == []  # the referee does not fly
    print(f"level {level}: {turns} turns, {len(subjects)} mails, {game.rounds.count()} rounds")


def test_a_pick_by_another_is_no_news_but_his_turn_in_the_race_is_to_every_report(
    alice, bob, django_capture_on_commit_callbacks
):
    """Alice chose every report (the default). Seats fly in order (alice, bob, two computer
    jets): bob's turns, after which a computer flies, are news to her (one mail each) while
    she races; his picks in the draft are not, nor any computer's turn or pick."""
    game = make_race(alice, bob, referee=make_user("carol"), start=False, jets=4, level=2)
    with django_capture_on_commit_callbacks(execute=True):
        services.game_start(game=game, by=game.referee)
    taken = play_out(game, [alice, bob], django_capture_on_commit_callbacks)

    subjects = mails_to(alice)
    reports = [s.split(": ")[1] for s in subjects if s.endswith("is published")]
    turns = subjects.count("Test race: your turn") + subjects[0].endswith("your turn")
    assert turns == taken["alice"]
    assert subjects[-1] == "Test race: the game is over"
    assert len(subjects) == len(reports) + turns + 2  # the start, the end, nothing else
    bobs = [rnd for rnd in game.rounds.all() if RULES.active_seats(rnd.state) == [1]]
    picks = [rnd.number for rnd in bobs if rnd.state["phase"] == "draft"]
    flights = [
        f"{rnd.name} is published"  # the race's own turn: "turn 3", counted from the draft's end
        for rnd in bobs
        if rnd.state["phase"] == "race"
        and 0 in RULES.seats_in_game(rnd.report.state)  # she still races (then the result)
    ]
    assert picks and flights
    assert reports == flights  # each flight of his while she races, no pick of his
