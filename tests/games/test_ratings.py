"""Ratings with known outcomes, through the real pipeline: a test game that declares its result
(each seat's place, as its orders say) is created, played and resolved; its people's ratings
move once, in the transaction that finishes it, and ``rebuild_ratings`` gives the same numbers.
"""

from __future__ import annotations

from contextlib import contextmanager
from io import StringIO

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import IntegrityError, connection, transaction
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from games import (
    board_versions,
    rating_model,
    ratings,
    ratings_board,
    registry,
    resolution,
    services,
)
from games.db import ratings as rating_rows
from games.forms import GameSettingsForm
from games.models import Game, Rating, RatingChange, Round
from games.registry import GameRules, Outcome
from tests.factories import make_user
from tests.helpers import production_cache  # noqa: F401

pytestmark = pytest.mark.django_db

ANCHORS = {"weak": (1200.0, 50.0), "strong": (1900.0, 50.0)}


class RankedSettings(GameSettingsForm):
    def game_settings(self) -> dict:
        return {}


class RankedRules(GameRules):
    """A game of one round: each seat orders the place it takes. It is rated by declaring its
    result (``ranking``) and its computers' anchors, nothing more."""

    slug = "ranked"
    name = "Ranked"
    settings_form = f"{__name__}.RankedSettings"
    urls = __name__
    rules_url_name = None
    computer_ratings = ANCHORS

    def seat_numbers(self, settings: dict) -> list[int]:
        return list(range(settings.get("seats", 6)))

    def clean_settings(self, data: dict) -> dict:
        return {"seats": data.get("seats", 6)}

    def setup(self, *, seed: int, settings: dict, seats: list[dict]) -> dict:
        return {"seats": [s["number"] for s in seats], "places": None}

    def active_seats(self, state: dict) -> list[int]:
        return [] if state["places"] else state["seats"]

    def validate_orders(self, state: dict, seat: int, payload: object) -> dict:
        return {"place": int(payload["place"])}

    def computer_orders(self, state: dict, seat: int, level: str) -> dict:
        return {"place": 2}  # behind a person who takes first place

    def resolve(self, state, orders, *, seed, referee_input) -> Outcome:
        places = {str(seat): orders.get(seat, {"place": 6})["place"] for seat in state["seats"]}
        return Outcome(state={**state, "places": places}, events=[], over=True)

    def ranking(self, final_state: dict, events) -> dict[int, int]:
        return {int(seat): place for seat, place in final_state["places"].items()}

    def report_context(self, state_before, report_state, events, names) -> dict:
        return {}

    def page_context(self, state: dict, names: dict[int, str]) -> dict:
        return {}


RULES = RankedRules()
urlpatterns: list = []


class RankedApp(registry.GameApp):
    name = __name__
    label = "ranked"
    rules = f"{__name__}.RULES"
    path = __file__.rpartition("/")[0]


TEMPLATES = {
    "ranked/game.html": "<h1>{{ game.title }}</h1>",
    "ranked/_report_body.html": "<p>Places {{ report.state.places }}</p>",
}


@pytest.fixture(autouse=True)
def ranked():
    engine = django_settings.TEMPLATES[0]
    loaders = [
        ("django.template.loaders.locmem.Loader", TEMPLATES),
        "django.template.loaders.filesystem.Loader",
        "django.template.loaders.app_directories.Loader",
    ]
    with override_settings(
        INSTALLED_APPS=[*django_settings.INSTALLED_APPS, f"{__name__}.RankedApp"],
        TEMPLATES=[
            {**engine, "APP_DIRS": False, "OPTIONS": {**engine["OPTIONS"], "loaders": loaders}}
        ],
    ):
        yield RULES


def play(people, places, *, rated=True, computers=None, remove=()):
    """A finished game: ``people[i]`` takes ``places[i]`` (computers their level's place),
    ``remove`` taken out by the referee before the round is resolved."""
    referee = make_user()
    computers = computers or {}
    seats = len(people) + len(computers)
    game = services.game_create(
        referee=referee,
        kind="ranked",
        title="A ranked game",
        settings={"seats": seats},
        time_zone="Europe/Berlin",
        deadline_days=1,
        computer_seats=computers,
        rated=rated,
    )
    free = [n for n in range(seats) if n not in computers]
    for number, person in zip(free, people):
        services.seat_join(game=game, number=number, user=person)
    services.game_start(game=game, by=referee)
    for number, person, place in zip(free, people, places):
        seat = game.seats.get(number=number)
        services.orders_submit(seat=seat, user=person, payload={"place": place})
    for number in remove:
        services.referee_remove(game=game, by=referee, number=number)
    rnd = game.rounds.get(number=1)
    resolution.round_resolve(round_id=rnd.pk, force=True)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game


def rating(person, kind="ranked") -> Rating:
    return Rating.objects.get(user=person, kind=kind)


def people(count):
    return [make_user() for _ in range(count)]


def test_beating_a_stronger_player_gains_more_than_beating_an_equal_one():
    alice, bob, carol, dave = people(4)
    Rating.objects.create(user=bob, kind="ranked", mu=1900, sigma=200, updated_at=timezone.now())
    Rating.objects.create(user=dave, kind="ranked", mu=1500, sigma=200, updated_at=timezone.now())
    play([alice, bob], [1, 2])
    play([carol, dave], [1, 2])
    assert rating(alice).mu - rating_model.NEW[0] > rating(carol).mu - rating_model.NEW[0] > 0
    assert rating(bob).mu < 1900 and rating(dave).mu < 1500


def test_a_six_seat_ranking_moves_all_six_in_its_order():
    six = people(6)
    play(six, [1, 2, 3, 4, 5, 6])
    after = [rating(person).mu for person in six]
    assert after == sorted(after, reverse=True) and len(set(after)) == 6
    assert after[0] > rating_model.NEW[0] > after[-1]
    assert all(rating(person).games == 1 for person in six)
    assert all(rating(person).sigma < rating_model.NEW[1] for person in six)


def test_seats_that_tie_share_their_place_and_their_rating():
    four = people(4)
    game = play(four, [1, 2, 2, 4])
    changes = {c.seat: c for c in RatingChange.objects.filter(game=game)}
    assert [changes[n].place for n in range(4)] == [1, 2, 2, 4]
    assert rating(four[1]).mu == rating(four[2]).mu
    assert rating(four[0]).mu > rating(four[1]).mu > rating(four[3]).mu


def test_a_draw_between_equals_moves_neither_mean():
    alice, bob = people(2)
    play([alice, bob], [1, 1])
    assert rating(alice).mu == pytest.approx(rating_model.NEW[0])
    assert rating(alice).mu == rating(bob).mu
    assert rating(alice).sigma < rating_model.NEW[1]


def test_computer_anchors_do_not_move_and_a_stronger_one_is_worth_more():
    alice, bob, carol = people(3)
    play([alice], [1], computers={1: "weak"})
    play([bob], [1], computers={1: "weak"})  # after the weak one lost to alice
    play([carol], [1], computers={1: "strong"})
    gained = {
        p: RatingChange.objects.get(user=p).mu_after - rating_model.NEW[0]
        for p in (alice, bob, carol)
    }
    assert gained[alice] == gained[bob] > 0  # the same anchor both times
    assert gained[carol] > gained[alice]
    assert RULES.computer_ratings == ANCHORS
    assert RatingChange.objects.count() == Rating.objects.count() == 3  # the people's only


def test_an_unrated_game_moves_nothing():
    six = people(6)
    play(six, [1, 2, 3, 4, 5, 6], rated=False)
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_a_game_of_one_person_moves_nothing_even_marked_rated():
    """A solo game has no one to rank against."""
    play(people(1), [1])
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


@pytest.mark.parametrize(
    "kind", [rules.slug for rules in registry.all_games() if rules.offers_practice]
)
def test_a_practice_game_is_never_rated(kind):
    """Every game's practice (against its computers) starts unrated: its end moves nothing."""
    game = registry.get(kind).practice_create(make_user())
    assert game is not None and not game.rated
    assert not ratings.rate_finished([(game, {})], timezone.now())


def test_a_seat_the_referee_removed_ranks_last():
    three = people(3)
    game = play(three, [1, 2, 3], remove=[0])
    changes = {c.seat: c for c in RatingChange.objects.filter(game=game)}
    assert [changes[n].place for n in range(3)] == [3, 1, 2]
    assert rating(three[0]).mu < rating_model.NEW[0] < rating(three[1]).mu


def test_a_finished_game_is_rated_once_whatever_resolves_it_again():
    six = people(6)
    game = play(six, [1, 2, 3, 4, 5, 6])
    rnd = Round.objects.get(game=game, number=1)
    before = list(Rating.objects.order_by("pk").values_list("mu", "sigma", "games"))
    resolution.round_resolve(round_id=rnd.pk, force=True)  # a retry, a double delivery
    resolution.rounds_resolve(round_ids=[rnd.pk, rnd.pk], force=True)  # two sweeps
    assert list(Rating.objects.order_by("pk").values_list("mu", "sigma", "games")) == before
    assert RatingChange.objects.filter(game=game).count() == 6
    with pytest.raises(IntegrityError), transaction.atomic():  # and never twice at all
        ratings.rate_finished([(game, rnd.report.state)], timezone.now())


def test_the_rebuild_gives_the_stored_numbers_exactly_and_again():
    alice, bob, carol, dave, erin, frank = people(6)
    play([alice, bob, carol], [1, 2, 3])
    play([bob, carol, dave, erin], [1, 1, 3, 4])
    play([alice], [1], computers={1: "strong", 2: "weak"})
    play([carol, frank, alice], [2, 1, 3], remove=[2])
    play([dave, erin], [1, 2], rated=False)
    play([erin, alice, bob, carol, dave, frank], [6, 5, 4, 3, 2, 1])

    def stored():
        return (
            sorted(Rating.objects.values_list("user_id", "kind", "mu", "sigma", "games")),
            list(
                RatingChange.objects.order_by("pk").values_list(
                    "game_id",
                    "seat",
                    "user_id",
                    "place",
                    "mu_before",
                    "sigma_before",
                    "mu_after",
                    "sigma_after",
                )
            ),
        )

    live = stored()
    call_command("rebuild_ratings", stdout=StringIO())
    assert stored() == live
    call_command("rebuild_ratings", stdout=StringIO())
    assert stored() == live
    assert len(live[1]) == 3 + 4 + 1 + 3 + 6


# --- where people see them ----------------------------------------------------------------------


def test_the_final_report_shows_every_seats_change_and_a_computers_fixed_rating(client):
    alice, bob = people(2)
    game = play([alice, bob], [2, 1], computers={2: "strong"})
    html = client.get(f"/games/{game.pk}/rounds/1/").content.decode()
    changes = {c.user_id: c.shown_change for c in RatingChange.objects.filter(game=game)}
    assert changes[bob.pk] > 0 > changes[alice.pk]
    assert f"+{changes[bob.pk]}" in html and f"{changes[alice.pk]}</span>" in html
    assert ">1900<" in html and "±0" in html  # the computer's anchor, unmoved


def test_an_unrated_games_report_shows_no_ratings(client):
    alice, bob = people(2)
    game = play([alice, bob], [2, 1], rated=False)
    html = client.get(f"/games/{game.pk}/rounds/1/").content.decode()
    assert 'id="rating-changes"' not in html


def test_a_persons_page_shows_each_rating_its_uncertainty_history_and_games(client):
    alice, bob = people(2)
    play([alice, bob], [1, 2])
    play([alice, bob], [1, 2])
    html = client.get(f"/people/{alice.username}/").content.decode()
    mine = rating(alice)
    assert f">{round(mine.mu)}<" in html and f"± {round(mine.sigma)}" in html
    assert "2 rated games" in html
    assert "<polyline points=" in html and html.count("A ranked game") == 2
    assert client.get("/people/nobody-here/").status_code == 404


def test_the_leaderboard_lists_those_with_enough_games_best_first(client, settings):
    settings.RATINGS_LEADERBOARD_MIN_GAMES = 2
    alice, bob, carol = people(3)
    play([alice, bob], [1, 2])
    play([bob, alice], [2, 1])
    play([carol, bob], [1, 2])  # carol has one game: not yet on the board
    html = client.get("/ratings/ranked/").content.decode()
    assert html.index(alice.username) < html.index(bob.username)
    assert carol.username not in html
    assert client.get("/ratings/no-such-game/").status_code == 404
    assert client.get("/ratings/").status_code == 302


def test_a_leaderboard_page_costs_a_count_and_one_query_however_deep(client, settings):
    """A page's ratings are picked from the ratings alone and joined to their people after:
    the count and one query, the 51st best first on page two."""
    settings.RATINGS_LEADERBOARD_MIN_GAMES = 2
    rated = people(120)
    Rating.objects.bulk_create(
        [
            Rating(
                user=person,
                kind="ranked",
                mu=1000 + n,
                sigma=80,
                games=2 + n % 3,
                updated_at=timezone.now(),
            )
            for n, person in enumerate(rated)
        ]
    )
    best_first = rated[::-1]
    client.get("/ratings/ranked/")  # the site frame's once-a-process work
    for number in (1, 2, 3):
        with CaptureQueriesContext(connection) as queries:
            html = client.get("/ratings/ranked/", {"page": str(number)}).content.decode()
        shown = best_first[(number - 1) * 50 : number * 50]
        assert len(queries) == 2
        assert "auth_user" not in queries[0]["sql"]  # the count
        assert '"games_rating"."id" IN (SELECT' in queries[1]["sql"]  # the page, then people
        assert f"<td>{(number - 1) * 50 + 1}</td>" in html and f"page {number} of 3" in html
        assert [html.index(f">{p.username}<") for p in shown] == sorted(
            html.index(f">{p.username}<") for p in shown
        )
        assert all(f">{p.username}<" not in html for p in best_first if p not in shown)


@contextmanager
def committed(capture):
    """As if the block's transaction committed, for the leaderboards: the board's bump left
    for the commit runs, once (the platform's mail, also left for it, would need pages the
    test game has not)."""
    with capture() as callbacks:
        yield
    bumps = [c for c in callbacks if getattr(c, "func", None) is board_versions.bump]
    assert len(bumps) <= 1
    for bump in bumps:
        bump()


def board_names(client, page=1) -> list[str]:
    """The names on a leaderboard's page, best first."""
    html = client.get("/ratings/ranked/", {"page": str(page)}).content.decode()
    return [
        person.username
        for _, person in sorted(
            (html.index(f">{p.username}<"), p)
            for p in get_user_model().objects.all()
            if f">{p.username}<" in html
        )
    ]


@pytest.mark.usefixtures("production_cache")
def test_the_kept_leaderboard_changes_right_after_a_rated_game_ends(
    client, settings, django_capture_on_commit_callbacks
):
    """Production's shared cache keeps a page's rows: read again, the board costs no query;
    a rated game that ends (its transaction committed) shows at once, in every language."""
    settings.RATINGS_LEADERBOARD_MIN_GAMES = 1
    alice, bob, carol = people(3)
    with committed(django_capture_on_commit_callbacks):
        play([alice, bob], [1, 2])
    assert board_names(client) == [alice.username, bob.username]
    with CaptureQueriesContext(connection) as queries:
        assert board_names(client) == [alice.username, bob.username]
    assert not [q for q in queries if "games_rating" in q["sql"]]
    german = client.get("/ratings/ranked/", headers={"accept-language": "de"}).content.decode()
    assert "Wertung" in german

    with committed(django_capture_on_commit_callbacks):
        play([carol, bob], [1, 2])
        assert board_names(client) == [alice.username, bob.username]  # not yet committed
    names = board_names(client)
    assert sorted(names) == sorted([alice.username, bob.username, carol.username])
    assert names[-1] == bob.username  # he lost twice
    german = client.get("/ratings/ranked/", headers={"accept-language": "de"}).content.decode()
    assert f">{carol.username}<" in german


@pytest.mark.usefixtures("production_cache")
def test_the_kept_leaderboard_shows_a_new_name_and_forgets_a_deleted_person(
    client, settings, django_capture_on_commit_callbacks
):
    settings.RATINGS_LEADERBOARD_MIN_GAMES = 1
    alice, bob = people(2)
    with committed(django_capture_on_commit_callbacks):
        play([alice, bob], [1, 2])
    assert board_names(client) == [alice.username, bob.username]
    kept = ratings_board.version("ranked")
    with committed(django_capture_on_commit_callbacks):
        alice.last_login = timezone.now()
        alice.save(update_fields=["last_login"])  # a login: no name changed
    assert ratings_board.version("ranked") == kept
    old = alice.username
    with committed(django_capture_on_commit_callbacks):
        alice.username = "alice-renamed"
        alice.save()
    html = client.get("/ratings/ranked/").content.decode()
    assert ">alice-renamed<" in html and f">{old}<" not in html
    with committed(django_capture_on_commit_callbacks):
        bob.delete()
    assert board_names(client) == ["alice-renamed"]


def rated_board(count: int, names=None) -> list:
    """``count`` people rated at the ranked game, best first (``names``: some of theirs)."""
    names = list(names or [])
    rated = [make_user(names[n]) if n < len(names) else make_user() for n in range(count)]
    Rating.objects.bulk_create(
        [
            Rating(
                user=person,
                kind="ranked",
                mu=5000 - n,
                sigma=80,
                games=3,
                updated_at=timezone.now(),
            )
            for n, person in enumerate(rated)
        ]
    )
    ratings_board.changed()  # the test's transaction never commits: the board is told here
    return rated


@pytest.mark.usefixtures("production_cache")
def test_a_kept_boards_pages_are_rendered_together_on_the_first_read(client, settings):
    """The first page read renders and keeps every page of the board: the others cost no
    query, and each holds its own places, in every language read once."""
    settings.RATINGS_LEADERBOARD_MIN_GAMES = 1
    best_first = rated_board(120)
    client.get("/ratings/ranked/")
    for language in ("en", "de"):
        for number in (3, 1, 2):
            with CaptureQueriesContext(connection) as queries:
                html = client.get(
                    "/ratings/ranked/",
                    {"page": str(number)},
                    headers={"accept-language": language},
                ).content.decode()
            if language == "en" or number != 3:  # German's first read renders its pages
                assert not [q for q in queries if "games_rating" in q["sql"]]
            shown = best_first[(number - 1) * 50 : number * 50]
            assert f"<td>{(number - 1) * 50 + 1}</td>" in html
            assert [html.index(f">{p.username}<") for p in shown] == sorted(
                html.index(f">{p.username}<") for p in shown
            )
            assert all(f">{p.username}<" not in html for p in best_first if p not in shown)


@pytest.mark.usefixtures("production_cache")
def test_a_kept_block_past_the_first_renders_its_own_pages(client, settings, monkeypatch):
    """A board longer than a block: a page past the first block renders its block only."""
    monkeypatch.setattr(ratings_board, "BLOCK", 2)
    settings.RATINGS_LEADERBOARD_MIN_GAMES = 1
    best_first = rated_board(160)
    html = client.get("/ratings/ranked/", {"page": "4"}).content.decode()
    assert f">{best_first[150].username}<" in html and "page 4 of 4" in html
    with CaptureQueriesContext(connection) as queries:
        html = client.get("/ratings/ranked/", {"page": "3"}).content.decode()
    assert not [q for q in queries if "games_rating" in q["sql"]]
    assert f">{best_first[100].username}<" in html
    with CaptureQueriesContext(connection) as queries:
        client.get("/ratings/ranked/", {"page": "2"})
    assert len([q for q in queries if "games_rating" in q["sql"]]) == 1


@pytest.mark.parametrize("kept", [True, False])
def test_a_boards_rows_escape_names_and_link_them_as_reverse_does(client, settings, kept, request):
    if kept:
        request.getfixturevalue("production_cache")
    settings.RATINGS_LEADERBOARD_MIN_GAMES = 1
    names = ["a&b<c>\"d'", "jörg.m+1@x-y_z", "名前", "plain_name"]
    rated_board(4, names)
    html = client.get("/ratings/ranked/").content.decode()
    for name in names:
        assert f'<a href="{escape(reverse("person", args=[name]))}">{escape(name)}</a>' in html


@pytest.mark.usefixtures("production_cache")
def test_a_kept_page_past_the_end_gives_the_last_page(client, settings):
    settings.RATINGS_LEADERBOARD_MIN_GAMES = 1
    alice, bob = people(2)
    play([alice, bob], [1, 2])
    ratings_board.changed()  # the test's transaction never commits: the board is told here
    for asked in ("1", "7", "no"):
        html = client.get("/ratings/ranked/", {"page": asked}).content.decode()
        assert html.index(f">{alice.username}<") < html.index(f">{bob.username}<")
    assert ">Nobody has played enough rated games yet.<" not in html


@pytest.mark.usefixtures("production_cache")
def test_a_rated_game_renders_only_its_own_games_board_anew(django_capture_on_commit_callbacks):
    """A game that ends leaves the other games' boards kept; a new name renders them all."""
    ranked, duel = ratings_board.version("ranked"), ratings_board.version("duel")
    with committed(django_capture_on_commit_callbacks):
        play(people(2), [1, 2])
    assert ratings_board.version("ranked") != ranked
    assert ratings_board.version("duel") == duel
    person = people(1)[0]
    with committed(django_capture_on_commit_callbacks):
        person.username = "renamed"
        person.save()
    assert ratings_board.version("duel") != duel


@pytest.mark.usefixtures("production_cache")
def test_a_rebuild_renders_the_kept_boards_anew(settings, django_capture_on_commit_callbacks):
    play(people(2), [1, 2])
    kept = ratings_board.version("ranked")
    with committed(django_capture_on_commit_callbacks):
        ratings.rebuild(timezone.now())
    assert ratings_board.version("ranked") != kept


def test_with_the_shared_cache_down_the_leaderboard_is_read_from_the_ratings(
    client, settings, django_capture_on_commit_callbacks
):
    """Production's cache while Redis is away: every page is rendered from the database and
    a rated game that ends shows all the same; its bump after the commit raises nothing."""
    import socket

    from config.settings import cache_aliases, shared_cache

    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    settings.CACHES = cache_aliases(shared_cache(f"redis://127.0.0.1:{port}/0"), settings.RELEASE)
    settings.RATINGS_LEADERBOARD_MIN_GAMES = 1
    alice, bob, carol = people(3)
    with committed(django_capture_on_commit_callbacks):
        play([alice, bob], [1, 2])
    assert board_names(client) == [alice.username, bob.username]
    with committed(django_capture_on_commit_callbacks):
        play([carol, alice], [1, 2])
    assert sorted(board_names(client)) == sorted([alice.username, bob.username, carol.username])


def test_an_empty_leaderboard_says_so(client):
    html = client.get("/ratings/ranked/").content.decode()
    assert "Nobody has played enough rated games yet." in html
    assert "<table" not in html


@pytest.mark.parametrize("username", ["alice", "jörg.m+1@x-y_z", "名前", "a%20b"])
def test_a_boards_link_to_a_person_is_the_one_reverse_gives(username):
    assert ratings_board.person_link()(username) == reverse("person", args=[username])


def test_the_lobby_shows_the_seated_peoples_ratings(client):
    alice, bob = people(2)
    play([alice, bob], [1, 2])
    game = services.game_create(
        referee=make_user(),
        kind="ranked",
        title="Open",
        settings={"seats": 3},
        time_zone="Europe/Berlin",
        deadline_days=1,
        computer_seats={2: "weak"},
        rated=True,
    )
    services.seat_join(game=game, number=0, user=alice)
    html = client.get("/games/").content.decode()
    assert f"({round(rating(alice).mu)})" in html and "(1200)" in html


def test_the_referee_makes_an_open_game_rated_or_not_but_not_once_it_runs(client):
    referee, alice = people(2)
    game = services.game_create(
        referee=referee,
        kind="ranked",
        title="Open",
        settings={"seats": 2},
        time_zone="Europe/Berlin",
        deadline_days=1,
    )
    client.force_login(referee)
    client.post(f"/games/{game.pk}/referee/rated/", {"rated": "1"})
    game.refresh_from_db()
    assert game.rated
    services.seat_join(game=game, number=0, user=alice)
    services.game_start(game=game, by=referee)
    response = client.post(f"/games/{game.pk}/referee/rated/", {"rated": "0"}, follow=True)
    game.refresh_from_db()
    assert game.rated and "rated or not from its start" in response.content.decode()
    client.force_login(alice)
    assert client.post(f"/games/{game.pk}/referee/rated/", {"rated": "0"}).status_code == 403


def test_the_api_gives_each_seats_rating_and_change_and_the_leaderboards(client, settings):
    settings.RATINGS_LEADERBOARD_MIN_GAMES = 1
    alice, bob = people(2)
    game = play([alice, bob], [1, 2], computers={2: "weak"})
    found = client.get(f"/api/v1/games/{game.pk}").json()
    assert found["rated"] is True
    seats = {seat["number"]: seat for seat in found["seats"]}
    assert seats[0]["rating"] == round(rating(alice).mu) and seats[0]["rating_change"] > 0
    assert seats[1]["rating_change"] < 0
    assert seats[2]["rating"] == 1200 and seats[2]["rating_change"] is None
    board = client.get("/api/v1/ratings/ranked").json()
    assert [row["player"] for row in board["items"]] == [alice.username, bob.username]
    assert board["items"][0]["place"] == 1 and board["count"] == 2
    assert client.get("/api/v1/ratings/nothing").status_code == 404
    mine = client.get(f"/api/v1/people/{alice.username}/ratings").json()
    assert mine[0]["kind"] == "ranked" and mine[0]["history"][0]["game"] == game.pk
    assert mine[0]["history"][0]["change"] == seats[0]["rating_change"]


# --- each game's own result, through its rules ----------------------------------------------------


def test_an_agreed_draw_in_a_rated_duel_ties_its_players():
    from duel import services as duel_services

    alice, bob = people(2)
    game = services.game_create(
        referee=alice,
        kind="duel",
        title="Even",
        time_zone="UTC",
        deadline_days=1,
        settings={"asteroids": 0, "fighters": ["wasp"]},
        rated=True,
    )
    for number, person in enumerate((alice, bob)):
        services.seat_join(game=game, number=number, user=person)
    services.game_start(game=game, by=alice)
    game.refresh_from_db()
    duel_services.draw_offer(game=game, user=alice)
    duel_services.draw_offer(game=game, user=bob)  # accepts hers
    changes = RatingChange.objects.filter(game=game)
    assert [c.place for c in changes] == [1, 1]
    assert rating(alice, "duel").mu == rating(bob, "duel").mu == pytest.approx(1500)


def test_a_dogfight_against_computers_is_rated_against_their_anchors_by_its_rules():
    from dogfight.plugin import COMPUTER_RATINGS

    alice, bob = people(2)
    referee = make_user()
    game = services.game_create(
        referee=referee,
        kind="dogfight",
        title="Rated skies",
        time_zone="UTC",
        deadline_days=1,
        settings={},
        computer_seats={2: "ace", 3: "novice", 4: "novice", 5: "veteran"},
        rated=True,
    )
    services.seat_join(game=game, number=0, user=alice)
    services.seat_join(game=game, number=1, user=bob)
    services.game_start(game=game, by=referee)
    for number in (0, 2, 3, 4, 5):  # every pilot but bob's taken out: the game ends
        services.referee_remove(game=game, by=referee, number=number)
    resolution.round_resolve(round_id=game.rounds.get(number=1).pk, force=True)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and not game.scored
    places = {c.user_id: c.place for c in RatingChange.objects.filter(game=game)}
    assert places == {bob.pk: 1, alice.pk: 2}  # the removed share the last place
    assert rating(bob, "dogfight").mu > 1500 > rating(alice, "dogfight").mu
    assert COMPUTER_RATINGS["ace"][0] > COMPUTER_RATINGS["novice"][0]
    assert Rating.objects.filter(kind="dogfight").count() == 2


# --- the batch's SQL (games/db/ratings.py) ------------------------------------------------------


def test_a_batchs_rating_rows_are_made_locked_and_written_back_to_the_last_bit():
    alice, bob = people(2)
    keys = [(alice.pk, "ranked"), (bob.pk, "ranked")]
    now = timezone.now()
    with transaction.atomic():
        assert rating_rows.locked(keys) == {}
        newcomers = {key: rating_rows.Held(None, *rating_model.NEW, 0) for key in keys}
        made, taken = rating_rows.make(newcomers, now)
        assert set(made) == set(keys) and not taken
        held = rating_rows.locked(keys)
        assert {key: h.pk for key, h in held.items()} == made
        assert all((h.mu, h.sigma, h.games) == (*rating_model.NEW, 0) for h in held.values())
        mine = held[alice.pk, "ranked"]
        mine.mu, mine.sigma, mine.games = 1234.5678901234567, 0.1 + 0.2, 3
        rating_rows.update(list(held.values()), now)
    assert (rating(alice).mu, rating(alice).sigma, rating(alice).games) == (
        1234.5678901234567,
        0.1 + 0.2,
        3,
    )
    assert rating(bob).mu == rating_model.NEW[0]
    with transaction.atomic():  # a row that exists is neither made again nor changed
        again = {keys[0]: rating_rows.Held(None, 1.0, 1.0, 1)}
        assert rating_rows.make(again, now) == ({}, [keys[0]])
        assert rating(alice).mu == 1234.5678901234567 and Rating.objects.count() == 2


def test_one_lock_finds_each_persons_row_at_each_game_and_no_other():
    alice, bob = people(2)
    now = timezone.now()
    for person, kind, mu in [(alice, "ranked", 1600), (alice, "duel", 1400), (bob, "duel", 1700)]:
        Rating.objects.create(user=person, kind=kind, mu=mu, sigma=90, games=2, updated_at=now)
    keys = [(alice.pk, "duel"), (alice.pk, "ranked"), (bob.pk, "ranked")]
    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        held = rating_rows.locked(keys)
    assert {key: h.mu for key, h in held.items()} == {
        (alice.pk, "duel"): 1400,
        (alice.pk, "ranked"): 1600,
    }
    assert len(queries) == 1
    assert connection.vendor != "postgresql" or "FOR UPDATE" in queries[0]["sql"]


def test_a_row_another_batch_made_after_the_lock_looked_is_rated_from(monkeypatch):
    """Two batches rating one newcomer: this one's lock found no row of bob's, the other
    made it and committed before this one's insert. The whole batch is rated again from his
    row, the rows made meanwhile moved to their ratings after."""
    alice, bob, carol = people(3)
    now = timezone.now()
    Rating.objects.create(user=bob, kind="ranked", mu=1900, sigma=200, games=4, updated_at=now)
    real, looks = rating_rows.locked, []

    def blind_at_first(keys):
        looks.append(keys)
        found = real(keys)
        if len(looks) == 1:
            del found[bob.pk, "ranked"]
        return found

    monkeypatch.setattr(rating_rows, "locked", blind_at_first)
    game = play([alice, bob, carol], [1, 2, 3])
    befores = [rating_model.NEW, (1900.0, 200.0), rating_model.NEW]
    expected = rating_model.rate(befores, [1, 2, 3])
    assert [(rating(p).mu, rating(p).sigma) for p in (alice, bob, carol)] == expected
    assert [rating(p).games for p in (alice, bob, carol)] == [1, 5, 1]
    changes = RatingChange.objects.filter(game=game).order_by("seat")
    assert [(c.mu_before, c.sigma_before) for c in changes] == befores
    assert [(c.mu_after, c.sigma_after) for c in changes] == expected
    assert looks[-1] == [(bob.pk, "ranked")]  # locked at last


def test_the_rater_gives_what_a_fresh_rating_gives_game_after_game():
    """The batch's rater reuses OpenSkill's rating objects: the same numbers as ones made
    anew for each game, whatever the seats before."""
    rater = rating_model.Rater()
    games = [
        ([(1500.0, 500.0), (1620.5, 80.25), (1390.0, 120.0)], [2, 1, 3]),
        ([(1700.0, 60.0), (1500.0, 500.0)], [1, 1]),
        ([(1500.0 + 10 * n, 300.0 - 20 * n) for n in range(6)], [6, 5, 4, 3, 2, 1]),
        ([(1480.0, 90.0), (1510.0, 95.0)], [2, 1]),
    ]
    for before, places in games:
        fresh = rating_model.MODEL.rate(
            [[rating_model.MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before],
            ranks=[float(place) for place in places],
        )
        assert rater.rate(before, places) == [(new.mu, new.sigma) for (new,) in fresh]


def test_the_rated_games_come_back_in_the_order_they_were_rated():
    alice, bob = people(2)
    games = [play([alice, bob], [1, 2]), play([bob, alice], [1, 2]), play([alice, bob], [2, 1])]
    with transaction.atomic():
        rating_rows.lock_tables()
        assert rating_rows.rated_game_order() == [game.pk for game in games]
