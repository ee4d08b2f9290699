"""Tournament table sheets: a table's score sheet as the desk files it (002: one sheet per
table and game, handed to the organization).

The sheet carries the tournament, the table, the game, both pairs by number and name, the
tournament's clock and values, a final-total and difference box and the signatures. A table
kept in the app prints its hands; a table that keeps score on paper gets a blank sheet with all
of that printed (for a game not seated yet too: 002's rotation is known), and the totals the
desk typed from it once they are typed.
"""

from __future__ import annotations

from dataclasses import replace

from sqlalchemy import select

from ..engine import N_
from ..extensions import db
from ..i18n import gettext
from ..models import Game
from ..models.tournaments import Tournament, TournamentPair, TournamentTable
from ..services import pairs as pairs_service
from ..services import record
from ..services import tournaments as tournaments_service
from ..services.clock import format_clock
from . import layout

#: The end of the empty hand the desk's close adds to a game still played with time left.
CLOSED_ROW = N_("Closed by the desk")


def table_of(game: Game) -> TournamentTable | None:
    """The tournament table the game is played at, if it is a tournament game."""
    return db.session.execute(
        select(TournamentTable).where(TournamentTable.game_id == game.id)
    ).scalar_one_or_none()


def head(tournament: Tournament, game: int, table: int,
         pairs: tuple[TournamentPair, TournamentPair],
         seated: TournamentTable | None = None) -> layout.TableHead:
    """The tournament's part of a table's sheet; with the seated table, its result so far."""
    named = tuple(layout.TablePair(p.number, p.name, _players(seated, side, p))
                  for side, p in enumerate(pairs))
    totals = credits = abandoned = ending = time_left = None
    corrected = False
    if seated is not None:
        view = tournaments_service.table_view(tournament, seated)
        if view.finished or view.hands > 0:
            totals = view.totals
        credits, abandoned = view.credits, seated.abandoned_by
        corrected = record.corrected_at_the_desk(seated.game_id)
        ended = tournaments_service.table_ending(tournament, seated)
        ending = ended.how
        if ended.seconds_left is not None:
            time_left = format_clock(ended.seconds_left)
    return layout.TableHead(
        tournament=tournament.name, table=table, game=game,
        games=tournament.rounds_planned, minutes=tournament.minutes,
        pairs=(named[0], named[1]), totals=totals, credits=credits, abandoned=abandoned,
        corrected=corrected, planned=planned(tournament, game), ending=ending,
        time_left=time_left,
    )


def planned(tournament: Tournament, game: int) -> bool:
    """Whether game ``game``'s seating is as planned still: not seated yet, or game 1 not
    begun (pairs may still be added or withdrawn, and it is seated again)."""
    rnd = tournaments_service.get_round(tournament, game)
    if rnd is None:
        return True
    return game == 1 and not pairs_service.started(tournament)


def head_of(table: TournamentTable) -> layout.TableHead:
    """The head of a seated table's sheet."""
    return head(table.round.tournament, table.round.number, table.number, table.pairs, table)


def blank_table_sheet(tournament: Tournament, game: int, table: int,
                      pairs: tuple[TournamentPair, TournamentPair],
                      seated: TournamentTable | None = None) -> layout.Sheet:
    """The sheet of a table that keeps score on paper: blank hands, everything else printed,
    the organizer's values in the reminder."""
    rs = tournaments_service.ruleset_of(tournament)
    fmt = next((f for f in rs.formats if f.players == 4 and f.sides == 2), rs.formats[0])
    sheet = layout.blank_sheet(rs, fmt, hands=layout.TABLE_HANDS)
    sides = tuple(layout.SideInfo(p.name, _players(seated, side, p))
                  for side, p in enumerate(pairs))
    return replace(sheet, sides=sides, target=tournament.target,
                   table=head(tournament, game, table, pairs, seated))


def with_head(sheet: layout.Sheet, table: TournamentTable) -> layout.Sheet:
    """A kept game's sheet with its table's tournament head (and its substitutes' names)."""
    if table.substitutes:
        sheet = replace(sheet, sides=tuple(
            replace(info, players=pairs_service.players_at(table, side, info.players))
            for side, info in enumerate(sheet.sides)))
    top = head_of(table)
    if top.ending == tournaments_service.CLOSED:
        # The empty hand the desk's close added was not time up: say what it was (in the
        # sheet's language: its end is printed as given), with nothing counted on it.
        settle = tournaments_service.table_ending(table.round.tournament, table).settle_hand
        sheet = replace(sheet, rows=tuple(
            replace(row, end=gettext(CLOSED_ROW), details=tuple(() for _ in row.details))
            if row.number == settle else row for row in sheet.rows))
    return replace(sheet, table=top)


def _players(seated: TournamentTable | None, side: int,
             pair: TournamentPair) -> tuple[str, ...]:
    """The pair's players as they sat at ``seated`` (a substitute's name in place of the
    player replaced), or as the pair was entered."""
    if seated is None:
        return tuple(pair.players)
    return pairs_service.players_at(seated, side, pair.players)


#: Most table sheets in one PDF of the night's sheets (a page each): 40 pairs' 3 games are
#: 60; a larger night prints them game by game (each game's PDF has every table's sheets).
MAX_NIGHT_SHEETS = 120


def night_sheets_printable(tournament: Tournament) -> bool:
    """Whether the night's sheets fit in one PDF (:data:`MAX_NIGHT_SHEETS`); the desk's page
    links it only then."""
    count = sum(len(rnd.tables) for rnd in tournament.rounds)
    return 0 < count <= MAX_NIGHT_SHEETS


def kept(table: TournamentTable) -> bool:
    """Whether the table keeps its score in the app (it has hands)."""
    return bool(table.game.hands)


__all__ = ["MAX_NIGHT_SHEETS", "blank_table_sheet", "head", "head_of", "kept",
           "night_sheets_printable", "planned", "table_of", "with_head"]
