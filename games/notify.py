"""Game mail: who is told what, decided once for every game, each mail in its reader's language
and time zone.

Notices follow the need to act (``acting.seats_to_act``), as lichess and Board Game Arena
tell a player when *he* must move, not every time something happens:

- A published round: at most one mail per person (``Delivery`` kind ``report``), the first of
  these that applies: "the game is over" (to every player); "you were taken out" (to a
  player the referee removed, unless he is the referee); "your turn" or "your orders are due"
  (to those who must act in the next round); the round's report (to those who wait and chose
  every report, when another person played in it and the game calls it news:
  ``GameRules.report_readers``). A round owed by computers alone is nobody's news, so a game
  played out by computers after a person's exit sends him its result alone. Each mail tells
  what happened since the person last acted or was mailed (at most ``MAX_ROUNDS_IN_MAIL``
  rounds).
- Nobody is mailed about a game whose seat page he has open (``presence``), but a player who
  left the game before its end still gets its result.
- The game's start goes to its players, but not to the one who started it; a reminder before a
  deadline while orders are due; a game's own notice in a round (a draw offer, say); a
  daily digest instead of all these for those who chose it.

Game mail goes only to an address its owner confirmed (``addresses``), at most
``GAME_MAILS_PER_DAY`` to a person in any 24 hours, each with a one-click "no more game mail"
link in its footer and the ``List-Unsubscribe`` headers (RFC 2369, RFC 8058). A ``Delivery``
row is written before a mail goes out, so a retry never sends it twice.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import contextmanager
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from celery import shared_task
from django.conf import settings
from django.core.mail import EmailMessage
from django.db import IntegrityError, transaction
from django.db.models import Count, F, Max, Q
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from . import acting, addresses, presence, registry, round_names, selectors
from .models import Delivery, Game, Order, Profile, Report, Round, Seat
from .registry import Numbered
from .text import one_line

log = logging.getLogger(__name__)

MAX_ROUNDS_IN_MAIL = 10  # the rounds a mail tells of; earlier ones are on the game's page
PER_EVENT = (Profile.Notices.EVERY, Profile.Notices.TURN)  # who is mailed as things happen

# What a published round's mail tells a person (the first that applies).
OVER, REMOVED, TURN, REPORT = "over", "removed", "turn", "report"


# --- who may get game mail ----------------------------------------------------------------------


def _reachable() -> Q:
    """Seats whose person can get game mail: he confirmed his address (an address someone
    else typed in at signup never gets any)."""
    return (
        Q(user__isnull=False)
        & ~Q(user__email="")
        & Q(user__profile__confirmed_email=F("user__email"))
    )


def _choosing(*choices: str) -> Q:
    return Q(user__profile__notices__in=choices)


class Allowance:
    """How many more game mails each person may get now: ``GAME_MAILS_PER_DAY`` in any 24
    hours, counted from his ``Delivery`` rows (one query for a batch of people)."""

    def __init__(self, user_ids, now: datetime) -> None:
        user_ids = list(set(user_ids))
        counts = dict(
            Delivery.objects.filter(user_id__any=user_ids, sent_at__gt=now - timedelta(days=1))
            .values("user_id")
            .annotate(sent=Count("pk"))
            .values_list("user_id", "sent")
        )
        self.left = {uid: settings.GAME_MAILS_PER_DAY - counts.get(uid, 0) for uid in user_ids}

    def allows(self, user_id: int) -> bool:
        if self.left.get(user_id, 0) > 0:
            return True
        log.warning("game mail to %s not sent: the day's cap is reached", user_id)
        return False

    def take(self, user_id: int) -> None:
        self.left[user_id] -= 1


# --- writing and sending ------------------------------------------------------------------------


def _own_words(user) -> tuple[str, str]:
    """The language and the time zone a person reads his mail in (his profile's; the site's
    default language and UTC without one). ``user`` comes with its profile selected."""
    try:
        profile = user.profile
    except Profile.DoesNotExist:
        return settings.LANGUAGE_CODE, "UTC"
    return profile.language or settings.LANGUAGE_CODE, profile.time_zone or "UTC"


@contextmanager
def _written_for(words: tuple[str, str]):
    language, zone = words
    with translation.override(language), timezone.override(ZoneInfo(zone)):
        yield


def _game_mail(user, subject: str, body: str) -> EmailMessage:
    """A game mail with its footer (in the active language) and the headers that let a mail
    program offer "unsubscribe" (RFC 2369), in one click (RFC 8058)."""
    off = addresses.mail_off_url(user)
    footer = render_to_string(
        "games/mail/_footer.txt",
        {"off_link": off, "settings_link": settings.SITE_URL + reverse("my_games") + "#settings"},
    )
    return EmailMessage(
        subject,
        body.rstrip("\n") + "\n" + footer.rstrip("\n") + "\n",
        to=[user.email],
        headers={
            "List-Unsubscribe": f"<{off}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
    )


def _claim(user, rnd: Round, kind: str) -> Delivery | None:
    try:
        with transaction.atomic():
            return Delivery.objects.create(user=user, round=rnd, kind=kind, sent_at=timezone.now())
    except IntegrityError:
        return None


def _send_once(user, rnd: Round, kind: str, message: EmailMessage, allowance: Allowance) -> bool:
    if not allowance.allows(user.pk):
        return False
    delivery = _claim(user, rnd, kind)
    if delivery is None:
        return False
    try:
        message.send()
    except Exception:  # not sent: free the claim so the next attempt can send it
        log.exception("mail to %s failed", user.pk)
        delivery.delete()
        return False
    allowance.take(user.pk)
    return True


# --- a published round ---------------------------------------------------------------------------


# Named as queued messages and the worker know it; games.tasks imports it for the worker.
@shared_task(name="games.tasks.send_reports_task", acks_late=True)
def send_reports_task(round_ids: list[int]) -> int:
    return send_reports(round_ids)


def send_reports(round_ids: list[int]) -> int:
    """Tell every player of these published rounds' games what concerns him (see the module's
    notes); returns the mails sent.

    A handful of queries for the whole batch: first the seats of people who get mail as things
    happen, then, only for the rounds somebody may be told of, the rounds and their reports,
    the games' seats, and where each reader last acted or was mailed.
    """
    ids = list(round_ids)
    readers: dict[int, list[Seat]] = {}
    for seat in (
        Seat.objects.filter(_reachable(), _choosing(*PER_EVENT), game__rounds__id__any=ids)
        .select_related("user__profile")
        .distinct()
    ):
        readers.setdefault(seat.game_id, []).append(seat)
    if not readers:
        return 0
    read = list(
        Round.objects.filter(pk__any=ids, game_id__any=list(readers), status=Round.Status.PUBLISHED)
        .select_related("game")
        .defer("game__settings")
        .order_by("game_id", "number")
    )
    if not read:
        return 0
    batch = _Batch(read, readers)
    sent = 0
    for rnd in read:
        sent += batch.tell(rnd)
    return sent


class _Batch:
    """What telling a batch of published rounds reads once for all of them."""

    def __init__(self, rounds: list[Round], readers: dict[int, list[Seat]]) -> None:
        self.readers = readers
        self.reports = {
            round_id: (events, state)
            for round_id, events, state in Report.objects.filter(
                round_id__any=[rnd.pk for rnd in rounds]
            ).values_list("round_id", "events", "state")
        }
        game_ids = list({rnd.game_id for rnd in rounds})
        self.seats: dict[int, list[Seat]] = {}
        for seat in Seat.objects.filter(game_id__any=game_ids):
            self.seats.setdefault(seat.game_id, []).append(seat)
        finished = [rnd.game_id for rnd in rounds if rnd.game.status == Game.Status.FINISHED]
        self.last_round = dict(
            Round.objects.filter(game_id__any=finished)
            .values("game_id")
            .annotate(last=Max("number"))
            .values_list("game_id", "last")
            if finished
            else []
        )
        people = [seat for seats in readers.values() for seat in seats]
        self.told_from = _told_from(people, game_ids)
        self.allowance = Allowance([seat.user_id for seat in people], timezone.now())
        self.open_rounds: dict[int, Round] | None = None

    def tell(self, rnd: Round) -> int:
        if rnd.pk not in self.reports:
            return 0
        game = rnd.game
        rules = registry.get(game.kind)
        seats = self.seats[rnd.game_id]
        people = [s.user_id for s in self.readers[game.pk] if s.user_id is not None]
        watching = presence.watchers(people, game.pk)
        sent = 0
        for seat in self.readers[game.pk]:
            notice = _notice(rules, rnd, self.reports[rnd.pk][1], seat, seats, self.last_round)
            if notice is None or _quiet(notice, rules, rnd, seat, seat.user_id in watching):
                continue
            if notice == TURN and self._next_round(game.pk, rnd.number + 1) is None:
                continue  # that round is played already (he acted before this mail went)
            with _written_for(_own_words(seat.user)):
                names = {s.number: str(s) for s in seats}  # in his language: made-up names
                subject, body = self._mail(notice, rules, rnd, seat, names)
                message = _game_mail(seat.user, subject, body)
            sent += _send_once(seat.user, rnd, Delivery.Kind.REPORT, message, self.allowance)
        return sent

    def _mail(self, notice: str, rules, rnd: Round, seat: Seat, names) -> tuple[str, str]:
        events, state = self.reports[rnd.pk]
        game = rnd.game
        start = min(self.told_from.get(seat.pk, 1), rnd.number)
        told = [(rnd.name, rules.describe_events(events, names))]
        first = max(start, rnd.number - MAX_ROUNDS_IN_MAIL + 1)
        if first < rnd.number:
            told = _earlier_rounds(game, first, rnd.number, rules, names) + told
        next_round = self._next_round(game.pk, rnd.number + 1)
        alone = rules.owing_seats(state, {}) == {seat.number}  # a game of turns: his turn
        body = render_to_string(
            "games/mail/round.txt",
            {
                "notice": notice,
                "alone": alone,
                "game": game,
                "round": rnd,
                "told": told,
                "earlier": first - start,
                "next_round": next_round,
                "next_name": rules.round_name(round_names.Known(rnd.number + 1, state)),
                "winner": names.get(game.winner_seat) if game.winner_seat is not None else None,
                "site": settings.SITE_URL,
                "seat_url": rules.seat_url(game.pk, seat.number),
            },
        )
        return _subject(notice, rules, rnd, state, alone), body

    def _next_round(self, game_id: int, number: int) -> Round | None:
        """Round ``number`` of the game while it is open: the one a "your turn" is for."""
        if self.open_rounds is None:
            self.open_rounds = {
                rnd.game_id: rnd
                for rnd in Round.objects.filter(
                    game_id__any=list(self.readers), status=Round.Status.OPEN
                ).only("game_id", "number", "deadline")
            }
        rnd = self.open_rounds.get(game_id)
        return rnd if rnd is not None and rnd.number == number else None


def _notice(
    rules, rnd: Round, report_state: dict, seat: Seat, seats: list[Seat], last_round: dict
) -> str | None:
    """What the published round ``rnd`` tells the person in ``seat``, if anything. The
    report's state is the next round's start."""
    if rnd.game_id in last_round:  # a finished game: its last round tells the result
        return OVER if last_round[rnd.game_id] == rnd.number else None
    if _taken_out(rules, rnd, report_state, seat):
        return REMOVED
    computers = {s.number for s in seats if s.computer}
    if seat.number in acting.seats_to_act(rules, report_state, computers=computers):
        return TURN
    people = {s.number for s in seats if s.user_id is not None}
    others_played = (rules.owing_seats(rnd.state, rnd.referee_input) & people) - {seat.number}
    if (
        _wants_every_report(seat)
        and others_played
        and seat.number in rules.seats_in_game(report_state)
        and seat.number in rules.report_readers(report_state, [s.number for s in seats])
    ):
        return REPORT
    return None


def _wants_every_report(seat: Seat) -> bool:
    return seat.user is not None and seat.user.profile.notices == Profile.Notices.EVERY


def _taken_out(rules, rnd: Round, report_state: dict, seat: Seat) -> bool:
    """Whether the referee's removal in ``rnd`` took the seat out of the game (not told to a
    referee who took himself out; a game whose removal lasts one round only keeps him in)."""
    return (
        seat.number in rnd.referee_input.get("remove", [])
        and seat.user_id != rnd.game.referee_id
        and seat.number not in rules.seats_in_game(report_state)
    )


def _quiet(notice: str, rules, rnd: Round, seat: Seat, watching: bool) -> bool:
    """Whether a notice waits because the person has the game open: he sees it happen. A
    removal is always told, and a result to a player who had left the game before its end."""
    if not watching or notice == REMOVED:
        return False
    if notice == OVER:
        left = set(rnd.referee_input.get("remove", []))
        return seat.number in set(rules.seats_in_game(rnd.state)) - left
    return True


def _subject(notice: str, rules, rnd: Round, report_state: dict, alone: bool) -> str:
    title = one_line(rnd.game.title)
    if notice == OVER:
        return rules.report_subject(title, rnd.number, report_state) or _(
            "%(title)s: the game is over"
        ) % {"title": title}
    if notice == REMOVED:
        return _("%(title)s: you were taken out of the game") % {"title": title}
    if notice == TURN and alone:
        return _("%(title)s: your turn") % {"title": title}
    if notice == TURN:
        return _("%(title)s: %(name)s is published, your orders are due") % {
            "title": title,
            "name": rnd.name,
        }
    return rules.report_subject(title, rnd.number, report_state) or _(
        "%(title)s: %(name)s is published"
    ) % {"title": title, "name": rnd.name}


def _told_from(seats: list[Seat], game_ids: list[int]) -> dict[int, int]:
    """For each seat, the first round its mail tells of: the last round its orders went in
    (in a game of rounds, what they did), unless a mail has told of it since."""
    acted = dict(
        Order.objects.filter(seat_id__any=[seat.pk for seat in seats])
        .values("seat_id")
        .annotate(last=Max("round__number"))
        .values_list("seat_id", "last")
    )
    mailed: dict[tuple[int | None, int], int] = {
        (user_id, game_id): last
        for user_id, game_id, last in Delivery.objects.filter(
            user_id__any=[seat.user_id for seat in seats],
            round__game_id__any=game_ids,
            kind=Delivery.Kind.REPORT,
        )
        .values("user_id", "round__game_id")
        .annotate(last=Max("round__number"))
        .values_list("user_id", "round__game_id", "last")
    }
    return {
        seat.pk: max(acted.get(seat.pk, 1), mailed.get((seat.user_id, seat.game_id), 0) + 1)
        for seat in seats
    }


def _earlier_rounds(
    game: Game, first: int, last: int, rules, names: dict[int, str]
) -> list[tuple[Numbered, list[str]]]:
    """The published rounds ``first`` up to (without) ``last`` of a game, each by its name and
    in lines."""
    told = list(
        Report.objects.filter(
            round__game_id=game.pk, round__number__gte=first, round__number__lt=last
        )
        .order_by("round__number")
        .values_list("round__number", "events")
    )
    named = round_names.name_numbers(game, [number for number, _events in told])
    return [(named[number], rules.describe_events(events, names)) for number, events in told]


# --- a game's start --------------------------------------------------------------------------------


@shared_task(name="games.tasks.send_start_task", acks_late=True)
def send_start_task(round_id: int, starter_id: int) -> int:
    return send_start(round_id, starter_id)


def send_start(round_id: int, starter_id: int) -> int:
    """Tell a started game's players (not the one who started it: he knows) that it has
    started, and whether they must act in its first round."""
    rnd = Round.objects.select_related("game").filter(pk=round_id, number=1).first()
    if rnd is None:
        return 0
    seats = list(
        rnd.game.seats.filter(_reachable(), _choosing(*PER_EVENT))
        .exclude(user_id=starter_id)
        .select_related("user__profile")
    )
    if not seats:
        return 0
    rules = registry.get(rnd.game.kind)
    to_act = set()
    if rnd.status == Round.Status.OPEN:
        in_already = Order.objects.filter(round=rnd).values_list("seat__number", flat=True)
        to_act = acting.seats_to_act(
            rules, rnd.state, referee_input=rnd.referee_input, submitted=set(in_already)
        )
    allowance = Allowance([seat.user_id for seat in seats], timezone.now())
    sent = 0
    for seat in seats:
        with _written_for(_own_words(seat.user)):
            acts = seat.number in to_act
            title = one_line(rnd.game.title)
            subject = (
                _("%(title)s has started: your turn") if acts else _("%(title)s has started")
            ) % {"title": title}
            body = render_to_string(
                "games/mail/start.txt",
                {
                    "game": rnd.game,
                    "round": rnd,
                    "acts": acts,
                    "site": settings.SITE_URL,
                    "seat_url": rules.seat_url(rnd.game_id, seat.number),
                },
            )
            message = _game_mail(seat.user, subject, body)
        sent += _send_once(seat.user, rnd, Delivery.Kind.START, message, allowance)
    return sent


# --- reminders -------------------------------------------------------------------------------------


def send_reminders(now: datetime) -> int:
    """Remind people whose orders are still due some hours before the deadline."""
    window = timedelta(hours=settings.REMINDER_HOURS)
    sent = 0
    rounds = Round.objects.filter(
        status=Round.Status.OPEN, deadline__gt=now, deadline__lte=now + window
    ).select_related("game")
    for rnd in rounds:
        rules = registry.get(rnd.game.kind)
        submitted = Order.objects.filter(round=rnd).values_list("seat__number", flat=True)
        due = acting.seats_to_act(
            rules, rnd.state, referee_input=rnd.referee_input, submitted=set(submitted)
        )
        seats = [
            seat
            for seat in rnd.game.seats.filter(
                _reachable(), user__profile__mail_reminders=True
            ).select_related("user__profile")
            if seat.number in due
        ]
        if not seats:
            continue
        allowance = Allowance([seat.user_id for seat in seats], now)
        for seat in seats:
            with _written_for(_own_words(seat.user)):
                body = render_to_string(
                    "games/mail/reminder.txt",
                    {"game": rnd.game, "round": rnd, "seat": seat, "site": settings.SITE_URL},
                )
                subject = _("%(title)s: your orders for %(name)s are due") % {
                    "title": one_line(rnd.game.title),
                    "name": rnd.name,
                }
                message = _game_mail(seat.user, subject, body)
            sent += _send_once(seat.user, rnd, Delivery.Kind.REMINDER, message, allowance)
    return sent


# --- a game's own notice ---------------------------------------------------------------------------


def send_game_notice(*, game: Game, number: int, write: Callable[[Seat], tuple[str, str]]) -> bool:
    """A game's own notice to the person in seat ``number`` within the open round (a draw
    offer, say), as game mail goes: if he gets mail as things happen, once a round, under the
    cap, with the footer. ``write(seat)`` makes its subject and body, in his language."""
    seat = (
        game.seats.filter(_reachable(), _choosing(*PER_EVENT), number=number)
        .select_related("user__profile")
        .first()
    )
    rnd = Round.objects.filter(game=game, status=Round.Status.OPEN).first()
    if seat is None or rnd is None:
        return False
    with _written_for(_own_words(seat.user)):
        subject, body = write(seat)
        message = _game_mail(seat.user, subject, body)
    allowance = Allowance([seat.user_id], timezone.now())
    return _send_once(seat.user, rnd, Delivery.Kind.OFFER, message, allowance)


# --- the daily digest -------------------------------------------------------------------------------

DIGEST_HOUR = 7  # local time in each reader's own zone


@shared_task(name="games.tasks.send_digests_task")
def send_digests_task() -> int:
    return send_digests(timezone.now())


def send_digests(now: datetime) -> int:
    """The daily digest, to each person who chose it, at ``DIGEST_HOUR`` in his time zone (beat
    asks every hour): the games that wait on him, and those with rounds published since his
    last digest. Nothing to tell, no mail."""
    sent = 0
    profiles = Profile.objects.filter(
        _reachable_profile(), notices=Profile.Notices.DIGEST
    ).select_related("user")
    for profile in profiles:
        zone = ZoneInfo(profile.time_zone or "UTC")
        if now.astimezone(zone).hour != DIGEST_HOUR or not _claim_digest(profile, now):
            continue
        since = profile.digest_sent_at or now - timedelta(days=1)
        due = [entry for entry in selectors.my_games(profile.user) if entry.orders_due]
        news = _news_since(profile.user, since)
        if not due and not news:
            continue
        words = (profile.language or settings.LANGUAGE_CODE, profile.time_zone or "UTC")
        with _written_for(words):
            subject = _("Skies: your daily digest")
            for game in news:
                game["played"] = game["unit"].count(game["rounds"])
            body = render_to_string(
                "games/mail/digest.txt", {"due": due, "news": news, "site": settings.SITE_URL}
            )
            message = _game_mail(profile.user, subject, body)
        try:
            message.send()
        except Exception:  # not sent: tomorrow's digest tells the same and more
            log.exception("digest to %s failed", profile.user_id)
            continue
        sent += 1
    return sent


def _reachable_profile() -> Q:
    return ~Q(user__email="") & Q(confirmed_email=F("user__email"))


def _claim_digest(profile: Profile, now: datetime) -> bool:
    """Mark today's digest as this process's to send: one process wins, however many run."""
    claimed = Profile.objects.filter(
        Q(digest_sent_at__isnull=True) | Q(digest_sent_at__lte=now - timedelta(hours=20)),
        pk=profile.pk,
    ).update(digest_sent_at=now)
    return bool(claimed)


def _news_since(user, since: datetime) -> list[dict]:
    """Each of the person's games with rounds published since ``since``: how many, the last."""
    rows = (
        Round.objects.filter(
            game__seats__user=user,
            status=Round.Status.PUBLISHED,
            report__published_at__gt=since,
        )
        .values("game_id", "game__title", "game__status", "game__kind")
        .annotate(rounds=Count("pk"), last=Max("number"))
        .order_by("game__title")
    )
    return [
        {
            "game_id": row["game_id"],
            "title": row["game__title"],
            "over": row["game__status"] == Game.Status.FINISHED,
            "rounds": row["rounds"],
            "unit": registry.get(row["game__kind"]).units.round,
            "last": row["last"],
        }
        for row in rows
    ]
