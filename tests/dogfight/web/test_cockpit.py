"""The pilot's own page: board, status, deadline, the order form with its live preview, the
orders fixed once submitted, the NMR warning, radio chatter and the pilot's name."""

from urllib.parse import urlencode

import pytest
from django.urls import reverse

from dogfight import services as dogfight_services
from dogfight.engine.maneuvers import legal_maneuvers, route
from dogfight.models import Pilot
from dogfight.svg import centre
from games import resolution, services
from games.models import Chatter, Order
from tests.factories import GROUND_ORDERS, make_dogfight, make_user, open_round, seat_of
from tests.helpers import (  # noqa: F401
    HTMX,
    arrowheads,
    chatter_url,
    cockpit,
    fast_passwords,
    inputs,
    messages_of,
    order_post,
    orders_url,
    plane_of,
    preview_url,
    selects,
    set_planes,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords")]

IN_THE_AIR = {"status": "air", "q": 0, "r": 0, "facing": 0}


@pytest.fixture
def alice():
    return make_user("alice")


@pytest.fixture
def game(alice):
    """Alice in seat 0, five computer pilots, round 1 open."""
    return make_dogfight(humans={0: alice})


@pytest.fixture
def pilot(client, alice):
    client.force_login(alice)
    return client


def _assert_offers_the_engines_lists(html, plane):
    form = selects(html)
    chosen = []
    for number in (1, 2, 3):
        select = form[f"m{number}"]
        assert select["options"] == legal_maneuvers(plane, chosen), f"move {number}"
        assert select["selected"] in select["options"]
        chosen.append(select["selected"])
    return chosen


# --- what the page shows --------------------------------------------------------------------


def test_the_owner_sees_the_board_his_status_and_the_deadline(pilot, game):
    rnd = open_round(game)
    set_planes(rnd, {0: {"damage": 3, "ammo": 10, "repairs_used": 2}})
    response = pilot.get(cockpit(game, 0))
    assert response.status_code == 200
    page = response.content.decode()
    assert '<svg id="board"' in page
    assert 'class="plane seat-0 ground"' in page
    assert "<dt>Damage</dt><dd>3 of 12</dd>" in page
    assert "<dt>Ammunition</dt><dd>10 of 16 bursts</dd>" in page
    assert "<dt>Bursts this round</dt><dd>up to 3</dd>" in page
    assert "<dt>Repairs used</dt><dd>2 of 8</dd>" in page
    assert f'<time datetime="{rnd.deadline.isoformat()}"' in page
    assert "Round 1 · orders due" in page
    assert 'class="countdown"' in page


def test_the_deadline_is_shown_in_the_pilots_own_time_zone(client):
    tokyo = make_user(time_zone="Asia/Tokyo")
    game = make_dogfight(humans={0: tokyo}, time_zone="Europe/Berlin")
    client.force_login(tokyo)
    page = client.get(cockpit(game, 0)).content.decode()
    # Noon in Berlin is 20:00 (winter) or 19:00 (summer) in Tokyo.
    assert ", 20:00 JST</time>" in page or ", 19:00 JST</time>" in page


def test_the_order_form_offers_exactly_the_engines_legal_lists_on_the_ground(pilot, game):
    page = pilot.get(cockpit(game, 0)).content.decode()
    chosen = _assert_offers_the_engines_lists(page, plane_of(open_round(game), 0))
    assert chosen == ["G", "G", "G"]


@pytest.mark.parametrize("career_points", [0, 45, 85])
def test_the_order_form_offers_exactly_the_engines_legal_lists_in_the_air(
    pilot, game, career_points
):
    rnd = open_round(game)
    set_planes(rnd, {0: {**IN_THE_AIR, "career_points": career_points}})
    plane = plane_of(rnd, 0)
    page = pilot.get(cockpit(game, 0) + "?m1=L&m2=LS").content.decode()
    chosen = _assert_offers_the_engines_lists(page, plane)
    assert chosen[:2] == ["L", "LS"]
    offered_later = selects(page)["m2"]["options"]
    assert ("I" in offered_later) is (career_points >= 40)
    assert ("O" in offered_later) is (career_points >= 80)
    assert "H" not in selects(page)["m1"]["options"]


def test_fire_ticks_are_offered_in_the_air_and_disabled_on_the_airfield(pilot, game):
    page = pilot.get(cockpit(game, 0)).content.decode()
    ticks = [i for i in inputs(page) if i.get("type") == "checkbox"]
    assert {(i["name"], i["value"]) for i in ticks} == {
        (f"f{n}", d) for n in (1, 2, 3) for d in "ALR"
    }
    assert all("disabled" in i for i in ticks)
    assert "through the balloon" not in page

    set_planes(open_round(game), {0: IN_THE_AIR})
    page = pilot.get(cockpit(game, 0)).content.decode()
    ticks = [i for i in inputs(page) if i.get("type") == "checkbox"]
    assert len(ticks) == 9 and not any("disabled" in i for i in ticks)


def _fire_boxes(html: str) -> dict[tuple[str, str], bool]:
    """Each fire box (move's field, direction) and whether it can be ticked."""
    return {
        (i["name"], i["value"]): "disabled" not in i
        for i in inputs(html)
        if i.get("type") == "checkbox" and i["name"].startswith("f")
    }


def test_with_no_ammunition_the_fire_boxes_are_disabled_and_the_form_says_why(pilot, game):
    set_planes(open_round(game), {0: {**IN_THE_AIR, "ammo": 0}})
    page = pilot.get(cockpit(game, 0)).content.decode()
    assert not any(_fire_boxes(page).values())
    assert "No ammunition left: no bursts this round." in page
    assert "(no ammunition: no fire)" in page
    assert "<dt>Bursts this round</dt><dd>up to 0</dd>" in page
    assert "up to 3 bursts" not in page and "At most 3 bursts" not in page


def test_with_two_bursts_aboard_a_third_cannot_be_ticked(pilot, game):
    set_planes(open_round(game), {0: {**IN_THE_AIR, "ammo": 2}})
    page = pilot.get(cockpit(game, 0)).content.decode()
    assert all(_fire_boxes(page).values())
    assert "At most 2 bursts this round (2 left on board)" in page
    query = urlencode([("m1", "A"), ("m2", "A"), ("m3", "A"), ("f1", "A"), ("f2", "L")])
    page = pilot.get(f"{preview_url(game, 0)}?{query}", **HTMX).content.decode()
    boxes = _fire_boxes(page)
    assert {box for box, open_ in boxes.items() if open_} == {("f1", "A"), ("f2", "L")}
    checked = {(i["name"], i["value"]) for i in inputs(page) if "checked" in i}
    assert checked == {("f1", "A"), ("f2", "L")}


def test_a_third_burst_sent_past_the_form_is_dropped_from_the_form_and_the_preview(pilot, game):
    """A form posted with more ticks than the plane has bursts (a page opened before the last
    burst was fired, or no JavaScript) shows the first ones kept, the rest unticked."""
    set_planes(open_round(game), {0: {**IN_THE_AIR, "ammo": 2}})
    fire = [("f1", "A"), ("f2", "A"), ("f3", "A")]
    query = urlencode([("m1", "A"), ("m2", "A"), ("m3", "A"), *fire])
    page = pilot.get(f"{preview_url(game, 0)}?{query}", **HTMX).content.decode()
    checked = {(i["name"], i["value"]) for i in inputs(page) if "checked" in i}
    assert checked == {("f1", "A"), ("f2", "A")}
    assert page.count('<g class="burst" data-move=') == 2


def test_a_missing_pilot_name_is_said_before_the_submit(pilot, game):
    page = pilot.get(cockpit(game, 0)).content.decode()
    assert "Your pilot&#x27;s name: a pilot needs a name." in page
    assert 'aria-describedby="name-check"' in page
    query = urlencode([("name_only", "1"), ("pilot_name", "Major Tom")])
    page = pilot.get(f"{preview_url(game, 0)}?{query}", **HTMX).content.decode()
    assert page.startswith('<p id="name-check"')
    assert "Your pilot&#x27;s name: &#x27;major&#x27; is a rank" in page
    query = urlencode([("name_only", "1"), ("pilot_name", "Roter Milan")])
    page = pilot.get(f"{preview_url(game, 0)}?{query}", **HTMX).content.decode()
    assert page.startswith('<p id="name-check"') and "Your pilot&#x27;s name" not in page
    # a form sent without JavaScript says it too
    query = urlencode([("m1", "TB"), ("pilot_name", "")])
    page = pilot.get(f"{cockpit(game, 0)}?{query}").content.decode()
    assert "Your pilot&#x27;s name: a pilot needs a name." in page


def test_a_named_pilot_is_never_asked_for_a_name(pilot, game, alice):
    dogfight_services.name_seat(seat=game.seats.get(number=0), user=alice, name="Roter Milan")
    page = pilot.get(cockpit(game, 0)).content.decode()
    assert "Your pilot&#x27;s name" not in page


def test_a_game_that_allows_shooting_through_balloons_offers_the_tick(client, alice):
    game = make_dogfight(humans={0: alice}, balloon_rule="through", balloons=6)
    client.force_login(alice)
    page = client.get(cockpit(game, 0)).content.decode()
    assert {i["name"] for i in inputs(page) if i.get("type") == "checkbox"} >= {"t1", "t2", "t3"}
    assert "through the balloon" in page


# --- the live preview -----------------------------------------------------------------------


def test_the_htmx_preview_returns_the_moves_and_the_board_with_an_arrowhead_per_move(pilot, game):
    plane = plane_of(open_round(game), 0)
    response = pilot.get(preview_url(game, 0), {"m1": "TG", "m2": "TG"}, **HTMX)
    assert response.status_code == 200
    part = response.content.decode()
    assert part.lstrip().startswith('<div id="moves"')
    assert 'name="pilot_name"' not in part  # the name field is never redrawn under his typing
    assert "<html" not in part and "<body" not in part
    assert '<div id="board-wrap" class="board-wrap" hx-swap-oob="true">' in part
    form = selects(part)
    picks = [form["m1"]["selected"], form["m2"]["selected"], form["m3"]["selected"]]
    assert picks[:2] == ["TG", "TG"]
    steps = route(plane, picks)
    heads = arrowheads(part)
    assert [head[0] for head in heads] == [1, 2, 3]
    for (move, x, y, rotation), (hex_, facing) in zip(heads, steps):
        want_x, want_y = centre(*hex_)
        assert (round(x, 1), round(y, 1)) == (round(want_x, 1), round(want_y, 1)), move
        assert rotation == -60 * facing, move
    assert '<g class="route" data-moves="3">' in part
    assert part.count('class="route"') == 1


def test_the_preview_in_the_air_draws_the_route_the_engine_flies(pilot, game):
    rnd = open_round(game)
    set_planes(rnd, {0: IN_THE_AIR})
    picks = ["L", "RS", "R"]
    part = pilot.get(
        preview_url(game, 0), dict(zip(("m1", "m2", "m3"), picks)), **HTMX
    ).content.decode()
    steps = route(plane_of(rnd, 0), picks)
    assert steps[0] != steps[1] != steps[2]
    assert [(round(x, 1), round(y, 1), rot) for _, x, y, rot in arrowheads(part)] == [
        (round(centre(*h)[0], 1), round(centre(*h)[1], 1), -60 * f) for h, f in steps
    ]


def test_changing_move_one_changes_what_move_two_offers(pilot, game):
    stay = selects(pilot.get(preview_url(game, 0), {"m1": "G"}, **HTMX).content.decode())
    assert stay["m2"]["options"] == ["G", "TA", "TB", "TG"]
    take_off = selects(pilot.get(preview_url(game, 0), {"m1": "TA"}, **HTMX).content.decode())
    assert take_off["m2"]["options"] == ["TA"]
    assert take_off["m3"]["options"] == legal_maneuvers(plane_of(open_round(game), 0), ["TA", "TA"])
    assert "A" in take_off["m3"]["options"]


def test_a_pick_no_longer_offered_falls_back_to_the_first_legal_one(pilot, game):
    form = selects(
        pilot.get(preview_url(game, 0), {"m1": "TA", "m2": "G"}, **HTMX).content.decode()
    )
    assert form["m2"] == {"options": ["TA"], "selected": "TA"}


def test_without_htmx_the_preview_sends_the_browser_to_the_page_with_its_picks(pilot, game):
    response = pilot.get(preview_url(game, 0), {"m1": "TA", "m2": "TA"})
    assert response.status_code == 302
    assert response.url == cockpit(game, 0) + "?" + urlencode({"m1": "TA", "m2": "TA"})
    form = selects(pilot.get(response.url).content.decode())
    assert form["m1"]["selected"] == "TA"
    assert form["m2"] == {"options": ["TA"], "selected": "TA"}


def test_the_page_offers_a_plain_update_button_for_browsers_without_javascript(pilot, game):
    page = pilot.get(cockpit(game, 0)).content.decode()
    assert (
        f'<noscript><button type="submit" formmethod="get" formaction="{cockpit(game, 0)}"'
    ) in page


# --- submitting -----------------------------------------------------------------------------


def test_submitting_stores_the_orders_and_the_page_says_they_are_final(pilot, game):
    response = pilot.post(
        orders_url(game, 0), order_post(["TB", "TB", "A"], fire={3: "A"}, name="Red Falcon")
    )
    assert response.status_code == 302 and response.url == cockpit(game, 0)
    order = Order.objects.get(round=open_round(game), seat__number=0)
    assert order.payload == {
        "moves": [
            {"maneuver": "TB", "fire": [], "through": False},
            {"maneuver": "TB", "fire": [], "through": False},
            {"maneuver": "A", "fire": ["A"], "through": False},
        ]
    }
    page = pilot.get(cockpit(game, 0))
    text = page.content.decode()
    assert "Your orders are in. They are final: no edit, no withdrawal." in text
    assert '<form id="orders"' not in text
    assert "ahead — fire A (ahead)" in text
    assert seat_of(game, game.seats.get(number=0).user).name == "Red Falcon"


def test_a_second_submit_is_refused_and_changes_nothing(pilot, game):
    pilot.post(orders_url(game, 0), order_post(["TB", "TB", "A"], name="Red Falcon"))
    before = Order.objects.get(seat__game=game, seat__number=0)
    response = pilot.post(orders_url(game, 0), order_post(["TG", "TG", "L"], fire={3: "L"}))
    assert response.status_code == 400
    assert (
        "Your orders were not accepted: your orders for this round are already in; "
        "they cannot be changed."
    ) in messages_of(response)
    after = Order.objects.get(seat__game=game, seat__number=0)
    assert (after.pk, after.payload, after.submitted_at) == (
        before.pk,
        before.payload,
        before.submitted_at,
    )
    assert Order.objects.filter(seat__game=game, seat__number=0).count() == 1


def test_the_preview_after_submitting_offers_no_form_to_change_them(pilot, game):
    pilot.post(orders_url(game, 0), order_post(["TB", "TB", "A"], name="Red Falcon"))
    part = pilot.get(preview_url(game, 0), {"m1": "TA"}, **HTMX).content.decode()
    assert "<select" not in part
    assert 'class="arrowhead"' not in part


# --- the NMR warning ------------------------------------------------------------------------


def test_the_nmr_warning_appears_from_the_first_missed_round(pilot, game):
    assert "NMR warning" not in pilot.get(cockpit(game, 0)).content.decode()
    rnd = open_round(game)
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    page = pilot.get(cockpit(game, 0)).content.decode()
    assert "Round 2 · orders due" in page
    assert "<strong>NMR warning:</strong> you missed the last round." in page
    assert "1 round in a row" not in page
    assert "at four missed rounds in a row you are out of the game" in page


def test_orders_in_time_keep_the_nmr_warning_away(pilot, game):
    pilot.post(orders_url(game, 0), order_post(["TB", "TB", "A"], name="Red Falcon"))
    rnd = open_round(game)
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    page = pilot.get(cockpit(game, 0)).content.decode()
    assert "Round 2 · orders due" in page
    assert "NMR warning" not in page


# --- radio chatter --------------------------------------------------------------------------


def _lines(*lines):
    return {f"l{n}": line for n, line in enumerate(lines, start=1)}


def test_six_lines_of_chatter_are_saved_and_shown_again(pilot, game):
    lines = [f"Line {n}: Tally ho!" for n in range(1, 7)]
    response = pilot.post(chatter_url(game, 0), _lines(*lines), follow=True)
    assert "Chatter saved. You can change it until the round is resolved." in messages_of(response)
    assert Chatter.objects.get(round=open_round(game), seat__number=0).lines == lines
    shown = [
        i.get("value")
        for i in inputs(pilot.get(cockpit(game, 0)).content.decode())
        if i.get("name", "").startswith("l")
    ]
    assert shown == lines


def test_a_seventh_line_of_chatter_is_refused_and_nothing_changes(pilot, game):
    pilot.post(chatter_url(game, 0), _lines("Good hunting"))
    response = pilot.post(
        chatter_url(game, 0), _lines(*[f"line {n}" for n in range(1, 8)]), follow=True
    )
    assert "Your chatter was not saved: at most 6 lines of chatter." in messages_of(response)
    assert Chatter.objects.get(round=open_round(game), seat__number=0).lines == ["Good hunting"]


def test_a_line_of_201_characters_is_refused_and_200_are_fine(pilot, game):
    response = pilot.post(chatter_url(game, 0), _lines("x" * 201), follow=True)
    assert (
        "Your chatter was not saved: a line of chatter holds at most 200 characters."
        in messages_of(response)
    )
    assert not Chatter.objects.filter(seat__game=game).exists()
    pilot.post(chatter_url(game, 0), _lines("y" * 200))
    assert Chatter.objects.get(seat__game=game).lines == ["y" * 200]


def test_chatter_can_be_changed_after_the_orders_are_in(pilot, game):
    pilot.post(chatter_url(game, 0), _lines("First thought"))
    pilot.post(orders_url(game, 0), order_post(["TB", "TB", "A"], name="Red Falcon"))
    pilot.post(chatter_url(game, 0), _lines("Second thought", "and another"))
    assert Chatter.objects.get(seat__game=game).lines == ["Second thought", "and another"]


def test_chatter_is_published_with_the_round_and_then_belongs_to_it(pilot, client, game):
    pilot.post(chatter_url(game, 0), _lines("Watch your six, Bertie!"))
    round_one = open_round(game)
    resolution.round_resolve(round_id=round_one.pk, now=round_one.deadline)

    client.logout()  # a spectator reads the report
    report = client.get(reverse("round_report", args=[game.pk, 1])).content.decode()
    assert "Radio chatter" in report and "Watch your six, Bertie!" in report

    client.force_login(game.seats.get(number=0).user)
    page = client.get(cockpit(game, 0)).content.decode()
    assert "Watch your six, Bertie!" not in page  # round 2 starts with empty lines
    client.post(chatter_url(game, 0), _lines("Too late to take it back"))
    assert Chatter.objects.get(round=round_one).lines == ["Watch your six, Bertie!"]
    assert Chatter.objects.get(round=open_round(game)).lines == ["Too late to take it back"]


# --- the pilot's name -----------------------------------------------------------------------


def test_the_first_round_asks_for_a_name_and_refuses_orders_without_one(pilot, game):
    page = pilot.get(cockpit(game, 0)).content.decode()
    assert '<input id="pilot_name" name="pilot_name"' in page
    response = pilot.post(orders_url(game, 0), order_post(["TB", "TB", "A"], name="  "))
    assert response.status_code == 400
    assert "Your orders were not accepted: a pilot needs a name." in messages_of(response)
    assert not Order.objects.filter(seat__game=game, seat__number=0).exists()
    assert game.seats.get(number=0).name == ""


def test_once_named_the_next_round_asks_for_no_name(pilot, game):
    pilot.post(orders_url(game, 0), order_post(["TB", "TB", "A"], name="Red Falcon"))
    rnd = open_round(game)
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    page = pilot.get(cockpit(game, 0)).content.decode()
    assert 'name="pilot_name"' not in page
    assert "<h1>Red Falcon" in page
    response = pilot.post(orders_url(game, 0), order_post(["A", "A", "A"]))
    assert response.status_code == 302
    assert Order.objects.filter(round=open_round(game), seat__number=0).exists()


@pytest.mark.parametrize("taken", ["Tàil Shot", "TAILSHOT", "tail shot"])
def test_a_name_another_user_has_is_refused_ignoring_case_spaces_and_accents(pilot, game, taken):
    dogfight_services.pilot_claim(user=make_user(), name=taken)
    response = pilot.post(orders_url(game, 0), order_post(GROUND_ORDERS_FORM, name="tailshot"))
    assert response.status_code == 400
    assert (
        "Your orders were not accepted: the name 'tailshot' is taken: choose another."
        in messages_of(response)
    )
    assert not Order.objects.filter(seat__game=game, seat__number=0).exists()
    assert game.seats.get(number=0).name == ""
    assert Pilot.objects.count() == 1


@pytest.mark.parametrize(
    "name, rank", [("Ace Hunter", "ace"), ("von Major", "major"), ("GeneralLee", "general")]
)
def test_a_name_with_a_rank_word_is_refused_with_the_reason(pilot, game, name, rank):
    response = pilot.post(orders_url(game, 0), order_post(GROUND_ORDERS_FORM, name=name))
    assert response.status_code == 400
    assert (
        f"Your orders were not accepted: '{rank}' is a rank: ranks are earned with points, "
        f"so they cannot be part of a name." in messages_of(response)
    )
    assert not Order.objects.filter(seat__game=game, seat__number=0).exists()
    assert not Pilot.objects.exists()
    assert game.seats.get(number=0).name == ""


def test_a_refused_name_keeps_the_pilots_picks_in_the_form(pilot, game):
    response = pilot.post(orders_url(game, 0), order_post(["TG", "TG", "L"], name="Ace"))
    page = response.content.decode()
    form = selects(page)
    assert [form[f"m{n}"]["selected"] for n in (1, 2, 3)] == ["TG", "TG", "L"]
    assert 'name="pilot_name"' in page


def test_a_good_name_with_illegal_orders_stores_neither(pilot, game):
    response = pilot.post(orders_url(game, 0), order_post(["TB", "TB", "I"], name="Red Falcon"))
    assert response.status_code == 400
    assert not Pilot.objects.exists()
    assert game.seats.get(number=0).name == ""
    assert not Order.objects.filter(seat__game=game, seat__number=0).exists()


def test_the_user_may_fly_his_own_name_again_in_another_game(client, alice):
    dogfight_services.pilot_claim(user=alice, name="Red Falcon")
    game = make_dogfight(humans={0: alice})
    client.force_login(alice)
    page = client.get(cockpit(game, 0)).content.decode()
    assert '<option value="Red Falcon">' in page  # his names are offered
    response = client.post(orders_url(game, 0), order_post(GROUND_ORDERS_FORM, name="red  falcon"))
    assert response.status_code == 302
    assert game.seats.get(number=0).name == "Red Falcon"
    assert Pilot.objects.count() == 1


GROUND_ORDERS_FORM = [move["maneuver"] for move in GROUND_ORDERS]


def test_a_person_who_takes_over_a_computer_pilot_picks_his_own_name(client, game):
    newcomer = make_user()
    services.referee_replace_computer(game=game, by=game.referee, number=2, user=newcomer)
    client.force_login(newcomer)
    page = client.get(cockpit(game, 2)).content.decode()
    assert "Computer pilot 3" not in page
    assert '<input id="pilot_name" name="pilot_name"' in page
    response = client.post(orders_url(game, 2), order_post(GROUND_ORDERS_FORM, name="Newcomer"))
    assert response.status_code == 302
    assert game.seats.get(number=2).name == "Newcomer"


def test_refused_orders_store_none_of_their_chatter(pilot, game):
    posted = {**order_post(["TB", "TB", "A"]), **_lines("Horrido!"), "round": "1"}
    response = pilot.post(orders_url(game, 0), posted)  # no pilot's name: refused
    assert response.status_code == 400
    assert not Chatter.objects.filter(seat__game=game).exists()
    shown = [i.get("value") for i in inputs(response.content.decode()) if i.get("name") == "l1"]
    assert shown == ["Horrido!"]  # what was typed is on the page again, not stored


def test_the_live_preview_never_puts_the_csrf_token_in_its_get_urls(pilot, game):
    import re

    page = pilot.get(reverse("dogfight:seat", args=[game.pk, 0])).content.decode()
    asking = re.findall(r"<[^>]*hx-get=[^>]*>", page)
    assert asking
    for tag in asking:
        if 'hx-include="closest form"' in tag:
            assert 'hx-params="not csrfmiddlewaretoken"' in tag, tag
