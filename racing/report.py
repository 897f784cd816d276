"""A published turn (or round) in words and in replay frames, the standings, who is on turn.

The engine's events are data with codes; here they become lines of text in the reader's
language. Frames redraw the jets where the events' ``moved`` put them, turn by turn; the last
frame is the report's own state.
"""

from __future__ import annotations

import copy

from django.utils.translation import gettext, ngettext

from . import words


def seat_of(jet_id: str) -> int:
    return words.JET_IDS.index(jet_id)


def jet_label(jet_id: str | None, names: dict[int, str]) -> str:
    if jet_id is None:
        return "—"
    seat = seat_of(jet_id)
    name = names.get(seat) or gettext("seat %(number)d") % {"number": seat + 1}
    return gettext("%(name)s (%(colour)s)") % {"name": name, "colour": words.jet_name(jet_id)}


def _line(event: dict, names: dict[int, str]) -> str | None:
    kind = event["type"]
    jet = jet_label(event.get("jet"), names)
    if kind == "turn" and event.get("round") == 0:  # the draft's: a pick
        if event["how"] == "missed":
            return gettext("Pick %(number)d: %(jet)s sent no pick.") % {
                "number": event["number"],
                "jet": jet,
            }
        return gettext("Pick %(number)d: %(jet)s.") % {"number": event["number"], "jet": jet}
    if kind == "turn":
        if event["controller"]:
            return gettext("Turn %(number)d: %(jet)s, ordered by %(shooter)s.") % {
                "number": event["number"],
                "jet": jet,
                "shooter": jet_label(event["controller"], names),
            }
        if event["how"] == "missed":
            return gettext("Turn %(number)d: %(jet)s sent no order.") % {
                "number": event["number"],
                "jet": jet,
            }
        return gettext("Turn %(number)d: %(jet)s.") % {"number": event["number"], "jet": jet}
    if kind == "sealed_fallback":
        if event["flown"] == "default":
            return gettext(
                "%(jet)s's sealed order could not be flown after the round's earlier "
                "turns: it flew straight on."
            ) % {"jet": jet}
        return gettext("%(jet)s's sealed order was flown as its lift and hinges alone.") % {
            "jet": jet
        }
    if kind == "picked":
        return gettext("%(jet)s takes a %(kind)s.") % {
            "jet": jet,
            "kind": words.kind_name(event["kind"]),
        }
    if kind == "passed":
        return gettext("%(jet)s passes.") % {"jet": jet}
    if kind == "race_started":
        return gettext("The draft is over: the race begins with %(jet)s.") % {"jet": jet}
    if kind == "used":
        line = gettext("%(jet)s uses its %(kind)s (%(cost)d energy, %(energy)d left).") % {
            "jet": jet,
            "kind": words.kind_name(event["kind"]),
            "cost": event["cost"],
            "energy": event["energy"],
        }
        if "hit" in event:
            line += " " + (
                gettext("It hits %(target)s.") % {"target": jet_label(event.get("target"), names)}
                if event["hit"]
                else gettext("It misses.")
            )
        elif "taken" in event:
            line += " " + _taken(event, names)
        return line
    if kind == "uberhirn_failed":
        return gettext("%(jet)s's projector could not fire for the Überhirn.") % {"jet": jet}
    if kind == "slip":
        return gettext("%(jet)s slips %(how)s over %(blocker)s (1 energy, %(energy)d left).") % {
            "jet": jet,
            "how": words.SLIP_WORDS.get(event["kind"], event["kind"]),
            "blocker": jet_label(event["blocker"], names),
            "energy": event["energy"],
        }
    if kind == "moved":
        return gettext("%(jet)s lands at (%(x).0f, %(y).0f), heading %(heading).0f°.") % {
            "jet": jet,
            "x": event["x"],
            "y": event["y"],
            "heading": event["heading"],
        }
    if kind == "blocked":
        return gettext("%(jet)s cannot land clear and stays where it is.") % {"jet": jet}
    if kind == "started":
        return gettext("%(jet)s crosses the start.") % {"jet": jet}
    if kind == "gate":
        return gettext("%(jet)s flies through gate %(gate)d.") % {"jet": jet, "gate": event["gate"]}
    if kind == "lap":
        return gettext("%(jet)s completes lap %(laps)d.") % {"jet": jet, "laps": event["laps"]}
    if kind == "refuelled":
        return gettext("%(jet)s refuels at gate %(gate)d: %(energy)d energy.") % {
            "jet": jet,
            "gate": event["gate"],
            "energy": event["energy"],
        }
    if kind == "rammed":
        return gettext(
            "%(jet)s rams a buoy of gate %(gate)d: %(energy)d energy, three damage chips."
        ) % {"jet": jet, "gate": event["gate"], "energy": event["energy"]}
    if kind == "chips":
        return ngettext(
            "%(jet)s takes %(count)d damage chip.",
            "%(jet)s takes %(count)d damage chips.",
            len(event["cards"]),
        ) % {"jet": jet, "count": len(event["cards"])}
    if kind == "lift":
        return gettext("%(jet)s: lift %(lift)d.") % {"jet": jet, "lift": event["lift"]}
    if kind == "controlled":
        return gettext("%(jet)s's pilot is knocked out: %(shooter)s orders its next turn.") % {
            "jet": jet,
            "shooter": jet_label(event["controller"], names),
        }
    if kind == "stasis":
        return gettext("%(jet)s is caught in a stasis field.") % {"jet": jet}
    if kind == "station":
        return gettext("%(jet)s visits the equipment station: %(energy)d energy.") % {
            "jet": jet,
            "energy": event["energy"],
        }
    if kind == "missed":
        return gettext("%(jet)s missed its turn (%(count)d in a row).") % {
            "jet": jet,
            "count": event["in_row"],
        }
    if kind == "retired" and event.get("why") == "referee":
        return gettext("The referee takes %(jet)s out of the race.") % {"jet": jet}
    if kind == "retired":
        return gettext("%(jet)s retires.") % {"jet": jet}
    if kind == "stood":
        return gettext("%(jet)s stands: no course avoids contact.") % {"jet": jet}
    if kind == "finished":
        return gettext("%(jet)s finishes in place %(place)d.") % {
            "jet": jet,
            "place": event["place"],
        }
    if kind == "winner":
        return gettext("%(jet)s wins the race!") % {"jet": jet}
    if kind == "skipped":
        return gettext("%(jet)s loses its turn in the stasis field.") % {"jet": jet}
    if kind == "next":
        return gettext("Next: %(jet)s.") % {"jet": jet}
    if kind == "over":
        return gettext("The race is over.")
    return None  # chip_removed: bookkeeping, not news


def _taken(event: dict, names: dict[int, str]) -> str:
    """An Abstauber's catch: whose energy, how much, and the victim's energy before and after
    (reports written before the engine's event carried ``target_energy`` name the jet alone)."""
    facts = {"target": jet_label(event["target"], names), "taken": event["taken"]}
    if "target_energy" not in event:
        return gettext("It takes %(taken)d energy from %(target)s.") % facts
    after = event["target_energy"]
    return gettext("It takes %(taken)d energy from %(target)s: %(before)d → %(after)d energy.") % {
        **facts,
        "before": after + event["taken"],
        "after": after,
    }


def describe(events: list, names: dict[int, str]) -> list[str]:
    return [line for line in (_line(e, names) for e in events) if line]


def equipment_words(cards: list[dict]) -> str:
    """A jet's cards by name, each with its damage chips ("Booster, Robert (1 chip)"), "—"
    for none: made once a row here, not card by card in the standings' template (the seat
    page's busiest table)."""
    return ", ".join(_card_words(card) for card in cards) or "—"


def _card_words(card: dict) -> str:
    name = words.kind_name(card["kind"])
    if not card["chips"]:
        return name
    chips = ngettext("%(chips)s chip", "%(chips)s chips", card["chips"]) % {"chips": card["chips"]}
    return f"{name} ({chips})"


def standings(state: dict, names: dict[int, str]) -> list[dict]:
    """The jets, finished first by place, then racing ones by gates passed."""
    gates = len(state["course"]["gates"])
    rows = []
    for jet in state["jets"]:
        rows.append(
            {
                "id": jet["id"],
                "seat": jet["seat"],
                "name": jet_label(jet["id"], names),
                "colour": words.jet_colour(jet["seat"]),
                "status": jet["status"],
                "place": jet["place"],
                "laps": jet["laps"],
                "next_gate": jet["next_gate"],
                "lift": jet["lift"],
                "energy": jet["energy"],
                "started": jet["started"],
                "cards": [
                    {"id": c["id"], "name": words.kind_name(c["kind"]), "chips": c["chips"]}
                    for c in jet["equipment"]
                ],
                "equipment": equipment_words(jet["equipment"]),
                "sort": (
                    jet["place"] or 99,
                    jet["status"] == "retired",
                    -(jet["laps"] * gates + (jet["next_gate"] if jet["started"] else 0)),
                ),
            }
        )
    return sorted(rows, key=lambda r: r["sort"])


def on_turn_words(state: dict, names: dict[int, str]) -> str:
    turn = state["turn"]
    if state["phase"] == "over" or turn["jet"] is None:
        return ""
    if state["phase"] == "draft":
        return gettext("Draft: %(jet)s picks.") % {"jet": jet_label(turn["jet"], names)}
    if state["turn_order"] == "race":
        return gettext("Round %(round)d: every racing jet orders its turn, sealed.") % {
            "round": turn["round"]
        }
    return gettext("Turn %(number)d: %(jet)s is on turn.") % {
        "number": turn["number"],
        "jet": jet_label(turn["jet"], names),
    }


def frames(
    state_before: dict, events: list, report_state: dict, names: dict[int, str]
) -> list[dict]:
    """The start, then the board after each turn of the report (jets moved as the events
    say), the last the report's state itself."""
    shown = copy.deepcopy(state_before)
    result = [{"title": gettext("before"), "state": shown, "paths": []}]
    turns = [i for i, e in enumerate(events) if e["type"] == "turn"] or [0]
    for n, start in enumerate(turns):
        end = turns[n + 1] if n + 1 < len(turns) else len(events)
        shown = copy.deepcopy(shown)
        paths = []
        for event in events[start:end]:
            if event["type"] == "moved":
                jet = next(j for j in shown["jets"] if j["id"] == event["jet"])
                jet.update(x=event["x"], y=event["y"], heading=event["heading"])
                paths.append({"seat": seat_of(event["jet"]), "path": event["path"]})
        last = n == len(turns) - 1
        title = (
            jet_label(events[start]["jet"], names)
            if events and "jet" in events[start]
            else gettext("after")
        )
        result.append({"title": title, "state": report_state if last else shown, "paths": paths})
    return result
