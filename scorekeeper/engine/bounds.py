"""How far one side's score for one hand can go under a rule set: the bounds a hand typed as
its totals ("total only", counted at the table) is checked against.

Every term comes from the rule set's own values and the format's packs, so a house rule or a
variant moves the bounds with it; nothing is a number of its own. The bounds are generous (no
single hand reaches every term at once) and exist to catch a slip of the finger (10,350 for
1,035), not to rebuild the count.
"""

from __future__ import annotations

from .cards import RED_THREES_PER_PACK, CardGroup
from .hand_inputs import hand_inputs
from .rule_types import CANASTA_CARDS, MELD_CARDS, PlayerFormat
from .rulesets import RuleSet


def _threes(rs: RuleSet, packs: int) -> int:
    """The most the red 3s of the deck earn (or cost) a side: the best row of their values."""
    return max((rs.red_threes.points_for(n, packs) or 0
                for n in range(1, RED_THREES_PER_PACK * packs + 1)), default=0)


def hand_total_bounds(rs: RuleSet, fmt: PlayerFormat) -> tuple[int, int]:
    """The lowest and the highest score one side can make in one hand under ``rs`` played as
    ``fmt``.

    Highest: every card of the packs on its table at its value, as many canastas as the cards
    make at the best bonus, every red 3 (and black 3s where they count like them), every
    black-3 bonus, every canasta-count premio, the best way of going out or special hand, the
    credit for cards not counted, and each premio once a player. Lowest: every card of the
    packs against the side (in hand, or on a table without a canasta), the red 3s against it
    with their penalty in hand, the black-3 penalties, every unfinished meld the packs allow at
    the dearest charge, the held aces and sevens, and each penalty once a player.
    """
    packs = fmt.packs
    values = rs.card_values
    ordinary = rs.red_threes.ordinary  # red 3s among the 4s to 7s (Buraco, Burraco)
    cards = sum(g.in_deck(packs, ordinary) for g in CardGroup)
    deck = sum(g.in_deck(packs, ordinary) * max(0, values.of(g)) for g in CardGroup)
    red = _threes(rs, packs)
    black_threes = CardGroup.BLACK_THREES.per_pack() * packs
    bt = rs.black_threes
    laid_out = red if bt.laid_out_like_red else 0
    canasta_bonus = max((b.points or 0 for b in rs.canastas), default=0)
    count_premios = rs.canasta_count_premios
    going_out = max(((k.points or 0)
                     + ((rs.plain_going_out.points or 0) if k.plus_going_out_bonus else 0)
                     for k in rs.going_out), default=0)
    special = max((h.points for h in rs.special_hands), default=0)
    high = (
        deck
        + cards // CANASTA_CARDS * canasta_bonus
        + red + laid_out
        + (bt.all_shown_bonus or 0)
        + sum(p or 0 for p in (count_premios.five, count_premios.seven,
                               count_premios.five_natural, count_premios.four_natural_one_mixed,
                               count_premios.ten))
        + max(going_out, special)
        + sum(p.points or 0 for p in rs.premios) * fmt.players
    )
    unfinished = max((u.points for u in rs.unfinished_canastas), default=0)
    low = -(
        deck
        + red + laid_out
        + (rs.red_threes.each_in_hand_penalty or 0) * RED_THREES_PER_PACK * packs
        + (bt.all_in_hand_penalty or 0)
        + (bt.each_in_hand_penalty or 0) * black_threes
        + cards // MELD_CARDS * unfinished
        + sum(p.points for p in rs.penalties) * fmt.players
    )
    # The inputs with rules of their own say how far they move a score (``HandInput.bounds``:
    # black 3s taken with the pile, cards mixed in, sets of aces or sevens held).
    moved = [d.bounds(rs, fmt) for d in hand_inputs() if d.bounds is not None and d.asks(rs)]
    return low + sum(taken for taken, _ in moved), high + sum(given for _, given in moved)
