"""The record of a tournament desk: every change the desk made, in order."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from .base import Base
from .games import utcnow


class TournamentChange(Base):
    """One desk action: a round closed, a clock started, paused or extended, an abandonment,
    a substitution, one of their undos, new table links.

    ``seq`` numbers the changes of one tournament from 1; ``version`` is the tournament's
    version the change left. ``request_key`` and ``request_digest`` make a repeated request
    answer the change it made (the same key with another request is refused).
    """

    __tablename__ = "tournament_change"
    __table_args__ = (
        UniqueConstraint("tournament_id", "seq"),
        Index("ix_tournament_change_request_key", "tournament_id", "request_key", unique=True),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("tournament.id", ondelete="CASCADE")
    )
    seq: Mapped[int]
    #: ``finish``, ``clock_start``, ``clock_pause``, ``clock_extend``, ``abandon``,
    #: ``unabandon``, ``substitute``, ``unsubstitute``, ``links``, ``link`` or ``card`` (a
    #: table's card replaced, ``services.table_cards``).
    kind: Mapped[str] = mapped_column(String(16))
    #: The round (game number), pair and table the change concerned, when it did.
    round: Mapped[int | None]
    pair: Mapped[int | None]
    table: Mapped[int | None]
    #: What else the change needs to be read back (minutes added, seconds left...).
    detail: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    #: ``desk`` (the control pages) or ``api`` (the admin token as a bearer).
    by: Mapped[str] = mapped_column(String(16))
    request_key: Mapped[str | None] = mapped_column(String(128))
    request_digest: Mapped[str | None] = mapped_column(String(64))
    version: Mapped[int]
    at: Mapped[datetime] = mapped_column(default=utcnow)
