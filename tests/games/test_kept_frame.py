"""The site's frame from kept parts (``{% kept_in_process %}``, games/templatetags/frame.py): the header,
the head's links and the countdown's words are rendered once per process for each language and
what their tag names, and a kept page is the page drawn afresh; what belongs to the request (its
CSRF token, its path) is its own on every page."""

import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone, translation

from games.templatetags.clock import deadline
from tests.factories import make_dogfight, make_user
from tests.helpers import fast_passwords  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords")]

TOKEN = re.compile(r'(csrfmiddlewaretoken" value="|"X-CSRFToken": ")([A-Za-z0-9]+)')


def _tokens(page: str) -> set[str]:
    return {token for _, token in TOKEN.findall(page)}


def _without_tokens(page: str) -> str:
    return TOKEN.sub(r"\1TOKEN", page)


def override_frame_settings():
    """A setting changed: every kept part starts empty."""
    return override_settings(KEPT_FRAME_TEST=object())


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_page_from_kept_parts_is_the_page_drawn_afresh_but_for_its_csrf_token(client, language):
    pilot = make_user("kept")
    game = make_dogfight(humans={0: pilot})
    client.force_login(pilot)
    seat = f"/dogfight/games/{game.pk}/seat/0/"
    with override_frame_settings():  # every kept part empty: the first page draws them
        first = client.get(seat, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        kept = client.get(seat, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert _without_tokens(kept) == _without_tokens(first)
    assert 'class="site-header"' in kept and "language-switch" in kept


def test_each_page_carries_its_own_requests_csrf_token_in_every_form_of_the_header():
    pilots = [make_user("one"), make_user("two")]
    pages = []
    for pilot in pilots:
        client = Client()
        client.force_login(pilot)
        pages.append(client.get(reverse("lobby")).content.decode())
    first, second = (_tokens(page) for page in pages)
    # the body's header for htmx, the log-out form and the language switch: one token a page
    assert len(first) == len(second) == 1 and first != second
    assert all(page.count("csrfmiddlewaretoken") == 2 for page in pages)


def test_a_reader_without_a_session_gets_no_token_and_the_log_in_links(client):
    page = client.get(reverse("lobby")).content.decode()
    assert f'href="{reverse("login")}"' in page and "Log out" not in page
    client.force_login(make_user("back"))
    page = client.get(reverse("lobby")).content.decode()
    assert "Log out" in page and f'href="{reverse("login")}"' not in page


def test_the_language_switch_returns_to_each_requests_own_page(client):
    client.force_login(make_user())
    for path in ("/games/", "/games/?a=1&b=%3Cb%3E", "/me/"):
        response = client.get(path)
        page = response.content.decode()
        assert response.status_code == 200
        expected = path.replace("&", "&amp;")
        assert f'<input type="hidden" name="next" value="{expected}">' in page


def test_the_header_is_in_the_readers_language_and_follows_a_change_of_it(client):
    english = client.get(reverse("lobby"), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    german = client.get(reverse("lobby"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert '<html lang="en">' in english and ">Log in<" in english
    assert '<html lang="de">' in german and ">Anmelden<" in german
    assert 'value="de" lang="de" aria-current="true" disabled' in german
    assert 'value="en" lang="en" aria-current="true" disabled' in english


def test_a_deadline_is_written_in_each_readers_zone_and_language():
    moment = datetime(2030, 12, 9, 11, 0, tzinfo=UTC)
    written = {}
    for zone, language in [("Europe/Berlin", "de"), ("America/New_York", "en")] * 2:
        with translation.override(language), timezone.override(ZoneInfo(zone)):
            written.setdefault((zone, language), set()).add(str(deadline(moment)))
    berlin, new_york = written[("Europe/Berlin", "de")], written[("America/New_York", "en")]
    assert len(berlin) == len(new_york) == 1  # the same each time
    assert "9. Dez 2030, 12:00 CET</time>" in berlin.pop()
    assert "9 Dec 2030, 06:00 EST</time>" in new_york.pop()
