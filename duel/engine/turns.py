"""Playing a turn (rules reference, "A turn", "Missiles", "Docks", "Destroyed, winning").

A turn of player P: P's missiles already in flight fly 3 hexes each, in launch order; then P's
fighters carry out their orders one after the other, in the order given (a fighter destroyed
before its orders come up does nothing); then the end of the turn: landings, the quiet-turn
count, the win and draw checks. A player with no fighters left but missiles in flight has his
turns played automatically.

``Turn`` works on a state it owns (a copy); every change is written down as an event.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .board import DOCKS, other
from .hexgrid import Hex, distance, on_board, step, turn
from .orders import AHEAD, GUNS, LAUNCHES, TURNS, Order, default_orders
from .state import (
    MISSED_IN_A_ROW_LIMIT,
    MISSED_TOTAL_LIMIT,
    QUIET_TURN_LIMIT,
    Fighter,
    Missile,
    State,
)

MISSILE_FLIGHT = 3
SMART_RANGE = 2  # a smart missile homes on fighters within 2 hexes
SMART_LAUNCH_TURN = 2  # on its launch flight it may turn only after 2 hexes
Emit = Callable[..., None]  # emit(type_, **fields): an event of the turn
RESULTS = ("victory", "both_destroyed", "quiet", "forfeit", "resigned", "agreed_draw")


def hx(hex_: Hex) -> list[int]:
    return [hex_[0], hex_[1]]


class Turn:
    def __init__(self, state: State, events: list[dict[str, Any]]) -> None:
        self.state = state
        self.events = events
        assert state.to_act is not None  # a turn is played by the player to act
        self.player: int = state.to_act
        self.destroyed_any = False
        self.trace: dict[str, list[dict[str, Any]]] | None = (
            None  # the preview's routes, step by step
        )

    def emit(self, type_: str, **fields: object) -> None:
        self.events.append({"turn": self.state.turn, "type": type_, **fields})

    # --- the turn -------------------------------------------------------------------------

    def play(self, orders: list[Order], how: str = "orders") -> None:
        """``how``: ``orders``, ``missed`` (the default orders) or ``auto`` (no fighters)."""
        self.emit("turn", player=self.player, how=how)
        self.fly_missiles()
        for order in orders:
            fighter = self.state.fighter(order.fighter)
            if fighter.alive:
                self.carry_out(fighter, order)
        self.end()

    def fly_missiles(self) -> None:
        """The start of the turn: the player's missiles in flight fly on, in launch order."""
        for missile in [m for m in self.state.missiles if m.owner == self.player]:
            if missile in self.state.missiles:
                self.fly_missile(missile, launch=False)

    def carry_out(self, fighter: Fighter, order: Order) -> None:
        if order.stay:
            if order.facing is not None:
                fighter.facing = order.facing
            fighter.docked_turns += 1
            fighter.landed = False
            reload = self.state.settings.spare_missiles and (
                fighter.missiles < fighter.kind.missiles or fighter.smart < fighter.kind.smart
            )
            self.emit(
                "stayed",
                fighter=fighter.id,
                facing=fighter.facing,
                docked_turns=fighter.docked_turns,
            )
            if reload:
                fighter.missiles, fighter.smart = fighter.kind.missiles, fighter.kind.smart
                self.emit(
                    "reloaded", fighter=fighter.id, missiles=fighter.missiles, smart=fighter.smart
                )
            return
        flown = 0
        for code in order.steps:
            if not fighter.alive:
                return
            if code == AHEAD:
                flown += 1
                self.ahead(fighter)
            elif code in TURNS:
                fighter.facing = turn(fighter.facing, TURNS[code])
                self.emit("turned", fighter=fighter.id, step=code, facing=fighter.facing)
            elif code in GUNS:
                self.fire(fighter, code)
            else:
                self.launch(fighter, code)
            if self.trace is not None:
                off = code == AHEAD and self.events[-1].get("cause") == "edge"
                self.trace.setdefault(fighter.id, []).append(
                    {
                        "step": code,
                        "hex": None if off else hx(fighter.placed_hex),
                        "facing": fighter.facing,
                    }
                )
        if not fighter.alive:
            return
        fighter.speed = flown
        if fighter.hex in DOCKS[fighter.player] and flown:
            fighter.docked, fighter.landed, fighter.docked_turns = True, True, 0
            fighter.speed = 0
            self.emit("landed", fighter=fighter.id, hex=hx(fighter.hex))

    # --- fighters -------------------------------------------------------------------------

    def ahead(self, fighter: Fighter) -> None:
        if fighter.docked:
            fighter.docked, fighter.landed, fighter.docked_turns = False, False, 0
            self.emit("took_off", fighter=fighter.id, hex=hx(fighter.placed_hex))
        target = step(fighter.placed_hex, fighter.facing)
        if not on_board(target):
            self.emit("moved", fighter=fighter.id, hex=None, facing=fighter.facing)
            self.destroy(fighter, "edge")
            return
        fighter.hex = target
        self.emit("moved", fighter=fighter.id, hex=hx(target), facing=fighter.facing)
        if target in self.state.asteroids:
            self.destroy(fighter, "asteroid")
            return
        others = [f for f in self.state.alive() if f is not fighter and f.hex == target]
        missiles = [m for m in self.state.missiles if m.hex == target]
        for victim in others:
            self.destroy(fighter, "collision", by=victim.id)
            self.destroy(victim, "collision", by=fighter.id)
        for missile in missiles:
            self.destroy(fighter, "missile", by=missile.id)
            self.remove(missile, "hit", fighter=fighter.id)

    def fire(self, fighter: Fighter, code: str) -> None:
        gun = GUNS[code]
        facing = fighter.facing if code == "G" else turn(fighter.facing, 3)
        target = step(fighter.placed_hex, facing)
        victim = next((f for f in self.state.alive() if f.hex == target), None)
        self.emit(
            "fired",
            fighter=fighter.id,
            gun=gun,
            **{"from": hx(fighter.placed_hex)},
            hex=hx(target) if on_board(target) else None,
            hit=victim.id if victim else None,
        )
        if victim is not None:
            self.destroy(victim, "gun", by=fighter.id)

    def launch(self, fighter: Fighter, code: str) -> None:
        kind, launcher = LAUNCHES[code]
        if kind == "missile":
            fighter.missiles -= 1
        else:
            fighter.smart -= 1
        facing = fighter.facing if launcher == "nose" else turn(fighter.facing, 3)
        missile = Missile(
            self.state.next_missile, fighter.player, kind, fighter.placed_hex, facing, fighter.id
        )
        self.state.next_missile += 1
        self.state.missiles.append(missile)
        self.emit(
            "launched",
            fighter=fighter.id,
            missile=missile.id,
            kind=kind,
            launcher=launcher,
            hex=hx(missile.hex),
            facing=facing,
        )
        self.fly_missile(missile, launch=True)

    def destroy(self, fighter: Fighter, cause: str, by: str | int | None = None) -> None:
        if fighter.destroyed:
            return
        fighter.destroyed = True
        fighter.docked = fighter.landed = False
        self.destroyed_any = True
        self.emit(
            "destroyed",
            fighter=fighter.id,
            player=fighter.player,
            cause=cause,
            by=by,
            hex=hx(fighter.placed_hex),
        )

    # --- missiles -------------------------------------------------------------------------

    def fly_missile(self, missile: Missile, *, launch: bool) -> None:
        for flown in range(MISSILE_FLIGHT):
            if missile.kind == "smart" and (not launch or flown >= SMART_LAUNCH_TURN):
                heading = home(self.state, missile)
                if heading != missile.facing:
                    missile.facing = heading
                    self.emit("missile_turned", missile=missile.id, facing=heading)
            target = step(missile.hex, missile.facing)
            if not on_board(target):
                self.remove(missile, "edge")
                return
            missile.hex = target
            self.emit("missile_moved", missile=missile.id, hex=hx(target), facing=missile.facing)
            if target in self.state.asteroids:
                self.remove(missile, "asteroid")
                return
            # over a dock the missile flies on past a docked fighter (the carrier's shelter)
            victim = next((f for f in self.state.alive() if f.hex == target and not f.docked), None)
            if victim is not None:
                self.destroy(victim, "missile", by=missile.id)
                self.remove(missile, "hit", fighter=victim.id)
                return

    def remove(self, missile: Missile, cause: str, fighter: str | None = None) -> None:
        self.state.missiles.remove(missile)
        self.emit("missile_removed", missile=missile.id, cause=cause, fighter=fighter)

    # --- the end of a turn ----------------------------------------------------------------

    def end(self) -> None:
        state = self.state
        state.quiet_turns = 0 if self.destroyed_any else state.quiet_turns + 1
        if not judge(state, self.emit):
            state.turn += 1
            state.to_act = other(self.player)


def home(state: State, missile: Missile) -> int:
    """The heading a smart missile takes before its next hex: toward the nearest fighter within
    2 hexes (any fighter, the owner's too; not a docked one), i.e. the heading among straight,
    left and right whose next hex is nearest to it; ties go straight, then left. Several
    fighters equally near: the nearest any of them decides."""
    near = [(distance(missile.hex, f.placed_hex), f) for f in state.alive() if not f.docked]
    near = [(d, f) for d, f in near if 0 < d <= SMART_RANGE]
    if not near:
        return missile.facing
    closest = min(d for d, _ in near)
    targets = [f.placed_hex for d, f in near if d == closest]
    best, best_distance = missile.facing, None
    for heading in (missile.facing, turn(missile.facing, 1), turn(missile.facing, -1)):
        ahead = step(missile.hex, heading)
        d = min(distance(ahead, t) for t in targets)
        if best_distance is None or d < best_distance:
            best, best_distance = heading, d
    return best


def judge(state: State, emit: Emit) -> bool:
    """The end-of-turn checks: a win, a draw. True if the game is over."""
    alive = [state.alive(0), state.alive(1)]
    if not alive[0] and not alive[1]:
        return finish(state, emit, None, "both_destroyed")
    for player in (0, 1):
        if not alive[other(player)] and any(f.docked for f in alive[player]):
            return finish(state, emit, player, "victory")
    if state.quiet_turns >= QUIET_TURN_LIMIT:
        return finish(state, emit, None, "quiet")
    return False


def finish(state: State, emit: Emit, winner: int | None, result: str) -> bool:
    state.phase = "over"
    state.to_act = None
    state.winner = winner
    state.result = result
    emit("game_over", winner=winner, result=result)
    return True


def play_turn(state: State, orders: list[Order], events: list[dict[str, Any]], how: str) -> None:
    """Play the turn of ``state.to_act`` in place, then any automatic turns that follow."""
    Turn(state, events).play(orders, how)
    autoplay(state, events)


def autoplay(state: State, events: list[dict[str, Any]]) -> None:
    """A side with no fighters left has its turns played for it (its missiles fly on)."""
    while state.phase == "play" and not state.alive(state.to_act):
        Turn(state, events).play([], "auto")


def missed_turn(state: State, events: list[dict[str, Any]]) -> None:
    """The player to act missed his turn: count it, forfeit at the limit, else the default."""
    player = state.to_act
    assert player is not None  # only the player to act misses a turn
    state.missed_in_row[player] += 1
    state.missed_total[player] += 1
    events.append(
        {
            "turn": state.turn,
            "type": "missed",
            "player": player,
            "in_row": state.missed_in_row[player],
            "total": state.missed_total[player],
        }
    )
    if (
        state.missed_in_row[player] >= MISSED_IN_A_ROW_LIMIT
        or state.missed_total[player] >= MISSED_TOTAL_LIMIT
    ):
        events.append({"turn": state.turn, "type": "forfeit", "player": player})
        finish(
            state,
            lambda t, **f: events.append({"turn": state.turn, "type": t, **f}),
            other(player),
            "forfeit",
        )
        return
    play_turn(state, default_orders(state, player), events, "missed")
