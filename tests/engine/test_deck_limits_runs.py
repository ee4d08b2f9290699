"""The deck's limits in the games of runs, Buraco and Burraco (shared/VARIANTS-2.md 11, 12),
worked by hand from the sources.

3s are ordinary cards there (11.2 "7–3 5" [P-BR]; 12.2 "7, 6, 5, 4, 3: 5 punti" [MYB]; the
preset's note: "count them, red or black, among the 3 to 7"), so the 5-point group of two packs
holds the 3s to 7s: 5 ranks x 4 suits x 2 packs = 40, black 3s given apart among them.
"""

from __future__ import annotations

import pytest
from engine_helpers import counting

from scorekeeper.engine import PRESETS, RuleSet, find_ruleset, ruleset_from_dict

BURACO = find_ruleset("buraco")
BURRACO = find_ruleset("burraco")
CLASSIC = find_ruleset("classic")


# -- the 5-point group counts the 3s ------------------------------------------------------------


@pytest.mark.parametrize("rs", [BURACO, BURRACO], ids=["buraco", "burraco"])
def test_the_five_point_group_holds_every_three(rs: RuleSet) -> None:
    count, errors = counting(rs)
    # 20 on one table (a clean canasta among them), 20 in the other side's hands: 40, the
    # 32 4s to 7s and the 8 3s of two packs. Table 20 x 5 = 100, hand 20 x 5 = 100.
    table = {"canastas": {"natural": 1}, "table_cards": {"fours_to_sevens": 20}}
    result = count(table, {"hand_cards": {"fours_to_sevens": 20}}, end="stock_out")
    assert result.totals == (200 + 100, -100)
    # One more is a 41st: refused, on the field that tips the deck over.
    assert errors(table, {"hand_cards": {"fours_to_sevens": 21}}, end="stock_out") == {
        "sides[1].hand_cards.fours_to_sevens": "There are only 40 of these cards in 2 packs."}
    # The card helper counts black 3s among them (no row of their own); given apart, as the
    # API may, they share the same 40.
    assert count(table, {"hand_cards": {"fours_to_sevens": 16, "black_threes": 4}},
                 end="stock_out").totals == (200 + 100, -100)
    assert errors(table, {"hand_cards": {"fours_to_sevens": 17, "black_threes": 4}},
                  end="stock_out") == {
        "sides[1].hand_cards.fours_to_sevens": "There are only 40 of these cards in 2 packs."}


def test_classic_four_to_seven_group_unchanged() -> None:
    # Classic's red 3s are bonus cards, never counted at card value: 32.
    _, errors = counting(CLASSIC)
    table = {"canastas": {"natural": 1}, "table_cards": {"fours_to_sevens": 20}}
    assert errors(table, {"hand_cards": {"fours_to_sevens": 13}}, end="stock_out") == {
        "sides[1].hand_cards.fours_to_sevens": "There are only 32 of these cards in 2 packs."}


# Buraco (11.2: joker 20, 2 = 10, ace 15, K–8 10, 7–3 5), two packs:
#   4 jokers x 20 + 8 twos x 10 + 8 aces x 15 + 48 (8 to K) x 10 + 40 (3 to 7) x 5
#   = 80 + 80 + 120 + 480 + 200 = 960 (940 with the red 3s left out).
# Burraco (12.2: jolly 30, pinella 20, ace 15, K–8 10, 7–3 5), two packs:
#   4 x 30 + 8 x 20 + 8 x 15 + 48 x 10 + 40 x 5 = 120 + 160 + 120 + 480 + 200
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


# -- canastas of runs: by suit, not by rank ------------------------------------------------------

PACKS = "2 packs do not hold the cards for that many of these canastas."
#: Burraco's refusals say its burrachi (issue 42: the game's own words).
BURRACHI_PACKS = "2 packs do not hold the cards for that many of these burrachi."


def packs(rs: RuleSet) -> str:
    """The packs' refusal in ``rs``'s own words."""
    return BURRACHI_PACKS if rs is BURRACO else PACKS


def clean(n: int, points: int | None = None) -> dict[str, object]:
    """A side with ``n`` clean canastas on ``points`` (by default seven 5-point cards each,
    35: true for five at most, the packs' 3s to 7s being forty cards)."""
    return {"canastas": {"natural": n}, "table_points": 35 * n if points is None else points}


#: What a suit's cards of the runs below are worth: an ace 15, a 2 10 (Buraco) or 20
#: (Burraco), 3 to 7 5, 8 to king 10 (VARIANTS-2.md 11.2, 12.2).
TWO = {"buraco": 10, "burraco": 20}


@pytest.mark.parametrize("rs", [BURACO, BURRACO], ids=["buraco", "burraco"])
def test_twelve_clean_runs_three_a_suit(rs: RuleSet) -> None:
    # A run of seven is seven cards in sequence of one suit; two packs hold 2 x 13 = 26 of a
    # suit: ace to 7, 8 to ace, 2 to 8 (each rank twice at most), 3 a suit, 12 in all. Refused
    # before at 11, as if a canasta were of one rank (8 of a rank in two packs: one each).
    # Their cards a suit, fewest points: ace to 7, 3 to 9, 8 to ace: two aces (30), a 2, 3 to 7
    # twice (50), 8 and 9 twice (40), 10 to king (40). Twelve: four suits; six: two.
    suit = 30 + TWO[rs.id] + 50 + 40 + 40
    count, _ = counting(rs)
    assert count(clean(12, 4 * suit), {}, end="stock_out").totals == (12 * 200 + 4 * suit, 0)
    assert count(clean(6, 2 * suit), clean(6, 2 * suit), end="stock_out").totals == (
        6 * 200 + 2 * suit,) * 2
    # Fewer points than the packs' cheapest 84 natural cards hold (forty of 5, 44 of 10):
    # refused. (The floor prices the cards, not the runs they make.)
    _, errors = counting(rs)
    assert set(errors(clean(12, 635), {}, end="stock_out")) == {"sides[0].table_points"}


@pytest.mark.parametrize("rs", [BURACO, BURRACO], ids=["buraco", "burraco"])
def test_fourteen_clean_canastas_at_most(rs: RuleSet) -> None:
    # Sets are canastas too (Burraco 12.3 "sequence or set (combinazione)"; Buraco Fechado 11.4
    # "Sets (trincas) | yes"): in each suit two runs ace to 7 (both aces, both of every 2 to 7:
    # 4 x 2 = 8 runs), and of each rank 8 to king the 8 cards left make a set of seven (6
    # sets): 14. Every canasta holds seven natural cards (a 2 in its own place is natural), of
    # the 4 x 13 x 2 = 104 cards that are not jokers: 104 // 7 = 14, a 15th is refused.
    # Their points: a suit's two runs ace to 7 (2 x 15, 2 x the 2, 10 x 5), the sets of 8 to
    # king (6 x 70); seven on a side: two suits' runs and three of the sets.
    runs = 30 + 2 * TWO[rs.id] + 50
    count, errors = counting(rs)
    assert count(clean(14, 4 * runs + 420), {}, end="stock_out").totals == (
        14 * 200 + 4 * runs + 420, 0)
    assert count(clean(7, 2 * runs + 210), clean(7, 2 * runs + 210), end="stock_out").totals \
        == (7 * 200 + 2 * runs + 210,) * 2
    assert errors(clean(15), {}, end="stock_out")["sides[0].canastas.natural"] == packs(rs)
    # Every side's come out of the same packs: the side that tips them over is told.
    found = errors(clean(7, 500), clean(8, 600), end="stock_out")
    assert found["sides[1].canastas.natural"] == packs(rs) and not any(
        f.startswith("sides[0]") for f in found)


def test_dirty_canastas_share_the_natural_cards() -> None:
    # Burraco: 14 puliti hold 98 natural cards; a sporco six more (one matta): 104, all of them.
    # A semipulito is seven naturals and a matta (12.3): 98 + 7 = 105 > 104, refused.
    # The puliti as above (4 x 120 + 420); the six cards left one of each rank 8 to king of a
    # suit, run with a pinella (60 + 20).
    count, errors = counting(BURRACO)
    count(clean(14, 900), {"canastas": {"mixed": 1}, "table_points": 80}, end="stock_out")
    assert errors(clean(14, 900), {"canastas": {"semi_clean": 1}, "table_points": 80},
                  end="stock_out") == {"sides[1].canastas.semi_clean": BURRACHI_PACKS}


def test_classic_natural_canastas_still_one_a_rank() -> None:
    # Classic's canastas are sets of one rank: 8 of a rank in two packs, one each, 11 ranks.
    count, errors = counting(CLASSIC)
    # One of each rank: 4s to 7s 4 x 35, 8s to kings 6 x 70, aces 7 x 20: 700 at least.
    count({"canastas": {"natural": 11}, "table_points": 700}, {}, end="stock_out")
    assert errors({"canastas": {"natural": 12}, "table_points": 900}, {},
                  end="stock_out") == {"sides[0].canastas.natural": PACKS}


# -- runs of one suit from ace: the aces of the packs ---------------------------------------------


def aces_runs(ace_to_king: int, ace_to_ace: int) -> dict[str, object]:
    """A side with the runs, on their least: 110 an ace-to-king run, 125 an ace-to-ace one."""
    return {"canastas": {"ace_to_king": ace_to_king, "ace_to_ace": ace_to_ace},
            "table_points": 110 * ace_to_king + 125 * ace_to_ace}


def test_four_ace_to_ace_runs_at_most() -> None:
    # An ace-to-ace run holds two aces of its suit, 14 cards; two packs hold 2 aces and 26
    # cards of a suit: one a suit, four in all.
    count, errors = counting(BURACO)
    assert count(aces_runs(0, 4), {}, end="stock_out").totals == (4 * 1000 + 500, 0)
    assert errors(aces_runs(0, 5), {}, end="stock_out") == {
        "sides[0].canastas.ace_to_ace": PACKS}
    assert errors(aces_runs(0, 2), aces_runs(0, 3), end="stock_out") == {
        "sides[1].canastas.ace_to_ace": PACKS}


def test_ace_to_king_runs_and_ace_to_ace_runs_share_the_aces() -> None:
    # Eight aces in two packs: eight ace-to-king runs (two a suit, 2 x 13 = 26 cards) hold
    # them all; five ace-to-king and two ace-to-ace need 5 + 4 = 9. Two ace-to-ace and four
    # ace-to-king: 8, two suits each with an ace-to-ace, two with two ace-to-king.
    count, errors = counting(BURACO)
    count(aces_runs(8, 0), {}, end="stock_out")
    count(aces_runs(4, 2), {}, end="stock_out")
    assert errors(aces_runs(5, 2), {}, end="stock_out") == {
        "sides[0].canastas.ace_to_ace": PACKS}
    # An ace-to-ace run and an ace-to-king never share a suit (14 + 13 = 27 > 26): three
    # ace-to-ace runs leave one suit, two ace-to-king runs.
    count(aces_runs(2, 3), {}, end="stock_out")
    assert set(errors(aces_runs(3, 3), {}, end="stock_out")) == {
        "sides[0].canastas.ace_to_ace"}


def test_a_semipulito_holds_55_at_least() -> None:
    # VARIANTS-2.md 12.3: a matta beside seven natural cards (or a set of eight with it):
    # seven 5-point cards and the cheapest matta, a pinella at 20 (12.2): 35 + 20 = 55.
    count, errors = counting(BURRACO)
    assert count({"canastas": {"semi_clean": 1}, "table_points": 55}, {},
                 end="stock_out").totals == (205, 0)
    assert errors({"canastas": {"semi_clean": 1}, "table_points": 50}, {}, end="stock_out") == {
        "sides[0].table_points": "The burrachi on the table are worth at least 55."}


def test_which_canastas_may_be_runs_is_the_rule_sets_data() -> None:
    # Buraco 11.3 "Canastra | 7+ cards (sequence; in Fechado also a set)"; Burraco 12.3 "7+
    # cards, sequence or set": their canastas may be runs; every other preset's are sets of one
    # rank (Bolivia's escalera is a kind of its own, a sequence).
    for name, rs in PRESETS.items():
        may_be_runs = {b.kind.value for b in rs.canastas if b.runs}
        assert may_be_runs == {"buraco": {"natural", "mixed"},
                               "burraco": {"natural", "semi_clean", "mixed"}}.get(name, set())
    # A house rule keeps its base's definition: Fechado (no clean canastra needed) too.
    fechado = ruleset_from_dict({"going_out_requirement": {"natural": 0}}, base=BURACO)
    count, errors = counting(fechado)
    count(clean(14, 4 * (30 + 20 + 50) + 420), {}, end="stock_out")
    assert errors(clean(15), {}, end="stock_out")["sides[0].canastas.natural"] == PACKS
