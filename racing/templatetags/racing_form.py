"""The order form's ``<option>`` lists drawn in one step, as Django's own select widgets draw
them: written in the template, each option would be three nodes, and the equipment fieldset's
selects (the Überhirn's alone has some forty options) would be most of its render."""

from __future__ import annotations

from collections.abc import Iterable

from django import template
from django.utils.html import format_html_join
from django.utils.safestring import SafeString

register = template.Library()


@register.simple_tag
def options(choices: Iterable[tuple[object, object]], chosen: object = "") -> SafeString:
    """An ``<option>`` for each (value, label) of ``choices``, the one whose value is the form's
    ``chosen`` (a string, as the form sends it) selected; values and labels escaped."""
    chosen = "" if chosen is None else str(chosen)
    return format_html_join(
        "",
        '<option value="{}"{}>{}</option>',
        ((value, " selected" if str(value) == chosen else "", label) for value, label in choices),
    )
