"""The race as the platform sees it: the registry's interface, answered by the engine.

A platform "round" is one turn of the race in turn mode (the seed's: a turn is resolved the
moment its pilot submits it, the next pilot is notified), one pick in the draft, and one whole
round of the race in round mode (every racing jet's turn sealed, resolved at the deadline or
when all are in, in the engine's race order with ``play_sealed``). The deadline is per turn, in
hours. Nothing here decides a rule: the engine's ``legal`` previews and checks every order.
"""

from __future__ import annotations

from functools import partial

from django.conf import settings
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games import pictures
from games.registry import (
    PICK,
    ROUND,
    STEP,
    TURN,
    Frame,
    GameRules,
    Numbered,
    Outcome,
    PlayedRound,
    Rejected,
    TurnDeadline,
    Units,
    places,
)

from . import report, svg, words
from .engine import LEVELS, EngineError, play_turn
from .engine import entry as engine
from .engine import legal as engine_legal
from .engine.catalogue import KINDS
from .engine.geometry import ahead, bearing, norm
from .engine.orders import USE_FIELDS

MIN_TURN_HOURS = 1
MAX_TURN_HOURS = 24 * 14
DEFAULT_TURN_HOURS = 12
MODES = ("turn", "round")
COMPUTER_RATINGS = {"novice": (1984.0, 236.6), "ace": (2671.8, 242.5)}
DEFAULT_SETTINGS = {
    "course": "oval5",
    "level": 1,
    "laps": 1,
    "jets": 4,
    "mode": "turn",
    "turn_hours": DEFAULT_TURN_HOURS,
}


class RacingRules(TurnDeadline, GameRules):
    default_turn_hours = DEFAULT_TURN_HOURS
    slug = "racing"
    live_pages = ("seat", "draft")  # each jet waits for the others' turns and picks
    live_keep = ("#order-form",)
    name = _("Jets")
    resolve_early = True  # a turn (or a round, once all are in) is resolved at once
    settings_form = "racing.forms.SettingsForm"
    urls = "racing.urls"
    rules_url_name = "rules"
    own_page_label = _("My jet")
    new_game_label = _("Referee a new race")
    removal_note = _(
        "The jet retires from the race when the coming turn is resolved; until "
        "then the removal can be undone."
    )
    missed_orders_note = _(
        "Without an order your jet keeps its lift and flies straight on, with no equipment."
    )
    # A round is a jet's turn (in round mode every jet's: a round); the draft's are picks.
    units = Units(round=TURN, step=STEP)
    made_titles = {"practice": _("%(username)s's practice race")}

    def round_name(self, rnd) -> Numbered:
        """The draft's picks and the race's turns each count from 1 (the engine's
        ``turn.number``); in round mode a round is the race's round (``turn.round``)."""
        state = rnd.state
        turn = state.get("turn") or {}
        if state.get("phase") == "draft":
            return Numbered(PICK, turn.get("number", rnd.number))
        if state.get("turn_order") == "race":
            return Numbered(ROUND, turn.get("round", rnd.number))
        return Numbered(TURN, turn.get("number", rnd.number))

    # --- games and seats ----------------------------------------------------------------------

    def seat_numbers(self, settings: dict) -> list[int]:
        return list(range(settings["jets"]))

    def clean_settings(self, data: dict) -> dict:
        settings = {key: data.get(key, default) for key, default in DEFAULT_SETTINGS.items()}
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
        if settings["mode"] not in MODES:
            raise Rejected(gettext("the mode is turn mode or round mode"))
        jets = settings["jets"]
        if isinstance(jets, bool) or not isinstance(jets, int):
            raise Rejected(gettext("the number of jets is a whole number"))
        try:  # the engine knows what it can race: the jets, the level, the laps, the course
            engine.new(settings, [{"number": number} for number in range(jets)], 0)
        except EngineError as error:
            raise Rejected(
                gettext("the race cannot be set up: %(error)s") % {"error": words.refusal(error)}
            ) from None
        return settings

    def setup(self, *, seed: int, settings: dict, seats: list[dict]) -> dict:
        return engine.new(settings, seats, seed)

    def deadline_words(self, game) -> str:
        hours = self.turn_hours(game)
        return ngettext("%(hours)d hour per turn", "%(hours)d hours per turn", hours) % {
            "hours": hours
        }

    def describe_settings(self, game) -> list[tuple[str, str]]:
        s = game.settings
        return [
            *super().describe_settings(game),
            (gettext("Course"), words.course_words(s["course"])),
            (gettext("Level"), words.level_name(s["level"])),
            (gettext("Laps"), str(s["laps"])),
            (gettext("Mode"), words.mode_words(s["mode"])),
        ]

    def seat_name_on_join(self, user) -> str:
        return user.get_username()[:40]

    def not_active_message(self, state: dict, seat: int) -> str:
        if state.get("phase") == "over":
            return gettext("the race is over")
        if state.get("phase") == "draft":
            return gettext("it is not your pick in the draft")
        return gettext("it is not your jet's turn")

    # --- rounds -------------------------------------------------------------------------------

    def active_seats(self, state: dict) -> list[int]:
        return engine.active(state)

    def seats_in_game(self, state: dict) -> list[int]:
        """Every jet still racing, whether or not it is on turn."""
        if state["phase"] == "over":
            return []
        return [j["seat"] for j in state["jets"] if j["status"] == "racing"]

    def validate_orders(self, state: dict, seat: int, payload: object) -> dict:
        """The order as the engine reads it (no field it does not read: what is stored), once
        the engine played it on a copy (its exact preview, what ``legal`` previews), or
        Rejected with the engine's reason in words."""
        if not isinstance(payload, dict):
            raise Rejected(gettext("an order is a JSON object"))
        return self._asked(engine.validate, state, seat, payload)

    def computer_orders(self, state: dict, seat: int, level: str) -> dict:
        return engine.computer(state, seat, level)

    def resolve(
        self, state: dict, orders: dict[int, dict], *, seed: int, referee_input: dict
    ) -> Outcome:
        new_state, events = engine.play(state, orders, seed=seed, referee=referee_input)
        return Outcome(
            state=new_state,
            events=events,
            over=new_state["phase"] == "over",
            winner=engine.winner(new_state),
        )

    # Each level's rating in bench/racing_league.py's races (docs/ratings.md).
    computer_ratings = COMPUTER_RATINGS

    def ranking(self, final_state: dict, events) -> dict[int, int]:
        """By place; the jets that retired after them, alike."""
        return places(engine.standing(final_state))

    def report_readers(self, report_state: dict, seats: list[int]) -> list[int]:
        """A pick in the draft is no news to those who wait for theirs."""
        return [] if report_state["phase"] == "draft" else seats

    def ordering_state(self, state: dict, seat: int) -> dict:
        """The state the seat's order is judged on (the engine's ``ordering_state``)."""
        ordering = engine.ordering_state(state, seat)
        if ordering is None:
            raise Rejected(self.not_active_message(state, seat), code="not_active")
        return ordering

    # --- the race's own pages: what they ask of the engine ---------------------------------
    kinds = KINDS  # the equipment kinds, by id
    use_fields = USE_FIELDS  # each kind's own fields of a use
    levels = LEVELS  # the levels' rules, by number

    def options(self, state: dict, order: object | None = None) -> dict:
        """The engine's ``legal`` answer for the jet on turn in ``state`` (an ordering state,
        ``ordering_state``); with an order, its exact ``preview``."""
        return engine_legal(state, order)

    def refusal_of(self, state: dict, order: dict) -> str:
        """Why the engine refuses ``order`` on ``state``, in words ("" if it takes it): the
        error its preview reports is the one playing the turn raises."""
        try:
            play_turn(state, order)
        except EngineError as error:
            return words.refusal(error)
        return ""

    def aimed_hinges(self, jet: dict, reach: dict, gate: dict) -> tuple[float, float]:
        """The hinges that aim the jet at the gate's centre, as far as the hinge limit allows."""
        limit = reach["limit"]
        here, target = (jet["x"], jet["y"]), (gate["x"], gate["y"])

        def clamp(angle: float) -> float:
            return round(max(-limit, min(limit, angle)), 1)

        h1 = clamp(norm(bearing(here, target) - jet["heading"]))
        landing = ahead(here, jet["heading"] + h1, reach["radius"])
        return h1, clamp(norm(bearing(landing, target) - jet["heading"] - h1))

    def form_cards(self, state: dict | None, seat: int) -> dict:
        """What the order form's fields are read against, from the state alone (the submit
        judges the order): the lift of the jet the seat orders, and its equipment cards as the
        engine's ``legal`` lists them (a boost with the lifts it opens).
        Nothing when the seat orders no jet now: the submit says why."""
        ordering = (
            engine.ordering_state(state, seat) if state and state["phase"] == "race" else None
        )
        if ordering is None:
            return {"lifts": [], "equipment": []}
        jet = engine.jet(ordering, ordering["turn"]["jet"])
        return {"lifts": [jet["lift"]], "equipment": engine_legal(ordering)["equipment"]}

    def _asked(self, ask, state: dict, seat: int, orders: object) -> dict:
        """The engine's answer to ``ask(state, seat, orders)``, or its refusal in words (a
        seat whose jet does not fly this round: not active)."""
        self.ordering_state(state, seat)
        try:
            return ask(state, seat, orders)
        except EngineError as error:
            raise Rejected(words.refusal(error)) from None

    # --- pages --------------------------------------------------------------------------------

    def describe_events(self, events: list, names: dict[int, str]) -> list[str]:
        return report.describe(events, names)

    def page_context(self, state: dict, names: dict[int, str]) -> dict:
        return {
            "board": svg.course_svg(state, names),
            "state": state,
            "standings": report.standings(state, names),
            "on_turn": report.on_turn_words(state, names),
        }

    def report_context(
        self, state_before: dict, report_state: dict, events: list, names: dict[int, str]
    ) -> dict:
        return {
            "lines": report.describe(events, names),
            "standings": report.standings(report_state, names),
        }

    stylesheets = ("racing/racing.css",)

    def game_replay(self, rounds: list[PlayedRound], names: dict[int, str]) -> list[Frame]:
        """Each turn's start and each jet's flight in it (``report.frames``), every path flown
        since the start drawn: the last step is the finished race with every jet's trail."""
        shown: list[Frame] = []
        trails: list[dict] = []
        for played in rounds:
            steps = report.frames(played.state_before, played.events, played.state_after, names)
            for index, frame in enumerate(steps):
                trails = trails + frame["paths"]
                shown.append(
                    Frame(
                        caption=frame["title"],
                        draw=partial(_replay_board, frame["state"], trails, names),
                        mark=self.round_name(played).title if index == 0 else "",
                    )
                )
        return shown

    # --- the public API -------------------------------------------------------------------
    # Orders are the engine's (docs/engines/racing.md); nothing is secret in a race's state,
    # so every seat and every spectator sees all of it.
    def legal_choices(self, state: dict, seat: int, partial: object) -> dict:
        """The engine's ``legal`` for the seat's jet; with a partial order, its preview."""
        self._require_active(state, seat)
        return self._asked(engine.legal, state, seat, partial)

    def preview_orders(self, state: dict, seat: int, payload: object) -> dict:
        self._require_active(state, seat)
        if not isinstance(payload, dict):
            raise Rejected(gettext("an order is a JSON object"))
        return self._asked(engine.preview, state, seat, payload)

    def replay_frames(
        self, state_before: dict, events: list, report_state: dict, names: dict[int, str]
    ) -> list[dict]:
        return [
            {"title": str(f["title"]), "state": f["state"], "paths": f["paths"]}
            for f in report.frames(state_before, events, report_state, names)
        ]

    sample_rounds = 10  # every jet through the first gate or near it

    def board_picture(self, state: dict, names: dict[int, str], seat: int | None = None) -> str:
        return pictures.standalone(
            svg.course_svg(state, names, svg_id="picture"), stylesheets=["racing/board.css"]
        )

    def practice_create(self, user):
        from .practice import practice_race_create  # models: imported when called

        return practice_race_create(user=user)

    def demo_setup(self, user) -> str:
        from games.models import Game  # models: imported when called

        from .practice import practice_race_create

        game = Game.objects.filter(referee=user, kind=self.slug, status=Game.Status.RUNNING).first()
        if game is None:
            game = practice_race_create(user=user, demo=True)
        return f"race in '{game.title}' at {settings.SITE_URL}/games/{game.pk}/"

    def _require_active(self, state: dict, seat: int) -> None:
        if seat not in self.active_seats(state):
            raise Rejected(self.not_active_message(state, seat), code="not_active")


def jet_id(seat: int) -> str:
    return words.JET_IDS[seat]


RULES = RacingRules()


def _replay_board(state: dict, trails: list[dict], names: dict[int, str]) -> str:
    return svg.course_svg(state, names, svg_id="replay-board", paths=trails)
