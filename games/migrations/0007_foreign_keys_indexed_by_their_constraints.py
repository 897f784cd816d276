"""The foreign keys of rounds, orders and seats lose their own indexes: each is the first column
of a unique constraint's index, which serves the same lookups. Every index is one more entry to
write for each round opened and published at noon.

Only those three indexes are dropped, by name. Django's own ``AlterField(db_index=False)`` would
also drop any other single-column index on the column, and ``one_open_round_per_game`` is one.
"""

import django.db.models.deletion
from django.db import migrations, models

# (table, column, the index Django named for the foreign key)
INDEXES = [
    ("games_order", "round_id", "games_order_round_id_c98a2a6a"),
    ("games_round", "game_id", "games_round_game_id_33411da0"),
    ("games_seat", "game_id", "games_seat_game_id_ad720f5b"),
]


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0006_snapshots_as_text"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[
                migrations.RunSQL(
                    f'DROP INDEX IF EXISTS "{index}"',
                    reverse_sql=f'CREATE INDEX "{index}" ON "{table}" ("{column}")',
                )
                for table, column, index in INDEXES
            ],
            state_operations=[
                migrations.AlterField(
                    model_name="order",
                    name="round",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="orders",
                        to="games.round",
                    ),
                ),
                migrations.AlterField(
                    model_name="round",
                    name="game",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="rounds",
                        to="games.game",
                    ),
                ),
                migrations.AlterField(
                    model_name="seat",
                    name="game",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="seats",
                        to="games.game",
                    ),
                ),
            ],
        ),
    ]
