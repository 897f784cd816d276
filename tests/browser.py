"""Browser tests: Playwright's sync API driving Debian's Chromium against ``live_server``.

No browser is ever downloaded (never ``playwright install``): the tests launch
``/usr/bin/chromium``, which ``.ci/run`` installs from Debian when it is missing.
"""

import os
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in the main thread; Django would then refuse the
# ORM calls the tests make there (factories, assertions) as "async unsafe". They are not: the
# loop only talks to the browser.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = Path("/usr/bin/chromium")
# htmx's classes while a request, swap or settle is under way: wait with
# ``expect(page.locator(HTMX_BUSY)).to_have_count(0)`` (a locator: the site's
# Content-Security-Policy forbids ``wait_for_function``, which evaluates a string as script).
HTMX_BUSY = ".htmx-request, .htmx-swapping, .htmx-settling"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIMEOUT_MS = 10_000


def pytest_collection_modifyitems(items):
    """Every test that drives Chromium (through ``page``, ``phone_page``, ``two_pages`` or the
    browser itself) is marked ``browser``, so ``-m "not browser"`` leaves them all out."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: install Debian's chromium (apt-get install "
            f"chromium; .ci/run does it). Never download a browser with Playwright."
        )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        yield browser
        browser.close()


def _page(browser, **context_options):
    context = browser.new_context(**context_options)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # What the Content-Security-Policy blocked (an inline script or style): Chromium says so
    # on the console only.
    page.on(
        "console",
        lambda message: (
            errors.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    return context, page, errors


@pytest.fixture
def page(browser, live_server):
    """A fresh browser context (no cookies) at desktop size; JavaScript errors and what the
    Content-Security-Policy blocked fail the test."""
    context, page, errors = _page(browser, viewport={"width": 1280, "height": 900})
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture
def phone_page(browser, live_server):
    """A fresh browser context the size of a phone (390x844, touch, mobile viewport)."""
    context, page, errors = _page(
        browser,
        viewport={"width": 390, "height": 844},
        device_scale_factor=3,
        is_mobile=True,
        has_touch=True,
    )
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture
def two_pages(browser, live_server):
    """Two fresh desktop contexts side by side (two people at two screens)."""
    opened = [_page(browser, viewport={"width": 1280, "height": 900}) for _ in range(2)]
    yield [page for _, page, _ in opened]
    for context, _, errors in opened:
        context.close()
        assert not errors, f"JavaScript errors on the page: {errors}"


def log_in(page, base: str, user, next_path: str = "/games/") -> None:
    """Log ``user`` in through the site's form (the factories' password) and land on
    ``next_path``."""
    from tests.factories import PASSWORD

    page.goto(f"{base}/accounts/login/?next={next_path}")
    page.fill("#id_username", user.username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{base}{next_path}")


SERIOUS = ("serious", "critical")


def axe_violations(page, impacts=SERIOUS) -> list[dict]:
    """What axe-core finds wrong on the page as it stands, of the given impacts: one dict a
    rule (``id``, ``impact``, ``help`` and the CSS targets of the nodes it failed on).

    axe-core is the copy bundled in the axe-playwright-python package (never a CDN): it is
    evaluated through the DevTools protocol, which the site's Content-Security-Policy does not
    govern. Check each colour scheme with ``page.emulate_media(color_scheme=...)`` first.

        assert axe_violations(page) == []
    """
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [
        {
            "id": rule["id"],
            "impact": rule["impact"],
            "help": rule["help"],
            "targets": [node["target"] for node in rule["nodes"]],
        }
        for rule in results.response["violations"]
        if rule["impact"] in impacts
    ]
