"""Settings, all read from the environment (see .env.example).

Two ways to run from one code base (DESIGN.md): the embedded default (SQLite file and the
in-memory channel layer) and production (DATABASE_URL on PostgreSQL, REDIS_URL for channels-redis).
"""

import os
from pathlib import Path

import environ
from django.utils.translation import gettext_lazy as _

from tables.folders import packages

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env", overwrite=False)

DEBUG = env.bool("DEBUG", default=False)
DEMO = env.bool("DEMO", default=False)
# Demo mode (play-money top-ups, demo data) is on in development and when asked for explicitly.
DEMO_MODE = DEBUG or DEMO

if DEBUG:
    SECRET_KEY = env.str("SECRET_KEY", default="dev-only-insecure-key-never-use-in-production")
else:
    SECRET_KEY = env.str("SECRET_KEY")

# Never '*' by default. A websocket opens from the site's own origin (its Host, one of these, with
# the page's scheme and port) or one of CSRF_TRUSTED_ORIGINS, exactly (casino/origins.py).
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list(
    "CSRF_TRUSTED_ORIGINS", default=["http://127.0.0.1:8000", "http://localhost:8000"]
)

INSTALLED_APPS = [
    "daphne",
    "casino.apps.CasinoAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "servestatic.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "channels",
    "django_htmx",
    "casino",
    "tables",
    "sportsbook",
    "floor",
    # each game's folder and each family's (tables/games/<game>/, tables/families/<family>/) is
    # an app: its templates and static files are found beside its code (tables/folders.py)
    *packages(),
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "servestatic.middleware.ServeStaticMiddleware",
    # before anything that reads the database: the door of the connection budget
    "casino.overload.OverloadMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "casino.urls"
ASGI_APPLICATION = "casino.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "casino.context_processors.casino",
            ],
        },
    },
]

DATABASES = {
    "default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'casino.sqlite3'}"),
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite: IMMEDIATE transactions take the write lock up front (select_for_update is a no-op
    # there), WAL lets readers run beside the one writer, and a busy timeout waits for the lock.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / "test-casino.sqlite3")}
else:
    # a connection is checked before it is used again (with the pool: before it is lent), so a
    # server restart or a killed backend costs no request
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    if env.bool("DB_PREPARED_STATEMENTS", default=True):
        # Server-side binding lets PostgreSQL keep a plan per statement (psycopg prepares a
        # statement after its 2nd use): half the server's CPU of a bet or a table action
        # (benchmarks/README.md). Set DB_PREPARED_STATEMENTS=0 behind a transaction-pooling
        # proxy (pgbouncer in transaction mode), which does not allow prepared statements.
        DATABASES["default"].setdefault("OPTIONS", {}).update(
            {"server_side_binding": True, "prepare_threshold": 2}
        )
# The connection budget (issue 28; README, Production). On PostgreSQL every connection of a
# process comes from Django's psycopg pool of at most DB_POOL_MAX, so N processes never hold more
# than N x DB_POOL_MAX of the server's max_connections, however many requests and sockets they
# serve. A connection goes back to the pool at the end of each request and each socket's
# database call (CONN_MAX_AGE 0, as Django requires with a pool); the pool checks a connection
# before lending it (a server restart or a killed backend costs no request). Waiting longer
# than DB_POOL_TIMEOUT seconds for one is an overload: a 503 page or a socket's error frame
# (casino/overload.py), never a hang or a 500.
# Who borrows, per process: at most HTTP_THREADS requests at once (more wait at the door,
# casino.overload.OverloadMiddleware, as long as DB_POOL_TIMEOUT), TABLE_THREADS threads of
# table actions (tables/consumers.py), the one thread of every other socket's database calls,
# the clocks' thread and the thread of the floor's work after a table's transaction
# (AFTER_TABLE_THREAD, tables/listeners.py): the default pool is their sum, so none of them
# waits for another.
TABLE_THREADS = env.int("TABLE_THREADS", default=8)
HTTP_THREADS = env.int("HTTP_THREADS", default=4)
AFTER_TABLE_THREAD = env.bool("AFTER_TABLE_THREAD", default=True)
DB_POOL_MIN = env.int("DB_POOL_MIN", default=2)
DB_POOL_MAX = env.int("DB_POOL_MAX", default=HTTP_THREADS + TABLE_THREADS + 3)
DB_POOL_TIMEOUT = env.float("DB_POOL_TIMEOUT", default=10.0)
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3" or DB_POOL_MAX <= 0:
    # Persistent connections: a websocket server makes many short transactions per second, and
    # on SQLite every close also checkpoints the write-ahead log (~2 ms of a table action).
    # (DB_POOL_MAX=0 on PostgreSQL: no pool and no budget, one connection per thread, kept for
    # CONN_MAX_AGE: only to compare with the pool, never in production.)
    DATABASES["default"].setdefault("CONN_MAX_AGE", env.int("CONN_MAX_AGE", default=60))
else:
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": min(DB_POOL_MIN, DB_POOL_MAX),
        "max_size": DB_POOL_MAX,
        "timeout": DB_POOL_TIMEOUT,
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env.str("REDIS_URL", default="")
# The names of the channel layer's groups and channels in Redis begin with this. Publish/subscribe
# channels are shared by every database number of a Redis server, so two casinos on one Redis
# need their own (so do the test suite's parallel workers: pytest-xdist names each one, and the
# servers a test starts inherit the name).
CHANNEL_LAYER_PREFIX = env.str(
    "CHANNEL_LAYER_PREFIX", default="asgi" + os.environ.get("PYTEST_XDIST_WORKER", "")
)
if REDIS_URL:
    # Redis publish/subscribe: a group send is one PUBLISH, and each process hears the groups
    # its sockets joined. channels_redis' list-based layer spent ~7x the CPU per group send and
    # receive (a sorted set of members per group, a Lua script per send, a blocking pop per
    # receive): most of a table action's CPU in production (benchmarks/README.md, table_load).
    # Delivery is at most once, to the sockets connected at that moment; every socket is sent
    # the table's whole current view when it (re)connects, so nothing depends on a queued frame.
    # REDIS_CHANNEL_LAYER=core selects the list-based layer.
    if env.str("REDIS_CHANNEL_LAYER", default="pubsub") == "core":
        CHANNEL_LAYERS = {
            "default": {
                "BACKEND": "channels_redis.core.RedisChannelLayer",
                # redis-py's asyncio pool refuses a connection past max_connections instead of
                # waiting: many sockets closing at once must not hit that ceiling.
                "CONFIG": {
                    "hosts": [{"address": REDIS_URL, "max_connections": 1000}],
                    "prefix": CHANNEL_LAYER_PREFIX,
                },
            }
        }
    else:
        CHANNEL_LAYERS = {
            "default": {
                # the pub/sub layer, publishing the sends of one change in one pipeline
                "BACKEND": "casino.layers.BatchedRedisPubSubLayer",
                "CONFIG": {"hosts": [REDIS_URL], "prefix": CHANNEL_LAYER_PREFIX},
            }
        }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "casino.layers.LocalChannelLayer"}}

AUTH_USER_MODEL = "casino.Player"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "lobby"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "ru"
LANGUAGES = [("ru", _("Russian")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env.str("TIME_ZONE", default="Europe/Minsk")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
SERVESTATIC_USE_FINDERS = True
SERVESTATIC_AUTOREFRESH = DEBUG

SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False

# Responsible gaming: how long a raised (loosened) limit waits before it takes effect.
LIMIT_RAISE_DELAY_HOURS = 24

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="WARNING")},
}

# Spread bets (issue 18): a CSV of historical quotes ("code,bid,ask" per line) to replay instead
# of the seeded random walk the server's clock runs by default.
SPREAD_FEED_FILE = env.str("SPREAD_FEED_FILE", default="")
# Seconds between the feed's quotes (the server's clock and the sweeper), and how long a re-quote
# is held for the player to confirm (issue 45).
SPREAD_FEED_SECONDS = env.float("SPREAD_FEED_SECONDS", default=2.0)
SPREAD_HOLD_SECONDS = env.int("SPREAD_HOLD_SECONDS", default=10)

# Table presence (issue 19, tables.presence): each table socket refreshes its seat's last-seen
# time every TABLE_HEARTBEAT_SECONDS; a seat unseen for TABLE_PRESENCE_SECONDS is away (a
# process killed with its sockets open never closes them).
TABLE_HEARTBEAT_SECONDS = env.float("TABLE_HEARTBEAT_SECONDS", default=5.0)
TABLE_PRESENCE_SECONDS = env.float("TABLE_PRESENCE_SECONDS", default=15.0)

# Floor alerts (issue 17, floor.alerts): how often the periodic checks (seats away and idle
# tables holding escrow) run, in the sweeper and in a server's own clock.
FLOOR_CHECK_SECONDS = env.float("FLOOR_CHECK_SECONDS", default=30.0)
