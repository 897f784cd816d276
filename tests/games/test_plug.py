"""The plug: a game defined in this module alone, tic-tac-toe, joins the site through one line in
``INSTALLED_APPS`` and is played through the lobby, its seat page, the sweep and a published
report. Nothing outside this module knows it; the platform's system checks hold it (and a
broken game) to what ``GameRules`` declares.

This module is the whole game: its pure engine, its ``GameRules``, its forms, its views and URL
module (``urlpatterns`` below), its ``GameApp`` and its templates (a locmem loader).
"""

from __future__ import annotations

import importlib
from datetime import timedelta

import pytest
from django import forms
from django.conf import settings as django_settings
from django.contrib.auth.decorators import login_required
from django.core.management import call_command
from django.core.management.base import SystemCheckError
from django.shortcuts import redirect, render
from django.test import override_settings
from django.urls import clear_url_caches, path, reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from games import checks, registry, selectors, services
from games.forms import GameSettingsForm
from games.models import Game, Round
from games.registry import Frame, GameRules, Outcome, PlayedRound, Rejected
from tests.factories import make_user
from tests.games.api.test_api import Bot as ApiClient

# --- the engine: pure, a state and a move in, a state out -------------------------------------

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def new_board() -> dict:
    return {"cells": [None] * 9, "to_move": 0, "winner": None, "over": False}


def play(state: dict, seat: int, cell: int) -> dict:
    if state["over"] or seat != state["to_move"]:
        raise ValueError("not your move")
    if not (isinstance(cell, int) and 0 <= cell < 9) or state["cells"][cell] is not None:
        raise ValueError("that cell is not free")
    cells = [*state["cells"]]
    cells[cell] = seat
    won = any(all(cells[i] == seat for i in line) for line in LINES)
    return {
        "cells": cells,
        "to_move": 1 - seat,
        "winner": seat if won else None,
        "over": won or None not in cells,
    }


def first_free(state: dict) -> int:
    return state["cells"].index(None)


# --- the game as the platform sees it ---------------------------------------------------------


class TicTacToeSettings(GameSettingsForm):
    deadline_days = None

    def game_settings(self) -> dict:
        return {}


class TicTacToeRules(GameRules):
    slug = "tictactoe"
    name = "Tic-tac-toe"
    settings_form = f"{__name__}.TicTacToeSettings"
    urls = __name__
    nav = (("Noughts", "rules"),)
    new_game_label = "Referee a new tic-tac-toe"

    def seat_numbers(self, settings: dict) -> list[int]:
        return [0, 1]

    def clean_settings(self, data: dict) -> dict:
        return {}

    def setup(self, *, seed: int, settings: dict, seats: list[dict]) -> dict:
        return new_board()

    def active_seats(self, state: dict) -> list[int]:
        return [] if state["over"] else [state["to_move"]]

    def validate_orders(self, state: dict, seat: int, payload: object) -> dict:
        cell = payload.get("cell") if isinstance(payload, dict) else None
        try:
            play(state, seat, cell)
        except ValueError as error:
            raise Rejected(str(error)) from None
        return {"cell": cell}

    def computer_orders(self, state: dict, seat: int, level: str) -> dict:
        return {"cell": first_free(state)}

    def resolve(
        self, state: dict, orders: dict[int, dict], *, seed: int, referee_input: dict
    ) -> Outcome:
        seat = state["to_move"]
        cell = orders[seat]["cell"] if seat in orders else first_free(state)
        after = play(state, seat, cell)
        return Outcome(
            state=after,
            events=[{"seat": seat, "cell": cell}],
            over=after["over"],
            winner=after["winner"],
        )

    def describe_events(self, events: list, names: dict[int, str]) -> list[str]:
        return [f"{names[e['seat']]} takes cell {e['cell']}" for e in events]

    def page_context(self, state: dict, names: dict[int, str]) -> dict:
        return {"cells": state["cells"]}

    def report_context(
        self, state_before: dict, report_state: dict, events: list, names: dict[int, str]
    ) -> dict:
        return {"lines": self.describe_events(events, names), "cells": report_state["cells"]}

    # --- the API: orders are {"cell": n} -------------------------------------------------------
    def legal_choices(self, state: dict, seat: int, partial: object) -> dict:
        if seat not in self.active_seats(state):
            raise Rejected(self.not_active_message(state, seat), code="not_active")
        return {"cells": [cell for cell, taken in enumerate(state["cells"]) if taken is None]}

    def preview_orders(self, state: dict, seat: int, payload: object) -> dict:
        cell = self.validate_orders(state, seat, payload)["cell"]
        return {"cells": play(state, seat, cell)["cells"]}

    def replay_frames(
        self, state_before: dict, events: list, report_state: dict, names: dict[int, str]
    ) -> list[dict]:
        return [{"cells": state_before["cells"]}, {"cells": report_state["cells"]}]

    def game_replay(self, rounds: list[PlayedRound], names: dict[int, str]) -> list[Frame]:
        return [
            Frame(
                caption=line,
                draw=lambda cells=played.state_after["cells"]: f"<svg><desc>{cells}</desc></svg>",
                mark=f"Move {played.number}",
            )
            for played in rounds
            for line in self.describe_events(played.events, names)
        ]


RULES = TicTacToeRules()


class TicTacToeApp(registry.GameApp):
    name = __name__
    label = "tictactoe"
    rules = f"{__name__}.RULES"
    path = __file__.rpartition("/")[0]


# --- its pages --------------------------------------------------------------------------------


class MoveForm(forms.Form):
    cell = forms.IntegerField()


@login_required
@require_http_methods(["GET", "POST"])
def seat_page(request, game_id: int, number: int):
    page = selectors.player_page(request.user, game_id=game_id, number=number, kind="tictactoe")
    if request.method == "POST":
        form = MoveForm(request.POST)
        if form.is_valid():
            try:
                services.orders_submit(
                    seat=page.seat, user=request.user, payload={"cell": form.cleaned_data["cell"]}
                )
            except Rejected as error:
                return render(request, "tictactoe/seat.html", {"error": error}, status=400)
        return redirect(RULES.seat_url(game_id, number))
    return render(request, "tictactoe/seat.html", {"round": page.round, "orders": page.own_orders})


def rules_page(request):
    return render(request, "tictactoe/_home.html")


urlpatterns = [
    path("games/<int:game_id>/seat/<int:number>/", seat_page, name="seat"),
    path("rules/", rules_page, name="rules"),
]

TEMPLATES = {
    "tictactoe/game.html": "<h1>{{ game.title }}</h1><p>Cells {{ cells }}</p>"
    "{% if replay %}{% include 'games/_replay.html' %}{% endif %}",
    "tictactoe/seat.html": "{% if error %}Refused: {{ error }}{% endif %}"
    "{% if round %}Round {{ round.number }}: your move{% endif %}"
    "{% if orders %} (cell {{ orders.cell }} is in){% endif %}",
    "tictactoe/_report_body.html": "{% for line in lines %}<p>{{ line }}</p>{% endfor %}"
    "<p>Cells {{ cells }}</p>",
    "tictactoe/_home.html": "<p>Three in a row wins.</p>",
}


# --- plugging it in ---------------------------------------------------------------------------

pytestmark = pytest.mark.django_db


def _reload_site_urls() -> None:
    """The site's URLconf, built again from the games installed now."""
    clear_url_caches()
    importlib.reload(importlib.import_module(django_settings.ROOT_URLCONF))


@pytest.fixture
def tictactoe():
    """The site with tic-tac-toe installed: one more line in INSTALLED_APPS (and this module's
    templates); afterwards the site without it again."""
    engine = django_settings.TEMPLATES[0]
    loaders = [
        ("django.template.loaders.locmem.Loader", TEMPLATES),
        "django.template.loaders.filesystem.Loader",
        "django.template.loaders.app_directories.Loader",
    ]
    with override_settings(
        INSTALLED_APPS=[*django_settings.INSTALLED_APPS, f"{__name__}.TicTacToeApp"],
        TEMPLATES=[
            {**engine, "APP_DIRS": False, "OPTIONS": {**engine["OPTIONS"], "loaders": loaders}}
        ],
    ):
        _reload_site_urls()
        yield RULES
    _reload_site_urls()


def test_a_game_plugs_in_with_one_line_in_installed_apps(tictactoe):
    assert registry.get("tictactoe") is tictactoe
    assert checks.check_games() == []
    call_command("check")  # raises on any error of the checks framework
    assert tictactoe.seat_url(7, 1) == "/tictactoe/games/7/seat/1/"


def test_the_plugged_game_leaves_with_its_line(tictactoe):
    without = [app for app in django_settings.INSTALLED_APPS if not app.endswith("TicTacToeApp")]
    with override_settings(INSTALLED_APPS=without), pytest.raises(Rejected):
        registry.get("tictactoe")
    assert registry.get("tictactoe") is tictactoe


def test_the_plugged_game_is_on_the_home_page_and_in_the_header(tictactoe, client):
    home = client.get("/").content.decode()
    assert "Tic-tac-toe" in home and "Three in a row wins." in home
    assert 'href="/tictactoe/rules/">Noughts</a>' in home  # its header entry
    assert '<a href="/tictactoe/rules/">Tic-tac-toe</a>' in home  # its rules page


def test_a_plugged_game_is_played_through_the_lobby_its_seat_page_the_sweep_and_a_report(
    tictactoe, client
):
    referee, xavier, olga = make_user("referee"), make_user("xavier"), make_user("olga")
    client.force_login(referee)
    created = client.post(
        reverse("game_new", args=["tictactoe"]),
        {"title": "Noughts at noon", "time_zone": "Europe/Berlin"},
    )
    game = Game.objects.get(kind="tictactoe")
    assert created.url == reverse("referee_panel", args=[game.pk])
    assert "Noughts at noon" in client.get(reverse("lobby")).content.decode()
    for person, number in ((xavier, 0), (olga, 1)):
        client.force_login(person)
        client.post(reverse("seat_join", args=[game.pk, number]))
    client.force_login(referee)
    client.post(reverse("referee_start", args=[game.pk]))

    for number, person, cell in (
        (0, xavier, 0),
        (1, olga, 4),
        (0, xavier, 1),
        (1, olga, 8),
        (0, xavier, 2),
    ):
        client.force_login(person)
        seat_page = tictactoe.seat_url(game.pk, number)
        assert "your move" in client.get(seat_page).content.decode()
        client.post(seat_page, {"cell": cell})
        assert f"(cell {cell} is in)" in client.get(seat_page).content.decode()
        Round.objects.filter(game=game, status=Round.Status.OPEN).update(
            deadline=timezone.now() - timedelta(minutes=1)
        )
        call_command("sweep")

    game.refresh_from_db()
    assert (game.status, game.winner_seat) == (Game.Status.FINISHED, 0)
    report = client.get(reverse("round_report", args=[game.pk, 5])).content.decode()
    assert "seat 1 takes cell 2" in report and "Cells [0, 0, 0, None, 1" in report
    final = "[0, 0, 0, None, 1, None, None, None, 1]"
    page = client.get(reverse("game", args=[game.pk])).content.decode()
    assert f"Cells {final}" in page
    # The platform's replay player, fed by the game's frames: the whole game, at its end.
    assert f'<div class="replay-board"><svg><desc>{final}</desc></svg></div>' in page
    assert page.count('label="Move ') == 5  # each move marked on the scrub bar
    assert 'max="4" value="4"' in page
    second = client.get(reverse("replay_board", args=[game.pk, 1])).content.decode()
    assert second == "<svg><desc>[0, None, None, None, 1, None, None, None, None]</desc></svg>"
    assert client.get(reverse("replay_board", args=[game.pk, 5])).status_code == 404
    at_two = client.get(reverse("replay", args=[game.pk]), {"step": 2}).content.decode()
    assert "seat 1 takes cell 1" in at_two and 'value="2"' in at_two


def test_a_seat_page_of_the_plugged_game_refuses_a_move_out_of_turn(tictactoe, client):
    xavier, olga = make_user("xavier"), make_user("olga")
    game = services.game_create(
        referee=xavier, kind="tictactoe", title="t", settings={}, time_zone="UTC", deadline_days=1
    )
    services.seat_join(game=game, number=0, user=xavier)
    services.seat_join(game=game, number=1, user=olga)
    services.game_start(game=game, by=xavier)
    client.force_login(olga)
    response = client.post(tictactoe.seat_url(game.pk, 1), {"cell": 3})
    assert response.status_code == 400
    assert "Refused: you owe no orders in this round" in response.content.decode()


class Broken(TicTacToeRules):
    slug = "broken"
    settings_form = "tests.games.test_plug.NoSuchForm"
    referee_input_form = f"{__name__}.MoveForm"  # a form, but not a RefereeInputForm
    urls = "tests.games.no_such_module"


def test_the_checks_name_every_missing_part_of_a_broken_game():
    errors = checks._check_game(Broken())
    codes = sorted(error.id for error in errors)
    assert codes == ["games.E001", "games.E002", *["games.E003"] * 4, "games.E004"]
    assert all("The game 'broken'" in error.msg for error in errors)
    assert "'broken/seat.html' does not exist" in " ".join(error.msg for error in errors)


class Unlinked(TicTacToeRules):
    slug = "unlinked"
    templates = {part: f"tictactoe/{part}.html" for part in registry.TEMPLATE_PARTS}
    rules_url_name = "no_such_page"


def test_the_checks_name_a_declared_page_that_has_no_url(tictactoe):
    errors = checks._check_game(Unlinked())
    assert [error.id for error in errors] == ["games.E005"] * 3  # not mounted: no URL at all


# --- the whole contract: each required method, the slug and the name -------------------------


def test_every_required_method_of_the_plug_has_a_check_id_of_its_own():
    assert set(checks.MISSING_METHOD_IDS) == set(registry.REQUIRED_METHODS)
    ids = [*checks.MISSING_METHOD_IDS.values(), checks.NO_SLUG, checks.NO_NAME, checks.SLUG_TAKEN]
    assert len(set(ids)) == len(ids)


@pytest.mark.parametrize("method", sorted(checks.MISSING_METHOD_IDS))
def test_a_game_that_leaves_a_required_method_unwritten_is_named_by_its_id(tictactoe, method):
    broken = type("Unwritten", (TicTacToeRules,), {method: getattr(GameRules, method)})()
    errors = checks._check_game(broken)
    assert [error.id for error in errors] == [checks.MISSING_METHOD_IDS[method]]
    assert f"leave {method}() unwritten" in errors[0].msg


def test_a_game_without_a_slug_or_a_name_is_named_by_their_ids(tictactoe):
    nameless = type("Nameless", (TicTacToeRules,), {"name": ""})()
    assert [error.id for error in checks._check_game(nameless)] == [checks.NO_NAME]
    sluggish = type("Sluggish", (TicTacToeRules,), {"slug": "tic tac"})()
    assert checks.NO_SLUG in [error.id for error in checks._check_game(sluggish)]


class TwinRules(TicTacToeRules):
    """Another game that takes tic-tac-toe's slug."""


TWIN_RULES = TwinRules()


class TwinApp(registry.GameApp):
    name = "tests.games"  # a module of its own: Django wants app names unique
    label = "tictactoe_twin"
    rules = f"{__name__}.TWIN_RULES"
    path = __file__.rpartition("/")[0]


def test_two_games_with_one_slug_stop_the_site(tictactoe):
    with override_settings(INSTALLED_APPS=[*django_settings.INSTALLED_APPS, f"{__name__}.TwinApp"]):
        errors = checks.check_games()
    assert [error.id for error in errors] == [checks.SLUG_TAKEN]
    assert "TicTacToeRules and TwinRules both have the slug 'tictactoe'" in errors[0].msg


class UnwrittenApp(registry.GameApp):
    name = "tests.games"
    label = "tictactoe_unwritten"
    rules = f"{__name__}.UNWRITTEN"
    path = __file__.rpartition("/")[0]


class Unfinished(TicTacToeRules):
    slug = "unfinished"
    templates = {part: f"tictactoe/{part}.html" for part in registry.TEMPLATE_PARTS}
    urls = __name__
    replay_frames = GameRules.replay_frames


UNWRITTEN = Unfinished()


def test_manage_py_check_fails_on_a_game_that_leaves_a_method_unwritten(tictactoe):
    with (
        override_settings(
            INSTALLED_APPS=[*django_settings.INSTALLED_APPS, f"{__name__}.UnwrittenApp"]
        ),
        pytest.raises(SystemCheckError, match=r"games\.E018.*replay_frames\(\) unwritten"),
    ):
        call_command("check")


# --- the API plays it as any game ------------------------------------------------------------


def test_the_plugged_game_is_played_through_the_api(tictactoe):
    xavier, olga = make_user("xavier"), make_user("olga")
    game = services.game_create(
        referee=xavier,
        kind="tictactoe",
        title="By wire",
        settings={},
        time_zone="UTC",
        deadline_days=1,
    )
    services.seat_join(game=game, number=0, user=xavier)
    services.seat_join(game=game, number=1, user=olga)
    services.game_start(game=game, by=xavier)
    bots = {0: ApiClient(xavier), 1: ApiClient(olga)}
    seat_path = f"/games/{game.pk}/seats"

    for number, cell in ((0, 0), (1, 4), (0, 1), (1, 8), (0, 2)):
        bot = bots[number]
        seat = bot.get(f"{seat_path}/{number}").json()
        assert seat["owes_orders"] is True and seat["state"]["to_move"] == number
        free = bot.post(f"{seat_path}/{number}/choices", {"orders": None}).json()["cells"]
        assert cell in free
        waiting = bots[1 - number].post(f"{seat_path}/{1 - number}/choices", {"orders": None})
        assert waiting.status_code == 400 and waiting.json()["code"] == "not_active"
        foreseen = bot.post(f"{seat_path}/{number}/preview", {"orders": {"cell": cell}}).json()
        assert foreseen["cells"][cell] == number
        if cell != 0:  # cell 0 is taken from the first move on
            taken = bot.post(f"{seat_path}/{number}/preview", {"orders": {"cell": 0}})
            assert (taken.status_code, taken.json()["code"]) == (400, "rejected")
        sent = bot.post(f"{seat_path}/{number}/orders", {"orders": {"cell": cell}})
        assert sent.status_code == 201 and sent.json()["orders"] == {"cell": cell}
        again = bot.post(f"{seat_path}/{number}/orders", {"orders": {"cell": cell}})
        assert (again.status_code, again.json()["code"]) == (400, "already_in")
        Round.objects.filter(game=game, status=Round.Status.OPEN).update(
            deadline=timezone.now() - timedelta(minutes=1)
        )
        call_command("sweep")

    game.refresh_from_db()
    assert (game.status, game.winner_seat) == (Game.Status.FINISHED, 0)
    last = ApiClient(olga).get(f"/games/{game.pk}/rounds/5").json()
    assert last["frames"][-1] == {"cells": [0, 0, 0, None, 1, None, None, None, 1]}
