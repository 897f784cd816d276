"""Public pages: a game, each published round with its replay, and the game's Atom feed.

Anyone may read them, logged in or not. They show only published rounds; the open round's
orders never appear here (nobody's, not even their own pilot's).
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.contrib.syndication.views import Feed
from django.db.models import Count, OuterRef, Subquery
from django.db.models.functions import Coalesce
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.feedgenerator import Atom1Feed
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from . import (
    page_cache,
    pages,
    picture_views,
    ratings,
    registry,
    replay,
    report_cache,
    round_names,
    selectors,
)
from .db import queries
from .kept import cache
from .models import Chatter, Game, Order, Round


def _names(game: Game) -> dict[int, str]:
    return {seat.number: str(seat) for seat in game.seats.all()}


@require_safe
def game_page(request, game_id: int):
    if not _is_public_reader(request) or request.GET:  # a person's page, or another page of it
        return _game_page(request, game_id)
    signed = page_cache.signature(request, game_id)
    if signed is None:
        raise Http404("No such game.")
    html, names = page_cache.kept_page(request, game_id, signed)
    if html is None:
        # Rendered without the session (whose absence _is_public_reader saw): the page shows
        # the anonymous navigation, no messages and no CSRF token.
        html = _game_page(request, game_id, public_copy=True).content.decode()
        page_cache.keep_page(request, game_id, signed, names, html)
    response = HttpResponse(html)
    patch_vary_headers(response, ["Cookie"])  # a logged-in reader's page differs
    return response


def _game_page(request, game_id: int, public_copy: bool = False) -> HttpResponse:
    game = get_object_or_404(_game_with_published_count(), pk=game_id)
    rules = registry.get(game.kind)
    seats = list(game.seats.select_related("user"))
    names = {seat.number: str(seat) for seat in seats}
    open_round, orders_in, failed_round = _open_and_failed_round(game)
    state = selectors.shown_state(game, open_round)
    context = {
        "game": game,
        "seats": seats,
        "open_round": open_round,
        "published": pages.page_of(
            request,
            game.rounds.filter(status=Round.Status.PUBLISHED)
            .only("id", "game_id", "number")
            .order_by("-number"),
            "rounds",
            ROUNDS_PAGE,
            count=game.published_count,
        ),
        "failed_round": failed_round,
        "public_copy": public_copy,
        "my_seat": next((s for s in seats if s.user_id and s.user_id == request.user.pk), None),
        "is_referee": request.user.is_authenticated
        and (request.user.pk == game.referee_id or request.user.is_staff),
    }
    _name_rounds(game, [*context["published"], open_round, failed_round])
    if open_round is not None:
        context["orders_in"] = orders_in
    if state is not None:
        context.update(rules.page_context(state, names))
    if game.status == Game.Status.FINISHED:  # the final board, as the replay's last step
        step = replay.requested_step(request)
        context["replay"] = (
            replay.final_player(game)
            if step is None
            else replay.player(game, replay.frames(game), step)
        )
    context["preview"] = picture_views.link_preview(
        request,
        game,
        selectors.picture_version(game, open_round),
        title=game.title,
        description=_("%(kind)s, refereed by %(referee)s: %(status)s.")
        % {
            "kind": rules.name,
            "referee": game.referee.username,
            "status": game.get_status_display(),
        },
    )
    return render(request, rules.template("game"), context)


def _game_with_published_count():
    """A game with its referee and the number of its published rounds (``published_count``,
    for the page's list of them) in one read."""
    published = (
        Round.objects.filter(game=OuterRef("pk"), status=Round.Status.PUBLISHED)
        .order_by()
        .values("game")
        .annotate(count=Count("pk"))
        .values("count")
    )
    return Game.objects.select_related("referee").annotate(
        published_count=Coalesce(Subquery(published), 0)
    )


def _open_and_failed_round(game: Game) -> tuple[Round | None, set[int], Round | None]:
    """The game's open round, the seat numbers whose orders for it are in, and its failed
    round (each round the first by number, None if none): the rounds in one read."""
    found: dict[str, Round] = {}
    for rnd in game.rounds.filter(status__in=[Round.Status.OPEN, Round.Status.FAILED]):
        found.setdefault(rnd.status, rnd)
    open_round = found.get(Round.Status.OPEN)
    orders_in = (
        set(Order.objects.filter(round=open_round).values_list("seat__number", flat=True))
        if open_round is not None
        else set()
    )
    return open_round, orders_in, found.get(Round.Status.FAILED)


ROUNDS_PAGE = 50  # published rounds listed per page of a game's page
START_OF_ROUND = -1  # the cache's name for a report page's default step: its round's first


@require_safe
def round_report(request, game_id: int, number: int):
    step = replay.requested_step(request)
    round_id, later = _published_round_and_later(game_id, number)
    if not _is_public_reader(request):
        return _report_page(request, _published_round(game_id, number), step, later)
    cached_step = START_OF_ROUND if step is None else step
    html, version = report_cache.public_page(game_id, round_id, cached_step, later)
    if html is None:
        # Rendered without the session (whose absence _is_public_reader saw): the page shows
        # the anonymous navigation, no messages and no CSRF token.
        html = _report_page(
            request, _published_round(game_id, number), step, later, public_copy=True
        ).content.decode()
        report_cache.keep_public_page(round_id, cached_step, later, version, html)
    response = HttpResponse(html)
    patch_vary_headers(response, ["Cookie"])  # a logged-in reader's page differs
    return response


@require_safe
def replay_page(request, game_id: int):
    """The whole game's replay so far, at ``?step=N`` (the last step, the board as it stands,
    without one)."""
    game = get_object_or_404(Game, pk=game_id)
    shown = replay.player(game, replay.frames(game), replay.requested_step(request))
    if shown is None:
        raise Http404("Nothing published to replay yet.")
    return render(
        request,
        "games/replay.html",
        {"game": game, "replay": shown, "stylesheets": game.rules.stylesheets},
    )


@require_safe
def replay_board(request, game_id: int, step: int):
    """The board at one step of the whole game's replay: what the player's script shows."""
    game = get_object_or_404(Game, pk=game_id)
    board = replay.board(game, step)
    if board is None:
        raise Http404("No such step.")
    return HttpResponse(board)


def _is_public_reader(request) -> bool:
    """Without a session nobody is logged in and no message waits (in the session or its own
    cookie): the page is the same for every such reader."""
    return (
        settings.SESSION_COOKIE_NAME not in request.COOKIES
        and CookieStorage.cookie_name not in request.COOKIES
    )


def _name_rounds(game: Game, rounds: list[Round | None]) -> None:
    """The game's rounds on its page by their names (``Round.name``), at once."""
    shown = [rnd for rnd in rounds if rnd is not None]
    for rnd in shown:
        rnd.game = game
    round_names.name_rounds(shown)


def _published_round_and_later(game_id: int, number: int) -> tuple[int, bool]:
    """One statement, a plain read (``queries.published_round_and_later``)."""
    found = queries.published_round_and_later(game_id, number)
    if found is None:
        raise Http404("No such published round.")
    return found


def _published_round(game_id: int, number: int) -> Round:
    return get_object_or_404(
        Round.objects.select_related("game").defer("state"),
        game_id=game_id,
        number=number,
        status=Round.Status.PUBLISHED,
    )


def _report_page(
    request, rnd: Round, step: int | None, later: bool, public_copy: bool = False
) -> HttpResponse:
    body = _cached_report_fragment(rnd, "_report_body")
    found = replay.frames(rnd.game, upto=rnd.number)  # the game up to this round
    if step is None:
        step = replay.first_step_of(found, rnd.number)
    previous = rnd.number - 1 if rnd.number > 1 else None
    following = rnd.number + 1 if later else None
    names = round_names.name_numbers(rnd.game, [n for n in (previous, following) if n])
    return render(
        request,
        "games/report.html",
        {
            "game": rnd.game,
            "round": rnd,
            "body": body,
            "public_copy": public_copy,
            "rules_url": rnd.game.rules.rules_url(),
            "stylesheets": rnd.game.rules.stylesheets,
            "replay": replay.player(rnd.game, found, step),
            "previous": previous,
            "next": following,
            "previous_name": names[previous] if previous else None,
            "next_name": names[following] if following else None,
            "preview": picture_views.link_preview(
                request,
                rnd.game,
                f"p{rnd.number}",
                title=_("%(title)s — %(name)s") % {"title": rnd.game.title, "name": rnd.name},
                description=_("What happened in %(name)s of %(title)s, a game of %(kind)s.")
                % {"name": rnd.name, "title": rnd.game.title, "kind": rnd.game.rules.name},
            ),
            "rating_changes": _rating_changes(rnd.game, later),
        },
    )


def _rating_changes(game: Game, later: bool) -> list:
    """A rated game's last report shows what the game did to every seat's rating."""
    if later or not game.rated or game.status != Game.Status.FINISHED:
        return []
    return ratings.report_rows(game)


def _cached_report_fragment(rnd: Round, part: str) -> str:
    """One of the game's report templates (``_report_body``), rendered once: a published
    round never changes."""
    key = report_cache.fragment_key(rnd.game_id, rnd.pk, part)
    html = cache.get(key)
    if html is None:
        html = render_to_string(
            rnd.game.rules.template(part), _report_context(rnd, _names(rnd.game))
        )
        cache.set(key, html, report_cache.REPORT_SECONDS)
    return mark_safe(html)


def _report_context(rnd: Round, names: dict[int, str]) -> dict:
    game = rnd.game
    rules = registry.get(game.kind)
    context = {
        "game": game,
        "round": rnd,
        "report": rnd.report,
        "chatter": [c for c in Chatter.objects.filter(round=rnd).select_related("seat") if c.lines],
    }
    context.update(rules.report_context(rnd.state, rnd.report.state, rnd.report.events, names))
    return context


class GameFeed(Feed):
    feed_type = Atom1Feed

    def get_object(self, request, game_id: int):
        return get_object_or_404(Game, pk=game_id)

    def title(self, game: Game) -> str:
        return _("%(title)s: published rounds") % {"title": game.title}

    def link(self, game: Game) -> str:
        return reverse("game", args=[game.pk])

    def subtitle(self, game: Game) -> str:
        return _("Every published round of %(title)s.") % {"title": game.title}

    def items(self, game: Game):
        return (
            Round.objects.filter(game=game, status=Round.Status.PUBLISHED)
            .select_related("report", "game")
            .order_by("-number")[:30]
        )

    def item_title(self, rnd: Round) -> str:
        return rnd.name.title

    def item_description(self, rnd: Round) -> str:
        rules = registry.get(rnd.game.kind)
        lines = rules.describe_events(rnd.report.events, _names(rnd.game))
        return "\n".join(lines)

    def item_link(self, rnd: Round) -> str:
        return reverse("round_report", args=[rnd.game_id, rnd.number])

    def item_pubdate(self, rnd: Round):
        return rnd.report.published_at

    def item_updateddate(self, rnd: Round):
        return rnd.report.published_at
