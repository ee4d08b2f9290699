"""Kept games: house rules, games with their sides and players, and the hands counted."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .base import Base


def utcnow() -> datetime:
    """Now, in UTC, without tzinfo (stored the same on SQLite and PostgreSQL)."""
    return datetime.now(UTC).replace(tzinfo=None)


class HouseRules(Base):
    """A table's own rule set: a preset cloned and changed. Games copy it when they start.

    Anyone may read them or start a game with them by id; changing or deleting them needs the
    edit token, stored hashed like a game's.
    """

    __tablename__ = "house_rules"

    id: Mapped[str] = mapped_column(String(60), primary_key=True)
    #: The default is a hash no token has: rows written without one (a backup from before
    #: house rules had owners) can be read and used, and changed only after ``flask
    #: house-rules-link`` gives them a new edit link.
    edit_token_hash: Mapped[str] = mapped_column(
        String(64), unique=True, default=lambda: secrets.token_hex(32)
    )
    name: Mapped[str] = mapped_column(String(120))
    based_on: Mapped[str] = mapped_column(String(60))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


class Game(Base):
    """A game kept on the app, from the first deal to the winner.

    The public handle is the read-only token (its hash is stored); the edit token, also stored
    hashed, grants the right to count hands. ``version`` goes up with every change, so stale
    writes can be refused and a printed sheet can be cached per version.
    """

    __tablename__ = "game"

    id: Mapped[int] = mapped_column(primary_key=True)
    view_token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    edit_token_hash: Mapped[str] = mapped_column(String(64))
    ruleset_id: Mapped[str] = mapped_column(String(60))
    ruleset_name: Mapped[str] = mapped_column(String(120))
    #: The rule set as it was when the game started: editing house rules never rewrites games.
    ruleset_data: Mapped[dict[str, Any]] = mapped_column(JSON)
    format_id: Mapped[str] = mapped_column(String(20))
    target: Mapped[int]
    #: Seat that deals the first hand (seats alternate between sides, see ``services.games``).
    first_dealer: Mapped[int] = mapped_column(default=0)
    language: Mapped[str] = mapped_column(String(5), default="en")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
    finished_at: Mapped[datetime | None]
    winner: Mapped[int | None]
    drawn: Mapped[bool] = mapped_column(default=False)
    version: Mapped[int] = mapped_column(default=1)
    #: Each side's figures over the game's hands, kept as the game changes (statistics read
    #: these, not every hand): ``[{"hands", "points", "best", "canastas"}, ...]``.
    side_figures: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON)
    #: Each side's total carried over from a paper sheet when a game is resumed (``None`` for
    #: a game counted here from the first hand). Not a hand: undo never takes it away.
    starting_totals: Mapped[list[int] | None] = mapped_column(JSON)

    # Every UPDATE of the row says which version it replaces (``WHERE version = …``): a writer
    # that changed the game from a copy read before another's change fails loudly
    # (``StaleDataError``, answered 409) instead of storing a winner its hands do not give.
    # The operations raise the version themselves, once per change (``services.record``).
    __mapper_args__ = {"version_id_col": version, "version_id_generator": False}

    sides: Mapped[list[Side]] = relationship(
        back_populates="game", order_by="Side.position", cascade="all, delete-orphan"
    )
    hands: Mapped[list[Hand]] = relationship(
        back_populates="game", order_by="Hand.number", cascade="all, delete-orphan"
    )

    @property
    def finished(self) -> bool:
        """Whether the game is over."""
        return self.finished_at is not None


class _Named:
    """A named row in its parent's ordered list (a game's sides, a side's players): each class
    adds the key to its parent and makes (that key, position) unique."""

    id: Mapped[int] = mapped_column(primary_key=True)
    position: Mapped[int]
    name: Mapped[str] = mapped_column(String(60))


class Side(_Named, Base):
    """A side of a game: a pair, a team or a single player."""

    __tablename__ = "side"
    __table_args__ = (UniqueConstraint("game_id", "position"),)

    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    game: Mapped[Game] = relationship(back_populates="sides")
    players: Mapped[list[Player]] = relationship(
        back_populates="side", order_by="Player.position", cascade="all, delete-orphan"
    )


class Player(_Named, Base):
    """A person playing on a side."""

    __tablename__ = "player"
    __table_args__ = (UniqueConstraint("side_id", "position"),)

    side_id: Mapped[int] = mapped_column(ForeignKey("side.id", ondelete="CASCADE"))
    side: Mapped[Side] = relationship(back_populates="players")


class Hand(Base):
    """One counted hand: the entry as the table gave it and the count it made.

    ``entry`` is the engine's entry as plain data; ``result`` holds each side's lines (label
    templates and parameters, translated when shown) and ``totals`` each side's points.
    """

    __tablename__ = "hand"
    __table_args__ = (
        UniqueConstraint("game_id", "number"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    number: Mapped[int]
    entry: Mapped[dict[str, Any]] = mapped_column(JSON)
    result: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    totals: Mapped[list[int]] = mapped_column(JSON)
    #: The game's version when this hand was last written: no two hands of a game share one,
    #: so a version sent back by a form or an ``If-Match`` names one hand in one state.
    version: Mapped[int] = mapped_column(default=1)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)

    game: Mapped[Game] = relationship(back_populates="hands")
