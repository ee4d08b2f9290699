"""`make run` stops on Ctrl+C with one line (issue 40): it printed a gevent traceback per worker,
15 to 60 lines, into the terminal of whoever pressed it.

A terminal's Ctrl+C is SIGINT to every process of its foreground group, the master and its
workers alike: the test starts the server line of the Makefile's `run` recipe in a session of
its own, as the shell make starts runs it, and signals the whole group.
"""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

import pytest
from servers import ServerProcess, answers, free_port, start_seconds

from scorekeeper import ROOT, create_app
from scorekeeper.extensions import db
from scorekeeper.serve import STOPPED

from .make_run import make_run_line

#: The server on a SQLite file of the test's own, whatever ``TEST_DATABASE_URL`` says: the
#: PostgreSQL run of .ci/run would run the same test again.
pytestmark = pytest.mark.skipif(bool(os.environ.get("TEST_DATABASE_URL")),
                                reason="a SQLite file of its own")


def _make_run_serve_line() -> str:
    return make_run_line("scorekeeper.serve")


def _serve(tmp_path: Path) -> tuple[ServerProcess, int]:
    database = tmp_path / "run.sqlite"
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}", "SECRET_KEY": "t"},
                     instance_path=str(tmp_path / "instance"))
    with app.app_context():
        db.create_all()
        db.engine.dispose()
    port = free_port()
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{database}", "SECRET_KEY": "t",
           "PORT": str(port), "PYTHONPATH": str(ROOT)}
    env.pop("TEST_DATABASE_URL", None)
    # Loopback and a log of the test's own; the rest exactly as `make run` starts it.
    line = (f"{_make_run_serve_line()} --host 127.0.0.1 "
            f"--access-log {tmp_path / 'access.log'}")
    server = ServerProcess(["bash", "-c", line], name="make run's server", env=env,
                           log=tmp_path / "server.out")
    server.start(lambda: answers(port))
    return server, port


def _ctrl_c(server: ServerProcess) -> tuple[str, int]:
    """SIGINT to the server's whole group; what it printed after, and its exit code."""
    assert server.proc is not None
    before = len(server.output())
    os.killpg(server.proc.pid, signal.SIGINT)
    try:
        code = server.proc.wait(timeout=start_seconds())
    except subprocess.TimeoutExpired:
        server.kill()
        raise AssertionError(f"Ctrl+C did not stop the server:\n{server.output()}") from None
    return server.output()[before:], code


def test_ctrl_c_stops_make_run_with_one_line_and_exit_0(tmp_path: Path) -> None:
    server, port = _serve(tmp_path)
    try:
        # The banner came first, so what follows the interrupt is the stop alone.
        assert f"http://127.0.0.1:{port}/" in server.output()
        after, code = _ctrl_c(server)
    finally:
        server.stop()
    assert after.splitlines() == [STOPPED], after
    # 0, not a death by SIGINT: make (and the shell make runs it in) then print nothing.
    assert code == 0, after


def test_the_make_recipe_hands_the_terminal_to_the_server() -> None:
    # `exec`: the shell make starts becomes the server, so Ctrl+C reaches it and make sees
    # its exit code, not a shell's.
    assert _make_run_serve_line().startswith("exec ")
