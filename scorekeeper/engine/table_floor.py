"""The fewest points a side's canastas can hold once the cheap cards run out.

:attr:`~.rule_types.CanastaBonus.minimum_card_points` prices each canasta alone, from the
cheapest cards: a natural one seven 4s to 7s (35), a mixed one six of them and a 2 (50), a wild
one seven 2s (140). Made together they draw on the same packs, which hold only so many cheap
cards (RULES.md: four cards of a rank a pack, four 2s and two jokers a pack):

- A canasta of natural cards is of one rank. Two packs hold eight 4s, so one natural canasta
  of 4s; four ranks are worth 5 (4, 5, 6, 7), so a side's fifth natural canasta is of 8s to
  kings at 10: five natural canastas hold 4 x 35 + 70 = 210 at least, not 5 x 35 = 175.
- Wild cards are 2s first, then jokers: five packs (Hand and Foot) hold twenty 2s, so four wild
  books, 28 wild cards, hold eight jokers at least: 20 x 20 + 8 x 50 = 800, not 4 x 140 = 560.

:func:`scarce_cards_extra` says how much more than the canastas' separate minimums a side's
canastas hold at least. It looks at one side's canastas alone (the other sides' melds would only
take more cheap cards), so it never asks more than a real hand holds; a hand is refused only
when it is shown impossible.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache

from .cards import CardGroup, CardValues
from .rule_types import CANASTA_CARDS, RANK_PER_PACK, CanastaBonus, Holds

#: The natural ranks of each card group that canastas are made of (RULES.md, "Card values").
_RANK_GROUPS: dict[str, CardGroup] = {
    **dict.fromkeys(("4", "5", "6", "7"), CardGroup.FOURS_TO_SEVENS),
    **dict.fromkeys(("8", "9", "10", "J", "Q", "K"), CardGroup.EIGHTS_TO_KINGS),
    "A": CardGroup.ACES,
}


def scarce_cards_extra(made: Iterable[tuple[CanastaBonus, int]], packs: int,
                       values: CardValues, cheap_ranks: int, one_a_side: bool,
                       threes_ordinary: bool) -> int:
    """How many points more than their :attr:`minimum_card_points` the canastas ``made`` (kind,
    how many) of one side hold at least, in ``packs`` packs: the natural cards' share (the
    larger of :func:`_naturals_extra`, rank by rank, and :func:`_cheapest_naturals_extra`, card
    by card) and the wild cards' (:func:`_wild_extra`). ``cheap_ranks``: how many ranks of the
    cheapest natural group the side's sets may be of; ``one_a_side``: a side has one meld of a
    rank (American); ``threes_ordinary``: 3s are ordinary 5-point cards (Buraco, Burraco)."""
    made = [(k, n) for k, n in made if n]
    return (max(_naturals_extra(made, packs, values, cheap_ranks, one_a_side),
                _cheapest_naturals_extra(made, packs, values, threes_ordinary))
            + _wild_extra(made, packs, values))


def cheap_ranks_of(ranks: Iterable[str]) -> int:
    """How many of ``ranks`` are of the cheapest natural group (4 to 7)."""
    return sum(1 for r in set(ranks) if _RANK_GROUPS.get(r) is CardGroup.FOURS_TO_SEVENS)


def _sets(made: list[tuple[CanastaBonus, int]]) -> tuple[int, int, int]:
    """The side's natural and mixed canastas that are sets of one rank priced from the
    cheapest cards (not runs, not a kind that says its own least points), and the most wild
    cards a mixed one holds."""
    natural = sum(n for k, n in made if k.holds is Holds.NATURAL and _priced_as_sets(k))
    mixed = [(k, n) for k, n in made if k.holds is Holds.MIXED and _priced_as_sets(k)]
    most_wild = min((k.max_wild for k, _ in mixed), default=0)
    return natural, sum(n for _, n in mixed), most_wild


def _priced_as_sets(k: CanastaBonus) -> bool:
    return not k.runs and k.least_points is None and k.cards == CANASTA_CARDS


def _naturals_extra(made: list[tuple[CanastaBonus, int]], packs: int, values: CardValues,
                    cheap_ranks: int, one_a_side: bool) -> int:
    """The natural and mixed canastas placed on the cheap ranks as cheaply as the packs allow
    (each cheap rank holds ``RANK_PER_PACK * packs`` cards for all of them), the rest on the
    next ranks (8 to king): what that costs over every one of them on a cheap rank."""
    natural, mixed, most_wild = _sets(made)
    if not (natural or mixed) or cheap_ranks <= 0:
        return 0
    cheap = values.of(CardGroup.FOURS_TO_SEVENS)
    dear = values.of(CardGroup.EIGHTS_TO_KINGS)
    wild = min(values.of(CardGroup.TWOS), values.of(CardGroup.JOKERS))
    # A mixed canasta of n natural cards of its rank and 7 - n wild cards (one at least).
    mixed_costs = {n: n * cheap + (CANASTA_CARDS - n) * wild
                   for n in range(CANASTA_CARDS - max(most_wild, 1), CANASTA_CARDS)}
    mixed_off = min(n * dear + (CANASTA_CARDS - n) * wild for n in mixed_costs)
    best_mixed = min(mixed_costs.values())
    ways = _rank_ways(RANK_PER_PACK * packs, tuple(sorted(mixed_costs)), one_a_side)

    @cache
    def least(ranks: int, naturals_left: int, mixed_left: int) -> int:
        if ranks == 0 or not (naturals_left or mixed_left):
            return (naturals_left * CANASTA_CARDS * dear + mixed_left * mixed_off)
        best = least(ranks - 1, naturals_left, mixed_left)
        for a, mixes in ways:
            if a > naturals_left or len(mixes) > mixed_left:
                continue
            here = a * CANASTA_CARDS * cheap + sum(mixed_costs[n] for n in mixes)
            best = min(best, here + least(ranks - 1, naturals_left - a,
                                          mixed_left - len(mixes)))
        return best

    lowest = least(cheap_ranks, natural, mixed)
    return max(0, lowest - (natural * CANASTA_CARDS * cheap + mixed * best_mixed))


def _cheapest_naturals_extra(made: list[tuple[CanastaBonus, int]], packs: int,
                             values: CardValues, threes_ordinary: bool) -> int:
    """The natural cards of the canastas, sets or runs alike, are at best the cheapest of the
    packs: Buraco's two packs hold forty 5-point cards (4 to 7 and the 3s), so twelve clean
    canastas, 84 natural cards, hold forty of them and 44 of 10 points at least: 640, not
    12 x 35 = 420. What that costs over every natural card at 5."""
    needed = sum((k.cards - k.wild_cards) * n for k, n in made
                 if k.holds in (Holds.NATURAL, Holds.MIXED)
                 and (k.least_points is None or k.runs))
    if not needed:
        return 0
    # A 2 in its own place in a run is natural (VARIANTS-2.md 11.3): counted here at its value,
    # which only lowers the floor where it is wild.
    groups = [CardGroup.FOURS_TO_SEVENS, CardGroup.TWOS, CardGroup.EIGHTS_TO_KINGS,
              CardGroup.ACES, *((CardGroup.BLACK_THREES,) if threes_ordinary else ())]
    supply = sorted((values.of(g), g.in_deck(packs, threes_ordinary)) for g in groups)
    total, left = 0, needed
    for value, count in supply:
        take = min(left, count)
        total += take * value
        left -= take
    # Past every natural card of the packs other checks refuse the hand; the floor stops there.
    counted = needed - left
    return max(0, total - counted * values.of(CardGroup.FOURS_TO_SEVENS))


def _rank_ways(per_rank: int, mixed_sizes: tuple[int, ...], one_a_side: bool
               ) -> list[tuple[int, tuple[int, ...]]]:
    """The ways one rank's ``per_rank`` cards make canastas: how many natural ones, and the
    natural cards of each mixed one (sizes from ``mixed_sizes``), at least one canasta."""
    most = 1 if one_a_side else per_rank // min(mixed_sizes)

    def mixes(room: int, smallest: int, count: int) -> Iterator[tuple[int, ...]]:
        yield ()
        if count == 0:
            return
        for size in mixed_sizes:
            if smallest <= size <= room:
                for rest in mixes(room - size, size, count - 1):
                    yield (size, *rest)

    out = []
    for a in range(min(per_rank // CANASTA_CARDS, most) + 1):
        for m in mixes(per_rank - a * CANASTA_CARDS, 0, most - a):
            if a or m:
                out.append((a, m))
    return out


def _wild_extra(made: list[tuple[CanastaBonus, int]], packs: int, values: CardValues) -> int:
    """The wild cards the canastas hold at least beyond those their kinds fix are 2s while
    the packs have 2s left, jokers after (RULES.md: four 2s a pack)."""
    loose = sum((k.wild_cards - k.jokers - k.twos) * n for k, n in made)
    twos_left = CardGroup.TWOS.per_pack() * packs - sum(k.twos * n for k, n in made)
    over = loose - max(0, twos_left)
    step = values.of(CardGroup.JOKERS) - values.of(CardGroup.TWOS)
    return over * step if over > 0 and step > 0 else 0
