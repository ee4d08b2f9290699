"""A game's change log as it is read: each change as plain data (the "Changes" page, the API,
the answers of ``services.record``'s operations), and which change an undo or a redo would
take (``services.record`` writes them).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypedDict

from sqlalchemy import func, select

from ..extensions import db
from ..models import Game, GameChange
from ..models.changes import ChangeKind
from .authors import BY_DESK

#: Changes that act on hands and can be undone (and then redone).
UNDOABLE = (ChangeKind.ADD, ChangeKind.FIX, ChangeKind.DELETE)
#: The changes that touch a game's hands (not a settlement or an abandonment the desk notes).
HAND_CHANGES = (*UNDOABLE, ChangeKind.UNDO, ChangeKind.REDO)


class HandSnapshot(TypedDict):
    """A hand as the change log keeps it (``GameChange.before`` and ``after``): its entry as
    stored, its count (:func:`~scorekeeper.services.games.result_to_rows`) and each side's
    total."""

    entry: dict[str, object]
    result: list[dict[str, Any]]
    totals: list[int]


@dataclass(frozen=True)
class HandView:
    """A hand as an answer shows it: its number and version, and the hand as the change log
    keeps it (plain data, read before the request commits)."""

    number: int
    version: int
    kept: HandSnapshot


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


def changes_of(game: Game) -> list[ChangeView]:
    """Every change of the game, oldest first."""
    rows = db.session.execute(
        select(GameChange).where(GameChange.game_id == game.id).order_by(GameChange.seq)
    ).scalars()
    return [view_of(c) for c in rows]


def changes_since(game: Game, version: int) -> list[ChangeView]:
    """The game's changes after ``version``, oldest first (what a stale form missed)."""
    rows = db.session.execute(
        select(GameChange).where(GameChange.game_id == game.id, GameChange.version > version)
        .order_by(GameChange.seq)
    ).scalars()
    return [view_of(c) for c in rows]


def corrected_at_the_desk(game_pk: int) -> bool:
    """Whether the tournament desk changed the game's hands (its sheet says so)."""
    return db.session.execute(
        select(GameChange.id).where(GameChange.game_id == game_pk, GameChange.by == BY_DESK,
                                    GameChange.kind.in_(HAND_CHANGES)).limit(1)
    ).first() is not None


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
