"""Flask extensions, created unbound here and bound to the app in ``create_app``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from weakref import WeakKeyDictionary

from flask import current_app, has_app_context
from flask_babel import Babel
from flask_htmx import HTMX
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from sqlalchemy import event
from sqlalchemy.engine import Engine

from .config import sqlite_synchronous
from .models.base import Base

db = SQLAlchemy(model_class=Base)
migrate = Migrate(render_as_batch=True, compare_type=True)
csrf = CSRFProtect()
htmx = HTMX()
babel = Babel()


#: Methods that only read: their transactions start deferred so readers never queue behind
#: one another; every other transaction takes the write lock up front (``BEGIN IMMEDIATE``).
READ_ONLY_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
#: POST endpoints that store nothing (counting previews): deferred too, so two phones typing
#: at once do not take turns.
READ_ONLY_ENDPOINTS = frozenset({"games.preview_hand", "api.score"})


def _set_sqlite_pragmas(dbapi_connection: Any, synchronous: str) -> None:
    """Make SQLite fit for a small web app: WAL, wait on locks, enforce foreign keys.

    ``synchronous`` (``SQLITE_SYNCHRONOUS``, see :func:`scorekeeper.config.sqlite_synchronous`)
    trades durability for speed. ``NORMAL`` in WAL mode: a commit is written to the WAL but not
    fsynced, so an acknowledged hand survives a crash or ``kill -9`` of the server (the
    operating system still has the write) but maybe not a power cut. ``FULL`` fsyncs the WAL at
    every commit and survives both; it costs one fsync per save (about 11 ms of a 15 ms save on
    the benchmark's disk).
    """
    # pysqlite opens its own transactions lazily and never as IMMEDIATE; switch that off so
    # the ``begin`` listener below decides how each transaction starts.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA busy_timeout=20000")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA synchronous={synchronous}")
    finally:
        cursor.close()


#: The pragma listener attached to each engine (one per engine, whatever calls configure).
_PRAGMA_LISTENERS: WeakKeyDictionary[Engine, Callable[[Any, Any], None]] = WeakKeyDictionary()


def _begin_sqlite(conn: Any) -> None:
    """Start a SQLite transaction: ``IMMEDIATE`` unless the request only reads.

    A deferred transaction that reads and then writes can fail at once with "database is
    locked" when another worker wrote in between (the busy timeout cannot help an upgrade
    from a read lock). Taking the write lock at ``BEGIN`` makes writers wait their turn.
    """
    from flask import g, has_request_context, request

    if has_request_context() and (
        request.method in READ_ONLY_METHODS or request.endpoint in READ_ONLY_ENDPOINTS
        or g.get("sqlite_read_only")
    ):
        conn.exec_driver_sql("BEGIN")
    else:
        conn.exec_driver_sql("BEGIN IMMEDIATE")


@contextmanager
def read_only_transaction() -> Iterator[None]:
    """Read in a transaction of its own that takes no write lock, then end it (roll back).

    For a writing request's preparations (finding the game, checking the token, counting the
    hand) before its write transaction: on SQLite, writers take turns from ``BEGIN IMMEDIATE``
    to ``COMMIT``, so what is done before that does not hold up the other workers. Use Core
    reads inside (ORM objects loaded here are expired when it ends).
    """
    from flask import g

    db.session.rollback()
    g.sqlite_read_only = True
    try:
        yield
    finally:
        g.sqlite_read_only = False
        db.session.rollback()


def configure_sqlite(engine: Engine, synchronous: str | None = None) -> None:
    """Attach the pragma and transaction listeners to ``engine`` when it is a SQLite engine.

    ``synchronous`` defaults to the app's ``SQLITE_SYNCHRONOUS`` setting when called in an app
    context, else to the environment's (NORMAL when unset).
    """
    if engine.dialect.name != "sqlite":
        return
    if synchronous is None and has_app_context():
        synchronous = current_app.config.get("SQLITE_SYNCHRONOUS")
    mode = sqlite_synchronous(synchronous)
    old = _PRAGMA_LISTENERS.get(engine)
    if old is not None and event.contains(engine, "connect", old):
        event.remove(engine, "connect", old)

    def set_pragmas(dbapi_connection: Any, connection_record: Any) -> None:
        _set_sqlite_pragmas(dbapi_connection, mode)

    _PRAGMA_LISTENERS[engine] = set_pragmas
    event.listen(engine, "connect", set_pragmas)
    if not event.contains(engine, "begin", _begin_sqlite):
        event.listen(engine, "begin", _begin_sqlite)
