"""Every change to a game goes through here: one operation per change, each one locked,
checked, logged and undoable.

An operation (:func:`add_hand`, :func:`fix_hand`, :func:`delete_hand`, :func:`undo`,
:func:`redo`, :func:`settle_at_time`, :func:`note_abandonment`,
:func:`note_abandonment_undone`) does the same steps in the same
order:

1. take the game's row lock (``SELECT … FOR UPDATE`` on PostgreSQL; on SQLite the write lock,
   ``BEGIN IMMEDIATE``, see ``extensions.take_write_lock``), loading the game after the lock
   so hand numbers and versions are the latest committed. An operation given a game row
   instead of its id locks it (and reads it afresh) unless this transaction holds its lock
   already: no caller can change a game it read without the lock. The desk takes its
   tournament's lock first, then its games' in the order of their row ids;
2. recognise a repeated request key: the same key with the same request answers the change it
   made, with another request :class:`KeyReused`;
3. refuse a game closed by its tournament round (:class:`GameClosed`), or whose tournament
   waits for the bell that has not rung (:class:`BellNotRung`), except to the desk;
4. check the version the client saw (:class:`StaleWrite`, :class:`ChangedMeanwhile`);
5. make the change, settle the game (version, winner) and log a :class:`GameChange` with the
   hand and totals before and after.

Operations flush and never commit: the request commits once, at its end (``create_app``).
Errors are domain errors; the views and the API translate them, each in one place.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypedDict

from sqlalchemy import ColumnElement, Row, func, select
from sqlalchemy.orm import selectinload

from ..engine import N_, FieldError, HandEnd, flow
from ..engine import EntryErrors as EntryErrors  # re-exported: an operation raises it
from ..extensions import db
from ..models import Game, GameChange, Hand, Side
from ..models.changes import ChangeKind
from ..models.games import utcnow
from ..models.tournaments import Tournament, TournamentRound, TournamentTable
from . import games as games_service
from .clock import BELL
from .errors import (
    BellNotRung,
    ChangedMeanwhile,
    GameAbandoned,
    GameClosed,
    GameNotFound,
    GameOnPaper,
    GameOver,
    HandNotFound,
    KeyReused,
    KeyTooLong,
    NothingToRedo,
    NothingToUndo,
    StaleWrite,
    WriteRefused,
)
from .games import get_hand
from .writing import BY_API as BY_API  # re-exported: who made a change, for the callers
from .writing import BY_DESK as BY_DESK
from .writing import BY_EDITOR as BY_EDITOR
from .writing import BY_SCOREKEEPER as BY_SCOREKEEPER
from .writing import MAX_REQUEST_KEY as MAX_REQUEST_KEY
from .writing import check_key as check_key
from .writing import digest as _digest
from .writing import locked, next_seq

__all__ = ["BellNotRung", "ChangedMeanwhile", "EntryErrors", "GameAbandoned", "GameClosed",
           "GameNotFound", "GameOnPaper", "GameOver", "HandNotFound", "KeyReused", "KeyTooLong",
           "NothingToRedo", "NothingToUndo", "StaleWrite", "WriteRefused"]

#: Changes that act on hands and can be undone (and then redone).
UNDOABLE = (ChangeKind.ADD, ChangeKind.FIX, ChangeKind.DELETE)


# -- what an operation answers -------------------------------------------------------------------


class HandSnapshot(TypedDict):
    """A hand as the change log keeps it (``GameChange.before`` and ``after``): its entry as
    stored, its count (:func:`~scorekeeper.services.games.result_to_rows`) and each side's
    total."""

    entry: dict[str, object]
    result: list[dict[str, object]]
    totals: list[int]


@dataclass(frozen=True)
class HandView:
    """A hand as an answer shows it (plain data, read before the request commits)."""

    number: int
    version: int
    entry: dict[str, object]
    result: list[dict[str, Any]]
    totals: list[int]


@dataclass(frozen=True)
class ChangeView:
    """One logged change, as the "Changes" page and the API list it."""

    seq: int
    kind: ChangeKind
    hand: int | None
    at: datetime
    by: str
    totals_before: tuple[int, ...]
    totals_after: tuple[int, ...]
    undone: bool
    target: int | None
    version: int
    before: dict[str, object] | None
    after: dict[str, object] | None

    @property
    def points(self) -> tuple[int, ...]:
        """What the change did to each side's total."""
        return tuple(a - b for a, b in zip(self.totals_after, self.totals_before, strict=True))


@dataclass(frozen=True)
class Written:
    """What an operation did: the change logged, the hand it left (if any), the game version."""

    change: ChangeView
    hand: HandView | None
    version: int
    #: True when the request key named a change made before: nothing new was done.
    repeated: bool = False


def view_of(change: GameChange) -> ChangeView:
    """A logged change as plain data."""
    return ChangeView(
        seq=change.seq, kind=change.kind, hand=change.hand, at=change.at, by=change.by,
        totals_before=tuple(int(t) for t in change.totals_before),
        totals_after=tuple(int(t) for t in change.totals_after),
        undone=bool(change.undone), target=change.target, version=change.version,
        before=change.before, after=change.after,
    )


def _hand_view(hand: Hand) -> HandView:
    return HandView(number=hand.number, version=hand.version, entry=hand.entry,
                    result=hand.result, totals=[int(t) for t in hand.totals])


# -- the steps every operation takes --------------------------------------------------------------


def lock(game_id: str) -> Game:
    """The game whose public id is ``game_id``, locked for this transaction, loaded fresh.

    Raises :class:`GameNotFound`.
    """
    if not game_id or len(game_id) > 100:
        raise GameNotFound(game_id)
    return _lock_where(Game.view_token_hash == games_service.hash_token(game_id), game_id)


def lock_row(game_pk: int) -> Game:
    """The game whose row id is ``game_pk``, locked for this transaction, loaded fresh (the
    desk reaches its tables' games by row). Raises :class:`GameNotFound`."""
    return _lock_where(Game.id == game_pk, str(game_pk))


def _lock_where(condition: ColumnElement[bool], name: str) -> Game:
    stmt = locked(
        select(Game)
        .where(condition)
        .options(selectinload(Game.sides).selectinload(Side.players), selectinload(Game.hands))
        .execution_options(populate_existing=True),
        Game,
    )
    game = db.session.execute(stmt).scalar_one_or_none()
    if game is None:
        raise GameNotFound(name)
    _held().add(game.id)
    return game


def _held() -> set[int]:
    """The row ids of the games this session's transaction has locked (and loaded fresh)."""
    session = db.session()
    transaction = session.get_transaction()
    info = session.info
    held = info.get("held_games")
    if held is None or held[0] is not transaction:
        held = info["held_games"] = (transaction, set())
    return held[1]


def _game(game: Game | str) -> Game:
    """The game an operation changes, locked: by its public id, or a row already loaded, which
    is locked (and loaded afresh) unless this transaction locked it already, so no caller can
    change a game it read without its lock."""
    if isinstance(game, str):
        return lock(game)
    if game.id in _held():
        return game
    return lock_row(game.id)


def _repeated(game: Game, key: str | None, digest: str) -> Written | None:
    if key is None:
        return None
    earlier = db.session.execute(
        select(GameChange).where(GameChange.game_id == game.id, GameChange.request_key == key)
    ).scalar_one_or_none()
    if earlier is None:
        return None
    # Keys carried over from before the log kept no digest: such a key answers its change,
    # as it always did.
    if earlier.request_digest is not None and earlier.request_digest != digest:
        raise KeyReused(key)
    hand = None
    if earlier.after is not None and earlier.hand is not None:
        snap = earlier.after
        hand = HandView(number=earlier.hand, version=earlier.version, entry=snap["entry"],
                        result=snap["result"], totals=[int(t) for t in snap["totals"]])
    return Written(view_of(earlier), hand, game.version, repeated=True)


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


def _check_open(game: Game, by: str) -> None:
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


def _check_time_up(game: Game, body: Mapping[str, object], by: str) -> None:
    """A hand stopped by the clock (002) before the desk's clock is out needs the desk."""
    if by == BY_DESK or body.get("end") != HandEnd.TIME_UP.value:
        return
    from .clock import OVER, format_clock, table_clock

    info = table_clock(game.id)
    if info is None or info.clock.state == OVER:
        return
    raise EntryErrors([FieldError(
        "end", N_("Time is not up: %(left)s left on the desk's clock. A hand stopped by the "
                  "clock is counted when time is up; before that, only the tournament desk "
                  "can enter one."), left=format_clock(info.clock.seconds_left))])


def changes_of(game: Game) -> list[ChangeView]:
    """Every change of the game, oldest first."""
    rows = db.session.execute(
        select(GameChange).where(GameChange.game_id == game.id).order_by(GameChange.seq)
    ).scalars()
    return [view_of(c) for c in rows]


#: The changes that touch a game's hands (not a settlement or an abandonment the desk notes).
HAND_CHANGES = (*UNDOABLE, ChangeKind.UNDO, ChangeKind.REDO)


def corrected_at_the_desk(game_pk: int) -> bool:
    """Whether the tournament desk changed the game's hands (its sheet says so)."""
    return db.session.execute(
        select(GameChange.id).where(GameChange.game_id == game_pk, GameChange.by == BY_DESK,
                                    GameChange.kind.in_(HAND_CHANGES)).limit(1)
    ).first() is not None


def _changes_since(game: Game, version: int) -> list[ChangeView]:
    rows = db.session.execute(
        select(GameChange).where(GameChange.game_id == game.id, GameChange.version > version)
        .order_by(GameChange.seq)
    ).scalars()
    return [view_of(c) for c in rows]


def _log(game: Game, *, kind: ChangeKind, by: str, hand: int | None, before: HandSnapshot | None,
         after: HandSnapshot | None, totals_before: list[int], key: str | None,
         digest: str, target: int | None = None) -> GameChange:
    change = GameChange(
        game_id=game.id, seq=next_seq(GameChange.seq, GameChange.game_id, game.id), kind=kind,
        hand=hand, before=before, after=after,
        totals_before=totals_before, totals_after=games_service.totals_of(game), target=target,
        undone=False, by=by, request_key=key, request_digest=digest if key else None,
        version=game.version, at=utcnow(),
    )
    db.session.add(change)
    db.session.flush()
    return change


# -- hands, as the log keeps them ----------------------------------------------------------------


def _snapshot(hand: Hand) -> HandSnapshot:
    return {"entry": hand.entry, "result": hand.result, "totals": [int(t) for t in hand.totals]}


def _logged(change: GameChange, kind: ChangeKind) -> HandSnapshot:
    """The hand as ``change`` found it (to undo it) or left it (to redo it), as logged."""
    snap = change.before if kind is ChangeKind.UNDO else change.after
    assert snap is not None
    return {"entry": snap["entry"], "result": snap["result"], "totals": list(snap["totals"])}


def _put_hand(game: Game, number: int, snap: HandSnapshot) -> Hand:
    """Insert a hand at ``number``; the later hands move down one (the last first, so no two
    hands ever share a number, which the unique index forbids)."""
    for later in reversed(game.hands[number - 1:]):
        later.number += 1
        db.session.flush()
    hand = Hand(number=number, entry=snap["entry"], result=snap["result"],
                totals=list(snap["totals"]))
    game.hands.insert(number - 1, hand)
    db.session.flush()
    return hand


def _set_hand(hand: Hand, snap: HandSnapshot) -> None:
    hand.entry = snap["entry"]
    hand.result = snap["result"]
    hand.totals = list(snap["totals"])
    hand.updated_at = utcnow()


def _take_hand(game: Game, number: int) -> Hand:
    """Remove hand ``number``; the later hands move up one."""
    hand = get_hand(game, number)
    game.hands.remove(hand)
    db.session.delete(hand)
    db.session.flush()
    for later in game.hands[number - 1:]:
        later.number -= 1
        db.session.flush()
    return hand


def _hand_now(game: Game, number: int, expected_version: int | None, follow: bool) -> Hand:
    """The hand a form or an ``If-Match`` named.

    A hand takes the game's version each time it is written, so no two hands of a game share
    one: the version names one hand in one state. With ``follow`` (a form opened on a hand),
    that hand is found wherever it stands now, even after a hand before it was removed and the
    later ones moved up; without (an API call names ``/hands/<n>``), hand ``number`` must be
    the one of that version. Raises :class:`HandNotFound`, :class:`StaleWrite`.
    """
    if expected_version is not None and not follow:
        hand = get_hand(game, number)
        if hand.version != expected_version:
            raise StaleWrite(hand.version)
        return hand
    if expected_version is not None:
        moved = next((h for h in game.hands if h.version == expected_version), None)
        if moved is not None:
            return moved
        if not 1 <= number <= len(game.hands):
            raise StaleWrite(game.version)
        raise StaleWrite(game.hands[number - 1].version)
    return get_hand(game, number)


def _counted(game: Game, body: Mapping[str, object]) -> HandSnapshot:
    entry, result = games_service.count(game, body)
    return {"entry": entry, "result": games_service.result_to_rows(result),
            "totals": list(result.totals)}


def _written(game: Game, change: GameChange, hand: Hand | None) -> Written:
    if hand is not None:
        hand.version = game.version
        db.session.flush()
    return Written(view_of(change), None if hand is None else _hand_view(hand), game.version)


# -- the operations ------------------------------------------------------------------------------


def add_hand(game: Game | str, body: Mapping[str, object], *, by: str,
             request_key: str | None = None, seen_version: int | None = None) -> Written:
    """Count a hand and add it after the last one.

    ``seen_version``: the game's version when the count form was opened (or an API client's
    ``If-Match``); if the game changed since, :class:`ChangedMeanwhile` lists what changed and
    nothing is saved. Raises :class:`GameOver`, :class:`EntryErrors`, ``ShapeError``.
    """
    key = check_key(request_key)
    game = _game(game)
    digest = _digest("add", body)
    earlier = _repeated(game, key, digest)
    if earlier is not None:
        return earlier
    _check_open(game, by)
    if game.finished:
        raise GameOver()
    if seen_version is not None and seen_version != game.version:
        meanwhile = _changes_since(game, seen_version)
        raise ChangedMeanwhile(game.version, meanwhile)
    _check_time_up(game, body, by)
    # After the repeat and game-over checks: a repeated save gets its earlier answer, a game
    # over says so. The desk's time-up hand (settle_at_time) is never refused for room.
    games_service.check_room_for_hand(game)
    snap = _counted(game, body)
    before = games_service.totals_of(game)
    number = len(game.hands) + 1
    hand = _put_hand(game, number, snap)
    games_service.settle(game)
    change = _log(game, kind=ChangeKind.ADD, by=by, hand=number, before=None, after=snap,
                  totals_before=before, key=key, digest=digest)
    return _written(game, change, hand)


def end_at_time(game: Game | str, *, by: str, request_key: str | None = None,
                seen_version: int | None = None) -> Written:
    """End the game because time was called between two hands (Burraco's time-out,
    VARIANTS-2.md 12.3: "nessuna coppia avrà i 100 punti di bonus"): an empty hand ended by
    time is added, so the game's record says why it ended; nobody went out, nothing on it
    counts, and the game ends on its totals (:func:`.flow.decide` at time: the highest wins,
    level totals draw). A hand in progress when time is called is counted instead, as an
    ordinary hand ended by "Time was up". Undo takes it back like any hand.

    Raises :class:`EntryErrors` (on ``end``) under a rule set where time is never up, and
    what :func:`add_hand` raises.
    """
    game = _game(game)
    body = {"end": HandEnd.TIME_UP.value, "sides": [{} for _ in game.sides]}
    return add_hand(game, body, by=by, request_key=request_key, seen_version=seen_version)


def fix_hand(game: Game | str, number: int, body: Mapping[str, object], *, by: str,
             expected_version: int | None = None, request_key: str | None = None,
             follow: bool = False) -> Written:
    """Count hand ``number`` again from a corrected entry.

    ``expected_version``: the hand's version the corrector saw (with ``follow``, the hand is
    found by it if hands before it were removed). Raises :class:`HandNotFound`, :class:`StaleWrite`,
    :class:`EntryErrors`.
    """
    key = check_key(request_key)
    game = _game(game)
    digest = _digest("fix", [number, expected_version, body])
    earlier = _repeated(game, key, digest)
    if earlier is not None:
        return earlier
    _check_open(game, by)
    hand = _hand_now(game, number, expected_version, follow)
    if hand.entry.get("end") != HandEnd.TIME_UP.value:
        _check_time_up(game, body, by)
    snap = _counted(game, body)
    before_totals = games_service.totals_of(game)
    before = _snapshot(hand)
    _set_hand(hand, snap)
    games_service.settle(game)
    change = _log(game, kind=ChangeKind.FIX, by=by, hand=hand.number, before=before, after=snap,
                  totals_before=before_totals, key=key, digest=digest)
    return _written(game, change, hand)


def delete_hand(game: Game | str, number: int, *, by: str, expected_version: int | None = None,
                request_key: str | None = None, follow: bool = False) -> Written:
    """Remove hand ``number``; the later ones move up one. It can be undone.

    Raises :class:`HandNotFound`, :class:`StaleWrite`.
    """
    key = check_key(request_key)
    game = _game(game)
    digest = _digest("delete", [number, expected_version])
    earlier = _repeated(game, key, digest)
    if earlier is not None:
        return earlier
    _check_open(game, by)
    hand = _hand_now(game, number, expected_version, follow)
    number = hand.number
    before_totals = games_service.totals_of(game)
    before = _snapshot(hand)
    _take_hand(game, number)
    games_service.settle(game)
    change = _log(game, kind=ChangeKind.DELETE, by=by, hand=number, before=before, after=None,
                  totals_before=before_totals, key=key, digest=digest)
    return _written(game, change, None)


def undo_target(game: Game) -> GameChange | None:
    """The change an undo would take back: the latest add, fix or delete not undone."""
    return db.session.execute(
        select(GameChange)
        .where(GameChange.game_id == game.id, GameChange.kind.in_(UNDOABLE),
               GameChange.undone.is_(False))
        .order_by(GameChange.seq.desc()).limit(1)
    ).scalar_one_or_none()


def redo_target(game: Game) -> GameChange | None:
    """The change a redo would apply again: the last one undone, as long as no new add, fix
    or delete came after the undo (a new change starts a new line of history)."""
    last_edit = db.session.execute(
        select(func.max(GameChange.seq))
        .where(GameChange.game_id == game.id, GameChange.kind.in_(UNDOABLE))
    ).scalar() or 0
    undone: list[int | None] = []  # the targets of the undos not redone (an undo has one)
    for kind, target in db.session.execute(
        select(GameChange.kind, GameChange.target)
        .where(GameChange.game_id == game.id, GameChange.seq > last_edit,
               GameChange.kind.in_((ChangeKind.UNDO, ChangeKind.REDO)))
        .order_by(GameChange.seq)
    ):
        if kind is ChangeKind.UNDO:
            undone.append(target)
        elif undone:
            undone.pop()
    if not undone:
        return None
    return db.session.execute(
        select(GameChange).where(GameChange.game_id == game.id, GameChange.seq == undone[-1])
    ).scalar_one_or_none()


def _check_seen(game: Game, seen_version: int | None) -> None:
    if seen_version is not None and seen_version != game.version:
        raise StaleWrite(game.version)


def undo(game: Game | str, *, by: str, seen_version: int | None = None,
         request_key: str | None = None) -> Written:
    """Take back the latest add, fix or delete: an added hand goes, a fixed hand gets its
    previous entry back, a removed hand comes back in its place.

    ``seen_version``: the game's version the page showed (a stale undo changes nothing).
    Raises :class:`NothingToUndo`, :class:`StaleWrite`.
    """
    return _step(game, ChangeKind.UNDO, by=by, seen_version=seen_version, request_key=request_key)


def redo(game: Game | str, *, by: str, seen_version: int | None = None,
         request_key: str | None = None) -> Written:
    """Apply again the change the last undo took back. Raises :class:`NothingToRedo`,
    :class:`StaleWrite`."""
    return _step(game, ChangeKind.REDO, by=by, seen_version=seen_version, request_key=request_key)


def _step(game: Game | str, kind: ChangeKind, *, by: str, seen_version: int | None,
          request_key: str | None) -> Written:
    """An undo or a redo, through the steps every operation takes."""
    key = check_key(request_key)
    game = _game(game)
    digest = _digest(kind, seen_version)
    earlier = _repeated(game, key, digest)
    if earlier is not None:
        return earlier
    _check_open(game, by)
    _check_seen(game, seen_version)
    undoing = kind is ChangeKind.UNDO
    target = undo_target(game) if undoing else redo_target(game)
    if target is None:
        raise NothingToUndo() if undoing else NothingToRedo()
    return _apply(game, target, kind, by=by, key=key, digest=digest)


def _apply(game: Game, target: GameChange, kind: ChangeKind, *, by: str, key: str | None,
           digest: str) -> Written:
    """Undo (``ChangeKind.UNDO``) or redo ``target``, then log it."""
    assert target.hand is not None
    number = target.hand
    # Undoing an add or redoing a delete removes the hand; undoing a delete or redoing an
    # add puts it back; a fix swaps one entry for the other.
    removes = (target.kind, kind) in ((ChangeKind.ADD, ChangeKind.UNDO),
                                      (ChangeKind.DELETE, ChangeKind.REDO))
    puts = (target.kind, kind) in ((ChangeKind.DELETE, ChangeKind.UNDO),
                                   (ChangeKind.ADD, ChangeKind.REDO))
    totals_before = games_service.totals_of(game)
    hand: Hand | None = None
    if removes:
        before, after = _snapshot(get_hand(game, number)), None
        _take_hand(game, number)
    elif puts:
        snap = _logged(target, kind)
        before, after = None, snap
        hand = _put_hand(game, min(number, len(game.hands) + 1), snap)
    else:
        hand = get_hand(game, number)
        snap = _logged(target, kind)
        before, after = _snapshot(hand), snap
        _set_hand(hand, snap)
    target.undone = kind is ChangeKind.UNDO
    games_service.settle(game)
    change = _log(game, kind=kind, by=by, hand=hand.number if hand is not None else number,
                  before=before, after=after, totals_before=totals_before, key=key,
                  digest=digest, target=target.seq)
    return _written(game, change, hand)


def settle_at_time(game: Game | str, *, by: str = BY_DESK) -> Written | None:
    """End an unfinished game on its current totals because time is up (002's clock).

    Used when a tournament round is closed and a table entered no ``time_up`` hand: an empty
    hand ended by time is added (nothing on it counts), so the game's own record says why it
    ended and the highest total wins, level totals drawing. A rule set without a clock cannot
    take such a hand; its game is closed on the same outcome without one. Returns ``None``
    when the game was already over.
    """
    game = _game(game)
    if game.finished:
        return None
    body = {"end": HandEnd.TIME_UP.value, "sides": [{} for _ in game.sides]}
    totals_before = games_service.totals_of(game)
    try:
        snap = _counted(game, body)
    except EntryErrors:
        outcome = flow.decide(games_service.ruleset_of(game), totals_before,
                              hands=len(game.hands), target=game.target, time_up=True)
        game.version += 1
        game.updated_at = game.finished_at = utcnow()
        game.winner = outcome.winner
        game.drawn = outcome.drawn
        change = _log(game, kind=ChangeKind.SETTLE, by=by, hand=None, before=None, after=None,
                      totals_before=totals_before, key=None, digest="")
        return _written(game, change, None)
    number = len(game.hands) + 1
    hand = _put_hand(game, number, snap)
    games_service.settle(game)
    change = _log(game, kind=ChangeKind.SETTLE, by=by, hand=number, before=None, after=snap,
                  totals_before=totals_before, key=None, digest="")
    return _written(game, change, hand)


def note_abandonment(game: Game | str, *, by: str = BY_DESK) -> Written:
    """Log that a pair abandoned the game at the desk (the tournament credits it); the hands
    stay as they are."""
    return _note(game, ChangeKind.ABANDON, by)


def note_abandonment_undone(game: Game | str, *, by: str = BY_DESK) -> Written:
    """Log that the desk took back an abandonment (the game counts again as played)."""
    return _note(game, ChangeKind.UNABANDON, by)


def _note(game: Game | str, kind: ChangeKind, by: str) -> Written:
    """Log a change of the game's standing that touches no hand (a new version all the same)."""
    game = _game(game)
    totals = games_service.totals_of(game)
    game.version += 1
    game.updated_at = utcnow()
    change = _log(game, kind=kind, by=by, hand=None, before=None, after=None,
                  totals_before=totals, key=None, digest="")
    return _written(game, change, None)
