"""The API's one ``NinjaAPI``: its authentication, its error answers and its routes.

Every error is JSON ``{"code", "message"}`` with a 4xx status: a game's refusal (400, the
refusal's code), a missing or bad token (401), another person's seat (403), nothing there
(404), a request that does not match the schema (422).
"""

from __future__ import annotations

import math

from csp.decorators import csp_update
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext as _
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError, Throttled, ValidationError
from ninja.security import HttpBearer, django_auth

from .. import tokens
from ..middleware import apply_viewer_prefs
from ..registry import Rejected
from . import views
from .limits import ApiLimit


class BearerToken(HttpBearer):
    """``Authorization: Bearer <secret>``: a personal token, made on the person's page. The
    answers speak the person's saved language, as his pages do (else the request's
    ``Accept-Language``)."""

    def authenticate(self, request, token: str):
        user = tokens.user_of_secret(token)
        if user is not None:
            request.user = user
            apply_viewer_prefs(request, user)
        return user


api = NinjaAPI(
    title="Skies API",
    version="1",
    urls_namespace="api",
    throttle=[ApiLimit()],
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
    response = _error(
        request,
        401,
        "unauthorized",
        _('Send a personal API token as "Authorization: Bearer <token>".'),
    )
    response["WWW-Authenticate"] = "Bearer"
    return response


HTTP_ERROR_CODES = {
    400: "bad_request",
    403: "forbidden",
    405: "method_not_allowed",
    429: "rate_limited",
}


@api.exception_handler(HttpError)
def _http_error(request, error: HttpError):
    """The library's own refusals: a body that is not JSON (400), a session without its CSRF
    token (403), ..."""
    message = {
        400: _("The request's body is not the JSON this operation reads."),
        403: _("Refused: a session needs its CSRF token; a program sends its API token instead."),
        429: _("Too many requests: wait as Retry-After says."),
    }.get(error.status_code, str(error))
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
