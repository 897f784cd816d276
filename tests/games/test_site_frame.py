"""The frame of every page (``base.html``): the header's links, for visitors and the logged-in."""

import pytest
from django.test.utils import override_script_prefix
from django.urls import reverse

from tests.factories import make_user
from tests.helpers import fast_passwords  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords")]


def test_a_visitor_sees_the_games_the_pilots_and_log_in_and_sign_up(client):
    page = client.get(reverse("lobby")).content.decode()
    for name in ("home", "lobby", "dogfight:leaderboard", "login", "signup"):
        assert f'href="{reverse(name)}"' in page
    assert reverse("logout") not in page


def test_a_logged_in_person_sees_my_games_and_a_log_out_form_with_his_token(client):
    client.force_login(make_user("alice"))
    page = client.get(reverse("lobby")).content.decode()
    assert f'href="{reverse("my_games")}"' in page
    assert f'action="{reverse("logout")}">' in page and 'name="csrfmiddlewaretoken"' in page
    assert f'href="{reverse("login")}"' not in page


def test_the_links_follow_the_sites_script_prefix(client):
    lobby = reverse("lobby")
    client.get(lobby)  # the links without a prefix worked out first
    with override_script_prefix("/skies/"):
        page = client.get(lobby).content.decode()
    assert 'href="/skies/games/"' in page and 'href="/skies/dogfight/pilots/"' in page
