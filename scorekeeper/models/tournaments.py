"""Pairs tournaments (002): the pairs, the rounds, and the tables each round seats.

A table's game is an ordinary :class:`~scorekeeper.models.games.Game`; the tournament links to
it through :class:`TournamentTable` and never changes the games' own tables.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, String, UniqueConstraint, false
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .base import Base
from .games import Game, utcnow


class Tournament(Base):
    """A tournament: its rule set (values filled in), clock, target and admin token (hashed).

    ``id`` is a random public handle, so tournaments cannot be listed by counting.
    """

    __tablename__ = "tournament"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    admin_token_hash: Mapped[str] = mapped_column(String(64))
    ruleset_id: Mapped[str] = mapped_column(String(60))
    ruleset_name: Mapped[str] = mapped_column(String(120))
    ruleset_data: Mapped[dict[str, Any]] = mapped_column(JSON)
    rounds_planned: Mapped[int]
    minutes: Mapped[int]
    target: Mapped[int]
    #: Points credited to the opponent of a pair that abandons a game (5,000 in 002).
    abandon_points: Mapped[int]
    #: Goes up with every change the desk makes (``services.desk``): a desk form carries the
    #: version it was shown, and a stale one is refused.
    version: Mapped[int] = mapped_column(default=1, server_default="1")
    #: The table phones warn when this many minutes are left on the clock.
    warn_minutes: Mapped[int] = mapped_column(default=10, server_default="10")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    finished_at: Mapped[datetime | None]
    #: The language its papers are printed in (chosen when it is created).
    language: Mapped[str] = mapped_column(String(8), default="en", server_default="en")
    #: How many places the standings' prize list names.
    prizes: Mapped[int] = mapped_column(default=3, server_default="3")
    #: What ranks the standings: 002's accumulated ``difference``, or ``victory_points``.
    standings_by: Mapped[str] = mapped_column(String(20), default="difference",
                                              server_default="difference")
    #: The victory-point scale (``[[up_to_difference, winner_points], ...]``; ``None``: the
    #: default scale of ``engine.victory``).
    victory_scale: Mapped[list[list[int]] | None] = mapped_column(JSON)
    #: Victory points a pair's bye credits (``None``: ``engine.victory.DEFAULT_BYE``).
    bye_victory_points: Mapped[int | None]
    #: How its games are seated (``engine.movements``): 002's ``rotation``, a ``mitchell``
    #: movement, or ``swiss`` rounds (each game from the standings when the one before closes).
    seating_method: Mapped[str] = mapped_column(String(20), default="rotation",
                                                server_default="rotation")
    #: When its tables may save hands (``services.clock.TABLES_START``): at the ``bell`` (the
    #: desk starts the game's clock, 002; a new tournament's default) or when ``seated`` (clubs
    #: without a clock). Rows made before the setting read ``seated``: they work as they did.
    tables_start: Mapped[str] = mapped_column(String(12), default="bell",
                                              server_default="seated")
    #: When a table's result counts in the standings (``services.confirmations``): once
    #: ``saved`` by its scorer, or once ``confirmed`` by the other pair on its own phone (or
    #: by the desk). Rows made before the setting read ``saved``.
    results_count: Mapped[str] = mapped_column(String(12), default="saved",
                                               server_default="saved")

    pairs: Mapped[list[TournamentPair]] = relationship(
        back_populates="tournament", order_by="TournamentPair.number",
        cascade="all, delete-orphan",
    )
    rounds: Mapped[list[TournamentRound]] = relationship(
        back_populates="tournament", order_by="TournamentRound.number",
        cascade="all, delete-orphan",
    )


class TournamentPair(Base):
    """A pair, numbered from 1 in the order given at set-up (the number seats it)."""

    __tablename__ = "tournament_pair"
    __table_args__ = (UniqueConstraint("tournament_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    # The unique (tournament_id, number) constraint doubles as the index on tournament_id.
    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournament.id", ondelete="CASCADE"))
    number: Mapped[int]
    name: Mapped[str] = mapped_column(String(60))
    players: Mapped[list[str]] = mapped_column(JSON)
    #: The round in which the pair abandoned a game (it is seated no more after it).
    disqualified_round: Mapped[int | None]
    #: A player had to be replaced: the pair scores nothing in the tournament.
    substituted: Mapped[bool] = mapped_column(default=False)
    #: The desk saw the pair arrive (check-in, before game 1; ``services.pairs``).
    checked_in: Mapped[bool] = mapped_column(default=False, server_default=false())
    #: A pair added after game 1 started plays from this game on (``None``: from game 1).
    joined_round: Mapped[int | None]

    tournament: Mapped[Tournament] = relationship(back_populates="pairs")


class TournamentRound(Base):
    """One game of the tournament: when it was seated, its clock, and when it was closed.

    The clock is the desk's (``services.clock``): it has not started while
    ``clock_started_at`` is empty; it runs while ``clock_running_since`` is set; paused, it
    keeps the seconds used in ``clock_used``; ``clock_extra`` holds the seconds the desk added.
    """

    __tablename__ = "tournament_round"
    __table_args__ = (UniqueConstraint("tournament_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    # The unique (tournament_id, number) constraint doubles as the index on tournament_id.
    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournament.id", ondelete="CASCADE"))
    number: Mapped[int]
    started_at: Mapped[datetime] = mapped_column(default=utcnow)
    finished_at: Mapped[datetime | None]
    #: Numbers of the pairs sitting out this round (credited nothing).
    byes: Mapped[list[int]] = mapped_column(JSON, default=list)
    clock_started_at: Mapped[datetime | None]
    clock_running_since: Mapped[datetime | None]
    clock_used: Mapped[int] = mapped_column(default=0, server_default="0")
    clock_extra: Mapped[int] = mapped_column(default=0, server_default="0")

    tournament: Mapped[Tournament] = relationship(back_populates="rounds")
    tables: Mapped[list[TournamentTable]] = relationship(
        back_populates="round", order_by="TournamentTable.number",
        cascade="all, delete-orphan",
    )


class TournamentTable(Base):
    """A table of a round: its two pairs (side 0 and side 1 of the game) and the game.

    The read-only token (the game's public id) is kept here. The edit token is not: like every
    game's, only its hash is stored (``game.edit_token_hash``). The tournament's admin gets a
    table's link in the answer that makes it, and can make a new one (the old one stops
    working); ``link_made_at`` says whether a link has been handed out yet.
    """

    __tablename__ = "tournament_table"
    __table_args__ = (UniqueConstraint("round_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(
        ForeignKey("tournament_round.id", ondelete="CASCADE"), index=True
    )
    number: Mapped[int]
    pair_a_id: Mapped[int] = mapped_column(ForeignKey("tournament_pair.id", ondelete="CASCADE"))
    pair_b_id: Mapped[int] = mapped_column(ForeignKey("tournament_pair.id", ondelete="CASCADE"))
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    view_token: Mapped[str] = mapped_column(String(64))
    #: When the admin was last given this table's edit link (``None``: not yet).
    link_made_at: Mapped[datetime | None]
    #: Side (0 or 1) of the pair that abandoned this game, if one did.
    abandoned_by: Mapped[int | None]
    #: The final totals the desk typed from the table's paper sheet (a table that kept its
    #: score on paper, as 002 prescribes), ``None`` when none were typed.
    paper_totals: Mapped[list[int] | None] = mapped_column(JSON)
    #: Who replaced a player in this game: per side, a name or ``None`` for each of the pair's
    #: two players (``None``: nobody was replaced). Printed on the game's papers.
    substitutes: Mapped[list[list[str | None]] | None] = mapped_column(JSON)
    #: The game's version the other pair (or the desk) confirmed (``services.confirmations``):
    #: the result counts while the game is still at it; a correction raises the version, so
    #: the corrected result waits for a confirmation again.
    confirmed_version: Mapped[int | None]
    #: Who confirmed it: ``opponents`` (on their phone), ``desk`` or ``api``.
    confirmed_by: Mapped[str | None] = mapped_column(String(12))

    round: Mapped[TournamentRound] = relationship(back_populates="tables")
    pair_a: Mapped[TournamentPair] = relationship(foreign_keys=[pair_a_id])
    pair_b: Mapped[TournamentPair] = relationship(foreign_keys=[pair_b_id])
    game: Mapped[Game] = relationship()

    #: The edit token made in this request, to hand out once (never stored; ``None`` otherwise).
    new_edit_token: str | None = None
    # The ORM leaves a plain (not ``Mapped[]``) annotation such as ``new_edit_token``'s alone.
    __allow_unmapped__ = True

    @property
    def pairs(self) -> tuple[TournamentPair, TournamentPair]:
        """The pairs in side order."""
        return (self.pair_a, self.pair_b)
