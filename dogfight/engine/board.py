"""Airfields and runways (rules §1).

Seat ``k`` owns the airfield in corner ``k`` (``9 * dir(k)``). Each airfield has three runways of
two hexes: beta heads ``k + 3`` (to the centre), alpha ``k + 4`` and gamma ``k + 2`` (along the
board edges). Runway hex ``i`` is ``corner + i * dir(heading)``.
"""

from __future__ import annotations

from .hexgrid import RADIUS, Hex, step

SEATS = range(6)
DUEL_SEATS = (0, 3)
RUNWAY_CODES = {"TA": "alpha", "TB": "beta", "TG": "gamma"}
_RUNWAY_TURN = {"alpha": 4, "beta": 3, "gamma": 2}


def corner(seat: int) -> Hex:
    return step((0, 0), seat, RADIUS)


def runway_heading(seat: int, runway: str) -> int:
    return (seat + _RUNWAY_TURN[runway]) % 6


def runway_hex(seat: int, runway: str, index: int) -> Hex:
    return step(corner(seat), runway_heading(seat, runway), index)


def airfield_hexes(seat: int) -> list[Hex]:
    """The corner and the six runway hexes of a seat's airfield."""
    hexes = [corner(seat)]
    for runway in _RUNWAY_TURN:
        hexes += [runway_hex(seat, runway, 1), runway_hex(seat, runway, 2)]
    return hexes


def landing_approaches(seat: int) -> dict[tuple[Hex, int], str]:
    """Where ``LD`` is offered: runway hex 2, nose toward the corner -> runway name."""
    return {
        (runway_hex(seat, runway, 2), (runway_heading(seat, runway) + 3) % 6): runway
        for runway in _RUNWAY_TURN
    }


CORNERS: tuple[Hex, ...] = tuple(corner(seat) for seat in SEATS)
APPROACHES: tuple[dict[tuple[Hex, int], str], ...] = tuple(landing_approaches(s) for s in SEATS)
