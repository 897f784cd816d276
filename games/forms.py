"""The platform's forms: sign up, a person's settings, the referee's seat actions.

Forms check the shape of what was sent; what the games allow is decided by the services.
"""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.db import transaction

from .clock import TIME_ZONES
from .models import Profile

User = get_user_model()
ZONE_CHOICES = [(zone, zone.replace("_", " ")) for zone in TIME_ZONES]


class SignupForm(UserCreationForm):
    email = forms.EmailField(help_text="For password resets and, if you want them, the reports.")

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")

    def clean_email(self):
        email = self.cleaned_data["email"]
        if User.objects.filter(email__iexact=email).exists():
            raise forms.ValidationError("There is already an account with this email address.")
        return email

    def save(self, commit=True):
        with transaction.atomic():
            user = super().save(commit=True)
            Profile.objects.create(user=user)
        return user


class ProfileForm(forms.ModelForm):
    time_zone = forms.ChoiceField(choices=ZONE_CHOICES,
                                  help_text="Deadlines and reports are shown in this zone.")

    class Meta:
        model = Profile
        fields = ("time_zone", "mail_reports", "mail_reminders")
        labels = {"mail_reports": "Mail me each published round",
                  "mail_reminders": "Mail me a reminder before a deadline while my orders are due"}


class SeatForm(forms.Form):
    """Which seat a referee action is about."""

    number = forms.IntegerField(min_value=0)


class ReplaceComputerForm(SeatForm):
    username = forms.CharField(max_length=150, label="Give the seat to (username)")

    def clean_username(self):
        username = self.cleaned_data["username"].strip()
        user = User.objects.filter(username__iexact=username, is_active=True).first()
        if user is None:
            raise forms.ValidationError(f"There is nobody called {username!r} here.")
        return user
