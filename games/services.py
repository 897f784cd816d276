"""The player's and the referee's writes: create, join and start games; submit orders and
chatter; referee actions. Resolving rounds is ``resolution``'s.

Functions are keyword-only; each checks who may do it and raises ``Rejected`` with a message
for the person. The game's rules are asked through the registry, never re-implemented here.
"""

from __future__ import annotations

import secrets
import unicodedata
from datetime import datetime

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from . import (
    clock,
    live,
    notify,
    registry,
    report_cache,
    resolution,
    round_names,
    selectors,
    titles,
)
from .db import queries
from .enqueue import enqueue_on_commit
from .models import Chatter, Game, Order, Round, Seat
from .registry import Rejected
from .text import has_bidi_controls

MAX_CHATTER_LINES = 6
MAX_CHATTER_LENGTH = 200
MAX_DEADLINE_DAYS = 14


# --- games and seats ------------------------------------------------------------------------


def game_create(
    *,
    referee,
    kind: str,
    title: str,
    settings: dict,
    time_zone: str,
    deadline_days: int,
    resolve_early: bool = False,
    computer_seats: dict[int, str] | None = None,
    rated: bool = False,
) -> Game:
    rules = registry.get(kind)
    settings = rules.clean_settings(settings)
    if not title.strip():
        raise Rejected(_("a game needs a title"))
    if not clock.valid_time_zone(time_zone):
        raise Rejected(_("%(zone)r is not a time zone") % {"zone": time_zone})
    if not 1 <= deadline_days <= MAX_DEADLINE_DAYS:
        raise Rejected(_("the deadline is 1 to %(days)d days") % {"days": MAX_DEADLINE_DAYS})
    numbers = rules.seat_numbers(settings)
    if rules.resolve_early is not None:  # the game decides, not the referee
        resolve_early = rules.resolve_early
    computer_seats = computer_seats or {}
    if set(computer_seats) - set(numbers):
        raise Rejected(_("a computer pilot was put in a seat this game does not have"))
    with transaction.atomic():
        game = Game.objects.create(
            kind=kind,
            title=titles.read(title.strip()),  # a made-up title stays one
            referee=referee,
            settings=settings,
            time_zone=time_zone,
            deadline_days=deadline_days,
            resolve_early=resolve_early,
            scored=not computer_seats and rules.counts_for_careers(settings),
            rated=rated,
        )
        Seat.objects.bulk_create(
            [
                Seat(
                    game=game,
                    number=n,
                    computer=n in computer_seats,
                    computer_level=computer_seats.get(n, ""),
                )
                for n in numbers
            ]
        )
    return game


def seat_join(*, game: Game, number: int, user) -> Seat:
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        if game.status != Game.Status.OPEN:
            raise Rejected(_("this game is not open for pilots"))
        if game.seats.filter(user=user).exists():
            raise Rejected(_("you already have a seat in this game"))
        taken = Seat.objects.filter(
            game=game, number=number, user__isnull=True, computer=False
        ).update(
            user=user,
            joined_at=timezone.now(),
            name=registry.get(game.kind).seat_name_on_join(user),
        )
        if not taken:
            raise Rejected(_("that seat is taken"))
        return game.seats.get(number=number)


def game_start(*, game: Game, by, now: datetime | None = None) -> Round:
    """Start an open game: empty seats get computer pilots, round 1 opens."""
    now = now or timezone.now()
    _require_referee(game, by)
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        if game.status != Game.Status.OPEN:
            raise Rejected(_("only an open game can be started"))
        seats = list(game.seats.all())
        if not any(seat.user_id for seat in seats):
            raise Rejected(_("no pilot has joined yet"))
        for seat in seats:
            if seat.is_free:  # named when shown ("Computer pilot N"), in the reader's language
                seat.computer, seat.computer_level = True, "novice"
            seat.save(update_fields=["computer", "computer_level"])
        game.scored = game.scored and not any(seat.computer for seat in seats)
        rules = registry.get(game.kind)
        state = rules.setup(
            seed=secrets.randbits(62),
            settings={**game.settings, "scored": game.scored},
            seats=[
                {"number": s.number, "computer": s.computer, "user_id": s.user_id} for s in seats
            ],
        )
        game.status, game.started_at = Game.Status.RUNNING, now
        game.save(update_fields=["status", "started_at", "scored"])
        rnd = resolution.open_round(game, 1, state, now)
        selectors.forget_waiting_on_commit([game.pk])
        enqueue_on_commit(notify.send_start_task, rnd.pk, by.pk)
        if rnd.all_in_at and game.resolve_early:  # owed by computers only: nobody to wait for
            enqueue_on_commit(resolution.resolve_rounds_task, [rnd.pk])
        return rnd


# --- orders and chatter ---------------------------------------------------------------------


def current_round(game: Game) -> Round | None:
    return game.rounds.filter(status=Round.Status.OPEN).first()


def lock_open_round(game: Game, missing: str) -> Round:
    """The game's open round, locked for this transaction; ``missing`` says why if none.
    (Every submit reads it: a plain read, ``queries.open_round``.)"""
    rnd = queries.open_round(game.pk, lock=True)
    if rnd is None:
        raise Rejected(missing, code="no_open_round")
    return rnd


def orders_submit(
    *,
    seat: Seat,
    user,
    payload: object,
    now: datetime | None = None,
    round_number: int | None = None,
    chatter: list[str] | None = None,
) -> Order:
    """Store a seat's orders for the open round: once, final, judged once by the game's rules
    (``validate_orders``). The one submit of every game, its pages and the API alike; what a
    game writes beside the orders goes through its ``orders_arriving`` and ``orders_stored``,
    in the same transaction. ``round_number``: the round the player saw when he wrote them (a
    form's), if known. ``chatter``: lines stored with them as ``chatter_save`` stores them,
    in the same transaction (a refusal of either stores nothing)."""
    _require_owner(seat, user)
    try:
        with transaction.atomic():
            # The round's row lock makes the check of the orders in and the insert one step
            # for the round: a second submit waits here and then finds the first one's orders.
            rnd = lock_open_round(seat.game, _("there is no round open for orders"))
            order = _store_orders(seat, user, rnd, payload, now, round_number, chatter)
    except IntegrityError:  # the unique constraint, should anything ever bypass the lock
        raise _already_in() from None
    _after_orders(user, seat.game, rnd)
    return order


def seat_orders_submit(
    *,
    user,
    game_id: int,
    number: int,
    kind: str,
    payload: object,
    round_number: int | None = None,
    chatter: list[str] | None = None,
    now: datetime | None = None,
) -> Order:
    """``orders_submit`` to seat ``number`` of a ``kind`` game as a game's page posts them:
    the seat, its game and the open round (locked) read in one statement. 404 if there is no
    such seat, 403 if it is not the person's (``selectors.own_seat``), as every seat page."""
    try:
        with transaction.atomic():
            found = queries.own_seat_open_round(game_id, number, user.pk, kind)
            if found is None:  # no such seat, not his, or no round open: read apart to tell
                selectors.own_seat(user, game_id=game_id, number=number, kind=kind)
                raise Rejected(_("there is no round open for orders"), code="no_open_round")
            seat, rnd = found
            order = _store_orders(seat, user, rnd, payload, now, round_number, chatter)
    except IntegrityError:  # the unique constraint, should anything ever bypass the lock
        raise _already_in() from None
    _after_orders(user, seat.game, rnd)
    return order


def _store_orders(
    seat: Seat,
    user,
    rnd: Round,
    payload: object,
    now: datetime | None,
    round_number: int | None,
    chatter: list[str] | None,
) -> Order:
    """The submit's checks and writes, under the lock of the open round ``rnd``, within the
    caller's transaction; the seat is the person's."""
    now = now or timezone.now()
    rules = registry.get(seat.game.kind)
    require_form_round(rnd, round_number)
    said = None
    if chatter is not None:
        said = Chatter(round=rnd, seat=seat, lines=clean_chatter(chatter), updated_at=now)
    if now >= rnd.deadline:
        raise Rejected(
            _("the deadline has passed: the round is about to be resolved"),
            code="deadline_passed",
        )
    if seat.number not in rules.active_seats(rnd.state):
        raise Rejected(rules.not_active_message(rnd.state, seat.number), code="not_active")
    payload = rules.orders_arriving(seat=seat, user=user, payload=payload, round=rnd)
    payload = rules.validate_orders(rnd.state, seat.number, payload)
    order = Order(round=rnd, seat=seat, payload=payload, submitted_at=now)
    # The seats whose orders were in, read with the insert after the lock was granted (every
    # order committed before); the seat's own second order is refused by the unique
    # constraint (the IntegrityError the callers turn into "already in"), whatever it holds.
    submitted = queries.insert_order(order, said)
    rules.orders_stored(order=order)
    _mark_if_all_in(rnd, rules, now, submitted | {seat.number})
    return order


def _already_in() -> Rejected:
    return Rejected(
        _("your orders for this round are already in; they cannot be changed"), code="already_in"
    )


def _after_orders(user, game: Game, rnd: Round) -> None:
    """Once the orders are committed: the person's "your move" count drops, and a round all
    in resolves early if its game says so."""
    transaction.on_commit(lambda: cache.delete(selectors.waiting_key(user.pk)))
    if rnd.all_in_at and game.resolve_early:
        # Without a broker the round is still due: the next sweep resolves it.
        enqueue_on_commit(resolution.resolve_rounds_task, [rnd.pk])


def require_form_round(rnd: Round | None, round_number: int | None) -> None:
    """A form opened before its round was resolved is not taken as the next round's orders."""
    if round_number is None or rnd is None or round_number == rnd.number:
        return
    if not 1 <= round_number < rnd.number:  # no such round (yet): a form nobody was shown
        raise Rejected(
            _("that form is not for %(name)s, look at the board again") % {"name": rnd.name},
            code="stale_round",
        )
    old = round_names.name_numbers(rnd.game, [round_number])[round_number]
    raise Rejected(
        _(
            "that form was for %(old)s, which is over: these are the orders "
            "for %(name)s, look at the board again"
        )
        % {"old": old, "name": rnd.name},
        code="stale_round",
    )


def _mark_if_all_in(
    rnd: Round, rules: registry.GameRules, now: datetime, submitted: set[int]
) -> None:
    owing = rules.owing_seats(rnd.state, rnd.referee_input)
    if owing <= submitted and rnd.all_in_at is None:
        rnd.all_in_at = now
        rnd.save(update_fields=["all_in_at"])


def chatter_save(*, seat: Seat, user, lines: list[str], now: datetime | None = None) -> Chatter:
    """Up to six lines under the orders; editable until the round is resolved."""
    now = now or timezone.now()
    _require_owner(seat, user)
    lines = clean_chatter(lines)
    with transaction.atomic():
        rnd = lock_open_round(
            seat.game, _("there is no round open: chatter goes with a round's orders")
        )
        chatter, _created = Chatter.objects.update_or_create(
            round=rnd, seat=seat, defaults={"lines": lines, "updated_at": now}
        )
    return chatter


def clean_chatter(lines: list[str]) -> list[str]:
    """The lines as stored: stripped, the empty ones left out; refused if too many, too long,
    or holding control or direction characters."""
    lines = [line.strip() for line in lines if line and line.strip()]
    if len(lines) > MAX_CHATTER_LINES:
        raise Rejected(_("at most %(lines)d lines of chatter") % {"lines": MAX_CHATTER_LINES})
    if any(len(line) > MAX_CHATTER_LENGTH for line in lines):
        raise Rejected(
            _("a line of chatter holds at most %(length)d characters")
            % {"length": MAX_CHATTER_LENGTH}
        )
    if any(unicodedata.category(char) == "Cc" for line in lines for char in line):
        raise Rejected(_("chatter cannot hold control characters"))  # NUL: no JSON text column
    if any(has_bidi_controls(line) for line in lines):
        raise Rejected(_("chatter cannot hold characters that turn the writing direction around"))
    return lines


# --- the referee ----------------------------------------------------------------------------


def _require_referee(game: Game, user) -> None:
    if not (user.is_authenticated and (user.pk == game.referee_id or user.is_staff)):
        raise Rejected(_("only the game's referee may do that"))


def _require_owner(seat: Seat, user) -> None:
    if not (user.is_authenticated and seat.user_id == user.pk):
        raise Rejected(_("that is not your seat"), code="not_your_seat")


def referee_set_rated(*, game: Game, by, rated: bool) -> Game:
    """Make a game rated or not: only before it starts."""
    _require_referee(game, by)
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        if game.status != Game.Status.OPEN:
            raise Rejected(_("a game is rated or not from its start on"))
        game.rated = rated
        game.save(update_fields=["rated"])
    return game


def referee_set_input(*, game: Game, by, data: dict) -> Round:
    """Fix something for the coming round (e.g. the wind), as the game's rules allow."""
    _require_referee(game, by)
    rules = registry.get(game.kind)
    with transaction.atomic():
        rnd = lock_open_round(game, _("there is no round open"))
        merged = {**rnd.referee_input, **rules.clean_referee_input(rnd.state, data)}
        rnd.referee_input = {key: value for key, value in merged.items() if value is not None}
        rnd.save(update_fields=["referee_input"])
    return rnd


def referee_remove(*, game: Game, by, number: int, now: datetime | None = None) -> Round:
    """Take a pilot out at the start of the coming round (it counts as a crash). Until the
    round is resolved the referee may undo it. If the others' orders are all in, the round is
    all in now."""
    _require_referee(game, by)
    rules = registry.get(game.kind)
    with transaction.atomic():
        rnd = lock_open_round(game, _("there is no round open"))
        if number not in rules.seats_in_game(rnd.state):
            raise Rejected(_("that pilot is not in the game any more"))
        removals = sorted(set(rnd.referee_input.get("remove", [])) | {number})
        rnd.referee_input = {**rnd.referee_input, "remove": removals}
        rnd.save(update_fields=["referee_input"])
        _mark_if_all_in(rnd, rules, now or timezone.now(), queries.submitted_seat_numbers(rnd.pk))
        selectors.forget_waiting_on_commit([game.pk])
    if rnd.all_in_at and game.resolve_early:
        transaction.on_commit(lambda: resolution.resolve_rounds_task.delay([rnd.pk]))
    return rnd


def referee_undo_remove(*, game: Game, by, number: int) -> Round:
    """Take back a removal before the round is resolved: the pilot owes orders again."""
    _require_referee(game, by)
    rules = registry.get(game.kind)
    with transaction.atomic():
        rnd = lock_open_round(game, _("there is no round open: the removal has happened"))
        removals = rnd.referee_input.get("remove", [])
        if number not in removals:
            raise Rejected(_("that pilot is not being removed"))
        rest = [seat for seat in removals if seat != number]
        rnd.referee_input = {
            key: value for key, value in {**rnd.referee_input, "remove": rest}.items() if value
        }
        owing = rules.owing_seats(rnd.state, rnd.referee_input)
        if not owing <= queries.submitted_seat_numbers(rnd.pk):
            rnd.all_in_at = None  # the round waits for this pilot's orders again
        rnd.save(update_fields=["referee_input", "all_in_at"])
        selectors.forget_waiting_on_commit([game.pk])
    return rnd


def referee_resolve_now(*, game: Game, by) -> None:
    """Resolve the open round now, whatever its deadline; missing orders count as missed."""
    _require_referee(game, by)
    rnd = current_round(game)
    if rnd is None:
        raise Rejected(_("there is no round open"))
    resolution.round_resolve(round_id=rnd.pk, force=True)
    rnd.refresh_from_db()
    if rnd.status != Round.Status.PUBLISHED:
        raise Rejected(
            _("%(name)s could not be resolved: %(error)s")
            % {"name": rnd.name, "error": rnd.last_error}
        )


def referee_replace_computer(*, game: Game, by, number: int, user) -> Seat:
    """Hand a computer pilot's seat to a person; the game stays unscored for good."""
    _require_referee(game, by)
    with transaction.atomic():
        seat = Seat.objects.select_for_update().filter(game=game, number=number).first()
        if seat is None or not seat.computer:
            raise Rejected(_("that seat has no computer pilot"))
        if game.seats.filter(user=user).exists():
            raise Rejected(_("that person already has a seat in this game"))
        seat.computer, seat.computer_level = False, ""
        seat.user, seat.joined_at = user, timezone.now()
        seat.name = ""  # not "Computer pilot N": the person picks his pilot's name (rules §10)
        seat.save(update_fields=["computer", "computer_level", "user", "joined_at", "name"])
        transaction.on_commit(lambda: report_cache.names_changed(game.pk))
        transaction.on_commit(lambda: live.changed([game.pk]))  # the seat's new name
        rnd = current_round(game)
        if rnd is not None:
            rnd.orders.filter(seat=seat).delete()
            Round.objects.filter(pk=rnd.pk).update(all_in_at=None)
        selectors.forget_waiting_on_commit([game.pk])
    return seat


def referee_retry(*, game: Game, by) -> Round:
    """Put a round that kept failing back in the queue (after the cause is fixed)."""
    _require_referee(game, by)
    rnd = game.rounds.filter(status=Round.Status.FAILED).first()
    if rnd is None:
        raise Rejected(_("no round of this game is waiting for the referee"))
    rnd.status, rnd.failures = Round.Status.OPEN, 0
    rnd.save(update_fields=["status", "failures"])
    selectors.forget_waiting_on_commit([game.pk])
    return rnd
