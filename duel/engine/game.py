"""The game's phases as three questions: what may a player do now (``legal``), is this action
allowed and what follows (``act``), and where would a half-built turn go (``preview``).

Actions (JSON objects, ``type`` first):

- ``{"type": "asteroid", "hex": [col, row]}`` — setup, the player to act places an asteroid.
- ``{"type": "fighters", "placements": [{"fighter": "A1", "hex": [0, 5], "facing": 0}, ...]}``
  — setup, sealed: every fighter of the player on its own dock hex; revealed when both are in.
- ``{"type": "turn", "orders": [order, ...]}`` — play, the player to act (``orders.py``).
- ``{"type": "missed"}`` — the deadline passed: the phase's default for that player.
- ``{"type": "resign"}`` — either player, any time before the end.
- ``{"type": "draw_agreed"}`` — the web layer sends it once both players agreed to a draw.
"""

from __future__ import annotations

from typing import Any

from games.enginekit import EngineError, as_choice, as_int, as_list, as_object, required

from . import foresight
from .board import DOCKS, TOWARD_ENEMY, asteroid_hexes, asteroid_problem, other
from .orders import may_move, may_stay, must_launch, next_steps, parse_turn, speeds
from .state import Fighter, Settings, State, as_hex, as_player, fighter_id
from .turns import Emit, Turn, finish, hx, missed_turn, play_turn

ACTIONS = ("asteroid", "fighters", "turn", "missed", "resign", "draw_agreed")


# --- a new game -------------------------------------------------------------------------------


def new_game(settings: Settings | None = None, seed: int = 0) -> State:
    """A game in its first phase. The duel has no dice: ``seed`` only labels the game."""
    settings = settings or Settings()
    fighters = [
        Fighter(fighter_id(player, i), player, cls, None, TOWARD_ENEMY[player])
        for player in (0, 1)
        for i, cls in enumerate(settings.fighters)
    ]
    state = State(
        settings,
        fighters,
        phase="asteroids",
        to_act=settings.first,
        asteroids_left=[settings.asteroids, settings.asteroids],
        seed=seed,
    )
    _next_placement(state, [])
    return state


# --- legal --------------------------------------------------------------------------------------


def legal(state: State, player: int) -> dict[str, Any]:
    """What ``player`` may do now, phase by phase (``your_turn`` false: nothing but resign)."""
    base = {"phase": state.phase, "player": player, "turn": state.turn, "to_act": state.to_act}
    if state.phase == "over":
        return {**base, "your_turn": False, "actions": []}
    if state.phase == "asteroids":
        mine = state.to_act == player
        return {
            **base,
            "your_turn": mine,
            "actions": ["asteroid", "resign"] if mine else ["resign"],
            "asteroids_left": state.asteroids_left[player],
            "hexes": [hx(h) for h in asteroid_hexes(state.asteroids, state.settings.no_adjacent)]
            if mine
            else [],
        }
    if state.phase == "fighters":
        mine = state.sealed[player] is None
        return {
            **base,
            "your_turn": mine,
            "actions": ["fighters", "resign"] if mine else ["resign"],
            "fighters": [
                {"fighter": f.id, "class": f.cls} for f in state.fighters if f.player == player
            ],
            "docks": [hx(h) for h in DOCKS[player]],
            "facings": list(range(6)),
        }
    mine = state.to_act == player
    doomed = foresight.doomed(state, player) if mine else {}
    cornered = set(foresight.cornered(state, player)) if mine else set()
    return {
        **base,
        "your_turn": mine,
        "actions": ["turn", "resign"] if mine else ["resign"],
        "fighters": [
            fighter_options(f, doomed.get(f.id), cornered=f.id in cornered)
            for f in state.alive(player)
        ]
        if mine
        else [],
    }


def fighter_options(
    fighter: Fighter, doomed: dict[str, Any] | None = None, *, cornered: bool = False
) -> dict[str, Any]:
    """``doomed``: how the player's own missiles destroy it at the start of the turn, before
    it moves (it then needs no orders), or None. ``cornered``: every path open to it this
    turn ends in its destruction (``foresight.cornered``)."""
    return {
        "fighter": fighter.id,
        "class": fighter.cls,
        "hex": hx(fighter.placed_hex),
        "facing": fighter.facing,
        "speed": fighter.speed,
        "docked": fighter.docked,
        "may_stay": may_stay(fighter),
        "may_move": may_move(fighter),
        "must_launch": must_launch(fighter),
        "facings": list(range(6)) if may_stay(fighter) else [],
        "speeds": speeds(fighter),
        "z": fighter.kind.z,
        "missiles": fighter.missiles,
        "smart": fighter.smart,
        "steps": next_steps(fighter, [])["steps"],
        "doomed": doomed,
        "cornered": cornered,
    }


# --- act ----------------------------------------------------------------------------------------


def act(state: State, player: int, action: object) -> tuple[State, list[dict[str, Any]]]:
    """Validate ``action`` by ``player`` and apply it to a copy: (new state, events)."""
    action = as_object(action, "action")
    kind = as_choice(required(action, "type", "action"), ACTIONS, "action.type")
    player = as_player(player, "player")
    if state.phase == "over":
        raise EngineError("the game is over", code="game_over")
    state = state.copy()
    events: list[dict[str, Any]] = []
    if kind == "resign":
        events.append({"turn": state.turn, "type": "resigned", "player": player})
        finish(state, _emitter(state, events), other(player), "resigned")
        return state, events
    if kind == "draw_agreed":
        finish(state, _emitter(state, events), None, "agreed_draw")
        return state, events
    if state.phase == "asteroids":
        _asteroid(state, player, kind, action, events)
    elif state.phase == "fighters":
        _fighters(state, player, kind, action, events)
    else:
        _turn(state, player, kind, action, events)
    return state, events


def standing(state: State) -> dict[int, int]:
    """Each player's standing in a finished duel, the higher the better: the winner 1, the
    loser 0 (destroyed, forfeit or resigned); a draw leaves both at 0."""
    return {player: int(state.winner == player) for player in (0, 1)}


def _emitter(state: State, events: list[dict[str, Any]]) -> Emit:
    return lambda type_, **fields: events.append({"turn": state.turn, "type": type_, **fields})


def _not_now(state: State, kind: str) -> EngineError:
    return EngineError(
        f"{kind!r} is not an action of the {state.phase} phase",
        code="not_now",
        action=kind,
        phase=state.phase,
    )


def _their_turn(state: State, player: int) -> None:
    if state.to_act != player:
        raise EngineError(
            f"it is player {state.to_act}'s turn, not player {player}'s",
            code="not_your_turn",
            player=player,
            to_act=state.to_act,
        )


def _asteroid(
    state: State, player: int, kind: str, action: dict[str, Any], events: list[dict[str, Any]]
) -> None:
    if kind not in ("asteroid", "missed"):
        raise _not_now(state, kind)
    _their_turn(state, player)
    if kind == "missed":
        state.asteroids_left[player] -= 1
        events.append({"turn": 0, "type": "asteroid_lost", "player": player, "why": "missed"})
    else:
        raw = required(action, "hex", "action")
        if not (isinstance(raw, list) and len(raw) == 2):
            raise EngineError("action.hex must be a pair [col, row]", where="action.hex")
        hex_ = (as_int(raw[0], "action.hex[0]"), as_int(raw[1], "action.hex[1]"))
        problem = asteroid_problem(hex_, state.asteroids, state.settings.no_adjacent)
        if problem:
            raise problem
        state.asteroids.append(hex_)
        state.asteroids_left[player] -= 1
        events.append({"turn": 0, "type": "asteroid_placed", "player": player, "hex": hx(hex_)})
    state.to_act = other(player)
    _next_placement(state, events)


def _next_placement(state: State, events: list[dict[str, Any]]) -> None:
    """Who places next (alternating; a player with none left is skipped), asteroids that no
    hex can take are lost, and the fighter placement follows the last asteroid."""
    while True:
        left = state.asteroids_left
        assert state.to_act is not None  # someone places each asteroid
        if left[state.to_act] == 0:
            state.to_act = other(state.to_act)
        if left[state.to_act] == 0:
            state.phase, state.to_act = "fighters", None
            events.append({"turn": 0, "type": "phase", "phase": "fighters"})
            return
        if asteroid_hexes(state.asteroids, state.settings.no_adjacent):
            return
        left[state.to_act] -= 1
        events.append(
            {"turn": 0, "type": "asteroid_lost", "player": state.to_act, "why": "no_room"}
        )
        state.to_act = other(state.to_act)


def _fighters(
    state: State, player: int, kind: str, action: dict[str, Any], events: list[dict[str, Any]]
) -> None:
    if kind not in ("fighters", "missed"):
        raise _not_now(state, kind)
    if state.sealed[player] is not None:
        raise EngineError(
            f"player {player} has already placed his fighters", code="already_placed", player=player
        )
    mine = [f for f in state.fighters if f.player == player]
    if kind == "missed":
        placements = [
            {"fighter": f.id, "hex": hx(DOCKS[player][i]), "facing": TOWARD_ENEMY[player]}
            for i, f in enumerate(mine)
        ]
        events.append({"turn": 0, "type": "placement_missed", "player": player})
    else:
        placements = _placements(mine, player, required(action, "placements", "action"))
    state.sealed[player] = placements
    events.append({"turn": 0, "type": "fighters_sealed", "player": player})
    if state.sealed[other(player)] is None:
        return
    for placements_ in state.sealed:
        assert placements_ is not None  # both players' are in
        for p in placements_:
            fighter = state.fighter(p["fighter"])
            fighter.hex, fighter.facing = tuple(p["hex"]), p["facing"]
            fighter.docked, fighter.landed, fighter.docked_turns = True, False, 0
    events.append(
        {
            "turn": 0,
            "type": "fighters_placed",
            "placements": [p for s in state.sealed for p in s or ()],
        }
    )
    state.sealed = [None, None]
    state.phase, state.turn, state.to_act = "play", 1, state.settings.first
    events.append({"turn": 0, "type": "phase", "phase": "play"})


def _placements(mine: list[Fighter], player: int, raw: object) -> list[dict[str, Any]]:
    items = as_list(raw, "action.placements")
    ids = {f.id for f in mine}
    placed: dict[str, dict[str, Any]] = {}
    taken: set[Any] = set()
    for i, item in enumerate(items):
        where = f"action.placements[{i}]"
        item = as_object(item, where)
        fid = required(item, "fighter", where)
        if not isinstance(fid, str) or fid not in ids:
            refused = (
                f"{where}: {fid!r} is not one of player {player}'s fighters "
                f"({', '.join(sorted(ids))})"
            )
            if not isinstance(fid, str):
                raise EngineError(refused, where=f"{where}.fighter")
            raise EngineError(refused, code="not_your_fighter", fighter=fid, player=player)
        if fid in placed:
            raise EngineError(f"{where}: {fid} is placed twice", code="placed_twice", fighter=fid)
        hex_ = as_hex(required(item, "hex", where), f"{where}.hex")
        if hex_ not in DOCKS[player]:
            raise EngineError(
                f"{where}: {list(hex_)} is not one of player {player}'s docks "
                f"({', '.join(str(list(h)) for h in DOCKS[player])})",
                code="not_a_dock",
                hex=list(hex_),
                docks=[list(h) for h in DOCKS[player]],
            )
        if hex_ in taken:
            raise EngineError(
                f"{where}: two fighters on dock {list(hex_)}", code="dock_taken", hex=list(hex_)
            )
        taken.add(hex_)
        placed[fid] = {
            "fighter": fid,
            "hex": hx(hex_),
            "facing": as_int(required(item, "facing", where), f"{where}.facing", 0, 5),
        }
    missing = sorted(ids - set(placed))
    if missing:
        raise EngineError(
            f"fighters not placed: {', '.join(missing)}", code="not_placed", fighters=missing
        )
    return [placed[f.id] for f in mine]


def _turn(
    state: State, player: int, kind: str, action: dict[str, Any], events: list[dict[str, Any]]
) -> None:
    if kind not in ("turn", "missed"):
        raise _not_now(state, kind)
    _their_turn(state, player)
    if kind == "missed":
        missed_turn(state, events)
        return
    orders = parse_turn(
        state, player, required(action, "orders", "action"), excused=foresight.doomed(state, player)
    )
    state.missed_in_row[player] = 0
    play_turn(state, orders, events, "orders")


def missed(state: State, player: int) -> tuple[State, list[dict[str, Any]]]:
    """The deadline passed without an action from ``player``: the phase's default."""
    return act(state, player, {"type": "missed"})


# --- the order form's preview -------------------------------------------------------------------


def preview(state: State, player: int, orders: object) -> dict[str, Any]:
    """Where a half-built turn goes: ``orders`` as for a turn, every fighter's complete but the
    last one's, which may stop anywhere (fighters not yet ordered stand still). Plays it on a
    copy (the missiles' start-of-turn flight first, so an empty list shows that flight) and
    answers

    - ``fighters``: per ordered fighter, ``route``: after each step ``{"step", "hex", "facing"}``
      (``hex`` null where it left the board), and ``destroyed``: the cause, or null;
    - ``missiles``: every missile of the player's that flew in the turn so far: ``from`` (its
      hex before, for a new one the launching fighter's), ``path`` (the hexes it entered),
      ``removed`` (the cause, or null while it flies on), ``hit`` (the fighter it destroyed);
    - ``next_flight``: for each of his missiles still flying, the hexes it would fly at the
      start of his next turn if nothing else moved (``from``, ``path``, ``removed``);
    - ``threats``: his smart missiles still flying, each homing on the nearest fighter, with
      the fighters within its reach (``foresight.smart_threats``);
    - ``kills``: every fighter destroyed so far, either side's: ``fighter``, ``player``,
      ``cause``, ``by``, ``hex``;
    - ``shots``: every gun fired: ``fighter``, ``gun``, ``from``, ``hex`` (null: over the
      edge), ``hit``;
    - ``doomed``: {id: {cause, by, kind, owner}}: his fighters his own missiles destroy at the
      start of the turn, before they move (they need no orders);
    - ``trapped``: the ordered fighters that end alive and flying but have no move next turn
      that avoids the asteroids and the edge;
    - ``next``: for the last ordered fighter (unless it stays), the steps that may follow,
      whether the move may end here, its open speeds, the hexes flown so far, and
      ``destroyed`` (the cause, or null); a destroyed fighter is offered no more steps and
      ``finish`` holds its steps made a complete order (the rest flown straight on: it is
      gone before they matter);
    - ``events``: the events of the turn so far (no end-of-turn checks).
    """
    if state.phase != "play":
        raise EngineError(
            "routes are previewed only in the play phase", code="not_play_phase", phase=state.phase
        )
    _their_turn(state, player)
    parsed = parse_turn(state, player, orders, partial=True)
    work = state.copy()
    events: list[dict[str, Any]] = []
    turn = Turn(work, events)
    turn.trace = {}
    turn.end = lambda: None  # type: ignore[method-assign]  # the preview stops before the end-of-turn checks
    turn.play(parsed)
    routes = {
        o.fighter: {"route": turn.trace.get(o.fighter, []), "destroyed": None} for o in parsed
    }
    kills = [
        {k: e[k] for k in ("fighter", "player", "cause", "by", "hex")}
        for e in events
        if e["type"] == "destroyed"
    ]
    for kill in kills:
        if kill["fighter"] in routes:
            routes[kill["fighter"]]["destroyed"] = kill["cause"]
    shots = [
        {k: e[k] for k in ("fighter", "gun", "from", "hex", "hit")}
        for e in events
        if e["type"] == "fired"
    ]
    nxt = _next(state, parsed, routes)
    building = nxt["fighter"] if nxt and not nxt["may_end"] else None
    return {
        "fighters": routes,
        "missiles": _flights(state, events),
        "next_flight": _next_flight(work, player),
        "threats": foresight.smart_threats(work, player),
        "kills": kills,
        "shots": shots,
        "doomed": foresight.doomed(state, player),
        "trapped": [
            o.fighter
            for o in parsed
            if not o.stay
            and o.fighter != building
            and foresight.trapped(work.fighter(o.fighter), work.asteroids)
        ],
        "next": nxt,
        "events": events,
    }


def _flights(state: State, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    starts = {m.id: hx(m.hex) for m in state.missiles}
    kinds = {m.id: m.kind for m in state.missiles}
    flights: dict[int, dict[str, Any]] = {}
    for event in events:
        kind = event["type"]
        if kind == "launched":
            starts[event["missile"]], kinds[event["missile"]] = event["hex"], event["kind"]
        elif kind == "missile_moved":
            mid = event["missile"]
            flights.setdefault(
                mid,
                {
                    "missile": mid,
                    "kind": kinds[mid],
                    "from": starts[mid],
                    "path": [],
                    "removed": None,
                    "hit": None,
                },
            )["path"].append(event["hex"])
        elif kind == "missile_removed" and event["missile"] in flights:
            flights[event["missile"]]["removed"] = event["cause"]
            flights[event["missile"]]["hit"] = event.get("fighter")
    return list(flights.values())


def _next(state: State, parsed: list[Any], routes: dict[str, Any]) -> dict[str, Any] | None:
    last = parsed[-1] if parsed else None
    if last is None or last.stay:
        return None
    fighter = state.fighter(last.fighter)
    nxt = {
        "fighter": last.fighter,
        **next_steps(fighter, list(last.steps)),
        "destroyed": routes[last.fighter]["destroyed"],
    }
    if nxt["destroyed"]:
        short = max(0, min(nxt["speeds"], default=0) - nxt["ahead"])
        nxt.update(steps=[], may_end=True, finish=[*last.steps, *["A"] * short])
    return nxt


def _next_flight(work: State, player: int) -> list[dict[str, Any]]:
    flights = []
    for missile in [m for m in work.missiles if m.owner == player]:
        ghost = work.copy()
        events: list[dict[str, Any]] = []
        turn = Turn(ghost, events)
        turn.fly_missile(next(m for m in ghost.missiles if m.id == missile.id), launch=False)
        flights.append(
            {
                "missile": missile.id,
                "kind": missile.kind,
                "from": hx(missile.hex),
                "path": [e["hex"] for e in events if e["type"] == "missile_moved"],
                "removed": next(
                    (e["cause"] for e in events if e["type"] == "missile_removed"), None
                ),
            }
        )
    return flights
