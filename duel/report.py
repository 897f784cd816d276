"""A published duel action in words (mail, feed, report page) and as replay frames.

Frames replay the engine's events one by one on a copy of the state before the action (a
spectator's view): the board after each fighter's hex, turn, shot, launch and missile flight.
"""

from __future__ import annotations

import copy

from .engine.classes import CLASSES
from .engine.hexgrid import FACINGS

RESULTS = {
    "victory": "a fighter is home and the other side has none left",
    "both_destroyed": "both sides lost every fighter",
    "quiet": "40 turns without a fighter destroyed",
    "forfeit": "too many missed turns",
    "resigned": "a player resigned",
    "agreed_draw": "both players agreed to a draw",
}
GUN_WORDS = {"nose": "nose gun", "tail": "tail gun"}


def _player(names: dict, player) -> str:
    return names.get(player) or f"player {'AB'[player]}"


def _hex(hex_) -> str:
    return "off the board" if hex_ is None else f"[{hex_[0]}, {hex_[1]}]"


def describe_event(event: dict, names: dict[int, str]) -> str | None:
    kind = event["type"]
    who = event.get("fighter")
    if kind == "asteroid_placed":
        return f"{_player(names, event['player'])} placed an asteroid on {_hex(event['hex'])}."
    if kind == "asteroid_lost":
        why = "missed the deadline" if event["why"] == "missed" else "no hex could take it"
        return f"{_player(names, event['player'])} lost an asteroid ({why})."
    if kind == "placement_missed":
        return (f"{_player(names, event['player'])} missed the placement: the fighters dock "
                "in order, facing the enemy.")
    if kind == "fighters_placed":
        return "Both placements revealed: " + ", ".join(
            f"{p['fighter']} on {_hex(p['hex'])} facing {FACINGS[p['facing']]}"
            for p in event["placements"]) + "."
    if kind == "phase":
        return {"fighters": "The asteroids are placed: now the fighters, sealed.",
                "play": "The fighters are placed: the duel begins."}.get(event["phase"])
    if kind == "turn":
        how = {"orders": "", "missed": " (missed: the default flight)",
               "auto": " (no fighters left: played automatically)"}[event["how"]]
        return f"Turn {event['turn']}: {_player(names, event['player'])}{how}."
    if kind == "missed":
        return (f"{_player(names, event['player'])} missed a turn ({event['in_row']} in a row, "
                f"{event['total']} in all).")
    if kind == "took_off":
        return f"{who} took off from {_hex(event['hex'])}."
    if kind == "moved":
        return f"{who} flew to {_hex(event['hex'])}."
    if kind == "turned":
        return f"{who} turned {'left' if event['step'] == 'L' else 'right'}."
    if kind == "fired":
        hit = f", hitting {event['hit']}" if event.get("hit") else ", missing"
        return f"{who} fired its {GUN_WORDS[event['gun']]} at {_hex(event['hex'])}{hit}."
    if kind == "launched":
        what = "a smart missile" if event["kind"] == "smart" else "a missile"
        return f"{who} launched {what} ({event['missile']}) from its {event['launcher']}."
    if kind == "missile_moved":
        return f"Missile {event['missile']} flew to {_hex(event['hex'])}."
    if kind == "missile_turned":
        return f"Smart missile {event['missile']} turned to {FACINGS[event['facing']]}."
    if kind == "missile_removed":
        return f"Missile {event['missile']} is gone ({event['cause']})."
    if kind == "destroyed":
        by = f" by {event['by']}" if event.get("by") is not None else ""
        return f"{who} was destroyed ({event['cause']}{by})."
    if kind == "landed":
        return f"{who} landed on {_hex(event['hex'])}."
    if kind == "stayed":
        return f"{who} stayed docked facing {FACINGS[event['facing']]}."
    if kind == "reloaded":
        return f"{who} reloaded."
    if kind == "forfeit":
        return f"{_player(names, event['player'])} forfeited the game."
    if kind == "resigned":
        return f"{_player(names, event['player'])} resigned."
    if kind == "game_over":
        why = RESULTS.get(event["result"], event["result"])
        if event["winner"] is None:
            return f"The game is over: a draw ({why})."
        return f"The game is over: {_player(names, event['winner'])} won ({why})."
    return None  # fighters_sealed: nothing to tell


def describe(events: list, names: dict[int, str]) -> list[str]:
    return [line for line in (describe_event(e, names) for e in events) if line]


def fighter_rows(state: dict, names: dict[int, str]) -> list[dict]:
    rows = []
    for f in state["fighters"]:
        if f.get("destroyed"):
            status = "destroyed"
        elif f.get("hex") is None:
            status = "not placed"
        elif f.get("docked"):
            status = f"docked ({f.get('docked_turns', 0)} turns)"
        else:
            status = f"flying at {f.get('speed', 0)}"
        rows.append({**f, "owner": _player(names, f["player"]), "status": status,
                     "name": CLASSES[f["class"]].name,
                     "facing_name": FACINGS[f.get("facing", 0)]})
    return rows


MAX_FRAMES = 11  # steps 0..10: the platform's replay has at most ten steps after the start
FIGHTER_EVENTS = ("took_off", "moved", "turned", "fired", "launched", "landed", "stayed",
                  "reloaded")


def _chunks(events: list) -> list[list[dict]]:
    """The events in replay steps: a player's missiles flying at the start of his turn, then
    each fighter's whole move (with what its shots and missiles did), setup actions alone."""
    chunks: list[list[dict]] = []
    key = None
    for event in events:
        kind = event["type"]
        if kind == "turn":
            key = None
            continue
        if kind in FIGHTER_EVENTS:
            new_key = ("fighter", event["fighter"])
        elif kind.startswith("missile_") or kind == "destroyed":
            new_key = key or ("missiles", event["turn"])
        elif kind in ("asteroid_placed", "fighters_placed"):
            new_key = (kind, len(chunks))
        else:
            continue
        if new_key != key or not chunks:
            chunks.append([])
            key = new_key
        chunks[-1].append(event)
    if len(chunks) > MAX_FRAMES - 1:  # an unusually long action: the tail in one step
        chunks = chunks[:MAX_FRAMES - 2] + [[e for c in chunks[MAX_FRAMES - 2:] for e in c]]
    return chunks


def _title(chunk: list[dict], names: dict[int, str]) -> str:
    first = chunk[0]
    if first["type"] in FIGHTER_EVENTS:
        return f"{first['fighter']}'s move"
    if first["type"].startswith("missile_") or first["type"] == "destroyed":
        return "Missiles fly"
    return describe_event(first, names) or first["type"]


def frames(state_before: dict, events: list, state_after: dict,
           names: dict[int, str]) -> list[dict]:
    """[{"state", "title", "trails"}]: the board before the action and after each step of it
    (see ``_chunks``), rebuilt from the events (which end in ``state_after``); at most
    ``MAX_FRAMES``."""
    state = copy.deepcopy(state_before)
    trails: dict[str, list] = {}
    out = [{"state": copy.deepcopy(state), "title": "Before", "trails": {}}]
    fighters = {f["id"]: f for f in state["fighters"]}
    for chunk in _chunks(events):
        for event in chunk:
            _apply(state, fighters, trails, event)
        out.append({"state": copy.deepcopy(state), "title": _title(chunk, names),
                    "trails": {k: list(v) for k, v in trails.items()}})
    return out


def _apply(state: dict, fighters: dict, trails: dict, event: dict) -> None:
    kind = event["type"]
    fighter = fighters.get(event.get("fighter"))
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
    elif kind == "destroyed":
        fighter["destroyed"] = True
    elif kind == "launched":
        state["missiles"].append({"id": event["missile"], "owner": fighter["player"],
                                  "kind": event["kind"], "hex": event["hex"],
                                  "facing": event["facing"]})
    elif kind in ("missile_moved", "missile_turned"):
        for missile in state["missiles"]:
            if missile["id"] == event["missile"]:
                missile["facing"] = event["facing"]
                missile["hex"] = event.get("hex", missile["hex"])
    elif kind == "missile_removed":
        state["missiles"] = [m for m in state["missiles"] if m["id"] != event["missile"]]
