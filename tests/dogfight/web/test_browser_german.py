"""A German pilot in a real browser (Debian's Chromium set to de-DE) against live_server: he
signs up, flies one practice round (three maneuvers, names his pilot, submits) and reads the
published report, all of it in German.

The practice game resolves as soon as his orders are in, during the submit request itself.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser import _page
from tests.dogfight.web.test_browser_round import preview_after
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db(transaction=True)

COCKPIT_ENGLISH = [
    "Your orders",
    "Move",
    "Maneuver",
    "Fire",
    "ahead",
    "Round",
    "orders due",
    "Submit orders",
    "Radio chatter",
    "Damage",
    "Ammunition",
    "in the air",
    "on the ground",
]
REPORT_ENGLISH = [
    "Replay",
    "The moves",
    "Move",
    "What happened",
    "take off",
    "rolls onto the runway",
    "lifts off",
    "nose",
    "east",
    "sent no orders",
    "flies straight on",
    "ahead",
    "Round",
    "Radio chatter",
    "start",
    "end",
]


@pytest.fixture
def german_page(browser, live_server):
    """A fresh browser context whose language is German (its Accept-Language says so)."""
    context, page, errors = _page(browser, locale="de-DE", viewport={"width": 1280, "height": 900})
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def english_on(page, words: list[str]) -> list[str]:
    text = page.locator("main").inner_text()
    return [word for word in words if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text)]


def test_a_german_pilot_signs_up_flies_a_practice_round_and_reads_the_report(
    german_page, live_server
):
    page, base = german_page, live_server.url

    page.goto(f"{base}/accounts/signup/")
    assert page.locator("html").get_attribute("lang") == "de"
    page.fill("#id_username", "kiebitz")
    page.fill("#id_email", "kiebitz@example.invalid")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(f"{base}/me/")

    page.goto(f"{base}/")
    dogfight = page.locator(".kind-card", has_text="Dogfight")
    dogfight.get_by_role("button", name="Übungspartie spielen").click()
    page.wait_for_url(re.compile(r"/dogfight/games/\d+/seat/0/$"))
    assert page.locator("html").get_attribute("lang") == "de"
    expect(page.get_by_text("Deine Befehle für Runde 1")).to_be_visible()
    expect(page.locator("#m1 option[value=TB]")).to_have_text("Start auf Bahn β")
    expect(page.locator("fieldset.move legend").first).to_have_text("Zug 1")
    assert english_on(page, COCKPIT_ENGLISH) == []

    preview_after(page, lambda: page.select_option("#m1", "TB"))
    preview_after(page, lambda: page.select_option("#m3", "L"))
    expect(page.locator("#m3 option:checked")).to_have_text("Linkskurve")
    page.fill("#pilot_name", "Kiebitz")
    page.get_by_role("button", name="Befehle und Funksprüche abschicken").click()
    expect(page.get_by_text("Deine Befehle sind da.").first).to_be_visible()
    expect(page.get_by_text("Deine Befehle für Runde 2")).to_be_visible()
    expect(page.locator("h1")).to_contain_text("Kiebitz")
    assert english_on(page, COCKPIT_ENGLISH) == []

    page.locator(".crumbs a").first.click()
    expect(page.locator("h1")).to_have_text("Übungsflug von kiebitz")
    page.get_by_role("link", name="Runde 1", exact=True).click()
    page.wait_for_url(re.compile(r"/games/\d+/rounds/1/$"))
    assert page.locator("html").get_attribute("lang") == "de"
    expect(page.locator("#replay h2")).to_have_text("Wiederholung")
    expect(page.locator("#replay .replay-text")).to_have_text("Beginn der Runde")
    expect(page.locator(".flight-log")).to_contain_text("Kiebitz")
    expect(page.locator(".flight-log")).to_contain_text("Start auf Bahn β")
    expect(page.locator(".flight-log")).to_contain_text("Linkskurve")
    expect(page.locator(".events")).to_contain_text("Was geschah")
    expect(page.locator(".events")).to_contain_text("hebt ab")
    expect(page.locator("#replay .replay-mark")).to_have_text("Runde 1")
    page.get_by_role("button", name="Nächster Schritt").click()
    expect(page.locator("#replay .replay-text")).to_have_text("Nach Zug 1")
    assert english_on(page, REPORT_ENGLISH) == []
