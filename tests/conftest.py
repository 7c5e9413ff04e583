import fnmatch
import uuid
from pathlib import Path

import pytest
from django.db import connection
from django.utils import translation

from casino import ledger
from casino.books import books_check
from casino.models import Player
from tests.make_slow_list import read_file_seconds
from tests.rotation import full_matrix, rotation_seed

requires_postgres = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="needs PostgreSQL (CI runs it with DATABASE_URL; SQLite serialises all writers)",
)


def new_player(**fields) -> Player:
    username = fields.pop("username", None) or f"p-{uuid.uuid4().hex[:10]}"
    return Player.objects.create_user(username=username, password="s3cret-pass-77", **fields)


def new_staff(role, **fields) -> Player:
    """A staff member holding one role of casino.roles (its group), and nothing else."""
    from django.contrib.auth.models import Group

    member = new_player(is_staff=True, **fields)
    member.groups.add(Group.objects.get(name=role.group))
    return Player.objects.get(pk=member.pk)  # no permission cached from before


def fund(player: Player, amount: int, currency: str = "BYN") -> ledger.TransferResult:
    return ledger.cashier_deposit(
        player=player,
        amount=amount,
        currency=currency,
        idempotency_key=f"fund:{uuid.uuid4()}",
        memo="test funds",
    )


def spend_down_to(player: Player, keep: int, currency: str = "BYN") -> None:
    """Withdraw all but `keep` of the player's balance: winnings spent before a correction."""
    ledger.cashier_withdraw(
        player=player,
        amount=ledger.balances_of(player).get(currency, 0) - keep,
        currency=currency,
        idempotency_key=f"spend:{uuid.uuid4()}",
        memo="spent",
    )


def assert_books_clean() -> None:
    report = books_check()
    assert report.clean, report.text()


@pytest.fixture
def player(db) -> Player:
    return new_player()


@pytest.fixture
def staff(db) -> Player:
    return new_player(is_staff=True, is_superuser=True)


@pytest.fixture(autouse=True)
def english_messages():
    """Services speak the active language; unit tests read their messages in English. Pages
    choose their own language per request (LocaleMiddleware), so view tests are unaffected."""
    with translation.override("en"):
        yield


@pytest.fixture(scope="session", autouse=True)
def quick_password_hashing():
    """The tests' users have their passwords hashed with MD5, as Django advises for test runs:
    the production hasher's 10^6 PBKDF2 rounds cost 0.2 s of CPU a user here, and the tests
    make thousands of users. Which hash is stored is no rule of this project: signing in,
    check_password and sessions work alike. The servers of tests/server.py keep the
    production settings (a server on the tests' database signs its users in by session)."""
    from django.test.utils import override_settings

    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture(scope="session", autouse=True)
def after_listeners_at_once():
    """In the tests' own process the floor's work after a table's transaction runs at once on
    the thread that committed (a test reads its rows next, inside its own transaction, which a
    thread of their own would not see); the servers the tests start (tests/server.py, the
    browser tests' Daphne) keep the production setting, a thread of its own on PostgreSQL.
    tests/tables/test_action_account.py runs the thread."""
    from django.test.utils import override_settings

    with override_settings(AFTER_TABLE_THREAD=False):
        yield


@pytest.fixture(scope="session", autouse=True)
def test_database_released(request, django_db_blocker):
    """PostgreSQL will not drop a database someone is still connected to: a server the tests
    killed, or a thread's connection, may outlive its test. At the end they are ended, so the
    test database is dropped rather than left behind with a warning. (Only on PostgreSQL, so a
    run of engine tests on SQLite still needs no database.)"""
    if connection.vendor != "postgresql":
        yield
        return
    request.getfixturevalue("django_db_setup")  # set up before, so torn down after this
    yield
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )


SLOW_LIST = Path(__file__).with_name("slow_tests.txt")


def slow_patterns() -> list[str]:
    """The node ids (with ``*`` for any text) of the tests measured at a second or more (issue 51,
    tests/slow_tests.txt; how it is made is said at its top)."""
    lines = SLOW_LIST.read_text(encoding="utf-8").splitlines() if SLOW_LIST.exists() else []
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


# fixtures that make a test slow whatever it does: the database emptied after it, a server
SLOW_FIXTURES = {"transactional_db", "live_server", "daphne_server", "server_url"}


def is_slow(item, exact: set[str], patterns: list[str]) -> bool:
    """A browser test (a server and a Chromium), a transactional database test, a hypothesis
    test (many examples), a test in a file that starts servers (tests/server.py), or one
    measured at a second or more (tests/slow_tests.txt). A new test is judged by the first
    four until the list is made again."""
    if item.get_closest_marker("browser"):
        return True
    if SLOW_FIXTURES & set(getattr(item, "fixturenames", ())):
        return True
    database = item.get_closest_marker("django_db")
    if database is not None and database.kwargs.get("transaction"):
        return True
    function = getattr(item, "function", None)
    if getattr(function, "is_hypothesis_test", False):
        return True
    module = getattr(item, "module", None)
    if module is not None and "DaphneServer" in vars(module):
        return True
    if item.nodeid in exact:
        return True
    return any(fnmatch.fnmatchcase(item.nodeid, pattern) for pattern in patterns)


def pytest_report_header(config):
    matrix = "the full matrix" if full_matrix() else "extremes of seats and a rotating middle"
    return (
        f"rotation seed {rotation_seed()} (conformance: {matrix}; fuzz frames): "
        f"CONFORMANCE_SEED={rotation_seed()} replays this run's cases, tests/rotation.py"
    )


def mark_speed(items) -> None:
    """Each test marked ``slow`` (``is_slow``) or ``fast``: ``make test-fast`` runs the fast
    ones, ``make test`` all of them."""
    patterns = slow_patterns()
    exact = {pattern for pattern in patterns if "*" not in pattern}
    # only "*" is a wildcard: a parametrized id's brackets are themselves
    wild = [p.replace("[", "[[]") for p in patterns if "*" in p]
    for item in items:
        item.add_marker(pytest.mark.slow if is_slow(item, exact, wild) else pytest.mark.fast)


def pytest_collection_modifyitems(config, items):
    """The longest files first, so that the parallel workers (``make test``: pytest-xdist, a
    whole file to a worker in this order, ``--no-loadscope-reorder``) end together rather than
    one of them alone with a long file at the end: the files measured (tests/file_seconds.txt,
    how it is made is said at its top) by their seconds, then any not measured yet, the
    browser files (a minute or more each) before the others, most tests first. Within a file
    the order is kept."""
    measured = read_file_seconds()
    sizes: dict[str, int] = {}
    for item in items:
        sizes[item.nodeid.split("::")[0]] = sizes.get(item.nodeid.split("::")[0], 0) + 1

    def weight(item) -> tuple[int, float]:
        path = item.nodeid.split("::")[0]
        if path in measured:
            return (0, -measured[path])
        return (1 if "/browser/" in f"/{path}" else 2, -sizes[path])

    items.sort(key=weight)
    mark_speed(items)
