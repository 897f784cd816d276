"""The dogfight as the platform sees it: the registry's interface, answered by the engine.

Nothing here decides a rule; it translates between the platform's JSON rows and the engine.
It imports no model at its top: it is imported before the apps are ready (the test workers'
settings wrap ``resolve``), so what needs models imports them when called.
"""

from __future__ import annotations

from functools import partial

from django.conf import settings
from django.utils.functional import lazy
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games import pictures
from games.enginekit import EngineError
from games.registry import (
    MOVE,
    ROUND,
    Frame,
    GameRules,
    Outcome,
    PlayedRound,
    Rejected,
    Units,
    places,
)

from . import cockpit_words, report, svg, words
from .engine import career
from .engine import entry as engine
from .engine.orders import FIRE_DIRECTIONS, bursts_allowed, order_form
from .engine.preview import preview as cockpit_preview
from .engine.setup import DEFAULT_CLOUDS, seats_in_play
from .engine.state import Settings, State

DEFAULT_SETTINGS = {
    "duel": False,
    "windless": False,
    "legacy_weather": False,
    "balloon_rule": "none",
    "balloons": 0,
    "clouds": DEFAULT_CLOUDS,
    "scoring": "hits",
}

COMPUTER_RATINGS = {
    "novice": (565.1, 292.2),
    "veteran": (2125.1, 285.2),
    "ace": (2960.4, 328.7),
}


class DogfightRules(GameRules):
    slug = "dogfight"
    live_pages = ("seat",)  # the cockpit waits for the round
    live_keep = ("#orders",)
    name = _("Dogfight")
    settings_form = "dogfight.forms.SettingsForm"
    referee_input_form = "dogfight.forms.WindForm"
    urls = "dogfight.urls"
    legacy_urls = "dogfight.legacy_urls"
    nav = ((_("Pilots"), "leaderboard"),)
    own_page_label = _("My plane")
    new_game_label = _("Referee a new dogfight")
    removal_note = _(
        "The pilot is taken out at the start of the coming round; it counts as a crash."
    )
    missed_orders_note = _("Without orders your plane flies straight on (NMR).")
    units = Units(round=ROUND, step=MOVE)  # three moves a round
    made_titles = {"practice": _("%(username)s's practice flight")}

    def not_active_message(self, state: dict, seat: int) -> str:
        return gettext("your plane is out of the game")

    def seat_numbers(self, settings: dict) -> list[int]:
        return list(seats_in_play(Settings.from_dict(engine.engine_settings(settings))))

    def clean_settings(self, data: dict) -> dict:
        """The settings the engine accepts for a new game (its ``new`` job judges them: the
        choices, the counts, a fair balloon placement), with no balloons without the rule."""
        settings = {key: data.get(key, default) for key, default in DEFAULT_SETTINGS.items()}
        if settings["balloon_rule"] == "none":
            settings["balloons"] = 0
        if settings["windless"] and settings["legacy_weather"]:
            raise Rejected(
                _(
                    "a windless game has no wind to blow the legacy way: choose "
                    "windless or legacy weather, not both"
                )
            )
        try:
            engine.new(settings, [], 0)
        except EngineError as error:
            raise Rejected(words.refusal(error)) from None
        return settings

    def describe_settings(self, game) -> list[tuple[str, str]]:
        s = game.settings
        setting = _setting_words(game)
        return [
            (gettext("Mode"), setting["mode"]),
            *super().describe_settings(game),
            (
                gettext("Resolve early"),
                gettext("yes, as soon as all orders are in")
                if game.resolve_early
                else gettext("no"),
            ),
            (gettext("Weather"), setting["weather"]),
            (gettext("Balloons"), setting["balloons"]),
            (gettext("Clouds at the start"), str(s.get("clouds", DEFAULT_CLOUDS))),
            (gettext("Scoring"), setting["scoring"]),
        ]

    def lobby_words(self, game) -> str:
        setting = _setting_words(game)
        return gettext("%(mode)s, %(weather)s, %(balloons)s, %(scoring)s · %(deadline)s") % {
            **setting,
            "deadline": self.deadline_words(game),
        }

    def seat_label(self, number: int) -> str:
        return gettext("Seat %(number)d (%(colour)s)") % {
            "number": number + 1,  # people count from 1
            "colour": words.SEAT_COLOURS[number],
        }

    def setup(self, *, seed: int, settings: dict, seats: list[dict]) -> dict:
        return engine.new(settings, seats, seed)

    def active_seats(self, state: dict) -> list[int]:
        return engine.active(state)

    # Every ``state`` the platform hands over is a round's stored snapshot, which the engine
    # wrote itself: read with ``from_snapshot``, not checked again. Orders are always checked.
    def validate_orders(self, state: dict, seat: int, payload: object) -> dict:
        try:
            return engine.validate(state, seat, payload)
        except EngineError as error:
            raise Rejected(words.refusal(error)) from None

    def computer_orders(self, state: dict, seat: int, level: str) -> dict:
        return engine.computer(state, seat, level)

    def resolve(
        self, state: dict, orders: dict[int, dict], *, seed: int, referee_input: dict
    ) -> Outcome:
        # The platform stores only engine-written snapshots and orders validated against them.
        new_state, events = engine.play(state, orders, seed=seed, referee=referee_input)
        return Outcome(
            state=new_state, events=events, over=new_state["over"], winner=new_state["winner"]
        )

    def clean_referee_input(self, state: dict, data: dict) -> dict:
        cleaned = {}
        if "wind" in data:
            wind = data["wind"]
            if wind in ("", None):  # the referee takes his fixed wind back
                return {"wind": None}
            if wind != "calm" and wind not in range(6):
                raise Rejected(_("the wind is calm or a direction 0-5"))
            if state["settings"].get("windless"):
                raise Rejected(_("this game is windless"))
            cleaned["wind"] = wind
        return cleaned

    def offers_referee_input(self, settings: dict) -> bool:
        return not settings.get("windless")  # no wind to fix in a windless game

    def counts_for_careers(self, settings: dict) -> bool:
        return not settings.get("duel")  # a duel never counts (rules §8)

    def on_game_over(self, game, final_state: dict) -> None:
        from .services import careers_close_game

        careers_close_game(game=game, final_state=final_state)

    # Each level's rating in bench/bot_league.py's games (docs/ratings.md).
    computer_ratings = COMPUTER_RATINGS

    def ranking(self, final_state: dict, events) -> dict[int, int]:
        """By the points as the seed scores them, those put out for missed orders last."""
        return places(engine.standing(final_state, events))

    def demo_setup(self, user) -> str:
        from games.models import Game  # models: imported when called, see the module's note

        from .practice import practice_game_create

        game = Game.objects.filter(referee=user, kind=self.slug, status=Game.Status.RUNNING).first()
        if game is None:
            game = practice_game_create(user=user)
        return f"fly in '{game.title}' at {settings.SITE_URL}/games/{game.pk}/"

    def describe_events(self, events: list, names: dict[int, str]) -> list[str]:
        return report.describe(events, names)

    def page_context(self, state: dict, names: dict[int, str]) -> dict:
        return {
            "board": svg.board_svg(state, names, described_by="planes-list"),
            "legend": svg.legend(),
            "planes": _plane_rows(state, names),
            "weather": " ".join(cockpit_words.weather_lines(state)),
            "state": state,
        }

    def report_context(
        self, state_before: dict, report_state: dict, events: list, names: dict[int, str]
    ) -> dict:
        seats = _seats_in_play(state_before)
        return {
            "groups": report.moves_in_words(events, names),
            "scored": report_state["settings"].get("scored", False)
            and not report_state["settings"].get("duel", False),
            "standings": [
                {"name": report.seat_name(names, p["seat"]), "points": p["points"]}
                for p in report_state["planes"]
            ],
            "pot": report_state.get("pot", 0),
            "flight_log": [
                {
                    **row,
                    "name": report.seat_name(names, row["seat"]),
                    "colour": words.SEAT_COLOURS[row["seat"]],
                }
                for row in report.flight_log(events, seats)
            ],
        }

    stylesheets = ("dogfight/board.css",)

    def game_replay(self, rounds: list[PlayedRound], names: dict[int, str]) -> list[Frame]:
        """Each round's start, its three moves and its end (after the wind), the planes that
        flew in it drawn, those shot down in it too."""
        shown = []
        for played in rounds:
            seats = _seats_in_play(played.state_before)
            steps = report.frames(played.state_before, played.events, played.state_after, names)
            for index, frame in enumerate(steps):
                shown.append(
                    Frame(
                        caption=frame["title"],
                        draw=partial(_replay_board, frame, seats, names),
                        mark=self.round_name(played).title if index == 0 else "",
                    )
                )
        return shown

    # --- the public API -------------------------------------------------------------------
    # Orders are {"moves": [move, move, move], "name": the pilot's name (his first round)};
    # a move as in the engine's JSON face.
    def legal_choices(self, state: dict, seat: int, partial: object) -> dict:
        """The three moves as the order form offers them after the maneuvers chosen so far
        (``partial``: a list of codes): each move's legal list, where it takes the plane,
        whether it may fire."""
        self._require_in_play(state, seat)
        chosen = [] if partial is None else partial
        if (
            not isinstance(chosen, list)
            or len(chosen) > 3
            or not all(isinstance(code, str) for code in chosen)
        ):
            raise Rejected(gettext("the maneuvers chosen so far are a list of up to three codes"))
        return engine.legal(state, seat, chosen)

    def preview_orders(self, state: dict, seat: int, payload: object) -> dict:
        """The route the orders fly (each move's hex and facing), if the engine takes them."""
        self._require_in_play(state, seat)
        try:
            return engine.preview(state, seat, _moves_of(payload))
        except EngineError as error:
            raise Rejected(words.refusal(error)) from None

    def orders_arriving(self, *, seat, user, payload: object, round) -> object:
        """A pilot names himself with his first round's orders, as the order form and the API
        send them (``{"moves", "name"}``): all or nothing, in the submit's transaction. Bare
        moves (the platform's own callers) name nobody."""
        from .services import name_seat  # models: see the module's note

        if not seat.name and isinstance(payload, dict):
            name = payload.get("name", "")
            name_seat(seat=seat, user=user, name=name if isinstance(name, str) else "", rnd=round)
        return _moves_of(payload)

    def replay_frames(
        self, state_before: dict, events: list, report_state: dict, names: dict[int, str]
    ) -> list[dict]:
        return report.frames(state_before, events, report_state, names)

    def practice_create(self, user):
        from .practice import practice_game_create  # models: see the module's note

        return practice_game_create(user=user)

    sample_rounds = 3  # the planes off their airfields, a cloud or two drifted

    def board_picture(self, state: dict, names: dict[int, str], seat: int | None = None) -> str:
        return pictures.standalone(
            svg.board_svg(state, names, svg_id="picture"), stylesheets=["dogfight/board.css"]
        )

    # --- the dogfight's own pages: what they ask of the engine ---------------------------
    fire_directions = FIRE_DIRECTIONS

    def order_picks(
        self, state: dict, seat: int, wanted: list[str], fire: list[list[str]], orders
    ) -> tuple:
        """The order form's three moves as the engine offers them after the pilot's picked
        maneuvers ``wanted`` and ticked bursts ``fire`` (per move: the bursts kept and the
        directions still offered), and the engine's preview of the orders ``orders(moves)``
        makes of those moves (its route, burst lines and warnings)."""
        game_state = State.from_snapshot(state)
        moves = order_form(game_state.plane(seat), wanted, fire)
        return moves, cockpit_preview(game_state, seat, orders(moves))

    def bursts_allowed(self, state: dict, seat: int) -> int:
        """The bursts the seat's plane may fire this round, over its three moves."""
        return bursts_allowed(State.from_snapshot(state).plane(seat))

    def rank_figures(self, rank: int) -> dict:
        """What a rank gives a plane: ammunition, bursts a round, missed rounds to be out, the
        repair cap."""
        return {
            "ammo_capacity": career.ammo_capacity(rank),
            "bursts_per_round": career.bursts_per_round(rank),
            "out_at": career.out_at(rank),
            "repair_cap": career.REPAIR_CAP,
        }

    def standing_figures(self, points: int, rank: int) -> dict:
        """What a pilot's career standing gives him in his next game (``career``): double
        machine guns, ace maneuvers, and his rank's figures."""
        return {
            "double_mg": career.has_double_mg(points),
            "ace_maneuvers": list(career.ace_maneuvers(points)),
            "ammo": career.ammo_capacity(rank),
            "per_round": career.bursts_per_round(rank),
            "repair": career.repair_per_round(rank),
            "out": career.out_at(rank),
            "reach": career.reach(rank),
        }

    def promotion(self, points: int, rank: int) -> dict:
        """Whether a standing may be promoted, the standing after it, and its terms."""
        can = career.can_promote(points, rank)
        after_points, after_rank = career.promote(points, rank) if can else (points, rank)
        return {
            "can": can,
            "after_points": after_points,
            "after_rank": after_rank,
            "cost": career.PROMOTION_COST,
            "double_mg_at": career.DOUBLE_MG_AT,
            "max_rank": career.MAX_RANK,
        }

    @staticmethod
    def _require_in_play(state: dict, seat: int) -> None:
        if State.from_snapshot(state).plane(seat).status == "out":
            raise Rejected(gettext("your plane is out of the game"))


def _seats_in_play(state_before: dict) -> list[int]:
    """The seats whose planes fly in a round starting from ``state_before``."""
    return [p["seat"] for p in state_before["planes"] if p["status"] != "out"]


def _replay_board(frame: dict, seats: list[int], names: dict[int, str]) -> str:
    planes = [{**p, "show_out": True} for p in frame["planes"] if p["seat"] in seats]
    return svg.board_svg({**frame, "planes": planes}, names, svg_id="replay-board")


def _moves_of(payload: object) -> object:
    """The moves of an API order ({"moves": [...]}); anything else goes to the engine as it
    is, which names what is wrong with it."""
    return payload.get("moves") if isinstance(payload, dict) else payload


def _plane_rows(state: dict, names: dict[int, str]) -> list[dict]:
    return [
        {
            **plane,
            "name": report.seat_name(names, plane["seat"]),
            "colour": words.SEAT_COLOURS[plane["seat"]],
            "rank_name": words.rank(plane["rank"]),
            "nose": words.COMPASS[plane["facing"]],
        }
        for plane in state["planes"]
    ]


def _setting_words(game) -> dict[str, str]:
    """A game's settings worded one by one: its mode, weather, balloons and scoring."""
    s = game.settings
    scoring = str(words.SCORING_MODES[s.get("scoring", "hits")])
    if not game.scored:
        scoring = gettext("%(scoring)s (not scored for careers)") % {"scoring": scoring}
    return {
        "mode": gettext("duel") if s.get("duel") else gettext("full game"),
        "weather": gettext("windless")
        if s.get("windless")
        else gettext("legacy weather")
        if s.get("legacy_weather")
        else gettext("weather chain"),
        "balloons": _balloons_words(s.get("balloon_rule", "none"), s.get("balloons", 0)),
        "scoring": scoring,
    }


def _balloons_words(rule: str, count: int) -> str:
    """The balloon setting: the rule's words, or so many balloons under it."""
    if not count:
        return str(words.BALLOON_RULES[rule])
    balloons = ngettext("%(count)d balloon", "%(count)d balloons", count) % {"count": count}
    if rule == "through":
        return gettext("%(balloons)s; firing through them allowed") % {"balloons": balloons}
    return balloons


def seat_label(number: int) -> str:
    return words.seat_words(number)


def wind_words(direction: int) -> str:
    return gettext("from the %(source)s (clouds drift one hex %(drift)s)") % {
        "source": words.COMPASS[(direction + 3) % 6],
        "drift": words.COMPASS[direction],
    }


wind_words_lazy = lazy(wind_words, str)  # for module-level form choices: worded when shown


RULES = DogfightRules()
