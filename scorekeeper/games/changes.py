"""How a logged change reads to players: the "Changes" page, the two-phones notice, the sheet."""

from __future__ import annotations

from ..engine import RuleSet
from ..engine.errors import N_
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
