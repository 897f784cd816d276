"""The duel's form for referees: a new duel's settings (kept small). The referee fixes
nothing during a duel, so there is no referee-input form. Whether the settings can be played
is decided by ``DuelRules.clean_settings``, which asks the engine."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.forms import GameSettingsForm
from games.registry import level_name

from .engine.classes import CLASSES, STANDARD
from .engine.state import MAX_ASTEROIDS
from .plugin import DEFAULT_TURN_HOURS, MAX_TURN_HOURS, MIN_TURN_HOURS, player_label, squadron


# Choices as callables: Django calls them each time a form is rendered, so their words are in
# the language active then, not in the one active when this module was imported.
def squadron_choices() -> list[tuple[str, str]]:
    return [
        ("standard", gettext("the standard four: %(classes)s") % {"classes": squadron(STANDARD)})
    ] + [(key, gettext("one %(class)s each") % {"class": c.name}) for key, c in CLASSES.items()]


def computer_choices() -> list[tuple[str, str]]:
    return [
        ("", gettext("none: a person plays seat 1")),
        ("novice", _level("novice", gettext("fires when it can, flies at random"))),
        ("veteran", _level("veteran", gettext("aims, dodges missiles, goes home to win"))),
    ]


def _level(code: str, how: str) -> str:
    """A computer level's word (one in every game) and how it plays."""
    return gettext("%(level)s (%(how)s)") % {"level": level_name(code), "how": how}


def first_choices() -> list[tuple[int, str]]:
    return [(0, player_label(0)), (1, player_label(1))]


class SettingsForm(GameSettingsForm):
    deadline_days = None  # a duel's deadline is per action, in hours
    turn_hours = forms.IntegerField(
        min_value=MIN_TURN_HOURS,
        max_value=MAX_TURN_HOURS,
        initial=DEFAULT_TURN_HOURS,
        label=_("Deadline per action (hours)"),
        help_text=_("Whoever has not acted by then gets the missed-turn default."),
    )
    asteroids = forms.IntegerField(
        min_value=0, max_value=MAX_ASTEROIDS, initial=8, label=_("Asteroids per player")
    )
    no_adjacent = forms.BooleanField(
        required=False, initial=True, label=_("No two asteroids side by side")
    )
    squadron = forms.ChoiceField(choices=squadron_choices, initial="standard", label=_("Fighters"))
    first = forms.TypedChoiceField(
        choices=first_choices, coerce=int, initial=0, label=_("Moves first")
    )
    computer = forms.ChoiceField(
        choices=computer_choices,
        required=False,
        initial="",
        label=_("A computer opponent in seat 1"),
    )
    groups = [
        (_("The duel"), ["title", "turn_hours", "time_zone"]),
        (_("The field"), ["asteroids", "no_adjacent", "squadron", "first", "computer"]),
    ]

    def game_settings(self) -> dict:
        data = self.cleaned_data
        chosen = data["squadron"]
        return {
            "asteroids": data["asteroids"],
            "no_adjacent": data["no_adjacent"],
            "fighters": list(STANDARD) if chosen == "standard" else [chosen],
            "first": data["first"],
            "turn_hours": data["turn_hours"],
        }

    def computer_seats(self) -> dict[int, str]:
        level = self.cleaned_data["computer"]
        return {1: level} if level else {}
