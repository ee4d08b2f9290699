"""Every change the tournament desk makes goes through here: one operation per desk action,
each one locked, checked and logged, as ``services.record`` does for a game's hands.

An operation (:func:`finish_round`, :func:`start_clock`, :func:`pause_clock`,
:func:`extend_clock`, :func:`abandon`, :func:`undo_abandon`, :func:`substitute`,
:func:`undo_substitute`, :func:`round_links`, :func:`table_link`, :func:`paper_result`) is its
act alone, run through the one write sequence (``services.writing.write``) by the desk's
ledger (:class:`DeskLedger`): the tournament's lock (loaded after it, rounds, tables and games
included), a repeated request key (the same request answers the change it made, another
:class:`~.errors.DeskKeyReused`), the tournament version a desk page was shown
(:class:`~.errors.TournamentChanged`), the act (the tables' games change through
``services.record``, under their own locks, after the tournament's), then the tournament's
version raised and a :class:`TournamentChange` logged.

Operations flush and never commit: the request commits once (``create_app``). Refusals are
the domain errors of ``services.errors`` (:class:`~.errors.DeskRefused` and its kinds); the
pages and the API translate them, each in one place.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import select

from ..engine import N_, EntryErrors
from ..extensions import db
from ..models.desk import TournamentChange
from ..models.games import utcnow
from ..models.tournaments import Tournament, TournamentPair, TournamentRound, TournamentTable
from . import abandonment, paper_results
from . import clock as clocks
from . import tournaments as service
from .bodies import Body, Field, Kind
from .errors import (
    AbandonmentNotUndoable,
    ActionRefused,
    AlreadySubstituted,
    ClockNotRunning,
    ClockRunning,
    DeskKeyReused,
    DeskKeyTooLong,
    DeskRefused,
    KeyReused,
    KeyTooLong,
    PairNotFound,
    PairNotPlaying,
    RoundClosed,
    RoundNotFound,
    TableNotFound,
    TimeIsUp,
    TournamentChanged,
    TournamentNotFound,
    TournamentOver,
)
from .writing import BY_API, BY_DESK, Ledger, Writing, locked, next_seq, write

__all__ = ["AbandonmentNotUndoable", "ActionRefused", "AlreadySubstituted", "ClockNotRunning",
           "ClockRunning", "DeskRefused", "KeyReused", "KeyTooLong", "PairNotFound",
           "PairNotPlaying", "RoundClosed", "RoundNotFound", "TableNotFound", "TimeIsUp",
           "TournamentChanged", "TournamentNotFound", "TournamentOver"]

# Who made a desk change (``TournamentChange.by``): ``BY_DESK`` (the desk's pages) or
# ``BY_API``, declared with the games' in ``services.writing``.
__all__ += ["BY_API", "BY_DESK"]


@dataclass(frozen=True)
class DeskChange:
    """One logged desk change, as the control table lists it."""

    seq: int
    kind: str
    round: int | None
    pair: int | None
    table: int | None
    detail: dict[str, object] | None
    by: str
    version: int
    at: datetime


@dataclass
class DeskWritten:
    """What a desk operation did: the tournament as it now stands and the change logged."""

    tournament: Tournament
    change: DeskChange
    #: True when the request key named a change made before: nothing new was done.
    repeated: bool = False
    #: The round seated by closing the one before (``finish_round``), if any.
    seated: TournamentRound | None = None
    #: Tables whose new edit link this request made (their ``new_edit_token``).
    links: list[TournamentTable] = field(default_factory=list)
    #: The result the desk typed from a table's paper sheet (``paper_result``).
    paper: paper_results.PaperResult | None = None

    @property
    def version(self) -> int:
        """The tournament's version after the change."""
        return self.tournament.version


def view_of(change: TournamentChange) -> DeskChange:
    """A logged desk change as plain data."""
    return DeskChange(seq=change.seq, kind=change.kind, round=change.round, pair=change.pair,
                      table=change.table, detail=change.detail, by=change.by,
                      version=change.version, at=change.at)


# -- the steps every operation takes --------------------------------------------------------------


@dataclass(frozen=True)
class DeskHead:
    """What the access check needs: the tournament's id and admin token hash."""

    id: str
    admin_token_hash: str


def find_head(tournament_id: str) -> DeskHead | None:
    """The tournament's head row (one small query), for the access check before an action."""
    if not tournament_id or len(tournament_id) > 24:
        return None
    row = db.session.execute(
        select(Tournament.id, Tournament.admin_token_hash).where(Tournament.id == tournament_id)
    ).one_or_none()
    return None if row is None else DeskHead(*row)


def lock(tournament_id: str) -> Tournament:
    """The tournament, locked for this transaction and loaded fresh (everything it holds).

    Raises :class:`TournamentNotFound`.
    """
    if not tournament_id or len(tournament_id) > 24:
        raise TournamentNotFound(tournament_id)
    stmt = locked(select(Tournament.id).where(Tournament.id == tournament_id))
    if db.session.execute(stmt).scalar_one_or_none() is None:
        raise TournamentNotFound(tournament_id)
    tournament = service.find_tournament(tournament_id, full=True, fresh=True)
    if tournament is None:  # pragma: no cover - the row was there under the lock
        raise TournamentNotFound(tournament_id)
    return tournament


@dataclass(frozen=True)
class DeskEntry:
    """What a desk act returns for its log row (the round, pair and table it touched, what
    else it keeps) and for its answer (the round it seated, the links it made, a paper
    result)."""

    round: int | None = None
    pair: int | None = None
    table: int | None = None
    detail: Mapping[str, object] | None = None
    seated: TournamentRound | None = None
    links: list[TournamentTable] = field(default_factory=list)
    paper: paper_results.PaperResult | None = None


class DeskLedger(Ledger[str, Tournament, DeskEntry, DeskWritten]):
    """How a tournament is written (see ``services.writing``): locked by its id and loaded
    whole, its changes logged in :class:`TournamentChange`, each one raising its version."""

    too_long = DeskKeyTooLong

    def lock(self, ident: str) -> Tournament:
        return lock(ident)

    def repeated(self, row: Tournament, key: str, digest: str) -> DeskWritten | None:
        earlier = db.session.execute(
            select(TournamentChange).where(TournamentChange.tournament_id == row.id,
                                           TournamentChange.request_key == key)
        ).scalar_one_or_none()
        if earlier is None:
            return None
        if earlier.request_digest != digest:
            raise DeskKeyReused(key)
        return DeskWritten(row, view_of(earlier), repeated=True)

    def check_version(self, row: Tournament, expected: int) -> None:
        if expected != row.version:
            raise TournamentChanged(row.version)

    def log(self, writing: Writing[Tournament], entry: DeskEntry) -> DeskWritten:
        tournament = writing.row
        tournament.version += 1
        change = TournamentChange(
            tournament_id=tournament.id,
            seq=next_seq(TournamentChange.seq, TournamentChange.tournament_id, tournament.id),
            kind=writing.kind, round=entry.round, pair=entry.pair, table=entry.table,
            detail=None if entry.detail is None else dict(entry.detail), by=writing.by,
            request_key=writing.key, request_digest=writing.digest if writing.key else None,
            version=tournament.version, at=utcnow(),
        )
        db.session.add(change)
        db.session.flush()
        return DeskWritten(tournament, view_of(change), seated=entry.seated,
                           links=list(entry.links), paper=entry.paper)


DESK = DeskLedger()


def changes_of(tournament: Tournament, *, last: int | None = None) -> list[DeskChange]:
    """The tournament's desk changes, newest first (the ``last`` ones, or all)."""
    stmt = (select(TournamentChange).where(TournamentChange.tournament_id == tournament.id)
            .order_by(TournamentChange.seq.desc()))
    if last is not None:
        stmt = stmt.limit(last)
    return [view_of(c) for c in db.session.execute(stmt).scalars()]


def _round(tournament: Tournament, number: int) -> TournamentRound:
    rnd = service.get_round(tournament, number)
    if rnd is None:
        raise RoundNotFound(number)
    return rnd


def _open_round(tournament: Tournament, number: int) -> TournamentRound:
    rnd = _round(tournament, number)
    if rnd.finished_at is not None:
        raise RoundClosed(number)
    return rnd


def _pair(tournament: Tournament, number: int) -> TournamentPair:
    pair = service.find_pair(tournament, number)
    if pair is None:
        raise PairNotFound(number)
    return pair


# -- closing a round -----------------------------------------------------------------------------


def finish_round(tournament_id: str, number: int, *, by: str, request_key: str | None = None,
                 seen_version: int | None = None, hand_out: bool = False) -> DeskWritten:
    """Close round ``number`` (its unfinished games end on time) and seat the next.

    ``hand_out``: the next round's edit links are handed out in this answer (the API's).
    Raises :class:`RoundNotFound`, :class:`RoundClosed` (a second desk closed it first),
    :class:`TournamentChanged`.
    """
    def act(w: Writing[Tournament]) -> DeskEntry:
        _round(w.row, number)
        seated = service.finish_round(w.row, number)
        links = service.hand_out_links(seated.tables) if seated is not None and hand_out else []
        return DeskEntry(round=number, detail={"seated": None if seated is None else seated.number},
                         seated=seated, links=links)

    return write(DESK, tournament_id, "finish", number, act, by=by, request_key=request_key,
                 expected_version=seen_version)


# -- the clock -----------------------------------------------------------------------------------


def _on_clock(tournament_id: str, number: int, kind: str, asked: object,
              act: Callable[[Tournament, TournamentRound, datetime], dict[str, int]], *,
              by: str, request_key: str | None, seen_version: int | None) -> DeskWritten:
    """What the clock operations share: begin (or answer the earlier request), find the open
    round (:class:`RoundClosed`), ``act`` on its clock now, log ``kind`` with what it returns."""
    def on_clock(w: Writing[Tournament]) -> DeskEntry:
        return DeskEntry(round=number, detail=act(w.row, _open_round(w.row, number), utcnow()))

    return write(DESK, tournament_id, kind, asked, on_clock, by=by, request_key=request_key,
                 expected_version=seen_version)


def start_clock(tournament_id: str, number: int, *, by: str, request_key: str | None = None,
                seen_version: int | None = None) -> DeskWritten:
    """Start (or resume) round ``number``'s clock.

    Raises :class:`ClockRunning`, :class:`TimeIsUp` (add minutes first), :class:`RoundClosed`.
    """
    def act(tournament: Tournament, rnd: TournamentRound, now: datetime) -> dict[str, int]:
        state = clocks.clock_of(tournament, rnd, now)
        if state.state == clocks.RUNNING:
            raise ClockRunning(number)
        if state.state == clocks.OVER:
            raise TimeIsUp(number)
        if rnd.clock_started_at is None:
            rnd.clock_started_at = now
        rnd.clock_running_since = now
        return {"seconds_left": state.seconds_left}

    return _on_clock(tournament_id, number, "clock_start", number, act, by=by,
                     request_key=request_key, seen_version=seen_version)


def pause_clock(tournament_id: str, number: int, *, by: str, request_key: str | None = None,
                seen_version: int | None = None) -> DeskWritten:
    """Pause round ``number``'s running clock. Raises :class:`ClockNotRunning`,
    :class:`RoundClosed`."""
    def act(tournament: Tournament, rnd: TournamentRound, now: datetime) -> dict[str, int]:
        if clocks.clock_of(tournament, rnd, now).state != clocks.RUNNING:
            raise ClockNotRunning(number)
        clocks.stop(tournament, rnd, now)
        return {"seconds_left": clocks.clock_of(tournament, rnd, now).seconds_left}

    return _on_clock(tournament_id, number, "clock_pause", number, act, by=by,
                     request_key=request_key, seen_version=seen_version)


#: What extending a round's clock reads (the API's body).
EXTEND = Body((Field("minutes", Kind.WHOLE, N_("A whole number from %(low)d to %(high)d."),
                     low=1, high=clocks.MAX_EXTEND, digits=True),),
              examples=({"minutes": 5},))


def extend_clock(tournament_id: str, number: int, minutes: object, *, by: str,
                 request_key: str | None = None,
                 seen_version: int | None = None) -> DeskWritten:
    """Add ``minutes`` (1 to 120; as the client sent it, digits as text too) to round
    ``number``'s clock; a clock whose time was up runs again for those minutes.

    Raises ``EntryErrors`` (field ``minutes``), :class:`RoundClosed`.
    """
    added: int = EXTEND.field("minutes").take(minutes)

    def act(tournament: Tournament, rnd: TournamentRound, now: datetime) -> dict[str, int]:
        running = rnd.clock_running_since is not None
        # Time already run out stays run out: the minutes added count from now.
        clocks.stop(tournament, rnd, now)
        rnd.clock_extra = int(rnd.clock_extra or 0) + added * 60
        if running:
            rnd.clock_running_since = now
        left = clocks.clock_of(tournament, rnd, now).seconds_left
        return {"minutes": added, "seconds_left": left}

    return _on_clock(tournament_id, number, "clock_extend", [number, added], act, by=by,
                     request_key=request_key, seen_version=seen_version)


# -- pairs: abandonment and substitution ---------------------------------------------------------


def _check_substitute(_tournament: Tournament, pair: TournamentPair) -> None:
    if pair.substituted:
        raise AlreadySubstituted(pair.number)


def _substitute(tournament: Tournament, pair: TournamentPair) -> None:
    _check_substitute(tournament, pair)
    abandonment.record_substitution(pair)


@dataclass(frozen=True)
class PairOperation:
    """A desk operation on one pair: called as ``op(tournament_id, pair_number, *, by,
    request_key=None, seen_version=None)``, it begins (or answers the earlier request), finds
    the pair (:class:`PairNotFound`), ``act``s on it (a refusal raises :class:`ActionRefused`;
    a closed round raises ``when_closed(pair_number)`` when given) and logs ``kind`` with the
    table it touched. ``check`` (when the desk asks first) refuses as ``act`` would and
    changes nothing (:meth:`preview`)."""

    kind: str
    act: Callable[[Tournament, TournamentPair], TournamentTable | None]
    check: Callable[[Tournament, TournamentPair], TournamentTable | None] | None = None
    when_closed: type[DeskRefused] | None = None

    @contextmanager
    def _refusals(self, pair_number: int) -> Iterator[None]:
        try:
            yield
        except EntryErrors as exc:
            raise ActionRefused(exc.errors) from exc
        except RoundClosed as exc:
            if self.when_closed is None:
                raise
            raise self.when_closed(pair_number) from exc

    def preview(self, tournament: Tournament,
                pair_number: int) -> tuple[TournamentPair, TournamentTable | None]:
        """The pair and the table the operation would touch, refused as it would be (the
        desk's confirmation page); nothing changes."""
        pair = _pair(tournament, pair_number)
        with self._refusals(pair_number):
            return pair, None if self.check is None else self.check(tournament, pair)

    def __call__(self, tournament_id: str, pair_number: int, *, by: str,
                 request_key: str | None = None,
                 seen_version: int | None = None) -> DeskWritten:
        def act(w: Writing[Tournament]) -> DeskEntry:
            pair = _pair(w.row, pair_number)
            with self._refusals(pair_number):
                table = self.act(w.row, pair)
            if table is None:
                return DeskEntry(pair=pair_number)
            return DeskEntry(round=table.round.number, pair=pair_number, table=table.number)

        return write(DESK, tournament_id, self.kind, pair_number, act, by=by,
                     request_key=request_key, expected_version=seen_version)


# The pair abandons its game in the round being played (see
# ``services.tournaments.record_abandonment``); :class:`PairNotPlaying` when it plays none,
# :class:`ActionRefused` when already disqualified, its game finished or abandoned by the other.
abandon = PairOperation("abandon", abandonment.record_abandonment, abandonment.abandonment_table,
                        when_closed=PairNotPlaying)
# Take back the pair's abandonment while its round is being played: :class:`ActionRefused`
# when the pair did not abandon, :class:`AbandonmentNotUndoable` when its round is closed.
undo_abandon = PairOperation("unabandon", abandonment.undo_abandonment,
                             when_closed=AbandonmentNotUndoable)
# A player of the pair was replaced: the pair scores nothing (:class:`AlreadySubstituted`).
substitute = PairOperation("substitute", _substitute, _check_substitute)
# Take back a substitution while the tournament is being played: :class:`ActionRefused`,
# :class:`~.errors.TournamentOver`.
undo_substitute = PairOperation("unsubstitute", abandonment.undo_substitution)


# -- the tables' edit links ----------------------------------------------------------------------


def round_links(tournament_id: str, number: int, *, by: str, only_missing: bool = False,
                seen_version: int | None = None) -> DeskWritten:
    """New edit links for round ``number``'s tables (all, or those never handed out); the old
    ones stop working. Raises :class:`RoundNotFound`, :class:`RoundClosed`."""
    # No request key: a link's token is in the answer that makes it alone, so a repeat makes
    # new ones (the last answer's links are the ones that work).
    def act(w: Writing[Tournament]) -> DeskEntry:
        made = service.new_round_links(_open_round(w.row, number), only_missing=only_missing)
        return DeskEntry(round=number, detail={"tables": len(made)}, links=made)

    return write(DESK, tournament_id, "links", [number, only_missing], act, by=by,
                 expected_version=seen_version)


def table_link(tournament_id: str, number: int, table_number: int, *, by: str,
               seen_version: int | None = None) -> DeskWritten:
    """A new edit link for one table of an open round (its old one stops working).

    Raises :class:`RoundNotFound`, :class:`TableNotFound`, :class:`RoundClosed`.
    """
    def act(w: Writing[Tournament]) -> DeskEntry:
        rnd = _round(w.row, number)
        table = service.find_table(rnd, table_number)
        if table is None:
            raise TableNotFound(table_number)
        if rnd.finished_at is not None:
            raise RoundClosed(number)
        service.new_table_link(table)
        return DeskEntry(round=number, table=table_number, links=[table])

    return write(DESK, tournament_id, "link", [number, table_number], act, by=by,
                 expected_version=seen_version)


# -- a table kept on paper -----------------------------------------------------------------------


def paper_result(tournament_id: str, number: int, table: int, totals: object, *, by: str,
                 text: bool = False) -> paper_results.PaperResult:
    """The desk types table ``table``'s final totals from its paper sheet (002's three sheets);
    sent again, they replace the earlier ones.

    Raises :class:`RoundNotFound`, :class:`RoundClosed`, ``paper_results.NoSuchTable`` and
    :class:`EntryErrors` (fields ``totals``, ``totals[i]``).
    """
    def act(w: Writing[Tournament]) -> DeskEntry:
        rnd = _round(w.row, number)
        seated = service.find_table(rnd, table)
        before = (None if seated is None or seated.paper_totals is None
                  else list(seated.paper_totals))
        result = paper_results.record_paper_result(w.row, rnd, table, totals, text=text)
        detail: dict[str, object] = {"totals": list(result.totals)}
        if rnd.finished_at is not None:
            # A correction after the round closed: what it replaced, so the desk's log, the
            # standings and the results file can say so (and the desk can type it back).
            detail.update({"corrected": True, "before": before})
        return DeskEntry(round=number, table=table, detail=detail, paper=result)

    written = write(DESK, tournament_id, "paper_result", [number, table, totals], act, by=by)
    assert written.paper is not None  # no request key: never an earlier answer
    return written.paper
