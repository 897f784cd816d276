"""``{% deadline dt %}``: a time stamp in the viewer's zone, with a live countdown."""

from __future__ import annotations

from django import template
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.translation import gettext

register = template.Library()


def remaining(moment, now=None) -> str:
    """The time left, in the words ``countdown.js`` keeps up to date (the same msgids, handed
    to it by ``base.html``)."""
    seconds = int((moment - (now or timezone.now())).total_seconds())
    if seconds <= 0:
        return gettext("passed")
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    if days:
        return gettext("in {d} d {h} h").format(d=days, h=hours)
    if hours:
        return gettext("in {h} h {m} min").format(h=hours, m=minutes)
    return gettext("in {m} min").format(m=minutes)


@register.simple_tag
def deadline(moment):
    if moment is None:
        return ""
    local = timezone.localtime(moment)
    return format_html(
        '<time datetime="{}" data-countdown>{}</time> <span class="countdown">({})</span>',
        moment.isoformat(),
        f"{date_format(local, 'DATETIME_FORMAT')} {local:%Z}",
        remaining(moment),
    )
