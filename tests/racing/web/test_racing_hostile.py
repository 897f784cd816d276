"""Hostile input on the race's forms and API: random fields on the order form, its preview,
the draft page and the referee's form never give a 500; an order is stored only when the page
says so (a redirect), the draft only takes what the engine offers."""

import json

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from games.models import Game, Order
from racing import engine
from tests.games.api.test_api import Bot, seat_path
from tests.games.test_hostile_input import HYPO, hostile_text, in_savepoint

from .helpers import make_race, open_round, page_url

pytestmark = pytest.mark.django_db
FIELDS = [
    "lift",
    "h1",
    "h2",
    "boost",
    "slips",
    "snap",
    "stand",
    "preview",
    "round",
    "remove_chip",
    "hyper_h1",
    "hyper_h2",
    "use_1",
    "use_12",
    "target_12",
    "mode_43",
    "use_43",
    "side_19",
    "lift_19",
    "gate_40",
    "pivot_40",
    "angle_40",
    "chip1_22",
    "inner_chip2_22",
    "hinge1_28",
    "pick",
]
numbers = st.one_of(st.integers(-400, 400).map(str), st.floats(allow_nan=True).map(str))
hostile_form = st.dictionaries(
    st.sampled_from(FIELDS),
    st.one_of(
        hostile_text,
        numbers,
        st.sampled_from(["before", "after", "aim", "left", "booster", "hyper_booster", "1"]),
    ),
    max_size=10,
)


@pytest.fixture
def races(alice, bob):
    return {"level 1": make_race(alice, bob), "level 3": make_race(alice, bob, level=3)}


def _drafted(game):
    """Play the level-3 draft with the computer pilots' picks, so the form shows cards."""
    rnd = open_round(game)
    raw = rnd.state
    while raw["phase"] == "draft":
        raw, _events = engine.play_turn(raw, engine.computer_order(raw, 2))
    type(rnd).objects.filter(pk=rnd.pk).update(state=raw)


@pytest.mark.slow
@HYPO
@given(data=hostile_form, htmx=st.booleans(), which=st.sampled_from(["level 1", "level 3"]))
def test_the_order_form_with_hostile_fields_never_fails_and_stores_only_when_it_says_so(
    races, alice, data, htmx, which
):
    game = races[which]
    if which == "level 3" and open_round(game).state["phase"] == "draft":
        _drafted(game)
    client = Client()
    client.force_login(alice)
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}

    def example():
        before = Order.objects.count()
        assert client.get(page_url(game, 0, "preview"), data, **headers).status_code < 500
        response = client.post(page_url(game, 0, "submit"), data, **headers)
        assert response.status_code in (200, 302, 400)
        stored = Order.objects.count() - before
        assert stored == (1 if response.status_code == 302 else 0)

    in_savepoint(example)


@pytest.mark.slow
@HYPO
@given(pick=st.one_of(hostile_text, st.sampled_from(list(engine.KINDS))))
def test_the_draft_takes_only_what_the_engine_offers(alice, bob, carol, pick):
    game = make_race(alice, bob, carol, level=2, computers={})  # carol, seat 2, picks first
    offered = engine.legal(open_round(game).state)["picks"]
    client = Client()
    client.force_login(carol)

    def example():
        response = client.post(page_url(game, 2, "draft"), {"pick": pick})
        order = Order.objects.filter(seat__number=2).first()
        if pick in offered or pick == "":
            assert response.status_code == 302 and order.payload == {"pick": pick or None}
        else:
            assert response.status_code == 400 and order is None

    in_savepoint(example)


@pytest.mark.slow
@HYPO
@given(data=hostile_form)
def test_the_new_race_form_with_hostile_fields_never_fails(alice, data):
    client = Client()
    client.force_login(alice)

    def example():
        fields = {
            "title": "x",
            "time_zone": "UTC",
            "turn_hours": "12",
            "course": "own",
            "level": "1",
            "laps": "1",
            "jets": "3",
            "mode": "turn",
            **data,
        }
        response = client.post(reverse("game_new", args=["racing"]), fields)
        assert response.status_code in (200, 302)
        assert Game.objects.exists() == (response.status_code == 302)

    in_savepoint(example)


@pytest.mark.slow
@HYPO
@given(
    orders=st.recursive(
        st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), hostile_text),
        lambda inner: st.one_of(
            st.lists(inner, max_size=3),
            st.dictionaries(
                st.sampled_from(
                    [
                        "lift",
                        "hinge",
                        "slips",
                        "boost",
                        "before",
                        "after",
                        "card",
                        "target",
                        "miss",
                        "pick",
                        "hyper",
                        "remove_chip",
                        "ram_chips",
                        "station",
                    ]
                ),
                inner,
                max_size=5,
            ),
        ),
        max_leaves=12,
    )
)
def test_the_api_refuses_any_junk_order_with_a_clear_error(races, alice, orders):
    game = races["level 1"]

    def example():
        bot = Bot(alice)  # its token goes with the savepoint
        for rest in ("/choices", "/preview", "/orders"):
            response = bot.post(seat_path(game, 0, rest), {"orders": orders})
            # 422: orders that are no object, refused by the schema before the game sees them
            assert response.status_code in (200, 201, 400, 422), (rest, response.content)
            if response.status_code in (400, 422):
                assert json.loads(response.content)["message"]

    in_savepoint(example)
