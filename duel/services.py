"""The duel's writes beyond the platform's: resigning and draw offers (an action is the
platform's ``orders_submit``; playing on declines the opponent's offer: ``DuelRules.orders_stored``). Resigning and an accepted draw are written into the open round's
``referee_input`` and the round is resolved at once through the platform's own resolution, so
the engine's ``resign`` / ``draw_agreed`` make the report like any other action.
"""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext

from games import live, notify, resolution
from games.models import Game, Round, Seat
from games.registry import Rejected

from .models import DrawOffer


def _player(game: Game, user) -> Seat:
    seat = game.seats.filter(user=user).first() if user.is_authenticated else None
    if seat is None:
        raise Rejected(gettext("you do not play in this duel"))
    return seat


def _running(game: Game) -> None:
    if game.status != Game.Status.RUNNING:
        raise Rejected(gettext("the duel is not running"))


def _resolve_now(game: Game, data: dict, now: datetime | None) -> Round:
    """Write ``data`` into the open round's referee input and resolve that round now."""
    with transaction.atomic():
        rnd = Round.objects.select_for_update().filter(game=game, status=Round.Status.OPEN).first()
        if rnd is None:
            raise Rejected(gettext("no action is open right now; try again in a moment"))
        rnd.referee_input = {**rnd.referee_input, **data}
        rnd.save(update_fields=["referee_input"])
        resolution.rounds_resolve(round_ids=[rnd.pk], now=now, force=True)
        rnd.refresh_from_db()
        if rnd.status != Round.Status.PUBLISHED:
            raise Rejected(
                gettext("the duel could not be ended: %(error)s")
                % {"error": rnd.last_error or gettext("unknown error")}
            )
        DrawOffer.objects.filter(game=game).delete()
    return rnd


def duel_resign(*, game: Game, user, now: datetime | None = None) -> Round:
    seat = _player(game, user)
    _running(game)
    return _resolve_now(game, {"resign": seat.number}, now)


def draw_offer(*, game: Game, user, now: datetime | None = None) -> DrawOffer | Round:
    """Offer a draw; if the opponent has offered one already, this accepts it."""
    seat = _player(game, user)
    _running(game)
    standing = DrawOffer.objects.filter(game=game).first()
    if standing is not None and standing.seat != seat.number:
        return draw_accept(game=game, user=user, now=now)
    if standing is not None:
        raise Rejected(gettext("your offer of a draw stands already"))
    try:
        with transaction.atomic():
            offer = DrawOffer.objects.create(
                game=game, seat=seat.number, made_at=now or timezone.now()
            )
    except IntegrityError:
        raise Rejected(gettext("a draw offer was made at the same moment; look again")) from None
    transaction.on_commit(lambda: mail_draw_offer(game, seat))
    transaction.on_commit(lambda: live.changed([game.pk]))  # the opponent's page shows it
    return offer


def mail_draw_offer(game: Game, offering: Seat) -> bool:
    """Tell the opponent of a draw offer, as the platform sends game mail (once a round, if
    he gets mail as things happen), in his language."""

    def write(opponent: Seat) -> tuple[str, str]:
        subject = gettext("%(title)s: %(name)s offers a draw") % {
            "title": game.title,
            "name": str(offering),
        }
        body = render_to_string(
            "duel/mail/draw_offer.txt",
            {
                "game": game,
                "offering": str(offering),
                "site": settings.SITE_URL,
                "seat_url": game.rules.seat_url(game.pk, opponent.number),
            },
        )
        return subject, body

    return notify.send_game_notice(game=game, number=1 - offering.number, write=write)


def _offer_to(game: Game, seat: Seat) -> DrawOffer:
    offer = DrawOffer.objects.filter(game=game).exclude(seat=seat.number).first()
    if offer is None:
        raise Rejected(gettext("your opponent has not offered a draw"))
    return offer


def draw_accept(*, game: Game, user, now: datetime | None = None) -> Round:
    seat = _player(game, user)
    _running(game)
    _offer_to(game, seat)
    return _resolve_now(game, {"draw_agreed": True}, now)


def draw_decline(*, game: Game, user) -> None:
    seat = _player(game, user)
    _offer_to(game, seat).delete()
    transaction.on_commit(lambda: live.changed([game.pk]))


def draw_withdraw(*, game: Game, user) -> None:
    seat = _player(game, user)
    if not DrawOffer.objects.filter(game=game, seat=seat.number).delete()[0]:
        raise Rejected(gettext("you have not offered a draw"))
    transaction.on_commit(lambda: live.changed([game.pk]))
