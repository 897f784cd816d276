"""Ranks, ace abilities and the points tables (rules §4, §8, §9).

Everything here depends only on a pilot's career standing *at game start* and his rank, which the
state carries on each plane; the standing itself changes only when a game ends.
"""

from __future__ import annotations

import math

from games.enginekit import EngineError

RANKS = ("", "Leutnant", "Hauptmann", "Major", "Oberstleutnant", "Oberst", "General")
RANKS_EN = ("", "Lieutenant", "Captain", "Major", "Lieutenant Colonel", "Colonel", "General")
MAX_RANK = len(RANKS) - 1

# Ace thresholds by career points at game start; they hang on points, not on rank.
DOUBLE_MG_AT = 20
ACE_MANEUVERS_AT = {"I": 40, "S": 60, "O": 80}
ACE_TITLE = "Ass"

PROMOTION_COST = 100
RANGE_DAMAGE = (0, 4, 3, 2, 1, 1)  # index = range; range 5 only for a General


def ammo_capacity(rank: int) -> int:
    return 20 if rank >= 1 else 16


def bursts_per_round(rank: int) -> int:
    return 4 if rank >= 2 else 3


def repair_per_round(rank: int) -> int:
    return 3 if rank >= 3 else 2


REPAIR_CAP = 8


def is_fast(rank: int) -> bool:
    return rank >= 4


def out_at(rank: int) -> int:
    return 14 if rank >= 5 else 12


def reach(rank: int) -> int:
    return 5 if rank >= 6 else 4


def has_double_mg(career_points: int) -> bool:
    return career_points >= DOUBLE_MG_AT


def ace_maneuvers(career_points: int) -> tuple[str, ...]:
    return tuple(code for code, at in ACE_MANEUVERS_AT.items() if career_points >= at)


def shootdown_loss(career_points: int, rank: int) -> int:
    """What a pilot loses when shot down or crashed: ``5 + 5*floor(p/20)`` plus 10 per rank."""
    return 5 + 5 * (career_points // 20) + 10 * rank


def shootdown_gain(career_points: int, rank: int) -> int:
    """What the victim is worth to his attackers: ``5 + 5*floor(p/40)`` plus 5 per rank."""
    return 5 + 5 * (career_points // 40) + 5 * rank


def share(amount: int, pilots: int) -> int:
    """Each of ``pilots`` sharing a kill (or a balloon) gets ``ceil(amount / pilots)``."""
    return math.ceil(amount / pilots)


def final_standing(career_points: int, game_points: int) -> int:
    """A career after a scored game: the game's points added, never below zero."""
    return max(0, career_points + game_points)


def can_promote(career_points: int, rank: int) -> bool:
    return career_points >= PROMOTION_COST and rank < MAX_RANK


def promote(career_points: int, rank: int) -> tuple[int, int]:
    """Trade 100 points for the next rank; the rank stays for good."""
    if not can_promote(career_points, rank):
        raise EngineError(
            "a promotion needs at least 100 points and a rank below General",
            code="no_promotion",
            cost=PROMOTION_COST,
            top=MAX_RANK,
        )
    return career_points - PROMOTION_COST, rank + 1
