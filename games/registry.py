"""The one explicit registry through which each game plugs into the platform.

A game app registers a ``GameRules`` object in its ``AppConfig.ready``; the lobby, the sweep,
the resolution pipeline and "my games" talk only to this interface (think of boardgame.io's
game object: setup, moves, end condition), never to a game's rules directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from . import clock


class Rejected(ValueError):
    """Input a game's rules refuse; the message is shown to the person as it is."""


@dataclass(frozen=True)
class Outcome:
    state: dict
    events: list
    over: bool = False
    winner: int | None = None
    out_seats: frozenset[int] = field(default_factory=frozenset)


class GameRules:
    slug = ""
    name = ""
    # Whether a round is resolved the moment all its orders are in: None lets the referee
    # choose at creation (``Game.resolve_early``); True or False decides it for every game.
    resolve_early: bool | None = None
    # The link to a seat's own page (``<slug>:pilot``) on "My games".
    own_page_label = "My seat"

    def deadline(self, now: datetime, game) -> datetime:
        """The deadline of a round opening at ``now``: noon in the game's zone, its
        ``deadline_days`` later."""
        return clock.deadline_after(now, game.time_zone, game.deadline_days)

    def outage_deadline(self, now: datetime, game) -> datetime:
        """A new deadline for a round whose deadline passed while the scheduler was down."""
        return clock.deadline_after(now, game.time_zone, 1)

    def deadline_words(self, game) -> str:
        """The deadline rule in a few words, for the lobby."""
        days = game.deadline_days
        return f"{days} day{'s' if days != 1 else ''}, at noon {game.time_zone}"

    def seat_name_on_join(self, user) -> str:
        """The name a seat takes when a person joins it ("": he names it later, or it shows as
        "seat N")."""
        return ""

    def not_active_message(self, state: dict, seat: int) -> str:
        """Why ``seat`` may not send orders for the round starting from ``state``."""
        return "you owe no orders in this round"

    def seat_numbers(self, settings: dict) -> list[int]:
        raise NotImplementedError

    def clean_settings(self, data: dict) -> dict:
        """Check the referee's settings; raise Rejected naming what is wrong."""
        raise NotImplementedError

    def setup(self, *, seed: int, settings: dict, seats: list[dict]) -> dict:
        """The state of round 1. ``seats``: ``[{"number", "computer", "user_id"}]``."""
        raise NotImplementedError

    def active_seats(self, state: dict) -> list[int]:
        """Seats that owe orders for the round starting from ``state``."""
        raise NotImplementedError

    def validate_orders(self, state: dict, seat: int, payload: object) -> dict:
        """The normalised orders to store, or Rejected with a clear message."""
        raise NotImplementedError

    def computer_orders(self, state: dict, seat: int, level: str) -> dict:
        raise NotImplementedError

    def resolve(self, state: dict, orders: dict[int, dict], *, seed: int,
                referee_input: dict) -> Outcome:
        raise NotImplementedError

    def clean_referee_input(self, state: dict, data: dict) -> dict:
        """Check a referee's input for the coming round (e.g. a fixed wind)."""
        raise NotImplementedError

    def counts_for_careers(self, settings: dict) -> bool:
        """Whether a game with these settings and no computer pilot is scored (careers)."""
        return False

    def on_game_over(self, game, final_state: dict) -> None:
        """Called once, inside the transaction that publishes the game's last round."""

    def describe_events(self, events: list, names: dict[int, str]) -> list[str]:
        """A published round as plain lines of text (mail, feed)."""
        raise NotImplementedError

    def page_context(self, state: dict, names: dict[int, str]) -> dict:
        """What the game's public page (``<slug>/game.html``) shows of a state."""
        raise NotImplementedError

    def report_context(self, state_before: dict, report_state: dict, events: list,
                       names: dict[int, str], step: int) -> dict:
        """What a published round's page (``<slug>/report.html``) shows, at replay ``step``."""
        raise NotImplementedError


_GAMES: dict[str, GameRules] = {}


def register(rules: GameRules) -> GameRules:
    _GAMES[rules.slug] = rules
    return rules


def get(slug: str) -> GameRules:
    try:
        return _GAMES[slug]
    except KeyError:
        raise Rejected(f"there is no game called {slug!r}") from None


def all_games() -> list[GameRules]:
    return list(_GAMES.values())
