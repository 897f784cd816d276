"""The course as inline SVG, drawn from an engine state: gates with their numbers and buoys, the
jets with their headings, flown paths (a replay), and on the order form the jet on turn with its
landing arcs, its two handles and the engine's preview.

World units are the engine's millimetres, y pointing north; SVG's y points down, so every point
is drawn at (x, -y). Every word is escaped; numbers are formatted here, nothing else is built.
"""

from __future__ import annotations

import json
import math

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from . import words
from .report import jet_label

MARGIN = 60.0
JET_RADIUS = 15.0  # the engine's jet disc, to draw it to scale
BUOY_RADIUS = 7.5
ARROW = 28.0  # a heading arrow's length beyond the jet's centre


def _p(x: float, y: float) -> str:
    return f"{x:.1f},{-y:.1f}"


def _ahead(x: float, y: float, heading: float, length: float) -> tuple[float, float]:
    a = math.radians(heading)
    return x + length * math.cos(a), y + length * math.sin(a)


def _course_points(state: dict) -> list:
    return [tuple(b) for g in state["course"]["gates"] for b in g["buoys"]] + [
        (j["x"], j["y"]) for j in state["jets"]
    ]


def _form_points(state: dict, form: dict) -> list:
    """The order form's close-up: the jet on turn, its reach, where it lands, and the next
    gate it races for."""
    jet = form["jet"]
    r = max(form["reach"]["radius"] if form["reach"] else 0, 60.0) * 1.4
    gate = state["course"]["gates"][jet["next_gate"] - 1]
    points = [(jet["x"] + dx, jet["y"] + dy) for dx, dy in ((r, 0), (-r, 0), (0, r), (0, -r))]
    points += [tuple(b) for b in gate["buoys"]]
    if form["landing"]:
        points.append(form["landing"][:2])
    return points


def _bounds(points: list) -> str:
    xs = [x for x, _y in points]
    ys = [y for _x, y in points]
    left, right = min(xs) - MARGIN, max(xs) + MARGIN
    top, bottom = -max(ys) - MARGIN, -min(ys) + MARGIN
    return f"{left:.0f} {top:.0f} {right - left:.0f} {bottom - top:.0f}"


def _gates(state: dict) -> list[str]:
    parts = ['<g class="gates">']
    nexts = {j["next_gate"] for j in state["jets"] if j["status"] == "racing"}
    for g in state["course"]["gates"]:
        (ax, ay), (bx, by) = g["buoys"]
        cls = "gate next" if g["number"] in nexts else "gate"
        title = escape(gettext("gate %(number)d") % {"number": g["number"]})
        parts.append(
            f'<g class="{cls}" data-gate="{g["number"]}"><title>{title}</title>'
            f'<line x1="{ax:.1f}" y1="{-ay:.1f}" x2="{bx:.1f}" y2="{-by:.1f}"/>'
        )
        for x, y in g["buoys"]:
            parts.append(f'<circle class="buoy" cx="{x:.1f}" cy="{-y:.1f}" r="{BUOY_RADIUS}"/>')
        fx, fy = _ahead(g["x"], g["y"], g["angle"], 22)
        parts.append(
            f'<line class="through" x1="{g["x"]:.1f}" y1="{-g["y"]:.1f}" '
            f'x2="{fx:.1f}" y2="{-fy:.1f}"/>'
        )
        lx, ly = _ahead(g["x"], g["y"], g["angle"] - 180, 18)
        parts.append(f'<text x="{lx:.1f}" y="{-ly + 5:.1f}">{g["number"]}</text></g>')
    parts.append("</g>")
    return parts


def _jet(jet: dict, names: dict[int, str], on_turn: bool) -> str:
    colour = words.jet_colour(jet["seat"])
    x, y = jet["x"], jet["y"]
    hx, hy = _ahead(x, y, jet["heading"], ARROW)
    cls = f"jet seat-{jet['seat']} {jet['status']}" + (" on-turn" if on_turn else "")
    title = escape(
        gettext("%(jet)s: lift %(lift)d, energy %(energy)d, heading %(heading).0f°")
        % {
            "jet": jet_label(jet["id"], names),
            "lift": jet["lift"],
            "energy": jet["energy"],
            "heading": jet["heading"],
        }
    )
    return (
        f'<g class="{cls}" data-jet="{jet["id"]}"><title>{title}</title>'
        f'<line class="heading" x1="{x:.1f}" y1="{-y:.1f}" x2="{hx:.1f}" y2="{-hy:.1f}" '
        f'stroke="{colour}"/>'
        f'<circle cx="{x:.1f}" cy="{-y:.1f}" r="{JET_RADIUS}" fill="{colour}"/></g>'
    )


def _paths(paths: list[dict]) -> list[str]:
    parts = ['<g class="paths">']
    for entry in paths:
        colour = words.jet_colour(entry["seat"])
        for (ax, ay), (bx, by) in entry["path"]:
            parts.append(
                f'<line x1="{ax:.1f}" y1="{-ay:.1f}" x2="{bx:.1f}" y2="{-by:.1f}" '
                f'stroke="{colour}"/>'
            )
    parts.append("</g>")
    return parts


def _arc_path(cx: float, cy: float, r: float, start: float, end: float) -> str:
    sx, sy = _ahead(cx, cy, start, r)
    ex, ey = _ahead(cx, cy, end, r)
    large = 1 if end - start > 180 else 0
    # counter-clockwise in the world is clockwise on screen (y flipped): sweep flag 0
    return f"M{sx:.1f},{-sy:.1f} A{r:.1f},{r:.1f} 0 {large} 0 {ex:.1f},{-ey:.1f}"


def _preview_layer(form: dict) -> list[str]:
    """The engine's preview on the board, the flown path and the landing spot: one group with
    an id, swapped in alone (with the preview's words) while a handle is dragged."""
    parts = ['<g id="preview-layer" class="preview-layer">']
    for (ax, ay), (bx, by) in form["path"]:
        parts.append(
            f'<line class="flown" x1="{ax:.1f}" y1="{-ay:.1f}" x2="{bx:.1f}" y2="{-by:.1f}"/>'
        )
    if form["landing"]:
        lx, ly, lh = form["landing"]
        hx, hy = _ahead(lx, ly, lh, ARROW)
        label = escape(gettext("landing spot"))
        parts.append(
            f'<g class="landing"><title>{label}</title>'
            f'<circle cx="{lx:.1f}" cy="{-ly:.1f}" r="{JET_RADIUS}"/>'
            f'<line x1="{lx:.1f}" y1="{-ly:.1f}" x2="{hx:.1f}" y2="{-hy:.1f}"/></g>'
        )
    parts.append("</g>")
    return parts


def _order_layer(form: dict) -> list[str]:
    """The jet on turn's reach for the chosen lift, the two handles, and the engine's preview
    (flown path, landing spot, projector lines)."""
    jet, reach = form["jet"], form["reach"]
    x, y, heading = jet["x"], jet["y"], jet["heading"]
    parts = ['<g class="order-layer">']
    if reach and reach["radius"]:
        r = reach["radius"]
        parts.append(f'<path class="reach" d="{_arc_path(x, y, r, reach["from"], reach["to"])}"/>')
        for a, b in reach["clear"]:
            parts.append(
                f'<path class="reach clear" d="{_arc_path(x, y, r, heading + a, heading + b)}"/>'
            )
    for end in (form["projector"] or {}).values():
        (ax, ay), (bx, by) = end
        parts.append(
            f'<line class="projector" x1="{ax:.1f}" y1="{-ay:.1f}" x2="{bx:.1f}" y2="{-by:.1f}"/>'
        )
    parts += _preview_layer(form)
    if reach and reach["radius"]:
        h1, h2 = form["hinge"]
        rx, ry = _ahead(x, y, heading + h1, reach["radius"])
        ax, ay = _ahead(rx, ry, heading + h1 + h2, ARROW * 1.6)
        first = escape(gettext("first hinge: drag the ruler's end along the arc"))
        second = escape(gettext("second hinge: drag the new heading"))
        parts.append(
            f'<line class="ruler" x1="{x:.1f}" y1="{-y:.1f}" x2="{rx:.1f}" '
            f'y2="{-ry:.1f}"/>'
            f'<line class="new-heading" x1="{rx:.1f}" y1="{-ry:.1f}" x2="{ax:.1f}" '
            f'y2="{-ay:.1f}"/>'
            f'<circle class="handle" data-handle="h1" cx="{rx:.1f}" cy="{-ry:.1f}" '
            f'r="11" tabindex="0" role="slider" aria-label="{first}" '
            f'aria-valuenow="{h1:g}" aria-valuemin="{-reach["limit"]:g}" '
            f'aria-valuemax="{reach["limit"]:g}"/>'
            f'<circle class="handle" data-handle="h2" cx="{ax:.1f}" cy="{-ay:.1f}" '
            f'r="11" tabindex="0" role="slider" aria-label="{second}" '
            f'aria-valuenow="{h2:g}" aria-valuemin="{-reach["limit"]:g}" '
            f'aria-valuemax="{reach["limit"]:g}"/>'
        )
    parts.append("</g>")
    return parts


def course_svg(
    state: dict,
    names: dict[int, str],
    *,
    svg_id: str = "board",
    paths: list | None = None,
    form: dict | None = None,
) -> SafeString:
    """The course; ``paths`` the flown rulers of a replay frame; ``form`` the order form's
    layer (``views._order_form``), drawn close up around the jet on turn and its next gate."""
    on_turn = state["turn"]["jet"] if state["phase"] == "race" else None
    data = ""
    if form:
        jet = form["jet"]
        data = (
            f' data-x="{jet["x"]:.3f}" data-y="{jet["y"]:.3f}" '
            f'data-heading="{jet["heading"]:.3f}" data-reach="'
            f'{escape(json.dumps(form["reaches"]))}"'
        )
    label = escape(gettext("The course: gates, buoys and jets"))
    view = _bounds(_form_points(state, form) if form else _course_points(state))
    # A picture, unless it holds the order form's handles: an img's content is presentational,
    # so its focusable sliders would be hidden from assistive technology; a group keeps them.
    role = "group" if form else "img"
    parts = [
        (
            f'<svg id="{svg_id}" class="course" viewBox="{view}" '
            f'role="{role}" aria-label="{label}" xmlns="http://www.w3.org/2000/svg"{data}>'
        )
    ]
    parts += _gates(state)
    parts += _paths(paths or [])
    parts += [
        _jet(j, names, j["id"] == on_turn)
        for j in state["jets"]
        if j["status"] == "racing" or paths
    ]
    if form:
        parts += _order_layer(form)
    parts.append("</svg>")
    return mark_safe("".join(parts))
