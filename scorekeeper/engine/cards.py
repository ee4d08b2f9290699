"""Cards as the count sees them: the categories that share a value, and how many a deck holds."""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Generic, TypeVar

from .declared import rule
from .errors import N_


class CardGroup(StrEnum):
    """Cards that are worth the same at the count (RULES.md, "Card values")."""

    JOKERS = "jokers"
    TWOS = "twos"
    ACES = "aces"
    EIGHTS_TO_KINGS = "eights_to_kings"
    FOURS_TO_SEVENS = "fours_to_sevens"
    BLACK_THREES = "black_threes"

    def per_pack(self) -> int:
        """How many cards of the group one pack (52 cards and two jokers) holds."""
        return _PER_PACK[self]

    def in_deck(self, packs: int, threes_ordinary: bool = False) -> int:
        """How many cards of the group ``packs`` packs hold. Where 3s are ordinary cards
        (``RedThreeRules.ordinary``: Buraco, Burraco, VARIANTS-2.md 11.2 "7–3 5", 12.2 "7, 6,
        5, 4, 3: 5 punti") the red 3s are counted among the 4s to 7s, the 5-point cards (the
        presets' note: "count red 3s among the 4 to 7"): two more a pack, 18."""
        extra = RED_THREES_PER_PACK if threes_ordinary and self is CardGroup.FOURS_TO_SEVENS else 0
        return (_PER_PACK[self] + extra) * packs

    @property
    def label(self) -> str:
        """One card of the group, as a value is set for it ("Joker", "8 to K"): a msgid."""
        return _LABELS[self][0]

    @property
    def plural(self) -> str:
        """The cards of the group, as they are counted ("Jokers"): a msgid."""
        return _LABELS[self][1]

    @property
    def ranks(self) -> str:
        """The group's ranks as the rules card lists them ("K, Q, J, 10, 9, 8"): a msgid."""
        return _LABELS[self][2]


_PER_PACK = {
    CardGroup.JOKERS: 2,
    CardGroup.TWOS: 4,
    CardGroup.ACES: 4,
    CardGroup.EIGHTS_TO_KINGS: 24,  # six ranks, four suits
    CardGroup.FOURS_TO_SEVENS: 16,  # four ranks, four suits
    CardGroup.BLACK_THREES: 2,
}

_LABELS = {
    CardGroup.JOKERS: (N_("Joker"), N_("Jokers"), N_("Joker")),
    CardGroup.TWOS: (N_("2"), N_("2s"), N_("2 (wild)")),
    CardGroup.ACES: (N_("Ace"), N_("Aces"), N_("Ace")),
    CardGroup.EIGHTS_TO_KINGS: (N_("8 to K"), N_("8 to K"), N_("K, Q, J, 10, 9, 8")),
    CardGroup.FOURS_TO_SEVENS: (N_("4 to 7"), N_("4 to 7"), N_("7, 6, 5, 4")),
    CardGroup.BLACK_THREES: (N_("Black 3"), N_("Black 3s"), N_("Black 3")),
}

#: Red 3s in one pack: they are bonus cards, never counted at card value.
RED_THREES_PER_PACK = 2
#: Black 3s in one pack.
BLACK_THREES_PER_PACK = _PER_PACK[CardGroup.BLACK_THREES]


K = TypeVar("K", bound=StrEnum)


class ByKey(Generic[K]):
    """A number for each key of a StrEnum, kept in the field the key's value names (a card
    group's, a canasta kind's)."""

    def of(self, key: K) -> int:
        """The number of ``key``."""
        # The key is a str, its field's name: ``key.value`` would cost an enum property's
        # lookup, and a count asks this some 300 times.
        number: int = getattr(self, key)
        return number


def _value(group: CardGroup, points: int) -> int:
    value: int = rule(points, group.label, card=group.ranks,
                      sources=("000", "001", "002", "003", "004"))
    return value


@dataclass(frozen=True)
class CardValues(ByKey[CardGroup]):
    """What one card of each group is worth (all five sources agree: RULES.md)."""

    jokers: int = _value(CardGroup.JOKERS, 50)
    twos: int = _value(CardGroup.TWOS, 20)
    aces: int = _value(CardGroup.ACES, 20)
    eights_to_kings: int = _value(CardGroup.EIGHTS_TO_KINGS, 10)
    fours_to_sevens: int = _value(CardGroup.FOURS_TO_SEVENS, 5)
    black_threes: int = _value(CardGroup.BLACK_THREES, 5)


@dataclass(frozen=True)
class CardCounts(ByKey[CardGroup]):
    """How many cards of each group lie somewhere (on a side's table, or in its hands)."""

    jokers: int = 0
    twos: int = 0
    aces: int = 0
    eights_to_kings: int = 0
    fours_to_sevens: int = 0
    black_threes: int = 0

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
