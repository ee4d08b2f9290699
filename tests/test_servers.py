"""The tests' server helper (``tests/servers.py``): a server that does not start says why, with
what it printed, and the start-up deadline is the one ``TEST_SERVER_START_SECONDS`` sets."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from servers import (
    DEFAULT_START_SECONDS,
    ServerDidNotStart,
    ServerProcess,
    answers,
    free_port,
    start_seconds,
)

#: Starts processes that touch no database: the PostgreSQL run of .ci/run leaves it out.
pytestmark = pytest.mark.no_database

GUNICORN = Path(sys.executable).parent / "gunicorn"


def test_the_deadline_is_generous_and_can_be_set(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TEST_SERVER_START_SECONDS", raising=False)
    assert start_seconds() == DEFAULT_START_SECONDS == 120
    monkeypatch.setenv("TEST_SERVER_START_SECONDS", "300")
    assert start_seconds() == 300
    for bad in ("soon", "0", "-5"):
        monkeypatch.setenv("TEST_SERVER_START_SECONDS", bad)
        with pytest.raises(ValueError, match="TEST_SERVER_START_SECONDS"):
            start_seconds()


def test_a_server_that_never_answers_is_stopped_and_its_log_quoted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # It never answers, so it misses any deadline: a short one keeps the test short.
    monkeypatch.setenv("TEST_SERVER_START_SECONDS", "0.5")
    server = ServerProcess(
        [sys.executable, "-c", "import sys, time; print('still migrating', flush=True); "
         "print('slow disk', file=sys.stderr, flush=True); time.sleep(600)"],
        name="sleeper", log=tmp_path / "sleeper.log")

    def printed_but_not_ready() -> bool:
        # What it prints comes before the deadline is looked at, however slow its start.
        guard = time.monotonic() + 120
        while "slow disk" not in server.output() and time.monotonic() < guard:
            time.sleep(0.05)
        return False

    with pytest.raises(ServerDidNotStart) as failure:
        server.start(printed_but_not_ready)
    message = str(failure.value)
    assert "sleeper did not answer within 0.5 s" in message
    assert "TEST_SERVER_START_SECONDS" in message
    assert "still migrating" in message and "slow disk" in message
    assert server.proc is not None and server.proc.poll() is not None  # not left running


def test_a_server_that_exits_at_start_says_so_with_its_log(tmp_path: Path) -> None:
    server = ServerProcess(
        [sys.executable, "-c", "import sys; sys.exit('no database at sqlite:///nowhere')"],
        name="quitter", log=tmp_path / "quitter.log")
    with pytest.raises(ServerDidNotStart) as failure:
        server.start(lambda: False)
    message = str(failure.value)
    assert "quitter exited at start (exit code 1)" in message
    assert "no database at sqlite:///nowhere" in message


@pytest.mark.skipif(not GUNICORN.exists(), reason="needs gunicorn")
def test_gunicorn_with_an_app_it_cannot_load_fails_with_the_traceback(tmp_path: Path) -> None:
    port = free_port()
    server = ServerProcess([str(GUNICORN), "-b", f"127.0.0.1:{port}", "no_such_module:app"],
                           name="gunicorn", log=tmp_path / "gunicorn.log")
    with pytest.raises(ServerDidNotStart) as failure:
        server.start(lambda: answers(port))
    message = str(failure.value)
    assert "gunicorn exited at start" in message
    assert "No module named 'no_such_module'" in message


def test_a_server_that_answers_is_ready_and_stops(tmp_path: Path) -> None:
    port = free_port()
    with ServerProcess([sys.executable, "-m", "http.server", "-b", "127.0.0.1", str(port)],
                       name="python -m http.server (in /tmp)", cwd=tmp_path) as server:
        server.start(lambda: answers(port, "/"))
        assert server.running()
        assert answers(port, "/")
    assert not server.running()
    assert not server.log.exists()  # the log it was given by default is removed
