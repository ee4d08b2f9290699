"""Servers the tests start (gunicorn, ``make run``'s server, redis): one way to start one, wait
until it answers and say why when it does not.

A loaded machine starts a server slowly: two suites side by side on two cores took more than
30 s to start gunicorn. The deadline is therefore generous, ``TEST_SERVER_START_SECONDS``
(120 s unless set): a server that works answers long before it, and the deadline only bounds
how long a broken one is waited for. A server that misses it, or exits at start, fails the
test with what it printed (its stdout and stderr go to a log file, which a pipe nobody reads
could not be: a full pipe would stop the server).

Run as a script (``python bench/...``), this file is ``tests.servers``; under pytest it is
``servers`` (the tests folder is on the path).
"""

from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import TracebackType

ROOT = Path(__file__).resolve().parents[1]
START_SECONDS_VARIABLE = "TEST_SERVER_START_SECONDS"
DEFAULT_START_SECONDS = 120.0
#: How much of a server's log an error quotes (its last characters).
LOG_TAIL = 6000


def start_seconds() -> float:
    """How long a server may take to answer after it is started (``TEST_SERVER_START_SECONDS``)."""
    raw = os.environ.get(START_SECONDS_VARIABLE, "").strip()
    if not raw:
        return DEFAULT_START_SECONDS
    try:
        seconds = float(raw)
    except ValueError:
        raise ValueError(
            f"{START_SECONDS_VARIABLE} must be a number of seconds, not {raw!r}") from None
    if not seconds > 0:
        raise ValueError(f"{START_SECONDS_VARIABLE} must be more than 0, not {raw!r}")
    return seconds


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def answers(port: int, path: str = "/healthz", status: int = 200) -> bool:
    """Whether ``GET path`` on 127.0.0.1:``port`` answers ``status`` (a refused or slow
    connection is a no: the caller asks again until its deadline)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        return response.status == status
    except (OSError, http.client.HTTPException):
        return False
    finally:
        conn.close()


def listens(port: int) -> bool:
    """Whether something accepts connections on 127.0.0.1:``port``."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5):
            return True
    except OSError:
        return False


class ServerDidNotStart(RuntimeError):
    """The server exited at start or did not answer by the deadline; the message holds its log."""


class ServerProcess:
    """A server run as ``command`` in its own process group (so a stop or ``kill -9`` reaches
    its workers too), its stdout and stderr in ``log``.

    ``start(ready)`` returns once ``ready()`` is true, asking every tenth of a second until
    :func:`start_seconds` have passed; a server that exits first or misses the deadline is
    stopped and raises :class:`ServerDidNotStart` quoting its log.
    """

    def __init__(self, command: Sequence[str], *, name: str, env: Mapping[str, str] | None = None,
                 cwd: Path = ROOT, log: Path | None = None) -> None:
        self.command = [str(part) for part in command]
        self.name = name
        self.env = dict(os.environ if env is None else env)
        self.cwd = cwd
        if log is None:
            prefix = re.sub(r"[^\w.]+", "-", name)[:40]
            handle, path = tempfile.mkstemp(prefix=f"{prefix}-", suffix=".log")
            os.close(handle)
            log = Path(path)
            self._own_log = True
        else:
            self._own_log = False
        self.log = log
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, ready: Callable[[], bool]) -> ServerProcess:
        seconds = start_seconds()
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(self.command, cwd=self.cwd, env=self.env,
                                         stdin=subprocess.DEVNULL, stdout=out,
                                         stderr=subprocess.STDOUT, start_new_session=True)
        began = time.monotonic()
        while True:
            if ready():
                return self
            code = self.proc.poll()
            if code is not None:
                raise ServerDidNotStart(
                    f"{self.name} exited at start (exit code {code}). {self._quoted_log()}")
            if time.monotonic() - began > seconds:
                self.kill()
                raise ServerDidNotStart(
                    f"{self.name} did not answer within {seconds:g} s (set "
                    f"{START_SECONDS_VARIABLE} to wait longer). {self._quoted_log()}")
            time.sleep(0.1)

    def output(self) -> str:
        """What the server printed so far (stdout and stderr)."""
        try:
            return self.log.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return ""

    def _quoted_log(self) -> str:
        text = self.output()
        if not text.strip():
            return "It printed nothing."
        cut = "...\n" if len(text) > LOG_TAIL else ""
        return f"What it printed:\n{cut}{text[-LOG_TAIL:]}"

    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def kill(self) -> None:
        """``kill -9`` the server and every process of its group, and wait for it."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.proc.wait()

    def stop(self, grace: float = 30) -> None:
        """SIGTERM to the server's group; ``kill -9`` when it has not stopped ``grace`` s later."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            try:
                self.proc.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                self.kill()

    def close(self) -> None:
        """Stop the server and remove the log file it was given by default."""
        self.stop()
        if self._own_log:
            self.log.unlink(missing_ok=True)

    def __enter__(self) -> ServerProcess:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


def drop_database(url: str) -> None:
    """Drop the PostgreSQL database of ``url``, ending its connections (a bench's or a test's
    own database, once its servers are stopped)."""
    from sqlalchemy import create_engine, make_url, text

    parts = make_url(url)
    admin = create_engine(parts.set(database="postgres"), isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{parts.database}" WITH (FORCE)'))
    finally:
        admin.dispose()
