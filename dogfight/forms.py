"""The dogfight's forms for referees: a new game's settings and the wind of the coming round.

The form only shapes what was sent; whether the settings can be played (e.g. a fair balloon
count) is decided by ``DogfightRules.clean_settings``, which asks the engine.
"""

from __future__ import annotations

from django import forms

from games.clock import TIME_ZONES
from games.services import MAX_DEADLINE_DAYS

from .engine.board import SEATS
from .engine.setup import DEFAULT_CLOUDS, MAX_CLOUDS
from .report import COMPASS
from .svg import SEAT_COLOUR_NAMES

LEVELS = [("novice", "novice"), ("veteran", "veteran"), ("ace", "ace")]
BALLOON_RULES = [("none", "no balloons"), ("normal", "balloons"),
                 ("through", "balloons; firing through them allowed")]
SCORING = [("hits", "points per hit"), ("damage", "points per damage point")]
MODES = [("full", "full game (six seats)"), ("duel", "duel (two seats)")]


def seat_label(number: int) -> str:
    return f"seat {number} ({SEAT_COLOUR_NAMES[number]})"


class SettingsForm(forms.Form):
    title = forms.CharField(max_length=80)
    time_zone = forms.ChoiceField(
        choices=[(z, z.replace("_", " ")) for z in TIME_ZONES], initial="Europe/Berlin",
        help_text="Results appear at noon in this zone.")
    deadline_days = forms.IntegerField(
        min_value=1, max_value=MAX_DEADLINE_DAYS, initial=2, label="Deadline (days)")
    resolve_early = forms.BooleanField(
        required=False, label="Resolve as soon as all orders are in (not at the next noon)")
    mode = forms.ChoiceField(choices=MODES, initial="full", widget=forms.RadioSelect)
    windless = forms.BooleanField(required=False)
    legacy_weather = forms.BooleanField(required=False)
    balloon_rule = forms.ChoiceField(choices=BALLOON_RULES, initial="none", label="Balloons")
    balloons = forms.IntegerField(min_value=0, initial=0, label="How many balloons")
    clouds = forms.IntegerField(min_value=0, max_value=MAX_CLOUDS, initial=DEFAULT_CLOUDS)
    scoring = forms.ChoiceField(choices=SCORING, initial="hits")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for number in SEATS:
            self.fields[f"computer_{number}"] = forms.BooleanField(
                required=False, label=f"Computer pilot in {seat_label(number)}")
            self.fields[f"level_{number}"] = forms.ChoiceField(
                choices=LEVELS, initial="novice", required=False,
                label=f"Level in {seat_label(number)}")

    def fieldsets(self):
        """(legend, bound fields) for the template; the computer seats come separately."""
        groups = [("The game", ["title", "time_zone", "deadline_days", "resolve_early"]),
                  ("The field", ["mode", "windless", "legacy_weather", "balloon_rule",
                                 "balloons", "clouds", "scoring"])]
        return [(legend, [self[name] for name in names]) for legend, names in groups]

    def computer_rows(self):
        """(checkbox, level) bound fields per seat, for the template."""
        return [(number, self[f"computer_{number}"], self[f"level_{number}"])
                for number in SEATS]

    def game_kwargs(self) -> dict:
        """The keyword arguments for ``services.game_create`` (after ``is_valid()``)."""
        data = self.cleaned_data
        return {
            "title": data["title"],
            "time_zone": data["time_zone"],
            "deadline_days": data["deadline_days"],
            "resolve_early": data["resolve_early"],
            "settings": {
                "duel": data["mode"] == "duel",
                "windless": data["windless"],
                "legacy_weather": data["legacy_weather"],
                "balloon_rule": data["balloon_rule"],
                "balloons": data["balloons"],
                "clouds": data["clouds"],
                "scoring": data["scoring"],
            },
            "computer_seats": {number: data[f"level_{number}"] or "novice"
                               for number in SEATS if data[f"computer_{number}"]},
        }


def wind_words(direction: int) -> str:
    return (f"from the {COMPASS[(direction + 3) % 6]} "
            f"(clouds drift one hex {COMPASS[direction]})")


WIND_CHOICES = ([("", "as the weather decides"), ("calm", "calm: no cloud moves")]
                + [(str(d), wind_words(d)) for d in range(6)])


class RefereeInputForm(forms.Form):
    """The wind of the coming round: fixed by the referee, or left to the weather."""

    wind = forms.ChoiceField(choices=WIND_CHOICES, required=False)
    heading = "The wind of this round"  # the referee panel's words for this form
    button = "Set the wind"

    @staticmethod
    def describe(referee_input: dict) -> str:
        return wind_now(referee_input)

    @classmethod
    def for_round(cls, referee_input: dict):
        wind = referee_input.get("wind")
        return cls(initial={"wind": "" if wind is None else str(wind)})

    def referee_data(self) -> dict:
        wind = self.cleaned_data["wind"]
        return {"wind": None if wind == "" else "calm" if wind == "calm" else int(wind)}


def describe_settings(game) -> list[tuple[str, str]]:
    """The settings of a game as (label, words), for the referee's panel and the lobby."""
    s = game.settings
    balloons = dict(BALLOON_RULES)[s.get("balloon_rule", "none")]
    if s.get("balloons"):
        balloons = f"{s['balloons']} {balloons}"
    return [
        ("Mode", "duel" if s.get("duel") else "full game"),
        ("Deadline", f"{game.deadline_days} day{'s' if game.deadline_days != 1 else ''}, "
                     f"results at noon {game.time_zone}"),
        ("Resolve early", "yes, as soon as all orders are in" if game.resolve_early else "no"),
        ("Weather", "windless" if s.get("windless")
         else "legacy weather" if s.get("legacy_weather") else "weather chain"),
        ("Balloons", balloons),
        ("Clouds at the start", str(s.get("clouds", DEFAULT_CLOUDS))),
        ("Scoring", dict(SCORING)[s.get("scoring", "hits")]
         + ("" if game.scored else " (not scored for careers)")),
    ]


def wind_now(referee_input: dict) -> str:
    wind = referee_input.get("wind")
    if wind is None:
        return "as the weather decides"
    return "calm" if wind == "calm" else f"from the {COMPASS[(wind + 3) % 6]}"
