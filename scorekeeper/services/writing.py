"""The one write sequence every change takes, a game's (``services.record``) and a tournament
desk's (``services.desk``) alike. :func:`write` runs it:

1. the request key is checked (too long or unstorable: refused before anything is read);
2. the owner's row is locked by its id and loaded fresh (``SELECT … FOR UPDATE`` on PostgreSQL;
   on SQLite the write lock, ``BEGIN IMMEDIATE``, see ``extensions.take_write_lock``);
3. a repeated request key answers the change it made (another request under it is refused);
4. the owner's own checks (a tournament's game closed, its bell not rung) and the operation's;
5. the version the writer saw (a stale one is the owner's conflict error);
6. the further rows the operation changes (a desk's games) are locked, by row id in one order,
   after their owner's: no two writers ever wait on each other;
7. the operation's act: a function of the locked rows that changes them and returns its log
   entry;
8. the change log's row, written by the owner's :class:`Ledger` from that entry, with who
   made the change, the request key and what it asked; the answer is built from it.

An operation is therefore its act alone, given to :func:`write` with its ledger. Operations
flush and never commit: the request commits once, at its end (``create_app``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from sqlalchemy import ColumnElement, Select, func, select
from sqlalchemy.orm import InstrumentedAttribute, selectinload

from ..extensions import db, take_write_lock
from ..models import Game, Side
from ..models.base import Base
from .authors import BY_API as BY_API  # re-exported: who made a change
from .authors import BY_DESK as BY_DESK
from .authors import BY_EDITOR as BY_EDITOR
from .authors import BY_SCOREKEEPER as BY_SCOREKEEPER
from .errors import MAX_REQUEST_KEY as MAX_REQUEST_KEY
from .errors import GameNotFound, KeyTooLong
from .game_reads import hash_token
from .text import is_storable

T = TypeVar("T")
#: The type of a change log owner's id (a game's row id, a tournament's id).
K = TypeVar("K", int, str)
#: The id an operation names its owner by, the owner's row as locked, the log entry its act
#: returns, and the answer its ledger builds.
I = TypeVar("I", contravariant=True)  # noqa: E741 - the ids' type beside its row's
R = TypeVar("R")
E = TypeVar("E")
A = TypeVar("A")


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


# -- games' rows, locked by id -------------------------------------------------------------------


def lock_game(game: str | int) -> Game:
    """The game, locked for this transaction and loaded fresh (sides, players, hands): by its
    public id (``str``) or its row id (``int``, how the desk reaches its tables' games).

    Raises :class:`GameNotFound`.
    """
    if isinstance(game, int):
        return _lock_game_where(Game.id == game, str(game))
    if not game or len(game) > 100:
        raise GameNotFound(game)
    return _lock_game_where(Game.view_token_hash == hash_token(game), game)


def _lock_game_where(condition: ColumnElement[bool], name: str) -> Game:
    stmt = locked(
        select(Game)
        .where(condition)
        .options(selectinload(Game.sides).selectinload(Side.players), selectinload(Game.hands))
        .execution_options(populate_existing=True),
        Game,
    )
    found = db.session.execute(stmt).scalar_one_or_none()
    if found is None:
        raise GameNotFound(name)
    return found


def lock_games(ids: Iterable[int]) -> dict[int, Game]:
    """Games by row id, each locked and loaded fresh, in the order of their row ids (the one
    order every writer takes them in, after their tournament's)."""
    return {pk: lock_game(pk) for pk in sorted(set(ids))}


# -- the sequence --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Writing(Generic[R]):
    """An operation under way, as its act receives it: the owner's row, locked and fresh,
    the further games locked for it (by row id), and what its log row keeps."""

    row: R
    by: str
    kind: str
    key: str | None
    digest: str
    games: dict[int, Game] = field(default_factory=dict)


class Ledger(Generic[I, R, E, A]):
    """How one kind of owner (a game, a tournament) is written: its lock, its log, its
    checks. Subclasses say each; :func:`write` runs them in the one order."""

    #: The refusal of a request key too long to keep.
    too_long: type[KeyTooLong] = KeyTooLong

    def lock(self, ident: I) -> R:
        """The owner's row, locked for this transaction and loaded fresh."""
        raise NotImplementedError

    def repeated(self, row: R, key: str, digest: str) -> A | None:
        """The answer of the change logged under ``key``, if one was (``KeyReused`` when it
        asked something else); ``None`` when the key is new."""
        raise NotImplementedError

    def check(self, row: R, by: str) -> None:
        """What the owner refuses whatever the operation (nothing, unless said)."""

    def check_version(self, row: R, expected: int) -> None:
        """Refuse (the owner's conflict error) when ``expected`` is not the row's version."""
        raise NotImplementedError

    def log(self, writing: Writing[R], entry: E) -> A:
        """Log the change the act made (its ``entry``) and answer it."""
        raise NotImplementedError


def write(ledger: Ledger[I, R, E, A], ident: I, kind: str, asked: object,
          act: Callable[[Writing[R]], E], *, by: str, request_key: str | None = None,
          expected_version: int | None = None,
          checks: Iterable[Callable[[R], None]] = (),
          version: Callable[[R, int], None] | None = None,
          games: Callable[[R], Iterable[int]] | None = None,
          checked: bool = True) -> A:
    """One write, in the one order (see the module's doc): ``act`` changes the locked rows
    and returns the log entry ``ledger`` logs and answers.

    ``kind`` and ``asked`` are what the request key is kept with (a key repeated with another
    ``asked`` is refused). ``checks`` refuse before the version is compared, after the
    ledger's own (``checked=False``: neither is run, for the desk's own notes on a game);
    ``version`` replaces the ledger's comparison with ``expected_version`` (a hand's version,
    not its game's); ``games`` names the games (by row id) locked after the version check.
    """
    key = check_key(request_key, ledger.too_long)
    row = ledger.lock(ident)
    asked_digest = digest(kind, asked)
    if key is not None:
        earlier = ledger.repeated(row, key, asked_digest)
        if earlier is not None:
            return earlier
    if checked:
        ledger.check(row, by)
        for check in checks:
            check(row)
    if expected_version is not None:
        (version or ledger.check_version)(row, expected_version)
    held = lock_games(games(row)) if games is not None else {}
    writing = Writing(row, by, kind, key, asked_digest, held)
    return ledger.log(writing, act(writing))
