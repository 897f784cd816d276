"""The duel's pages through the shared platform: new game, lobby, my games, the player's page in
each phase (htmx partial and plain GET), posting actions, resign and draw buttons, the public
game page and reports with replay — and never a sealed placement shown to anyone else."""

import json
import re

import pytest
from django.urls import reverse

from duel.models import DrawOffer
from games.models import Game, Order, Round

from .helpers import act, fly, make_duel, open_round, page_url, placed, state, stay

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def test_a_duel_is_created_from_its_new_game_page(client, alice):
    client.force_login(alice)
    page = client.get(reverse("game_new", args=["duel"])).content.decode()
    assert "Deadline per action (hours)" in page and 'name="asteroids"' in page
    response = client.post(
        reverse("game_new", args=["duel"]),
        {
            "title": "High noon",
            "turn_hours": "12",
            "time_zone": "UTC",
            "asteroids": "3",
            "no_adjacent": "on",
            "squadron": "bee",
            "first": "1",
        },
    )
    game = Game.objects.get()
    assert response.status_code == 302 and game.kind == "duel" and game.resolve_early
    assert game.settings == {
        "asteroids": 3,
        "no_adjacent": True,
        "fighters": ["bee"],
        "spare_missiles": False,
        "first": 1,
        "turn_hours": 12,
    }
    panel = client.get(reverse("referee_panel", args=[game.pk])).content.decode()
    assert "12 hours per action" in panel and "wind" not in panel.lower()


def test_the_lobby_and_my_games_show_duels_like_any_game(
    client, alice, bob, django_capture_on_commit_callbacks
):
    open_game = make_duel(alice, start=False, turn_hours=6)
    lobby = client.get(reverse("lobby")).content.decode()
    assert "Test duel" in lobby and "6 hours per action" in lobby
    assert "Referee a new duel" not in lobby  # only for people logged in
    client.force_login(bob)
    response = client.post(reverse("seat_join", args=[open_game.pk, 1]))
    assert response.status_code == 302 and open_game.seats.get(number=1).user == bob
    waiting = client.get(reverse("game", args=[open_game.pk])).content.decode()
    assert "B: bob (bob)" in waiting and "<svg" not in waiting  # no board before the start
    assert client.get(page_url(open_game, 1)).status_code == 302  # not started yet
    running = make_duel(alice, bob)
    mine = client.get(reverse("my_games")).content.decode()
    assert f'href="{page_url(running, 1)}">My fighters (seat 2' in mine  # counted from 1
    assert "Orders due" in mine  # the sealed placement: both owe it


def test_the_setup_offers_the_engines_asteroid_hexes_as_links_and_a_list(
    client, alice, bob, django_capture_on_commit_callbacks
):
    game = make_duel(alice, bob, asteroids=1)
    client.force_login(alice)
    page = client.get(page_url(game, 0)).content.decode()
    assert "Place an asteroid" in page
    assert f'href="{page_url(game, 0)}?hex=9,7"' in page  # a legal hex is a link
    assert 'data-hex="0,5"' not in page  # a dock is not
    partial = client.get(page_url(game, 0, "preview") + "?hex=9,7", **HTMX).content.decode()
    assert partial.startswith('<div id="duel-play">') or '<div id="duel-play">' in partial[:80]
    assert '<option value="9,7" selected>' in partial and 'class="selected"' in partial
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(page_url(game, 0, "submit"), {"action": "asteroid", "hex": "9,7"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert state(game)["asteroids"] == [[9, 7]] and state(game)["to_act"] == 1
    assert "Waiting for bob" in client.get(page_url(game, 0)).content.decode()


def test_an_illegal_post_shows_the_engines_message_and_stores_nothing(client, alice, bob):
    game = make_duel(alice, bob, asteroids=1)
    client.force_login(alice)
    response = client.post(page_url(game, 0, "submit"), {"action": "asteroid", "hex": "1,6"})
    assert response.status_code == 400
    assert "no asteroid on [1, 6]: it is within 2 hexes of a dock" in response.content.decode()
    assert not Order.objects.exists()


def test_another_user_cannot_see_or_act_for_a_seat(client, alice, bob, carol):
    game = make_duel(alice, bob, asteroids=1)
    client.force_login(carol)
    assert client.get(page_url(game, 0)).status_code == 403
    assert (
        client.post(page_url(game, 0, "submit"), {"action": "asteroid", "hex": "9,7"}).status_code
        == 403
    )
    assert client.post(page_url(game, 0, "resign")).status_code == 403
    client.force_login(bob)  # a player, but not this seat's, and not his turn on his own
    assert client.post(page_url(game, 0, "draw"), {"do": "offer"}).status_code == 403
    response = client.post(page_url(game, 1, "submit"), {"action": "asteroid", "hex": "9,7"})
    assert response.status_code == 400 and "it is not your turn" in response.content.decode()
    assert not Order.objects.exists()


def test_the_fighter_placement_form_and_no_one_else_sees_it(client, alice, bob):
    game = make_duel(alice, bob)
    client.force_login(alice)
    page = client.get(page_url(game, 0)).content.decode()
    assert "Place your fighters (sealed)" in page
    assert re.search(r'<select id="hex_A1" name="hex_A1"><option value="0,5" selected>', page)
    response = client.post(
        page_url(game, 0, "submit"), {"action": "fighters", "hex_A1": "0,7", "facing_A1": "2"}
    )
    assert response.status_code == 302
    mine = client.get(page_url(game, 0)).content.decode()
    assert "Your action is in" in mine and "A1 on [0, 7], facing NW" in mine
    client.force_login(bob)
    theirs = client.get(page_url(game, 1)).content.decode()
    spectator = client.get(reverse("game", args=[game.pk])).content.decode()
    for page in (theirs, spectator):
        assert "A1 on [0, 7]" not in page and 'data-fighter="A1"' not in page
        assert "not placed" in page


def test_a_sealed_placement_in_a_state_is_hidden_by_the_engines_view(client, alice, bob):
    game = make_duel(alice, bob)
    rnd = open_round(game)
    sealed = {**rnd.state, "sealed": [[{"fighter": "A1", "hex": [0, 7], "facing": 2}], None]}
    Round.objects.filter(pk=rnd.pk).update(state=sealed)
    spectator = client.get(reverse("game", args=[game.pk])).content.decode()
    client.force_login(bob)
    theirs = client.get(page_url(game, 1)).content.decode()
    for page in (spectator, theirs):
        assert "A1 on [0, 7]" not in page and 'data-fighter="A1"' not in page
        assert "facing 2" not in page and "not placed" in page


def _click(client, game, draft, current, do, **extra):
    """One click on the turn form as htmx sends it; returns (page, draft, current)."""
    data = {"draft": json.dumps(draft), "current": current, "do": do, **extra}
    page = client.get(page_url(game, 0, "preview"), data, **HTMX).content.decode()
    draft = json.loads(
        re.search(r'name="draft" value="([^"]*)"', page).group(1).replace("&quot;", '"')
    )
    current = re.search(r'name="current" value="([^"]*)"', page).group(1)
    return page, draft, current


def test_the_turn_is_built_step_by_step_from_the_engines_next_steps(
    client, alice, bob, django_capture_on_commit_callbacks
):
    game = make_duel(alice, bob)
    placed(game, alice, bob, django_capture_on_commit_callbacks)
    client.force_login(alice)
    page = client.get(page_url(game, 0)).content.decode()
    assert 'value="pick:A1"' in page and 'value="stay:A1"' in page
    page, draft, current = _click(client, game, [], "", "pick:A1")
    assert current == "A1" and draft == [{"fighter": "A1", "steps": []}]
    assert re.findall(r'data-code="(\w+)"', page) == ["A", "G", "M", "S"]
    page, draft, current = _click(client, game, draft, current, "step:A")
    assert re.findall(r'data-code="(\w+)"', page) == ["A", "G", "M", "S"]  # a Wasp turns after 2
    assert 'value="done"' not in page  # a Wasp flies at least 2 hexes
    assert page.count('class="arrowhead"') == 1
    # a turn now would break the rules: the engine's words, the draft unchanged
    page, draft, current = _click(client, game, draft, current, "step:L")
    assert "Not allowed: A1, step 2 (turn left): a Wasp turns only after 2 hexes" in page
    assert draft == [{"fighter": "A1", "steps": ["A"]}]
    page, draft, current = _click(client, game, draft, current, "step:A")
    assert "L" in re.findall(r'data-code="(\w+)"', page) and 'value="done"' in page
    page, draft, current = _click(client, game, draft, current, "done")
    assert current == "" and "Submit the turn (final)" in page
    page, draft, current = _click(client, game, draft, current, "undo")
    assert current == "A1" and draft == [{"fighter": "A1", "steps": ["A", "A"]}]
    page, draft, current = _click(client, game, draft, current, "done")
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            page_url(game, 0, "submit"), {"action": "turn", "draft": json.dumps(draft)}
        )
    assert response.status_code == 302
    game.refresh_from_db()
    now = state(game)
    assert now["to_act"] == 1 and now["fighters"][0]["hex"] == [1, 6]
    replay = client.get(reverse("round_report", args=[game.pk, 2])).content.decode()
    assert "A1 took off from [0, 8]." in replay and '"caption": "A1 flew to [1, 6]."' in replay


def test_without_javascript_the_form_is_a_plain_get_of_the_page(
    client, alice, bob, django_capture_on_commit_callbacks
):
    game = make_duel(alice, bob)
    placed(game, alice, bob, django_capture_on_commit_callbacks)
    client.force_login(alice)
    page = client.get(page_url(game, 0), {"draft": "[]", "current": "", "do": "pick:A1"})
    assert "<html" in page.content.decode() and 'data-code="A"' in page.content.decode()
    redirect = client.get(page_url(game, 0, "preview"), {"do": "pick:A1"})
    assert redirect.status_code == 302 and redirect.url.startswith(page_url(game, 0) + "?")


def test_an_incomplete_turn_posted_is_refused_and_nothing_stored(
    client, alice, bob, django_capture_on_commit_callbacks
):
    game = make_duel(alice, bob)
    placed(game, alice, bob, django_capture_on_commit_callbacks)
    client.force_login(alice)
    draft = [{"fighter": "A1", "steps": ["A"]}]
    response = client.post(
        page_url(game, 0, "submit"), {"action": "turn", "draft": json.dumps(draft)}
    )
    assert response.status_code == 400
    assert "A1 must fly 2, 3, 4 or 5 hexes this turn" in response.content.decode()
    assert not Order.objects.filter(round=open_round(game)).exists()


def test_resign_and_draw_buttons_post_with_csrf(alice, bob, django_capture_on_commit_callbacks):
    from django.test import Client

    game = make_duel(alice, bob)
    placed(game, alice, bob, django_capture_on_commit_callbacks)
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(alice)
    assert strict.post(page_url(game, 0, "draw"), {"do": "offer"}).status_code == 403
    page = strict.get(page_url(game, 0)).content.decode()
    assert "Offer a draw" in page and "Resign" in page
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    assert (
        strict.post(
            page_url(game, 0, "draw"), {"do": "offer", "csrfmiddlewaretoken": token}
        ).status_code
        == 302
    )
    assert DrawOffer.objects.get().seat == 0


def test_a_draw_offered_and_accepted_through_the_pages(
    client, alice, bob, django_capture_on_commit_callbacks
):
    game = make_duel(alice, bob)
    placed(game, alice, bob, django_capture_on_commit_callbacks)
    client.force_login(alice)
    client.post(page_url(game, 0, "draw"), {"do": "offer"})
    assert "Withdraw the offer" in client.get(page_url(game, 0)).content.decode()
    client.force_login(bob)
    assert "alice offers a draw" in client.get(page_url(game, 1)).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(page_url(game, 1, "draw"), {"do": "accept"})
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner_seat is None
    assert "A draw." in client.get(reverse("game", args=[game.pk])).content.decode()


def test_resigning_through_the_page(client, alice, bob, django_capture_on_commit_callbacks):
    game = make_duel(alice, bob)
    client.force_login(bob)
    page = client.get(page_url(game, 1)).content.decode()
    assert f'href="{page_url(game, 1)}?resign=confirm#resign">Resign…' in page
    assert "Yes, resign the duel" not in page
    # a post without the confirmation only asks for it
    response = client.post(page_url(game, 1, "resign"))
    assert response.url == page_url(game, 1) + "?resign=confirm#resign"
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING
    confirm = client.get(response.url).content.decode()
    assert "Resigning ends the duel at once: alice wins." in confirm
    assert "Yes, resign the duel" in confirm and "Accept the draw" not in confirm
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(page_url(game, 1, "resign"), {"confirm": "yes"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner_seat == 0
    page = client.get(page_url(game, 1)).content.decode()
    assert "alice won" in page and "Resign" not in page
    assert "The duel is over: a player resigned." in page


def test_spectators_see_the_board_and_the_published_history_with_replay(
    client, alice, bob, django_capture_on_commit_callbacks
):
    game = make_duel(alice, bob)
    placed(game, alice, bob, django_capture_on_commit_callbacks)
    act(game, alice, fly("A1", 4), django_capture_on_commit_callbacks)
    act(game, bob, stay("B1"), django_capture_on_commit_callbacks)
    page = client.get(reverse("game", args=[game.pk])).content.decode()
    assert '<svg id="board"' in page and 'data-fighter="A1"' in page
    assert "alice to act" in page
    for number in (1, 2, 3):  # the placements (one round), A's turn, B's turn
        assert f'href="{reverse("round_report", args=[game.pk, number])}"' in page
    report = client.get(reverse("round_report", args=[game.pk, 2])).content.decode()
    assert '"caption": "A1 flew to [2, 4]."' in report  # facing NE from [0, 8]
    ids = re.findall(r'\sid="([^"]+)"', report)
    assert "replay" in ids and "replay-board" in ids and len(ids) == len(set(ids))
    # The whole duel's replay, opened at this action's start: hex by hex from there.
    start = int(re.search(r'type="range" name="step" min="0" max="\d+" value="(\d+)"', report)[1])
    assert '<span class="replay-text">Before</span>' in report
    step_one = client.get(reverse("round_report", args=[game.pk, 2]), {"step": start + 1})
    assert (
        '<span class="replay-text">Turn 1: alice. A1 took off from [0, 8]. A1 flew to [0, 7].'
        in step_one.content.decode()
    )
    assert f'name="step" value="{start + 2}" data-go="next"' in step_one.content.decode()
    board = client.get(reverse("replay_board", args=[game.pk, start])).content.decode()
    assert board.startswith('<svg id="replay-board"') and 'data-fighter="A1"' in board
    feed = client.get(reverse("game_feed", args=[game.pk])).content.decode()
    assert "A1 flew to" in feed
