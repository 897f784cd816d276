"""The dogfight's forms for referees: a new game's settings and the wind of the coming round.

The form only shapes what was sent; whether the settings can be played (e.g. a fair balloon
count) is decided by ``DogfightRules.clean_settings``, which asks the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django import forms
from django.utils.translation import gettext_lazy as _

from games import registry
from games.forms import GameSettingsForm, RefereeInputForm

from . import words
from .engine.board import SEATS
from .engine.setup import DEFAULT_CLOUDS, MAX_CLOUDS
from .plugin import seat_label, wind_words, wind_words_lazy

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

LEVELS = [(code, registry.LEVELS[code]) for code in ("novice", "veteran", "ace")]
MODES = [("full", _("full game (six seats)")), ("duel", _("duel (two seats)"))]


class SettingsForm(GameSettingsForm):
    resolve_early = forms.BooleanField(
        required=False, label=_("Resolve as soon as all orders are in (not at the next noon)")
    )
    mode = forms.ChoiceField(
        label=_("Mode"), choices=MODES, initial="full", widget=forms.RadioSelect
    )
    windless = forms.BooleanField(label=_("Windless"), required=False)
    legacy_weather = forms.BooleanField(label=_("Legacy weather"), required=False)
    balloon_rule = forms.ChoiceField(
        label=_("Balloons"), choices=list(words.BALLOON_RULES.items()), initial="none"
    )
    balloons = forms.IntegerField(label=_("How many balloons"), min_value=0, initial=0)
    clouds = forms.IntegerField(
        label=_("Clouds"), min_value=0, max_value=MAX_CLOUDS, initial=DEFAULT_CLOUDS
    )
    scoring = forms.ChoiceField(
        label=_("Scoring"), choices=list(words.SCORING_MODES.items()), initial="hits"
    )
    computer_help = _(
        "Tick a seat to give it to a computer pilot from the start (a game with "
        "computer pilots is not scored). In a duel only the duel's two seats "
        "exist."
    )
    groups = [
        (_("The game"), ["title", "time_zone", "deadline_days", "resolve_early"]),
        (
            _("The field"),
            ["mode", "windless", "legacy_weather", "balloon_rule", "balloons", "clouds", "scoring"],
        ),
    ]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].help_text = _("Results appear at noon in this zone.")
        for number in SEATS:
            self.fields[f"computer_{number}"] = forms.BooleanField(
                required=False, label=_("Computer pilot in %(seat)s") % {"seat": seat_label(number)}
            )
            self.fields[f"level_{number}"] = forms.ChoiceField(
                choices=LEVELS,
                initial="novice",
                required=False,
                label=_("Level in %(seat)s") % {"seat": seat_label(number)},
            )

    def computer_rows(self):
        return [(number, self[f"computer_{number}"], self[f"level_{number}"]) for number in SEATS]

    def game_settings(self) -> dict:
        data = self.cleaned_data
        return {
            "duel": data["mode"] == "duel",
            "windless": data["windless"],
            "legacy_weather": data["legacy_weather"],
            "balloon_rule": data["balloon_rule"],
            "balloons": data["balloons"],
            "clouds": data["clouds"],
            "scoring": data["scoring"],
        }

    def computer_seats(self) -> dict[int, str]:
        data = self.cleaned_data
        return {
            number: data[f"level_{number}"] or "novice"
            for number in SEATS
            if data[f"computer_{number}"]
        }


WIND_CHOICES = [("", _("as the weather decides")), ("calm", _("calm: no cloud moves"))] + [
    (str(d), wind_words_lazy(d)) for d in range(6)
]


class WindForm(RefereeInputForm):
    """The wind of the coming round: fixed by the referee, or left to the weather."""

    wind = forms.ChoiceField(choices=WIND_CHOICES, required=False)
    heading = _("The wind of this round")
    button = _("Set the wind")

    @staticmethod
    def describe(referee_input: dict) -> StrOrPromise:
        wind = referee_input.get("wind")
        if wind is None:
            return _("as the weather decides")
        return _("calm") if wind == "calm" else wind_words(wind)

    @classmethod
    def for_round(cls, referee_input: dict):
        wind = referee_input.get("wind")
        return cls(initial={"wind": "" if wind is None else str(wind)})

    def referee_data(self) -> dict:
        wind = self.cleaned_data["wind"]
        return {"wind": None if wind == "" else "calm" if wind == "calm" else int(wind)}
