"""The platform's fast paths, kept together and used the same way for every game.

- ``rows``: models built from a plain cursor's rows (``Columns``, ``fetch``);
- ``queries``: every hand-written SQL read, each behind a named function with a test;
- ``bulk``: many new rows at once through ``COPY`` (the noon batch's writes);
- ``lookups``: ``field__any=[...]``, a list of ids as one array parameter;
- ``fields``: ``SnapshotField``, a JSON document stored as text, and ``serialized``.

Everything else uses the ORM plainly. Why each exists, with its figures and the command that
measures them: docs/performance.md. This package imports none of its modules itself: a model
module imports ``fields`` before the models that ``queries`` reads exist.
"""
