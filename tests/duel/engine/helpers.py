"""Small factories shared by the duel engine tests (no Django, no database).

    st = state([flying("A1", "bee", (5, 7), E, speed=3), flying("B1", "coliber", (9, 7), W)],
               asteroids=[(12, 3)])
    new, events = play(st, move("A1", "A", "G", "A", "A"))
    assert find(events, "destroyed", fighter="B1")

``play`` gives every fighter of the player to act that has no orders the missed-turn default
(straight on at its speed; stay if docked), so a test names only the fighters it is about.
"""

from __future__ import annotations

from duel.engine import Fighter, Missile, Settings, State, act
from duel.engine.orders import default_orders

E, NE, NW, W, SW, SE = range(6)


def flying(fid: str, cls: str, hex_, facing: int, speed: int | None = None, **kw) -> Fighter:
    """A fighter in space; ``fid``'s letter says whose (A: player 0, B: player 1)."""
    player = 0 if fid.startswith("A") else 1
    fighter = Fighter(fid, player, cls, tuple(hex_), facing, docked=False, **kw)
    fighter.speed = fighter.kind.vmin if speed is None else speed
    return fighter


def docked(fid: str, cls: str, hex_, facing: int, **kw) -> Fighter:
    player = 0 if fid.startswith("A") else 1
    return Fighter(fid, player, cls, tuple(hex_), facing, docked=True, **kw)


def missile(id_: int, owner: int, hex_, facing: int, kind: str = "missile") -> Missile:
    return Missile(id_, owner, kind, tuple(hex_), facing, "")


def state(fighters, asteroids=(), missiles=(), to_act: int = 0, turn: int = 1, **settings) -> State:
    """A game in the play phase. A side given no fighters gets one far away on its dock."""
    fighters = list(fighters)
    if not any(f.player == 0 for f in fighters):
        fighters.append(docked("A9", "coliber", (0, 8), E))
    if not any(f.player == 1 for f in fighters):
        fighters.append(docked("B9", "coliber", (19, 9), W))
    missiles = list(missiles)
    return State(
        Settings(**settings),
        fighters,
        phase="play",
        turn=turn,
        to_act=to_act,
        asteroids=[tuple(h) for h in asteroids],
        missiles=missiles,
        next_missile=max([m.id for m in missiles], default=0) + 1,
    )


def move(fid: str, *steps: str, speed: int | None = None) -> dict:
    order = {"fighter": fid, "steps": list(steps)}
    if speed is not None:
        order["speed"] = speed
    return order


def stay(fid: str, facing: int | None = None) -> dict:
    return {"fighter": fid, "stay": True, "facing": facing}


def complete(st: State, orders) -> list[dict]:
    """The given orders, then the default for every other fighter of the player to act."""
    named = {o["fighter"] for o in orders}
    rest = [o.to_dict() for o in default_orders(st, st.to_act) if o.fighter not in named]
    return [*orders, *rest]


def play(st: State, *orders: dict, player: int | None = None):
    player = st.to_act if player is None else player
    return act(st, player, {"type": "turn", "orders": complete(st, list(orders))})


def find(events, type_: str, **fields) -> list[dict]:
    return [
        e for e in events if e["type"] == type_ and all(e.get(k) == v for k, v in fields.items())
    ]


def path_of(events, missile_id: int) -> list[tuple[int, int]]:
    return [tuple(e["hex"]) for e in find(events, "missile_moved", missile=missile_id)]
