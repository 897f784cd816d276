"""The ratings' pages: a person's ratings (one a game, with its history) and each game's
leaderboard. Public, as the lobby is."""

from __future__ import annotations

from functools import lru_cache

from django.contrib.auth import get_user_model
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from . import pages, ratings, ratings_board, registry
from .registry import Rejected


@require_safe
def person_page(request, username: str):
    person = get_object_or_404(get_user_model(), username=username, is_active=True)
    return render(
        request,
        "games/person.html",
        {"person": person, "ratings": ratings.of_person(person)},
    )


@require_safe
def leaderboards(request):
    """The first game's leaderboard: each board links to the others."""
    return redirect("leaderboard", registry.all_games()[0].slug)


@require_safe
def leaderboard(request, kind: str):
    try:
        rules = registry.get(kind)
    except Rejected:
        raise Http404("No such game.") from None
    board = ratings_board.board_page(kind, pages.asked(request, "page"))
    # The pager's links from the board's count alone: its rows are rendered (or kept) apart.
    page = pages.page_of(request, range(board.count), "page", ratings_board.PAGE)
    games = tuple((game.slug, str(game.name)) for game in registry.all_games())
    head = _board_head(kind, games, ratings.leaderboard_min_games(), get_language())
    return render(
        request,
        "games/leaderboard.html",
        {"rules": rules, "head": head, "page": page, "rows": board.rows},
    )


@lru_cache(maxsize=64)
def _board_head(kind: str, games: tuple, min_games: int, language: str) -> SafeString:
    """A board's heading, its links to the other games' boards and what it lists, rendered
    once a process for everything they show (its game, every game's slug and name, the
    minimum of games, the language): the same for every reader, and some 0.7 ms of the
    template's work a request."""
    context = {
        "rules": registry.get(kind),
        "games": [{"slug": slug, "name": name} for slug, name in games],
        "min_games": min_games,
    }
    return render_to_string("games/_leaderboard_head.html", context)
