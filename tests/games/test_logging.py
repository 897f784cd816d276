"""With DEBUG off, a request that fails is written down: one JSON line on stderr per log
record, the traceback inside it, with the request's id (an incoming ``X-Request-ID`` that is a
UUID, else a new one; sent back in the response); and to Sentry when ``SENTRY_DSN`` is set.

Each case runs a server process's settings in a fresh interpreter (production settings, no
database needed) whose home page is made to raise."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
import threading
import uuid
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
KEY = "Zq3-k8Vr_P2mXw9LtYc6BnHs4QjDf7GaRe5UoTi1KyN0vMbWlEh-sKy"
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": KEY,
    "ALLOWED_HOSTS": "testserver",
    "HTTPS": "0",
    "DATABASE_URL": "",
    "CACHE_URL": "",
    "CELERY_BROKER_URL": "",
    "SENTRY_DSN": "",
}

FAILING_REQUEST = """
import json, sys
import django
django.setup()
import games.views

def broken_home(request):
    raise RuntimeError("the home page broke")

games.views.home = broken_home          # before the URLconf is first read
from django.test import Client

headers = json.loads(sys.argv[1])
response = Client(raise_request_exception=False).get("/", headers=headers)
print(json.dumps({"status": response.status_code, "request_id": response.get("X-Request-ID")}))
import sentry_sdk
sentry_sdk.flush()
"""


def failing_request(headers: dict, **env) -> tuple[dict, list[dict], str]:
    """The response's status and request id, the JSON lines on stderr, and stderr itself."""
    result = subprocess.run(
        [sys.executable, "-c", FAILING_REQUEST, json.dumps(headers)],
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", **PRODUCTION, **env},
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    records = [json.loads(line) for line in result.stderr.splitlines() if line.startswith("{")]
    return json.loads(result.stdout), records, result.stderr


def the_500(records: list[dict]) -> dict:
    [record] = [r for r in records if r["logger"] == "django.request"]
    return record


@pytest.mark.slow
def test_a_500s_traceback_is_one_json_line_with_the_incoming_request_id():
    incoming = uuid.uuid4().hex

    response, records, stderr = failing_request({"X-Request-ID": incoming})

    assert response == {"status": 500, "request_id": incoming}
    record = the_500(records)
    assert record["level"] == "ERROR" and record["message"] == "Internal Server Error: /"
    assert record["request_id"] == incoming
    assert record["traceback"].startswith("Traceback (most recent call last):")
    assert record["traceback"].endswith("RuntimeError: the home page broke")
    line = next(line for line in stderr.splitlines() if incoming in line and "Traceback" in line)
    assert json.loads(line) == record  # the whole traceback on that one line


@pytest.mark.slow
def test_a_request_without_an_id_is_given_one_in_its_log_and_its_response():
    response, records, _ = failing_request({})

    assert response["status"] == 500
    assert uuid.UUID(response["request_id"])
    assert the_500(records)["request_id"] == response["request_id"]


@pytest.mark.slow
@pytest.mark.parametrize("incoming", ["not-a-uuid", 'x"}\n{"level": "forged"'])
def test_an_incoming_id_that_is_no_uuid_is_replaced(incoming):
    response, records, stderr = failing_request({"X-Request-ID": incoming})

    assert response["request_id"] != incoming and uuid.UUID(response["request_id"])
    assert the_500(records)["request_id"] == response["request_id"]
    assert "forged" not in stderr.replace(json.dumps(incoming)[1:-1], "")


# --- Sentry ---------------------------------------------------------------------------------


class _Collector(BaseHTTPRequestHandler):
    """Sentry's ingestion as far as the SDK sees it: every envelope posted is kept."""

    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        encoding = self.headers.get("Content-Encoding", "")
        if encoding == "gzip":
            body = gzip.decompress(body)
        elif encoding == "deflate":
            body = zlib.decompress(body)
        self.server.envelopes.append((self.path, body))
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"{}")

    def log_message(self, *args):
        pass


@pytest.fixture
def sentry():
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Collector)
    server.envelopes = []
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.shutdown()


def events_in(envelopes) -> list[dict]:
    events = []
    for _path, body in envelopes:
        lines = body.split(b"\n")
        for header, payload in zip(lines[1::2], lines[2::2]):
            if json.loads(header).get("type") == "event":
                events.append(json.loads(payload))
    return events


@pytest.mark.slow
def test_with_a_sentry_dsn_the_error_goes_to_sentry_tagged_with_its_request_id(sentry):
    incoming = uuid.uuid4().hex
    dsn = f"http://publickey@127.0.0.1:{sentry.server_address[1]}/42"

    response, _records, _ = failing_request({"X-Request-ID": incoming}, SENTRY_DSN=dsn)

    assert response["status"] == 500
    assert all(path == "/api/42/envelope/" for path, _ in sentry.envelopes)
    [event] = events_in(sentry.envelopes)
    [error] = event["exception"]["values"]
    assert (error["type"], error["value"]) == ("RuntimeError", "the home page broke")
    assert event["tags"]["request_id"] == incoming
    assert event["transaction"] == "/"  # named by the Django integration, from the URLconf
