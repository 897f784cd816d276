"""The public rules page of the dogfight (``/dogfight/rules/``, in the reader's language;
``?lang=de`` for German whatever his).

The prose and every table's layout live in the template ``dogfight/rules.html`` and its
includes under ``dogfight/rules/``, and go through gettext. This module builds only data, from
the engine itself (``career``, ``maneuvers.fly``, ``weather``, ``setup``, the name check): rows
for the tables, geometry for the maneuver diagrams, and the numbers the prose quotes. So the
page cannot disagree with the rules the server plays by.

Row labels that belong to the data (maneuver names and effects, rank gifts, the NMR cases) are
lazy msgids: they are translated when the page renders, so the cached rows serve every language.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache, lru_cache
from typing import TYPE_CHECKING, NamedTuple

from django.conf import settings
from django.shortcuts import render
from django.utils import translation
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from games import services
from games.languages import in_asked_language

from . import names, words
from .engine import career, resolve, setup, weather
from .engine.board import CORNERS, RUNWAY_CODES, SEATS, airfield_hexes, runway_heading, runway_hex
from .engine.hexgrid import BOARD, BOARD_SET, CENTRE, DIRECTIONS, RADIUS, Hex, within
from .engine.maneuvers import CODES, MOVES_PER_ROUND, fly, nmr_maneuvers
from .engine.state import BALLOON_STRENGTH, Plane
from .svg import SEAT_COLOURS, SIZE, centre

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# Rules the engine writes as bare literals, with no constant to read. Each is checked against
# the engine's behaviour in tests/dogfight/web/test_rules_numbers.py.
CLOUD_DAMAGE = 1  # resolve._cloud_damage: one point per move in a cloud hex
MISSED_ROUNDS_OUT = 4  # resolve._take_roll_call: this many missed rounds in a row remove a pilot
KEEP_CLEAR = 1  # setup._near_airfields: no cloud or balloon this close to an airfield
FAIR_CLOUD_SPREAD = 1  # setup._settle: cloud counts near the airfields differ by at most this

TURN_DEGREES = 360 // len(DIRECTIONS)


def fraction(value: float | Fraction) -> Fraction:
    """A chance as an exact fraction; it renders as ``1/8`` (or ``1``)."""
    return Fraction(value).limit_denominator(1000)


# --- maneuvers: names, effects, diagrams ----------------------------------------------------


class ManeuverText(NamedTuple):
    effect: StrOrPromise
    when: StrOrPromise


_IN_THE_AIR = _("always, in the air")
_ACE = _("ace maneuver from {points} points, not in move 1")
_TAKE_OFF_EFFECT = _("move 1: roll onto runway hex 1; move 2: lift off onto runway hex 2")
_TAKE_OFF_WHEN = _("on the ground; starts in any move but the last")

MANEUVERS = {
    "A": ManeuverText(_("one hex forward, nose unchanged"), _IN_THE_AIR),
    "L": ManeuverText(_("nose {turn}° left first, then one hex forward"), _IN_THE_AIR),
    "R": ManeuverText(_("nose {turn}° right first, then one hex forward"), _IN_THE_AIR),
    "LS": ManeuverText(_("one hex diagonally forward left, nose unchanged"), _IN_THE_AIR),
    "RS": ManeuverText(_("one hex diagonally forward right, nose unchanged"), _IN_THE_AIR),
    "H": ManeuverText(
        _("stays in its hex, nose unchanged"), _("not in move 1; after a hold only hold")
    ),
    "I": ManeuverText(_("one hex forward, then the nose turns round ({about}°)"), _ACE),
    "S": ManeuverText(
        _("the nose turns round ({about}°) first, then one hex forward: out the way it came"), _ACE
    ),
    "O": ManeuverText(_("over the top and out one hex behind, nose as before"), _ACE),
    "TA": ManeuverText(_TAKE_OFF_EFFECT, _TAKE_OFF_WHEN),
    "TB": ManeuverText(_TAKE_OFF_EFFECT, _TAKE_OFF_WHEN),
    "TG": ManeuverText(_TAKE_OFF_EFFECT, _TAKE_OFF_WHEN),
    "G": ManeuverText(_("a plane standing on its airfield does not move"), _("on the ground")),
    "LD": ManeuverText(
        _(
            "from runway hex 2 of your own airfield, nose to the corner: roll to "
            "hex 1, next move stop on the corner"
        ),
        _("on runway hex 2 of your own airfield, nose to the corner"),
    ),
}


def maneuver_name(code: str):
    return words.MANEUVERS[code]


def maneuver_effect(code: str):
    return format_lazy(MANEUVERS[code].effect, turn=TURN_DEGREES, about=3 * TURN_DEGREES)


def maneuver_when(code: str):
    return format_lazy(MANEUVERS[code].when, points=career.ACE_MANEUVERS_AT.get(code))


@lru_cache(maxsize=1)
def maneuver_rows() -> list[dict]:
    return [
        {
            "code": code,
            "name": maneuver_name(code),
            "effect": maneuver_effect(code),
            "when": maneuver_when(code),
        }
        for code in CODES
    ]


GROUND_CODES = ("TA", "TB", "TG", "G", "LD")
TWO_MOVE_CODES = ("TA", "TB", "TG", "LD")


def sample_flight(code: str) -> tuple[Plane, list[tuple[Hex, int]]]:
    """A sample plane for ``code`` and where the engine's ``fly`` puts it after each move.

    Air maneuvers start in the centre, nose east. Take-offs and staying on the ground start on
    the red airfield (the east corner); a landing starts on runway hex 2 of its runway beta,
    nose to the corner. Take-off and landing take two moves, so they are flown twice.
    """
    if code in ("TA", "TB", "TG", "G"):
        start = Plane(0, CORNERS[0], 3, status="ground")
    elif code == "LD":
        start = Plane(
            0, runway_hex(0, "beta", 2), (runway_heading(0, "beta") + 3) % 6, status="air"
        )
    else:
        start = Plane(0, CENTRE, 0, status="air", career_points=100)
    plane = start.copy()
    steps = []
    for _move in range(2 if code in TWO_MOVE_CODES else 1):
        fly(plane, code)
        steps.append((plane.hex, plane.facing))
    return start, steps


def point(q: int, r: int) -> tuple[float, float]:
    x, y = centre(q, r)
    return round(x, 1), round(y, 1)


def hex_outline(size: float) -> list[tuple[float, float]]:
    """The six corners of a pointy-top hex around (0, 0), in SVG units."""
    return [
        (
            round(size * math.cos(math.radians(60 * i - 30)), 1),
            round(size * math.sin(math.radians(60 * i - 30)), 1),
        )
        for i in range(6)
    ]


def hex_outlines() -> dict[str, list[tuple[float, float]]]:
    """The two hex shapes every diagram places at hex centres: a board hex, an airfield hex."""
    return {"hex": hex_outline(SIZE), "airfield": hex_outline(SIZE - 1)}


def diagram_area(code: str) -> list[Hex]:
    area = within(CORNERS[0], 2) if code in GROUND_CODES else within(CENTRE, 1)
    return [h for h in area if h in BOARD_SET]


def view_box(area: list[Hex]) -> tuple[float, float, float, float]:
    xs = [centre(*h)[0] for h in area]
    ys = [centre(*h)[1] for h in area]
    pad = SIZE + 2
    return (
        round(min(xs) - pad, 1),
        round(min(ys) - pad, 1),
        round(max(xs) - min(xs) + 2 * pad, 1),
        round(max(ys) - min(ys) + 2 * pad, 1),
    )


def rotation(facing: int) -> int:
    """SVG degrees for a nose direction: directions run counter-clockwise, SVG's y runs down."""
    return -TURN_DEGREES * facing


def diagram_position(hex_: Hex, facing: int) -> dict:
    x, y = point(*hex_)
    return {
        "q": hex_[0],
        "r": hex_[1],
        "facing": facing,
        "x": x,
        "y": y,
        "rotation": rotation(facing),
    }


@cache
def maneuver_diagram(code: str) -> dict:
    """Geometry of a few hexes (their centres), the sample plane before ``code`` and where each
    move takes it."""
    start, steps = sample_flight(code)
    area = diagram_area(code)
    airfield = [point(*h) for h in airfield_hexes(0) if h in area] if code in GROUND_CODES else []
    moves = [
        {**diagram_position(hex_, facing), "move": number, "last": number == len(steps)}
        for number, (hex_, facing) in enumerate(steps, start=1)
    ]
    return {
        "code": code,
        "name": maneuver_name(code),
        "effect": maneuver_effect(code),
        "colour": SEAT_COLOURS[start.seat],
        "view_box": view_box(area),
        "hexes": [point(*h) for h in area],
        "airfield": airfield,
        "start": diagram_position(start.hex, start.facing),
        "moves": moves,
        "end": moves[-1],
        "path": [point(*start.hex)] + [point(*h) for h, _f in steps],
    }


def maneuver_figures() -> list[dict]:
    return [maneuver_diagram(code) for code in CODES]


# --- the tables built from the engine --------------------------------------------------------


def damage_rows() -> list[dict]:
    return [
        {
            "range": distance,
            "damage": damage,
            "double_mg": damage + 1,
            "general_only": distance > career.reach(career.MAX_RANK - 1),
        }
        for distance, damage in enumerate(career.RANGE_DAMAGE)
        if distance
    ]


SHOOTDOWN_POINTS = range(0, 201, 20)


def shootdown_rows() -> list[dict]:
    return [
        {"points": p, "loss": career.shootdown_loss(p, 0), "gain": career.shootdown_gain(p, 0)}
        for p in SHOOTDOWN_POINTS
    ]


def rank_bonus() -> dict:
    return {
        "loss": career.shootdown_loss(0, 1) - career.shootdown_loss(0, 0),
        "gain": career.shootdown_gain(0, 1) - career.shootdown_gain(0, 0),
    }


def ace_rows() -> list[dict]:
    return [
        {"code": code, "name": maneuver_name(code), "points": at}
        for code, at in career.ACE_MANEUVERS_AT.items()
    ]


def rank_numbers(rank: int) -> dict[str, int]:
    return {
        "ammo": career.ammo_capacity(rank),
        "per_round": career.bursts_per_round(rank),
        "repair": career.repair_per_round(rank),
        "out": career.out_at(rank),
        "reach": career.reach(rank),
    }


def unranked_numbers() -> dict[str, int]:
    """Rank 0's numbers under ``base_`` names, and the rest a rank gift's sentence quotes."""
    numbers = {f"base_{key}": value for key, value in rank_numbers(0).items()}
    return {
        **numbers,
        "cap": career.REPAIR_CAP,
        "far_damage": career.RANGE_DAMAGE[career.reach(career.MAX_RANK)],
    }


class RankGift:
    """One rank's gift as a translatable sentence.

    ``format(**rank_numbers(rank))`` fills the rank's own numbers and rank 0's; that call is how
    dogfight/career_views.py reads ``RANK_ABILITY[rank][0]``.
    """

    def __init__(self, msgid) -> None:
        self.msgid = msgid

    def format(self, **numbers: int) -> str:
        return str(self.msgid).format(**numbers, **unranked_numbers())

    def lazy(self, rank: int):
        return format_lazy(self.msgid, **rank_numbers(rank), **unranked_numbers())


RANK_ABILITY = {
    1: (RankGift(_("{ammo} bursts on board instead of {base_ammo}")),),
    2: (RankGift(_("{per_round} bursts per round instead of {base_per_round}")),),
    3: (
        RankGift(
            _(
                "repairs {repair} per whole round on the ground instead of {base_repair} "
                "(cap stays {cap})"
            )
        ),
    ),
    4: (RankGift(_("the fast plane: moves and fires first in every move")),),
    5: (RankGift(_("out at {out} damage points instead of {base_out}")),),
    6: (RankGift(_("bursts reach {reach} hexes ({far_damage} damage at range {reach})")),),
}


def rank_rows() -> list[dict]:
    return [
        {
            "rank": rank,
            "title": career.RANKS[rank],
            "title_en": career.RANKS_EN[rank],
            "ability": RANK_ABILITY[rank][0].lazy(rank) if rank else None,
            "fast": career.is_fast(rank),
            **rank_numbers(rank),
        }
        for rank in range(career.MAX_RANK + 1)
    ]


def balloon_rows() -> list[dict]:
    """Half the damage into a balloon shot through (rounded up), half behind it (rounded down);
    ``None`` behind means no hit."""
    rows = []
    for distance in range(1, career.reach(0) + 1):
        damage = career.RANGE_DAMAGE[distance]
        rows.append(
            {
                "range": distance,
                "damage": damage,
                "balloon": math.ceil(damage / 2),
                "behind": damage // 2 or None,
                "mg_balloon": math.ceil((damage + 1) / 2),
                "mg_behind": (damage + 1) // 2 or None,
            }
        )
    return rows


NMR_SAMPLES = (
    (_("in the air"), Plane(0, CENTRE, 0, status="air")),
    (_("on the ground"), Plane(0, CORNERS[0], 3, status="ground")),
    (
        _("between the two landing moves"),
        Plane(0, runway_hex(0, "beta", 1), 0, status="air", landing=True),
    ),
)


def nmr_rows() -> list[dict]:
    rows = []
    for where, plane in NMR_SAMPLES:
        codes = nmr_maneuvers(plane)
        rows.append(
            {"where": where, "codes": codes, "names": [maneuver_name(code) for code in codes]}
        )
    return rows


NAME_EXAMPLES = (
    "Tailshot",
    "TAILSHOT",
    "Tail Shot",
    "Tàilshot",
    "Tail-shot.",
    "Red Baron",
    "Grace",
    "Bassett",
    "AceHunter",
    "Acefighter",
    "ACEFLIEGER",
    "Ass-Flieger",
    "Majorbaron",
    "von Major",
    "General Nuisance",
    "Oberstleutnant X",
)
NAME_SAMPLE = NAME_EXAMPLES[0]


def name_verdict(name: str) -> str:
    """``refused`` (a rank word), ``same`` (one name with the sample) or ``allowed``."""
    if names.name_problem(name):
        return "refused"
    if name != NAME_SAMPLE and (
        names.name_key(name) == names.name_key(NAME_SAMPLE)
        or names.name_skeleton(name) == names.name_skeleton(NAME_SAMPLE)
    ):
        return "same"
    return "allowed"


def name_rows() -> list[dict]:
    return [{"name": name, "verdict": name_verdict(name)} for name in NAME_EXAMPLES]


def balloon_counts(duel: bool) -> list[int]:
    per_set = 2 if duel else len(SEATS)
    return sorted({s * per_set + c for s in range(setup.MAX_BALLOON_SETS + 1) for c in (0, 1)})


@lru_cache(maxsize=1)
def tables() -> dict[str, list[dict] | dict]:
    """The rows of every table that loops over the engine. Lazy labels: one cache, any language."""
    return {
        "damage": damage_rows(),
        "maneuvers": maneuver_rows(),
        "shootdown": shootdown_rows(),
        "rank_bonus": rank_bonus(),
        "aces": ace_rows(),
        "ranks": rank_rows(),
        "balloons": balloon_rows(),
        "nmr": nmr_rows(),
        "names": name_rows(),
    }


# --- the numbers the prose quotes ------------------------------------------------------------


def calm_share() -> Fraction:
    """Long-run share of calm rounds of the normal weather chain."""
    rise = fraction(weather.RISE_CHANCE)
    dies = fraction(weather.CHANGE_CHANCE) / 3
    return dies / (rise + dies)


def weather_numbers() -> dict:
    rise, change = fraction(weather.RISE_CHANCE), fraction(weather.CHANGE_CHANCE)
    return {
        "rise": rise,
        "rise_each": rise / len(DIRECTIONS),
        "stay_calm": 1 - rise,
        "keep": 1 - change,
        "change_each": change / 3,
        "legacy_turn_each": change / 2,
        "new_cloud": fraction(weather.NEW_CLOUD_CHANCE),
        "change": change,
        "rounds_per_change": round(1 / change),
        "cloud_min": min(weather.CLOUD_SIZES),
        "cloud_max": max(weather.CLOUD_SIZES),
        "upwind_hexes": weather.UPWIND_DEPTH - 1,
        "calm_share": calm_share(),
    }


def example() -> dict:
    """The seed's check: an Oberst with 5 promotions at 5 points."""
    rank = career.RANKS.index("Oberst")
    return {
        "points": 5,
        "rank": rank,
        "rank_name": career.RANKS[rank],
        "gain": career.shootdown_gain(5, rank),
        "loss": career.shootdown_loss(5, rank),
    }


NEGATIVE_EXAMPLE_HITS = 4  # points in a game go negative: this many hits, then shot down


def first_rank(ability) -> int:
    return next(rank for rank in range(career.MAX_RANK + 1) if ability(rank))


def rank_steps() -> dict:
    """The first rank of each gift, with its title and number, as the prose names them."""
    ammo = first_rank(lambda r: career.ammo_capacity(r) > career.ammo_capacity(0))
    per_round = first_rank(lambda r: career.bursts_per_round(r) > career.bursts_per_round(0))
    repair = first_rank(lambda r: career.repair_per_round(r) > career.repair_per_round(0))
    fast = first_rank(career.is_fast)
    tough = first_rank(lambda r: career.out_at(r) > career.out_at(0))
    reach = first_rank(lambda r: career.reach(r) > career.reach(0))
    titles = career.RANKS
    return {
        "ammo_title": titles[ammo],
        "ranked_ammo": career.ammo_capacity(ammo),
        "per_round_title": titles[per_round],
        "ranked_per_round": career.bursts_per_round(per_round),
        "repair_title": titles[repair],
        "ranked_repair": career.repair_per_round(repair),
        "fast_title": titles[fast],
        "tough_title": titles[tough],
        "tough_out": career.out_at(tough),
        "reach_title": titles[reach],
        "ranked_reach": career.reach(reach),
    }


def career_numbers() -> dict:
    keep_aces = max(career.ACE_MANEUVERS_AT.values())
    loss = career.shootdown_loss(0, 0)
    return {
        "double_mg": career.DOUBLE_MG_AT,
        "promotion": career.PROMOTION_COST,
        **{f"ace_{code}": at for code, at in career.ACE_MANEUVERS_AT.items()},
        "wait_until": keep_aces + career.PROMOTION_COST,
        "keep_aces": keep_aces,
        "hits": NEGATIVE_EXAMPLE_HITS,
        "plain_loss": loss,
        "hits_minus_loss": NEGATIVE_EXAMPLE_HITS - loss,
        **rank_steps(),
    }


def board_numbers() -> dict:
    return {
        "side": RADIUS + 1,
        "hexes": len(BOARD),
        "directions": len(DIRECTIONS),
        "last_direction": len(DIRECTIONS) - 1,
        "centre": CENTRE,
        "corners": len(CORNERS),
        "runways": len(RUNWAY_CODES),
        "runway_hexes": (len(airfield_hexes(0)) - 1) // len(RUNWAY_CODES),
        "turn": TURN_DEGREES,
    }


def prose_numbers() -> dict:
    """Every number the prose quotes, read from the engine at each render."""
    return {
        **board_numbers(),
        "seats": len(SEATS),
        "moves": MOVES_PER_ROUND,
        "takeoff_moves": len(sample_flight("TB")[1]),
        "out": career.out_at(0),
        "ammo": career.ammo_capacity(0),
        "per_round": career.bursts_per_round(0),
        "reach": career.reach(0),
        "repair": career.repair_per_round(0),
        "repair_cap": career.REPAIR_CAP,
        "balloon_strength": BALLOON_STRENGTH,
        "balloon_points": resolve.BALLOON_POINTS,
        "crash_pot": resolve.CRASH_POT,
        "cloud_damage": CLOUD_DAMAGE,
        "missed_out": MISSED_ROUNDS_OUT,
        "keep_clear": KEEP_CLEAR,
        "fair_spread": FAIR_CLOUD_SPREAD,
        "cloud_radius": setup.CLOUD_NEIGHBOURHOOD,
        "default_clouds": setup.DEFAULT_CLOUDS,
        "max_clouds": setup.MAX_CLOUDS,
        "balloons_full": balloon_counts(False),
        "balloons_duel": balloon_counts(True),
        "chatter_lines": services.MAX_CHATTER_LINES,
        "chatter_length": services.MAX_CHATTER_LENGTH,
        "rank_words": [word.capitalize() for word in names.RANK_WORDS],
        "name_sample": NAME_SAMPLE,
        "damages": career.RANGE_DAMAGE[1 : career.reach(0) + 1],
        **weather_numbers(),
        **career_numbers(),
    }


# --- the view --------------------------------------------------------------------------------


def other_languages(current: str) -> list[dict]:
    """Links to the rules in the other languages, whatever the reader's own."""
    return [
        {"code": code, "query": f"?lang={code}"}
        for code, _label in settings.LANGUAGES
        if code != current
    ]


def page_context() -> dict:
    return {
        "tables": tables(),
        "figures": maneuver_figures(),
        "outlines": hex_outlines(),
        "n": prose_numbers(),
        "example": example(),
        "missed_warnings": range(1, MISSED_ROUNDS_OUT),
        "other_languages": other_languages(translation.get_language()),
    }


@in_asked_language
def rules(request):
    return render(request, "dogfight/rules.html", page_context())
