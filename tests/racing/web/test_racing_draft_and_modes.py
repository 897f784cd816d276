"""The draft as a page of its own (snake order, the supply, tampered picks refused), round mode
(every racing jet's turn sealed, resolved together in race order), the rules page in both
languages, the demo's practice race."""

import io
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from games import resolution, services, sweep
from games.models import Game, Order, Round
from racing import engine, rules_page
from racing.plugin import RULES

from .helpers import make_race, open_round, page_url, send, state, straight

pytestmark = pytest.mark.django_db


def _computer_picks_first(game):
    """The snake order starts with the last seat, a computer's: its round is all in at once and
    the sweep resolves it (here: the task the sweep queues)."""
    resolution.resolve_rounds_task([open_round(game).pk])
    game.refresh_from_db()


def test_the_draft_page_offers_the_engines_picks_in_snake_order(
    client, alice, bob, django_capture_on_commit_callbacks
):
    game = make_race(alice, bob, level=2)
    assert state(game)["phase"] == "draft"
    _computer_picks_first(game)
    assert RULES.active_seats(state(game)) == [1]
    client.force_login(bob)
    assert client.get(page_url(game, 1)).url == page_url(game, 1, "draft")
    page = client.get(page_url(game, 1, "draft")).content.decode()
    picks = engine.legal(state(game))["picks"]
    assert "Your pick" in page and "Each jet drafts up to 4 equipment cards" in page
    for kind in picks:
        assert f'name="pick" value="{kind}"' in page
    assert 'name="pick" value="traumatorpedo"' not in page  # not in play at level 2
    assert 'aria-current="step" class="now">bob (blue)' in page
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(page_url(game, 1, "draft"), {"round": "2", "pick": picks[0]})
    assert response.status_code == 302
    bob_jet = next(j for j in state(game)["jets"] if j["seat"] == 1)
    assert [c["kind"] for c in bob_jet["equipment"]] == [picks[0]]
    assert RULES.active_seats(state(game)) == [0]


@pytest.mark.parametrize(
    "pick, message",
    [
        ("traumatorpedo", "the blue jet may not take a Traumatorpedo now"),
        ("stasisfeld", "the blue jet may not take a Stasisfeld now"),
        ("laser", "the order is not in the expected form (at order.pick)"),
    ],
)
def test_a_tampered_pick_is_refused_clearly_and_stores_nothing(client, alice, bob, pick, message):
    game = make_race(alice, bob, level=2)
    _computer_picks_first(game)
    client.force_login(bob)
    response = client.post(page_url(game, 1, "draft"), {"round": "2", "pick": pick})
    page = response.content.decode()
    assert response.status_code == 400 and "Not accepted" in page
    assert message in page
    assert not Order.objects.filter(seat__number=1).exists()


def test_a_pick_out_of_turn_is_refused(client, alice, bob):
    game = make_race(alice, bob, level=2)
    _computer_picks_first(game)
    client.force_login(alice)
    response = client.post(page_url(game, 0, "draft"), {"round": "2", "pick": "booster"})
    assert response.status_code == 400
    assert "it is not your pick in the draft" in response.content.decode()
    assert not Order.objects.filter(seat__number=0).exists()


def test_round_mode_seals_every_jets_turn_and_resolves_them_in_race_order(
    client, alice, bob, django_capture_on_commit_callbacks
):
    game = make_race(alice, bob, mode="round")
    first = open_round(game)
    assert sorted(RULES.active_seats(first.state)) == [0, 1, 2]
    assert Order.objects.filter(round=first, seat__number=2).exists()  # the computer's, sealed
    client.force_login(bob)
    page = client.get(page_url(game, 1)).content.decode()
    assert 'data-handle="h1"' in page  # bob orders at once, though not first in the round
    send(game, alice, straight(), django_capture_on_commit_callbacks)
    assert open_round(game).pk == first.pk  # waiting for bob
    public = client.get(reverse("game", args=[game.pk])).content.decode()
    assert "Round 1: every racing jet orders its turn, sealed." in public
    with django_capture_on_commit_callbacks(execute=True):
        client.post(page_url(game, 1, "submit"), {"round": "1", "lift": "1", "h1": "5"})
    first.refresh_from_db()
    assert first.status == Round.Status.PUBLISHED
    turns = [e for e in first.report.events if e["type"] == "turn"]
    assert len(turns) == 3 and state(game)["turn"]["round"] == 2
    assert [e["jet"] for e in turns] == [
        first.state["turn"]["jet"],
        *first.state["turn"]["queue"],
    ]  # race order


def test_the_rules_page_has_the_engines_equipment_table_in_both_languages(client):
    english = client.get("/racing/rules/")
    german = client.get("/racing/rules/?lang=de")
    assert english["Content-Language"] == "en" and german["Content-Language"] == "de"
    page, seite = english.content.decode(), german.content.decode()
    assert "Jets: the rules" in page and "Jets: die Regeln" in seite
    for kind in engine.catalogue()["kinds"]:
        assert page.count(f'<tr data-kind="{kind["kind"]}">') == 1
        assert f'<td class="cost">{kind["cost"]}</td>' in page
    assert "Kupferwurm HaZ IV" in page and "Ausrüstung" in seite
    rows = rules_page.equipment_rows()
    assert [r["kind"] for r in rows] == list(engine.KINDS)
    assert "40" in page and "60°" in page  # Lift 1's ruler and hinge limit


def test_the_rules_page_says_the_turn_mode_in_plain_english(client):
    page = client.get("/racing/rules/").content.decode()
    assert "the seed&#x27;s" not in page and "the seed's" not in page
    assert "In turn mode (the original game's way) the jets fly in seat order" in page


def test_the_demo_sets_up_a_practice_race_for_the_demo_person(db):
    out = io.StringIO()
    call_command("demo_setup", stdout=out)
    game = Game.objects.get(kind="racing")
    assert game.status == Game.Status.RUNNING and "practice race" in str(game.title)
    assert game.seats.filter(computer=True).count() == 3
    assert RULES.active_seats(open_round(game).state) == [0]
    assert (
        f"- racing: race in '{game.title}' at http://localhost:8000/games/{game.pk}/"
        in out.getvalue()
    )
    call_command("demo_setup")  # made once
    assert Game.objects.filter(kind="racing").count() == 1


def test_the_sweep_plays_a_missed_turn_and_the_mail_tells_the_pilots(
    alice, bob, mailoutbox, django_capture_on_commit_callbacks
):
    """No special case: at the deadline the platform's sweep resolves the turn with the engine's
    missed-turn default, and the next pilot's "your turn" tells it, as any game's mail does
    (alice hears of it with her own next turn)."""
    game = make_race(alice, bob)
    first = open_round(game)
    Round.objects.filter(pk=first.pk).update(deadline=timezone.now() - timedelta(minutes=1))
    with django_capture_on_commit_callbacks(execute=True):
        assert sweep.run(timezone.now()).due == 1
    first.refresh_from_db()
    assert first.status == Round.Status.PUBLISHED
    events = first.report.events
    assert {"type": "missed", "jet": "red", "in_row": 1} in events
    assert RULES.active_seats(state(game)) == [1]
    sent = [m for m in mailoutbox if "alice (red) missed its turn (1 in a row)." in m.body]
    assert [(m.to[0], m.subject) for m in sent] == [(bob.email, "Test race: your turn")]


def test_a_race_whose_first_turn_is_a_computer_jets_flies_it_at_the_start(
    alice, django_capture_on_commit_callbacks
):
    """Round 1 owed by computers only is resolved at once, not at the next sweep."""
    game = services.game_create(
        referee=alice,
        kind="racing",
        title="Computer first",
        time_zone="UTC",
        deadline_days=1,
        settings={
            "course": "oval5",
            "level": 1,
            "laps": 1,
            "jets": 3,
            "mode": "turn",
            "turn_hours": 12,
        },
        computer_seats={0: "novice", 2: "novice"},
    )
    services.seat_join(game=game, number=1, user=alice)
    with django_capture_on_commit_callbacks(execute=True):
        services.game_start(game=game, by=alice)
    assert game.rounds.get(number=1).status == Round.Status.PUBLISHED
    assert game.rounds.get(status=Round.Status.OPEN).state["turn"]["seat"] == 1


def test_the_draft_explains_each_card_its_effect_and_what_a_use_costs(client, alice, bob):
    game = make_race(alice, bob, level=2)
    _computer_picks_first(game)
    client.force_login(bob)
    page = client.get(page_url(game, 1, "draft")).content.decode()
    for kind in engine.legal(state(game))["picks"]:
        row = next(r for r in rules_page.equipment_rows() if r["kind"] == kind)
        assert f'aria-describedby="pick-{kind}-effect"' in page
        effect = page.split(f'id="pick-{kind}-effect"')[1].split("</p>")[0]
        assert str(row["effect"]).replace("'", "&#x27;") in effect
        assert f"Using it costs {row['cost']} energy" in effect
    take_five = page.split('<tr data-kind="take_five"')[1].split("</tr>")[0]
    assert "The jet flies Lift 5 this turn" in take_five
    assert "Using it costs 3 energy (as the flight&#x27;s boost)." in take_five
    assert "The card then takes 3 damage chips." in take_five
    bob.profile.language = "de"
    bob.profile.save()
    german = client.get(page_url(game, 1, "draft")).content.decode()
    assert "Ein Einsatz kostet 3 Energie" in german
