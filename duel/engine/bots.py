"""Computer players of the duel: an action for the player to act, from the state alone.

``bot_action(state, player, level, seed)`` returns an action that ``act`` accepts. Same state,
player, level and seed, same action. Levels:

- ``novice``: picks a random safe move for each fighter (one that does not end in an asteroid,
  off the board, in a collision or with no surviving move next turn), fires its guns at an enemy
  in the next hex and launches a missile when the engine's preview shows it hitting an enemy.
- ``veteran``: scores every safe move of each fighter (the engine's legal steps, walked in
  full) by where it ends: out of the path of enemy missiles, out of the enemy's gun reach,
  towards an enemy while it has weapons, home to a dock when the enemy is gone (which wins) or,
  with spare missiles, when its own are spent; then adds the shots and launches the engine's
  preview shows destroying an enemy and never one of its own. It places asteroids before the
  enemy's docks and points its fighters at the enemy.

Every candidate comes from ``orders.Walk`` (the steps the rules allow next) and every turn's
effect from ``game.preview``: the bot decides no rule itself.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from random import Random
from typing import Any

from games.enginekit import EngineError

from .board import DOCKS, TOWARD_ENEMY, asteroid_hexes, other
from .foresight import start_flight, trapped
from .hexgrid import Hex, distance, step, turn
from .orders import AHEAD, Walk, default_orders, may_move, may_stay
from .state import Fighter, Missile, State

LEVELS = ("novice", "veteran")
KILL, LOSS = 150.0, 220.0
TRAPPED, IN_MISSILE_PATH, IN_GUN_REACH = 90.0, 80.0, 12.0
# preview(state, player, orders): the engine's answer for a half-built turn (game.preview)
Preview = Callable[[State, int, list[Any]], dict[str, Any]]
Walker = Callable[[Walk, list[str], Hex, int], None]
CANDIDATES_CHECKED = 8  # the best moves per fighter verified with the engine's preview


def bot_action(state: State, player: int, level: str, seed: int) -> dict[str, Any]:
    level = level if level in LEVELS else "novice"
    rng = Random(seed)
    if state.phase == "asteroids":
        return {"type": "asteroid", "hex": list(_asteroid(state, player, level, rng))}
    if state.phase == "fighters":
        return {"type": "fighters", "placements": _placements(state, player, level)}
    if state.phase == "play":
        return {"type": "turn", "orders": _turn(state, player, level, rng)}
    raise EngineError("the game is over", code="game_over")


# --- setup ------------------------------------------------------------------------------------


def _asteroid(state: State, player: int, level: str, rng: Random) -> Hex:
    hexes = asteroid_hexes(state.asteroids, state.settings.no_adjacent)
    if level == "novice":
        return rng.choice(hexes)
    # before the enemy's docks, in the way of its take-offs, nearest first; ties at random
    enemy = DOCKS[other(player)]
    return min(hexes, key=lambda h: (min(distance(h, d) for d in enemy), rng.random()))


def _placements(state: State, player: int, level: str) -> list[dict[str, Any]]:
    mine = [f for f in state.fighters if f.player == player]
    ahead = TOWARD_ENEMY[player]
    # a veteran spreads its fighters: the outer ones turned 60° outwards
    spread = [turn(ahead, 1), ahead, ahead, turn(ahead, -1)] if level == "veteran" else []
    if player == 1:
        spread = [turn(ahead, -1), ahead, ahead, turn(ahead, 1)]
    facings = spread if level == "veteran" else [ahead] * len(mine)
    return [
        {"fighter": f.id, "hex": list(DOCKS[player][i]), "facing": facings[i]}
        for i, f in enumerate(mine)
    ]


# --- a turn -----------------------------------------------------------------------------------


def _turn(state: State, player: int, level: str, rng: Random) -> list[dict[str, Any]]:
    from .game import preview  # the turn's effects are the engine's, never the bot's

    orders: list[dict[str, Any]] = []
    doomed = {e["fighter"] for e in start_flight(state, player) if e["type"] == "destroyed"}
    fighters = [f for f in state.alive(player) if f.id not in doomed]
    # those nearest the enemy move first: their shots may clear the way for the others
    enemies = state.alive(other(player))
    fighters.sort(
        key=lambda f: min((distance(f.placed_hex, e.placed_hex) for e in enemies), default=0)
    )
    for fighter in fighters:
        options = _options(state, fighter)
        if level == "novice":
            rng.shuffle(options)
        else:
            options.sort(key=lambda o: -_place_score(state, fighter, o, player))
        best, best_score = None, None
        for option in options[:CANDIDATES_CHECKED]:
            order = _armed(state, player, orders, fighter, option, preview)
            try:
                seen = preview(state, player, [*orders, order])
            except EngineError:
                continue
            score = _effect_score(seen, player, fighter.id)
            if level == "veteran":
                score += _place_score(state, fighter, option, player)
            if best_score is None or score > best_score:
                best, best_score = order, score
        if best is None:  # nothing safe: the missed-turn default, as the rules give it
            fallback = next(o for o in default_orders(state, player) if o.fighter == fighter.id)
            best = fallback.to_dict()
        orders.append(best)
    return orders


def _options(state: State, fighter: Fighter) -> list[dict[str, Any]]:
    """Every move of ``fighter`` that the rules allow and that the fixed board lets it
    survive: {"steps", "hex", "facing", "flown"}; a docked fighter that may stay, a stay."""
    options: list[dict[str, Any]] = []
    if may_stay(fighter):
        options.append({"stay": True, "hex": fighter.hex, "facing": fighter.facing, "flown": 0})
    if not may_move(fighter):
        return options
    rocks = set(state.asteroids)
    friends = {f.hex for f in state.alive(fighter.player) if f is not fighter}

    def walk(walker: Walk, steps: list[str], hex_: Hex, facing: int) -> None:
        if walker.may_end:
            options.append(
                {"steps": list(steps), "hex": hex_, "facing": facing, "flown": walker.ahead}
            )
        for code in walker.allowed():
            if code == AHEAD:
                target = step(hex_, facing)
                if (
                    not (0 <= target[0] < 20 and 0 <= target[1] < 15)
                    or target in rocks
                    or target in friends
                ):
                    continue
                _go(walker, steps, code, target, facing, walk)
            elif code in ("L", "R") and (not steps or steps[-1] == AHEAD):
                _go(walker, steps, code, hex_, turn(facing, 1 if code == "L" else -1), walk)

    walk(Walk(fighter), [], fighter.placed_hex, fighter.facing)
    return [o for o in options if o.get("stay") or not _trapped_at(fighter, o, rocks)]


def _go(walker: Walk, steps: list[str], code: str, hex_: Hex, facing: int, walk: Walker) -> None:
    saved = (walker.ahead, walker.since_turn)
    walker.take(code)
    steps.append(code)
    walk(walker, steps, hex_, facing)
    steps.pop()
    walker.ahead, walker.since_turn = saved


def _trapped_at(fighter: Fighter, option: dict[str, Any], rocks: Collection[Hex]) -> bool:
    ghost = fighter.copy()
    ghost.hex, ghost.facing, ghost.speed, ghost.docked = (
        option["hex"],
        option["facing"],
        option["flown"],
        False,
    )
    if option["hex"] in DOCKS[fighter.player]:
        return False  # it lands
    return trapped(ghost, rocks)


def _armed(
    state: State,
    player: int,
    orders: list[Any],
    fighter: Fighter,
    option: dict[str, Any],
    preview: Preview,
) -> dict[str, Any]:
    """The move with every shot and launch the preview shows destroying an enemy (and none
    of one's own) added where it stands. Only weapons with an enemy in range are tried."""
    if option.get("stay"):
        return {"fighter": fighter.id, "stay": True, "facing": option["facing"]}
    steps = list(option["steps"])
    targets = {e.placed_hex for e in state.alive(other(player))}
    if (
        not targets
        or min(distance(h, t) for h, _ in _positions(fighter, steps) for t in targets) > 4
    ):
        return {"fighter": fighter.id, "steps": steps}
    gain = _gain_of(state, player, orders, fighter.id, steps, preview)
    position = 0
    while position <= len(steps):
        hex_, facing = _positions(fighter, steps)[position]
        for code in _aimed(hex_, facing, targets):
            trial = steps[:position] + [code] + steps[position:]
            trial_gain = _gain_of(state, player, orders, fighter.id, trial, preview)
            if trial_gain > gain:
                steps, gain = trial, trial_gain
                position += 1
        position += 1
    return {"fighter": fighter.id, "steps": steps}


def _positions(fighter: Fighter, steps: list[str]) -> list[tuple[Any, ...]]:
    """Where the fighter stands before each step and after the last: (hex, facing)."""
    hex_, facing = fighter.placed_hex, fighter.facing
    out = [(hex_, facing)]
    for code in steps:
        if code == AHEAD:
            hex_ = step(hex_, facing)
        elif code in ("L", "R"):
            facing = turn(facing, 1 if code == "L" else -1)
        out.append((hex_, facing))
    return out


def _aimed(hex_: Hex, facing: int, targets: set[Any]) -> list[str]:
    """The weapons worth a look from here: a gun with an enemy in the next hex, a launcher
    with an enemy within a missile's flight (a smart one's reach) on its side."""
    back = turn(facing, 3)
    codes = []
    if step(hex_, facing) in targets:
        codes.append("G")
    if step(hex_, back) in targets:
        codes.append("GT")
    for heading, missile, smart in ((facing, "M", "S"), (back, "MT", "ST")):
        if any(step(hex_, heading, n) == t for t in targets for n in (1, 2, 3)):
            codes.append(missile)
        if any(distance(step(hex_, heading, 2), t) <= 2 for t in targets):
            codes.append(smart)
    return codes


def _gain_of(
    state: State, player: int, orders: list[Any], fid: str, steps: list[str], preview: Preview
) -> float:
    try:
        return _gain(preview(state, player, [*orders, {"fighter": fid, "steps": steps}]), player)
    except EngineError:
        return float("-inf")  # not open here (no such gun or launcher, none left)


def _gain(seen: dict[str, Any], player: int) -> float:
    """Enemy fighters destroyed minus own (own weigh more)."""
    return sum(KILL if k["player"] != player else -LOSS for k in seen["kills"])


def _effect_score(seen: dict[str, Any], player: int, fid: str) -> float:
    score = _gain(seen, player)
    if fid in seen["trapped"]:
        score -= TRAPPED
    return score


def _place_score(state: State, fighter: Fighter, option: dict[str, Any], player: int) -> float:
    """Where a move ends, judged for the veteran: safety from the enemy's missiles and guns,
    closing in while armed, going home when the enemy is gone or its missiles are spent."""
    hex_ = option["hex"]
    enemies = state.alive(other(player))
    score = 0.0
    for missile in state.missiles:
        if missile.owner != player and _in_path(missile, hex_, option.get("stay", False)):
            score -= IN_MISSILE_PATH
    for enemy in enemies:
        if distance(enemy.placed_hex, hex_) <= enemy.kind.vmax + 1:
            score -= IN_GUN_REACH
    home = min(distance(hex_, d) for d in DOCKS[player])
    armed = fighter.missiles + fighter.smart > 0 or fighter.kind.guns
    if not enemies:
        score += 300.0 if hex_ in DOCKS[player] else -8.0 * home
    elif (
        state.settings.spare_missiles
        and fighter.missiles + fighter.smart == 0
        and fighter.kind.launchers
    ):
        score -= 4.0 * home  # home to reload
    elif armed:
        nearest = min(distance(hex_, e.placed_hex) for e in enemies)
        score -= 2.0 * nearest
        lined = any(step(hex_, option["facing"], n) == e.hex for e in enemies for n in (1, 2, 3))
        score += 10.0 if lined else 0.0
    if option.get("stay"):
        score += 4.0 if fighter.docked_turns < 2 else -10.0
    return score


def _in_path(missile: Missile, hex_: Hex, docked: bool) -> bool:
    """Whether an enemy missile's next flight (3 hexes straight; a smart one may bend toward
    anything within reach) may enter ``hex_``."""
    if docked:
        return False  # over a dock a missile flies past a docked fighter
    if missile.kind == "smart":
        return distance(missile.hex, hex_) <= 3
    return any(step(missile.hex, missile.facing, n) == hex_ for n in (1, 2, 3))
