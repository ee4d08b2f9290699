"""``kill -9`` the server in the middle of saves: every hand it acknowledged is still there.

SQLite runs in WAL mode with ``synchronous=NORMAL`` (the default): a commit returns once the WAL
is written to the operating system, and the 201 is sent after the commit, so an acknowledged hand
survives the death of the server process (only a power cut could lose it; ``FULL`` covers that).
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from scorekeeper import create_app
from scorekeeper.extensions import db

from .helpers import HAND, HAND_POINTS, NEW_GAME, auth
from .server import Server, request

pytestmark = pytest.mark.skipif(
    bool(os.environ.get("TEST_DATABASE_URL")), reason="runs the server on a SQLite file"
)

CLIENTS = 4
KILL_AFTER = 20  # acknowledged hands


def test_kill_9_loses_no_acknowledged_hand(tmp_path: Path) -> None:
    database = tmp_path / "live.sqlite"
    instance = tmp_path / "instance"
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}", "SECRET_KEY": "t"},
                     instance_path=str(instance))
    with app.app_context():
        db.create_all()
        db.engine.dispose()

    server = Server(database, instance).start()
    try:
        status, game = request(server.port, "POST", "/api/v1/games", NEW_GAME)
        assert status == 201
        path = f"/api/v1/games/{game['id']}/hands"
        acknowledged: dict[str, int] = {}  # idempotency key -> hand number
        lock = threading.Lock()
        stop = threading.Event()

        def post_hands(client: int) -> None:
            i = 0
            while not stop.is_set():
                key = f"c{client}-{i}"
                i += 1
                try:
                    status, body = request(server.port, "POST", path, HAND,
                                           {**auth(game["edit_token"]), "Idempotency-Key": key})
                except (OSError, ValueError):
                    continue  # the server is gone: this save was never acknowledged
                if status == 201:
                    with lock:
                        acknowledged[key] = body["number"]

        threads = [threading.Thread(target=post_hands, args=(c,)) for c in range(CLIENTS)]
        for t in threads:
            t.start()
        deadline = time.monotonic() + 60
        while len(acknowledged) < KILL_AFTER and time.monotonic() < deadline:
            time.sleep(0.005)
        server.kill()  # mid-stream: the clients are still posting
        stop.set()
        for t in threads:
            t.join(timeout=10)
        assert len(acknowledged) >= KILL_AFTER
    finally:
        server.kill()

    server = Server(database, instance).start()
    try:
        status, state = request(server.port, "GET", f"/api/v1/games/{game['id']}")
        assert status == 200
        numbers = {h["number"] for h in state["hands"]}
        assert set(acknowledged.values()) <= numbers
        assert numbers == set(range(1, len(state["hands"]) + 1))
        assert state["totals"] == [len(state["hands"]) * HAND_POINTS, 0]
    finally:
        server.stop()

    with sqlite3.connect(database) as conn:
        stored = dict(conn.execute(
            "SELECT request_key, hand FROM game_change WHERE kind = 'add'").fetchall())
    for key, number in acknowledged.items():
        assert stored.get(key) == number, key
