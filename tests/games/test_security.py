"""Security of the pilot's pages: only a seat's owner reads or posts its orders and chatter,
spectators post nothing, CSRF holds, a tampered form stores nothing, and the open round's
orders and chatter are never shown to anyone but their pilot."""

import pytest
from django.test import Client
from django.urls import reverse

from dogfight.engine.maneuvers import order_form, route
from dogfight.models import Pilot
from dogfight.svg import centre
from games import resolution
from games.models import Chatter, Order, Round
from tests.factories import make_dogfight, make_user, open_round
from tests.helpers import (  # noqa: F401
    HTMX,
    arrowheads,
    chatter_url,
    cockpit,
    fast_passwords,
    messages_of,
    order_post,
    orders_url,
    plane_of,
    preview_url,
    set_planes,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords")]

IN_THE_AIR = {"status": "air", "q": 0, "r": 0, "facing": 0}
GROUND = ["TB", "TB", "A"]


@pytest.fixture
def alice():
    return make_user("alice")


@pytest.fixture
def bob():
    return make_user("bob")


@pytest.fixture
def game(alice, bob):
    """Alice in seat 0, Bob in seat 1, four computer pilots; round 1 open."""
    return make_dogfight(humans={0: alice, 1: bob})


def _nothing_stored_for_seat_0(game):
    assert not Order.objects.filter(seat__game=game, seat__number=0).exists()
    assert not Chatter.objects.filter(seat__game=game).exists()
    assert not Pilot.objects.exists()
    assert game.seats.get(number=0).name == ""


def _requests(game):
    """Every request on seat 0's pages: (method, url, data)."""
    return {
        "cockpit": ("get", cockpit(game, 0), {}),
        "preview": ("get", preview_url(game, 0), {"m1": "TA"}),
        "orders": ("post", orders_url(game, 0), order_post(GROUND, name="Intruder")),
        "chatter": ("post", chatter_url(game, 0), {"l1": "Not my seat"}),
    }


# --- who may see and post -------------------------------------------------------------------


@pytest.mark.parametrize("page", ["cockpit", "preview", "orders", "chatter"])
@pytest.mark.parametrize("who", ["another pilot of the game", "a stranger"])
def test_another_logged_in_user_gets_403_and_nothing_is_stored(client, game, bob, page, who):
    client.force_login(bob if who == "another pilot of the game" else make_user())
    method, url, data = _requests(game)[page]
    response = getattr(client, method)(url, data, **(HTMX if page == "preview" else {}))
    assert response.status_code == 403
    assert '<form id="orders"' not in response.content.decode()
    assert '<div id="moves"' not in response.content.decode()
    _nothing_stored_for_seat_0(game)


@pytest.mark.parametrize("page", ["cockpit", "preview", "orders", "chatter"])
def test_an_anonymous_user_is_sent_to_log_in_and_nothing_is_stored(client, game, page):
    method, url, data = _requests(game)[page]
    response = getattr(client, method)(url, data)
    assert response.status_code == 302
    assert response.url.startswith(reverse("login") + "?next=")
    _nothing_stored_for_seat_0(game)


def test_a_computer_pilots_seat_is_nobodys_cockpit(client, game, alice):
    client.force_login(alice)
    assert client.get(cockpit(game, 2)).status_code == 403
    assert client.post(orders_url(game, 2), order_post(GROUND)).status_code == 403


@pytest.mark.parametrize(
    "name, args", [("game", "game"), ("round_report", "report"), ("lobby", None), ("home", None)]
)
def test_a_spectator_cannot_post_to_the_public_pages(client, game, name, args):
    rnd = open_round(game)
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    url = reverse(name, args={"game": [game.pk], "report": [game.pk, 1], None: []}[args])
    assert client.get(url).status_code == 200
    assert client.post(url, {"m1": "A"}).status_code in (403, 405)
    assert Round.objects.filter(game=game).count() == 2


def test_a_spectator_cannot_start_a_practice_game(client):
    response = client.post(reverse("dogfight:practice"))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))
    assert not Round.objects.exists()


# --- CSRF -----------------------------------------------------------------------------------


@pytest.mark.parametrize("page", ["orders", "chatter"])
def test_a_post_without_the_csrf_token_is_refused_and_nothing_is_stored(game, alice, page):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(alice)
    _, url, data = _requests(game)[page]
    response = browser.post(url, data)
    assert response.status_code == 403
    _nothing_stored_for_seat_0(game)


def test_the_same_posts_with_the_pages_csrf_token_go_through(game, alice):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(alice)
    browser.get(cockpit(game, 0))
    token = browser.cookies["csrftoken"].value
    assert (
        browser.post(
            chatter_url(game, 0), {"l1": "Contact!", "csrfmiddlewaretoken": token}
        ).status_code
        == 302
    )
    assert (
        browser.post(
            orders_url(game, 0),
            {**order_post(GROUND, name="Red Falcon"), "csrfmiddlewaretoken": token},
        ).status_code
        == 302
    )
    assert Order.objects.filter(seat__game=game, seat__number=0).exists()
    assert Chatter.objects.get(seat__game=game).lines == ["Contact!"]


# --- tampered forms -------------------------------------------------------------------------

TAMPERED = {
    "an ace maneuver for a 0-point pilot": (
        IN_THE_AIR,
        order_post(["A", "I", "A"]),
        "move 2: Immelmann is not offered",
    ),
    "hold in move 1": (IN_THE_AIR, order_post(["H", "H", "H"]), "move 1: hold is not offered"),
    "a maneuver that does not exist": (
        IN_THE_AIR,
        order_post(["XX", "A", "A"]),
        "move 1: choose one of the maneuvers offered",
    ),
    "a missing maneuver": (
        IN_THE_AIR,
        {"m1": "A", "m2": "A"},
        "move 3: choose one of the maneuvers offered",
    ),
    "a fourth burst": (
        IN_THE_AIR,
        order_post(["A", "A", "A"], fire={1: "ALR", 2: "A"}),
        "4 bursts, but at most 3 per round",
    ),
    "two bursts in one direction": (
        IN_THE_AIR,
        order_post(["A", "A", "A"], fire={1: ["A", "A"]}),
        "two bursts in one move must go in different directions",
    ),
    "a burst in no direction": (
        IN_THE_AIR,
        order_post(["A", "A", "A"], fire={1: ["B"]}),
        "move 1: a burst goes ahead, diagonally left or diagonally right",
    ),
    "firing from the airfield": (
        {},
        order_post(["G", "G", "G"], fire={1: "A"}),
        "a plane on its airfield cannot fire",
    ),
    "firing with no ammunition": (
        {**IN_THE_AIR, "ammo": 0},
        order_post(["A", "A", "A"], fire={2: "A"}),
        "firing with no ammunition left",
    ),
    "a balloon tick in a game without it": (
        IN_THE_AIR,
        order_post(["A", "A", "A"], fire={1: "A"}, through=[1]),
        "this game does not allow firing through balloons",
    ),
    "orders for a plane that is out": (
        {"status": "out"},
        order_post(GROUND),
        "your plane is out of the game",
    ),
}


@pytest.mark.parametrize("case", list(TAMPERED))
def test_a_tampered_form_is_refused_with_a_clear_message_and_nothing_is_stored(
    client, game, alice, case
):
    plane, data, message = TAMPERED[case]
    set_planes(open_round(game), {0: plane})
    client.force_login(alice)
    response = client.post(orders_url(game, 0), {**data, "pilot_name": "Red Falcon"})
    assert response.status_code == 400
    [shown] = [m for m in messages_of(response) if m.startswith("Your orders were not accepted")]
    assert message in shown
    assert message in response.content.decode().replace("&#x27;", "'")
    _nothing_stored_for_seat_0(game)


def test_orders_after_the_deadline_are_refused_and_nothing_is_stored(client, game, alice):
    rnd = open_round(game)
    Round.objects.filter(pk=rnd.pk).update(deadline=rnd.opened_at)
    client.force_login(alice)
    response = client.post(orders_url(game, 0), order_post(GROUND, name="Red Falcon"))
    assert response.status_code == 400
    assert (
        "Your orders were not accepted: the deadline has passed: the round is about to be "
        "resolved." in messages_of(response)
    )
    _nothing_stored_for_seat_0(game)


def test_an_out_plane_is_offered_no_order_form(client, game, alice):
    set_planes(open_round(game), {0: {"status": "out"}})
    client.force_login(alice)
    page = client.get(cockpit(game, 0)).content.decode()
    assert '<form id="orders"' not in page and "out of the game" in page


# --- the open round stays secret ------------------------------------------------------------

SECRET_CHATTER = "Meet me over the windmill at dawn 7b3f"
# Alice's distinctive orders in round 2, in the words a page would use for them.
SECRET_WORDS = (
    "slip left",
    "slip right",
    "turn left",
    "diagonally left",
    "diagonally right",
    "— fire",
    '"maneuver"',
    SECRET_CHATTER,
)


@pytest.fixture
def duel(alice, bob):
    """Alice (seat 0) against Bob (seat 3): no computer pilot whose moves could use the words
    the secrecy tests look for."""
    return make_dogfight(humans={0: alice, 3: bob}, duel=True)


@pytest.fixture
def secret_round(client, duel, alice):
    """Round 1 published (both NMR); in round 2 Alice has sent distinctive orders and chatter
    that nobody else may see before the round is published."""
    game = duel
    rnd = open_round(game)
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    client.force_login(alice)
    assert (
        client.post(
            orders_url(game, 0),
            order_post(["LS", "RS", "L"], fire={1: "L", 2: "R"}, name="Red Falcon"),
        ).status_code
        == 302
    )
    assert client.post(chatter_url(game, 0), {"l1": SECRET_CHATTER}).status_code == 302
    client.logout()
    return open_round(game)


def _public_pages(client, game):
    pages = {
        "game page": client.get(reverse("game", args=[game.pk])),
        "report of round 1": client.get(reverse("round_report", args=[game.pk, 1])),
        "report of the open round": client.get(reverse("round_report", args=[game.pk, 2])),
        "feed": client.get(reverse("game_feed", args=[game.pk])),
        "lobby": client.get(reverse("lobby")),
    }
    for step in range(5):
        pages[f"replay step {step}"] = client.get(
            reverse("round_report", args=[game.pk, 1]), {"step": step}, **HTMX
        )
    return pages


@pytest.mark.parametrize("viewer", ["a spectator", "alice herself", "bob", "a stranger"])
def test_the_open_rounds_orders_and_chatter_appear_on_no_public_page(
    client, duel, alice, bob, secret_round, viewer
):
    game = duel
    user = {"a spectator": None, "alice herself": alice, "bob": bob, "a stranger": make_user()}
    if user[viewer]:
        client.force_login(user[viewer])
    pages = _public_pages(client, game)
    if user[viewer]:
        pages["my games"] = client.get(reverse("my_games"))
    assert pages["report of the open round"].status_code == 404
    for name, response in pages.items():
        text = response.content.decode()
        for secret in SECRET_WORDS:
            assert secret not in text, f"{secret!r} on the {name}"
    # The game page says whose orders are in, and nothing more.
    assert "<td>in</td>" in pages["game page"].content.decode()


def test_another_pilots_cockpit_shows_only_his_own_route_and_nothing_of_alices(
    client, duel, bob, secret_round
):
    client.force_login(bob)
    page = client.get(cockpit(duel, 3)).content.decode()
    preview = client.get(preview_url(duel, 3), {"m1": "A"}, **HTMX).content.decode()
    bob_plane = plane_of(secret_round, 3)
    for text, wanted in ((page, []), (preview, ["A"])):
        assert SECRET_CHATTER not in text
        assert 'class="submitted"' not in text and "Your orders are in" not in text
        assert text.count('class="route"') == 1
        picks = [move["maneuver"] for move in order_form(bob_plane, wanted)]
        assert [(x, y, rot) for _, x, y, rot in arrowheads(text)] == [
            (round(centre(*h)[0], 1), round(centre(*h)[1], 1), -60 * f)
            for h, f in route(bob_plane, picks)
        ]


def test_alice_sees_her_own_sealed_orders_and_chatter_on_her_cockpit(
    client, alice, duel, secret_round
):
    client.force_login(alice)
    page = client.get(cockpit(duel, 0)).content.decode()
    assert "slip left — fire L" in page and "slip right — fire R" in page
    assert SECRET_CHATTER in page


def test_once_published_the_same_orders_and_chatter_are_in_the_report(client, duel, secret_round):
    """The words the secrecy test looks for are the words a report uses."""
    resolution.round_resolve(round_id=secret_round.pk, now=secret_round.deadline)
    text = client.get(reverse("round_report", args=[duel.pk, 2])).content.decode()
    for words in (
        "slip left",
        "slip right",
        "turn left",
        "diagonally left",
        "diagonally right",
        SECRET_CHATTER,
    ):
        assert words in text
