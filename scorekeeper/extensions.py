"""Flask extensions, created unbound here and bound to the app in ``create_app``."""

from __future__ import annotations

from typing import Any

from flask_babel import Babel
from flask_htmx import HTMX
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from sqlalchemy import event
from sqlalchemy.engine import Engine

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
#: at once do not take turns. Mark more with :func:`read_only_endpoint`.
READ_ONLY_ENDPOINTS: set[str] = {"games.preview_hand", "api.score"}


def read_only_endpoint(endpoint: str) -> str:
    """Declare that ``endpoint`` never writes, whatever its method (returns it unchanged)."""
    READ_ONLY_ENDPOINTS.add(endpoint)
    return endpoint


def _set_sqlite_pragmas(dbapi_connection: Any, connection_record: Any) -> None:
    """Make SQLite fit for a small web app: WAL, wait on locks, enforce foreign keys.

    ``synchronous=FULL`` fsyncs the WAL at every commit: a hand the server has acknowledged
    survives a ``kill -9`` of the server and a power cut alike (``NORMAL`` in WAL mode only
    survives the former). A commit costs one fsync, which a scorekeeper can afford.
    """
    # pysqlite opens its own transactions lazily and never as IMMEDIATE; switch that off so
    # the ``begin`` listener below decides how each transaction starts.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA busy_timeout=20000")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA synchronous=FULL")
    finally:
        cursor.close()


def _begin_sqlite(conn: Any) -> None:
    """Start a SQLite transaction: ``IMMEDIATE`` unless the request only reads.

    A deferred transaction that reads and then writes can fail at once with "database is
    locked" when another worker wrote in between (the busy timeout cannot help an upgrade
    from a read lock). Taking the write lock at ``BEGIN`` makes writers wait their turn.
    """
    from flask import has_request_context, request

    if has_request_context() and (
        request.method in READ_ONLY_METHODS or request.endpoint in READ_ONLY_ENDPOINTS
    ):
        conn.exec_driver_sql("BEGIN")
    else:
        conn.exec_driver_sql("BEGIN IMMEDIATE")


def configure_sqlite(engine: Engine) -> None:
    """Attach the pragma and transaction listeners to ``engine`` when it is a SQLite engine."""
    if engine.dialect.name != "sqlite":
        return
    if not event.contains(engine, "connect", _set_sqlite_pragmas):
        event.listen(engine, "connect", _set_sqlite_pragmas)
    if not event.contains(engine, "begin", _begin_sqlite):
        event.listen(engine, "begin", _begin_sqlite)
