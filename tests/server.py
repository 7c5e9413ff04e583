"""A real Daphne server in a subprocess, set up the way `make run` sets it up.

    with DaphneServer() as base_url:
        urllib.request.urlopen(f"{base_url}/accounts/login/")

Each server gets a free port and its own fresh SQLite file (the embedded default that `make run`
uses), whatever DATABASE_URL the pytest process itself runs with (PostgreSQL in CI). The database
is migrated and the demo data loaded (`manage.py migrate`, `manage.py loaddemo`) before Daphne
starts; the server is ready when its port answers HTTP. The migrations run once per test process
(into a template file each server's database is copied from: they were half of a browser test
module's setup); the demo is loaded into a second template, per environment, that servers copy
while it is younger than ``DEMO_MAX_AGE`` (its times are relative to now: an event started
40 minutes ago, a tournament's registration closing in 55; ten minutes late they still say the
same), then loaded afresh (issue 51: `manage.py loaddemo` was a third of a server's start).

Scale-out (several processes on one PostgreSQL database and one Redis): pass `database_url`
(a database the caller has migrated and filled, e.g. the test database of a transactional test,
`database_url_of_tests()`) and `redis_url`; `Sweeper` runs the production sweeper
(`manage.py tableclock`) beside them, and `kill()` ends a process as a crash would (SIGKILL).
"""

from __future__ import annotations

import atexit
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
READY_PATH = "/accounts/login/"


_migrated_template: list[Path] = []  # this process's migrated, empty SQLite file


def migrated_sqlite_copy(destination: Path, env: dict[str, str], manage) -> None:
    """A freshly migrated SQLite database at `destination`: a copy of this process's template,
    migrated on first use."""
    if not _migrated_template:
        folder = Path(tempfile.mkdtemp(prefix="casino-migrated-"))
        atexit.register(shutil.rmtree, folder, True)
        template = folder / "db.sqlite3"
        manage({**env, "DATABASE_URL": f"sqlite:///{template}"}, "migrate", "--noinput")
        _migrated_template.append(template)
    shutil.copyfile(_migrated_template[0], destination)


# How long a server's start (migrate, loaddemo, Daphne answering) or a shell's code may take
# before the test fails: a bound for a stuck process, not a measure of speed. At a load of 25
# on the 2-core CI machine a shell playing every table took over the 60 s it once had and a
# start can take minutes (issue 51: no test depends on the machine being idle).
PROCESS_TIMEOUT = 600.0
DEMO_MAX_AGE = 600.0  # seconds a demo template is copied before the demo is loaded afresh
_demo_templates: dict[tuple, tuple[Path, float]] = {}  # environment -> (file, made at)
PER_SERVER = {"DATABASE_URL", "CSRF_TRUSTED_ORIGINS"}  # its own file and port: not the demo's


def demo_sqlite_copy(destination: Path, env: dict[str, str], manage) -> None:
    """A migrated SQLite database with the demo loaded at `destination`: a copy of this
    process's demo template for this environment (the settings and channel layer the demo is
    loaded with), made again once older than ``DEMO_MAX_AGE``."""
    key = tuple(sorted((name, value) for name, value in env.items() if name not in PER_SERVER))
    made = _demo_templates.get(key)
    if made is None or time.monotonic() - made[1] > DEMO_MAX_AGE:
        folder = Path(tempfile.mkdtemp(prefix="casino-demo-"))
        atexit.register(shutil.rmtree, folder, True)
        template = folder / "db.sqlite3"
        migrated_sqlite_copy(template, env, manage)
        manage({**env, "DATABASE_URL": f"sqlite:///{template}"}, "loaddemo")
        if made is not None:
            shutil.rmtree(made[0].parent, ignore_errors=True)
        made = _demo_templates[key] = (template, time.monotonic())
    shutil.copyfile(made[0], destination)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ServerError(RuntimeError):
    pass


class DaphneServer:
    """Context manager: migrate + loaddemo + daphne on a fresh SQLite file; yields the base URL.

    `redis_url`: None (default) runs with the in-memory channel layer, as `make run` does; pass a
    URL to use channels-redis instead. `database_url`: None (default) is a fresh SQLite file,
    migrated and with the demo loaded; a URL is used as it is (nothing migrated or loaded).
    `extra_env` is applied last.
    """

    def __init__(
        self,
        *,
        redis_url: str | None = None,
        database_url: str | None = None,
        extra_env: dict[str, str] | None = None,
        startup_timeout: float = PROCESS_TIMEOUT,
        stop_timeout: float = 10.0,
    ):
        self.redis_url = redis_url
        self.database_url = database_url
        self.extra_env = extra_env or {}
        self.startup_timeout = startup_timeout
        self.stop_timeout = stop_timeout
        self.host = "127.0.0.1"
        self.port: int | None = None
        self.base_url: str | None = None
        self.tmpdir: Path | None = None
        self.process: subprocess.Popen | None = None
        self.killed = False
        self._log = None

    # --- environment -------------------------------------------------------------------------

    def environment(self) -> dict[str, str]:
        assert self.tmpdir is not None and self.port is not None
        env = dict(os.environ)
        origin = f"http://{self.host}:{self.port}"
        env.update(
            {
                "DJANGO_SETTINGS_MODULE": "casino.settings",
                # The server's own SQLite file unless told otherwise, even when pytest runs on
                # PostgreSQL.
                "DATABASE_URL": self.database_url or f"sqlite:///{self.tmpdir / 'db.sqlite3'}",
                "DEBUG": "1",
                # Empty, not unset: an unset variable could still come from a developer's .env.
                "REDIS_URL": self.redis_url or "",
                "ALLOWED_HOSTS": "127.0.0.1,localhost",
                "CSRF_TRUSTED_ORIGINS": f"{origin},http://localhost:{self.port}",
                "PYTHONUNBUFFERED": "1",
            }
        )
        env.update(self.extra_env)
        return env

    # --- lifecycle ---------------------------------------------------------------------------

    def _manage(self, env: dict[str, str], *args: str) -> None:
        result = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=PROJECT_ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=self.startup_timeout,
        )
        if result.returncode != 0:
            raise ServerError(
                f"manage.py {' '.join(args)} failed with exit code {result.returncode}:\n"
                f"--- stdout ---\n{result.stdout}\n--- stderr ---\n{result.stderr}"
            )

    def shell(self, code: str) -> str:
        """Run `code` in `manage.py shell` against this server's database and settings (another
        process, as a trader's or a clock's change would be); returns what it printed."""
        result = subprocess.run(
            [sys.executable, "manage.py", "shell", "-c", code],
            cwd=PROJECT_ROOT,
            env=self.environment(),
            capture_output=True,
            text=True,
            timeout=PROCESS_TIMEOUT,
        )
        if result.returncode != 0:
            raise ServerError(f"manage.py shell failed:\n{result.stderr}")
        return result.stdout

    def start(self) -> str:
        self.launch()
        return self.wait_until_ready()

    def launch(self) -> None:
        """Start the process without waiting for it to answer (several servers start at once,
        then `wait_until_ready()` each)."""
        self.tmpdir = Path(tempfile.mkdtemp(prefix="casino-server-"))
        self.port = free_port()
        self.base_url = f"http://{self.host}:{self.port}"
        env = self.environment()
        try:
            if self.database_url is None:
                demo_sqlite_copy(self.tmpdir / "db.sqlite3", env, self._manage)
            self._log = open(self.tmpdir / "daphne.log", "w+b")  # noqa: SIM115 (closed in stop)
            self._spawn(env)
        except BaseException:
            self.stop(failed=True)
            raise

    def _spawn(self, env: dict[str, str]) -> None:
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "daphne",
                "-b",
                self.host,
                "-p",
                str(self.port),
                "casino.asgi:application",
            ],
            cwd=PROJECT_ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=self._log,
            stderr=subprocess.STDOUT,
        )

    def restart(self) -> None:
        """A new Daphne on the same database and port, after `kill`."""
        assert self.process is not None and self.process.poll() is not None
        self._spawn(self.environment())
        self.killed = False
        self._wait_until_ready()

    def wait_until_ready(self) -> str:
        try:
            self._wait_until_ready()
        except BaseException:
            self.stop(failed=True)
            raise
        return self.base_url

    @property
    def origin(self) -> str:
        """What a browser on this server's pages sends as a websocket's Origin."""
        assert self.base_url is not None
        return self.base_url

    def kill(self) -> None:
        """SIGKILL, as a crash or the OOM killer ends a process: nothing is closed or said."""
        assert self.process is not None
        self.process.kill()
        self.process.wait(timeout=self.stop_timeout)
        self.killed = True

    def _wait_until_ready(self) -> None:
        assert self.process is not None
        deadline = time.monotonic() + self.startup_timeout
        last_error: Exception | None = None
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise ServerError(f"daphne exited early with code {self.process.returncode}")
            try:
                with urllib.request.urlopen(self.base_url + READY_PATH, timeout=2) as response:
                    response.read()
                return
            except urllib.error.HTTPError:
                return  # Any HTTP answer means the server is up; the tests judge the status.
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError) as error:
                last_error = error
            time.sleep(0.1)
        raise ServerError(
            f"daphne did not answer on {self.base_url} within {self.startup_timeout}s "
            f"(last error: {last_error!r})"
        )

    def log_text(self) -> str:
        if self._log is None or self._log.closed:
            return ""
        self._log.flush()
        self._log.seek(0)
        return self._log.read().decode("utf-8", errors="replace")

    def stop(self, *, failed: bool = False) -> None:
        process, self.process = self.process, None
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=self.stop_timeout)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=self.stop_timeout)
        # Daphne answers SIGTERM with exit code 0 or -15; anything else is a crash (unless
        # kill() asked for one).
        crashed = process is not None and process.returncode not in (0, -15) and not self.killed
        if failed or crashed:
            log = self.log_text()
            code = None if process is None else process.returncode
            print(
                f"\n--- daphne on {self.base_url} (exit code {code}) output ---\n{log}"
                "--- end of daphne output ---",
                file=sys.stderr,
            )
        if self._log is not None:
            self._log.close()
            self._log = None
        if self.tmpdir is not None:
            shutil.rmtree(self.tmpdir, ignore_errors=True)
            self.tmpdir = None

    def __enter__(self) -> str:
        return self.start()

    def __exit__(self, exc_type, exc, tb) -> None:
        self.stop(failed=exc_type is not None)


class Sweeper:
    """The production sweeper (`manage.py tableclock`) in a subprocess, with a server's settings
    (its database and Redis): it keeps the time of tables whose sockets are in no live process."""

    def __init__(self, server: DaphneServer, *, interval: float = 0.25):
        self.server = server
        self.interval = interval
        self.process: subprocess.Popen | None = None
        self._log = None

    def start(self) -> None:
        self._log = tempfile.TemporaryFile()  # noqa: SIM115 (closed in stop)
        self.process = subprocess.Popen(
            [sys.executable, "manage.py", "tableclock", "--interval", str(self.interval)],
            cwd=PROJECT_ROOT,
            env=self.server.environment(),
            stdin=subprocess.DEVNULL,
            stdout=self._log,
            stderr=subprocess.STDOUT,
        )

    def log_text(self) -> str:
        if self._log is None:
            return ""
        self._log.flush()
        self._log.seek(0)
        return self._log.read().decode("utf-8", errors="replace")

    def stop(self) -> str:
        """Stop it; returns what it printed."""
        process, self.process = self.process, None
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)
        text = self.log_text()
        if self._log is not None:
            self._log.close()
            self._log = None
        return text
