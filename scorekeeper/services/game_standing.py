"""Where a game stands in its tournament, if it is played in one: closed by its round,
abandoned, kept on paper, waiting for the bell; and whose desk it answers to. A game's writes
(``services.record``) refuse by it; the pages ask who may change a game from it.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from sqlalchemy import Row, select

from ..engine import N_, EntryErrors, FieldError, HandEnd
from ..extensions import db
from ..models import Game
from ..models.tournaments import Tournament, TournamentRound, TournamentTable
from .authors import BY_DESK
from .clock import BELL, OVER, format_clock, table_clock
from .confirmed import asks_confirmation
from .errors import BellNotRung, GameAbandoned, GameClosed, GameOnPaper


def _tournament_row(
    game: Game,
) -> Row[datetime | None, datetime | None, int | None, list[int] | None, str,
         datetime | None] | None:
    return db.session.execute(
        select(TournamentRound.finished_at, Tournament.finished_at, TournamentTable.abandoned_by,
               TournamentTable.paper_totals, Tournament.tables_start,
               TournamentRound.clock_started_at)
        .join(TournamentTable, TournamentTable.round_id == TournamentRound.id)
        .join(Tournament, Tournament.id == TournamentRound.tournament_id)
        .where(TournamentTable.game_id == game.id)
    ).first()


def abandoned_side(game: Game) -> int | None:
    """The side that abandoned the game, as its tournament desk recorded it (if any)."""
    row = _tournament_row(game)
    return None if row is None else row[2]


def desk_token_hash(game_pk: int) -> str | None:
    """The admin token hash of the tournament the game (by its row id) is played in, if any."""
    return db.session.execute(
        select(Tournament.admin_token_hash)
        .join(TournamentRound, TournamentRound.tournament_id == Tournament.id)
        .join(TournamentTable, TournamentTable.round_id == TournamentRound.id)
        .where(TournamentTable.game_id == game_pk)
    ).scalar_one_or_none()


def check_open(game: Game, by: str) -> None:
    """Refuse a change to a game its tournament closed (:class:`GameClosed`), that a pair
    abandoned (:class:`GameAbandoned`), kept on paper (:class:`GameOnPaper`), or whose bell
    has not rung (:class:`BellNotRung`); the desk changes any."""
    if by == BY_DESK:
        return
    row = _tournament_row(game)
    if row is None:
        return
    if row[0] is not None or row[1] is not None:
        raise GameClosed()
    if row[2] is not None:
        raise GameAbandoned()
    if row[3] is not None:
        raise GameOnPaper()
    if row[4] == BELL and row[5] is None:
        raise BellNotRung()


def desk_result_counts(game: Game) -> None:
    """A finished tournament game the desk has just changed counts as the desk left it: where
    results wait for the other pair's confirmation, the desk's correction is that
    confirmation (its rights are what a confirmation gives; QA, 2026-12-05: a result the desk
    corrected after the round closed waited for the pair again). Not for the empty hand the
    desk's close adds: the totals it settles on are the table's, still the pair's to
    confirm."""
    if not game.finished:
        return
    found = db.session.execute(
        select(TournamentTable, Tournament)
        .join(TournamentRound, TournamentTable.round_id == TournamentRound.id)
        .join(Tournament, TournamentRound.tournament_id == Tournament.id)
        .where(TournamentTable.game_id == game.id)
    ).first()
    if found is None:
        return
    table, tournament = found
    if asks_confirmation(tournament):
        table.confirmed_version = game.version
        table.confirmed_by = BY_DESK


def check_time_up(game_id: int, body: Mapping[str, object], by: str) -> None:
    """Raises :func:`time_not_up`'s refusal, if any."""
    refused = time_not_up(game_id, body, by)
    if refused is not None:
        raise EntryErrors([refused])


def time_not_up(game_id: int, body: Mapping[str, object], by: str) -> FieldError | None:
    """A hand stopped by the clock (002) before the desk's clock is out needs the desk: the
    save refuses it, and the live count says so as soon as the table chooses it."""
    if by == BY_DESK or body.get("end") != HandEnd.TIME_UP.value:
        return None
    info = table_clock(game_id)
    if info is None or info.clock.state == OVER:
        return None
    return FieldError(
        "end", N_("Time is not up: %(left)s left on the desk's clock. A hand stopped by the "
                  "clock is counted when time is up; before that, only the tournament desk "
                  "can enter one."), left=format_clock(info.clock.seconds_left))
