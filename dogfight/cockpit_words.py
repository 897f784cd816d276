"""The cockpit's sentences, worded from what the engine wrote: the preview's warnings, the
weather that was (a state's ``wind`` is the wind of the round before it: what was, never what
will be), and the planes as text (the board's alternative for a screen reader or a small
screen). No rule is decided here.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from . import report, words
from .engine import career


def warning(found: dict) -> dict:
    """One of the preview's warnings as a sentence; ``crash`` is true when it takes the plane
    out of the game."""
    kind, move = found["type"], found.get("move")
    crash = kind in ("edge", "balloon") or found.get("crash", False)
    if kind == "edge":
        text = _("Move %(move)d leaves the board: your plane crashes and is out of the game.") % {
            "move": move
        }
    elif kind == "balloon":
        text = _(
            "Move %(move)d flies into the balloon at (%(q)d, %(r)d): its anti-aircraft "
            "fire brings your plane down, out of the game."
        ) % {"move": move, "q": found["q"], "r": found["r"]}
    elif kind == "cloud" and crash:
        text = _(
            "Move %(move)d ends in a cloud: its damage point is your last, the plane breaks up."
        ) % {"move": move}
    elif kind == "cloud":
        text = _("Move %(move)d ends in a cloud: 1 damage point (%(damage)d in all).") % {
            "move": move,
            "damage": found["damage"],
        }
    elif kind == "landing_roll":
        text = _(
            "Your landing is not finished this round: the landing roll goes on in move 1 "
            "of the next round, and until you stop you can be hit."
        )
    elif kind == "drift" and crash:
        text = _(
            "If last round's wind holds, a cloud drifts over your plane at the end of the "
            "round: its damage point would be your last."
        )
    elif kind == "drift":
        text = _(
            "If last round's wind holds, a cloud drifts over your plane at the end of the "
            "round: 1 damage point."
        )
    else:
        text = _("The engine warns: %(kind)s.") % {"kind": kind}
    return {"type": kind, "move": move, "crash": crash, "text": text}


def weather_lines(state: dict) -> list[str]:
    """The weather so far as the engine recorded it, and what it may do to the clouds."""
    settings = state["settings"]
    if settings.get("windless"):
        return [_("A windless game: the clouds never move.")]
    last = state["round"] - 1
    if last < 1:
        return [_("No weather yet: this is the first round.")]
    wind = state.get("wind")
    if wind is None:
        return [
            _("Round %(number)d was calm: no cloud moved.") % {"number": last},
            _("The wind may rise at the end of this round."),
        ]
    where = {"number": last, "source": words.COMPASS[(wind + 3) % 6], "drift": words.COMPASS[wind]}
    return [
        _(
            "In round %(number)d the wind blew from the %(source)s: every cloud drifted one "
            "hex %(drift)s."
        )
        % where,
        _(
            "If it holds, the clouds drift one hex %(drift)s again at the end of this round; "
            "the wind may also turn or die down."
        )
        % where,
    ]


def plane_rows(state: dict, names: dict) -> list[dict]:
    """Every plane as the board shows it, in words: what any pilot may know of it."""
    rows = []
    for plane in state["planes"]:
        rank = plane.get("rank", 0)
        status = plane["status"]
        rows.append(
            {
                "seat": plane["seat"],
                "name": report.seat_name(names, plane["seat"]),
                "colour": words.SEAT_COLOURS[plane["seat"]],
                "rank_name": words.rank(rank),
                "q": plane["q"],
                "r": plane["r"],
                "facing": words.COMPASS[plane["facing"]],
                "status": (
                    _("out")
                    if status == "out"
                    else _("on the ground")
                    if status == "ground"
                    else _("landing")
                    if plane.get("landing")
                    else _("flying")
                ),
                "out": status == "out",
                "damage": plane["damage"],
                "out_at": career.out_at(rank),
                "ammo": plane["ammo"],
                "ammo_capacity": career.ammo_capacity(rank),
            }
        )
    return rows
