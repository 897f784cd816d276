"""A duel player's page: the board as he may see it (``api.view``: never the opponent's sealed
placement), the action that is his to take, resign and draw offers.

The turn form builds a turn step by step, fighter by fighter: each click sends the turn so far
(``draft``, JSON) and one ``do`` (pick a fighter, a step, finish, undo) back; the engine's
``preview`` draws the route and its ``next`` steps are the only buttons offered. Without
JavaScript that is a plain GET of the page; with htmx the wrapper ``#duel-play`` is swapped.
Whatever is posted is checked by the engine again (through the services) before it is stored.
"""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe
from django.views.decorators.vary import vary_on_headers

from games import selectors
from games.models import Game, Round, Seat
from games.registry import Rejected

from . import services as duel_services
from . import svg
from .engine import EngineError, State, legal
from .engine import preview as preview_turn
from .engine.api import view
from .engine.board import DOCKS, TOWARD_ENEMY
from .engine.classes import CLASSES
from .engine.hexgrid import FACINGS
from .engine.state import MISSED_IN_A_ROW_LIMIT, MISSED_TOTAL_LIMIT
from .models import DrawOffer
from .plugin import RULES
from .report import facing_word, fighter_rows, step_word


def _facing_choices() -> list[tuple[int, str]]:
    return [(n, f"{n}: {facing_word(n)}") for n in range(len(FACINGS))]


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
    args = [seat.game_id, seat.number]
    return {name: reverse(f"duel:{name}", args=args)
            for name in ("seat", "preview", "submit", "resign", "draw")}


# --- the turn so far ----------------------------------------------------------------------

def _read_draft(data) -> tuple[list, str]:
    try:
        orders = json.loads(data.get("draft") or "[]")
    except ValueError:
        orders = []
    if not isinstance(orders, list) or not all(isinstance(o, dict) for o in orders):
        orders = []
    return orders, data.get("current", "")


def _apply(orders: list, current: str, do: str, data) -> tuple[list, str]:
    """One click on the turn form: a new (orders, current) — unchecked, the engine judges."""
    orders = [dict(o, steps=list(o.get("steps", []))) if not o.get("stay") else dict(o)
              for o in orders]
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
    elif verb == "step" and current and orders and orders[-1]["fighter"] == current:
        orders[-1]["steps"].append(arg)
    elif verb == "done":
        current = ""
    elif verb == "undo":
        if current and orders and orders[-1].get("steps"):
            orders[-1]["steps"].pop()
        elif current and orders:
            orders.pop()
            current = ""
        elif orders and orders[-1].get("stay"):
            orders.pop()
        elif orders:
            current = orders[-1]["fighter"]
    elif verb == "clear":
        orders, current = [], ""
    return orders, current


def _turn_form(game_state: State, player: int, data) -> dict:
    """The turn form's context: the draft after this click, the engine's preview of it, the
    buttons it offers, or the engine's message if the click was not allowed."""
    orders, current = _read_draft(data)
    new_orders, new_current = _apply(orders, current, data.get("do", ""), data)
    error = None
    try:
        seen = preview_turn(game_state, player, new_orders) if new_orders else None
        if data.get("do") == "done" and seen and seen["next"] and not seen["next"]["may_end"]:
            raise EngineError(_too_short(seen["next"]))
    except EngineError as problem:
        error = str(problem)
        try:
            new_orders, new_current = orders, current
            seen = preview_turn(game_state, player, orders) if orders else None
        except EngineError:
            new_orders, new_current, seen = [], "", None
    options = {f["fighter"]: f for f in legal(game_state, player)["fighters"]}
    ordered = {o["fighter"] for o in new_orders}
    waiting = [{**f, "name": CLASSES[f["class"]].name} for fid, f in options.items()
               if fid not in ordered]
    nxt = seen["next"] if seen and new_current else None
    return {
        "draft": json.dumps(new_orders), "current": new_current, "turn_error": error,
        "draft_orders": [{**o, "words": _order_words(o)} for o in new_orders],
        "step_buttons": [(code, step_word(code)) for code in nxt["steps"]] if nxt else [],
        "may_end": bool(nxt and nxt["may_end"]), "next": nxt,
        "waiting": [] if new_current else waiting,
        "complete": not new_current and not waiting and bool(new_orders),
        "preview": seen, "facing_choices": _facing_choices(),
    }


def _too_short(nxt: dict) -> str:
    """Why a fighter's move may not end yet: it has not flown a speed it may fly."""
    return ngettext("%(fighter)s must fly %(speeds)s hex this turn; it has flown %(ahead)d",
                    "%(fighter)s must fly %(speeds)s hexes this turn; it has flown %(ahead)d",
                    max(nxt["speeds"], default=0)) % {
        "fighter": nxt["fighter"], "speeds": ", ".join(map(str, nxt["speeds"])),
        "ahead": nxt["ahead"]}


def _order_words(order: dict) -> str:
    if order.get("stay"):
        facing = order.get("facing")
        if facing is None:
            return gettext("stays docked")
        return gettext("stays docked, facing %(facing)s") % {"facing": facing_word(facing)}
    return " · ".join(step_word(code) for code in order.get("steps", [])) or "—"


# --- the page -----------------------------------------------------------------------------

def _context(page: selectors.PlayerPage, data) -> dict:
    seat, rnd, names = page.seat, page.round, page.names
    game = seat.game
    player = seat.number
    raw = rnd.state if rnd else selectors.shown_state(game)
    context = {"game": game, "seat": seat, "player": player, "round": rnd, "names": names,
               "urls": _urls(seat), "letter": "AB"[player],
               "colour": svg.PLAYER_COLOUR_NAMES[player]}
    if raw is None:
        return context
    state = view(raw, player)
    order = page.own_orders
    active = (rnd is not None and order is None and game.status == Game.Status.RUNNING
              and player in RULES.active_seats(raw))
    offer = DrawOffer.objects.filter(game=game).first()
    context.update({
        "state": state, "order": order, "active": active, "phase": state["phase"],
        "fighters": fighter_rows(state, names), "offer": offer,
        "offer_mine": offer is not None and offer.seat == player,
        "offer_theirs": offer is not None and offer.seat != player,
        "running": game.status == Game.Status.RUNNING,
        "opponent": names.get(1 - player),
        "missed_mine": bool(state["missed_in_row"][player]),
        "missed_limits": {"in_row": MISSED_IN_A_ROW_LIMIT, "total": MISSED_TOTAL_LIMIT},
        "asteroids_left": state["asteroids_left"][player],
    })
    board = {"highlight": None}
    game_state = State.from_dict(raw)
    if active and state["phase"] == "asteroids":
        hexes = legal(game_state, player)["hexes"]
        chosen = _hex(data.get("hex"))
        context["asteroid_hexes"] = [(f"{c},{r}", f"[{c}, {r}]") for c, r in hexes]
        context["chosen"] = f"{chosen[0]},{chosen[1]}" if chosen in hexes else ""
        urls = context["urls"]
        board.update(choices=hexes, selected=tuple(chosen) if chosen in hexes else None,
                     choice_url=lambda h: (f"{urls['seat']}?hex={h[0]},{h[1]}",
                                           f"{urls['preview']}?hex={h[0]},{h[1]}"))
    elif active and state["phase"] == "fighters":
        mine = [f for f in state["fighters"] if f["player"] == player]
        context["placements"] = [
            {"fighter": f["id"], "name": CLASSES[f["class"]].name,
             "dock": data.get(f"hex_{f['id']}") or "{},{}".format(*DOCKS[player][i]),
             "facing": _int(data.get(f"facing_{f['id']}"), TOWARD_ENEMY[player])}
            for i, f in enumerate(mine)]
        context["docks"] = [(f"{c},{r}", f"[{c}, {r}]") for c, r in DOCKS[player]]
        context["facing_choices"] = _facing_choices()
    elif active and state["phase"] == "play":
        context.update(_turn_form(game_state, player, data))
        board["preview"] = context["preview"]
    elif order is not None and order.get("type") == "fighters":
        context["sealed_mine"] = order["placements"]  # his own: he may see it
    context["board"] = svg.board_svg(state, **board)
    return context


def _int(text, default: int) -> int:
    try:
        return int(text)
    except (TypeError, ValueError):
        return default


# The player's pages show his sealed placement and turn: never kept by a browser or a proxy.
@never_cache
@login_required
@require_safe
def seat_page(request, game_id: int, number: int):
    page = _player_page(request, game_id, number)
    if page.seat.game.status == Game.Status.OPEN:
        messages.info(request, gettext("The duel has not started yet."))
        return redirect("game", game_id=game_id)
    return render(request, "duel/seat.html", _context(page, request.GET))


@never_cache
@vary_on_headers("HX-Request")  # a fragment for htmx, a redirect to the page without
@login_required
@require_safe
def preview(request, game_id: int, number: int):
    """The board and the action form again for the choices so far (an htmx partial)."""
    page = _player_page(request, game_id, number)
    if not request.htmx:
        return redirect(reverse("duel:seat", args=[game_id, number]) + "?"
                        + request.GET.urlencode())
    return render(request, "duel/_play.html", _context(page, request.GET))


def _payload(seat: Seat, data) -> dict:
    """The posted form as the engine's action, unchecked: the engine judges it."""
    kind = data.get("action", "")
    if kind == "asteroid":
        return {"type": "asteroid", "hex": _hex(data.get("hex"))}
    if kind == "fighters":
        ids = [key[4:] for key in data if key.startswith("hex_")]
        return {"type": "fighters", "placements": [
            {"fighter": fid, "hex": _hex(data.get(f"hex_{fid}")),
             "facing": _int(data.get(f"facing_{fid}"), -1)} for fid in ids]}
    if kind == "turn":
        orders, _ = _read_draft(data)
        return {"type": "turn", "orders": orders}
    return {"type": kind}


@never_cache
@login_required
@require_POST
def submit(request, game_id: int, number: int):
    seat = _own_seat(request, game_id, number)
    try:
        duel_services.duel_act(seat=seat, user=request.user, payload=_payload(seat, request.POST))
    except Rejected as error:
        messages.error(request, gettext("Not accepted: %(reason)s.") % {"reason": error})
        page = _player_page(request, game_id, number)
        return render(request, "duel/seat.html", _context(page, request.POST), status=400)
    messages.success(request, gettext("Done: your action is in."))
    return redirect("duel:seat", game_id=game_id, number=number)


@login_required
@require_POST
def resign(request, game_id: int, number: int):
    seat = _own_seat(request, game_id, number)
    try:
        duel_services.duel_resign(game=seat.game, user=request.user)
    except Rejected as error:
        messages.error(request, _not_done(error))
    else:
        messages.success(request, gettext("You resigned: the duel is over."))
    return redirect("duel:seat", game_id=game_id, number=number)


def _not_done(error: Rejected) -> str:
    return gettext("Not done: %(reason)s.") % {"reason": error}


DRAW_ACTIONS = {
    "offer": (duel_services.draw_offer, _lazy("Your offer of a draw is made.")),
    "accept": (duel_services.draw_accept, _lazy("Agreed: the duel ends in a draw.")),
    "decline": (duel_services.draw_decline, _lazy("You declined the draw.")),
    "withdraw": (duel_services.draw_withdraw, _lazy("You withdrew your offer.")),
}


@login_required
@require_POST
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
