"""The pilot's pages: his board, his status, the order form with its live route preview, and
his radio chatter. Only the seat's owner sees or posts any of it.

Every choice the form offers comes from the engine (``order_form``); a posted form is checked
by the engine again through the services before anything is stored.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import get_script_prefix, reverse
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import limits, selectors, services, table
from games.models import Round, Seat
from games.registry import Rejected

from . import cockpit_words, words
from . import services as dogfight_services
from .names import name_problem
from .plugin import RULES
from .practice import practice_game_create
from .svg import board_svg, legend

SEAT = "dogfight/seat.html"


@lru_cache(maxsize=4096)
def move_fieldsets(
    moves: tuple, *, through_allowed: bool, no_ammunition: bool, language: str
) -> str:
    """The order form's three fieldsets, from the engine's offer and the pilot's picks
    (``moves``: per move its number, offered codes, picked maneuver, kept fire directions,
    the directions that may be ticked, balloon tick and whether it may fire). They depend on nothing else but the language, and the live
    preview redraws them on every pick: rendered once per such key and process."""
    names = words.in_language("MANEUVERS")
    rows = [
        {
            "number": number,
            "maneuver": picked,
            "fire": fired,
            "fire_offered": fire_offered,
            "through": through,
            "can_fire": can_fire,
            "options": [(code, names[code]) for code in offered],
        }
        for number, offered, picked, fired, fire_offered, through, can_fire in moves
    ]
    return render_to_string(
        "dogfight/_move_fieldsets.html",
        {
            "moves": rows,
            "through_allowed": through_allowed,
            "no_ammunition": no_ammunition,
            "fire_labels": list(words.in_language("FIRE_DIRECTIONS").items()),
        },
    )


# Parts of the pilot's page kept by ``kept_part``, per process: a key is the template, the
# language and a digest of all the part reads, so a kept part is never stale; the dictionary
# is emptied when full (the parts of one round's pages are few, and drawn again at once).
_KEPT: dict[tuple[str, str, str], SafeString] = {}
KEPT_PARTS = 1024


def _digest(data: dict) -> str:
    """A short digest of JSON-able data: a key's part that changes when any of it does."""
    text = json.dumps(data, sort_keys=True, default=str)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def kept_part(template: str, context: dict) -> SafeString:
    """``template`` rendered with ``context`` (plain data, all it reads) in the active
    language, kept for that key in this process: the cockpit's status, its planes' table and
    its legend are the same on every view of a round, and rendering their translated words and
    numbers was most of the page's cost. Kept here, not in the shared cache, to spare the
    page a Redis round trip for each part."""
    key = (template, get_language(), _digest(context))
    part = _KEPT.get(key)
    if part is None:
        if len(_KEPT) >= KEPT_PARTS:
            _KEPT.clear()
        part = _KEPT[key] = render_to_string(template, context)
    return part


def _with_kept_parts(context: dict) -> dict:
    """The pilot's page's context with its kept parts (``kept_part``), each from only what
    its template reads."""
    plane, state = context["plane"], context["state"]
    context["status_part"] = kept_part(
        "dogfight/_status.html",
        {
            "removal_pending": context["removal_pending"],
            "plane": plane,
            "out_at": context["out_at"],
            "ammo_capacity": context["ammo_capacity"],
            "repair_cap": context["repair_cap"],
            "bursts_allowed": context["bursts_allowed"],
            "scored": context["game"].scored,
            "pot": state.get("pot"),
            "last_report": context["last_report"],
            "weather": context["weather"],
        },
    )
    context["planes_part"] = kept_part(
        "dogfight/_planes.html",
        {"planes": context["planes"], "own_seat": context["seat"].number},
    )
    context["legend_part"] = kept_part("dogfight/_legend.html", {"legend": context["legend"]})
    if context["can_order"]:
        context["orders_fields"] = kept_part(
            "dogfight/_orders_fields.html",
            {
                "urls": context["urls"],
                "round": {"number": context["round"].number},
                "needs_name": context["needs_name"],
                "pilot_name": context["pilot_name"],
                "own_names": context["own_names"],
                "name_problem": context["name_problem"],
                "move_fieldsets": context["move_fieldsets"],
                "warnings": context["warnings"],
                "bursts_allowed": context["bursts_allowed"],
                "plane": {"ammo": plane["ammo"]},
                "chatter_lines": context["chatter_lines"],
            },
        )
    return context


def _own_seat(request, game_id: int, number: int) -> Seat:
    return selectors.own_seat(request.user, game_id=game_id, number=number, kind="dogfight")


def _player_page(request, game_id: int, number: int) -> selectors.PlayerPage:
    return selectors.player_page(request.user, game_id=game_id, number=number, kind="dogfight")


def _wanted(data) -> tuple[list[str], dict[int, list[str]], set[int]]:
    """The pilot's picks from a form: maneuvers, burst directions and balloon ticks by move."""
    wanted = [data.get(f"m{n}", "") for n in (1, 2, 3)]
    fire = {
        n: list(dict.fromkeys(d for d in data.getlist(f"f{n}") if d in RULES.fire_directions))
        for n in (1, 2, 3)
    }
    through = {n for n in (1, 2, 3) if data.get(f"t{n}")}
    return wanted, fire, through


def _payload(data) -> list[dict]:
    """The posted form as the engine's orders, unchecked: the engine judges them."""
    return [
        {
            "maneuver": data.get(f"m{n}", ""),
            "fire": data.getlist(f"f{n}"),
            "through": bool(data.get(f"t{n}")),
        }
        for n in (1, 2, 3)
    ]


@lru_cache(maxsize=4096)
def _seat_urls(game_id: int, number: int, script_prefix: str) -> dict[str, str]:
    """The links and form targets of a pilot's page, reversed once per seat and process: the
    cockpit is the busiest page, and reversing is a large share of its rendering."""
    seat = [game_id, number]
    return {
        "game": reverse("game", args=[game_id]),
        "seat": reverse("dogfight:seat", args=seat),
        "preview": reverse("dogfight:preview", args=seat),
        "submit": reverse("dogfight:submit", args=seat),
        "chatter": reverse("dogfight:chatter", args=seat),
        "rules": reverse("dogfight:rules"),
    }


def _context(page: selectors.PlayerPage, user, data) -> dict:
    seat, rnd = page.seat, page.round
    game = seat.game
    names = page.names
    state = rnd.state if rnd else selectors.shown_state(game)
    if state is None:  # the callers send a game without a board to its public page first
        raise Http404("The game has no board yet.")
    plane_dict = next(p for p in state["planes"] if p["seat"] == seat.number)
    context = {
        "urls": _seat_urls(game.pk, seat.number, get_script_prefix()),
        "game": game,
        "seat": seat,
        "round": rnd,
        "state": state,
        "plane": plane_dict,
        "colour": words.SEAT_COLOURS[seat.number],
        "names": names,
        "rank_name": words.rank(plane_dict.get("rank", 0)),
        **RULES.rank_figures(plane_dict.get("rank", 0)),
        "bursts_allowed": RULES.bursts_allowed(state, seat.number),
        "removal_pending": rnd is not None and seat.number in rnd.referee_input.get("remove", []),
        "weather": cockpit_words.weather_lines(state),
        "planes": cockpit_words.plane_rows(state, names),
        "legend": legend(),
        "last_report": _last_report(game.pk, state),
    }
    order = page.own_orders
    context["order"] = order
    can_order = (
        rnd is not None
        and order is None
        and plane_dict["status"] != "out"
        and rnd.status == Round.Status.OPEN
    )
    context["can_order"] = can_order
    route = None
    if can_order:
        context.update(_picking(state, seat.number, data))
        route = (seat.number, plane_dict, context["preview_moves"])
    elif order is not None:
        context["submitted"] = [
            {
                **move,
                "name": words.maneuver(move["maneuver"]),
                "fire_words": [(d, words.FIRE_DIRECTIONS.get(d, d)) for d in move.get("fire", [])],
            }
            for move in order["moves"]
        ]
    context["board"] = board_svg(
        state, names, route=route, highlight=seat.number, described_by="planes-list"
    )
    if rnd:
        lines = _chatter_lines(data) if "l1" in data else list(page.own_chatter)
        context["chatter_lines"] = (lines + [""] * services.MAX_CHATTER_LINES)[
            : services.MAX_CHATTER_LINES
        ]
    context["needs_name"] = not seat.name
    context["pilot_name"] = data.get("pilot_name", "")
    context["name_problem"] = (
        _name_problem(context["pilot_name"]) if can_order and not seat.name else None
    )
    context["own_names"] = dogfight_services.names_of(user) if not seat.name else []
    return context


def _picking(state: dict, number: int, data) -> dict:
    """The order form's three moves as the engine offers them after the pilot's picks, and
    the engine's preview of those picks: the route, its burst lines and its warnings."""
    wanted, fire, through = _wanted(data)
    through_allowed = state["settings"].get("balloon_rule") == "through"

    def picked(moves: list[dict]) -> list[dict]:
        return [
            {
                "maneuver": m["maneuver"],
                "fire": m["fire"],
                "through": through_allowed and m["number"] in through,
            }
            for m in moves
        ]

    moves, seen = RULES.order_picks(
        state, number, wanted, [fire.get(n, []) for n in (1, 2, 3)], picked
    )
    fieldsets = move_fieldsets(
        tuple(
            (
                m["number"],
                tuple(m["offered"]),
                m["maneuver"],
                tuple(m["fire"]),
                tuple(m["fire_offered"]),
                m["number"] in through,
                m["can_fire"],
            )
            for m in moves
        ),
        through_allowed=through_allowed,
        no_ammunition=RULES.bursts_allowed(state, number) == 0,
        language=get_language(),
    )
    return {
        "move_fieldsets": fieldsets,
        "preview_moves": seen["moves"],
        "warnings": [cockpit_words.warning(w) for w in seen["warnings"]],
    }


def _name_problem(name: str) -> str | None:
    """What keeps the typed pilot's name from being taken, told before the submit (whether
    another pilot holds it is known only when it is claimed), or None."""
    problem = name_problem(name)
    return None if problem is None else _("Your pilot's name: %(problem)s.") % {"problem": problem}


def _last_report(game_id: int, state: dict) -> dict | None:
    """The last published round (the one before the state's round), one click away."""
    number = state["round"] - 1
    if number < 1:
        return None
    return {"number": number, "url": reverse("round_report", args=[game_id, number])}


def _chatter_lines(data) -> list[str]:
    """Every posted chatter line l1, l2, ... in order (not only the six the form shows): a
    seventh is refused by the service, never silently dropped."""
    numbers = sorted(
        int(key[1:])
        for key in data
        if key[:1] == "l" and key[1:].isascii() and key[1:].isdigit() and len(key) < 6
    )
    return [data.get(f"l{n}", "") for n in numbers]


@table.seat_view("dogfight", gettext_lazy("The game has not started yet."))
def seat_page(request, page: selectors.PlayerPage):
    def build() -> dict:
        return _with_kept_parts(_context(page, request.user, request.GET))

    if request.GET or page.round is None or not page.seat.name:
        # Drawn each time: the form's fields to show, or a read beyond the page's (a finished
        # game's last state, the person's names for a seat without one) that no key names.
        return table.render_table(request, SEAT, build(), page)
    return table.render_kept_table(request, SEAT, page, build)


@table.preview_view("dogfight")
def preview(request, page: selectors.PlayerPage):
    """The order form and the board again, for the picks so far (an htmx partial)."""
    if page.round is None:
        raise PermissionDenied(_("No round is open."))
    if "name_only" in request.GET:  # the pilot's name changed: only its check is drawn again
        problem = None if page.seat.name else _name_problem(request.GET.get("pilot_name", ""))
        return render(request, "dogfight/_name_check.html", {"name_problem": problem})
    return render(request, "dogfight/_preview.html", _context(page, request.user, request.GET))


@table.submit_view(gettext_lazy("Too many orders sent for this seat."))
def submit(request, game_id: int, number: int):
    """Orders and chatter in one submit, in one transaction: a refusal of either stores
    nothing, and keeps everything the pilot typed on the page. The seat, its game and the open
    round are read (and the round locked) in one statement (``services.seat_orders_submit``)."""
    posted = request.POST
    try:
        services.seat_orders_submit(
            user=request.user,
            game_id=game_id,
            number=number,
            kind="dogfight",
            payload={"moves": _payload(posted), "name": posted.get("pilot_name", "")},
            round_number=_form_round(posted),
            chatter=_chatter_lines(posted) if "l1" in posted else None,
        )
    except Rejected as error:
        messages.error(request, _("Your orders were not accepted: %(reason)s.") % {"reason": error})
        page = _player_page(request, game_id, number)
        if (
            page.round is None
            and not page.seat.game.rounds.filter(status=Round.Status.PUBLISHED).exists()
        ):
            return redirect("game", game_id=game_id)  # no board to show the form on yet
        context = _with_kept_parts(_context(page, request.user, posted))
        return table.render_table(request, SEAT, context, page, status=400)
    messages.success(request, _("Your orders are in. They are final: no edit, no withdrawal."))
    return redirect("dogfight:seat", game_id=game_id, number=number)


def _form_round(data) -> int | None:
    """The round the form was opened in (its hidden field); anything but a number counts as
    round 0, which is never open."""
    posted = data.get("round")
    if posted is None:
        return None
    return int(posted) if posted.isascii() and posted.isdigit() and len(posted) < 10 else 0


@login_required
@require_POST
@limits.limit(
    "chatter_per_seat", limits.per_seat, gettext_lazy("Too much chatter sent for this seat.")
)
def save_chatter(request, game_id: int, number: int):
    seat = _own_seat(request, game_id, number)
    lines = _chatter_lines(request.POST)
    try:
        services.chatter_save(seat=seat, user=request.user, lines=lines)
    except Rejected as error:
        messages.error(request, _("Your chatter was not saved: %(reason)s.") % {"reason": error})
    else:
        messages.success(
            request, _("Chatter saved. You can change it until the round is resolved.")
        )
    return redirect("dogfight:seat", game_id=game_id, number=number)


@login_required
@require_POST
@limits.limit(
    "practice_games_per_person",
    limits.per_person,
    gettext_lazy("You have started many practice games in a short time."),
)
def practice(request):
    """A newcomer's first flight: him against five computer pilots, resolved at once."""
    profile = getattr(request.user, "profile", None)
    game = practice_game_create(
        user=request.user, time_zone=profile.time_zone if profile else "Europe/Berlin"
    )
    return redirect("dogfight:seat", game_id=game.pk, number=0)
