"""A published round in words and pictures: report lines and the replay frames.

Reads the engine's events; it decides nothing, it only tells what the engine decided.
"""

from __future__ import annotations

from .engine.maneuvers import NAMES

COMPASS = ("east", "north-east", "north-west", "west", "south-west", "south-east")
FIRE_WORDS = {"A": "ahead", "L": "diagonally left", "R": "diagonally right"}
CRASH_CAUSES = {
    "edge": "flew off the board",
    "balloon": "flew into a balloon's anti-aircraft fire",
    "cloud": "broke up in a storm cloud",
    "nmr": "missed a fourth round in a row and is out",
    "removed": "was taken out of the game by the referee",
}


def weather_words(event: dict) -> str:
    if event.get("windless"):
        return "A windless game: the clouds stay where they are."
    wind = event.get("wind")
    fixed = " (set by the referee)" if event.get("fixed") else ""
    if wind is None:
        return f"Calm{fixed}: no cloud moves."
    blows_from = COMPASS[(wind + 3) % 6]
    return (f"Wind from the {blows_from}{fixed}: at the end of the round every cloud drifts one "
            f"hex {COMPASS[wind]}.")


def _name(names: dict, seat) -> str:
    return names.get(seat) or names.get(str(seat)) or f"seat {seat}"


def describe_event(event: dict, names: dict[int, str]) -> str | None:
    """One event as a sentence, or None for events shown otherwise (moves on the board)."""
    kind = event["type"]
    who = _name(names, event.get("seat"))
    if kind == "weather":
        return weather_words(event)
    if kind == "moved":
        return (f"{who}: {NAMES.get(event['maneuver'], event['maneuver'])} to "
                f"({event['q']}, {event['r']}), nose {COMPASS[event['facing']]}.")
    if kind == "burst":
        through = ", through the balloon" if event.get("through") else ""
        return f"{who} fires {FIRE_WORDS[event['direction']]}{through}."
    if kind == "hit":
        return (f"{_name(names, event['shooter'])} hits {_name(names, event['target'])} at "
                f"range {event['range']}: {event['damage']} damage.")
    if kind == "balloon_hit":
        return (f"{_name(names, event['shooter'])} hits the balloon at "
                f"({event['q']}, {event['r']}): {event['damage']} damage.")
    if kind == "balloon_destroyed":
        by = ", ".join(_name(names, s) for s in event["by"])
        points = f": {event['points']} points each" if event.get("points") else ""
        return f"The balloon at ({event['q']}, {event['r']}) goes down in flames ({by}{points})."
    if kind == "shot_down":
        by = ", ".join(_name(names, s) for s in event["by"])
        points = ""
        if event.get("loss"):
            gainers = "each of them gains" if len(event["by"]) > 1 else "the victor gains"
            points = f" He loses {event['loss']} points, and {gainers} {event['gain']}."
        return f"{who} is shot down by {by}.{points}"
    if kind == "crash":
        points = (f" He loses {event['loss']} points; 5 go into the pot."
                  if event.get("loss") else "")
        return f"{who} {CRASH_CAUSES.get(event['cause'], 'crashed')}.{points}"
    if kind == "cloud_damage":
        return f"{who} takes 1 damage in a cloud (now {event['damage']})."
    if kind == "took_off":
        return f"{who} takes off."
    if kind == "landed":
        return f"{who} lands on his airfield: ammunition full again."
    if kind == "repaired":
        return f"{who} repairs {event['amount']} damage on the ground (now {event['damage']})."
    if kind == "missed":
        return (f"{who} sent no orders (missed round {event['missed_rounds']} in a row) and "
                f"flies straight on.")
    if kind == "new_cloud":
        return "A new cloud drifts in from the upwind edge."
    if kind == "winner":
        if event["seat"] is None:
            return "The last planes went down together: nobody wins."
        return f"{who} is the last pilot in the air and wins the game!"
    if kind == "pot":
        return f"{who} takes the crash pot: {event['points']} points."
    return None


def describe(events: list[dict], names: dict[int, str]) -> list[str]:
    """The report as plain lines, move by move (mail, feed)."""
    lines = []
    current = object()
    for event in events:
        if event["type"] == "moved":
            continue
        move = event.get("move")
        if move != current and move is not None:
            lines.append(f"Move {move}:")
        current = move
        words = describe_event(event, names)
        if words:
            lines.append(("  " if move is not None else "") + words)
    return lines


def frames(state_before: dict, events: list[dict], state_after: dict,
           names: dict[int, str]) -> list[dict]:
    """The board at the start, after each of the three moves, and at the end of the round.

    Each frame is a state-shaped dict (planes, clouds, balloons) with its ``title``, for the
    board renderer.
    """
    planes = {p["seat"]: dict(p) for p in state_before["planes"]}
    balloons = [dict(b) for b in state_before.get("balloons", [])]
    shown = [_frame("Start of the round", planes, balloons, state_before)]
    for move in (1, 2, 3):
        for event in events:
            if event.get("move") != move:
                continue
            kind = event["type"]
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
        shown.append(_frame(f"After move {move}", planes, balloons, state_before))
    shown.append({"title": "End of the round (after the wind)", "planes": state_after["planes"],
                  "clouds": state_after["clouds"], "balloons": state_after.get("balloons", [])})
    return shown


def _frame(title: str, planes: dict, balloons: list, state: dict) -> dict:
    return {"title": title, "planes": [dict(p) for p in planes.values()],
            "clouds": state["clouds"], "balloons": [dict(b) for b in balloons]}


def flight_log(events: list[dict], seats: list[int]) -> list[dict]:
    """Each plane's three moves: maneuver, where it ended, its bursts (the report's table)."""
    log = {seat: {"seat": seat, "moves": {}} for seat in seats}
    for event in events:
        move, seat = event.get("move"), event.get("seat")
        if move is None or seat not in log:
            continue
        entry = log[seat]["moves"].setdefault(move, {"maneuver": "", "fire": []})
        if event["type"] == "moved":
            entry.update(maneuver=NAMES.get(event["maneuver"], event["maneuver"]),
                         at=(event["q"], event["r"]), nose=COMPASS[event["facing"]])
        elif event["type"] == "burst":
            entry["fire"].append(FIRE_WORDS[event["direction"]])
    return [{"seat": seat, "moves": [log[seat]["moves"].get(n) for n in (1, 2, 3)]}
            for seat in seats]


def moves_in_words(events: list[dict], names: dict) -> list[dict]:
    """The round's events grouped as "before the moves", move 1-3, "end of the round"."""
    groups = [{"title": "Before the moves", "lines": []}]
    groups += [{"title": f"Move {n}", "lines": []} for n in (1, 2, 3)]
    groups.append({"title": "End of the round", "lines": []})
    seen_moves = False
    for event in events:
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
