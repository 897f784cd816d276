"""Joyride's form for referees: a new game's settings. Whether they can be played is decided
by ``JoyrideRules.clean_settings``."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games import registry
from games.forms import GameSettingsForm

from .engine import LEVELS
from .plugin import (
    DEFAULT_PICK_HOURS,
    DEFAULT_RUN_HOURS,
    HARD_CHOICE_WORDS,
    HARD_CHOICES,
    MAX_HOURS,
    MIN_HOURS,
)

LEVEL_WORDS = registry.LEVELS  # one word per level in every game
SEATS = range(4)


class SettingsForm(GameSettingsForm):
    deadline_days = None  # a joyride's deadlines are per phase, in hours
    players = forms.TypedChoiceField(
        choices=[(n, str(n)) for n in (1, 2, 3, 4)],
        coerce=int,
        initial=2,
        label=_("Players"),
        help_text=_("1: the solo variant, at your own pace."),
    )
    run_hours = forms.IntegerField(
        min_value=MIN_HOURS,
        max_value=MAX_HOURS,
        initial=DEFAULT_RUN_HOURS,
        label=_("Deadline per run (hours)"),
    )
    pick_hours = forms.IntegerField(
        min_value=MIN_HOURS,
        max_value=MAX_HOURS,
        initial=DEFAULT_PICK_HOURS,
        label=_("Deadline per gadget pick (hours)"),
    )
    computer_help = _(
        "Tick a seat to give it to a computer player from the start; seats "
        "left free when the game starts get one too."
    )
    groups = [
        (_("The game"), ["title", "time_zone", "players", "run_hours", "pick_hours"]),
        (_("Lab cards per seat"), [f"hard_{number}" for number in SEATS]),
    ]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for number in SEATS:
            self.fields[f"hard_{number}"] = forms.ChoiceField(
                choices=[(value, HARD_CHOICE_WORDS[value]) for value in HARD_CHOICES],
                required=False,
                label=_("Seat %(number)d") % {"number": number + 1},
                help_text=_("A hard card replaces that number in the seat's lab, every run.")
                if number == 0
                else "",
            )
            self.fields[f"computer_{number}"] = forms.BooleanField(
                required=False,
                label=_("Computer player in seat %(number)d") % {"number": number + 1},
            )
            self.fields[f"level_{number}"] = forms.ChoiceField(
                choices=[(level, LEVEL_WORDS[level]) for level in LEVELS],
                initial="veteran",
                required=False,
                label=_("Level in seat %(number)d") % {"number": number + 1},
            )

    def computer_rows(self):
        return [(number, self[f"computer_{number}"], self[f"level_{number}"]) for number in SEATS]

    def game_settings(self) -> dict:
        data = self.cleaned_data
        return {
            "players": data["players"],
            "run_hours": data["run_hours"],
            "pick_hours": data["pick_hours"],
            "hard": [
                [int(card) for card in data[f"hard_{number}"].split(",") if card]
                for number in range(data["players"])
            ],
        }

    def computer_seats(self) -> dict[int, str]:
        data = self.cleaned_data
        return {
            number: data[f"level_{number}"] or "veteran"
            for number in SEATS
            if data[f"computer_{number}"] and number < data["players"]
        }

    def game_kwargs(self) -> dict:
        return {**super().game_kwargs(), "resolve_early": True}
