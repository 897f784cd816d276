"""Schemathesis fuzzes every operation of the API from its own OpenAPI schema, against the
live test server with a seeded game (a running dogfight with a published round, the token's
seat in it), with all its checks: no 500, every status code documented, every answer matching
its schema, and the schema exact (what it allows is accepted, what it refuses is refused)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from games import resolution
from games.tokens import token_create
from tests.factories import make_dogfight, make_user, open_round

CHECKS = "all"  # conformance included: a request the schema allows is accepted
CONFIG = """
[parameters]
game_id = {game}
number = 0
username = "fuzzer"

[[operations]]
include-path = "/api/v1/games/{{game_id}}/rounds/{{number}}"
parameters = {{ number = 1 }}

[[operations]]
include-path = "/api/v1/ratings/{{kind}}"
parameters = {{ kind = "dogfight" }}

# Orders (and the choices and previews built on them) well formed by the schema may still break
# the game's rules, which no schema can say: the game's refusal (400, with its reason) is then
# the answer. Every other operation accepts whatever its schema allows.
[[operations]]
include-path-regex = "/seats/[^/]+/(choices|preview|orders)$"
checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]
"""


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_schemathesis_finds_no_server_error_and_no_answer_off_the_schema(
    live_server, tmp_path: Path, settings
):
    # The fuzzing's hundreds of requests a minute would only meet the token's limit (a 429,
    # documented, and tested in test_api.py): the operations behind it are what is fuzzed.
    settings.RATE_LIMITS = {
        **settings.RATE_LIMITS,
        "api_requests": "100000/m",
        "orders_per_seat": "100000/m",
        "chatter_per_seat": "100000/m",
        "practice_games_per_person": "100000/m",
    }
    player = make_user("fuzzer")
    game = make_dogfight(humans={0: player}, title="Fuzzed skies", resolve_early=True)
    rnd = open_round(game)
    resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)  # round 1 published
    _token, secret = token_create(user=player, name="schemathesis")
    config = tmp_path / "schemathesis.toml"
    config.write_text(CONFIG.format(game=game.pk))
    run = subprocess.run(
        [
            str(Path(sys.executable).with_name("schemathesis")),
            "--config-file",
            str(config),
            "run",
            f"{live_server.url}/api/v1/openapi.json",
            "--header",
            f"Authorization: Bearer {secret}",
            "--checks",
            CHECKS,
            "--max-examples",
            "20",
            "--seed",
            "1",
            "--workers",
            "1",
            "--no-color",
            "--generation-database",
            "none",
        ],
        capture_output=True,
        text=True,
        timeout=900,
        cwd=tmp_path,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert "14/14" in run.stdout  # every operation was selected and tested
