"""Settings for the score pads, read from the environment.

SECRET_KEY, DEBUG, ALLOWED_HOSTS and DATABASE_URL configure a deployment. They
fail closed: DEBUG is off unless ``DEBUG=true`` asks for it (``make run`` does),
and with DEBUG off the app refuses to start without a SECRET_KEY.
"""
import datetime
import os
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from gorilla_site import site_files

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    lowered = value.strip().lower()
    if lowered in {"1", "true", "yes", "on"}:
        return True
    if lowered in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {value!r}")


#: The product's name, written here alone: every page, printed sheet,
#: email and the manifest read it ({% product_name %}, scorepads.app_shell).
PRODUCT_NAME = "Score pads for the card table"
#: Its name on a phone's home screen, under the icon.
PRODUCT_SHORT_NAME = "Score pads"

DEBUG = env_flag("DEBUG", default=False)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "insecure-development-key-set-SECRET_KEY-in-production"

ALLOWED_HOSTS = [
    host.strip()
    for host in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]").split(",")
    if host.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "gorilla_site.apps.CollectedStaticFilesConfig",
    "django_htmx",
    "template_partials",
    "scorepads",
    "axes",
    "django_ratelimit",
    "django_tasks",
    "django_tasks_db",
    "card_table",
    "pad",
    "two_way_street",
    "mahjong",
    "bridge",
]

MIDDLEWARE = [
    # First: every request has its id (gorilla_site.request_ids) before anything can fail.
    "gorilla_site.request_ids.request_ids",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages compressed; static files come compressed from whitenoise above,
    # which answers them before this. Django pads every gzipped response with
    # random bytes against BREACH (Django 4.2's GZipMiddleware), and the CSRF
    # token of each page is masked anew, so a secret cannot be guessed from sizes.
    "django.middleware.gzip.GZipMiddleware",
    # Below whitenoise, so static files keep their own caching headers.
    "gorilla_site.middleware.refuse_undecodable_bodies",
    "gorilla_site.middleware.private_no_store",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.auth.middleware.LoginRequiredMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # A game changed by a request records the request's account (who changed it last).
    "scorepads.recording.ChangesByMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Each entry a phone sends (again) is recorded once: below login, CSRF and messages.
    "scorepads.entries.EntryOnceMiddleware",
    # Last, as django-axes asks: it turns a refused login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "gorilla_site.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [site_files.TEMPLATES],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "card_table.context_processors.site",
                "scorepads.app_shell.theme_colours",
            ],
            "builtins": [
                "scorepads.templatetags.names",
                "scorepads.templatetags.product",
                "scorepads.templatetags.regions",
            ],
        },
    },
]

WSGI_APPLICATION = "gorilla_site.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=60,
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several gunicorn workers share the file: take the write lock at BEGIN (a
    # deferred transaction that upgrades would fail with "database is locked")
    # and let readers go on beside the one writer.
    # A writer waits up to SQLITE_BUSY_SECONDS for the lock (the busy timeout)
    # before "database is locked"; the task worker waits again after that.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        transaction_mode="IMMEDIATE",
        timeout=float(os.environ.get("SQLITE_BUSY_SECONDS", 20)),
        init_command="PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [site_files.STATIC]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
# Static files with their content's hash in their names, compressed and cached
# for good (whitenoise), from STATIC_ROOT after `collectstatic`; `make run`
# serves them so too (STATIC_HASHED=true). With DEBUG and no STATIC_HASHED
# (the tests), the files are served as they are edited.
STATIC_HASHED = env_flag("STATIC_HASHED", default=not DEBUG)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "scorepads.storage.HashedStaticFiles"
            if STATIC_HASHED
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}
WHITENOISE_USE_FINDERS = not STATIC_HASHED
WHITENOISE_AUTOREFRESH = not STATIC_HASHED

# No inline script or style anywhere: htmx's indicator style is turned off in
# templates/base.html, and every style lives in static/pad/pad.css.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
    },
}

# Served over HTTPS once DEBUG is off: `manage.py check --deploy` reports nothing.
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
CSRF_TRUSTED_ORIGINS = [
    origin.strip() for origin in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if origin.strip()
]
if os.environ.get("SECURE_PROXY_SSL_HEADER"):
    # e.g. HTTP_X_FORWARDED_PROTO,https behind a proxy that sets X-Forwarded-Proto.
    header, _, value = os.environ["SECURE_PROXY_SSL_HEADER"].partition(",")
    SECURE_PROXY_SSL_HEADER = (header.strip(), value.strip() or "https")
if not DEBUG:
    SECURE_SSL_REDIRECT = env_flag("SECURE_SSL_REDIRECT", default=True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", 31_536_000))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

# Accounts: every page needs a login (LoginRequiredMiddleware) but these.
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "front_page"
LOGOUT_REDIRECT_URL = "login"

# Login throttling (django-axes): five wrong passwords in a row for one account
# from one address lock that pair, the account from that address, for the
# cool-off time; every failure during a lockout starts it again. Nobody can so
# lock an owner out from their own phone, nor the other accounts behind a
# shared address (a club's wifi). A right password resets the count, and so
# does setting a new password through a reset link
# (card_table.views.accounts.PasswordResetConfirm).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_COOLOFF_TIME = datetime.timedelta(minutes=15)
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "card_table.views.accounts.locked_out"
AXES_CLIENT_IP_CALLABLE = "gorilla_site.middleware.client_ip"
# The request header (as in request.META) in which a proxy in front of the app
# puts the client's address, e.g. HTTP_X_REAL_IP; REMOTE_ADDR when empty.
CLIENT_IP_HEADER = os.environ.get("CLIENT_IP_HEADER", "")
AXES_VERBOSE = False

# Sign-up throttling (django-ratelimit, card_table.views.accounts.signup) counts in a
# cache every worker shares: a table in the app's database, made by
# `manage.py createcachetable`. django-ratelimit would rather have memcached or
# Redis, whose increment is atomic (its check django_ratelimit.E003, silenced
# below): two sign-ups at the same instant may count as one. A sign-up limit
# can afford that, and the app needs no other server.
CACHES: dict[str, dict[str, Any]] = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "throttle": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "gorilla_throttle_cache",
    },
}
RATELIMIT_USE_CACHE = "throttle"

# Sessions are read from a cache every worker of this machine shares (files)
# and written through to the database, which stays the truth: bench/sessions.py
# measured a poll of an unchanged pad at half its time with the session read
# from its table, the same as a cache in each worker's own memory (which
# would keep a session alive in the other workers after logging out) or signed
# cookies (which logging out cannot end). Lost or culled, an entry is read from
# the database again.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
SESSION_CACHE_ALIAS = "sessions"
CACHES["sessions"] = {
    "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
    "LOCATION": Path(os.environ.get("SESSION_CACHE_DIR", BASE_DIR / "session-cache")),
    "OPTIONS": {"MAX_ENTRIES": 100_000},
}
RATELIMIT_IP_META_KEY = "gorilla_site.middleware.client_ip"
SIGNUP_RATE = os.environ.get("SIGNUP_RATE", "5/h")
# Posts of the login form from one address (card_table.views.accounts.Login),
# right passwords or wrong, for any accounts: past it, refused before any
# password is checked.
LOGIN_RATE = os.environ.get("LOGIN_RATE", "30/m")
# The new-game forms of the games with seats (scorepads.views.new_game_page),
# which name other accounts to invite: posts an account may make, games
# started or not.
NEW_GAME_RATE = os.environ.get("NEW_GAME_RATE", "30/h")
# Restoring a data download (scorepads.restore): the restores an account may
# ask for (refused ones too), then how the task worker writes one: at most
# RESTORE_BATCH_STEPS steps (a game's start, or one of its hands) and
# RESTORE_BATCH_SECONDS in each transaction, a batch the database refused
# (locked) tried RESTORE_BATCH_ATTEMPTS times, RESTORE_BATCH_PAUSE between two
# batches (SQLite lets a waiting writer in only when it finds the lock free),
# and a restore with no batch for RESTORE_STALE taken to have lost its worker
# (it fails, leaving nothing).
RESTORE_RATE = os.environ.get("RESTORE_RATE", "6/m")
RESTORE_BATCH_STEPS = int(os.environ.get("RESTORE_BATCH_STEPS", 50))
RESTORE_BATCH_SECONDS = float(os.environ.get("RESTORE_BATCH_SECONDS", 0.2))
RESTORE_BATCH_ATTEMPTS = 3
RESTORE_BATCH_PAUSE = float(os.environ.get("RESTORE_BATCH_PAUSE", 0.15))
RESTORE_STALE = datetime.timedelta(minutes=10)

# The invitations to games with seats an account may hold unanswered
# (scorepads.seating): a new game naming it past that is refused, saying so.
PENDING_INVITATIONS_PER_ACCOUNT = int(os.environ.get("PENDING_INVITATIONS_PER_ACCOUNT", 20))

# What one account may create in a day is declared by each game on its
# registration and read from the environment by scorepads.limits
# (TWO_WAY_STREET_GAMES_PER_DAY, MAH_JONGG_GAMES_PER_DAY, BRIDGE_RULINGS_PER_DAY).

# Printing (scorepads.printing): a PDF of more than PDF_CELLS_IN_REQUEST cells
# (its tables' rows times columns, hands times players, and its text, names and
# notes, at 20 characters a cell: print_cost) is rendered by the task
# worker (`manage.py db_worker`, from the tasks the database keeps), never in a
# request; the request answers a page saying it is being prepared. 100 cells
# of the costliest sheet (Two Way Street, 12 players with long names in three
# scripts) render in about a second on a busy 2-core machine. Finished PDFs
# are kept in the database, for every worker, PDF_KEEP_DAYS days.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
PDF_CELLS_IN_REQUEST = int(os.environ.get("PDF_CELLS_IN_REQUEST", 100))
# Requests to PDF addresses a minute, per account (or address, for a shared pad's visitors).
PDF_REQUESTS_PER_MINUTE = int(os.environ.get("PDF_REQUESTS_PER_MINUTE", 30))
PDF_RENDERS_PER_HOUR = int(os.environ.get("PDF_RENDERS_PER_HOUR", 30))  # PDFs rendered, per account
# The task worker (scorepads/management/commands/db_worker.py) stops a task
# still unfinished after TASK_TIME_LIMIT, and takes up again, once, a task
# whose worker died: one left running TASK_TIME_LIMIT plus TASK_GRACE.
TASK_TIME_LIMIT = datetime.timedelta(minutes=15)
TASK_GRACE = datetime.timedelta(minutes=1)
PDF_KEEP_DAYS = int(os.environ.get("PDF_KEEP_DAYS", 7))

# What `manage.py prune` (run daily in production) drops beside the PDFs older
# than PDF_KEEP_DAYS: the keys of entries (scorepads.entries) stored longer ago
# than ENTRY_KEY_KEEP_DAYS (an entry whose answer a phone lost, sent again after
# that, would be taken as new: a month is far beyond any table's evening), and
# the task worker's finished rows older than TASK_RESULT_KEEP_DAYS.
ENTRY_KEY_KEEP_DAYS = int(os.environ.get("ENTRY_KEY_KEEP_DAYS", 30))
TASK_RESULT_KEEP_DAYS = int(os.environ.get("TASK_RESULT_KEEP_DAYS", 7))
SILENCED_SYSTEM_CHECKS = ["django_ratelimit.E003", "django_ratelimit.W001"]  # the database cache

# Logging: to stderr (where gunicorn and systemd's journal collect it), each
# line with the id of the request it was logged in (gorilla_site.request_ids),
# which the 500 page shows the user. Every 500 is logged by Django's
# "django.request" logger with its path and traceback; 4xx answers are not
# logged (LOG_REQUESTS_LEVEL=WARNING logs them too). LOG_LEVEL sets the rest.
LOG_LEVEL = os.environ.get("LOG_LEVEL", "WARNING").upper()
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "gorilla_site.request_ids.RequestIdFilter"}},
    "formatters": {
        "line": {"format": "%(asctime)s %(levelname)s %(name)s [request %(request_id)s] %(message)s"},
    },
    "handlers": {
        "stderr": {"class": "logging.StreamHandler", "filters": ["request_id"], "formatter": "line"},
    },
    "root": {"handlers": ["stderr"], "level": LOG_LEVEL},
    "loggers": {
        # In place of Django's own handlers (the console only with DEBUG on, and email to ADMINS).
        "django": {"handlers": [], "level": LOG_LEVEL, "propagate": True},
        "django.request": {"level": os.environ.get("LOG_REQUESTS_LEVEL", "ERROR").upper()},
        "django.server": {"handlers": [], "level": LOG_LEVEL, "propagate": True},
    },
}

# Email: password reset links. SMTP when EMAIL_HOST is set; otherwise printed
# on the console, which is for development.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", 587))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_flag("EMAIL_USE_TLS", default=True)
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", f"{PRODUCT_NAME} <pad@localhost>")
PASSWORD_RESET_TIMEOUT = 60 * 60 * 24  # a reset link works for a day
