"""Several processes, each with its own app, add hands to one SQLite file at the same time.

With WAL, the busy timeout and ``BEGIN IMMEDIATE`` writers queue instead of failing with
"database is locked"; each hand gets its own number and none is lost or counted twice.
"""

from __future__ import annotations

import multiprocessing
import os
from pathlib import Path

import pytest
from sqlalchemy import select

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.models import GameChange, Hand

from .helpers import HAND, HAND_POINTS, NEW_GAME, auth

pytestmark = pytest.mark.skipif(
    bool(os.environ.get("TEST_DATABASE_URL")), reason="about SQLite's locking"
)

WORKERS = 4
HANDS_EACH = 12


def _config(path: Path) -> dict[str, object]:
    return {"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"}


def add_hands(path: str, instance: str, game_id: str, token: str, worker: int) -> list[str]:
    """One worker process: add ``HANDS_EACH`` hands; returns what went wrong, if anything."""
    app = create_app(_config(Path(path)), instance_path=instance)
    client = app.test_client()
    problems = []
    for i in range(HANDS_EACH):
        res = client.post(f"/api/v1/games/{game_id}/hands", json=HAND,
                          headers={**auth(token), "Idempotency-Key": f"w{worker}-{i}"})
        if res.status_code != 201:
            problems.append(f"worker {worker} hand {i}: {res.status_code} {res.get_data(True)}")
    with app.app_context():
        db.engine.dispose()
    return problems


def test_parallel_writers_never_lock_or_lose(tmp_path: Path) -> None:
    path = tmp_path / "shared.sqlite"
    instance = str(tmp_path / "instance")
    app = create_app(_config(path), instance_path=instance)
    with app.app_context():
        db.create_all()
    game = app.test_client().post("/api/v1/games", json=NEW_GAME).get_json()

    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(WORKERS) as pool:
        results = pool.starmap(
            add_hands,
            [(str(path), instance, game["id"], game["edit_token"], w) for w in range(WORKERS)],
        )
    assert [p for problems in results for p in problems] == []

    with app.app_context():
        hands = db.session.scalars(select_hands()).all()
        assert len(hands) == WORKERS * HANDS_EACH
        assert sorted(h.number for h in hands) == list(range(1, WORKERS * HANDS_EACH + 1))
        keys = db.session.scalars(select(GameChange.request_key)).all()
        assert sorted(keys) == sorted(
            f"w{w}-{i}" for w in range(WORKERS) for i in range(HANDS_EACH)
        )
        db.engine.dispose()
    state = app.test_client().get(f"/api/v1/games/{game['id']}").get_json()
    assert state["totals"] == [WORKERS * HANDS_EACH * HAND_POINTS, 0]


def select_hands():  # type: ignore[no-untyped-def]
    from sqlalchemy import select

    return select(Hand).order_by(Hand.number)


def test_reading_never_takes_the_write_lock_and_writing_waits_for_it(tmp_path: Path) -> None:
    """A transaction reads without the write lock; its first write takes it (so a worker that
    wrote in between does not make it fail), and ``take_write_lock`` takes it at once."""
    import sqlite3

    from sqlalchemy import text

    from scorekeeper.extensions import take_write_lock

    path = tmp_path / "locks.sqlite"
    app = create_app(_config(path), instance_path=str(tmp_path / "instance"))
    with app.app_context():
        db.create_all()
        db.session.execute(text("CREATE TABLE t (n INTEGER)"))
        db.session.execute(text("INSERT INTO t VALUES (1)"))
        db.session.commit()
        other = sqlite3.connect(path, isolation_level=None, timeout=0.1)
        try:
            assert db.session.execute(text("SELECT n FROM t")).scalar() == 1
            other.execute("BEGIN IMMEDIATE")  # another worker writes meanwhile: not blocked
            other.execute("UPDATE t SET n = 2")
            other.execute("COMMIT")
            db.session.execute(text("UPDATE t SET n = n + 10"))  # no "database is locked"
            db.session.commit()
            assert other.execute("SELECT n FROM t").fetchone() == (12,)

            take_write_lock()
            with pytest.raises(sqlite3.OperationalError, match="locked"):
                other.execute("BEGIN IMMEDIATE")
            db.session.rollback()
            other.execute("BEGIN IMMEDIATE")  # free again once the writer ends
            other.execute("ROLLBACK")
        finally:
            other.close()
            db.engine.dispose()


def test_a_writer_locked_past_the_busy_timeout_is_told_busy_not_a_server_error(
        tmp_path: Path) -> None:
    """A write lock still held by another worker after the busy timeout (a loaded CI run's
    forty tables at once) raised sqlite3's own error past the app's handler: a 500. It is said
    as SQLAlchemy's, so a save answers 503 "busy" with Retry-After and nothing saved."""
    import sqlite3

    from sqlalchemy import text
    from sqlalchemy.exc import OperationalError

    from scorekeeper.extensions import take_write_lock

    path = tmp_path / "busy.sqlite"
    app = create_app(_config(path), instance_path=str(tmp_path / "instance"))
    client = app.test_client()
    with app.app_context():
        db.create_all()
        made = client.post("/api/v1/games", json=NEW_GAME)
        assert made.status_code == 201
        game = made.get_json()
        other = sqlite3.connect(path, isolation_level=None)
        try:
            # A tenth of a second, not the app's 20 s: the lock is held past it.
            db.session.execute(text("PRAGMA busy_timeout=100"))
            assert db.session.execute(text("SELECT 1")).scalar() == 1
            other.execute("BEGIN IMMEDIATE")
            with pytest.raises(OperationalError, match="locked"):
                take_write_lock()
            db.session.rollback()
        finally:
            other.execute("ROLLBACK")
            other.close()
    # Through a save: the same lock held, the app's connections waiting 0.1 s.
    from scorekeeper import extensions

    original = extensions._set_sqlite_pragmas

    def short_wait(dbapi_connection, synchronous):  # type: ignore[no-untyped-def]
        original(dbapi_connection, synchronous)
        dbapi_connection.execute("PRAGMA busy_timeout=100")

    with app.app_context():
        db.engine.dispose()
    extensions._set_sqlite_pragmas = short_wait  # type: ignore[assignment]
    other = sqlite3.connect(path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        res = client.post(f"/api/v1/games/{game['id']}/hands", json=HAND,
                          headers=auth(game["edit_token"]))
        assert res.status_code == 503, res.get_data(as_text=True)
        assert res.headers["Retry-After"]
    finally:
        other.execute("ROLLBACK")
        other.close()
        extensions._set_sqlite_pragmas = original  # type: ignore[assignment]
        with app.app_context():
            db.engine.dispose()
    with app.app_context():
        assert db.session.execute(select(Hand)).first() is None
