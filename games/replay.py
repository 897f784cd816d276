"""The replay of a whole game: one player for every game, fed with frames through the plug.

A game turns its published rounds (each round's stored state before it, its report's events
and the state after) into ``Frame``s with ``GameRules.game_replay``: a step's caption in the
game's words, the mark of the round (turn, lab) that starts there, and a function that draws
the board at that step with the game's own board code. The platform shows them with one
template (``games/_replay.html``) and one script (``static/js/replay.js``); it draws only the
step on screen, and the script asks ``replay_board`` for each other step it shows.

A round's frames depend only on that round and those before it, so a step's number never
changes once its round is published: the frames of rounds 1..N are the first frames of the
whole game's, and a drawn step can be kept in the cache.
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from . import registry, report_cache
from .kept import cache
from .models import Game, Round
from .registry import Frame, PlayedRound


def clamp(step: int, count: int) -> int:
    """``step`` within a replay of ``count`` frames (never fewer than one)."""
    return min(max(step, 0), count - 1)


def played_rounds(game: Game, upto: int | None = None) -> list[PlayedRound]:
    """The game's published rounds, oldest first, up to round ``upto`` (None: all)."""
    rounds = (
        Round.objects.filter(game=game, status=Round.Status.PUBLISHED)
        .select_related("report")
        .only("number", "state", "report__state", "report__events")
        .order_by("number")
    )
    if upto is not None:
        rounds = rounds.filter(number__lte=upto)
    return [
        PlayedRound(rnd.number, rnd.state, rnd.report.events, rnd.report.state) for rnd in rounds
    ]


def names_of(game: Game) -> dict[int, str]:
    return {seat.number: str(seat) for seat in game.seats.all()}


def frames(game: Game, upto: int | None = None) -> list[Frame]:
    """The whole game's replay (up to round ``upto``), as its rules make it."""
    return registry.get(game.kind).game_replay(played_rounds(game, upto), names_of(game))


def first_step_of(found: list[Frame], mark_number: int) -> int:
    """The step where the ``mark_number``-th marked round starts (1 first), or the last."""
    marked = [index for index, frame in enumerate(found) if frame.mark]
    if 0 < mark_number <= len(marked):
        return marked[mark_number - 1]
    return len(found) - 1


def requested_step(request) -> int | None:
    """The step a reader asked for (``?step=N``; the last one given, as a form without script
    sends both the scrub bar's and a button's), None if none or not a number."""
    values = request.GET.getlist("step")
    try:
        return int(values[-1]) if values else None
    except ValueError:
        return None


def player(game: Game, found: list[Frame], step: int | None) -> dict | None:
    """What ``games/_replay.html`` shows: every step's caption and mark, and the board of
    ``step`` (None: the last, the final board). None when there is nothing to replay."""
    if not found:
        return None
    step = clamp(len(found) - 1 if step is None else step, len(found))
    steps = [{"caption": str(frame.caption), "mark": str(frame.mark)} for frame in found]
    return {
        "steps": steps,
        "step": step,
        "last": len(found) - 1,
        "previous": max(step - 1, 0),
        "next": min(step + 1, len(found) - 1),
        "caption": steps[step]["caption"],
        "mark": _mark_at(steps, step),
        "marks": [(index, s["mark"]) for index, s in enumerate(steps) if s["mark"]],
        "board": mark_safe(found[step].draw()),
        "board_url": reverse("replay_board", args=[game.pk, 0]),
        "page_url": reverse("replay", args=[game.pk]),
    }


def final_player(game: Game) -> dict | None:
    """``player`` at the last step of a finished game, as every reader first sees it: kept in
    the cache under the names' version and the language (a finished game's rounds never
    change), so its frames are not made again for each reader."""
    key = f"replay-player:{game.pk}:v{report_cache.names_version(game.pk)}:{get_language()}"
    shown = cache.get(key)
    if shown is None:
        shown = player(game, frames(game), None)
        cache.set(key, shown, report_cache.REPORT_SECONDS)
    return shown


def _mark_at(steps: list[dict], step: int) -> str:
    """The mark of the round that ``step`` belongs to."""
    for index in range(step, -1, -1):
        if steps[index]["mark"]:
            return steps[index]["mark"]
    return ""


def board(game: Game, step: int) -> SafeString | None:
    """The board at ``step`` of the whole game's replay, None if there is no such step. Kept in
    the cache under the names' version (a published step never changes otherwise)."""
    version = report_cache.names_version(game.pk)
    html = cache.get(_board_key(game.pk, step, version))
    if html is None:
        found = frames(game)
        if not 0 <= step < len(found):
            return None
        # The player asks for the steps after this one next: draw them with it, while the
        # frames are at hand.
        drawn = {
            _board_key(game.pk, at, version): found[at].draw()
            for at in range(step, min(step + BOARDS_AHEAD, len(found)))
        }
        cache.set_many(drawn, report_cache.REPORT_SECONDS)
        html = drawn[_board_key(game.pk, step, version)]
    return mark_safe(html)


BOARDS_AHEAD = 8  # boards drawn and kept at once, from the one asked for


def _board_key(game_id: int, step: int, version: int) -> str:
    return f"replay-board:{game_id}:{step}:v{version}:{get_language()}"
