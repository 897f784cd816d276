"""A person's mail address for game mail: confirmed by a mailed link before any game mail goes
to it, and turned off in one click from any game mail, without a login.

Both links carry a token signed with the site's secret key (``django.core.signing``), each with
a salt of its own so that one can never stand for the other. A confirmation names the person
and the address it was sent to, and holds for ``CONFIRM_DAYS``: an address changed since is not
confirmed by it. The "no more game mail" token names only the person and never expires, as a
mail's unsubscribe link must keep working (RFC 8058).
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from .models import Profile

CONFIRM_SALT = "games.addresses.confirm"
MAIL_OFF_SALT = "games.addresses.mail-off"
CONFIRM_DAYS = 7


def _profile(user) -> Profile:
    return Profile.objects.get_or_create(user=user)[0]


# --- confirming an address --------------------------------------------------------------------


def confirm_url(user) -> str:
    token = signing.dumps({"user": user.pk, "email": user.email}, salt=CONFIRM_SALT)
    return settings.SITE_URL + reverse("confirm_email", args=[token])


def send_confirmation(user) -> bool:
    """Mail the person a link that confirms his address, in his language; False if he has no
    address. Not game mail: it goes to the address that is to be confirmed."""
    if not user.email:
        return False
    language = _profile(user).language or settings.LANGUAGE_CODE
    with translation.override(language):
        subject = _("Skies: confirm your mail address")
        body = render_to_string(
            "games/mail/confirm_email.txt",
            {"user": user, "link": confirm_url(user), "days": CONFIRM_DAYS},
        )
    send_mail(subject, body, None, [user.email])
    return True


def confirm(token: str):
    """Confirm the address a token was sent to; the person, or None if the token is forged,
    older than ``CONFIRM_DAYS`` or for an address the person no longer has."""
    try:
        signed = signing.loads(token, salt=CONFIRM_SALT, max_age=timedelta(days=CONFIRM_DAYS))
    except signing.BadSignature:  # forged, altered or expired
        return None
    user = get_user_model().objects.filter(pk=signed.get("user")).first()
    if user is None or not user.email or user.email != signed.get("email"):
        return None
    profile = _profile(user)
    if profile.confirmed_email != user.email:
        profile.confirmed_email = user.email
        profile.save(update_fields=["confirmed_email"])
    return user


# --- no more game mail ------------------------------------------------------------------------


def mail_off_url(user) -> str:
    """The one-click link that turns all of the person's game mail off."""
    token = signing.dumps(user.pk, salt=MAIL_OFF_SALT)
    return settings.SITE_URL + reverse("mail_off", args=[token])


def person_of_mail_off(token: str):
    """The person a "no more game mail" token names, or None if it is not the site's."""
    try:
        user_id = signing.loads(token, salt=MAIL_OFF_SALT)
    except signing.BadSignature:
        return None
    return get_user_model().objects.filter(pk=user_id).first()


def mail_off(user) -> None:
    """No more game mail for the person: no notices, no reminders (his choice on "My games"
    can turn them on again)."""
    profile = _profile(user)
    profile.notices, profile.mail_reminders = Profile.Notices.NONE, False
    profile.save(update_fields=["notices", "mail_reminders"])
