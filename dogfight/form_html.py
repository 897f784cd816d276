"""The cockpit's repeated form rows as HTML: the three move fieldsets of the order form (built
from the engine's order form) and the radio chatter lines.

Written in Python rather than as template loops: the cockpit is the busiest page, its form is
redrawn on every change of a pick (the live preview), and the template's nested loops over
maneuvers and fire directions cost more than the rest of the preview together.
"""

from __future__ import annotations

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from .engine.maneuvers import NAMES

FIRE_LABELS = (("A", "ahead"), ("L", "diagonal left"), ("R", "diagonal right"))
_OPTION_NAMES = {code: escape(name) for code, name in NAMES.items()}


def moves_html(moves: list[dict], *, through_allowed: bool) -> SafeString:
    """``moves`` as ``order_form`` gives them, each with the pilot's ``fire`` directions and
    ``through`` tick added."""
    return mark_safe("".join(_fieldset(move, through_allowed) for move in moves))


def _fieldset(move: dict, through_allowed: bool) -> str:
    n = move["number"]
    disabled = "" if move["can_fire"] else " disabled"
    ticks = "".join(
        f'<label><input type="checkbox" name="f{n}" value="{code}"'
        f'{" checked" if code in move["fire"] else ""}{disabled}> {label}</label>'
        for code, label in FIRE_LABELS)
    if through_allowed:
        ticks += (f'<label><input type="checkbox" name="t{n}" value="1"'
                  f'{" checked" if move["through"] else ""}{disabled}> through the balloon</label>')
    airfield = "" if move["can_fire"] else '<span class="muted">(on the airfield: no fire)</span>'
    return (f'<fieldset class="move" data-move="{n}"><legend>Move {n}</legend>'
            f'<label for="m{n}">Maneuver</label>'
            f'<select id="m{n}" name="m{n}">{_options(move)}</select>'
            f'<span class="fire">Fire: {ticks}</span>{airfield}</fieldset>')


def _options(move: dict) -> str:
    return "".join(
        f'<option value="{code}"{" selected" if code == move["maneuver"] else ""}>'
        f'{_OPTION_NAMES[code]}</option>' for code in move["offered"])


def chatter_inputs(lines: list[str]) -> SafeString:
    """One labelled text input per line (``l1``, ``l2``, ...), empty lines included."""
    return mark_safe("".join(
        f'<label class="visually-hidden" for="chatter-{n}">Line {n}</label>'
        f'<input id="chatter-{n}" name="l{n}" value="{escape(line)}" maxlength="200" '
        'class="chatter-line">' for n, line in enumerate(lines, start=1)))
