"""Deadlines: results appear at noon in the game's time zone; stored in UTC."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo, available_timezones

NOON = time(12, 0)


def noon_on(day, tz_name: str) -> datetime:
    return datetime.combine(day, NOON, tzinfo=ZoneInfo(tz_name)).astimezone(UTC)


def deadline_after(moment: datetime, tz_name: str, days: int) -> datetime:
    """Noon local time, ``days`` calendar days after ``moment``'s local date."""
    local_day = moment.astimezone(ZoneInfo(tz_name)).date()
    return noon_on(local_day + timedelta(days=days), tz_name)


def next_noon(moment: datetime, tz_name: str) -> datetime:
    """The first noon in the zone strictly after ``moment``."""
    today = noon_on(moment.astimezone(ZoneInfo(tz_name)).date(), tz_name)
    return today if today > moment else deadline_after(moment, tz_name, 1)


def valid_time_zone(name: str) -> bool:
    return name in _ZONES


_ZONES = frozenset(available_timezones())
# The zones a person picks from: the places of the world by region, and UTC. Valid but not
# offered: the database's aliases and oddities ("Factory", "localtime", "EST5EDT", "Etc/...",
# "US/..."), which name no place a pilot lives in.
_REGIONS = (
    "Africa",
    "America",
    "Antarctica",
    "Arctic",
    "Asia",
    "Atlantic",
    "Australia",
    "Europe",
    "Indian",
    "Pacific",
)
TIME_ZONES = sorted(zone for zone in _ZONES if zone == "UTC" or zone.partition("/")[0] in _REGIONS)
