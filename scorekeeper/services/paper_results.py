"""Tables that keep score on paper (002: three sheets per table, handed to the organization).

The desk types a table's final totals from its paper sheet; the tournament credits them per 002
like a counted game (the winner the difference, the loser minus it; level totals draw). The
operation takes the tournament and its round as loaded data, changes rows and flushes; the
caller commits (or wraps it in a locked write).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import N_, EntryErrors, FieldError
from ..engine.numbers import whole
from ..engine.ranking import game_credits
from ..extensions import db
from ..models.tournaments import Tournament, TournamentRound
from . import record
from .bodies import Body, Field, Kind
from .clock import waits_for_bell
from .errors import TableNotFound
from .tournaments import RoundClosed, find_table

#: A paper total beyond this is a typing mistake (a game to 15,000 ends far below it).
MAX_TOTAL = 100_000


class NoSuchTable(TableNotFound):
    """The round has no table of that number."""


@dataclass(frozen=True)
class PaperResult:
    """A table's result as typed from its paper sheet, and what it credits each pair."""

    round: int
    table: int
    pairs: tuple[int, int]
    totals: tuple[int, int]
    credits: tuple[int, int]


#: What typing a table's paper result reads (the API's body).
PAPER_RESULT = Body((Field(
    "totals", Kind.LIST, N_("Give the two pairs' final totals."), count=2,
    items=Field("", Kind.WHOLE, N_("A whole number from %(low)d to %(high)d."),
                low=-MAX_TOTAL, high=MAX_TOTAL),
    description="The final totals of the pairs at side 1 and side 2"),),
    examples=({"totals": [8450, 6120]},))


def read_totals(raw: object, field: str = "totals", *, text: bool = False) -> tuple[int, int]:
    """Two whole numbers (with ``text``, digits as text too, thousands grouped or not, as a form
    sends them), each within ±:data:`MAX_TOTAL`, as :data:`PAPER_RESULT` reads them; raises
    :class:`EntryErrors` naming ``field`` (``field[i]`` for one)."""
    if text and isinstance(raw, Sequence) and not isinstance(raw, str):
        raw = [whole(v.strip().replace(".", "").replace(",", "")) if isinstance(v, str) else v
               for v in raw]
    first, second = PAPER_RESULT.field("totals").take(raw, field)
    return (first, second)


def record_paper_result(tournament: Tournament, rnd: TournamentRound, table_number: int,
                        totals: object, *, text: bool = False) -> PaperResult:
    """Record table ``table_number``'s final totals from its paper sheet (again: replaced).

    Raises :class:`RoundClosed` once the round is closed (but for a correction of the
    table's own paper result: the desk's), :class:`NoSuchTable`, and
    :class:`EntryErrors` for totals that are not two whole numbers, for a table whose game
    is kept in the app (it has hands), for a game a pair abandoned and for a game not started
    yet (the tournament waits for the bell and the desk has not started the clock).
    """
    if tournament.finished_at is not None:
        raise RoundClosed(rnd.number)
    table = find_table(rnd, table_number)
    if table is None:
        raise NoSuchTable(table_number)
    # Once its round is closed, a result typed from the paper sheet is still the desk's to
    # correct (issue 43: the correction was refused as "That round is already closed"); a
    # table that kept its score in the app is corrected by its hands (the game's page, the
    # hands API), and one closed with no result keeps the close's.
    if rnd.finished_at is not None and table.paper_totals is None:
        raise RoundClosed(rnd.number)
    if waits_for_bell(tournament, rnd):
        raise EntryErrors([FieldError("totals", N_(
            "Play has not started: it starts when the desk starts the game's clock. Start "
            "the clock before typing a result."))])
    pair_totals = read_totals(totals, text=text)
    if table.abandoned_by is not None:
        raise EntryErrors([FieldError("totals", N_(
            "A pair abandoned this game: the abandonment decides it."))])
    # Under the game's lock (after the tournament's): a hand its table saves meanwhile is
    # either seen here or refused, never stored beside a paper result.
    game = record.lock_row(table.game_id)
    if game.hands:
        raise EntryErrors([FieldError("totals", N_(
            "This table keeps its score in the app: its hands decide its result."))])
    table.paper_totals = list(pair_totals)
    db.session.flush()
    credits = game_credits(pair_totals, finished=True, abandoned_by=None,
                           abandon_points=tournament.abandon_points)
    assert credits is not None
    return PaperResult(rnd.number, table.number, (table.pair_a.number, table.pair_b.number),
                       pair_totals, credits)
