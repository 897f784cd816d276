"""The seat page kit: the table a player sits at, the same for every game.

A game's player page is built from three parts only, its board, its order panel and its words;
everything around them is here and in one layout (``templates/games/table.html``):

- ``seat_view``: the seat checks (404 for no such seat, 403 for another's), never kept by a
  browser or a proxy (``never_cache``: no-store), GET and HEAD only, the one-query page read
  (``selectors.player_page``) and the redirect to the game's page before it has started;
- ``preview_view``: the same for the htmx partials a page asks while an order is built (a
  plain GET of one is sent to the page with the same query);
- ``submit_view``: a POST that stores orders, never cached, counted against the seat's limit;
- ``render_table``: the page, or with ``partial`` only the part htmx swaps (the layout itself,
  framed by ``games/_table_part.html`` instead of the site's frame), with the status line's
  facts: whose turn it is (``acting.seats_to_act``) and the round whose deadline it shows.

The layout's slots are blocks: ``heading``, ``status``, ``board``, ``panel``, ``legend``,
``below``, and ``live`` (attributes of the part htmx swaps). docs/table.md has the picture.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.functional import Promise
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe
from django.views.decorators.vary import vary_on_headers

from . import acting, limits, registry, selectors
from .models import Game

PAGE_FRAME = "base.html"
PART_FRAME = "games/_table_part.html"

PageView = Callable[[HttpRequest, selectors.PlayerPage], HttpResponse]


def not_started(page: selectors.PlayerPage) -> bool:
    """The game has no table yet: open for seats, or running without a round to show."""
    game = page.seat.game
    return game.status == Game.Status.OPEN or (
        page.round is None and game.status != Game.Status.FINISHED
    )


def seat_view(kind: str, not_started_words: str | Promise) -> Callable[[PageView], Callable]:
    """A seat's page of a ``kind`` game: ``build(request, page)`` answers once the checks
    passed and the game has started (before, the game's page with ``not_started_words``)."""

    def decorate(build: PageView) -> Callable:
        # The player's page shows his sealed orders: never kept by a browser or a proxy.
        @never_cache
        @login_required
        @require_safe
        @wraps(build)
        def view(request, game_id: int, number: int) -> HttpResponse:
            page = selectors.player_page(request.user, game_id=game_id, number=number, kind=kind)
            if not_started(page):
                messages.info(request, str(not_started_words))
                return redirect("game", game_id=game_id)
            return build(request, page)

        return view

    return decorate


def preview_view(kind: str) -> Callable[[PageView], Callable]:
    """An htmx partial of a ``kind`` game's seat page: ``build(request, page)`` answers it;
    a request without htmx goes to the page itself, with the same query."""

    def decorate(build: PageView) -> Callable:
        @never_cache
        @vary_on_headers("HX-Request")  # a fragment for htmx, a redirect to the page without
        @login_required
        @require_safe
        @wraps(build)
        def view(request, game_id: int, number: int) -> HttpResponse:
            page = selectors.player_page(request.user, game_id=game_id, number=number, kind=kind)
            if not request.htmx:
                seat_url = reverse(f"{kind}:seat", args=[game_id, number])
                return redirect(seat_url + "?" + request.GET.urlencode())
            return build(request, page)

        return view

    return decorate


def submit_view(limited_words: str | Promise) -> Callable[[Callable], Callable]:
    """A POST of orders to a seat: never cached, counted against the seat's orders limit
    (over it, the 429 page with ``limited_words``)."""

    def decorate(view: Callable) -> Callable:
        return never_cache(
            login_required(
                require_POST(limits.limit("orders_per_seat", limits.per_seat, limited_words)(view))
            )
        )

    return decorate


@dataclass(frozen=True)
class Status:
    """The status line's facts: whose turn it is, and the round whose deadline is shown."""

    yours: bool  # the viewer's seat must act now
    sent: bool  # the viewer's orders for the open round are in
    waiting_for: list[str]  # the people (not computers) the round waits for besides him
    over: bool  # the game is finished


def table_status(page: selectors.PlayerPage) -> Status:
    """Who must act in the open round, from the viewer's seat: ``acting.seats_to_act`` with
    his own orders counted; of the others the page knows only whom the round waits for."""
    game, rnd, mine = page.seat.game, page.round, page.seat.number
    over = game.status == Game.Status.FINISHED
    sent = page.own_orders is not None
    if rnd is None:
        return Status(yours=False, sent=sent, waiting_for=[], over=over)
    rules = registry.get(game.kind)
    computers = {seat.number for seat in page.seats if seat.computer}
    yours = mine in acting.seats_to_act(
        rules,
        rnd.state,
        referee_input=rnd.referee_input,
        submitted=[mine] if sent else [],
        computers=computers,
    )
    others = sorted(rules.owing_seats(rnd.state, rnd.referee_input) - computers - {mine})
    names = page.names
    return Status(
        yours=yours, sent=sent, waiting_for=[names[n] for n in others if n in names], over=over
    )


def render_table(
    request,
    template: str,
    context: dict,
    page: selectors.PlayerPage,
    *,
    partial: bool = False,
    status: int = 200,
) -> HttpResponse:
    """A seat page built on ``games/table.html`` (``template`` extends it), or with
    ``partial`` only the part htmx swaps."""
    context["table"] = {
        "frame": PART_FRAME if partial else PAGE_FRAME,
        "partial": partial,
        "status": table_status(page),
    }
    return render(request, template, context, status=status)
