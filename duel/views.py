"""A duel player's page: the board as he may see it (``api.view``: never the opponent's sealed
placement), the action that is his to take, resign and draw offers.

The turn form builds a turn step by step, fighter by fighter: each click sends the turn so far
(``draft``, JSON) and one ``do`` (pick a fighter, a step, finish, undo) back; the engine's
``preview`` draws the route and its ``next`` steps are the only buttons offered. Without
JavaScript that is a plain GET of the page; with htmx the wrapper ``#duel-play`` is swapped.
Whatever is posted is checked by the engine again (through the services) before it is stored.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.middleware.csrf import get_token
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import get_script_prefix, reverse
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, gettext_lazy
from django.views.decorators.http import require_POST

from games import limits, selectors, services, table, token_slots
from games.models import Game, Round, Seat
from games.registry import Rejected
from games.templatetags import clock

from . import db as duel_db
from . import history, kept, svg
from . import services as duel_services
from .kept import RoundParts
from .models import DrawOffer
from .plugin import RULES
from .report import (
    REFUSALS,
    cornered_words,
    doomed_words,
    facing_word,
    fighter_rows,
    gone_words,
    kill_words,
    result_words,
    step_word,
    threat_words,
    trapped_words,
)

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

SEAT = "duel/seat.html"


def _facing_choices() -> list[tuple[int, str]]:
    return [(n, f"{n}: {facing_word(n)}") for n in range(RULES.facing_count)]


def _own_seat(request, game_id: int, number: int) -> Seat:
    return selectors.own_seat(request.user, game_id=game_id, number=number, kind="duel")


def _player_page(request, game_id: int, number: int) -> selectors.PlayerPage:
    return selectors.player_page(request.user, game_id=game_id, number=number, kind="duel")


def _hex(text: str | None):
    try:
        col, row = (int(part) for part in (text or "").split(","))
    except ValueError:
        return None
    return [col, row]


def _urls(seat: Seat) -> dict:
    return _seat_urls(get_script_prefix(), seat.game_id, seat.number)


@lru_cache(maxsize=8)
def _assets(script_prefix: str) -> dict[str, str]:
    """The page's own style sheet and script, their static addresses looked up once per
    process (and script prefix, which a relative STATIC_URL takes)."""
    return {"css": static("duel/duel.css"), "js": static("duel/board.js")}


@lru_cache(maxsize=1024)
def _seat_urls(script_prefix: str, game_id: int, number: int) -> dict[str, str]:
    """A seat's pages, reversed once per process for each seat (and script prefix, which
    reversing reads). Callers must not change the dict."""
    args = [game_id, number]
    urls = {
        name: reverse(f"duel:{name}", args=args)
        for name in ("seat", "preview", "submit", "resign", "draw")
    }
    return urls | {"game": reverse("game", args=[game_id]), "rules": reverse("duel:rules")}


# --- the turn so far ----------------------------------------------------------------------

MAX_DRAFT_LENGTH = 4000  # a whole turn of every fighter is a few hundred characters


ORDERS_LIMITED = gettext_lazy("Too many actions sent for this seat.")
UNREADABLE_DRAFT = gettext_lazy("The turn so far could not be read: build it again.")


class UnreadableDraft(ValueError):
    """The turn so far, as sent back by the form, is not one our form makes."""


def _read_draft(data) -> tuple[list, str]:
    """The turn so far (``draft``, JSON) and the fighter being flown (``current``), in the
    shape the form makes them: a list of {"fighter": id, "steps": [codes]} or {"fighter": id,
    "stay": true, "facing": n or null}, the fighter flown being the last, unfinished one.
    Anything else raises ``UnreadableDraft``; the engine judges the rest."""
    text, current = data.get("draft") or "[]", data.get("current", "")
    if len(text) > MAX_DRAFT_LENGTH:
        raise UnreadableDraft
    try:
        orders = json.loads(text)
    except (ValueError, RecursionError):
        raise UnreadableDraft from None
    if not (isinstance(orders, list) and all(_order_shaped(o) for o in orders)):
        raise UnreadableDraft
    if current and not (orders and orders[-1]["fighter"] == current and not orders[-1].get("stay")):
        raise UnreadableDraft
    return orders, current


def _order_shaped(order) -> bool:
    if not isinstance(order, dict) or not isinstance(order.get("fighter"), str):
        return False
    if order.get("stay") is True:
        facing = order.get("facing")
        return set(order) <= {"fighter", "stay", "facing"} and (
            facing is None or (isinstance(facing, int) and not isinstance(facing, bool))
        )
    steps = order.get("steps")
    return (
        set(order) == {"fighter", "steps"}
        and isinstance(steps, list)
        and all(isinstance(step, str) for step in steps)
    )


def _apply(orders: list, current: str, do: str, data) -> tuple[list, str]:
    """One click on the turn form: a new (orders, current) — unchecked, the engine judges.
    ``orders`` and ``current`` are as ``_read_draft`` reads them."""
    orders = [dict(o, steps=list(o["steps"])) if not o.get("stay") else dict(o) for o in orders]
    verb, _, arg = do.partition(":")
    if verb == "pick" and not current:
        orders.append({"fighter": arg, "steps": []})
        current = arg
    elif verb == "stay" and not current:
        try:
            facing = int(data.get(f"facing_{arg}", ""))
        except ValueError:
            facing = None
        orders.append({"fighter": arg, "stay": True, "facing": facing})
    elif verb == "step" and current:
        orders[-1]["steps"].append(arg)
    elif verb == "done":
        current = ""
    elif verb == "undo":
        if current and orders[-1]["steps"]:
            orders[-1]["steps"].pop()
        elif current:
            orders.pop()
            current = ""
        elif orders and orders[-1].get("stay"):
            orders.pop()
        elif orders:
            current = orders[-1]["fighter"]
    elif verb == "clear":
        orders, current = [], ""
    return orders, current


def _turn_form(raw: dict, player: int, data) -> dict:
    """The turn form's context: the draft after this click, the engine's preview of it (the
    start-of-turn missile flight even before the first click), the buttons it offers, the
    engine's warnings in words, or the engine's message if the click was not allowed."""
    try:
        orders, current = _read_draft(data)
    except UnreadableDraft:
        orders, current, do = [], "", ""
        error: str | None = str(UNREADABLE_DRAFT)
    else:
        do, error = data.get("do", ""), None
    new_orders, new_current = _apply(orders, current, do, data)
    try:
        answer = _legal_with_preview(raw, player, new_orders)
        seen = answer["preview"]
        refused = (
            _too_short(seen["next"])
            if do == "done" and seen["next"] and not seen["next"]["may_end"]
            else None
        )
    except Rejected as problem:
        refused = str(problem)
    if refused:
        error = refused
        try:
            new_orders, new_current = orders, current
            answer = _legal_with_preview(raw, player, orders)
        except Rejected:
            new_orders, new_current = [], ""
            answer = _legal_with_preview(raw, player, [])
        seen = answer["preview"]
    if do == "done" and seen["next"] and seen["next"].get("finish"):
        new_orders[-1]["steps"] = seen["next"]["finish"]  # gone: the rest does not matter
    options = {f["fighter"]: f for f in answer["fighters"]}
    ordered = {o["fighter"] for o in new_orders}
    waiting = [
        {**f, "choice": _waiting_choice(f)}
        for fid, f in options.items()
        if fid not in ordered and not f["doomed"]
    ]
    nxt = seen["next"] if new_current else None
    return {
        "draft": json.dumps(new_orders),
        "current": new_current,
        "turn_error": error,
        "draft_orders": [{**o, "words": _order_words(o)} for o in new_orders],
        "step_buttons": [(code, step_word(code)) for code in nxt["steps"]] if nxt else [],
        "may_end": bool(nxt and nxt["may_end"]),
        "next": nxt,
        "gone": gone_words(nxt["fighter"], nxt["destroyed"]) if nxt and nxt["destroyed"] else None,
        "waiting": [] if new_current else waiting,
        "complete": not new_current and not waiting and bool(new_orders or options),
        "preview": seen,
        "facing_choices": _facing_choices(),
        "warnings": _warnings(seen, options, player),
    }


def _warnings(seen: dict, options: dict, player: int) -> dict[str, list[str]]:
    """The engine's foresight in words: fighters gone before they move, fighters with no
    surviving move this turn (said as the turn opens) or the next, what the turn so far
    destroys, where smart missiles strike."""
    return {
        "doomed": [doomed_words(fid, f["doomed"]) for fid, f in options.items() if f["doomed"]],
        "cornered": [cornered_words(fid) for fid, f in options.items() if f["cornered"]],
        "trapped": [trapped_words(fid) for fid in seen["trapped"]],
        "kills": [
            kill_words(k, player) for k in seen["kills"] if k["fighter"] not in seen["doomed"]
        ],
        "threats": [threat_words(t, player) for t in seen["threats"]],
    }


def _legal_with_preview(raw: dict, player: int, orders: list) -> dict:
    """The engine's legal choices and its preview of ``orders`` from one reading of the state
    (the turn form needs both); a refused turn raises ``Rejected`` in words."""
    return RULES.legal_choices(raw, player, orders)


def _board_links(form: dict, state: dict) -> dict:
    """The turn form on the board: a waiting fighter that may fly is a link that picks it;
    the hexes ahead of, and ahead-left and ahead-right of, the fighter being built are links
    for the steps the engine offers next (ahead, turn left, turn right)."""
    urls = form["urls"]

    def link(do: str) -> tuple[str, str]:
        query = urlencode({"draft": form["draft"], "current": form["current"], "do": do})
        return f"{urls['seat']}?{query}", f"{urls['preview']}?{query}"

    picks = {f["fighter"]: link(f"pick:{f['fighter']}") for f in form["waiting"] if f["may_move"]}
    steps = []
    nxt = form["next"]
    if nxt and nxt["steps"]:
        fighter = next(f for f in state["fighters"] if f["id"] == nxt["fighter"])
        route = form["preview"]["fighters"].get(nxt["fighter"], {}).get("route") or []
        where = route[-1] if route else {"hex": fighter["hex"], "facing": fighter["facing"]}
        if where["hex"] is not None:
            for code, sixths in (("A", 0), ("L", 1), ("R", -1)):
                target = RULES.step_on_board(where["hex"], where["facing"] + sixths)
                if code in nxt["steps"] and target is not None:
                    steps.append((target, code, step_word(code), *link(f"step:{code}")))
    return {"picks": picks, "step_links": steps}


def _too_short(nxt: dict) -> str:
    """Why a fighter's move may not end yet: it has not flown a speed it may fly (worded as
    the engine's refusal of such a move)."""
    return REFUSALS["wrong_distance"](
        {"fighter": nxt["fighter"], "ahead": nxt["ahead"], "speeds": nxt["speeds"]}
    )


def _order_words(order: dict) -> str:
    if order.get("stay"):
        facing = order.get("facing")
        if facing is None:
            return gettext("stays docked")
        return gettext("stays docked, facing %(facing)s") % {"facing": facing_word(facing)}
    return " · ".join(step_word(code) for code in order.get("steps", [])) or "—"


# --- the page -----------------------------------------------------------------------------


def _context(
    request,
    page: selectors.PlayerPage,
    data,
    offer: int | None,
    *,
    partial: bool = False,
    slots: bool = False,
) -> dict:
    """The seat page's context, ``offer`` being the player whose offer of a draw stands (None:
    none does); with ``partial``, only what the part htmx swaps shows (no heading, no draw and
    resign sections); with ``slots``, the request's own parts (its CSRF token, the deadline
    with its countdown) are left as stand-ins, for a body kept between requests."""
    seat, rnd, names = page.seat, page.round, page.names
    game = seat.game
    player = seat.number
    raw = rnd.state if rnd else selectors.shown_state(game)
    urls = _urls(seat)
    language = get_language()
    context: dict[str, Any] = {
        "game": game,
        "seat": seat,
        "player": player,
        "round": rnd,
        "names": names,
        "urls": urls,
        "assets": _assets(get_script_prefix()),
    }
    if not partial:
        context["heading"] = _heading(
            game.title, str(seat), player, urls["game"], urls["rules"], language
        )
    if raw is None:
        return context
    state = RULES.public_state(raw, player)
    order = page.own_orders
    active = (
        rnd is not None
        and order is None
        and game.status == Game.Status.RUNNING
        and player in RULES.active_seats(raw)
    )
    phase = state["phase"]
    parts = _round_parts(rnd, player, active, phase, names, language, data)
    running = game.status == Game.Status.RUNNING
    shown = parts.get("shown", lambda: _shown(game, state, names))
    last = shown["last_action"]
    opponent = names.get(1 - player)
    # The request's CSRF token, masked once for all the page's forms (the site frame's too).
    csrf_token = context["csrf_token"] = token_slots.STAND_IN if slots else get_token(request)
    context.update(
        {
            "counter": history.counter(state),
            "due": _due(rnd, slots),
            "last_action": last,
            "last_action_section": mark_safe(shown["last_action_section"]),  # our template's
            "opponent_acted_last": last is not None and last["player"] == 1 - player,
            "end": _end(game, state, last) if game.status == Game.Status.FINISHED else None,
            "state": state,
            "order": order,
            "active": active,
            "phase": phase,
            "fighters_table": mark_safe(shown["fighters_table"]),  # rendered by our template
            "offer_theirs": offer is not None and offer != player,
            "running": running,
            "opponent": opponent,
            "missed_mine": bool(state["missed_in_row"][player]),
            "missed_limits": RULES.missed_limits,
        }
    )
    if running and not partial:
        draw_and_resign = _draw_and_resign(
            _offer_side(offer, player),
            opponent,
            data.get("resign") == "confirm",
            urls["draw"],
            urls["resign"],
            urls["seat"],
            language,
        )
        context["draw_and_resign"] = token_slots.with_token(draw_and_resign, csrf_token)
    board: dict[str, Any] = {"highlight": None}
    if active and phase == "asteroids":
        hexes = parts.get("hexes", lambda: _legal_hexes(raw, player))
        chosen = _hex(data.get("hex"))
        selected = tuple(chosen) if chosen is not None and tuple(chosen) in hexes else None
        asteroid_form = _asteroid_form(
            hexes,
            "{},{}".format(*selected) if selected else "",
            state["asteroids_left"][player],
            urls["submit"],
            language,
        )
        context["asteroid_form"] = token_slots.with_token(asteroid_form, csrf_token)
        board.update(
            choices=hexes,
            selected=selected,
            choice_urls=(urls["seat"], urls["preview"]),
        )
    elif active and phase == "fighters":
        mine = [f for f in state["fighters"] if f["player"] == player]
        context["placements"] = [
            {
                "fighter": f["id"],
                "name": RULES.class_name(f["class"]),
                "dock": data.get(f"hex_{f['id']}") or "{},{}".format(*RULES.docks(player)[i]),
                "facing": _int(data.get(f"facing_{f['id']}"), RULES.toward_enemy(player)),
            }
            for i, f in enumerate(mine)
        ]
        context["docks"] = [(f"{c},{r}", f"[{c}, {r}]") for c, r in RULES.docks(player)]
        context["facing_choices"] = _facing_choices()
    elif active and phase == "play":
        context.update(_turn_form(raw, player, data))
        board["preview"] = context["preview"]
        board.update(_board_links(context, state))
    elif order is not None and order.get("type") == "fighters":
        context["sealed_mine"] = [  # his own: he may see it
            {**p, "facing_name": facing_word(p["facing"])} for p in order["placements"]
        ]
    # The board shows a request's own picks: a hex chosen, a turn begun (the draft after the
    # click, as the board draws it). Before any, it is the round's kept opening board.
    opening = board.get("selected") is None and context.get("draft", "[]") == "[]"
    if opening and not context.get("current"):
        context["board"] = mark_safe(  # drawn by svg.board_svg, which escapes what it draws
            parts.get("board", lambda: str(svg.board_svg(state, **board)))
        )
    else:
        context["board"] = svg.board_svg(state, **board)
    context["tools"] = _language_parts(language)
    return context


def _round_parts(
    rnd: Round | None,
    player: int,
    active: bool,
    phase: str,
    names: dict[int, str],
    language: str,
    data,
) -> RoundParts:
    """The open round's parts of the seat's page, kept in the shared cache (none with no round
    open: a finished duel's page is drawn for each request):

    - ``shown``: the last published action (its words and its section) and the fighters'
      table, under the seat's view, the seats' names and the language: while a round is open
      neither changes, since the rounds before it were published in the transaction that
      opened it and its state is its start's snapshot;
    - ``hexes``: the hexes the engine lets the seat place an asteroid on, which depend on the
      round's state alone;
    - ``board``: the board before anything is picked (no hex chosen, no turn begun: what every
      reload and live redraw of the round shows), under whether the seat is to act (its links:
      the round stays open a moment after its action is in) and the language. One with a
      request's own picks is drawn for that request, so the cache holds one board per round,
      seat and language, not one per click.

    Those the request will show are read together: the board unless the request picks
    something (a hex, a click of the turn form), the hexes in the asteroid phase at the seat's
    turn."""
    if rnd is None:
        return RoundParts(None)
    round_key = f"{rnd.pk}:{player}"
    keys = {
        "shown": f"duel-shown:{round_key}:{_names_key(names)}:{language}",
        "hexes": f"duel-asteroid-hexes:{round_key}",
        "board": f"duel-board:{round_key}:{int(active)}:{language}",
    }
    wanted = ["shown"]
    if active and phase == "asteroids":
        wanted.append("hexes")
    if not any(data.get(name) for name in PICKS):
        wanted.append("board")
    return RoundParts(keys, wanted)


# What a request may pick on the page (a hex; the turn form's click and the turn so far): with
# none of them, it shows the round's opening board.
PICKS = ("hex", "do", "current")


def _legal_hexes(raw: dict, player: int) -> tuple[tuple[int, int], ...]:
    """The hexes the engine lets ``player`` place an asteroid on, as the form and the board
    take them (and the form's cache key holds them)."""
    return tuple((c, r) for c, r in RULES.choices(raw, player)["hexes"])


def _offer_side(offer: int | None, player: int) -> str:
    """Whose offer of a draw stands, from the seat's side: "mine", "theirs" or ""."""
    if offer is None:
        return ""
    return "mine" if offer == player else "theirs"


@lru_cache(maxsize=256)
def _heading(
    title: str, seat_name: str, player: int, game_url: str, rules_url: str, language: str
) -> SafeString:
    """The page's heading (the game's and the rules' links, the seat and its player's letter
    and colour) in ``language`` (the active one): everything it shows is in its arguments, so
    it is rendered once per process for each."""
    html = render_to_string(
        "duel/_heading.html",
        {
            "title": title,
            "seat_name": seat_name,
            "letter": "AB"[player],
            "colour": svg.PLAYER_COLOUR_NAMES[player],
            "game_url": game_url,
            "rules_url": rules_url,
        },
    )
    return mark_safe(html.rstrip("\n"))  # rendered by our template, which escapes


@lru_cache(maxsize=256)
def _draw_and_resign(
    offer: str,
    opponent: str | None,
    confirm_resign: bool,
    draw_url: str,
    resign_url: str,
    seat_url: str,
    language: str,
) -> SafeString:
    """The running duel's draw and resign sections, ``offer`` being whose offer stands
    ("mine", "theirs" or ""), in ``language`` (the active one): everything they show is in
    the arguments, so they are rendered once per process for each, cut where the request's
    CSRF token goes (``games.token_slots``)."""
    return token_slots.without_token(
        "duel/_draw_and_resign.html",
        {
            "offer_mine": offer == "mine",
            "offer_theirs": offer == "theirs",
            "opponent": opponent,
            "confirm_resign": confirm_resign,
            "urls": {"draw": draw_url, "resign": resign_url, "seat": seat_url},
        },
    )


@lru_cache(maxsize=64)
def _asteroid_form(
    hexes: tuple[tuple[int, int], ...], chosen: str, left: int, submit_url: str, language: str
) -> SafeString:
    """The asteroid phase's form (the legal ``hexes`` as its list, ``chosen`` one of them or
    ""), in ``language`` (the active one): the same for every request of an open round but
    the hex it picks, so rendered once per process for each, cut where the request's CSRF
    token goes (``games.token_slots``)."""
    options = [(f"{c},{r}", f"[{c}, {r}]") for c, r in hexes]
    return token_slots.without_token(
        "duel/_asteroid_form.html",
        {"hexes": options, "chosen": chosen, "asteroids_left": left, "submit_url": submit_url},
    )


@lru_cache(maxsize=8)
def _language_parts(language: str) -> dict[str, SafeString]:
    """The board's tools and the legend in ``language`` (the active one): the same on every
    page, so rendered once per process and language."""
    return {
        "board_tools": render_to_string("duel/_board_tools.html"),
        "legend": render_to_string("duel/_legend.html"),
    }


def _shown(game: Game, state: dict, names: dict) -> dict:
    """What the page shows the same to the seat on every request while a round is open: the
    last published action (with its section of the page) and the fighters' table (``state``
    is the seat's view of the round's snapshot)."""
    last = history.last_action(game, names)
    if last is not None:  # its replay's address with it, reversed once a round
        last["replay_url"] = reverse("round_report", args=[game.pk, last["number"]])
    return {
        "last_action": last,
        "last_action_section": _last_action_section(last, names),
        "fighters_table": render_to_string(
            "duel/_fighters.html", {"fighters": fighter_rows(state, names)}
        ),
    }


def _last_action_section(last: dict | None, names: dict) -> str:
    """The last action's section of the page, shown when the opponent acted it: its actor's
    name, its summary, its replay's link and its lines."""
    if last is None:
        return ""
    return render_to_string(
        "duel/_last_action.html", {"last_action": last, "opponent": names.get(last["player"])}
    )


def _names_key(names: dict[int, str]) -> str:
    """The seats' names as a short part of a cache key: a new name is a new key."""
    text = json.dumps(sorted(names.items()))
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def _waiting_choice(fighter: dict) -> SafeString:
    """A waiting fighter's choices on the turn form (the engine's ``legal`` entry for it)."""
    return mark_safe(  # rendered by our template, which escapes what it shows
        _fighter_choice(
            fighter["fighter"],
            fighter["class"],
            bool(fighter["docked"]),
            fighter["speed"],
            fighter["facing"] if fighter["may_stay"] else None,
            bool(fighter["may_move"]),
            bool(fighter["must_launch"]),
            get_language(),
        )
    )


@lru_cache(maxsize=512)
def _fighter_choice(
    fighter: str,
    fighter_class: str,
    docked: bool,
    speed: int,
    stay_facing: int | None,
    may_move: bool,
    must_launch: bool,
    language: str,
) -> str:
    """One waiting fighter's choices (stay, with its facing options, when ``stay_facing`` is
    given; fly), in ``language`` (the active one): everything it shows is in its arguments, so
    it is rendered once per process for each, its words translated once, not per request. The
    file's final newline is dropped: the form's loop lays the choices out."""
    return render_to_string(
        "duel/_fighter_choice.html",
        {
            "fighter": fighter,
            "name": RULES.class_name(fighter_class),
            "docked": docked,
            "speed": speed,
            "may_stay": stay_facing is not None,
            "facing_options": "" if stay_facing is None else _facing_options(stay_facing, language),
            "may_move": may_move,
            "must_launch": must_launch,
        },
    ).rstrip("\n")


@lru_cache(maxsize=64)
def _facing_options(facing: int, language: str) -> str:
    """A stay's facing options, ``facing`` chosen, in ``language`` (the active one): rendered
    once per process for each facing and language."""
    return render_to_string(
        "duel/_facing_options.html", {"choices": _facing_choices(), "chosen": facing}
    )


def _end(game: Game, state: dict, last: dict | None) -> dict:
    """The end screen: who won and why, and where the whole duel can be replayed."""
    return {
        "winner": game.winner_seat,
        "why": result_words(state.get("result") or ""),
        "result": state.get("result"),
        "first": history.first_action(game),
        "last": last["number"] if last else None,
    }


def _int(text, default: int) -> int:
    try:
        return int(text)
    except (TypeError, ValueError):
        return default


@table.seat_view("duel", gettext_lazy("The duel has not started yet."))
def seat_page(request, page: selectors.PlayerPage):
    """The seat's page. Without picks, while a round is open, the whole page is kept with the
    site's frame (``table.render_kept_table``), its body in the process under everything it is
    drawn from (``_body_key``, which the page's key names too): only the CSRF token is put in
    for the request."""
    offer = duel_db.draw_offer_seat(page.seat.game_id)
    key = _body_key(page, request.GET, offer)
    if key is None:
        context = _context(request, page, request.GET, offer)
        return table.render_table(request, SEAT, context, page)

    def build() -> dict:
        body = kept.bodies.get(key)
        if body is None:
            body = _body(request, page, offer)
            kept.bodies.put(key, body)
        seat = page.seat
        return {
            "game": seat.game,
            "seat": seat,
            "assets": _assets(get_script_prefix()),
            "body": kept.fill(body, token_slots.STAND_IN, _due(page.round, False)),
        }

    return table.render_kept_table(request, SEAT, page, build, more=(key,))


def _body_key(page: selectors.PlayerPage, data, offer: int | None) -> tuple | None:
    """The key of the seat page's kept body: everything the body is drawn from. None when it
    is not kept: with no round open (a finished duel, drawn from its last report) or with a
    request's own picks or questions (``data``: a hex, a click of the turn form, the resign
    confirmation), drawn for that request alone.

    A round's state never changes while it is open, so its id stands for the board, the
    fighters, the last action and the engine's choices; the rest is what may change while it
    is open: the seats' names, the game's status, the seat's own action in, the draw offer,
    whom the round waits for (the table's status line), the deadline's extension (its time is
    a slot), and the viewer's language, time zone and script prefix."""
    rnd = page.round
    if rnd is None or data:
        return None
    game, status = page.seat.game, table.table_status(page)
    orders = page.own_orders
    return (
        rnd.pk,
        rnd.deadline_extended,
        page.seat.number,
        tuple(sorted(page.names.items())),
        (game.pk, game.title, game.status, game.winner_seat),
        None if orders is None else json.dumps(orders, sort_keys=True),
        offer,
        (status.yours, status.sent, tuple(status.waiting_for), status.over),
        get_language(),
        timezone.get_current_timezone_name(),
        get_script_prefix(),
    )


def _body(request, page: selectors.PlayerPage, offer: int | None) -> str:
    """The seat page's body (the table's content, framed by nothing) with stand-ins for the
    request's own parts (``kept.fill``). Rendered without the request: no context
    processor adds anything of the person's."""
    context = _context(request, page, {}, offer, slots=True)
    context["table"] = {"frame": BODY_FRAME, "partial": False, "status": table.table_status(page)}
    return render_to_string(SEAT, context)


# The frame of a kept body: the table's content alone.
BODY_FRAME = "duel/_body_frame.html"


def _due(rnd: Round | None, slot: bool) -> str:
    """The open round's deadline with its countdown (``{% deadline %}``), or its stand-in in a
    kept body (``slot``)."""
    if rnd is None:
        return ""
    return kept.DUE if slot else clock.deadline(rnd.deadline)


@table.preview_view("duel")
def preview(request, page: selectors.PlayerPage):
    """The board and the action form again for the choices so far (an htmx partial)."""
    offer = duel_db.draw_offer_seat(page.seat.game_id)
    context = _context(request, page, request.GET, offer, partial=True)
    return table.render_table(request, SEAT, context, page, partial=True)


def _payload(seat: Seat, data) -> dict:
    """The posted form as the engine's action, unchecked: the engine judges it."""
    kind = data.get("action", "")
    if kind == "asteroid":
        return {"type": "asteroid", "hex": _hex(data.get("hex"))}
    if kind == "fighters":
        ids = [key[4:] for key in data if key.startswith("hex_")]
        return {
            "type": "fighters",
            "placements": [
                {
                    "fighter": fid,
                    "hex": _hex(data.get(f"hex_{fid}")),
                    "facing": _int(data.get(f"facing_{fid}"), -1),
                }
                for fid in ids
            ],
        }
    if kind == "turn":
        try:
            orders, _ = _read_draft(data)
        except UnreadableDraft:
            raise Rejected(gettext("the turn so far could not be read: build it again")) from None
        return {"type": "turn", "orders": orders}
    return {"type": kind}


@table.submit_view(ORDERS_LIMITED)
def submit(request, game_id: int, number: int):
    seat = _own_seat(request, game_id, number)
    try:
        services.orders_submit(seat=seat, user=request.user, payload=_payload(seat, request.POST))
    except Rejected as error:
        messages.error(request, gettext("Not accepted: %(reason)s.") % {"reason": error})
        page = _player_page(request, game_id, number)
        offer = duel_db.draw_offer_seat(game_id)
        context = _context(request, page, request.POST, offer)
        return table.render_table(request, SEAT, context, page, status=400)
    messages.success(request, gettext("Done: your action is in."))
    return redirect("duel:seat", game_id=game_id, number=number)


@login_required
@require_POST
@limits.limit("orders_per_seat", limits.per_seat, ORDERS_LIMITED)
def resign(request, game_id: int, number: int):
    """Resigning needs its confirmation: a post without it asks for it first."""
    seat = _own_seat(request, game_id, number)
    if request.POST.get("confirm") != "yes":
        return redirect(reverse("duel:seat", args=[game_id, number]) + "?resign=confirm#resign")
    try:
        duel_services.duel_resign(game=seat.game, user=request.user)
    except Rejected as error:
        messages.error(request, _not_done(error))
    else:
        messages.success(request, gettext("You resigned: the duel is over."))
    return redirect("duel:seat", game_id=game_id, number=number)


def _not_done(error: Rejected) -> str:
    return gettext("Not done: %(reason)s.") % {"reason": error}


DRAW_ACTIONS: dict[str, tuple[Callable[..., DrawOffer | Round | None], StrOrPromise]] = {
    "offer": (duel_services.draw_offer, gettext_lazy("Your offer of a draw is made.")),
    "accept": (duel_services.draw_accept, gettext_lazy("Agreed: the duel ends in a draw.")),
    "decline": (duel_services.draw_decline, gettext_lazy("You declined the draw.")),
    "withdraw": (duel_services.draw_withdraw, gettext_lazy("You withdrew your offer.")),
}


@login_required
@require_POST
@limits.limit("orders_per_seat", limits.per_seat, ORDERS_LIMITED)
def draw(request, game_id: int, number: int):
    seat = _own_seat(request, game_id, number)
    action, done = DRAW_ACTIONS.get(request.POST.get("do", ""), (None, ""))
    if action is None:
        messages.error(request, gettext("Not done: offer, accept, decline or withdraw a draw."))
        return redirect("duel:seat", game_id=game_id, number=number)
    try:
        result = action(game=seat.game, user=request.user)
    except Rejected as error:
        messages.error(request, _not_done(error))
    else:
        if isinstance(result, Round):  # offering when the opponent had offered: agreed
            done = DRAW_ACTIONS["accept"][1]
        messages.success(request, done)
    return redirect("duel:seat", game_id=game_id, number=number)
