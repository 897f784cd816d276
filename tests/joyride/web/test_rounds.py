"""Rounds through the platform: the run is resolved when every plan is in (or by the sweep at
the deadline), everybody watches the replay, the gadget picks are a sealed form with a deadline
of their own, then the next run opens; computer players plan like humans; a solo game is
played to its rating; the demo and practice games."""

import json
import re
from datetime import timedelta

import pytest
from django.core import mail
from django.core.cache import cache
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from games.models import Game, Order, Report, Round
from joyride import services
from joyride.plugin import RULES

from .helpers import legal_plan, make_game, open_round, url

pytestmark = pytest.mark.django_db


def seal(client, game, number: int, plan: dict, capture) -> None:
    client.post(url(game, number, "build"), {"do": "text", "plan": json.dumps(plan)})
    with capture(execute=True):
        response = client.post(url(game, number, "submit"))
    assert response.status_code == 302, response.content.decode()[-500:]


def test_a_two_player_round_the_replay_and_the_gadget_pick(
    client, alice, bob, django_capture_on_commit_callbacks
):
    game = make_game(alice, bob, run_hours=30, pick_hours=5)
    state = open_round(game).state
    for person, number in ((alice, 0), (bob, 1)):
        client.force_login(person)
        seal(client, game, number, legal_plan(state, number, 4), django_capture_on_commit_callbacks)
        cache.clear()  # alice left her page: her mark is gone when bob's plan ends the run
    run = game.rounds.get(number=1)
    assert run.status == Round.Status.PUBLISHED
    pick = open_round(game)
    assert pick.number == 2 and pick.state["phase"] == "pick"
    assert (pick.deadline - pick.opened_at) == timedelta(hours=5)  # the pick's own deadline
    report = Report.objects.get(round=run)
    assert [e for e in report.events if e["type"] == "result"]
    mailed = [m for m in mail.outbox if "points (coins" in m.body]  # the report, by mail
    assert [m.to[0] for m in mailed] == [alice.email]  # bob is on his page: he sees it there

    # the replay, for anyone: the labs step by step with each run's stop
    client.logout()
    page = client.get(reverse("round_report", args=[game.pk, 1])).content.decode()
    assert "Scores of the run" in page
    assert "points (coins" in page and "The run is over:" in page  # the lines of mail
    steps = re.search(r'<script id="replay-steps" type="application/json">(.*?)</script>', page)
    captions = [step["caption"] for step in json.loads(steps[1])]
    assert captions[0] == "before step 1" and captions[-1].startswith("the end of the run")
    board = re.search(r'<div class="replay-board">(.*?)</section>', page, re.DOTALL)[1]
    assert 'class="tile shape-' not in board  # it opens at the run's start
    placed = [e for e in report.events if e["type"] == "placed"]
    assert 0 < len(placed) <= 8
    end = client.get(reverse("replay_board", args=[game.pk, len(captions) - 1])).content.decode()
    assert end.count('class="tile shape-') == len(placed) and "stop-" in end

    # the sealed pick: a gadget not on offer is refused, nothing stored
    offered = pick.state["gadgets"]["revealed"]
    client.force_login(alice)
    html = client.get(url(game, 0)).content.decode()
    assert "Gadget pick" in html and all(f'value="{g}"' in html for g in offered)
    not_offered = next(g for g in ("GS-11", "GS-12", "GS-04", "GS-15", "GS-16") if g not in offered)
    refused = client.post(url(game, 0, "pick"), {"choice_1": not_offered})
    assert refused.status_code == 400 and "not a gadget on offer" in refused.content.decode()
    twice = client.post(url(game, 0, "pick"), {"choice_1": offered[0], "choice_2": offered[0]})
    assert twice.status_code == 400 and "twice" in twice.content.decode()
    assert not Order.objects.filter(round=pick).exists()
    # choice 1 set to what choice 2 showed: the two swap, as a ranking widget would
    assert f'name="was_1" value="{offered[0]}"' in html
    assert f'name="was_2" value="{offered[1]}"' in html
    shown = {"was_1": offered[0], "was_2": offered[1]}
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url(game, 0, "pick"), {"choice_1": offered[1], "choice_2": offered[1], **shown})
    assert Order.objects.get(round=pick, seat__number=0).payload == {
        "picks": [offered[1], offered[0]]
    }
    assert "Your pick is sealed" in client.get(url(game, 0)).content.decode()
    client.force_login(bob)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url(game, 1, "pick"), {"choice_1": offered[1]})
    run2 = open_round(game)
    assert run2.number == 3 and run2.state["phase"] == "run" and run2.state["round"] == 2
    owned = run2.state["gadgets"]["owned"]
    assert sorted(owned[0] + owned[1]) == sorted(offered)
    picks = client.get(reverse("round_report", args=[game.pk, 2])).content.decode()
    assert "Gadgets picked" in picks and "takes the" in picks


def test_the_sweep_resolves_a_run_at_its_deadline_with_a_missing_plan(client, alice, bob):
    game = make_game(alice, bob)
    client.force_login(alice)
    client.post(
        url(game, 0, "build"),
        {"do": "text", "plan": json.dumps(legal_plan(open_round(game).state, 0, 3))},
    )
    client.post(url(game, 0, "submit"))
    rnd = open_round(game)
    assert rnd.number == 1  # bob's plan is still due
    Round.objects.filter(pk=rnd.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    call_command("sweep")
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.PUBLISHED
    results = {e["seat"]: e for e in rnd.report.events if e["type"] == "result"}
    assert results[1]["score"]["coin_points"] == 0 and results[0]["score"]["coin_points"] >= 0


@pytest.mark.slow
def test_a_game_against_computer_players_runs_to_the_end(
    client, alice, django_capture_on_commit_callbacks
):
    game = make_game(alice, computers={1: "novice", 2: "veteran"})
    client.force_login(alice)
    for _ in range(3):
        rnd = open_round(game)
        assert Order.objects.filter(round=rnd).count() == 2  # theirs, sealed at the opening
        seal(client, game, 0, legal_plan(rnd.state, 0, 3), django_capture_on_commit_callbacks)
        rnd = open_round(game)
        if rnd is None:
            break
        offered = rnd.state["gadgets"]["revealed"]
        with django_capture_on_commit_callbacks(execute=True):
            client.post(url(game, 0, "pick"), {"choice_1": offered[0]})
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    final = game.rounds.get(number=5).report.state
    assert final["phase"] == "over" and all(len(s) == 3 for s in final["scores"])
    computer_totals = [sum(final["scores"][s]) for s in (1, 2)]
    assert all(total > 0 for total in computer_totals)  # they collect, no penalties
    assert "The game is over." in client.get(reverse("game", args=[game.pk])).content.decode()


def test_a_solo_game_is_played_at_its_own_pace_to_the_rating(
    client, alice, django_capture_on_commit_callbacks
):
    client.force_login(alice)
    response = client.post(reverse("joyride:solo"))
    game = Game.objects.get(kind="joyride")
    assert response.url == url(game, 0)
    rnd = open_round(game)
    assert rnd.deadline - rnd.opened_at > timedelta(days=365)
    assert "solo: no deadline" in client.get(url(game, 0)).content.decode()
    for run in range(3):
        seal(
            client,
            game,
            0,
            legal_plan(open_round(game).state, 0, 6),
            django_capture_on_commit_callbacks,
        )
        rnd = open_round(game)
        if run < 2:
            assert rnd.state["phase"] == "pick" and len(rnd.state["gadgets"]["revealed"]) == 2
            with django_capture_on_commit_callbacks(execute=True):
                client.post(url(game, 0, "pick"), {"choice_1": rnd.state["gadgets"]["revealed"][0]})
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    final = game.rounds.order_by("number").last().report.state
    html = client.get(url(game, 0)).content.decode()
    from joyride.words import RATINGS

    assert str(RATINGS[final["rating"]]) in html.replace("&#x27;", "'")


def test_demo_setup_makes_one_solo_game_for_the_demo_person(alice):
    line = RULES.demo_setup(alice)
    game = Game.objects.get(kind="joyride", referee=alice)
    assert game.settings["players"] == 1 and game.status == Game.Status.RUNNING
    assert url(game, 0) in line
    assert RULES.demo_setup(alice) == line and Game.objects.filter(kind="joyride").count() == 1


def test_practice_is_a_started_game_against_a_computer(alice):
    game = services.practice_game_create(user=alice)
    assert game.status == Game.Status.RUNNING
    assert game.seats.get(number=1).computer
    assert Order.objects.filter(round=open_round(game), seat__number=1).exists()


def test_a_solo_game_speaks_of_no_deadline_anywhere(
    client, alice, bob, django_capture_on_commit_callbacks
):
    client.force_login(alice)
    client.post(reverse("joyride:solo"))
    game = Game.objects.get(kind="joyride")
    year = str(open_round(game).deadline.year)
    for page in (reverse("lobby"), reverse("home"), reverse("my_games")):
        html = client.get(page).content.decode()
        assert escape(game.title) in html, page
        entry = html.split(escape(game.title))[1].split("</li>")[0]
        assert year not in entry and "deadline" not in entry.lower().replace("no deadline", "")
    plan = legal_plan(open_round(game).state, 0, 6)
    client.post(url(game, 0, "build"), {"do": "text", "plan": json.dumps(plan)})
    with django_capture_on_commit_callbacks(execute=True):
        sealed = client.post(url(game, 0, "submit"), follow=True).content.decode()
    assert "Your plan is sealed and your run is replayed." in sealed
    assert "at the deadline" not in sealed
    # a game of two still shows its deadline
    other = make_game(alice, bob)
    entry = client.get(reverse("lobby")).content.decode().split(other.title)[-1]
    assert str(open_round(other).deadline.year) in entry.split("</li>")[0]
