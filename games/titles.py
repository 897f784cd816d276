"""Titles the site makes up (a practice game's, "demo's practice flight"): stored as a code and
its parameters, worded when shown, in the reader's language (``GameRules.made_titles``).

``Game.title`` is a ``TitleField``: a title a person typed is read as the text it is; a
made-up one as a ``MadeTitle``, a ``str`` whose stored form is ``MARK`` and its code in JSON
and which reads, printed, formatted or rendered, as the game's words for it.
"""

from __future__ import annotations

import json

from django.db import models

from . import registry

# The stored form of a made-up title starts with it: a word joiner, invisible, not whitespace
# (a title's ``strip()`` keeps it) and never the start of a title a person means.
MARK = "\u2060"


class MadeTitle(str):
    """A made-up title; ``str()``, ``%s``, ``format`` and templates give its words."""

    @classmethod
    def make(cls, kind: str, code: str, **params: str) -> MadeTitle:
        return cls(MARK + json.dumps({"kind": kind, "code": code, **params}, sort_keys=True))

    def words(self) -> str:
        try:
            data = json.loads(self[len(MARK) :])
            template = registry.get(data["kind"]).made_titles[data["code"]]
            return str(template) % data
        except (ValueError, KeyError, TypeError, registry.Rejected):
            return self[len(MARK) :]  # not one the site made: shown as it is stored

    def __str__(self) -> str:
        return self.words()

    def __format__(self, spec: str) -> str:
        return format(self.words(), spec)


def read(value: str) -> str:
    """A stored title as it reads: a made-up one as a ``MadeTitle``."""
    if value.startswith(MARK) and not isinstance(value, MadeTitle):
        return MadeTitle(value)
    return value


class TitleField(models.CharField):
    """A game's title: typed by a person, or made up by the site (``MadeTitle``)."""

    def from_db_value(self, value, expression, connection):
        return value if value is None else read(value)

    def to_python(self, value):
        value = super().to_python(value)
        return value if value is None else read(value)
