"""Secrecy over a whole game: three people against three computer pilots, several rounds. Each
pilot's sealed orders (a maneuver sequence no other pilot flies that round) and his chatter (a
line with a marker of his own) are looked for in EVERY response a spectator, a stranger,
another pilot and the referee can fetch, at every stage: game page, reports and replay steps,
feed, lobby, my games, cockpits and previews (their own and others'), refusals and error pages,
the referee's panel, career pages, the mail, and every operation of the API (/api/v1/, with
the viewer's session). Nothing sealed shows before publication.

(``test_security.py`` checks the same on a duel with a few pages; this is the full sweep.)
"""

from __future__ import annotations

import itertools
import json
import re

import pytest
from django.core import mail
from django.http import HttpResponse
from django.test import Client
from django.urls import reverse

from dogfight.engine.maneuvers import order_form
from dogfight.engine.state import State
from dogfight.models import Pilot
from dogfight.plugin import RULES
from games import notify, resolution
from games.models import Game, Round
from tests.factories import make_dogfight, make_user, open_round
from tests.helpers import (  # noqa: F401
    HTMX,
    chatter_url,
    cockpit,
    fast_passwords,
    order_post,
    orders_url,
    preview_url,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fast_passwords")]

API = "/api/v1"
HUMANS = {0: "alice", 2: "bob", 4: "carol"}
ROUNDS = 5
SUBMITTED = re.compile(r'<ol class="submitted">.*?</ol>', re.DOTALL)


def marker(name: str, number: int) -> str:
    return f"SEALED-{name}-round{number}-q7x"


def distinct_orders(state: dict, seat: int, taken: list[list[str]]) -> list[dict]:
    """The computer pilot's choice for this seat, or, if another pilot already flies that same
    sequence this round, the first legal sequence nobody flies (so each is recognisable)."""
    moves = RULES.computer_orders(state, seat, "novice")["moves"]
    if [m["maneuver"] for m in moves] not in taken:
        return moves
    plane = State.from_dict(state).plane(seat)
    first = order_form(plane, [])[0]["offered"]
    for m1 in first:
        for m2 in order_form(plane, [m1])[1]["offered"]:
            for m3 in order_form(plane, [m1, m2])[2]["offered"]:
                if [m1, m2, m3] not in taken:
                    return [{"maneuver": code, "fire": []} for code in (m1, m2, m3)]
    raise AssertionError("no distinct legal sequence")


class Scan:
    """Fetches every page a viewer can reach and checks each for other pilots' secrets."""

    def __init__(self, game, people, referee, stranger):
        self.game, self.people = game, people
        self.viewers = {
            "a spectator": None,
            "a stranger": stranger,
            "the referee": referee,
            **{name: user for name, user in people.items()},
        }
        self.clients = {}
        for name, user in self.viewers.items():
            self.clients[name] = Client()
            if user is not None:
                self.clients[name].force_login(user)
        self.secrets: dict[str, list[str]] = {name: [] for name in people}  # unpublished
        self.blocks: dict[str, str] = {}  # each pilot's sealed orders as his cockpit shows
        self.sequences: dict[str, list[str]] = {}  # and as maneuver codes (the API's JSON)
        self.fetched = 0

    def seats(self) -> dict[str, int]:
        return {name: number for number, name in HUMANS.items()}

    def responses(self, viewer: str):
        client, game, user = self.clients[viewer], self.game, self.viewers[viewer]
        published = list(
            game.rounds.filter(status=Round.Status.PUBLISHED).values_list("number", flat=True)
        )
        rnd = game.rounds.filter(status=Round.Status.OPEN).first()
        yield "home", client.get(reverse("home"))
        yield "lobby", client.get(reverse("lobby"))
        yield "game page", client.get(reverse("game", args=[game.pk]))
        yield "feed", client.get(reverse("game_feed", args=[game.pk]))
        yield "rules", client.get(reverse("dogfight:rules"))
        yield "leaderboard", client.get(reverse("dogfight:leaderboard"))
        for pilot in Pilot.objects.all():
            yield f"career {pilot.name}", client.get(reverse("dogfight:career", args=[pilot.pk]))
        for number in published[-2:]:
            url = reverse("round_report", args=[game.pk, number])
            yield f"report {number}", client.get(url)
            for step in (0, 2, 99, "x"):
                yield f"replay {number} step {step}", client.get(url, {"step": step}, **HTMX)
        if rnd is not None:
            yield (
                "report of the open round (404)",
                client.get(reverse("round_report", args=[game.pk, rnd.number])),
            )
        yield (
            "a round that does not exist (404)",
            client.get(reverse("round_report", args=[game.pk, 999])),
        )
        yield "referee panel (or 403)", client.get(reverse("referee_panel", args=[game.pk]))
        if user is not None:
            yield "my games", client.get(reverse("my_games"))
        for name, number in self.seats().items():
            yield f"cockpit of {name}", client.get(cockpit(game, number))
            yield (
                f"preview of {name}",
                client.get(preview_url(game, number), {"m1": "A", "m2": "L"}, **HTMX),
            )
            yield (
                f"preview of {name} without htmx",
                client.get(preview_url(game, number), {"m1": "A"}),
            )
            yield (
                f"chatter posted to {name}'s seat (refused unless his own)",
                client.post(chatter_url(game, number), {f"l{n}": "x" for n in range(1, 8)}),
            )  # 7 lines
            yield (
                f"orders posted to {name}'s seat (refused)",
                client.post(orders_url(game, number), {"m1": "XX", "pilot_name": ""}),
            )
        for number in range(1, 6, 2):
            yield f"cockpit of computer seat {number} (403)", client.get(cockpit(game, number))
        yield from self.api_responses(client, published, rnd)

    def api_responses(self, client, published: list[int], rnd):
        """Every API operation as this viewer (his session), named "api ..."; a seat's own
        are named after the seat's owner ("api seat of alice ...")."""
        game = self.game
        yield "api lobby", client.get(f"{API}/games")
        yield "api game", client.get(f"{API}/games/{game.pk}")
        yield "api rounds", client.get(f"{API}/games/{game.pk}/rounds")
        for number in published[-2:]:
            yield f"api round {number}", client.get(f"{API}/games/{game.pk}/rounds/{number}")
        if rnd is not None:
            yield "api open round (404)", client.get(f"{API}/games/{game.pk}/rounds/{rnd.number}")
        yield "api my games", client.get(f"{API}/me/games")
        for name, number in self.seats().items():
            seat = f"{API}/games/{game.pk}/seats/{number}"
            yield f"api seat of {name}", client.get(seat)
            for rest, body in (
                ("/choices", {"orders": ["A"]}),
                ("/preview", {"orders": {"moves": [{"maneuver": "A"}] * 3}}),
                ("/orders", {"orders": {"moves": []}}),
            ):
                yield (
                    f"api seat of {name} {rest}",
                    client.post(seat + rest, body, content_type="application/json"),
                )

    def check(self, stage: str) -> None:
        public_mail = "\n".join(f"{m.subject}\n{m.body}" for m in mail.outbox)
        for viewer in self.viewers:
            own = self.blocks.get(viewer)
            for page, response in self.responses(viewer):
                self.fetched += 1
                assert response.status_code < 500, (stage, viewer, page)
                text = _text(response)
                where = f"{stage}: {viewer} on the {page}"
                if page.startswith("api"):
                    self.check_api(viewer, page, response, where)
                else:
                    assert '"maneuver"' not in text, where
                for owner, secrets in self.secrets.items():
                    if owner == viewer:
                        continue
                    for secret in secrets:
                        assert secret not in text, f"{owner}'s {secret!r} — {where}"
                    block = self.blocks.get(owner)
                    if block and block != own:
                        assert block not in text, f"{owner}'s sealed orders — {where}"
                routes = text.count('class="route"')
                mine = page in (f"cockpit of {viewer}", f"preview of {viewer}") or page.startswith(
                    f"orders posted to {viewer}'s seat"
                )
                assert routes <= (1 if mine else 0), where
        for owner, secrets in self.secrets.items():
            for secret in secrets:
                assert secret not in public_mail, f"{owner}'s {secret!r} in a mail ({stage})"

    def check_api(self, viewer: str, page: str, response, where: str) -> None:
        """JSON answers: another pilot's sealed maneuvers never appear as a sequence (the
        viewer's own seat may show his own, and the engine's offer)."""
        assert response["Content-Type"].startswith("application/json"), where
        if page.startswith(f"api seat of {viewer}"):
            return
        shown = set(_sequences(json.loads(_text(response))))
        for owner, sequence in self.sequences.items():
            if owner != viewer:
                assert tuple(sequence) not in shown, f"{owner}'s sealed orders — {where}"


def _sequences(data):
    """Every list of moves (dicts with a "maneuver") in a JSON answer, as code tuples."""
    if isinstance(data, dict):
        for value in data.values():
            yield from _sequences(value)
    elif isinstance(data, list):
        if data and all(isinstance(item, dict) and "maneuver" in item for item in data):
            yield tuple(item["maneuver"] for item in data)
        for item in data:
            yield from _sequences(item)


def _text(response) -> str:
    body = b"".join(response.streaming_content) if response.streaming else response.content
    text = body.decode()
    return text.replace("&#x27;", "'").replace("&quot;", '"').replace("&amp;", "&")


@pytest.fixture
def players():
    referee, stranger = make_user("referee"), make_user("stranger")
    people = {name: make_user(name) for name in HUMANS.values()}
    game = make_dogfight(
        referee, humans={n: people[name] for n, name in HUMANS.items()}, title="Secret skies"
    )
    return game, people, referee, stranger


@pytest.mark.slow
def test_no_response_of_a_whole_game_shows_a_sealed_order_or_chatter_before_publication(
    players, django_capture_on_commit_callbacks
):
    game, people, referee, stranger = players
    scan = Scan(game, people, referee, stranger)
    scan.check("before any orders")
    played = 0
    for _ in range(ROUNDS):
        rnd = open_round(game)
        active = set(RULES.active_seats(rnd.state))
        taken: list[list[str]] = []
        for number, name in HUMANS.items():
            if number not in active:
                continue
            pilot = scan.clients[name]
            chatter = marker(name, rnd.number)
            assert pilot.post(chatter_url(game, number), {"l1": chatter}).status_code == 302
            scan.secrets[name].append(chatter)
            moves = distinct_orders(rnd.state, number, taken)
            taken.append([m["maneuver"] for m in moves])
            response = pilot.post(
                orders_url(game, number),
                order_post(
                    [m["maneuver"] for m in moves],
                    fire={i + 1: m["fire"] for i, m in enumerate(moves)},
                    name=f"{name.title()} Falcon",
                ),
            )
            assert response.status_code == 302, response.content.decode()[:3000]
            page = pilot.get(cockpit(game, number)).content.decode()
            [scan.blocks[name]] = SUBMITTED.findall(page)
            scan.sequences[name] = [m["maneuver"] for m in moves]
            assert chatter in page  # each pilot sees his own
            if len(taken) == 1:
                scan.check(f"round {rnd.number}, {name}'s orders in")
        with django_capture_on_commit_callbacks(execute=True):
            notify.send_reminders(rnd.deadline - (rnd.deadline - rnd.opened_at) / 4)
        scan.check(f"round {rnd.number}, every order in")

        with django_capture_on_commit_callbacks(execute=True):
            resolution.round_resolve(round_id=rnd.pk, now=rnd.deadline)
        played += 1
        # Published: the same markers are now in the report (so the scan looks for real words).
        report = _text(Client().get(reverse("round_report", args=[game.pk, rnd.number])))
        for name, secrets in scan.secrets.items():
            for secret in secrets:
                assert secret in report, f"{name}'s published chatter missing from the report"
            scan.secrets[name] = []
        scan.blocks, scan.sequences = {}, {}
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            break
    scan.check("after the last round")
    assert played >= 3 or game.status == Game.Status.FINISHED
    assert scan.fetched > 1500


def test_the_scan_would_see_a_leak():
    """The scanner's own check: a page that showed Bob's chatter to Alice fails it."""
    referee, stranger = make_user("referee"), make_user("stranger")
    people = {name: make_user(name) for name in HUMANS.values()}
    game = make_dogfight(referee, humans={n: people[name] for n, name in HUMANS.items()})
    scan = Scan(game, people, referee, stranger)
    scan.secrets["bob"] = ["Test skies"]  # the game's title: on pages everybody sees
    with pytest.raises(AssertionError, match="bob's 'Test skies'"):
        scan.check("a planted leak")


def test_the_scan_would_see_sealed_maneuvers_in_an_api_answer():
    referee, stranger = make_user("referee"), make_user("stranger")
    people = {name: make_user(name) for name in HUMANS.values()}
    game = make_dogfight(referee, humans={n: people[name] for n, name in HUMANS.items()})
    scan = Scan(game, people, referee, stranger)
    public = Client().get(f"{API}/games/{game.pk}")
    scan.sequences["bob"] = ["TB", "TB", "A"]
    scan.check_api("alice", "api game", public, "a public answer")  # no maneuvers in it
    leak = HttpResponse(
        json.dumps(
            {"orders": {"moves": [{"maneuver": "TB"}, {"maneuver": "TB"}, {"maneuver": "A"}]}}
        ),
        content_type="application/json",
    )
    with pytest.raises(AssertionError, match="bob's sealed orders"):
        scan.check_api("alice", "api game", leak, "a planted leak")


def test_the_sequences_of_a_round_are_distinct():
    state = RULES.setup(seed=7, settings={"scored": False}, seats=[{"number": n} for n in range(6)])
    taken: list[list[str]] = []
    for seat in itertools.islice(HUMANS, 3):
        taken.append([m["maneuver"] for m in distinct_orders(state, seat, taken)])
    assert len({tuple(t) for t in taken}) == 3
