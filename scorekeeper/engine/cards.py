"""Cards as the count sees them: the categories that share a value, and how many a deck holds."""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum


class CardGroup(StrEnum):
    """Cards that are worth the same at the count (RULES.md, "Card values")."""

    JOKERS = "jokers"
    TWOS = "twos"
    ACES = "aces"
    EIGHTS_TO_KINGS = "eights_to_kings"
    FOURS_TO_SEVENS = "fours_to_sevens"
    BLACK_THREES = "black_threes"

    @property
    def is_wild(self) -> bool:
        """Jokers and 2s are wild cards."""
        return self in (CardGroup.JOKERS, CardGroup.TWOS)

    def per_pack(self) -> int:
        """How many cards of the group one pack (52 cards and two jokers) holds."""
        return _PER_PACK[self]


_PER_PACK = {
    CardGroup.JOKERS: 2,
    CardGroup.TWOS: 4,
    CardGroup.ACES: 4,
    CardGroup.EIGHTS_TO_KINGS: 24,  # six ranks, four suits
    CardGroup.FOURS_TO_SEVENS: 16,  # four ranks, four suits
    CardGroup.BLACK_THREES: 2,
}

#: Red 3s in one pack: they are bonus cards, never counted at card value.
RED_THREES_PER_PACK = 2
#: Black 3s in one pack.
BLACK_THREES_PER_PACK = _PER_PACK[CardGroup.BLACK_THREES]


@dataclass(frozen=True)
class CardValues:
    """What one card of each group is worth (all five sources agree: RULES.md)."""

    jokers: int = 50
    twos: int = 20
    aces: int = 20
    eights_to_kings: int = 10
    fours_to_sevens: int = 5
    black_threes: int = 5

    def of(self, group: CardGroup) -> int:
        """The value of one card of ``group``."""
        value: int = getattr(self, group.value)
        return value


@dataclass(frozen=True)
class CardCounts:
    """How many cards of each group lie somewhere (on a side's table, or in its hands)."""

    jokers: int = 0
    twos: int = 0
    aces: int = 0
    eights_to_kings: int = 0
    fours_to_sevens: int = 0
    black_threes: int = 0

    def of(self, group: CardGroup) -> int:
        """How many cards of ``group``."""
        count: int = getattr(self, group.value)
        return count

    @property
    def total_cards(self) -> int:
        """All the cards counted."""
        return sum(self.of(g) for g in CardGroup)

    @property
    def wild_cards(self) -> int:
        """Jokers and 2s."""
        return self.jokers + self.twos

    def points(self, values: CardValues) -> int:
        """The card points of these cards."""
        return sum(self.of(g) * values.of(g) for g in CardGroup)


CARD_GROUP_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(CardCounts))
