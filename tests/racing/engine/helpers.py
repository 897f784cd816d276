"""Hand-made race positions for the engine's tests."""

from __future__ import annotations

from racing.engine import load

# Gates 200 mm apart along the x axis, all facing east: gate 1's line is x = 0, |y| < 80.
LINE = {"gates": [{"x": 200.0 * i, "y": 0.0, "angle": 0.0} for i in range(5)]}
# Gates far off to the east, out of the way of jets flying around the origin.
FAR = {"gates": [{"x": 3000.0, "y": 400.0 * i, "angle": 90.0} for i in range(5)]}


def jet(id_, x, y, heading=0.0, **fields):
    seat = fields.pop("seat", None)
    return {
        "id": id_,
        "seat": seat,
        "x": x,
        "y": y,
        "heading": heading,
        "started": True,
        "next_gate": 2,
        "lift": 2,
        **fields,
    }


def race(*jets, course=FAR, level=3, turn=None, **fields):
    """A loaded race state with the given jets (seats in the order given unless set)."""
    jets = [dict(j, seat=i if j["seat"] is None else j["seat"]) for i, j in enumerate(jets)]
    state = {"course": course, "level": level, "jets": jets, **fields}
    if turn is not None:
        state["turn"] = {"jet": turn}
    return load(state)


def cards(*kinds, chips=None):
    """Equipment cards with ids 1, 2, ... (``chips``: {position: count})."""
    chips = chips or {}
    return [{"id": i + 1, "kind": kind, "chips": chips.get(i, 0)} for i, kind in enumerate(kinds)]


def find(state, jet_id):
    return next(j for j in state["jets"] if j["id"] == jet_id)


def of_type(events, kind):
    return [e for e in events if e["type"] == kind]
