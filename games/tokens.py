"""Personal API tokens: made, listed and revoked by their person on his own page, sent as
``Authorization: Bearer <secret>`` (games/api). A token acts as its person and no more."""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

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
