"""A pair leaves the tournament: its abandonment and its substitution, as the desk records them
(and takes them back). The desk's operations (:mod:`.desk`) call these under their lock."""

from __future__ import annotations

from ..engine import N_, EntryErrors, FieldError
from ..extensions import db
from ..models.tournaments import Tournament, TournamentPair, TournamentTable
from . import record
from .errors import RoundClosed, TournamentOver
from .tournaments import current_round


def abandonment_table(tournament: Tournament, pair: TournamentPair) -> TournamentTable:
    """The table whose game the pair would abandon, checked as :func:`record_abandonment`
    checks it (the desk's confirmation shows it before anything changes).

    Raises :class:`RoundClosed` when no round is being played or the pair is not seated in it,
    and :class:`EntryErrors` when the pair is already disqualified, its game is already over
    or its opponent already abandoned it.
    """
    if pair.disqualified_round is not None:
        raise EntryErrors([FieldError("pair", N_("This pair is already disqualified."))])
    rnd = current_round(tournament)
    if rnd is None:
        raise RoundClosed(0)
    for table in rnd.tables:
        if pair.id in (table.pair_a_id, table.pair_b_id):
            _check_abandonable(table)
            return table
    raise RoundClosed(rnd.number)


def _check_abandonable(table: TournamentTable) -> None:
    if table.abandoned_by is not None:
        raise EntryErrors([FieldError(
            "pair", N_("The other pair already abandoned this game.")
        )])
    # 002's 5,000 replaces a game cut short; a game already won stands as it was played.
    if table.game.finished or table.paper_totals is not None:
        raise EntryErrors([FieldError(
            "pair", N_("This pair's game is already finished: its result stands and an "
                       "abandonment cannot replace it.")
        )])


def record_abandonment(tournament: Tournament, pair: TournamentPair) -> TournamentTable:
    """The pair abandons its game in the round being played: the opponent is credited
    ``abandon_points`` for it and the pair is disqualified (seated no more).

    Raises as :func:`abandonment_table` does; the game is checked again under its lock, so a
    hand that ends it meanwhile is not overwritten.
    """
    table = abandonment_table(tournament, pair)
    record.lock_row(table.game_id)
    _check_abandonable(table)
    table.abandoned_by = 0 if table.pair_a_id == pair.id else 1
    pair.disqualified_round = table.round.number
    record.note_abandonment(table.game_id, by=record.BY_DESK)
    db.session.flush()
    return table


def undo_abandonment(tournament: Tournament, pair: TournamentPair) -> TournamentTable:
    """Take back the pair's abandonment while its round is being played: the pair is seated
    again, and its game counts as it is played.

    Raises :class:`EntryErrors` when the pair did not abandon, and :class:`RoundClosed` once
    the round of the abandonment is closed (the next round was seated without the pair).
    """
    if pair.disqualified_round is None:
        raise EntryErrors([FieldError("pair", N_("This pair has not abandoned a game."))])
    rnd = current_round(tournament)
    if rnd is None or rnd.number != pair.disqualified_round:
        raise RoundClosed(pair.disqualified_round)
    for table in rnd.tables:
        if pair.id in (table.pair_a_id, table.pair_b_id):
            table.abandoned_by = None
            pair.disqualified_round = None
            record.note_abandonment_undone(table.game_id, by=record.BY_DESK)
            db.session.flush()
            return table
    raise RoundClosed(rnd.number)


def record_substitution(pair: TournamentPair) -> None:
    """A player of the pair was replaced: the pair scores nothing in the tournament."""
    pair.substituted = True
    db.session.flush()


def undo_substitution(tournament: Tournament, pair: TournamentPair) -> None:
    """Take back a substitution recorded by mistake (while the tournament is being played).

    Raises :class:`EntryErrors` when the pair has no substitution, :class:`TournamentOver`
    once the tournament is over.
    """
    if not pair.substituted:
        raise EntryErrors([FieldError("pair", N_("No substitution is recorded for this pair."))])
    if tournament.finished_at is not None:
        raise TournamentOver()
    pair.substituted = False
    from .pairs import clear_substitutes  # (services.pairs builds on this module)

    clear_substitutes(tournament, pair)
    db.session.flush()
