"""The duel's one table of its own: a standing draw offer (the engine has no word for an
offer, only for the agreed draw)."""

from __future__ import annotations

from django.db import models

from games.models import Game


class DrawOffer(models.Model):
    """A player's offer of a draw; it stands until answered, withdrawn, or the other player
    plays on (his next action declines it). One per game."""

    game = models.OneToOneField(Game, models.CASCADE, primary_key=True, related_name="draw_offer")
    seat = models.SmallIntegerField()  # the player who offered
    made_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"draw offered by player {self.seat} in {self.game}"
