"""A hand under check: what every check of the count (:mod:`.checks`) reads, and the helpers
they share (a value the rule set leaves unset, the side that tips a deck limit over, what the
packs are worth)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import accumulate

from .cards import CardGroup
from .errors import N_, FieldError
from .hand import HandEntry
from .rule_types import (
    CANASTA_KINDS,
    CanastaBonus,
    HandEnd,
    PlayerFormat,
)
from .rulesets import RuleSet
from .worked import WorkedSide

#: The error of a hand that ended by going out with no side marked out. A live count leaves it
#: out (nobody has chosen yet while typing the first numbers); a save shows it.
CHOOSE_WHO_WENT_OUT = N_("Choose the side that went out.")


def not_set(field_name: str, label: str) -> FieldError:
    return FieldError(
        field_name,
        N_("This rule set gives no value for “%(name)s”: set it in the house rules first."),
        name=label,
    )


@dataclass(frozen=True)
class HandUnderCheck:
    """A hand under check: the rule set, the format, the entry and its sides worked out."""

    ruleset: RuleSet
    fmt: PlayerFormat
    entry: HandEntry
    sides: list[WorkedSide]

    @property
    def packs(self) -> int:
        return self.fmt.packs

    def went_out(self, side: WorkedSide) -> bool:
        """Whether ``side`` went out (a hand that ended some other way has nobody out)."""
        return bool(side.entry.going_out) and self.entry.end is HandEnd.WENT_OUT

    def canastas(self, side: WorkedSide) -> list[tuple[CanastaBonus, int]]:
        """The kinds of canasta ``side`` made, as the rule set defines them, with how many."""
        c = side.entry.canastas
        return [(self.ruleset.canasta_kind(k), c.of(k)) for k in CANASTA_KINDS if c.of(k)]

    def unfinished(self, side: WorkedSide) -> list[tuple[CanastaBonus, int]]:
        """The melds ``side`` left unfinished, by the kind they were to be, with how many."""
        u = side.entry.unfinished_canastas
        return [(self.ruleset.canasta_kind(k), u.of(k)) for k in CANASTA_KINDS if u.of(k)]

    def numbered(self) -> Iterator[tuple[str, WorkedSide]]:
        """Each side with the prefix of its fields (``sides[0]``)."""
        for i, side in enumerate(self.sides):
            yield f"sides[{i}]", side


def first_over(limit: int, amounts: Iterable[int]) -> int | None:
    """The index at which the running sum of ``amounts`` first exceeds ``limit``.

    Deck limits are summed over all sides: the side that tips the sum over is the one told,
    once.
    """
    for index, total in enumerate(accumulate(amounts)):
        if total > limit:
            return index
    return None


Check = Callable[[HandUnderCheck], Iterator[FieldError]]


def deck_points(hand: HandUnderCheck) -> int:
    """What all the cards of the packs are worth (where 3s are ordinary cards, the red 3s at
    the 4s to 7s' value)."""
    values = hand.ruleset.card_values
    ordinary = hand.ruleset.red_threes.ordinary
    return sum(g.in_deck(hand.packs, ordinary) * values.of(g) for g in CardGroup)
