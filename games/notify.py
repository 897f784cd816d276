"""Mail: each published round to its pilots, and a reminder before a deadline while orders are
due, each in its reader's language and time zone. A ``Delivery`` row is written before a mail
goes out, so a retry never sends it twice.
"""

from __future__ import annotations

import logging
from contextlib import contextmanager
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from celery import shared_task
from django.conf import settings
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from . import registry
from .models import Delivery, Order, Profile, Report, Round, Seat
from .text import one_line

log = logging.getLogger(__name__)


def _wanting(kind: str) -> Q:
    """Seats whose pilot wants this kind of mail: he has an address and the switch is on (it is
    on when he never saw his profile)."""
    switch = "mail_reports" if kind == Delivery.Kind.REPORT else "mail_reminders"
    return (
        Q(user__isnull=False)
        & ~Q(user__email="")
        & (Q(user__profile__isnull=True) | Q(**{f"user__profile__{switch}": True}))
    )


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


def _claim(user, rnd: Round, kind: str) -> Delivery | None:
    try:
        with transaction.atomic():
            return Delivery.objects.create(user=user, round=rnd, kind=kind, sent_at=timezone.now())
    except IntegrityError:
        return None


def _send_once(user, rnd: Round, kind: str, subject: str, body: str) -> bool:
    delivery = _claim(user, rnd, kind)
    if delivery is None:
        return False
    try:
        send_mail(subject, body, None, [user.email])
    except Exception:  # not sent: free the claim so the next attempt can send it
        log.exception("mail to %s failed", user.pk)
        delivery.delete()
        return False
    return True


# Named as queued messages and the worker know it; games.tasks imports it for the worker.
@shared_task(name="games.tasks.send_reports_task", acks_late=True)
def send_reports_task(round_ids: list[int]) -> int:
    return send_reports(round_ids)


def send_reports(round_ids: list[int]) -> int:
    """Mail published rounds to every pilot of their games who wants them; returns mails sent.

    A handful of queries for the whole batch: first the seats of pilots who want them, then,
    only for the rounds somebody reads, the rounds, their reports and seat names.
    """
    ids = list(round_ids)
    readers: dict[int, list] = {}
    for seat in (
        Seat.objects.filter(_wanting(Delivery.Kind.REPORT), game__rounds__id__any=ids)
        .select_related("user__profile")
        .distinct()
    ):
        readers.setdefault(seat.game_id, []).append((seat.number, seat.user))
    if not readers:
        return 0
    read = list(
        Round.objects.filter(pk__any=ids, game_id__any=list(readers))
        .select_related("game")
        .defer("state", "game__settings")
    )
    reports = {
        round_id: (events, state)
        for round_id, events, state in Report.objects.filter(
            round_id__any=[rnd.pk for rnd in read]
        ).values_list("round_id", "events", "state")
    }
    seats: dict[int, list[Seat]] = {}
    for seat in Seat.objects.filter(game_id__any=list({rnd.game_id for rnd in read})):
        seats.setdefault(seat.game_id, []).append(seat)
    sent = 0
    for rnd in read:
        if rnd.pk not in reports:
            continue
        events, state = reports[rnd.pk]
        rules = registry.get(rnd.game.kind)
        wanted = set(rules.report_readers(state, [s.number for s in seats[rnd.game_id]]))
        written: dict[tuple[str, str], tuple[str, str]] = {}  # one text per language and zone
        for number, user in readers[rnd.game_id]:
            if number not in wanted:
                continue
            words = _own_words(user)
            if words not in written:
                with _written_for(words):
                    written[words] = _report_mail(rnd, events, state, seats[rnd.game_id])
            sent += _send_once(user, rnd, Delivery.Kind.REPORT, *written[words])
    return sent


def _report_mail(rnd: Round, events: list, state: dict, seats: list[Seat]) -> tuple[str, str]:
    """The subject and body of a published round's mail, in the active language (a seat
    without a pilot's name is "seat 3" in it too)."""
    names = {seat.number: str(seat) for seat in seats}
    rules = registry.get(rnd.game.kind)
    lines = rules.describe_events(events, names)
    body = render_to_string(
        "games/mail/report.txt",
        {"game": rnd.game, "round": rnd, "lines": lines, "site": settings.SITE_URL},
    )
    title = one_line(rnd.game.title)
    subject = rules.report_subject(title, rnd.number, state) or _(
        "%(title)s: round %(number)d is published"
    ) % {"title": title, "number": rnd.number}
    return subject, body


def send_reminders(now: datetime) -> int:
    """Remind pilots whose orders are still due some hours before the deadline."""
    window = timedelta(hours=settings.REMINDER_HOURS)
    sent = 0
    rounds = Round.objects.filter(
        status=Round.Status.OPEN, deadline__gt=now, deadline__lte=now + window
    ).select_related("game")
    for rnd in rounds:
        active = registry.get(rnd.game.kind).owing_seats(rnd.state, rnd.referee_input)
        submitted = set(Order.objects.filter(round=rnd).values_list("seat_id", flat=True))
        for seat in rnd.game.seats.filter(_wanting(Delivery.Kind.REMINDER)).select_related(
            "user__profile"
        ):
            if seat.number not in active or seat.pk in submitted:
                continue
            with _written_for(_own_words(seat.user)):
                body = render_to_string(
                    "games/mail/reminder.txt",
                    {"game": rnd.game, "round": rnd, "seat": seat, "site": settings.SITE_URL},
                )
                subject = _("%(title)s: your orders for round %(number)d are due") % {
                    "title": one_line(rnd.game.title),
                    "number": rnd.number,
                }
            sent += _send_once(seat.user, rnd, Delivery.Kind.REMINDER, subject, body)
    return sent
