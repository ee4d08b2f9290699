"""The desk's clock of a tournament game (002: "3 partidas de 60 minutos").

The desk starts it when the tables are ready, may pause it and may add minutes; a round
seated is not running yet. Reading it is pure (the round's fields and "now" in, a
:class:`Clock` out); changing it is a desk action (``services.desk``), through the write path.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from ..models.games import utcnow

if TYPE_CHECKING:
    from ..models.tournaments import Tournament, TournamentRound

NOT_STARTED, RUNNING, PAUSED, OVER = "not_started", "running", "paused", "over"
#: When a tournament's tables may save hands and the desk type paper results
#: (``tournament.tables_start``): at the ``bell`` (002's "COMIENZO DEL JUEGO": play starts on
#: the organization's order, when the desk starts the game's clock; the default of a new
#: tournament), or as soon as they are ``seated`` (a club that plays without a clock, and every
#: tournament made before the setting).
BELL, SEATED = "bell", "seated"
TABLES_START = (BELL, SEATED)
#: Most minutes one "extend" adds.
MAX_EXTEND = 120
#: Minutes left when the table phones warn, unless the organizer says otherwise.
WARN_MINUTES = 10


@dataclass(frozen=True)
class Clock:
    """Where a round's clock stands."""

    state: str
    seconds_left: int
    #: When time is up, while the clock runs (``None`` otherwise).
    deadline: datetime | None
    #: The table phones warn from this many seconds left.
    warn_seconds: int
    #: The seconds that were left when the desk closed the round before its time was up
    #: (``None`` when time ran out, or the round is open): its tables are not told "time is
    #: up" (issue 43: games closed with 55 minutes left showed a red 0:00).
    closed_with: int | None = None
    #: The desk has closed the round (at time or before): its tables play no more, and are not
    #: told to finish the hand being played (QA, 2026-12-05: a closed game's page still said
    #: "Time is up. The player whose turn it is may finish the play").
    closed: bool = False

    @property
    def warning(self) -> bool:
        """Whether the warning time is reached (and time is not up yet)."""
        return self.state in (RUNNING, PAUSED) and 0 < self.seconds_left <= self.warn_seconds

    def as_dict(self) -> dict[str, str | int]:
        """The clock as the API shows it."""
        return {"state": self.state, "seconds_left": self.seconds_left}


def waits_for_bell(tournament: Tournament, rnd: TournamentRound) -> bool:
    """Whether the round's tables wait for the desk to start its clock before they may save a
    hand or the desk type a paper result: the tournament waits for the bell, the round is
    open and its clock has not been started yet."""
    return (tournament.tables_start == BELL and rnd.clock_started_at is None
            and rnd.finished_at is None and tournament.finished_at is None)


def total_seconds(tournament: Tournament, rnd: TournamentRound) -> int:
    """The game's whole time: the tournament's minutes plus what the desk added."""
    return int(tournament.minutes) * 60 + int(rnd.clock_extra or 0)


def used_seconds(rnd: TournamentRound, now: datetime) -> int:
    """Seconds the clock has run so far."""
    used = int(rnd.clock_used or 0)
    if rnd.clock_running_since is not None:
        used += max(0, int((now - rnd.clock_running_since).total_seconds()))
    return used


def clock_of(tournament: Tournament, rnd: TournamentRound, now: datetime | None = None) -> Clock:
    """The round's clock at ``now`` (a closed round's time is over)."""
    now = now or utcnow()
    minutes = tournament.warn_minutes
    warn = int(minutes if minutes is not None else WARN_MINUTES) * 60
    total = total_seconds(tournament, rnd)
    if rnd.finished_at is not None:
        left = max(0, total - used_seconds(rnd, rnd.finished_at))
        return Clock(OVER, 0, None, warn, closed_with=left or None, closed=True)
    if rnd.clock_started_at is None:
        return Clock(NOT_STARTED, total, None, warn)
    left = max(0, total - used_seconds(rnd, now))
    if left == 0:
        return Clock(OVER, 0, None, warn)
    if rnd.clock_running_since is None:
        return Clock(PAUSED, left, None, warn)
    deadline = rnd.clock_running_since + timedelta(seconds=total - int(rnd.clock_used or 0))
    return Clock(RUNNING, left, deadline, warn)


def stop(tournament: Tournament, rnd: TournamentRound, now: datetime) -> None:
    """Fold the running time into ``clock_used`` (at most the whole time) and stop running."""
    if rnd.clock_running_since is not None:
        rnd.clock_used = min(used_seconds(rnd, now), total_seconds(tournament, rnd))
        rnd.clock_running_since = None


def format_clock(seconds: int) -> str:
    """``m:ss``, or ``h:mm:ss`` from an hour."""
    hours, rest = divmod(max(0, seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


@dataclass(frozen=True)
class TableClock:
    """What a table's phone shows of its tournament: where it plays and the clock."""

    tournament_id: str
    tournament_name: str
    table: int
    game: int
    games: int
    clock: Clock
    #: The table waits for the bell: it saves no hand until the desk starts the clock.
    waiting: bool = False
    #: The game is over in a tournament whose results are confirmed at the table
    #: (``services.confirmed``): ``waiting`` for the other pair's confirmation, or
    #: ``confirmed``; ``None`` otherwise.
    confirmation: str | None = None
    #: The desk closed the round early and this table's game was over before (a result from
    #: paper, an abandonment, the target reached): the close did not end it, so the phone says
    #: the round closed. Set by the clock's block (``results.over_before_close``), which knows
    #: how a game ended.
    over_before_close: bool = False


def table_clock(game_pk: int, now: datetime | None = None) -> TableClock | None:
    """The tournament table whose game has row id ``game_pk`` (one query), or ``None`` for a
    game played outside a tournament."""
    from sqlalchemy import select

    from ..extensions import db
    from ..models.games import Game
    from ..models.tournaments import Tournament, TournamentRound, TournamentTable
    from . import confirmed

    # The game in the same query: the table's ``game`` is then found in the session.
    row = db.session.execute(
        select(Tournament, TournamentRound, TournamentTable, Game)
        .join(TournamentRound, TournamentRound.tournament_id == Tournament.id)
        .join(TournamentTable, TournamentTable.round_id == TournamentRound.id)
        .join(Game, Game.id == TournamentTable.game_id)
        .where(TournamentTable.game_id == game_pk)
    ).first()
    if row is None:
        return None
    tournament, rnd, table, _game = row
    confirmation = None
    if confirmed.asks_confirmation(tournament) and confirmed.to_confirm(table):
        confirmation = "confirmed" if confirmed.is_confirmed(table) else "waiting"
    return TableClock(tournament.id, tournament.name, table.number, rnd.number,
                      tournament.rounds_planned, clock_of(tournament, rnd, now),
                      waiting=waits_for_bell(tournament, rnd), confirmation=confirmation)
