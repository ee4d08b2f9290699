"""Flask extensions, created unbound here and bound to the app in ``create_app``."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
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
from sqlalchemy.exc import OperationalError

from .config import sqlite_synchronous
from .models.base import Base

db = SQLAlchemy(model_class=Base)
migrate = Migrate(render_as_batch=True, compare_type=True)
csrf = CSRFProtect()
htmx = HTMX()
babel = Babel()


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
    """Start a SQLite transaction deferred: readers never queue behind one another."""
    conn.exec_driver_sql("BEGIN")
    conn.info["sqlite_writer"] = False


#: Statements that only read: any other one is a write and takes the write lock first.
_READS = ("SELECT", "PRAGMA", "BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE")


def _become_writer(info: dict[str, Any], dbapi_connection: Any) -> None:
    """Turn a deferred transaction that has only read into one holding the write lock.

    A deferred transaction that reads and then writes fails at once with "database is locked"
    when another worker wrote in between (the busy timeout cannot help a read snapshot that
    went stale). So the read snapshot is ended (it wrote nothing, nothing is lost) and the
    transaction begins again ``IMMEDIATE``, waiting its turn. What was read before is then as
    PostgreSQL's read-committed transactions see it; an operation that must see the latest
    state under the lock reads after :func:`take_write_lock` (``services.record.lock``).
    """
    if info.get("sqlite_writer", True) or not dbapi_connection.in_transaction:
        return
    dbapi_connection.execute("ROLLBACK")
    try:
        dbapi_connection.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as exc:
        # Still locked after the busy timeout (a machine far busier than a club's): said as
        # SQLAlchemy says it, so the app's one handler answers 503 and the phone tries again.
        # Raw, it escaped that handler as a 500 (a loaded CI run's forty tables at once).
        raise OperationalError("BEGIN IMMEDIATE", None, exc) from exc
    info["sqlite_writer"] = True


def _before_sqlite_statement(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
    if not statement.lstrip().upper().startswith(_READS):
        _become_writer(conn.info, cursor.connection)


def take_write_lock() -> None:
    """Make this session's transaction a writer's now: on SQLite, ``BEGIN IMMEDIATE`` (a
    transaction that has only read begins again); on PostgreSQL nothing (the caller locks
    rows with ``SELECT … FOR UPDATE``). Writers then take turns until they commit."""
    conn = db.session.connection()
    if conn.dialect.name == "sqlite":
        _become_writer(conn.info, conn.connection.dbapi_connection)


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
        event.listen(engine, "before_cursor_execute", _before_sqlite_statement)
