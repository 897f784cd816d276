"""The API's one ``NinjaAPI``: its authentication, its error answers and its routes.

Every error is JSON ``{"code", "message"}``: a game's refusal (400, the refusal's code), a body
that is no JSON object or holds a number past 64 bits (400), a missing or bad token (401),
another person's seat (403), nothing there (404), a body over the size limit (413), a request
that does not match the schema (422), too many requests (429), the database down (503).
"""

from __future__ import annotations

import logging
import math

from csp.decorators import csp_update
from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.db import DatabaseError
from django.http import Http404
from django.utils.translation import gettext as _
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError, Throttled, ValidationError
from ninja.security import HttpBearer, django_auth

from .. import limits, tokens
from ..middleware import apply_viewer_prefs
from ..registry import Rejected
from . import views
from .body import NumberOutOfRange, ObjectBodyParser
from .limits import ApiLimit, remember_token

log = logging.getLogger(__name__)


class BearerToken(HttpBearer):
    """``Authorization: Bearer <secret>``: a personal token, made on the person's page. The
    answers speak the person's saved language, as his pages do (else the request's
    ``Accept-Language``)."""

    def authenticate(self, request, token: str):
        user = tokens.user_of_secret(token)
        remember_token(request, token, user)
        if user is not None:
            request.user = user
            apply_viewer_prefs(request, user)
        return user


api = NinjaAPI(
    title="Skies API",
    version="1",
    urls_namespace="api",
    throttle=[ApiLimit()],
    parser=ObjectBodyParser(),
    # Swagger UI's stylesheet draws its icons as data: images; nothing else is allowed more.
    docs_decorator=csp_update({"img-src": ["data:"]}),
    description=(
        "Games, published rounds and chatter for anyone; a seat's open round, the "
        "legal choices, a preview and orders for its owner, with a personal token "
        "(Authorization: Bearer) or the site's session. Errors are "
        '{"code", "message"}.'
    ),
)


def _error(request, status: int, code: str, message: str):
    return api.create_response(request, {"code": code, "message": message}, status=status)


@api.exception_handler(Rejected)
def _rejected(request, error: Rejected):
    return _error(request, 400, error.code, str(error))


@api.exception_handler(Http404)
def _not_found(request, error: Http404):
    return _error(request, 404, "not_found", _("There is nothing here."))


@api.exception_handler(PermissionDenied)
def _forbidden(request, error: PermissionDenied):
    return _error(
        request, 403, "forbidden", _("Only this seat's own player may see or send its orders.")
    )


@api.exception_handler(AuthenticationError)
def _unauthorized(request, error: AuthenticationError):
    """A refused token counts against its address: made-up tokens are no way past the limit."""
    seconds = limits.wait_seconds(
        request, [("api_requests", limits.per_address(request))], increment=True
    )
    if seconds is not None:
        return _too_many(request, seconds)
    response = _error(
        request,
        401,
        "unauthorized",
        _('Send a personal API token as "Authorization: Bearer <token>".'),
    )
    response["WWW-Authenticate"] = "Bearer"
    return response


def _too_many(request, seconds: int):
    response = _error(
        request, 429, "rate_limited", _("Too many requests: wait as Retry-After says.")
    )
    response["Retry-After"] = str(seconds)
    return response


@api.exception_handler(RequestDataTooBig)
def _too_large(request, error: RequestDataTooBig):
    """A warning, not an error with its traceback: anyone can send a big body."""
    log.warning("API request body over DATA_UPLOAD_MAX_MEMORY_SIZE: refused (413)")
    return _error(
        request, 413, "too_large", _("The request's body is larger than this site accepts.")
    )


@api.exception_handler(DatabaseError)
def _database_down(request, error: DatabaseError):
    log.error("API request failed on the database: %s", error)
    return _error(
        request,
        503,
        "unavailable",
        _("The site cannot reach its database just now: try again in a minute."),
    )


HTTP_ERROR_CODES = {
    400: "bad_request",
    403: "forbidden",
    405: "method_not_allowed",
    429: "rate_limited",
}


@api.exception_handler(HttpError)
def _http_error(request, error: HttpError):
    """The library's own refusals: a body that is not a JSON object (400), a session without
    its CSRF token (403), ..."""
    if isinstance(error.__cause__, RequestDataTooBig):
        return _too_large(request, error.__cause__)
    message = {
        400: _("The request's body is not the JSON object this operation reads."),
        403: _("Refused: a session needs its CSRF token; a program sends its API token instead."),
        429: _("Too many requests: wait as Retry-After says."),
    }.get(error.status_code, str(error))
    if isinstance(error.__cause__, NumberOutOfRange):
        message = _("The request's body holds a number this site does not take: %(number)s") % {
            "number": error.__cause__.shown
        }
    response = _error(
        request, error.status_code, HTTP_ERROR_CODES.get(error.status_code, "error"), message
    )
    if isinstance(error, Throttled) and error.wait is not None:
        response["Retry-After"] = str(math.ceil(error.wait))
    return response


@api.exception_handler(ValidationError)
def _invalid(request, error: ValidationError):
    where = "; ".join(
        f"{'.'.join(str(part) for part in problem.get('loc', ()))}: {problem.get('msg', '')}"
        for problem in error.errors[:5]
    )
    return _error(
        request,
        422,
        "invalid",
        _("The request does not match the schema: %(where)s") % {"where": where},
    )


api.add_router("", views.public)
api.add_router("", views.player, auth=[BearerToken(), django_auth])
