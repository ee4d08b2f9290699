"""How a logged change reads to players: the "Changes" page, the two-phones notice, the sheet."""

from __future__ import annotations

from collections.abc import Callable

from ..engine import RuleSet
from ..i18n import gettext as _
from ..i18n import number, own_gettext, signed
from ..models.changes import ChangeKind
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
    n, points = number(change.hand or 0), points_text(change)
    if other_phone:
        told = _FROM_ANOTHER_PHONE.get(change.kind)
        if told is not None:
            return told(ruleset, n, points)
    return SENTENCES[change.kind](ruleset, n, points)


_Sentence = Callable[[RuleSet, str, str], str]

#: What each kind of change says, by :class:`ChangeKind` (a kind without its sentence fails
#: tests/games/test_change_sentences.py); ``n`` is the hand's number, ``points`` the change
#: to the totals; a sentence that names the hand says it in the game's own words.
SENTENCES: dict[ChangeKind, _Sentence] = {
    ChangeKind.ADD: lambda rs, n, points: own_gettext(
        rs, "Hand %(n)s saved: %(points)s", n=n, points=points),
    ChangeKind.FIX: lambda rs, n, points: own_gettext(
        rs, "Hand %(n)s corrected: %(points)s", n=n, points=points),
    ChangeKind.DELETE: lambda rs, n, points: own_gettext(
        rs, "Hand %(n)s removed: %(points)s", n=n, points=points),
    ChangeKind.UNDO: lambda rs, n, points: own_gettext(
        rs, "Undo (hand %(n)s): %(points)s", n=n, points=points),
    ChangeKind.REDO: lambda rs, n, points: own_gettext(
        rs, "Redo (hand %(n)s): %(points)s", n=n, points=points),
    ChangeKind.SETTLE: lambda rs, n, points: _("Settled when time was up: %(points)s",
                                               points=points),
    ChangeKind.ABANDON: lambda rs, n, points: _("The desk recorded an abandonment."),
    ChangeKind.UNABANDON: lambda rs, n, points: _("The desk took back an abandonment."),
}

#: The two-phones notice: a hand saved, corrected or removed on another phone.
_FROM_ANOTHER_PHONE: dict[ChangeKind, _Sentence] = {
    ChangeKind.ADD: lambda rs, n, points: own_gettext(
        rs, "Hand %(n)s was saved from another phone: %(points)s", n=n, points=points),
    ChangeKind.FIX: lambda rs, n, points: own_gettext(
        rs, "Hand %(n)s was corrected from another phone: %(points)s", n=n, points=points),
    ChangeKind.DELETE: lambda rs, n, points: own_gettext(
        rs, "Hand %(n)s was removed from another phone: %(points)s", n=n, points=points),
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
