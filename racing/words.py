"""The race's words for people: jets, equipment kinds, levels, courses, modes, and the codes the
engine answers with (its refusals: ``refusal``). The engine has no language; every word here
goes through gettext."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import get_language, gettext, gettext_noop, ngettext
from django.utils.translation import gettext_lazy as _

from games import palette
from games.enginekit import EngineError
from games.refusals import Wording, refusal_words

from .engine.entry import JET_IDS

# Seat n flies jet JET_IDS[n] (the engine's ids are colours' names), drawn in its colour of the
# site's one palette.
JET_COLOURS = tuple(colour.hex for colour in palette.colours(*JET_IDS))
JET_NAMES = {key: palette.PALETTE[key].name for key in JET_IDS}

KIND_NAMES = {
    "booster": _("Booster"),
    "retro_booster": _("Retro Booster"),
    "hyper_booster": _("Hyper Booster"),
    "take_five": _("Take Five Booster"),
    "photonenpaddel": _("Photonenpaddel"),
    "paddel_de_luxe": _("Paddel de Luxe"),
    "sidestep": _("Sidestepgenerator"),
    "kupferwurm": _("Kupferwurm HaZ IV"),
    "sticky_fingers": _("Sticky Fingers"),
    "butt_kick": _("Butt Kick"),
    "traumatorpedo": _("Traumatorpedo"),
    "stasisfeld": _("Stasisfeld"),
    "uberhirn": _("Überhirn"),
    "warpfeld": _("Warpfeld"),
    "robert": _("Robert"),
    "abstauber": _("Abstauber"),
    "hollenboller": _("Höllenböller"),
}
KIND_EFFECTS = {
    "booster": _("The lift indicator goes up by two this turn."),
    "retro_booster": _("The lift indicator goes down by two this turn."),
    "hyper_booster": _("The jet flies its lift twice this turn."),
    "take_five": _(
        "The jet flies Lift 5 this turn, the indicator up by one; the card takes "
        "three damage chips."
    ),
    "photonenpaddel": _(
        "After the flight, the jet turns once more, within its lift's hinge limit."
    ),
    "paddel_de_luxe": _(
        "After the flight, the jet takes a new heading up to 45° either side of its last "
        "ruler (the Photonenpaddel's, when one was used before it)."
    ),
    "sidestep": _(
        "The jet steps sideways, left or right, up to Lift 3; the card takes three damage chips."
    ),
    "kupferwurm": _("Projector, ahead or behind: up to three damage chips on the victim's cards."),
    "sticky_fingers": _("Projector: the victim's lift indicator drops to 0."),
    "butt_kick": _("Projector: the shooter flies the victim at Lift 3, hinges from its nose."),
    "traumatorpedo": _("Projector: the shooter orders the victim's next turn."),
    "stasisfeld": _("Projector: the victim loses its next turn."),
    "uberhirn": _(
        "Projector: the victim fires one of its own projectors as the shooter says, "
        "and pays for it."
    ),
    "warpfeld": _(
        "A gate within Lift 4 turns about one of its buoys; the course must still "
        "pass the course check."
    ),
    "robert": _("The repair robot, at Lift 1: every damage chip off the other cards, or 3 energy."),
    "abstauber": _("Takes up to 2 energy from a jet within Lift 1."),
    "hollenboller": _("Pushes every jet within Lift 1 away, 120 mm sideways."),
}
PHASE_NAMES = {
    "flight": _("as the flight's boost"),
    "before": _("before the flight"),
    "after": _("after the flight"),
}
COLOUR_NAMES = {"blue": _("blue card"), "red": _("red card"), "green": _("green card")}
LEVEL_NAMES = {1: _("first race"), 2: _("second race"), 3: _("third race"), 4: _("cracks")}
COURSE_NAMES = {
    "oval5": _("Oval, 5 gates"),
    "oval7": _("Oval, 7 gates"),
    "eight9": _("Figure of eight, 9 gates"),
}
WHY_WORDS = {
    "controlled": _("your pilot is out of action (Traumatorpedo)"),
    "damaged": _("it has a damage chip"),
    "energy": _("not enough energy"),
    "lift": _("no lift open for it"),
    "no_flight": _("the jet does not fly this turn"),
    "phase": _("it is not used at this point of the turn"),
    "used": _("that kind was already used this turn"),
}
SNAP_WORDS = {
    "straight": _("straight"),
    "left": _("full left"),
    "right": _("full right"),
    "aim": _("aim at the next gate"),
}
SLIP_WORDS = {"rear": _("from behind"), "side": _("sideways"), "head_on": _("head-on")}


def jet_name(jet_id: str) -> str:
    return str(JET_NAMES.get(jet_id, jet_id))


def jet_colour(seat: int) -> str:
    return JET_COLOURS[seat % len(JET_COLOURS)]


def kind_name(kind: str | None) -> str:
    return _kind_name(kind, get_language()) if kind else "—"


@lru_cache(maxsize=512)
def _kind_name(kind: str, language: str | None) -> str:
    """A card's name in ``language`` (the active one): asked for every card on every form."""
    return str(KIND_NAMES.get(kind, kind))


def card_words(kind: str, chips: int) -> str:
    """A card by its name and its damage chips: "Booster (2 chips)"."""
    if not chips:
        return kind_name(kind)
    count = ngettext("%(chips)s chip", "%(chips)s chips", chips) % {"chips": chips}
    return f"{kind_name(kind)} ({count})"


PHASE_WORDS = {"before": _("before the flight"), "after": _("after the flight")}


def phase_words(phase: str) -> str:
    """When a card is used, in words: before the flight, else after it."""
    return str(PHASE_WORDS["before" if phase == "before" else "after"])


def level_name(level: int) -> str:
    return gettext("level %(number)d, %(name)s") % {
        "number": level,
        "name": LEVEL_NAMES.get(level, "?"),
    }


def course_words(course) -> str:
    if isinstance(course, str):
        return str(COURSE_NAMES.get(course, course))
    gates = len(course.get("gates", [])) if isinstance(course, dict) else 0
    return gettext("the referee's own course, %(gates)d gates") % {"gates": gates}


def mode_words(mode: str) -> str:
    if mode == "round":
        return gettext("round mode: every jet's turn sealed, resolved together in race order")
    return gettext("turn mode: each turn resolved the moment it is sent")


def why_word(why: str | None) -> str:
    return str(WHY_WORDS.get(why, why)) if why else ""


# --- the engine's refusals ------------------------------------------------------------------
# Each code the engine refuses an order with (``EngineError.code``) has its words here, filled
# from the error's params; ids among them are worded (jets, kinds, whys, numbers).


def number_words(value: object) -> str:
    """A number in the reader's way of writing it (60 rather than 60.0)."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return number_format(value) if isinstance(value, (int, float)) else str(value)


def choice_words(values: list) -> str:
    """``1``, ``1 or 2``, ``1, 2 or 3``."""
    worded = [number_words(v) for v in values]
    if len(worded) < 2:
        return "".join(worded)
    return gettext("%(some)s or %(last)s") % {"some": ", ".join(worded[:-1]), "last": worded[-1]}


# The refusals' own words for a why where the order form's (``WHY_WORDS``) would be vague: a
# card refused for its lift is Robert, who works only at Lift 1.
REFUSAL_WHY_WORDS = {"lift": _("it works only in a turn flown at Lift 1, without a booster")}
COURSE_CHECK_WORDS = {
    "gate_count": gettext_noop("a course has %(low)d to %(high)d gates, not %(count)d"),
    "gate_off_plane": gettext_noop("gate %(gate)d lies off the plane"),
    "gates_overlap": gettext_noop("gates %(gate)d and %(other)d overlap"),
    "gate_in_start_area": gettext_noop("gate %(gate)d lies in the start area behind gate 1"),
}
SETTING_NAMES = {"level": _("Level"), "laps": _("Laps")}
DURING_WORDS = {
    "hyper_booster": _("in the Hyper Booster's second flight"),
    "butt_kick": _("in the Butt Kick's flight"),
}

PARAM_WORDS: dict[str, Callable[[Any], str]] = {  # a JSON value, as the engine sent it
    "jet": lambda v: jet_name(str(v)),
    "kind": lambda v: kind_name(str(v)),
    "limit": number_words,
    "lifts": lambda v: choice_words(list(v)),
    "levels": lambda v: choice_words(list(v)),
    "why": lambda v: str(REFUSAL_WHY_WORDS.get(v) or why_word(str(v))),
    "setting": lambda v: str(SETTING_NAMES.get(v, v)),
}


def _worded(params: dict) -> dict:
    return {
        key: PARAM_WORDS[key](value) if key in PARAM_WORDS else value
        for key, value in params.items()
    }


def _say(message: str) -> Wording:
    """The wording ``message`` (marked with ``gettext_noop``), filled from the worded params."""
    return lambda params: gettext(message) % _worded(params)


def _course_check(message: str) -> Wording:
    def wording(params: dict) -> str:
        check = gettext(COURSE_CHECK_WORDS[params["check"]]) % params
        return gettext(message) % {"check": check}

    return wording


def _lifts(open_message: str, none_message: str) -> Wording:
    """A lift refused: the lifts open (``open_message``), or that there are none."""
    return lambda params: (
        gettext(open_message if params["lifts"] else none_message) % _worded(params)
    )


REFUSALS: dict[str, Wording] = {
    "hinge_limit": _say(gettext_noop("a hinge is past the limit of %(limit)s degrees")),
    "slip_hinge_limit": _say(gettext_noop("a slip's hinge is past the limit of %(limit)s degrees")),
    "lift0_turn": _say(gettext_noop("a jet at Lift 0 does not turn: no hinges, no slips")),
    "slip_chain": _say(gettext_noop("the slips go round in a chain at the %(jet)s jet")),
    "slips_count": _say(
        gettext_noop("the order gives more slips (%(given)d) than the flight makes (%(slips)d)")
    ),
    "slip_energy": _say(
        gettext_noop("no energy to slip over the %(jet)s jet: choose a course without contact")
    ),
    "lift_not_open": _lifts(
        gettext_noop("the lift must be %(lifts)s, not %(lift)d"),
        gettext_noop("no lift is open, not even %(lift)d"),
    ),
    "boost_lift": _lifts(
        gettext_noop("the %(kind)s allows lift %(lifts)s, not %(lift)d"),
        gettext_noop("the %(kind)s opens no lift now"),
    ),
    "card_not_held": _say(gettext_noop("the %(jet)s jet holds no card %(card)s")),
    "kind_not_held": _say(gettext_noop("the %(jet)s jet holds no %(kind)s card")),
    "cannot_use": _say(gettext_noop("the %(jet)s jet cannot use its %(kind)s now: %(why)s")),
    "unknown_jet": _say(gettext_noop("there is no %(jet)s jet in the race")),
    "target_not_racing": _say(
        gettext_noop("the %(jet)s jet is no target: the target is another jet still racing")
    ),
    "use_angle_limit": _say(gettext_noop("%(kind)s: at most %(limit)s degrees (Lift %(lift)d)")),
    "sidestep_blocked": _say(gettext_noop("the sidestep cannot end clear of the other jets")),
    "sidestep_touching": _say(gettext_noop("the sidestep would end touching the %(jet)s jet")),
    "victim_card_not_held": _say(
        gettext_noop("the %(jet)s jet holds no such card for the damage chips")
    ),
    "too_many_chips": _say(gettext_noop("at most %(most)d damage chips")),
    "uberhirn_not_projector": _say(
        gettext_noop("the Überhirn fires a projector of the victim, not its %(kind)s")
    ),
    "uberhirn_on_uberhirn": _say(gettext_noop("an Überhirn cannot fire another Überhirn")),
    "hyper_without_booster": _say(gettext_noop("a second flight needs the Hyper Booster")),
    "no_gate": _say(gettext_noop("there is no gate %(gate)d (the course has %(gates)d)")),
    "buoy_out_of_reach": _say(gettext_noop("no buoy of gate %(gate)d within Lift %(lift)d")),
    "warp_course_check": _course_check(
        gettext_noop("the warped course fails the course check: %(check)s")
    ),
    "course_check": _course_check(gettext_noop("the course fails the course check: %(check)s")),
    "not_within_reach": _say(gettext_noop("the %(jet)s jet is not within Lift %(lift)d")),
    "race_over": _say(gettext_noop("the race is over")),
    "not_racing": _say(gettext_noop("the %(jet)s jet is not racing any more")),
    "flight_in_turn_mode": _say(
        gettext_noop(
            "in turn mode the shooter orders the victim's turn when it comes: no sealed flight"
        )
    ),
    "draft_over": _say(gettext_noop("the draft is over: order a flight")),
    "draft_on": _say(gettext_noop("the draft is on: pick a card or pass")),
    "pick_not_offered": _say(gettext_noop("the %(jet)s jet may not take a %(kind)s now")),
    "miss_not_allowed": _say(
        gettext_noop("a course avoids contact: the jet may not miss its turn")
    ),
    "controlled_flight_only": _say(
        gettext_noop("your pilot is out of action (Traumatorpedo): lift, hinges and slips only")
    ),
    "no_chip": _say(gettext_noop("the %(kind)s card (%(card)d) has no damage chip")),
    "no_station": _say(gettext_noop("there is no equipment station in this race")),
    "station_controlled": _say(
        gettext_noop("your pilot is out of action (Traumatorpedo): no visit to the station")
    ),
    "station_out_of_reach": _say(
        gettext_noop("the station: no buoy of gate %(gate)d within Lift %(lift)d")
    ),
    "station_return": _say(
        gettext_noop("the station takes back only cards the jet holds, each once")
    ),
    "supply_empty": _say(gettext_noop("no %(kind)s left in the supply")),
    "too_many_cards": _say(gettext_noop("at most %(most)d cards on board")),
    "station_energy": _say(
        gettext_noop(
            "not enough energy for the cards taken: they cost %(cost)d, the jet has %(energy)d"
        )
    ),
    "jet_count": _say(gettext_noop("a race has %(low)d to %(high)d jets, not %(count)d")),
    "setting_range": _say(gettext_noop("%(setting)s: %(low)d to %(high)d, not %(value)d")),
    "unknown_course": _say(gettext_noop("there is no built-in course “%(name)s”")),
    "pilot_level": _say(gettext_noop("a computer pilot's level is %(levels)s")),
    "unstarted_progress": _say(
        gettext_noop(
            "the race's state contradicts itself: the %(jet)s jet has not started, yet its next"
            " gate is %(next_gate)d after %(laps)d laps"
        )
    ),
    "laps_past_race": _say(
        gettext_noop(
            "the race's state contradicts itself: %(laps)d laps flown by the %(jet)s jet do"
            " not fit its status in a race of %(race_laps)d laps"
        )
    ),
}


def refusal(error: EngineError) -> str:
    """The engine's reason for refusing an order (or a race's setup) in the reader's language;
    a refusal met during another flight than the jet's own says which."""
    words = refusal_words(error, REFUSALS)
    during = error.params.get("during")
    if during:
        words = gettext("%(refusal)s (%(during)s)") % {
            "refusal": words,
            "during": DURING_WORDS.get(str(during)) or kind_name(str(during)),
        }
    return words
