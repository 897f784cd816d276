"""The resolution pipeline: when a round is due, resolving due rounds exactly once, publishing
their reports and opening the next rounds.

It imports nothing of the player's or referee's writes (``services`` imports it: a game's start
opens round 1 here), nor the sweep, so the platform's modules form no import circle.
"""

from __future__ import annotations

import gc
import logging
import secrets
from contextlib import contextmanager
from datetime import datetime
from typing import NamedTuple

from celery import shared_task
from django.db import InterfaceError, OperationalError, close_old_connections, transaction
from django.utils import timezone
from orjson import Fragment

from . import clock, ratings, registry, selectors
from .db import bulk
from .db.fields import serialized
from .enqueue import enqueue_on_commit
from .models import Game, Order, Report, Round, Seat
from .notify import send_reports_task
from .registry import Outcome

log = logging.getLogger(__name__)

MAX_FAILURES = 3
MAX_CHAIN = 500  # rounds in a row a task may resolve when each next one is due at once


def is_due(rnd: Round, now: datetime) -> bool:
    """Due at its deadline; when every pilot is in, at the next noon (or at once if chosen)."""
    if rnd.status != Round.Status.OPEN:
        return False
    if now >= rnd.deadline:
        return True
    if rnd.all_in_at is None:
        return False
    return rnd.game.resolve_early or now >= clock.next_noon(rnd.all_in_at, rnd.game.time_zone)


# Named as queued messages and the worker know it; games.tasks imports it for the worker.
@shared_task(name="games.tasks.resolve_rounds_task", acks_late=True, reject_on_worker_lost=True)
def resolve_rounds_task(round_ids: list[int]) -> int:
    """Resolve due rounds together (and the rounds after them while those are due at once)."""
    resolved = 0
    due = list(round_ids)
    while due and resolved < MAX_CHAIN:
        resolved += len(due)
        due = rounds_resolve(round_ids=due)
    return resolved


def round_resolve(*, round_id: int, now: datetime | None = None, force: bool = False) -> int | None:
    """Resolve one due round exactly once; returns the next round's id if that one is due at
    once too (so a caller may go on), else None."""
    due = rounds_resolve(round_ids=[round_id], now=now, force=force)
    return due[0] if due else None


def rounds_resolve(
    *, round_ids: list[int], now: datetime | None = None, force: bool = False
) -> list[int]:
    """Resolve the due rounds among ``round_ids`` exactly once, in one transaction; returns
    the ids of the next rounds that are due at once.

    The rounds are locked (skipping rounds another worker holds); the reports, the next rounds
    and the games are written together with a few bulk queries, so a crash leaves nothing behind
    and the next sweep tries again. A round whose rules raise is left out and its failure
    counted; after MAX_FAILURES it waits for the referee. If the writing itself fails, each
    round is tried alone so that one bad round cannot hold up the others.
    """
    now = now or timezone.now()
    try:
        with _collector_paused():
            due, failures = _resolve_together(round_ids, now, force)
    except (OperationalError, InterfaceError):
        # The database went away, not the round: nothing was written, the next sweep retries,
        # and it does not count toward the round's failures.
        log.warning("resolving rounds %s: the database connection failed", round_ids, exc_info=True)
        close_old_connections()
        return []
    except Exception as error:
        if len(round_ids) == 1:
            log.exception("resolving round %s failed", round_ids[0])
            _record_failure(round_ids[0], error)
            return []
        return [
            rid
            for one in round_ids
            for rid in rounds_resolve(round_ids=[one], now=now, force=force)
        ]
    for round_id, failure in failures:
        log.error("resolving round %s failed: %s", round_id, failure, exc_info=failure)
        _record_failure(round_id, failure)
    return due


# What resolving reads of a round and its game (the rest stays in the database: at noon every
# column read is thousands of values made into Python objects).
RESOLVING_FIELDS = (
    "game_id",
    "number",
    "status",
    "state",
    "seed",
    "deadline",
    "all_in_at",
    "referee_input",
    "game__kind",
    "game__status",
    "game__settings",
    "game__time_zone",
    "game__deadline_days",
    "game__resolve_early",
    "game__rated",  # read when the round finishes the game: rated or not
)


@contextmanager
def _collector_paused():
    """A batch makes some hundred thousand short-lived dicts and lists, freed by reference
    counting; each few hundred of them set off Python's cycle collector, which then walks every
    object the process holds (docs/performance.md). A batch makes no cycles (a test holds it to
    that); anything left is collected once the collector is back."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _resolve_together(
    round_ids: list[int], now: datetime, force: bool
) -> tuple[list[int], list[tuple[int, Exception]]]:
    with transaction.atomic():
        locked = (
            Round.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("game")
            .only(*RESOLVING_FIELDS)
            .filter(pk__any=round_ids, status=Round.Status.OPEN)
            .order_by("pk")
        )
        rounds = [rnd for rnd in locked if force or is_due(rnd, now)]
        if not rounds:
            return [], []
        orders: dict[int, dict[int, dict]] = {rnd.pk: {} for rnd in rounds}
        for round_id, number, payload in Order.objects.filter(
            round_id__any=list(orders)
        ).values_list("round_id", "seat__number", "payload"):
            orders[round_id][number] = payload
        resolved, failures = [], []
        for rnd in rounds:
            rules = registry.get(rnd.game.kind)
            try:  # a bug in a game's rules must not wedge the sweep
                outcome = rules.resolve(
                    rnd.state, orders[rnd.pk], seed=rnd.seed, referee_input=rnd.referee_input
                )
            except Exception as error:  # noqa: BLE001 - any bug at all: logged, retried
                failures.append((rnd.pk, error))
                continue
            resolved.append((rnd, outcome))
        if not resolved:
            return [], failures
        next_rounds = _publish(resolved, now)
    return [rnd.pk for rnd in next_rounds if is_due(rnd, now)], failures


def _publish(resolved: list[tuple[Round, Outcome]], now: datetime) -> list[Round]:
    """Write the reports, close finished games and open the next rounds: a few bulk queries."""
    # ``round_id``, not ``round=rnd``: assigning a one-to-one also caches the report on its
    # round, a reference cycle that would leave every round, game, state and event of a batch
    # to the cycle collector (docs/performance.md).
    # A round's final state is also the next round's starting state: serialized once for both.
    finals = {rnd.pk: serialized(outcome.state) for rnd, outcome in resolved}
    bulk.insert(
        [
            Report(round_id=rnd.pk, state=finals[rnd.pk], events=outcome.events, published_at=now)
            for rnd, outcome in resolved
        ]
    )
    published = [rnd.pk for rnd, _ in resolved]
    Round.objects.filter(pk__any=published).update(status=Round.Status.PUBLISHED)
    enqueue_on_commit(send_reports_task, published)
    selectors.forget_waiting_on_commit([rnd.game_id for rnd, _ in resolved])
    openings, finished = [], []
    for rnd, outcome in resolved:
        rnd.status = Round.Status.PUBLISHED
        game = rnd.game
        if outcome.over:
            game.refresh_from_db()  # the whole game, for the rules' closing of it
            game.status, game.finished_at = Game.Status.FINISHED, now
            game.winner_seat = outcome.winner
            game.save(update_fields=["status", "finished_at", "winner_seat"])
            registry.get(game.kind).on_game_over(game, outcome.state)
            finished.append((game, outcome.state))
        else:
            openings.append(Opening(game, rnd.number + 1, outcome.state, finals[rnd.pk]))
    if finished:
        ratings.rate_finished(finished, now)
    return _open_rounds(openings, now) if openings else []


def _record_failure(round_id: int, error: Exception) -> None:
    with transaction.atomic():
        rnd = Round.objects.select_for_update().filter(pk=round_id).first()
        if rnd is None or rnd.status != Round.Status.OPEN:
            return
        rnd.failures += 1
        rnd.last_error = f"{type(error).__name__}: {error}"[:2000]
        if rnd.failures >= MAX_FAILURES:
            rnd.status = Round.Status.FAILED
        rnd.save(update_fields=["failures", "last_error", "status"])


# --- opening rounds ---------------------------------------------------------------------------


class Opening(NamedTuple):
    """A round to open: its game, its number, and its starting state as a dict and as it is
    stored (``serialized``: a round's final state, also in its report, is serialized once)."""

    game: Game
    number: int
    state: dict
    stored: Fragment


def open_round(game: Game, number: int, state: dict, now: datetime) -> Round:
    """Open round ``number`` of ``game`` with its starting ``state`` (a game's first round)."""
    return _open_rounds([Opening(game, number, state, serialized(state))], now)[0]


def _open_rounds(openings: list[Opening], now: datetime) -> list[Round]:
    """Open the next round of several games at once; computer pilots' orders go in sealed."""
    computers: dict[int, list[Seat]] = {}
    for seat in Seat.objects.filter(
        game_id__any=[opening.game.pk for opening in openings], computer=True
    ):
        computers.setdefault(seat.game_id, []).append(seat)
    rounds, orders = [], []
    for game, number, state, stored in openings:
        rules = registry.get(game.kind)
        rnd = Round(
            game=game,
            number=number,
            state=stored,
            seed=secrets.randbits(62),
            opened_at=now,
            deadline=rules.deadline(now, game),
        )
        active = set(rules.active_seats(state))
        playing = [s for s in computers.get(game.pk, []) if s.number in active]
        if playing and len(playing) == len(active):
            rnd.all_in_at = now
        orders += [
            Order(
                round=rnd,
                seat=seat,
                submitted_at=now,
                payload=rules.computer_orders(state, seat.number, seat.computer_level),
            )
            for seat in playing
        ]
        rounds.append(rnd)
    bulk.insert(rounds)
    for rnd, opening in zip(rounds, openings):
        rnd.state = opening.state  # as any round read from the database holds it
    for order in orders:
        order.round_id = order.round.pk
    bulk.insert(orders)
    return rounds
