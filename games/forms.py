"""The platform's forms: sign up, a person's settings, the referee's seat actions, and the
bases of every game's settings and referee-input forms.

Forms check the shape of what was sent; what the games allow is decided by the services.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.db import transaction
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from .clock import TIME_ZONES, is_zone_alias, zone_words
from .models import Profile
from .services import MAX_DEADLINE_DAYS
from .text import refuse_bidi_controls, refuse_line_breaks, skeleton

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

User = get_user_model()


def zone_choices() -> tuple[tuple[str, str], ...]:
    """The time zones to pick from, worded and sorted in the active language. Called as the
    form is shown or checked (a callable choice), so each request gets its own language."""
    return zone_choices_in(get_language() or settings.LANGUAGE_CODE)


@lru_cache(maxsize=16)
def zone_choices_in(language: str) -> tuple[tuple[str, str], ...]:
    """(IANA id, CLDR's words for the zone) sorted by the words, built once per language and
    process. The value stays the IANA id. CLDR words an alias as the zone it stands for
    (America/Buenos_Aires as America/Argentina/Buenos_Aires): the alias, and any zones still
    worded alike, show their id too, so that no two choices read the same."""
    words = {zone: zone_words(zone, language) for zone in TIME_ZONES}
    canonical = Counter(label for zone, label in words.items() if not is_zone_alias(zone))
    everyone = Counter(words.values())

    def shown(zone: str, label: str) -> str:
        alike = everyone[label] if is_zone_alias(zone) else canonical[label]
        return label if alike == 1 else f"{label} ({zone.replace('_', ' ')})"

    labelled = [(zone, shown(zone, label)) for zone, label in words.items()]
    return tuple(sorted(labelled, key=lambda choice: _sort_key(choice[1])))


def _sort_key(words: str) -> str:
    """Letters without their accents, ignoring case: "Ägypten" sorts among the A's, as a
    German reader looks for it."""
    bare = unicodedata.normalize("NFKD", words)
    return "".join(c for c in bare if not unicodedata.combining(c)).casefold()


def username_look(username: str) -> str:
    """How a username looks: its UTS #39 skeleton, ignoring case (as Django's own check of a
    new username does)."""
    return skeleton(unicodedata.normalize("NFKC", username)).casefold()


class SignupForm(UserCreationForm):
    """A new account, logged in at once. The answer is the same whether or not the address
    already has an account (which would tell a stranger who plays here): an address may
    belong to several accounts, and a password reset mails a link for each."""

    email = forms.EmailField(
        label=_("Email"), help_text=_("For password resets and, if you want them, the reports.")
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")

    def __init__(self, *args, language: str = "", **kwargs):
        super().__init__(*args, **kwargs)
        self.language = language  # the language the person signs up in: his mail's

    def clean_username(self):
        """A username is a seat's name in most games: none may look like another's (UTS #39's
        skeleton, as pilots' names are compared; "аlice" with a Cyrillic а is "alice")."""
        username = super().clean_username()
        if username is None:  # Django's own check refused it (the same name but for case)
            return username
        look = username_look(username)
        taken = User.objects.values_list("username", flat=True)
        if any(username_look(other) == look for other in taken):
            raise forms.ValidationError(
                _("A person whose name looks the same plays here already: choose another."),
                code="look_alike",
            )
        return username

    def save(self, commit=True):
        with transaction.atomic():
            user = super().save(commit=True)
            Profile.objects.create(user=user, language=self.language)
        return user


class ProfileForm(forms.ModelForm):
    time_zone = forms.ChoiceField(
        label=_("Time zone"),
        choices=zone_choices,
        help_text=_("Deadlines and reports are shown in this zone."),
    )

    class Meta:
        model = Profile
        fields = ("language", "time_zone", "notices", "mail_reminders")
        labels = {
            "language": _("Language"),
            "notices": _("Mail me"),
            "mail_reminders": _("Mail me a reminder before a deadline while my orders are due"),
        }
        help_texts = {
            "language": _("Pages and mail in this language; none chosen: your browser's."),
            "mail_reminders": "",
        }
        widgets = {"notices": forms.RadioSelect}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["notices"].required = False  # a form sent without it keeps the choice

    def clean_notices(self) -> str:
        return self.cleaned_data["notices"] or self.instance.notices


class TokenForm(forms.Form):
    name = forms.CharField(
        label=_("Name"),
        max_length=40,
        help_text=_("What the token is for, e.g. the program that uses it."),
    )


class GameSettingsForm(forms.Form):
    """A new game's settings: what every game has (a title, a time zone, a deadline) and what
    the game adds. A game's form declares its own fields, says which it groups how
    (``groups``), and turns its cleaned data into the game's settings (``game_settings``) and
    computer seats (``computer_seats``). A game without a deadline in days sets
    ``deadline_days = None``."""

    title = forms.CharField(
        label=_("Title"), max_length=80, validators=[refuse_line_breaks, refuse_bidi_controls]
    )
    time_zone = forms.ChoiceField(
        label=_("Time zone"), choices=zone_choices, initial="Europe/Berlin"
    )
    deadline_days: forms.IntegerField | None = forms.IntegerField(
        label=_("Deadline (days)"), min_value=1, max_value=MAX_DEADLINE_DAYS, initial=2
    )
    rated = forms.BooleanField(
        label=_("Rated"),
        required=False,
        initial=True,
        help_text=_(
            "The finished game moves its players' ratings (never a game with a single player)."
        ),
    )
    # (legend, field names) in the order the form shows them; ``rated`` joins the first.
    groups: list[tuple[StrOrPromise, list[str]]] = [
        (_("The game"), ["title", "time_zone", "deadline_days"])
    ]
    computer_help: StrOrPromise = ""  # what ticking a seat in ``computer_rows`` means in this game

    def fieldsets(self) -> list[tuple[StrOrPromise, list]]:
        """(legend, bound fields) for the template; the computer seats come separately."""
        sets = [(legend, [self[name] for name in names]) for legend, names in self.groups]
        sets[0][1].append(self["rated"])
        return sets

    def computer_rows(self) -> list[tuple]:
        """(seat number, checkbox, level) bound fields per seat a computer may take."""
        return []

    def game_settings(self) -> dict:
        raise NotImplementedError

    def computer_seats(self) -> dict[int, str]:
        """Seats given to a computer from the start, with its level."""
        return {}

    def game_kwargs(self) -> dict:
        """The keyword arguments for ``services.game_create`` (after ``is_valid()``)."""
        data = self.cleaned_data
        return {
            "title": data["title"],
            "time_zone": data["time_zone"],
            "deadline_days": data.get("deadline_days") or 1,
            "resolve_early": data.get("resolve_early", False),
            "rated": data.get("rated", False),
            "settings": self.game_settings(),
            "computer_seats": self.computer_seats(),
        }


class RefereeInputForm(forms.Form):
    """What a referee fixes for the coming round, if the game lets him: the referee panel
    shows ``heading``, the input now (``describe``) and the form with its ``button``."""

    heading: StrOrPromise = ""
    button: StrOrPromise = _("Save")

    @classmethod
    def for_round(cls, referee_input: dict) -> RefereeInputForm:
        raise NotImplementedError

    @staticmethod
    def describe(referee_input: dict) -> StrOrPromise:
        raise NotImplementedError

    def referee_data(self) -> dict:
        raise NotImplementedError


class SeatForm(forms.Form):
    """Which seat a referee action is about."""

    number = forms.IntegerField(min_value=0)


class RemovalForm(SeatForm):
    """A removal is confirmed with a tick: it takes the pilot out for good once the round is
    resolved."""

    confirm = forms.BooleanField(
        label=_("Yes, take this pilot out of the game"),
        error_messages={"required": _("tick the box to confirm the removal")},
    )


class ConfirmForm(forms.Form):
    confirm = forms.BooleanField(
        label=_("Yes, resolve the round now"),
        error_messages={"required": _("tick the box to confirm")},
    )


class ReplaceComputerForm(SeatForm):
    username = forms.CharField(max_length=150, label=_("Give the seat to (username)"))

    def clean_username(self):
        username = self.cleaned_data["username"].strip()
        user = User.objects.filter(username__iexact=username, is_active=True).first()
        if user is None:
            raise forms.ValidationError(
                _("There is nobody called %(name)s here.") % {"name": repr(username)}
            )
        return user


class LobbyFilterForm(forms.Form):
    """The lobby's filters, read from the query string: what is not understood filters
    nothing."""

    game = forms.ChoiceField(label=_("Game"), required=False)
    seats = forms.BooleanField(label=_("Free seats only"), required=False)
    lang = forms.ChoiceField(label=_("Referee's language"), required=False)
    rated = forms.ChoiceField(
        label=_("Rated"),
        required=False,
        choices=[("", _("Rated or not")), ("yes", _("Rated games")), ("no", _("Unrated games"))],
    )

    def __init__(self, data, *, kinds):
        super().__init__(data)
        self.fields["game"].choices = [("", _("Every game")), *[(k.slug, k.name) for k in kinds]]
        self.fields["lang"].choices = [("", _("Any language")), *settings.LANGUAGES]

    def filters(self) -> dict:
        """The filters that were understood: ``kind``, ``free_seats``, ``language``,
        ``rated`` (None for either)."""
        self.is_valid()
        cleaned = {name: self.cleaned_data.get(name) for name in self.fields}
        return {
            "kind": cleaned["game"] or None,
            "free_seats": bool(cleaned["seats"]),
            "language": cleaned["lang"] or None,
            "rated": {"yes": True, "no": False}.get(cleaned["rated"] or ""),
        }
