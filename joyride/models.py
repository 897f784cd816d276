"""Joyride's one table of its own: a plan being built, kept between clicks.

A draft is the seat's own and nobody else's: it is never shown to another seat, never
resolved, and sealed only by the player's submit (then it becomes the round's ``Order`` and the
draft goes). It lives in the database, not in the session, so the plan a player started on his
phone is there on his desk, and a second tab sees the same plan.
"""

from __future__ import annotations

from django.db import models

from games.models import Round, Seat


class PlanDraft(models.Model):
    round = models.ForeignKey(Round, models.CASCADE, related_name="+", db_index=False)
    seat = models.ForeignKey(Seat, models.CASCADE, related_name="+")
    plan = models.JSONField(default=dict)  # the engine's plan, as validate_plan stored it
    updated_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["round", "seat"], name="one_plan_draft_per_seat_and_round"
            )
        ]

    def __str__(self) -> str:
        return f"draft of seat {self.seat_id} in round {self.round_id}"
