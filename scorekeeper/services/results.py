"""Where a tournament's tables stand and how its pairs rank: each table's totals, end and
credits, the games settled at time, the results corrected at the desk, and the standings (the
ranking itself is pure and lives in :mod:`~scorekeeper.engine.ranking`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from sqlalchemy import bindparam, func, select
from sqlalchemy.orm import joinedload

from ..engine import (
    HandEnd,
    Outcome,
    flow,
)
from ..engine.ranking import Standing, game_credits, rank
from ..extensions import db
from ..models.games import Game, Hand
from ..models.tournaments import Tournament, TournamentRound, TournamentTable
from . import confirmed, record
from . import games as games_service
from .clock import total_seconds as clock_total_seconds
from .tournament_reads import bye_points_of, victory_scale_of

# -- where a table stands ------------------------------------------------------------------------


@dataclass(frozen=True)
class TableView:
    """A table as the dashboard shows it."""

    table: TournamentTable
    totals: tuple[int, int]
    finished: bool
    credits: tuple[int, int] | None
    hands: int
    #: Over, but not counted yet: the result waits for the other pair's confirmation.
    waiting: bool = False


def table_totals(table: TournamentTable) -> tuple[int, int]:
    """The table's totals: those the desk typed from its paper sheet, else its game's running
    totals (from the figures kept on the game)."""
    if table.paper_totals is not None:
        return (int(table.paper_totals[0]), int(table.paper_totals[1]))
    a, b = games_service.running_totals(table.game)[:2]
    return (a, b)


def table_view(tournament: Tournament, table: TournamentTable) -> TableView:
    """Score, whether it is over, and what it credits each pair."""
    totals = table_totals(table)
    # A result typed from the paper sheet ends the game as a counted game would.
    done = table.game.finished or table.paper_totals is not None
    finished = done or table.abandoned_by is not None
    credits = game_credits(totals, finished=done,
                           abandoned_by=table.abandoned_by,
                           abandon_points=tournament.abandon_points)
    return TableView(table, totals, finished, credits, games_service.hands_played(table.game),
                     confirmed.waits(tournament, table))


#: How a game ended (:attr:`Ending.how`): a side reached the target; time was up (a hand
#: stopped by the clock, or the desk closing the round: 002); a pair abandoned it at the
#: desk; the desk typed its result from the paper sheet.
TARGET, TIME, ABANDONED, PAPER = "target", "time", "abandoned", "paper"
ENDINGS = (TARGET, TIME, ABANDONED, PAPER)


@dataclass(frozen=True)
class Ending:
    """Whether a game is over and how, its own record and its tournament's desk together."""

    finished: bool
    #: One of :data:`ENDINGS`, or :data:`CLOSED` (a tournament game the desk closed with time
    #: left); ``None`` while the game is played.
    how: str | None = None
    winner: int | None = None
    drawn: bool = False
    #: The side that abandoned the game at the desk.
    abandoned_by: int | None = None
    #: What the game credits each pair in its tournament (002: the difference, or the abandon
    #: points); ``None`` for a game of no tournament, or still played.
    credits: tuple[int, int] | None = None
    #: The totals the desk typed from the paper sheet (the hands counted here are not it).
    paper_totals: tuple[int, int] | None = None
    #: Whether the table can still count a hand (not over, its round still played).
    accepts_hands: bool = True
    #: Whether only the tournament desk can change it now (a pair abandoned it, or its round
    #: is closed): the table can neither count, fix nor undo.
    desk_only: bool = False
    #: The empty hand that ended the game at time (the board's button, the desk's settle at
    #: time) or at the desk's close (:data:`CLOSED`): the board names it so, not as a hand
    #: played (QA, 2026-12-05: "3 · 0 – 0" under two hands).
    settle_hand: int | None = None


#: How a tournament table's sheet and the standings say a game ended, beyond :data:`ENDINGS`:
#: the desk closed the game's round before its time was up (the unfinished game settled on its
#: totals then, not at the bell); a game's board says it too (:func:`game_ending`).
CLOSED = "closed"
TABLE_ENDINGS = (TARGET, TIME, CLOSED, ABANDONED, PAPER)


@dataclass(frozen=True)
class TableEnding:
    """How a table's game ended, as its sheet and the standings say it (``how`` ``None``:
    still played, or not begun)."""

    #: One of :data:`TABLE_ENDINGS`, or ``None``.
    how: str | None
    #: Hands the table played: the empty hand the desk adds to settle a game is not one.
    hands: int
    #: The number of that empty hand, when the desk settled the game with one.
    settle_hand: int | None = None
    #: :data:`CLOSED` with the clock started: the seconds that were left when the desk closed.
    seconds_left: int | None = None
    #: The side that abandoned the game (:data:`ABANDONED`).
    abandoned_by: int | None = None
    #: What the game credits each pair (002), once over.
    credits: tuple[int, int] | None = None

    @property
    def settled(self) -> bool:
        """Whether the game was settled on its totals: at time, or by the desk's close."""
        return self.how in (TIME, CLOSED)


def _settlements(game_ids: list[int]) -> dict[int, tuple[int | None, str]]:
    """Each game's last settlement (``record.settle_at_time``): the empty hand it added (``None``
    when it added none, or when the desk typed a hand into it or removed it since) and who
    settled it."""
    from ..models.changes import ChangeKind, GameChange

    out: dict[int, tuple[int | None, str]] = {}
    if not game_ids:
        return out
    for game_id, kind, hand, by, undone in db.session.execute(
            select(GameChange.game_id, GameChange.kind, GameChange.hand, GameChange.by,
                   GameChange.undone)
            .where(GameChange.game_id.in_(game_ids),
                   GameChange.kind.in_((ChangeKind.SETTLE, ChangeKind.FIX, ChangeKind.DELETE)))
            .order_by(GameChange.game_id, GameChange.seq)):
        if kind is ChangeKind.SETTLE:
            out[game_id] = (hand, by)
        elif game_id in out and hand is not None and hand == out[game_id][0] and not undone:
            # The time-up hand typed into the empty one (a correction), or that hand removed.
            out[game_id] = (None, out[game_id][1])
    return out


def table_endings(tournament: Tournament,
                  tables: Iterable[TournamentTable]) -> dict[int, TableEnding]:
    """How each of ``tables``' games ended, by table id (one query for the lot): a side reached
    the target; time was up (a table's own time-up hand, or the desk's close after the bell:
    002's "the points reached at time"); the desk closed the round with time left; a pair
    abandoned it (the credits 002 gives); the desk typed its result from the paper sheet."""
    rows = list(tables)
    settled = _settlements([t.game_id for t in rows])
    ended_at_time = _ended_at_time([t.game_id for t in rows if t.game.finished])
    out: dict[int, TableEnding] = {}
    for table in rows:
        view = table_view(tournament, table)
        played = view.hands
        settle_hand: int | None = None
        found = settled.get(table.game_id)
        if found is not None and found[0] is not None and found[0] <= played:
            settle_hand = found[0]
            played -= 1
        how: str | None = None
        seconds: int | None = None
        if table.abandoned_by is not None:
            how = ABANDONED
        elif table.paper_totals is not None:
            how = PAPER
        elif table.game.finished:
            rnd = table.round
            if found is not None and rnd.finished_at is not None:
                total = clock_total_seconds(tournament, rnd)
                used = int(rnd.clock_used or 0)
                if used >= total:
                    how = TIME
                else:
                    how = CLOSED
                    seconds = total - used if rnd.clock_started_at is not None else None
            elif (found is not None or table.game_id in ended_at_time
                  or _short_of_its_target(table.game, view.totals)):
                how = TIME
            else:
                how = TARGET
        out[table.id] = TableEnding(how, played, settle_hand, seconds, table.abandoned_by,
                                    view.credits)
    return out


def over_before_close(game_pk: int) -> bool:
    """Whether the tournament game with row id ``game_pk`` was over before the desk closed its
    round (a result from paper, an abandonment, the target reached): only a game the close
    settled was closed by the desk (QA, 2026-12-05: a table that had reached its target was
    told "The desk closed this game")."""
    table = db.session.execute(
        select(TournamentTable).where(TournamentTable.game_id == game_pk)).scalar_one()
    tournament = table.round.tournament
    return table_endings(tournament, [table])[table.id].how != CLOSED


def _ended_at_time(game_ids: list[int]) -> set[int]:
    """Those of the games whose last hand ended at time (one query for the lot: the standings
    and the desk read no hand): such a game ended at time even where a side passed its target
    in that hand, as its board and the results file say it (QA, 2026-12-05: the sheet said
    "the target was reached" where the file said "time")."""
    if not game_ids:
        return set()
    last = (select(Hand.game_id, func.max(Hand.number).label("number"))
            .where(Hand.game_id.in_(game_ids)).group_by(Hand.game_id).subquery())
    rows = db.session.execute(
        select(Hand.game_id, Hand.entry)
        .join(last, (Hand.game_id == last.c.game_id) & (Hand.number == last.c.number)))
    return {game_id for game_id, entry in rows
            if isinstance(entry, Mapping) and entry.get("end") == HandEnd.TIME_UP.value}


def _short_of_its_target(game: Game, totals: Sequence[int]) -> bool:
    """Whether a finished game played to a target ended below it (so at time)."""
    goal = flow.goal(games_service.ruleset_of(game), game.target)
    return goal is not None and max(totals) < goal


def table_ending(tournament: Tournament, table: TournamentTable) -> TableEnding:
    """How one table's game ended (:func:`table_endings`)."""
    return table_endings(tournament, [table])[table.id]


@dataclass(frozen=True)
class SettledGame:
    """A game settled on its totals (at time, or by the desk's close), as the standings name
    it."""

    game: int
    table: int
    pairs: tuple[int, int]
    ending: TableEnding


def settled_games(tournament: Tournament) -> list[SettledGame]:
    """The tournament's games settled on their totals rather than played to the target, game
    by game and table by table (one query)."""
    rows = [t for rnd in tournament.rounds for t in rnd.tables]
    endings = table_endings(tournament, rows)
    return [SettledGame(t.round.number, t.number, (t.pair_a.number, t.pair_b.number),
                        endings[t.id])
            for t in rows if endings[t.id].settled]


def corrected_results(tournament: Tournament) -> set[tuple[int, int]]:
    """The results the desk corrected after their game's round closed, as ``(game, pair)``
    numbers: a paper result typed again, or a game's hands changed by the desk (issue 43:
    the standings and the results file did not say so). Two queries."""
    from ..models.changes import GameChange
    from ..models.desk import TournamentChange

    closed = {rnd.number: rnd.finished_at for rnd in tournament.rounds
              if rnd.finished_at is not None}
    if not closed:
        return set()
    tables = {(t.round.number, t.number): t for rnd in tournament.rounds for t in rnd.tables}
    found: set[tuple[int, int]] = set()
    for number, table, detail in db.session.execute(
            select(TournamentChange.round, TournamentChange.table, TournamentChange.detail)
            .where(TournamentChange.tournament_id == tournament.id,
                   TournamentChange.kind == "paper_result")):
        seated = tables.get((number, table))
        if seated is not None and isinstance(detail, dict) and detail.get("corrected"):
            found.update({(number, seated.pair_a.number), (number, seated.pair_b.number)})
    by_game = {t.game_id: t for key, t in tables.items() if key[0] in closed}
    if by_game:
        for game_id, at in db.session.execute(
                select(GameChange.game_id, GameChange.at)
                .where(GameChange.game_id.in_(list(by_game)), GameChange.by == record.BY_DESK,
                       GameChange.kind.in_(record.HAND_CHANGES))):
            seated = by_game[game_id]
            finished = closed[seated.round.number]
            if at.replace(tzinfo=None) > finished.replace(tzinfo=None):
                found.update({(seated.round.number, seated.pair_a.number),
                              (seated.round.number, seated.pair_b.number)})
    return found


def _table_of_game(game: Game) -> TournamentTable | None:
    return db.session.execute(
        _TABLE_OF_GAME, {"game_id": game.id}).scalar_one_or_none()


# Built once, one query with the table's round and tournament: every page and board of a
# tournament's game asks it (the club night's most frequent pages), and the round and the
# tournament each in a query of their own cost more than the rows they read.
_TABLE_OF_GAME = (
    select(TournamentTable).where(TournamentTable.game_id == bindparam("game_id"))
    .options(joinedload(TournamentTable.round).joinedload(TournamentRound.tournament))
)


def last_game_of_the_night(game: Game) -> bool:
    """Whether ``game`` is its table's last game of the tournament (the last round planned,
    or the tournament closed): the desk seats no next game after it."""
    table = _table_of_game(game)
    if table is None:
        return False
    tournament = table.round.tournament
    return (tournament.finished_at is not None
            or table.round.number >= tournament.rounds_planned)


def game_ending(game: Game, outcome: Outcome, *, in_tournament: bool = True) -> Ending:
    """How ``game`` ended, or that it is still played; ``outcome`` is where its hands leave it
    (``games.game_state``). A game settled without a hand (time up under rules without a
    clock) is over by its own record; a tournament game may also end at the desk.
    ``in_tournament=False``: the caller knows no tournament plays it (its table is not looked
    up)."""
    table = _table_of_game(game) if in_tournament else None
    closed = table is not None and (table.round.finished_at is not None
                                    or table.round.tournament.finished_at is not None)
    if table is not None and table.abandoned_by is not None:
        side = table.abandoned_by
        return Ending(True, ABANDONED, winner=1 - side, abandoned_by=side,
                      credits=table_view(table.round.tournament, table).credits,
                      accepts_hands=False, desk_only=True)
    if table is not None and table.paper_totals is not None:
        a, b = table_totals(table)
        return Ending(True, PAPER, winner=None if a == b else (0 if a > b else 1), drawn=a == b,
                      credits=table_view(table.round.tournament, table).credits,
                      paper_totals=(a, b), accepts_hands=False, desk_only=closed)
    if not (outcome.finished or game.finished):
        return Ending(False, accepts_hands=not closed, desk_only=closed)
    last_end = game.hands[-1].entry.get("end") if game.hands else None
    how = TARGET if outcome.finished and last_end != HandEnd.TIME_UP.value else TIME
    # The empty hand that ended it at time is named so on the board, not listed as played.
    settle_hand = games_service.time_call(game) if how == TIME else None
    if table is not None and how == TIME and closed:
        # The desk's close settles the game with an empty time-up hand: with time still on
        # the clock, that is the desk's close, as the standings say (QA, 2026-12-05: the board
        # said "Ended when time was up." beside "The desk closed this game with 57:48 left").
        table_end = table_ending(table.round.tournament, table)
        how = table_end.how or TIME
        if how == CLOSED:
            settle_hand = table_end.settle_hand
    winner, drawn = ((outcome.winner, outcome.drawn) if outcome.finished
                     else (game.winner, game.drawn))
    credits = None if table is None else table_view(table.round.tournament, table).credits
    return Ending(True, how, winner=winner, drawn=drawn, credits=credits, accepts_hands=False,
                  desk_only=closed, settle_hand=settle_hand)


def standings(tournament: Tournament) -> list[Standing]:
    """Every pair's accumulated difference and games won, ranked (see :func:`rank`); with
    each game's victory points too (they rank a tournament set to them). A result that waits
    for the other pair's confirmation (:func:`confirmed.waits`) is not counted: its game is
    listed in both pairs' ``waiting``."""
    scale = victory_scale_of(tournament)
    bye_points = bye_points_of(tournament)
    rows = {
        p.id: Standing(number=p.number, name=p.name, players=list(p.players),
                       disqualified=p.disqualified_round is not None, substituted=p.substituted)
        for p in tournament.pairs
    }
    by_number = {row.number: row for row in rows.values()}
    for rnd in tournament.rounds:
        for table in rnd.tables:
            view = table_view(tournament, table)
            if view.credits is None:
                continue
            if view.waiting:
                # Not counted until the other pair (or the desk) confirms it.
                for pair_id in (table.pair_a_id, table.pair_b_id):
                    rows[pair_id].waiting.append(rnd.number)
                continue
            points = scale.for_sides(view.credits)
            for side, pair_id in enumerate((table.pair_a_id, table.pair_b_id)):
                row = rows[pair_id]
                row.difference += view.credits[side]
                row.credits[rnd.number] = view.credits[side]
                row.victory_points += points[side]
                row.victory[rnd.number] = points[side]
                row.played += 1
                if view.credits[side] > view.credits[1 - side]:
                    row.wins += 1
        # A bye plays no game: no difference, no game won (002), but its victory points, so a
        # pair is not ranked down for the seat the rotation left it without an opponent. They
        # count once the game is closed, as the others' games do when finished: before game 1
        # everyone is level.
        if rnd.finished_at is None:
            continue
        for number in rnd.byes:
            row = by_number[number]
            row.victory_points += bye_points
            row.victory[rnd.number] = bye_points
            row.byes.append(rnd.number)
    return rank(rows.values(), by=tournament.standings_by)
