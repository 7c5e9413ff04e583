"""Issue 28 item 2: the connection budget, on PostgreSQL with two Daphne processes.

- 200 requests at once across two processes (each with a pool of DB_POOL_MAX=4): a sampler
  reads pg_stat_activity all along, and the connections the processes hold (their
  application_name) never exceed 2 x 4; every request is answered (200).
- A pool exhausted for longer than its timeout: the test holds a lock every signed-in request
  needs (the players' table), so the pool's connections are all taken by requests waiting on it;
  the next request gets the 503 page with its sentence while the lock is still held (it was not
  left hanging), and the waiting ones finish once the lock goes.
"""

from __future__ import annotations

import threading
import urllib.error
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor

import psycopg
import pytest
from django.conf import settings
from django.test import Client

from casino.models import Player
from tests.conftest import requires_postgres
from tests.server import DaphneServer
from tests.test_scale_out import database_url_of_tests

pytestmark = [requires_postgres, pytest.mark.django_db(transaction=True)]

POOL_MAX = 4
REQUESTS = 200
WAIT_SECONDS = 60.0  # how long any one answer may take before the test gives up on it


def signed_in_cookie(language: str = "en") -> str:
    player = Player(username=f"cb-{uuid.uuid4().hex[:10]}", language=language)
    player.set_unusable_password()  # hashing costs seconds on a busy machine: a session logs in
    player.save()
    client = Client()
    client.force_login(player)
    name = settings.SESSION_COOKIE_NAME
    return f"{name}={client.cookies[name].value}; django_language={language}"


def get(url: str, cookie: str) -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Cookie": cookie})
    try:
        with urllib.request.urlopen(request, timeout=WAIT_SECONDS) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def connections_of(name: str) -> int:
    with psycopg.connect(database_url_of_tests(), autocommit=True) as probe:
        return probe.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s", [name]
        ).fetchone()[0]


def servers(name: str, count: int, **env) -> list[DaphneServer]:
    url = f"{database_url_of_tests()}?application_name={name}"
    extra = {"DB_POOL_MAX": str(POOL_MAX), "DB_POOL_MIN": "1", **env}
    started = [DaphneServer(database_url=url, extra_env=extra) for _ in range(count)]
    try:
        for server in started:
            server.launch()
        for server in started:
            server.wait_until_ready()
    except BaseException:
        for server in started:
            server.stop(failed=True)
        raise
    return started


def test_200_requests_across_two_processes_stay_within_the_connection_budget(transactional_db):
    name = f"budget-{uuid.uuid4().hex[:8]}"
    cookie = signed_in_cookie()
    cluster = servers(name, 2, DB_POOL_TIMEOUT=str(WAIT_SECONDS), HTTP_THREADS="3")
    peak, done = [0], threading.Event()

    def sample():
        while not done.is_set():
            peak[0] = max(peak[0], connections_of(name))
            done.wait(0.05)

    sampler = threading.Thread(target=sample, daemon=True)
    try:
        sampler.start()
        urls = [f"{cluster[i % 2].base_url}/sport/" for i in range(REQUESTS)]
        with ThreadPoolExecutor(REQUESTS) as burst:
            answers = list(burst.map(lambda url: get(url, cookie), urls))
        done.set()
        sampler.join(timeout=WAIT_SECONDS)
        statuses = sorted({status for status, _text in answers})
        assert statuses == [200], statuses
        assert 0 < peak[0] <= 2 * POOL_MAX, peak[0]
        assert connections_of(name) <= 2 * POOL_MAX
        for server in cluster:
            log = server.log_text()
            assert "Traceback" not in log and "Internal Server Error" not in log, log
    finally:
        done.set()
        for server in cluster:
            server.stop()


def test_a_request_past_an_exhausted_pool_gets_the_503_while_the_pool_is_still_held(
    transactional_db,
):
    name = f"exhausted-{uuid.uuid4().hex[:8]}"
    cookie = signed_in_cookie()
    (server,) = servers(name, 1, DB_POOL_TIMEOUT="2", HTTP_THREADS=str(POOL_MAX + 2))
    url = f"{server.base_url}/sport/"
    blocker = psycopg.connect(database_url_of_tests())
    try:
        # every signed-in request reads its player: with the players' table locked, each one
        # holds its pooled connection and waits
        blocker.execute(f"LOCK TABLE {Player._meta.db_table} IN ACCESS EXCLUSIVE MODE")
        with ThreadPoolExecutor(POOL_MAX + 2) as burst:
            waiting = [burst.submit(get, url, cookie) for _ in range(POOL_MAX)]
            # the pool is all lent once the server's sessions wait on the lock
            locked = f"""SELECT count(*) FROM pg_stat_activity WHERE application_name = '{name}'
                         AND wait_event_type = 'Lock'"""
            with psycopg.connect(database_url_of_tests(), autocommit=True) as probe:
                for _attempt in range(int(WAIT_SECONDS * 10)):
                    if probe.execute(locked).fetchone()[0] >= POOL_MAX:
                        break
                    threading.Event().wait(0.1)
                else:
                    pytest.fail("the requests never waited on the lock")
            status, text = burst.submit(get, url, cookie).result(timeout=WAIT_SECONDS)
            assert status == 503, (status, text[:400])
            assert "The server is overloaded" in text
            assert not any(answer.done() for answer in waiting)  # the lock is still held
            blocker.rollback()
            finished = [answer.result(timeout=WAIT_SECONDS)[0] for answer in waiting]
            assert finished == [200] * POOL_MAX
        # no request was a 500 (the clocks' ticks that found no connection meanwhile say so in
        # the log and run again on their next tick)
        log = server.log_text()
        assert "Internal Server Error" not in log and '" 500 ' not in log, log
    finally:
        blocker.close()
        server.stop()
