"""What the processes tell their operator: one JSON object per line on stderr for every log
record (a traceback included, inside its line), each with the id of the request it belongs to,
and optionally every error to Sentry.

The request id is django-guid's: taken from an incoming ``X-Request-ID`` header when that is a
UUID (as a proxy sets it), made up otherwise, and sent back in the response's header.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sentry_sdk._types import Event, Hint

REQUEST_ID_HEADER = "X-Request-ID"
# Django logs these refusals (a 400) as errors with their traceback; anyone can cause them
# (an oversized body, too many fields), so they are warnings, one line each, that nobody can
# flood the error log with.
ANYONES_REFUSALS = ("RequestDataTooBig", "TooManyFieldsSent", "TooManyFilesSent")


class WarningWithoutTraceback(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.levelno, record.levelname = logging.WARNING, "WARNING"
        record.exc_info, record.exc_text, record.stack_info = None, None, None
        return True


class AccessFields(logging.Filter):
    """A gunicorn access line's parts as fields of its JSON object (gunicorn passes them as
    the record's arguments), and the request id the response carries."""

    FIELDS = {"m": "method", "U": "path", "s": "status", "B": "bytes", "M": "duration_ms"}

    def filter(self, record: logging.LogRecord) -> bool:
        atoms = record.args
        if isinstance(atoms, dict):
            for atom, field in self.FIELDS.items():
                setattr(record, field, atoms.get(atom))
            record.request_id = atoms.get(f"{{{REQUEST_ID_HEADER.lower()}}}o") or None
        return True


JSON_FORMATTER = {
    "()": "pythonjsonlogger.json.JsonFormatter",
    "format": "%(asctime)s %(levelname)s %(name)s %(message)s %(request_id)s",
    "rename_fields": {
        "asctime": "time",
        "levelname": "level",
        "name": "logger",
        "exc_info": "traceback",
    },
}


def logging_config(level: str) -> dict:
    """``LOGGING``: everything through the root logger's one handler; Django's own loggers
    keep their levels but print nothing of their own (no second, plain-text copy)."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {
            "request_id": {
                "()": "django_guid.log_filters.CorrelationId",
                "correlation_id_field": "request_id",
            },
            "warning_without_traceback": {"()": WarningWithoutTraceback},
        },
        "formatters": {"json": JSON_FORMATTER},
        "handlers": {
            "stderr": {
                "class": "logging.StreamHandler",
                "stream": "ext://sys.stderr",
                "formatter": "json",
                "filters": ["request_id"],
            },
        },
        "root": {"handlers": ["stderr"], "level": level},
        "loggers": {
            "django": {"handlers": [], "level": "INFO"},
            # One line per request about the header: noise.
            "django_guid": {"level": "WARNING"},
            **{
                f"django.security.{name}": {"filters": ["warning_without_traceback"]}
                for name in ANYONES_REFUSALS
            },
        },
    }


def gunicorn_logging_config(level: str) -> dict:
    """gunicorn's ``logconfig_dict``: its error log (the server's own lines) and its access
    log in the JSON of ``logging_config``, on stderr."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"access_fields": {"()": AccessFields}},
        "formatters": {
            "json": {**JSON_FORMATTER, "defaults": {"request_id": None}},
        },
        "handlers": {
            "error": {
                "class": "logging.StreamHandler",
                "stream": "ext://sys.stderr",
                "formatter": "json",
            },
            "access": {
                "class": "logging.StreamHandler",
                "stream": "ext://sys.stderr",
                "formatter": "json",
                "filters": ["access_fields"],
            },
        },
        "root": {"handlers": ["error"], "level": level},
        "loggers": {
            "gunicorn.error": {"handlers": ["error"], "level": level, "propagate": False},
            "gunicorn.access": {"handlers": ["access"], "level": "INFO", "propagate": False},
        },
    }


def start_sentry(dsn: str, *, environment: str | None, traces_sample_rate: float) -> None:
    """Errors (and, if asked, a share of requests and tasks as traces) of the web processes
    and of the Celery workers go to Sentry, each tagged with its request id."""
    import sentry_sdk
    from sentry_sdk.integrations.celery import CeleryIntegration
    from sentry_sdk.integrations.django import DjangoIntegration

    sentry_sdk.init(
        dsn=dsn,
        environment=environment,
        traces_sample_rate=traces_sample_rate,
        integrations=[DjangoIntegration(), CeleryIntegration()],
        send_default_pii=False,
        before_send=_tag_request_id,
    )


def _tag_request_id(event: Event, hint: Hint) -> Event:
    from django_guid import get_guid

    request_id = get_guid()
    if request_id:
        event.setdefault("tags", {})["request_id"] = request_id
    return event
