"""What a player should know before and while building a turn, answered from the rules alone.

- ``doomed``: the player's fighters that his own missiles, flying at the start of his turn
  (before any fighter moves), will destroy. They need no orders: they will be gone.
- ``trapped``: whether a fighter standing where a move ends has no move next turn that keeps it
  alive against the fixed board (asteroids and the edge; other fighters and missiles move).
- ``cornered``: the player's fighters that, as his turn opens, have no move this turn that keeps
  them alive: every path open to them ends off the board, in an asteroid or in a missile.
- ``smart_threats``: for each smart missile of the player's still flying, the honest picture of
  its next flight: it homes on the nearest fighter, whoever's, so every fighter within its reach
  is in danger, not only the one a still board would show.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .hexgrid import Hex, distance, on_board, step, turn
from .orders import may_stay, speeds
from .state import Fighter, State
from .turns import MISSILE_FLIGHT, SMART_RANGE, Turn

# A smart missile decides its heading before each of its hexes: before its last one it stands
# at most MISSILE_FLIGHT - 1 hexes from where it started and sees fighters SMART_RANGE further.
SMART_REACH = MISSILE_FLIGHT - 1 + SMART_RANGE


def start_flight(state: State, player: int) -> list[dict[str, Any]]:
    """The events of ``player``'s missiles flying at the start of his turn (on a copy)."""
    return _after_start_flight(state, player)[1]


def _after_start_flight(state: State, player: int) -> tuple[State, list[dict[str, Any]]]:
    """A copy of ``state`` after ``player``'s missiles flew at the start of his turn, and the
    events of that flight."""
    work = state.copy()
    events: list[dict[str, Any]] = []
    turn_ = Turn(work, events)
    turn_.player = player
    turn_.fly_missiles()
    return work, events


def doomed(state: State, player: int) -> dict[str, dict[str, Any]]:
    """{fighter id: {"cause", "by", "kind", "owner"}} for the player's fighters destroyed by the
    start-of-turn missile flight (a missile's ``owner`` is always ``player`` here)."""
    kinds = {m.id: m.kind for m in state.missiles}
    lost: dict[str, dict[str, Any]] = {}
    for event in start_flight(state, player):
        if event["type"] == "destroyed" and event["player"] == player:
            lost[event["fighter"]] = {
                "cause": event["cause"],
                "by": event["by"],
                "kind": kinds.get(event["by"], "missile"),
                "owner": player,
            }
    return lost


def trapped(fighter: Fighter, asteroids: Iterable[Hex]) -> bool:
    """True if every move open to ``fighter`` next turn (its speeds, any turns it may take)
    ends in an asteroid or off the board. A docked fighter is never trapped."""
    if fighter.docked or not fighter.alive:
        return False
    return not _way_out(fighter, set(asteroids))


def cornered(state: State, player: int) -> list[str]:
    """The ids of ``player``'s fighters that every path open to them this turn destroys,
    judged after the start-of-turn flight of his missiles (the fighters it destroys are
    ``doomed``, not listed here). A path is lost if it leaves the board or enters an asteroid
    or a hex where a missile stands: missiles move only at their owner's turn start, so none
    leaves its hex while this player's fighters fly (unless a fighter flies into it). Other
    fighters are not obstacles here: his own move away, the enemy's may be shot down first.
    A fighter that may stay on its dock, or may not move this turn, is never cornered."""
    work, _ = _after_start_flight(state, player)
    deadly = set(work.asteroids) | {m.hex for m in work.missiles}
    return [
        f.id
        for f in work.alive(player)
        if not may_stay(f) and speeds(f) and not _way_out(f, deadly)
    ]


def _way_out(fighter: Fighter, deadly: set[Hex]) -> bool:
    """Whether some move open to ``fighter`` (its speeds, the turns it may take) flies a whole
    speed without leaving the board or entering a ``deadly`` hex."""
    kind = fighter.kind
    open_speeds = speeds(fighter)
    if not open_speeds:  # not a speed it may fly: a move still being built
        return True

    def survives(hex_: Hex, facing: int, ahead: int, since_turn: int) -> bool:
        if ahead in open_speeds:
            return True
        if ahead >= open_speeds[-1]:
            return False
        for sixths in (0, 1, -1) if since_turn >= kind.z else (0,):
            heading = turn(facing, sixths)
            target = step(hex_, heading)
            if (
                on_board(target)
                and target not in deadly
                and survives(target, heading, ahead + 1, 1 if sixths else since_turn + 1)
            ):
                return True
        return False

    return survives(fighter.placed_hex, fighter.facing, 0, 0)


def smart_threats(state: State, player: int) -> list[dict[str, Any]]:
    """For each of ``player``'s smart missiles in ``state``: ``missile``, ``hex``, ``homes``
    ("nearest": the nearest fighter of either side, not docked, within SMART_RANGE) and
    ``in_reach``: the fighters (id, player, hex, distance) it could steer for on its next
    flight as they stand now,
    nearest first (own fighters do not move before that flight; the enemy's may)."""
    threats = []
    for missile in state.missiles:
        if missile.owner != player or missile.kind != "smart":
            continue
        near = sorted(
            (
                distance(missile.hex, f.placed_hex),
                f.id,
                f.player,
                [f.placed_hex[0], f.placed_hex[1]],
            )
            for f in state.alive()
            if not f.docked
        )
        threats.append(
            {
                "missile": missile.id,
                "hex": [missile.hex[0], missile.hex[1]],
                "homes": "nearest",
                "reach": SMART_REACH,
                "in_reach": [
                    {"fighter": fid, "player": owner, "hex": hex_, "distance": d}
                    for d, fid, owner, hex_ in near
                    if d <= SMART_REACH
                ],
            }
        )
    return threats
