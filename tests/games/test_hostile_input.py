"""Hostile input to every form and endpoint of the site: random fields, oversized chatter,
unicode tricks in names (zero-width joiners, RTL marks, combining accents, homoglyphs, NUL
bytes), wrong seat ids, replayed CSRF tokens, orders for a round that is not open. Never a 500;
a clear refusal (4xx, or the page with its message); and nothing stored that should not be.

Each example runs inside a savepoint that is rolled back, with the cache emptied (limits
counted from zero), so every example meets the same site. The test client re-raises a view's
exception, so a 500 fails the test with its traceback. Every installed game's URLs are swept on
a real game of that kind (``MAKERS``: one per game in the registry).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.test import Client
from django.urls import NoReverseMatch, URLResolver, get_resolver, reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dogfight import services as dogfight_services
from dogfight.models import Enlistment, Pilot
from dogfight.names import name_problem
from games import registry, resolution, services
from games.models import Chatter, Game, Order, Round, Seat
from tests.duel.web.helpers import make_duel, placed
from tests.factories import PASSWORD, make_dogfight, make_user, open_round
from tests.helpers import (  # noqa: F401
    HTMX,
    chatter_url,
    fast_passwords,
    messages_of,
    order_post,
    orders_url,
    preview_url,
    set_planes,
)
from tests.joyride.web.helpers import make_game as make_joyride
from tests.racing.web.helpers import make_race

# slow: hypothesis sends hundreds of requests, each test on a world of five games
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords"), pytest.mark.slow]

HYPO = settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
FEW = settings(HYPO, max_examples=10)

TRICKS = [
    "\u200d",
    "\u200b",
    "\u2060",
    "\ufeff",  # zero-width joiner, space, word joiner, BOM
    "\u202e",
    "\u200f",
    "\u2066",  # right-to-left override, RTL mark, isolate
    "e\u0301",
    "\u0301\u0301\u0301",
    "Z\u0351\u0358\u0322",  # combining accents
    "Rеd Fаlcon",
    "Ꭱed",
    "Ｒｅｄ",
    "ℝed",  # homoglyphs: Cyrillic, Cherokee, wide
    "\x00",
    "a\x00b",
    "\x07",
    "\r\n",
    "\u2028",  # NUL, bell, line breaks
    "😀",
    "👩‍✈️",
    "ß",
    "İ",
    "ǅ",
    "<script>alert(1)</script>",
    "{{ 7|add:7 }}",
    "' OR 1=1 --",
    "%s%n",
    "../../etc/passwd",
    "-1",
    "0",
    "99999999999999999999",
    "1e9",
    "NaN",
    "",
    " ",
    "A" * 300,
]
hostile_text = st.one_of(
    st.sampled_from(TRICKS),
    st.text(st.characters(blacklist_categories=("Cs",)), max_size=40),
    st.lists(st.sampled_from(TRICKS), min_size=1, max_size=6).map("".join),
    st.integers(min_value=-(2**63), max_value=2**64).map(str),
    st.just("x" * 5000),
)
FIELDS = [
    "username",
    "email",
    "password",
    "password1",
    "password2",
    "old_password",
    "new_password1",
    "new_password2",
    "time_zone",
    "notices",
    "mail_reminders",
    "title",
    "deadline_days",
    "resolve_early",
    "mode",
    "windless",
    "legacy_weather",
    "balloon_rule",
    "balloons",
    "clouds",
    "scoring",
    "computer_0",
    "level_0",
    "computer_5",
    "level_5",
    "wind",
    "number",
    "m1",
    "m2",
    "m3",
    "f1",
    "f2",
    "f3",
    "t1",
    "t2",
    "t3",
    "pilot_name",
    "l1",
    "l2",
    "l6",
    "l7",
    "l99",
    "confirm",
    "step",
    "submit",
    "next",
    "fighter",
    "action",
    "steps",
    "speed",
    "facing",
    "hex",
    "placements",
    "draft",
    "current",
    "do",
    "facing_A1",
    "hex_A1",
]
hostile_form = st.dictionaries(
    st.one_of(st.sampled_from(FIELDS), st.text(max_size=8)),
    st.one_of(hostile_text, st.lists(hostile_text, max_size=4)),
    max_size=8,
)


def in_savepoint(example):
    """Run one example and roll back whatever it stored (and count no limit on)."""
    cache.clear()
    with transaction.atomic():
        example()
        transaction.set_rollback(True)


def client_for(user, **options) -> Client:
    client = Client(**options)
    if user is not None:
        client.force_login(user)
    return client


def rows() -> dict:
    return {
        model.__name__: model.objects.count()
        for model in (Order, Chatter, Pilot, Enlistment, Game, Seat, Round, get_user_model())
    }


def running_dogfight(referee, alice, bob, capture) -> Game:
    """Round 1 published, round 2 open: Alice in seat 0, Bob in seat 1, computers in 2-5."""
    game = make_dogfight(referee, humans={0: alice, 1: bob})
    first = open_round(game)
    resolution.round_resolve(round_id=first.pk, now=first.deadline)
    return game


def running_duel(referee, alice, bob, capture) -> Game:
    """Both fighters placed: Alice (player A, seat 0) is to fly."""
    game = make_duel(alice, bob, referee=referee)
    placed(game, alice, bob, capture)
    return game


def running_race(referee, alice, bob, capture) -> Game:
    """A three-jet race: Alice's jet (seat 0) is on turn, Bob's next, a computer jet last."""
    return make_race(alice, bob, referee=referee)


def running_joyride(referee, alice, bob, capture) -> Game:
    """Two players' first run open: Alice in seat 0, Bob in seat 1."""
    return make_joyride(alice, bob)


# A running game of each installed kind, Alice in seat 0 and Bob in seat 1.
MAKERS = {
    "dogfight": running_dogfight,
    "duel": running_duel,
    "racing": running_race,
    "joyride": running_joyride,
}


def test_every_installed_game_has_a_maker_for_the_sweep():
    assert {rules.slug for rules in registry.all_games()} == set(MAKERS)


@pytest.fixture
def world(django_capture_on_commit_callbacks):
    """A running game of every kind, and of the dogfight (round 1 published, round 2 open:
    Alice in seat 0, Bob in seat 1, computer pilots in 2-5) an open game and a finished game;
    Alice's pilot."""
    referee, alice, bob, stranger = (make_user(n) for n in ("referee", "alice", "bob", "stranger"))
    running = {
        slug: maker(referee, alice, bob, django_capture_on_commit_callbacks)
        for slug, maker in MAKERS.items()
    }
    game = running["dogfight"]
    waiting = make_dogfight(referee, humans={0: alice}, start=False, title="Waiting")
    finished = make_dogfight(referee, humans={0: alice}, title="Finished")
    set_planes(open_round(finished), {n: {"status": "out"} for n in range(1, 6)})
    last = open_round(finished)
    last.orders.all().delete()  # the computer pilots' sealed orders were for planes now out
    resolution.round_resolve(round_id=last.pk, now=last.deadline)
    finished.refresh_from_db()
    assert finished.status == Game.Status.FINISHED
    pilot = dogfight_services.pilot_claim(user=alice, name="Red Falcon")
    return {
        "game": game,
        "waiting": waiting,
        "finished": finished,
        "pilot": pilot,
        "running": running,
        "users": {
            "anonymous": None,
            "a stranger": stranger,
            "another pilot": bob,
            "the seat's pilot": alice,
            "the referee": referee,
        },
    }


# --- every endpoint of the URLconf -----------------------------------------------------------


def endpoints() -> list[tuple[str, tuple[str, ...]]]:
    """(name, path parameters) of every URL of the site but the admin."""
    found = []

    def walk(resolver, namespace):
        for entry in resolver.url_patterns:
            if isinstance(entry, URLResolver):
                if entry.app_name != "admin":
                    walk(entry, entry.namespace or namespace)
            elif entry.name:
                name = f"{namespace}:{entry.name}" if namespace else entry.name
                found.append((name, tuple(entry.pattern.converters)))

    walk(get_resolver(), None)
    return found


def test_the_endpoint_list_is_the_whole_site():
    names = {name for name, _ in endpoints()}
    assert {
        "signup",
        "login",
        "password_reset",
        "password_reset_confirm",
        "my_games",
        "lobby",
        "game_new",
        "seat_join",
        "referee_panel",
        "referee_start",
        "referee_input",
        "referee_remove",
        "referee_replace",
        "referee_retry",
        "game",
        "round_report",
        "game_feed",
        "dogfight:rules",
        "dogfight:seat",
        "dogfight:preview",
        "dogfight:submit",
        "dogfight:chatter",
        "dogfight:practice",
        "dogfight:career",
        "dogfight:promote",
        "dogfight:decline",
        "dogfight:leaderboard",
        "duel:rules",
        "duel:seat",
        "duel:preview",
        "duel:submit",
        "duel:resign",
        "duel:draw",
    } <= names


def test_every_endpoint_answers_random_gets_and_posts_from_anyone_without_a_500(world):
    """Each endpoint, as each kind of visitor, with a GET and a POST of hostile fields (and a
    PUT and a DELETE): a 500 would raise here. A game's own URLs get games of its kind (and
    of another kind); the platform's get every kind's."""
    kinds = [rules.slug for rules in registry.all_games()]
    visitors = {who: logged_in(user) for who, user in world["users"].items()}
    every_game = [world["running"][slug].pk for slug in kinds]
    arguments = {
        "game_id": every_game + [world["waiting"].pk, world["finished"].pk, 10**9],
        "number": [0, 1, 2, 5, 6, 2**31 - 1],
        "step": [0, 1, 4, 5, 2**31 - 1],
        "pilot_id": [world["pilot"].pk, 10**9],
        "kind": kinds + ["nonesuch"],
        "uidb64": ["MQ", "x", "-"],
        "token": ["set-password", "abc-123", "x"],
        "username": [
            *(u.username for u in world["users"].values() if getattr(u, "username", "")),
            "nobody-here",
            "Ünï côdé",
        ],
    }
    for name, parameters in endpoints():
        namespace = name.partition(":")[0] if ":" in name else None
        choices = dict(arguments)
        if namespace in world["running"]:  # mostly its own kind's game, its seats 0 and 1
            own = world["running"][namespace].pk
            choices["game_id"] = [own, own, own] + arguments["game_id"]
            choices["number"] = [0, 0, 1] + arguments["number"]
        paths = st.fixed_dictionaries({p: st.sampled_from(choices[p]) for p in parameters})
        for who, visitor in visitors.items():
            for method in ("get", "post"):
                hammer(name, paths, who, visitor, method)
        url = reverse(name, kwargs={p: choices[p][0] for p in parameters})
        for method in ("put", "delete", "patch", "options"):
            assert (
                getattr(client_for(world["users"]["the seat's pilot"]), method)(url).status_code
                < 500
            )


def logged_in(user) -> Callable[[], Client]:
    """Clients of ``user``, logged in once: each has the cookies the login gave, and the
    session row it made, stored before any example, comes back with each rollback (so a
    logout or a new password lasts one example)."""
    cookies = client_for(user).cookies

    def client() -> Client:
        fresh = Client()
        fresh.cookies = copy.deepcopy(cookies)
        return fresh

    return client


def hammer(name, paths, who, visitor, method):
    """Hostile requests to the endpoint ``name`` by a client of ``visitor`` (``who``), each
    in a savepoint."""

    @settings(HYPO, max_examples=3)
    @given(htmx=st.booleans(), data=hostile_form, path=paths)
    def attempt(htmx, data, path):
        def example():
            response = getattr(visitor(), method)(
                reverse(name, kwargs=path), data, **(HTMX if htmx else {})
            )
            assert response.status_code < 500, (name, who, method, data)

        in_savepoint(example)

    attempt()


# --- the cockpit: orders, chatter, preview ---------------------------------------------------

ORDER_CODES = [
    "A",
    "L",
    "R",
    "LS",
    "RS",
    "H",
    "I",
    "S",
    "O",
    "TA",
    "TB",
    "TG",
    "G",
    "LD",
    "",
    "XX",
    "a",
    "A\x00",
]


@HYPO
@given(
    picks=st.lists(st.sampled_from(ORDER_CODES) | hostile_text, min_size=0, max_size=4),
    fire=st.dictionaries(
        st.sampled_from(["f1", "f2", "f3", "f4"]),
        st.lists(st.sampled_from(["A", "L", "R", "B", ""]) | hostile_text, max_size=4),
    ),
    through=st.lists(st.sampled_from(["t1", "t2", "t3"])),
    name=st.one_of(st.sampled_from(TRICKS), hostile_text, st.just("Grey Owl")),
)
def test_the_order_form_with_hostile_fields_stores_orders_only_when_it_says_so(
    world, picks, fire, through, name
):
    game, alice = world["game"], world["users"]["the seat's pilot"]

    def example():
        before = rows()
        data = {f"m{n}": pick for n, pick in enumerate(picks, start=1)}
        data.update(fire)
        data.update({t: "1" for t in through})
        data["pilot_name"] = name
        response = client_for(alice).post(orders_url(game, 0), data)
        after = rows()
        if response.status_code == 302:
            assert after["Order"] == before["Order"] + 1
            assert name_problem(" ".join(name.split())) is None
            assert Seat.objects.get(game=game, number=0).name
        else:
            assert response.status_code == 400
            assert any(m.startswith("Your orders were not accepted") for m in messages_of(response))
            assert after == before
            assert Seat.objects.get(game=game, number=0).name == ""

    in_savepoint(example)


@HYPO
@given(
    lines=st.dictionaries(
        st.sampled_from([f"l{n}" for n in range(1, 10)]) | st.text(max_size=4),
        hostile_text,
        max_size=9,
    )
)
def test_chatter_with_hostile_lines_is_stored_only_when_it_fits(world, lines):
    game, alice = world["game"], world["users"]["the seat's pilot"]

    def example():
        before = rows()
        client = client_for(alice)
        response = client.post(chatter_url(game, 0), lines)
        assert response.status_code == 302
        [message] = messages_of(client.get(response.url)) or [None]
        stored = Chatter.objects.filter(round__game=game, seat__number=0).first()
        if message and message.startswith("Chatter saved"):
            assert stored is not None
            assert len(stored.lines) <= services.MAX_CHATTER_LINES
            assert all(
                0 < len(line) <= services.MAX_CHATTER_LENGTH and "\x00" not in line
                for line in stored.lines
            )
        else:
            assert message and message.startswith("Your chatter was not saved"), message
            assert stored is None and rows() == before

    in_savepoint(example)


@FEW
@given(query=hostile_form)
def test_the_route_preview_takes_any_query_string(world, query):
    game, alice = world["game"], world["users"]["the seat's pilot"]

    def example():
        response = client_for(alice).get(preview_url(game, 0), query, **HTMX)
        assert response.status_code == 200
        assert '<div id="moves"' in response.content.decode()

    in_savepoint(example)


@pytest.mark.parametrize("number", [1, 2, 5, 6, 7, 2**31 - 1])
def test_orders_and_chatter_for_a_wrong_seat_are_refused_and_nothing_is_stored(world, number):
    game, alice = world["game"], world["users"]["the seat's pilot"]
    client = client_for(alice)
    before = rows()
    for url, data in (
        (orders_url(game, number), order_post(["A", "A", "A"], name="Intruder")),
        (chatter_url(game, number), {"l1": "not my seat"}),
    ):
        assert client.post(url, data).status_code in (403, 404)
    assert rows() == before


def test_orders_for_a_finished_game_are_refused_with_a_message(world, client):
    finished, alice = world["finished"], world["users"]["the seat's pilot"]
    client.force_login(alice)
    before = rows()
    response = client.post(orders_url(finished, 0), order_post(["A", "A", "A"], name="Late"))
    assert response.status_code == 400
    assert [
        m
        for m in messages_of(response)
        if m.startswith("Your orders were not accepted: there is no round open")
    ]
    assert rows() == before


def test_orders_for_a_game_not_started_yet_are_refused_with_a_message(world, client):
    waiting, alice = world["waiting"], world["users"]["the seat's pilot"]
    client.force_login(alice)
    before = rows()
    response = client.post(orders_url(waiting, 0), order_post(["TB", "TB", "A"], name="Early"))
    assert response.status_code in (302, 400)
    assert rows() == before
    page = client.get(response.url) if response.status_code == 302 else response
    assert any("not" in m for m in messages_of(page))


def test_orders_while_the_first_round_waits_for_the_referee_are_refused(world, client):
    """Round 1 failed three times: no round is open and none was ever published."""
    alice = world["users"]["the seat's pilot"]
    game = make_dogfight(humans={0: alice}, title="Stuck")
    Round.objects.filter(pk=open_round(game).pk).update(status=Round.Status.FAILED)
    client.force_login(alice)
    before = rows()
    response = client.post(orders_url(game, 0), order_post(["TB", "TB", "A"], name="Stuck"))
    assert response.status_code in (302, 400)
    assert rows() == before
    assert client.get(reverse("dogfight:seat", args=[game.pk, 0])).status_code in (200, 302)
    assert client.post(chatter_url(game, 0), {"l1": "anyone?"}).status_code == 302
    assert rows() == before


def test_orders_from_a_form_of_a_round_already_resolved_are_refused(world, client):
    """A form opened in round 2 and posted after round 2 was published is not taken as round
    3's orders: the pilot has not seen round 3's board."""
    game, alice = world["game"], world["users"]["the seat's pilot"]
    client.force_login(alice)
    form = client.get(reverse("dogfight:seat", args=[game.pk, 0])).content.decode()
    assert '<input type="hidden" name="round" value="2">' in form
    rnd = open_round(game)
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    before = rows()
    response = client.post(
        orders_url(game, 0), {**order_post(["A", "A", "A"], name="Grey Owl"), "round": "2"}
    )
    assert response.status_code == 400
    assert (
        "Your orders were not accepted: that form was for round 2, which is over: these "
        "are the orders for round 3, look at the board again." in messages_of(response)
    )
    assert rows() == before
    assert '<input type="hidden" name="round" value="3">' in response.content.decode()


# --- the duel's turn form: drafts, clicks and actions ---------------------------------------

STEP_CODES = ["A", "L", "R", "G", "M", "S", "", "XX", "a", "A\x00"]
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | hostile_text,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
draft_orders = st.lists(
    st.one_of(
        st.fixed_dictionaries(
            {
                "fighter": st.sampled_from(["A1", "B1", "A2", ""]) | hostile_text,
                "steps": st.lists(st.sampled_from(STEP_CODES) | hostile_text, max_size=8),
            }
        ),
        st.fixed_dictionaries(
            {
                "fighter": st.sampled_from(["A1", "B1"]) | hostile_text,
                "stay": st.just(True) | json_values,
                "facing": st.integers(-3, 9) | st.none() | json_values,
            }
        ),
        st.dictionaries(
            st.sampled_from(["fighter", "steps", "stay", "facing"]), json_values, max_size=4
        ),
        json_values,
    ),
    max_size=4,
)
drafts = st.one_of(
    draft_orders.map(json.dumps),
    json_values.map(json.dumps),
    hostile_text,
    st.integers(1, 4000).map(lambda depth: "[" * depth + "]" * depth),
)
clicks = st.fixed_dictionaries(
    {
        "draft": drafts,
        "current": st.sampled_from(["", "A1", "B1", "A2"]) | hostile_text,
        "do": st.sampled_from(
            [
                "pick:A1",
                "stay:A1",
                "step:A",
                "step:L",
                "step:G",
                "done",
                "undo",
                "clear",
                "pick:B1",
                "step:",
                "",
            ]
        )
        | hostile_text,
    },
    optional={"facing_A1": st.sampled_from(["0", "5", "9", "-1", "x"]) | hostile_text},
)


def _duel(world):
    return world["running"]["duel"], world["users"]["the seat's pilot"]


@HYPO
@given(click=clicks, htmx=st.booleans())
def test_the_duel_turn_form_takes_any_draft_and_click(world, click, htmx):
    game, alice = _duel(world)

    def example():
        before = rows()
        client = client_for(alice)
        for page in ("duel:seat", "duel:preview"):
            response = client.get(reverse(page, args=[game.pk, 0]), click, **(HTMX if htmx else {}))
            assert response.status_code in (200, 302)
        assert rows() == before

    in_savepoint(example)


@HYPO
@given(
    draft=drafts,
    action=st.sampled_from(["turn", "fighters", "asteroid", ""]) | hostile_text,
    extra=hostile_form,
)
def test_a_duel_action_with_hostile_fields_is_stored_only_when_it_says_so(
    world, draft, action, extra
):
    game, alice = _duel(world)

    def example():
        before = rows()
        response = client_for(alice).post(
            reverse("duel:submit", args=[game.pk, 0]), {**extra, "action": action, "draft": draft}
        )
        if response.status_code == 302:
            assert rows()["Order"] == before["Order"] + 1
        else:
            assert response.status_code == 400
            assert any(m.startswith("Not accepted: ") for m in messages_of(response))
            assert rows() == before

    in_savepoint(example)


# --- accounts ----------------------------------------------------------------------------------


@HYPO
@given(
    username=hostile_text,
    email=st.one_of(hostile_text, st.emails().map(str)),
    password=st.one_of(hostile_text, st.just("a-long-test-password-7")),
)
def test_signup_with_hostile_names_creates_a_user_only_when_it_says_so(
    world, username, email, password
):
    User = get_user_model()

    def example():
        before = User.objects.count()
        response = Client().post(
            reverse("signup"),
            {"username": username, "email": email, "password1": password, "password2": password},
        )
        if response.status_code == 302:
            user = User.objects.get(username=username)
            assert "\x00" not in user.username and user.profile
            assert User.objects.count() == before + 1
        else:
            assert response.status_code == 200 and response.context["form"].errors
            assert User.objects.count() == before

    in_savepoint(example)


@FEW
@given(form=hostile_form)
def test_login_password_reset_and_password_change_refuse_hostile_forms(world, form):
    alice = world["users"]["the seat's pilot"]

    def example():
        password = alice.password
        for url, who in (
            (reverse("login"), None),
            (reverse("password_reset"), None),
            (reverse("password_change"), alice),
        ):
            response = client_for(who).post(url, form)
            assert response.status_code in (200, 302)
        alice.refresh_from_db()
        assert alice.password == password

    in_savepoint(example)


@FEW
@given(form=hostile_form)
def test_my_games_settings_take_only_a_real_time_zone(world, form):
    alice = world["users"]["the seat's pilot"]

    def example():
        response = client_for(alice).post(reverse("my_games"), form)
        assert response.status_code in (200, 302)
        from games.clock import valid_time_zone

        alice.profile.refresh_from_db()
        assert valid_time_zone(alice.profile.time_zone)

    in_savepoint(example)


# --- the lobby, new games, the referee ---------------------------------------------------------


@pytest.mark.parametrize("number", [-1, 6, 7, 99, 2**31 - 1])
def test_joining_a_seat_that_does_not_exist_is_refused_and_nothing_changes(world, client, number):
    client.force_login(world["users"]["a stranger"])
    before = rows()
    try:
        url = reverse("seat_join", args=[world["waiting"].pk, number])
    except NoReverseMatch:  # a negative number does not even make a URL
        url = f"/games/{world['waiting'].pk}/join/{number}/"
    response = client.post(url)
    assert response.status_code in (302, 404)
    assert rows() == before
    assert not Seat.objects.filter(user=world["users"]["a stranger"]).exists()


@HYPO
@given(
    form=st.fixed_dictionaries(
        {
            "title": hostile_text,
            "time_zone": st.sampled_from(["Europe/Berlin", "Mars/Olympus", ""]) | hostile_text,
            "deadline_days": st.sampled_from(["1", "2", "0", "15", "-3", "x"]),
            "mode": st.sampled_from(["full", "duel", "both", ""]),
            "balloon_rule": st.sampled_from(["none", "normal", "through", "sideways"]),
            "balloons": st.sampled_from(["0", "1", "2", "6", "13", "-1", "1e3"]),
            "clouds": st.sampled_from(["0", "6", "12", "13", "-1"]),
            "scoring": st.sampled_from(["hits", "damage", "both"]),
        },
        optional={
            "computer_0": st.just("on"),
            "computer_5": st.just("on"),
            "level_0": st.sampled_from(["novice", "ace", "god"]),
            "windless": st.just("on"),
        },
    )
)
def test_game_creation_with_hostile_settings_creates_a_game_only_when_it_says_so(world, form):
    referee = world["users"]["the referee"]

    def example():
        before = rows()
        response = client_for(referee).post(reverse("game_new", args=["dogfight"]), form)
        after = rows()
        if response.status_code == 302:
            game = Game.objects.latest("pk")
            assert after["Game"] == before["Game"] + 1
            assert game.title == form["title"].strip() and "\x00" not in game.title
            assert after["Seat"] - before["Seat"] in (2, 6)
        else:
            assert response.status_code == 200
            assert after == before
            assert response.context["form"].errors or messages_of(response)

    in_savepoint(example)


REFEREE_ACTIONS = [
    "referee_start",
    "referee_input",
    "referee_remove",
    "referee_replace",
    "referee_retry",
    "referee_undo_remove",
    "referee_resolve_now",
]


@pytest.mark.parametrize("action", REFEREE_ACTIONS)
@pytest.mark.parametrize("who", ["a stranger", "another pilot", "the seat's pilot"])
def test_referee_actions_by_anyone_else_are_refused_and_change_nothing(world, action, who):
    game = world["game"]
    rnd = open_round(game)
    seats = list(game.seats.values_list("number", "user_id", "computer"))
    response = client_for(world["users"][who]).post(
        reverse(action, args=[game.pk]), {"wind": "3", "number": "1", "username": "stranger"}
    )
    assert response.status_code == 403
    rnd.refresh_from_db()
    assert rnd.referee_input == {} and rnd.status == Round.Status.OPEN
    assert list(game.seats.values_list("number", "user_id", "computer")) == seats


@HYPO
@given(
    action=st.sampled_from(REFEREE_ACTIONS),
    form=hostile_form,
    number=st.one_of(st.sampled_from(["0", "1", "2", "5", "6", "-1", "99"]), hostile_text),
    username=st.one_of(st.sampled_from(["bob", "stranger", "BOB", "nobody"]), hostile_text),
)
def test_the_referees_own_hostile_forms_never_break_the_game(world, action, form, number, username):
    game, referee = world["game"], world["users"]["the referee"]

    def example():
        data = {**form, "number": number, "username": username}
        response = client_for(referee).post(reverse(action, args=[game.pk]), data)
        assert response.status_code == 302
        rnd = open_round(game)
        assert set(rnd.referee_input) <= {"wind", "remove"}
        assert all(n in range(6) for n in rnd.referee_input.get("remove", []))
        assert game.seats.count() == 6

    in_savepoint(example)


# --- careers -------------------------------------------------------------------------------------


@pytest.mark.parametrize("action", ["dogfight:promote", "dogfight:decline"])
@pytest.mark.parametrize("who", ["a stranger", "another pilot"])
def test_promotion_and_decline_on_someone_elses_pilot_change_nothing(world, action, who):
    pilot = world["pilot"]
    Pilot.objects.filter(pk=pilot.pk).update(points=120)
    before = Pilot.objects.filter(pk=pilot.pk).values().get()
    response = client_for(world["users"][who]).post(
        reverse(action, args=[pilot.pk]), {"confirm": "yes"}
    )
    assert response.status_code == 302
    assert Pilot.objects.filter(pk=pilot.pk).values().get() == before


# --- CSRF ------------------------------------------------------------------------------------------


def _token(client: Client, url: str) -> str:
    client.get(url)
    return client.cookies["csrftoken"].value


@pytest.mark.parametrize("page", ["orders", "chatter", "join", "my games", "new game"])
def test_a_csrf_token_replayed_from_another_session_is_refused(world, page):
    game, alice = world["game"], world["users"]["the seat's pilot"]
    url, data = {
        "orders": (orders_url(game, 0), order_post(["TB", "TB", "A"], name="Red Falcon")),
        "chatter": (chatter_url(game, 0), {"l1": "replayed"}),
        "join": (reverse("seat_join", args=[world["waiting"].pk, 3]), {}),
        "my games": (reverse("my_games"), {"time_zone": "Asia/Tokyo"}),
        "new game": (
            reverse("game_new", args=["dogfight"]),
            {
                "title": "Replay",
                "time_zone": "Europe/Berlin",
                "deadline_days": "2",
                "mode": "full",
                "balloon_rule": "none",
                "balloons": "0",
                "clouds": "6",
                "scoring": "hits",
            },
        ),
    }[page]
    # Another person's session (the attacker's own) and a token from before Alice logged in.
    attacker = client_for(world["users"]["a stranger"], enforce_csrf_checks=True)
    stolen = _token(attacker, reverse("my_games"))
    victim = Client(enforce_csrf_checks=True)
    before_login = _token(victim, reverse("login"))
    assert (
        victim.post(
            reverse("login"),
            {"username": "alice", "password": PASSWORD, "csrfmiddlewaretoken": before_login},
        ).status_code
        == 302
    )
    assert victim.cookies["csrftoken"].value != before_login  # logging in rotates it
    before = rows()
    for token in (stolen, before_login, "x" * 64, ""):
        response = victim.post(url, {**data, "csrfmiddlewaretoken": token})
        assert response.status_code == 403, token
    alice.profile.refresh_from_db()
    assert rows() == before and alice.profile.time_zone == "Europe/Berlin"
