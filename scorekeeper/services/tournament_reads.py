"""A tournament as it is found and read: loaded with its pairs, rounds, tables and games;
its round being played, a round, a table or a pair by number; its clock's deadline; its rule
set and victory scale. The other tournament modules build on this one."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from .. import config
from ..engine import (
    RuleSet,
)
from ..engine.victory import (
    VictoryScale,
    read_bye,
    read_scale,
)
from ..extensions import db
from ..models.games import Game, Side
from ..models.tournaments import Tournament, TournamentPair, TournamentRound, TournamentTable
from . import games as games_service
from .clock import clock_of

#: The languages a tournament's papers are printed in.
LANGUAGES = config.LANGUAGES


def victory_scale_of(tournament: Tournament) -> VictoryScale:
    """The tournament's victory-point scale (its own, or the default)."""
    return read_scale(tournament.victory_scale)


def bye_points_of(tournament: Tournament) -> int:
    """The victory points a bye credits in the tournament (its own, or the default)."""
    return read_bye(tournament.bye_victory_points)


def ruleset_of(tournament: Tournament) -> RuleSet:
    """The tournament's rule set, values filled in."""
    return games_service.ruleset_of_row(tournament)


# -- finding -------------------------------------------------------------------------------------


def find_tournament(tournament_id: str, *, full: bool = False,
                    fresh: bool = False) -> Tournament | None:
    """The tournament with its pairs, rounds, tables and the tables' games.

    A fixed number of queries whatever the number of tables (one per relationship level).
    Reading needs no hand: a game's totals and hands played come from the figures each change
    keeps on it (``Game.side_figures``); the desk's dashboard, asked on every save of its
    tables, took 34 ms of CPU loading every hand's totals. ``full`` loads whole hands too, as
    closing a round does (settling a game reads how its last hand ended). ``fresh`` reloads
    rows this session already holds (the desk's write path, after taking the lock).
    """
    if not tournament_id or len(tournament_id) > 24:
        return None
    game_parts = [selectinload(Game.sides).selectinload(Side.players)]
    if full:
        game_parts.append(selectinload(Game.hands))
    stmt = (
        select(Tournament)
        .where(Tournament.id == tournament_id)
        .options(
            selectinload(Tournament.pairs),
            selectinload(Tournament.rounds)
            .selectinload(TournamentRound.tables)
            .selectinload(TournamentTable.game)
            .options(*game_parts),
        )
    )
    if fresh:
        stmt = stmt.execution_options(populate_existing=True)
    return db.session.execute(stmt).scalar_one_or_none()


def is_admin(tournament: Tournament, token: str | None) -> bool:
    """Whether ``token`` is the tournament's admin token."""
    return games_service.token_matches(token, tournament.admin_token_hash)


def current_round(tournament: Tournament) -> TournamentRound | None:
    """The round being played (the last one, while it is open)."""
    if tournament.rounds and tournament.rounds[-1].finished_at is None:
        return tournament.rounds[-1]
    return None


def get_round(tournament: Tournament, number: int) -> TournamentRound | None:
    """Round ``number`` if it has been seated."""
    for rnd in tournament.rounds:
        if rnd.number == number:
            return rnd
    return None


def deadline(tournament: Tournament, rnd: TournamentRound) -> datetime | None:
    """When the round's time is up, while its clock runs (``None`` otherwise)."""
    return clock_of(tournament, rnd).deadline


def seconds_left(tournament: Tournament, rnd: TournamentRound, now: datetime | None = None) -> int:
    """Seconds left on the round's clock (0 once time is up, or once the round is closed)."""
    return clock_of(tournament, rnd, now).seconds_left


def find_table(rnd: TournamentRound, number: int) -> TournamentTable | None:
    """Table ``number`` of the round."""
    for table in rnd.tables:
        if table.number == number:
            return table
    return None


def find_pair(tournament: Tournament, number: int) -> TournamentPair | None:
    """Pair ``number`` (from 1)."""
    for pair in tournament.pairs:
        if pair.number == number:
            return pair
    return None
