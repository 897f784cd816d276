"""Deadlines: results appear at noon in the game's time zone; stored in UTC."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo, available_timezones

from babel import Locale, UnknownLocaleError
from babel.core import get_global
from babel.dates import get_timezone_location, get_timezone_name

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


@lru_cache(maxsize=4096)  # CLDR's words are fixed: every zone in a few languages fits
def zone_words(zone: str, language: str) -> str:
    """A zone in the words of CLDR (through Babel) in ``language``: the country, the city and,
    where CLDR names one, the zone's time, e.g. "Deutschland (Berlin) – Mitteleuropäische Zeit".
    A language CLDR does not know is worded in English."""
    locale = _babel_locale(language)
    if zone == "UTC":
        return f"{get_timezone_name(zone, zone_variant='standard', locale=locale)} (UTC)"
    city = get_timezone_location(zone, locale=locale, return_city=True).rsplit("/", 1)[-1]
    country = _country(zone, locale)
    place = f"{country} ({city})" if country and country != city else country or city
    time_name = get_timezone_name(zone, locale=locale)
    # Without a name of its own, Babel names the zone by its place ("Japan (Ortszeit)"):
    # the place is said already.
    if time_name == get_timezone_location(zone, locale=locale):
        return place
    return f"{place} – {time_name}"


def is_zone_alias(zone: str) -> bool:
    """Whether CLDR counts the zone an old name of another (Europe/Kiev of Europe/Kyiv)."""
    return zone in get_global("zone_aliases")


def _babel_locale(language: str) -> Locale:
    try:
        return Locale.parse(language.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        return Locale("en")


def _country(zone: str, locale: Locale) -> str:
    """The country the zone lies in, in the locale's words ("" for none). CLDR places some
    Antarctic stations in "001", the world: they are said to be in Antarctica."""
    canonical = get_global("zone_aliases").get(zone, zone)
    territory = get_global("zone_territories").get(canonical, "")
    if not territory.isalpha():
        territory = "AQ" if zone.startswith("Antarctica/") else ""
    return locale.territories.get(territory, "")
