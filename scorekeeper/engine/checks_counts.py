"""The checks of what else a side counts (premios and penalties from the rule set's lists, the
inputs it prices, each input's own checks from its declaration: ``HandInput.checks``) and of
the deck's cards and points."""

from __future__ import annotations

from collections.abc import Iterator

from .cards import CardGroup
from .errors import N_, FieldError
from .hand_check import HandUnderCheck, deck_points, first_over, not_set
from .hand_inputs import asks, hand_inputs
from .rule_types import (
    CANASTA_CARDS,
    HELD_SETS_PER_PLAYER,
    MELD_CARDS,
    RANK_PER_PACK,
    Rank,
)


def held_sets_in_the_packs(hand: HandUnderCheck) -> Iterator[FieldError]:
    """Every player's sets of aces and of sevens come out of the same packs: two packs hold
    eight aces and eight sevens, two sets of three of each for the whole table, fewer where a
    canasta or meld of aces or sevens took seven or three of them (VARIANTS.md 1: the aces and
    sevens canastas). Each side's sets are some of aces, some of sevens, at most one of each a
    player who holds cards (:func:`aces_or_sevens_held`): the table's sets fit when the
    sides can share the packs' sets of aces and of sevens that way."""
    if not asks(hand.ruleset, "aces_or_sevens_held"):
        return
    players = hand.fmt.players // hand.fmt.sides
    left = {Rank.ACES: RANK_PER_PACK * hand.packs, Rank.SEVENS: RANK_PER_PACK * hand.packs}
    for side in hand.sides:
        for k, n in hand.canastas(side):
            if k.rank in left:
                left[k.rank] -= CANASTA_CARDS * n
        for k, n in hand.unfinished(side):
            if k.rank in left:
                left[k.rank] -= MELD_CARDS * n
    aces, sevens = (max(0, left[r]) // MELD_CARDS for r in (Rank.ACES, Rank.SEVENS))
    wanted: list[tuple[int, int]] = []  # each side's sets, and its players who hold cards
    for i, side in enumerate(hand.sides):
        n = side.entry.aces_or_sevens_held
        holders = players - (1 if hand.went_out(side) else 0)
        if n > HELD_SETS_PER_PLAYER * holders:
            return  # aces_or_sevens_held says so beside the side's own field
        wanted.append((n, holders))
        # A side holds between max(0, n - h) and min(n, h) sets of aces, the rest sevens; the
        # sides' sets of aces together leave at most the packs' sets of sevens for the rest.
        fewest_aces = max(sum(n for n, _ in wanted) - sevens,
                          sum(max(0, n - h) for n, h in wanted))
        most_aces = min(aces, sum(min(n, h) for n, h in wanted))
        if n and fewest_aces > most_aces:
            yield FieldError(
                f"sides[{i}].aces_or_sevens_held",
                N_("%(packs)d packs leave %(aces)d sets of three aces and %(sevens)d of three "
                   "sevens for all the players: not that many sets held."),
                packs=hand.packs, aces=aces, sevens=sevens)
            return


def input_checks(hand: HandUnderCheck) -> Iterator[FieldError]:
    """Each hand input's own checks (``HandInput.checks``: black 3s set aside from the pile,
    sets of aces or sevens held, cards mixed in before counting)."""
    for d in hand_inputs():
        for check in d.checks:
            yield from check(hand)


def priced_inputs(hand: HandUnderCheck) -> Iterator[FieldError]:
    """An input the count prices simply (``HandInput.each``) is given only where the rule set
    asks for it and prices it."""
    for d in hand_inputs():
        if d.each is None:
            continue
        for p, side in hand.numbered():
            if side.entry.value_of(d.name) and (
                    not d.asks(hand.ruleset) or d.each(hand.ruleset) is None):
                yield FieldError(f"{p}.{d.name}", N_("This rule set does not count these."))


def premios_and_penalties(hand: HandUnderCheck) -> Iterator[FieldError]:
    """Premios and penalties from the rule set's own lists, each premio with its value."""
    rs = hand.ruleset
    for p, side in hand.numbered():
        for pid in side.entry.premios:
            try:
                premio = rs.premio(pid)
            except KeyError:
                yield FieldError(f"{p}.premios.{pid}", N_("Unknown premio."))
                continue
            if premio.points is None:
                yield not_set(f"{p}.premios.{pid}", premio.label)
        for pid in side.entry.penalties:
            try:
                rs.penalty(pid)
            except KeyError:
                yield FieldError(f"{p}.penalties.{pid}", N_("Unknown penalty."))


def deck_has_the_cards(hand: HandUnderCheck) -> Iterator[FieldError]:
    """The cards counted on every table and in every hand fit in the packs (RULES.md: two
    packs and four jokers; 002 and 001's six in three pairs: three packs); where 3s are
    ordinary cards the red 3s are among the 4s to 7s (:meth:`.CardGroup.in_deck`)."""
    counted = [(f"sides[{i}].{where}", cards)
               for i, s in enumerate(hand.sides)
               for where, cards in (("table_cards", s.entry.table_cards),
                                    ("hand_cards", s.entry.hand_cards))
               if cards is not None]
    ordinary = hand.ruleset.red_threes.ordinary
    for group in CardGroup:
        in_deck = group.in_deck(hand.packs, ordinary)
        # Where 3s are ordinary 5-point cards the card helper counts the black ones among the
        # 3s to 7s too (it has no black-3 row): the two groups share the packs' 40 in two.
        together = ordinary and group is CardGroup.FOURS_TO_SEVENS
        if together:
            in_deck += CardGroup.BLACK_THREES.in_deck(hand.packs)
        i = first_over(in_deck, (cards.of(group) + (cards.black_threes if together else 0)
                                  for _, cards in counted))
        if i is not None:
            yield FieldError(f"{counted[i][0]}.{group.value}",
                             N_("There are only %(count)d of these cards in %(packs)d packs."),
                             count=in_deck, packs=hand.packs)


def deck_has_the_points(hand: HandUnderCheck) -> Iterator[FieldError]:
    """All the points on the tables and in the hands are at most what the packs are worth
    (where 3s are ordinary cards, the red 3s at the 4s to 7s' value: Buraco's two packs 960,
    Burraco's 1,080)."""
    worth = deck_points(hand)
    i = first_over(worth, (s.table_points + s.hand_points for s in hand.sides))
    if i is not None:
        yield FieldError(f"sides[{i}].table_points",
                         N_("All the cards of %(packs)d packs are worth only %(points)d points."),
                         packs=hand.packs, points=worth)
