"""A pilot's pages: the order form (the course, the jet on turn with its two handles, the number
fields, snaps, lift, boost and equipment, and the engine's live preview) and the draft.

The order form is one form. Its fields alone are a complete order: without JavaScript, "Show
the preview" and the snaps post it back and the page comes again with the engine's preview;
"Send the turn" stores it. With JavaScript the handles set the number fields, and every change
asks ``preview`` (htmx GET) for the form and board again. Whatever is sent is judged once, by
the platform's submit (the engine plays it on a copy), before anything is stored.
"""

from __future__ import annotations

import hashlib
import math
import secrets
from collections.abc import Callable
from functools import lru_cache
from typing import Any

import orjson
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpResponse, QueryDict
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import get_script_prefix, reverse
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext, gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from games import limits, selectors, services, table, token_slots
from games.kept import InProcess, here_or_shared
from games.models import Game, Round, Seat
from games.registry import Rejected
from games.templatetags import clock

from . import report, rules_page, svg, words
from .plugin import RULES

TARGETED = {k.id for k in RULES.kinds.values() if k.projector} | {"abstauber"}
SNAPS = ("straight", "left", "right", "aim")
INNER = "inner_"  # the prefix of the Überhirn's fields for its victim's projector use
RAM_CHIP_SLOTS = (1, 2, 3)  # a rammed buoy's damage chips, each on a card the pilot picks
CHIP_SLOTS = (1, 2, 3)  # a Kupferwurm's damage chips, each on a card of the victim's he picks
ORDERS_LIMITED = gettext_lazy("Too many turns sent for this seat.")
SEAT = "racing/seat.html"
SEAT_PAGE = "racing/seat_page.html"
ORDER = "racing/_order.html"
EQUIPMENT = "racing/_equipment.html"
STANDINGS = "racing/_standings.html"
LEGEND = "racing/_legend.html"
# A kept part lives a quarter of an hour: the cache's Redis is the broker's too and never
# evicts, so entries bound themselves (a page's parts are some 10-30 KB).
KEPT_SECONDS = 15 * 60
# Parts and pages kept in this process (``_kept``, ``_kept_here``), to spare a request the
# cache's round trip: each key names everything its part shows, so a kept part is never
# stale; when a store is full its oldest entries go (drawn again, or read from the cache, when
# asked for). A seat page's body is some 10-60 KB.
_PARTS = InProcess(256)  # the standings and equipment fieldsets, also in the cache
_BODIES = InProcess(256)  # seat pages without fields, one per seat and state
_PREVIEWS = InProcess(64)  # the last previews, whoever asked them
# Where a drawn body shows the deadline's countdown, which changes by the minute: each answer
# puts the request's own in (``_answer``), as it does its CSRF token (``games.token_slots``).
DEADLINE_SLOT = secrets.token_hex(16)


def _player_page(request, game_id: int, number: int) -> selectors.PlayerPage:
    return selectors.player_page(request.user, game_id=game_id, number=number, kind="racing")


def _urls(seat: Seat) -> dict:
    return _seat_urls(seat.game_id, seat.number, get_script_prefix())


@lru_cache(maxsize=4096)
def _seat_urls(game_id: int, number: int, script_prefix: str) -> dict[str, str]:
    """The links and form targets of a seat's pages, reversed once per seat and process:
    reversing was a tenth of the page kept whole."""
    args = [game_id, number]
    return {
        "game": reverse("game", args=[game_id]),
        "rules": reverse("racing:rules"),
        **{
            name: reverse(f"racing:{name}", args=args)
            for name in ("seat", "preview", "submit", "draft")
        },
    }


@lru_cache(maxsize=16)
def _legend(language: str | None) -> str:
    """The board's legend in ``language`` (the active one), drawn once per process: it shows
    nothing but words."""
    return render_to_string(LEGEND)


def _number(text, default: float = 0.0) -> float:
    try:
        value = float(str(text).replace(",", "."))
    except (TypeError, ValueError):
        return default
    return value if math.isfinite(value) and abs(value) < 1e6 else default


def _int(text, default=None):
    try:
        return int(str(text))
    except (TypeError, ValueError):
        return default


class NotANumber(Exception):
    """A field of the order form that must hold a number holds something else (blank, "nan",
    "1e999", words): the order is refused, never flown with a default in its place."""

    def __init__(self, field: str) -> None:
        super().__init__(field)
        self.field = field

    def words(self) -> str:
        name = FIELD_WORDS.get(self.field)
        if name is None:
            return gettext("the field “%(field)s” must hold a number") % {"field": self.field}
        return gettext("%(field)s must be a number") % {"field": name}


FIELD_WORDS = {
    "h1": gettext_lazy("the first hinge"),
    "h2": gettext_lazy("the second hinge"),
    "lift": gettext_lazy("the lift"),
    "slips": gettext_lazy("the slips' hinges"),
    "hyper_h1": gettext_lazy("the Hyper Booster's first hinge"),
    "hyper_h2": gettext_lazy("the Hyper Booster's second hinge"),
}


def _field_number(data, name: str, default: float = 0.0) -> float:
    """The form's number ``name``: ``default`` when the field is not sent at all, else a finite
    number (a hinge is never far from zero: the bound keeps the engine's arithmetic exact);
    blank or anything else is refused."""
    if name not in data:
        return default
    value = _number(data.get(name), math.nan)
    if math.isnan(value):
        raise NotANumber(name)
    return value


def _field_int(data, name: str, default: int) -> int:
    """The form's whole number ``name``, ``default`` when not sent; anything else is refused."""
    if name not in data:
        return default
    value = _int(str(data.get(name)).strip())
    if value is None:
        raise NotANumber(name)
    return value


def _pairs(text: str, name: str = "slips") -> list[list[float]]:
    """ "h1 h2; h1 h2" as slips' hinges (``name``: the field, for a refusal)."""
    pairs = []
    for chunk in (text or "").split(";"):
        values = chunk.replace(",", " ").split()
        if values:
            numbers = [_number(v, math.nan) for v in values[:2]]
            if any(math.isnan(v) for v in numbers):
                raise NotANumber(name)
            pairs.append(numbers + [0.0] * (2 - len(numbers)))
    return pairs


# --- the order from the form --------------------------------------------------------------


def _use(card: dict, data) -> dict | None:
    """One equipment card's use as the form gives it (unchecked: the engine judges)."""
    cid, kind = card["card"], card["kind"]
    phase = data.get(f"use_{cid}", "")
    if phase not in ("before", "after"):
        return None
    use = {"card": cid}
    if kind in TARGETED:
        use["target"] = data.get(f"target_{cid}", "")
    use.update(_own_fields(kind, data, cid))
    return {"phase": phase, "use": use}


def _own_fields(kind: str, data, cid, prefix: str = "") -> dict:
    """A use's own fields for its kind (``RULES.use_fields``), read from the form's fields
    ``<prefix><field>_<card id>``; the Überhirn's victim's use is read with ``INNER``."""

    def raw(name: str) -> str:
        return data.get(f"{prefix}{name}_{cid}", "")

    def number(name: str) -> float:
        return _field_number(data, f"{prefix}{name}_{cid}")

    def whole(name: str) -> int:
        return _field_int(data, f"{prefix}{name}_{cid}", 0)

    fields: dict[str, Any] = {}
    for field in RULES.use_fields.get(kind, ()):
        value = raw(field)
        if field in ("side", "direction", "mode") and value:
            fields[field] = value
        elif field in ("lift", "gate", "pivot"):
            fields[field] = whole(field)
        elif field == "angle":
            fields[field] = number(field)
        elif field == "hinge":
            fields[field] = [number("hinge1"), number("hinge2")]
        elif field == "chips":
            chips = [_int(raw(f"chip{n}")) for n in CHIP_SLOTS]
            if any(chip is not None for chip in chips):  # the rest: the engine's default placement
                fields[field] = [chip for chip in chips if chip is not None]
        elif field == "slips" and value:
            fields[field] = _pairs(value, f"{prefix}slips_{cid}")
        elif field == "flight" and raw("flight_change"):  # on the form in round mode only
            fields[field] = {
                "change": whole("flight_change"),
                "hinge": [number("flight_hinge1"), number("flight_hinge2")],
            }
        elif field == "use" and not prefix:  # an inner use has none: no Überhirn in an Überhirn
            fields[field] = _inner_use(data, cid)
    return fields


def _inner_use(data, cid) -> dict:
    """The Überhirn's victim's projector use: its kind, fired at whom, and that kind's own
    fields (``inner_direction_<card>``, ``inner_chips_<card>``, ``inner_hinge1_<card>`` ...)."""
    kind = data.get(f"{INNER}card_{cid}", "")
    return {
        "card": kind,
        "target": data.get(f"{INNER}target_{cid}", ""),
        **_own_fields(kind, data, cid, INNER),
    }


def _station(data) -> dict:
    """A visit to the cracks' equipment station: cards given back, kinds taken."""
    returned = [
        int(key[7:])
        for key in data
        if key.startswith("return_")
        and key[7:].isascii()
        and key[7:].isdigit()
        and len(key) < 16
        and data.get(key)
    ]
    taken = [
        kind
        for kind in RULES.kinds
        for _ in range(max(0, min(7, _int(data.get(f"take_{kind}"), 0))))
    ]
    order = {"station": {"return": sorted(returned), "take": taken}}
    remove = _int(data.get("remove_chip"))
    if remove is not None:
        order["remove_chip"] = remove
    return order


def order_from_form(data, options: dict) -> dict:
    """The engine's order from the form's fields, read against ``options``: the lifts open
    (the first when none is given) and the equipment cards of the jet on turn (the engine's
    ``legal`` answer, or ``RacingRules.form_cards``); ``NotANumber`` when a number field of
    the flight holds something else."""
    if data.get("stand"):
        return {"miss": True}
    if data.get("station"):
        return _station(data)
    order: dict[str, Any] = {
        "lift": _field_int(data, "lift", options["lifts"][0] if options["lifts"] else 1),
        "hinge": [_field_number(data, "h1"), _field_number(data, "h2")],
        "slips": _pairs(data.get("slips", "")),
        "before": [],
        "after": [],
    }
    boost = data.get("boost", "")
    if boost:
        order["boost"] = boost
        implied = _lifts_offered({"lifts": [], "equipment": options["equipment"]}, boost)
        if implied and order["lift"] not in implied:  # the boost sets the lift it opens
            order["lift"] = implied[0]
        if boost == "hyper_booster":
            order["hyper"] = {
                "hinge": [_field_number(data, "hyper_h1"), _field_number(data, "hyper_h2")],
                "slips": [],
            }
    for card in options["equipment"]:
        chosen = _use(card, data)
        if chosen:
            order[chosen["phase"]].append(chosen["use"])
    chips = [_int(data.get(f"ram_chip_{n}")) for n in RAM_CHIP_SLOTS]
    if any(chip is not None for chip in chips):  # the rest: the engine's default placement
        order["ram_chips"] = [chip for chip in chips if chip is not None]
    remove = _int(data.get("remove_chip"))
    if remove is not None:
        order["remove_chip"] = remove
    return order


def _reach(options: dict, lift: int, boost: str) -> dict | None:
    for entry in options["reach"]:
        if entry["lift"] == lift and (entry["boost"] or "") == boost:
            limit = options["hinge_limits"][str(entry["flight_lift"])]
            return {**entry, "limit": limit}
    return None


def _snap(snap: str, jet: dict, reach: dict, next_gate: dict) -> tuple[float, float]:
    """The hinges of a snap: straight, full left, full right, or aimed at the next gate's
    centre (as far as the hinge limit allows), from the engine's legal answer."""
    limit = reach["limit"]
    if snap == "left":
        return limit, limit
    if snap == "right":
        return -limit, -limit
    if snap != "aim":
        return 0.0, 0.0
    return RULES.aimed_hinges(jet, reach, next_gate)


def _refusal(state: dict, order: dict) -> str:
    """Why the engine refuses ``order``, in words: the error its preview reports is the one
    playing the turn raises (the preview is that very turn)."""
    return RULES.refusal_of(state, order)


def _preview_facts(
    preview: dict | None, jet_id: str, names: dict[int, str], state: dict, order: dict
) -> dict:
    """What the form shows of the engine's preview of ``order`` on ``state``: the flown path,
    the landing spot, slips, the start, gates and refuels, rams, equipment used, energy left,
    or the engine's error. The summary and the lines are made from the same events."""
    if preview is None:
        return {"path": [], "landing": None}
    if "error" in preview:
        return {"path": [], "landing": None, "error": _refusal(state, order)}
    events = preview["events"]
    mine = [e for e in events if e.get("jet") == jet_id]
    flights = [e for e in mine if e["type"] == "moved"]
    after = next(j for j in preview["state"]["jets"] if j["id"] == jet_id)
    return {
        "path": [seg for e in flights for seg in e["path"]],
        "landing": (after["x"], after["y"], after["heading"]),
        "slips": [e for e in mine if e["type"] == "slip"],
        "started": any(e["type"] == "started" for e in mine),
        "gates": [e["gate"] for e in mine if e["type"] == "gate"],
        "refuelled": [e for e in mine if e["type"] == "refuelled"],
        "rammed": [e["gate"] for e in mine if e["type"] == "rammed"],
        "energy": after["energy"],
        "lift": after["lift"],
        "lines": report.describe(events[1:], names),
    }


DIGESTED = orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS


def _digest(*parts) -> str:
    """A short digest of JSON-able parts: a cache key's part that changes when any part does
    (orjson: the state is written out on every request, some ten times faster than by json)."""
    text = orjson.dumps(parts, option=DIGESTED, default=str)
    return hashlib.blake2b(text, digest_size=16).hexdigest()


def _equipment_key(state_key: str, seat: int, options: dict, data) -> str:
    """The equipment fieldset's cache key (with the language, in seat.html): the round's state
    and the names (``state_key``), the seat, and the form's fields of the jet's cards. Every
    field the fieldset reads ends in ``_<card>`` (``_card_choices``), so the other fields (the
    hinges a drag changes, the lift) leave it as it is."""
    endings = tuple(f"_{card['card']}" for card in options["equipment"])
    fields = sorted((k, v) for k, v in data.items() if endings and k.endswith(endings))
    return _digest(state_key, seat, fields)


def _order_form(raw: dict, seat: int, data, names: dict[int, str], state_key: str) -> dict:
    state = RULES.ordering_state(raw, seat)
    options = RULES.options(state)
    jet = next(j for j in state["jets"] if j["id"] == options["jet"])
    boost = data.get("boost", "")
    lifts = _lifts_offered(options, boost)
    lift = _int(data.get("lift"))
    if lift not in lifts:  # a boost chosen sets the lift it opens
        lift = jet["lift"] if jet["lift"] in lifts and not boost else lifts[0] if lifts else 1
    reach = _reach(options, lift, boost) or _reach(options, lift, "")
    values = {key: data.get(key, "") for key in ("h1", "h2", "slips", "hyper_h1", "hyper_h2")}
    form_data = {**{k: v for k, v in data.items()}, "lift": str(lift)}
    snap = data.get("snap", "")
    if snap in SNAPS and reach:
        values["h1"], values["h2"] = (
            f"{h:g}" for h in _snap(snap, jet, reach, options["next_gate"])
        )
        form_data.update(h1=values["h1"], h2=values["h2"])
    order: dict[str, Any] | None = None
    facts: dict[str, Any]
    try:
        order = order_from_form(form_data, options)
    except NotANumber as garbage:
        facts = {"path": [], "landing": None, "error": garbage.words()}
    else:
        preview = RULES.options(state, order)["preview"]
        facts = _preview_facts(preview, jet["id"], names, state, order)
    hinge = (_number(values["h1"]), _number(values["h2"]))
    others = [
        {"id": j["id"], "name": report.jet_label(j["id"], names)}
        for j in state["jets"]
        if j["id"] != jet["id"] and j["status"] == "racing"
    ]
    sealed = state["turn_order"] == "race"
    victims = {j["id"]: j for j in state["jets"]}
    equipment = [_card_choices(e, data, sealed, victims, others) for e in options["equipment"]]
    layer = {
        "jet": jet,
        "reach": reach,
        "hinge": hinge,
        "path": facts["path"],
        "landing": facts["landing"],
        "projector": options["projector"],
        "reaches": [
            {
                "lift": e["lift"],
                "boost": e["boost"] or "",
                "radius": e["radius"],
                "limit": options["hinge_limits"][str(e["flight_lift"])],
            }
            for e in options["reach"]
        ],
    }
    return {
        "options": options,
        "jet": jet,
        "lift": lift,
        "lifts": lifts,
        "boost": boost,
        "limit": reach["limit"] if reach else 0,
        "values": values,
        "order": order,
        "facts": facts,
        "others": others,
        "other_choices": [(o["id"], o["name"]) for o in others],
        "boosts": [e for e in equipment if "flight" in RULES.kinds[e["kind"]].phases],
        "equipment": [e for e in equipment if "flight" not in RULES.kinds[e["kind"]].phases],
        "chipped": [e for e in equipment if e["chips"]],
        "cards": equipment,
        "equipment_key": _equipment_key(state_key, seat, options, data),
        "ram_chips": [{"slot": n, "value": data.get(f"ram_chip_{n}", "")} for n in RAM_CHIP_SLOTS],
        "snaps": [(value, words.SNAP_WORDS[value]) for value in SNAPS],
        "station": _station_choices(state, jet, data) if options["station"] else None,
        "has_hyper": any(e["kind"] == "hyper_booster" for e in equipment),
        "stand": bool(data.get("stand")),
        "controlled_jet": report.jet_label(jet["id"], names) if jet["seat"] != seat else None,
        "board": svg.course_svg(state, names, form=layer),
    }


def _lifts_offered(options: dict, boost: str) -> list[int]:
    """The lifts the form offers, from the engine's ``legal`` answer: with a boost chosen the
    lifts it opens (the Booster's lift + 2, say), else the jet's open lifts. A boost that
    opens none (not usable now) leaves the open lifts, and the preview says why not."""
    for entry in options["equipment"]:
        if entry["kind"] == boost and entry.get("lifts"):
            return list(entry["lifts"])
    return list(options["lifts"])


def _card_choices(card: dict, data, sealed: bool, jets: dict[str, dict], others: list) -> dict:
    """An equipment card on the form: the engine's ``legal`` entry, its words, and what the
    form holds for it (``values``: its fields' names without the ``_<card>`` ending).
    ``sealed``: round mode, where a Traumatorpedo carries its victim's flight. ``jets`` by
    id and ``others`` (the jets it may aim at) give a Kupferwurm's victim's cards."""
    kind, ending = card["kind"], f"_{card['card']}"
    fields = _form_fields(kind, sealed)
    values = {k[: -len(ending)]: v for k, v in data.items() if k.endswith(ending)}
    target = values.get("target") if values.get("target") in jets else None
    inner = _inner_choices(values, sealed, jets, others, card["card"]) if "use" in fields else []
    return {
        **card,
        "name": words.kind_name(kind),
        "why_words": words.why_word(card["why"]),
        "phase_choices": [(p, words.phase_words(p)) for p in card["phases"] if p != "flight"],
        "targeted": kind in TARGETED,
        "fields": [f for f in fields if f != "use"],
        "chosen": data.get(f"use{ending}", ""),
        "values": values,
        "chip_choices": _chip_choices(jets, target or _first(others), values, card["card"], "")
        if "chips" in fields
        else [],
        "inner": inner,
        "inner_choices": [(k["kind"], k["name"]) for k in inner],
    }


def _first(others: list[dict]) -> str | None:
    """The jet a target's select shows first when the form holds none."""
    return others[0]["id"] if others else None


def _chip_choices(
    jets: dict[str, dict], victim: str | None, values: dict, card: int, prefix: str
) -> list[dict]:
    """A Kupferwurm's three damage chips, each a select of the victim's cards by name (the
    cards the engine takes: those the victim holds, by its state), or the engine's default
    placement (the card with the fewest chips): each a list of (card id, words) and the card
    chosen. ``values`` holds what the form chose."""
    held = jets[victim]["equipment"] if victim in jets else []
    cards = [(c["id"], words.card_words(c["kind"], c["chips"])) for c in held]
    return [
        {
            "slot": slot,
            "id": f"{prefix}chip{slot}_{card}",
            "cards": cards,
            "chosen": values.get(f"{prefix}chip{slot}", ""),
        }
        for slot in CHIP_SLOTS
    ]


def _form_fields(kind: str, sealed: bool) -> tuple[str, ...]:
    """The kind's own fields on the form: the engine's, less a Traumatorpedo's sealed flight
    in turn mode (where its shooter orders the victim's turn when it comes)."""
    return tuple(f for f in RULES.use_fields.get(kind, ()) if sealed or f != "flight")


def _inner_choices(
    values: dict, sealed: bool, jets: dict[str, dict], others: list, card: int
) -> list[dict]:
    """The projectors an Überhirn may make its victim fire, each with its own fields and what
    the form holds for them (``inner_<field>``). No two of them share a field's name, so each
    field is on the form once. A Kupferwurm's chips go on the cards of the jet it is fired at
    (``inner_target``)."""
    inner = {k[len(INNER) :]: v for k, v in values.items() if k.startswith(INNER)}
    target = inner.get("target") if inner.get("target") in jets else _first(others)
    return [
        {
            "kind": k.id,
            "name": words.kind_name(k.id),
            "fields": _form_fields(k.id, sealed),
            "values": inner,
            "chip_choices": _chip_choices(jets, target, values, card, INNER)
            if "chips" in RULES.use_fields.get(k.id, ())
            else [],
        }
        for k in RULES.kinds.values()
        if k.projector and k.id != "uberhirn"
    ]


def _station_choices(state: dict, jet: dict, data) -> dict:
    supply: dict[str, int] = {}
    for card in state["supply"]:
        supply[card["kind"]] = supply.get(card["kind"], 0) + 1
    return {
        "chosen": bool(data.get("station")),
        "cards": [
            {
                "id": c["id"],
                "name": words.kind_name(c["kind"]),
                "checked": bool(data.get(f"return_{c['id']}")),
            }
            for c in jet["equipment"]
        ],
        "supply": [
            {
                "kind": kind,
                "name": words.kind_name(kind),
                "count": count,
                "value": data.get(f"take_{kind}", "0"),
            }
            for kind, count in supply.items()
        ],
    }


# --- the pages ----------------------------------------------------------------------------


def _facts(page: selectors.PlayerPage) -> dict:
    """What the seat's pages show around their drawn parts: the game, the seat, the round and
    its state, and the few facts read from them (whether the seat orders now, its turn sent,
    who controls a knocked-out pilot's jet)."""
    seat, rnd, names = page.seat, page.round, page.names
    game = seat.game
    raw = rnd.state if rnd else selectors.shown_state(game)
    context: dict[str, Any] = {
        "game": game,
        "seat": seat,
        "round": rnd,
        "names": names,
        "urls": _urls(seat),
        "colour": words.jet_colour(seat.number),
        "colour_name": words.jet_name(words.JET_IDS[seat.number]),
        "running": game.status == Game.Status.RUNNING,
        "legend": _legend(get_language()),
    }
    if raw is None:
        return context
    active = (
        rnd is not None
        and page.own_orders is None
        and context["running"]
        and seat.number in RULES.active_seats(raw)
    )
    own = next((j for j in raw["jets"] if j["seat"] == seat.number), None)
    context.update(
        state=raw,
        active=active,
        ordering=active and raw["phase"] == "race",
        sent=page.own_orders,
        knocked_out_by=report.jet_label(own["controller"], names)
        if own and own["controller"] and own["controller"] != own["id"]
        else None,
    )
    return context


def _context(page: selectors.PlayerPage, data) -> dict:
    """The seat's facts with what is drawn from them for the form's fields ``data``: whose
    turn it is in words, and the order form with its board (the engine's options and preview)
    or the board alone."""
    context = _facts(page)
    raw, names = context.get("state"), page.names
    if raw is None:
        return context
    state_key = _digest(raw, names)  # the standings' and the equipment's keys start from it
    context.update(state_key=state_key, on_turn=report.on_turn_words(raw, names))
    if context["ordering"]:
        context.update(_order_form(raw, page.seat.number, data, names, state_key))
    else:
        context["board"] = svg.course_svg(raw, names)
    return context


def _kept(name: str, key: str, draw: Callable[[], Any]) -> Any:
    """What ``draw`` gives, kept under ``name``, ``key`` (a digest of everything it shows) and
    the active language: in this process (``_PARTS``) and in the cache of what the code made
    (``games.kept``: under the release, so a deploy never serves the code before it) for
    ``KEPT_SECONDS``, where another process finds it. Only parts without a stand-in
    (``games.token_slots``, ``DEADLINE_SLOT``: drawn at random for each process) may go to the
    cache; ``_kept_here`` keeps the others."""
    return here_or_shared(_PARTS, f"racing:{name}:{get_language()}:{key}", draw, KEPT_SECONDS)


def _kept_here(store: InProcess, key: str, draw: Callable[[], Any]) -> Any:
    """What ``draw`` gives, kept in ``store`` (of this process) under ``key`` and the active
    language."""
    return store.get_or_draw(f"{get_language()}:{key}", draw)


@receiver(setting_changed, dispatch_uid="racing-kept-settings")
def _forget_kept(**kwargs) -> None:
    """A changed setting (a test's templates, formats, cache) may change every drawing."""
    for store in (_PARTS, _BODIES, _PREVIEWS):
        store.clear()


def _parts(page: selectors.PlayerPage, data) -> dict:
    """The seat page's drawn parts for the form's fields ``data``: whose turn it is in words,
    the board, the standings and, while the seat orders, the order form with a stand-in for
    the CSRF token (``games.token_slots``). The standings are kept for the state and the
    names; the equipment fieldset for them, the seat and the fields of the jet's cards
    (``_equipment_key``), so that a drag's hinges leave both as they are."""
    context = _context(page, data)
    raw, names = context["state"], page.names
    parts = {
        "on_turn": context["on_turn"],
        "board": context["board"],
        "standings_table": _kept(
            "standings",
            context["state_key"],
            lambda: render_to_string(STANDINGS, {"standings": report.standings(raw, names)}),
        ),
    }
    if context["ordering"]:
        context["equipment_fieldset"] = (
            _kept(
                "equipment", context["equipment_key"], lambda: render_to_string(EQUIPMENT, context)
            )
            if context["equipment"]
            else ""
        )
        parts["order_form"] = token_slots.without_token(ORDER, context)
    return parts


def _body(
    page: selectors.PlayerPage, facts: dict, data, partial: bool, keep: bool = True
) -> SafeString:
    """The seat page's content (seat.html in the table's part frame: the heading unless
    ``partial``, the status line, the board, the panel, the standings) for the form's fields
    ``data``, with stand-ins for the request's CSRF token and the deadline's countdown
    (``_answer`` puts them in). It shows only the state, the names, the game, the seat, the
    round, whether the seat orders or has sent its turn, the status line's facts, the fields
    and the language, so with ``keep`` it is kept in this process under all of them: the
    page as the round shows it first (the pilot's first look, a reload, a live page drawn
    again) in ``_BODIES``, a page with fields (a preview, a snap) among the last few previews
    (``_PREVIEWS``: a drag's release asks again for the hinges its last preview showed).
    ``facts``: the seat's (``_facts``)."""
    status = table.table_status(page)
    shown = {
        **facts,
        "deadline": DEADLINE_SLOT,
        "table": {"frame": table.PART_FRAME, "partial": partial, "status": status},
    }
    if "state" not in facts:
        return token_slots.without_token(SEAT, shown)

    def draw() -> SafeString:
        return token_slots.without_token(SEAT, {**shown, **_parts(page, data)})

    if not keep:
        return draw()
    game, seat, rnd = page.seat.game, page.seat, page.round
    fields = _fields(data)
    key = _digest(
        facts["state"],
        page.names,
        [game.pk, game.title, game.status, seat.number, str(seat), partial],
        [rnd.number, rnd.deadline_extended] if rnd else None,
        [facts["active"], facts["sent"] is not None, status],
        get_script_prefix(),
        fields,
    )
    if fields:
        return _kept_here(_PREVIEWS, key, draw)
    return _kept_here(_BODIES, key, draw)


def _answer(
    request,
    page: selectors.PlayerPage,
    data,
    *,
    facts: dict | None = None,
    partial: bool = False,
    status: int = 200,
) -> HttpResponse:
    """The seat page (or its htmx part) for the form's fields ``data``: its body with this
    request's CSRF token and the deadline's countdown put in, in the site's frame; the page
    without fields while a round is open, kept whole (``_kept_page``). A refused turn's page
    (``status`` 400, with what was typed) is drawn, never kept."""
    facts = _facts(page) if facts is None else facts
    if status == 200 and not partial and page.round is not None and not _fields(data):
        return _kept_page(request, page, facts, page.round)
    token = get_token(request)  # one for all the page's forms, the frame's too
    body = token_slots.with_token(_body(page, facts, data, partial, keep=status == 200), token)
    if page.round is not None:
        body = SafeString(body.replace(DEADLINE_SLOT, clock.deadline(page.round.deadline)))
    context = {"game": page.seat.game, "seat": page.seat, "body": body, "csrf_token": token}
    return table.render_table(request, SEAT_PAGE, context, page, partial=partial, status=status)


def _fields(data) -> list[tuple[str, list[str]]]:
    """The form's fields in ``data`` that change what the page shows (all but the token)."""
    return sorted((k, v) for k, v in data.lists() if k != "csrfmiddlewaretoken")


def _kept_page(request, page: selectors.PlayerPage, facts: dict, rnd: Round) -> HttpResponse:
    """The seat page without fields while the round ``rnd`` is open, kept whole with the site's
    frame (``table.render_kept_table``): it shows nothing but what the page's read holds, and
    the deadline in the viewer's zone with its countdown's words, which the page's key names."""

    def build() -> dict:
        body = _body(page, facts, QueryDict(), False, keep=True)
        due = clock.deadline(rnd.deadline)
        body = SafeString(body.replace(DEADLINE_SLOT, due))  # the tag escaped its words
        return {"game": page.seat.game, "seat": page.seat, "body": body}

    return table.render_kept_table(request, SEAT_PAGE, page, build)


@table.seat_view("racing", gettext_lazy("The race has not started yet."))
def seat_page(request, page: selectors.PlayerPage):
    facts = _facts(page)
    if facts.get("state", {}).get("phase") == "draft":
        return redirect("racing:draft", game_id=page.seat.game_id, number=page.seat.number)
    return _answer(request, page, request.GET, facts=facts)


@table.preview_view("racing")
def preview(request, page: selectors.PlayerPage):
    """The form, the board and the engine's preview again for the fields so far (htmx)."""
    return _answer(request, page, request.GET, partial=True)


@table.submit_view(ORDERS_LIMITED)
def submit(request, game_id: int, number: int):
    """Send the turn; with "preview" or a snap, only show it again (the form without
    JavaScript). A refused order stores nothing and the form keeps what was typed."""
    page = _player_page(request, game_id, number)
    data = request.POST
    if data.get("preview") or data.get("snap"):
        return _answer(request, page, data)
    try:  # judged once, by the submit: the form's fields are only read here
        state = page.round.state if page.round else None
        services.orders_submit(
            seat=page.seat,
            user=request.user,
            payload=order_from_form(data, RULES.form_cards(state, page.seat.number)),
            round_number=_int(data.get("round")),
        )
    except (Rejected, NotANumber) as error:
        reason = error.words() if isinstance(error, NotANumber) else error
        messages.error(request, gettext("Not accepted: %(reason)s.") % {"reason": reason})
        page = _player_page(request, game_id, number)
        return _answer(request, page, data, status=400)
    messages.success(request, gettext("Done: your turn is in."))
    return redirect("racing:seat", game_id=game_id, number=number)


def _draft_context(page: selectors.PlayerPage) -> dict:
    context = _context(page, {})
    state = context.get("state")
    if not state or state["phase"] != "draft":
        return context
    picks = RULES.options(state)["picks"] if context["active"] else []
    supply: dict[str, int] = {}
    for card in state["supply"]:
        supply[card["kind"]] = supply.get(card["kind"], 0) + 1
    order = state["draft"]["order"]
    cards = {row["kind"]: row for row in rules_page.equipment_rows()}
    context.update(
        standings=report.standings(state, page.names),
        supply=[
            {**cards[kind], "count": count, "pickable": kind in picks}
            for kind, count in supply.items()
        ],
        picks=[cards[k] for k in picks],
        snake=[
            {
                "name": report.jet_label(jet_id, page.names),
                "done": i < state["draft"]["index"],
                "now": i == state["draft"]["index"],
            }
            for i, jet_id in enumerate(order)
        ],
        level_cards=RULES.levels[state["level"]].cards,
        blue=RULES.levels[state["level"]].blue,
    )
    return context


@never_cache
@login_required
@require_http_methods(["GET", "HEAD", "POST"])
@limits.limit("orders_per_seat", limits.per_seat, ORDERS_LIMITED)
def draft(request, game_id: int, number: int):
    """The draft, a page of its own: the supply, the snake order, everyone's cards, and the
    pick for the pilot whose turn it is. A pick the engine does not offer is refused."""
    page = _player_page(request, game_id, number)
    if page.seat.game.status == Game.Status.OPEN:
        messages.info(request, gettext("The race has not started yet."))
        return redirect("game", game_id=game_id)
    if request.method == "POST":
        kind = request.POST.get("pick", "")
        try:
            services.orders_submit(
                seat=page.seat,
                user=request.user,
                payload={"pick": kind or None},
                round_number=_int(request.POST.get("round")),
            )
        except Rejected as error:
            messages.error(request, gettext("Not accepted: %(reason)s.") % {"reason": error})
            return render(
                request,
                "racing/draft.html",
                _draft_context(_player_page(request, game_id, number)),
                status=400,
            )
        messages.success(request, gettext("Done: your pick is in."))
        return redirect("racing:draft", game_id=game_id, number=number)
    context = _draft_context(page)
    if context.get("state", {}).get("phase") not in (None, "draft"):
        return redirect("racing:seat", game_id=game_id, number=number)
    return render(request, "racing/draft.html", context)
