import json
import os
import subprocess
import sys
from pathlib import Path
from unittest import mock

import pytest
from django.contrib.staticfiles import finders
from django.db import OperationalError

ROOT = Path(__file__).resolve().parents[2]


def test_healthz_says_ok_when_the_database_answers(client, db):
    response = client.get("/healthz")

    assert response.status_code == 200
    assert response.content == b"ok"


@pytest.mark.slow
def test_healthz_says_503_when_the_database_is_unreachable(client):
    with mock.patch("games.db.queries.fetch", side_effect=OperationalError("down")):
        response = client.get("/healthz")

    assert response.status_code == 503
    assert b"database" in response.content


def test_home_page_renders_with_local_htmx(client):
    response = client.get("/")

    assert response.status_code == 200
    html = response.content.decode()
    assert "<header" in html and "Skies" in html
    assert '<script src="/static/django_htmx/htmx-2.min.js" defer>' in html
    assert finders.find("django_htmx/htmx-2.min.js"), "htmx is not served from our static files"
    assert 'hx-headers=\'{"X-CSRFToken": "' in html
    assert 'href="/static/css/site.css"' in html


def settings_in_fresh_process(**env):
    """Import config.settings in a new interpreter with only `env` set on top of a clean env."""
    clean = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "CELERY_BROKER_URL")}
    code = (
        "import json; from config import settings as s; print(json.dumps({"
        "'engine': s.DATABASES['default']['ENGINE'], 'name': str(s.DATABASES['default']['NAME']),"
        "'eager': s.CELERY_TASK_ALWAYS_EAGER, 'propagates': s.CELERY_TASK_EAGER_PROPAGATES}))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        env={**clean, **env},
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(result.stdout)


def test_settings_default_to_sqlite_and_eager_tasks_when_env_is_unset():
    found = settings_in_fresh_process()

    assert found["engine"] == "django.db.backends.sqlite3"
    assert found["name"] == str(ROOT / "db.sqlite3")
    assert found["eager"] is True
    assert found["propagates"] is True


def test_settings_use_postgres_and_the_broker_when_env_is_set():
    found = settings_in_fresh_process(
        DATABASE_URL="postgres://someone@db.invalid:5432/skies",
        CELERY_BROKER_URL="redis://broker.invalid:6379/0",
    )

    assert found["engine"] == "django.db.backends.postgresql"
    assert found["name"] == "skies"
    assert found["eager"] is False
