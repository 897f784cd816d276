"""Ratings: a number per person and game that moves after every rated game he finishes.

OpenSkill's Plackett-Luce model (``rating_model``) rates free-for-all games of two to six seats
with ties, as one update per game. A game declares its result through the plug
(``GameRules.ranking``: a place per seat); seats the referee removed rank last. People's
ratings move; a computer seat plays at its level's fixed rating (``GameRules.computer_ratings``,
measured by the game's league) and never moves.

Exactly once: a game is rated inside the transaction that publishes its last round
(``resolution``), and ``RatingChange``'s unique seat refuses a second rating. The ratings of a
batch are locked in one order (ids, then new rows by key), so two workers never deadlock.
``rebuild`` replays every rated game in the order it was rated, with the same numbers.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple, overload

from django.conf import settings
from django.db import transaction
from django.db.models import Max

from . import board_versions, registry, report_cache
from .db import bulk
from .db import ratings as rating_rows
from .models import Game, Rating, RatingChange, Report, Round, Seat
from .rating_model import NEW, Rater


class Player(NamedTuple):
    """A seat of a finished game as the ratings see it: a person (``user_id``), a computer
    at ``level``, or neither (a person since deleted, rated as a newcomer, written nowhere)."""

    seat: int
    user_id: int | None
    level: str | None


@dataclass(frozen=True)
class Result:
    """A rated game's result: its players and each seat's place (1 first)."""

    game_id: int
    kind: str
    players: list[Player]
    places: dict[int, int]


# --- rating the games a batch finished ----------------------------------------------------------


def rate_finished(finished: list[tuple[Game, dict]], now: datetime) -> list[tuple]:
    """Rate the rated games among ``finished`` (each with its final state), in the caller's
    transaction: the one that publishes their last rounds. Games in the order of their ids.
    Returns the ``RatingChange`` rows written (``rating_rows.CHANGE_COLUMNS``)."""
    rated = sorted(
        ((game, state) for game, state in finished if game.rated and _declares(game.kind)),
        key=lambda found: found[0].pk,
    )
    if not rated:
        return []
    games = [game for game, _ in rated]
    seats, removed = _seats_of(games), _removed_seats(games)
    results = [
        result
        for game, state in rated
        if (result := _result(game, state, seats[game.pk], removed.get(game.pk, set())))
    ]
    keys = sorted({(p.user_id, r.kind) for r in results for p in r.players if p.user_id})
    changes, ratings, made = _rate_held(results, keys, now)
    rating_rows.update([ratings[key] for key in keys if key not in made], now)
    rating_rows.insert_changes(changes)
    if changes:
        board_versions.changed({result.kind for result in results})
    return changes


def _rate_held(
    results: list[Result], keys: list[tuple[int, str]], now: datetime
) -> tuple[list[tuple], dict[tuple[int, str], rating_rows.Held], set[tuple[int, str]]]:
    """Rate ``results`` from the ratings of ``keys``, their rows locked; a newcomer's row is
    made at his rating after the batch, one write (a row made at a newcomer's numbers would be
    written again). Returns the changes, the ratings after by key, and the keys of the rows
    made (which hold their ratings after already)."""
    before = rating_rows.locked(keys)
    while True:
        ratings = {  # copies: ``_rate`` moves them, and a second pass starts from ``before``
            key: rating_rows.Held(held.pk, held.mu, held.sigma, held.games)
            if (held := before.get(key))
            else rating_rows.Held(None, *NEW, 0)
            for key in keys
        }
        changes = _rate(results, ratings)
        made, taken = rating_rows.make(
            {key: ratings[key] for key in keys if key not in before}, now
        )
        for key, pk in made.items():
            ratings[key].pk = pk
        if not taken:
            return changes, ratings, set(made)
        # Another batch made some of these rows after the lock looked (and has committed):
        # the whole batch is rated again from them, the rows just made moved like the rest.
        before.update({key: rating_rows.Held(pk, *NEW, 0) for key, pk in made.items()})
        before.update(rating_rows.locked(taken))


def _declares(kind: str) -> bool:
    return type(registry.get(kind)).ranking is not registry.GameRules.ranking


def _seats_of(games: list[Game]) -> dict[int, list[Player]]:
    seats: dict[int, list[Player]] = {game.pk: [] for game in games}
    for game_id, number, user_id, computer, level in Seat.objects.filter(
        game_id__any=list(seats)
    ).values_list("game_id", "number", "user_id", "computer", "computer_level"):
        seats[game_id].append(
            Player(number, None if computer else user_id, level if computer else None)
        )
    return seats


def _removed_seats(games: list[Game]) -> dict[int, set[int]]:
    """The seats the referee removed from each game, over all its rounds."""
    removed: dict[int, set[int]] = {}
    for game_id, referee_input in Round.objects.filter(
        game_id__any=[game.pk for game in games], referee_input__has_key="remove"
    ).values_list("game_id", "referee_input"):
        removed.setdefault(game_id, set()).update(referee_input["remove"])
    return removed


def _result(game: Game, state: dict, players: list[Player], removed: set[int]) -> Result | None:
    """The game's result, if it is one to rate: a ranking its rules declare of at least two
    seats, one of them a person's. Removed seats rank last."""
    ranking = registry.get(game.kind).ranking(state, lambda: game_events(game.pk))
    if ranking is None:
        return None
    players = [p for p in players if p.seat in ranking]
    if len(players) < 2 or not any(p.user_id for p in players):
        return None
    if removed:
        ranking = registry.places(
            {seat: (seat not in removed, -place) for seat, place in ranking.items()}
        )
    return Result(game.pk, game.kind, players, ranking)


def game_events(game_id: int) -> Iterable[dict]:
    """Every event of the game's published rounds, oldest first."""
    for events in (
        Report.objects.filter(round__game_id=game_id)
        .order_by("round__number")
        .values_list("events", flat=True)
        .iterator()
    ):
        yield from events


def _rate(results: list[Result], ratings: dict) -> list[tuple]:
    """Rate each result in turn, moving the people's ``ratings`` (one per (user id, kind),
    each with its ``mu``, ``sigma`` and ``games``, changed in place); the changes, one per
    person's seat, as ``RatingChange`` rows (``rating_rows.CHANGE_COLUMNS``)."""
    changes, rate = [], Rater().rate
    for result in results:
        kind, places = result.kind, result.places
        anchors = registry.get(kind).computer_ratings
        before = [_rating_of(p, kind, ratings, anchors) for p in result.players]
        after = rate(before, [places[p.seat] for p in result.players])
        for (seat, user_id, _), (mu, sigma), (mu_after, sigma_after) in zip(
            result.players, before, after
        ):
            if user_id is None:
                continue  # computers are anchors; a deleted person has no rating to keep
            rating = ratings[user_id, kind]
            rating.mu, rating.sigma = mu_after, sigma_after
            rating.games += 1
            changes.append(
                (
                    result.game_id,
                    seat,
                    user_id,
                    kind,
                    places[seat],
                    mu,
                    sigma,
                    mu_after,
                    sigma_after,
                )
            )
    return changes


def _rating_of(player: Player, kind: str, ratings: dict, anchors: dict) -> tuple[float, float]:
    if player.user_id is not None:
        rating = ratings[player.user_id, kind]
        return rating.mu, rating.sigma
    if player.level is not None:
        return anchors.get(player.level, NEW)
    return NEW


# --- rebuilding every rating from the history -----------------------------------------------------


def rebuild(now: datetime) -> int:
    """Rate every finished rated game again from its final state, from new ratings, in the
    order the games were rated (then any never rated, by their end), and write the ratings and
    changes anew: the same numbers as the games made one by one. Returns the games rated."""
    with transaction.atomic():
        rating_rows.lock_tables()
        order = rating_rows.rated_game_order()
        games = {
            game.pk: game
            for game in Game.objects.filter(status=Game.Status.FINISHED, rated=True).order_by(
                "finished_at", "pk"
            )
        }
        ids = [pk for pk in order if pk in games] + [pk for pk in games if pk not in set(order)]
        finals = _final_states(ids)
        chosen = [games[pk] for pk in ids if pk in finals and _declares(games[pk].kind)]
        seats, removed = _seats_of(chosen), _removed_seats(chosen)
        results = [
            result
            for game in chosen
            if (
                result := _result(
                    game, finals[game.pk], seats[game.pk], removed.get(game.pk, set())
                )
            )
        ]
        ratings: dict[tuple, Rating] = {}
        for result in results:
            for player in result.players:
                if player.user_id is not None and (player.user_id, result.kind) not in ratings:
                    ratings[player.user_id, result.kind] = Rating(
                        user_id=player.user_id,
                        kind=result.kind,
                        mu=NEW[0],
                        sigma=NEW[1],
                        updated_at=now,
                    )
        changes = _rate(results, ratings)
        RatingChange.objects.all().delete()
        Rating.objects.all().delete()
        bulk.insert([ratings[key] for key in sorted(ratings)])
        rating_rows.insert_changes(changes)
        board_versions.changed()
    for game_id in ids:
        report_cache.names_changed(game_id)  # their final reports show the changes
    return len(results)


def _final_states(game_ids: list[int]) -> dict[int, dict]:
    """Each finished game's final state: its last published round's report."""
    finals: dict[int, dict[str, Any]] = {}
    for start in range(0, len(game_ids), 500):
        last_rounds = (
            Round.objects.filter(game_id__any=game_ids[start : start + 500], status="published")
            .values("game_id")
            .annotate(last=Max("pk"))
            .values_list("last", flat=True)
        )
        finals.update(
            Report.objects.filter(round_id__any=list(last_rounds)).values_list(
                "round__game_id", "state"
            )
        )
    return finals


# --- reads for the pages ------------------------------------------------------------------------


def shown(mu: float) -> int:
    """A rating as people read it: a whole number."""
    return round(mu)


def leaderboard_min_games() -> int:
    return settings.RATINGS_LEADERBOARD_MIN_GAMES


class Leaderboard:
    """A game's ratings, best first, of the people with enough rated games, as ``Paginator``
    reads them: their count, and a page of them with their people's names in one query. The
    page's ratings are picked by id from the ratings alone (the index ``kind, mu``), then
    joined to their people: a deep page's offset skips ratings, never people joined to
    every rating before it."""

    def __init__(self, kind: str) -> None:
        self.ids = (
            Rating.objects.filter(kind=kind, games__gte=leaderboard_min_games())
            .order_by("-mu", "pk")
            .values("pk")
        )

    def count(self) -> int:
        return self.ids.count()

    def __len__(self) -> int:
        return self.count()

    @overload
    def __getitem__(self, index: int) -> Rating: ...
    @overload
    def __getitem__(self, index: slice) -> list[Rating]: ...
    def __getitem__(self, index: int | slice) -> Rating | list[Rating]:
        if isinstance(index, int):
            return self[index : index + 1][0]
        return list(
            Rating.objects.filter(pk__in=self.ids[index])
            .select_related("user")
            .only("mu", "sigma", "games", "user__username")
            .order_by("-mu", "pk")
        )

    def __iter__(self) -> Iterator[Rating]:
        return iter(self[:])

    def rows(self, start: int, stop: int) -> list[tuple[str, float, float, int]]:
        """The board's places ``start`` to ``stop`` (0 first) as plain values, in the same
        query as a slice: each person's name, mean, uncertainty and rated games."""
        return list(
            Rating.objects.filter(pk__in=self.ids[start:stop])
            .order_by("-mu", "pk")
            .values_list("user__username", "mu", "sigma", "games")
        )


def leaderboard(kind: str) -> Leaderboard:
    return Leaderboard(kind)


def current(user_ids: Iterable[int | None], kinds: Iterable[str]) -> dict[tuple[int, str], Rating]:
    """The people's ratings at these games, by (user id, kind): one query."""
    ids = sorted({pk for pk in user_ids if pk is not None})
    if not ids:
        return {}
    return {
        (r.user_id, r.kind): r
        for r in Rating.objects.filter(user_id__any=ids, kind__any=sorted(set(kinds)))
    }


def anchor(kind: str, level: str) -> tuple[float, float]:
    """A computer level's fixed rating."""
    return registry.get(kind).computer_ratings.get(level, NEW)


def lobby_seat_ratings(games: Iterable[Game]) -> None:
    """Give each seat of the games (their seats prefetched) its ``shown_rating``: its
    person's rating at the game (none before his first rated game), or its computer level's;
    one query for all of them."""
    games = list(games)
    found = current(
        [seat.user_id for game in games for seat in game.seats.all()],
        [game.kind for game in games],
    )
    for game in games:
        for seat in game.seats.all():
            if seat.computer:
                seat.shown_rating = shown(anchor(game.kind, seat.computer_level)[0])
            else:
                rating = found.get((seat.user_id, game.kind)) if seat.user_id else None
                seat.shown_rating = shown(rating.mu) if rating else None


def api_seat_ratings(games: Iterable[Game]) -> dict[tuple[int, int], tuple]:
    """(rating shown, change shown or None) by (game id, seat number), for the API's seats of
    these games (their seats prefetched): two queries."""
    games = list(games)
    lobby_seat_ratings(games)
    changes = {
        (c.game_id, c.seat): c.shown_change
        for c in RatingChange.objects.filter(
            game_id__any=[g.pk for g in games if g.rated and g.status == Game.Status.FINISHED]
        )
    }
    return {
        (game.pk, seat.number): (seat.shown_rating, changes.get((game.pk, seat.number)))
        for game in games
        for seat in game.seats.all()
    }


@dataclass(frozen=True)
class ReportRow:
    """A seat in a rated game's final report: its place and what the game did to its rating
    (a computer's stays as it was)."""

    number: int
    name: str
    person: str | None
    place: int | None
    before: int
    after: int

    @property
    def change(self) -> int:
        return self.after - self.before


def report_rows(game: Game) -> list[ReportRow]:
    """Every seat of a finished rated game with its change, best place first; [] if the game
    moved no rating."""
    changes = {c.seat: c for c in RatingChange.objects.filter(game=game)}
    if not changes:
        return []
    rows = []
    for seat in game.seats.select_related("user"):
        change = changes.get(seat.number)
        if change is not None:
            before, after = shown(change.mu_before), shown(change.mu_after)
        else:
            before = after = shown(anchor(game.kind, seat.computer_level)[0])
        rows.append(
            ReportRow(
                number=seat.number,
                name=str(seat),
                person=seat.user.get_username() if seat.user else None,
                place=change.place if change else None,
                before=before,
                after=after,
            )
        )
    return sorted(rows, key=lambda row: (row.place is None, row.place or 0, row.number))


@dataclass(frozen=True)
class PersonRating:
    """A person's rating at one game, with its history for the chart."""

    rules: registry.GameRules
    rating: Rating
    changes: list[RatingChange]

    @property
    def shown(self) -> int:
        return shown(self.rating.mu)

    @property
    def uncertainty(self) -> int:
        return round(self.rating.sigma)

    @property
    def recent(self) -> list[RatingChange]:
        return self.changes[::-1][:10]

    @property
    def chart(self) -> Chart:
        return chart([NEW[0], *(c.mu_after for c in self.changes)])


def of_person(user) -> list[PersonRating]:
    """A person's ratings, a game each, with their histories: two queries."""
    known = {rules.slug: rules for rules in registry.all_games()}
    history: dict[str, list[RatingChange]] = {}
    for change in RatingChange.objects.filter(user=user).select_related("game").order_by("pk"):
        history.setdefault(change.kind, []).append(change)
    return [
        PersonRating(known[rating.kind], rating, history.get(rating.kind, []))
        for rating in Rating.objects.filter(user=user).order_by("kind")
        if rating.kind in known
    ]


@dataclass(frozen=True)
class Chart:
    """A rating's history drawn as a line: the SVG's size, the line's points and the axis's
    highest and lowest rating (the template draws it)."""

    width: int
    height: int
    points: str
    top: int
    bottom: int
    last_x: float
    last_y: float


CHART_WIDTH, CHART_HEIGHT, CHART_PAD = 320, 96, 8


def chart(values: list[float]) -> Chart:
    """The points of a history of ratings, oldest first, scaled into the chart's box."""
    top, bottom = max(values), min(values)
    span = (top - bottom) or 1.0
    step = (CHART_WIDTH - 2 * CHART_PAD) / max(len(values) - 1, 1)
    inner = CHART_HEIGHT - 2 * CHART_PAD
    points = [
        (CHART_PAD + i * step, CHART_PAD + (top - value) / span * inner)
        for i, value in enumerate(values)
    ]
    return Chart(
        width=CHART_WIDTH,
        height=CHART_HEIGHT,
        points=" ".join(f"{x:.1f},{y:.1f}" for x, y in points),
        top=shown(top),
        bottom=shown(bottom),
        last_x=round(points[-1][0], 1),
        last_y=round(points[-1][1], 1),
    )
