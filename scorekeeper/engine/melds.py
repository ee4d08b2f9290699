"""Whether the canastas and melds of natural cards the sides entered fit the packs, rank by rank.

A canasta or meld of natural cards is of one rank and holds a fewest number of its cards (a
natural canasta seven, a mixed one seven less its wild cards, an unfinished meld three or two:
:attr:`~.rule_types.CanastaBonus.naturals`). Each rank has
:data:`~.rule_types.RANK_PER_PACK` cards a pack for all the sides together, so with two packs
(8 of a rank) only one natural canasta of a rank can be made, eleven in all; and where the rule
set says so (American: "one meld per rank") each side has at most one meld of a rank.
:func:`fits` says whether the melds can be given ranks
so that every rank holds what its melds need.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

#: The search is exact; on a body built to make it long it stops after this many steps and
#: takes the hand (a hand is never refused unless it is shown impossible).
_BUDGET = 1_000


@dataclass(frozen=True)
class RankMeld:
    """A canasta or an unfinished meld of natural cards of one rank."""

    side: int
    #: The fewest cards of its rank it holds.
    naturals: int
    #: The ranks it may be of.
    ranks: frozenset[str]


#: A hand has two or three sides.
_SIDES = 3
_State = tuple[tuple[tuple[int, int], ...], ...]


def fits(melds: Sequence[RankMeld], per_rank: int, one_a_side: bool) -> bool:
    """Whether each meld can be given a rank of its own ``ranks`` so that no rank holds more than
    ``per_rank`` cards, and (``one_a_side``) no side has two melds of one rank."""
    # Without the rule of one meld a rank, which side a meld is on does not matter.
    melds = [m if one_a_side else RankMeld(0, m.naturals, m.ranks) for m in melds
             if m.naturals > 0]
    if not melds:
        return True
    if any(not m.ranks for m in melds):
        return False
    # Hall's condition on every set of ranks melds are restricted to: quick and necessary.
    for ranks in {m.ranks for m in melds}:
        inside = [m for m in melds if m.ranks <= ranks]
        if sum(m.naturals for m in inside) > per_rank * len(ranks):
            return False
        if one_a_side and any(sum(1 for m in inside if m.side == s) > len(ranks)
                              for s in {m.side for m in inside}):
            return False
    # Ranks that the same melds may take are alike: a class each.
    every = sorted(set().union(*(m.ranks for m in melds)))
    classes: dict[frozenset[int], list[str]] = {}
    kinds = sorted({m.ranks for m in melds}, key=sorted)
    for rank in every:
        classes.setdefault(frozenset(i for i, k in enumerate(kinds) if rank in k), []).append(rank)
    groups = list(classes.items())
    # The most restricted melds first, the biggest first.
    order = sorted(melds, key=lambda m: (len(m.ranks), -m.naturals, m.side))
    start: _State = tuple(tuple((0, 0) for _ in ranks) for _, ranks in groups)
    failed: set[tuple[int, _State]] = set()
    steps = 0
    # What the melds from each one on still need, to stop where the free room is short: their
    # cards, and for each size the melds of that size or more (a rank with ``free`` cards left
    # takes ``free // size`` of them), and each side's melds (one a rank, where it is the rule).
    sizes = sorted({m.naturals for m in melds})
    still = [(sum(m.naturals for m in order[i:]),
              tuple(sum(1 for m in order[i:] if m.naturals >= t) for t in sizes),
              tuple(sum(1 for m in order[i:] if m.side == s) for s in range(_SIDES)))
             for i in range(len(order) + 1)]

    def short(index: int, state: _State) -> bool:
        cards, by_size, by_side = still[index]
        loads = [r for ranks in state for r in ranks]
        if cards > sum(per_rank - load for load, _ in loads):
            return True
        if any(n > sum((per_rank - load) // t for load, _ in loads)
               for t, n in zip(sizes, by_size, strict=True)):
            return True
        return one_a_side and any(n > sum(1 for _, sides in loads if not sides & (1 << s))
                                  for s, n in enumerate(by_side))

    def place(index: int, state: _State) -> bool:
        nonlocal steps
        if index == len(order):
            return True
        if (index, state) in failed:
            return False
        if short(index, state):
            failed.add((index, state))
            return False
        steps += 1
        if steps > _BUDGET:
            return True
        meld = order[index]
        kind = kinds.index(meld.ranks)
        bit = 1 << meld.side
        for g, (accepts, _) in enumerate(groups):
            if kind not in accepts:
                continue
            tried: set[tuple[int, int]] = set()
            for r, (load, sides) in enumerate(state[g]):
                if (load, sides) in tried or load + meld.naturals > per_rank:
                    continue
                if one_a_side and sides & bit:
                    continue
                tried.add((load, sides))
                ranks = list(state[g])
                ranks[r] = (load + meld.naturals, sides | bit)
                after = (*state[:g], tuple(sorted(ranks)), *state[g + 1:])
                if place(index + 1, after):
                    return True
        failed.add((index, state))
        return False

    return place(0, start)
