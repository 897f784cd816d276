"""``{% deadline dt %}``: a time stamp in the viewer's zone, with a live countdown."""

from __future__ import annotations

from datetime import datetime, tzinfo
from functools import lru_cache

from django import template
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext

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


@lru_cache(maxsize=2048)
def _stamp(moment: datetime, zone: tzinfo, language: str | None) -> SafeString:
    """The ``<time>`` element of a moment, as the reader's zone and language write it: the
    same for every page that shows this deadline to such a reader, and formatting the date in
    words (a few translated names) is most of the tag's cost, so it is worked out once."""
    local = moment.astimezone(zone)
    return format_html(
        '<time datetime="{}" data-countdown>{}</time>',
        moment.isoformat(),
        f"{date_format(local, 'DATETIME_FORMAT')} {local:%Z}",
    )


@receiver(setting_changed, dispatch_uid="deadline-stamps-forget")
def _forget_stamps(**kwargs) -> None:  # the date formats are settings
    _stamp.cache_clear()


@register.simple_tag
def deadline(moment):
    if moment is None:
        return ""
    return format_html(
        '{} <span class="countdown">({})</span>',
        _stamp(moment, timezone.get_current_timezone(), get_language()),
        remaining(moment),
    )
