"""Reads for the pages: a person's games, the lobby, the referee's panel, a player's page, the
state a game's page shows.

Each function runs a bounded number of queries whatever the number of games (prefetching the
seats and the open round), and asks the registry, never a game's rules directly, who owes
orders.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.core.paginator import Page
from django.db import transaction
from django.db.models import Count, Exists, F, OuterRef, Prefetch, Q
from django.http import Http404

from . import acting, pages, presence, ratings, registry, round_names, viewer
from .db import queries
from .models import Game, Order, Profile, Report, Round, Seat

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

LOBBY_PAGE = 20  # games per page of each of the lobby's lists
STATUS_ORDER: dict[str, int] = {
    Game.Status.RUNNING: 0,
    Game.Status.OPEN: 1,
    Game.Status.FINISHED: 2,
}


@dataclass
class MyGame:
    game: Game
    seat: Seat | None
    is_referee: bool
    round: Round | None
    orders_due: bool = False
    waiting: bool = False  # in the game, owes nothing now, has sent nothing: another acts

    @property
    def deadline(self):
        """The open round's deadline, None where the game shows none."""
        if self.round is None or not self.game.rules.shows_deadline(self.game):
            return None
        return self.round.deadline

    @property
    def own_page_label(self) -> StrOrPromise:
        return self.game.rules.own_page_label

    @property
    def seat_url(self) -> str | None:
        return self.game.rules.seat_url(self.game.pk, self.seat.number) if self.seat else None


@dataclass
class Lobby:
    open: Page  # each a page of its list (games.pages)
    running: Page | None  # None: filtered out (only open games have free seats)
    finished: Page | None
    joined: set[int] = field(default_factory=set)  # open games the viewer has a seat in


@dataclass(frozen=True)
class LobbyFilters:
    kind: str | None = None  # one kind of game
    free_seats: bool = False  # open games with a seat nobody holds yet
    language: str | None = None  # the referee's language
    rated: bool | None = None  # rated games only, unrated only, or either (None)

    def __bool__(self) -> bool:
        return bool(self.kind or self.free_seats or self.language or self.rated is not None)


def profile_of(user) -> Profile:
    """The person's settings; an unsaved default Profile if he has none yet."""
    return Profile.objects.filter(user=user).first() or Profile(user=user)


def can_referee(user, game: Game) -> bool:
    return user.is_authenticated and (user.pk == game.referee_id or user.is_staff)


def _seats():
    return Prefetch("seats", queryset=Seat.objects.select_related("user"))


def _open_round():
    return Prefetch(
        "rounds", queryset=Round.objects.filter(status=Round.Status.OPEN), to_attr="open_rounds"
    )


def my_games(user) -> list[MyGame]:
    """Every game the person holds a seat in or referees: running first, then open, then
    finished; each with its open round and whether his orders are still due."""
    games = list(
        Game.objects.filter(Q(seats__user=user) | Q(referee=user))
        .distinct()
        .prefetch_related(_seats(), _open_round())
        .order_by("-created_at")
    )
    rounds = [game.open_rounds[0] for game in games if game.open_rounds]
    submitted = set(
        Order.objects.filter(round__in=rounds, seat__user=user).values_list("round_id", flat=True)
    )
    entries = []
    for game in games:
        seat = next((s for s in game.seats.all() if s.user_id == user.pk), None)
        rnd = game.open_rounds[0] if game.open_rounds else None
        sent = bool(rnd and rnd.pk in submitted)
        due = (
            seat is not None
            and rnd is not None
            and seat.number in _to_act(game, rnd, seat.number, sent)
        )
        rules = registry.get(game.kind)
        waiting = bool(
            seat and rnd and not due and not sent and seat.number in rules.seats_in_game(rnd.state)
        )
        entries.append(
            MyGame(
                game=game,
                seat=seat,
                is_referee=game.referee_id == user.pk,
                round=rnd,
                orders_due=due,
                waiting=waiting,
            )
        )
    entries.sort(
        key=lambda e: (
            STATUS_ORDER[e.game.status],
            not e.orders_due,
            e.deadline.timestamp() if e.deadline else float("inf"),
        )
    )
    return entries


# Every change of who must act drops the count of everyone in the game (``forget_waiting``);
# the timeout only bounds what a change made outside the services could leave stale.
WAITING_SECONDS = 600


def _to_act(game: Game, rnd: Round, number: int, sent: bool) -> set[int]:
    """The seats that must act in the open round, as far as the person's own seat ``number``
    (whose orders are in if ``sent``) is concerned."""
    return acting.seats_to_act(
        registry.get(game.kind),
        rnd.state,
        referee_input=rnd.referee_input,
        submitted=[number] if sent else [],
    )


def waiting_key(user_id: int) -> str:
    return viewer.waiting_key(user_id)


def waiting_count(user) -> int:
    """How many games wait on the person's orders (the header's "your move"): the count of
    "My games", kept until anything changes who must act in one of his games (a round opened
    or published, orders in, a referee's removal), which drops it. Read with the session's
    user when it was kept (``user_cache``: no round trip of its own)."""
    kept = getattr(user, "_waiting_count", None)
    if kept is not None:
        return kept
    count = cache.get_or_set(
        waiting_key(user.pk),
        lambda: sum(entry.orders_due for entry in my_games(user)),
        WAITING_SECONDS,
    )
    return int(count or 0)  # the cache gives back what it keeps: the count, never None


def forget_waiting(game_ids: list[int]) -> None:
    """Drop the "your move" count of every person seated in these games (who must act in them
    has changed): the next page each of them loads counts again."""
    people = Seat.objects.filter(game_id__any=game_ids, user__isnull=False).values_list(
        "user_id", flat=True
    )
    keys = [waiting_key(user_id) for user_id in set(people)]
    if keys:
        cache.delete_many(keys)


def forget_waiting_on_commit(game_ids: list[int]) -> None:
    """``forget_waiting`` once the current transaction has committed what changed."""
    transaction.on_commit(lambda: forget_waiting(game_ids))


def lobby(user, request, filters: LobbyFilters = LobbyFilters()) -> Lobby:
    """The lobby's three lists, a page of each (``open``, ``running``, ``finished`` in the
    query string; newest first): open games with their seats, running and finished games with
    only what the list shows (no seat's user, no round's state); each narrowed by
    ``filters``."""
    base = _filtered(Game.objects.select_related("referee__profile"), filters)
    open_list = base.prefetch_related(_seats()).filter(status=Game.Status.OPEN)
    if filters.free_seats:
        free = Seat.objects.filter(game=OuterRef("pk"), user__isnull=True, computer=False)
        open_list = open_list.filter(Exists(free))
    open_games = pages.page_of(
        request, open_list.order_by("-created_at", "-pk"), "open", LOBBY_PAGE
    )
    for game in open_games:
        game.deadline_words = registry.get(game.kind).deadline_words(game)
    joined = set()
    if user is not None and user.is_authenticated:
        joined = {
            game.pk
            for game in open_games
            if any(seat.user_id == user.pk for seat in game.seats.all())
        }
    running = (
        base.filter(status=Game.Status.RUNNING)
        .annotate(seat_count=Count("seats"))
        .prefetch_related(
            Prefetch(
                "rounds",
                queryset=Round.objects.filter(status=Round.Status.OPEN).only(
                    "id", "game_id", "number", "deadline"
                ),
                to_attr="open_rounds",
            )
        )
        .order_by("-started_at", "-pk")
    )
    finished = base.filter(status=Game.Status.FINISHED).order_by("-finished_at", "-pk")
    started = not filters.free_seats  # a started game has no seat to join
    return _described(
        Lobby(
            open=open_games,
            joined=joined,
            running=pages.page_of(request, running, "running", LOBBY_PAGE) if started else None,
            finished=pages.page_of(request, finished, "finished", LOBBY_PAGE) if started else None,
        )
    )


def _filtered(games, filters: LobbyFilters):
    if filters.kind:
        games = games.filter(kind=filters.kind)
    if filters.language:
        games = games.filter(referee__profile__language=filters.language)
    if filters.rated is not None:
        games = games.filter(rated=filters.rated)
    return games


def _described(lobby: Lobby) -> Lobby:
    """Each listed game's settings in its own words, an open game's seats by their game's
    names (a colour, say), a finished game's winner (one query for all of them)."""
    for game in (*lobby.open, *(lobby.running or ()), *(lobby.finished or ())):
        game.lobby_words = registry.get(game.kind).lobby_words(game)
        game.shows_deadline = registry.get(game.kind).shows_deadline(game)
    for game in lobby.open:
        for seat in game.seats.all():
            seat.label = registry.get(game.kind).seat_label(seat.number)
    ratings.lobby_seat_ratings(lobby.open)
    round_names.name_rounds(game.open_rounds[0] for game in lobby.running or () if game.open_rounds)
    won = [game for game in lobby.finished or () if game.winner_seat is not None]
    winners = {
        (seat.game_id, seat.number): seat
        for seat in Seat.objects.filter(game__in=won, number=F("game__winner_seat")).only(
            "game_id", "number", "name", "computer"
        )
    }
    for game in won:
        seat = winners.get((game.pk, game.winner_seat))
        game.winner_name = str(seat) if seat else None
    return lobby


@dataclass
class Panel:
    game: Game
    seats: list[Seat]
    round: Round | None  # the round open for orders
    failed: Round | None  # a round that kept failing and waits for the referee
    active: list[int]  # seats still in the game (``GameRules.seats_in_game``)
    removing: list[int]  # seats the referee takes out when the open round is resolved


def referee_panel(game_id: int) -> Panel:
    game = Game.objects.select_related("referee").get(pk=game_id)
    seats = list(game.seats.select_related("user"))
    rnd = game.rounds.filter(status=Round.Status.OPEN).first()
    failed = game.rounds.filter(status=Round.Status.FAILED).first()
    shown = rnd or failed
    state = shown.state if shown else None
    active = registry.get(game.kind).seats_in_game(state) if state is not None else []
    removing = rnd.referee_input.get("remove", []) if rnd else []
    return Panel(game=game, seats=seats, round=rnd, failed=failed, active=active, removing=removing)


def shown_state(game: Game, open_round: Round | None = None) -> dict | None:
    """The state a page of ``game`` shows: ``open_round``'s starting state if a round is open
    (the caller's open round; None: none is open), else the last published report's state,
    else None (the game has not started)."""
    if open_round is not None:
        return open_round.state
    last = Report.objects.filter(round__game=game).order_by("-round__number").only("state").first()
    return last.state if last else None


def picture_version(game: Game, open_round: Round | None) -> str:
    """Which position a game's picture shows, as its URL names it: ``r<N>`` the start of
    round N (a round's state never changes; ``p<N>``: the end of published round N, which
    never changes either), ``end`` a finished game's last report, ``last``
    a running game's last report while no round is open (it changes when one opens), ``""``
    a game not started (its kind's sample position)."""
    if game.status == Game.Status.OPEN:
        return ""
    if open_round is not None:
        return f"r{open_round.number}"
    return "end" if game.status == Game.Status.FINISHED else "last"


def picture_state(game: Game, version: str) -> dict | None:
    """The state a game's picture at ``version`` shows (``picture_version``); None if there is
    no such position. A version that is no round's number shows the latest position."""
    number = int(version[1:]) if version[1:].isascii() and version[1:].isdigit() else None
    if version[:1] == "r" and number is not None:
        found = Round.objects.filter(game=game, number=number).values_list("state")
        return found[0][0] if found else None
    if version[:1] == "p" and number is not None:
        published = Report.objects.filter(round__game=game, round__number=number).values_list(
            "state"
        )
        return published[0][0] if published else None
    open_round = game.rounds.filter(status=Round.Status.OPEN).only("state").first()
    return shown_state(game, open_round)


def own_seat(user, *, game_id: int, number: int, kind: str) -> Seat:
    """A seat of a ``kind`` game that ``user`` holds, with its game: 404 if there is none, 403
    if not his. One query."""
    return _require_own(queries.seat_with_game(game_id, number, kind), user)


@dataclass
class PlayerPage:
    """What a player's page reads: his seat, the game's seats (for their names), and the open
    round with his own orders and chatter in it (never another seat's)."""

    seat: Seat
    seats: list[Seat]
    round: Round | None
    own_orders: dict | None = None  # the payload of his orders for the open round, if in
    own_chatter: list[str] = field(default_factory=list)

    @property
    def names(self) -> dict[int, str]:
        return {seat.number: str(seat) for seat in self.seats}


def player_page(user, *, game_id: int, number: int, kind: str) -> PlayerPage:
    """``own_seat`` and the open round with his own orders and chatter: 404 if no such seat,
    403 if not his. One query (the busiest page: a plain read, ``queries.player_page_rows``)."""
    found = queries.player_page_rows(game_id, number, user.pk, kind)
    seat = _require_own(next((s for s in found.seats if s.number == number), None), user)
    presence.touch(user.pk, game_id)  # he is at the table: no "your turn" mail while he is
    return PlayerPage(
        seat=seat,
        seats=found.seats,
        round=found.round,
        own_orders=found.own_orders,
        own_chatter=found.own_chatter or [],
    )


def _require_own(seat: Seat | None, user) -> Seat:
    if seat is None:
        raise Http404("No such seat.")
    if seat.user_id != user.pk:
        raise PermissionDenied("Only this seat's own player may see or send its orders.")
    return seat
