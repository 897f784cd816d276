"""Public career pages: each pilot's record, and the leaderboard; the promotion offer."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from games import pages
from games.registry import Rejected

from . import services, words
from .models import CareerEntry, Pilot
from .plugin import RULES
from .rules_page import RANK_ABILITY

LEADERBOARD_PAGE = 50  # pilots per page of the leaderboard
CAREER_PAGE = 25  # games per page of a pilot's career


def abilities(points: int, rank: int) -> list[str]:
    """What a standing gives in the next game: the aces of his points, the gifts of his rank."""
    figures = RULES.standing_figures(points, rank)
    found = []
    if figures["double_mg"]:
        found.append(
            _("double machine guns (+1 on every hit): an %(title)s") % {"title": words.ACE_TITLE}
        )
    found += [
        _("the %(maneuver)s") % {"maneuver": words.maneuver(code)}
        for code in figures["ace_maneuvers"]
    ]
    values = {key: figures[key] for key in ("ammo", "per_round", "repair", "out", "reach")}
    found += [RANK_ABILITY[r][0].format(**values) for r in range(1, rank + 1)]
    return found


@require_safe
def leaderboard(request):
    page = pages.page_of(
        request, Pilot.objects.order_by("-rank", "-points", "name", "pk"), "page", LEADERBOARD_PAGE
    )
    return render(
        request,
        "dogfight/leaderboard.html",
        {"page": page, "pilots": [{"pilot": p, "rank_name": words.rank(p.rank)} for p in page]},
    )


@require_safe
def career_page(request, pilot_id: int):
    pilot = get_object_or_404(Pilot, pk=pilot_id)
    own = request.user.is_authenticated and request.user.pk == pilot.user_id
    promotion = RULES.promotion(pilot.points, pilot.rank)
    return render(
        request,
        "dogfight/career.html",
        {
            "pilot": pilot,
            "own": own,
            "rank_name": words.rank(pilot.rank),
            "abilities": abilities(pilot.points, pilot.rank),
            "entries": pages.page_of(
                request,
                CareerEntry.objects.filter(pilot=pilot)
                .select_related("game")
                .order_by("-created_at", "-pk"),
                "page",
                CAREER_PAGE,
            ),
            "offer": own and services.promotion_offered(pilot),
            "in_running_game": own and services.in_running_game(pilot),
            "can_promote": promotion["can"],
            "cost": promotion["cost"],
            "double_mg_at": promotion["double_mg_at"],
            "next_rank": words.rank(min(pilot.rank + 1, promotion["max_rank"])),
            "after_points": promotion["after_points"],
            "after_abilities": abilities(promotion["after_points"], promotion["after_rank"]),
        },
    )


@login_required
@require_POST
def promote(request, pilot_id: int):
    pilot = get_object_or_404(Pilot, pk=pilot_id)
    if request.POST.get("confirm") != "yes":
        messages.error(request, _("Tick the box to confirm the promotion."))
        return redirect(pilot)
    try:
        pilot = services.pilot_promote(pilot=pilot, user=request.user)
    except Rejected as error:
        messages.error(request, _("No promotion: %(reason)s.") % {"reason": error})
    else:
        messages.success(
            request,
            _("%(name)s is now %(rank)s.") % {"name": pilot.name, "rank": words.rank(pilot.rank)},
        )
    return redirect(pilot)


@login_required
@require_POST
def decline(request, pilot_id: int):
    pilot = get_object_or_404(Pilot, pk=pilot_id)
    try:
        services.pilot_decline_promotion(pilot=pilot, user=request.user)
    except Rejected as error:
        messages.error(request, str(error))
    else:
        messages.info(
            request, _("Promotion declined: the offer comes back when your points change.")
        )
    return redirect(pilot)
