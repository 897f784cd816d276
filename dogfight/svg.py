"""The board as inline SVG, drawn from an engine state (pointy-top hexes, axial coordinates).

The 271 empty hexes and the airfields never change, so they are drawn once per process; a page
adds only clouds, balloons and planes; the cockpit the pilot's route as the engine's preview
flies it (arrowheads, crash marks, burst lines with their damage by range); the replay each
move's bursts and hits. The view box keeps one ring of hexes beyond the board in view, where
a plane that flies off it crashes. ``legend`` draws each symbol once more, small, for a key.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from . import words
from .engine.board import CORNERS, SEATS, airfield_hexes
from .engine.hexgrid import BOARD, RADIUS
from .engine.state import BALLOON_STRENGTH

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

SIZE = 10.0  # hex radius in SVG units
SQRT3 = math.sqrt(3)
SEAT_COLOURS = tuple(colour.hex for colour in words.SEAT_PALETTE)
WIDTH = SQRT3 * SIZE * (2 * RADIUS + 1) + 4
HEIGHT = SIZE * (3 * RADIUS + 2) + 4
# One ring of hexes beyond the board: where a route that flies off it crashes.
VIEW_WIDTH = WIDTH + 2 * SQRT3 * SIZE
VIEW_HEIGHT = HEIGHT + 3 * SIZE


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


PLANE_SHAPE = '<polygon points="8,0 -6,-6 -2.5,0 -6,6"/>'
# A kite balloon: a sausage on a cable, khaki as they were (not red: red is a pilot's colour).
BALLOON_SHAPE = (
    '<line x1="0" y1="3" x2="0" y2="8"/><ellipse rx="6.5" ry="3.6" cy="-1"/>'
    '<polygon points="-6.5,-1 -9,-4 -9,2"/>'
)
# A cloud over its hex: three puffs.
CLOUD_PUFFS = (
    '<circle cx="-3.6" cy="1.4" r="3.4"/><circle cx="0.4" cy="-1.6" r="4.2"/>'
    '<circle cx="4.2" cy="1.6" r="3.2"/>'
)


def _plane(plane: dict, names: dict, own: bool = False) -> str:
    seat, facing = plane["seat"], plane.get("facing", 0)
    x, y = centre(plane["q"], plane["r"])
    colour = SEAT_COLOURS[seat]
    rank = plane.get("rank", 0)
    title = escape(
        _plane_title(
            names.get(seat) or _("seat %(number)s") % {"number": seat + 1},
            words.SEAT_COLOURS[seat],
            words.RANKS[rank],
        )
    )
    status = plane.get("status", "air")
    halo = f'<circle class="own" r="{SIZE * 0.95:.1f}"/>' if own else ""
    ring = (
        f'<circle r="{SIZE * 0.8:.1f}" fill="none" stroke="{colour}" stroke-width="1.5"/>'
        if rank
        else ""
    )
    wreck = '<path class="crash-mark" d="M-6,-6 L6,6 M-6,6 L6,-6"/>' if status == "out" else ""
    return (
        f'<g class="plane seat-{seat} {status}" transform="translate({x:.1f},{y:.1f})">'
        f"<title>{title}</title>{halo}{ring}"
        f'<g transform="rotate({-60 * facing})" fill="{colour}">{PLANE_SHAPE}</g>{wreck}</g>'
    )


def _plane_title(name: str, colour: StrOrPromise, rank: StrOrPromise) -> str:
    if rank:
        return _("%(name)s (%(colour)s), %(rank)s") % {"name": name, "colour": colour, "rank": rank}
    return _("%(name)s (%(colour)s)") % {"name": name, "colour": colour}


def _route(seat: int, start: dict, moves: list[dict]) -> str:
    """The pilot's route: a dashed line through an arrowhead per move (numbered, where he is
    and where his nose points), a crash mark where the engine says the plane goes down, and
    each burst's line with the damage it would do at each range."""
    colour = SEAT_COLOURS[seat]
    flown = [m for m in moves if m["status"] != "out" or _crashed_here(m, moves)]
    points = [centre(start["q"], start["r"])] + [centre(m["q"], m["r"]) for m in flown]
    path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    parts = [
        f'<g class="route" data-moves="{len(moves)}">',
        (
            f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="1.5" '
            'stroke-dasharray="3 2"/>'
        ),
    ]
    for move in moves:
        parts += [_bursts(move, burst) for burst in move.get("bursts", ())]
    for move in flown:
        parts.append(_arrowhead(move, colour, crash=move["status"] == "out"))
    parts.append("</g>")
    return "".join(parts)


def _crashed_here(move: dict, moves: list[dict]) -> bool:
    """The first move that ends "out" is where the plane went down (drawn); the rest are not."""
    return next(m for m in moves if m["status"] == "out") is move


def _arrowhead(move: dict, colour: str, crash: bool) -> str:
    number = move["number"]
    x, y = centre(move["q"], move["r"])
    title = escape(
        _("after move %(number)d: the plane crashes") % {"number": number}
        if crash
        else _("after move %(number)d") % {"number": number}
    )
    mark = '<path class="crash-mark" d="M-6,-6 L6,6 M-6,6 L6,-6"/>' if crash else ""
    return (
        f'<g class="arrowhead" data-move="{number}" transform="translate({x:.1f},{y:.1f})">'
        f"<title>{title}</title>"
        f'<g transform="rotate({-60 * move["facing"]})"><polygon points="8,0 0,-5 2,0 0,5" '
        f'fill="#fff" stroke="{colour}" stroke-width="1.5"/></g>{mark}'
        f'<g transform="translate(0,-9.5)"><g class="badge"><circle r="5.8" stroke="{colour}"/>'
        f'<text y="3.2" text-anchor="middle">{number}</text></g></g></g>'
    )


def _bursts(move: dict, burst: dict) -> str:
    """A burst's line from its move's hex, a mark per hex it reaches with the damage there."""
    number, hexes = move["number"], burst["hexes"]
    label = escape(_("burst of move %(number)d") % {"number": number})
    parts = [
        (
            f'<g class="burst" data-move="{number}" data-direction="{burst["direction"]}">'
            f"<title>{label}</title>"
        )
    ]
    if hexes:
        x1, y1 = centre(move["q"], move["r"])
        x2, y2 = centre(hexes[-1]["q"], hexes[-1]["r"])
        parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"/>')
    for spot in hexes:
        x, y = centre(spot["q"], spot["r"])
        parts.append(
            f'<g class="range r{spot["range"]}" transform="translate({x:.1f},{y:.1f})">'
            f'<g class="mark"><circle r="3.6"/><text y="2.3" text-anchor="middle">{spot["damage"]}'
            "</text></g></g>"
        )
    parts.append("</g>")
    return "".join(parts)


def board_svg(
    state: dict,
    names: dict | None = None,
    *,
    route: tuple | None = None,
    highlight: int | None = None,
    svg_id: str = "board",
    described_by: str = "",
) -> SafeString:
    """The whole board. ``route`` = (seat, start plane dict, the engine's preview moves);
    ``highlight``: the seat whose plane wears a halo (the pilot's own). A ring of one hex
    around the board stays in view, so a route that leaves the board shows where it crashes."""
    names = names or {}
    label = escape(_("The board: clouds, balloons, airfields and planes"))
    described = f' aria-describedby="{described_by}"' if described_by else ""
    parts = [
        (
            f'<svg id="{svg_id}" class="board" xmlns="http://www.w3.org/2000/svg" '
            f'viewBox="{-VIEW_WIDTH / 2:.1f} {-VIEW_HEIGHT / 2:.1f} {VIEW_WIDTH:.1f} '
            f'{VIEW_HEIGHT:.1f}" role="img" aria-label="{label}"{described}>'
        ),
        _static_layer(),
        '<g class="clouds">',
    ]
    for q, r in state.get("clouds", []):
        x, y = centre(q, r)
        parts.append(
            f'<polygon points="{_corners(q, r)}"/>'
            f'<g transform="translate({x:.1f},{y:.1f})">{CLOUD_PUFFS}</g>'
        )
    parts.append('</g><g class="balloons">')
    for balloon in state.get("balloons", []):
        x, y = centre(balloon["q"], balloon["r"])
        title = _("balloon, %(damage)d of %(strength)d damage") % {
            "damage": balloon.get("damage", 0),
            "strength": BALLOON_STRENGTH,
        }
        parts.append(
            f'<g class="balloon" transform="translate({x:.1f},{y:.1f})">'
            f"<title>{escape(title)}</title>{BALLOON_SHAPE}</g>"
        )
    parts.append("</g>")
    for plane in state.get("planes", []):
        if plane.get("status") == "out" and not plane.get("show_out"):
            continue
        parts.append(_plane(plane, names, own=plane["seat"] == highlight))
    parts += [_fired(burst) for burst in state.get("bursts", ())]
    parts += _hits(state.get("hits", ()))
    if route is not None:
        parts.append(_route(*route))
    parts.append("</svg>")
    return mark_safe("".join(parts))


# Each seat's bursts in the replay run in a lane of their own beside the line of hexes, so
# two bursts along one line (two shooters, or one firing back) are both seen.
LANE_WIDTH = 1.1


def _fired(burst: dict) -> str:
    """A burst in the replay: the line it travelled, in its shooter's colour, in its lane."""
    if not burst["hexes"]:
        return ""
    x1, y1 = centre(*burst["from"])
    x2, y2 = centre(*burst["hexes"][-1])
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    lane = (burst["seat"] - 2.5) * LANE_WIDTH
    dx, dy = -(y2 - y1) / length * lane, (x2 - x1) / length * lane
    return (
        f'<g class="fired seat-{burst["seat"]}"><line x1="{x1 + dx:.1f}" y1="{y1 + dy:.1f}" '
        f'x2="{x2 + dx:.1f}" y2="{y2 + dy:.1f}" stroke="{SEAT_COLOURS[burst["seat"]]}"/></g>'
    )


# Where a hit's mark sits on its hex: at a corner, clear of the plane drawn in the middle;
# a second hit on the same hex in the same move takes the next corner.
HIT_SPOTS = ((6.0, -6.0), (-6.0, -6.0), (6.0, 6.0), (-6.0, 6.0))
STAR = (
    '<polygon points="0,-5.5 1.4,-1.9 5.2,-1.7 2.2,0.7 3.3,4.4 0,2.3 -3.3,4.4 -2.2,0.7 '
    '-5.2,-1.7 -1.4,-1.9"/>'
)
BLAST = (
    '<polygon points="0,-7 1.9,-3.2 6.1,-4.4 3.6,-0.9 7,1.8 2.6,2.6 2.4,7 0,3.6 -2.4,7 '
    '-2.6,2.6 -7,1.8 -3.6,-0.9 -6.1,-4.4 -1.9,-3.2"/>'
)


def _hits(hits: list[dict]) -> list[str]:
    """The replay's hits, each at its own corner of its hex."""
    taken: dict[tuple[int, int], int] = {}
    drawn = []
    for hit in hits:
        where = (hit["q"], hit["r"])
        spot = HIT_SPOTS[taken.get(where, 0) % len(HIT_SPOTS)]
        taken[where] = taken.get(where, 0) + 1
        drawn.append(_hit(hit, spot))
    return drawn


def _hit(hit: dict, spot: tuple[float, float]) -> str:
    """A hit in the replay: a star with the damage it did, beside the plane; a shoot-down a
    larger red blast."""
    x, y = centre(hit["q"], hit["r"])
    if hit.get("kill"):
        title = escape(_("shot down: %(damage)d damage") % {"damage": hit["damage"]})
        kind, shape = "hit kill", BLAST
    else:
        title = escape(_("hit: %(damage)d damage") % {"damage": hit["damage"]})
        kind, shape = "hit", STAR
    return (
        f'<g class="{kind}" transform="translate({x:.1f},{y:.1f})"><title>{title}</title>'
        f'<g transform="translate({spot[0]:.1f},{spot[1]:.1f})"><g class="mark">{shape}'
        f'<text y="2" text-anchor="middle">{hit["damage"]}</text></g></g></g>'
    )


@lru_cache(maxsize=8)
def _legend_item(kind: str) -> str:
    """A small picture of one thing on the board, drawn as the board draws it."""
    shapes = {
        "plane": f'<g class="plane" fill="{SEAT_COLOURS[1]}">{PLANE_SHAPE}</g>',
        "own": f'<g class="plane"><circle class="own" r="{SIZE * 0.95:.1f}"/>'
        f'<g fill="{SEAT_COLOURS[0]}">{PLANE_SHAPE}</g></g>',
        "cloud": f'<g class="clouds"><polygon points="{_corners(0, 0)}"/>{CLOUD_PUFFS}</g>',
        "balloon": f'<g class="balloons"><g class="balloon">{BALLOON_SHAPE}</g></g>',
        "airfield": f'<g class="airfield" fill="{SEAT_COLOURS[3]}" fill-opacity="0.25">'
        f'<polygon points="{_corners(0, 0, SIZE - 1)}"/></g>'
        f'<circle r="3" fill="{SEAT_COLOURS[3]}"/>',
        "route": '<polygon points="8,0 0,-5 2,0 0,5" '
        f'fill="#fff" stroke="{SEAT_COLOURS[0]}" stroke-width="1.5"/>',
        "burst": '<g class="burst"><line x1="-10" y1="0" x2="10" y2="0"/><circle r="3.6"/></g>',
    }
    return (
        f'<svg class="legend-symbol" viewBox="-11 -11 22 22" aria-hidden="true">'
        f"{shapes[kind]}</svg>"
    )


def legend() -> list[tuple[SafeString, str]]:
    """What the board's symbols mean, each with its picture."""
    return [
        (mark_safe(_legend_item(kind)), str(meaning))
        for kind, meaning in (
            ("own", _("your plane")),
            ("plane", _("another plane (its colour is its seat)")),
            ("route", _("your route: an arrowhead per move")),
            ("burst", _("a burst: its line and the damage at each range")),
            ("cloud", _("a cloud: no burst passes, 1 damage a move inside")),
            ("balloon", _("a balloon: flying in is a crash")),
            ("airfield", _("an airfield and its runways")),
        )
    ]
