"""Pages of a list that grows (the lobby's lists, a game's rounds, a leaderboard, a career):
Django's ``Paginator`` with a page size that bounds what one page costs, read from a query
parameter of its own so that several lists on one page turn their pages apart.

    page = pages.page_of(request, queryset, "finished", per_page=25)
    {% include "games/_pager.html" with page=page %}

A page number that is no number, or is past the end, gives the nearest page (never a 404).
"""

from __future__ import annotations

from django.core.paginator import Page, Paginator

PER_PAGE = 25


class LinkedPage(Page):
    """A page with the addresses of its neighbours (None at either end)."""

    previous_url: str | None = None
    next_url: str | None = None


def page_of(
    request, items, param: str = "page", per_page: int = PER_PAGE, count: int | None = None
) -> LinkedPage:
    """The asked page of ``items``; ``count``, when the caller has read it already, spares the
    paginator its own count query."""
    paginator = Paginator(items, per_page)
    if count is not None:
        paginator.__dict__["count"] = count  # Paginator.count is a cached_property
    found = paginator.get_page(_number(request.GET.get(param)))
    page = LinkedPage(list(found.object_list), found.number, found.paginator)
    page.previous_url = (
        _url(request, param, page.previous_page_number()) if page.has_previous() else None
    )
    page.next_url = _url(request, param, page.next_page_number()) if page.has_next() else None
    return page


def asked(request, param: str = "page") -> int:
    """The page the request asks for (the first when it asks for none or no number)."""
    return _number(request.GET.get(param))


def _number(text) -> int:
    """The asked page: a plain positive number of a sane size, else the first."""
    text = str(text or "")
    return max(1, int(text)) if text.isascii() and text.isdigit() and len(text) < 7 else 1


def _url(request, param: str, number: int) -> str:
    query = request.GET.copy()
    query[param] = str(number)
    return "?" + query.urlencode()
