"""Snapshot columns become ``text`` on PostgreSQL (see games.db.fields.SnapshotField): the
database no longer parses each document it is given to check it. Changing a column's type
rewrites it, so the lz4 compression of 0005 is set again where the server has it."""

from django.db import migrations

COLUMNS = [
    ("games_round", "state"),
    ("games_report", "state"),
    ("games_report", "events"),
    ("games_order", "payload"),
]


def _retype(to: str):
    def run(apps, schema_editor):
        connection = schema_editor.connection
        if connection.vendor != "postgresql":
            return
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression'"
                " AND 'lz4' = ANY(enumvals)"
            )
            lz4 = cursor.fetchone() is not None
        for table, column in COLUMNS:
            schema_editor.execute(
                f'ALTER TABLE "{table}" ALTER COLUMN "{column}" TYPE {to} USING "{column}"::{to}'
            )
            if lz4:
                schema_editor.execute(
                    f'ALTER TABLE "{table}" ALTER COLUMN "{column}" SET COMPRESSION lz4'
                )

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0005_snapshots_compressed_with_lz4"),
    ]

    operations = [
        migrations.RunPython(_retype("text"), _retype("json")),
    ]
