"""Lists that grow are read a page at a time (games/pages.py): after 1,500 spam games the
lobby stays small and cheap; a game's rounds, the leaderboard and a career turn pages too."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from dogfight.models import CareerEntry, Pilot
from games import pages, selectors
from games.models import Game, Round, Seat
from tests.factories import make_dogfight, make_user

pytestmark = pytest.mark.django_db

SPAM = 1500


def spam_games(referee, status: str, count: int = SPAM) -> None:
    """``count`` games made the cheap way (as many as a spammer would make the slow way)."""
    template = make_dogfight(referee, start=False, title="template")
    now = timezone.now()
    games = Game.objects.bulk_create(
        [
            Game(
                kind="dogfight",
                title=f"Spam {n}",
                referee=referee,
                settings=template.settings,
                status=status,
                started_at=now,
                finished_at=now,
            )
            for n in range(count)
        ]
    )
    Seat.objects.bulk_create(
        [Seat(game=game, number=number) for game in games for number in range(6)]
    )


def lobby_page(client, query=None):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("lobby"), query or {})
    assert response.status_code == 200
    return response.content.decode(), len(queries)


@pytest.mark.slow
@pytest.mark.parametrize("who", ["spectator", "logged in"])
def test_the_lobby_stays_small_and_cheap_after_1500_spam_games(client, who):
    referee = make_user("spammer")
    if who == "logged in":
        client.force_login(make_user("reader"))
    _small, small_queries = lobby_page(client)
    for status in (Game.Status.OPEN, Game.Status.RUNNING, Game.Status.FINISHED):
        spam_games(referee, status)
    cache.clear()  # the spectators' lists are kept for some seconds
    html, queries = lobby_page(client)
    assert html.count('class="game-entry"') == 3 * selectors.LOBBY_PAGE
    print("lobby bytes", len(html.encode()), "queries", small_queries, "->", queries)
    assert len(html.encode()) < 80_000, len(html.encode())
    assert queries <= small_queries + 6, (small_queries, queries)
    assert "page 1 of 76" in html
    later, later_queries = lobby_page(client, {"open": "76", "finished": "2"})
    assert later_queries <= queries
    assert "page 76 of 76" in later and "page 2 of 75" in later


def test_page_numbers_that_are_no_page_give_the_nearest_page(client):
    referee = make_user("spammer")
    spam_games(referee, Game.Status.FINISHED, 45)
    for asked, shown in (
        ("x", 1),
        ("-1", 1),
        ("0", 1),
        ("99999999999999999999", 1),
        ("3", 3),
        ("4", 3),
        ("²", 1),
    ):
        html, _ = lobby_page(client, {"finished": asked})
        assert f"page {shown} of 3" in html, asked


def test_the_pager_links_keep_the_other_lists_pages(client):
    spam_games(make_user("spammer"), Game.Status.FINISHED, 45)
    spam_games(make_user("other"), Game.Status.RUNNING, 45)
    html, _ = lobby_page(client, {"running": "2"})
    links = re.findall(r'rel="next" href="([^"]+)"', html)
    assert "?running=2&amp;finished=2" in links or "?finished=2&amp;running=2" in links


def test_a_games_rounds_list_turns_pages():
    game = make_dogfight(make_user("ref"), start=False)
    state = {"x": 1}
    Round.objects.bulk_create(
        [
            Round(
                game=game,
                number=n,
                status=Round.Status.PUBLISHED,
                state=state,
                seed=n,
                deadline=timezone.now(),
                opened_at=timezone.now(),
            )
            for n in range(1, 131)
        ]
    )
    from django.test import Client

    client = Client()
    html = client.get(reverse("game", args=[game.pk])).content.decode()
    assert html.count('class="rounds"') == 1 and "page 1 of 3" in html
    assert f'href="/games/{game.pk}/rounds/130/"' in html
    assert f'href="/games/{game.pk}/rounds/80/"' not in html
    html = client.get(reverse("game", args=[game.pk]), {"rounds": "3"}).content.decode()
    assert f'href="/games/{game.pk}/rounds/1/"' in html and "page 3 of 3" in html


def test_the_leaderboard_and_a_career_turn_pages(client):
    user = make_user("ace")
    Pilot.objects.bulk_create(
        [
            Pilot(user=user, name=f"P{n}", key=f"p{n}", skeleton=f"p{n}", points=n)
            for n in range(120)
        ]
    )
    html = client.get(reverse("dogfight:leaderboard")).content.decode()
    assert "page 1 of 3" in html and ">P119<" in html and ">P60<" not in html
    html = client.get(reverse("dogfight:leaderboard"), {"page": "2"}).content.decode()
    assert "<td>51</td>" in html and ">P69<" in html
    pilot = Pilot.objects.get(name="P0")
    referee = make_user("ref")
    games = Game.objects.bulk_create(
        [
            Game(kind="dogfight", title=f"G{n}", referee=referee, status=Game.Status.FINISHED)
            for n in range(60)
        ]
    )
    CareerEntry.objects.bulk_create(
        [
            CareerEntry(pilot=pilot, game=g, points_before=0, game_points=1, points_after=1)
            for g in games
        ]
    )
    html = client.get(pilot.get_absolute_url()).content.decode()
    assert html.count('<tr><td><a href="/games/') == pages.PER_PAGE and "page 1 of 3" in html
