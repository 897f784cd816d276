"""The referee's form for a new race: a built-in course or his own gates, level, laps, jets,
computer jets, turn or round mode, and the deadline per turn. Whether the race can be set up
(the course check above all) is decided by ``RacingRules.clean_settings``, which asks the
engine; its reason is shown on the form."""

from __future__ import annotations

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.forms import GameSettingsForm
from games.registry import LEVELS, Rejected

from . import engine, words
from .plugin import DEFAULT_TURN_HOURS, MAX_TURN_HOURS, MIN_TURN_HOURS, RULES

OWN = "own"
SEATS = range(6)
COMPUTER_LEVELS = [
    ("novice", format_lazy("{} ({})", LEVELS["novice"], _("flies the course, no equipment"))),
    ("ace", format_lazy("{} ({})", LEVELS["ace"], _("uses its equipment"))),
]


# Choices as callables: Django calls them each time a form is rendered, in the language active
# then.
def course_choices() -> list[tuple[str, str]]:
    return [(c["name"], words.course_words(c["name"])) for c in engine.courses()] + [
        (OWN, gettext("my own course (the gates below)"))
    ]


def level_choices() -> list[tuple[int, str]]:
    return [(n, words.level_name(n)) for n in engine.LEVELS]


def mode_choices() -> list[tuple[str, str]]:
    return [(mode, words.mode_words(mode)) for mode in ("turn", "round")]


def parse_gates(text: str) -> list[dict]:
    """One gate a line, "x y angle" (mm, mm, degrees), in the order they are flown."""
    gates = []
    for number, line in enumerate((t for t in text.splitlines() if t.strip()), start=1):
        values = line.replace(",", " ").replace(";", " ").split()
        try:
            x, y, angle = (float(v) for v in values)
        except ValueError:
            raise forms.ValidationError(
                gettext("line %(number)d: a gate is three numbers, x y angle") % {"number": number}
            ) from None
        gates.append({"x": x, "y": y, "angle": angle})
    return gates


class SettingsForm(GameSettingsForm):
    deadline_days = None  # a race's deadline is per turn, in hours
    turn_hours = forms.IntegerField(
        min_value=MIN_TURN_HOURS,
        max_value=MAX_TURN_HOURS,
        initial=DEFAULT_TURN_HOURS,
        label=_("Deadline per turn (hours)"),
        help_text=_("A jet without an order by then keeps its lift and flies straight on."),
    )
    course = forms.ChoiceField(choices=course_choices, initial="oval5", label=_("Course"))
    gates = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 6}),
        label=_("My own gates"),
        help_text=_(
            "For your own course: one gate a line, in flying order, as x y angle "
            "(millimetres east and north, the direction of flight in degrees, 0 = "
            "east, counter-clockwise). 5 to 9 gates; the course check must pass."
        ),
    )
    level = forms.TypedChoiceField(choices=level_choices, coerce=int, initial=1, label=_("Level"))
    laps = forms.TypedChoiceField(
        choices=[(1, "1"), (2, "2")], coerce=int, initial=1, label=_("Laps")
    )
    jets = forms.IntegerField(min_value=3, max_value=6, initial=4, label=_("Jets"))
    mode = forms.ChoiceField(
        choices=mode_choices, initial="turn", label=_("Mode"), widget=forms.RadioSelect
    )
    computer_help = _(
        "Tick a seat to give it to a computer jet from the start. Seats beyond "
        "the number of jets are ignored; seats still free at the start get a "
        "computer jet (novice)."
    )
    groups = [
        (_("The race"), ["title", "turn_hours", "time_zone", "mode"]),
        (_("The course"), ["course", "gates", "level", "laps", "jets"]),
    ]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for number in SEATS:
            colour = words.jet_name(words.JET_IDS[number])
            self.fields[f"computer_{number}"] = forms.BooleanField(
                required=False,
                label=_("Computer jet in seat %(number)d (%(colour)s)")
                % {"number": number + 1, "colour": colour},
            )
            self.fields[f"level_{number}"] = forms.ChoiceField(
                choices=COMPUTER_LEVELS,
                initial="novice",
                required=False,
                label=_("Level in seat %(number)d") % {"number": number + 1},
            )

    def computer_rows(self):
        return [(n, self[f"computer_{n}"], self[f"level_{n}"]) for n in SEATS]

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        if data["course"] == OWN:
            try:
                data["course_settings"] = {"gates": parse_gates(data.get("gates", ""))}
            except forms.ValidationError as error:
                self.add_error("gates", error)
                return data
        else:
            data["course_settings"] = data["course"]
        try:
            data["race_settings"] = RULES.clean_settings(self._settings(data))
        except Rejected as error:
            self.add_error("gates" if data["course"] == OWN else None, str(error))
        if all(data.get(f"computer_{n}") for n in range(data["jets"])):
            self.add_error(None, gettext("leave at least one seat for a person"))
        return data

    @staticmethod
    def _settings(data: dict) -> dict:
        return {
            "course": data["course_settings"],
            "level": data["level"],
            "laps": data["laps"],
            "jets": data["jets"],
            "mode": data["mode"],
            "turn_hours": data["turn_hours"],
        }

    def game_settings(self) -> dict:
        return self.cleaned_data["race_settings"]

    def computer_seats(self) -> dict[int, str]:
        data = self.cleaned_data
        return {
            n: data[f"level_{n}"] or "novice" for n in range(data["jets"]) if data[f"computer_{n}"]
        }
