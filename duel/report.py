"""A published duel action in words (mail, feed, report page) and as replay frames.

Frames replay the engine's events one by one on a copy of the state before the action (a
spectator's view): the board after each fighter's hex, turn, shot, launch and missile flight.
"""

from __future__ import annotations

import copy

from django.utils.translation import gettext, gettext_noop, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games.refusals import Wording, refusal_words

from .engine import EngineError
from .engine.classes import CLASSES
from .engine.hexgrid import FACINGS
from .engine.state import QUIET_TURN_LIMIT

# The engine's codes in a player's words. Each table is keyed by the engine's own codes, so a
# code the engine adds shows up as itself until it is worded here.
FACING_WORDS = {
    "E": pgettext_lazy("facing", "E"),
    "NE": pgettext_lazy("facing", "NE"),
    "NW": pgettext_lazy("facing", "NW"),
    "W": pgettext_lazy("facing", "W"),
    "SW": pgettext_lazy("facing", "SW"),
    "SE": pgettext_lazy("facing", "SE"),
}
STEP_WORDS = {
    "A": _("ahead"),
    "L": _("turn left"),
    "R": _("turn right"),
    "G": _("fire the nose gun"),
    "GT": _("fire the tail gun"),
    "M": _("launch a missile forward"),
    "MT": _("launch a missile backward"),
    "S": _("launch a smart missile forward"),
    "ST": _("launch a smart missile backward"),
}
GUN_WORDS = {"nose": _("nose gun"), "tail": _("tail gun")}
LAUNCHER_WORDS = {"nose": _("nose launcher"), "tail": _("tail launcher")}
MISSILE_WORDS = {"missile": _("missile"), "smart": _("smart missile")}
CAUSE_WORDS = {  # why a fighter was destroyed, or a missile is gone
    "edge": _("left the board"),
    "asteroid": _("asteroid"),
    "collision": _("collision"),
    "missile": _("missile"),
    "gun": _("gun"),
    "hit": _("hit"),
}
STATE_WORDS = {"destroyed": _("destroyed"), "docked": _("docked"), "flying": _("flying")}


def facing_word(facing: int) -> str:
    return str(FACING_WORDS[FACINGS[facing]])


def step_word(code: str) -> str:
    return str(STEP_WORDS.get(code, code))


def cause_word(cause: str) -> str:
    return str(CAUSE_WORDS.get(cause, cause))


# A fighter's loss as a sentence, by its cause; "by" names the other fighter (a gun, a
# collision) or the missile.
LOSS_WORDS = {
    "gun": gettext_noop("%(fighter)s is shot down by %(by)s."),
    "missile": gettext_noop("%(fighter)s is destroyed by missile %(by)s."),
    "collision": gettext_noop("%(fighter)s collides with %(by)s; both are lost."),
    "asteroid": gettext_noop("%(fighter)s flies into an asteroid and is destroyed."),
    "edge": gettext_noop("%(fighter)s leaves the board and is lost."),
}
LOSS_WITHOUT_BY = gettext_noop("%(fighter)s is destroyed.")


def loss_words(fighter: str, cause: str, by=None) -> str:
    """A fighter's loss as a sentence: ``fighter`` (already worded: "Your A4", "bob's B2"),
    the engine's ``cause`` and its ``by`` (a fighter id or a missile number; None when the
    cause names no one)."""
    message = LOSS_WORDS.get(cause, LOSS_WITHOUT_BY)
    if by is None and "%(by)s" in message:
        message = LOSS_WITHOUT_BY
    return gettext(message) % {"fighter": fighter, "by": by}


def result_words(result: str) -> str:
    """Why the game ended, for each of the engine's ``turns.RESULTS``."""
    words = {
        "victory": gettext("a fighter is home and the other side has none left"),
        "both_destroyed": gettext("both sides lost every fighter"),
        "quiet": ngettext(
            "%(count)d turn without a fighter destroyed",
            "%(count)d turns without a fighter destroyed",
            QUIET_TURN_LIMIT,
        )
        % {"count": QUIET_TURN_LIMIT},
        "forfeit": gettext("too many missed turns"),
        "resigned": gettext("a player resigned"),
        "agreed_draw": gettext("both players agreed to a draw"),
    }
    return words.get(result, result)


def player_name(names: dict, player) -> str:
    return names.get(player) or gettext("player %(letter)s") % {"letter": "AB"[player]}


def hex_words(hex_) -> str:
    return gettext("off the board") if hex_ is None else f"[{hex_[0]}, {hex_[1]}]"


# --- the events, one line each -----------------------------------------------------------------


def _setup_line(event: dict, names: dict[int, str]) -> str | None:
    kind = event["type"]
    player = player_name(names, event["player"]) if "player" in event else None
    if kind == "asteroid_placed":
        return gettext("%(player)s placed an asteroid on %(hex)s.") % {
            "player": player,
            "hex": hex_words(event["hex"]),
        }
    if kind == "asteroid_lost" and event["why"] == "missed":
        return gettext("%(player)s lost an asteroid (missed the deadline).") % {"player": player}
    if kind == "asteroid_lost":
        return gettext("%(player)s lost an asteroid (no hex could take it).") % {"player": player}
    if kind == "placement_missed":
        return gettext(
            "%(player)s missed the placement: the fighters dock in order, facing the enemy."
        ) % {"player": player}
    if kind == "fighters_placed":
        return gettext("Both placements revealed: %(placements)s.") % {
            "placements": ", ".join(_placement_words(p) for p in event["placements"])
        }
    if kind == "phase" and event["phase"] == "fighters":
        return gettext("The asteroids are placed: now the fighters, sealed.")
    if kind == "phase" and event["phase"] == "play":
        return gettext("The fighters are placed: the duel begins.")
    return None


def _placement_words(placement: dict) -> str:
    return gettext("%(fighter)s on %(hex)s facing %(facing)s") % {
        "fighter": placement["fighter"],
        "hex": hex_words(placement["hex"]),
        "facing": facing_word(placement["facing"]),
    }


def _player_line(event: dict, names: dict[int, str]) -> str | None:
    kind = event["type"]
    values = {"player": player_name(names, event["player"])} if "player" in event else {}
    if kind == "turn":
        values["turn"] = event["turn"]
        sentence = {
            "orders": gettext("Turn %(turn)d: %(player)s."),
            "missed": gettext("Turn %(turn)d: %(player)s (missed: the default flight)."),
            "auto": gettext("Turn %(turn)d: %(player)s (no fighters left: played automatically)."),
        }[event["how"]]
        return sentence % values
    if kind == "missed":
        return gettext("%(player)s missed a turn (%(in_row)d in a row, %(total)d in all).") % {
            **values,
            "in_row": event["in_row"],
            "total": event["total"],
        }
    if kind == "forfeit":
        return gettext("%(player)s forfeited the game.") % values
    if kind == "resigned":
        return gettext("%(player)s resigned.") % values
    if kind == "game_over" and event["winner"] is None:
        return gettext("The game is over: a draw (%(why)s).") % {
            "why": result_words(event["result"])
        }
    if kind == "game_over":
        return gettext("The game is over: %(player)s won (%(why)s).") % {
            "player": player_name(names, event["winner"]),
            "why": result_words(event["result"]),
        }
    return None


def _fighter_line(event: dict) -> str | None:
    kind = event["type"]
    values = {"fighter": event.get("fighter"), "hex": hex_words(event.get("hex"))}
    if kind == "took_off":
        return gettext("%(fighter)s took off from %(hex)s.") % values
    if kind == "moved" and event["hex"] is None:
        return gettext("%(fighter)s flew off the board.") % values
    if kind == "moved":
        return gettext("%(fighter)s flew to %(hex)s.") % values
    if kind == "turned" and event["step"] == "L":
        return gettext("%(fighter)s turned left.") % values
    if kind == "turned":
        return gettext("%(fighter)s turned right.") % values
    if kind == "fired":
        return _shot_line(event, values)
    if kind == "launched":
        return _launch_line(event, values)
    if kind == "landed":
        return gettext("%(fighter)s landed on %(hex)s.") % values
    if kind == "stayed":
        return gettext("%(fighter)s stayed docked facing %(facing)s.") % {
            **values,
            "facing": facing_word(event["facing"]),
        }
    if kind == "reloaded":
        return gettext("%(fighter)s reloaded.") % values
    return None


def _shot_line(event: dict, values: dict) -> str:
    values = {**values, "gun": GUN_WORDS[event["gun"]], "hit": event.get("hit")}
    if event.get("hex") is None:
        return gettext("%(fighter)s fired its %(gun)s over the edge of the board.") % values
    if event.get("hit"):
        return gettext("%(fighter)s fired its %(gun)s at %(hex)s, hitting %(hit)s.") % values
    return gettext("%(fighter)s fired its %(gun)s at %(hex)s, missing.") % values


def _launch_line(event: dict, values: dict) -> str:
    values = {
        **values,
        "missile": event["missile"],
        "launcher": LAUNCHER_WORDS.get(event["launcher"], event["launcher"]),
    }
    if event["kind"] == "smart":
        return (
            gettext("%(fighter)s launched a smart missile (%(missile)s) from its %(launcher)s.")
            % values
        )
    return gettext("%(fighter)s launched a missile (%(missile)s) from its %(launcher)s.") % values


def _missile_line(event: dict) -> str | None:
    kind = event["type"]
    values = {
        "missile": event.get("missile"),
        "hex": hex_words(event.get("hex")),
        "fighter": event.get("fighter"),
        "cause": cause_word(event.get("cause", "")),
    }
    if kind == "missile_moved":
        return gettext("Missile %(missile)s flew to %(hex)s.") % values
    if kind == "missile_turned":
        return gettext("Smart missile %(missile)s turned to %(facing)s.") % {
            **values,
            "facing": facing_word(event["facing"]),
        }
    if kind == "missile_removed" and event["cause"] == "hit" and event.get("fighter"):
        return gettext("Missile %(missile)s hit %(fighter)s and is gone.") % values
    if kind == "missile_removed":
        return gettext("Missile %(missile)s is gone (%(cause)s).") % values
    return None


def _destroyed_line(event: dict, names: dict[int, str]) -> str:
    owner = event.get("player")
    if owner is None:
        return loss_words(event["fighter"], event["cause"], event.get("by"))
    fighter = gettext("%(player)s's %(fighter)s") % {
        "player": player_name(names, owner),
        "fighter": event["fighter"],
    }
    return loss_words(fighter, event["cause"], event.get("by"))


def describe_event(event: dict, names: dict[int, str]) -> str | None:
    """One event in words; None for what is not told (``fighters_sealed``)."""
    kind = event["type"]
    if kind == "destroyed":
        return _destroyed_line(event, names)
    if kind.startswith("missile_"):
        return _missile_line(event)
    return _setup_line(event, names) or _player_line(event, names) or _fighter_line(event)


def describe(events: list, names: dict[int, str]) -> list[str]:
    return [line for line in (describe_event(e, names) for e in events) if line]


def fighter_status(fighter: dict) -> str:
    if fighter.get("destroyed"):
        return gettext("destroyed")
    if fighter.get("hex") is None:
        return gettext("not placed")
    if fighter.get("docked"):
        turns = fighter.get("docked_turns", 0)
        return ngettext("docked (%(count)d turn)", "docked (%(count)d turns)", turns) % {
            "count": turns
        }
    return gettext("flying at speed %(speed)d") % {"speed": fighter.get("speed", 0)}


def fighter_rows(state: dict, names: dict[int, str]) -> list[dict]:
    return [
        {
            **f,
            "owner": player_name(names, f["player"]),
            "status": fighter_status(f),
            "name": CLASSES[f["class"]].name,
            "facing_name": facing_word(f.get("facing", 0)),
        }
        for f in state["fighters"]
    ]


# An action's replay has at most this many steps, which keeps a whole duel's frames cheap; an
# action with more hex steps than that shows its tail in the last step.
MAX_FRAMES = 61
# An event that is a step of its own on the board; those before it (the turn's start, a
# take-off, a smart missile's turn) belong to it, and so do those after it (a destruction, a
# missile gone, a landing).
STEP_EVENTS = (
    "moved",
    "missile_moved",
    "fired",
    "turned",
    "launched",
    "stayed",
    "asteroid_placed",
    "fighters_placed",
)
LEADING_EVENTS = ("turn", "missed", "took_off", "missile_turned")


def _chunks(events: list) -> list[list[dict]]:
    """The events in replay steps, hex by hex: each fighter's hex, turn, shot and launch, each
    missile's hex, each setup placement, with what it caused."""
    chunks: list[list[dict]] = []
    leading: list[dict] = []
    for event in events:
        kind = event["type"]
        if kind in LEADING_EVENTS:
            leading.append(event)
        elif kind in STEP_EVENTS or not chunks:
            chunks.append([*leading, event])
            leading = []
        else:
            chunks[-1].append(event)
    if leading:
        chunks.append(leading)
    if len(chunks) > MAX_FRAMES - 1:  # an unusually long action: the tail in one step
        chunks = chunks[: MAX_FRAMES - 2] + [[e for c in chunks[MAX_FRAMES - 2 :] for e in c]]
    return chunks


def _title(chunk: list[dict], names: dict[int, str]) -> str:
    lines = describe(chunk, names)
    return " ".join(lines) if lines else chunk[0]["type"]


def frames(
    state_before: dict, events: list, state_after: dict, names: dict[int, str]
) -> list[dict]:
    """[{"state", "title", "trails", "flights", "shots", "kills", "moving"}]: the board before
    the action and after each hex step of it (see ``_chunks``), rebuilt from the events (which
    end in ``state_after``); at most ``MAX_FRAMES``. ``flights``: every missile's hexes so far
    in this action, those gone included; ``shots``: the gun shots so far (``new`` in this
    step); ``kills``: the fighters destroyed so far in this action; ``moving``: the fighter or
    missile of this step. Fighters destroyed before the action are not on the board."""
    state = copy.deepcopy(state_before)
    state["fighters"] = [f for f in state["fighters"] if not f.get("destroyed")]
    replay = {
        "trails": {},
        "flights": {m["id"]: [m["hex"]] for m in state["missiles"]},
        "shots": [],
        "kills": [],
    }
    out = [{**_snapshot(state, replay), "title": gettext("Before"), "moving": None}]
    fighters = {f["id"]: f for f in state["fighters"]}
    for chunk in _chunks(events):
        for shot in replay["shots"]:
            shot["new"] = False
        for event in chunk:
            _apply(state, fighters, replay, event)
        out.append(
            {**_snapshot(state, replay), "title": _title(chunk, names), "moving": _moving(chunk)}
        )
    return out


def _snapshot(state: dict, replay: dict) -> dict:
    return {"state": copy.deepcopy(state), **copy.deepcopy(replay)}


def _moving(chunk: list[dict]):
    for event in chunk:
        if event["type"] in STEP_EVENTS and "fighter" in event:
            return {"fighter": event["fighter"]}
        if event["type"] == "missile_moved":
            return {"missile": event["missile"]}
    return None


def _apply(state: dict, fighters: dict, replay: dict, event: dict) -> None:
    kind = event["type"]
    # Empty for an event that moves no fighter on the board (only "destroyed" may name none).
    fighter: dict = fighters.get(event.get("fighter"), {})
    trails, flights = replay["trails"], replay["flights"]
    if kind == "asteroid_placed":
        state["asteroids"].append(event["hex"])
    elif kind == "fighters_placed":
        for p in event["placements"]:
            placed = fighters[p["fighter"]]
            placed["hex"], placed["facing"], placed["docked"] = p["hex"], p["facing"], True
    elif kind == "took_off":
        fighter["docked"] = False
    elif kind == "moved":
        trails.setdefault(fighter["id"], [fighter["hex"]])
        if event["hex"] is not None:
            fighter["hex"] = event["hex"]
            trails[fighter["id"]].append(event["hex"])
    elif kind in ("turned", "stayed"):
        fighter["facing"] = event["facing"]
    elif kind == "landed":
        fighter["docked"] = True
    elif kind == "destroyed" and fighter:
        fighter["destroyed"] = True
        replay["kills"].append(
            {k: event.get(k) for k in ("fighter", "player", "cause", "by", "hex")}
        )
    elif kind == "fired":
        replay["shots"].append(
            {k: event.get(k) for k in ("fighter", "gun", "from", "hex", "hit")} | {"new": True}
        )
    elif kind == "launched":
        state["missiles"].append(
            {
                "id": event["missile"],
                "owner": fighter["player"],
                "kind": event["kind"],
                "hex": event["hex"],
                "facing": event["facing"],
                "fighter": fighter["id"],
            }
        )
        flights[event["missile"]] = [event["hex"]]
    elif kind in ("missile_moved", "missile_turned"):
        for missile in state["missiles"]:
            if missile["id"] == event["missile"]:
                missile["facing"] = event["facing"]
                missile["hex"] = event.get("hex", missile["hex"])
        if kind == "missile_moved":
            flights.setdefault(event["missile"], []).append(event["hex"])
    elif kind == "missile_removed":
        state["missiles"] = [m for m in state["missiles"] if m["id"] != event["missile"]]


# --- what the engine foresees for the turn being built -------------------------------------------


def doomed_words(fighter: str, doomed: dict) -> str:
    """``legal``'s ``doomed``: a fighter the player's own missile destroys before it moves."""
    values = {"fighter": fighter, "missile": doomed["by"]}
    if doomed["kind"] == "smart":
        return (
            gettext(
                "%(fighter)s is destroyed by your own smart missile (%(missile)s) before it moves."
            )
            % values
        )
    return (
        gettext("%(fighter)s is destroyed by your own missile (%(missile)s) before it moves.")
        % values
    )


def cornered_words(fighter: str) -> str:
    """``legal``'s ``cornered``: every move open to the fighter this turn destroys it."""
    return gettext(
        "%(fighter)s cannot survive this turn: every move open to it ends off the board, "
        "in an asteroid or in a missile."
    ) % {"fighter": fighter}


def trapped_words(fighter: str) -> str:
    return gettext(
        "%(fighter)s ends where it cannot avoid an asteroid or the edge of the board next turn."
    ) % {"fighter": fighter}


def kill_words(kill: dict, viewer: int) -> str:
    if kill["player"] == viewer:
        fighter = gettext("Your %(fighter)s") % {"fighter": kill["fighter"]}
    else:
        fighter = gettext("The enemy's %(fighter)s") % {"fighter": kill["fighter"]}
    return loss_words(fighter, kill["cause"], kill.get("by"))


def threat_words(threat: dict, viewer: int) -> str:
    targets = [
        (
            ngettext(
                "%(fighter)s (yours, %(distance)d hex away)",
                "%(fighter)s (yours, %(distance)d hexes away)",
                t["distance"],
            )
            if t["player"] == viewer
            else ngettext(
                "%(fighter)s (%(distance)d hex away)",
                "%(fighter)s (%(distance)d hexes away)",
                t["distance"],
            )
        )
        % t
        for t in threat["in_reach"]
    ]
    values = {"missile": threat["missile"], "targets": ", ".join(targets)}
    if not targets:
        return (
            gettext(
                "Smart missile %(missile)s homes on the nearest fighter, yours or the "
                "enemy's; none is within its reach now."
            )
            % values
        )
    return (
        gettext(
            "Smart missile %(missile)s homes on the nearest fighter, yours or the "
            "enemy's. Within its reach now: %(targets)s."
        )
        % values
    )


def gone_words(fighter: str, cause: str) -> str:
    return gettext("%(fighter)s is destroyed (%(cause)s): it takes no more steps.") % {
        "fighter": fighter,
        "cause": cause_word(cause),
    }


# --- the engine's refusals: each ``EngineError`` code in words, filled from its params ------

PHASE_WORDS = {
    "asteroids": _("placing the asteroids"),
    "fighters": _("placing the fighters"),
    "play": _("the play"),
    "over": _("the end of the game"),
}
NAME_LENGTH = 20  # a name the engine echoes from the input is cut to this length


def refusal(error: EngineError) -> str:
    """Why the engine refused an action or a setting, in the reader's language."""
    return refusal_words(error, REFUSALS)


def either(numbers: list[int]) -> str:
    """``2, 3 or 4``: the numbers, the last one joined by "or"."""
    words = [str(n) for n in numbers]
    if len(words) < 2:
        return "".join(words) or "—"
    return gettext("%(some)s or %(last)s") % {"some": ", ".join(words[:-1]), "last": words[-1]}


def _named(params: dict) -> dict:
    """The params with the names of the engine's keys worded: the fighter (as the input named
    it), its class, the step, the gun, the launcher, the missile, the hex, the phase."""
    worded = dict(params)
    if "fighter" in params:
        worded["fighter"] = str(params["fighter"])[:NAME_LENGTH]
    if "fighter_class" in params:
        key = params["fighter_class"]
        worded["class"] = CLASSES[key].name if key in CLASSES else str(key)[:NAME_LENGTH]
    for key, table in (
        ("gun", GUN_WORDS),
        ("launcher", LAUNCHER_WORDS),
        ("missile", MISSILE_WORDS),
        ("phase", PHASE_WORDS),
    ):
        if key in params:
            worded[key] = str(table.get(params[key], params[key]))
    if "step" in params:
        worded["step"] = step_word(params["step"])
    if "hex" in params:
        worded["hex"] = hex_words(params["hex"])
    return worded


def _worded(text: str) -> Wording:
    """A wording that is ``text`` translated, filled from the params with their names worded."""
    return lambda params: gettext(text) % _named(params)


def _turn_too_soon(params: dict) -> str:
    return ngettext(
        "%(fighter)s, step %(number)d (%(step)s): a %(class)s turns only after %(z)d hex "
        "since the start of its move or its last turn (%(flown)d so far)",
        "%(fighter)s, step %(number)d (%(step)s): a %(class)s turns only after %(z)d hexes "
        "since the start of its move or its last turn (%(flown)d so far)",
        params["z"],
    ) % _named(params)


def _wrong_distance(params: dict) -> str:
    speeds = params["speeds"]
    return ngettext(
        "%(fighter)s must fly %(speeds)s hex this turn; it has flown %(ahead)d",
        "%(fighter)s must fly %(speeds)s hexes this turn; it has flown %(ahead)d",
        max(speeds, default=0),
    ) % {**_named(params), "speeds": either(speeds)}


def _speed_not_open(params: dict) -> str:
    return gettext(
        "speed %(speed)d is not open to %(fighter)s this turn (it may fly %(speeds)s)"
    ) % {**_named(params), "speeds": either(params["speeds"])}


def _listed(key: str, text: str) -> Wording:
    """A wording of a list param (fighters, docks), its items joined by commas."""

    def wording(params: dict) -> str:
        items = [
            hex_words(item) if isinstance(item, list) else str(item)[:NAME_LENGTH]
            for item in params[key]
        ]
        return gettext(text) % {**_named(params), key: ", ".join(items)}

    return wording


def _unknown_class(params: dict) -> str:
    return gettext("%(class)s is not a fighter class (%(classes)s)") % {
        **_named(params),
        "classes": ", ".join(kind.name for kind in CLASSES.values()),
    }


# gettext_noop: the texts are marked for the catalogue here and translated when worded
REFUSALS: dict[str, Wording] = {
    "game_over": _worded(gettext_noop("the game is over")),
    "not_now": _worded(gettext_noop("that action is not open in this phase (%(phase)s)")),
    "not_play_phase": _worded(gettext_noop("routes are previewed only in the play phase")),
    "not_your_turn": _worded(gettext_noop("it is not your turn")),
    "asteroid_off_board": _worded(gettext_noop("no asteroid on %(hex)s: it is off the board")),
    "asteroid_taken": _worded(gettext_noop("no asteroid on %(hex)s: it already holds an asteroid")),
    "asteroid_on_dock": _worded(gettext_noop("no asteroid on %(hex)s: it is a dock")),
    "asteroid_near_dock": _worded(
        gettext_noop("no asteroid on %(hex)s: it is within %(clearance)d hexes of a dock")
    ),
    "asteroid_touching": _worded(
        gettext_noop(
            "no asteroid on %(hex)s: it touches another asteroid (this game keeps asteroids apart)"
        )
    ),
    "already_placed": _worded(gettext_noop("your fighters are already placed")),
    "not_your_fighter": _worded(gettext_noop("%(fighter)s is not one of your fighters")),
    "placed_twice": _worded(gettext_noop("%(fighter)s is placed twice")),
    "not_a_dock": _listed("docks", gettext_noop("%(hex)s is not one of your docks (%(docks)s)")),
    "dock_taken": _worded(gettext_noop("two fighters on dock %(hex)s")),
    "not_placed": _listed("fighters", gettext_noop("fighters not placed: %(fighters)s")),
    "off_board": _worded(gettext_noop("%(hex)s is off the board (columns 0-19, rows 0-14)")),
    "no_fighter": _worded(gettext_noop("there is no fighter %(fighter)s")),
    "landed_last_turn": _worded(
        gettext_noop(
            "%(fighter)s landed last turn and may not take off this turn (it stays docked)"
        )
    ),
    "too_many_steps": _worded(gettext_noop("at most %(most)d steps in a turn")),
    "no_take_off": _worded(gettext_noop("%(fighter)s, step %(number)d: it may not take off")),
    "too_fast": _worded(
        gettext_noop(
            "%(fighter)s, step %(number)d: one more step ahead needs a speed above %(speed)d"
        )
    ),
    "turn_too_soon": _turn_too_soon,
    "no_gun": _worded(gettext_noop("%(fighter)s, step %(number)d: a %(class)s has no %(gun)s")),
    "no_launcher": _worded(
        gettext_noop("%(fighter)s, step %(number)d: a %(class)s has no %(launcher)s")
    ),
    "no_missile_left": _worded(
        gettext_noop("%(fighter)s, step %(number)d: no %(missile)s is left on board")
    ),
    "stay_flying": _worded(gettext_noop("%(fighter)s is flying; only a docked fighter stays")),
    "stay_too_long": _worded(
        gettext_noop("%(fighter)s has stayed docked %(turns)d turns in a row and must take off")
    ),
    "stay_with_steps": _worded(gettext_noop("%(fighter)s stays docked: it takes no steps")),
    "facing_while_moving": _worded(
        gettext_noop(
            "%(fighter)s: only a fighter staying docked may change its facing freely; a moving "
            "one turns left and right"
        )
    ),
    "speed_not_open": _speed_not_open,
    "speed_mismatch": _worded(
        gettext_noop(
            "%(fighter)s: speed %(speed)d but %(ahead)d steps ahead; a fighter flies exactly its "
            "speed"
        )
    ),
    "speed_exceeded": _worded(
        gettext_noop("%(fighter)s: more steps ahead than the chosen speed %(speed)d")
    ),
    "wrong_distance": _wrong_distance,
    "orders_missing": _listed(
        "fighters",
        gettext_noop(
            "no orders for %(fighters)s: every fighter needs orders (a docked one may stay)"
        ),
    ),
    "orders_twice": _worded(gettext_noop("%(fighter)s has orders twice")),
    "fighter_destroyed": _worded(gettext_noop("%(fighter)s has been destroyed")),
    "fighter_count": _worded(gettext_noop("a side has 1 to %(most)d fighters")),
    "asteroids_out_of_range": _worded(
        gettext_noop("each player places 0 to %(most)d asteroids, not %(asteroids)d")
    ),
    "unknown_class": _unknown_class,
}
