"""The one plug through which a game reaches the platform.

A game is a Django app whose ``AppConfig`` is a ``GameApp`` naming its ``GameRules``: adding a
game is its folder plus one line in ``INSTALLED_APPS``. ``GameRules`` declares everything the
game brings, as the admin's ``ModelAdmin`` does: its rules (setup, who owes orders, validation,
resolution, the words of a report), its forms, templates, URLs, its seat page, its entries in
the site's header and home page, and its rules page. ``games/checks.py`` refuses to start when
something declared is missing. The lobby, the sweep, the resolution pipeline and "my games"
talk only to this interface, never to a game's rules directly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from typing import TYPE_CHECKING, TypeVar

from django.apps import AppConfig, apps
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.module_loading import import_string
from django.utils.text import capfirst
from django.utils.translation import get_language, gettext, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from . import clock
from .rating_model import places  # noqa: F401  (for the games' ``ranking``)

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True)
class Unit:
    """A unit of play (a round, a turn, a move, a step, a pick) as people name it: its words,
    lower case as in the middle of a sentence, translated when shown."""

    one: str | Promise  # gettext-lazy: "turn"
    many: str | Promise  # gettext-lazy: "turns"

    def numbered(self, number: int) -> str:
        """The unit and its number, as in the middle of a sentence ("turn 3"); people count
        from 1."""
        return pgettext("a unit of play and its number", "%(unit)s %(number)d") % {
            "unit": self.one,
            "number": number,
        }

    def title(self, number: int) -> str:
        """The unit and its number as a heading or at a sentence's start ("Turn 3")."""
        return capfirst(self.numbered(number))

    def count(self, how_many: int) -> str:
        """So many of the unit ("1 turn", "3 turns")."""
        return pgettext("so many units of play", "%(count)d %(units)s") % {
            "count": how_many,
            "units": self.one if how_many == 1 else self.many,
        }


def counted_from_one(index: int) -> int:
    """The number people read for a 0-based index: they count from 1."""
    return index + 1


ROUND = Unit(pgettext_lazy("unit of play", "round"), pgettext_lazy("units of play", "rounds"))
TURN = Unit(pgettext_lazy("unit of play", "turn"), pgettext_lazy("units of play", "turns"))
MOVE = Unit(pgettext_lazy("unit of play", "move"), pgettext_lazy("units of play", "moves"))
STEP = Unit(pgettext_lazy("unit of play", "step"), pgettext_lazy("units of play", "steps"))
PICK = Unit(pgettext_lazy("unit of play", "pick"), pgettext_lazy("units of play", "picks"))


# The computer players' levels, one word each in every game (codes are stored, words shown).
LEVELS = {
    "novice": pgettext_lazy("computer level", "novice"),
    "veteran": pgettext_lazy("computer level", "veteran"),
    "ace": pgettext_lazy("computer level", "ace"),
}


def level_name(code: str) -> str:
    """A computer level's word in the active language (an unknown code as it is)."""
    return str(LEVELS.get(code, code))


@dataclass(frozen=True)
class Numbered:
    """One of a game's rounds as the game counts it: its unit and its own number (from 1)."""

    unit: Unit
    number: int

    def __str__(self) -> str:
        return self.unit.numbered(self.number)

    @property
    def title(self) -> str:
        return self.unit.title(self.number)


@dataclass(frozen=True)
class Units:
    """A game's words for its units of play, declared once (``GameRules.units``) and used by
    every page, report, feed and mail. ``round``: what one of the platform's rounds is to the
    game (a game whose rounds are not all alike names each in ``GameRules.round_name``);
    ``step``: what the replay of a round steps through."""

    round: Unit = ROUND
    step: Unit = STEP


class Rejected(ValueError):
    """Input a game's rules refuse; the message is shown to the person as it is. ``code``
    names the kind of refusal for programs (the API's error codes); "rejected" by default."""

    def __init__(self, message: object = "", code: str = "rejected"):
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Outcome:
    state: dict
    events: list
    over: bool = False
    winner: int | None = None


Method = TypeVar("Method", bound=Callable)

# The methods of ``GameRules`` that every game writes (``@required``): they have no default, and
# ``games/checks.py`` stops the site, naming the game and the method, when one is left out.
REQUIRED_METHODS: list[str] = []


def _zone_in_reader_words(zone: str) -> str:
    """A game's time zone as CLDR names it in the active language (never the IANA id)."""
    return clock.zone_words(zone, get_language() or settings.LANGUAGE_CODE)


def required(method: Method) -> Method:
    REQUIRED_METHODS.append(method.__name__)
    return method


def missing_methods(rules: GameRules) -> list[str]:
    """The required methods ``rules`` leaves as ``GameRules`` has them (unwritten)."""
    return [
        name for name in REQUIRED_METHODS if getattr(type(rules), name) is getattr(GameRules, name)
    ]


@dataclass(frozen=True)
class PlayedRound:
    """A published round as stored: the state it started from, its events, the state after."""

    number: int
    state_before: dict
    events: list
    state_after: dict

    @property
    def state(self) -> dict:
        """The state the round started from, as a ``Round``'s (for ``GameRules.round_name``)."""
        return self.state_before


@dataclass(frozen=True)
class Frame:
    """One step of a replay. ``draw`` makes the board's markup (SVG, or the game's HTML around
    its SVGs) only when the step is shown; ``mark`` names the round (turn, lab) that starts at
    this step, "" on the steps within it."""

    caption: str
    draw: Callable[[], str]
    mark: str = ""


# The templates every game brings, each ``<slug>/<part>.html`` unless ``GameRules.templates``
# names another: the public game page, a seat's own page, a published round's body, and the
# game's entry on the home page. (The replay is the platform's: ``game_replay``.)
TEMPLATE_PARTS = ("game", "seat", "_report_body", "_home")


class GameRules:
    slug = ""
    name: StrOrPromise = ""
    # Whether a round is resolved the moment all its orders are in: None lets the referee
    # choose at creation (``Game.resolve_early``); True or False decides it for every game.
    resolve_early: bool | None = None

    # --- what the game brings to the site (games/checks.py holds each to exist) ------------
    # Dotted paths, imported when first used: a game's forms may import its rules.
    settings_form = ""  # a ``games.forms.GameSettingsForm``
    referee_input_form: str | None = None  # a ``games.forms.RefereeInputForm``, if the referee
    #                                        fixes something per round (e.g. a fixed wind)
    urls = ""  # its URL module, mounted under /<slug>/
    legacy_urls: str | None = None  # old addresses, mounted at the site's root: redirects
    seat_url_name = "seat"  # a seat's own page in ``urls``: (game_id, number)
    rules_url_name: str | None = "rules"  # its rules page in ``urls``, without arguments
    nav: tuple[tuple[StrOrPromise, str], ...] = ()  # (label, URL name in ``urls``) for the header
    templates: dict[str, str] = {}  # TEMPLATE_PARTS named otherwise than by convention
    # The game's stylesheets (static paths) that its boards need on the platform's pages that
    # show them (a round's report, the replay).
    stylesheets: tuple[str, ...] = ()
    own_page_label = _("My seat")  # the link to a seat's own page on "My games"
    new_game_label = _("Referee a new game")
    removal_note = _("The player is taken out at the start of the coming round.")
    missed_orders_note = _("Without orders, the game's default for a missed turn applies.")

    # Live pages (games.live): the URL names in ``urls`` of its pages that wait on others (each
    # takes ``game_id``), which then check for news every few seconds and show it; the game's
    # public page is live too once there is one. ``live_keep``: CSS selectors of the forms on
    # them whose half-built fields survive the reload that shows the news (or the player's).
    live_pages: tuple[str, ...] = ()
    live_keep: tuple[str, ...] = ()

    def template(self, part: str) -> str:
        return self.templates.get(part, f"{self.slug}/{part}.html")

    def settings_form_class(self):
        return import_string(self.settings_form)

    def referee_input_form_class(self):
        return import_string(self.referee_input_form) if self.referee_input_form else None

    def seat_url(self, game_id: int, number: int) -> str:
        return reverse(f"{self.slug}:{self.seat_url_name}", args=[game_id, number])

    def rules_url(self) -> str | None:
        return reverse(f"{self.slug}:{self.rules_url_name}") if self.rules_url_name else None

    def nav_links(self) -> list[tuple[StrOrPromise, str]]:
        return [(label, reverse(f"{self.slug}:{name}")) for label, name in self.nav]

    # --- deadlines ------------------------------------------------------------------------
    def deadline(self, now: datetime, game) -> datetime:
        """The deadline of a round opening at ``now``: noon in the game's zone, its
        ``deadline_days`` later."""
        return clock.deadline_after(now, game.time_zone, game.deadline_days)

    def outage_deadline(self, now: datetime, game) -> datetime:
        """A new deadline for a round whose deadline passed while the scheduler was down."""
        return clock.deadline_after(now, game.time_zone, 1)

    def deadline_words(self, game) -> str:
        """The deadline rule in a few words, for the lobby: the zone in the reader's words."""
        return ngettext(
            "%(days)d day, at noon %(zone)s", "%(days)d days, at noon %(zone)s", game.deadline_days
        ) % {"days": game.deadline_days, "zone": _zone_in_reader_words(game.time_zone)}

    def shows_deadline(self, game) -> bool:
        """Whether a round's deadline means anything to the players: a game played at its
        own pace (a solo game, say) keeps one only for the sweep, and the lists leave it out."""
        return True

    def lobby_words(self, game) -> str:
        """A game's settings in one line, for the lobby's list."""
        return self.deadline_words(game)

    def seat_label(self, number: int) -> str:
        """A seat as the lobby names it (a game may add what tells its seats apart)."""
        return gettext("Seat %(number)d") % {"number": number + 1}  # people count from 1

    def describe_settings(self, game) -> list[tuple[str, str]]:
        """The settings of a game as (label, words), for the referee's panel."""
        return [(gettext("Deadline"), self.deadline_words(game))]

    # --- seats ------------------------------------------------------------------------------
    def seat_name_on_join(self, user) -> str:
        """The name a seat takes when a person joins it ("": he names it later, or it shows as
        "seat N")."""
        return ""

    def not_active_message(self, state: dict, seat: int) -> str:
        """Why ``seat`` may not send orders for the round starting from ``state``."""
        return gettext("you owe no orders in this round")

    @required
    def seat_numbers(self, settings: dict) -> list[int]:
        raise NotImplementedError

    # --- rules (asked of the game's engine) -------------------------------------------------
    @required
    def clean_settings(self, data: dict) -> dict:
        """Check the referee's settings; raise Rejected naming what is wrong."""
        raise NotImplementedError

    @required
    def setup(self, *, seed: int, settings: dict, seats: list[dict]) -> dict:
        """The state of round 1. ``seats``: ``[{"number", "computer", "user_id"}]``."""
        raise NotImplementedError

    @required
    def active_seats(self, state: dict) -> list[int]:
        """Seats that owe orders for the round starting from ``state``."""
        raise NotImplementedError

    def seats_in_game(self, state: dict) -> list[int]:
        """Seats still in the game at ``state``, whether or not they owe orders now (a game
        of turns has players who wait). By default those who owe orders."""
        return self.active_seats(state)

    def owing_seats(self, state: dict, referee_input: dict) -> set[int]:
        """Seats a round starting from ``state`` waits for: the active ones, less those the
        referee takes out at its start (``referee_input["remove"]``), whose orders never
        count."""
        return set(self.active_seats(state)) - set(referee_input.get("remove", []))

    @required
    def validate_orders(self, state: dict, seat: int, payload: object) -> dict:
        """The normalised orders to store, or Rejected with a clear message."""
        raise NotImplementedError

    @required
    def computer_orders(self, state: dict, seat: int, level: str) -> dict:
        raise NotImplementedError

    @required
    def resolve(
        self, state: dict, orders: dict[int, dict], *, seed: int, referee_input: dict
    ) -> Outcome:
        raise NotImplementedError

    def clean_referee_input(self, state: dict, data: dict) -> dict:
        """Check a referee's input for the coming round (e.g. a fixed wind)."""
        raise Rejected(_("the referee fixes nothing in this game"))

    def offers_referee_input(self, settings: dict) -> bool:
        """Whether the referee's panel offers ``referee_input_form`` in a game with these
        settings (e.g. no wind to fix in a windless game)."""
        return True

    def counts_for_careers(self, settings: dict) -> bool:
        """Whether a game with these settings and no computer pilot is scored (careers)."""
        return False

    # --- orders: what a game adds to the platform's one submit (games.services) -------------
    def orders_arriving(self, *, seat, user, payload: object, round) -> object:
        """Called by ``games.services.orders_submit`` inside its transaction, the open
        ``round`` locked and ``seat`` found to owe orders, before they are judged: what the
        game writes first (a new player names himself, say), and the orders to judge. By
        default ``payload`` as it is."""
        return payload

    def orders_stored(self, *, order) -> None:
        """Called by ``games.services.orders_submit`` in the same transaction once ``order``
        is stored: what else the game writes with it (it drops a standing offer, or the
        seat's draft, say)."""

    def on_game_over(self, game, final_state: dict) -> None:
        """Called once, inside the transaction that publishes the game's last round."""

    # --- ratings (games.ratings) ------------------------------------------------------------
    # Each computer level's fixed rating, (mu, sigma) on the scale of ``games.ratings.MODEL``,
    # as the game's league measures it (bench/*league*): an anchor that rated games against
    # computers are measured against, never moved by them.
    computer_ratings: dict[str, tuple[float, float]] = {}

    def ranking(self, final_state: dict, events: Callable[[], Iterable[dict]]) -> dict | None:
        """A finished game's result, as its engine ranks it: each seat's place, 1 first, seats
        that tie sharing one (``places``), those the game put out for missed orders last.
        ``events()`` gives every event of the game's published rounds, oldest first, for a
        game whose final state does not tell it alone. None: the game declares no result and
        is never rated."""
        return None

    def demo_setup(self, user) -> str | None:
        """This game's part of ``make demo`` for the demo person ``user`` (e.g. a practice
        game he can play at once), made only if it is not there yet; a line for the console
        saying where to find it, or None."""
        return None

    # --- mail ------------------------------------------------------------------------------
    def report_readers(self, report_state: dict, seats: list[int]) -> list[int]:
        """Of ``seats``, those whose players, if they chose every report, get a published
        round's report while they wait (neither acting next nor told the game is over; who
        must act is the platform's to know, ``games.acting``): by default all; a game may
        call a round no news (a draft pick by another, say)."""
        return seats

    def report_subject(self, title: str, number: int, report_state: dict) -> str | None:
        """The subject of a published round's report mail and of its result mail, in the
        active language; None: the platform's "round N is published" or "the game is
        over"."""
        return None

    # --- words and pages --------------------------------------------------------------------
    @required
    def describe_events(self, events: list, names: dict[int, str]) -> list[str]:
        """A published round as plain lines of text (mail, feed)."""
        raise NotImplementedError

    @required
    def page_context(self, state: dict, names: dict[int, str]) -> dict:
        """What the game's public page (its ``game`` template) shows of a state."""
        raise NotImplementedError

    @required
    def report_context(
        self, state_before: dict, report_state: dict, events: list, names: dict[int, str]
    ) -> dict:
        """What a published round's body (its ``_report_body`` template) shows; the platform's
        replay player comes with it, from ``game_replay``."""
        raise NotImplementedError

    def game_replay(self, rounds: list[PlayedRound], names: dict[int, str]) -> list[Frame]:
        """The replay of the published ``rounds`` (oldest first) step by step, as ``Frame``s
        (the platform's player, ``games.replay``): a caption per step in the game's words, the
        mark of each round (turn, lab) on its first step, and the board drawn by the game's
        own board code. A round's frames depend only on it and the rounds before it. Default:
        no replay."""
        return []

    # --- the public API (games/api): plain JSON data, the same rules as the order forms -----
    def public_state(self, state: dict, seat: int | None) -> dict:
        """``state`` as the player of ``seat`` may see it (None: a spectator)."""
        return state

    @required
    def legal_choices(self, state: dict, seat: int, partial: object) -> dict:
        """What the engine offers ``seat`` in the round starting from ``state``, after the
        ``partial`` orders chosen so far (None: nothing chosen yet); Rejected if it refuses
        them."""
        raise NotImplementedError

    @required
    def preview_orders(self, state: dict, seat: int, payload: object) -> dict:
        """What the engine foresees of ``payload`` as ``seat``'s orders; Rejected with its
        reason if it would refuse them."""
        raise NotImplementedError

    @required
    def replay_frames(
        self, state_before: dict, events: list, report_state: dict, names: dict[int, str]
    ) -> list[dict]:
        """A published round step by step as plain JSON data, for the API."""
        raise NotImplementedError

    def practice_create(self, user):
        """A practice game for ``user`` against computer players, started, or None if the
        game offers none."""
        return

    @property
    def offers_practice(self) -> bool:
        """Whether the game implements ``practice_create``."""
        return type(self).practice_create is not GameRules.practice_create

    # --- pictures: the board on cards and in link previews ----------------------------------
    def board_picture(self, state: dict, names: dict[int, str], seat: int | None = None):
        """The board at ``state`` drawn by the game's own board code as a standalone SVG
        document at thumbnail size (``games.pictures.standalone``), or None if the game has
        no picture. Anyone may see it: like ``page_context``, it shows only what a spectator
        may see of ``state``. ``seat``: the viewer's own seat, for a game that
        draws each seat's board apart."""
        return

    sample_rounds = 0  # rounds the computer players play on from the setup (sample_position)

    def sample_position(self) -> dict | None:
        """A real position of the game, for the home page's card: the setup of a game with its
        default settings and every seat a computer player, played on for ``sample_rounds``
        rounds. Deterministic (a fixed seed), worked out once per process; None if the
        default settings are refused."""
        return _sample_position(self)

    # --- the words for its units of play (Units) -------------------------------------------
    units = Units()
    # The titles the site makes up for the game, by code (games.titles.MadeTitle): gettext-lazy
    # words with their parameters, e.g. {"practice": _("%(username)s's practice flight")}.
    made_titles: dict[str, str | Promise] = {}

    def round_name(self, rnd) -> Numbered:
        """Round ``rnd`` (a ``games.models.Round``, or anything with its ``number`` and its
        starting ``state``) as the game counts it: its unit and its own number from 1. By
        default every round is a ``units.round``, numbered as the platform numbers it; a game
        whose rounds are not all alike (a draft's picks, then turns) reads ``rnd.state``."""
        return Numbered(self.units.round, rnd.number)


SAMPLE_SEED = 1917


@cache
def _sample_position(rules: GameRules) -> dict | None:
    try:
        settings = rules.clean_settings({})
    except Rejected:
        return None
    computers = [
        {"number": number, "computer": True, "user_id": None}
        for number in rules.seat_numbers(settings)
    ]
    state = rules.setup(seed=SAMPLE_SEED, settings=settings, seats=computers)
    for played in range(rules.sample_rounds):
        owing = rules.active_seats(state)
        if not owing:
            break
        orders = {seat: rules.computer_orders(state, seat, "novice") for seat in owing}
        state = rules.resolve(state, orders, seed=SAMPLE_SEED + played, referee_input={}).state
    return state


class TurnDeadline:
    """For a game of turns (mixed in before ``GameRules``): each round's deadline is
    ``settings["turn_hours"]`` after it opens, ``default_turn_hours`` if unset, and a round
    whose deadline passed during an outage gets a whole turn again."""

    default_turn_hours = 48

    def turn_hours(self, game) -> int:
        return game.settings.get("turn_hours", self.default_turn_hours)

    def deadline(self, now: datetime, game) -> datetime:
        return now + timedelta(hours=self.turn_hours(game))

    def outage_deadline(self, now: datetime, game) -> datetime:
        return self.deadline(now, game)


class GameApp(AppConfig):
    """The ``AppConfig`` of a game: ``rules`` is the dotted path of its ``GameRules``."""

    rules = ""

    def ready(self) -> None:
        self.game_rules: GameRules = import_string(self.rules)


@cache
def _games() -> dict[str, GameRules]:
    return {
        app.game_rules.slug: app.game_rules
        for app in apps.get_app_configs()
        if isinstance(app, GameApp)
    }


@receiver(setting_changed)
def _forget_games(*, setting: str, **kwargs) -> None:
    if setting == "INSTALLED_APPS":  # a test plugs a game in or out
        _games.cache_clear()


def get(slug: str) -> GameRules:
    try:
        return _games()[slug]
    except KeyError:
        raise Rejected(_("there is no game called %(slug)r") % {"slug": slug}) from None


def all_games() -> list[GameRules]:
    return list(_games().values())
