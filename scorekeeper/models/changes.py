"""The record of a game: every change made to it, in order, so it can be read back and undone."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import JSON, Dialect, ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

from .base import Base
from .games import utcnow


class ChangeKind(StrEnum):
    """What a change to a game did: the change log's kinds, as stored and as the API names them
    (declared once here; the log, the changes page and the API's schema read them)."""

    ADD = "add"
    FIX = "fix"
    DELETE = "delete"
    UNDO = "undo"
    REDO = "redo"
    #: The hand the desk's close or the time added, the game settled on its totals.
    SETTLE = "settle"
    ABANDON = "abandon"
    UNABANDON = "unabandon"


class _StoredKind(TypeDecorator[ChangeKind]):
    """A :class:`ChangeKind` kept as its text (the column stays ``VARCHAR(16)``: no migration),
    read back as the kind, so code never compares a kind with a bare string."""

    impl = String(16)
    cache_ok = True

    def process_bind_param(self, value: ChangeKind | str | None, dialect: Dialect) -> str | None:
        # A kind's text is accepted too (a query may name one so), but only a
        # kind's: a typo fails here, not as a row no sentence can read.
        return None if value is None else ChangeKind(value).value

    def process_result_value(self, value: str | None, dialect: Dialect) -> ChangeKind | None:
        return None if value is None else ChangeKind(value)


class GameChange(Base):
    """One change to a game: a hand added, fixed or removed, an undo, a redo, a settlement.

    ``before`` and ``after`` hold the hand as it was and as it became (entry, count and
    totals), so an undo can put it back exactly and a redo can apply it again. ``seq`` numbers
    the changes of one game from 1; ``version`` is the game's version the change left.
    """

    __tablename__ = "game_change"
    __table_args__ = (
        UniqueConstraint("game_id", "seq"),
        Index("ix_game_change_request_key", "game_id", "request_key", unique=True),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    seq: Mapped[int]
    kind: Mapped[ChangeKind] = mapped_column(_StoredKind())
    #: The hand's number (where it stood when the change was made), if a hand was concerned.
    hand: Mapped[int | None]
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    totals_before: Mapped[list[int]] = mapped_column(JSON)
    totals_after: Mapped[list[int]] = mapped_column(JSON)
    #: For ``undo`` and ``redo``: the ``seq`` of the change undone or redone.
    target: Mapped[int | None]
    #: Whether this add, fix or delete is undone now (a redo clears it again).
    undone: Mapped[bool] = mapped_column(default=False)
    #: Who made it: ``scorekeeper`` (the game's own phone), ``editor`` (another scorekeeper, by
    #: the edit link), ``api`` (the edit token as a bearer) or ``desk`` (the tournament desk).
    by: Mapped[str] = mapped_column(String(16))
    #: The request key it came with, as sent (never cut), and a digest of what it asked for:
    #: the same key again with the same request answers this change; with another, 409.
    request_key: Mapped[str | None] = mapped_column(String(128))
    request_digest: Mapped[str | None] = mapped_column(String(64))
    version: Mapped[int]
    at: Mapped[datetime] = mapped_column(default=utcnow)
