"""Every write of the platform: create, join and start games; submit orders and chatter;
referee actions; resolve a round exactly once.

Functions are keyword-only; each checks who may do it and raises ``Rejected`` with a message
for the person. The game's rules are asked through the registry, never re-implemented here.
"""

from __future__ import annotations

import gc
import logging
import secrets
import unicodedata
from contextlib import contextmanager
from datetime import datetime
from typing import NamedTuple

from django.db import (IntegrityError, InterfaceError, OperationalError, close_old_connections,
                       transaction)
from django.utils import timezone
from orjson import Fragment

from . import clock, registry, report_cache
from .db import bulk, queries
from .db.fields import serialized
from .models import Chatter, Game, Order, Report, Round, Seat
from .registry import Outcome, Rejected

log = logging.getLogger(__name__)

MAX_CHATTER_LINES = 6
MAX_CHATTER_LENGTH = 200
MAX_FAILURES = 3
MAX_DEADLINE_DAYS = 14


# --- games and seats ------------------------------------------------------------------------

def game_create(*, referee, kind: str, title: str, settings: dict, time_zone: str,
                deadline_days: int, resolve_early: bool = False,
                computer_seats: dict[int, str] | None = None) -> Game:
    rules = registry.get(kind)
    settings = rules.clean_settings(settings)
    if not title.strip():
        raise Rejected("a game needs a title")
    if not clock.valid_time_zone(time_zone):
        raise Rejected(f"{time_zone!r} is not a time zone")
    if not 1 <= deadline_days <= MAX_DEADLINE_DAYS:
        raise Rejected(f"the deadline is 1 to {MAX_DEADLINE_DAYS} days")
    numbers = rules.seat_numbers(settings)
    if rules.resolve_early is not None:  # the game decides, not the referee
        resolve_early = rules.resolve_early
    computer_seats = computer_seats or {}
    if set(computer_seats) - set(numbers):
        raise Rejected("a computer pilot was put in a seat this game does not have")
    with transaction.atomic():
        game = Game.objects.create(
            kind=kind, title=title.strip(), referee=referee, settings=settings,
            time_zone=time_zone, deadline_days=deadline_days, resolve_early=resolve_early,
            scored=not computer_seats and rules.counts_for_careers(settings))
        Seat.objects.bulk_create([
            Seat(game=game, number=n, computer=n in computer_seats,
                 computer_level=computer_seats.get(n, "")) for n in numbers])
    return game


def seat_join(*, game: Game, number: int, user) -> Seat:
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        if game.status != Game.Status.OPEN:
            raise Rejected("this game is not open for pilots")
        if game.seats.filter(user=user).exists():
            raise Rejected("you already have a seat in this game")
        taken = Seat.objects.filter(game=game, number=number, user__isnull=True,
                                    computer=False).update(
            user=user, joined_at=timezone.now(),
            name=registry.get(game.kind).seat_name_on_join(user))
        if not taken:
            raise Rejected("that seat is taken")
        return game.seats.get(number=number)


def seat_leave(*, game: Game, number: int, user) -> None:
    """A pilot may give his seat back while the game is still open."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        if game.status != Game.Status.OPEN:
            raise Rejected("the game has started: ask the referee to remove you")
        if not Seat.objects.filter(game=game, number=number, user=user).update(
                user=None, joined_at=None, name=""):
            raise Rejected("that is not your seat")


def game_start(*, game: Game, by, now: datetime | None = None) -> Round:
    """Start an open game: empty seats get computer pilots, round 1 opens."""
    now = now or timezone.now()
    _require_referee(game, by)
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        if game.status != Game.Status.OPEN:
            raise Rejected("only an open game can be started")
        seats = list(game.seats.all())
        if not any(seat.user_id for seat in seats):
            raise Rejected("no pilot has joined yet")
        for seat in seats:
            if seat.is_free:
                seat.computer, seat.computer_level = True, "novice"
            if seat.computer and not seat.name:
                seat.name = f"Computer pilot {seat.number + 1}"
            seat.save(update_fields=["computer", "computer_level", "name"])
        game.scored = game.scored and not any(seat.computer for seat in seats)
        rules = registry.get(game.kind)
        state = rules.setup(
            seed=secrets.randbits(62), settings={**game.settings, "scored": game.scored},
            seats=[{"number": s.number, "computer": s.computer, "user_id": s.user_id}
                   for s in seats])
        game.status, game.started_at = Game.Status.RUNNING, now
        game.save(update_fields=["status", "started_at", "scored"])
        return _open_round(game, 1, state, now)


class Opening(NamedTuple):
    """A round to open: its game, its number, and its starting state as a dict and as it is
    stored (``serialized``: a round's final state, also in its report, is serialized once)."""
    game: Game
    number: int
    state: dict
    stored: Fragment


def _open_round(game: Game, number: int, state: dict, now: datetime) -> Round:
    return _open_rounds([Opening(game, number, state, serialized(state))], now)[0]


def _open_rounds(openings: list[Opening], now: datetime) -> list[Round]:
    """Open the next round of several games at once; computer pilots' orders go in sealed."""
    computers: dict[int, list[Seat]] = {}
    for seat in Seat.objects.filter(game_id__any=[opening.game.pk for opening in openings],
                                    computer=True):
        computers.setdefault(seat.game_id, []).append(seat)
    rounds, orders = [], []
    for game, number, state, stored in openings:
        rules = registry.get(game.kind)
        rnd = Round(game=game, number=number, state=stored, seed=secrets.randbits(62),
                    opened_at=now, deadline=rules.deadline(now, game))
        active = set(rules.active_seats(state))
        playing = [s for s in computers.get(game.pk, []) if s.number in active]
        if playing and len(playing) == len(active):
            rnd.all_in_at = now
        orders += [Order(round=rnd, seat=seat, submitted_at=now,
                         payload=rules.computer_orders(state, seat.number, seat.computer_level))
                   for seat in playing]
        rounds.append(rnd)
    bulk.insert(rounds)
    for rnd, opening in zip(rounds, openings):
        rnd.state = opening.state  # as any round read from the database holds it
    for order in orders:
        order.round_id = order.round.pk
    bulk.insert(orders)
    return rounds


# --- orders and chatter ---------------------------------------------------------------------

def current_round(game: Game) -> Round | None:
    return game.rounds.filter(status=Round.Status.OPEN).first()


def lock_open_round(game: Game, missing: str) -> Round:
    """The game's open round, locked for this transaction; ``missing`` says why if none.
    (Every submit reads it: a plain read, ``queries.open_round``.)"""
    rnd = queries.open_round(game.pk, lock=True)
    if rnd is None:
        raise Rejected(missing)
    return rnd


def orders_submit(*, seat: Seat, user, payload: object, now: datetime | None = None,
                  round_number: int | None = None) -> Order:
    """Store a seat's orders for the open round: once, final, checked by the game's rules.
    ``round_number``: the round the player saw when he wrote them (a form's), if known."""
    now = now or timezone.now()
    _require_owner(seat, user)
    game = seat.game
    rules = registry.get(game.kind)
    already_in = "your orders for this round are already in; they cannot be changed"
    try:
        with transaction.atomic():
            # The round's row lock makes this check and the insert one step for the round:
            # a second submit waits here and then finds the first one's orders.
            rnd = lock_open_round(game, "there is no round open for orders")
            require_form_round(rnd, round_number)
            if now >= rnd.deadline:
                raise Rejected("the deadline has passed: the round is about to be resolved")
            if seat.number not in rules.active_seats(rnd.state):
                raise Rejected(rules.not_active_message(rnd.state, seat.number))
            # Read after the lock was granted, so it holds every order committed before.
            submitted = queries.submitted_seat_numbers(rnd.pk)
            if seat.number in submitted:
                raise Rejected(already_in)
            payload = rules.validate_orders(rnd.state, seat.number, payload)
            order = Order.objects.create(round=rnd, seat=seat, payload=payload,
                                         submitted_at=now)
            _mark_if_all_in(rnd, rules, now, submitted | {seat.number})
    except IntegrityError:  # the unique constraint, should anything ever bypass the lock
        raise Rejected(already_in) from None
    if rnd.all_in_at and game.resolve_early:
        from .tasks import resolve_round_task
        transaction.on_commit(lambda: resolve_round_task.delay(rnd.pk))
    return order


def require_form_round(rnd: Round | None, round_number: int | None) -> None:
    """A form opened before its round was resolved is not taken as the next round's orders."""
    if round_number is not None and rnd is not None and round_number != rnd.number:
        raise Rejected(f"that form was for round {round_number}, which is over: these are the "
                       f"orders for round {rnd.number}, look at the board again")


def _mark_if_all_in(rnd: Round, rules: registry.GameRules, now: datetime,
                    submitted: set[int]) -> None:
    if set(rules.active_seats(rnd.state)) <= submitted and rnd.all_in_at is None:
        rnd.all_in_at = now
        rnd.save(update_fields=["all_in_at"])


def chatter_save(*, seat: Seat, user, lines: list[str], now: datetime | None = None) -> Chatter:
    """Up to six lines under the orders; editable until the round is resolved."""
    now = now or timezone.now()
    _require_owner(seat, user)
    lines = [line.strip() for line in lines if line and line.strip()]
    if len(lines) > MAX_CHATTER_LINES:
        raise Rejected(f"at most {MAX_CHATTER_LINES} lines of chatter")
    if any(len(line) > MAX_CHATTER_LENGTH for line in lines):
        raise Rejected(f"a line of chatter holds at most {MAX_CHATTER_LENGTH} characters")
    if any(unicodedata.category(char) == "Cc" for line in lines for char in line):
        raise Rejected("chatter cannot hold control characters")  # NUL: no JSON text column
    with transaction.atomic():
        rnd = lock_open_round(seat.game,
                              "there is no round open: chatter goes with a round's orders")
        chatter, _ = Chatter.objects.update_or_create(
            round=rnd, seat=seat, defaults={"lines": lines, "updated_at": now})
    return chatter


def seat_name(*, seat: Seat, user, name: str) -> Seat:
    _require_owner(seat, user)
    seat.name = name
    seat.save(update_fields=["name"])
    report_cache.names_changed(seat.game_id)
    return seat


# --- the referee ----------------------------------------------------------------------------

def _require_referee(game: Game, user) -> None:
    if not (user.is_authenticated and (user.pk == game.referee_id or user.is_staff)):
        raise Rejected("only the game's referee may do that")


def _require_owner(seat: Seat, user) -> None:
    if not (user.is_authenticated and seat.user_id == user.pk):
        raise Rejected("that is not your seat")


def referee_set_input(*, game: Game, by, data: dict) -> Round:
    """Fix something for the coming round (e.g. the wind), as the game's rules allow."""
    _require_referee(game, by)
    rules = registry.get(game.kind)
    with transaction.atomic():
        rnd = lock_open_round(game, "there is no round open")
        merged = {**rnd.referee_input, **rules.clean_referee_input(rnd.state, data)}
        rnd.referee_input = {key: value for key, value in merged.items() if value is not None}
        rnd.save(update_fields=["referee_input"])
    return rnd


def referee_remove(*, game: Game, by, number: int) -> Round:
    """Take a pilot out at the start of the coming round (it counts as a crash)."""
    _require_referee(game, by)
    rules = registry.get(game.kind)
    with transaction.atomic():
        rnd = lock_open_round(game, "there is no round open")
        if number not in rules.active_seats(rnd.state):
            raise Rejected("that pilot is not in the game any more")
        removals = sorted(set(rnd.referee_input.get("remove", [])) | {number})
        rnd.referee_input = {**rnd.referee_input, "remove": removals}
        rnd.save(update_fields=["referee_input"])
    return rnd


def referee_replace_computer(*, game: Game, by, number: int, user) -> Seat:
    """Hand a computer pilot's seat to a person; the game stays unscored for good."""
    _require_referee(game, by)
    with transaction.atomic():
        seat = Seat.objects.select_for_update().filter(game=game, number=number).first()
        if seat is None or not seat.computer:
            raise Rejected("that seat has no computer pilot")
        if game.seats.filter(user=user).exists():
            raise Rejected("that person already has a seat in this game")
        seat.computer, seat.computer_level = False, ""
        seat.user, seat.joined_at = user, timezone.now()
        seat.name = ""  # not "Computer pilot N": the person picks his pilot's name (rules §10)
        seat.save(update_fields=["computer", "computer_level", "user", "joined_at", "name"])
        transaction.on_commit(lambda: report_cache.names_changed(game.pk))
        rnd = current_round(game)
        if rnd is not None:
            rnd.orders.filter(seat=seat).delete()
            Round.objects.filter(pk=rnd.pk).update(all_in_at=None)
    return seat


# --- resolution -----------------------------------------------------------------------------

def is_due(rnd: Round, now: datetime) -> bool:
    """Due at its deadline; when every pilot is in, at the next noon (or at once if chosen)."""
    if rnd.status != Round.Status.OPEN:
        return False
    if now >= rnd.deadline:
        return True
    if rnd.all_in_at is None:
        return False
    return rnd.game.resolve_early or now >= clock.next_noon(rnd.all_in_at, rnd.game.time_zone)


def round_resolve(*, round_id: int, now: datetime | None = None,
                  force: bool = False) -> int | None:
    """Resolve one due round exactly once; returns the next round's id if that one is due at
    once too (so a caller may go on), else None."""
    due = rounds_resolve(round_ids=[round_id], now=now, force=force)
    return due[0] if due else None


def rounds_resolve(*, round_ids: list[int], now: datetime | None = None,
                   force: bool = False) -> list[int]:
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
        log.warning("resolving rounds %s: the database connection failed", round_ids,
                    exc_info=True)
        close_old_connections()
        return []
    except Exception as error:
        if len(round_ids) == 1:
            log.exception("resolving round %s failed", round_ids[0])
            _record_failure(round_ids[0], error)
            return []
        return [rid for one in round_ids for rid in rounds_resolve(
            round_ids=[one], now=now, force=force)]
    for round_id, error in failures:
        log.error("resolving round %s failed: %s", round_id, error, exc_info=error)
        _record_failure(round_id, error)
    return due


# What resolving reads of a round and its game (the rest stays in the database: at noon every
# column read is thousands of values made into Python objects).
RESOLVING_FIELDS = ("game_id", "number", "status", "state", "seed", "deadline", "all_in_at",
                    "referee_input", "game__kind", "game__status", "game__settings",
                    "game__time_zone", "game__deadline_days", "game__resolve_early")


@contextmanager
def _collector_paused():
    """A batch makes some hundred thousand short-lived dicts and lists, freed by reference
    counting; each few hundred of them set off Python's cycle collector, which then walks the
    objects the process holds: measured, a batch ran 15-25% faster without it. A batch makes
    no cycles (a test holds it to that); anything left is collected once the collector is
    back."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _resolve_together(round_ids: list[int], now: datetime,
                      force: bool) -> tuple[list[int], list[tuple[int, Exception]]]:
    with transaction.atomic():
        locked = (Round.objects.select_for_update(skip_locked=True, of=("self",))
                  .select_related("game").only(*RESOLVING_FIELDS)
                  .filter(pk__any=round_ids, status=Round.Status.OPEN).order_by("pk"))
        rounds = [rnd for rnd in locked if force or is_due(rnd, now)]
        if not rounds:
            return [], []
        orders: dict[int, dict[int, dict]] = {rnd.pk: {} for rnd in rounds}
        for round_id, number, payload in Order.objects.filter(
                round_id__any=list(orders)).values_list("round_id", "seat__number", "payload"):
            orders[round_id][number] = payload
        resolved, failures = [], []
        for rnd in rounds:
            rules = registry.get(rnd.game.kind)
            try:  # a bug in a game's rules must not wedge the sweep
                outcome = rules.resolve(rnd.state, orders[rnd.pk], seed=rnd.seed,
                                        referee_input=rnd.referee_input)
            except Exception as error:
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
    # round, a reference cycle that left every round, game, state and event of a batch to the
    # cycle collector (measured: 20-60 ms a batch of 500, more than the engine's own time).
    # A round's final state is also the next round's starting state: serialized once for both.
    finals = {rnd.pk: serialized(outcome.state) for rnd, outcome in resolved}
    bulk.insert([Report(round_id=rnd.pk, state=finals[rnd.pk], events=outcome.events,
                        published_at=now) for rnd, outcome in resolved])
    published = [rnd.pk for rnd, _ in resolved]
    Round.objects.filter(pk__any=published).update(status=Round.Status.PUBLISHED)
    from .tasks import send_reports_task
    transaction.on_commit(lambda: send_reports_task.delay(published))
    openings = []
    for rnd, outcome in resolved:
        rnd.status = Round.Status.PUBLISHED
        game = rnd.game
        if outcome.over:
            game.refresh_from_db()  # the whole game, for the rules' closing of it
            game.status, game.finished_at = Game.Status.FINISHED, now
            game.winner_seat = outcome.winner
            game.save(update_fields=["status", "finished_at", "winner_seat"])
            registry.get(game.kind).on_game_over(game, outcome.state)
        else:
            openings.append(Opening(game, rnd.number + 1, outcome.state, finals[rnd.pk]))
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


def referee_retry(*, game: Game, by) -> Round:
    """Put a round that kept failing back in the queue (after the cause is fixed)."""
    _require_referee(game, by)
    rnd = game.rounds.filter(status=Round.Status.FAILED).first()
    if rnd is None:
        raise Rejected("no round of this game is waiting for the referee")
    rnd.status, rnd.failures = Round.Status.OPEN, 0
    rnd.save(update_fields=["status", "failures"])
    return rnd
