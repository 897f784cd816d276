"""Readers of JSON input: each turns a JSON value into a typed value or raises an
``EngineError`` with the code ``malformed`` that names the field (``params["where"]``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import EngineError


def as_object(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise EngineError(f"{where} must be an object", where=where)
    return value


def as_list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise EngineError(f"{where} must be a list", where=where)
    return value


def required(data: Mapping[str, Any], key: str, where: str) -> Any:
    """``data[key]``, a JSON value of any kind (the caller reads it with an ``as_*``)."""
    if key not in data:
        raise EngineError(f"{where}.{key} is missing", where=f"{where}.{key}")
    return data[key]


def as_int(value: object, where: str, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise EngineError(f"{where} must be a whole number", where=where)
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = f"{low}..{high}" if high is not None else f"at least {low}"
        raise EngineError(f"{where} must be {bounds}, not {value}", where=where)
    return value


def as_bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise EngineError(f"{where} must be true or false", where=where)
    return value


def as_choice(value: object, choices: tuple[str, ...], where: str) -> str:
    if not isinstance(value, str) or value not in choices:
        raise EngineError(f"{where} must be one of {', '.join(choices)}", where=where)
    return value
