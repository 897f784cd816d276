"""A duel's published actions as a player reads them: one counter (the turn, or the setup
step), who acted in each action and what it destroyed, newest first, and the last action for
the player's page. Read from the platform's published reports, one query each (the last
action's a plain one: it is read as each round opens, for each seat and language)."""

from __future__ import annotations

from django.utils.translation import gettext

from games.models import Report, Round

from . import db as duel_db
from .report import cause_word, describe, player_name, result_words

ACTING_EVENTS = ("turn", "asteroid_placed", "asteroid_lost", "resigned", "forfeit")


def counter(state: dict) -> str:
    """The one counter a player reads: the turn in play, else the step of the setup."""
    phase = state.get("phase")
    if phase == "play":
        return gettext("Turn %(turn)d") % {"turn": state["turn"]}
    if phase == "asteroids":
        return gettext("Setup: asteroids")
    if phase == "fighters":
        return gettext("Setup: fighters")
    return gettext("Game over")


def actor(events: list) -> int | None:
    """The player whose action this was (None: both, the revealed placements)."""
    return next((e["player"] for e in events if e["type"] in ACTING_EVENTS), None)


def _when(events: list) -> str:
    turn = next((e["turn"] for e in events if e["type"] == "turn"), None)
    if turn is not None:
        return gettext("Turn %(turn)d") % {"turn": turn}
    return gettext("Setup")


def summary(events: list, names: dict[int, str]) -> str:
    """One line: who acted and what was destroyed (or how the duel ended)."""
    who = actor(events)
    losses = [
        gettext("%(fighter)s destroyed (%(cause)s)")
        % {"fighter": e["fighter"], "cause": cause_word(e["cause"])}
        for e in events
        if e["type"] == "destroyed"
    ]
    over = next((e for e in events if e["type"] == "game_over"), None)
    parts = [_when(events), player_name(names, who) if who is not None else gettext("both players")]
    if losses:
        parts.append(", ".join(losses))
    elif any(e["type"] == "fighters_placed" for e in events):
        parts.append(gettext("placements revealed"))
    elif any(e["type"] == "asteroid_placed" for e in events):
        parts.append(gettext("an asteroid placed"))
    else:
        parts.append(gettext("nothing destroyed"))
    if over is not None:
        parts.append(gettext("the game is over (%(why)s)") % {"why": result_words(over["result"])})
    return " · ".join(parts)


def _published(game):
    return (
        Report.objects.filter(round__game=game, round__status=Round.Status.PUBLISHED)
        .select_related("round")
        .only("events", "round__number", "round__game_id")
    )


def history(game, names: dict[int, str], numbers: list[int]) -> list[dict]:
    """The published actions of these round ``numbers``, newest first: each number and
    line."""
    return [
        {"number": r.round.number, "line": summary(r.events, names)}
        for r in _published(game).filter(round__number__in=numbers).order_by("-round__number")
    ]


def last_action(game, names: dict[int, str]) -> dict | None:
    """The last published action: its number, who acted, its lines (one plain read)."""
    last = duel_db.last_published(game.pk)
    if last is None:
        return None
    number, events = last
    return {
        "number": number,
        "player": actor(events),
        "lines": describe(events, names),
        "summary": summary(events, names),
    }


def first_action(game) -> int | None:
    first = _published(game).order_by("round__number").first()
    return first.round.number if first else None
