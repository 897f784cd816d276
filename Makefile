# The two commands of the project: `make demo` and `make test` (see README.md).

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# Touched after each install: pip runs again only when pyproject.toml is newer.
STAMP := $(VENV)/.installed-from-pyproject

.PHONY: demo test test-fast lint types

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install -e '.[dev]'
	touch $@

# The demo always runs on the embedded default: SQLite file, no broker (tasks run in-process),
# in development mode (DEBUG=1: no SECRET_KEY or ALLOWED_HOSTS needed, plain HTTP).
# Mail links name the site as SITE_URL says: the port the demo serves.
DEMO_PORT ?= 8000
demo: export DEBUG = 1
demo: export DATABASE_URL =
demo: export CELERY_BROKER_URL =
demo: export SITE_URL = http://localhost:$(DEMO_PORT)
demo: $(STAMP)
	$(PY) manage.py migrate
	$(PY) manage.py demo_setup
	$(PY) manage.py runserver 0.0.0.0:$(DEMO_PORT)

# Tests need PostgreSQL and Redis; override either from the environment. WORKERS processes
# (pytest-xdist) share the tests, each on its own test database and Redis db (the broker's
# index plus its number: tests/workers.py); a worker that finishes early takes others' tests.
WORKERS ?= 2
PYTEST := $(PY) -m pytest -n $(WORKERS) --dist worksteal
test test-fast: export DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/skies
test test-fast: export CELERY_BROKER_URL ?= redis://127.0.0.1:6379/0

# The whole suite, what CI runs.
test: $(STAMP)
	$(PYTEST) $(ARGS)

# The inner loop: every test but the slow and the browser ones (pyproject's markers).
test-fast: $(STAMP)
	$(PYTEST) -m "not slow and not browser" $(ARGS)

# mypy first (`make types`: strict on the engines, see pyproject.toml; any error fails, there is
# no list of known ones; it reads the settings, in development mode), then ruff's lint and
# format check over the whole tree (pinned in pyproject.toml): `ruff format .` and
# `ruff check --fix .` mend most of what they find.
lint: types
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

types: $(STAMP)
	DEBUG=1 $(VENV)/bin/mypy
