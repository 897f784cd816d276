"""One settings module for every environment, driven by a few environment variables.

With nothing set it runs the embedded default: SQLite in db.sqlite3 and Celery tasks run
eagerly in-process. Production sets DATABASE_URL, CELERY_BROKER_URL, SECRET_KEY, DEBUG=0 and
ALLOWED_HOSTS (see README.md).
"""
import os
from pathlib import Path

import dj_database_url
from celery.schedules import crontab

BASE_DIR = Path(__file__).resolve().parent.parent


def envbool(name, default):
    return os.getenv(name, default).lower() in ("1", "true", "yes", "on")


def envlist(name, default):
    return [item.strip() for item in os.getenv(name, default).split(",") if item.strip()]


SECRET_KEY = os.getenv("SECRET_KEY") or "dev-only-insecure-key-set-SECRET_KEY-in-production"
DEBUG = envbool("DEBUG", "True")
ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", "*")
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "ninja",  # the API's docs page from its own bundled files, no CDN
    "games",
    "dogfight",
    "duel",
    "racing",
    "joyride",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
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
        None if _prepare.lower() in ("off", "none") else int(_prepare))
# Unset CACHE_URL: each process keeps its own small cache (published reports, the spectators'
# lobby). In production one Redis cache serves every web process, and sessions are read from it.
if os.getenv("CACHE_URL"):
    CACHES = {"default": {"BACKEND": "config.redis_cache.SharedClientRedisCache",
                          "LOCATION": os.getenv("CACHE_URL")}}
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    # The session's user row from that cache too (games/user_cache.py). Sessions made with
    # another backend before this was set ask their person to log in once more.
    AUTHENTICATION_BACKENDS = ["games.user_cache.CachedModelBackend"]
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
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
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
}
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Celery's Django fixup closes the database connection before and after every task unless this
# is set (then only every this many tasks). A worker's connections live as a web process's do
# instead: CONN_MAX_AGE and health checks, checked around each task (config/celery.py).
CELERY_DB_REUSE_MAX = 1_000_000

SITE_URL = os.getenv("SITE_URL", "http://localhost:8000").rstrip("/")
REMINDER_HOURS = int(os.getenv("REMINDER_HOURS") or "6")
# A gap between sweeps longer than this means the scheduler was down; 0 turns the rule off.
# Off in the embedded default, where nobody runs beat and the sweep is run by hand.
SWEEP_OUTAGE_MINUTES = int(os.getenv("SWEEP_OUTAGE_MINUTES") or (
    "20" if os.getenv("CELERY_BROKER_URL") else "0"))
