"""Every shape's icon shows all its squares: no square lies outside its SVG's viewBox (the I4
icon once showed three of its four), on the builder's palette and on the rules page."""

import re

import pytest

from joyride.engine.geometry import CHAINS

from .helpers import make_game, url

pytestmark = pytest.mark.django_db
ICON = re.compile(r'<svg viewBox="([-\d. ]+)"[^>]*aria-hidden="true">(.*?)</svg>', re.DOTALL)
SQUARE = re.compile(r'<rect x="(\d+)" y="(\d+)" width="(\d+)" height="(\d+)"')


def squares_outside(html: str) -> list:
    icons = ICON.findall(html)
    assert len(icons) >= len(CHAINS)
    outside = []
    for view, body in icons:
        x0, y0, width, height = (float(v) for v in view.split())
        for x, y, w, h in (map(int, m) for m in SQUARE.findall(body)):
            if x < x0 or y < y0 or x + w > x0 + width or y + h > y0 + height:
                outside.append((view, x, y))
    return outside


def test_the_palettes_icons_show_every_square_of_their_shape(client, alice, bob):
    game = make_game(alice, bob)
    client.force_login(alice)
    html = client.get(url(game, 0)).content.decode()
    i4 = html.split('data-shape="I4"')[1].split("</svg>")[0]
    assert len(SQUARE.findall(i4)) == 4
    assert squares_outside(html) == []


def test_the_rules_pages_icons_show_every_square_of_their_shape(client):
    assert squares_outside(client.get("/joyride/rules/").content.decode()) == []
