"""A published round in words and pictures: report lines and the replay frames.

Reads the engine's events; it decides nothing, it only tells what the engine decided. Every
sentence is translated when it is made, in the language active at that moment (the reader's
page, or the recipient's mail).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from . import words
from .engine.maneuvers import TAKE_OFFS
from .engine.resolve import CRASH_POT
from .words import COMPASS, FIRE_DIRECTIONS, maneuver


def weather_words(event: dict) -> str:
    if event.get("windless"):
        return _("A windless game: the clouds stay where they are.")
    wind = event.get("wind")
    fixed = event.get("fixed")
    if wind is None:
        return (
            _("Calm (set by the referee): no cloud moves.") if fixed else _("Calm: no cloud moves.")
        )
    where = {"source": COMPASS[(wind + 3) % 6], "drift": COMPASS[wind]}
    if fixed:
        return (
            _(
                "Wind from the %(source)s (set by the referee): at the end of the round every "
                "cloud drifts one hex %(drift)s."
            )
            % where
        )
    return (
        _("Wind from the %(source)s: at the end of the round every cloud drifts one hex %(drift)s.")
        % where
    )


def seat_name(names: dict, seat) -> str:
    """A seat's pilot, or the seat itself while it has no pilot's name."""
    shown = int(seat) + 1 if str(seat).isdigit() else seat  # people count seats from 1
    return names.get(seat) or names.get(str(seat)) or _("seat %(number)s") % {"number": shown}


def _victors(names: dict, seats: list) -> str:
    return ", ".join(seat_name(names, s) for s in seats)


def _shot_down(event: dict, who: str, names: dict) -> str:
    by = _victors(names, event["by"])
    if not event.get("loss"):
        return _("%(who)s is shot down by %(by)s.") % {"who": who, "by": by}
    numbers = {"who": who, "by": by, "loss": event["loss"], "gain": event["gain"]}
    if len(event["by"]) > 1:
        return (
            _(
                "%(who)s is shot down by %(by)s: %(loss)d points lost, and each of the "
                "victors gains %(gain)d."
            )
            % numbers
        )
    return (
        _("%(who)s is shot down by %(by)s: %(loss)d points lost, and the victor gains %(gain)d.")
        % numbers
    )


def _crash(event: dict, who: str, names: dict) -> str:
    cause = words.CRASH_CAUSES.get(event["cause"], words.CRASHED)
    if event.get("loss"):
        return _("%(who)s %(cause)s: %(loss)d points lost; %(pot)d go into the pot.") % {
            "who": who,
            "cause": cause,
            "loss": event["loss"],
            "pot": CRASH_POT,
        }
    return _("%(who)s %(cause)s.") % {"who": who, "cause": cause}


def _balloon_destroyed(event: dict, who: str, names: dict) -> str:
    numbers = {
        "q": event["q"],
        "r": event["r"],
        "by": _victors(names, event["by"]),
        "points": event.get("points"),
    }
    if event.get("points") and len(event["by"]) > 1:
        return (
            _("The balloon at (%(q)d, %(r)d) goes down in flames (%(by)s: %(points)d points each).")
            % numbers
        )
    if event.get("points"):
        return (
            _("The balloon at (%(q)d, %(r)d) goes down in flames (%(by)s: %(points)d points).")
            % numbers
        )
    return _("The balloon at (%(q)d, %(r)d) goes down in flames (%(by)s).") % numbers


def _moved(event: dict, who: str, names: dict) -> str:
    return _("%(who)s: %(maneuver)s to (%(q)d, %(r)d), nose %(nose)s.") % {
        "who": who,
        "maneuver": maneuver(event["maneuver"]),
        "q": event["q"],
        "r": event["r"],
        "nose": COMPASS[event["facing"]],
    }


def _burst(event: dict, who: str, names: dict) -> str:
    where = {"who": who, "direction": FIRE_DIRECTIONS[event["direction"]]}
    if event.get("through"):
        return _("%(who)s fires %(direction)s, through the balloon.") % where
    return _("%(who)s fires %(direction)s.") % where


def _hit(event: dict, who: str, names: dict) -> str:
    return _("%(shooter)s hits %(target)s at range %(range)d: %(damage)d damage.") % {
        "shooter": seat_name(names, event["shooter"]),
        "target": seat_name(names, event["target"]),
        "range": event["range"],
        "damage": event["damage"],
    }


def _balloon_hit(event: dict, who: str, names: dict) -> str:
    return _("%(shooter)s hits the balloon at (%(q)d, %(r)d): %(damage)d damage.") % {
        "shooter": seat_name(names, event["shooter"]),
        "q": event["q"],
        "r": event["r"],
        "damage": event["damage"],
    }


def _cloud_damage(event: dict, who: str, names: dict) -> str:
    return _("%(who)s takes 1 damage in a cloud (now %(damage)d).") % {
        "who": who,
        "damage": event["damage"],
    }


def _took_off(event: dict, who: str, names: dict) -> str:
    # The engine's "took_off" is the move the plane leaves its corner: the take-off's first
    # move, a roll onto runway hex 1. The rules leave the ground in the move after it.
    return _("%(who)s rolls onto the runway to take off.") % {"who": who}


def _lifted_off(event: dict, who: str, names: dict) -> str:
    return _("%(who)s lifts off.") % {"who": who}


def _landed(event: dict, who: str, names: dict) -> str:
    return _("%(who)s lands on the home airfield: ammunition full again.") % {"who": who}


def _repaired(event: dict, who: str, names: dict) -> str:
    return _("%(who)s repairs %(amount)d damage on the ground (now %(damage)d).") % {
        "who": who,
        "amount": event["amount"],
        "damage": event["damage"],
    }


def _missed(event: dict, who: str, names: dict) -> str:
    count = event["missed_rounds"]
    if count == 1:
        return _("%(who)s sent no orders and flies straight on.") % {"who": who}
    return ngettext(
        "%(who)s sent no orders (%(count)d missed round in a row) and flies straight on.",
        "%(who)s sent no orders (%(count)d missed rounds in a row) and flies straight on.",
        count,
    ) % {"who": who, "count": count}


def _new_cloud(event: dict, who: str, names: dict) -> str:
    return _("A new cloud drifts in from the upwind edge.")


def _winner(event: dict, who: str, names: dict) -> str:
    if event["seat"] is None:
        return _("The last planes went down together: nobody wins.")
    return _("%(who)s is the last pilot in the air and wins the game!") % {"who": who}


def _pot(event: dict, who: str, names: dict) -> str:
    return _("%(who)s takes the crash pot: %(points)d points.") % {
        "who": who,
        "points": event["points"],
    }


def _weather(event: dict, who: str, names: dict) -> str:
    return weather_words(event)


# Every event type the engine emits (engine/resolve.py), each with its sentence; a test holds
# the keys to the engine.
SENTENCES = {
    "weather": _weather,
    "moved": _moved,
    "burst": _burst,
    "hit": _hit,
    "balloon_hit": _balloon_hit,
    "balloon_destroyed": _balloon_destroyed,
    "shot_down": _shot_down,
    "crash": _crash,
    "cloud_damage": _cloud_damage,
    "took_off": _took_off,
    "landed": _landed,
    "repaired": _repaired,
    "missed": _missed,
    "new_cloud": _new_cloud,
    "winner": _winner,
    "pot": _pot,
}


# Events the report reads out of the engine's own (``_told``), each with its sentence.
TOLD_SENTENCES = {"lifted_off": _lifted_off}


def describe_event(event: dict, names: dict[int, str]) -> str | None:
    """One event as a sentence in the active language, or None for an unknown type."""
    sentence = SENTENCES.get(event["type"]) or TOLD_SENTENCES.get(event["type"])
    return sentence(event, seat_name(names, event.get("seat")), names) if sentence else None


def _told(events: list[dict]) -> list[dict]:
    """The events a report words: not the "missed" of a pilot whom the same round takes out
    for missing orders (its crash line says it: "... and is out", never "flies straight
    on"); and a "lifted_off" after the take-off's second move, where the rules have the plane
    leave the ground (its first, "took_off", only rolls onto the runway)."""
    out_for_nmr = {e["seat"] for e in events if e["type"] == "crash" and e["cause"] == "nmr"}
    rolled = {(e["seat"], e["move"]) for e in events if e["type"] == "took_off"}
    told = []
    for event in events:
        if event["type"] == "missed" and event["seat"] in out_for_nmr:
            continue
        told.append(event)
        if (
            event["type"] == "moved"
            and event["maneuver"] in TAKE_OFFS
            and (event["seat"], event["move"]) not in rolled
        ):
            told.append({"move": event["move"], "type": "lifted_off", "seat": event["seat"]})
    return told


def describe(events: list[dict], names: dict[int, str]) -> list[str]:
    """The report as plain lines, move by move (mail, feed)."""
    lines = []
    current = object()
    for event in _told(events):
        if event["type"] == "moved":
            continue
        move = event.get("move")
        if move != current and move is not None:
            lines.append(_("Move %(number)d:") % {"number": move})
        current = move
        words = describe_event(event, names)
        if words:
            lines.append(("  " if move is not None else "") + words)
    return lines


def frames(
    state_before: dict, events: list[dict], state_after: dict, names: dict[int, str]
) -> list[dict]:
    """The board at the start, after each of the three moves, and at the end of the round.

    Each frame is a state-shaped dict (planes, clouds, balloons) with its ``title``, for the
    board renderer.
    """
    planes = {p["seat"]: dict(p) for p in state_before["planes"]}
    balloons = [dict(b) for b in state_before.get("balloons", [])]
    shown = [_frame(_("Start of the round"), planes, balloons, state_before)]
    for move in (1, 2, 3):
        fire: dict = {"bursts": [], "hits": []}
        downed = {e["seat"] for e in events if e["type"] == "shot_down" and e["move"] == move}
        for event in events:
            if event.get("move") != move:
                continue
            kind = event["type"]
            if kind == "burst":
                fire["bursts"].append(
                    {
                        "seat": event["seat"],
                        "from": _where(planes, event),
                        "hexes": event.get("hexes", []),
                    }
                )
            elif kind == "hit":  # where the target was when hit (before the slow group moved)
                target = planes[event["target"]]
                fire["hits"].append(
                    {
                        "q": target["q"],
                        "r": target["r"],
                        "damage": event["damage"],
                        "kill": event["target"] in downed,  # this move shot it down
                    }
                )
            elif kind == "balloon_hit":
                fire["hits"].append({"q": event["q"], "r": event["r"], "damage": event["damage"]})
            if kind == "moved":
                planes[event["seat"]].update(q=event["q"], r=event["r"], facing=event["facing"])
            elif kind in ("crash", "shot_down"):
                planes[event["seat"]]["status"] = "out"
            elif kind == "balloon_destroyed":
                balloons = [b for b in balloons if (b["q"], b["r"]) != (event["q"], event["r"])]
            elif kind == "landed":
                planes[event["seat"]]["status"] = "ground"
            elif kind == "took_off":
                planes[event["seat"]]["status"] = "air"
        shown.append(
            {
                **_frame(
                    _("After move %(number)d") % {"number": move}, planes, balloons, state_before
                ),
                **fire,
            }
        )
    windless = any(e["type"] == "weather" and e.get("windless") for e in events)
    shown.append(
        {
            "title": _("End of the round") if windless else _("End of the round (after the wind)"),
            "planes": state_after["planes"],
            "clouds": state_after["clouds"],
            "balloons": state_after.get("balloons", []),
        }
    )
    return shown


def _where(planes: dict, event: dict) -> tuple[int, int]:
    """The shooter's hex when a burst was fired (it fires after its own move)."""
    plane = planes[event["seat"]]
    return (plane["q"], plane["r"])


def _frame(title: str, planes: dict, balloons: list, state: dict) -> dict:
    return {
        "title": title,
        "planes": [dict(p) for p in planes.values()],
        "clouds": state["clouds"],
        "balloons": [dict(b) for b in balloons],
    }


def flight_log(events: list[dict], seats: list[int]) -> list[dict]:
    """Each plane's three moves: maneuver, where it ended, its bursts (the report's table)."""
    log: dict[int, dict] = {seat: {"seat": seat, "moves": {}} for seat in seats}
    for event in events:
        move, seat = event.get("move"), event.get("seat")
        if move is None or seat not in log:
            continue
        entry = log[seat]["moves"].setdefault(move, {"maneuver": "", "fire": []})
        if event["type"] == "moved":
            entry.update(
                maneuver=maneuver(event["maneuver"]),
                at=(event["q"], event["r"]),
                nose=COMPASS[event["facing"]],
            )
        elif event["type"] == "burst":
            entry["fire"].append(FIRE_DIRECTIONS[event["direction"]])
            entry["through"] = entry.get("through", False) or event.get("through", False)
    return [
        {"seat": seat, "moves": [log[seat]["moves"].get(n) for n in (1, 2, 3)]} for seat in seats
    ]


def moves_in_words(events: list[dict], names: dict) -> list[dict]:
    """The round's events grouped as "before the moves", move 1-3, "end of the round"."""
    groups: list[dict] = [{"title": _("Before the moves"), "lines": []}]
    groups += [{"title": _("Move %(number)s") % {"number": n}, "lines": []} for n in (1, 2, 3)]
    groups.append({"title": _("End of the round"), "lines": []})
    seen_moves = False
    for event in _told(events):
        move = event.get("move")
        if move is not None:
            seen_moves = True
        index = move if move is not None else (4 if seen_moves else 0)
        if event["type"] in ("moved", "burst"):
            continue
        words = describe_event(event, names)
        if words:
            groups[index]["lines"].append(words)
    return [group for group in groups if group["lines"]]
