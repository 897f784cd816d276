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

from django.conf import settings
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games import pictures
from games.registry import GameRules, Outcome, Rejected, places

from . import report, svg, words
from .engine import (
    LEVELS,
    EngineError,
    State,
    check,
    computer_picks,
    computer_plan,
    new_game,
    pick_order,
    resolve_picks,
    resolve_run,
    standing,
    validate_plan,
)

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
        settings["hard"] = bool(settings["hard"])
        return settings

    def setup(self, *, seed: int, settings: dict, seats: list[dict]) -> dict:
        players = settings["players"]
        hard = [[1, 4]] * players if settings.get("hard") else None
        return new_game(players, seed, hard).to_dict()

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
            (
                gettext("Lab cards"),
                gettext("hard cards 1 and 4 for everyone")
                if s.get("hard")
                else gettext("standard"),
            ),
        ]

    # --- rounds -----------------------------------------------------------------------------

    def active_seats(self, state: dict) -> list[int]:
        if state.get("phase") in ("run", "pick"):
            return list(range(state["players"]))
        return []

    def validate_orders(self, state: dict, seat: int, payload: object) -> dict:
        if state.get("phase") == "pick":
            return {"picks": _checked_picks(state, seat, payload)}
        if not isinstance(payload, dict) or "tiles" not in payload or set(payload) - PLAN_KEYS:
            raise Rejected(gettext("a plan is an object with its tiles (and the Insta-Ball's)"))
        try:
            return validate_plan(state, seat, payload)
        except EngineError as error:
            raise Rejected(words.refusal(error)) from None

    def computer_orders(self, state: dict, seat: int, level: str) -> dict:
        """The engine's computer player, from the public state only: the same state, the same
        plan (or ranking)."""
        level = level if level in LEVELS else "novice"
        if state.get("phase") == "pick":
            return {"picks": computer_picks(state, seat, level)}
        return validate_plan(state, seat, computer_plan(state, seat, level))

    def resolve(
        self, state: dict, orders: dict[int, dict], *, seed: int, referee_input: dict
    ) -> Outcome:
        removed = set(referee_input.get("remove", []))
        seats = range(state["players"])
        if state["phase"] == "pick":
            picks = [None if s in removed else orders.get(s, {}).get("picks") for s in seats]
            after, result = resolve_picks(state, picks)
            events = result["events"]
        else:
            plans = [None if s in removed else orders.get(s) for s in seats]
            after, result = resolve_run(state, plans)
            events = result["events"] + [
                {"type": "result", "seat": row["seat"], "stop": row["stop"], "score": row["score"]}
                for row in result["seats"]
            ]
        new_state = after.to_dict()
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
        return places(dict(enumerate(standing(State.from_dict(final_state)))))

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
        self, state_before: dict, report_state: dict, events: list, names: dict[int, str], step: int
    ) -> dict:
        frames = report.frames(state_before, events, report_state, names)
        step = min(max(step, 0), len(frames) - 1)
        frame = frames[step]
        return {
            "frame": frame,
            "step": step,
            "steps": range(len(frames)),
            "last_step": len(frames) - 1,
            "labs": [
                {
                    **lab,
                    "svg": svg.lab(
                        state_before,
                        lab["seat"],
                        tiles=lab["tiles"],
                        stop=lab.get("stop"),
                        svg_id=f"replay-{i}",
                    ),
                }
                for i, lab in enumerate(frame["labs"])
            ],
            "lines": report.describe(events, names),
            "results": report.result_rows(events, names),
            "picks": report.pick_rows(events, names),
            "is_run": state_before["phase"] == "run",
            **report.table_context(report_state, names),
        }

    # --- the public API: a plan as the engine's JSON face takes it; a pick as {"picks": [...]}

    def public_state(self, state: dict, seat: int | None) -> dict:
        """The state without what nobody may know yet: the decks' order and the seed that
        deals the solo labs (only how many cards are left)."""
        shown = {key: value for key, value in state.items() if key != "seed"}
        for deck in ("missions", "gadgets"):
            shown[deck] = {**state[deck], "deck": len(state[deck]["deck"])}
        return shown

    def legal_choices(self, state: dict, seat: int, partial: object) -> dict:
        """In a run: the engine's ``check`` of the plan so far, with where the next tile may
        go (``next``); in a pick: the gadgets on offer and the order of the picks."""
        if state.get("phase") == "pick":
            return {
                "phase": "pick",
                "offered": list(state["gadgets"]["revealed"]),
                "pick_order": pick_order(state),
            }
        try:
            return {"phase": state["phase"], "check": check(state, seat, partial, next_tiles=True)}
        except EngineError as error:
            raise Rejected(words.refusal(error)) from None

    def preview_orders(self, state: dict, seat: int, payload: object) -> dict:
        """A plan's uncontested score (``check``) if the engine would take it; a ranking as
        it would be stored."""
        stored = self.validate_orders(state, seat, payload)
        if state.get("phase") == "pick":
            return {"phase": "pick", **stored, "pick_order": pick_order(state)}
        return {"phase": "run", "plan": stored, "check": check(state, seat, stored)}

    def submit_orders(self, *, seat, user, payload: object, round_number: int | None) -> None:
        from .services import orders_submit

        orders_submit(seat=seat, user=user, payload=payload, round_number=round_number)

    def replay_frames(
        self, state_before: dict, events: list, report_state: dict, names: dict[int, str]
    ) -> list[dict]:
        return report.frames(state_before, events, report_state, names)


def _checked_picks(state: dict, seat: int, payload: object) -> list[str]:
    """A seat's ranking of the gadgets on offer, as the engine's picks take it: asked of
    ``resolve_picks`` with every other seat ranking nothing."""
    picks = payload.get("picks") if isinstance(payload, dict) else None
    if not isinstance(picks, list) or not picks:
        raise Rejected(gettext("a pick ranks at least one of the gadgets on offer"))
    rankings = [None] * state["players"]
    rankings[seat] = picks
    try:
        resolve_picks(state, rankings)
    except EngineError as error:
        raise Rejected(words.refusal(error)) from None
    return list(picks)


def _hours(hours: int) -> str:
    return ngettext("%(hours)d hour", "%(hours)d hours", hours) % {"hours": hours}


RULES = JoyrideRules()
