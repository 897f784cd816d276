"""The engine's refusals reach people in their own language: every code the engine refuses with
has its words (read from the engine's source), each hand-made refusal reads in English and in
German with its numbers, jets and kinds, and a German pilot's order past a hinge limit is
refused in German, on the form and in its preview, storing nothing."""

from __future__ import annotations

import json

import pytest
from django.utils import translation

from games.models import Order
from games.registry import Rejected
from racing import words
from racing.engine import EngineError
from racing.engine.equipment import WHY_WORDS as ENGINE_WHYS
from racing.plugin import RULES
from tests.engine_codes import codes_raised, literal_codes
from tests.factories import make_user
from tests.games.api.test_api import API, Bot, seat_path
from tests.racing.engine.refusal_cases import CASES

from .helpers import make_race, page_url

HTMX = {"HTTP_HX_REQUEST": "true"}
UNSHOWN = {"where", "courses", "check", "during", "why"}  # worded otherwise, or not at all


def test_every_code_the_engine_refuses_with_has_its_words_and_no_words_go_stale():
    assert set(words.REFUSALS) == codes_raised("racing") | literal_codes("racing", "Blocked")
    assert set(words.COURSE_CHECK_WORDS) == literal_codes("racing", "CourseFault")
    assert set(ENGINE_WHYS) <= set(words.WHY_WORDS) | set(words.REFUSAL_WHY_WORDS)


def _shown(key: str, value: object) -> list[str]:
    """How a param shows in the words."""
    if key == "jet":
        return [words.jet_name(value)]
    if key == "kind":
        return [words.kind_name(value)]
    if key == "setting":
        return [str(words.SETTING_NAMES[value])]
    if isinstance(value, list):
        return [words.number_words(v) for v in value]
    return [words.number_words(value)]


RULE_CASES = [case for case in CASES if case[1] != "malformed"]


@pytest.mark.parametrize(
    "make, code, params",
    RULE_CASES,
    ids=[f"{n}-{code}" for n, (_, code, _) in enumerate(RULE_CASES)],
)
def test_a_refusal_reads_in_english_and_german_with_its_params(make, code, params):
    with pytest.raises(EngineError) as refused:
        make()
    said = {}
    for language in ("en", "de"):
        with translation.override(language):
            said[language] = words.refusal(refused.value)
            for key, value in params.items():
                if key not in UNSHOWN:
                    assert all(part in said[language] for part in _shown(key, value)), (
                        said[language],
                        key,
                        value,
                    )
    assert said["en"] != said["de"]
    assert str(refused.value) not in said["de"]  # not the engine's technical English


def test_a_refusal_met_in_another_flight_says_which():
    ((make, _, _),) = [c for c in CASES if c[2].get("during") == "hyper_booster"]
    with pytest.raises(EngineError) as refused:
        make()
    with translation.override("de"):
        assert words.refusal(refused.value) == (
            "ein Gelenk überschreitet die Grenze von 45 Grad (im zweiten Flug des Hyper Boosters)"
        )


def test_a_race_that_cannot_be_set_up_is_refused_in_german():
    with translation.override("de"), pytest.raises(Rejected) as refused:
        RULES.clean_settings({"level": 7})
    assert str(refused.value) == "das Rennen lässt sich nicht aufbauen: Stufe: 1 bis 4, nicht 7"


@pytest.mark.django_db
def test_a_german_pilots_hinge_past_its_limit_is_refused_in_german_and_nothing_is_stored(
    client, django_capture_on_commit_callbacks
):
    hans, bob = make_user("hans", language="de"), make_user("bob")
    game = make_race(hans, bob)
    client.force_login(hans)
    german = "ein Gelenk überschreitet die Grenze von 60 Grad"
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            page_url(game, 0, "submit"), {"round": "1", "lift": "1", "h1": "75", "h2": "0"}
        )
    page = response.content.decode()
    assert response.status_code == 400 and '<html lang="de">' in page
    assert f"Nicht angenommen: {german}." in page
    assert "past the limit" not in page and "degrees" not in page
    preview = client.get(
        page_url(game, 0, "preview"), {"lift": "1", "h1": "75"}, **HTMX
    ).content.decode()
    assert f'<p class="error" role="alert">{german}</p>' in preview
    # his program, with his token, is answered in his language too
    answer = Bot(hans).post(
        seat_path(game, 0, "/preview"), {"orders": {"lift": 1, "hinge": [61, 0]}}
    )
    assert answer.status_code == 400
    assert answer.json() == {
        "code": "rejected",
        "message": "ein Gelenk überschreitet die Grenze von 60 Grad",
    }
    assert not Order.objects.exists()


@pytest.mark.django_db
def test_a_program_whose_person_saved_no_language_is_answered_in_the_one_it_asks_for():
    bob, carol = make_user("bob"), make_user("carol")
    game = make_race(bob, carol)
    bot, late = Bot(bob), {"orders": {"lift": 1, "hinge": [61, 0]}}
    assert bot.post(seat_path(game, 0, "/preview"), late).json()["message"] == (
        "a hinge is past the limit of 60 degrees"
    )
    german = bot.client.post(
        API + seat_path(game, 0, "/preview"),
        json.dumps(late),
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="de",
        HTTP_AUTHORIZATION=f"Bearer {bot.secret}",
    )
    assert german.json()["message"] == "ein Gelenk überschreitet die Grenze von 60 Grad"
