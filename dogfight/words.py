"""The dogfight's game words in the reader's language, keyed by the engine's codes.

The engine speaks in codes and numbers (maneuver ``"LS"``, fire direction ``"L"``, direction
``2``, rank ``3``, crash cause ``"edge"``); every page, report line and board title that words
them reads this module. Each table's keys are held to the engine's codes by
tests/dogfight/web/test_words.py. All entries are lazy: they take the language of the moment
they are shown, never that of the import.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from django.utils.translation import get_language, gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games import palette
from games.enginekit import EngineError
from games.refusals import Wording, refusal_words

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# engine.maneuvers.NAMES / CODES
MANEUVERS = {
    "A": pgettext_lazy("maneuver", "ahead"),
    "L": pgettext_lazy("maneuver", "turn left"),
    "R": pgettext_lazy("maneuver", "turn right"),
    "LS": pgettext_lazy("maneuver", "slip left"),
    "RS": pgettext_lazy("maneuver", "slip right"),
    "H": pgettext_lazy("maneuver", "hold"),
    "I": pgettext_lazy("maneuver", "Immelmann"),
    "S": pgettext_lazy("maneuver", "Split-S"),
    "O": pgettext_lazy("maneuver", "loop"),
    "TA": pgettext_lazy("maneuver", "take off on runway α"),
    "TB": pgettext_lazy("maneuver", "take off on runway β"),
    "TG": pgettext_lazy("maneuver", "take off on runway γ"),
    "G": pgettext_lazy("maneuver", "stay on the ground"),
    "LD": pgettext_lazy("maneuver", "land"),
}

# engine.orders.FIRE_DIRECTIONS, in the order the order form shows them
FIRE_DIRECTIONS = {
    "A": pgettext_lazy("fire direction", "ahead"),
    "L": pgettext_lazy("fire direction", "diagonally left"),
    "R": pgettext_lazy("fire direction", "diagonally right"),
}

# engine.hexgrid.DIRECTIONS by index: the nose, the wind's source and the clouds' drift
COMPASS = (
    pgettext_lazy("compass", "east"),
    pgettext_lazy("compass", "north-east"),
    pgettext_lazy("compass", "north-west"),
    pgettext_lazy("compass", "west"),
    pgettext_lazy("compass", "south-west"),
    pgettext_lazy("compass", "south-east"),
)

# engine.career.RANKS by rank: the German titles of the seed in German, English ones in English
RANKS = (
    "",
    pgettext_lazy("rank", "Lieutenant"),
    pgettext_lazy("rank", "Captain"),
    pgettext_lazy("rank", "Major"),
    pgettext_lazy("rank", "Lieutenant Colonel"),
    pgettext_lazy("rank", "Colonel"),
    pgettext_lazy("rank", "General"),
)
ACE_TITLE = pgettext_lazy("title", "Ace")  # engine.career.ACE_TITLE

# The seats' colours by seat number (engine.board.SEATS), from the site's one palette: svg.py
# draws them (SEAT_PALETTE's hex), pages name them (SEAT_COLOURS).
SEAT_PALETTE = palette.colours("red", "blue", "yellow", "green", "purple", "orange")
SEAT_COLOURS = tuple(colour.name for colour in SEAT_PALETTE)

# the ``cause`` of the engine's "crash" events (engine.resolve: ``self._crash(plane, cause)``)
CRASH_CAUSES = {
    "edge": _("flew off the board"),
    "balloon": _("flew into a balloon's anti-aircraft fire"),
    "cloud": _("broke up in a storm cloud"),
    "nmr": _("missed a fourth round in a row and is out"),
    "removed": _("was taken out of the game by the referee"),
}
CRASHED = pgettext_lazy("crash cause", "crashed")  # a cause this table does not know yet

# engine.state.BALLOON_RULES and SCORING_MODES: a game's settings
BALLOON_RULES = {
    "none": _("no balloons"),
    "normal": _("balloons"),
    "through": _("balloons; firing through them allowed"),
}
SCORING_MODES = {"hits": _("points per hit"), "damage": _("points per damage point")}


def maneuver(code: str) -> StrOrPromise:
    """A maneuver's name; an unknown code (never stored by the engine) shows as itself."""
    return MANEUVERS.get(code, code)


def in_language(table: str) -> dict[str, str]:
    """One of this module's tables (``"MANEUVERS"``, ``"FIRE_DIRECTIONS"``) in the active
    language as plain strings: worked out once per language, as the order form shows a dozen
    names on every redraw of the live preview."""
    return _worded(table, get_language())


@lru_cache(maxsize=16)
def _worded(table: str, language: str) -> dict[str, str]:
    return {code: str(word) for code, word in globals()[table].items()}


def rank(number: int) -> StrOrPromise:
    return RANKS[number]


def seat_words(number: int) -> str:
    return gettext("seat %(number)d (%(colour)s)") % {
        "number": number + 1,  # people count from 1
        "colour": SEAT_COLOURS[number],
    }


# --- the engine's refusals: each ``EngineError`` code in words, filled from its params ------


def refusal(error: EngineError) -> str:
    """Why the engine refused an order or a setting, in the reader's language."""
    return refusal_words(error, REFUSALS)


def _not_offered(params: dict) -> str:
    offered = ", ".join(str(maneuver(code)) for code in params["offered"])
    chosen = params.get("maneuver")
    if chosen not in MANEUVERS:  # no maneuver of the game at all: nothing to name
        return gettext("move %(move)d: choose one of the maneuvers offered (%(offered)s)") % {
            "move": params["move"],
            "offered": offered,
        }
    return gettext("move %(move)d: %(maneuver)s is not offered (offered: %(offered)s)") % {
        "move": params["move"],
        "maneuver": maneuver(chosen),
        "offered": offered,
    }


REFUSALS: dict[str, Wording] = {
    "plane_out": lambda p: (
        gettext("the plane in %(seat)s is out of the game") % {"seat": seat_words(p["seat"])}
    ),
    "no_plane": lambda p: gettext("there is no plane in seat %(seat)d") % p,
    "game_over": lambda p: gettext("the game is over"),
    "three_moves_only": lambda p: gettext("a round has only three moves"),
    "not_offered": _not_offered,
    "fire_on_ground": lambda p: gettext("move %(move)d: a plane on its airfield cannot fire") % p,
    "no_firing_through": lambda p: (
        gettext("move %(move)d: this game does not allow firing through balloons") % p
    ),
    "fire_direction": lambda p: (
        gettext("move %(move)d: a burst goes ahead, diagonally left or diagonally right") % p
    ),
    "twin_bursts": lambda p: (
        gettext("move %(move)d: two bursts in one move must go in different directions") % p
    ),
    "too_many_bursts": lambda p: (
        gettext("%(bursts)d bursts, but at most %(allowed)d per round") % p
    ),
    "no_ammunition": lambda p: gettext("firing with no ammunition left"),
    "short_of_ammunition": lambda p: (
        gettext("%(bursts)d bursts, but only %(ammo)d left on board") % p
    ),
    "unknown_level": lambda p: gettext("there is no computer pilot of that level"),
    "clouds_out_of_range": lambda p: (
        gettext("a game starts with 0 to %(most)d clouds, not %(clouds)d") % p
    ),
    "balloons_unfair": lambda p: (
        gettext("%(balloons)d balloons cannot be placed fairly here; possible: %(possible)s")
        % {"balloons": p["balloons"], "possible": ", ".join(map(str, p["possible"]))}
    ),
    "clouds_unplaceable": lambda p: gettext("could not place %(clouds)d fair clouds") % p,
    "career_out_of_range": lambda p: (
        gettext("a career standing is at least 0 points and a rank from 0 to %(top)d")
        % {"top": len(RANKS) - 1}
    ),
    "no_promotion": lambda p: (
        gettext("a promotion needs at least %(cost)d points and a rank below %(top)s")
        % {"cost": p["cost"], "top": rank(p["top"])}
    ),
}
