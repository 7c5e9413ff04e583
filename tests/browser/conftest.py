"""Browser tests: the system Chromium, driven by sync Playwright, against a real Daphne server.

One server per test worker, shared by its browser files (migrate + loaddemo + daphne on a fresh
SQLite file, see tests/server.py; issue 51: a server per file was ~1,300 s of a CI run), one
Chromium per test module, a fresh browser context (cookies) per test. A test on the shared server
makes its own tables and players (tests/browser/cast.py) or uses a demo table no other file
uses; a file that reads the demo as loaded (a demo table other files sit at, the floor's
reports, the tournament) or needs other settings is marked ``own_server`` and gets a server of
its own, as is one that defines its own ``daphne_server``.
Never run `playwright install`: the browser is /usr/bin/chromium. The tests only look at pages;
they never touch the ORM (the server has its own database anyway).
"""

import contextlib
import os
import re
from pathlib import Path

import pytest

from tests.browser.audit import data_names, play_every_table
from tests.server import PROJECT_ROOT, DaphneServer

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# How long a wait for a state (a button, a board's version or turn) may take before the test
# fails. A wait ends as soon as the state is there, so a pass costs no more with a longer bound;
# 15 s failed CI under load (issue 51: a "hit" button a loaded server drew after 15 s).
DEFAULT_TIMEOUT_MS = 60_000
ARTIFACTS = PROJECT_ROOT / "artifacts"


# How long a browser test may run before pytest-timeout ends it (the suite's default is 300 s):
# a bound for a stuck test. A test of a few rounds at a table waits for dozens of states; at a
# load of 25-40 on the 2-core machine the page audit's roles and the craps rounds took over 300 s
# and failed (issue 51: no test depends on the machine being idle).
BROWSER_TEST_SECONDS = 900


def pytest_collection_modifyitems(config, items):
    browser_tests = [item for item in items if item.get_closest_marker("browser")]
    for item in browser_tests:
        item.add_marker(pytest.mark.timeout(BROWSER_TEST_SECONDS))
    if Path(CHROMIUM).exists():
        return
    skip = pytest.mark.skip(reason=f"no Chromium at {CHROMIUM}")
    for item in browser_tests:
        item.add_marker(skip)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """On failure: a screenshot of every open page in artifacts/, and the server's output."""
    report = yield
    if report.failed and report.when == "call":
        context = item.funcargs.get("context")
        if context is not None:
            ARTIFACTS.mkdir(exist_ok=True)
            name = re.sub(r"[^\w.-]+", "_", item.name)
            for number, page in enumerate(context.pages):
                # Best effort: the test has failed already, the screenshot only helps.
                with contextlib.suppress(Exception):
                    page.screenshot(path=ARTIFACTS / f"failed-{name}-{number}.png", full_page=True)
    if report.failed:
        server = item.funcargs.get("daphne_server")
        if server is not None:
            report.sections.append(("daphne output", server.log_text()))
    return report


def browser_server() -> DaphneServer:
    # the floor's periodic checks each second, not each 30 s: a test waits for what it caused;
    # passwords hashed quickly (tests/browser/server_settings.py)
    return DaphneServer(
        extra_env={
            "FLOOR_CHECK_SECONDS": "1",
            "DJANGO_SETTINGS_MODULE": "tests.browser.server_settings",
        }
    )


@pytest.fixture(scope="session")
def shared_server():
    """The worker's server for the browser files not marked ``own_server``, started when the
    first of them asks. Not renewed: what those files use of the demo has no time in it (the
    demo's tournament and events, relative to its loading, are read on servers of their own)."""
    server = browser_server()
    with server:
        yield server


@pytest.fixture(scope="module")
def daphne_server(request):
    if request.node.get_closest_marker("own_server") is None:
        yield request.getfixturevalue("shared_server")
        return
    server = browser_server()
    with server:
        yield server


@pytest.fixture(scope="module")
def server_url(daphne_server) -> str:
    return daphne_server.base_url


# Per module, not per session: sync Playwright keeps an event loop marked running in the main
# thread while it is started, and a database or asyncio test run after it in the same process
# (the suite's parallel workers take whole files in any order) would then be refused
# ("You cannot call this from an async context").
@pytest.fixture(scope="module")
def playwright_instance():
    from playwright.sync_api import expect, sync_playwright

    # expect() waits up to this long too (its own default is 5 s).
    expect.set_options(timeout=DEFAULT_TIMEOUT_MS)
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="module")
def browser(playwright_instance):
    browser = playwright_instance.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
    )
    yield browser
    browser.close()


@pytest.fixture
def context(browser, server_url, daphne_server):
    # A Russian-speaking browser: Accept-Language picks the language before any choice is made.
    context = browser.new_context(base_url=server_url, locale="ru-RU", timezone_id="Europe/Minsk")
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    yield context
    context.close()


@pytest.fixture
def new_page(context):
    """A factory: each call opens another tab in the same context (same cookies, same player)."""

    def open_tab():
        page = context.new_page()
        page.set_default_timeout(DEFAULT_TIMEOUT_MS)
        return page

    return open_tab


@pytest.fixture
def page(new_page):
    return new_page()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


# The page audit's two files (tests/browser/test_page_audit.py in Russian,
# test_page_audit_english.py in English): two files, so that the two test workers crawl at once
# (issue 51: the audit in one file was 952 s of one worker, more than the fifteen minutes the
# whole suite may take). Each file's server (``own_server``) has the demo as loaded, every table
# then played to mid-hand.
@pytest.fixture(scope="module")
def audit_names(daphne_server) -> set[str]:
    return data_names(daphne_server.shell)


@pytest.fixture(scope="module")
def audit_start(daphne_server) -> list[str]:
    """Every table mid-hand with the player seated, and a finished hand of each: visited by
    every role, beside the one page of each shape the navigation reaches."""
    pages = play_every_table(daphne_server.shell)
    assert sum(1 for page in pages if "/hands/" in page) >= 5, pages
    return pages
