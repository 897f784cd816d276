"""Whose turn it is and what the opponent did: the players' pages are live (games/live.py),
the player to act sees the opponent's last action, one counter (the turn), a readable history on
the game page, a draw offer at the top of the page, and an end screen with the reason."""

import pytest
from django.urls import reverse

from duel import services as duel_services

from .helpers import act, fly, make_duel, page_url, placed, stay

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def in_play(alice, bob, django_capture_on_commit_callbacks):
    game = make_duel(alice, bob)
    placed(game, alice, bob, django_capture_on_commit_callbacks)
    act(game, alice, fly("A1", 4), django_capture_on_commit_callbacks)
    return game


def test_both_players_pages_are_live_pages_the_spectators_too(client, alice, bob, in_play):
    hook = f'<script src="/static/js/live.js" defer data-url="/games/{in_play.pk}/live"'
    client.force_login(alice)
    waiting = client.get(page_url(in_play, 0)).content.decode()
    assert hook in waiting and "Waiting for bob." in waiting
    assert 'data-keep="#turn-form, form.placements"' in waiting
    client.force_login(bob)
    assert hook in client.get(page_url(in_play, 1)).content.decode()
    assert hook in client.get(reverse("game", args=[in_play.pk])).content.decode()


def test_a_draw_offer_and_its_withdrawal_are_news_for_the_live_pages(
    client, alice, in_play, django_capture_on_commit_callbacks
):
    check = reverse("live", args=[in_play.pk])
    version = client.get(check).json()["version"]
    with django_capture_on_commit_callbacks(execute=True):
        duel_services.draw_offer(game=in_play, user=alice)
    offered = client.get(check, HTTP_IF_NONE_MATCH=f'"{version}"')
    assert offered.status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        duel_services.draw_withdraw(game=in_play, user=alice)
    withdrawn = client.get(check, HTTP_IF_NONE_MATCH=f'"{offered.json()["version"]}"')
    assert withdrawn.status_code == 200


def test_the_player_to_act_sees_the_opponents_last_action_and_one_counter(client, bob, in_play):
    client.force_login(bob)
    page = client.get(page_url(in_play, 1)).content.decode()
    assert "alice's last action" in page
    assert "Turn 1 · alice · nothing destroyed" in page
    assert "A1 flew to [2, 4]." in page  # every step in words
    assert '<strong class="counter">Turn 2</strong>' in page  # each player's turn counts
    assert "Action " not in page


def test_the_game_page_lists_a_readable_history_newest_first(
    client, alice, bob, in_play, django_capture_on_commit_callbacks
):
    act(in_play, bob, stay("B1"), django_capture_on_commit_callbacks)
    page = client.get(reverse("game", args=[in_play.pk])).content.decode()
    lines = [
        "Turn 2 · bob · nothing destroyed",
        "Turn 1 · alice · nothing destroyed",
        "Setup · both players · placements revealed",
    ]
    positions = [page.index(line) for line in lines]
    assert positions == sorted(positions)
    assert "Turn 3 ·" in page and "Action " not in page


def test_a_draw_offer_shows_at_the_top_of_the_opponents_page(client, alice, bob, in_play):
    duel_services.draw_offer(game=in_play, user=alice)
    client.force_login(bob)
    page = client.get(page_url(in_play, 1)).content.decode()
    top = page.index("alice offers a draw.")
    assert top < page.index('id="board"') and top < page.index('value="accept"')
    assert page.index('value="accept"') < page.index('id="board"')


def test_the_end_screen_names_the_reason_and_links_the_replay(
    client, alice, bob, in_play, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        duel_services.draw_offer(game=in_play, user=alice)
        duel_services.draw_accept(game=in_play, user=bob)
    client.force_login(alice)
    page = client.get(page_url(in_play, 0)).content.decode()
    assert "A draw." in page
    assert "The duel is over: both players agreed to a draw." in page
    assert f'href="{reverse("replay", args=[in_play.pk])}?step=0">Replay the whole duel' in page
    assert 'id="board"' in page and "hx-trigger" not in page
    game_page = client.get(reverse("game", args=[in_play.pk])).content.decode()
    assert "(both players agreed to a draw)" in game_page


def test_a_duel_against_the_veteran_computer_from_the_new_game_page(
    client, alice, django_capture_on_commit_callbacks
):
    from games import services
    from games.models import Game

    from .helpers import state

    client.force_login(alice)
    page = client.get(reverse("game_new", args=["duel"])).content.decode()
    assert '<option value="veteran">veteran (aims, dodges missiles, goes home to win)' in page
    client.post(
        reverse("game_new", args=["duel"]),
        {
            "title": "Against the machine",
            "turn_hours": "24",
            "time_zone": "UTC",
            "asteroids": "1",
            "no_adjacent": "on",
            "squadron": "standard",
            "first": "0",
            "computer": "veteran",
        },
    )
    game = Game.objects.get()
    assert game.seats.get(number=1).computer_level == "veteran"
    services.seat_join(game=game, number=0, user=alice)
    services.game_start(game=game, by=alice)
    act(game, alice, {"type": "asteroid", "hex": [9, 7]}, django_capture_on_commit_callbacks)
    assert state(game)["phase"] == "fighters" and len(state(game)["asteroids"]) == 2
    act(
        game,
        alice,
        {
            "type": "fighters",
            "placements": [
                {"fighter": f"A{n + 1}", "hex": [0, 5 + n], "facing": 0} for n in range(4)
            ],
        },
        django_capture_on_commit_callbacks,
    )
    act(
        game,
        alice,
        {"type": "turn", "orders": [{"fighter": f"A{n + 1}", "stay": True} for n in range(4)]},
        django_capture_on_commit_callbacks,
    )
    now = state(game)  # the computer played its turn at once: some of its fighters took off
    assert now["to_act"] == 0 and now["turn"] == 3
    assert any(not f["docked"] for f in now["fighters"] if f["player"] == 1)


def test_a_fighter_and_the_hexes_before_it_are_links_on_the_board(client, bob, in_play):
    import html
    import re

    client.force_login(bob)
    page = client.get(page_url(in_play, 1)).content.decode()
    pick = re.search(r'<a href="([^"]+)"[^>]*class="pick" data-pick="B1"', page)
    assert pick, "B1 is not a link on the board"
    page = client.get(html.unescape(pick.group(1))).content.decode()
    assert "(building)" in page  # B1 picked
    ahead = re.search(
        r'<a href="([^"]+)"[^>]*class="step-link" data-step-code="A" '
        r'data-hex="18,6"',
        page,
    )
    assert ahead, "the hex ahead of B1 is not a link"
    page = client.get(html.unescape(ahead.group(1))).content.decode()
    assert "B1: 1 hex flown" in page
    # a Wasp turns only after two hexes: no turn links yet
    assert 'data-step-code="L"' not in page and 'data-step-code="A" data-hex="17,6"' in page


def test_my_games_and_the_referee_panel_know_both_players_are_in(client, alice, bob, in_play):
    client.force_login(alice)  # she acted; it is Bob's turn
    mine = client.get(reverse("my_games")).content.decode()
    assert "Waiting for the opponent" in mine and "Orders in" not in mine
    client.force_login(bob)
    assert "Orders due" in client.get(reverse("my_games")).content.decode()
    client.force_login(alice)  # the referee
    panel = client.get(reverse("referee_panel", args=[in_play.pk])).content.decode()
    assert "(out)" not in panel
    remove = panel[panel.index('id="remove-number"') :]
    remove = remove[: remove.index("</select>")]
    assert '<option value="0">' in remove and '<option value="1">' in remove
    # removing the waiting player is taken: he forfeits when the round is resolved
    from games import services

    services.referee_remove(game=in_play, by=alice, number=0)
