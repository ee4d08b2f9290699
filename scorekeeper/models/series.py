"""A club's season: tournament nights grouped in a series, ranked together
(``services.season``).

A night stays an ordinary :class:`~scorekeeper.models.tournaments.Tournament`; the series only
names it. Pairs are per tournament, so the series keeps no pairs of its own: who is the same
pair across nights is worked out from the players' names when the standings are read.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .base import Base
from .games import utcnow
from .tournaments import Tournament


class Series(Base):
    """A series of nights: its name, how it ranks, how many nights count, its desk token
    (hashed, as a tournament's admin token).

    ``id`` is a random public handle (its standings page's link), so series cannot be listed
    by counting.
    """

    __tablename__ = "series"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    admin_token_hash: Mapped[str] = mapped_column(String(64))
    #: ``difference`` or ``victory_points``; ``None``: what its nights rank by.
    ranks_by: Mapped[str | None] = mapped_column(String(20))
    #: A pair's best this many nights count (``None``: every night).
    best_of: Mapped[int | None]
    #: Goes up with every change (a night added or removed, a setting changed).
    version: Mapped[int] = mapped_column(default=1)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    nights: Mapped[list[SeriesNight]] = relationship(
        back_populates="series", order_by="SeriesNight.id", cascade="all, delete-orphan",
    )


class SeriesNight(Base):
    """A tournament night of a series (a tournament is in a series at most once)."""

    __tablename__ = "series_night"
    __table_args__ = (UniqueConstraint("series_id", "tournament_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    # The unique (series_id, tournament_id) constraint doubles as the index on series_id.
    series_id: Mapped[str] = mapped_column(ForeignKey("series.id", ondelete="CASCADE"))
    tournament_id: Mapped[str] = mapped_column(
        ForeignKey("tournament.id", ondelete="CASCADE"), index=True)
    added_at: Mapped[datetime] = mapped_column(default=utcnow)

    series: Mapped[Series] = relationship(back_populates="nights")
    tournament: Mapped[Tournament] = relationship()
