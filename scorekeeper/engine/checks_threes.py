"""The checks of the 3s: red 3s with a value and kept in hand only where priced, black 3s laid
down only to go out, three or more together, and no more of either than the packs hold."""

from __future__ import annotations

from collections.abc import Iterator

from .cards import RED_THREES_PER_PACK, CardGroup
from .errors import N_, FieldError
from .hand_check import HandUnderCheck, first_over, not_set
from .hand_inputs import asks
from .rule_types import (
    EACH_RED_THREE,
)
from .worked import WorkedSide


def red_threes(hand: HandUnderCheck) -> Iterator[FieldError]:
    """Red 3s have a value (002 gives none: the organizer sets it); they are kept in hand only
    where a rule prices that (000, 001: "cada 3 rojo en la mano", -500); the deck has two a
    pack."""
    rs = hand.ruleset
    for p, side in hand.numbered():
        e = side.entry
        by_count = rs.red_threes.by_count
        if e.red_threes and not by_count and rs.red_threes.each is None:
            yield not_set(f"{p}.red_threes", EACH_RED_THREE)
        if by_count and e.red_threes > len(by_count):
            yield FieldError(
                f"{p}.red_threes",
                N_("This rule set's red-3 table goes up to %(count)d red 3s."),
                count=len(by_count),
            )
        if e.red_threes_in_hand and not asks(rs, "red_threes_in_hand"):
            yield FieldError(
                f"{p}.red_threes_in_hand",
                N_("In this rule set a red 3 is always laid down at once, never kept in hand."),
            )
    in_deck = RED_THREES_PER_PACK * hand.packs
    i = first_over(in_deck, (s.entry.red_threes + s.entry.red_threes_in_hand for s in hand.sides))
    if i is not None:
        field_name = "red_threes" if hand.sides[i].entry.red_threes else "red_threes_in_hand"
        yield FieldError(f"sides[{i}].{field_name}",
                         N_("There are only %(count)d red 3s in %(packs)d packs."),
                         count=in_deck, packs=hand.packs)


def black_threes(hand: HandUnderCheck) -> Iterator[FieldError]:
    """Black 3s are laid down only to go out (RULES.md, common ground), three or four together
    (003/004); those left in hand are worth their card value at least; two a pack."""
    value = hand.ruleset.card_values.black_threes
    for p, side in hand.numbered():
        e = side.entry
        if hand.ruleset.red_threes.ordinary:
            pass  # Buraco, Burraco: 3s are melded in runs like any card, at any time
        elif side.black_threes_shown and not hand.ruleset.black_threes.melded_going_out:
            # Hand and Foot (VARIANTS-2.md 10.2): "Black 3 (cannot be melded; blocks the
            # pile)": none on any table, counted or typed.
            yield FieldError(
                f"{p}.table_cards.black_threes" if e.table_cards is not None
                and e.table_cards.black_threes else f"{p}.black_threes_shown",
                N_("In this rule set black 3s are never melded: they stay in hand."))
        elif side.black_threes_shown and not hand.went_out(side):
            yield FieldError(f"{p}.black_threes_shown",
                             N_("Black 3s are laid down only by the side that goes out."))
        elif 0 < side.black_threes_shown < 3:
            yield FieldError(f"{p}.black_threes_shown",
                             N_("Black 3s are laid down three or more together, never one or "
                                "two."))
        if e.hand_cards is None and side.hand_points < value * e.black_threes_left:
            yield FieldError(
                f"{p}.hand_points",
                N_("Black 3s in hand: %(count)d. They are worth at least %(points)d points."),
                count=e.black_threes_left, points=value * e.black_threes_left,
            )
        yield from _black_threes_laid_out(hand, p, side)
    in_deck = CardGroup.BLACK_THREES.per_pack() * hand.packs
    i = first_over(in_deck, (s.black_threes_shown + s.entry.black_threes_left
                              + s.entry.value_of("black_threes_with_pile")
                              + s.entry.black_threes_laid_out for s in hand.sides))
    if i is not None:
        e = hand.sides[i].entry
        yield FieldError(
            f"sides[{i}].black_threes_with_pile" if e.value_of("black_threes_with_pile")
            else f"sides[{i}].black_threes_in_hand" if e.black_threes_left
            else f"sides[{i}].black_threes_laid_out" if e.black_threes_laid_out
            else f"sides[{i}].black_threes_shown",
            N_("There are only %(count)d black 3s in %(packs)d packs."),
            count=in_deck, packs=hand.packs,
        )


def _black_threes_laid_out(hand: HandUnderCheck, p: str, side: WorkedSide) -> Iterator[FieldError]:
    """Modern American: black 3s are laid out like red 3s, and count by the red 3s' table."""
    n = side.entry.black_threes_laid_out
    rs = hand.ruleset
    if not n:
        return
    if not rs.black_threes.laid_out_like_red:
        yield FieldError(f"{p}.black_threes_laid_out",
                         N_("In this rule set black 3s are not laid out like red 3s."))
    elif rs.red_threes.by_count and n > len(rs.red_threes.by_count):
        yield FieldError(f"{p}.black_threes_laid_out",
                         N_("This rule set's table of 3s goes up to %(count)d of a colour."),
                         count=len(rs.red_threes.by_count))
    elif rs.red_threes.points_for(n, hand.packs) is None:
        yield not_set(f"{p}.black_threes_laid_out", EACH_RED_THREE)
