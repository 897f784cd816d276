"""The dogfight's writes: a pilot's orders with his name in his first round, and what a
pilot keeps beyond one game (rules §8-§10): his names, his enlistment in a game, the career
step when a game ends, and promotions. Every number comes from the engine's ``career``
module; this file only stores it.
"""

from __future__ import annotations

from collections import Counter

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from games import report_cache, services
from games.enginekit import EngineError
from games.models import Game, Report, Round, Seat
from games.registry import Rejected

from . import words
from .engine import career
from .engine.setup import assign_pilot
from .engine.state import State
from .models import CareerEntry, Enlistment, Pilot
from .names import name_key, name_problem, name_skeleton


def names_of(user) -> list[str]:
    return list(
        Pilot.objects.filter(user=user).order_by("created_at").values_list("name", flat=True)
    )


def pilot_claim(*, user, name: str) -> Pilot:
    """The user's pilot of that name: his own if he has it, a new one if nobody has it."""
    name = " ".join(name.split())
    problem = name_problem(name)
    if problem:
        raise Rejected(problem)
    key, look = name_key(name), name_skeleton(name)
    existing = Pilot.objects.filter(Q(key=key) | Q(skeleton=look)).first()
    if existing is not None:
        if existing.user_id != user.pk:
            raise Rejected(_("the name '%(name)s' is taken: choose another") % {"name": name})
        return existing
    try:
        with transaction.atomic():
            return Pilot.objects.create(user=user, name=name, key=key, skeleton=look)
    except IntegrityError:  # somebody took it a moment ago
        raise Rejected(
            _("the name '%(name)s' was just taken: choose another") % {"name": name}
        ) from None


def name_seat(*, seat: Seat, user, name: str, rnd: Round | None = None) -> Seat:
    """The pilot names himself in his first round; his career standing goes on his plane.
    ``rnd``: the open round, if the caller holds its lock already (the submit's)."""
    if seat.user_id != user.pk:
        raise Rejected(_("that is not your seat"))
    with transaction.atomic():
        pilot = pilot_claim(user=user, name=name)
        if rnd is None:
            rnd = services.lock_open_round(seat.game, _("there is no round open"))
        Enlistment.objects.update_or_create(
            seat=seat,
            defaults={"pilot": pilot, "points_at_start": pilot.points, "rank_at_start": pilot.rank},
        )
        rnd.state = assign_pilot(
            State.from_dict(rnd.state), seat.number, pilot.points, pilot.rank
        ).to_dict()
        rnd.save(update_fields=["state"])
        seat.name = pilot.name
        seat.save(update_fields=["name"])
        transaction.on_commit(lambda: report_cache.names_changed(seat.game_id))
    return seat


# --- the end of a game -----------------------------------------------------------------------


def careers_close_game(*, game: Game, final_state: dict) -> list[CareerEntry]:
    """Apply a finished game to its pilots' careers, once (rules §8).

    Only a scored game counts (six humans from the start, never a computer pilot, not a
    duel); each pilot's standing moves by his game points (the pot already paid to the
    winner by the engine), never below zero. A second call finds the entries and does nothing.
    """
    if not game.scored:
        return []
    tallies = _tallies(game)
    points = {plane["seat"]: plane["points"] for plane in final_state["planes"]}
    entries = []
    enlistments = Enlistment.objects.filter(seat__game=game).select_related("seat")
    for enlistment in enlistments:
        pilot = Pilot.objects.select_for_update().get(pk=enlistment.pilot_id)
        number = enlistment.seat.number
        tally = tallies[number]
        after = career.final_standing(pilot.points, points.get(number, 0))
        try:
            with transaction.atomic():
                entry = CareerEntry.objects.create(
                    pilot=pilot,
                    game=game,
                    points_before=pilot.points,
                    game_points=points.get(number, 0),
                    points_after=after,
                    won=game.winner_seat == number,
                    hits=tally["hits"],
                    kills=tally["kills"],
                    crashed=tally["crashed"] > 0,
                    shot_down=tally["shot_down"] > 0,
                )
        except IntegrityError:
            continue  # this game is in his career already
        pilot.points = after
        pilot.games += 1
        pilot.wins += entry.won
        pilot.hits += entry.hits
        pilot.kills += entry.kills
        pilot.crashes += entry.crashed
        pilot.shot_down += entry.shot_down
        pilot.save()
        entries.append(entry)
    return entries


def _tallies(game: Game) -> dict[int, Counter]:
    tallies: dict[int, Counter] = {seat.number: Counter() for seat in game.seats.all()}
    for events in Report.objects.filter(round__game=game).values_list("events", flat=True):
        for event in events:
            kind = event["type"]
            if kind == "hit":
                tallies[event["shooter"]]["hits"] += 1
            elif kind == "shot_down":
                tallies[event["seat"]]["shot_down"] += 1
                for seat in event["by"]:
                    tallies[seat]["kills"] += 1
            elif kind == "crash":
                tallies[event["seat"]]["crashed"] += 1
    return tallies


# --- promotion --------------------------------------------------------------------------------


def promotion_offered(pilot: Pilot) -> bool:
    """Offered whenever he has 100 points, a rank to rise to, and no running game (rules §9)."""
    return (
        career.can_promote(pilot.points, pilot.rank)
        and pilot.promotion_declined_at != pilot.points
        and not in_running_game(pilot)
    )


def in_running_game(pilot: Pilot) -> bool:
    return Enlistment.objects.filter(pilot=pilot, seat__game__status=Game.Status.RUNNING).exists()


def pilot_promote(*, pilot: Pilot, user) -> Pilot:
    """Trade 100 points for the next rank: the rank stays for good, the points' aces go."""
    with transaction.atomic():
        pilot = Pilot.objects.select_for_update().get(pk=pilot.pk)
        if pilot.user_id != user.pk:
            raise Rejected(_("that is not your pilot"))
        if in_running_game(pilot):
            raise Rejected(_("promotions happen between games: finish your running game first"))
        try:
            pilot.points, pilot.rank = career.promote(pilot.points, pilot.rank)
        except EngineError as error:
            raise Rejected(words.refusal(error)) from None
        pilot.promotion_declined_at = None
        pilot.save(update_fields=["points", "rank", "promotion_declined_at"])
    return pilot


def pilot_decline_promotion(*, pilot: Pilot, user) -> Pilot:
    if pilot.user_id != user.pk:
        raise Rejected(_("that is not your pilot"))
    pilot.promotion_declined_at = pilot.points
    pilot.save(update_fields=["promotion_declined_at"])
    return pilot
