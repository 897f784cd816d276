"""The race as the platform sees it: the registry's interface, answered by the engine.

A platform "round" is one turn of the race in turn mode (the seed's: a turn is resolved the
moment its pilot submits it, the next pilot is notified), one pick in the draft, and one whole
round of the race in round mode (every racing jet's turn sealed, resolved at the deadline or
when all are in, in the engine's race order with ``play_sealed``). The deadline is per turn, in
hours. Nothing here decides a rule: the engine's ``legal`` previews and checks every order.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games import pictures
from games.registry import GameRules, Outcome, Rejected, TurnDeadline, places

from . import engine, report, svg, words

MIN_TURN_HOURS = 1
MAX_TURN_HOURS = 24 * 14
DEFAULT_TURN_HOURS = 12
MODES = ("turn", "round")
COMPUTER_LEVELS = {"novice": 1, "ace": 2}  # the platform's level names -> the engine's pilots
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
            engine.new_race(
                settings["course"], _entries(range(jets)), settings["level"], settings["laps"]
            )
        except engine.EngineError as error:
            raise Rejected(
                gettext("the race cannot be set up: %(error)s") % {"error": words.refusal(error)}
            ) from None
        return settings

    def setup(self, *, seed: int, settings: dict, seats: list[dict]) -> dict:
        return engine.new_race(
            settings["course"],
            _entries(s["number"] for s in seats),
            settings["level"],
            settings["laps"],
            seed,
            "race" if settings["mode"] == "round" else "seats",
        )

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
        """The draft's picker; in turn mode the seat that orders the jet on turn (its
        Traumatorpedo shooter's, if it was hit); in round mode every jet flying this round
        but a Traumatorpedo's victim, whose flight its shooter sealed with the shot."""
        phase, turn = state["phase"], state["turn"]
        if phase == "draft":
            return [turn["seat"]]
        if phase != "race":
            return []
        if state["turn_order"] == "race":
            return sorted(
                _jet(state, jet_id)["seat"]
                for jet_id in _round_jets(state)
                if _jet(state, jet_id)["controller"] is None
            )
        return [_jet(state, turn["controller"] or turn["jet"])["seat"]]

    def seats_in_game(self, state: dict) -> list[int]:
        """Every jet still racing, whether or not it is on turn."""
        if state["phase"] == "over":
            return []
        return [j["seat"] for j in state["jets"] if j["status"] == "racing"]

    def validate_orders(self, state: dict, seat: int, payload: object) -> dict:
        self.foreseen(state, seat, payload)
        return payload

    def foreseen(self, state: dict, seat: int, payload: object) -> dict:
        """The engine's exact preview of ``payload`` as the seat's order (the turn played on a
        copy: what ``legal`` previews), or Rejected with the engine's reason in words."""
        if not isinstance(payload, dict):
            raise Rejected(gettext("an order is a JSON object"))
        try:
            new_state, events = engine.play_turn(self.ordering_state(state, seat), payload)
        except engine.EngineError as error:
            raise Rejected(words.refusal(error)) from None
        return {"state": new_state, "events": events}

    def computer_orders(self, state: dict, seat: int, level: str) -> dict:
        return engine.computer_order(
            self.ordering_state(state, seat), COMPUTER_LEVELS.get(level, 1)
        )

    def resolve(
        self, state: dict, orders: dict[int, dict], *, seed: int, referee_input: dict
    ) -> Outcome:
        """The removed seats' jets retire first; then the turn (or in round mode the rest of
        the round) is flown, unless the removal took the turn's own pilot out: then the
        round was the removal, and the next pilot orders."""
        removed = set(referee_input.get("remove", []))
        ordering = self.active_seats(state)
        state, events = self.retire_removed(state, removed)
        if state["phase"] == "race" and state["turn_order"] == "race":
            number = state["turn"]["round"]
            while state["phase"] == "race" and state["turn"]["round"] == number:
                seat = _jet(state, state["turn"]["jet"])["seat"]
                state, more = engine.play_sealed(state, orders.get(seat))
                events += more
        elif state["phase"] != "over" and self.active_seats(state) == ordering:
            (seat,) = ordering
            state, more = engine.play_turn(state, orders.get(seat))
            events += more
        over = state["phase"] == "over"
        return Outcome(
            state=state,
            events=events,
            over=over,
            winner=_jet(state, state["winner"])["seat"] if over and state["winner"] else None,
        )

    # Each level's rating in bench/racing_league.py's races (docs/ratings.md).
    computer_ratings = COMPUTER_RATINGS

    def ranking(self, final_state: dict, events) -> dict[int, int]:
        """By place; the jets that retired after them, alike."""
        return places(engine.standing(final_state))

    def report_readers(self, report_state: dict, seats: list[int]) -> list[int]:
        """A pick in the draft is no news to those who wait for theirs."""
        return [] if report_state["phase"] == "draft" else seats

    def retire_removed(self, state: dict, removed: set[int]) -> tuple[dict, list]:
        """The referee's removals: each removed seat's jet retires from the race."""
        events: list[dict] = []
        for jet in list(state["jets"]):
            if jet["seat"] in removed and jet["status"] == "racing" and state["phase"] != "over":
                state, more = engine.retire(state, jet["id"])
                events += more
        return state, events

    def ordering_state(self, state: dict, seat: int) -> dict:
        """The state the seat's order is judged on: the state itself, or in round mode the
        round's start with the seat's own jet put on turn (the engine's ``legal`` answers for
        the jet on turn only)."""
        if state["phase"] != "race" or state["turn_order"] != "race":
            return state
        jet = next((j for j in state["jets"] if j["seat"] == seat), None)
        if jet is None or jet["id"] not in _round_jets(state) or jet["controller"] is not None:
            raise Rejected(self.not_active_message(state, seat), code="not_active")
        return {**state, "turn": {**state["turn"], "jet": jet["id"], "queue": []}}

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
        self, state_before: dict, report_state: dict, events: list, names: dict[int, str], step: int
    ) -> dict:
        frames = report.frames(state_before, events, report_state, names)
        step = min(max(step, 0), len(frames) - 1)
        frame = frames[step]
        return {
            "board": svg.course_svg(frame["state"], names, svg_id="replay", paths=frame["paths"]),
            "frame_title": frame["title"],
            "step": step,
            "steps": range(len(frames)),
            "last_step": len(frames) - 1,
            "lines": report.describe(events, names),
            "standings": report.standings(report_state, names),
        }

    # --- the public API -------------------------------------------------------------------
    # Orders are the engine's (docs/engines/racing.md); nothing is secret in a race's state,
    # so every seat and every spectator sees all of it.
    def legal_choices(self, state: dict, seat: int, partial: object) -> dict:
        """The engine's ``legal`` for the seat's jet; with a partial order, its preview."""
        self._require_active(state, seat)
        try:
            return engine.legal(self.ordering_state(state, seat), partial)
        except engine.EngineError as error:
            raise Rejected(words.refusal(error)) from None

    def preview_orders(self, state: dict, seat: int, payload: object) -> dict:
        self._require_active(state, seat)
        return self.foreseen(state, seat, payload)

    def submit_orders(self, *, seat, user, payload: object, round_number: int | None) -> None:
        from games import services  # models, imported when called as the dogfight's

        services.orders_submit(seat=seat, user=user, payload=payload, round_number=round_number)

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
            game = practice_race_create(user=user)
        return f"race in '{game.title}' at {settings.SITE_URL}/games/{game.pk}/"

    def _require_active(self, state: dict, seat: int) -> None:
        if seat not in self.active_seats(state):
            raise Rejected(self.not_active_message(state, seat), code="not_active")


def jet_id(seat: int) -> str:
    return words.JET_IDS[seat]


def _entries(seats) -> list[dict]:
    return [{"id": jet_id(seat), "seat": seat} for seat in seats]


def _jet(state: dict, jet_id: str) -> dict:
    return next(j for j in state["jets"] if j["id"] == jet_id)


def _round_jets(state: dict) -> list[str]:
    """Round mode: the jets still to fly in this round, the one on turn first."""
    return [state["turn"]["jet"], *state["turn"]["queue"]]


RULES = RacingRules()
