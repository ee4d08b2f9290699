"""No token in the access log: gunicorn run as deploy/README.md and ``make run`` run it, links
followed, the log read back. Also what ``make run`` prints last: the phones' address and its QR
code."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from reliability.server import GUNICORN, request
from servers import ROOT, ServerProcess, answers, free_port, start_seconds

from scorekeeper import create_app, serve
from scorekeeper.accesslog import redact
from scorekeeper.extensions import db

pytestmark = pytest.mark.skipif(
    bool(os.environ.get("TEST_DATABASE_URL")), reason="runs the server on a SQLite file"
)


@pytest.mark.parametrize(("line", "expected"), [
    ("GET /games/abc/join/s3cr3t-_x HTTP/1.1", "GET /games/abc/join/<redacted> HTTP/1.1"),
    ("GET /games/abc/join/s3cr3t?x=1 HTTP/1.1", "GET /games/abc/join/<redacted>?x=1 HTTP/1.1"),
    ("GET /tournaments/t1?token=s3cr3t HTTP/1.1", "GET /tournaments/t1?token=<redacted> HTTP/1.1"),
    ("lang=es&token=s3cr3t&x=1", "lang=es&token=<redacted>&x=1"),
    ("token=s3cr3t", "token=<redacted>"),
    ("GET /games/abc HTTP/1.1", "GET /games/abc HTTP/1.1"),
    ("GET /games/?tokens=2 HTTP/1.1", "GET /games/?tokens=2 HTTP/1.1"),
])
def test_redact(line: str, expected: str) -> None:
    assert redact(line) == expected


def _database(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    database = tmp_path / "live.sqlite"
    instance = tmp_path / "instance"
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}", "SECRET_KEY": "t"},
                     instance_path=str(instance))
    with app.app_context():
        db.create_all()
        db.engine.dispose()
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{database}", "SECRET_KEY": "test",
           "PYTHONPATH": str(ROOT)}
    env.pop("TEST_DATABASE_URL", None)
    return instance, env


def _follow_secret_links(port: int) -> list[str]:
    """Open a game's edit link, a tournament's organizer link and a table's link; returns
    the tokens that were in those paths."""
    status, game = request(port, "POST", "/api/v1/games", {"ruleset": "classic"})
    assert status == 201
    status, _ = request(port, "GET", f"/games/{game['id']}/join/{game['edit_token']}")
    assert status == 303
    pairs = [{"players": [f"P{i}a", f"P{i}b"]} for i in range(2)]
    status, tournament = request(port, "POST", "/api/v1/tournaments", {
        "name": "Club", "ruleset": "classic", "rounds": 1, "pairs": pairs})
    assert status == 201, tournament
    status, _ = request(port, "GET",
                        f"/tournaments/{tournament['id']}?token={tournament['admin_token']}")
    assert status == 303
    (table,) = tournament["tables"]
    status, _ = request(port, "GET", table["edit_url"].split(f":{port}", 1)[1])
    assert status == 303
    return [game["edit_token"], tournament["admin_token"], table["edit_token"]]


def _read_log(path: Path, redirects: int) -> str:
    # gunicorn writes a line after its answer is sent: wait for the lines, not for a time (the
    # deadline only bounds the wait for a server that never writes them).
    deadline = time.monotonic() + start_seconds()
    while time.monotonic() < deadline:
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        if text.count('" 303 ') >= redirects:
            return text
        time.sleep(0.05)
    raise AssertionError(f"the access log has fewer than {redirects} redirects")


def _check_log(log: Path, tokens: list[str]) -> None:
    text = _read_log(log, 3)
    assert text.count("/join/<redacted>") == 2, text
    assert "?token=<redacted>" in text, text
    for token in tokens:
        assert token not in text


def _serve_secret_links(tmp_path: Path,
                        command: Callable[[Path, int, Path], list[str]]) -> tuple[str, int]:
    """Start the server ``command(instance, port, access_log)`` on a fresh database, follow the
    secret links, check its access log holds none of their tokens; what the server printed
    and its port."""
    instance, env = _database(tmp_path)
    port = free_port()
    log = tmp_path / "access.log"
    server = ServerProcess(command(instance, port, log), name="the server", env=env,
                           log=tmp_path / "server.out")
    try:
        server.start(lambda: answers(port))
        _check_log(log, _follow_secret_links(port))
    finally:
        server.stop()
    return server.output(), port


def test_the_documented_gunicorn_command_logs_no_token(tmp_path: Path) -> None:
    # The command a host copies for gunicorn behind its own proxy (it was README's until
    # README became the short tour).
    readme = (ROOT / "deploy" / "README.md").read_text(encoding="utf-8")
    assert "--logger-class scorekeeper.accesslog.RedactingLogger" in readme
    _serve_secret_links(tmp_path, lambda instance, port, log: [
        str(GUNICORN), "--logger-class", "scorekeeper.accesslog.RedactingLogger",
        "--access-logfile", str(log), "-w", "1", "-b", f"127.0.0.1:{port}",
        f"scorekeeper:create_app(instance_path={str(instance)!r})"])


def test_make_run_serves_with_gunicorn_and_logs_no_token(tmp_path: Path) -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "-m scorekeeper.serve --port" in makefile
    out, port = _serve_secret_links(tmp_path, lambda _instance, port, log: [
        sys.executable, "-m", "scorekeeper.serve", "--host", "127.0.0.1", "--port", str(port),
        "--workers", "1", "--access-log", str(log)])
    # Quiet at its start: no development-server warning, no gunicorn chatter; the address last
    # while it serves (at a loopback address it says other devices cannot reach it), then the
    # one line of its stop.
    assert "development server" not in out and "Booting worker" not in out
    lines = [line for line in out.splitlines() if line.strip()]
    assert lines[-2:] == [f"Open on this machine: http://127.0.0.1:{port}/", serve.STOPPED], out


def test_the_phone_address_and_its_qr_code_come_last(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(serve, "lan_address", lambda: "192.168.1.20")
    url, reachable = serve.phone_url("0.0.0.0", 5000)
    assert (url, reachable) == ("http://192.168.1.20:5000/", True)
    lines = serve.banner(url, reachable, "instance/access.log").rstrip("\n").split("\n")
    assert lines[-1] == "Open on your phone (same Wi-Fi): http://192.168.1.20:5000/"
    qr = [line for line in lines if line and set(line) <= set("█▀▄ ")]
    # The QR code is drawn just above it, with half blocks (two modules a character line).
    assert len(qr) >= 15 and lines.index(qr[-1]) == len(lines) - 3
    monkeypatch.setattr(serve, "lan_address", lambda: None)
    url, reachable = serve.phone_url("0.0.0.0", 5000)
    assert not reachable
    assert "Phones cannot reach this address" in serve.banner(url, reachable, "x")
