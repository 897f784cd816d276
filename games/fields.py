"""Model fields of the platform."""

from __future__ import annotations

from django.db import models


class SnapshotField(models.JSONField):
    """A JSON column for large snapshots (states, events, orders).

    On PostgreSQL, Django's ``bulk_create`` inserts rows through ``UNNEST`` of arrays; psycopg
    then writes every JSON document into an array literal, escaping it character by character,
    which made that escaping the largest cost of a noon batch. A placeholder of its own makes
    Django insert these rows as plain multi-row ``VALUES`` with real parameters instead.
    """

    def get_placeholder(self, value, compiler, connection):
        return "%s"
