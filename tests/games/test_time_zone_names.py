"""Time zones are offered in the reader's language, in CLDR's words (through Babel), sorted as
he reads them; the value sent and stored stays the IANA id."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from games.forms import GameSettingsForm, zone_choices_in
from games.models import Profile
from tests.factories import make_user

pytestmark = pytest.mark.django_db


def zone_options(page: str) -> list[tuple[str, str]]:
    """(value, words) of each option of the time-zone select, in page order."""
    select = re.search(r'<select name="time_zone".*?</select>', page, re.DOTALL)
    assert select, "no time-zone select on the page"
    return re.findall(r'<option value="([^"]+)"[^>]*>([^<]*)</option>', select.group(0))


def my_games(client, language: str) -> str:
    client.force_login(make_user("anna", language=language))
    return client.get(reverse("my_games")).content.decode()


def test_the_german_page_names_the_zones_in_german(client):
    options = dict(zone_options(my_games(client, "de")))
    assert options["Europe/Berlin"] == "Deutschland (Berlin) – Mitteleuropäische Zeit"
    assert options["Asia/Tokyo"] == "Japan (Tokio) – Japanische Zeit"
    assert options["UTC"] == "Koordinierte Weltzeit (UTC)"


def test_the_english_page_names_the_zones_in_english(client):
    options = dict(zone_options(my_games(client, "en")))
    assert options["Europe/Berlin"] == "Germany (Berlin) – Central European Time"
    assert options["UTC"] == "Coordinated Universal Time (UTC)"


def test_the_zones_are_sorted_as_a_german_reader_reads_them(client):
    words = [label for _, label in zone_options(my_games(client, "de"))]

    def place(start):
        return next(n for n, label in enumerate(words) if label.startswith(start))

    assert place("Ägypten (Kairo)") < place("Albanien (Tirana)")
    assert place("Deutschland (Berlin)") < place("Japan (Tokio)")


def test_every_zone_has_words_of_its_own_and_an_old_name_shows_its_id(client):
    options = zone_options(my_games(client, "de"))
    assert len({label for _, label in options}) == len(options)
    named = dict(options)
    # CLDR's words vary with its release (whether a zone's time has a name of its own): the
    # place is said, and the old name reads as the zone it stands for, with its id.
    assert named["America/Argentina/Buenos_Aires"].startswith("Argentinien (Buenos Aires)")
    assert named["America/Buenos_Aires"] == (
        f"{named['America/Argentina/Buenos_Aires']} (America/Buenos Aires)"
    )


def test_a_german_reader_stores_the_iana_id_not_the_words(client):
    user = make_user("anna", language="de")
    client.force_login(user)
    response = client.post(reverse("my_games"), {"time_zone": "Asia/Tokyo", "notices": "every"})
    assert response.status_code == 302
    assert Profile.objects.get(user=user).time_zone == "Asia/Tokyo"
    words = client.post(
        reverse("my_games"), {"time_zone": "Japan (Tokio) – Japanische Zeit", "notices": "every"}
    )
    assert words.status_code == 200
    assert Profile.objects.get(user=user).time_zone == "Asia/Tokyo"


def test_the_new_games_form_names_its_zones_in_the_active_language():
    with translation.override("de"):
        german = str(GameSettingsForm()["time_zone"])
    with translation.override("en"):
        english = str(GameSettingsForm()["time_zone"])
    assert '<option value="Europe/Berlin" selected>Deutschland (Berlin)' in german
    assert '<option value="Europe/Berlin" selected>Germany (Berlin)' in english


def test_the_choices_are_built_once_per_language():
    assert zone_choices_in("de") is zone_choices_in("de")
    assert zone_choices_in("de") != zone_choices_in("en")
