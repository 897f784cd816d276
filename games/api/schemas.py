"""What the API answers and reads, as pydantic schemas: the OpenAPI document is built from
them, and every answer is checked against them."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from ninja import Field, Schema
from pydantic import ConfigDict, StringConstraints

from ..services import MAX_CHATTER_LENGTH, MAX_CHATTER_LINES

# A line of chatter as ``services.chatter_save`` takes it: no control character, nothing that
# turns the writing direction around (games/text.py's BIDI_CONTROLS).
ChatterLine = Annotated[
    str,
    StringConstraints(
        max_length=MAX_CHATTER_LENGTH,
        pattern=r"^[^\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]*$",
    ),
]


class Error(Schema):
    code: str = Field(description="A stable name of the error, for programs.")
    message: str = Field(description="What went wrong, in words for a person.")


class SeatOut(Schema):
    number: int
    name: str = Field(description="The seat's name (the pilot's or player's), or \"\".")
    player: str | None = Field(
        description="The person's username; null for a computer or a free seat."
    )
    computer: bool
    rating: int | None = Field(
        description="The seat's rating at this game: its person's now (null before his first "
        "rated game), or its computer level's fixed one."
    )
    rating_change: int | None = Field(
        description="In a finished rated game, what it did to the person's rating (+14, -9); "
        "else null."
    )


class RoundOut(Schema):
    number: int
    status: str = Field(description="open, published or failed")
    deadline: datetime


class GameSummary(Schema):
    id: int
    kind: str = Field(description="The game's slug: see /api/v1/kinds.")
    title: str
    status: str = Field(description="open, running or finished")
    referee: str
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    winner_seat: int | None
    rated: bool = Field(description="Whether the finished game moves its people's ratings.")
    seats: list[SeatOut]
    url: str = Field(description="The game's page on the site.")


class GamePage(Schema):
    items: list[GameSummary]
    page: int
    pages: int
    count: int


class GameOut(GameSummary):
    settings: dict[str, Any]
    round: RoundOut | None = Field(description="The round open for orders, if any.")
    state: dict[str, Any] | None = Field(
        description="The state a spectator may see: the open round's start, else the last "
        "published one; null before the start."
    )


class KindOut(Schema):
    kind: str
    name: str
    rules_url: str | None
    practice: bool = Field(description="Whether POST /practice/{kind} makes a practice game.")


class RoundSummary(Schema):
    number: int
    published_at: datetime


class ChatterOut(Schema):
    seat: int
    name: str
    lines: list[str]


class PublishedRound(Schema):
    number: int
    published_at: datetime
    events: list[dict[str, Any]] = Field(description="The engine's events, in order.")
    lines: list[str] = Field(description="The report in words.")
    state_before: dict[str, Any]
    state: dict[str, Any] = Field(description="The state the round left.")
    frames: list[dict[str, Any]] = Field(description="The replay, step by step.")
    chatter: list[ChatterOut]


class SeatView(Schema):
    game: int
    status: str = Field(description="The game's: open, running or finished.")
    seat: int
    round: RoundOut | None
    owes_orders: bool = Field(
        description="Whether this seat's orders for the open round are still due."
    )
    orders: Any = Field(
        description="This seat's own stored orders for the open round, once in; else null."
    )
    chatter: list[str]
    state: dict[str, Any] | None


class Body(Schema):
    """A request's body: the fields it names and no others (the schema says so, and a field it
    does not name is refused, 422)."""

    model_config = ConfigDict(extra="forbid")


class ChoicesIn(Body):
    orders: Any = Field(None, description="The orders chosen so far (the game's format), or null.")


class OrdersIn(Body):
    orders: dict[str, Any] = Field(
        description="The game's orders (an object), as its rules page and docs/engines/ "
        "describe; orders that break the game's rules are refused with its reason (400)."
    )
    round: int | None = Field(
        None,
        description="The round these orders were written for: "
        "refused if another round is open by now.",
    )
    chatter: list[ChatterLine] | None = Field(
        None, max_length=MAX_CHATTER_LINES, description="Radio chatter to keep with them."
    )


class ChatterIn(Body):
    lines: list[ChatterLine] = Field(
        max_length=MAX_CHATTER_LINES, description="Up to six lines (empty ones are dropped)."
    )


class Accepted(Schema):
    round: int
    orders: Any


class MyGame(Schema):
    game: GameSummary
    seat: int | None
    referee: bool
    round: RoundOut | None
    orders_due: bool


class PracticeOut(Schema):
    game: int
    seat: int


class LeaderboardRow(Schema):
    place: int
    player: str = Field(description="The person's username.")
    rating: int
    uncertainty: int = Field(description="The rating's standard deviation (sigma).")
    games: int = Field(description="Rated games finished at this game.")


class Leaderboard(Schema):
    kind: str
    min_games: int = Field(description="Rated games a person needs to be listed.")
    items: list[LeaderboardRow]
    page: int
    pages: int
    count: int


class RatingHistoryOut(Schema):
    game: int
    place: int
    rating: int = Field(description="The rating after the game.")
    change: int


class PersonRatingOut(Schema):
    kind: str
    rating: int
    uncertainty: int = Field(description="The rating's standard deviation (sigma).")
    games: int
    history: list[RatingHistoryOut] = Field(description="Every rated game, oldest first.")
