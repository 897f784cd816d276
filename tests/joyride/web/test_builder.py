"""The run builder: the draft grows click by click (htmx partials with the engine's live
check), is kept server-side per seat and round, and is sealed on submit; bad input is refused
with a clear message and stores nothing."""

import pytest

from games.models import Order
from joyride.engine import check
from joyride.models import PlanDraft

from .helpers import HTMX, choice_value, legal_plan, make_game, open_round, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(alice, bob):
    return make_game(alice, bob)


def draft(game, seat: int) -> dict:
    return PlanDraft.objects.get(round=open_round(game), seat__number=seat).plan


def test_the_builder_shows_the_lab_the_palette_and_the_uncontested_score(client, alice, game):
    client.force_login(alice)
    html = client.get(url(game, 0)).content.decode()
    state = open_round(game).state
    assert 'id="builder-lab"' in html and 'class="coin"' in html and "scientist" in html
    for shape, count in state["pool"].items():
        assert f'data-shape="{shape}"' in html
        assert f"{count} of {count} left" in html
    empty = check(state, 0, None)["total"]  # an empty run may complete a mission (MS-11)
    assert f"Uncontested score: {empty}" in html
    # the engine's places for a first tile are offered, for the ghost and without JavaScript
    offered = check(state, 0, None, next_tiles=True)["next"]
    shape = next(s for s in offered if offered[s])
    assert f'value="{choice_value({"shape": shape, "cells": offered[shape][0]})}"' in html


def test_placing_tiles_grows_the_draft_and_the_live_score(client, alice, game):
    client.force_login(alice)
    state = open_round(game).state
    plan = legal_plan(state, 0, 3)
    for number, tile in enumerate(plan["tiles"], start=1):
        response = client.post(
            url(game, 0, "build"), {"do": "place", "choice": choice_value(tile)}, **HTMX
        )
        assert response.status_code == 200
        html = response.content.decode()
        assert html.startswith('<div id="joyride-play"')  # the partial only
        assert draft(game, 0)["tiles"] == plan["tiles"][:number]
    expected = check(state, 0, plan)
    assert f"Uncontested score: {expected['total']}" in html
    assert html.count('class="tile shape-') == 3
    for mission in expected["missions"]:
        assert ("✓" if mission["done"] else "✗") in html
    # undo, stop here, then the plain form without htmx answers with a redirect
    client.post(url(game, 0, "build"), {"do": "undo"}, **HTMX)
    assert draft(game, 0)["tiles"] == plan["tiles"][:2]
    client.post(url(game, 0, "build"), {"do": "stop"}, **HTMX)
    assert draft(game, 0)["tiles"][-1] == "pass"
    response = client.post(url(game, 0, "build"), {"do": "undo"})
    assert response.status_code == 302 and draft(game, 0)["tiles"] == plan["tiles"][:2]


def test_a_rule_breaking_tile_is_taken_with_its_warning(client, alice, game):
    client.force_login(alice)
    client.post(
        url(game, 0, "build"), {"do": "place", "shape": "I3", "cells": "2,3 2,4 2,5"}, **HTMX
    )
    html = client.get(url(game, 0)).content.decode()
    assert "Tile 1: the first tile has no square left of the lab." in html
    assert "Penalty" in html and "−3" in html
    assert draft(game, 0)["tiles"] == [{"shape": "I3", "cells": [[2, 3], [2, 4], [2, 5]]}]


def test_the_plain_form_takes_a_typed_plan_and_checks_it_live(client, alice, game):
    client.force_login(alice)
    plan = legal_plan(open_round(game).state, 0, 2)
    text = (
        "\n".join(
            t["shape"] + " " + " ".join(f"{r},{c}" for r, c in t["cells"]) for t in plan["tiles"]
        )
        + "\npass"
    )
    live = client.get(url(game, 0, "check"), {"plan": text}, **HTMX).content.decode()
    expected = check(open_round(game).state, 0, plan)
    assert f"Uncontested score: {expected['total']}" in live
    assert not PlanDraft.objects.exists()  # a check stores nothing
    response = client.post(url(game, 0, "build"), {"do": "text", "plan": text})
    assert response.status_code == 302
    assert draft(game, 0)["tiles"] == [*plan["tiles"], "pass"]
    assert text in client.get(url(game, 0)).content.decode()


def test_sealing_makes_the_draft_the_rounds_orders(client, alice, game):
    client.force_login(alice)
    plan = legal_plan(open_round(game).state, 0, 2)
    client.post(url(game, 0, "build"), {"do": "text", "plan": __import__("json").dumps(plan)})
    rnd = open_round(game)
    response = client.post(url(game, 0, "submit"), {"round": rnd.number})
    assert response.status_code == 302
    order = Order.objects.get(round=rnd, seat__number=0)
    assert order.payload["tiles"] == plan["tiles"]
    assert not PlanDraft.objects.exists()
    html = client.get(url(game, 0)).content.decode()
    assert "Your plan is sealed" in html and 'id="builder"' not in html
    again = client.post(url(game, 0, "build"), {"do": "undo"})
    assert again.status_code == 400 and "sealed already" in again.content.decode()
    assert Order.objects.get(round=rnd, seat__number=0).payload == order.payload


@pytest.mark.parametrize(
    "data, message",
    [
        ({"do": "place", "shape": "I3", "cells": "2,-1 2,0 2,99"}, "off the table"),
        ({"do": "place", "shape": "Q7", "cells": "2,-1 2,0 2,1"}, "there is no shape Q7"),
        ({"do": "place", "shape": "I3", "cells": "2,-1 2,0 3,1"}, "do not form a tile I3"),
        ({"do": "place", "shape": "I3", "cells": "two,-1"}, "is not a cell"),
        (
            {"do": "text", "plan": '{"tiles": [{"shape": "I3", "cells": "x"}]}'},
            "not in the expected form (at plan.tiles[0].cells)",
        ),
        ({"do": "text", "plan": "{not json"}, "not valid JSON"),
        ({"do": "fly"}, "place a tile, undo"),
        ({"do": "text", "plan": '{"picks": ["GS-11"]}'}, "a plan is an object with its tiles"),
    ],
)
def test_bad_input_is_refused_clearly_and_nothing_is_stored(client, alice, game, data, message):
    client.force_login(alice)
    response = client.post(url(game, 0, "build"), data)
    assert response.status_code == 400
    assert message in response.content.decode()
    htmx = client.post(url(game, 0, "build"), data, **HTMX)
    assert htmx.status_code == 200 and message in htmx.content.decode()
    assert not PlanDraft.objects.exists()


def test_a_plan_needing_more_of_a_shape_than_the_pool_holds_is_refused(client, alice, game):
    client.force_login(alice)
    state = open_round(game).state
    short = min(state["pool"], key=state["pool"].get)
    tiles = [
        {"shape": short, "cells": [[0, -4 + i] for i in range(int(short[1]))]}
        if short[0] == "I"
        else None
    ]
    if tiles[0] is None:  # any shape: tiles far apart, each breaking a rule, count only
        from joyride.engine.geometry import CHAINS

        tiles = [
            {"shape": short, "cells": [[r + 6, c - 4 + 3 * i] for r, c in CHAINS[short]]}
            for i in range(state["pool"][short] + 1)
        ]
    else:
        tiles = tiles * (state["pool"][short] + 1)
    response = client.post(
        url(game, 0, "build"), {"do": "text", "plan": __import__("json").dumps({"tiles": tiles})}
    )
    assert response.status_code == 400
    assert f"the pool holds {state['pool'][short]}" in response.content.decode()
    assert not PlanDraft.objects.exists()


def test_only_the_seats_owner_builds_or_sees_it(client, bob, game):
    client.force_login(bob)
    assert client.get(url(game, 0)).status_code == 403
    assert client.post(url(game, 0, "build"), {"do": "stop"}).status_code == 403
    assert client.post(url(game, 0, "submit")).status_code == 403
    assert not PlanDraft.objects.exists()


def test_a_pick_sent_during_a_run_is_no_plan(client, alice, game):
    client.force_login(alice)
    response = client.post(url(game, 0, "pick"), {"choice_1": "GS-11"})
    assert response.status_code == 400 and "a plan is an object" in response.content.decode()
    assert not Order.objects.filter(seat__number=0).exists()


def test_the_insta_ball_tiles_are_planned_by_its_owner_only(client, alice, game):
    client.force_login(alice)
    tile = {"do": "place", "insta": "1", "shape": "I3", "cells": "0,30 0,31 0,32"}
    refused = client.post(url(game, 0, "build"), tile, **HTMX).content.decode()
    assert "you do not own the Insta-Ball" in refused and not PlanDraft.objects.exists()
    assert 'id="place-insta"' not in refused
    rnd = open_round(game)
    state = rnd.state
    for pile in ("deck", "revealed", "discard"):
        state["gadgets"][pile] = [g for g in state["gadgets"][pile] if g != "GS-02"]
    state["gadgets"]["owned"][0] = ["GS-02"]
    type(rnd).objects.filter(pk=rnd.pk).update(state=state)
    html = client.post(url(game, 0, "build"), tile, **HTMX).content.decode()
    assert 'id="place-insta"' in html and ">B1</text>" in html
    assert draft(game, 0) == {
        "tiles": [],
        "insta_ball": [{"shape": "I3", "cells": [[0, 30], [0, 31], [0, 32]]}],
    }
    assert "Insta-Ball tile 1:" in html  # the engine's warning: no route to it
    client.post(url(game, 0, "build"), {"do": "undo_insta"}, **HTMX)
    assert draft(game, 0)["insta_ball"] == []


def test_the_builder_page_draws_its_lab_once(client, alice, game, lab_draws):
    client.force_login(alice)
    assert client.get(url(game, 0)).status_code == 200
    assert lab_draws == [0]
