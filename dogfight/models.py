"""Dogfight tables that live beyond one game: pilots, their names and careers (rules §8-§10).

A pilot's points and rank hang on his name and go with him from game to game; a game changes
them once, when it ends (``CareerEntry`` makes that step idempotent).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse

from games.models import Game, Seat

from . import names


class Pilot(models.Model):
    """A person's pilot: the name is his for good, unique ignoring case, spaces, punctuation
    and accents (``key``) and unique as it looks (``skeleton``): see ``dogfight.names``."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="pilots")
    name = models.CharField(max_length=30)
    key = models.CharField(max_length=120, unique=True)
    skeleton = models.CharField(max_length=120, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    points = models.PositiveIntegerField(default=0)
    rank = models.PositiveSmallIntegerField(default=0)
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    hits = models.PositiveIntegerField(default=0)
    kills = models.PositiveIntegerField(default=0)
    crashes = models.PositiveIntegerField(default=0)
    shot_down = models.PositiveIntegerField(default=0)
    promotion_declined_at = models.PositiveIntegerField(
        null=True, blank=True, help_text="The points at which he last declined a promotion."
    )

    class Meta:
        indexes = [models.Index(fields=["-points"])]

    def __str__(self) -> str:
        return self.name

    def save(self, *args, **kwargs):
        """Both keys come from the name when they are not given."""
        self.key = self.key or names.name_key(self.name)
        self.skeleton = self.skeleton or names.name_skeleton(self.name)
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("dogfight:career", args=[self.pk])


class Enlistment(models.Model):
    """Which pilot flies a seat, with his standing when the game started."""

    seat = models.OneToOneField(Seat, models.CASCADE, related_name="enlistment")
    pilot = models.ForeignKey(Pilot, models.PROTECT, related_name="enlistments")
    points_at_start = models.PositiveIntegerField()
    rank_at_start = models.PositiveSmallIntegerField()


class CareerEntry(models.Model):
    """What one finished, scored game did to one pilot's career: written once."""

    pilot = models.ForeignKey(Pilot, models.CASCADE, related_name="career")
    game = models.ForeignKey(Game, models.CASCADE, related_name="career_entries")
    points_before = models.IntegerField()
    game_points = models.IntegerField()
    points_after = models.IntegerField()
    won = models.BooleanField(default=False)
    hits = models.PositiveIntegerField(default=0)
    kills = models.PositiveIntegerField(default=0)
    crashed = models.BooleanField(default=False)
    shot_down = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["pilot", "game"], name="one_career_entry_per_game"),
        ]
