"""A published round's report (weather, moves, fire, hits, shoot-downs, crashes, chatter and a
replay step by step), its htmx fragments, its cache, and the game's Atom feed."""

import json
import re
import xml.etree.ElementTree as ET

import pytest
import redis
from django.contrib import messages
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.test import Client
from django.urls import reverse

from dogfight import services as dogfight_services
from games import report_cache, resolution, services
from games.models import Chatter, Game, Round
from tests.factories import make_dogfight, make_user, open_round, seat_of
from tests.helpers import fast_passwords, production_cache, set_planes  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords")]

ATOM = "{http://www.w3.org/2005/Atom}"


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def pilots():
    return make_user("alice"), make_user("bob"), make_user("carol")


@pytest.fixture
def battle(pilots):
    """Round 1 set up so that it must go this way: Alice (seat 0) flies behind Bob (seat 1),
    one hex apart, both eastwards; she fires ahead in move 1 and hits him at range 1 for 4
    damage, his 12th: he is shot down. Carol (seat 2) flies off the east edge. The referee
    fixed the wind from the west, so the one cloud drifts east at the end of the round.
    Seats 3-5 are pilots who sent no orders: they take off straight ahead (NMR). No computer
    pilot flies, so nothing in the round is left to chance. Returns the game with round 1
    published."""
    alice, bob, carol = pilots
    game = make_dogfight(
        humans={0: alice, 1: bob, 2: carol, 3: make_user(), 4: make_user(), 5: make_user()}
    )
    for user, name in zip(pilots, ("Red Falcon", "Blue Heron", "Yellow Kid")):
        dogfight_services.name_seat(seat=seat_of(game, user), user=user, name=name)
    rnd = open_round(game)
    set_planes(
        rnd,
        {
            0: {"status": "air", "q": 0, "r": 0, "facing": 0},
            1: {"status": "air", "q": 1, "r": 0, "facing": 0, "damage": 8},
            2: {"status": "air", "q": 9, "r": -4, "facing": 0},
        },
        clouds=[[-3, 5]],
    )
    services.referee_set_input(game=game, by=game.referee, data={"wind": 0})
    services.orders_submit(
        seat=seat_of(game, alice),
        user=alice,
        payload=[
            {"maneuver": "A", "fire": ["A"]},
            {"maneuver": "L", "fire": []},
            {"maneuver": "R", "fire": ["L", "R"]},
        ],
    )
    services.chatter_save(
        seat=seat_of(game, bob), user=bob, lines=["Is that you behind me, Falcon?", "Mayday!"]
    )
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.PUBLISHED
    return game


def _report(client, game, number=1, **params):
    return client.get(reverse("round_report", args=[game.pk, number]), params)


def _main(html: str) -> str:
    """The page without its head (whose CSRF token changes with every response)."""
    return html[html.index("<main") :]


def _replay_board(html: str) -> str:
    return re.search(r'<svg id="replay-board".*?</svg>', html, re.DOTALL).group(0)


# --- the report -----------------------------------------------------------------------------


def test_the_report_tells_the_weather(client, battle):
    page = _report(client, battle).content.decode()
    assert (
        "Wind from the west (set by the referee): at the end of the round every cloud "
        "drifts one hex east."
    ) in page


def test_the_report_shows_each_planes_three_moves_with_positions_and_fire(client, battle):
    page = _report(client, battle).content.decode()
    row = re.search(r'<th scope="row" class="seat-0">Red Falcon.*?</tr>', page, re.DOTALL).group(0)
    cells = re.findall(r"<td>(.*?)</td>", row, re.DOTALL)
    assert cells == [
        "ahead → (1, 0), nose east<br><small>fires ahead</small>",
        "turn left → (2, -1), nose north-east",
        "turn right → (3, -1), nose east<br><small>fires diagonally left, diagonally right</small>",
    ]
    carol = re.search(r'<th scope="row" class="seat-2">Yellow Kid.*?</tr>', page, re.DOTALL).group(
        0
    )
    assert "ahead → (10, -4), nose east" in carol
    for seat in (3, 4, 5):  # the pilots without orders took off (NMR)
        row = re.search(rf'<th scope="row" class="seat-{seat}">.*?</tr>', page, re.DOTALL).group(0)
        assert re.findall(r"<td>(\w.*?) →", row) == [
            "take off on runway β",
            "take off on runway β",
            "ahead",
        ]


def test_the_report_tells_hits_shoot_downs_and_crashes_in_words(client, battle):
    page = _report(client, battle).content.decode()
    events = page[page.index("What happened") :]
    move_1 = events[events.index("<h3>Move 1</h3>") :]
    assert "Red Falcon hits Blue Heron at range 1: 4 damage." in move_1
    assert "Blue Heron is shot down by Red Falcon: " in move_1
    assert "Yellow Kid flew off the board: 5 points lost; 5 go into the pot." in move_1


def test_the_report_shows_the_rounds_chatter_to_spectators(client, battle):
    page = _report(client, battle).content.decode()
    radio = page[page.index("Radio chatter") :]
    assert "<strong>Blue Heron</strong>" in radio
    assert "<li>Is that you behind me, Falcon?</li><li>Mayday!</li>" in radio


def _captions(html: str) -> list[str]:
    steps = re.search(r'<script id="replay-steps" type="application/json">(.*?)</script>', html)
    return [step["caption"] for step in json.loads(steps.group(1))]


def _board_at(client, game, step: int) -> str:
    return client.get(reverse("replay_board", args=[game.pk, step])).content.decode()


def test_the_replay_has_five_steps_whose_boards_all_differ(client, battle):
    page = _report(client, battle).content.decode()
    assert _captions(page) == [
        "Start of the round",
        "After move 1",
        "After move 2",
        "After move 3",
        "End of the round (after the wind)",
    ]
    assert 'type="range" name="step" min="0" max="4" value="0"' in page
    ids = re.findall(r'\sid="([^"]+)"', page)
    assert "replay" in ids and "replay-board" in ids and len(ids) == len(set(ids))
    boards = [_board_at(client, battle, step) for step in range(5)]
    assert [_replay_board(board) for board in boards] == boards
    assert _replay_board(page) == boards[0]
    assert len(set(boards)) == 5
    # The shot-down and crashed planes are still drawn, dimmed, after the move they went out.
    assert 'class="plane seat-1 out"' in boards[1] and 'class="plane seat-1 air"' in boards[0]


def test_the_default_step_is_the_start_of_the_round_and_a_bad_step_is_harmless(client, battle):
    start = _replay_board(_report(client, battle, step=0).content.decode())
    end = _replay_board(_report(client, battle, step=4).content.decode())
    assert start != end
    assert _replay_board(_report(client, battle).content.decode()) == start
    assert _replay_board(_report(client, battle, step="x").content.decode()) == start
    assert _replay_board(_report(client, battle, step=99).content.decode()) == end
    assert _replay_board(_report(client, battle, step=-3).content.decode()) == start
    assert client.get(reverse("replay_board", args=[battle.pk, 5])).status_code == 404


def test_a_later_rounds_report_opens_the_whole_game_replay_at_its_own_start(client, battle):
    rnd = open_round(battle)
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    second = _report(client, battle, 2).content.decode()
    assert len(_captions(second)) == 10  # rounds 1 and 2, five steps each
    assert (
        'max="9" value="5"' in second and '<strong class="replay-mark">Round 2</strong>' in second
    )
    assert _replay_board(second) == _board_at(client, battle, 5)
    assert len(_captions(_report(client, battle, 1).content.decode())) == 5  # up to round 1


def test_the_report_pages_link_to_each_other_and_to_the_game(client, battle):
    rnd = open_round(battle)
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    first = _report(client, battle, 1).content.decode()
    second = _report(client, battle, 2).content.decode()
    assert reverse("round_report", args=[battle.pk, 2]) in first
    assert reverse("round_report", args=[battle.pk, 1]) in second
    assert reverse("round_report", args=[battle.pk, 3]) not in second  # round 3 is open
    game_page = client.get(reverse("game", args=[battle.pk])).content.decode()
    for number in (1, 2):
        assert reverse("round_report", args=[battle.pk, number]) in game_page


def test_a_report_of_an_unpublished_round_is_404(client, pilots):
    game = make_dogfight(humans=[pilots[0]])
    assert _report(client, game, 1).status_code == 404  # open
    assert _report(client, game, 2).status_code == 404  # not there yet
    Round.objects.filter(game=game).update(status=Round.Status.FAILED)
    assert _report(client, game, 1).status_code == 404  # waiting for the referee


def test_the_report_is_served_from_the_cache(client, battle, django_assert_max_num_queries):
    url = reverse("round_report", args=[battle.pk, 1])
    first = _main(client.get(url).content.decode())
    # Change what the report is built from: a cached report does not notice.
    Chatter.objects.filter(round__game=battle).update(lines=["Rewritten history"])
    with django_assert_max_num_queries(2) as captured:
        second = _main(client.get(url).content.decode())
    assert "Rewritten history" not in second and "Mayday!" in second
    assert second == first
    tables = " ".join(query["sql"] for query in captured.captured_queries)
    assert "games_chatter" not in tables and "games_seat" not in tables


@pytest.mark.usefixtures("production_cache")
def test_cached_reports_expire_in_production_redis(client, battle, settings):
    """The cache shares its Redis with the broker, which must never evict: every cached report
    (fragments and whole pages) carries its own expiry, so the cache cannot grow for ever."""
    url = reverse("round_report", args=[battle.pk, 1])
    client.get(url)
    _board_at(client, battle, 1)
    server = redis.Redis.from_url(settings.CACHES["default"]["LOCATION"])
    prefix = settings.CACHES["default"]["KEY_PREFIX"]
    keys = [
        key
        for key in server.scan_iter(f"{prefix}:*")
        if b":report:" in key or b":report-page:" in key or b":replay-board:" in key
    ]
    assert len(keys) >= 3  # the report's body, the whole page, the replay's boards
    assert all(0 < server.ttl(key) <= report_cache.REPORT_SECONDS for key in keys)


def test_each_replay_board_is_cached(client, battle, django_assert_max_num_queries):
    first = _board_at(client, battle, 1)
    with django_assert_max_num_queries(2):  # the game, twice; its board and the next are kept
        assert _board_at(client, battle, 1) == first
        assert _board_at(client, battle, 2) != first


# --- the whole page for readers without a session (cached) -----------------------------------


def test_a_reader_without_a_session_gets_the_same_page_from_one_query(
    client, battle, django_assert_num_queries
):
    first = _report(client, battle).content.decode()
    Chatter.objects.filter(round__game=battle).update(lines=["Rewritten history"])
    with django_assert_num_queries(1):
        second = _report(client, battle)
    assert second.content.decode() == first and "Mayday!" in first
    assert "Cookie" in second["Vary"]


def test_the_cached_page_holds_no_csrf_token_and_sets_no_cookie(client, battle, pilots):
    alice = pilots[0]
    logged_in = Client()
    logged_in.force_login(alice)
    own = logged_in.get(reverse("round_report", args=[battle.pk, 1]))
    token = re.search(r'"X-CSRFToken": "(\w+)"', own.content.decode()).group(1)  # his own
    for response in (_report(client, battle), _report(Client(), battle)):
        page = response.content.decode()
        assert "X-CSRFToken" not in page and token not in page
        assert 'name="csrfmiddlewaretoken"' not in page
        assert not response.cookies
        assert "Log in" in page and "Log out" not in page and "My games" not in page


def test_a_logged_in_reader_is_never_served_the_anonymous_copy(client, battle, pilots):
    _report(client, battle)  # cached
    logged_in = Client()
    logged_in.force_login(pilots[0])
    page = logged_in.get(reverse("round_report", args=[battle.pk, 1])).content.decode()
    assert "Log out" in page and "X-CSRFToken" in page


def test_the_cached_page_gains_its_next_link_when_the_next_round_is_published(client, battle):
    later = reverse("round_report", args=[battle.pk, 2])
    assert later not in _report(client, battle).content.decode()  # cached without it
    rnd = open_round(battle)
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    assert later in _report(client, battle).content.decode()
    assert later in _report(client, battle).content.decode()


def test_the_cached_page_shows_a_pilots_new_name(
    client, battle, pilots, django_capture_on_commit_callbacks
):
    assert "Red Falcon" in _report(client, battle).content.decode()
    with django_capture_on_commit_callbacks(execute=True):  # the names' version moves on commit
        dogfight_services.name_seat(
            seat=seat_of(battle, pilots[0]), user=pilots[0], name="Crimson Kite"
        )
    page = _report(client, battle).content.decode()
    assert "Crimson Kite" in page and "Red Falcon" not in page


def test_each_replay_step_has_its_own_cached_page(client, battle):
    assert _report(client, battle, step=1).content != _report(client, battle, step=2).content
    assert _report(client, battle, step=1).content == _report(client, battle, step=1).content


def test_a_message_waiting_for_an_anonymous_reader_is_shown_and_not_cached_for_others(
    client, battle
):
    _report(client, battle)  # the copy for readers without a session is cached
    request, response = HttpRequest(), HttpResponse()
    storage = CookieStorage(request)
    storage.add(messages.INFO, "A note for this reader only")
    storage.update(response)
    client.cookies["messages"] = response.cookies["messages"].value
    assert "A note for this reader only" in _report(client, battle).content.decode()
    assert "A note for this reader only" not in _report(Client(), battle).content.decode()


def test_an_unpublished_round_has_no_cached_page_either(client, pilots):
    game = make_dogfight(humans=[pilots[0]])
    assert _report(client, game, 1).status_code == 404
    assert _report(client, game, 1).status_code == 404


@pytest.mark.usefixtures("production_cache")
def test_the_cached_page_round_trips_through_production_redis(battle):
    first = _report(Client(), battle).content
    assert _report(Client(), battle).content == first


# --- the Atom feed --------------------------------------------------------------------------


def test_the_atom_feed_lists_the_published_rounds_newest_first(client, battle):
    rnd = open_round(battle)
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    response = client.get(reverse("game_feed", args=[battle.pk]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/atom+xml")
    feed = ET.fromstring(response.content)
    assert feed.findtext(f"{ATOM}title") == "Test skies: published rounds"
    entries = feed.findall(f"{ATOM}entry")
    assert [e.findtext(f"{ATOM}title") for e in entries] == ["Round 2", "Round 1"]
    links = [e.find(f"{ATOM}link").get("href") for e in entries]
    assert [link.split("testserver")[-1] for link in links] == [
        reverse("round_report", args=[battle.pk, 2]),
        reverse("round_report", args=[battle.pk, 1]),
    ]
    summary = entries[1].findtext(f"{ATOM}summary")
    assert "Red Falcon hits Blue Heron at range 1: 4 damage." in summary
    assert "Blue Heron is shot down by Red Falcon: " in summary


def test_the_feed_of_a_game_without_published_rounds_is_empty(client, pilots):
    game = make_dogfight(humans=[pilots[0]])
    feed = ET.fromstring(client.get(reverse("game_feed", args=[game.pk])).content)
    assert feed.findall(f"{ATOM}entry") == []
    assert client.get(reverse("game_feed", args=[game.pk + 1000])).status_code == 404


def test_the_game_page_and_report_point_to_the_feed(client, battle):
    feed = reverse("game_feed", args=[battle.pk])
    for url in (reverse("game", args=[battle.pk]), reverse("round_report", args=[battle.pk, 1])):
        page = client.get(url).content.decode()
        assert f'type="application/atom+xml" title="Test skies" href="{feed}"' in page


def test_the_game_page_is_six_reads_and_shows_whose_orders_are_in(
    client, battle, pilots, django_assert_num_queries
):
    """The live hook's read, the game with its count of published rounds, its seats, its open
    and failed rounds, the seats whose orders are in, and the page of published rounds, as the
    page is drawn (a page of the rounds' list asked by number is never a kept copy; the kept
    copy: tests/games/test_game_page_cache.py)."""
    alice = pilots[0]
    services.orders_submit(
        seat=seat_of(battle, alice),
        user=alice,
        payload=[{"maneuver": "A", "fire": []}] * 3,
    )
    with django_assert_num_queries(6):
        page = client.get(reverse("game", args=[battle.pk]), {"rounds": 1})
    rows = dict(
        re.findall(r'<tr class="seat-(\d)">.*?<td>([^<]*)</td>\s*</tr>', page.text, re.DOTALL)
    )
    assert rows["0"] == "in" and rows["3"] == "due"
    assert f'href="/games/{battle.pk}/rounds/1/"' in page.text
    Round.objects.filter(game=battle, number=2).update(status=Round.Status.FAILED)
    failed = client.get(reverse("game", args=[battle.pk]), {"rounds": 1}).text
    assert "Round 2 could not be resolved" in failed, failed


def test_a_finished_games_replay_is_made_once_for_every_reader_and_shows_a_new_name(
    client, battle, pilots, django_assert_num_queries, django_capture_on_commit_callbacks
):
    Game.objects.filter(pk=battle.pk).update(status=Game.Status.FINISHED)
    drawn = {"rounds": 1}  # a page drawn every time, never the page's kept copy
    first = client.get(reverse("game", args=[battle.pk]), drawn).text
    assert "Red Falcon" in _replay_section(first)  # the final board names the pilots
    with django_assert_num_queries(6):  # no published round nor seat read again for the replay
        again = client.get(reverse("game", args=[battle.pk]), drawn).text
    assert _replay_section(again) == _replay_section(first)
    with django_capture_on_commit_callbacks(execute=True):  # the names' version moves on commit
        dogfight_services.name_seat(
            seat=seat_of(battle, pilots[0]), user=pilots[0], name="Crimson Kite"
        )
    renamed = client.get(reverse("game", args=[battle.pk]), drawn).text
    assert "Crimson Kite" in _replay_section(renamed)
    assert "Red Falcon" not in _replay_section(renamed)


def _replay_section(page: str) -> str:
    return re.search(r'<section class="replay".*?</section>', page, re.DOTALL)[0]
