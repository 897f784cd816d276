"""The board as inline SVG, drawn from an engine state (pointy-top hexes, axial coordinates).

The 271 empty hexes and the airfields never change, so they are drawn once per process; a page
adds only clouds, balloons, planes and, on the pilot's page, his route with an arrowhead per move.
"""

from __future__ import annotations

import math
from functools import lru_cache

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from .engine.board import CORNERS, SEATS, airfield_hexes
from .engine.hexgrid import BOARD, RADIUS
from .engine.state import BALLOON_STRENGTH
from . import words

SIZE = 10.0  # hex radius in SVG units
SQRT3 = math.sqrt(3)
SEAT_COLOURS = ("#c0392b", "#2471a3", "#d4ac0d", "#1e8449", "#7d3c98", "#ca6f1e")
WIDTH = SQRT3 * SIZE * (2 * RADIUS + 1) + 4
HEIGHT = SIZE * (3 * RADIUS + 2) + 4


def centre(q: int, r: int) -> tuple[float, float]:
    return (SIZE * SQRT3 * (q + r / 2), SIZE * 1.5 * r)


@lru_cache(maxsize=1024)  # every hex of the board in two sizes; clouds are drawn on each page
def _corners(q: int, r: int, size: float = SIZE) -> str:
    x, y = centre(q, r)
    points = []
    for i in range(6):
        angle = math.radians(60 * i - 30)
        points.append(f"{x + size * math.cos(angle):.1f},{y + size * math.sin(angle):.1f}")
    return " ".join(points)


@lru_cache(maxsize=1)
def _static_layer() -> str:
    parts = ['<g class="hexes">']
    parts += [f'<polygon points="{_corners(q, r)}"/>' for q, r in BOARD]
    parts.append("</g>")
    for seat in SEATS:
        colour = SEAT_COLOURS[seat]
        parts.append(f'<g class="airfield" fill="{colour}" fill-opacity="0.25">')
        for q, r in airfield_hexes(seat):
            parts.append(f'<polygon points="{_corners(q, r, SIZE - 1)}"/>')
        parts.append("</g>")
        x, y = centre(*CORNERS[seat])
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"/>')
    return "".join(parts)


def _plane(plane: dict, names: dict, dimmed: bool = False) -> str:
    seat, facing = plane["seat"], plane.get("facing", 0)
    x, y = centre(plane["q"], plane["r"])
    colour = SEAT_COLOURS[seat]
    rank = plane.get("rank", 0)
    title = escape(_plane_title(names.get(seat) or _("seat %(number)s") % {"number": seat},
                                words.SEAT_COLOURS[seat], words.RANKS[rank]))
    status = plane.get("status", "air")
    ring = (f'<circle r="{SIZE * 0.8:.1f}" fill="none" stroke="{colour}" stroke-width="1.5"/>'
            if rank else "")
    opacity = ' opacity="0.35"' if dimmed or status == "out" else ""
    shape = ('<polygon points="7,0 -5,-5 -2,0 -5,5" '
             f'fill="{colour}" stroke="#111" stroke-width="0.6"/>')
    return (f'<g class="plane seat-{seat} {status}" transform="translate({x:.1f},{y:.1f})"'
            f'{opacity}><title>{title}</title>{ring}'
            f'<g transform="rotate({-60 * facing})">{shape}</g></g>')


def _plane_title(name: str, colour: str, rank: str) -> str:
    if rank:
        return _("%(name)s (%(colour)s), %(rank)s") % {"name": name, "colour": colour,
                                                       "rank": rank}
    return _("%(name)s (%(colour)s)") % {"name": name, "colour": colour}


def _route(seat: int, start: dict, steps: list[tuple[tuple[int, int], int]]) -> str:
    colour = SEAT_COLOURS[seat]
    points = [centre(start["q"], start["r"])] + [centre(*hex_) for hex_, _facing in steps]
    path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    parts = [f'<g class="route" data-moves="{len(steps)}">',
             f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="1.5" '
             'stroke-dasharray="3 2"/>']
    for number, (hex_, facing) in enumerate(steps, start=1):
        x, y = centre(*hex_)
        title = escape(_("after move %(number)d") % {"number": number})
        parts.append(
            f'<g class="arrowhead" data-move="{number}" transform="translate({x:.1f},{y:.1f})">'
            f'<title>{title}</title>'
            f'<g transform="rotate({-60 * facing})"><polygon points="8,0 0,-5 2,0 0,5" '
            f'fill="#fff" stroke="{colour}" stroke-width="1.5"/></g>'
            f'<text y="-6" text-anchor="middle" font-size="6">{number}</text></g>')
    parts.append("</g>")
    return "".join(parts)


def board_svg(state: dict, names: dict | None = None, *, route: tuple | None = None,
              highlight: int | None = None, svg_id: str = "board") -> SafeString:
    """The whole board. ``route`` = (seat, start plane dict, [(hex, facing), ...])."""
    names = names or {}
    label = escape(_("The board"))
    parts = [
        f'<svg id="{svg_id}" class="board" xmlns="http://www.w3.org/2000/svg" '
        f'viewBox="{-WIDTH / 2:.1f} {-HEIGHT / 2:.1f} {WIDTH:.1f} {HEIGHT:.1f}" '
        f'role="img" aria-label="{label}">',
        _static_layer(),
        '<g class="clouds">',
    ]
    parts += [f'<polygon points="{_corners(q, r)}"/>' for q, r in state.get("clouds", [])]
    parts.append('</g><g class="balloons">')
    for balloon in state.get("balloons", []):
        x, y = centre(balloon["q"], balloon["r"])
        title = _("balloon, %(damage)d of %(strength)d damage") % {
            "damage": balloon.get("damage", 0), "strength": BALLOON_STRENGTH}
        parts.append(f'<g transform="translate({x:.1f},{y:.1f})"><title>{escape(title)}</title>'
                     '<ellipse rx="4" ry="5" cy="-1"/><line x1="0" y1="4" x2="0" y2="8"/></g>')
    parts.append("</g>")
    for plane in state.get("planes", []):
        if plane.get("status") == "out" and not plane.get("show_out"):
            continue
        parts.append(_plane(plane, names, dimmed=highlight is not None
                            and plane["seat"] != highlight))
    if route is not None:
        parts.append(_route(*route))
    parts.append("</svg>")
    return mark_safe("".join(parts))
