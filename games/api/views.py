"""The API's operations. Reads for anyone (``public``), and a seat's own round, choices,
preview, orders and chatter for its owner (``player``); the writes go through the same
services, and so the same checks, as the site's forms."""

from __future__ import annotations

from contextlib import nullcontext

from django.contrib.auth import get_user_model
from django.core.paginator import Paginator
from django.db import transaction
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _
from ninja import Query, Router, Schema, Status

from .. import limits, ratings, registry, selectors, services
from ..models import Chatter, Game, Report, Round
from . import schemas
from .limits import count

# Every error an operation may answer, each as ``schemas.Error`` (see ``app``).
ERRORS = frozenset({400, 401, 403, 404, 405, 413, 422, 429, 503})
PAGE_SIZE = 20
MAX_PAGE_SIZE = 100

public = Router(tags=["games"])
player = Router(tags=["players"])


# --- reads for anyone -----------------------------------------------------------------------


def _seats(game: Game, shown: dict) -> list[dict]:
    return [
        {
            "number": seat.number,
            "name": seat.name,
            "player": seat.user.get_username() if seat.user is not None else None,
            "computer": seat.computer,
            "rating": shown.get((game.pk, seat.number), (None, None))[0],
            "rating_change": shown.get((game.pk, seat.number), (None, None))[1],
        }
        for seat in game.seats.all()
    ]


def _summary(game: Game, shown: dict | None = None) -> dict:
    return {
        "id": game.pk,
        "kind": game.kind,
        "title": str(game.title),
        "status": game.status,
        "referee": game.referee.get_username(),
        "created_at": game.created_at,
        "started_at": game.started_at,
        "finished_at": game.finished_at,
        "winner_seat": game.winner_seat,
        "rated": game.rated,
        "seats": _seats(game, ratings.api_seat_ratings([game]) if shown is None else shown),
        "url": game.get_absolute_url(),
    }


def _round(rnd: Round | None) -> dict | None:
    if rnd is None:
        return None
    return {"number": rnd.number, "status": rnd.status, "deadline": rnd.deadline}


def _names(game: Game) -> dict[int, str]:
    return {seat.number: str(seat) for seat in game.seats.all()}


class LobbyQuery(Schema):
    status: Game.Status | None = None
    kind: str | None = None
    page: int = 1
    page_size: int = PAGE_SIZE


@public.get(
    "/kinds",
    response={200: list[schemas.KindOut], ERRORS: schemas.Error},
    summary="The games this site plays",
)
def kinds(request):
    return [
        {
            "kind": rules.slug,
            "name": str(rules.name),
            "rules_url": rules.rules_url(),
            "practice": type(rules).practice_create is not registry.GameRules.practice_create,
        }
        for rules in registry.all_games()
    ]


@public.get(
    "/games",
    response={200: schemas.GamePage, ERRORS: schemas.Error},
    summary="The lobby: games by status, newest first, a page at a time",
)
def games(request, query: Query[LobbyQuery]):
    found = Game.objects.select_related("referee").prefetch_related("seats__user")
    if query.status:
        found = found.filter(status=query.status)
    if query.kind:
        known = {rules.slug for rules in registry.all_games()}
        found = found.filter(kind=query.kind) if query.kind in known else found.none()
    size = min(max(query.page_size, 1), MAX_PAGE_SIZE)
    pages = Paginator(found.order_by("-created_at", "-pk"), size)
    page = pages.get_page(query.page)
    shown = ratings.api_seat_ratings(page.object_list)
    return {
        "items": [_summary(game, shown) for game in page],
        "page": page.number,
        "pages": pages.num_pages,
        "count": pages.count,
    }


def _game(game_id: int) -> Game:
    return get_object_or_404(
        Game.objects.select_related("referee").prefetch_related("seats__user"), pk=game_id
    )


@public.get(
    "/games/{game_id}",
    response={200: schemas.GameOut, ERRORS: schemas.Error},
    summary="A game: its settings, seats, open round and the state anyone may see",
)
def game(request, game_id: int):
    found = _game(game_id)
    rnd = services.current_round(found)
    state = selectors.shown_state(found, rnd)
    return {
        **_summary(found),
        "settings": found.settings,
        "round": _round(rnd),
        "state": found.rules.public_state(state, None) if state is not None else None,
    }


@public.get(
    "/games/{game_id}/rounds",
    response={200: list[schemas.RoundSummary], ERRORS: schemas.Error},
    summary="A game's published rounds",
)
def rounds(request, game_id: int):
    found = _game(game_id)
    return [
        {"number": number, "published_at": published}
        for number, published in Report.objects.filter(round__game=found)
        .order_by("round__number")
        .values_list("round__number", "published_at")
    ]


@public.get(
    "/games/{game_id}/rounds/{number}",
    response={200: schemas.PublishedRound, ERRORS: schemas.Error},
    summary="A published round: its events, the report in words, the replay and the chatter",
)
def published_round(request, game_id: int, number: int):
    found = _game(game_id)
    rnd = get_object_or_404(
        Round.objects.select_related("report"),
        game=found,
        number=number,
        status=Round.Status.PUBLISHED,
    )
    rules, names = found.rules, _names(found)
    report = rnd.report
    return {
        "number": rnd.number,
        "published_at": report.published_at,
        "events": report.events,
        "lines": rules.describe_events(report.events, names),
        "state_before": rules.public_state(rnd.state, None),
        "state": rules.public_state(report.state, None),
        "frames": rules.replay_frames(rnd.state, report.events, report.state, names),
        "chatter": [
            {"seat": c.seat.number, "name": str(c.seat), "lines": c.lines}
            for c in Chatter.objects.filter(round=rnd).select_related("seat")
            if c.lines
        ],
    }


@public.get(
    "/ratings/{kind}",
    response={200: schemas.Leaderboard, ERRORS: schemas.Error},
    summary="A game's leaderboard: its rated people, best first, a page at a time",
)
def leaderboard(request, kind: str, page: int = 1, page_size: int = PAGE_SIZE):
    if kind not in {rules.slug for rules in registry.all_games()}:
        raise Http404("No such game.")
    size = min(max(page_size, 1), MAX_PAGE_SIZE)
    found = Paginator(ratings.leaderboard(kind), size).get_page(page)
    first = (found.number - 1) * size
    return {
        "kind": kind,
        "min_games": ratings.leaderboard_min_games(),
        "items": [
            {
                "place": first + index,
                "player": rating.user.get_username(),
                "rating": ratings.shown(rating.mu),
                "uncertainty": round(rating.sigma),
                "games": rating.games,
            }
            for index, rating in enumerate(found, start=1)
        ],
        "page": found.number,
        "pages": found.paginator.num_pages,
        "count": found.paginator.count,
    }


@public.get(
    "/people/{username}/ratings",
    response={200: list[schemas.PersonRatingOut], ERRORS: schemas.Error},
    summary="A person's ratings, a game each, with every rated game",
)
def person_ratings(request, username: str):
    person = get_object_or_404(get_user_model(), username=username, is_active=True)
    return [
        {
            "kind": entry.rules.slug,
            "rating": entry.shown,
            "uncertainty": entry.uncertainty,
            "games": entry.rating.games,
            "history": [
                {
                    "game": change.game_id,
                    "place": change.place,
                    "rating": ratings.shown(change.mu_after),
                    "change": change.shown_change,
                }
                for change in entry.changes
            ],
        }
        for entry in ratings.of_person(person)
    ]


# --- a seat's owner -------------------------------------------------------------------------


def _page(request, game_id: int, number: int) -> selectors.PlayerPage:
    kind = get_object_or_404(Game.objects.only("kind"), pk=game_id).kind
    return selectors.player_page(request.user, game_id=game_id, number=number, kind=kind)


def _open_round(page: selectors.PlayerPage) -> Round:
    if page.round is None:
        raise registry.Rejected(_("there is no round open for orders"), code="no_open_round")
    return page.round


def _open_state(page: selectors.PlayerPage) -> dict:
    return _open_round(page).state


@player.get(
    "/games/{game_id}/seats/{number}",
    response={200: schemas.SeatView, ERRORS: schemas.Error},
    summary="Your seat: the open round, whether your orders are due, your own orders and chatter",
)
def seat(request, response: HttpResponse, game_id: int, number: int):
    # The seat's own sealed orders: no browser, shared cache or proxy keeps them.
    add_never_cache_headers(response)
    page = _page(request, game_id, number)
    game_rules = page.seat.game.rules
    rnd = page.round
    state = rnd.state if rnd else selectors.shown_state(page.seat.game)
    due = bool(rnd and page.own_orders is None and number in game_rules.active_seats(rnd.state))
    return {
        "game": game_id,
        "status": page.seat.game.status,
        "seat": number,
        "round": _round(rnd),
        "owes_orders": due,
        "orders": page.own_orders,
        "chatter": page.own_chatter,
        "state": game_rules.public_state(state, number) if state is not None else None,
    }


@player.post(
    "/games/{game_id}/seats/{number}/choices",
    response={200: dict, ERRORS: schemas.Error},
    summary="The engine's legal choices for your open round, after the orders chosen so far",
)
def choices(request, game_id: int, number: int, body: schemas.ChoicesIn):
    page = _page(request, game_id, number)
    return page.seat.game.rules.legal_choices(_open_state(page), number, body.orders)


@player.post(
    "/games/{game_id}/seats/{number}/preview",
    response={200: dict, ERRORS: schemas.Error},
    summary="What the engine foresees of these orders (nothing is stored)",
)
def preview(request, game_id: int, number: int, body: schemas.ChoicesIn):
    page = _page(request, game_id, number)
    return page.seat.game.rules.preview_orders(_open_state(page), number, body.orders)


@player.post(
    "/games/{game_id}/seats/{number}/orders",
    response={201: schemas.Accepted, ERRORS: schemas.Error},
    summary="Send your orders: once, final, checked as the web form's",
)
def orders(request, game_id: int, number: int, body: schemas.OrdersIn):
    page = _page(request, game_id, number)
    rnd_number = _open_round(page).number
    count(request, "orders_per_seat", limits.per_seat(request, game_id, number))
    # Refused orders keep no chatter (a refusal changes nothing); orders alone are one
    # transaction already.
    with transaction.atomic() if body.chatter is not None else nullcontext():
        if body.chatter is not None:
            services.chatter_save(seat=page.seat, user=request.user, lines=body.chatter)
        services.orders_submit(
            seat=page.seat, user=request.user, payload=body.orders, round_number=body.round
        )
    stored = (
        page.seat.orders.filter(round__number=rnd_number).values_list("payload", flat=True).first()
    )
    return Status(201, {"round": rnd_number, "orders": stored})


@player.put(
    "/games/{game_id}/seats/{number}/chatter",
    response={200: schemas.ChatterIn, ERRORS: schemas.Error},
    summary="Your radio chatter for the open round (editable until it is resolved)",
)
def chatter(request, game_id: int, number: int, body: schemas.ChatterIn):
    page = _page(request, game_id, number)
    count(request, "chatter_per_seat", limits.per_seat(request, game_id, number))
    saved = services.chatter_save(seat=page.seat, user=request.user, lines=body.lines)
    return {"lines": saved.lines}


@player.get(
    "/me/games",
    response={200: list[schemas.MyGame], ERRORS: schemas.Error},
    summary="Your games, with what waits on you",
)
def my_games(request):
    return [
        {
            "game": _summary(entry.game),
            "seat": entry.seat.number if entry.seat else None,
            "referee": entry.is_referee,
            "round": _round(entry.round),
            "orders_due": entry.orders_due,
        }
        for entry in selectors.my_games(request.user)
    ]


@player.post(
    "/practice/{kind}",
    response={201: schemas.PracticeOut, ERRORS: schemas.Error},
    summary="A practice game against computer players, started, with your seat",
)
def practice(request, kind: str):
    rules = next((found for found in registry.all_games() if found.slug == kind), None)
    if rules is None:
        raise Http404("No such game.")  # a kind is a name in the path: none there, 404
    count(request, "practice_games_per_person", limits.per_person(request))
    with transaction.atomic():
        made = rules.practice_create(request.user)
    if made is None:
        raise registry.Rejected(
            _("%(game)s offers no practice game") % {"game": rules.name}, code="no_practice"
        )
    own = made.seats.get(user=request.user)
    return Status(201, {"game": made.pk, "seat": own.number})
