"""Whatever a builder form is sent, the answer is the builder again (taken, or refused with
its reason and nothing changed): never a server error. Hypothesis writes the forms."""

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from joyride.models import PlanDraft

from .helpers import make_game, url

pytestmark = pytest.mark.django_db

cells = st.lists(st.tuples(st.integers(-12, 45), st.integers(-12, 45)), max_size=6).map(
    lambda found: " ".join(f"{r},{c}" for r, c in found)
)
noise = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40)
forms = st.one_of(
    st.fixed_dictionaries(
        {
            "do": st.just("place"),
            "shape": st.sampled_from(["I3", "I4", "L4", "S4", "U5", "X", ""]),
            "cells": st.one_of(cells, noise),
        }
    ),
    st.fixed_dictionaries({"do": st.just("place"), "choice": noise}),
    st.fixed_dictionaries(
        {
            "do": st.just("text"),
            "plan": st.one_of(
                noise,
                st.lists(
                    st.tuples(st.sampled_from(["I3", "L4", "pass", "insta I4", "U5"]), cells),
                    max_size=4,
                ).map(lambda lines: "\n".join(f"{shape} {where}" for shape, where in lines)),
            ),
        }
    ),
    st.fixed_dictionaries(
        {"do": st.sampled_from(["undo", "stop", "clear", "undo_insta", "", "x"])}
    ),
)


@pytest.fixture
def player(alice, bob, settings):
    # 120 forms in a few seconds: more than a person may send (its own test holds the limit).
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "draft_edits_per_seat": "1000/m"}
    game = make_game(alice, bob)
    client = Client()
    client.force_login(alice)
    return game, client


@pytest.mark.slow
@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(form=forms)
def test_any_builder_form_is_answered_never_with_a_server_error(player, form):
    game, client = player
    before = list(PlanDraft.objects.values_list("plan", flat=True))
    response = client.post(url(game, 0, "build"), form)
    assert response.status_code in (302, 400), response.status_code
    if response.status_code == 400:
        assert "Not taken:" in response.content.decode()
        assert list(PlanDraft.objects.values_list("plan", flat=True)) == before
