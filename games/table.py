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
  facts: whose turn it is (``acting.seats_to_act``) and the round whose deadline it shows;
- ``render_kept_table``: the page as ``render_table`` draws it, kept in the process for what
  the page's read holds (``page_digest``), the viewer's language and zone and what the site's
  frame draws from the request, so that a page seen again is kept text with the request's
  CSRF token put in.

The layout's slots are blocks: ``heading``, ``status``, ``board``, ``panel``, ``legend``,
``below``, and ``live`` (attributes of the part htmx swaps). docs/table.md has the picture.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import wraps

import orjson
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Model
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.urls import get_script_prefix, reverse
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe
from django.views.decorators.vary import vary_on_headers

from . import acting, limits, registry, selectors, token_slots
from .kept import InProcess
from .models import Game
from .templatetags import clock
from .templatetags.frame import settings_version

PAGE_FRAME = "base.html"
PART_FRAME = "games/_table_part.html"
# A seat page kept whole: drawn once in PIECES_FRAME (the site frame's blocks, each followed
# by PIECE_MARK), served in KEPT_FRAME (the site's frame with those blocks filled).
PIECES_FRAME = "games/_table_pieces.html"
KEPT_FRAME = "games/_kept_table.html"
PIECES = ("title", "head", "main_class", "content", "scripts")
# Drawn at random for the process, as the CSRF stand-in is: no text a person writes is it.
PIECE_MARK = secrets.token_hex(16)
# Of each (a page's blocks, a whole page), some 50 kB: at most some 13 MB a process.
KEPT_PAGES = 128

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


# What ``render_kept_table`` keeps: a page's blocks (PIECES, the CSRF stand-in where each form's
# token goes) by what the page shows, and the whole page in the site's frame (the stand-in for
# every token) by that and what the frame shows.
_kept_pieces = InProcess(KEPT_PAGES)
_kept_pages = InProcess(KEPT_PAGES)


def _columns(instance: Model | None) -> list | None:
    """Every column of a row as read, in the model's order."""
    if instance is None:
        return None
    return [getattr(instance, field.attname) for field in instance._meta.concrete_fields]


def page_digest(page: selectors.PlayerPage) -> str:
    """A digest of everything the page's read holds: the asked seat, every seat's columns (its
    person, name, computer), the game's, the open round's (its state, the referee's input, its
    deadline), and the seat's own orders and chatter. Whatever changes in them changes it."""
    data = [
        page.seat.number,
        _columns(page.seat.game),
        [_columns(seat) for seat in page.seats],
        _columns(page.round),
        page.own_orders,
        page.own_chatter,
    ]
    try:  # orjson: the digest is taken on every request; it writes datetimes as such
        text = orjson.dumps(data, default=str)
    except orjson.JSONEncodeError:  # a key that is not text (never read from a JSON column)
        text = repr(data).encode()
    return hashlib.blake2b(text, digest_size=16).hexdigest()


def render_kept_table(
    request,
    template: str,
    page: selectors.PlayerPage,
    build: Callable[[], dict],
    *,
    more: tuple[Hashable, ...] = (),
) -> HttpResponse:
    """The seat page ``render_table(request, template, build(), page)`` draws, kept in this
    process: ``build`` is called only when no page is kept for the key.

    The page's blocks are kept for the template, what the page's read holds (``page_digest``),
    the active language, time zone and script prefix, the settings, the words of the time left
    to the open round's deadline (the countdown's text without script: a page is drawn again
    when they change), and ``more``: whatever else the caller's context reads (another read of
    his, a query's fields). So the caller keeps a page only if its context comes from nothing
    but these. The whole page in the site's frame is kept for that and what the frame draws
    from the request (``_frame_facts``); a page with a message to show (once) is drawn around
    the kept blocks and not kept. Nothing kept holds a CSRF token (``token_slots``): each
    answer puts its own in, the same in every form."""
    rnd = page.round
    key = (
        settings_version(),
        template,
        get_language(),
        timezone.get_current_timezone_name(),
        get_script_prefix(),
        clock.remaining(rnd.deadline) if rnd is not None else None,
        page_digest(page),
        *more,
    )
    with_message = len(messages.get_messages(request)) > 0  # counted, not read: still shown
    whole_key = (key, *_frame_facts(request))
    html = None if with_message else _kept_pages.get(whole_key)
    if html is None:
        pieces = _kept_pieces.get(key)
        if pieces is None:
            pieces = _draw_pieces(template, build(), page)
            _kept_pieces.put(key, pieces)
        kept = {name: SafeString(piece) for name, piece in pieces.items()}
        drawn = render(request, KEPT_FRAME, {"kept": kept, "csrf_token": token_slots.STAND_IN})
        html = drawn.content.decode()
        if not with_message:
            _kept_pages.put(whole_key, html)
    return HttpResponse(token_slots.with_token(html, get_token(request)))


def _frame_facts(request) -> tuple[Hashable, ...]:
    """What the site's frame (base.html) draws from the request besides the CSRF token and the
    messages: whether the person is logged in and the header's "your move" count, the language
    switch's return path, and the live hook's script (``request.live``, set by the live
    middleware). A new read of the request in base.html belongs here."""
    user = request.user
    count = selectors.waiting_count(user) if user.is_authenticated else 0
    return (user.is_authenticated, count, request.get_full_path(), getattr(request, "live", None))


def _draw_pieces(template: str, context: dict, page: selectors.PlayerPage) -> dict[str, str]:
    """The page's blocks of the site's frame, drawn without the request (nothing of it but what
    the key names can be in them) and with the CSRF stand-in for each form's token."""
    context["table"] = {
        "frame": PIECES_FRAME,
        "partial": False,
        "status": table_status(page),
        "mark": PIECE_MARK,
    }
    text = str(token_slots.without_token(template, context))
    *pieces, _end = text.split(PIECE_MARK)  # the frame's own end (its file's last newline)
    return dict(zip(PIECES, pieces, strict=True))


def forget_kept_pages() -> None:
    """Drop every kept seat page and its blocks (tests: to draw a page afresh)."""
    _kept_pieces.clear()
    _kept_pages.clear()
