"""What every write operation shares, a game's (``services.record``) and a tournament desk's
(``services.desk``) alike: who made the change, the request key and what it asked, the row
lock taken before anything is read, and the next number in a change log.

Locks are always taken in one order: a tournament before its games, games by row id, so no
two writers ever wait on each other.
"""

from __future__ import annotations

import hashlib
import json
from typing import TypeVar

from sqlalchemy import Select, func, select
from sqlalchemy.orm import InstrumentedAttribute

from ..extensions import db, take_write_lock
from ..models.base import Base
from .errors import MAX_REQUEST_KEY as MAX_REQUEST_KEY
from .errors import KeyTooLong
from .text import is_storable

#: Who made a change (``GameChange.by``, ``TournamentChange.by``).
BY_SCOREKEEPER, BY_EDITOR, BY_API, BY_DESK = "scorekeeper", "editor", "api", "desk"

T = TypeVar("T")
#: The type of a change log owner's id (a game's row id, a tournament's id).
K = TypeVar("K", int, str)


def check_key(key: str | None, refused: type[KeyTooLong] = KeyTooLong) -> str | None:
    """The request key as it will be kept; raises ``refused`` (a :class:`KeyTooLong`)."""
    if key is None or key == "":
        return None
    # A key that cannot be stored (NUL, a lone surrogate: only a tampered form sends one) is
    # refused like one too long to keep, before it reaches the database.
    if len(key) > MAX_REQUEST_KEY or not is_storable(key):
        raise refused(key)
    return key


def digest(kind: str, asked: object) -> str:
    """What a request asked, as kept beside its key: the same key asking something else is
    refused (``KeyReused``) instead of answering the earlier change."""
    text = json.dumps([kind, asked], sort_keys=True, default=str, ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


def locked(stmt: Select[T], *of: type[Base]) -> Select[T]:
    """``stmt`` reading the rows it names under this transaction's write lock: on PostgreSQL
    ``SELECT … FOR UPDATE`` (of the tables ``of``, else all it reads); on SQLite the database's
    write lock, taken now (``BEGIN IMMEDIATE``, see ``extensions.take_write_lock``)."""
    take_write_lock()
    if db.session.get_bind().dialect.name == "sqlite":
        return stmt
    return stmt.with_for_update(of=list(of) or None)


def next_seq(seq: InstrumentedAttribute[int], owner: InstrumentedAttribute[K],
             owner_id: K) -> int:
    """The number the next entry of ``owner_id``'s change log takes (under its owner's lock)."""
    last = db.session.execute(select(func.max(seq)).where(owner == owner_id)).scalar()
    return int(last or 0) + 1
