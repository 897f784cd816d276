"""Joyride as the platform sees it: the registry's interface, answered by the engine.

A platform round is one phase of the engine: a run (every seat seals a plan, the lock-step run
replays them all) or the gadget picks that follow it (every seat seals a ranking). Rounds 1, 3
and 5 are the three runs, 2 and 4 the picks between them; each phase has a deadline of its own,
and a round is resolved as soon as every seat is in (``resolve_early``). A solo game has no
deadline worth the name: it is played at the player's own pace, each submit resolved at once.
Nothing here decides a rule. It imports no model at its top (it is imported before the apps
are ready); what needs models imports them when called.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from functools import partial

from django.conf import settings
from django.template.loader import render_to_string
from django.utils.translation import gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games import pictures
from games.registry import (
    STEP,
    Frame,
    GameRules,
    Numbered,
    Outcome,
    PlayedRound,
    Rejected,
    Unit,
    Units,
    places,
)

from . import report, svg, words
from .engine import EngineError
from .engine import entry as engine
from .engine.game import check, pick_order
from .engine.geometry import CHAINS, SHAPES
from .engine.tables import INSTA_BALL

MIN_HOURS, MAX_HOURS = 1, 24 * 14
DEFAULT_RUN_HOURS, DEFAULT_PICK_HOURS = 48, 24
SOLO_DEADLINE = timedelta(days=3650)  # a solo game waits for its player
PLAN_KEYS = {"tiles", "insta_ball"}
COMPUTER_RATINGS = {
    "novice": (1592.4, 257.5),
    "veteran": (2062.6, 253.8),
    "ace": (2455.7, 333.2),
}
DEFAULT_SETTINGS = {
    "players": 2,
    "run_hours": DEFAULT_RUN_HOURS,
    "pick_hours": DEFAULT_PICK_HOURS,
    "hard": False,
}


def _hard_per_seat(value: object, players: int) -> list[list[int]]:
    """The hard lab cards each seat is dealt, as the engine takes them: a flag (the hard cards
    1 and 4 for every seat, or none) or a list per seat, which the engine judges."""
    if value is None or isinstance(value, bool):
        return [list(engine.HARD_CARDS) if value else [] for _ in range(players)]
    refused = Rejected(
        gettext("the hard lab cards are a list per seat, each naming the cards 1 and/or 4")
    )
    if not isinstance(value, list):
        raise refused
    try:
        engine.new({"players": players, "hard": value}, [], 0)
    except EngineError:
        raise refused from None
    return [sorted(cards) for cards in value]


def _hard_words(hard: object, players: int) -> str:
    """The settings' lab cards in words: standard, hard for everyone, or seat by seat."""
    seats = _hard_per_seat(hard, players) if players else []
    if not any(seats):
        return gettext("standard")
    if all(cards == engine.HARD_CARDS for cards in seats):
        return gettext("hard cards 1 and 4 for everyone")
    return "; ".join(
        gettext("seat %(number)d: %(cards)s")
        % {"number": number, "cards": HARD_CHOICE_WORDS[",".join(map(str, cards))]}
        for number, cards in enumerate(seats, start=1)
    )


HARD_CHOICES = ("", "1", "4", "1,4")  # a seat's hard lab cards, as the settings form offers them
HARD_CHOICE_WORDS = {
    "": _("standard"),
    "1": _("hard card 1"),
    "4": _("hard card 4"),
    "1,4": _("hard cards 1 and 4"),
}


class JoyrideRules(GameRules):
    slug = "joyride"
    live_pages = ("seat",)  # the builder waits for the others' runs (its plan is a draft)
    live_keep = ("form:has(#plan-text)",)
    name = _("Joyride")
    resolve_early = True  # a run is replayed the moment every plan is in
    settings_form = "joyride.forms.SettingsForm"
    urls = "joyride.urls"
    rules_url_name = "rules"
    own_page_label = _("My lab")
    new_game_label = _("Referee a new joyride")
    removal_note = _("In the coming round the player's plan or pick counts as empty.")
    missed_orders_note = _(
        "Without a plan your run stays empty; without a pick you get the first gadget left."
    )
    # A round is a run through the lab, or the gadget pick after one (its number the run's).
    units = Units(
        round=Unit(pgettext_lazy("unit of play", "run"), pgettext_lazy("units of play", "runs")),
        step=STEP,
    )
    made_titles = {
        "solo": _("%(username)s's solo joyride"),
        "practice": _("%(username)s's practice joyride"),
    }
    gadget_pick = Unit(
        pgettext_lazy("unit of play", "gadget pick"), pgettext_lazy("units of play", "gadget picks")
    )

    def round_name(self, rnd) -> Numbered:
        state = rnd.state
        number = state.get("round", rnd.number)
        if state.get("phase") == "pick":
            return Numbered(self.gadget_pick, number)
        return Numbered(self.units.round, number)

    # --- games and seats ------------------------------------------------------------------

    def seat_numbers(self, settings: dict) -> list[int]:
        return list(range(settings["players"]))

    def clean_settings(self, data: dict) -> dict:
        settings = {key: data.get(key, default) for key, default in DEFAULT_SETTINGS.items()}
        players = settings["players"]
        if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= 4:
            raise Rejected(gettext("a joyride has 1 to 4 players"))
        for key in ("run_hours", "pick_hours"):
            hours = settings[key]
            if (
                isinstance(hours, bool)
                or not isinstance(hours, int)
                or not (MIN_HOURS <= hours <= MAX_HOURS)
            ):
                raise Rejected(
                    gettext("a deadline is %(min)d to %(max)d hours")
                    % {"min": MIN_HOURS, "max": MAX_HOURS}
                )
        settings["hard"] = _hard_per_seat(settings["hard"], players)
        return settings

    def setup(self, *, seed: int, settings: dict, seats: list[dict]) -> dict:
        return engine.new(settings, seats, seed)

    def seat_name_on_join(self, user) -> str:
        return user.get_username()[:40]

    def not_active_message(self, state: dict, seat: int) -> str:
        if state.get("phase") == "over":
            return gettext("the game is over")
        return gettext("you owe nothing in this round")

    # --- deadlines: a run's, or the gadget picks' --------------------------------------------

    def deadline(self, now: datetime, game) -> datetime:
        if game.settings.get("players") == 1:
            return now + SOLO_DEADLINE
        # ``deadline`` is not given the state: the round it opens is the one after the rounds
        # published so far (runs are the odd rounds, picks the even ones).
        from games.models import Round

        number = Round.objects.filter(game_id=game.pk, status=Round.Status.PUBLISHED).count() + 1
        key = "run_hours" if number % 2 else "pick_hours"
        return now + timedelta(hours=game.settings.get(key, DEFAULT_SETTINGS[key]))

    def outage_deadline(self, now: datetime, game) -> datetime:
        return self.deadline(now, game)

    def shows_deadline(self, game) -> bool:
        return game.settings.get("players") != 1  # solo: replayed as soon as sealed

    def deadline_words(self, game) -> str:
        s = game.settings
        if s.get("players") == 1:
            return gettext("solo: no deadline, at your own pace")
        return gettext("%(run)s per run, %(pick)s per gadget pick") % {
            "run": _hours(s.get("run_hours", DEFAULT_RUN_HOURS)),
            "pick": _hours(s.get("pick_hours", DEFAULT_PICK_HOURS)),
        }

    def describe_settings(self, game) -> list[tuple[str, str]]:
        s = game.settings
        return [
            *super().describe_settings(game),
            (gettext("Players"), str(s.get("players"))),
            (gettext("Lab cards"), _hard_words(s.get("hard"), s.get("players", 0))),
        ]

    # --- rounds -----------------------------------------------------------------------------

    def active_seats(self, state: dict) -> list[int]:
        return engine.active(state)

    def validate_orders(self, state: dict, seat: int, payload: object) -> dict:
        if state.get("phase") == "pick":
            picks = payload.get("picks") if isinstance(payload, dict) else None
            if not isinstance(picks, list) or not picks:
                raise Rejected(gettext("a pick ranks at least one of the gadgets on offer"))
        elif not isinstance(payload, dict) or "tiles" not in payload or set(payload) - PLAN_KEYS:
            raise Rejected(gettext("a plan is an object with its tiles (and the Insta-Ball's)"))
        try:
            return engine.validate(state, seat, payload)
        except EngineError as error:
            raise Rejected(words.refusal(error)) from None

    def computer_orders(self, state: dict, seat: int, level: str) -> dict:
        """The engine's computer player, from the public state only: the same state, the same
        plan (or ranking)."""
        return engine.computer(state, seat, level)

    def resolve(
        self, state: dict, orders: dict[int, dict], *, seed: int, referee_input: dict
    ) -> Outcome:
        new_state, events = engine.play(state, orders, seed=seed, referee=referee_input)
        over = new_state["phase"] == "over"
        winners = new_state["winners"]
        return Outcome(
            state=new_state,
            events=events,
            over=over,
            winner=winners[0] if over and len(winners) == 1 else None,
        )

    def counts_for_careers(self, settings: dict) -> bool:
        return False

    # Each level's rating in bench/joyride_league.py's games (docs/ratings.md).
    computer_ratings = COMPUTER_RATINGS

    def ranking(self, final_state: dict, events) -> dict[int, int] | None:
        """By total, ties by the seed's tie-break; a solo game has no one to rank against."""
        if final_state["players"] < 2:
            return None
        return places(engine.standing(final_state))

    # --- practice and the demo -----------------------------------------------------------------

    def demo_setup(self, user) -> str:
        from games.models import Game

        from .services import solo_game_create

        game = Game.objects.filter(
            referee=user, kind=self.slug, status=Game.Status.RUNNING, settings__players=1
        ).first()
        if game is None:
            game = solo_game_create(user=user)
        return f"run solo in '{game.title}' at {settings.SITE_URL}{self.seat_url(game.pk, 0)}"

    def board_picture(self, state: dict, names: dict[int, str], seat: int | None = None) -> str:
        """The viewer's own lab, else the first player's."""
        shown = seat if seat is not None and 0 <= seat < state["players"] else 0
        return pictures.standalone(svg.lab(state, shown), stylesheets=["joyride/board.css"])

    def practice_create(self, user):
        from .services import practice_game_create

        return practice_game_create(user=user)

    # --- words and pages ----------------------------------------------------------------------

    def describe_events(self, events: list, names: dict[int, str]) -> list[str]:
        return report.describe(events, names)

    def page_context(self, state: dict, names: dict[int, str]) -> dict:
        return {
            "state": state,
            "phase": state["phase"],
            "labs": [
                {
                    "seat": s,
                    "name": report.seat_name(names, s),
                    "colour": words.SEAT_COLOURS[s],
                    "svg": svg.lab(state, s),
                }
                for s in range(state["players"])
            ],
            **report.table_context(state, names),
        }

    def report_context(
        self, state_before: dict, report_state: dict, events: list, names: dict[int, str]
    ) -> dict:
        return {
            "lines": report.describe(events, names),
            "results": report.result_rows(events, names),
            "picks": report.pick_rows(events, names),
            "is_run": state_before["phase"] == "run",
            **report.table_context(report_state, names),
        }

    stylesheets = ("joyride/joyride.css",)

    def game_replay(self, rounds: list[PlayedRound], names: dict[int, str]) -> list[Frame]:
        """Each run step by step, every lab drawn (``report.frames``); a gadget pick as one
        step that keeps the labs of the run before it on the board. The last step of a finished
        game is the last run's labs."""
        if not rounds:
            return []
        shown: list[Frame] = []
        board = partial(_replay_labs, rounds[0].state_before, [])
        for played in rounds:
            steps = report.frames(played.state_before, played.events, played.state_after, names)
            for index, frame in enumerate(steps):
                if frame["labs"]:
                    board = partial(_replay_labs, played.state_before, frame["labs"])
                shown.append(
                    Frame(
                        caption=" ".join([str(frame["title"]), *frame["lines"]]),
                        draw=board,
                        mark=self.round_name(played).title if index == 0 else "",
                    )
                )
        return shown

    # --- the public API: a plan as the engine's JSON face takes it; a pick as {"picks": [...]}

    def public_state(self, state: dict, seat: int | None) -> dict:
        return engine.public(state, seat)

    def legal_choices(self, state: dict, seat: int, partial: object) -> dict:
        """In a run: the engine's ``check`` of the plan so far, with where the next tile may
        go (``next``); in a pick: the gadgets on offer and the order of the picks."""
        try:
            return engine.legal(state, seat, partial)
        except EngineError as error:
            raise Rejected(words.refusal(error)) from None

    def preview_orders(self, state: dict, seat: int, payload: object) -> dict:
        """A plan's uncontested score (``check``) if the engine would take it; a ranking as
        it would be stored."""
        self.validate_orders(state, seat, payload)
        try:
            return engine.preview(state, seat, payload)
        except EngineError as error:
            raise Rejected(words.refusal(error)) from None

    # --- joyride's own pages: what they ask of the engine ----------------------------------
    shapes = SHAPES  # the tile shapes, in the engine's order
    insta_ball = INSTA_BALL  # the gadget that places a ball on the plan

    def chain(self, shape: str) -> tuple[tuple[int, int], ...]:
        """The cells of a shape, as (row, column) from its first."""
        return CHAINS[shape]

    def check(self, state: dict, seat: int, plan: dict | None, *, next_tiles: bool = False) -> dict:
        """The engine's ``check`` of a plan as it grows (``EngineError`` as it comes)."""
        return check(state, seat, plan, next_tiles=next_tiles)

    def pick_order(self, state: dict) -> list[int]:
        return pick_order(state)

    def orders_stored(self, *, order) -> None:
        """Sealed: the seat's draft of the round goes."""
        from .models import PlanDraft  # models: imported when called

        PlanDraft.objects.filter(round_id=order.round_id, seat=order.seat).delete()

    def replay_frames(
        self, state_before: dict, events: list, report_state: dict, names: dict[int, str]
    ) -> list[dict]:
        return report.frames(state_before, events, report_state, names)


def _replay_labs(state_before: dict, labs: list[dict]) -> str:
    """Every seat's lab at a step of the replay (``report.frames``' labs)."""
    drawn = [
        {
            **lab,
            "svg": svg.lab(
                state_before,
                lab["seat"],
                tiles=lab["tiles"],
                stop=lab.get("stop"),
                svg_id=f"replay-{index}",
            ),
        }
        for index, lab in enumerate(labs)
    ]
    return render_to_string("joyride/_replay_labs.html", {"labs": drawn})


def _hours(hours: int) -> str:
    return ngettext("%(hours)d hour", "%(hours)d hours", hours) % {"hours": hours}


RULES = JoyrideRules()
