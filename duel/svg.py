"""The duel's board as inline SVG, drawn from an engine state (already passed through
``api.view``): 20 x 15 pointy-top hexes in odd-r offset, docks, asteroids, fighters, missiles,
and on the player's page the route preview of his half-built turn.

The empty board never changes, so it is drawn once per process and language. Hexes a player
may pick (an asteroid's place) are links: a plain GET without JavaScript, an htmx swap with it.
"""

from __future__ import annotations

import math
from functools import lru_cache

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext

from games import palette

from .engine.board import DOCKS
from .engine.classes import CLASSES
from .engine.hexgrid import BOARD, COLS, ROWS
from .report import MISSILE_WORDS, STATE_WORDS, loss_words, step_word

SIZE = 12.0
SQRT3 = math.sqrt(3)
PLAYER_PALETTE = palette.colours("red", "blue")  # player A, player B
PLAYER_COLOURS = tuple(colour.hex for colour in PLAYER_PALETTE)
PLAYER_COLOUR_NAMES = tuple(colour.name for colour in PLAYER_PALETTE)
MARGIN = 9  # room for the edge labels (column numbers above, row numbers on the left)
LEFT = -SQRT3 / 2 * SIZE - 2 - MARGIN
TOP = -SIZE - 2 - MARGIN
WIDTH = SQRT3 * SIZE * (COLS + 0.5) + 4 + MARGIN
HEIGHT = SIZE * (1.5 * (ROWS - 1) + 2) + 4 + MARGIN


def centre(col: int, row: int) -> tuple[float, float]:
    return (SIZE * SQRT3 * (col + 0.5 * (row & 1)), SIZE * 1.5 * row)


@lru_cache(maxsize=4096)  # every hex at the few sizes the board draws
def _corners(col: int, row: int, size: float = SIZE) -> str:
    x, y = centre(col, row)
    return " ".join(
        f"{x + size * math.cos(math.radians(60 * i - 30)):.1f},"
        f"{y + size * math.sin(math.radians(60 * i - 30)):.1f}"
        for i in range(6)
    )


def _static_layer() -> str:
    return _static_layer_in(get_language())


@lru_cache(maxsize=4)
def _static_layer_in(language: str | None) -> str:
    """The empty board with its docks, their titles in ``language`` (the active one)."""
    parts = ['<g class="hexes" fill="#f4f6fb" stroke="#c9d1e0" stroke-width="0.6">']
    parts += [
        f'<polygon points="{_corners(c, r)}"><title>[{c}, {r}]</title></polygon>' for c, r in BOARD
    ]
    parts.append('</g><g class="edge-labels" font-size="5" fill="#66707f" text-anchor="middle">')
    parts += [
        f'<text x="{centre(c, 0)[0]:.1f}" y="{-SIZE - 3:.1f}">{c}</text>' for c in range(COLS)
    ]
    parts += [
        f'<text x="{LEFT + MARGIN / 2 + 1:.1f}" y="{centre(0, r)[1] + 1.8:.1f}">{r}</text>'
        for r in range(ROWS)
    ]
    parts.append("</g>")
    for player, docks in DOCKS.items():
        parts.append(
            f'<g class="docks player-{player}" fill="{PLAYER_COLOURS[player]}" fill-opacity="0.25">'
        )
        parts += [
            f'<polygon points="{_corners(c, r, SIZE - 1)}"><title>'
            + escape(
                gettext("dock of player %(letter)s [%(col)d, %(row)d]")
                % {"letter": "AB"[player], "col": c, "row": r}
            )
            + "</title></polygon>"
            for c, r in docks
        ]
        parts.append("</g>")
    return "".join(parts)


def _arrow(x: float, y: float, facing: int, shape: str, colour: str, extra: str = "") -> str:
    return (
        f'<g transform="translate({x:.1f},{y:.1f})"{extra}>'
        f'<g transform="rotate({-60 * facing})"><polygon points="{shape}" fill="{colour}" '
        'stroke="#111" stroke-width="0.6"/></g>'
    )


# Each class its own silhouette (pointing east before the rotation to its facing).
SHAPES = {
    "coliber": "7,0 -4,-4 -2,0 -4,4",  # a small dart
    "virus": "8,0 -2,-5 -6,-5 -4,0 -6,5 -2,5",  # with a tail gun's notch
    "bee": "8,0 2,-3 -2,-7 -6,-7 -4,0 -6,7 -2,7 2,3",  # broad wings: two launchers
    "wasp": "9,0 -1,-3 -6,-6 -3,0 -6,6 -1,3",  # a long sting: a smart missile
}


def _fighter(fighter: dict, dimmed: bool, link: tuple[str, str] | None = None) -> str:
    """A fighter: its class's silhouette turned to its facing, its id, and under it its speed
    and missiles left (``v3 ·2+1``). ``link``: (href, hx-get) to pick it on the turn form."""
    if fighter.get("hex") is None:
        return ""
    col, row = fighter["hex"]
    x, y = centre(col, row)
    colour = PLAYER_COLOURS[fighter["player"]]
    state = (
        "destroyed"
        if fighter.get("destroyed")
        else ("docked" if fighter.get("docked") else "flying")
    )
    opacity = ' opacity="0.3"' if dimmed or fighter.get("destroyed") else ""
    kind = CLASSES[fighter["class"]]
    title = gettext(
        "%(fighter)s: %(class)s, %(state)s, speed %(speed)d, missiles %(missiles)d, "
        "smart missiles %(smart)d, on [%(col)d, %(row)d]"
    ) % {
        "fighter": fighter["id"],
        "class": kind.name,
        "state": STATE_WORDS[state],
        "speed": fighter.get("speed", 0),
        "missiles": fighter.get("missiles", 0),
        "smart": fighter.get("smart", 0),
        "col": col,
        "row": row,
    }
    load = f"v{fighter.get('speed', 0)} ·{fighter.get('missiles', 0)}"
    if kind.smart:
        load += f"+{fighter.get('smart', 0)}"
    token = (
        _arrow(
            x,
            y,
            fighter.get("facing", 0),
            SHAPES.get(fighter["class"], SHAPES["virus"]),
            colour,
            f' class="fighter {state} {fighter["class"]}" data-fighter="{fighter["id"]}"{opacity}',
        )
        + f"<title>{escape(title)}</title>"
        f'<text y="-7.5" text-anchor="middle" font-size="5.5" font-weight="700" '
        f'class="token-id">{fighter["id"]}</text>'
        f'<text y="11.5" text-anchor="middle" font-size="4.6" class="token-load">{load}'
        "</text></g>"
    )
    if link is None:
        return token
    href, hx_get = link
    return (
        f'<a href="{escape(href)}" hx-get="{escape(hx_get)}" hx-target="#duel-play" '
        f'hx-swap="outerHTML" class="pick" data-pick="{fighter["id"]}">{token}</a>'
    )


# Missiles sharing a hex stand this far apart (board units, up and down), so their labels
# (font-size 4.4) do not overlap.
MISSILE_SPACING = 5.5


def _missiles(missiles: list) -> list[str]:
    """Every missile; those sharing a hex spread along it, each with its own label."""
    sharing: dict[tuple[int, int], list[dict]] = {}
    for m in missiles:
        sharing.setdefault(tuple(m["hex"]), []).append(m)
    parts = []
    for group in sharing.values():
        middle = (len(group) - 1) / 2
        parts += [_missile(m, (i - middle) * MISSILE_SPACING) for i, m in enumerate(group)]
    return parts


def _missile(missile: dict, shift: float = 0.0) -> str:
    """A missile, labelled with its owner's letter, ``M`` or ``S`` (smart) and its number
    (``B-S3``), so it is never read as a fighter's id; ``shift`` moves it down its hex."""
    col, row = missile["hex"]
    x, y = centre(col, row)
    y += shift
    colour = PLAYER_COLOURS[missile["owner"]]
    smart = missile.get("kind") == "smart"
    shape = "6,0 0,-3.5 -4,0 0,3.5" if smart else "6,0 -4,-2.5 -4,2.5"
    label = f"{'AB'[missile['owner']]}-{'S' if smart else 'M'}{missile['id']}"
    return (
        _arrow(
            x,
            y,
            missile.get("facing", 0),
            shape,
            colour,
            f' class="missile {missile.get("kind", "missile")}" data-missile="{missile["id"]}"',
        )
        + f'<title>{escape(_missile_title(missile))}</title><text x="4" y="-4" '
        f'font-size="4.4" font-weight="700" fill="{colour}" class="missile-label">{label}'
        "</text></g>"
    )


@lru_cache(maxsize=64)
def _choices(hexes: tuple[tuple[int, int], ...], href: str, hx_get: str) -> str:
    """The hexes a player may pick, each a link to ``href`` and ``hx_get`` with ``?hex=col,row``
    (the same hexes for every request of an open round: drawn once per process)."""
    href, hx_get = escape(href), escape(hx_get)
    parts = ['<g class="choices">']
    for col, row in hexes:
        parts.append(
            f'<a href="{href}?hex={col},{row}" hx-get="{hx_get}?hex={col},{row}" '
            f'hx-target="#duel-play" hx-swap="outerHTML" class="choice" '
            f'data-hex="{col},{row}"><polygon points="{_corners(col, row, SIZE - 1.5)}" '
            'fill="#2e8b57" fill-opacity="0.12" stroke="#2e8b57" '
            f'stroke-width="0.5"/><title>[{col}, {row}]</title></a>'
        )
    parts.append("</g>")
    return "".join(parts)


def _missile_title(missile: dict) -> str:
    values = {
        "kind": MISSILE_WORDS[missile.get("kind", "missile")],
        "id": missile["id"],
        "letter": "AB"[missile["owner"]],
        "fighter": missile.get("fighter") or "?",
    }
    return gettext("%(kind)s %(id)s of player %(letter)s (launched by %(fighter)s)") % values


def _line(points: list, colour: str, css: str, dash: str = "3 2") -> str:
    centres = [centre(*h) for h in points if h is not None]
    if len(centres) < 2:
        return ""
    path = " ".join(f"{x:.1f},{y:.1f}" for x, y in centres)
    return (
        f'<polyline class="{css}" points="{path}" fill="none" stroke="{colour}" '
        f'stroke-width="1.6" stroke-dasharray="{dash}"/>'
    )


def _route(state: dict, preview: dict) -> str:
    """The half-built turn: each ordered fighter's path with an arrowhead after each step,
    the missiles it launched, and where the player's missiles fly at his next turn."""
    fighters = {f["id"]: f for f in state["fighters"]}
    parts = ['<g class="route">']
    for fid, trace in preview.get("fighters", {}).items():
        fighter = fighters[fid]
        colour = PLAYER_COLOURS[fighter["player"]]
        hexes = [fighter["hex"]] + [s["hex"] for s in trace["route"]]
        parts.append(_line(hexes, colour, "path"))
        for number, point in enumerate(trace["route"], start=1):
            if point["hex"] is None:
                continue
            x, y = centre(*point["hex"])
            parts.append(
                _arrow(
                    x,
                    y,
                    point["facing"],
                    "7,0 0,-4 2,0 0,4",
                    "#fff",
                    f' class="arrowhead" data-fighter="{fid}" data-step="{number}"',
                )
                + f"<title>{escape(_step_title(fid, number, point['step']))}"
                "</title></g>"
            )
    parts += _kills(preview.get("kills", []))
    parts += _shots(preview.get("shots", []))
    for flight in preview.get("missiles", []):
        parts.append(_missile_flight(flight))
    for flight in preview.get("next_flight", []):
        parts.append(_line([flight["from"]] + flight["path"], "#999", "next-flight", "1 2"))
    parts += _threats(preview.get("threats", []))
    parts.append("</g>")
    return "".join(parts)


def _cross(hex_, css: str, title: str, data: str = "") -> str:
    x, y = centre(*hex_)
    return (
        f'<g class="{css}"{data} transform="translate({x:.1f},{y:.1f})">'
        f'<title>{escape(title)}</title><circle r="7" fill="#fff" fill-opacity="0.6" '
        'stroke="#000" stroke-width="1"/><path d="M-5,-5L5,5M5,-5L-5,5" stroke="#000" '
        'stroke-width="2.2"/></g>'
    )


def _kills(kills: list) -> list[str]:
    """A cross on every fighter destroyed, whoever's (``data-player`` says whose)."""
    return [
        _cross(
            k["hex"],
            "kill",
            _lost_title(k["fighter"], k["cause"], k.get("by")),
            f' data-fighter="{escape(k["fighter"])}" data-player="{k["player"]}"',
        )
        for k in kills
        if k.get("hex") is not None
    ]


def _shots(shots: list) -> list[str]:
    """Each gun shot as a line from the shooter's hex into the hex it hit (or missed)."""
    parts = []
    for shot in shots:
        if shot.get("hex") is None or shot.get("from") is None:
            continue
        (x1, y1), (x2, y2) = centre(*shot["from"]), centre(*shot["hex"])
        colour = "#d35400" if shot.get("hit") else "#7f8c8d"
        css = (
            "shot"
            + (" hit" if shot.get("hit") else "")
            + (" old" if shot.get("new") is False else "")
        )
        parts.append(
            f'<line class="{css}" '
            f'data-fighter="{escape(shot["fighter"])}" x1="{x1:.1f}" y1="{y1:.1f}" '
            f'x2="{x2:.1f}" y2="{y2:.1f}" stroke="{colour}" stroke-width="2.4" '
            f'stroke-linecap="round"><title>{escape(_shot_title(shot))}</title></line>'
        )
    return parts


def _missile_flight(flight: dict) -> str:
    """A missile's flight hex by hex: its line, a dot on every hex, a cross where it hit."""
    hexes = [flight["from"]] + flight["path"]
    dots = "".join(
        f'<circle class="missile-hex" cx="{x:.1f}" cy="{y:.1f}" r="1.8"/>'
        for x, y in (centre(*h) for h in flight["path"])
    )
    return (
        f'<g class="missile-flight" data-missile="{flight["missile"]}" fill="#555">'
        + _line(hexes, "#555", "missile-path")
        + dots
        + "</g>"
    )


def _threats(threats: list) -> list[str]:
    """A smart missile's reach: a ring on every fighter it may home on next turn."""
    parts = []
    for threat in threats:
        for target in threat["in_reach"]:
            x, y = centre(*target["hex"])
            parts.append(
                f'<circle class="threat" data-missile="{threat["missile"]}" '
                f'data-fighter="{target["fighter"]}" cx="{x:.1f}" cy="{y:.1f}" r="10" '
                'fill="none" stroke="#8e44ad" stroke-width="1.4" '
                'stroke-dasharray="2 1.5"/>'
            )
    return parts


def _shot_title(shot: dict) -> str:
    if shot.get("hit"):
        return gettext("%(fighter)s fires at %(hit)s") % shot
    return gettext("%(fighter)s fires and misses") % shot


def _step_links(links: list) -> str:
    """Hexes next to the fighter being built: a click takes that step (ahead, or a turn)."""
    parts = ['<g class="step-links">']
    for (col, row), code, words, href, hx_get in links:
        parts.append(
            f'<a href="{escape(href)}" hx-get="{escape(hx_get)}" hx-target="#duel-play" '
            f'hx-swap="outerHTML" class="step-link" data-step-code="{code}" '
            f'data-hex="{col},{row}"><polygon points="{_corners(col, row, SIZE - 1.5)}" '
            'fill="#f1c40f" fill-opacity="0.25" stroke="#b7950b" stroke-width="0.8"/>'
            f"<title>{escape(words)}</title></a>"
        )
    parts.append("</g>")
    return "".join(parts)


def _replay_trails(state: dict, replay: dict) -> str:
    """Under the tokens: where each fighter and each missile went in the action so far."""
    players = {f["id"]: f["player"] for f in state["fighters"]}
    parts = ['<g class="replay-trails">']
    for fid, hexes in replay["trails"].items():
        parts.append(_line(hexes, PLAYER_COLOURS[players.get(fid, 0)], "trail"))
    for mid, hexes in replay["flights"].items():
        if len(hexes) > 1:
            parts.append(_missile_flight({"missile": mid, "from": hexes[0], "path": hexes[1:]}))
    parts.append("</g>")
    return "".join(parts)


def _replay_marks(state: dict, replay: dict) -> str:
    """Over the tokens: the gun shots (this step's bold), this action's losses, and a ring on
    what moves in this step."""
    parts = ['<g class="replay-marks">', *_shots(replay["shots"]), *_kills(replay["kills"])]
    moving = replay.get("moving") or {}
    where = None
    if "fighter" in moving:
        where = next(
            (f["hex"] for f in state["fighters"] if f["id"] == moving["fighter"] and f.get("hex")),
            None,
        )
    elif "missile" in moving:
        where = replay["flights"].get(moving["missile"], [None])[-1]
    if where is not None:
        x, y = centre(*where)
        parts.append(
            f'<circle class="moving" cx="{x:.1f}" cy="{y:.1f}" r="{SIZE - 1:.1f}" '
            'fill="none" stroke="#f1c40f" stroke-width="2"/>'
        )
    parts.append("</g>")
    return "".join(parts)


def _step_title(fighter: str, number: int, code: str) -> str:
    return gettext("%(fighter)s after step %(number)d (%(step)s)") % {
        "fighter": fighter,
        "number": number,
        "step": step_word(code),
    }


def _lost_title(fighter: str, cause: str, by=None) -> str:
    return loss_words(fighter, cause, by)


def board_svg(
    state: dict,
    *,
    svg_id: str = "board",
    preview: dict | None = None,
    replay: dict | None = None,
    choices: list | None = None,
    choice_urls: tuple[str, str] | None = None,
    selected=None,
    highlight: int | None = None,
    picks: dict | None = None,
    step_links: list | None = None,
) -> SafeString:
    """The whole board. ``preview``: the engine's route preview; ``replay``: a replay frame
    (``report.frames``: fighters' trails, missiles' flights, shots and kills of the action so
    far); ``choices``: hexes to offer as links, ``choice_urls``: the (href, hx-get) they add
    ``?hex=col,row`` to;
    ``selected``: a hex to ring; ``picks``: {fighter: (href, hx-get)} fighters to click to
    pick on the turn form; ``step_links``: [(hex, code, words, href, hx-get)] hexes to click for
    the fighter being built's next step."""
    # Outside the f-string: xgettext does not read calls inside one, and the name went
    # untranslated.
    name = escape(gettext("The duel board"))
    # An image's content is presentational: a board holding links is a group, or its links
    # would be nested in an image (axe-core: nested-interactive).
    links = bool((choices and choice_urls) or picks or step_links)
    role = "group" if links else "img"
    parts = [
        (
            f'<svg id="{svg_id}" class="board duel-board" xmlns="http://www.w3.org/2000/svg" '
            f'viewBox="{LEFT:.1f} {TOP:.1f} {WIDTH:.1f} {HEIGHT:.1f}" role="{role}" '
            f'aria-label="{name}">'
        ),
        _static_layer(),
        '<g class="asteroids" fill="#6e6257" stroke="#3b332c" stroke-width="0.8">',
    ]
    for col, row in state.get("asteroids", []):
        x, y = centre(col, row)
        parts.append(
            f'<circle class="asteroid" data-hex="{col},{row}" cx="{x:.1f}" '
            f'cy="{y:.1f}" r="{SIZE * 0.7:.1f}"><title>'
            + escape(gettext("asteroid [%(col)d, %(row)d]") % {"col": col, "row": row})
            + "</title></circle>"
        )
    parts.append("</g>")
    if choices and choice_urls:
        parts.append(_choices(tuple((c, r) for c, r in choices), *choice_urls))
    if selected is not None:
        picked_col, picked_row = selected
        parts.append(
            f'<polygon class="selected" points="{_corners(picked_col, picked_row, SIZE - 1)}" '
            'fill="#2e8b57" fill-opacity="0.5" stroke="#1d5c3a" stroke-width="1.5"/>'
        )
    if replay is not None:
        parts.append(_replay_trails(state, replay))
    parts.append('<g class="missiles">')
    parts += _missiles(state.get("missiles", []))
    parts.append('</g><g class="fighters">')
    for fighter in state.get("fighters", []):
        if fighter.get("destroyed") and replay is None:
            continue  # a replay shows where this action's losses were destroyed
        parts.append(
            _fighter(
                fighter,
                highlight is not None and fighter["player"] != highlight,
                (picks or {}).get(fighter["id"]),
            )
        )
    parts.append("</g>")
    if replay is not None:
        parts.append(_replay_marks(state, replay))
    if preview:
        parts.append(_route(state, preview))
    if step_links:
        parts.append(_step_links(step_links))
    parts.append("</svg>")
    return mark_safe("".join(parts))
