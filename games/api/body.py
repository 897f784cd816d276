"""How the API reads a request's body: a JSON object, with every number one the answers can
be written back in (a signed 64-bit integer, as orjson and most clients take; a finite float). Anything else is
refused before any operation runs (a 400, see ``app``)."""

from __future__ import annotations

import json
from typing import Any

from ninja.parser import Parser

SMALLEST_INT = -(2**63)
LARGEST_INT = 2**63 - 1


class NumberOutOfRange(ValueError):
    def __init__(self, text: str):
        super().__init__(f"number out of range: {text[:40]}")
        self.shown = text if len(text) <= 40 else text[:37] + "..."


class NotAnObject(ValueError):
    pass


def _int(text: str) -> int:
    if len(text) > 21:  # longer than any 64-bit integer: refused before it is even converted
        raise NumberOutOfRange(text)
    value = int(text)
    if not SMALLEST_INT <= value <= LARGEST_INT:
        raise NumberOutOfRange(text)
    return value


def _float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise NumberOutOfRange(text)
    return value


def _constant(text: str) -> Any:
    raise NumberOutOfRange(text)  # NaN, Infinity: not JSON


def loads(raw: bytes | str) -> dict[str, Any]:
    """The body as a JSON object; ``NumberOutOfRange`` or ``NotAnObject`` (both ValueErrors)
    otherwise, as for text that is no JSON at all."""
    data = json.loads(raw, parse_int=_int, parse_float=_float, parse_constant=_constant)
    if not isinstance(data, dict):
        raise NotAnObject("the body is not a JSON object")
    return data


class ObjectBodyParser(Parser):
    def parse_body(self, request) -> dict[str, Any]:
        return loads(request.body)
