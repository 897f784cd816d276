"""dogfight 0003: every pilot's keys recomputed from Unicode's data, existing names kept valid
even when two of them now count as one."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from dogfight.models import Pilot
from tests.factories import make_user

BEFORE = [("dogfight", "0002_careerentry_enlistment_pilot_crashes_pilot_games_and_more")]
AFTER = [("dogfight", "0003_pilot_skeleton")]


@pytest.mark.django_db(transaction=True)
def test_the_migration_fills_both_keys_and_keeps_look_alike_pilots_apart():
    user = make_user("old")
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps.get_model("dogfight", "Pilot")
    # Keys as the hand-made list of look-alikes made them before 0003.
    first = old.objects.create(user_id=user.pk, name="Redbaron Zeta", key="redbaronzeta")
    greek = old.objects.create(user_id=user.pk, name="Redbaron \u0396eta", key="redbaronζeta")
    dotted = old.objects.create(user_id=user.pk, name="Redbaron Zeta.", key="redbaronzeta.")
    plain = old.objects.create(user_id=user.pk, name="Grey Owl", key="greyowl")
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(AFTER)
    keys = {p.pk: (p.key, p.skeleton) for p in Pilot.objects.all()}
    assert keys == {
        first.pk: ("redbaronzeta", "redbaronzeta"),
        greek.pk: (f"redbaronζeta#{greek.pk}", f"redbaronzeta#{greek.pk}"),
        dotted.pk: (f"redbaronzeta#{dotted.pk}", f"redbaronzeta#{dotted.pk}"),
        plain.pk: ("greyowl", "greyowl"),
    }
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
