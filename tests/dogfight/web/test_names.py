"""Pilot names (rules §10): one name as it reads and as it looks; rank words refused at the
start of any word or compound whatever the case."""

from __future__ import annotations

import pytest

from dogfight import services as dogfight_services
from dogfight.models import Pilot
from dogfight.names import name_problem
from games.registry import Rejected
from tests.factories import make_user

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "look_alike",
    [
        "Redbaron \u0396eta",  # Greek capital Zeta
        "Redbar\u0585n Zeta",  # Armenian small oh
        "\u13a1edbaron Zeta",  # Cherokee letter E
        "Redbaron  Zeta.",  # a second space and a full stop
        "REDBARON ZETA",
        "Red-Baron Zeta",
        "Rédbaron Zeta",
        "R\u0435dbaron Zeta",
        "\uff32edbaron Zeta",  # fullwidth R
    ],
)
def test_a_name_that_reads_or_looks_like_a_taken_one_is_taken(look_alike):
    dogfight_services.pilot_claim(user=make_user(), name="Redbaron Zeta")
    with pytest.raises(Rejected, match="is taken"):
        dogfight_services.pilot_claim(user=make_user(), name=look_alike)
    assert Pilot.objects.count() == 1


def test_the_taken_name_is_refused_also_when_the_look_alike_came_first():
    dogfight_services.pilot_claim(user=make_user(), name="Redbaron \u0396eta")
    with pytest.raises(Rejected, match="is taken"):
        dogfight_services.pilot_claim(user=make_user(), name="Redbaron Zeta")


def test_a_pilot_claiming_his_own_name_in_another_spelling_gets_his_pilot():
    alice = make_user()
    mine = dogfight_services.pilot_claim(user=alice, name="Redbaron Zeta")
    assert dogfight_services.pilot_claim(user=alice, name="redbaron zeta") == mine
    assert dogfight_services.pilot_claim(user=alice, name="Redbaron \u0396eta") == mine


def test_names_that_only_share_letters_are_different():
    dogfight_services.pilot_claim(user=make_user(), name="Redbaron Zeta")
    dogfight_services.pilot_claim(user=make_user(), name="Redbaron Beta")
    dogfight_services.pilot_claim(user=make_user(), name="Redbaron")
    assert Pilot.objects.count() == 3


@pytest.mark.parametrize(
    "name",
    [
        "Acefighter",
        "ACEFLIEGER",
        "Majorbaron",
        "Ass-Flieger",
        "AceHunter",
        "von Major",
        "the GENERAL",
        "Hauptmannsohn",
        "Red Colonelfire",
        "\u0410cefighter",
    ],
)
def test_a_rank_word_starting_a_word_or_a_compound_is_refused_whatever_the_case(name):
    assert "is a rank" in name_problem(name)


@pytest.mark.parametrize(
    "name", ["Grace", "Bassett", "Red Baron", "Space Cadet", "Brace", "Tailshot"]
)
def test_words_that_merely_hold_the_letters_of_a_rank_are_allowed(name):
    assert name_problem(name) is None


@pytest.mark.parametrize("name", ["Red\u202eBaron", "\u2066Red\u2069", "Red\u200fBaron"])
def test_bidirectional_controls_are_refused_in_a_name(name):
    assert "writing direction" in name_problem(name)
