"""Small factories shared by the engine tests (no Django, no database).

    st = state([plane(0, 0, 0, 0), plane(1, 3, 0, 3), parked(2)], clouds=[(5, 0)])
    new, events = resolve(st, orders(0, "A", "A", "A", fire={1: ["A"]}), orders(1, "A", "H", "H"))
    hits = find(events, "hit", target=1)

Planes built with ``plane`` fly (status "air") unless told otherwise; ``parked`` stands on its
own corner, where nothing can hit it. ``resolve`` validates the orders exactly as the JSON face
does, gives every parked plane without orders ``G G G`` (so it does not take off by the NMR
default) and fixes the round calm unless a wind is given, so clouds stay put.
"""

from __future__ import annotations

from dogfight.engine import Plane, Settings, State, resolve_round, validate_orders
from dogfight.engine.board import CORNERS
from dogfight.engine.state import Balloon

CALM = None


def plane(seat: int, q: int, r: int, facing: int, **kw) -> Plane:
    """A plane of ``seat`` at ``(q, r)`` with nose ``facing``; flying unless ``status`` says."""
    kw.setdefault("status", "air")
    return Plane(seat, (q, r), facing, **kw)


def parked(seat: int, **kw) -> Plane:
    """A plane standing on its own corner, nose toward the centre."""
    q, r = CORNERS[seat]
    return plane(seat, q, r, (seat + 3) % 6, status="ground", **kw)


def state(planes, clouds=(), balloons=(), round=1, wind=None, **settings) -> State:
    """A state from planes; balloons as ``(q, r)`` or ``(q, r, damage)``; settings by keyword."""
    return State(
        settings=Settings(**settings),
        planes=sorted(planes, key=lambda p: p.seat),
        round=round,
        wind=wind,
        clouds=frozenset(tuple(c) for c in clouds),
        balloons=[Balloon((b[0], b[1]), b[2] if len(b) > 2 else 0) for b in balloons],
    )


def orders(seat: int, *maneuvers: str, fire=None, through=()) -> dict[int, list[dict]]:
    """One seat's raw orders as the JSON face takes them: ``{seat: [move, move, move]}``.

    ``fire`` maps a move number (1-3) to its burst directions; ``through`` holds the move
    numbers whose bursts carry the "through the balloon" tick.
    """
    fire = fire or {}
    return {
        seat: [
            {"maneuver": code, "fire": list(fire.get(n, [])), "through": n in through}
            for n, code in enumerate(maneuvers, start=1)
        ]
    }


def validated(st: State, *seat_orders: dict) -> dict:
    raw = {}
    for item in seat_orders:
        raw.update(item)
    return {
        seat: validate_orders(st.plane(seat), st.settings, moves) for seat, moves in raw.items()
    }


def resolve(st: State, *seat_orders: dict, seed: int = 0, wind=CALM, park: bool = True, remove=()):
    """Validate and resolve one round; returns ``(new_state, events)``."""
    checked = validated(st, *seat_orders)
    if park:
        for p in st.planes:
            if p.status == "ground" and p.seat not in checked:
                checked.update(validated(st, orders(p.seat, "G", "G", "G")))
    return resolve_round(st, checked, seed, wind=wind, remove=frozenset(remove))


def find(events: list[dict], type_: str, **match) -> list[dict]:
    """The events of one type whose fields equal ``match``."""
    return [
        e for e in events if e["type"] == type_ and all(e.get(k) == v for k, v in match.items())
    ]
