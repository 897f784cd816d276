"""Personal API tokens: made, listed and revoked by their person on his own page, sent as
``Authorization: Bearer <secret>`` (games/api). A token acts as its person and no more."""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.conf import settings
from django.db.models.signals import pre_save
from django.dispatch import receiver
from django.utils import timezone
from django.utils.translation import gettext as _

from .models import ApiToken
from .registry import Rejected

MAX_TOKENS = 10
TOKEN_NAME_LENGTH = 40
# A token's "last used" is written at most this often: not one write per API call.
LAST_USED_PRECISION = timedelta(minutes=5)


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def token_create(*, user, name: str) -> tuple[ApiToken, str]:
    """A new token and its secret, which is shown this once and never kept."""
    name = " ".join(name.split())
    if not name:
        raise Rejected(_("a token needs a name"))
    if len(name) > TOKEN_NAME_LENGTH:
        raise Rejected(
            _("a token's name holds at most %(length)d characters") % {"length": TOKEN_NAME_LENGTH}
        )
    if ApiToken.objects.filter(user=user).count() >= MAX_TOKENS:
        raise Rejected(
            _("you have %(count)d tokens already: revoke one first") % {"count": MAX_TOKENS}
        )
    secret = "sk_" + secrets.token_urlsafe(32)
    token = ApiToken.objects.create(
        user=user, name=name, prefix=secret[3:11], digest=_digest(secret), created_at=timezone.now()
    )
    return token, secret


def token_revoke(*, user, token_id: int | None) -> None:
    if token_id is None or not ApiToken.objects.filter(user=user, pk=token_id).delete()[0]:
        raise Rejected(_("there is no such token"))


def tokens_of(user) -> list[ApiToken]:
    return list(ApiToken.objects.filter(user=user))


def user_of_secret(secret: str):
    """The active person a secret belongs to, or None."""
    if not secret.startswith("sk_") or len(secret) > 100:
        return None
    token = ApiToken.objects.select_related("user").filter(digest=_digest(secret)).first()
    if token is None or not token.user.is_active:
        return None
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at > LAST_USED_PRECISION:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
    return token.user


@receiver(pre_save, sender=settings.AUTH_USER_MODEL)
def revoke_with_a_new_password(sender, instance, update_fields=None, **kwargs) -> None:
    """A new password revokes the person's API tokens: whoever learnt the old one and made a
    token with it keeps nothing. Every way to set a password (his own change, a reset, the
    admin, ``changepassword``) saves the whole user; a partial save (the last login, Django
    re-hashing the same password at a login) changes no password and keeps them."""
    if instance.pk is None or update_fields is not None:
        return
    stored = sender.objects.filter(pk=instance.pk).values_list("password", flat=True).first()
    if stored is not None and stored != instance.password:
        ApiToken.objects.filter(user_id=instance.pk).delete()
