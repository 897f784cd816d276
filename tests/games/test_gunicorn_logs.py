"""Production's web server writes its lines as the app does: gunicorn, started as
docker-compose.yml starts it (``-c python:config.gunicorn``), logs its own lines and every
request as JSON objects on stderr; a body over the size limit is a warning without its
traceback, so nobody can flood the error log with them."""

from __future__ import annotations

import json
import logging
import os
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path

import pytest
from django.test import Client

from tests.games.test_logging import PRODUCTION, ROOT


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_docker_compose_starts_gunicorn_with_its_config_module():
    compose = (ROOT / "docker-compose.yml").read_text()
    assert "gunicorn -c python:config.gunicorn config.wsgi" in compose


@pytest.mark.slow
def test_gunicorns_own_and_access_lines_are_json_with_the_request_id(tmp_path: Path):
    port = free_port()
    env = {
        **os.environ,
        **PRODUCTION,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "ALLOWED_HOSTS": "127.0.0.1",
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": "1",
    }
    stderr = (tmp_path / "stderr").open("w+")
    server = subprocess.Popen(
        [
            str(Path(sys.executable).with_name("gunicorn")),
            "-c",
            "python:config.gunicorn",
            "config.wsgi",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=stderr,
    )
    incoming = str(uuid.uuid4())
    try:
        for _ in range(100):
            try:
                request = urllib.request.Request(
                    f"http://127.0.0.1:{port}/manifest.webmanifest",
                    headers={"X-Request-ID": incoming},
                )
                with urllib.request.urlopen(request, timeout=5) as answer:
                    assert answer.status == 200
                break
            except OSError:
                time.sleep(0.2)
        else:
            pytest.fail("gunicorn did not answer")
    finally:
        server.terminate()
        server.wait(timeout=30)
    stderr.seek(0)
    lines = stderr.read().splitlines()
    assert not [line for line in lines if "[INFO]" in line]  # no line in gunicorn's own format
    records = [json.loads(line) for line in lines if line.startswith("{")]
    access = next(r for r in records if r["logger"] == "gunicorn.access" and r["status"] == "200")
    assert access["method"] == "GET" and access["path"] == "/manifest.webmanifest"
    assert access["status"] == "200" and access["request_id"] == incoming
    assert any(r["logger"] == "gunicorn.error" and r["level"] == "INFO" for r in records)


@pytest.mark.django_db
def test_an_oversized_body_is_a_warning_without_a_traceback(caplog, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    with caplog.at_level(logging.INFO):
        answer = Client().post("/accounts/login/", {"username": "x" * 5000, "password": "y"})
    assert answer.status_code == 400
    [record] = [r for r in caplog.records if r.name == "django.security.RequestDataTooBig"]
    assert record.levelname == "WARNING" and record.exc_info is None
