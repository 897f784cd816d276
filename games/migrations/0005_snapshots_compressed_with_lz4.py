"""Snapshots that PostgreSQL compresses (a round's events, mostly) use lz4, not the default
pglz, cheaper for the database at noon (docs/performance.md). PostgreSQL 14 and newer
built with lz4 (Debian's and the official images are); elsewhere nothing changes."""

from django.db import migrations

COLUMNS = [
    ("games_round", "state"),
    ("games_report", "state"),
    ("games_report", "events"),
    ("games_order", "payload"),
]


def _compress_with(method: str):
    def run(apps, schema_editor):
        connection = schema_editor.connection
        if connection.vendor != "postgresql" or connection.pg_version < 140000:
            return
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression'"
                " AND 'lz4' = ANY(enumvals)"
            )
            if cursor.fetchone() is None:
                return
        for table, column in COLUMNS:
            schema_editor.execute(
                f'ALTER TABLE "{table}" ALTER COLUMN "{column}" SET COMPRESSION {method}'
            )

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0004_computer_seats_index"),
    ]

    operations = [
        migrations.RunPython(_compress_with("lz4"), _compress_with("pglz")),
    ]
