"""Rounds named as their game counts them (``GameRules.round_name``: "turn 3", "pick 5"), for
pages, feeds and mails that show many rounds at once.

A game that numbers its rounds as the platform does never reads a round's state, and then no
state is read here either; a game that does (a draft's picks, then turns) gets the states of
the whole batch in one query, on first use.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from . import registry
from .models import Round
from .registry import Numbered


@dataclass(frozen=True)
class Known:
    """A round whose number and starting state are at hand (the next round starts from the
    state its predecessor's report ends with), for ``GameRules.round_name``."""

    number: int
    state: dict


class _States:
    """The starting states of a batch of rounds, read together when a game first asks."""

    def __init__(self, read) -> None:
        self._read = read
        self._states: dict | None = None

    def get(self, key) -> dict:
        if self._states is None:
            self._states = self._read()
        return self._states[key]


class _Seen:
    """What a game's ``round_name`` reads of a round: its number and its starting state."""

    def __init__(self, number: int, key, states: _States) -> None:
        self.number = number
        self._key = key
        self._states = states

    @property
    def state(self) -> dict:
        return self._states.get(self._key)


def name_rounds(rounds: Iterable[Round]) -> None:
    """Name each of these rounds of any games (``Round.name``, ``game`` selected) at once:
    the states left deferred are read in one query, if a game asks."""
    rounds = list(rounds)
    deferred = [rnd.pk for rnd in rounds if "state" in rnd.get_deferred_fields()]
    states = _States(
        lambda: dict(Round.objects.filter(pk__any=deferred).values_list("pk", "state"))
    )
    for rnd in rounds:
        rules = registry.get(rnd.game.kind)
        seen = (
            rnd if "state" not in rnd.get_deferred_fields() else _Seen(rnd.number, rnd.pk, states)
        )
        rnd.__dict__["name"] = rules.round_name(seen)  # Round.name, a cached_property


def name_numbers(game, numbers: Iterable[int]) -> dict[int, Numbered]:
    """Rounds ``numbers`` of ``game`` by their names; their states read in one query if the game
    asks."""
    numbers = list(numbers)
    rules = registry.get(game.kind)
    states = _States(
        lambda: dict(
            Round.objects.filter(game_id=game.pk, number__any=numbers).values_list(
                "number", "state"
            )
        )
    )
    return {number: rules.round_name(_Seen(number, number, states)) for number in numbers}
