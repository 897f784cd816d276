"""The duel as the platform sees it: the registry's interface, answered by the engine.

A platform "round" is one action of the duel: one asteroid placement, the sealed fighter
placement (both players act in the same round), or one player's turn. The round is resolved
the moment its orders are in (``resolve_early``); a player who does not act by the deadline gets
the engine's missed-turn default. Resignation, an agreed draw and the referee's removal reach
``resolve`` through the open round's ``referee_input``. Nothing here decides a rule.
"""

from __future__ import annotations

from functools import partial

from django.conf import settings
from django.utils.translation import gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games import pictures
from games.registry import (
    STEP,
    TURN,
    Frame,
    GameRules,
    Numbered,
    Outcome,
    PlayedRound,
    Rejected,
    TurnDeadline,
    Unit,
    Units,
    places,
)

from . import report, svg
from .engine import EngineError, hexgrid
from .engine import entry as engine
from .engine.board import DOCKS, TOWARD_ENEMY
from .engine.classes import CLASSES, STANDARD
from .engine.state import MISSED_IN_A_ROW_LIMIT, MISSED_TOTAL_LIMIT, Settings

MIN_TURN_HOURS = 1
MAX_TURN_HOURS = 24 * 14
DEFAULT_TURN_HOURS = 48

COMPUTER_RATINGS = {"novice": (1384.9, 166.3), "veteran": (2194.0, 212.8)}


class DuelRules(TurnDeadline, GameRules):
    default_turn_hours = DEFAULT_TURN_HOURS
    slug = "duel"
    live_pages = ("seat",)  # the player waits for his opponent's action
    live_keep = ("#turn-form", "form.placements")
    name = _("Duel")
    resolve_early = True  # a turn is resolved the moment it is submitted
    settings_form = "duel.forms.SettingsForm"
    urls = "duel.urls"
    rules_url_name = "rules"
    own_page_label = _("My fighters")
    new_game_label = _("Referee a new duel")
    missed_orders_note = _("Without an action your fighters get the missed-turn default.")
    units = Units(round=TURN, step=STEP)  # a round is one player's turn
    made_titles = {"practice": _("%(username)s's practice duel")}
    placement = Unit(
        pgettext_lazy("unit of play", "placement"), pgettext_lazy("units of play", "placements")
    )

    def round_name(self, rnd) -> Numbered:
        """The setup's placements (the first rounds), then the players' turns, each counted
        from 1 (the engine's ``turn``)."""
        state = rnd.state
        if state.get("phase") == "play":
            return Numbered(TURN, state["turn"])
        return Numbered(self.placement, rnd.number)

    # --- games and seats ----------------------------------------------------------------------

    def seat_numbers(self, settings: dict) -> list[int]:
        return [0, 1]

    def clean_settings(self, data: dict) -> dict:
        settings = {
            "asteroids": data.get("asteroids", 8),
            "no_adjacent": bool(data.get("no_adjacent", True)),
            "fighters": list(data.get("fighters", ["coliber", "virus", "bee", "wasp"])),
            "spare_missiles": bool(data.get("spare_missiles", False)),
            "first": data.get("first", 0),
            "turn_hours": data.get("turn_hours", DEFAULT_TURN_HOURS),
        }
        hours = settings["turn_hours"]
        if (
            isinstance(hours, bool)
            or not isinstance(hours, int)
            or not (MIN_TURN_HOURS <= hours <= MAX_TURN_HOURS)
        ):
            raise Rejected(
                gettext("the turn deadline is %(min)d to %(max)d hours")
                % {"min": MIN_TURN_HOURS, "max": MAX_TURN_HOURS}
            )
        try:  # the engine knows what it can play
            Settings.from_dict(engine.engine_settings(settings))
        except EngineError as error:
            raise Rejected(report.refusal(error)) from None
        return settings

    def setup(self, *, seed: int, settings: dict, seats: list[dict]) -> dict:
        return engine.new(settings, seats, seed)

    def deadline_words(self, game) -> str:
        hours = self.turn_hours(game)
        return ngettext("%(hours)d hour per action", "%(hours)d hours per action", hours) % {
            "hours": hours
        }

    def describe_settings(self, game) -> list[tuple[str, str]]:
        s = game.settings
        asteroids = gettext("%(count)d per player") % {"count": s.get("asteroids", 8)}
        if s.get("no_adjacent", True):
            asteroids = gettext("%(count)s, never side by side") % {"count": asteroids}
        return [
            *super().describe_settings(game),
            (gettext("Asteroids"), asteroids),
            (gettext("Fighters"), squadron(s.get("fighters", STANDARD))),
            (gettext("Moves first"), player_label(s.get("first", 0))),
        ]

    def seat_name_on_join(self, user) -> str:
        return user.get_username()[:40]

    def not_active_message(self, state: dict, seat: int) -> str:
        if state.get("phase") == "over":
            return gettext("the game is over")
        if state.get("phase") == "fighters":
            return gettext("your fighters are already placed")
        return gettext("it is not your turn")

    # --- rounds -------------------------------------------------------------------------------

    def active_seats(self, state: dict) -> list[int]:
        return engine.active(state)

    def seats_in_game(self, state: dict) -> list[int]:
        """Both players, the one who waits too, until the duel is over."""
        return [] if state.get("phase") == "over" else [0, 1]

    def validate_orders(self, state: dict, seat: int, payload: object) -> dict:
        if not isinstance(payload, dict) or payload.get("type") not in (
            "asteroid",
            "fighters",
            "turn",
        ):
            raise Rejected(gettext("an action is an asteroid, a fighter placement or a turn"))
        try:
            return engine.validate(state, seat, payload)
        except EngineError as error:
            raise Rejected(report.refusal(error)) from None

    def computer_orders(self, state: dict, seat: int, level: str) -> dict:
        """A computer player's action (``engine.bots``: novice or veteran), from the state
        alone; the same state, seat and level always give the same action."""
        return engine.computer(state, seat, level)

    def resolve(
        self, state: dict, orders: dict[int, dict], *, seed: int, referee_input: dict
    ) -> Outcome:
        new_state, events = engine.play(state, orders, seed=seed, referee=referee_input)
        over = new_state["phase"] == "over"
        return Outcome(
            state=new_state, events=events, over=over, winner=new_state["winner"] if over else None
        )

    # Each level's rating in bench/duel_league.py's games (docs/ratings.md).
    computer_ratings = COMPUTER_RATINGS

    def ranking(self, final_state: dict, events) -> dict[int, int]:
        """Win, draw or loss."""
        return places(engine.standing(final_state))

    # --- mail ---------------------------------------------------------------------------------

    def report_subject(self, title: str, number: int, report_state: dict) -> str | None:
        if report_state.get("phase") == "over":
            return gettext("%(title)s: the duel is over") % {"title": title}
        return None

    # --- pages --------------------------------------------------------------------------------

    def describe_events(self, events: list, names: dict[int, str]) -> list[str]:
        return report.describe(events, names)

    def page_context(self, state: dict, names: dict[int, str]) -> dict:
        shown = engine.public(state, None)  # a spectator's view: no sealed placement
        return {
            "board": svg.board_svg(shown),
            "state": shown,
            "fighters": report.fighter_rows(shown, names),
            "to_act_name": names.get(shown["to_act"]) if shown.get("to_act") is not None else None,
            "result_why": report.result_words(shown["result"]) if shown.get("result") else None,
        }

    def report_context(
        self, state_before: dict, report_state: dict, events: list, names: dict[int, str]
    ) -> dict:
        return {
            "lines": report.describe(events, names),
            "final": engine.public(report_state, None),
        }

    stylesheets = ("duel/duel.css",)

    def game_replay(self, rounds: list[PlayedRound], names: dict[int, str]) -> list[Frame]:
        """Each action hex step by hex step (``report.frames``), marked with its line of the
        history."""
        from .history import summary  # models: imported when called, as the services are

        shown = []
        for played in rounds:
            steps = report.frames(
                engine.public(played.state_before, None),
                played.events,
                played.state_after,
                names,
            )
            for index, frame in enumerate(steps):
                shown.append(
                    Frame(
                        caption=frame["title"],
                        draw=partial(_replay_board, frame),
                        mark=summary(played.events, names) if index == 0 else "",
                    )
                )
        return shown

    # --- the public API -------------------------------------------------------------------
    # Orders are the engine's actions ({"type": "asteroid"|"fighters"|"turn", ...}).
    def public_state(self, state: dict, seat: int | None) -> dict:
        return engine.public(state, seat)

    def legal_choices(self, state: dict, seat: int, partial: object) -> dict:
        """The engine's ``legal`` answer; with a half-built turn (``partial``: its orders),
        also its ``preview``."""
        try:
            return engine.legal(state, seat, partial)
        except EngineError as error:
            raise Rejected(report.refusal(error)) from None

    def preview_orders(self, state: dict, seat: int, payload: object) -> dict:
        """A turn's routes, missiles and events so far (the engine's ``preview``); another
        action: checked, and the state it would leave as this player sees it."""
        if not (isinstance(payload, dict) and payload.get("type") == "turn"):
            self.validate_orders(state, seat, payload)  # the plain words for a wrong type
        try:
            return engine.preview(state, seat, payload)
        except EngineError as error:
            raise Rejected(report.refusal(error)) from None

    def orders_stored(self, *, order) -> None:
        """Playing on declines the opponent's standing draw offer."""
        from .models import DrawOffer  # models, imported when called

        DrawOffer.objects.filter(game_id=order.seat.game_id).exclude(
            seat=order.seat.number
        ).delete()

    # --- the duel's own pages: what they ask of the engine ---------------------------------
    facing_count = len(hexgrid.FACINGS)
    missed_limits = {"in_row": MISSED_IN_A_ROW_LIMIT, "total": MISSED_TOTAL_LIMIT}

    def choices(self, state: dict, seat: int) -> dict:
        """The engine's ``legal`` answer for the player (``EngineError`` as it comes)."""
        return engine.legal(state, seat)

    def turn_preview(self, state: dict, seat: int, orders: object) -> dict:
        """Where a half-built turn goes (the engine's ``preview``; ``EngineError`` as it
        comes, for the turn form to word)."""
        return engine.turn_preview(state, seat, orders)

    def class_name(self, fighter_class: str) -> str:
        return str(CLASSES[fighter_class].name)

    def docks(self, player: int) -> list[tuple[int, int]]:
        return [(col, row) for col, row in DOCKS[player]]

    def toward_enemy(self, player: int) -> int:
        return TOWARD_ENEMY[player]

    def step_on_board(self, where: list | tuple, facing: int) -> tuple[int, int] | None:
        """The hex one step from ``where`` toward ``facing``, if it is on the board."""
        target = hexgrid.step(tuple(where), facing)
        return target if hexgrid.on_board(target) else None

    sample_rounds = 24  # the asteroids placed, the fighters out and a few turns flown

    def board_picture(self, state: dict, names: dict[int, str], seat: int | None = None) -> str:
        return pictures.standalone(
            svg.board_svg(engine.public(state, None), svg_id="picture"),
            stylesheets=["duel/board.css"],
        )

    def practice_create(self, user):
        from .practice import practice_duel_create  # models: imported when called

        return practice_duel_create(user=user)

    def demo_setup(self, user) -> str:
        from .practice import practice_duel  # models: imported when called

        duel = practice_duel(user=user)
        return f"fight the computer in '{duel.title}' at {settings.SITE_URL}/games/{duel.pk}/"

    def replay_frames(
        self, state_before: dict, events: list, report_state: dict, names: dict[int, str]
    ) -> list[dict]:
        return report.frames(engine.public(state_before, None), events, report_state, names)


def _replay_board(frame: dict) -> str:
    return svg.board_svg(frame["state"], svg_id="replay-board", replay=frame)


def player_label(player: int) -> str:
    return gettext("player %(letter)s (seat %(number)d)") % {
        "letter": "AB"[player],
        "number": player + 1,  # people count from 1
    }


def squadron(classes) -> str:
    return ", ".join(str(CLASSES[c].name) for c in classes)


RULES = DuelRules()
