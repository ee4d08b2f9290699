"""``kill -9`` the server in the middle of saves: every hand it acknowledged is still there.

Runs on SQLite and, in CI's second run, on PostgreSQL. SQLite runs in WAL mode with
``synchronous=NORMAL`` (the default): a commit returns once the WAL
is written to the operating system, and the 201 is sent after the commit, so an acknowledged hand
survives the death of the server process (only a power cut could lose it; ``FULL`` covers that).
"""

from __future__ import annotations

import http.client
import os
import threading
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlencode

import pytest
from sqlalchemy import select

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.models import GameChange

from .helpers import HAND, HAND_POINTS, NEW_GAME, auth
from .server import REQUEST_TIMEOUT, Server, request

CLIENTS = 4
KILL_AFTER = 20  # acknowledged hands
#: A save waits this long for its answer: on a loaded machine a live server may be slow, and a
#: killed one fails its requests at once (its sockets are reset), so only a hang would wait.
SAVE_TIMEOUT = REQUEST_TIMEOUT


#: The count form's fields for ``HAND`` (450 to the first side, 0 to the second).
FORM_HAND = {"end": "went_out", "sides[0].going_out": "normal", "sides[0].canastas.mixed": "1",
             "sides[0].table_points": "50", "sides[0].hand_points": "0",
             "sides[1].table_points": "0", "sides[1].hand_points": "0"}


def form_saver(port: int, game: dict[str, str]) -> Callable[[str], bool]:
    """A phone saving through the count form: its session comes from the edit link (the form
    needs the browser's session cookie and a CSRF token off the count page)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=SAVE_TIMEOUT)
    conn.request("GET", f"/games/{game['id']}/join/{game['edit_token']}")
    res = conn.getresponse()
    res.read()
    cookie = res.getheader("Set-Cookie", "").split(";")[0]
    conn.request("GET", f"/games/{game['id']}/hands/new", headers={"Cookie": cookie})
    res = conn.getresponse()
    page = res.read().decode()
    cookie = (res.getheader("Set-Cookie") or cookie).split(";")[0]
    conn.close()
    csrf = page.split('name="csrf_token" value="', 1)[1].split('"', 1)[0]

    def save(key: str) -> bool:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=SAVE_TIMEOUT)
        try:
            body = urlencode({**FORM_HAND, "csrf_token": csrf, "request_key": key})
            conn.request("POST", f"/games/{game['id']}/hands", body=body, headers={
                "Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})
            res = conn.getresponse()
            res.read()
            return res.status == 303
        finally:
            conn.close()

    return save


def api_saver(port: int, game: dict[str, str]) -> Callable[[str], bool]:
    def save(key: str) -> bool:
        status, _ = request(port, "POST", f"/api/v1/games/{game['id']}/hands", HAND,
                            {**auth(game["edit_token"]), "Idempotency-Key": key},
                            timeout=SAVE_TIMEOUT)
        return status == 201

    return save


@pytest.mark.parametrize("way", ["api", "form"])
def test_kill_9_loses_no_acknowledged_hand(tmp_path: Path, way: str) -> None:
    # On SQLite a file of its own; in CI's second run, the PostgreSQL test database.
    url = os.environ.get("TEST_DATABASE_URL") or f"sqlite:///{tmp_path / 'live.sqlite'}"
    database: Path | str = url if os.environ.get("TEST_DATABASE_URL") else tmp_path / "live.sqlite"
    instance = tmp_path / "instance"
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "t"},
                     instance_path=str(instance))
    with app.app_context():
        db.drop_all()
        db.create_all()
        db.engine.dispose()

    server = Server(database, instance).start()
    try:
        status, game = request(server.port, "POST", "/api/v1/games", NEW_GAME)
        assert status == 201
        save = (api_saver if way == "api" else form_saver)(server.port, game)
        acknowledged: set[str] = set()  # request keys answered "saved"
        # Saves that got no answer: (request key, the error, whether the kill had begun). A
        # server killed mid-request fails the request in any way the client library has
        # (ConnectionResetError, RemoteDisconnected, IncompleteRead, a timeout...): each is
        # an expected outcome once the kill began, and a failure of the server before it.
        unanswered: list[tuple[str, BaseException, bool]] = []
        lock = threading.Lock()
        killing = threading.Event()
        stop = threading.Event()
        # Set once KILL_AFTER saves are acknowledged, or one failed before the kill (then the
        # assertions below say which): how fast the machine saves does not matter.
        ready = threading.Event()

        def post_hands(client: int) -> None:
            i = 0
            while not stop.is_set():
                key = f"c{client}-{i}"
                i += 1
                try:
                    saved = save(key)
                except Exception as exc:  # every way a request to a dead server fails
                    with lock:
                        unanswered.append((key, exc, killing.is_set()))
                    ready.set()
                    continue  # this save was never acknowledged
                if saved:
                    with lock:
                        acknowledged.add(key)
                        if len(acknowledged) >= KILL_AFTER:
                            ready.set()

        threads = [threading.Thread(target=post_hands, args=(c,)) for c in range(CLIENTS)]
        for t in threads:
            t.start()
        # Only a server that answers every save with a refusal would leave this to its guard.
        ready.wait(timeout=600)
        killing.set()
        server.kill()  # mid-stream: the clients are still posting
        stop.set()
        for t in threads:
            t.join(timeout=SAVE_TIMEOUT + 30)  # a killed server fails its requests at once
        assert not any(t.is_alive() for t in threads)
        assert len(acknowledged) >= KILL_AFTER
        # Before the kill every save was answered; the ones after it were not acknowledged.
        before_kill = [(key, repr(exc)) for key, exc, killed in unanswered if not killed]
        assert before_kill == []
        assert not acknowledged & {key for key, _exc, _killed in unanswered}
    finally:
        server.kill()

    server = Server(database, instance).start()
    try:
        status, state = request(server.port, "GET", f"/api/v1/games/{game['id']}")
        assert status == 200
        numbers = {h["number"] for h in state["hands"]}
        assert len(numbers) >= len(acknowledged)
        assert numbers == set(range(1, len(state["hands"]) + 1))
        assert state["totals"] == [len(state["hands"]) * HAND_POINTS, 0]
    finally:
        server.stop()

    with app.app_context():
        stored = dict(db.session.execute(
            select(GameChange.request_key, GameChange.hand).where(GameChange.kind == "add")
        ).all())
        db.session.remove()
        db.drop_all()
        db.engine.dispose()
    assert acknowledged <= set(stored), acknowledged - set(stored)
    assert sorted(stored.values()) == list(range(1, len(stored) + 1))
