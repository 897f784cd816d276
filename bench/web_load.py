"""The web under load: the pilot's page, the htmx route preview, the order submit, the seat page
and the preview of every other game (a duel, a race, a joyride run, each at the pilot's turn),
the live check of an open page that finds nothing new and a game's public page, a published
report, the spectator list (the lobby) and a leaderboard of 10,000 rated people (its pages in
turn), with live updates on (``--watchers`` open pages checking for news every 2 s through the
whole run), each against a floor (``/healthz``: the whole
middleware stack and one ``SELECT 1``, nothing else), served by gunicorn with DEBUG off and
driven by a bounded load from a second process on loopback. Prints p50/p95/p99 latency,
requests per second, and each page's p95 as a multiple of the floor's, anonymous and with the
pilot's session; each page is judged against the floor served the same way (the pages only a
logged-in pilot gets, against the logged-in floor).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/skies_webload python bench/web_load.py

It runs as production does, with ``CACHE_URL`` set (default ``redis://127.0.0.1:6379/6``, a
Redis database of its own that it empties first): sessions and cached pages come from Redis.

It drops, creates, migrates and fills its own database, named by DATABASE_URL (whose name must
contain "webload" so that it never touches real data): a running six-seat game with published
rounds and its pilot's session, a fresh seat for each order submit so that every one is a
valid first submit (each seat's pilot has opened his page once before, unmeasured, as a pilot
does before he submits; submits at the same moment go to different games), and enough games
for a full lobby. Then it starts ``gunicorn config.wsgi -w 2``
and a load process (threads, one request at a time each, a fixed count and a time limit per
page). On a machine shared with other benchmarks, ``--quiet-wait`` and ``--rounds`` keep
another process's burst out of the figures.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/skies_webload"
# Production's shape: one Redis cache for every web process, sessions read from it. The bench
# has a Redis database of its own, emptied at the start (its rows are new, their ids are not).
DEFAULT_CACHE = "redis://127.0.0.1:6379/6"
CSRF = "benchcsrftoken0benchcsrftoken000"  # 32 characters: a valid unmasked CSRF secret
PAGES = (
    "floor",
    "floor, logged in",
    "pilot page",
    "route preview",
    "order submit",
    "duel seat page",
    "duel preview",
    "race seat page",
    "race preview",
    "joyride builder",
    "joyride check",
    "live check",
    "public game page",
    "published report",
    "lobby",
    "leaderboard",
)
RATED_PEOPLE = 10_000


# --- the data (run in a child process with Django set up on the bench database) -------------


def fill(submits: int) -> dict:
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import (
        BACKEND_SESSION_KEY,
        HASH_SESSION_KEY,
        SESSION_KEY,
        get_user_model,
    )
    from django.contrib.sessions.backends.db import SessionStore
    from django.db import connection

    from dogfight import services as dogfight_services
    from dogfight.engine.maneuvers import order_form
    from dogfight.engine.state import State
    from dogfight.plugin import RULES
    from games import resolution, services
    from games.models import Game, Profile, Round

    User = get_user_model()

    def user(name):
        person = User.objects.create_user(name, email=f"{name}@example.invalid")
        Profile.objects.create(user=person, time_zone="Europe/Berlin")
        return person

    def session_of(person) -> str:
        store = SessionStore()
        store[SESSION_KEY] = str(person.pk)
        store[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
        store[HASH_SESSION_KEY] = person.get_session_auth_hash()
        store.create()
        return store.session_key

    def game(referee, humans, computers=None, title="Skies over Flanders", start=True):
        made = services.game_create(
            referee=referee,
            kind="dogfight",
            title=title,
            time_zone="Europe/Berlin",
            deadline_days=2,
            settings={"balloon_rule": "normal", "balloons": 1, "clouds": 6},
            computer_seats=computers or {},
        )
        for number, person in humans.items():
            services.seat_join(game=made, number=number, user=person)
        if start:
            services.game_start(game=made, by=referee)
        return made

    referee = user("referee")
    # The main game: our pilot in seat 0, two more people and three computer pilots, six
    # rounds flown and published; round 7 open, the pilot's orders not in yet.
    pilot, wing1, wing2 = user("pilot"), user("wingman1"), user("wingman2")
    main = game(referee, {0: pilot, 2: wing1, 4: wing2}, {1: "novice", 3: "veteran", 5: "ace"})
    for seat, person, name in (
        (0, pilot, "Red Falcon"),
        (2, wing1, "Blue Max"),
        (4, wing2, "Grey Owl"),
    ):
        dogfight_services.name_seat(seat=main.seats.get(number=seat), user=person, name=name)
    for _ in range(6):
        rnd = main.rounds.get(status=Round.Status.OPEN)
        for seat, person in ((0, pilot), (2, wing1), (4, wing2)):
            if seat in RULES.active_seats(rnd.state):
                services.chatter_save(
                    seat=main.seats.get(number=seat),
                    user=person,
                    lines=[f"Round {rnd.number}: tally ho from seat {seat}"],
                )
                services.orders_submit(
                    seat=main.seats.get(number=seat),
                    user=person,
                    payload=RULES.computer_orders(rnd.state, seat, "veteran")["moves"],
                )
        resolution.round_resolve(round_id=rnd.pk, force=True)
        rnd.refresh_from_db()
        if rnd.status != Round.Status.PUBLISHED:
            raise SystemExit(f"round {rnd.number} of the main game failed: {rnd.last_error}")
        main.refresh_from_db()
        if main.status != Game.Status.RUNNING:
            raise SystemExit("the main game ended early: run again (the seed is random)")
    others = other_games(pilot, wing1, services, resolution)
    rnd = main.rounds.get(status=Round.Status.OPEN)
    plane = State.from_dict(rnd.state).plane(0)
    if plane.status != "air":
        raise SystemExit("the pilot is not in the air after the set-up rounds")
    picks = [move["maneuver"] for move in order_form(plane, [])]
    second = order_form(plane, [])[1]["offered"]
    picks[1] = second[-1]  # a pick other than the default, so the preview recomputes

    # Fresh seats for the order submits: six people per game, each seat named already.
    seats = []
    ground = [
        {"maneuver": "TB", "fire": []},
        {"maneuver": "TB", "fire": []},
        {"maneuver": "A", "fire": []},
    ]
    for g in range(-(-submits // 6)):
        people = {n: user(f"s{g}p{n}") for n in range(6)}
        made = game(referee, people, title=f"Submit field {g}")
        for number, person in people.items():
            seat = made.seats.get(number=number)
            dogfight_services.name_seat(seat=seat, user=person, name=f"Flyer {g} {number}")
            seats.append({"game": made.pk, "seat": number, "session": session_of(person)})
    # Seat 0 of every game, then seat 1 of every game, ...: submits at the same moment go to
    # different games, as in use (the six pilots of a game do not send their orders in the
    # same millisecond). In game order, the four clients' submits queued at one round's lock.
    seats.sort(key=lambda seat: seat["seat"])
    # A realistic lobby besides: open games waiting for pilots, finished games.
    for g in range(10):
        game(referee, {0: user(f"open{g}")}, title=f"Open skies {g}", start=False)
    for g in range(20):
        done = game(referee, {0: user(f"old{g}")}, title=f"Old war {g}")
        Game.objects.filter(pk=done.pk).update(status=Game.Status.FINISHED)
    fill_leaderboard(main.started_at)
    connection.close()
    return {
        "main": main.pk,
        "session": session_of(pilot),
        "report_round": 3,
        "preview": {f"m{n}": code for n, code in enumerate(picks, start=1)},
        "ground": ground,
        "seats": seats[:submits],
        "debug": settings.DEBUG,
        **others,
    }


def fill_leaderboard(now) -> None:
    """A leaderboard of 10,000 rated people, their ratings spread as a site's would be; then
    the statistics a site's tables have (autovacuum keeps them): a database filled a moment
    ago has none, its planner would plan for empty tables and every index-only scan would read
    the table too."""
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.db import connection

    from games.models import Rating

    spread = random.Random(1)
    User = get_user_model()
    rated = User.objects.bulk_create(
        [User(username=f"rated{n}") for n in range(RATED_PEOPLE)], batch_size=2000
    )
    Rating.objects.bulk_create(
        [
            Rating(
                user=person,
                kind="dogfight",
                mu=spread.gauss(1500, 250),
                sigma=spread.uniform(60, 250),
                games=spread.randint(settings.RATINGS_LEADERBOARD_MIN_GAMES, 200),
                updated_at=now,
            )
            for person in rated
        ],
        batch_size=2000,
    )
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")


def other_games(pilot, opponent, services, resolution) -> dict:
    """A running duel, race and joyride of the pilot's (seat 0) against another person, each
    at the pilot's turn to act, played some way in by the games' computer players; what their
    previews are asked."""
    from django.utils.http import urlencode as query

    from games import registry
    from games.models import Round
    from joyride.views import plan_text

    def made(kind, settings, computers=None):
        game = services.game_create(
            referee=pilot,
            kind=kind,
            title=f"A {kind}",
            time_zone="Europe/Berlin",
            deadline_days=2,
            settings=settings,
            computer_seats=computers or {},
        )
        services.seat_join(game=game, number=0, user=pilot)
        services.seat_join(game=game, number=1, user=opponent)
        services.game_start(game=game, by=pilot)
        return game

    def play_until_pilot(game, rounds_before=0, alone=True):
        """Both people's moves by the game's computer player until round ``rounds_before``
        is past and the pilot must act (``alone``: he only)."""
        rules = registry.get(game.kind)
        for _ in range(200):
            rnd = game.rounds.get(status=Round.Status.OPEN)
            owing = rules.active_seats(rnd.state)
            if rnd.number > rounds_before and (owing == [0] or (not alone and 0 in owing)):
                return rnd
            for seat in owing:
                person = pilot if seat == 0 else opponent
                services.orders_submit(
                    seat=game.seats.get(number=seat),
                    user=person,
                    payload=rules.computer_orders(rnd.state, seat, "novice"),
                )
            resolution.round_resolve(round_id=rnd.pk, force=True)
        raise SystemExit(f"the {game.kind} never came to the pilot's turn")

    duel = made("duel", registry.get("duel").clean_settings({}))
    play_until_pilot(duel, rounds_before=8)
    race = made(
        "racing",
        {"course": "oval5", "level": 1, "laps": 1, "jets": 3, "mode": "turn", "turn_hours": 12},
        {2: "novice"},
    )
    play_until_pilot(race, rounds_before=3)
    joyride = made("joyride", {"players": 2, "run_hours": 48, "pick_hours": 24})
    run = play_until_pilot(joyride, alone=False)  # the players build their runs at once
    tiles = registry.get("joyride").computer_orders(run.state, 0, "novice")
    return {
        "duel": duel.pk,
        "duel_preview": query({"draft": "[]", "current": ""}),
        "race": race.pk,
        "race_preview": query({"lift": "1", "h1": "0", "h2": "0"}),
        "joyride": joyride.pk,
        "joyride_check": query({"plan": plan_text(tiles)}),
    }


# --- the load (a second process: plain sockets, threads, no Django) ------------------------


def requests_for(page: str, plan: dict):
    """A function giving the (method, path, headers, body) of the i-th request of a page."""
    main, session = plan["main"], plan["session"]
    cookie = {"Cookie": f"sessionid={session}; csrftoken={CSRF}"}
    if page == "floor":
        return lambda i: ("GET", "/healthz", {}, None)
    if page == "floor, logged in":  # the same view; the middleware loads session, user, profile
        return lambda i: ("GET", "/healthz", cookie, None)
    if page == "pilot page":
        return lambda i: ("GET", f"/dogfight/games/{main}/seat/0/", cookie, None)
    if page == "route preview":
        query = urlencode(plan["preview"])
        return lambda i: (
            "GET",
            f"/dogfight/games/{main}/seat/0/preview?{query}",
            {**cookie, "HX-Request": "true"},
            None,
        )
    htmx = {**cookie, "HX-Request": "true"}
    seat_pages = {"duel seat page": "duel", "race seat page": "race", "joyride builder": "joyride"}
    if page in seat_pages:
        game = plan[seat_pages[page]]
        kind = {"race": "racing"}.get(seat_pages[page], seat_pages[page])
        return lambda i: ("GET", f"/{kind}/games/{game}/seat/0/", cookie, None)
    if page == "duel preview":
        path = f"/duel/games/{plan['duel']}/seat/0/preview?{plan['duel_preview']}"
        return lambda i: ("GET", path, htmx, None)
    if page == "race preview":
        path = f"/racing/games/{plan['race']}/seat/0/preview?{plan['race_preview']}"
        return lambda i: ("GET", path, htmx, None)
    if page == "joyride check":
        path = f"/joyride/games/{plan['joyride']}/seat/0/check?{plan['joyride_check']}"
        return lambda i: ("GET", path, htmx, None)
    if page == "live check":  # an open page that finds nothing new, the pilot's session
        nothing_new = {**cookie, "If-None-Match": f'"{plan["version"]}"'}
        return lambda i: ("GET", f"/games/{main}/live", nothing_new, None)
    if page == "public game page":
        return lambda i: ("GET", f"/games/{main}/", {}, None)
    if page == "published report":
        return lambda i: ("GET", f"/games/{main}/rounds/{plan['report_round']}/", {}, None)
    if page == "lobby":
        return lambda i: ("GET", "/games/", {}, None)
    if page == "leaderboard":  # its 200 pages of 50 in turn
        pages = -(-RATED_PEOPLE // 50)
        return lambda i: ("GET", f"/ratings/dogfight/?page={i % pages + 1}", {}, None)
    if page == "order submit":

        def submit(i):
            seat = plan["seats"][i]
            form = {"csrfmiddlewaretoken": CSRF, "submit": "1"}
            for n, move in enumerate(plan["ground"], start=1):
                form[f"m{n}"] = move["maneuver"]
            return (
                "POST",
                f"/dogfight/games/{seat['game']}/seat/{seat['seat']}/orders",
                {
                    "Cookie": f"sessionid={seat['session']}; csrftoken={CSRF}",
                    "Content-Type": "application/x-www-form-urlencoded",
                },
                urlencode(form).encode(),
            )

        return submit
    raise ValueError(page)


EXPECTED = {"order submit": 302, "live check": 304}
# Each page's floor: the minimal view served the same way, with the pilot's session for the
# pages only a logged-in pilot gets (that floor loads his session and user, as they do). For
# the submit, a POST, the logged-in GET is the lower floor: its ratio is the stricter one.
LOGGED_IN = (
    "pilot page",
    "route preview",
    "order submit",
    "duel seat page",
    "duel preview",
    "race seat page",
    "race preview",
    "joyride builder",
    "joyride check",
    "live check",
)
SEAT_PAGES = ("pilot page", "duel seat page", "race seat page", "joyride builder")
QUIET = 0.85  # the idle CPU share that counts as a quiet machine


def drive(
    port: int,
    plan: dict,
    count: int,
    threads: int,
    limit: float,
    warmup: int,
    quiet_wait: float,
    rounds: int,
    watching_pages: int,
) -> dict:
    plan = {**plan, "version": live_version(port, plan)}
    watching = watchers(port, plan, watching_pages)
    # Every page is warmed up before any is measured (caches, connections, both workers), so
    # that the floor, measured first, is not measured on cold workers.
    cold = {}
    for page in PAGES:
        if page != "order submit":
            make = requests_for(page, plan)
            started = time.perf_counter()
            _one(port, *make(0))
            cold[page] = time.perf_counter() - started
            for i in range(warmup):
                _one(port, *make(i))
    for seat in plan["seats"]:  # each submit follows its pilot's look at his page, as in use
        _one(
            port,
            "GET",
            f"/dogfight/games/{seat['game']}/seat/{seat['seat']}/",
            {"Cookie": f"sessionid={seat['session']}; csrftoken={CSRF}"},
            None,
        )
    # The pages in turn, ``rounds`` times over; each page keeps its round with the lowest p95
    # (the one least disturbed by anything else on the machine, as timeit keeps its minimum).
    per_round = {
        page: (min(count, len(plan["seats"])) if page == "order submit" else count) // rounds
        for page in PAGES
    }
    results = {}
    for round_number in range(rounds):
        for page in PAGES:
            first = round_number * per_round[page]  # order submits: fresh seats every round
            measured = measure(
                port,
                page,
                requests_for(page, plan),
                range(first, first + per_round[page]),
                threads,
                limit,
                quiet_wait,
            )
            best = results.get(page)
            if best is None or percentile(measured["latencies"], 0.95) < percentile(
                best["latencies"], 0.95
            ):
                results[page] = {**measured, "cold": cold.get(page), "round": round_number + 1}
    watching.set()
    return results


def live_version(port: int, plan: dict) -> str:
    """The main game's live version now (what its open pages were drawn at)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", f"/games/{plan['main']}/live", headers={"Host": "127.0.0.1"})
        return json.loads(conn.getresponse().read())["version"]
    finally:
        conn.close()


def watchers(port: int, plan: dict, pages: int) -> threading.Event:
    """Live updates on: ``pages`` open pages of the main game, each checking for news every
    LIVE_SECONDS (2), all through the measurement (unmeasured); set the event to stop them."""
    stop = threading.Event()
    check = requests_for("live check", plan)

    def watch():
        while not stop.wait(2 / pages):
            _one(port, *check(0))

    if pages:
        threading.Thread(target=watch, daemon=True).start()
    return stop


def measure(
    port: int, page: str, make, indices: range, threads: int, limit: float, quiet_wait: float
) -> dict:
    idle = wait_for_idle(quiet_wait)
    latencies, bad = [], []
    lock = threading.Lock()
    counter = iter(indices)
    stop_at = time.monotonic() + limit

    def worker():
        while time.monotonic() < stop_at:
            with lock:
                i = next(counter, None)
            if i is None:
                return
            started = time.perf_counter()
            status = _one(port, *make(i))
            elapsed = time.perf_counter() - started
            with lock:
                latencies.append(elapsed)
                if status != EXPECTED.get(page, 200):
                    bad.append(status)

    began = time.perf_counter()
    pool = [threading.Thread(target=worker) for _ in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    return {
        "latencies": latencies,
        "wall": time.perf_counter() - began,
        "bad": bad[:5],
        "bad_count": len(bad),
        "idle": idle,
    }


def cpu_idle(seconds: float) -> float:
    """The share of the machine's CPU time that was idle over the next ``seconds`` (Linux)."""

    def sample():
        with open("/proc/stat") as stat:
            ticks = [int(x) for x in stat.readline().split()[1:]]
        return ticks[3] + ticks[4], sum(ticks)

    idle_before, total_before = sample()
    time.sleep(seconds)
    idle_after, total_after = sample()
    return (idle_after - idle_before) / max(1, total_after - total_before)


def wait_for_idle(limit: float) -> float:
    """On a shared machine: wait (up to ``limit`` seconds) until the CPU is mostly idle, so
    that a page is not measured against someone else's burst. Returns the idle share seen."""
    deadline = time.monotonic() + limit
    idle = cpu_idle(0.5)
    while idle < QUIET and time.monotonic() < deadline:
        idle = cpu_idle(0.5)
    return idle


def _one(port, method, path, headers, body) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request(method, path, body=body, headers={"Host": "127.0.0.1", **headers})
        response = conn.getresponse()
        response.read()
        return response.status
    except OSError:
        return -1
    finally:
        conn.close()


# --- the conductor --------------------------------------------------------------------------


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def prepare_database(url: str, env: dict) -> None:
    import dj_database_url
    import psycopg

    db = dj_database_url.parse(url)
    if "webload" not in db["NAME"]:
        sys.exit(
            f"refusing to drop {db['NAME']!r}: the bench database's name must contain 'webload'"
        )
    with psycopg.connect(
        host=db["HOST"] or "127.0.0.1",
        port=db["PORT"] or 5432,
        user=db["USER"] or "postgres",
        password=db["PASSWORD"] or None,
        dbname="postgres",
        autocommit=True,
    ) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{db["NAME"]}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{db["NAME"]}"')
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True
    )


def empty_cache(url: str) -> None:
    import redis

    redis.Redis.from_url(url).flushdb()


def wait_for(port: int, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if _one(port, "GET", "/healthz", {}, None) == 200:
            return
        time.sleep(0.2)
    sys.exit("gunicorn did not answer /healthz")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=300, help="per page (default 300)")
    parser.add_argument("--threads", type=int, default=4, help="concurrent clients (4)")
    parser.add_argument("--time-limit", type=float, default=60, help="seconds per page (60)")
    parser.add_argument("--warmup", type=int, default=20, help="unmeasured requests per page")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (2)")
    parser.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="measure the pages in turn this many times, the requests split "
        "among them; each page keeps its round with the lowest p95 (1)",
    )
    parser.add_argument(
        "--quiet-wait",
        type=float,
        default=0,
        help="before each page, wait up to this many seconds for an idle CPU "
        "(a machine shared with other benchmarks; default 0: no wait)",
    )
    parser.add_argument(
        "--watchers",
        type=int,
        default=20,
        help="live updates on: this many open pages check for news every 2 s "
        "through the whole run, unmeasured (20; 0: off)",
    )
    parser.add_argument("--fill", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--drive", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.fill is not None:
        print(json.dumps(fill(args.fill)))
        return
    if args.drive:
        port, plan = json.loads(args.drive)
        print(
            json.dumps(
                drive(
                    port,
                    plan,
                    args.requests,
                    args.threads,
                    args.time_limit,
                    args.warmup,
                    args.quiet_wait,
                    args.rounds,
                    args.watchers,
                )
            )
        )
        return

    url = os.getenv("DATABASE_URL") or DEFAULT_DB
    cache_url = os.getenv("CACHE_URL") or DEFAULT_CACHE
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "CACHE_URL": cache_url,
        "DEBUG": "0",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECRET_KEY": "bench-only-secret-key-bench-only-secret-key-0123456789",
        "CELERY_BROKER_URL": "",
        "PYTHONPATH": str(ROOT),
        "HTTPS": "0",
    }  # plain HTTP on loopback: no redirect, no secure-only cookies
    print(f"database {url}: dropping, creating, migrating, filling ...", flush=True)
    empty_cache(cache_url)
    print(f"cache {cache_url} (emptied; sessions read from it, as in production)", flush=True)
    for attempt in range(5):  # the set-up game is flown by bots: the pilot may be shot down
        prepare_database(url, env)
        filled = subprocess.run(
            [sys.executable, __file__, "--fill", str(args.requests)],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        if not filled.returncode:
            break
        print(f"  filling failed ({filled.stderr.strip().splitlines()[-1]}): again", flush=True)
    else:
        sys.exit(f"filling the database failed:\n{filled.stderr[-3000:]}")
    plan = json.loads(filled.stdout.strip().splitlines()[-1])
    assert plan["debug"] is False, "DEBUG must be off"
    port = free_port()
    gunicorn = Path(sys.executable).with_name("gunicorn")
    server = subprocess.Popen(
        [
            str(gunicorn),
            "config.wsgi",
            "-w",
            str(args.workers),
            "-b",
            f"127.0.0.1:{port}",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )
    try:
        wait_for(port)
        load_before = os.getloadavg()
        print(
            f"gunicorn -w {args.workers} on 127.0.0.1:{port}, DEBUG=0; load from a second "
            f"process: {args.threads} threads, {args.requests} requests per page"
            f"{f' in {args.rounds} rounds (the best round kept)' if args.rounds > 1 else ''}, "
            f"limit {args.time_limit:.0f} s; {args.watchers} open live pages checking every "
            f"2 s; load average before "
            f"{' '.join(f'{x:.2f}' for x in load_before)}",
            flush=True,
        )
        driven = subprocess.run(
            [
                sys.executable,
                __file__,
                "--drive",
                json.dumps([port, plan]),
                "--requests",
                str(args.requests),
                "--threads",
                str(args.threads),
                "--time-limit",
                str(args.time_limit),
                "--warmup",
                str(args.warmup),
                "--quiet-wait",
                str(args.quiet_wait),
                "--rounds",
                str(args.rounds),
                "--watchers",
                str(args.watchers),
            ],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        )
        load_after = os.getloadavg()
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(20)
    results = json.loads(driven.stdout)
    floor = percentile(results["floor"]["latencies"], 0.95)
    floor_in = percentile(results["floor, logged in"]["latencies"], 0.95)
    print(
        f"\n{'page':<18}{'n':>5}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'req/s':>8}"
        f"{'p95/floor':>11}{'p95/floor logged in':>21}{'round':>7}{'CPU idle before':>17}"
        f"  errors  target (3x its floor, a seat page 2x)"
    )
    for page in PAGES:
        r = results[page]
        lat = r["latencies"]
        p95 = percentile(lat, 0.95)
        own_floor = floor_in if page in LOGGED_IN else floor
        target = 2 if page in SEAT_PAGES else 3
        mark = (
            ""
            if page.startswith("floor")
            else f"  {'ok' if p95 / own_floor <= target else 'over'}: {p95 / own_floor:.2f}x the "
            f"{'logged-in' if page in LOGGED_IN else 'anonymous'} floor"
        )
        print(
            f"{page:<18}{len(lat):>5}{percentile(lat, 0.5) * 1e3:>9.1f}{p95 * 1e3:>9.1f}"
            f"{percentile(lat, 0.99) * 1e3:>9.1f}{len(lat) / r['wall']:>8.1f}"
            f"{p95 / floor:>10.2f}x{p95 / floor_in:>20.2f}x{r['round']:>7}{r['idle']:>16.0%}  "
            f"{r['bad_count'] or '-'}{' ' + str(r['bad']) if r['bad'] else ''}{mark}"
        )
    print(
        "\nfirst request of each page (one worker's cold cache): "
        + ", ".join(
            f"{page} {results[page]['cold'] * 1e3:.1f} ms"
            for page in PAGES
            if results[page]["cold"] is not None
        )
    )
    print(
        f"load average after: {' '.join(f'{x:.2f}' for x in load_after)} ({os.cpu_count()} cores)"
    )


if __name__ == "__main__":
    main()
