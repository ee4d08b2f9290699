"""The `brazilian` preset (shared/VARIANTS.md section 4): "Same as Bolivia" except the items
below [BIC-BR]; [RG-BR]. Every value traced to its row, every scoring line and validation rule
on a hand worked by hand, every opening-minimum tier at its boundaries.

Card values (VARIANTS.md 0.1, as classic): joker 50, 2 = 20, ace 20, K to 8 = 10, 7 to 4 = 5,
black 3 = 5. The sources give no worked hand of their own.
"""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import EMPTY, counting, each_value, lines, value_at

from scorekeeper.engine import (
    PRESETS,
    OpeningCondition,
    count_hand,
    decide,
    find_ruleset,
    flow,
    ruleset_from_dict,
    ruleset_to_dict,
)

BRAZILIAN = find_ruleset("brazilian")
BOLIVIA = find_ruleset("bolivia")
count, errors = counting(BRAZILIAN)


VALUES = [
    # "Card values": as Bolivia, as Samba, as classic.
    ("card_values", ruleset_to_dict(BOLIVIA)["card_values"]),
    # "Wild canasta (`wild`) | 2000" (sources disagree: 2,500 [WKC-BR]; → 2,000);
    # "Escalera (`sequence`) | 1500" and "Natural / mixed | 500 / 300" inherited.
    ("canastas", {"natural": 500, "mixed": 300, "sequence": 1500, "wild": 2000}),
    # "Sequence of fewer than 5 cards left on the table at the end | -1000 (5- and 6-card
    # sequences: no penalty)"
    ("unfinished_canastas", {"sequence": {"points": 1000, "fewer_than": 5,
                                          "only_when_out": False, "blocks_going_out": False}}),
    # "Red threes | 1–4: 100 each; 5: 1000 in all; 6: 1200 in all"
    ("red_threes.by_count", [100, 200, 300, 400, 1000, 1200]),
    # "Red threes sign | plus if the side has at least one canasta, minus otherwise"
    ("red_threes.negative_when", "no_canasta"),
    # "Black threes | as Bolivia: −100 in hand, 5 melded going out"
    ("black_threes.each_in_hand_penalty", 100),
    ("black_threes.each_in_hand_includes_card", True),
    ("black_threes.each_in_hand_only_when_out", True),
    # "Going out | +200; any two canastas (escalera not required)"
    ("going_out_requirement.canastas", 2),
    ("going_out_requirement.sequence", 0),
    # "Opening minimum | negative 15; 0–1495 50; 1500–2995 90; 3000–6995 120; 7000–7995: the
    # opening must be a canasta; 8000–8995: a canasta worth at least 200; 9000+: a natural
    # canasta"
    ("opening_minimums.negative", 15),
    ("opening_minimums.bands", [
        {"from": 0, "minimum": 50}, {"from": 1500, "minimum": 90},
        {"from": 3000, "minimum": 120}, {"from": 7000, "minimum": 0, "condition": "canasta"},
        {"from": 8000, "minimum": 200, "condition": "canasta"},
        {"from": 9000, "minimum": 0, "condition": "natural_canasta"}]),
    # "Game | 10,000"
    ("target", 10000),
    ("tie_rule", "draw"),  # as Samba's [SPEL], through Bolivia
    ("penalties", []),
    ("based_on", None),
]


@each_value(VALUES)
def test_variants_md_value(path: str, value: Any) -> None:
    assert value_at(BRAZILIAN, path) == value


def test_a_preset_appended_to_the_registry() -> None:
    assert PRESETS["brazilian"] is BRAZILIAN
    # "Cards / players | as Bolivia (162 cards, 4 players)"
    (fmt,) = BRAZILIAN.formats
    assert (fmt.players, fmt.sides, fmt.cards_dealt, fmt.packs) == (4, 2, 15, 3)
    assert [k.id for k in BRAZILIAN.going_out] == ["normal"]


def test_every_line_of_a_hand() -> None:
    # Side 0 goes out with a natural and a mixed canasta (35 + 50 at least), five red 3s,
    # 400 on the table: 500 + 300 + 1,000 + 200 + 400 = 2,400.
    # Side 1 has no canasta: the sixth red 3 against it (-100), a sequence of four left on the
    # table (-1,000), 80 on the table, 45 in hand of which one black 3 (5; -100 in all: 95
    # more). -100 - 1,000 - 95 + 80 - 45 = -1,160.
    result = count(
        {"canastas": {"natural": 1, "mixed": 1}, "going_out": "normal", "red_threes": 5,
         "table_points": 400},
        {"red_threes": 1, "unfinished_canastas": {"sequence": 1}, "table_points": 80,
         "hand_points": 45, "black_threes_in_hand": 1},
    )
    assert lines(result.sides[0]) == {
        "canastas.natural": 500, "canastas.mixed": 300, "red_threes": 1000, "going_out": 200,
        "table_cards": 400, "hand_cards": 0}
    assert lines(result.sides[1]) == {
        "red_threes": -100, "unfinished_canastas.sequence": -1000,
        "black_threes_in_hand": -95, "table_cards": 80, "hand_cards": -45}
    assert result.totals == (2400, -1160)
    texts = [line.text for line in result.sides[1].lines]
    assert texts[:2] == ["Red 3s × 1, against: no canasta",
                         "Unfinished sequence, fewer than 5 cards × 1"]


@pytest.mark.parametrize(("red", "points"), [
    # "1–4: 100 each; 5: 1000 in all; 6: 1200 in all"
    (1, 100), (2, 200), (3, 300), (4, 400), (5, 1000), (6, 1200)])
def test_red_threes_by_count_plus_with_one_canasta_minus_without(red: int, points: int) -> None:
    # One natural canasta (35) is enough for them to count for the side; none, against it.
    result = count({"canastas": {"natural": 1}, "table_points": 35, "red_threes": red},
                   EMPTY, end="stock_out")
    assert lines(result.sides[0])["red_threes"] == points
    result = count({"table_points": 35, "red_threes": red}, EMPTY, end="stock_out")
    assert lines(result.sides[0])["red_threes"] == -points


def test_one_canasta_is_enough_for_red_threes_where_bolivia_asks_two() -> None:
    side = {"canastas": {"natural": 1}, "table_points": 35, "red_threes": 6}
    assert count(side, EMPTY, end="stock_out").totals[0] == 500 + 1200 + 35
    _, bolivia = count_hand(BOLIVIA, {"players": 4, "end": "stock_out", "sides": [side, EMPTY]})
    assert bolivia.totals[0] == 500 - 1000 + 35


def test_more_red_threes_than_three_packs_hold_are_refused() -> None:
    assert errors({"canastas": {"natural": 1}, "table_points": 35, "red_threes": 4},
                  {"red_threes": 3}, end="stock_out") == {
        "sides[1].red_threes": "There are only 6 red 3s in 3 packs."}


def test_going_out_with_any_two_canastas_no_escalera_needed() -> None:
    # Two natural canastas (70): 1,000 + 200 + 70 = 1,270 (Bolivia would ask an escalera).
    assert count({"canastas": {"natural": 2}, "going_out": "normal", "table_points": 70},
                 EMPTY).totals == (1270, 0)
    # A wild canasta counts: seven 2s (140) and an escalera 4 to 10 (50): 2,000 + 1,500 +
    # 200 + 190 = 3,890.
    result = count({"canastas": {"wild": 1, "sequence": 1}, "going_out": "normal",
                    "table_points": 190}, EMPTY)
    assert lines(result.sides[0])["canastas.wild"] == 2000
    assert result.totals == (3890, 0)


def test_going_out_with_one_canasta_is_refused() -> None:
    assert errors({"canastas": {"sequence": 1}, "going_out": "normal", "table_points": 50},
                  EMPTY) == {
        "sides[0].going_out": "Going out needs finished canastas: 2; this side has 1."}


def test_short_sequences_cost_at_any_end_of_the_hand() -> None:
    # "left on the table at the end": when the stock runs out too. Two of them (4-5-6 and
    # 8-9-10-J: 15 + 40) beside a natural canasta (35): 500 - 2,000 + 90 = -1,410.
    result = count({"canastas": {"natural": 1}, "unfinished_canastas": {"sequence": 2},
                    "table_points": 90}, EMPTY, end="stock_out")
    assert lines(result.sides[0])["unfinished_canastas.sequence"] == -2000
    assert result.totals == (-1410, 0)
    # The side that went out may have one too ("at the end", whoever went out).
    result = count({"canastas": {"natural": 2}, "unfinished_canastas": {"sequence": 1},
                    "going_out": "normal", "table_points": 85}, EMPTY)
    assert result.totals == (1000 + 200 - 1000 + 85, 0)


def test_only_sequences_are_charged_when_unfinished() -> None:
    assert errors({"unfinished_canastas": {"wild": 1}, "table_points": 60}, EMPTY,
                  end="stock_out") == {
        "sides[0].unfinished_canastas.wild":
            "This rule set charges nothing for “Unfinished wild-card meld”."}
    # Each sequence left is 3 cards at least (4-5-6: 15).
    assert errors({"unfinished_canastas": {"sequence": 2}, "table_points": 25}, EMPTY,
                  end="stock_out") == {
        "sides[0].table_points": "The canastas, unfinished melds and black 3s on the table are "
                                 "worth at least 30."}


def test_black_threes_as_bolivia() -> None:
    # -100 in all for each one left in hand when someone goes out; at a stock-out, 5.
    went_out = count({"canastas": {"natural": 2}, "going_out": "normal", "table_points": 70},
                     {"table_points": 20, "hand_points": 10, "black_threes_in_hand": 2})
    assert lines(went_out.sides[1])["black_threes_in_hand"] == -190
    assert went_out.totals[1] == 20 - 10 - 190
    stock_out = count({"table_points": 70},
                      {"table_points": 20, "hand_points": 10, "black_threes_in_hand": 2},
                      end="stock_out")
    assert stock_out.totals[1] == 10
    # "5 melded going out", three or more together.
    result = count({"canastas": {"natural": 2}, "going_out": "normal", "table_points": 85,
                    "black_threes_shown": 3}, EMPTY)
    assert result.totals[0] == 1000 + 200 + 85


@pytest.mark.parametrize(("total", "minimum", "condition"), [
    (-100_000, 15, None), (-5, 15, None), (0, 50, None), (1495, 50, None), (1500, 90, None),
    (2995, 90, None), (3000, 120, None), (6995, 120, None),
    (7000, 0, OpeningCondition.CANASTA), (7995, 0, OpeningCondition.CANASTA),
    (8000, 200, OpeningCondition.CANASTA), (8995, 200, OpeningCondition.CANASTA),
    (9000, 0, OpeningCondition.NATURAL_CANASTA), (9995, 0, OpeningCondition.NATURAL_CANASTA),
])
def test_every_opening_tier_boundary(total: int, minimum: int,
                                     condition: OpeningCondition | None) -> None:
    assert flow.opening(BRAZILIAN, total=total).minimum == minimum
    assert flow.opening(BRAZILIAN, total=total).condition is condition


def test_game_to_10000() -> None:
    assert not decide(BRAZILIAN, [9995, 9000]).finished
    outcome = decide(BRAZILIAN, [10_000, 9000])
    assert outcome.finished and outcome.winner == 0


def test_the_wild_canasta_is_a_setting() -> None:
    # [WKC-BR] keeps Bolivia's 2,500: a house rule.
    house = ruleset_from_dict({"canastas": {"natural": 500, "mixed": 300, "sequence": 1500,
                                            "wild": 2500}}, base=BRAZILIAN)
    result = count_hand(house, {"players": 4, "end": "stock_out", "sides": [
        {"canastas": {"wild": 1}, "table_points": 140}, EMPTY]})[1]
    assert result.totals == (2640, 0)
    # What the house rule left alone stays Brazilian.
    assert house.unfinished_canastas == BRAZILIAN.unfinished_canastas
    assert house.opening_minimums == BRAZILIAN.opening_minimums
