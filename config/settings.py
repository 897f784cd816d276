"""One settings module for every environment, driven by a few environment variables.

Production is the default: ``DEBUG`` is off unless set, and then the settings refuse to load
without a real ``SECRET_KEY`` and explicit ``ALLOWED_HOSTS``, and the site is served over HTTPS
only. ``make demo`` and the tests switch development mode on (``DEBUG=1``); with nothing else set
that runs the embedded default: SQLite in db.sqlite3 and Celery tasks run eagerly in-process.
Every variable: docs/operations.md; what the security settings hold: docs/security.md.
"""

import os
from pathlib import Path

import dj_database_url
from celery.schedules import crontab
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from config import monitoring, release

BASE_DIR = Path(__file__).resolve().parent.parent


def envbool(name, default):
    return os.getenv(name, default).lower() in ("1", "true", "yes", "on")


def envlist(name, default):
    return [item.strip() for item in os.getenv(name, default).split(",") if item.strip()]


DEBUG = envbool("DEBUG", "False")

# Django's own measure of a weak key (security.W009): shorter than 50 characters, fewer than 5
# different ones, or one that ``startproject`` generated.
MIN_SECRET_KEY_LENGTH = 50
DEVELOPMENT_SECRET_KEY = "django-insecure-development-only-set-SECRET_KEY-in-production"


def production_secret_key(key: str) -> str:
    if len(key) < MIN_SECRET_KEY_LENGTH or len(set(key)) < 5 or key.startswith("django-insecure-"):
        raise ImproperlyConfigured(
            f"SECRET_KEY must be set to a long random string ({MIN_SECRET_KEY_LENGTH} characters "
            'or more) when DEBUG is off, e.g. the output of: python -c "import secrets; '
            'print(secrets.token_urlsafe(50))"'
        )
    return key


def production_hosts(hosts: list[str]) -> list[str]:
    # Django builds links in mail (a password reset's) from the request's Host header: only
    # the site's own names may get through.
    if not hosts or "*" in hosts:
        raise ImproperlyConfigured(
            "ALLOWED_HOSTS must name the site's host names, comma-separated (e.g. "
            "ALLOWED_HOSTS=skies.example.org), when DEBUG is off; '*' is refused"
        )
    return hosts


if DEBUG:
    SECRET_KEY = os.getenv("SECRET_KEY") or DEVELOPMENT_SECRET_KEY
    ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", "*")
else:
    SECRET_KEY = production_secret_key(os.getenv("SECRET_KEY", ""))
    ALLOWED_HOSTS = production_hosts(envlist("ALLOWED_HOSTS", ""))
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS", "")

# HTTPS only, on by default in production (HTTPS=0 for a trial on plain HTTP): plain HTTP is
# redirected (not /healthz, which the container's own check asks on plain HTTP), HSTS, and
# cookies sent over HTTPS only.
HTTPS = envbool("HTTPS", "False" if DEBUG else "True")
# Behind a TLS proxy: the header the proxy sets to "https" (e.g. X-Forwarded-Proto), so that
# Django knows the request was secure (no redirect loop, https:// links in mail). The proxy
# must set or strip it on every request.
if os.getenv("SECURE_PROXY_SSL_HEADER"):
    SECURE_PROXY_SSL_HEADER = (
        "HTTP_" + os.environ["SECURE_PROXY_SSL_HEADER"].strip().upper().replace("-", "_"),
        "https",
    )
SECURE_SSL_REDIRECT = HTTPS
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_HSTS_SECONDS = int(os.getenv("SECURE_HSTS_SECONDS") or "31536000") if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = envbool("SECURE_HSTS_INCLUDE_SUBDOMAINS", "True")
SECURE_HSTS_PRELOAD = envbool("SECURE_HSTS_PRELOAD", "True")
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = LANGUAGE_COOKIE_SECURE = HTTPS

# Content-Security-Policy (django-csp): scripts and styles from the site's own files only, no
# inline script, style or handler anywhere; no frames, plugins or foreign forms.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_guid",
    "django_htmx",
    "ninja",  # the API's docs page from its own bundled files, no CDN
    "django_ratelimit",
    "games",
    "dogfight",
    "duel",
    "racing",
    "joyride",
]

MIDDLEWARE = [
    "django_guid.middleware.guid_middleware",
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "games.middleware.ViewerMiddleware",
    "games.middleware.LiveMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.context_processors.site_urls",
            ],
        },
    },
]

# Unset or empty DATABASE_URL: the embedded SQLite file in the project root.
DATABASES = {
    "default": dj_database_url.parse(
        os.getenv("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=600,
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Real query parameters: psycopg then sends the large JSON states as they are, instead of
    # quoting them into the SQL text, a large share of a noon batch (docs/performance.md).
    DATABASES["default"].setdefault("OPTIONS", {})["server_side_binding"] = True
    # A statement run again and again (each page's few reads, the order submit's) is prepared
    # on the server after its fifth run, as psycopg does by default: no parsing and planning
    # it each time (see docs/performance.md). Django turns this off for poolers in transaction
    # mode, which this deployment has none of; behind one, set DATABASE_PREPARE_THRESHOLD=off.
    _prepare = os.getenv("DATABASE_PREPARE_THRESHOLD") or "5"
    DATABASES["default"]["OPTIONS"]["prepare_threshold"] = (
        None if _prepare.lower() in ("off", "none") else int(_prepare)
    )
    # A database that does not answer costs a request seconds, not a hung worker: connecting
    # (the whole handshake, for a server that accepts and says nothing) gives up after
    # DATABASE_CONNECT_TIMEOUT seconds, and the server ends any statement running longer than
    # DATABASE_STATEMENT_TIMEOUT seconds (0: none sent, e.g. for a long migration, or behind a
    # pooler that refuses startup options: then set it on the database role instead).
    DATABASES["default"]["OPTIONS"]["connect_timeout"] = int(
        os.getenv("DATABASE_CONNECT_TIMEOUT") or "5"
    )
    _statement_ms = int(float(os.getenv("DATABASE_STATEMENT_TIMEOUT") or "30") * 1000)
    if _statement_ms:
        DATABASES["default"]["OPTIONS"]["options"] = f"-c statement_timeout={_statement_ms}"
# Unset CACHE_URL: each process keeps its own small cache (published reports, the spectators'
# lobby). In production one Redis cache serves every web process, and sessions are read from it.
# Without Redis the site goes on, slower: reads miss, writes are dropped, sessions and users
# come from the database (config/redis_cache.py). CACHE_TIMEOUT bounds each Redis call.


def shared_cache(url: str) -> dict:
    timeout = float(os.getenv("CACHE_TIMEOUT") or "0.5")
    return {
        "BACKEND": "config.redis_cache.ForgivingRedisCache",
        "LOCATION": url,
        "OPTIONS": {"socket_connect_timeout": timeout, "socket_timeout": timeout},
    }


# The code that renders the pages: RELEASE from the environment, else a digest of the code
# (config/release.py).
RELEASE = release.release(BASE_DIR)


def cache_aliases(default: dict, release_name: str) -> dict:
    """The caches, all in one store (``default``'s backend and location):

    - ``default``: what means the same whatever the code (sessions, limits, presence, live
      news, versions counters);
    - ``kept``: what the code made (rendered HTML, drawn pictures, the engines' answers), under
      a key prefix of its own release, so that no release serves what another made: a deploy
      starts with none, and the old release's entries expire. Django's ``{% cache %}`` tag uses
      ``template_fragments``, the same.

    The prefix is that of ``default``'s keys (``<default's prefix>:<version>:kept-<release>``):
    a kept key is then also a key of the default cache, so that a kept page and the versions it
    was rendered under are read in one round trip (``games.kept.get_with``), and the default
    cache's flush after an outage (config/redis_cache.py) deletes kept renderings too: they
    were rendered under the versions it deletes."""
    prefix = f"{default.get('KEY_PREFIX', '')}:{default.get('VERSION', 1)}:kept-{release_name}"
    kept = {**default, "KEY_PREFIX": prefix}
    return {"default": default, "kept": kept, "template_fragments": kept}


if os.getenv("CACHE_URL"):
    CACHES = cache_aliases(shared_cache(os.environ["CACHE_URL"]), RELEASE)
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    # The session's user row from that cache too (games/user_cache.py). Sessions made with
    # another backend before this was set ask their person to log in once more.
    AUTHENTICATION_BACKENDS = ["games.user_cache.CachedModelBackend"]
else:  # one dictionary per process (the same LOCATION), shared by its aliases
    CACHES = cache_aliases({"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}, RELEASE)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

# English and German; each language named in itself, as the frame's switch shows it. A person's
# language: his profile's once logged in, else the switch's cookie, else his browser's.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("de", "Deutsch")]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
FORMAT_MODULE_PATH = ["config.formats"]
TIME_ZONE = "UTC"
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "config.static_files.StaticFiles"},
}

EMAIL_BACKEND = os.getenv("EMAIL_BACKEND") or "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = os.getenv("DEFAULT_FROM_EMAIL") or "skies@localhost"
EMAIL_HOST = os.getenv("EMAIL_HOST") or "localhost"
EMAIL_PORT = int(os.getenv("EMAIL_PORT") or "25")
EMAIL_HOST_USER = os.getenv("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.getenv("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = envbool("EMAIL_USE_TLS", "False")

# Unset or empty CELERY_BROKER_URL: no broker, tasks run eagerly in-process.
CELERY_BROKER_URL = os.getenv("CELERY_BROKER_URL") or "memory://"
CELERY_TASK_ALWAYS_EAGER = not os.getenv("CELERY_BROKER_URL")
CELERY_TASK_EAGER_PROPAGATES = CELERY_TASK_ALWAYS_EAGER
# A Redis broker that stops answering (its host gone, a half-open connection) fails a publish
# within seconds instead of hanging it: a request that queues a task then answers all the same
# (games/enqueue.py).
if CELERY_BROKER_URL.startswith(("redis://", "rediss://")):
    CELERY_BROKER_TRANSPORT_OPTIONS = {"socket_connect_timeout": 2, "socket_timeout": 5}
if os.getenv("CELERY_RESULT_BACKEND"):
    CELERY_RESULT_BACKEND = os.getenv("CELERY_RESULT_BACKEND")
CELERY_TIMEZONE = TIME_ZONE

# The sweep: every five minutes, so it runs at 12:00 sharp in every time zone (all real zones
# are offset from UTC by a multiple of five minutes) and catches up on anything it missed.
CELERY_BEAT_SCHEDULE = {
    "sweep": {
        "task": "games.tasks.sweep_task",
        "schedule": crontab(minute="*/5"),
    },
    # Each hour: the daily digest of those for whom it is now the digest's hour (games/notify.py).
    "digests": {
        "task": "games.tasks.send_digests_task",
        "schedule": crontab(minute=0),
    },
}
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Celery's Django fixup closes the database connection before and after every task unless this
# is set (then only every this many tasks). A worker's connections live as a web process's do
# instead: CONN_MAX_AGE and health checks, checked around each task (config/celery.py).
CELERY_DB_REUSE_MAX = 1_000_000

SITE_URL = os.getenv("SITE_URL", "http://localhost:8000").rstrip("/")
REMINDER_HOURS = int(os.getenv("REMINDER_HOURS") or "6")
# At most this many game mails to one person in any 24 hours (games/notify.py).
GAME_MAILS_PER_DAY = int(os.getenv("GAME_MAILS_PER_DAY") or "60")
# A gap between sweeps longer than this means the scheduler was down; 0 turns the rule off.
# Off in the embedded default, where nobody runs beat and the sweep is run by hand.
SWEEP_OUTAGE_MINUTES = int(
    os.getenv("SWEEP_OUTAGE_MINUTES") or ("20" if os.getenv("CELERY_BROKER_URL") else "0")
)
# Rated games a person must have finished to stand on a game's leaderboard (games/ratings.py).
RATINGS_LEADERBOARD_MIN_GAMES = int(os.getenv("RATINGS_LEADERBOARD_MIN_GAMES") or "5")

# Limits (games/limits.py), counted by django-ratelimit in the cache: "N/period", the period
# s, m, h or d with an optional multiplier ("5/15m": five per fifteen minutes). Each can be set
# from the environment as RATE_LIMIT_<NAME>, e.g. RATE_LIMIT_ORDERS_PER_SEAT=60/m.
RATE_LIMIT_DEFAULTS = {
    "login_failures_per_account": "5/15m",
    "login_failures_per_address": "20/15m",
    "password_resets_per_address": "5/h",
    "password_resets_per_email": "3/h",
    "signups_per_address": "5/h",
    "confirmations_per_person": "3/h",
    "games_per_person": "10/h",
    "practice_games_per_person": "10/h",
    "orders_per_seat": "30/m",
    "draft_edits_per_seat": "60/m",
    "chatter_per_seat": "30/m",
    "api_requests": "120/m",
}
RATE_LIMITS = {
    name: os.getenv(f"RATE_LIMIT_{name.upper()}") or default
    for name, default in RATE_LIMIT_DEFAULTS.items()
}
RATELIMIT_IP_META_KEY = "games.limits.client_address"
RATELIMIT_FAIL_OPEN = True  # a cache that cannot count limits nothing (games/limits.py)
# Behind a proxy: the request header (as in request.META) it puts the client's address in,
# e.g. HTTP_X_FORWARDED_FOR; unset, the connection's address counts.
CLIENT_ADDRESS_HEADER = os.getenv("CLIENT_ADDRESS_HEADER", "")
# django-ratelimit knows Django's Redis cache only as "not officially supported" (its INCR is
# atomic); without CACHE_URL each process counts alone, which one development process may.
SILENCED_SYSTEM_CHECKS = ["django_ratelimit.W001"] + (
    [] if os.getenv("CACHE_URL") else ["django_ratelimit.E003"]
)

# Every log record one JSON line on stderr, with its request's id (config/monitoring.py).
LOGGING = monitoring.logging_config(os.getenv("LOG_LEVEL") or "INFO")
DJANGO_GUID = {
    "GUID_HEADER_NAME": monitoring.REQUEST_ID_HEADER,
    "VALIDATE_GUID": True,
    "RETURN_HEADER": True,
    "EXPOSE_HEADER": False,
}
if os.getenv("SENTRY_DSN"):
    monitoring.start_sentry(
        os.environ["SENTRY_DSN"],
        environment=os.getenv("SENTRY_ENVIRONMENT") or None,
        traces_sample_rate=float(os.getenv("SENTRY_TRACES_SAMPLE_RATE") or "0"),
    )
