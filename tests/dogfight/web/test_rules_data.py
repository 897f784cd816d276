"""dogfight/rules_page.py builds data only: numbers, plain words and lazy msgids, never HTML.
The few rule numbers the engine writes as bare literals are checked against what it does."""

import inspect
import re
from fractions import Fraction

from django.utils.functional import Promise
from django.utils.translation import override

from dogfight import rules_page
from dogfight.engine import setup
from dogfight.engine.board import CORNERS, airfield_hexes
from dogfight.engine.hexgrid import distance
from dogfight.engine.state import Settings
from tests.dogfight.engine.helpers import find, orders, plane, resolve, state

PLAIN = (int, float, str, bool, Fraction, type(None), Promise)


def leaves(value):
    if isinstance(value, dict):
        for item in value.values():
            yield from leaves(item)
    elif isinstance(value, (list, tuple, range)):
        for item in value:
            yield from leaves(item)
    else:
        yield value


def test_the_module_source_holds_no_html_and_no_html_helpers():
    source = inspect.getsource(rules_page)

    assert re.findall(r"<[a-zA-Z/!][^>]*>", source) == []
    for helper in ("mark_safe", "SafeString", "escape", "format_html"):
        assert helper not in source


def test_everything_the_page_gets_from_python_is_plain_data():
    context = rules_page.page_context()

    for leaf in leaves(context):
        assert isinstance(leaf, PLAIN), leaf
        with override("de"):
            assert "<" not in str(leaf), leaf


def test_row_labels_are_lazy_and_translate_when_the_page_renders():
    row = next(r for r in rules_page.tables()["maneuvers"] if r["code"] == "L")

    with override("en"):
        assert (str(row["name"]), str(row["effect"])) == (
            "turn left",
            "nose 60° left first, then one hex forward",
        )
    with override("de"):
        assert (str(row["name"]), str(row["effect"])) == (
            "Linkskurve",
            "erst die Nase 60° nach links, dann ein Hexfeld vorwärts",
        )


def test_a_ranks_gift_reads_as_the_career_page_asks_for_it():
    """dogfight/career_views.py fills RANK_ABILITY[rank][0] with the rank's numbers."""
    gift = rules_page.RANK_ABILITY[3][0].format(**rules_page.rank_numbers(3))

    assert gift == "repairs 3 per whole round on the ground instead of 2 (cap stays 8)"


def test_the_ranks_table_gives_each_gift_with_its_numbers_in_german():
    row = rules_page.tables()["ranks"][5]

    with override("de"):
        assert str(row["ability"]) == "erst bei 14 Schadenspunkten aus statt 12"


# --- rules the engine writes as literals ----------------------------------------------------


def test_a_pilot_is_removed_after_as_many_missed_rounds_as_the_page_says():
    st = state([plane(0, 0, 0, 2), plane(1, -5, 3, 3), plane(2, -3, 0, 3)])
    for missed in range(1, rules_page.MISSED_ROUNDS_OUT + 1):
        assert st.plane(0).status == "air"
        st, events = resolve(st, orders(1, "A", "L", "L"), orders(2, "A", "L", "L"))

    assert missed == rules_page.MISSED_ROUNDS_OUT
    assert find(events, "crash", seat=0, cause="nmr")


def test_a_move_in_a_cloud_costs_what_the_page_says():
    st = state([plane(0, 0, 0, 0), plane(1, -6, 0, 3)], clouds=[(1, 0)])
    new, events = resolve(st, orders(0, "A", "A", "A"), orders(1, "A", "A", "A"))

    assert new.plane(0).damage == rules_page.CLOUD_DAMAGE
    assert len(find(events, "cloud_damage", seat=0, move=1)) == 1


def test_clouds_and_balloons_keep_the_distance_from_airfields_the_page_says():
    near = setup._near_airfields(tuple(range(len(CORNERS))))
    fields = [h for seat in range(len(CORNERS)) for h in airfield_hexes(seat)]

    assert all(min(distance(h, f) for f in fields) <= rules_page.KEEP_CLEAR for h in near)
    assert any(min(distance(h, f) for f in fields) == rules_page.KEEP_CLEAR for h in near)


def test_new_games_spread_their_clouds_as_fairly_as_the_page_says():
    for seed in range(5):
        game = setup.new_game(seed, Settings())
        counts = setup.cloud_counts(game.clouds, tuple(range(len(CORNERS))))
        assert max(counts) - min(counts) <= rules_page.FAIR_CLOUD_SPREAD
