"""An engine's refusal in its reader's language.

Engines have no language: besides its technical English (the JSON face's words), an
``EngineError`` carries a ``code`` and ``params``. Each game words its own codes with
``refusal_words``; the shape of a job (code ``malformed``, the field in ``params["where"]``) is
worded here, once for every game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from django.utils.translation import gettext

from .enginekit import EngineError

Wording = Callable[[dict], str]


def malformed_words(params: dict) -> str:
    where = params.get("where")
    if where:
        return gettext("the order is not in the expected form (at %(where)s)") % {"where": where}
    return gettext("the order is not in the expected form")


def refusal_words(error: EngineError, wordings: Mapping[str, Wording]) -> str:
    """The game's words for the error's code, filled from its params; a code the game does not
    word is the job's shape (every rule a game refuses by has words: its tests check)."""
    wording = wordings.get(error.code)
    return wording(error.params) if wording else malformed_words(error.params)
