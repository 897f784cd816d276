"""The shared JSON-face validators, re-exported for the engine's modules."""

from games.jsonface import (  # noqa: F401
    EngineError,
    as_bool,
    as_choice,
    as_int,
    as_list,
    as_object,
    required,
)
