"""Boards as pictures: a game's inline board made a standalone SVG document (its stylesheet
inside it, a thumbnail's size) for the cards of the home page and the lobby, and a PNG of it
for link previews (chat apps show a raster image, not an SVG).

An SVG shown through ``<img>`` sees none of the page's stylesheets, so the board's own
stylesheet, a static file the game names, goes inside the document. A board stylesheet is
plain CSS (no custom properties, no ``@import``): a picture looks the same in either colour
scheme, as a printed board does.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

import resvg_py
from django.contrib.staticfiles import finders

THUMBNAIL_WIDTH = 480  # px: a card's picture, sharp on a phone's dense screen
PREVIEW_WIDTH = 1200  # px: the width Open Graph readers ask of a link preview's image
PREVIEW_BACKGROUND = "#ffffff"
PREVIEW_FONT = "DejaVu Sans"  # Debian's fonts-dejavu-core, in the image and on this machine

SVG_NS = "http://www.w3.org/2000/svg"
_OPENING = re.compile(r"<svg\b([^>]*)>")
_ATTRIBUTE = re.compile(r'([\w:-]+)="([^"]*)"')
# What an inline board's opening tag carries for its page and a document of its own must not:
# its id, its size on the page, the attributes its page's scripts read.
_DROPPED = re.compile(r"^(id|width|height|data-[\w-]+|aria-describedby)$")


def standalone(svg: str, *, stylesheets: Sequence[str] = (), width: int = THUMBNAIL_WIDTH) -> str:
    """``svg`` (a game's inline board) as an SVG document of its own: the namespace declared,
    ``width`` pixels wide at the board's own proportions, the ``stylesheets`` (static paths)
    inside it."""
    opening = _OPENING.search(svg)
    if opening is None:
        raise ValueError("not an SVG element")
    attributes = {
        name: value
        for name, value in _ATTRIBUTE.findall(opening.group(1))
        if not _DROPPED.match(name)
    }
    attributes["xmlns"] = SVG_NS
    attributes["width"] = str(width)
    attributes["height"] = str(round(width * _aspect(attributes.get("viewBox", ""))))
    tag = "<svg " + " ".join(f'{name}="{value}"' for name, value in attributes.items()) + ">"
    style = "".join(_stylesheet(path) for path in stylesheets)
    inside = f"<style><![CDATA[{style}]]></style>" if style else ""
    return f'<?xml version="1.0" encoding="utf-8"?>{tag}{inside}{svg[opening.end() :]}'


def _aspect(view_box: str) -> float:
    """Height over width of a view box ("x y width height"); 1 if there is none."""
    numbers = view_box.replace(",", " ").split()
    try:
        width, height = float(numbers[2]), float(numbers[3])
    except (IndexError, ValueError):
        return 1.0
    return height / width if width > 0 and height > 0 else 1.0


@cache
def _stylesheet(path: str) -> str:
    found = finders.find(path)
    if found is None:
        raise LookupError(f"no static file {path}")
    with open(found, encoding="utf-8") as sheet:
        return sheet.read()


def png(document: str, width: int = PREVIEW_WIDTH) -> bytes:
    """A standalone SVG document as a PNG ``width`` pixels wide, on white."""
    return resvg_py.svg_to_bytes(
        svg_string=document,
        width=width,
        background=PREVIEW_BACKGROUND,
        font_family=PREVIEW_FONT,
        sans_serif_family=PREVIEW_FONT,
    )


def size(document: str) -> tuple[int, int]:
    """The width and height in pixels a standalone document asks for."""
    opening = _OPENING.search(document)
    attributes = dict(_ATTRIBUTE.findall(opening.group(1))) if opening else {}
    return int(attributes.get("width", 0)), int(attributes.get("height", 0))
