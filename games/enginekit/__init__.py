"""The engine kit: what every game's engine shares, and nothing else.

Pure Python: no Django, no platform module, no I/O but a JSON face's stdin and stdout. An
engine (``<game>/engine/``) imports its own package and this kit only (a test holds every
engine to it), so an engine can be lifted out with the kit beside it.

- ``EngineError`` (``errors``): a job an engine refuses, its ``code`` and ``params`` as data;
- ``run`` and ``answer`` (``face``): the JSON-face runner, ``python -m <game>.engine COMMAND``;
- the readers (``readers``): ``as_object``, ``as_list``, ``required``, ``as_int``,
  ``as_bool``, ``as_choice`` turn JSON input into values or a ``malformed`` ``EngineError``.

The engines' common entry points are documented in ``docs/engines.md``.
"""

from .errors import MALFORMED, EngineError
from .face import Job, answer, run
from .readers import as_bool, as_choice, as_int, as_list, as_object, required

__all__ = [
    "MALFORMED",
    "EngineError",
    "Job",
    "answer",
    "as_bool",
    "as_choice",
    "as_int",
    "as_list",
    "as_object",
    "required",
    "run",
]
