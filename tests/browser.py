"""Browser tests: Playwright's sync API driving Debian's Chromium against ``live_server``.

No browser is ever downloaded (never ``playwright install``): the tests launch
``/usr/bin/chromium``, which ``.ci/run`` installs from Debian when it is missing.
"""

import os
import re
from contextlib import ExitStack, contextmanager
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


# Chromium logs every answer of 400-499 to a request as an error of the console; it is the site
# refusing bad input as it must (a refused order's page, 400), not a fault of the page.
REFUSED = re.compile(r"^Failed to load resource: the server responded with a status of 4\d\d ")


def _problem(message) -> str | None:
    """What a console message tells wrong with the page: any error (a script's, htmx's, a
    resource that failed to load or answered 5xx) and anything the Content-Security-Policy
    blocked (Chromium says so on the console only)."""
    if message.type == "error" and REFUSED.match(message.text):
        return None
    if message.type == "error" or "Content Security Policy" in message.text:
        where = message.location.get("url", "")
        return f"console {message.type}: {message.text} ({where})"
    return None


def _page(browser, **context_options):
    context = browser.new_context(**context_options)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on(
        "console",
        lambda message: (problem := _problem(message)) and problems.append(problem),
    )
    return context, page, problems


def _no_problems(problems: list[str]) -> None:
    assert not problems, "the console was not clean:\n" + "\n".join(problems)


@contextmanager
def clean_page(browser, **context_options):
    """A fresh browser context and page with ``context_options``; any console error,
    JavaScript error or what the Content-Security-Policy blocked fails the test once it is
    closed (the fixtures below are made of it; use it for a context of other options)."""
    context, page, problems = _page(browser, **context_options)
    try:
        yield page
    finally:
        context.close()
    _no_problems(problems)


@pytest.fixture
def page(browser, live_server):
    """A fresh browser context (no cookies) at desktop size; a console error, a JavaScript
    error or what the Content-Security-Policy blocked fails the test."""
    with clean_page(browser, viewport={"width": 1280, "height": 900}) as page:
        yield page


@pytest.fixture
def phone_page(browser, live_server):
    """A fresh browser context the size of a phone (390x844, touch, mobile viewport), held to
    a clean console as ``page`` is."""
    with clean_page(
        browser,
        viewport={"width": 390, "height": 844},
        device_scale_factor=3,
        is_mobile=True,
        has_touch=True,
    ) as page:
        yield page


@pytest.fixture
def two_pages(browser, live_server):
    """Two fresh desktop contexts side by side (two people at two screens), each held to a
    clean console."""
    with ExitStack() as stack:
        yield [
            stack.enter_context(clean_page(browser, viewport={"width": 1280, "height": 900}))
            for _ in range(2)
        ]


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
