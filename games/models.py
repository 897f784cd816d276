"""The shared platform's tables: games with seats, rounds with sealed orders and published
reports, chatter, and the records that make mail and the sweep idempotent.

Snapshots, not mutations: a round's starting state and its report are written once. The next
round holds the state the report produced, so a published round is never rewritten.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.functional import cached_property
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from . import registry
from .db.fields import SnapshotField
from .titles import TitleField


class Game(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("open for pilots")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")

    kind = models.CharField(max_length=20)
    title = TitleField(max_length=80)  # typed, or made up by the site (games.titles)
    referee = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.PROTECT, related_name="refereed_games"
    )
    settings = models.JSONField(default=dict)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    time_zone = models.CharField(max_length=64, default="Europe/Berlin")
    deadline_days = models.PositiveSmallIntegerField(default=2)
    resolve_early = models.BooleanField(
        default=False, help_text=_("Resolve as soon as all orders are in, not at the next noon.")
    )
    scored = models.BooleanField(default=True)
    rated = models.BooleanField(
        default=False, help_text=_("The finished game moves its players' ratings.")
    )
    winner_seat = models.SmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Only on games read with ``selectors._open_round()``'s prefetch: the open round, if any.
    open_rounds: list[Round]

    class Meta:
        indexes = [models.Index(fields=["status", "-created_at"])]

    def __str__(self) -> str:
        return f"{self.title} ({self.kind})"

    def get_absolute_url(self) -> str:
        return f"/games/{self.pk}/"

    @property
    def rules(self) -> registry.GameRules:
        return registry.get(self.kind)


class Seat(models.Model):
    # No index of its own: the (game, number) constraint's index starts with it.
    game = models.ForeignKey(Game, models.CASCADE, related_name="seats", db_index=False)
    number = models.SmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="seats"
    )
    computer = models.BooleanField(default=False)
    computer_level = models.CharField(max_length=20, blank=True)
    name = models.CharField(max_length=40, blank=True)
    joined_at = models.DateTimeField(null=True, blank=True)
    # Not a column: the rating shown beside a seat, set on the seats a page lists
    # (games.ratings.lobby_seat_ratings).
    shown_rating: int | None

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="one_seat_number_per_game"),
            models.UniqueConstraint(
                fields=["game", "user"],
                condition=Q(user__isnull=False),
                name="one_seat_per_person_per_game",
            ),
        ]
        # Opening the next rounds of a noon's games asks for their computer pilots only.
        indexes = [
            models.Index(fields=["game"], condition=Q(computer=True), name="computer_seats_by_game")
        ]

    def __str__(self) -> str:
        """The seat's name: its pilot's, or one the site makes up when it is shown, in the
        active language (never stored)."""
        if self.name:
            return self.name
        if self.computer:
            return gettext("Computer pilot %(number)d") % {"number": self.shown_number}
        return gettext("seat %(number)d") % {"number": self.shown_number}

    @property
    def level_name(self) -> str:
        """A computer's level in the active language ("" for a person)."""
        return registry.level_name(self.computer_level) if self.computer else ""

    @property
    def shown_number(self) -> int:
        """The seat's number as people read it: they count from 1 (URLs and the stored number
        count from 0)."""
        return self.number + 1

    @property
    def is_free(self) -> bool:
        return self.user_id is None and not self.computer


class Round(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("open for orders")
        PUBLISHED = "published", _("published")
        FAILED = "failed", _("failed: waiting for the referee")

    # No index of its own: the (game, number) constraint's index starts with it, and each
    # index is one more entry written for every round opened and published at noon.
    game = models.ForeignKey(Game, models.CASCADE, related_name="rounds", db_index=False)
    number = models.PositiveIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    state = SnapshotField(help_text="The state at the start of the round (a snapshot).")
    seed = models.BigIntegerField()
    deadline = models.DateTimeField()
    opened_at = models.DateTimeField()
    all_in_at = models.DateTimeField(null=True, blank=True)
    referee_input = models.JSONField(default=dict, blank=True)
    deadline_extended = models.BooleanField(default=False)
    failures = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="one_round_number_per_game"),
            models.UniqueConstraint(
                fields=["game"], condition=Q(status="open"), name="one_open_round_per_game"
            ),
        ]
        indexes = [models.Index(fields=["status", "deadline"])]

    @cached_property
    def name(self) -> registry.Numbered:
        """This round as its game counts it ("turn 3", "Turn 3" as ``name.title``):
        ``GameRules.round_name``, which may read the state (``round_names`` reads a list's
        together)."""
        return self.game.rules.round_name(self)

    def __str__(self) -> str:
        return f"{self.game} round {self.number}"


class Report(models.Model):
    """What a round produced: written once, at publication, and never changed."""

    round = models.OneToOneField(Round, models.CASCADE, primary_key=True, related_name="report")
    state = SnapshotField()
    events = SnapshotField()
    published_at = models.DateTimeField()


class Order(models.Model):
    """A seat's sealed orders for a round; visible to others only once the round is published."""

    # No index of its own: the (round, seat) constraint's index starts with it.
    round = models.ForeignKey(Round, models.CASCADE, related_name="orders", db_index=False)
    seat = models.ForeignKey(Seat, models.CASCADE, related_name="orders")
    payload = SnapshotField()
    submitted_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "seat"], name="one_order_per_seat_and_round"),
        ]


class Chatter(models.Model):
    """Radio chatter: up to six lines under a seat's orders, published with the round."""

    round = models.ForeignKey(Round, models.CASCADE, related_name="chatter")
    seat = models.ForeignKey(Seat, models.CASCADE, related_name="chatter")
    lines = models.JSONField(default=list)
    updated_at = models.DateTimeField()

    class Meta:
        ordering = ["seat__number"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "seat"], name="one_chatter_per_seat_and_round"
            ),
        ]


class Profile(models.Model):
    class Notices(models.TextChoices):
        """Which game mail a person wants (games/notify.py decides who gets what)."""

        EVERY = "every", _("Every report, and when it is my turn")
        TURN = "turn", _("Only when it is my turn, and a game's start and end")
        DIGEST = "digest", _("A daily digest")
        NONE = "none", _("None")

    user = models.OneToOneField(settings.AUTH_USER_MODEL, models.CASCADE, related_name="profile")
    time_zone = models.CharField(max_length=64, default="Europe/Berlin")
    # "": the browser's choice (Accept-Language, or the switch in the page's frame).
    language = models.CharField(max_length=8, blank=True, choices=settings.LANGUAGES)
    notices = models.CharField(max_length=8, choices=Notices.choices, default=Notices.EVERY)
    mail_reminders = models.BooleanField(
        default=True, help_text=_("Mail me before a deadline while my orders are still due.")
    )
    # Game mail goes only to an address its owner confirmed: the one stored here while it is
    # still the user's address (a changed address is unconfirmed until confirmed again).
    confirmed_email = models.EmailField(blank=True)
    digest_sent_at = models.DateTimeField(null=True, blank=True)


class ApiToken(models.Model):
    """A personal token for the API (games/api): it acts as its person and no more. Only a
    SHA-256 digest of the secret is kept; the secret is shown once, when it is made (a long
    random secret needs no slow hash: nothing about it can be guessed from the digest)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="api_tokens")
    name = models.CharField(max_length=40)
    prefix = models.CharField(
        max_length=8, help_text=_("The secret's first characters, shown to tell tokens apart.")
    )
    digest = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField()
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at"]

    def __str__(self) -> str:
        return f"{self.name} ({self.beginning})"

    @property
    def beginning(self) -> str:
        """How the token's secret begins, to tell it apart from the others."""
        return f"sk_{self.prefix}…"


class Rating(models.Model):
    """A person's rating at one game (``kind``): OpenSkill's belief about his skill, a mean
    and its uncertainty (``games.ratings``), after the ``games`` rated games he finished."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="ratings")
    kind = models.CharField(max_length=20)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "kind"], name="one_rating_per_person_and_game")
        ]
        # The leaderboard: a game's ratings, best first, in its order to the last tie (the
        # id), with the games it filters by: a page's ids are read from the index alone,
        # however deep the page, never sorted.
        indexes = [
            models.Index(fields=["kind", "-mu", "id", "games"], name="ratings_by_game_best_first")
        ]


class RatingChange(models.Model):
    """What one rated game did to one person's rating, written in the transaction that finished
    the game; the unique seat makes a second rating of the game impossible. The ids give the
    order in which games were rated, which ``manage.py rebuild_ratings`` replays."""

    game = models.ForeignKey(Game, models.CASCADE, related_name="rating_changes", db_index=False)
    seat = models.SmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.CASCADE, related_name="rating_changes", db_index=False
    )
    kind = models.CharField(max_length=20)
    place = models.PositiveSmallIntegerField(help_text=_("1 is first; seats that tie share one."))
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="one_rating_change_per_seat")
        ]
        # A person's history at one game, oldest first.
        indexes = [models.Index(fields=["user", "kind", "id"], name="rating_history")]

    @property
    def shown_change(self) -> int:
        """The change as people read it: the whole rating after less the one before."""
        return round(self.mu_after) - round(self.mu_before)


class Delivery(models.Model):
    """A game mail that was sent (or is being sent): the unique key makes each one go out once,
    and a person's rows of the last day are what the cap on his game mail counts."""

    class Kind(models.TextChoices):
        REPORT = "report"  # the one mail about a published round: its report, "your turn",
        #                    "you were removed" or "the game is over"
        REMINDER = "reminder"  # orders still due before the open round's deadline
        START = "start"  # the game has started (keyed by its round 1)
        OFFER = "offer"  # a game's own notice within a round (a draw offer, say)

    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="deliveries")
    round = models.ForeignKey(Round, models.CASCADE, related_name="deliveries")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    sent_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "round", "kind"], name="one_mail_of_a_kind"),
        ]
        indexes = [models.Index(fields=["user", "sent_at"], name="mail_by_person_and_time")]


class SweepMark(models.Model):
    """When the sweep last ran: a long gap means the scheduler was down (no NMR for that)."""

    id = models.PositiveSmallIntegerField(primary_key=True, default=1)
    last_run = models.DateTimeField()
