"""How a logged change reads to players: the "Changes" page, the two-phones notice, the sheet,
and the board's Undo and Redo (their buttons and what they did)."""

from __future__ import annotations

from typing import NamedTuple

from ..engine import RuleSet
from ..engine.errors import N_
from ..i18n import gettext as _
from ..i18n import number, own_gettext, signed
from ..models.changes import ChangeKind
from ..models.games import Game
from ..services import games as games_service
from ..services import record
from ..services.record import ChangeView


def points_text(change: ChangeView) -> str:
    """What the change did to each side's total, e.g. ``+1,035 / +535``."""
    return " / ".join(signed(p) for p in change.points)


def change_sentence(change: ChangeView, ruleset: RuleSet, *, other_phone: bool = False) -> str:
    """One sentence for a change: "Hand 3 was saved from another phone: +1,035 / +535", in the
    game's own words (Burraco's smazzata, Hand and Foot's round: ``RuleSet.words``)."""
    sentence = _sentence(change, ruleset, other_phone)
    if _total_only(change):
        return str(_("%(change)s (total only)", change=sentence))
    return sentence


def _total_only(change: ChangeView) -> bool:
    """Whether the hand the change wrote (or removed) was typed as its totals."""
    snap = change.after if change.after is not None else change.before
    entry = snap.get("entry") if isinstance(snap, dict) else None
    return isinstance(entry, dict) and bool(entry.get("total_only"))


def _sentence(change: ChangeView, ruleset: RuleSet, other_phone: bool) -> str:
    if change.kind is ChangeKind.ADD and games_service.is_time_call(change.after):
        return str(_("Time was up: the game ended on its totals."))
    said = (_FROM_ANOTHER_PHONE.get(change.kind) if other_phone else None) or SENTENCES[change.kind]
    # A sentence that names the hand says it in the game's own words (RuleSet.words).
    return own_gettext(ruleset, said, n=number(change.hand or 0), points=points_text(change))


#: What each kind of change says, by :class:`ChangeKind` (a kind without its sentence fails
#: tests/games/test_change_sentences.py): ``%(n)s`` is the hand's number, ``%(points)s`` the
#: change to the totals.
SENTENCES: dict[ChangeKind, str] = {
    ChangeKind.ADD: N_("Hand %(n)s saved: %(points)s"),
    ChangeKind.FIX: N_("Hand %(n)s corrected: %(points)s"),
    ChangeKind.DELETE: N_("Hand %(n)s removed: %(points)s"),
    ChangeKind.UNDO: N_("Undo (hand %(n)s): %(points)s"),
    ChangeKind.REDO: N_("Redo (hand %(n)s): %(points)s"),
    ChangeKind.SETTLE: N_("Settled when time was up: %(points)s"),
    ChangeKind.ABANDON: N_("The desk recorded an abandonment."),
    ChangeKind.UNABANDON: N_("The desk took back an abandonment."),
}

#: The two-phones notice: a hand saved, corrected or removed on another phone.
_FROM_ANOTHER_PHONE: dict[ChangeKind, str] = {
    ChangeKind.ADD: N_("Hand %(n)s was saved from another phone: %(points)s"),
    ChangeKind.FIX: N_("Hand %(n)s was corrected from another phone: %(points)s"),
    ChangeKind.DELETE: N_("Hand %(n)s was removed from another phone: %(points)s"),
}


def by_label(change: ChangeView) -> str:
    """Which link made the change."""
    labels: dict[str, str] = {
        "scorekeeper": _("the scorekeeper"),
        "editor": _("another scorekeeper"),
        "api": _("an app (edit token)"),
        "desk": _("the tournament desk"),
    }
    return labels.get(change.by, change.by)


class _UndoWords(NamedTuple):
    """By the kind of change an undo or a redo acts on: what the Undo and Redo buttons say
    they would do, and what an undo and a redo did (a hand in the game's own words)."""

    undo: str
    redo: str
    undone: str
    redone: str


_UNDO_WORDS = {
    ChangeKind.ADD: _UndoWords(N_("Undo: take back hand %(n)s"),
                               N_("Redo: count hand %(n)s again"),
                               N_("Undone: hand %(n)s is no longer counted."),
                               N_("Redone: hand %(n)s is counted again.")),
    ChangeKind.FIX: _UndoWords(N_("Undo the fix of hand %(n)s"), N_("Redo the fix of hand %(n)s"),
                               N_("Undone: hand %(n)s is back as it was before the fix."),
                               N_("Redone: hand %(n)s has the fix again.")),
    ChangeKind.DELETE: _UndoWords(N_("Undo: put hand %(n)s back"),
                                  N_("Redo: remove hand %(n)s again"),
                                  N_("Undone: hand %(n)s is back in its place."),
                                  N_("Redone: hand %(n)s is removed again.")),
}


#: The undo and redo of the empty hand that ended a game at time: they take back, or make
#: again, the end of the game, not a hand (QA, 2026-12-05: "Undo: take back smazzata 3").
_TIME_CALL = _UndoWords(N_("Undo the end at time"), N_("Redo the end at time"),
                        N_("Undone: the game goes on."),
                        N_("Redone: time was up, the game ended on its totals."))


def _words(kind: ChangeKind, hand: dict[str, object] | None) -> _UndoWords | None:
    """What an undo or a redo of a change of ``kind`` to ``hand`` (its stored snapshot) says."""
    if kind is ChangeKind.ADD and games_service.is_time_call(hand):
        return _TIME_CALL
    return _UNDO_WORDS.get(kind)


def describe_undo(change: ChangeView, ruleset: RuleSet, *, undo: bool) -> str:
    """What an undo or a redo did, in the players' words (the game's own for a hand)."""
    words = _words(_target_kind(change),
                   change.before if change.before is not None else change.after)
    if words is None:
        return str(_("Done."))
    return own_gettext(ruleset, words.undone if undo else words.redone,
                       n=number(change.hand or 0))


def _target_kind(change: ChangeView) -> ChangeKind:
    """For an undo or a redo: the kind of change it acted on (from what it did to the hand)."""
    if change.before is None and change.after is not None:
        return ChangeKind.ADD if change.kind is ChangeKind.REDO else ChangeKind.DELETE
    if change.before is not None and change.after is None:
        return ChangeKind.ADD if change.kind is ChangeKind.UNDO else ChangeKind.DELETE
    return ChangeKind.FIX


def undo_redo_labels(game: Game) -> tuple[str | None, str | None]:
    """What the Undo and Redo buttons would do now (``None`` where there is nothing to do)."""
    rs = games_service.ruleset_of(game)

    undo, redo = record.undo_target(game), record.redo_target(game)
    undo_words = None if undo is None else _words(undo.kind, undo.after)
    redo_words = None if redo is None else _words(redo.kind, redo.after)
    return (None if undo is None or undo_words is None else own_gettext(
                rs, undo_words.undo, n=number(undo.hand or 0)),
            None if redo is None or redo_words is None else own_gettext(
                rs, redo_words.redo, n=number(redo.hand or 0)))
