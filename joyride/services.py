"""Joyride's writes beyond the platform's: the plan a player builds (a draft, tile by tile),
sealing it as the round's orders, the gadget pick, and the solo and practice games.

Every draft is read whole by the engine (``validate_plan``) before it is stored: a tampered
plan, a cell off the table or a shape the pool does not hold is refused with the engine's
reason and nothing is kept. Sealing goes through the platform's ``orders_submit``, which checks
it again.
"""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext

from games import services
from games.models import Game, Order, Round, Seat
from games.registry import Rejected
from games.titles import MadeTitle

from . import db, words
from .engine import EngineError, validate_plan
from .models import PlanDraft

EMPTY_PLAN: dict[str, list] = {"tiles": [], "insta_ball": []}


# --- the round a seat builds for -------------------------------------------------------------


def _building_round(seat: Seat, user) -> Round:
    """The open run the seat still owes a plan for (its owner's, not yet sealed)."""
    if seat.user_id is None or seat.user_id != getattr(user, "pk", None):
        raise Rejected(gettext("that is not your seat"), code="not_your_seat")
    rnd = services.current_round(seat.game)
    if rnd is None or rnd.state.get("phase") != "run":
        raise Rejected(gettext("no run is open for plans"), code="no_open_round")
    if Order.objects.filter(round=rnd, seat=seat).exists():
        raise Rejected(gettext("your plan for this run is sealed already"), code="already_in")
    return rnd


def draft_of(seat: Seat, rnd: Round | None) -> dict:
    """The seat's plan so far in ``rnd`` (the empty plan if none)."""
    if rnd is None:
        return dict(EMPTY_PLAN)
    return db.draft_plan(rnd.pk, seat.pk) or dict(EMPTY_PLAN)


def _store(seat: Seat, rnd: Round, plan: dict) -> dict:
    try:
        plan = validate_plan(rnd.state, seat.number, plan)
    except EngineError as error:
        raise Rejected(words.refusal(error)) from None
    PlanDraft.objects.update_or_create(
        round=rnd, seat=seat, defaults={"plan": plan, "updated_at": timezone.now()}
    )
    return plan


def tiles_and_stop(plan: dict) -> tuple[list, bool]:
    """A plan's tiles without its closing ``"pass"``, and whether it had one."""
    tiles = list(plan.get("tiles", []))
    passed = bool(tiles) and tiles[-1] == "pass"
    return (tiles[:-1] if passed else tiles), passed


def draft_place(*, seat: Seat, user, placement: object, insta: bool = False) -> dict:
    """The plan so far with one more tile at its end (a stop at the end is lifted), or with
    one more tile for the Insta-Ball (``insta``)."""
    rnd = _building_round(seat, user)
    plan = draft_of(seat, rnd)
    if insta:
        return _store(seat, rnd, {**plan, "insta_ball": [*plan.get("insta_ball", []), placement]})
    tiles, _passed = tiles_and_stop(plan)
    return _store(seat, rnd, {**plan, "tiles": [*tiles, placement]})


def draft_undo(*, seat: Seat, user) -> dict:
    """The plan without its last step: the stop if it ends with one, else the last tile."""
    rnd = _building_round(seat, user)
    plan = draft_of(seat, rnd)
    tiles, passed = tiles_and_stop(plan)
    if not passed:
        tiles = tiles[:-1]
    return _store(seat, rnd, {**plan, "tiles": tiles})


def draft_undo_insta(*, seat: Seat, user) -> dict:
    """The plan without its last tile for the Insta-Ball."""
    rnd = _building_round(seat, user)
    plan = draft_of(seat, rnd)
    return _store(seat, rnd, {**plan, "insta_ball": plan.get("insta_ball", [])[:-1]})


def draft_stop(*, seat: Seat, user) -> dict:
    """ "Stop here": the run ends after the last tile laid so far."""
    rnd = _building_round(seat, user)
    plan = draft_of(seat, rnd)
    tiles, _passed = tiles_and_stop(plan)
    return _store(seat, rnd, {**plan, "tiles": [*tiles, "pass"]})


def draft_replace(*, seat: Seat, user, plan: object) -> dict:
    """A whole plan at once (the plain form's, or a clear start)."""
    rnd = _building_round(seat, user)
    if not isinstance(plan, dict) or set(plan) - {"tiles", "insta_ball"}:
        raise Rejected(gettext("a plan is an object with its tiles (and the Insta-Ball's)"))
    return _store(seat, rnd, {"tiles": [], **plan})


# --- sealing -----------------------------------------------------------------------------------


def plan_seal(*, seat: Seat, user, round_number: int | None = None) -> Order:
    """Seal the draft as the seat's plan for the open run."""
    rnd = _building_round(seat, user)
    return services.orders_submit(
        seat=seat, user=user, payload=draft_of(seat, rnd), round_number=round_number
    )


# --- games for one person ----------------------------------------------------------------------


def solo_game_create(*, user, time_zone: str = "Europe/Berlin") -> Game:
    """The solo variant, started: played at the player's own pace, each run resolved as soon
    as it is sealed."""
    game = services.game_create(
        referee=user,
        kind="joyride",
        title=MadeTitle.make("joyride", "solo", username=user.username),
        settings={"players": 1},
        time_zone=time_zone,
        deadline_days=1,
        resolve_early=True,
    )
    services.seat_join(game=game, number=0, user=user)
    services.game_start(game=game, by=user)
    game.refresh_from_db()
    return game


def practice_game_create(*, user, time_zone: str = "Europe/Berlin") -> Game:
    """A two-player joyride against a computer player, started."""
    game = services.game_create(
        referee=user,
        kind="joyride",
        title=MadeTitle.make("joyride", "practice", username=user.username),
        settings={"players": 2},
        time_zone=time_zone,
        deadline_days=1,
        resolve_early=True,
        computer_seats={1: "veteran"},
    )
    services.seat_join(game=game, number=0, user=user)
    services.game_start(game=game, by=user)
    game.refresh_from_db()
    return game
