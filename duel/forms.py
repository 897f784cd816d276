"""The duel's form for referees: a new duel's settings (kept small). The referee fixes
nothing during a duel, so there is no ``RefereeInputForm``. Whether the settings can be played
is decided by ``DuelRules.clean_settings``, which asks the engine."""

from __future__ import annotations

from django import forms

from games.clock import TIME_ZONES

from .engine.classes import CLASSES, STANDARD
from .engine.state import MAX_ASTEROIDS
from .plugin import DEFAULT_TURN_HOURS, MAX_TURN_HOURS, MIN_TURN_HOURS

SQUADRONS = ([("standard", "the standard four: " + ", ".join(CLASSES[c].name for c in STANDARD))]
             + [(key, f"one {c.name} each") for key, c in CLASSES.items()])
FIRST = [(0, "player A (seat 0)"), (1, "player B (seat 1)")]


class SettingsForm(forms.Form):
    title = forms.CharField(max_length=80)
    turn_hours = forms.IntegerField(
        min_value=MIN_TURN_HOURS, max_value=MAX_TURN_HOURS, initial=DEFAULT_TURN_HOURS,
        label="Deadline per action (hours)",
        help_text="Whoever has not acted by then gets the missed-turn default.")
    time_zone = forms.ChoiceField(
        choices=[(z, z.replace("_", " ")) for z in TIME_ZONES], initial="Europe/Berlin")
    asteroids = forms.IntegerField(min_value=0, max_value=MAX_ASTEROIDS, initial=8,
                                   label="Asteroids per player")
    no_adjacent = forms.BooleanField(required=False, initial=True,
                                     label="No two asteroids side by side")
    squadron = forms.ChoiceField(choices=SQUADRONS, initial="standard", label="Fighters")
    first = forms.TypedChoiceField(choices=FIRST, coerce=int, initial=0, label="Moves first")
    computer = forms.BooleanField(required=False,
                                  label="A computer opponent in seat 1 (it flies straight on)")

    def fieldsets(self):
        groups = [("The duel", ["title", "turn_hours", "time_zone"]),
                  ("The field", ["asteroids", "no_adjacent", "squadron", "first", "computer"])]
        return [(legend, [self[name] for name in names]) for legend, names in groups]

    def computer_rows(self):
        return []

    def game_kwargs(self) -> dict:
        data = self.cleaned_data
        squadron = data["squadron"]
        return {
            "title": data["title"], "time_zone": data["time_zone"], "deadline_days": 1,
            "settings": {
                "asteroids": data["asteroids"], "no_adjacent": data["no_adjacent"],
                "fighters": list(STANDARD) if squadron == "standard" else [squadron],
                "first": data["first"], "turn_hours": data["turn_hours"],
            },
            "computer_seats": {1: "novice"} if data["computer"] else {},
        }


def describe_settings(game) -> list[tuple[str, str]]:
    s = game.settings
    hours = s.get("turn_hours", DEFAULT_TURN_HOURS)
    return [
        ("Deadline", f"{hours} hour{'s' if hours != 1 else ''} per action"),
        ("Asteroids", f"{s.get('asteroids', 8)} per player"
                      + (", never side by side" if s.get("no_adjacent", True) else "")),
        ("Fighters", ", ".join(CLASSES[c].name for c in s.get("fighters", STANDARD))),
        ("Moves first", "player A (seat 0)" if s.get("first", 0) == 0 else "player B (seat 1)"),
    ]
