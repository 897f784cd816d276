"""The words a player reads for the engine's keys: missions, gadgets, rules broken, why a run
stopped or ended, the solo ratings. The engine names things by key; only here are they words
(gettext, so in the reader's language)."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop, ngettext
from django.utils.translation import gettext_lazy as _

from games import palette
from games.enginekit import EngineError
from games.refusals import Wording, refusal_words

MISSIONS = {
    "MS-01": (
        _("Escape the Lab"),
        _("Place a tile so its terminal square is beyond the right edge of sector 4."),
    ),
    "MS-02": (_("Complete 3 sectors"), _("Have at least 3 sectors completed.")),
    "MS-03": (_("Collect 5 coins in a sector"), _("Collect all five coins in any one sector.")),
    "MS-04": (
        _("Collect no coins in a completed sector"),
        _("Collect no coin in one sector you went all the way through."),
    ),
    "MS-05": (
        _("Rub your head on the roof for 10 blocks"),
        _("Cover at least 10 squares of the top row."),
    ),
    "MS-06": (_("Run 10 blocks on foot"), _("Cover at least 10 squares of the bottom row.")),
    "MS-07": (
        _("Don't touch the roof and floor in a completed sector"),
        _("In one completed sector, cover no square of the top or bottom row."),
    ),
    "MS-08": (
        _("Near-miss all obstacles in a sector"),
        _("In one sector, near-miss every obstacle."),
    ),
    "MS-09": (
        _("Come back to a sector you already completed"),
        _("Your route comes back to a sector it had left."),
    ),
    "MS-10": (
        _("Place 4 full tiles in one sector"),
        _("At least 4 tiles lie wholly inside the same sector."),
    ),
    "MS-11": (_("Don't harm any scientists"), _("Cover no square with a scientist.")),
    "MS-12": (_("High five 3 scientists"), _("Near-miss at least 3 scientists.")),
    "MS-13": (
        _("Don't go down in a completed sector"),
        _("In one completed sector, no square is lower than one before it."),
    ),
    "MS-14": (
        _("Don't go up in a completed sector"),
        _("In one completed sector, no square is higher than one before it."),
    ),
    "MS-15": (
        _("Use at most 2 tile shapes in a completed sector"),
        _("In one completed sector, the tiles there are of at most two shapes."),
    ),
    "MS-16": (
        _("Leave a sector at the same level you entered it"),
        _("A tile crosses a sector's right edge in the row another crossed its left edge."),
    ),
    "MS-17": (
        _("Near-miss an obstacle from all 4 sides"),
        _("Near-miss one obstacle from the left, the right, above and below."),
    ),
}

GADGETS = {
    "GS-01": (
        _("Turbo Boost"),
        _("Your first two planned tiles are placed before the run starts."),
    ),
    "GS-02": (
        _("Insta-Ball"),
        _(
            "Two tiles leave the pool before the run; after it they are "
            "placed if they break no rule."
        ),
    ),
    "GS-03": (
        _("Freeze-o-Matic"),
        _("At step 1 you place one extra tile before anyone else draws."),
    ),
    "GS-04": (_("Gemology"), _("1 point for every 3 coins you collect.")),
    "GS-05": (_("Flying Pig"), _("3 points for every 8 coins you collect.")),
    "GS-06": (
        _("Ezy-Dodge Missiles"),
        _("1 point for every missile near-missed on its left side."),
    ),
    "GS-07": (_("Missile Jammer"), _("You may fly through missiles.")),
    "GS-08": (_("Dezapinator"), _("You may fly through zappers.")),
    "GS-09": (_("Air Barrys"), _("2 points each time you go up from the bottom row.")),
    "GS-10": (_("Gravity Belt"), _("2 points each time you go down from the top row.")),
    "GS-11": (_("Flash"), _("4 points every run.")),
    "GS-12": (_("Coin Magnet"), _("You also collect the coins you near-miss.")),
    "GS-13": (
        _("Nerd Repellant"),
        _("1 point for each scientist you neither cover nor near-miss."),
    ),
    "GS-14": (_("Lucky Last"), _("1 point for each tile of the same shape as your last one.")),
    "GS-15": (_("Bubble Gun Jetpack"), _("3 coins at the end of every run.")),
    "GS-16": (_("Fruit Jetpack"), _("1 point for each tile that covers no coin.")),
}

RULES_BROKEN = {
    "start": _("the first tile has no square left of the lab"),
    "connect": _("it does not touch the last tile's free end with a terminal square"),
    "outside": _("a square lies outside the lab"),
    "overlap": _("it lies on a tile already placed"),
    "obstacle": _("it covers an obstacle"),
    "after_escape": _("it comes after the escape (not placed, no cost)"),
    "broken_route": _("the route broke before it (not placed)"),
}

STOPS = {
    "escaped": _("escaped the lab"),
    "done": _("laid the whole plan"),
    "pass": _("stopped as planned"),
    "refused": _("was refused a tile and stopped"),
    "run_over": _("was stopped by the end of the run"),
}

RUN_ENDS = {
    "escape": _("someone escaped the lab"),
    "pool_empty": _("the pool ran empty"),
    "plans_done": _("every plan was laid"),
}

OBSTACLES = {"zapper": _("zapper"), "missile": _("missile"), "laser": _("laser")}

RATINGS = (
    _("Eat more Steakfries, then try again."),
    _("You might be Barry, but you're certainly not Allen."),
    _("Heading down to StrawBarry Fields."),
    _("Like Barry Cooper going for a High Five."),
    _("Grabbing coins like Pablo EscoBarry."),
    _("Charging like a Barryum superconductor."),
    _("You're Barry Houdini: the Lab Escape Artist!"),
)

SHAPES = {
    "I3": _("I3 (three in a row)"),
    "I4": _("I4 (four in a row)"),
    "L4": _("L4 (an L of four)"),
    "S4": _("S4 (a skew of four)"),
    "U5": _("U5 (a U of five)"),
}

SEAT_COLOURS = tuple(colour.hex for colour in palette.colours("orange", "blue", "green", "purple"))


def mission_name(mission_id: str) -> str:
    return str(MISSIONS[mission_id][0]) if mission_id in MISSIONS else mission_id


def gadget_name(gadget_id: str) -> str:
    return str(GADGETS[gadget_id][0]) if gadget_id in GADGETS else gadget_id


def rule_words(rule: str) -> str:
    return str(RULES_BROKEN.get(rule, rule))


# --- the engine's refusals: each ``EngineError`` code in words, filled from its params ------

NAME_LENGTH = 20  # a name the engine echoes from the input is cut to this length


def refusal(error: EngineError) -> str:
    """Why the engine refused a plan or a pick, in the reader's language."""
    return refusal_words(error, REFUSALS)


def _named(params: dict) -> dict:
    """The params with the engine's keys worded: a shape as the input named it, a gadget by
    its name, the gadgets on offer by theirs, a cell as [row, col]."""
    worded = dict(params)
    if "shape" in params:
        worded["shape"] = str(params["shape"])[:NAME_LENGTH]
    if "gadget" in params:
        gadget = str(params["gadget"])
        worded["gadget"] = gadget_name(gadget) if gadget in GADGETS else gadget[:NAME_LENGTH]
    if "offered" in params:
        worded["offered"] = ", ".join(gadget_name(g) for g in params["offered"])
    if "cell" in params:
        worded["row"], worded["col"] = params["cell"]
    return worded


def _worded(text: str) -> Wording:
    """A wording that is ``text`` translated, filled from the params with their keys worded."""
    return lambda params: gettext(text) % _named(params)


def _wrong_phase(params: dict) -> str:
    if params["wanted"] == "pick":
        return gettext("no gadget pick is open now")
    return gettext("no run is open for plans")


def _pool_short(params: dict) -> str:
    return ngettext(
        "the plan needs %(needed)d tile %(shape)s; the pool holds %(held)d",
        "the plan needs %(needed)d tiles %(shape)s; the pool holds %(held)d",
        params["needed"],
    ) % _named(params)


# gettext_noop: the texts are marked for the catalogue here and translated when worded
REFUSALS: dict[str, Wording] = {
    "game_over": _worded(gettext_noop("the game is over")),
    "wrong_phase": _wrong_phase,
    "off_table": _worded(
        gettext_noop("the cell [%(row)d, %(col)d] is off the table (rows -4..9, columns -4..39)")
    ),
    "unknown_shape": lambda params: (
        gettext("there is no shape %(shape)s (the shapes: %(shapes)s)")
        % {**_named(params), "shapes": ", ".join(SHAPES)}
    ),
    "cell_count": _worded(gettext_noop("a tile %(shape)s has %(size)d cells")),
    "cell_twice": _worded(gettext_noop("a tile %(shape)s lists a cell twice")),
    "not_a_shape": _worded(gettext_noop("the cells do not form a tile %(shape)s")),
    "too_many_tiles": _worded(gettext_noop("a plan holds %(most)d tiles at most")),
    "pass_not_last": _worded(
        gettext_noop("item %(tile)d of the plan is a stop (pass), but a stop may only end the plan")
    ),
    "too_many_insta_tiles": _worded(gettext_noop("the Insta-Ball takes %(most)d tiles at most")),
    "no_insta_ball": _worded(
        gettext_noop("you do not own the %(gadget)s: no tiles may be planned for it")
    ),
    "pool_short": _pool_short,
    "not_on_offer": _worded(
        gettext_noop("%(gadget)s is not a gadget on offer (on offer: %(offered)s)")
    ),
    "gadget_twice": _worded(gettext_noop("the ranking names a gadget twice")),
}
