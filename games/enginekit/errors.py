"""``EngineError``: a job an engine cannot carry out, with its code and params as data."""

from __future__ import annotations

MALFORMED = "malformed"  # the job's shape: the field in ``params["where"]``


class EngineError(ValueError):
    """A job an engine cannot carry out. The message says why in the JSON face's technical
    English; ``code`` and ``params`` say it again as data (JSON values only), so that a page can
    word it in its reader's language. ``malformed`` is the job's shape, with the field in
    ``params["where"]``; every other code is a game's own rule. The JSON face answers the
    message alone (``{"error": "..."}``, its contract)."""

    def __init__(self, message: str, code: str = MALFORMED, **params: object) -> None:
        super().__init__(message)
        self.code, self.params = code, params
