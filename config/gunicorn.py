"""gunicorn's settings for the web service (docker-compose.yml runs
``gunicorn -c python:config.gunicorn config.wsgi``): its access and error lines are JSON on
stderr, one object a line, as the app's own (config/monitoring.py), each access line with the
request's method, path, status, size, duration and id."""

from __future__ import annotations

import os

from config.monitoring import gunicorn_logging_config

bind = os.getenv("GUNICORN_BIND") or "0.0.0.0:8000"
workers = int(os.getenv("WEB_CONCURRENCY") or "3")
accesslog = "-"  # through logconfig_dict's handler: stderr, as JSON
logconfig_dict = gunicorn_logging_config(os.getenv("LOG_LEVEL") or "INFO")
