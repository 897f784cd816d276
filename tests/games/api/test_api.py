"""The public API (/api/v1/): tokens, the reads anyone may make, and a seat owner's round,
choices, preview, orders and chatter, with the same checks and secrecy as the web forms."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from games import resolution
from games.models import ApiToken, Order
from games.tokens import token_create
from tests.duel.web.helpers import A_PLACEMENT, make_duel
from tests.factories import GROUND_ORDERS, make_dogfight, make_user, open_round
from tests.helpers import fast_passwords  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords")]

API = "/api/v1"


class Bot:
    """An API client with a personal token, as a person's program would be."""

    def __init__(self, user):
        self.user = user
        _token, self.secret = token_create(user=user, name="bot")
        self.client = Client()

    def _headers(self) -> dict:
        return {"HTTP_AUTHORIZATION": f"Bearer {self.secret}"}

    def get(self, path: str, **params):
        return self.client.get(API + path, params, **self._headers())

    def post(self, path: str, body: object):
        return self.client.post(
            API + path, json.dumps(body), content_type="application/json", **self._headers()
        )

    def put(self, path: str, body: object):
        return self.client.put(
            API + path, json.dumps(body), content_type="application/json", **self._headers()
        )


def seat_path(game, number: int, rest: str = "") -> str:
    return f"/games/{game.pk}/seats/{number}{rest}"


@pytest.fixture
def alice():
    return make_user("alice")


@pytest.fixture
def game(alice):
    return make_dogfight(humans={0: alice, 3: make_user("bob")}, title="API skies")


# --- tokens -------------------------------------------------------------------------------


def test_a_token_is_made_on_the_persons_page_shown_once_and_stored_only_as_a_digest(alice):
    client = Client()
    client.force_login(alice)
    page = client.post(reverse("api_tokens"), {"do": "create", "name": "my bot"})
    assert page.status_code == 200 and page["Cache-Control"] == "no-store"
    text = page.content.decode()
    [secret] = re.findall(r"sk_[\w-]{40,}", text)
    token = ApiToken.objects.get(user=alice)
    assert token.name == "my bot" and secret not in (token.digest, token.prefix)
    assert secret[3:11] == token.prefix
    again = client.get(reverse("api_tokens")).content.decode()
    assert secret not in again and "my bot" in again  # listed, never shown again
    headers = {"HTTP_AUTHORIZATION": f"Bearer {secret}"}
    assert Client().get(f"{API}/me/games", **headers).status_code == 200


def test_a_revoked_token_no_longer_works_and_only_its_owner_revokes_it(alice):
    bot = Bot(alice)
    token = ApiToken.objects.get(user=alice)
    mallory = Client()
    mallory.force_login(make_user("mallory"))
    refused = mallory.post(reverse("api_tokens"), {"do": "revoke", "token": token.pk})
    assert refused.status_code == 200 and ApiToken.objects.filter(pk=token.pk).exists()
    owner = Client()
    owner.force_login(alice)
    owner.post(reverse("api_tokens"), {"do": "revoke", "token": token.pk})
    assert not ApiToken.objects.filter(pk=token.pk).exists()
    answer = bot.get("/me/games")
    assert answer.status_code == 401 and answer.json()["code"] == "unauthorized"
    assert answer["WWW-Authenticate"] == "Bearer"


def test_a_token_of_an_inactive_person_or_a_made_up_one_is_refused(alice):
    bot = Bot(alice)
    alice.is_active = False
    alice.save()
    assert bot.get("/me/games").status_code == 401
    made_up = Client().get(f"{API}/me/games", HTTP_AUTHORIZATION="Bearer sk_" + "x" * 43)
    assert made_up.status_code == 401 and made_up.json()["code"] == "unauthorized"
    assert Client().get(f"{API}/me/games").status_code == 401


# --- reads for anyone ---------------------------------------------------------------------


@pytest.mark.slow
def test_the_lobby_comes_a_page_at_a_time(alice):
    for number in range(23):
        make_dogfight(alice, start=False, title=f"Open {number}")
    first = Client().get(f"{API}/games", {"status": "open", "page_size": 10}).json()
    assert (first["count"], first["pages"], first["page"]) == (23, 3, 1)
    assert [g["title"] for g in first["items"]][:2] == ["Open 22", "Open 21"]
    last = Client().get(f"{API}/games", {"status": "open", "page_size": 10, "page": 3}).json()
    assert len(last["items"]) == 3
    huge = Client().get(f"{API}/games", {"page_size": 100000}).json()
    assert len(huge["items"]) == 23  # at most 100 a page, whatever is asked
    for kind in ("chess", "dog\x00fight"):  # no such game (a NUL no database stores)
        answer = Client().get(f"{API}/games", {"kind": kind})
        assert answer.status_code == 200 and answer.json()["count"] == 0


def test_a_game_shows_its_seats_open_round_and_public_state(game):
    answer = Client().get(f"{API}/games/{game.pk}").json()
    assert answer["kind"] == "dogfight" and answer["status"] == "running"
    assert answer["round"]["number"] == 1 and answer["round"]["status"] == "open"
    assert [s["player"] for s in answer["seats"]][:4] == ["alice", None, None, "bob"]
    assert len(answer["state"]["planes"]) == 6


def test_unknown_things_are_json_404s():
    for path in ("/games/999999", "/games/999999/rounds", "/games/999999/rounds/1"):
        answer = Client().get(API + path)
        assert answer.status_code == 404 and answer.json()["code"] == "not_found"


def test_the_kinds_name_every_game_and_which_offer_practice():
    kinds = {k["kind"]: k for k in Client().get(f"{API}/kinds").json()}
    assert {"dogfight", "duel"} <= set(kinds)
    assert kinds["dogfight"]["practice"] is True and kinds["duel"]["practice"] is True


# --- a seat's owner -----------------------------------------------------------------------


def test_a_token_acts_as_its_person_and_no_more(game, alice):
    bot = Bot(alice)
    own = bot.get(seat_path(game, 0))
    assert own.status_code == 200 and own.json()["owes_orders"] is True
    other = bot.get(seat_path(game, 3))
    assert other.status_code == 403 and other.json()["code"] == "forbidden"
    assert (
        bot.post(
            seat_path(game, 3, "/orders"),
            {
                "orders": {"moves": GROUND_ORDERS},
            },
        ).status_code
        == 403
    )
    assert not Order.objects.filter(seat__user=alice).exists()


def test_the_choices_are_the_engines_legal_maneuvers_per_move(game, alice):
    bot = Bot(alice)
    first = bot.post(seat_path(game, 0, "/choices"), {"orders": None}).json()
    assert first["moves"][0]["offered"] == ["G", "TA", "TB", "TG"]
    after_tb = bot.post(seat_path(game, 0, "/choices"), {"orders": ["TB"]}).json()
    assert after_tb["moves"][1]["offered"] == ["TB"]  # the second take-off move
    wrong = bot.post(seat_path(game, 0, "/choices"), {"orders": [1, 2]})
    assert wrong.status_code == 400 and wrong.json()["code"] == "rejected"


def test_a_preview_shows_the_route_and_stores_nothing(game, alice):
    bot = Bot(alice)
    answer = bot.post(seat_path(game, 0, "/preview"), {"orders": {"moves": GROUND_ORDERS}})
    assert answer.status_code == 200
    assert [step["number"] for step in answer.json()["route"]] == [1, 2, 3]
    illegal = bot.post(
        seat_path(game, 0, "/preview"), {"orders": {"moves": [{"maneuver": "O"}] * 3}}
    )
    assert illegal.status_code == 400 and illegal.json()["message"]
    assert not Order.objects.filter(seat__user=alice).exists()


def test_orders_are_stored_once_with_chatter_and_refused_as_the_web_form_refuses(game, alice):
    bot = Bot(alice)
    path = seat_path(game, 0, "/orders")
    no_name = bot.post(path, {"orders": {"moves": GROUND_ORDERS}})
    assert no_name.status_code == 400  # a pilot names himself with his first orders
    illegal = bot.post(path, {"orders": {"moves": [{"maneuver": "A"}] * 3, "name": "Api Falcon"}})
    assert illegal.status_code == 400 and not Order.objects.filter(seat__user=alice).exists()
    stale = bot.post(path, {"orders": {"moves": GROUND_ORDERS, "name": "Api Falcon"}, "round": 7})
    assert stale.status_code == 400 and stale.json()["code"] == "stale_round"
    stored = bot.post(
        path,
        {
            "orders": {"moves": GROUND_ORDERS, "name": "Api Falcon"},
            "round": 1,
            "chatter": ["Tally ho"],
        },
    )
    assert stored.status_code == 201, stored.content
    assert [m["maneuver"] for m in stored.json()["orders"]["moves"]] == ["TB", "TB", "A"]
    again = bot.post(path, {"orders": {"moves": GROUND_ORDERS}})
    assert again.status_code == 400 and again.json()["code"] == "already_in"
    view = bot.get(seat_path(game, 0)).json()
    assert view["owes_orders"] is False and view["chatter"] == ["Tally ho"]
    assert Order.objects.filter(seat__user=alice).count() == 1


def test_chatter_stays_editable_until_the_round_is_resolved(game, alice):
    bot = Bot(alice)
    assert bot.put(seat_path(game, 0, "/chatter"), {"lines": ["one"]}).json() == {"lines": ["one"]}
    assert bot.put(seat_path(game, 0, "/chatter"), {"lines": ["two"]}).status_code == 200
    too_many = bot.put(seat_path(game, 0, "/chatter"), {"lines": ["x"] * 7})
    assert too_many.status_code == 422 and too_many.json()["code"] == "invalid"  # the schema's
    assert bot.get(seat_path(game, 0)).json()["chatter"] == ["two"]


def test_a_published_round_has_its_events_words_replay_and_chatter(
    game, alice, django_capture_on_commit_callbacks
):
    bot = Bot(alice)
    bot.post(
        seat_path(game, 0, "/orders"),
        {"orders": {"moves": GROUND_ORDERS, "name": "Api Falcon"}, "chatter": ["Contact!"]},
    )
    rnd = open_round(game)
    assert Client().get(f"{API}/games/{game.pk}/rounds/1").status_code == 404  # not yet
    with django_capture_on_commit_callbacks(execute=True):
        resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    assert Client().get(f"{API}/games/{game.pk}/rounds").json()[0]["number"] == 1
    report = Client().get(f"{API}/games/{game.pk}/rounds/1").json()
    assert report["events"][0]["type"] == "weather"
    assert report["lines"] and len(report["frames"]) >= 4
    assert report["chatter"] == [{"seat": 0, "name": "Api Falcon", "lines": ["Contact!"]}]


def test_my_games_say_what_waits_on_me(game, alice):
    [entry] = Bot(alice).get("/me/games").json()
    assert entry["game"]["id"] == game.pk and entry["seat"] == 0 and entry["orders_due"]


def test_practice_games_are_made_and_started_for_the_token_holder(alice):
    bot = Bot(alice)
    made = bot.post("/practice/dogfight", {})
    assert made.status_code == 201
    view = bot.get(seat_path(type("G", (), {"pk": made.json()["game"]}), made.json()["seat"]))
    assert view.json()["owes_orders"] is True
    duel = bot.post("/practice/duel", {})
    assert duel.status_code == 201 and duel.json()["seat"] == 0
    unknown = bot.post("/practice/chess", {})
    assert unknown.status_code == 404 and unknown.json()["code"] == "not_found"


def test_a_duel_answers_through_its_plug_and_hides_the_sealed_placement():
    alice, bob = make_user("alice"), make_user("bob")
    game = make_duel(alice, bob)
    a, b = Bot(alice), Bot(bob)
    legal = a.post(seat_path(game, 0, "/choices"), {}).json()
    assert legal["phase"] in ("asteroids", "fighters")
    rnd = open_round(game)
    assert rnd.state["phase"] == "fighters"  # no asteroids in this setup
    placed = a.post(seat_path(game, 0, "/orders"), {"orders": A_PLACEMENT})
    assert placed.status_code == 201 and placed.json()["orders"] == A_PLACEMENT
    seen_by_b = b.get(seat_path(game, 1)).json()
    assert seen_by_b["owes_orders"] is True and seen_by_b["orders"] is None
    for answer in (
        seen_by_b,
        Client().get(f"{API}/games/{game.pk}").json(),
        b.get("/me/games").json(),
    ):
        assert "[0, 8]" not in json.dumps(answer)  # where A placed is sealed


# --- bad input: a 4xx with a code, never a 500 --------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        "not json",
        "[]",
        '{"orders": ',
        json.dumps({"orders": {"moves": [[[[]]]]}}),
        json.dumps({"orders": {"moves": "A"}}),
        json.dumps({"round": "x", "orders": 1}),
        "[" * 3000 + "]" * 3000,
        json.dumps({"orders": {"moves": [{"maneuver": {"x": 1}}] * 3}}),
    ],
)
def test_tampered_bodies_get_a_clear_4xx(game, alice, body):
    bot = Bot(alice)
    for rest in ("/orders", "/preview", "/choices"):
        answer = bot.client.post(
            API + seat_path(game, 0, rest), body, content_type="application/json", **bot._headers()
        )
        assert 400 <= answer.status_code < 500, (rest, body[:40], answer.content[:200])
        assert answer.json()["code"] and answer.json()["message"]
    assert not Order.objects.filter(seat__user=alice).exists()


def test_the_schema_and_its_docs_are_served_from_the_site_itself():
    schema = Client().get(f"{API}/openapi.json").json()
    assert schema["openapi"].startswith("3.")
    assert f"{API}/games/{{game_id}}/seats/{{number}}/orders" in schema["paths"]
    docs = Client().get(f"{API}/docs").content.decode()
    assert "swagger-ui-bundle.js" in docs and "cdn" not in docs.lower()


# --- limits: the site's own, counted per token ---------------------------------------------


def test_a_token_over_its_limit_gets_429_with_retry_after(settings, alice):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "api_requests": "3/h"}
    bot, other = Bot(alice), Bot(make_user("bob"))
    assert [bot.get("/me/games").status_code for _ in range(3)] == [200] * 3
    over = bot.get("/me/games")
    assert over.status_code == 429 and over.json()["code"] == "rate_limited"
    assert 1 <= int(over["Retry-After"]) <= 3601
    assert other.get("/me/games").status_code == 200  # each token counts alone
    assert Client().get(f"{API}/kinds").status_code == 200  # and an address alone


def test_orders_through_the_api_count_toward_the_seats_limit(settings, game, alice):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "orders_per_seat": "1/h"}
    bot = Bot(alice)
    path = seat_path(game, 0, "/orders")
    assert bot.post(path, {"orders": {"moves": [{"maneuver": "O"}] * 3}}).status_code == 400
    limited = bot.post(path, {"orders": {"moves": GROUND_ORDERS, "name": "Api Falcon"}})
    assert limited.status_code == 429 and limited["Retry-After"]
    assert not Order.objects.filter(seat__user=alice).exists()
