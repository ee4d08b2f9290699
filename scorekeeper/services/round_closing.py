"""Closing a tournament's round, the desk's write on its games: what closing would do (the
desk confirms first), then its unfinished games settled at time and the next game seated."""

from __future__ import annotations

from dataclasses import dataclass

from ..extensions import db
from ..models.games import utcnow
from ..models.tournaments import Tournament, TournamentRound
from . import record
from .clock import stop as stop_clock
from .errors import RoundClosed
from .results import TableView, table_view
from .seating import seat_round
from .tournament_reads import current_round, seconds_left

# -- the organizer's actions ---------------------------------------------------------------------


def finish_round(tournament: Tournament, number: int) -> TournamentRound | None:
    """Close round ``number``: settle its unfinished games on time, then seat the next round.

    Returns the next round, or ``None`` when this was the last game (the tournament is over).
    Raises :class:`RoundClosed` when ``number`` is not the round being played.
    """
    rnd = current_round(tournament)
    if rnd is None or rnd.number != number:
        raise RoundClosed(number)
    # Every game of the round is locked (after the tournament, in the order of their row ids,
    # as every desk action takes them: no two writers wait on each other) and read afresh,
    # so a hand a table saves or corrects meanwhile is either in before the close or refused.
    for table in sorted(rnd.tables, key=lambda t: t.game_id):
        # A table whose result the desk typed from its paper sheet is settled by it; a game
        # over is locked and left as it is (``settle_at_time`` answers ``None``).
        if table.abandoned_by is None and table.paper_totals is None:
            record.settle_at_time(table.game_id, by=record.BY_DESK)
        else:
            record.lock_row(table.game_id)
    stop_clock(tournament, rnd, utcnow())
    rnd.finished_at = utcnow()
    db.session.flush()
    if number >= tournament.rounds_planned:
        tournament.finished_at = utcnow()
        db.session.flush()
        return None
    return seat_round(tournament, number + 1)


@dataclass(frozen=True)
class Closing:
    """What closing a round would do, for the desk to confirm first."""

    seconds_left: int
    #: Tables still playing: their games are settled on their current totals.
    playing: tuple[TableView, ...]
    #: Whether this is the last game (closing it ends the tournament).
    last: bool
    #: Tables with neither a hand nor a result typed from their paper sheet: closing would
    #: settle them as a 0-0 draw.
    unrecorded: tuple[TableView, ...] = ()
    #: Tables whose result waits for the other pair's confirmation (``confirmed.waits``): it
    #: keeps waiting after the close, and does not count meanwhile (nor seat a Swiss game).
    unconfirmed: tuple[TableView, ...] = ()

    @property
    def needs_confirmation(self) -> bool:
        """Closing before time is up, over a table still playing, a table with no result or a
        result not confirmed yet, is asked first."""
        return (self.seconds_left > 0 or bool(self.playing) or bool(self.unrecorded)
                or bool(self.unconfirmed))


def closing_preview(tournament: Tournament, rnd: TournamentRound) -> Closing:
    """What :func:`finish_round` would do to ``rnd`` now."""
    views = [table_view(tournament, t) for t in rnd.tables]
    return Closing(seconds_left(tournament, rnd), tuple(v for v in views if not v.finished),
                   rnd.number >= tournament.rounds_planned,
                   tuple(v for v in views if not v.finished and v.hands == 0),
                   tuple(v for v in views if v.waiting))
