"""Production defaults: with ``DEBUG`` off (the default) the settings refuse to load without a
real ``SECRET_KEY`` and explicit ``ALLOWED_HOSTS``; production settings behind a TLS proxy pass
Django's deployment checks; a password reset never mails a link to a host that the request
made up; every page carries a Content-Security-Policy that no template needs to loosen.

Settings are read in a fresh interpreter with exactly the environment given, as a server
process would start."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.factories import make_user

pytestmark = pytest.mark.slow  # each test loads the settings in a process of its own

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable

KEY = "Zq3-" + "k8Vr_P2mXw9LtYc6BnHs4QjDf7GaRe5UoTi1KyN0vMbWlEh" + "-sKy"
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": KEY,
    "ALLOWED_HOSTS": "skies.example",
    "SECURE_PROXY_SSL_HEADER": "X-Forwarded-Proto",
    "SITE_URL": "https://skies.example",
}
# What a test's own environment (or the developer's) might set: none of it leaks in.
SETTINGS_VARIABLES = (
    "DEBUG",
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "HTTPS",
    "CSRF_TRUSTED_ORIGINS",
    "DATABASE_URL",
    "CACHE_URL",
    "CELERY_BROKER_URL",
    "SENTRY_DSN",
    "SITE_URL",
    "DJANGO_ALLOW_ASYNC_UNSAFE",
)  # the browser tests set the last one


def environment(**env) -> dict:
    clean = {
        name: value
        for name, value in os.environ.items()
        if name not in SETTINGS_VARIABLES and not name.startswith("SECURE_")
    }
    return {**clean, **env}


def run(args: list[str], **env) -> subprocess.CompletedProcess:
    return subprocess.run(
        args,
        env=environment(**env),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def settings_of(names: list[str], **env) -> dict:
    code = (
        "import json, sys; from config import settings as s; "
        "print(json.dumps({n: getattr(s, n, None) for n in sys.argv[1:]}))"
    )
    result = run([PYTHON, "-c", code, *names], **env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def refusal(**env) -> str:
    """The error that loading the settings ends with (fails if they load)."""
    result = run([PYTHON, "-c", "import config.settings"], **env)
    assert result.returncode != 0, "the settings loaded"
    return result.stderr.strip().splitlines()[-1]


# --- DEBUG, SECRET_KEY, ALLOWED_HOSTS -------------------------------------------------------


def test_debug_is_off_unless_a_process_switches_it_on():
    assert settings_of(["DEBUG"], SECRET_KEY=KEY, ALLOWED_HOSTS="skies.example") == {"DEBUG": False}
    assert settings_of(["DEBUG"], DEBUG="1") == {"DEBUG": True}


def test_development_mode_needs_no_other_setting():
    found = settings_of(["SECRET_KEY", "ALLOWED_HOSTS", "SECURE_SSL_REDIRECT"], DEBUG="1")

    assert found["SECRET_KEY"].startswith("django-insecure-")  # Django's own mark of a weak key
    assert found["ALLOWED_HOSTS"] == ["*"]
    assert found["SECURE_SSL_REDIRECT"] is False


def test_production_refuses_to_start_without_a_secret_key():
    error = refusal(DEBUG="0", ALLOWED_HOSTS="skies.example")

    assert error.startswith("django.core.exceptions.ImproperlyConfigured: SECRET_KEY must be")


@pytest.mark.parametrize("key", ["short-but-set", "a" * 60, "django-insecure-" + KEY])
def test_production_refuses_a_weak_secret_key(key):
    error = refusal(DEBUG="0", SECRET_KEY=key, ALLOWED_HOSTS="skies.example")

    assert "ImproperlyConfigured: SECRET_KEY must be set to a long random string" in error


@pytest.mark.parametrize("hosts", [None, "", "*", "skies.example,*"])
def test_production_refuses_to_start_without_explicit_allowed_hosts(hosts):
    env = {"DEBUG": "0", "SECRET_KEY": KEY}
    if hosts is not None:
        env["ALLOWED_HOSTS"] = hosts

    error = refusal(**env)

    assert error.startswith("django.core.exceptions.ImproperlyConfigured: ALLOWED_HOSTS must")


def test_the_deployment_checks_pass_on_production_settings_behind_tls():
    result = run(
        [PYTHON, "manage.py", "check", "--deploy", "--fail-level", "WARNING"], **PRODUCTION
    )

    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_the_deployment_checks_fail_on_plain_http():
    """The check above can fail: the same settings on plain HTTP miss HSTS and secure cookies."""
    result = run(
        [PYTHON, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        **PRODUCTION,
        HTTPS="0",
    )

    assert result.returncode != 0
    for check in ("security.W004", "security.W008", "security.W012", "security.W016"):
        assert check in result.stderr


# --- the Host header ------------------------------------------------------------------------


def production_request_settings(settings) -> None:
    """This process's settings as production has them for a request: hosts, TLS proxy."""
    found = settings_of(
        [
            "ALLOWED_HOSTS",
            "SECURE_PROXY_SSL_HEADER",
            "SECURE_SSL_REDIRECT",
            "SECURE_REDIRECT_EXEMPT",
            "SECURE_HSTS_SECONDS",
            "SECURE_HSTS_INCLUDE_SUBDOMAINS",
            "SECURE_HSTS_PRELOAD",
            "SESSION_COOKIE_SECURE",
            "CSRF_COOKIE_SECURE",
            "SITE_URL",
        ],
        **PRODUCTION,
    )
    found["SECURE_PROXY_SSL_HEADER"] = tuple(found["SECURE_PROXY_SSL_HEADER"])
    for name, value in found.items():
        setattr(settings, name, value)


@pytest.mark.django_db
def test_a_password_reset_mails_a_link_to_the_sites_own_host_only(client, settings, mailoutbox):
    production_request_settings(settings)
    make_user("alice", email="alice@example.invalid")
    form = {"email": "alice@example.invalid"}
    through_the_proxy = {"HTTP_X_FORWARDED_PROTO": "https"}

    forged = client.post(
        "/accounts/password_reset/", form, HTTP_HOST="evil.example", **through_the_proxy
    )
    assert forged.status_code == 400
    assert mailoutbox == []

    honest = client.post(
        "/accounts/password_reset/", form, HTTP_HOST="skies.example", **through_the_proxy
    )
    assert honest.status_code == 302
    links = re.findall(r"\w+://\S+", mailoutbox[0].body)
    assert links and all(link.startswith("https://skies.example/") for link in links), links


@pytest.mark.django_db
def test_plain_http_is_redirected_to_https_but_the_health_check_is_not(client, settings):
    production_request_settings(settings)

    page = client.get("/games/", HTTP_HOST="skies.example")
    assert page.status_code == 301 and page["Location"] == "https://skies.example/games/"

    secure = client.get("/games/", HTTP_HOST="skies.example", HTTP_X_FORWARDED_PROTO="https")
    assert secure.status_code == 200
    assert secure["Strict-Transport-Security"] == ("max-age=31536000; includeSubDomains; preload")

    assert client.get("/healthz", HTTP_HOST="skies.example").status_code == 200


# --- Content-Security-Policy ----------------------------------------------------------------


def test_every_page_sends_a_policy_without_inline_script_or_style(client, db):
    policy = client.get("/")["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))

    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["default-src"] == "'self'"
    assert directives["object-src"] == "'none'" and directives["frame-ancestors"] == "'none'"
    assert "unsafe" not in policy


TEMPLATE_DIRS = [ROOT / "templates", *ROOT.glob("*/templates")]
INLINE = [
    # A data block (``json_script``'s ``type="application/json"``) is never run: CSP allows it.
    (
        re.compile(
            r"<script(?![^>]*\bsrc=)(?![^>]*\btype=\"application/json\")[^>]*>", re.IGNORECASE
        ),
        "inline script",
    ),
    (re.compile(r"<style\b", re.IGNORECASE), "style element"),
    (re.compile(r"\sstyle\s*=", re.IGNORECASE), "style attribute"),
    (re.compile(r"\son[a-z]+\s*=", re.IGNORECASE), "event handler attribute"),
    (re.compile(r"javascript:", re.IGNORECASE), "javascript: URL"),
    (re.compile(r"\shx-on[:-]", re.IGNORECASE), "htmx inline handler"),
]


def inline_code_in(text: str) -> list[str]:
    return [what for pattern, what in INLINE if pattern.search(text)]


def test_no_template_holds_inline_script_style_or_handlers():
    templates = [path for place in TEMPLATE_DIRS for path in place.rglob("*.html")]
    assert len(templates) > 20
    found = [
        f"{path.relative_to(ROOT)}: {what}"
        for path in templates
        for what in inline_code_in(path.read_text())
    ]
    assert not found, found


def test_the_template_scan_sees_inline_code():
    assert inline_code_in("<script>alert(1)</script>") == ["inline script"]
    assert inline_code_in('<script src="/static/a.js" defer></script>') == []
    assert inline_code_in('<script id="steps" type="application/json">[1]</script>') == []
    assert inline_code_in('<script type="module">x()</script>') == ["inline script"]
    assert inline_code_in('<p style="color: red" onclick="x()">') == [
        "style attribute",
        "event handler attribute",
    ]
    assert inline_code_in('<div hx-on:click="x()">') == ["htmx inline handler"]


@pytest.mark.django_db
def test_no_rendered_page_holds_inline_script_style_or_handlers(client):
    """What Python writes into pages too (boards, rules pages), on every kind of page."""
    from django.urls import reverse

    from games import registry, resolution
    from tests.factories import make_dogfight, open_round

    alice = make_user("alice")
    game = make_dogfight(alice, humans={0: alice})  # her own game: referee and pilot
    rnd = open_round(game)
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
    anonymous = [
        reverse("home"),
        reverse("lobby"),
        reverse("login"),
        reverse("signup"),
        reverse("game", args=[game.pk]),
        reverse("round_report", args=[game.pk, 1]),
        *[rules.rules_url() for rules in registry.all_games() if rules.rules_url()],
    ]
    logged_in = [
        reverse("my_games"),
        game.rules.seat_url(game.pk, 0),
        reverse("referee_panel", args=[game.pk]),
        reverse("game", args=[game.pk]),
    ]

    found = {}
    for page in anonymous + [None] + logged_in:
        if page is None:
            client.force_login(alice)
            continue
        response = client.get(page)
        assert response.status_code == 200, page
        found[page] = inline_code_in(response.content.decode())
    assert not any(found.values()), found


def test_the_database_timeouts_come_from_the_environment():
    url = {"DATABASE_URL": "postgres://skies@db.invalid:5432/skies", "DEBUG": "1"}

    default = settings_of(["DATABASES"], **url)["DATABASES"]["default"]["OPTIONS"]
    chosen = settings_of(
        ["DATABASES"], **url, DATABASE_CONNECT_TIMEOUT="3", DATABASE_STATEMENT_TIMEOUT="2.5"
    )["DATABASES"]["default"]["OPTIONS"]
    none = settings_of(["DATABASES"], **url, DATABASE_STATEMENT_TIMEOUT="0")["DATABASES"][
        "default"
    ]["OPTIONS"]

    assert (default["connect_timeout"], default["options"]) == (5, "-c statement_timeout=30000")
    assert (chosen["connect_timeout"], chosen["options"]) == (3, "-c statement_timeout=2500")
    assert "options" not in none
