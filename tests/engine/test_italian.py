"""Italian Canasta / Canastone (VARIANTS.md section 7, [RG-I]; [HSW-I]), line by line, with
hand-worked counts, and its open points as settings.

Card values as classic ([P-CT]): joker 50, 2 = 20, ace 20, K to 8 = 10, 7 to 4 = 5.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_variants import CLASSIC_CARDS, EMPTY, count, errors, lines, value_at

from scorekeeper.engine import CanastaKind, find_ruleset, ruleset_from_dict

ITALIAN = find_ruleset("italian")

ROWS: list[tuple[str, Any]] = [
    *CLASSIC_CARDS,  # "Card values | as classic"
    # "Natural / mixed canasta | 500 / 300"; "seven 2s | 3000"; "2s + jokers | 2000"
    ("canastas", {"natural": 500, "mixed": 300, "wild": 2000, "wild_twos": 3000}),
    ("canasta_count_premios.wild_only_going_out", True),  # "only for the side that goes out"
    ("canasta_count_premios.wild_when_nobody_out", False),  # open point: nobody
    ("canasta_count_premios.five_natural", 2000),  # "Premio: five natural canastas | +2000"
    ("canasta_count_premios.four_natural_one_mixed", 1000),  # "four natural + one mixed | +1000"
    ("canasta_count_premios.ten", 2000),  # "ten canastas of any kind | +2000"
    ("canasta_count_premios.mix_cumulative", False),  # open point "whether premios stack"
    ("canasta_count_premios.five", None),
    ("canasta_count_premios.seven", None),
    # "Red threes | 1–3: 100 each; 4 or more: 200 each (4 = 800, 5 = 1000, 6 = 1200)"
    ("red_threes.by_count", [100, 200, 300, 800, 1000, 1200]),
    ("red_threes.negative_when", "short_of_going_out"),  # open point: Samba's
    ("going_out.normal", 300),  # "Going out | 300;
    ("going_out_requirement.canastas", 2),  # needs 2 canastas,
    ("going_out_requirement.wild_counts", False),  # wild canastas not counted"
    ("opening_minimums.negative", 15),
    ("opening_minimums.bands", [
        # "0–1495 50; 1500–2995 90; 3000–4995 120; 5000–7495 160; 7500–9995 180; 10000+ 200"
        {"from": 0, "minimum": 50}, {"from": 1500, "minimum": 90},
        {"from": 3000, "minimum": 120}, {"from": 5000, "minimum": 160},
        {"from": 7500, "minimum": 180}, {"from": 10000, "minimum": 200}]),
    ("target", 12000),  # "Game | 12,000"
    ("penalties", []),
    # "162 cards (3 packs + 6 jokers), 4 players in partnerships, 15 cards"
    ("formats", [{"id": "4", "label": "Four players in two pairs (three packs)", "players": 4,
                  "sides": 2, "cards_dealt": 15, "packs": 3, "canastas_to_go_out": None}]),
    ("going_out_kinds", [{"id": "normal", "label": "Going out", "points": 300,
                          "concealed": False, "plus_going_out_bonus": False,
                          "hand_cards_positive": False}]),
    # "2s + jokers": a joker and a 2 at least
    ("canasta_kinds.wild.min_jokers", 1), ("canasta_kinds.wild.max_jokers", 6),
]


@pytest.mark.parametrize(("path", "value"), ROWS, ids=[p for p, _ in ROWS])
def test_variants_md_value(path: str, value: Any) -> None:
    assert value_at(ITALIAN, path) == value


# -- every scoring line -----------------------------------------------------------------------


def test_going_out_300_with_two_canastas() -> None:
    # A natural canasta of kings (70) and a mixed one (six 5s and a 2: 50); 30 more melded;
    # 20 in hand: 500 + 300 + 300 + 150 - 20 = 1,230.
    result = count(ITALIAN, {"canastas": {"natural": 1, "mixed": 1}, "going_out": "normal",
                             "table_points": 150, "hand_points": 20}, EMPTY)
    assert lines(result.sides[0]) == {"canastas.natural": 500, "canastas.mixed": 300,
                                      "going_out": 300, "table_cards": 150, "hand_cards": -20}
    assert result.totals == (1230, 0)


def test_wild_canastas_only_for_the_side_that_goes_out() -> None:
    # "3000 / 2000 — only for the side that goes out; otherwise card values only".
    # Side 0 goes out with two naturals (70 + 70) and seven 2s (140): 3,000 + 1,000 + 300 +
    # 280 = 4,580. Side 1: a canasta of 2s and jokers (2 jokers + five 2s: 200) and a natural
    # one (35): its wild canasta scores its cards only: 500 + 0 + 235 = 735.
    result = count(ITALIAN,
                   {"canastas": {"natural": 2, "wild_twos": 1}, "going_out": "normal",
                    "table_cards": {"eights_to_kings": 14, "twos": 7}},
                   {"canastas": {"natural": 1, "wild": 1},
                    "table_cards": {"jokers": 2, "twos": 5, "fours_to_sevens": 7}})
    assert lines(result.sides[0])["canastas.wild_twos"] == 3000
    assert lines(result.sides[1])["canastas.wild"] == 0
    assert result.sides[1].lines[1].text == (
        "Wild-card canastas × 1: no bonus, the side did not go out")
    assert result.totals == (4580, 735)


def test_wild_canasta_2000_for_the_side_out() -> None:
    # 2s and jokers (a joker and six 2s: 170) 2,000 with two naturals (35 + 35): 2,000 +
    # 1,000 + 300 + 240 = 3,540.
    result = count(ITALIAN, {"canastas": {"natural": 2, "wild": 1}, "going_out": "normal",
                             "table_points": 240}, EMPTY)
    assert lines(result.sides[0])["canastas.wild"] == 2000
    assert result.totals == (3540, 0)


def test_stock_out_nobody_earns_the_wild_bonus_a_setting() -> None:
    hand = ({"canastas": {"wild_twos": 1, "natural": 1}, "table_points": 175}, EMPTY)
    # Open point: nobody went out, so no side earns it (the default).
    result = count(ITALIAN, *hand, end="stock_out")
    assert lines(result.sides[0])["canastas.wild_twos"] == 0
    # One canasta that counts: short of the two, no red 3s here. 500 + 175 = 675.
    assert result.totals == (675, 0)
    keep = ruleset_from_dict({"canasta_count_premios": {"wild_when_nobody_out": True}},
                             base=ITALIAN)
    assert count(keep, *hand, end="stock_out").totals == (3675, 0)
    # Still nothing for the side that did not go out when someone did.
    result = count(keep, {"canastas": {"natural": 2}, "going_out": "normal",
                          "table_points": 70}, hand[0])
    assert lines(result.sides[1])["canastas.wild_twos"] == 0


def test_wild_only_going_out_is_a_setting() -> None:
    every = ruleset_from_dict({"canasta_count_premios": {"wild_only_going_out": False}},
                              base=ITALIAN)
    result = count(every, {"canastas": {"natural": 2}, "going_out": "normal",
                           "table_points": 70},
                   {"canastas": {"wild": 1}, "table_points": 170})
    assert result.totals == (1000 + 300 + 70, 2000 + 170)


#: The fewest table points of each hand below, worked by hand: three packs hold 12 of a rank,
#: so a 5-point rank (4 to 7) holds one natural canasta (7) and a mixed one of five and two wild
#: cards (5 x 5 + 2 x 20 = 65), or two mixed ones of six and a wild card (50 each); a natural
#: canasta past them is of 8s to kings (70); 12 2s, the seven 2s canasta taking seven of them.
@pytest.mark.parametrize(("canastas", "table", "premio", "points"), [
    # "five natural canastas | +2000": 4 x 35 + 70.
    ({"natural": 5}, 210, "five_natural_canastas", 2000),
    # "four natural + one mixed | +1000": 4 x 35 + 65.
    ({"natural": 4, "mixed": 1}, 205, "four_natural_one_mixed", 1000),
    ({"natural": 4, "mixed": 3}, 4 * 35 + 3 * 65, "four_natural_one_mixed", 1000),
    # "ten canastas of any kind | +2000": eight mixed of six 4s to 7s (400), two natural
    # canastas of 8s to kings (140).
    ({"natural": 2, "mixed": 8}, 540, "ten_canastas", 2000),
    # Six mixed of six 4s to 7s (180 and six wild cards: five 2s, a joker: 150), a natural
    # canasta of the fourth rank (35), two of 8s to kings (140), seven 2s (140).
    ({"natural": 3, "mixed": 6, "wild_twos": 1}, 645, "ten_canastas", 2000),
])
def test_premios_for_the_canastas_made(canastas: dict[str, int], table: int, premio: str,
                                       points: int) -> None:
    made = sum(canastas.values())
    result = count(ITALIAN, {"canastas": canastas, "going_out": "normal",
                             "table_points": table}, EMPTY)
    got = lines(result.sides[0])
    assert got[premio] == points
    bonuses = sum(n * {"natural": 500, "mixed": 300, "wild_twos": 3000}[k]
                  for k, n in canastas.items())
    assert result.totals == (bonuses + points + 300 + table, 0), made


@pytest.mark.parametrize(("canastas", "table"), [
    ({"natural": 4}, 140), ({"natural": 3, "mixed": 2}, 205), ({"natural": 4, "wild": 1}, 310),
    # Three ranks of two mixed canastas of six (6 x 50), one of a natural canasta and a mixed
    # one of five (35 + 65), a natural canasta of 8s to kings (70).
    ({"natural": 2, "mixed": 7}, 470),
])
def test_no_premio_short_of_the_mix(canastas: dict[str, int], table: int) -> None:
    result = count(ITALIAN, {"canastas": canastas, "going_out": "normal",
                             "table_points": table}, EMPTY)
    assert not {"five_natural_canastas", "four_natural_one_mixed", "ten_canastas"} & set(
        lines(result.sides[0]))


def test_premios_do_not_stack_by_default_a_setting() -> None:
    # Five natural and five mixed: five natural (2,000), four natural + a mixed (1,000) and
    # ten (2,000) all hold; only the highest counts (the first of the highest: five natural).
    # Three packs: three 5-point ranks each a natural canasta and a mixed one of five (3 x 100),
    # the fourth two mixed ones of six (100), two natural canastas of 8s to kings (140).
    hand = {"canastas": {"natural": 5, "mixed": 5}, "going_out": "normal",
            "table_points": 540}
    result = count(ITALIAN, hand, EMPTY)
    got = lines(result.sides[0])
    assert got["five_natural_canastas"] == 2000
    assert "ten_canastas" not in got and "four_natural_one_mixed" not in got
    assert result.totals == (2500 + 1500 + 2000 + 300 + 540, 0)
    stacked = ruleset_from_dict({"canasta_count_premios": {"mix_cumulative": True}},
                                base=ITALIAN)
    got = lines(count(stacked, hand, EMPTY).sides[0])
    assert (got["five_natural_canastas"], got["four_natural_one_mixed"],
            got["ten_canastas"]) == (2000, 1000, 2000)


@pytest.mark.parametrize(("red", "points"), [
    (1, 100), (2, 200), (3, 300), (4, 800), (5, 1000), (6, 1200)])
def test_red_threes_by_count(red: int, points: int) -> None:
    # "1–3: 100 each; 4 or more: 200 each (4 = 800, 5 = 1000, 6 = 1200)"
    result = count(ITALIAN, {"canastas": {"natural": 2}, "going_out": "normal",
                             "table_points": 70, "red_threes": red}, EMPTY)
    assert lines(result.sides[0])["red_threes"] == points
    assert result.totals == (1000 + 300 + 70 + points, 0)


def test_red_threes_against_a_side_without_two_canastas() -> None:
    # Open point, Samba's rule: a natural and a wild canasta (the wild one does not count):
    # four red 3s -800. 500 + 0 (wild, not out) - 800 + 205 = -95.
    result = count(ITALIAN, {"canastas": {"natural": 2}, "going_out": "normal",
                             "table_points": 70},
                   {"canastas": {"natural": 1, "wild": 1}, "table_points": 205,
                    "red_threes": 4})
    assert lines(result.sides[1])["red_threes"] == -800
    assert result.totals == (1370, -95)


# -- validation -------------------------------------------------------------------------------


def test_going_out_needs_two_canastas_not_wild() -> None:
    assert errors(ITALIAN, {"canastas": {"natural": 1}, "going_out": "normal",
                            "table_points": 35}, EMPTY) == {
        "sides[0].going_out": "Going out needs finished canastas: 2; this side has 1."}
    assert errors(ITALIAN, {"canastas": {"natural": 1, "wild_twos": 1}, "going_out": "normal",
                            "table_points": 175}, EMPTY) == {
        "sides[0].going_out":
            "Going out needs finished canastas: 2 (a wild-card canasta does not count)."}


def test_only_its_kinds_of_canasta() -> None:
    # Section 7 names natural, mixed, seven 2s and 2s with jokers; §8: no sequence, and the
    # four-joker canasta has no value of its own (an open point: it is a `wild`).
    others = {k.value for k in CanastaKind} - {"natural", "mixed", "wild", "wild_twos"}
    refused = errors(ITALIAN, {"canastas": {"natural": 2, **dict.fromkeys(others, 1)},
                               "going_out": "normal", "table_points": 1500}, EMPTY)
    assert {f.rsplit(".", 1)[-1] for f in refused if ".canastas." in f} == others


def test_mixed_canasta_at_most_two_wild_cards_floor() -> None:
    # A mixed canasta holds a wild card at least: two mixed ones counted with one.
    errs = errors(ITALIAN, {"canastas": {"mixed": 2}, "going_out": "normal",
                            "table_cards": {"fours_to_sevens": 13, "twos": 1}}, EMPTY)
    assert "sides[0].table_cards" in errs


def test_wild_canastas_need_their_cards() -> None:
    # 2s and jokers: at least a joker and a 2.
    errs = errors(ITALIAN, {"canastas": {"natural": 2, "wild": 1}, "going_out": "normal",
                            "table_cards": {"eights_to_kings": 14, "twos": 7}}, EMPTY)
    assert "sides[0].table_cards.jokers" in errs
    errs = errors(ITALIAN, {"canastas": {"natural": 2, "wild": 1}, "going_out": "normal",
                            "table_cards": {"eights_to_kings": 14, "jokers": 6,
                                            "aces": 1}}, EMPTY)
    assert "sides[0].table_cards.twos" in errs
    # Three packs hold twelve 2s: two canastas of seven 2s cannot be.
    errs = errors(ITALIAN, {"canastas": {"natural": 2, "wild_twos": 2}, "going_out": "normal",
                            "table_points": 350}, EMPTY)
    assert "sides[0].canastas.wild_twos" in errs


def test_seven_red_threes_refused() -> None:
    assert errors(ITALIAN, {"canastas": {"natural": 2}, "going_out": "normal",
                            "table_points": 70, "red_threes": 7}, EMPTY) == {
        "sides[0].red_threes": "There are only 6 red 3s in 3 packs."}


def test_no_black_threes_with_the_pile() -> None:
    assert "sides[0].black_threes_with_pile" in errors(
        ITALIAN, {"canastas": {"natural": 2}, "going_out": "normal", "table_points": 70,
                  "black_threes_with_pile": 1}, EMPTY)

# Opening minimum tiers and the game to 12,000: test_cuban.py (both presets, as data).
