"""The public rules page (/dogfight/rules/, German at ?lang=de): every table of the rules
reference, and a maneuver diagram per code that agrees with the engine's own ``fly``.

Language and catalogue: test_rules_page_i18n.py; the data behind it: test_rules_data.py.
"""

import re

import pytest
from django.urls import reverse

from dogfight import rules_page
from dogfight.engine import career
from dogfight.engine.maneuvers import CODES, fly

TABLES = (
    "t-damage",
    "t-maneuvers",
    "t-shootdown",
    "t-aces",
    "t-ranks",
    "t-weather",
    "t-balloons",
    "t-ground",
    "t-nmr",
    "t-missed",
    "t-points",
    "t-names",
    "t-chatter",
    "t-settings",
)

pytestmark = pytest.mark.django_db


def page(client, lang=None):
    url = reverse("dogfight:rules") + (f"?lang={lang}" if lang else "")
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def row(html, table_id, **attrs):
    """The cells of the row of ``table_id`` carrying the given data attributes."""
    body = html.split(f'id="{table_id}"', 1)[1].split("</table>", 1)[0]
    wanted = "".join(rf'(?=[^>]*data-{k}="{v}")' for k, v in attrs.items())
    match = re.search(rf"<tr{wanted}[^>]*>(.*?)</tr>", body)
    assert match, f"no row {attrs} in {table_id}"
    return re.findall(r"<td(?: [^>]*)?>(.*?)</td>", match.group(1))


def diagrams(html):
    return {
        m.group(1): m.group(0)
        for m in re.finditer(
            r'<svg class="maneuver-diagram"[^>]*'
            r'data-code="(\w+)"[^>]*>',
            html,
        )
    }


def attr(tag, name):
    return int(re.search(rf'data-{name}="(-?\d+)"', tag).group(1))


def test_the_rules_page_answers_anonymous_visitors_in_english(client):
    html = page(client)

    assert "Dogfight: the rules" in html
    assert 'href="/static/css/rules.css"' in html
    assert 'href="/dogfight/rules/?lang=de"' in html


def test_the_rules_page_answers_anonymous_visitors_in_german(client):
    html = page(client, "de")

    assert "Dogfight: die Regeln" in html
    assert 'lang="de"' in html
    assert 'href="/dogfight/rules/?lang=en"' in html
    assert "Schaden nach Entfernung" in html


def test_an_unknown_language_falls_back_to_english(client):
    assert "Dogfight: the rules" in page(client, "xx")


@pytest.mark.parametrize("lang", [None, "de"])
def test_every_table_of_the_rules_reference_is_on_the_page_in_a_scrolling_wrapper(client, lang):
    html = page(client, lang)

    for table_id in TABLES:
        assert html.count(f'id="{table_id}"') == 1, table_id
        # focusable and named by its caption: the keyboard can scroll a table wider than a phone
        assert (
            f'<div class="table-wrap" role="region" tabindex="0" '
            f'aria-labelledby="{table_id}-caption"><table id="{table_id}"'
        ) in html
        assert f'<caption id="{table_id}-caption">' in html


def test_the_damage_table_gives_4_3_2_1_and_1_at_a_generals_range_5(client):
    html = page(client)

    assert [row(html, "t-damage", range=d)[1] for d in (1, 2, 3, 4, 5)] == ["4", "3", "2", "1", "1"]
    assert row(html, "t-damage", range=1)[2] == "5"  # double machine guns add 1
    assert row(html, "t-damage", range=5)[3] == "General only"


@pytest.mark.parametrize(
    "points, loss, gain", [(0, 5, 5), (20, 10, 5), (40, 15, 10), (100, 30, 15), (200, 55, 30)]
)
def test_the_shoot_down_table_gives_the_victims_loss_and_the_attackers_gain(
    client, points, loss, gain
):
    assert row(page(client), "t-shootdown", points=points) == [str(points), str(loss), str(gain)]


def test_the_shoot_down_table_runs_from_0_to_200_by_20_with_a_rank_bonus_line(client):
    html = page(client)
    body = html.split('id="t-shootdown"', 1)[1].split("</table>", 1)[0]

    assert re.findall(r'data-points="(\d+)"', body) == [str(p) for p in range(0, 201, 20)]
    assert row(html, "t-shootdown", **{"rank-bonus": 1})[1:] == ["+10", "+5"]


def test_the_oberst_example_is_worth_30_and_loses_55(client):
    html = page(client)

    assert "is worth 30 points" in html and "loses 55" in html
    assert rules_page.example() == {
        "points": 5,
        "rank": 5,
        "rank_name": "Oberst",
        "gain": 30,
        "loss": 55,
    }


def test_the_ace_thresholds_are_20_40_60_80(client):
    html = page(client)

    assert row(html, "t-aces", ability="double-mg")[0] == "20"
    assert [row(html, "t-aces", ability=c)[0] for c in ("I", "S", "O")] == ["40", "60", "80"]


def test_the_ranks_table_lists_the_six_ranks_with_their_abilities(client):
    html = page(client)

    assert row(html, "t-ranks", rank=1)[1] == "Leutnant"
    assert row(html, "t-ranks", rank=6)[1] == "General"
    assert row(html, "t-ranks", rank=5)[8] == "14"  # out at 14 damage
    assert row(html, "t-ranks", rank=6)[9] == "5"  # reach 5


def test_the_weather_table_and_the_calm_share_come_from_the_weather_chain(client):
    html = page(client)

    assert "1/13" in html
    assert "7/8" in html and "1/24" in html and "1/2" in html


def test_the_balloon_table_halves_through_a_balloon(client):
    html = page(client)

    assert row(html, "t-balloons", range=1)[4:6] == ["2", "2"]
    assert row(html, "t-balloons", range=4)[4:6] == ["1", "no hit"]


def test_the_names_table_checks_names_with_the_sites_rule(client):
    html = page(client)

    for refused in (
        "AceHunter",
        "Acefighter",
        "ACEFLIEGER",
        "Ass-Flieger",
        "Majorbaron",
        "von Major",
    ):
        assert row(html, "t-names", name=refused, ok="no")
    assert row(html, "t-names", name="Grace", ok="yes")
    assert row(html, "t-names", name="Bassett", ok="yes")
    assert "the same name as Tailshot" in html.split('data-name="Tail-shot."')[1].split("</tr>")[0]


def test_the_house_rules_section_lists_the_sites_decisions_and_readings(client):
    html = page(client)
    house = html.split('id="house"', 1)[1]

    assert "passes one balloon at most" in house
    assert "full damage" in house
    assert "within 6 hexes of each airfield" in house
    assert "until the next day" in house


@pytest.mark.parametrize("lang", [None, "de"])
def test_every_maneuver_has_one_diagram_on_the_page(client, lang):
    found = diagrams(page(client, lang))

    assert sorted(found) == sorted(CODES)


@pytest.mark.parametrize("code", CODES)
def test_each_diagrams_end_arrow_is_where_the_engine_flies_the_sample_plane(client, code):
    tag = diagrams(page(client))[code]
    start, _ = rules_page.sample_flight(code)
    assert (attr(tag, "start-q"), attr(tag, "start-r"), attr(tag, "start-facing")) == (
        *start.hex,
        start.facing,
    )

    plane = start.copy()
    for _ in range(attr(tag, "moves")):
        fly(plane, code)

    assert (attr(tag, "end-q"), attr(tag, "end-r"), attr(tag, "end-facing")) == (
        *plane.hex,
        plane.facing,
    )


@pytest.mark.parametrize(
    "code, end",
    [
        ("A", ((1, 0), 0)),
        ("L", ((1, -1), 1)),
        ("R", ((0, 1), 5)),
        ("LS", ((1, -1), 0)),
        ("H", ((0, 0), 0)),
        ("I", ((1, 0), 3)),
        ("S", ((-1, 0), 3)),
        ("O", ((-1, 0), 0)),
    ],
)
def test_the_air_maneuver_diagrams_match_the_rules_table_from_the_centre_nose_east(code, end):
    start, steps = rules_page.sample_flight(code)

    assert (start.hex, start.facing) == ((0, 0), 0)
    assert steps[-1] == end


def test_take_off_and_landing_diagrams_show_both_moves():
    _, steps = rules_page.sample_flight("TB")
    assert steps == [((8, 0), 3), ((7, 0), 3)]
    _, steps = rules_page.sample_flight("LD")
    assert steps[-1][0] == (9, 0)

    diagram = rules_page.maneuver_diagram("TB")
    assert [move["last"] for move in diagram["moves"]] == [False, True]


def test_take_off_diagrams_number_both_moves_on_the_page(client):
    figure = page(client).split('id="m-TB"', 1)[1].split("</figure>", 1)[0]

    assert figure.count('class="step"') == 1 and figure.count('class="end"') == 1
    assert re.findall(r"<text[^>]*>(\d)</text>", figure) == ["1", "2"]


def test_the_diagram_geometry_is_cached():
    assert rules_page.maneuver_diagram("L") is rules_page.maneuver_diagram("L")


def test_the_rank_bonus_matches_the_career_functions():
    assert career.shootdown_gain(5, 5) == 30 and career.shootdown_loss(5, 5) == 55
