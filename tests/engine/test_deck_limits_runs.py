"""The deck's limits in the games of runs, Buraco and Burraco (shared/VARIANTS-2.md 11, 12),
worked by hand from the sources.

3s are ordinary cards there (11.2 "7–3 5" [P-BR]; 12.2 "7, 6, 5, 4, 3: 5 punti" [MYB]; the
preset's note: "count red 3s among the 4 to 7"), so the 4-to-7 group of two packs holds the
4s to 7s and the red 3s: 4 ranks x 4 suits x 2 packs = 32, and 2 red 3s x 2 packs = 4, 36.
"""

from __future__ import annotations

import pytest
from engine_helpers import counting

from scorekeeper.engine import RuleSet, find_ruleset

BURACO = find_ruleset("buraco")
BURRACO = find_ruleset("burraco")
CLASSIC = find_ruleset("classic")


# -- the 4-to-7 group counts the red 3s ---------------------------------------------------------


@pytest.mark.parametrize("rs", [BURACO, BURRACO], ids=["buraco", "burraco"])
def test_the_four_to_seven_group_holds_the_red_threes(rs: RuleSet) -> None:
    count, errors = counting(rs)
    # 20 on one table (a clean canasta among them), 16 in the other side's hands: 36, the
    # 32 4s to 7s and the 4 red 3s of two packs. Table 20 x 5 = 100, hand 16 x 5 = 80.
    table = {"canastas": {"natural": 1}, "table_cards": {"fours_to_sevens": 20}}
    result = count(table, {"hand_cards": {"fours_to_sevens": 16}}, end="stock_out")
    assert result.totals == (200 + 100, -80)
    # One more is a 37th: refused, on the field that tips the deck over.
    assert errors(table, {"hand_cards": {"fours_to_sevens": 17}}, end="stock_out") == {
        "sides[1].hand_cards.fours_to_sevens": "There are only 36 of these cards in 2 packs."}


def test_classic_four_to_seven_group_unchanged() -> None:
    # Classic's red 3s are bonus cards, never counted at card value: 32.
    _, errors = counting(CLASSIC)
    table = {"canastas": {"natural": 1}, "table_cards": {"fours_to_sevens": 20}}
    assert errors(table, {"hand_cards": {"fours_to_sevens": 13}}, end="stock_out") == {
        "sides[1].hand_cards.fours_to_sevens": "There are only 32 of these cards in 2 packs."}


# Buraco (11.2: joker 20, 2 = 10, ace 15, K–8 10, 7–3 5), two packs:
#   4 jokers x 20 + 8 twos x 10 + 8 aces x 15 + 48 (8 to K) x 10 + 36 (4 to 7, red 3s) x 5
#   + 4 black 3s x 5 = 80 + 80 + 120 + 480 + 180 + 20 = 960 (940 with the red 3s left out).
# Burraco (12.2: jolly 30, pinella 20, ace 15, K–8 10, 7–3 5), two packs:
#   4 x 30 + 8 x 20 + 8 x 15 + 48 x 10 + 36 x 5 + 4 x 5 = 120 + 160 + 120 + 480 + 180 + 20
#   = 1,080 (1,060 with the red 3s left out).
@pytest.mark.parametrize(("rs", "deck"), [(BURACO, 960), (BURRACO, 1080)],
                         ids=["buraco", "burraco"])
def test_the_points_of_the_deck_count_the_red_threes(rs: RuleSet, deck: int) -> None:
    count, errors = counting(rs)
    table = {"canastas": {"natural": 1}, "table_points": 500}
    # Every card of the deck counted: 500 on one table, the rest on the other and in hand.
    rest = deck - 500 - 160
    result = count(table, {"table_points": rest, "hand_points": 160}, end="stock_out")
    assert result.totals == (200 + 500, rest - 160)
    # Five points more than the deck holds: refused.
    assert errors(table, {"table_points": rest + 5, "hand_points": 160}, end="stock_out") == {
        "sides[1].table_points": f"All the cards of 2 packs are worth only {deck} points."}


def test_classic_points_of_the_deck_unchanged() -> None:
    # RULES.md: 200 + 160 + 160 + 480 + 160 + 20 = 1,180 (no red 3 at card value).
    count, errors = counting(CLASSIC)
    table = {"canastas": {"natural": 1}, "table_points": 500}
    count(table, {"table_points": 520, "hand_points": 160}, end="stock_out")
    assert set(errors(table, {"table_points": 525, "hand_points": 160}, end="stock_out")) == {
        "sides[1].table_points"}
