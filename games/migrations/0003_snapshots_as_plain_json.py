"""Snapshot columns become ``json`` on PostgreSQL (see games.db.fields.SnapshotField).

The field's column type is not part of its deconstruction, so the change is made here by hand;
other databases keep their JSON text column as it is.
"""

from django.db import migrations

COLUMNS = [
    ("games_round", "state"),
    ("games_report", "state"),
    ("games_report", "events"),
    ("games_order", "payload"),
]


def _retype(to: str):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor != "postgresql":
            return
        for table, column in COLUMNS:
            schema_editor.execute(
                f'ALTER TABLE "{table}" ALTER COLUMN "{column}" TYPE {to} USING "{column}"::{to}'
            )

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0002_alter_order_payload_alter_report_events_and_more"),
    ]

    operations = [
        migrations.RunPython(_retype("json"), _retype("jsonb")),
    ]
