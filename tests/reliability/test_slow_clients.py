"""A stranger's slow requests and held streams do not stop the other tables (issue 41).

- Slow bodies, on the server as ``make run`` serves it (gunicorn's gevent workers, SQLite): 40
  saves whose bodies come a byte a second hold no database connection (the body is read whole
  before any guard reads the database), so another game's save answers 201 meanwhile; each
  slow one answers 408 once its deadline (``SCOREKEEPER_BODY_SECONDS``) passes, never a 5xx.
- An empty database pool answers 503 with ``Retry-After``, never a 500.
- One address's requests in flight are bounded (429 with ``Retry-After``).
- Event streams are bounded per address, per game and per tournament (429 with
  ``Retry-After``); a refused stream's slots come back when a held one ends.

No test here asserts how long anything took.
"""

from __future__ import annotations

import io
import json
import os
import select
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from servers import ROOT, ServerProcess, answers, free_port

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tournaments"))
from tournament_helpers import create  # noqa: E402

from scorekeeper.extensions import db  # noqa: E402

from .helpers import HAND, NEW_GAME, auth  # noqa: E402
from .server import Server, request  # noqa: E402

SLOW = 40
#: The slow bodies' deadline on the served app: long enough that the saves made meanwhile
#: come first on a loaded machine, short enough for a test.
BODY_SECONDS = 8
#: How long the test waits at most for all the slow ones to be answered (only a hung server
#: takes this long).
WAIT = 120.0

served_only = pytest.mark.skipif(
    bool(os.environ.get("TEST_DATABASE_URL")), reason="serves a SQLite file, as make run does")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """The app as ``make run`` serves it (migrated, ``python -m scorekeeper.serve``); its port."""
    folder = tmp_path_factory.mktemp("slow-clients")
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("SCOREKEEPER_", "TEST_", "RATELIMIT_"))}
    env.update({"DATABASE_URL": f"sqlite:///{folder / 'scores.db'}", "SECRET_KEY": "slow",
                "SCOREKEEPER_BODY_SECONDS": str(BODY_SECONDS)})
    subprocess.run([sys.executable, "-m", "flask", "--app", "scorekeeper", "db", "upgrade"],
                   cwd=ROOT, env=env, check=True, capture_output=True)
    port = free_port()
    server = ServerProcess(
        [sys.executable, "-m", "scorekeeper.serve", "--host", "127.0.0.1", "--port", str(port),
         "--access-log", str(folder / "access.log")], name="make-run-server", env=env)
    with server.start(lambda: answers(port)):
        yield port
        assert "Traceback" not in server.output(), server.output()


class SlowBody:
    """A ``POST`` on a raw socket whose body comes a byte at a time; what the server answered."""

    def __init__(self, port: int, path: str, token: str, length: int = 2000) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        head = (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                f"Content-Type: application/json\r\nAuthorization: Bearer {token}\r\n"
                f"Content-Length: {length}\r\n\r\n{{")
        self.sock.sendall(head.encode())
        self.sock.setblocking(False)
        self.sent = 1
        self.length = length
        self.answer = b""
        self.closed = False

    def fileno(self) -> int:
        return self.sock.fileno()

    def read(self) -> None:
        try:
            got = self.sock.recv(65536)
        except BlockingIOError:
            return
        except OSError:
            got = b""
        if got:
            self.answer += got
        else:
            self.closed = True

    def one_more_byte(self) -> None:
        if self.closed or self.answer or self.sent >= self.length - 1:
            return
        try:
            self.sock.send(b" ")
            self.sent += 1
        except OSError:  # the server stopped reading and closed it (after its answer)
            self.closed = True

    @property
    def status(self) -> int | None:
        if not self.answer.startswith(b"HTTP/1.1 "):
            return None
        return int(self.answer[9:12])

    def close(self) -> None:
        self.sock.close()


def drip(slow: list[SlowBody], until: Callable[[], bool], timeout: float = WAIT) -> None:
    """Send each slow body a byte a second, reading what comes back, until ``until()``."""
    ends = time.monotonic() + timeout
    while not until() and time.monotonic() < ends:
        waiting = [s for s in slow if not s.closed and s.status is None]
        if waiting:
            readable, _, _ = select.select(waiting, [], [], 1.0)
            for s in readable:
                s.read()
        else:
            time.sleep(0.1)
        for s in slow:
            s.one_more_byte()


@served_only
def test_slow_bodies_hold_no_connection_and_end_with_408(served: int) -> None:
    port = served
    games = []
    for _ in range(SLOW + 1):
        status, game = request(port, "POST", "/api/v1/games", NEW_GAME)
        assert status == 201, game
        games.append(game)
    other = games.pop()
    # 40 saves whose bodies come a byte a second, each on its own game: with the guard's
    # database read before the body, each held a pooled connection all along.
    slow = [SlowBody(port, f"/api/v1/games/{g['id']}/hands", g["edit_token"]) for g in games]
    try:
        drip(slow, lambda: False, timeout=2)  # every slow one is in the server by now
        # Another table saves, again and again, while they drip: each save answers 201.
        saves = []
        for _ in range(5):
            status, body = request(port, "POST", f"/api/v1/games/{other['id']}/hands", HAND,
                                   auth(other["edit_token"]))
            saves.append(status)
            drip(slow, lambda: False, timeout=0.2)
        assert saves == [201] * 5
        status, game = request(port, "GET", f"/api/v1/games/{other['id']}")
        assert status == 200 and len(game["hands"]) == 5
        # Each slow one is answered 408 once its deadline passes; none ever a 5xx.
        drip(slow, lambda: all(s.status is not None or s.closed for s in slow))
        assert [s.status for s in slow] == [408] * SLOW, [s.answer[:200] for s in slow]
        assert all(b"application/json" in s.answer.partition(b"\r\n\r\n")[0].lower()
                   for s in slow)
        # Nothing of theirs was saved.
        for g in games:
            status, got = request(port, "GET", f"/api/v1/games/{g['id']}")
            assert status == 200 and got["hands"] == []
    finally:
        for s in slow:
            s.close()


@served_only
def test_a_slow_form_post_ends_with_408_and_the_pages_go_on(served: int) -> None:
    """The pages' forms too: a body cut short past its deadline answers 408, as a page."""
    status, game = request(port := served, "POST", "/api/v1/games", NEW_GAME)
    assert status == 201
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    try:
        sock.sendall(f"POST /games/{game['id']}/hands HTTP/1.1\r\nHost: x\r\n"
                     "Content-Type: application/x-www-form-urlencoded\r\n"
                     "Content-Length: 500\r\n\r\nend=went".encode())
        sock.settimeout(WAIT)
        answer = sock.recv(65536)
    finally:
        sock.close()
    assert answer.startswith(b"HTTP/1.1 408 "), answer[:300]
    assert b"text/html" in answer.split(b"\r\n\r\n")[0]
    assert answers(port, f"/games/{game['id']}")


@served_only
def test_under_sync_workers_too_a_slow_body_ends_with_408(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """gunicorn's sync workers (the reliability tests' server) have no gevent timeout: a timer
    shuts the reading side at the deadline instead, though the body still comes a byte a second."""
    database = tmp_path / "sync.sqlite"
    subprocess.run([sys.executable, "-m", "flask", "--app", "scorekeeper", "db", "upgrade"],
                   cwd=ROOT, env={**os.environ, "DATABASE_URL": f"sqlite:///{database}"},
                   check=True, capture_output=True)
    monkeypatch.setenv("SCOREKEEPER_BODY_SECONDS", "3")
    server = Server(database, tmp_path / "instance").start()
    try:
        status, game = request(server.port, "POST", "/api/v1/games", NEW_GAME)
        assert status == 201
        slow = [SlowBody(server.port, f"/api/v1/games/{game['id']}/hands", game["edit_token"])
                for _ in range(2)]
        try:
            drip(slow, lambda: all(s.status is not None or s.closed for s in slow))
            assert [s.status for s in slow] == [408, 408], [s.answer[:200] for s in slow]
        finally:
            for s in slow:
                s.close()
        status, got = request(server.port, "GET", f"/api/v1/games/{game['id']}")
        assert status == 200 and got["hands"] == []
    finally:
        server.stop()


# -- on the test client ------------------------------------------------------------------------


def test_an_empty_pool_answers_503_with_retry_after(make_app: Callable[..., Flask],
                                                    settings: dict[str, Any]) -> None:
    app = make_app({**settings, "SQLALCHEMY_ENGINE_OPTIONS": {
        "pool_size": 1, "max_overflow": 0, "pool_timeout": 0.2}})
    with app.app_context():
        db.create_all()
    client = app.test_client()
    game = client.post("/api/v1/games", json=NEW_GAME).get_json()
    with app.app_context():
        held = db.engine.connect()  # the pool's one connection, taken
        try:
            api = client.get(f"/api/v1/games/{game['id']}")
            page = client.get(f"/games/{game['id']}")
            save = client.post(f"/api/v1/games/{game['id']}/hands", json=HAND,
                               headers=auth(game["edit_token"]))
        finally:
            held.close()
            db.session.remove()
    for answer in (api, page, save):
        assert answer.status_code == 503, answer.get_data(as_text=True)[:300]
        assert answer.headers["Retry-After"].isdigit()
    assert api.get_json()["error"]
    assert "text/html" in page.headers["Content-Type"]
    # With the connection back the same requests answer.
    assert client.get(f"/api/v1/games/{game['id']}").status_code == 200
    saved = client.post(f"/api/v1/games/{game['id']}/hands", json=HAND,
                        headers=auth(game["edit_token"]))
    assert saved.status_code == 201
    with app.app_context():
        db.engine.dispose()


class HeldBody(io.RawIOBase):
    """A request body that gives nothing until ``go`` is set (a slow client in the test
    client), then ``data``."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.go = threading.Event()
        self.reading = threading.Event()
        self._at = 0

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:  # the test client measures the body: tell, seek to the end, tell
        return self._at

    def seek(self, offset: int, whence: int = 0) -> int:
        self._at = len(self.data) if whence == 2 else offset
        return self._at

    def readinto(self, buffer: Any) -> int:
        self.reading.set()
        self.go.wait(WAIT)
        n = min(len(buffer), len(self.data))
        buffer[:n] = self.data[:n]
        self.data = self.data[n:]
        return n


def test_an_address_has_a_bounded_number_of_requests_in_flight(app: Flask,
                                                                 client: FlaskClient) -> None:
    app.config["REQUESTS_PER_ADDRESS"] = 2
    game = client.post("/api/v1/games", json=NEW_GAME).get_json()
    body = json.dumps(HAND).encode()
    held = [HeldBody(body) for _ in range(2)]
    answers_: list[int] = []

    def post(stream: HeldBody) -> None:
        res = app.test_client().post(
            f"/api/v1/games/{game['id']}/hands", input_stream=stream,
            headers={**auth(game["edit_token"]), "Content-Type": "application/json",
                     "Content-Length": str(len(body)), "Idempotency-Key": str(id(stream))})
        answers_.append(res.status_code)

    threads = [threading.Thread(target=post, args=(h,)) for h in held]
    for thread in threads:
        thread.start()
    try:
        for h in held:
            assert h.reading.wait(WAIT)
        refused = client.get(f"/api/v1/games/{game['id']}")
        assert refused.status_code == 429
        assert refused.headers["Retry-After"].isdigit()
        assert refused.get_json()["error"]
        # Another address is not this one.
        other = client.get(f"/api/v1/games/{game['id']}",
                           environ_base={"REMOTE_ADDR": "192.0.2.7"})
        assert other.status_code == 200
    finally:
        for h in held:
            h.go.set()
        for thread in threads:
            thread.join(WAIT)
    assert sorted(answers_) == [201, 201]
    assert client.get(f"/api/v1/games/{game['id']}").status_code == 200


# -- streams ------------------------------------------------------------------------------------


class Streams:
    """Event streams opened on the test client, closed at the end (as a phone that leaves)."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.opened: list[Any] = []

    def open(self, path: str, address: str = "127.0.0.1") -> Any:
        res = self.app.test_client().get(path, buffered=False,
                                         environ_base={"REMOTE_ADDR": address})
        if res.status_code == 200:
            self.opened.append(res)
        return res

    def close_all(self) -> None:
        self.app.extensions["news"].close()
        for res in self.opened:
            res.close()
        self.opened.clear()


@pytest.fixture
def streams(app: Flask) -> Iterator[Streams]:
    held = Streams(app)
    yield held
    held.close_all()


def refused(res: Any) -> bool:
    return bool(res.status_code == 429 and res.headers["Retry-After"].isdigit()
                and res.mimetype != "text/event-stream")


@pytest.mark.fresh_app
def test_streams_are_bounded_per_address(app: Flask, client: FlaskClient,
                                         streams: Streams) -> None:
    app.config.update(STREAMS_PER_ADDRESS=3, STREAMS_PER_GAME=100)
    games = [client.post("/api/v1/games", json=NEW_GAME).get_json() for _ in range(4)]
    held = [streams.open(f"/games/{g['id']}/events") for g in games[:3]]
    assert [res.status_code for res in held] == [200] * 3
    assert all(next(res.response).startswith(b"retry: ") for res in held)  # at once
    fourth = streams.open(f"/games/{games[3]['id']}/events")
    assert refused(fourth), fourth.status_code
    # Another address holds its own; a tournament's stream counts against the same address.
    assert streams.open(f"/games/{games[3]['id']}/events", "192.0.2.7").status_code == 200
    tid, _token = create(client, 8, rounds=1)
    assert refused(streams.open(f"/tournaments/{tid}/events"))
    # A stream that ends gives its slot back.
    held[0].close()
    again = streams.open(f"/tournaments/{tid}/events")
    assert again.status_code == 200


@pytest.mark.fresh_app
def test_streams_are_bounded_per_game_and_per_tournament(app: Flask, client: FlaskClient,
                                                         streams: Streams) -> None:
    app.config.update(STREAMS_PER_GAME=2, STREAMS_PER_TOURNAMENT=2)
    game, other = (client.post("/api/v1/games", json=NEW_GAME).get_json() for _ in range(2))
    first = [streams.open(f"/games/{game['id']}/events", f"192.0.2.{n}") for n in (1, 2)]
    assert [res.status_code for res in first] == [200, 200]
    assert refused(streams.open(f"/games/{game['id']}/events", "192.0.2.3"))
    # Another game is not this one.
    assert streams.open(f"/games/{other['id']}/events", "192.0.2.3").status_code == 200
    tid, _token = create(client, 8, rounds=1)
    assert [streams.open(f"/tournaments/{tid}/events", f"198.51.100.{n}").status_code
            for n in (1, 2, 3)] == [200, 200, 429]
    first[1].close()
    assert streams.open(f"/games/{game['id']}/events", "192.0.2.3").status_code == 200
