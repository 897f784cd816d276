"""The race's words for people: jets, equipment kinds, levels, courses, modes, and the codes the
engine answers with. The engine has no language; every word here goes through gettext."""

from __future__ import annotations

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

# Seat n flies jet JET_IDS[n], drawn in JET_COLOURS[n].
JET_IDS = ("red", "blue", "green", "yellow", "purple", "orange")
JET_COLOURS = ("#c0392b", "#2471a3", "#1e8449", "#b7950b", "#7d3c98", "#ca6f1e")
JET_NAMES = {"red": _("red"), "blue": _("blue"), "green": _("green"), "yellow": _("yellow"),
             "purple": _("purple"), "orange": _("orange")}

KIND_NAMES = {
    "booster": _("Booster"), "retro_booster": _("Retro Booster"),
    "hyper_booster": _("Hyper Booster"), "take_five": _("Take Five Booster"),
    "photonenpaddel": _("Photonenpaddel"), "paddel_de_luxe": _("Paddel de Luxe"),
    "sidestep": _("Sidestepgenerator"), "kupferwurm": _("Kupferwurm HaZ IV"),
    "sticky_fingers": _("Sticky Fingers"), "butt_kick": _("Butt Kick"),
    "traumatorpedo": _("Traumatorpedo"), "stasisfeld": _("Stasisfeld"),
    "uberhirn": _("Überhirn"), "warpfeld": _("Warpfeld"), "robert": _("Robert"),
    "abstauber": _("Abstauber"), "hollenboller": _("Höllenböller"),
}
KIND_EFFECTS = {
    "booster": _("The lift indicator goes up by two this turn."),
    "retro_booster": _("The lift indicator goes down by two this turn."),
    "hyper_booster": _("The jet flies its lift twice this turn."),
    "take_five": _("The jet flies Lift 5 this turn, the indicator up by one; the card takes "
                   "three damage chips."),
    "photonenpaddel": _("After the flight, the jet turns once more, within its lift's hinge "
                        "limit."),
    "paddel_de_luxe": _("After the flight, the jet takes a new heading up to 45° either side "
                        "of its ruler."),
    "sidestep": _("The jet steps sideways, left or right, up to Lift 3; the card takes three "
                  "damage chips."),
    "kupferwurm": _("Projector, ahead or behind: up to three damage chips on the victim's "
                    "cards."),
    "sticky_fingers": _("Projector: the victim's lift indicator drops to 0."),
    "butt_kick": _("Projector: the shooter flies the victim at Lift 3, hinges from its nose."),
    "traumatorpedo": _("Projector: the shooter orders the victim's next turn."),
    "stasisfeld": _("Projector: the victim loses its next turn."),
    "uberhirn": _("Projector: the victim fires one of its own projectors as the shooter says, "
                  "and pays for it."),
    "warpfeld": _("A gate within Lift 4 turns about one of its buoys; the course must still "
                  "pass the course check."),
    "robert": _("The repair robot, at Lift 1: every damage chip off the other cards, or 3 "
                "energy."),
    "abstauber": _("Takes up to 2 energy from a jet within Lift 1."),
    "hollenboller": _("Pushes every jet within Lift 1 away, 120 mm sideways."),
}
PHASE_NAMES = {"flight": _("as the flight's boost"), "before": _("before the flight"),
               "after": _("after the flight")}
COLOUR_NAMES = {"blue": _("blue card"), "red": _("red card"), "green": _("green card")}
LEVEL_NAMES = {1: _("first race"), 2: _("second race"), 3: _("third race"), 4: _("cracks")}
COURSE_NAMES = {"oval5": _("Oval, 5 gates"), "oval7": _("Oval, 7 gates"),
                "eight9": _("Figure of eight, 9 gates")}
WHY_WORDS = {
    "controlled": _("your pilot is out of action (Traumatorpedo)"),
    "damaged": _("it has a damage chip"), "energy": _("not enough energy"),
    "lift": _("no lift open for it"), "no_flight": _("the jet does not fly this turn"),
}
SNAP_WORDS = {"straight": _("straight"), "left": _("full left"), "right": _("full right"),
              "aim": _("aim at the next gate")}
SLIP_WORDS = {"rear": _("from behind"), "side": _("sideways"), "head_on": _("head-on")}


def jet_name(jet_id: str) -> str:
    return str(JET_NAMES.get(jet_id, jet_id))


def jet_colour(seat: int) -> str:
    return JET_COLOURS[seat % len(JET_COLOURS)]


def kind_name(kind: str | None) -> str:
    return str(KIND_NAMES.get(kind, kind or "—"))


def level_name(level: int) -> str:
    return gettext("level %(number)d, %(name)s") % {"number": level,
                                                    "name": LEVEL_NAMES.get(level, "?")}


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
    return str(WHY_WORDS.get(why, why or ""))


def engine_error(message: str) -> str:
    """The engine's reason for refusing an order (its own technical English, which names the
    field and the rule)."""
    return gettext("the engine refuses the order: %(error)s") % {"error": message}
