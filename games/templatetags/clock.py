"""``{% deadline dt %}``: a time stamp in the viewer's zone, with a live countdown."""

from __future__ import annotations

from django import template
from django.utils import timezone
from django.utils.html import format_html

register = template.Library()


def remaining(moment, now=None) -> str:
    seconds = int((moment - (now or timezone.now())).total_seconds())
    if seconds <= 0:
        return "passed"
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    if days:
        return f"in {days} d {hours} h"
    if hours:
        return f"in {hours} h {minutes} min"
    return f"in {minutes} min"


@register.simple_tag
def deadline(moment):
    if moment is None:
        return ""
    local = timezone.localtime(moment)
    return format_html(
        '<time datetime="{}" data-countdown>{}</time> <span class="countdown">({})</span>',
        moment.isoformat(), local.strftime("%a %d %b %Y, %H:%M %Z"), remaining(moment))
