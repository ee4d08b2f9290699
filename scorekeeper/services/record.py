"""Every change to a game goes through here: one operation per change, each its act alone,
run through the one write sequence (``services.writing.write``) by the games' ledger
(:class:`GameLedger`): the request key, the game's lock by its id, a repeated request, the
tournament's checks (``services.game_standing.check_open``, never for the desk), the version
the writer saw, the act, the change log.

The operations: :func:`add_hand`, :func:`end_at_time`, :func:`fix_hand`, :func:`delete_hand`,
:func:`undo`, :func:`redo`, :func:`settle_at_time`, :func:`note_abandonment`,
:func:`note_abandonment_undone`. Each takes the game's id (its public id, or its row id as the
desk reaches its tables' games), never a game loaded before its lock.

Operations flush and never commit: the request commits once, at its end (``create_app``).
Errors are domain errors; the views and the API translate them, each in one place.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from sqlalchemy import select

from ..engine import EntryErrors as EntryErrors  # re-exported: an operation raises it
from ..engine import HandEnd, flow
from ..extensions import db
from ..models import Game, GameChange, Hand
from ..models.changes import ChangeKind
from ..models.games import utcnow
from . import games as games_service
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
from .game_changes import HAND_CHANGES as HAND_CHANGES  # re-exported: the log's readers
from .game_changes import UNDOABLE as UNDOABLE
from .game_changes import ChangeView as ChangeView
from .game_changes import HandSnapshot, changes_since
from .game_changes import HandView as HandView
from .game_changes import Written as Written
from .game_changes import changes_of as changes_of
from .game_changes import corrected_at_the_desk as corrected_at_the_desk
from .game_changes import redo_target as redo_target
from .game_changes import undo_target as undo_target
from .game_changes import view_of as view_of
from .game_standing import abandoned_side as abandoned_side
from .game_standing import check_open, check_time_up, desk_result_counts
from .game_standing import desk_token_hash as desk_token_hash
from .game_standing import time_not_up as time_not_up  # the live count asks it
from .games import get_hand
from .writing import BY_API as BY_API  # re-exported: who made a change, for the callers
from .writing import BY_DESK as BY_DESK
from .writing import BY_EDITOR as BY_EDITOR
from .writing import BY_SCOREKEEPER as BY_SCOREKEEPER
from .writing import MAX_REQUEST_KEY as MAX_REQUEST_KEY
from .writing import Ledger, Writing, lock_game, next_seq, write
from .writing import check_key as check_key

__all__ = ["BellNotRung", "ChangedMeanwhile", "EntryErrors", "GameAbandoned", "GameClosed",
           "GameNotFound", "GameOnPaper", "GameOver", "HandNotFound", "KeyReused", "KeyTooLong",
           "NothingToRedo", "NothingToUndo", "StaleWrite", "WriteRefused"]


def lock(game_id: str) -> Game:
    """The game whose public id is ``game_id``, locked for this transaction, loaded fresh.

    Raises :class:`GameNotFound`.
    """
    return lock_game(game_id)


def lock_row(game_pk: int) -> Game:
    """The game whose row id is ``game_pk``, locked for this transaction, loaded fresh (the
    desk reaches its tables' games by row). Raises :class:`GameNotFound`."""
    return lock_game(game_pk)


# -- the games' ledger ---------------------------------------------------------------------------


@dataclass(frozen=True)
class HandEntry:
    """What a game's act returns for its log row: the change's kind, the hand it concerns,
    that hand before and after, each side's total before the act, the hand the answer shows
    (if one is left), and the change an undo or a redo targets."""

    kind: ChangeKind
    hand: int | None
    before: HandSnapshot | None
    after: HandSnapshot | None
    totals_before: list[int]
    shown: Hand | None = None
    target: int | None = None


class GameLedger(Ledger[str | int, Game, HandEntry, Written]):
    """How a game is written (see ``services.writing``): locked by its id, its changes logged
    in :class:`GameChange`, refused by its tournament (``game_standing.check_open``)."""

    def lock(self, ident: str | int) -> Game:
        return lock_game(ident)

    def repeated(self, row: Game, key: str, digest: str) -> Written | None:
        earlier = db.session.execute(
            select(GameChange).where(GameChange.game_id == row.id, GameChange.request_key == key)
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
            hand = HandView(earlier.hand, earlier.version, {
                "entry": snap["entry"], "result": snap["result"],
                "totals": [int(t) for t in snap["totals"]]})
        return Written(view_of(earlier), hand, row.version, repeated=True)

    def check(self, row: Game, by: str) -> None:
        check_open(row, by)

    def check_version(self, row: Game, expected: int) -> None:
        if expected != row.version:
            raise StaleWrite(row.version)

    def log(self, writing: Writing[Game], entry: HandEntry) -> Written:
        game = writing.row
        change = GameChange(
            game_id=game.id, seq=next_seq(GameChange.seq, GameChange.game_id, game.id),
            kind=entry.kind, hand=entry.hand, before=entry.before, after=entry.after,
            totals_before=entry.totals_before, totals_after=games_service.totals_of(game),
            target=entry.target, undone=False, by=writing.by, request_key=writing.key,
            request_digest=writing.digest if writing.key else None, version=game.version,
            at=utcnow(),
        )
        db.session.add(change)
        db.session.flush()
        if writing.by == BY_DESK and entry.kind is not ChangeKind.SETTLE:
            desk_result_counts(game)
        shown = entry.shown
        if shown is not None:
            shown.version = game.version
            db.session.flush()
        view = None if shown is None else HandView(shown.number, shown.version, kept_hand(shown))
        return Written(view_of(change), view, game.version)


GAMES = GameLedger()


# -- hands, as the log keeps them ----------------------------------------------------------------


def kept_hand(hand: Hand) -> HandSnapshot:
    """``hand`` as the change log keeps it."""
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


# -- the operations ------------------------------------------------------------------------------


def _not_over(game: Game) -> None:
    if game.finished:
        raise GameOver()


def _nothing_meanwhile(game: Game, seen_version: int) -> None:
    if seen_version != game.version:
        raise ChangedMeanwhile(game.version, changes_since(game, seen_version))


def _hand_seen(number: int, follow: bool) -> Callable[[Game, int], None]:
    """The version check of a change to hand ``number``: the hand's version, not its game's
    (see :func:`_hand_now`)."""
    def check(game: Game, seen: int) -> None:
        _hand_now(game, number, seen, follow)

    return check


def add_hand(game_id: str | int, body: Mapping[str, object], *, by: str,
             request_key: str | None = None, seen_version: int | None = None) -> Written:
    """Count a hand and add it after the last one.

    ``seen_version``: the game's version when the count form was opened (or an API client's
    ``If-Match``); if the game changed since, :class:`ChangedMeanwhile` lists what changed and
    nothing is saved. Raises :class:`GameOver`, :class:`EntryErrors`, ``ShapeError``.
    """
    def act(w: Writing[Game]) -> HandEntry:
        game = w.row
        check_time_up(game.id, body, by)
        # After the repeat and game-over checks: a repeated save gets its earlier answer, a
        # game over says so. The desk's time-up hand (settle_at_time) is never refused for room.
        games_service.check_room_for_hand(game)
        snap = _counted(game, body)
        before = games_service.totals_of(game)
        number = len(game.hands) + 1
        hand = _put_hand(game, number, snap)
        games_service.settle(game)
        return HandEntry(ChangeKind.ADD, number, None, snap, before, hand)

    return write(GAMES, game_id, "add", body, act, by=by, request_key=request_key,
                 expected_version=seen_version, checks=(_not_over,), version=_nothing_meanwhile)


def _time_up_body(game: Game) -> dict[str, object]:
    """An empty hand ended by time: nobody went out, nothing on it counts."""
    return {"end": HandEnd.TIME_UP.value, "sides": [{} for _ in game.sides]}


def end_at_time(game_id: str | int, *, by: str, request_key: str | None = None,
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
    body = _time_up_body(lock_game(game_id))
    return add_hand(game_id, body, by=by, request_key=request_key, seen_version=seen_version)


def fix_hand(game_id: str | int, number: int, body: Mapping[str, object], *, by: str,
             expected_version: int | None = None, request_key: str | None = None,
             follow: bool = False) -> Written:
    """Count hand ``number`` again from a corrected entry.

    ``expected_version``: the hand's version the corrector saw (with ``follow``, the hand is
    found by it if hands before it were removed). Raises :class:`HandNotFound`, :class:`StaleWrite`,
    :class:`EntryErrors`.
    """
    def act(w: Writing[Game]) -> HandEntry:
        game = w.row
        hand = _hand_now(game, number, expected_version, follow)
        if hand.entry.get("end") != HandEnd.TIME_UP.value:
            check_time_up(game.id, body, by)
        snap = _counted(game, body)
        before_totals = games_service.totals_of(game)
        before = kept_hand(hand)
        _set_hand(hand, snap)
        games_service.settle(game)
        return HandEntry(ChangeKind.FIX, hand.number, before, snap, before_totals, hand)

    return write(GAMES, game_id, "fix", [number, expected_version, body], act, by=by,
                 request_key=request_key, expected_version=expected_version,
                 version=_hand_seen(number, follow))


def delete_hand(game_id: str | int, number: int, *, by: str,
                expected_version: int | None = None, request_key: str | None = None,
                follow: bool = False) -> Written:
    """Remove hand ``number``; the later ones move up one. It can be undone.

    Raises :class:`HandNotFound`, :class:`StaleWrite`.
    """
    def act(w: Writing[Game]) -> HandEntry:
        game = w.row
        hand = _hand_now(game, number, expected_version, follow)
        at = hand.number
        before_totals = games_service.totals_of(game)
        before = kept_hand(hand)
        _take_hand(game, at)
        games_service.settle(game)
        return HandEntry(ChangeKind.DELETE, at, before, None, before_totals)

    return write(GAMES, game_id, "delete", [number, expected_version], act, by=by,
                 request_key=request_key, expected_version=expected_version,
                 version=_hand_seen(number, follow))


def undo(game_id: str | int, *, by: str, seen_version: int | None = None,
         request_key: str | None = None) -> Written:
    """Take back the latest add, fix or delete: an added hand goes, a fixed hand gets its
    previous entry back, a removed hand comes back in its place.

    ``seen_version``: the game's version the page showed (a stale undo changes nothing).
    Raises :class:`NothingToUndo`, :class:`StaleWrite`.
    """
    return _step(game_id, ChangeKind.UNDO, by=by, seen_version=seen_version,
                 request_key=request_key)


def redo(game_id: str | int, *, by: str, seen_version: int | None = None,
         request_key: str | None = None) -> Written:
    """Apply again the change the last undo took back. Raises :class:`NothingToRedo`,
    :class:`StaleWrite`."""
    return _step(game_id, ChangeKind.REDO, by=by, seen_version=seen_version,
                 request_key=request_key)


def _step(game_id: str | int, kind: ChangeKind, *, by: str, seen_version: int | None,
          request_key: str | None) -> Written:
    """An undo or a redo: the change it targets, taken back or applied again."""
    def act(w: Writing[Game]) -> HandEntry:
        game = w.row
        undoing = kind is ChangeKind.UNDO
        target = undo_target(game) if undoing else redo_target(game)
        if target is None:
            raise NothingToUndo() if undoing else NothingToRedo()
        return _apply(game, target, kind)

    return write(GAMES, game_id, kind, seen_version, act, by=by, request_key=request_key,
                 expected_version=seen_version)


def _apply(game: Game, target: GameChange, kind: ChangeKind) -> HandEntry:
    """Undo (``ChangeKind.UNDO``) or redo ``target``; what the log keeps of it."""
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
        before, after = kept_hand(get_hand(game, number)), None
        _take_hand(game, number)
    elif puts:
        snap = _logged(target, kind)
        before, after = None, snap
        hand = _put_hand(game, min(number, len(game.hands) + 1), snap)
    else:
        hand = get_hand(game, number)
        snap = _logged(target, kind)
        before, after = kept_hand(hand), snap
        _set_hand(hand, snap)
    target.undone = kind is ChangeKind.UNDO
    games_service.settle(game)
    return HandEntry(kind, hand.number if hand is not None else number, before, after,
                     totals_before, hand, target=target.seq)


class _AlreadyOver(Exception):
    """The game :func:`settle_at_time` was asked to settle was over: nothing is logged."""


def settle_at_time(game_id: str | int, *, by: str = BY_DESK) -> Written | None:
    """End an unfinished game on its current totals because time is up (002's clock).

    Used when a tournament round is closed and a table entered no ``time_up`` hand: an empty
    hand ended by time is added (nothing on it counts), so the game's own record says why it
    ended and the highest total wins, level totals drawing. A rule set without a clock cannot
    take such a hand; its game is closed on the same outcome without one. Returns ``None``
    when the game was already over (nothing is logged).
    """
    def act(w: Writing[Game]) -> HandEntry:
        game = w.row
        if game.finished:
            raise _AlreadyOver
        body = _time_up_body(game)
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
            return HandEntry(ChangeKind.SETTLE, None, None, None, totals_before)
        number = len(game.hands) + 1
        hand = _put_hand(game, number, snap)
        games_service.settle(game)
        return HandEntry(ChangeKind.SETTLE, number, None, snap, totals_before, hand)

    try:
        return write(GAMES, game_id, ChangeKind.SETTLE, None, act, by=by, checked=False)
    except _AlreadyOver:
        return None


def note_abandonment(game_id: str | int, *, by: str = BY_DESK) -> Written:
    """Log that a pair abandoned the game at the desk (the tournament credits it); the hands
    stay as they are."""
    return _note(game_id, ChangeKind.ABANDON, by)


def note_abandonment_undone(game_id: str | int, *, by: str = BY_DESK) -> Written:
    """Log that the desk took back an abandonment (the game counts again as played)."""
    return _note(game_id, ChangeKind.UNABANDON, by)


def _note(game_id: str | int, kind: ChangeKind, by: str) -> Written:
    """Log a change of the game's standing that touches no hand (a new version all the same)."""
    def act(w: Writing[Game]) -> HandEntry:
        game = w.row
        totals = games_service.totals_of(game)
        game.version += 1
        game.updated_at = utcnow()
        return HandEntry(kind, None, None, None, totals)

    return write(GAMES, game_id, kind, None, act, by=by, checked=False)
