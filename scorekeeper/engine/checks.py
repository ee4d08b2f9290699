"""The checks a hand's entry goes through before it is counted, one per rule concern (how the
hand ended, the way of going out, the table's floor, the deck's limits…), each quoting its source;
every error of every check is reported.

The checks live by concern: the hand's end and going out (:mod:`.checks_going_out`), canastas
and melds against the deck (:mod:`.checks_melds`), the 3s (:mod:`.checks_threes`), what else a
side counts, the inputs' own checks and the deck's cards and points (:mod:`.checks_counts`);
:mod:`.hand_check` holds the hand under check they share. This module only lists them in
order.
"""

from __future__ import annotations

from .checks_counts import (
    deck_has_the_cards,
    deck_has_the_points,
    held_sets_in_the_packs,
    input_checks,
    premios_and_penalties,
    priced_inputs,
)
from .checks_going_out import (
    how_the_hand_ended,
    lone_player_out_holds_nothing,
    special_hand,
    way_of_going_out,
)
from .checks_melds import (
    canasta_kinds,
    deck_has_the_ranks,
    deck_has_the_runs,
    deck_has_the_wild_cards,
    table_holds_the_canastas,
    unfinished_canastas,
)
from .checks_threes import black_threes, red_threes
from .hand_check import CHOOSE_WHO_WENT_OUT, Check, HandUnderCheck

__all__ = ["CHECKS", "CHOOSE_WHO_WENT_OUT", "Check", "HandUnderCheck"]


#: The checks a hand goes through, one per rule concern; every error of each is reported.
CHECKS: tuple[Check, ...] = (
    how_the_hand_ended,
    way_of_going_out,
    lone_player_out_holds_nothing,
    canasta_kinds,
    unfinished_canastas,
    table_holds_the_canastas,
    deck_has_the_wild_cards,
    deck_has_the_ranks,
    deck_has_the_runs,
    red_threes,
    black_threes,
    special_hand,
    input_checks,
    held_sets_in_the_packs,
    premios_and_penalties,
    priced_inputs,
    deck_has_the_cards,
    deck_has_the_points,
)
