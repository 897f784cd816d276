"""A fighter's orders for one turn, their validation, and the step-by-step legal lists.

An order is either a stay on the dock ``{"fighter": "A1", "stay": true, "facing": 0..5}`` or a
move ``{"fighter": "A1", "steps": [...], "speed": n}`` (``speed`` may be omitted: it is the
count of ``A`` steps, and if given it must equal that count). Steps:

``A`` ahead one hex; ``L``/``R`` turn 60° left/right (only after Z hexes since the start of the
move or the last turn); ``G``/``GT`` fire the nose/tail gun; ``M``/``MT`` launch a missile from
the nose/tail launcher; ``S``/``ST`` launch a smart missile from the nose/tail launcher.

``next_steps`` and ``check_steps`` share one walk over the steps, so the order form's list and
the validation never disagree.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, NamedTuple

from games.enginekit import EngineError, as_bool, as_int, as_list, as_object

from .classes import NOSE, TAIL
from .state import MAX_DOCKED_TURNS, Fighter, State

AHEAD = "A"
TURNS = {"L": 1, "R": -1}
GUNS = {"G": NOSE, "GT": TAIL}
LAUNCHES = {
    "M": ("missile", NOSE),
    "MT": ("missile", TAIL),
    "S": ("smart", NOSE),
    "ST": ("smart", TAIL),
}
STEP_CODES = ("A", "L", "R", "G", "GT", "M", "MT", "S", "ST")
STEP_NAMES = {
    "A": "ahead",
    "L": "turn left",
    "R": "turn right",
    "G": "fire the nose gun",
    "GT": "fire the tail gun",
    "M": "launch a missile forward",
    "MT": "launch a missile backward",
    "S": "launch a smart missile forward",
    "ST": "launch a smart missile backward",
}
MAX_STEPS = 40  # guns are unlimited, but a turn's list of steps is not


class Order(NamedTuple):
    fighter: str
    stay: bool = False
    facing: int | None = None  # a stay's new facing (None: unchanged)
    steps: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        if self.stay:
            return {"fighter": self.fighter, "stay": True, "facing": self.facing}
        return {
            "fighter": self.fighter,
            "steps": list(self.steps),
            "speed": self.steps.count(AHEAD),
        }


# --- what a fighter may do this turn --------------------------------------------------------


def may_stay(fighter: Fighter) -> bool:
    return fighter.docked and fighter.docked_turns < MAX_DOCKED_TURNS


def may_move(fighter: Fighter) -> bool:
    """Flying, or docked and free to take off (not in the turn after landing)."""
    return not fighter.docked or not fighter.landed


def must_launch(fighter: Fighter) -> bool:
    return fighter.docked and fighter.docked_turns >= MAX_DOCKED_TURNS


def speeds(fighter: Fighter) -> list[int]:
    """The speeds open this turn: any in [Vmin, Vmax] off the dock, else last speed ± 1."""
    kind = fighter.kind
    if not may_move(fighter):
        return []
    if fighter.docked:
        return list(range(kind.vmin, kind.vmax + 1))
    return list(range(max(kind.vmin, fighter.speed - 1), min(kind.vmax, fighter.speed + 1) + 1))


class Walk:
    """The steps chosen so far: hexes flown, hexes since the last turn, weapons used."""

    __slots__ = ("ahead", "fighter", "missiles", "since_turn", "smart", "speeds")

    def __init__(self, fighter: Fighter) -> None:
        self.fighter = fighter
        self.ahead = 0
        self.since_turn = 0
        self.missiles = fighter.missiles
        self.smart = fighter.smart
        self.speeds = speeds(fighter)

    def allowed(self) -> list[str]:
        kind = self.fighter.kind
        codes = []
        if self.speeds and self.ahead < self.speeds[-1]:
            codes.append(AHEAD)
        if self.since_turn >= kind.z:
            codes += ["L", "R"]
        codes += [code for code, gun in GUNS.items() if gun in kind.guns]
        for code, (what, launcher) in LAUNCHES.items():
            left = self.missiles if what == "missile" else self.smart
            if launcher in kind.launchers and left > 0:
                codes.append(code)
        return codes

    def refusal(self, code: str, where: str, number: int) -> EngineError:
        """Why step ``code`` may not come next, as the refusal of step ``number``."""
        kind, fighter = self.fighter.kind, self.fighter.id
        needs = f"{where}, step {number} ({code}) needs"
        if code == AHEAD:
            if not self.speeds:
                return EngineError(
                    f"{needs} a take-off", code="no_take_off", fighter=fighter, number=number
                )
            return EngineError(
                f"{needs} a speed above {self.speeds[-1]}",
                code="too_fast",
                fighter=fighter,
                number=number,
                speed=self.speeds[-1],
            )
        if code in TURNS:
            return EngineError(
                f"{needs} a turn after {self.since_turn} hex(es) — a {kind.name} turns only "
                f"after {kind.z} hex(es) since the start of its move or its last turn",
                code="turn_too_soon",
                fighter=fighter,
                number=number,
                step=code,
                flown=self.since_turn,
                z=kind.z,
                fighter_class=kind.key,
            )
        if code in GUNS:
            return EngineError(
                f"{needs} a {GUNS[code]} gun, which a {kind.name} does not have",
                code="no_gun",
                fighter=fighter,
                number=number,
                gun=GUNS[code],
                fighter_class=kind.key,
            )
        what, launcher = LAUNCHES[code]
        name = "smart missile" if what == "smart" else "missile"
        if launcher not in kind.launchers:
            return EngineError(
                f"{needs} a {launcher} launcher, which a {kind.name} does not have",
                code="no_launcher",
                fighter=fighter,
                number=number,
                launcher=launcher,
                fighter_class=kind.key,
            )
        return EngineError(
            f"{needs} a {name}, and none is left on board",
            code="no_missile_left",
            fighter=fighter,
            number=number,
            missile=what,
        )

    def take(self, code: str) -> None:
        if code == AHEAD:
            self.ahead += 1
            self.since_turn += 1
        elif code in TURNS:
            self.since_turn = 0
        elif code in LAUNCHES:
            if LAUNCHES[code][0] == "missile":
                self.missiles -= 1
            else:
                self.smart -= 1

    @property
    def may_end(self) -> bool:
        return self.ahead in self.speeds


def walk(fighter: Fighter, steps: list[Any] | tuple[Any, ...], where: str) -> Walk:
    """Replay ``steps``; raise EngineError at the first one that is not allowed."""
    if not may_move(fighter):
        raise EngineError(
            f"{where}: {fighter.id} landed last turn and may not take off "
            "this turn (it stays docked)",
            code="landed_last_turn",
            fighter=fighter.id,
        )
    state = Walk(fighter)
    if len(steps) > MAX_STEPS:
        raise EngineError(
            f"{where}: at most {MAX_STEPS} steps in a turn",
            code="too_many_steps",
            fighter=fighter.id,
            most=MAX_STEPS,
        )
    for number, code in enumerate(steps, start=1):
        if not isinstance(code, str) or code not in STEP_CODES:
            raise EngineError(
                f"{where}, step {number}: {code!r} is not a step ({', '.join(STEP_CODES)})",
                where=f"{where}.steps[{number - 1}]",
            )
        if code not in state.allowed():
            raise state.refusal(code, where, number)
        state.take(code)
    return state


def next_steps(fighter: Fighter, steps: list[Any] | tuple[Any, ...]) -> dict[str, Any]:
    """The order form's list: which steps may follow ``steps``, and may the move end here."""
    if not may_move(fighter):
        return {"steps": [], "may_end": False, "speeds": [], "ahead": 0}
    state = walk(fighter, steps, fighter.id)
    return {
        "steps": state.allowed(),
        "may_end": state.may_end,
        "speeds": state.speeds,
        "ahead": state.ahead,
    }


# --- parsing a turn's orders ----------------------------------------------------------------


def parse_order(
    fighter: Fighter, raw: dict[str, Any], where: str, *, partial: bool = False
) -> Order:
    if raw.get("stay", False) is not False:
        as_bool(raw["stay"], f"{where}.stay")
        if not fighter.docked:
            raise EngineError(
                f"{where}: {fighter.id} is flying; only a docked fighter stays",
                code="stay_flying",
                fighter=fighter.id,
            )
        if not may_stay(fighter):
            raise EngineError(
                f"{where}: {fighter.id} has stayed docked {MAX_DOCKED_TURNS} "
                "turns in a row and must take off",
                code="stay_too_long",
                fighter=fighter.id,
                turns=MAX_DOCKED_TURNS,
            )
        if raw.get("steps"):
            raise EngineError(
                f"{where}: a fighter that stays docked has no steps",
                code="stay_with_steps",
                fighter=fighter.id,
            )
        facing = raw.get("facing")
        if facing is not None:
            facing = as_int(facing, f"{where}.facing", 0, 5)
        return Order(fighter.id, True, facing)
    if "facing" in raw and raw["facing"] is not None and raw["facing"] != fighter.facing:
        raise EngineError(
            f"{where}: only a fighter staying docked may change its facing "
            "freely; a moving one turns with L and R",
            code="facing_while_moving",
            fighter=fighter.id,
        )
    steps = as_list(raw.get("steps", []), f"{where}.steps")
    speed = raw.get("speed")
    if speed is not None:
        speed = as_int(speed, f"{where}.speed", 0)
        if may_move(fighter) and speed not in speeds(fighter):
            raise EngineError(
                f"{where}: speed {speed} is not open to {fighter.id} this turn "
                f"(it may fly {_listing(speeds(fighter))})",
                code="speed_not_open",
                fighter=fighter.id,
                speed=speed,
                speeds=speeds(fighter),
            )
    state = walk(fighter, steps, where)
    if speed is not None:
        if not partial and speed != state.ahead:
            raise EngineError(
                f"{where}: speed {speed} but {state.ahead} 'A' step(s); a "
                "fighter travels exactly its speed",
                code="speed_mismatch",
                fighter=fighter.id,
                speed=speed,
                ahead=state.ahead,
            )
        if partial and state.ahead > speed:
            raise EngineError(
                f"{where}: more 'A' steps than the chosen speed {speed}",
                code="speed_exceeded",
                fighter=fighter.id,
                speed=speed,
            )
    if not partial and not state.may_end:
        raise EngineError(
            f"{where}: {state.ahead} 'A' step(s), but {fighter.id} must fly "
            f"{_listing(state.speeds)} hexes this turn",
            code="wrong_distance",
            fighter=fighter.id,
            ahead=state.ahead,
            speeds=state.speeds,
        )
    return Order(fighter.id, False, None, tuple(steps))


def parse_turn(
    state: State, player: int, raw: object, *, partial: bool = False, excused: Collection[str] = ()
) -> list[Order]:
    """A player's orders for the turn: every living fighter of his exactly once (unless
    ``partial``, the order form's preview), in the order they move. Fighters in ``excused``
    (those his own missiles destroy before any fighter moves) may be left out."""
    items = as_list(raw, "action.orders")
    orders: list[Order] = []
    seen: set[str] = set()
    for i, item in enumerate(items):
        where = f"action.orders[{i}]"
        item = as_object(item, where)
        fid = item.get("fighter")
        if not isinstance(fid, str):
            raise EngineError(f"{where}.fighter must be a fighter's id", where=f"{where}.fighter")
        fighter = state.fighter(fid)
        if fighter.player != player:
            raise EngineError(
                f"{where}: {fid} is not player {player}'s fighter",
                code="not_your_fighter",
                fighter=fid,
                player=player,
            )
        if not fighter.alive:
            raise EngineError(
                f"{where}: {fid} has been destroyed", code="fighter_destroyed", fighter=fid
            )
        if fid in seen:
            raise EngineError(f"{where}: {fid} has orders twice", code="orders_twice", fighter=fid)
        seen.add(fid)
        orders.append(parse_order(fighter, item, where, partial=partial and i == len(items) - 1))
    if not partial:
        missing = [f.id for f in state.alive(player) if f.id not in seen and f.id not in excused]
        if missing:
            raise EngineError(
                f"no orders for {', '.join(missing)}: every fighter needs "
                "orders (a docked one may stay)",
                code="orders_missing",
                fighters=missing,
            )
    return orders


def default_orders(state: State, player: int) -> list[Order]:
    """The missed-turn default: flying fighters keep their speed and fly straight, nothing
    fires, docked fighters stay — except one that must take off, which flies straight out
    at its Vmin."""
    orders = []
    for fighter in state.alive(player):
        if fighter.docked and not must_launch(fighter):
            orders.append(Order(fighter.id, True, None))
        elif fighter.docked:
            orders.append(Order(fighter.id, False, None, (AHEAD,) * fighter.kind.vmin))
        else:
            orders.append(Order(fighter.id, False, None, (AHEAD,) * fighter.speed))
    return orders


def _listing(numbers: list[int]) -> str:
    if not numbers:
        return "no"
    if len(numbers) == 1:
        return str(numbers[0])
    return ", ".join(map(str, numbers[:-1])) + f" or {numbers[-1]}"
