"""A player's lab page: the run builder while his plan is due, the gadget pick after a run,
the standings always. Only the seat's owner sees or posts any of it.

The builder keeps the plan as a server-side draft (``PlanDraft``). Each click (place a tile,
undo, stop here, a whole plan typed into the plain form) is a POST that changes the draft and
answers the builder again (an htmx partial, or the whole page without JavaScript); the engine's
``check`` of the draft gives the live score, the warnings and where the next tile may go. The
ghost tile of ``builder.js`` only picks one of those places (or any cells) and posts it.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext, gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe
from django.views.decorators.vary import vary_on_headers

from games import limits, replay, selectors, table, token_slots
from games import services as platform
from games.enginekit import EngineError
from games.kept import InProcess, cache
from games.models import Game, Round, Seat
from games.registry import Rejected

from . import report, services, svg, words
from .plugin import RULES

ORDERS_LIMITED = gettext_lazy("Too many plans or picks sent for this seat.")
DRAFTS_LIMITED = gettext_lazy("Too many changes to this seat's plan in a short time.")
# A plan is a few levels deep ({"tiles": [{"cells": [[r, c]]}]}); deeper JSON is no plan, and
# Python's parser would recurse on it past its limit.
PLAN_DEPTH = 6

SEAT = "joyride:seat"


def _player_page(request, game_id: int, number: int) -> selectors.PlayerPage:
    return selectors.player_page(request.user, game_id=game_id, number=number, kind="joyride")


def _own_seat(request, game_id: int, number: int) -> Seat:
    return selectors.own_seat(request.user, game_id=game_id, number=number, kind="joyride")


def _urls(seat: Seat) -> dict[str, str]:
    args = [seat.game_id, seat.number]
    return {
        name: reverse(f"joyride:{name}", args=args)
        for name in ("seat", "build", "check", "submit", "pick")
    }


# --- plans as the plain form writes them -------------------------------------------------------


def plan_text(plan: dict) -> str:
    """A plan as lines: ``I3 2,-1 2,0 2,1`` per tile, ``pass`` to stop, ``insta ...`` for the
    Insta-Ball's tiles."""
    lines = []
    for tile in plan.get("tiles", []):
        lines.append("pass" if tile == "pass" else _placement_text(tile))
    lines += ["insta " + _placement_text(tile) for tile in plan.get("insta_ball", [])]
    return "\n".join(lines)


def _placement_text(tile: dict) -> str:
    return " ".join([tile["shape"], *(f"{r},{c}" for r, c in tile["cells"])])


def parse_cells(text: str) -> list[list[int]]:
    cells = []
    for word in text.replace(";", " ").split():
        row, comma, col = word.partition(",")
        try:
            cells.append([int(row), int(col)])
        except ValueError:
            raise Rejected(
                gettext("%(word)r is not a cell: write row,column (e.g. 2,-1)")
                % {"word": word[:20]}
            ) from None
        if not comma:
            raise Rejected(
                gettext("%(word)r is not a cell: write row,column (e.g. 2,-1)")
                % {"word": word[:20]}
            )
    return cells


def _nesting(text: str) -> int:
    """How deep the brackets of a JSON text go, strings left out (read before parsing it)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            escaped, in_string = (False, True) if escaped else (char == "\\", char != '"')
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def parse_plan_text(text: str) -> dict:
    """The plain form's plan: the lines of ``plan_text``, or the engine's JSON plan."""
    if text.strip().startswith("{"):
        if _nesting(text) > PLAN_DEPTH:
            raise Rejected(
                gettext("the plan is nested deeper than a plan can be (%(most)d levels)")
                % {"most": PLAN_DEPTH}
            )
        try:
            return json.loads(text)
        except ValueError:
            raise Rejected(gettext("the plan is not valid JSON")) from None
    tiles: list[str | dict] = []
    insta: list[str | dict] = []
    for number, line in enumerate(text.splitlines(), start=1):
        words_ = line.split()
        if not words_:
            continue
        target = tiles
        if words_[0].lower() == "insta":
            target, words_ = insta, words_[1:]
        if words_ and words_[0].lower() == "pass" and target is tiles:
            tiles.append("pass")
            continue
        if len(words_) < 2:
            raise Rejected(
                gettext("line %(number)d: a shape and its cells, e.g. I3 2,-1 2,0 2,1")
                % {"number": number}
            )
        target.append({"shape": words_[0].upper(), "cells": parse_cells(" ".join(words_[1:]))})
    return {"tiles": tiles, "insta_ball": insta}


def _placement(data) -> dict:
    """The tile a click sends: one of the engine's places (``choice``: shape|cells) or any
    cells typed in (``shape`` and ``cells``)."""
    choice = data.get("choice", "")
    if choice:
        shape, _bar, cells = choice.partition("|")
        return {"shape": shape, "cells": parse_cells(cells)}
    return {"shape": data.get("shape", ""), "cells": parse_cells(data.get("cells", ""))}


# --- the page's parts --------------------------------------------------------------------------


# A kept check lives this long: its key holds all it is made from, so it never goes stale;
# the timeout clears the drafts no longer shown (an empty draft's check is some 32 KB with a
# first tile's places, a longer one's 2-3 KB; each click makes a new one).
CHECK_SECONDS = 600


def check_key(state: dict, seat: int, plan: dict) -> str:
    """The cache key of the engine's check of a draft: a digest of everything the engine
    reads for it (the round's state, the seat, the plan)."""
    made_from = json.dumps([state, seat, plan], sort_keys=True, separators=(",", ":"))
    return "joyride-draft-check:" + hashlib.sha256(made_from.encode()).hexdigest()


def kept_check(state: dict, seat: int, plan: dict, key: str = "") -> dict:
    """The engine's check of the builder's draft with where the next tile may go, kept in the
    cache (under ``key``, the draft's ``check_key``): the engine answers the same state, seat
    and plan the same way, and a page shown again with an unchanged draft (a reload, a live
    update) need not judge every place of the next tile again. Only drafts are kept (their
    changes are limited per seat), never a typed plan that nothing stores."""
    key = key or check_key(state, seat, plan)
    answer: dict | None = cache.get(key)
    if answer is None:
        answer = RULES.check(state, seat, plan, next_tiles=True)
        cache.set(key, answer, CHECK_SECONDS)
    return answer


def kept_page_check(state: dict, seat: int, plan: dict, key: str) -> dict:
    """The draft's check as the page reads it, kept beside the whole check (under ``key``
    + ``:page``): without the next tile's places (most of an empty draft's check, slow to read
    back), only which shapes have any (``next_shapes``); the places are read from the whole
    check only when the kept list of them is missing (``_next_choices``). A check just judged
    is answered whole, its places with it."""
    page_key = key + ":page"
    answer: dict | None = cache.get(page_key)
    if answer is None:
        answer = kept_check(state, seat, plan, key)
        answer["next_shapes"] = [shape for shape, places in answer["next"].items() if places]
        cache.set(page_key, {k: v for k, v in answer.items() if k != "next"}, CHECK_SECONDS)
    return answer


def check_view(state: dict, seat: int, plan: dict, *, draft_key: str = "") -> dict:
    """The engine's check of ``plan`` with the words the panel shows; for the builder's draft
    (its ``check_key`` given), kept, with the shapes the next tile may be (``kept_page_check``)."""
    answer = (
        kept_page_check(state, seat, plan, draft_key)
        if draft_key
        else RULES.check(state, seat, plan)
    )
    answer["mission_rows"] = [
        {**m, "name": words.mission_name(m["id"])} for m in answer["missions"]
    ]
    answer["gadget_rows"] = [{**g, "name": words.gadget_name(g["id"])} for g in answer["gadgets"]]
    answer["warning_rows"] = [
        {
            "tile": w["tile"] + 1 if "tile" in w else None,
            "insta": w["insta"] + 1 if "insta" in w else None,
            "words": words.rule_words(w["rule"]),
        }
        for w in answer["warnings"]
    ]
    pool = answer["pool"]
    answer["palette"] = [
        {
            "shape": s,
            "name": words.SHAPES[s],
            "available": pool["available"][s],
            "needed": pool["needed"][s],
            "left": pool["available"][s] - pool["needed"][s],
            "chain": json.dumps(RULES.chain(s)),
            "icon": _icon_svg(s),
        }
        for s in RULES.shapes
    ]
    return answer


@functools.cache
def _icon_svg(shape: str) -> str:
    """A shape's icon on the palette: the same on every page (no words), drawn once per
    process."""
    squares = [(c * ICON_SQUARE, r * ICON_SQUARE) for r, c in RULES.chain(shape)]
    return render_to_string("joyride/_shape_icon.html", {"view": ICON_VIEW, "squares": squares})


ICON_SQUARE = 8
ICON_VIEW = svg.shape_icon_view(ICON_SQUARE)


def _next_choices(answer: dict, places: Callable[[], dict]) -> list[dict]:
    """Where the next tile may go without breaking a rule (the engine's ``next``: the answer's,
    or else ``places``), for the shapes the pool still holds after this plan's tiles (the
    engine's ``pool``)."""
    left = {p["shape"]: p["left"] for p in answer["palette"]}
    nexts = answer["next"] if "next" in answer else places()
    return [
        {
            "shape": shape,
            "options": [
                (
                    "{}|{}".format(shape, ";".join(f"{r},{c}" for r, c in cells)),
                    " ".join(f"[{r},{c}]" for r, c in cells),
                )
                for cells in nexts.get(shape, [])
            ],
        }
        for shape in RULES.shapes
        if nexts.get(shape) and left[shape] > 0
    ]


def _has_next(answer: dict) -> bool:
    """Whether ``_next_choices`` holds any place (without reading or drawing them)."""
    left = {p["shape"]: p["left"] for p in answer["palette"]}
    return any(left[shape] > 0 for shape in answer["next_shapes"])


# The list of the next tile's places (``_builder.html``: some 700 options for an empty draft)
# is drawn from the draft's check alone, so it is kept in the cache under the check's key (and
# the language) as long as the check is: drawn once per draft, not on every request.
NEXT_PLACES_SECONDS = CHECK_SECONDS


def _builder(seat: Seat, state: dict, plan: dict, key: str, typed: str | None = None) -> dict:
    """What ``_builder.html`` and the builder's lab are drawn from: the draft's check (under
    its ``check_key``, ``key``), the plan and the seat's gadgets."""
    answer = check_view(state, seat.number, plan, draft_key=key)
    tiles, passed = services.tiles_and_stop(plan)
    return {
        "plan": plan,
        "check": answer,
        "stopped": passed,
        "tile_count": len(tiles),
        "lab": svg.lab(
            state,
            seat.number,
            tiles=answer["tiles"],
            free_end=answer["free_end"],
            insta_tiles=plan.get("insta_ball", []),
            builder=True,
            svg_id="builder-lab",
        ),
        "has_insta": RULES.insta_ball in state["gadgets"]["owned"][seat.number],
        "insta_count": len(plan.get("insta_ball", [])),
        "has_next": _has_next(answer),
        # drawn only when the kept list is missing: the template calls it
        "next_choices": functools.partial(
            _next_choices,
            answer,
            lambda: kept_check(state, seat.number, plan, key)["next"],
        ),
        "next_places_key": key,
        "next_places_seconds": NEXT_PLACES_SECONDS,
        "plan_text": plan_text(plan) if typed is None else typed,
        "shape_choices": list(RULES.shapes),
        "escaped": answer["escaped"],
    }


# --- the page's kept parts ---------------------------------------------------------------------

# The seat page's drawn parts (``_parts``), kept by ``_kept`` in this process: each key holds
# all its part is drawn from and the language, so a kept part is never stale. Kept here, not
# in the shared cache, to spare the page a Redis round trip; an empty draft's page is the
# largest, some 75 KB with its list of next places.
_KEPT = InProcess(256)


def _kept(key: tuple, draw: Callable[[], Any]) -> Any:
    """The part kept under ``key`` (which ends with the language), drawn by ``draw`` if
    missing."""
    return _KEPT.get_or_draw(key, draw)


def _digest(data: Any) -> str:
    """A short digest of JSON-able data (translated words as text): a key's part that changes
    when any of it does."""
    text = json.dumps(data, sort_keys=True, default=str)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def _builder_panel(
    seat: Seat, round_number: int, state: dict, plan: dict, typed: str | None, error: str
) -> dict[str, SafeString]:
    """The builder's lab and its panel (``_builder.html``: the palette, the check, the buttons,
    the plain forms), the panel without its CSRF token (``games.token_slots``), drawn from the
    draft's check (under its ``check_key``: the round's state, the seat, the plan)."""
    context = _builder(seat, state, plan, check_key(state, seat.number, plan), typed)
    context.update({"urls": _urls(seat), "round": {"number": round_number}, "error": error})
    panel = token_slots.without_token("joyride/_builder.html", context)
    return {"lab": context["lab"], "builder_panel": panel}


def _standings_part(table: dict) -> SafeString:
    """``_standings.html`` from the state's table (``report.table_context``), kept under a
    digest of what it shows."""
    shown = {
        name: table[name] for name in ("standings", "rounds_played", "missions", "pool", "rating")
    }
    return _kept(
        ("standings", _digest(shown), get_language()),
        lambda: SafeString(render_to_string("joyride/_standings.html", shown)),
    )


def _legend_part() -> SafeString:
    """``_legend.html``: the same words on every lab page, kept per language."""
    return _kept(
        ("legend", get_language()),
        lambda: SafeString(render_to_string("joyride/_legend.html")),
    )


def _owes(page: selectors.PlayerPage, state: dict) -> bool:
    """Whether the seat still owes its plan or pick for the open round."""
    return (
        page.round is not None
        and page.own_orders is None
        and page.seat.game.status == Game.Status.RUNNING
        and page.seat.number in RULES.active_seats(state)
    )


def _drawn_context(
    page: selectors.PlayerPage,
    *,
    plan: dict | None = None,
    typed: str | None = None,
    error: str = "",
) -> dict:
    """All the page's parts are drawn from: the state shown, the seat's plan or pick, the
    standings, the builder (from ``plan``, the seat's draft, read if not given)."""
    seat, rnd, names = page.seat, page.round, page.names
    game = seat.game
    state = rnd.state if rnd else selectors.shown_state(game)
    context: dict[str, Any] = {
        "game": game,
        "seat": seat,
        "round": rnd,
        "names": names,
        "error": error,
        "colour": words.SEAT_COLOURS[seat.number],
        "state": state,
    }
    if state is None:
        return context
    order = page.own_orders
    phase = state["phase"]
    owes = _owes(page, state)
    table = report.table_context(state, names)
    context.update({"phase": phase, "owes": owes, "order": order, **table})
    context["standings_part"] = _standings_part(table)
    if phase == "run" and owes and rnd is not None:
        plan = services.draft_of(seat, rnd) if plan is None else plan
        context.update(_builder_panel(seat, rnd.number, state, plan, typed, error))
    elif phase == "run" and order is not None:
        answer = check_view(state, seat.number, order)
        context.update(
            {
                "check": answer,
                "sealed": True,
                "lab": svg.lab(state, seat.number, tiles=answer["tiles"]),
            }
        )
    elif phase == "pick":
        order_names = [report.seat_name(names, s) for s in RULES.pick_order(state)]
        context.update(
            {
                "urls": _urls(seat),
                "pick_order": order_names,
                "pick_slots": range(1, len(state["gadgets"]["revealed"]) + 1),
                "my_picks": (order or {}).get("picks", []),
            }
        )
        context["my_pick_names"] = [words.gadget_name(g) for g in context["my_picks"]]
    if game.status == Game.Status.FINISHED:
        context.update(_ending(game, state, seat))
    if "lab" not in context and not context.get("replay"):  # the builder, a sealed plan and
        context["lab"] = svg.lab(state, seat.number)  # a finished game's replay draw their own
    return context


def _parts(context: dict) -> dict[str, SafeString]:
    """The page's drawn parts from ``_drawn_context``: all of seat.html but its status line
    (kept by what it shows, its deadline's countdown drawn on each request), the panel without
    its CSRF tokens (``games.token_slots``: seat.html puts the page's in)."""
    return {
        "title": format_html("{} — {}", context["seat"], context["game"].title),
        "heading": SafeString(render_to_string("joyride/_heading.html", context)),
        "board": SafeString(render_to_string("joyride/_board.html", context)),
        "panel": token_slots.without_token("joyride/_panel.html", context),
        "legend": _legend_part(),
        "below": context["standings_part"] if context.get("standings") else SafeString(""),
    }


def _context(page: selectors.PlayerPage, *, typed: str | None = None, error: str = "") -> dict:
    """The status line's facts (drawn on each request) and the page's parts (``_parts``). While
    a round is open, the parts are kept whole (``_kept``) under a digest of all they are drawn
    from: the round's state, the seat's draft (read only while he builds) or his plan or pick
    sent, the seats' names, the game's title and status, the seat and the round, with the
    language; a time zone shows only in the status line. A refusal's page (open on the plain
    forms, with what was typed) and a page without an open round are drawn afresh."""
    rnd = page.round
    if rnd is None or typed is not None or error:
        context = _drawn_context(page, typed=typed, error=error)
        context["parts"] = _parts(context) if context["state"] is not None else {}
        return context
    return _open_context(page, rnd, _owed_plan(page, rnd))


def _owed_plan(page: selectors.PlayerPage, rnd: Round) -> Any:
    """The seat's draft while it builds its run in the open round ``rnd`` (a read of its own),
    or None."""
    owed = rnd.state["phase"] == "run" and _owes(page, rnd.state)
    return services.draft_of(page.seat, rnd) if owed else None


def _open_context(page: selectors.PlayerPage, rnd: Round, plan: Any) -> dict:
    """``_context`` while the round ``rnd`` is open, the seat's draft being ``plan``
    (``_owed_plan``)."""
    seat = page.seat
    state, game = rnd.state, seat.game
    shown = [state, plan, page.own_orders, page.names, game.pk, game.title, game.status]
    key = ("page", _digest([*shown, seat.number, rnd.number]), get_language())
    return {
        "game": game,
        "seat": seat,
        "round": rnd,
        "state": state,
        "phase": state["phase"],
        "round_number": state["round"],
        "solo": state["players"] == 1,
        "parts": _kept(key, lambda: _parts(_drawn_context(page, plan=plan))),
    }


def _ending(game: Game, state: dict, seat: Seat) -> dict:
    """A finished game's page: the replay at its last step (every lab as the last run left
    it) in the board's place, and the seat's total."""
    return {
        "replay": replay.final_player(game),
        "my_total": sum(state["scores"][seat.number]),
    }


def _answer(request, page, *, partial: bool, status: int = 200, **extra):
    context = _context(page, **extra)  # seat.html puts the page's CSRF token in the panel
    return table.render_table(
        request, "joyride/seat.html", context, page, partial=partial, status=status
    )


# --- the views ---------------------------------------------------------------------------------


@table.seat_view("joyride", gettext_lazy("The joyride has not started yet."))
def seat_page(request, page: selectors.PlayerPage):
    rnd = page.round
    if rnd is None:
        return _answer(request, page, partial=False)
    # Kept whole with the site's frame: the page shows nothing but the page's read and the
    # seat's draft, which ``more`` names.
    plan = _owed_plan(page, rnd)
    return table.render_kept_table(
        request,
        "joyride/seat.html",
        page,
        lambda: _open_context(page, rnd, plan),
        more=(_digest([plan]),),
    )


BUILD_ACTIONS = {
    "place": lambda seat, user, data: services.draft_place(
        seat=seat, user=user, placement=_placement(data), insta=bool(data.get("insta"))
    ),
    "undo": lambda seat, user, data: services.draft_undo(seat=seat, user=user),
    "undo_insta": lambda seat, user, data: services.draft_undo_insta(seat=seat, user=user),
    "stop": lambda seat, user, data: services.draft_stop(seat=seat, user=user),
    "clear": lambda seat, user, data: services.draft_replace(
        seat=seat, user=user, plan=dict(services.EMPTY_PLAN)
    ),
    "text": lambda seat, user, data: services.draft_replace(
        seat=seat, user=user, plan=parse_plan_text(data.get("plan", ""))
    ),
}


@never_cache
@vary_on_headers("HX-Request")  # the builder again for htmx, a redirect to the page without
@login_required
@require_POST
@limits.limit("draft_edits_per_seat", limits.per_seat, DRAFTS_LIMITED)
def build(request, game_id: int, number: int):
    """One click on the builder: the draft changed, the builder answered again."""
    seat = _own_seat(request, game_id, number)
    action = BUILD_ACTIONS.get(request.POST.get("do", ""))
    error, typed = "", None
    try:
        if action is None:
            raise Rejected(gettext("place a tile, undo, stop here, clear or send a plan"))
        action(seat, request.user, request.POST)
    except Rejected as problem:
        error = gettext("Not taken: %(reason)s.") % {"reason": problem}
        if request.POST.get("do") == "text":
            typed = request.POST.get("plan", "")
    page = _player_page(request, game_id, number)
    if request.htmx:
        return _answer(request, page, partial=True, error=error, typed=typed)
    if error:
        return _answer(request, page, partial=False, status=400, error=error, typed=typed)
    return redirect(SEAT, game_id=game_id, number=number)


@never_cache
@vary_on_headers("HX-Request")  # a refusal: the partial for htmx, a 400 without
@login_required
@require_safe
def check_plan(request, game_id: int, number: int):
    """The live score of a plan typed into the plain form (nothing is stored): a partial."""
    page = _player_page(request, game_id, number)
    rnd = page.round
    context: dict[str, Any] = {}
    if rnd is None or rnd.state["phase"] != "run":
        context["error"] = gettext("No run is open.")
    else:
        try:
            context["check"] = check_view(
                rnd.state, number, parse_plan_text(request.GET.get("plan", ""))
            )
        except Rejected as problem:
            context["error"] = gettext("Not a plan yet: %(reason)s.") % {"reason": problem}
        except EngineError as problem:
            context["error"] = gettext("Not a plan yet: %(reason)s.") % {
                "reason": words.refusal(problem)
            }
    # htmx swaps only a 2xx answer: it gets the error in the partial; a plain request a 400.
    status = 400 if "error" in context and not request.htmx else 200
    return render(request, "joyride/_check.html", context, status=status)


def _round_of(data) -> int | None:
    posted = data.get("round", "")
    return int(posted) if posted.isascii() and posted.isdigit() and len(posted) < 10 else None


@table.submit_view(ORDERS_LIMITED)
def submit(request, game_id: int, number: int):
    """Seal the draft: the plan is the seat's orders for this run, final."""
    seat = _own_seat(request, game_id, number)
    try:
        services.plan_seal(seat=seat, user=request.user, round_number=_round_of(request.POST))
    except Rejected as problem:
        messages.error(
            request, gettext("Your plan was not sealed: %(reason)s.") % {"reason": problem}
        )
        return _answer(request, _player_page(request, game_id, number), partial=False, status=400)
    if RULES.shows_deadline(seat.game):
        sealed = gettext(
            "Your plan is sealed. The run is replayed when every plan is in, or at the deadline."
        )
    else:
        sealed = gettext("Your plan is sealed and your run is replayed.")
    messages.success(request, sealed)
    return redirect(SEAT, game_id=game_id, number=number)


def _slots(data, prefix: str) -> dict[int, str]:
    """The form's ``<prefix><n>`` fields by slot number ``n`` (a few digits at most)."""
    size = len(prefix)
    return {
        int(key[size:]): data[key]
        for key in data
        if key.startswith(prefix)
        and key[size:].isascii()
        and key[size:].isdigit()
        and len(key) < size + 5
    }


def swapped(choices: dict[int, str], was: dict[int, str]) -> dict[int, str]:
    """The ranking as a ranking widget keeps it: a slot set to a gadget another slot already
    held gives that other slot its own former gadget (a swap). ``was`` is what each slot held
    when the form was shown; without it, or when both slots changed, the ranking is left as
    sent (and the engine refuses a gadget named twice)."""
    ranking = dict(choices)
    for slot, gadget in choices.items():
        before = was.get(slot)
        if not gadget or before is None or gadget == before:
            continue
        for other, held in choices.items():
            if other != slot and held == gadget and was.get(other) == gadget:
                ranking[other] = before
    return ranking


@table.submit_view(ORDERS_LIMITED)
def pick(request, game_id: int, number: int):
    """The sealed gadget pick: the gadgets on offer ranked by preference."""
    seat = _own_seat(request, game_id, number)
    ranking = swapped(_slots(request.POST, "choice_"), _slots(request.POST, "was_"))
    picks = [gadget for _, gadget in sorted(ranking.items()) if gadget]
    try:
        platform.orders_submit(
            seat=seat,
            user=request.user,
            payload={"picks": picks},
            round_number=_round_of(request.POST),
        )
    except Rejected as problem:
        messages.error(
            request, gettext("Your pick was not taken: %(reason)s.") % {"reason": problem}
        )
        return _answer(request, _player_page(request, game_id, number), partial=False, status=400)
    messages.success(request, gettext("Your pick is sealed."))
    return redirect(SEAT, game_id=game_id, number=number)


@login_required
@require_POST
@limits.limit(
    "practice_games_per_person",
    limits.per_person,
    gettext_lazy("You have started many solo games in a short time."),
)
def solo(request):
    """A solo joyride for the person, started: he builds his first run at once."""
    profile = getattr(request.user, "profile", None)
    game = services.solo_game_create(
        user=request.user, time_zone=profile.time_zone if profile else "Europe/Berlin"
    )
    return redirect(SEAT, game_id=game.pk, number=0)
