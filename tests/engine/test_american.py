"""Modern American Canasta (shared/VARIANTS.md section 1), line by line, with hand-worked counts.

Each row quotes VARIANTS.md section 1 and its source keys ([CLA] via [EBB], [CCOM], [CJ]…).
Card values as classic: joker 50, 2 = 20, ace 20, K to 8 = 10, 7 to 4 = 5, black 3 = 5.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_variants import EMPTY, lines, value_at
from test_variants import count as count_under
from test_variants import errors as errors_under

from scorekeeper.engine import (
    HandResult,
    RuleSet,
    SideResult,
    decide,
    find_ruleset,
    flow,
    ruleset_from_dict,
    ruleset_to_dict,
)

AMERICAN = find_ruleset("american")


ROWS: list[tuple[str, Any]] = [
    # "Card values | as classic (joker 50, 2 = 20, A 20, K–8 10, 7–4 5)" [CLA] via [EBB]; [NVSO]
    ("card_values.jokers", 50), ("card_values.twos", 20), ("card_values.aces", 20),
    ("card_values.eights_to_kings", 10), ("card_values.fours_to_sevens", 5),
    ("card_values.black_threes", 5),
    # "Natural 500; Mixed 300; Sevens 2500; Aces 2500; seven 2s 3000; four jokers + three 2s
    # 2500; any other mix 2000" [CCOM]; [CJ]; [WIKI-US]
    ("canastas", {"natural": 500, "mixed": 300, "sevens": 2500, "aces": 2500,
                  "wild_twos": 3000, "wild_four_jokers": 2500, "wild": 2000}),
    # "Meld limits | max 2 wilds per meld" [CCON]; [WIKI-US]; [CLA] via [EBB]
    ("canasta_kinds.mixed.max_wild", 2),
    # "Wild canasta, any other mix (1–3 jokers)"
    ("canasta_kinds.wild.min_jokers", 1), ("canasta_kinds.wild.max_jokers", 3),
    ("canasta_kinds.wild_four_jokers.min_jokers", 4),
    ("canasta_kinds.wild_twos.max_jokers", 0),
    # "Card values of special canastas | counted on top" [CJ] part 3
    *((f"canasta_kinds.{k}.cards_on_top", True)
      for k in ("sevens", "aces", "wild_twos", "wild_four_jokers", "wild")),
    # "Sign of threes | 0 canastas: minus; exactly 1: 0; 2+: plus" [CCOM]; [CJ] part 2
    ("red_threes.negative_when", "by_canastas"),
    # "Threes | red and black are both laid out; each colour scored separately: 1 = 100, 2 =
    # 300, 3 = 500, 4 = 1000" [CCOM]; [CJ] part 2; [CLA] via [EBB]
    ("red_threes.by_count", [100, 300, 500, 1000]),
    ("black_threes.laid_out_like_red", True),
    # "A 3 stuck in hand | −100 ([CJ]; black threes −100 in [EA]) or −5 ..." → −100 default
    ("red_threes.each_in_hand_penalty", 100),
    ("black_threes.each_in_hand_penalty", 100),
    ("black_threes.each_in_hand_includes_card", True),
    ("black_threes.all_shown_bonus", None), ("black_threes.all_in_hand_penalty", None),
    # "Going out | +100; needs 2 canastas (any kinds)"; "Concealed going out | no bonus"
    ("going_out_kinds", [{"id": "normal", "label": "Going out", "points": 100,
                          "concealed": False, "plus_going_out_bonus": False,
                          "hand_cards_positive": False}]),
    ("going_out_requirement.canastas", 2), ("going_out_requirement.wild_counts", True),
    # "Side with 0 canastas | value of its melded cards is subtracted" [CJ] part 3; [CLA]
    ("held_cards.table_against_without_canasta", True),
    # "3+ aces or 3+ sevens left in one player's hand | −1500 per such player"
    ("held_cards.aces_or_sevens_held_penalty", 1500),
    # "Opening minimum | below 3000 (negative included) 125; 3000–4995 155; 5000+ 180"
    ("opening_minimums.negative", 125),
    ("opening_minimums.bands", [{"from": 0, "minimum": 125}, {"from": 3000, "minimum": 155},
                                {"from": 5000, "minimum": 180}]),
    # Special hands, CLA's values: "Seven pairs, no wilds 2500; Seven pairs incl. aces, sevens
    # and a wild pair 2000; Straight 3000; Garbage 3000 (pagat 2000)"; "Miami pairs, Zip code,
    # Blast off (2500/2500/3000)"
    ("special_hands.seven_pairs.points", 2500), ("special_hands.seven_pairs_wild.points", 2000),
    ("special_hands.straight.points", 3000), ("special_hands.garbage.points", 3000),
    ("special_hands.miami_pairs.points", 2500), ("special_hands.zip_code.points", 2500),
    ("special_hands.blast_off.points", 3000),
    # "Unfinished sevens meld | −2500"; "Unfinished natural aces meld | −2500"; "Unfinished
    # wild meld | −2000 (pagat: −2500 if it holds all four jokers) → default −2000"; going out
    # "not allowed while an incomplete sevens/aces/wild meld is on the table"
    *((f"unfinished_canastas.{kind}", {"points": points, "fewer_than": None,
                                       "only_when_out": False, "blocks_going_out": True})
      for kind, points in (("sevens", 2500), ("aces", 2500), ("wild", 2000),
                           ("wild_four_jokers", 2000))),
    ("target", 8500),  # "Game | 8500"
    ("tie_rule", "play_on"),  # "exact tie not covered": a setting, play on by default
    ("penalties", []),
]


@pytest.mark.parametrize(("path", "value"), ROWS, ids=[p for p, _ in ROWS])
def test_variants_md_value(path: str, value: Any) -> None:
    assert value_at(AMERICAN, path) == value


def test_format() -> None:
    # "108 cards (2 packs + 4 jokers); 4 players, 2 partnerships; 13 cards each"
    (fmt,) = AMERICAN.formats
    assert (fmt.players, fmt.sides, fmt.cards_dealt, fmt.packs) == (4, 2, 13, 2)


# -- counting -----------------------------------------------------------------------------------


def count(*sides: dict[str, Any], end: str = "went_out", rs: RuleSet = AMERICAN) -> HandResult:
    return count_under(rs, *sides, end=end)


def errors(*sides: dict[str, Any], end: str = "went_out", rs: RuleSet = AMERICAN
           ) -> dict[str, str]:
    return errors_under(rs, *sides, end=end)


#: The side that went out with two natural canastas of kings (140 on the table).
OUT: dict[str, Any] = {"going_out": "normal", "canastas": {"natural": 2}, "table_points": 140}
#: The other side, with one natural canasta of kings (70 on the table).
ONE: dict[str, Any] = {"canastas": {"natural": 1}, "table_points": 70}


def test_sevens_and_natural_canastas_going_out() -> None:
    # A canasta of sevens (7 x 5 = 35) and a natural canasta of kings (7 x 10 = 70), two
    # aces more (40): table 145; going out 100; nothing left in hand.
    # 2,500 + 500 + 100 + 145 = 3,245.
    result = count({
        "going_out": "normal", "canastas": {"sevens": 1, "natural": 1},
        "table_cards": {"fours_to_sevens": 7, "eights_to_kings": 7, "aces": 2}}, EMPTY)
    assert lines(result.sides[0]) == {"canastas.natural": 500, "canastas.sevens": 2500,
                                      "going_out": 100, "table_cards": 145, "hand_cards": 0}
    assert result.totals[0] == 3245


def test_aces_and_four_jokers_canastas() -> None:
    # The side that did not go out: aces 2,500 (7 x 20 = 140) and four jokers with three 2s
    # 2,500 (4 x 50 + 3 x 20 = 260), table 400, 30 left in hand; its cards count on top.
    # 2,500 + 2,500 + 400 - 30 = 5,370.
    result = count({"going_out": "normal", "canastas": {"natural": 2}, "table_points": 200},
                   {"canastas": {"aces": 1, "wild_four_jokers": 1},
                    "table_cards": {"aces": 7, "jokers": 4, "twos": 3}, "hand_points": 30})
    assert lines(result.sides[1]) == {"canastas.aces": 2500, "canastas.wild_four_jokers": 2500,
                                      "table_cards": 400, "hand_cards": -30}
    assert result.totals[1] == 5370


def test_seven_twos_and_a_wild_canasta() -> None:
    # Seven 2s 3,000 with a natural canasta of kings: 3,000 + 500 + 100 + 140 + 70 = 3,810.
    # A wild canasta of 3 jokers and 4 2s (3 x 50 + 4 x 20 = 230): 2,000 + 230 = 2,230.
    result = count({"going_out": "normal", "canastas": {"wild_twos": 1, "natural": 1},
                    "table_cards": {"twos": 7, "eights_to_kings": 7}}, EMPTY)
    assert lines(result.sides[0]) == {"canastas.natural": 500, "canastas.wild_twos": 3000,
                                      "going_out": 100, "table_cards": 210, "hand_cards": 0}
    result = count(OUT,
                   {"canastas": {"wild": 1}, "table_cards": {"jokers": 3, "twos": 4}})
    assert lines(result.sides[1]) == {"canastas.wild": 2000, "table_cards": 230,
                                      "hand_cards": 0}
    # Two packs hold 8 2s: seven 2s on one side and a wild canasta (at least 4 2s) on the
    # other are refused.
    assert "sides[1].canastas.wild" in errors(
        {"going_out": "normal", "canastas": {"wild_twos": 1, "natural": 1},
         "table_points": 210},
        {"canastas": {"wild": 1}, "table_points": 230})


def test_wild_canasta_holds_one_to_three_jokers() -> None:
    # "Wild canasta, any other mix (1–3 jokers)": seven 2s are the 3,000 kind, and a wild
    # canasta counted with no joker on the table is refused; four jokers are the 2,500 kind.
    assert "sides[0].table_cards.jokers" in errors(
        {"going_out": "normal", "canastas": {"wild": 1, "natural": 1},
         "table_cards": {"twos": 7, "eights_to_kings": 7}}, EMPTY)
    assert "sides[0].table_cards.jokers" in errors(
        {"going_out": "normal", "canastas": {"wild_four_jokers": 1, "natural": 1},
         "table_cards": {"jokers": 3, "twos": 4, "eights_to_kings": 7}}, EMPTY)
    assert "sides[0].table_cards.twos" in errors(
        {"going_out": "normal", "canastas": {"wild_twos": 1, "natural": 1},
         "table_cards": {"jokers": 1, "twos": 6, "eights_to_kings": 7}}, EMPTY)


def test_special_canastas_floor_on_the_table() -> None:
    # The table holds at least the cards of its canastas: sevens 35, aces 140, seven 2s 140,
    # four jokers and three 2s 260, a wild canasta 1 joker and 6 2s 170.
    for kind, least in (("sevens", 35), ("aces", 140), ("wild_twos", 140),
                        ("wild_four_jokers", 260), ("wild", 170)):
        found = errors({"canastas": {kind: 1}, "table_points": least - 5}, EMPTY,
                       end="stock_out")
        assert "sides[0].table_points" in found, kind
        count({"canastas": {kind: 1}, "table_points": least}, EMPTY, end="stock_out")


def test_packs_hold_eight_sevens_and_eight_aces() -> None:
    # Two packs: 8 sevens, 8 aces; a canasta of sevens or aces is 7 of them.
    assert "sides[1].canastas.sevens" in errors(
        {"going_out": "normal", "canastas": {"sevens": 1, "natural": 1}, "table_points": 105},
        {"canastas": {"sevens": 1}, "table_points": 35})
    assert "sides[1].canastas.aces" in errors(
        {"going_out": "normal", "canastas": {"aces": 1, "natural": 1}, "table_points": 175},
        {"canastas": {"aces": 1}, "table_points": 140})


def test_going_out_needs_two_canastas_of_any_kind() -> None:
    # "Going out | +100; needs 2 canastas (any kinds)"
    found = errors({"going_out": "normal", "canastas": {"aces": 1}, "table_points": 140},
                   EMPTY)
    assert found == {"sides[0].going_out":
                     "Going out needs finished canastas: 2; this side has 1."}
    result = count({"going_out": "normal", "canastas": {"wild_twos": 1, "aces": 1},
                    "table_points": 280}, EMPTY)
    assert result.totals[0] == 3000 + 2500 + 100 + 280


def test_no_concealed_going_out() -> None:
    # "Concealed going out | no bonus exists": going out is one way, 100.
    assert errors({"going_out": "concealed", "canastas": {"natural": 2},
                   "table_points": 140}, EMPTY) == {
        "sides[0].going_out": "Unknown way of going out."}


def test_threes_sign_by_canastas() -> None:
    # "Sign of threes | side with 0 canastas: minus; exactly 1 canasta: 0 (ignored); 2+
    # canastas: plus"; 1 = 100, 4 = 1,000.
    two = count({"going_out": "normal", "canastas": {"natural": 2}, "table_points": 140,
                 "red_threes": 1},
                {"canastas": {"natural": 1}, "table_points": 70, "red_threes": 2})
    assert two.sides[0].points_of("red_threes") == 100
    assert two.sides[1].points_of("red_threes") == 0
    assert [line.text for line in two.sides[1].lines if line.id == "red_threes"] == [
        "Red 3s × 2: nothing with one canasta"]
    none = count(OUT,
                 {"table_points": 30, "red_threes": 4})
    assert none.sides[1].points_of("red_threes") == -1000
    all_four = count({"going_out": "normal", "canastas": {"natural": 2}, "table_points": 140,
                      "red_threes": 4}, EMPTY)
    assert all_four.sides[0].points_of("red_threes") == 1000


@pytest.mark.parametrize(("count", "points"), [(1, 100), (2, 300), (3, 500), (4, 1000)])
def test_each_colour_of_threes_by_count(count: int, points: int) -> None:
    # "each colour scored separately: 1 = 100, 2 = 300, 3 = 500, 4 = 1000": red 3s and black
    # 3s laid out, each by its own count, for a side with two canastas.
    result = count_side({"red_threes": count}, {"black_threes_laid_out": count})
    assert result.points_of("red_threes") == points
    assert result.points_of("black_threes_laid_out") == points


def count_side(*parts: dict[str, Any]) -> SideResult:
    side = dict(OUT)
    for part in parts:
        side.update(part)
    return count(side, EMPTY).sides[0]


def test_threes_of_both_colours_with_their_sign() -> None:
    # Two red 3s (300) and three black 3s (500): +800 with two canastas; nothing with one;
    # -800 with none. The black 3s laid out have no card value on the table.
    two = count_side({"red_threes": 2, "black_threes_laid_out": 3})
    assert two.points_of("red_threes") + two.points_of("black_threes_laid_out") == 800
    assert two.points_of("table_cards") == 140
    result = count(OUT,
                   {"canastas": {"mixed": 1}, "table_points": 50, "red_threes": 2,
                    "black_threes_laid_out": 3})
    assert lines(result.sides[1]) == {"canastas.mixed": 300, "red_threes": 0,
                                      "black_threes_laid_out": 0, "table_cards": 50,
                                      "hand_cards": 0}
    assert [line.text for line in result.sides[1].lines][2] == (
        "Black 3s laid out × 3: nothing with one canasta")
    result = count(OUT,
                   {"table_points": 20, "red_threes": 2, "black_threes_laid_out": 3})
    assert lines(result.sides[1]) == {"red_threes": -300, "black_threes_laid_out": -500,
                                      "table_cards": -20, "hand_cards": 0}


def test_black_threes_laid_out_refused() -> None:
    # Two packs hold four black 3s: three laid out and two in the other side's hand are five.
    assert errors({"going_out": "normal", "canastas": {"natural": 2}, "table_points": 140,
                   "black_threes_laid_out": 3},
                  {"hand_points": 10, "black_threes_in_hand": 2}) == {
        "sides[1].black_threes_in_hand": "There are only 4 black 3s in 2 packs."}
    # Classic melds its black 3s going out: none are laid out.
    assert errors({"going_out": "normal", "canastas": {"natural": 1}, "table_points": 70},
                  {"black_threes_laid_out": 1}, rs=find_ruleset("classic")) == {
        "sides[1].black_threes_laid_out":
        "In this rule set black 3s are not laid out like red 3s."}


def test_side_without_canasta_loses_its_melded_cards() -> None:
    # "Side with 0 canastas | value of its melded cards is subtracted as well as its hand":
    # 60 melded, 45 in hand: -105. With one canasta, its cards count for it.
    result = count(OUT,
                   {"table_points": 60, "hand_points": 45})
    assert lines(result.sides[1]) == {"table_cards": -60, "hand_cards": -45}
    assert [line.text for line in result.sides[1].lines][0] == (
        "Cards on the table, against: no canasta")
    result = count(OUT,
                   {"canastas": {"mixed": 1}, "table_points": 60, "hand_points": 45})
    assert lines(result.sides[1]) == {"canastas.mixed": 300, "table_cards": 60,
                                      "hand_cards": -45}


def test_unfinished_melds_always_charged() -> None:
    # "Unfinished sevens meld −2500; aces −2500; wild −2000", "always charged, whether the
    # side went out or not": the side that did not go out, with a natural canasta (500), an
    # unfinished meld of sevens (3 x 5) and a wild one (a joker and two 2s, 90): table 70 +
    # 15 + 90 = 175. 500 - 2,500 - 2,000 + 175 = -3,825; the same when the stock runs out.
    side = {"canastas": {"natural": 1}, "unfinished_canastas": {"sevens": 1, "wild": 1},
            "table_cards": {"eights_to_kings": 7, "fours_to_sevens": 3, "jokers": 1,
                            "twos": 2}}
    result = count(OUT,
                   side)
    assert lines(result.sides[1]) == {"canastas.natural": 500,
                                      "unfinished_canastas.sevens": -2500,
                                      "unfinished_canastas.wild": -2000, "table_cards": 175,
                                      "hand_cards": 0}
    assert count(EMPTY, side, end="stock_out").totals[1] == -3825
    # An aces meld: -2,500.
    result = count(OUT,
                   {"unfinished_canastas": {"aces": 1}, "table_points": 60})
    assert lines(result.sides[1])["unfinished_canastas.aces"] == -2500


@pytest.mark.parametrize("kind", ["sevens", "aces", "wild", "wild_four_jokers"])
def test_no_going_out_with_an_unfinished_special_meld(kind: str) -> None:
    found = errors({"going_out": "normal", "canastas": {"natural": 2}, "table_points": 400,
                    "unfinished_canastas": {kind: 1}}, EMPTY)
    assert list(found) == ["sides[0].going_out"]
    assert found["sides[0].going_out"].startswith("No going out with “Unfinished")


def test_unfinished_natural_or_mixed_meld_costs_nothing() -> None:
    # Only sevens, aces and wild melds are charged.
    assert "sides[1].unfinished_canastas.natural" in errors(
        OUT,
        {"unfinished_canastas": {"natural": 1}, "table_points": 30})


def test_four_jokers_unfinished_2500_is_a_setting() -> None:
    # Pagat: "−2500 if it holds all four jokers" (§9 gap 4): a separate entry, 2,000 by default.
    side = {"unfinished_canastas": {"wild_four_jokers": 1}, "table_points": 200}
    base = OUT
    assert lines(count(base, side).sides[1])["unfinished_canastas.wild_four_jokers"] == -2000
    pagat = ruleset_from_dict({"unfinished_canastas": {"wild_four_jokers": 2500}},
                              base=AMERICAN)
    assert lines(count(base, side, rs=pagat).sides[1])[
        "unfinished_canastas.wild_four_jokers"] == -2500


def test_three_stuck_in_hand_costs_100() -> None:
    # "A 3 stuck in hand | −100" (the default): a black 3 in hand -100 in all (its 5 among
    # the cards in hand, 95 beyond), a red 3 in hand -100.
    result = count(OUT, ONE | {"hand_cards": {"black_threes": 1, "eights_to_kings": 2},
                               "red_threes_in_hand": 1})
    assert lines(result.sides[1]) == {"canastas.natural": 500, "red_threes_in_hand": -100,
                                      "black_threes_in_hand": -95, "table_cards": 70,
                                      "hand_cards": -25}
    assert result.totals[1] == 500 - 100 - 100 + 70 - 20


def test_three_stuck_in_hand_at_5_is_a_setting() -> None:
    # "... or −5 when it was the last card drawn ([CJ]; [CLA] via [EBB])": the black 3 at its
    # card value, a red 3 at 5.
    five = ruleset_from_dict({"black_threes": {"each_in_hand_penalty": None},
                              "red_threes": {"each_in_hand_penalty": 5}}, base=AMERICAN)
    result = count(OUT, ONE | {"hand_cards": {"black_threes": 1}, "red_threes_in_hand": 1},
                   rs=five)
    assert lines(result.sides[1]) == {"canastas.natural": 500, "red_threes_in_hand": -5,
                                      "table_cards": 70, "hand_cards": -5}


def test_three_aces_or_sevens_held_cost_1500_a_set() -> None:
    # "3+ aces or 3+ sevens left in one player's hand | −1500 for each such set held (plus the
    # card values)": both partners of the side that did not go out, 3 aces (60) and 3 sevens
    # (15).
    result = count(OUT, ONE | {"hand_cards": {"aces": 3, "fours_to_sevens": 3},
                               "aces_or_sevens_held": 2})
    assert lines(result.sides[1]) == {"canastas.natural": 500, "aces_or_sevens_held": -3000,
                                      "table_cards": 70, "hand_cards": -75}
    # The partner of the player who went out may hold them.
    result = count({"going_out": "normal", "canastas": {"natural": 2}, "table_points": 140,
                    "hand_points": 60, "aces_or_sevens_held": 1}, EMPTY)
    assert lines(result.sides[0])["aces_or_sevens_held"] == -1500


def test_one_player_holding_aces_and_sevens_loses_3000() -> None:
    # [CJ]: "minus 1,500 points for each set... If you have both, you'll face a double penalty
    # of minus 3,000". North went out with two natural canastas of kings (140 on the table, 100
    # for going out, 1,000 in canastas); South is left holding three aces (60) and three sevens
    # (15): two sets, one player. 1,000 + 100 + 140 - 3,000 - 75 = -1,835.
    result = count({"going_out": "normal", "canastas": {"natural": 2}, "table_points": 140,
                    "hand_cards": {"aces": 3, "fours_to_sevens": 3},
                    "aces_or_sevens_held": 2}, EMPTY)
    assert lines(result.sides[0]) == {"canastas.natural": 1000, "going_out": 100,
                                      "aces_or_sevens_held": -3000, "table_cards": 140,
                                      "hand_cards": -75}
    assert result.totals[0] == -1835
    # The same by typed points: three aces and three sevens are 75 at least.
    result = count({"going_out": "normal", "canastas": {"natural": 2}, "table_points": 140,
                    "hand_points": 75, "aces_or_sevens_held": 2}, EMPTY)
    assert result.totals[0] == -1835


@pytest.mark.parametrize(("side", "message"), [
    # The player who went out holds nothing: one partner, two sets at most.
    ({"going_out": "normal", "canastas": {"natural": 2}, "table_points": 140,
      "hand_points": 200, "aces_or_sevens_held": 3},
     "Players of this side who can hold cards: 1; each holds at most a set of aces and a set "
     "of sevens (2 in all)."),
    # Three aces or sevens are 15 points at least.
    ({"going_out": "normal", "canastas": {"natural": 2}, "table_points": 140,
      "hand_points": 10, "aces_or_sevens_held": 1},
     "Sets of aces or sevens in hand: 1. They are worth at least 15 points."),
    # One player's two sets are three sevens and three aces: 75 at least.
    ({"going_out": "normal", "canastas": {"natural": 2}, "table_points": 140,
      "hand_points": 70, "aces_or_sevens_held": 2},
     "Sets of aces or sevens in hand: 2. They are worth at least 75 points."),
    # Counted cards: two aces and no seven are not three.
    ({"going_out": "normal", "canastas": {"natural": 2}, "table_points": 140,
      "hand_cards": {"aces": 2, "eights_to_kings": 3}, "aces_or_sevens_held": 1},
     "The cards counted in hand do not hold that many sets of three aces or three sevens."),
    # Six aces in one player's hand are one set of aces, not two.
    ({"going_out": "normal", "canastas": {"natural": 2}, "table_points": 140,
      "hand_cards": {"aces": 6}, "aces_or_sevens_held": 2},
     "The cards counted in hand do not hold that many sets of three aces or three sevens."),
])
def test_aces_or_sevens_held_refused(side: dict[str, Any], message: str) -> None:
    assert errors(side, EMPTY) == {"sides[0].aces_or_sevens_held": message}


def test_aces_or_sevens_held_is_american_only() -> None:
    classic = find_ruleset("classic")
    assert errors({"going_out": "normal", "canastas": {"natural": 1}, "table_points": 70},
                  {"hand_points": 60, "aces_or_sevens_held": 1}, rs=classic) == {
        "sides[1].aces_or_sevens_held": "This rule set has no penalty for aces or sevens held."}


def test_special_hand_replaces_the_side_score() -> None:
    # "Special hands (14 cards, only for a side that has not melded; end the hand; replace
    # that side's whole score; opponents score normally)": garbage 3,000 (CLA); the other side
    # counts as usual (one canasta: its red 3s nothing).
    result = count({"going_out": "normal", "special_hand": "garbage", "red_threes": 1},
                   {"canastas": {"natural": 1}, "table_points": 90, "hand_points": 40,
                    "red_threes": 1})
    assert lines(result.sides[0]) == {"special_hand": 3000, "table_cards": 0,
                                      "hand_cards": 0}
    assert [line.text for line in result.sides[0].lines][0] == "Garbage (4-4-3-3)"
    assert lines(result.sides[1]) == {"canastas.natural": 500, "red_threes": 0,
                                      "table_cards": 90, "hand_cards": -40}


@pytest.mark.parametrize(("hand_id", "points"), [
    ("seven_pairs", 2500), ("seven_pairs_wild", 2000), ("straight", 3000), ("garbage", 3000),
    ("miami_pairs", 2500), ("zip_code", 2500), ("blast_off", 3000)])
def test_every_special_hand(hand_id: str, points: int) -> None:
    assert count({"going_out": "normal", "special_hand": hand_id}, EMPTY).totals[0] == points


def test_pagat_garbage_2000_is_a_setting() -> None:
    # "→ default: CLA values; pagat's 2000 for garbage as a house option."
    data = ruleset_to_dict(AMERICAN)
    for hand in data["special_hands"]:
        if hand["id"] == "garbage":
            hand["points"] = 2000
    pagat = ruleset_from_dict(data, base=AMERICAN)
    assert count({"going_out": "normal", "special_hand": "garbage"}, EMPTY,
                 rs=pagat).totals[0] == 2000


@pytest.mark.parametrize(("side", "end", "message"), [
    # Only a side that has melded nothing.
    ({"going_out": "normal", "special_hand": "straight", "table_points": 60}, "went_out",
     "Only a side that has melded nothing can go out with a special hand."),
    ({"going_out": "normal", "special_hand": "straight", "canastas": {"natural": 1},
      "table_points": 70}, "went_out",
     "Only a side that has melded nothing can go out with a special hand."),
    # It ends the hand by going out.
    ({"special_hand": "straight"}, "stock_out",
     "A special hand is shown by the side that goes out with it."),
    ({"going_out": "normal", "special_hand": "royal_flush"}, "went_out",
     "Unknown special hand."),
])
def test_special_hand_refused(side: dict[str, Any], end: str, message: str) -> None:
    assert errors(side, EMPTY, end=end)["sides[0].special_hand"] == message


def test_special_hands_are_american_only() -> None:
    classic = find_ruleset("classic")
    assert errors({"going_out": "normal", "special_hand": "garbage"}, EMPTY, rs=classic)[
        "sides[0].special_hand"] == "Unknown special hand."


@pytest.mark.parametrize(("total", "minimum"), [
    (-3000, 125), (-5, 125), (0, 125), (2995, 125),  # "below 3000 (negative included) 125"
    (3000, 155), (4995, 155),  # "3000–4995 155"
    (5000, 180), (8495, 180), (20000, 180),  # "5000+ 180"
])
def test_opening_minimum(total: int, minimum: int) -> None:
    assert flow.opening(AMERICAN, total=total).minimum == minimum


def test_game_to_8500() -> None:
    # "Game | 8500; if both sides pass it on one hand the higher total wins; exact tie not
    # covered": play on by default, a draw by setting.
    assert not decide(AMERICAN, [8495, 3000]).finished
    assert decide(AMERICAN, [8500, 3000]).winner == 0
    assert decide(AMERICAN, [8600, 9100]).winner == 1
    assert not decide(AMERICAN, [8600, 8600]).finished
    drawn = ruleset_from_dict({"tie_rule": "draw"}, base=AMERICAN)
    assert decide(drawn, [8600, 8600]).drawn
