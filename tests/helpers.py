"""Helpers for the cockpit, security, report and round-clock tests.

    set_planes(rnd, {0: {"status": "air", "q": 0, "r": 0, "facing": 0}}, clouds=[])

writes a changed start state into an open round through the engine's JSON form (so a state
the engine would refuse fails here, not later), and ``selects(html)`` reads an order form.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from dogfight.engine.state import State
from games.models import Round

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def fast_passwords(settings):
    """Users are made by the dozen here; the real hasher costs half a second each."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def production_cache(settings):
    """Production's shape: the shared Redis cache (the real Redis the suite uses, under a key
    prefix of its own, whose keys are deleted afterwards), sessions and users read from it."""
    import os
    import uuid

    import redis

    from config.settings import cache_aliases, shared_cache

    url = os.getenv("CELERY_BROKER_URL") or "redis://127.0.0.1:6379/0"
    prefix = f"test-{uuid.uuid4().hex[:12]}"
    settings.CACHES = cache_aliases({**shared_cache(url), "KEY_PREFIX": prefix}, settings.RELEASE)
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    settings.AUTHENTICATION_BACKENDS = ["games.user_cache.CachedModelBackend"]
    yield
    server = redis.Redis.from_url(url)
    keys = list(server.scan_iter(f"{prefix}:*"))
    if keys:
        server.delete(*keys)


def set_planes(rnd: Round, planes: dict[int, dict], **state_changes) -> dict:
    """Change planes (by seat) and other keys of an open round's start state; returns it."""
    state = dict(rnd.state, **state_changes)
    state["planes"] = [{**plane, **planes.get(plane["seat"], {})} for plane in state["planes"]]
    state = State.from_dict(state).to_dict()
    Round.objects.filter(pk=rnd.pk).update(state=state)
    rnd.refresh_from_db()
    return state


def plane_of(rnd: Round, seat: int):
    return State.from_dict(rnd.state).plane(seat)


class _FormReader(HTMLParser):
    def __init__(self):
        super().__init__()
        self.selects: dict[str, dict] = {}
        self.inputs: list[dict] = []
        self._select = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "select":
            self._select = attrs.get("name")
            self.selects[self._select] = {"options": [], "selected": None}
        elif tag == "option" and self._select:
            self.selects[self._select]["options"].append(attrs.get("value"))
            if "selected" in attrs:
                self.selects[self._select]["selected"] = attrs.get("value")
        elif tag == "input":
            self.inputs.append(attrs)

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None


def selects(html: str) -> dict[str, dict]:
    """{"m1": {"options": [codes], "selected": code}, ...} of every select on the page."""
    reader = _FormReader()
    reader.feed(html)
    return reader.selects


def inputs(html: str) -> list[dict]:
    reader = _FormReader()
    reader.feed(html)
    return reader.inputs


def arrowheads(html: str) -> list[tuple[int, float, float, int]]:
    """(move, x, y, rotation) of each arrowhead of the route drawn on a board."""
    found = re.findall(
        r'<g class="arrowhead" data-move="(\d)" transform="translate\(([-\d.]+),([-\d.]+)\)">'
        r'.*?<g transform="rotate\((-?\d+)\)">',
        html,
    )
    return [(int(m), float(x), float(y), int(rot)) for m, x, y, rot in found]


def cockpit(game, number: int) -> str:
    return reverse("dogfight:seat", args=[game.pk, number])


def preview_url(game, number: int) -> str:
    return reverse("dogfight:preview", args=[game.pk, number])


def orders_url(game, number: int) -> str:
    return reverse("dogfight:submit", args=[game.pk, number])


def chatter_url(game, number: int) -> str:
    return reverse("dogfight:chatter", args=[game.pk, number])


def order_post(maneuvers, fire=None, through=(), name: str | None = None) -> dict:
    """The order form as a browser posts it: m1-m3, f1-f3 (lists), t1-t3, the pilot name."""
    data: dict = {f"m{n}": code for n, code in enumerate(maneuvers, start=1)}
    for move, directions in (fire or {}).items():
        data[f"f{move}"] = list(directions)
    for move in through:
        data[f"t{move}"] = "1"
    if name is not None:
        data["pilot_name"] = name
    data["submit"] = "1"
    return data


def messages_of(response) -> list[str]:
    return [str(message) for message in response.context["messages"]] if response.context else []
