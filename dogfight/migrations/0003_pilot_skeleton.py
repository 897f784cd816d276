"""Pilot names compared by Unicode's confusable skeleton (``dogfight.names``): a new unique
column ``skeleton`` and the ``key`` of every pilot recomputed from Unicode's data.

Existing pilots keep their names. Two pilots whose names now count as one keep them too: the
later one's keys get ``#`` and his id appended, so both stay valid and unique, and a new pilot
can take neither name.
"""

from django.db import migrations, models
from django.db.models.functions import Cast, Concat


def backfill(apps, schema_editor):
    from dogfight.names import name_key, name_skeleton

    Pilot = apps.get_model("dogfight", "Pilot")
    taken_keys, taken_skeletons = set(), set()
    pilots = list(Pilot.objects.order_by("pk"))
    for pilot in pilots:
        key, look = name_key(pilot.name), name_skeleton(pilot.name)
        if key in taken_keys or look in taken_skeletons:
            key, look = f"{key}#{pilot.pk}", f"{look}#{pilot.pk}"
        taken_keys.add(key)
        taken_skeletons.add(look)
        pilot.key, pilot.skeleton = key[:120], look[:120]
    # Keys are unique: move them all out of each other's way first.
    Pilot.objects.update(
        key=Concat(
            models.Value("~"), Cast("id", models.CharField()), output_field=models.CharField()
        )
    )
    Pilot.objects.bulk_update(pilots, ["key", "skeleton"], batch_size=1000)
    if schema_editor.connection.vendor == "postgresql":
        # Checked now, so that the unique constraint below may alter the table.
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")


class Migration(migrations.Migration):
    dependencies = [
        ("dogfight", "0002_careerentry_enlistment_pilot_crashes_pilot_games_and_more"),
    ]

    operations = [
        migrations.AddField(
            model_name="pilot", name="skeleton", field=models.CharField(max_length=120, default="")
        ),
        migrations.RunPython(backfill, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="pilot", name="skeleton", field=models.CharField(max_length=120, unique=True)
        ),
    ]
