"""The noon batch: N running six-seat games, all due at once, resolved by the real sweep through
Celery on Redis and PostgreSQL with 1 and 2 worker processes. Prints wall time, games per
second, queries per resolved game, and the pipeline's time against the engine alone.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/skies_bench \\
    CELERY_BROKER_URL=redis://127.0.0.1:6379/5 python bench/noon_batch.py --games 2000

With ``--finishing`` every game's due round is its last (the final rounds of seeded games,
every order in), and its six seats are six people of their own; ``--rated`` makes those games
rated, so the batch also rates every one of them (``games/ratings.py``): the same batch with
and without it measures what rating costs. ``--in-process`` resolves the batches in this
process instead (``sweep.BATCH`` rounds at a time, no Celery) and prints the time spent rating,
in wall and in this process's CPU (which leaves out PostgreSQL's share but not a busy machine's
waiting). Every rated run starts from the same ratings: each person rated once before at a
newcomer's numbers, or with ``--newcomers`` not yet rated (his row made by the batch).
``--rating-alone`` times the rating alone, ``--repeat`` calls on the same finished games.

It creates (and migrates) its own database, named by DATABASE_URL; never point it at real data.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/skies_bench")
os.environ.setdefault("CELERY_BROKER_URL", "redis://127.0.0.1:6379/5")
# Every run's games are due at once on purpose: that is no scheduler outage to forgive.
os.environ["SWEEP_OUTAGE_MINUTES"] = "0"
# Production settings unless DEBUG=1 is asked for: they need a key and host names to load.
os.environ.setdefault("SECRET_KEY", "bench-only-secret-key-bench-only-secret-key-0123456789")
os.environ.setdefault("ALLOWED_HOSTS", "localhost")

import django

django.setup()

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from engine_bench import mid_game_cases, sensible_orders

from config.celery import app
from dogfight.engine import resolve_round
from dogfight.engine.api import parse_orders
from dogfight.engine.setup import new_game
from dogfight.engine.state import Settings, State
from dogfight.plugin import RULES
from games import notify, ratings, resolution, sweep
from games.models import Game, Order, Rating, Report, Round, Seat
from games.rating_model import NEW
from games.tasks import sweep_task

NMR_SHARE = 0.1


def create_database() -> None:
    name = connection.settings_dict["NAME"]
    if connection.vendor != "postgresql":
        sys.exit("the noon batch needs PostgreSQL: set DATABASE_URL")
    with connection._nodb_cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name])
        if not cursor.fetchone():
            cursor.execute(f'CREATE DATABASE "{name}"')
    call_command("migrate", verbosity=0)


def pilots() -> list:
    users = []
    for n in range(6):
        user, _ = get_user_model().objects.get_or_create(username=f"bench-pilot-{n}")
        users.append(user)
    referee, _ = get_user_model().objects.get_or_create(username="bench-referee")
    return [referee, *users]


def final_round_cases(count: int, seed: int = 11) -> list[tuple[State, dict, int]]:
    """The last rounds of ``count`` seeded six-plane games: (state, orders, seed) that the
    platform's resolution ends the game with."""
    rng = random.Random(seed)
    cases = []
    while len(cases) < count:
        state = new_game(rng.randrange(10**9), Settings(), balloons=0)
        while not state.over and state.round < 80:
            orders, round_seed = sensible_orders(state, rng), rng.randrange(2**62)
            outcome = RULES.resolve(
                state.to_dict(),
                {seat: {"moves": [m.to_dict() for m in o]} for seat, o in orders.items()},
                seed=round_seed,
                referee_input={},
            )
            if outcome.over:
                cases.append((state, orders, round_seed))
                break
            state = State.from_dict(outcome.state)
    return cases


def people(count: int) -> list:
    """``count`` people of their own for the finishing games' seats (made once per database)."""
    model = get_user_model()
    have = model.objects.filter(username__startswith="bench-person-").count()
    model.objects.bulk_create(
        [model(username=f"bench-person-{n}") for n in range(have, count)], batch_size=5000
    )
    return list(model.objects.filter(username__startswith="bench-person-").order_by("pk")[:count])


def create_games(
    count: int, cases: list, seed: int = 1, finishing: bool = False, rated: bool = False
) -> list[tuple[State, dict]]:
    """``count`` running games whose open round is due now; returns their (state, orders).
    ``finishing``: ``cases`` are final rounds with their seeds, every order in, six people a
    game."""
    rng = random.Random(seed)
    referee, *users = pilots()
    now = timezone.now()
    chosen = [cases[rng.randrange(len(cases))] for _ in range(count)]
    persons = people(6 * count) if finishing else []
    with transaction.atomic():
        games = Game.objects.bulk_create(
            [
                Game(
                    kind="dogfight",
                    title=f"Noon {i}",
                    referee=referee,
                    status="running",
                    settings={"balloon_rule": state.settings.balloon_rule},
                    started_at=now,
                    time_zone="Europe/Berlin",
                    deadline_days=1,
                    rated=rated,
                )
                for i, (state, *_) in enumerate(chosen)
            ],
            batch_size=1000,
        )
        seats = Seat.objects.bulk_create(
            [
                Seat(
                    game=game,
                    number=n,
                    user=persons[6 * i + n] if finishing else users[n],
                    name=f"Pilot {n}",
                )
                for i, game in enumerate(games)
                for n in range(6)
            ],
            batch_size=1000,
        )
        rounds = Round.objects.bulk_create(
            [
                Round(
                    game=game,
                    number=case[0].round,
                    state=case[0].to_dict(),
                    seed=case[2] if finishing else rng.randrange(2**62),
                    opened_at=now - timedelta(days=1),
                    deadline=now - timedelta(minutes=1),
                )
                for game, case in zip(games, chosen)
            ],
            batch_size=1000,
        )
        orders = []
        for index, (rnd, (state, validated, *_)) in enumerate(zip(rounds, chosen)):
            for seat_number, moves in validated.items():
                if not finishing and rng.random() < NMR_SHARE:
                    continue
                orders.append(
                    Order(
                        round=rnd,
                        seat=seats[index * 6 + seat_number],
                        submitted_at=now,
                        payload={"moves": [m.to_dict() for m in moves]},
                    )
                )
        Order.objects.bulk_create(orders, batch_size=5000)
    with connection.cursor() as cursor:
        # Tables as autovacuum keeps them on a live site: the runs before left every row of
        # their games dead (a noon's index scan then waded through 270,000 of them) and the
        # statistics stale (a mail query then scanned every seat).
        cursor.execute("VACUUM ANALYZE")
    given: dict[int, dict] = {rnd.pk: {} for rnd in rounds}
    for order in orders:
        given[order.round.pk][order.seat.number] = order.payload["moves"]
    return [(rnd.state, given[rnd.pk], rnd.seed) for rnd in rounds]


def engine_only(jobs) -> tuple[float, float]:
    """Seconds for the engine alone, and for the plugin's path from stored JSON (the best of
    three passes each)."""
    parsed = []
    for state_dict, given, seed in jobs:
        state = State.from_dict(state_dict)
        parsed.append((state, parse_orders(state, {str(k): v for k, v in given.items()}), seed))

    def engine_pass() -> float:
        start = time.perf_counter()
        for state, orders, seed in parsed:
            resolve_round(state, orders, seed)
        return time.perf_counter() - start

    def json_pass() -> float:
        start = time.perf_counter()
        for state_dict, given, seed in jobs:
            RULES.resolve(
                state_dict, {k: {"moves": v} for k, v in given.items()}, seed=seed, referee_input={}
            )
        return time.perf_counter() - start

    # The best of three: the engine's own speed, not a moment of a busy machine.
    return min(engine_pass() for _ in range(3)), min(json_pass() for _ in range(3))


def queries_per_game(sample: int = 50) -> float:
    jobs = create_games(sample, CASES, seed=99)
    ids = list(
        Round.objects.filter(status="open").order_by("-pk").values_list("pk", flat=True)[:sample]
    )
    assert jobs
    with CaptureQueriesContext(connection) as captured:
        resolution.rounds_resolve(round_ids=ids)
        notify.send_reports(ids)
    return len(captured) / len(ids)


def wait_for_queued_resolutions(start: float) -> None:
    """Wait while the broker's queue still holds resolve tasks (or the sweep that sends them).

    Counting reports in PostgreSQL all along would scan the growing table twenty times a second
    on the workers' own cores; peeking at the Redis queue costs them nothing. Only the last
    tasks, already taken by the workers, are then waited for by counting.
    """
    import redis

    broker = redis.Redis.from_url(os.environ["CELERY_BROKER_URL"])
    resolving = (b'"task": "games.tasks.resolve_rounds_task"', b'"task": "games.tasks.sweep_task"')
    while time.perf_counter() - start < 1800:
        queued = broker.lrange("celery", 0, -1)
        if not any(name in message for message in queued for name in resolving):
            return
        time.sleep(0.02)


def run_workers(
    processes: int, count: int, seed: int, finishing: bool, rated: bool
) -> tuple[float, float, float]:
    """One timed batch of ``count`` games: its wall time, and the engine alone and the plugin's
    path from stored JSON on the same rounds, measured just before it (a machine's speed drifts
    over minutes: one engine figure for every run made the ratios drift with it)."""
    cases = FINAL_CASES if finishing else CASES
    jobs = create_games(count, cases, seed=seed, finishing=finishing, rated=rated)
    engine, json_path = engine_only(jobs)
    app.control.purge()
    env = {**os.environ}
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "-l",
            "warning",
            f"--concurrency={processes}",
            "--prefetch-multiplier=1",
            "-n",
            f"bench{processes}@%h",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        time.sleep(4)  # the worker boots
        due_at = timezone.now()  # every round of the run is due; the ones they open are not
        start = time.perf_counter()
        sweep_task.delay()
        wait_for_queued_resolutions(start)
        # The last tasks are being worked on. Done when no round due is open any more: asked of
        # the (status, deadline) index, where counting reports would scan the whole growing
        # table on the workers' cores.
        still_due = Round.objects.filter(status=Round.Status.OPEN, deadline__lte=due_at)
        while still_due.exists():
            if time.perf_counter() - start > 1800:
                raise SystemExit("the batch did not finish in 30 minutes")
            time.sleep(0.02)
        assert Report.objects.count() == len(jobs)
        if finishing:
            assert Game.objects.filter(status=Game.Status.FINISHED).count() == len(jobs)
        if rated:
            assert Game.objects.filter(rating_changes__isnull=False).distinct().count() == len(jobs)
        return time.perf_counter() - start, engine, json_path
    finally:
        worker.terminate()  # a warm shutdown; the batch is timed already
        try:
            worker.wait(30)
        except subprocess.TimeoutExpired:
            print("the worker took over 30 s to stop: killed", file=sys.stderr)
            worker.kill()
            worker.wait(30)


def starting_ratings(newcomers: bool) -> None:
    """The bench's people's ratings as every rated run starts: none (``newcomers``), or each
    person's row at a newcomer's numbers with one game, so that each run rates the same way
    (the runs before left their own numbers and games behind, or no row at all)."""
    bench_people = get_user_model().objects.filter(username__startswith="bench-person-")
    Rating.objects.filter(user__in=bench_people).delete()
    if not newcomers:
        Rating.objects.bulk_create(
            [
                Rating(
                    user_id=pk,
                    kind="dogfight",
                    mu=NEW[0],
                    sigma=NEW[1],
                    games=1,
                    updated_at=timezone.now(),
                )
                for pk in bench_people.values_list("pk", flat=True)
            ],
            batch_size=5000,
        )
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE games_rating")


def in_process(
    count: int, seed: int, finishing: bool, rated: bool, newcomers: bool = False
) -> tuple[tuple[float, float], tuple[float, float]]:
    """Seconds to resolve ``count`` due games in this process, a batch at a time, and the
    seconds of them spent rating (``ratings.rate_finished``): each as (wall, this process's
    CPU)."""
    create_games(count, FINAL_CASES if finishing else CASES, seed, finishing, rated)
    if rated:
        starting_ratings(newcomers)
    ids = list(Round.objects.filter(status="open").order_by("pk").values_list("pk", flat=True))
    spent = []
    rate = ratings.rate_finished

    def timed(*args, **kwargs):
        start, cpu = time.perf_counter(), time.process_time()
        try:
            return rate(*args, **kwargs)
        finally:
            spent.append((time.perf_counter() - start, time.process_time() - cpu))

    resolution.ratings.rate_finished = timed
    try:
        start, cpu = time.perf_counter(), time.process_time()
        for at in range(0, len(ids), sweep.BATCH):
            resolution.rounds_resolve(round_ids=ids[at : at + sweep.BATCH])
        batch = (time.perf_counter() - start, time.process_time() - cpu)
        return batch, (sum(wall for wall, _ in spent), sum(cpu for _, cpu in spent))
    finally:
        resolution.ratings.rate_finished = rate


def rating_alone(count: int, newcomers: bool, repeat: int) -> list[tuple[float, float]]:
    """``ratings.rate_finished`` alone on ``count`` finished rated games (their last rounds
    resolved by the rules, nothing published), ``repeat`` times, each in a transaction rolled
    back after it: each call's (wall, this process's CPU) in seconds."""
    create_games(count, FINAL_CASES, 0, finishing=True, rated=True)
    starting_ratings(newcomers)
    orders: dict[int, dict] = {}
    for round_id, number, payload in Order.objects.values_list(
        "round_id", "seat__number", "payload"
    ):
        orders.setdefault(round_id, {})[number] = payload
    finished = []
    for rnd in Round.objects.select_related("game").order_by("pk"):
        outcome = RULES.resolve(rnd.state, orders[rnd.pk], seed=rnd.seed, referee_input={})
        finished.append((rnd.game, outcome.state))
    spent = []
    for _ in range(repeat):
        with transaction.atomic():
            start, cpu = time.perf_counter(), time.process_time()
            ratings.rate_finished(finished, timezone.now())
            spent.append((time.perf_counter() - start, time.process_time() - cpu))
            transaction.set_rollback(True)
    return spent


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--workers", default="1,2")
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="runs per worker count; the fastest is the figure, with the "
        "engine times measured next to it; each run is printed",
    )
    parser.add_argument(
        "--finishing", action="store_true", help="every game's due round is its last"
    )
    parser.add_argument(
        "--rated", action="store_true", help="with --finishing: the games are rated"
    )
    parser.add_argument(
        "--in-process", action="store_true", help="resolve here, not through Celery workers"
    )
    parser.add_argument(
        "--newcomers",
        action="store_true",
        help="with --rated --in-process: nobody has a rating before a run (not one game each)",
    )
    parser.add_argument(
        "--rating-alone",
        action="store_true",
        help="time ratings.rate_finished alone on --games finished rated games, --repeat "
        "times in rolled-back transactions (with --newcomers: nobody rated before)",
    )
    args = parser.parse_args()
    if args.rating_alone:
        args.finishing = True
    if args.finishing:
        global FINAL_CASES
        FINAL_CASES = final_round_cases(100)
    create_database()
    Game.objects.all().delete()
    if args.rating_alone:
        spent = rating_alone(args.games, args.newcomers, args.repeat)
        Game.objects.all().delete()
        walls, cpus = sorted(wall for wall, _ in spent), sorted(cpu for _, cpu in spent)
        print(
            f"rate_finished alone, {args.games} games a call, {args.repeat} calls: wall "
            f"{1000 * walls[0]:.0f} ms at best, {1000 * walls[len(walls) // 2]:.0f} ms the median; "
            f"CPU {1000 * cpus[0]:.0f} ms at best, {1000 * cpus[len(cpus) // 2]:.0f} ms the median "
            f"(the first call {1000 * spent[0][0]:.0f} ms, CPU {1000 * spent[0][1]:.0f} ms); load "
            f"{os.getloadavg()[0]:.1f}"
        )
        return
    if args.in_process:
        for attempt in range(args.repeat):
            load = os.getloadavg()[0]
            (wall, cpu), (rating, rating_cpu) = in_process(
                args.games, attempt, args.finishing, args.rated, args.newcomers
            )
            Game.objects.all().delete()
            print(
                f"in process, run {attempt + 1}: {args.games} games in {wall:.2f} s "
                f"(CPU {cpu:.2f} s), {rating:.3f} s of it rating ({100 * rating / wall:.1f}%; "
                f"CPU {rating_cpu:.3f} s, {100 * rating_cpu / cpu:.1f}%); load {load:.1f} "
                f"before, {os.getloadavg()[0]:.1f} after"
            )
        return
    print(f"queries per resolved game (with report mail): {queries_per_game():.2f}")
    Game.objects.all().delete()
    for processes in [int(p) for p in args.workers.split(",")]:
        runs = []
        for attempt in range(args.repeat):
            runs.append(
                run_workers(
                    processes,
                    args.games,
                    seed=processes * 100 + attempt,
                    finishing=args.finishing,
                    rated=args.rated,
                )
            )
            Game.objects.all().delete()
            wall, engine, json_path = runs[-1]
            print(
                f"  {processes} worker process(es), run {attempt + 1}: {wall:.2f} s; engine "
                f"alone {engine:.2f} s, plugin from stored JSON {json_path:.2f} s; "
                f"{wall / engine:.1f}x"
            )
        wall, engine, json_path = min(runs)
        print(
            f"{processes} worker process(es): {args.games} games in {wall:.2f} s = "
            f"{args.games / wall:,.0f} games/s; engine alone {engine:.2f} s "
            f"({args.games / engine:,.0f} rounds/s); pipeline / engine alone = "
            f"{wall / engine:.1f}x (wall time against one process's engine time; against "
            f"the plugin's path from stored JSON, {json_path:.2f} s: "
            f"{wall / json_path:.1f}x)"
        )


CASES = mid_game_cases(300)
FINAL_CASES: list = []  # made when asked (--finishing)

if __name__ == "__main__":
    main()
