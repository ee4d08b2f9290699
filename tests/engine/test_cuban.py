"""Cuban Canasta (VARIANTS.md section 5, [RG-C]), line by line, with hand-worked counts.

Card values as classic (0.1): joker 50, 2 = 20, ace 20, K to 8 = 10, 7 to 4 = 5, black 3 = 5.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_variants import CLASSIC_CARDS, EMPTY, count, errors, lines, value_at

from scorekeeper.engine import (
    CanastaKind,
    count_hand,
    decide,
    find_ruleset,
    flow,
    ruleset_from_dict,
)

CUBAN = find_ruleset("cuban")

ROWS: list[tuple[str, Any]] = [  # section 5 [RG-C]: "Classic Canasta except the items below"
    *CLASSIC_CARDS,
    # "Natural / mixed | 500 / 300"; "seven 2s | 4000"; "four jokers + three 2s | 3000";
    # "any other mix | 2000"
    ("canastas", {"natural": 500, "mixed": 300, "wild": 2000, "wild_twos": 4000,
                  "wild_four_jokers": 3000}),
    ("red_threes.by_count", [100, 300, 500, 1000]),  # "1: 100; 2: 300; 3: 500; 4: 1000"
    ("red_threes.negative_when", "no_canasta"),  # "plus if the side has at least one canasta"
    ("black_threes.each_with_pile", 5),  # "taken with the pile ... 5 each,
    ("black_threes.all_with_pile", 100),  # or 100 for all four"
    ("black_threes.each_in_hand_penalty", None),  # section 8: "−5 (not restated)"
    ("black_threes.all_shown_bonus", None),
    ("going_out.normal", 100),  # "Going out | 100; concealed gives nothing extra"
    ("going_out_requirement.canastas", 1),  # "classic 1 (sources disagree: [BN-J] has 2)"
    ("opening_minimums.negative", 15),  # "negative 15; 0–1495 50; 1500–2995 90;
    ("opening_minimums.bands", [{"from": 0, "minimum": 50}, {"from": 1500, "minimum": 90},
                                {"from": 3000, "minimum": 120},  # 3000–4995 120;
                                {"from": 5000, "minimum": 150}]),  # 5000+ 150"
    ("target", 7500),  # "Game | 7500"
    ("tie_rule", "play_on"),  # 0.1 classic
    # "108 cards, 4 players; 13 cards each"
    ("formats", [{"id": "4", "label": "Four players in two pairs", "players": 4, "sides": 2,
                  "cards_dealt": 13, "packs": 2, "canastas_to_go_out": None}]),
    # "concealed gives nothing extra": one way out
    ("going_out_kinds.normal.concealed", False),
    # "any other mix": one to three jokers (seven 2s and the four jokers are theirs)
    ("canasta_kinds.wild.min_jokers", 1), ("canasta_kinds.wild.max_jokers", 3),
    ("canasta_kinds.wild_four_jokers.min_jokers", 4),
]


@pytest.mark.parametrize(("path", "value"), ROWS, ids=[p for p, _ in ROWS])
def test_variants_md_value(path: str, value: Any) -> None:
    assert value_at(CUBAN, path) == value


def test_one_way_of_going_out() -> None:
    assert [k.id for k in CUBAN.going_out] == ["normal"]


# -- every scoring line -----------------------------------------------------------------------


def test_seven_twos_4000_and_their_cards() -> None:
    # Seven 2s (140) 4,000, going out 100: 4,000 + 100 + 140 = 4,240.
    result = count(CUBAN, {"canastas": {"wild_twos": 1}, "going_out": "normal",
                           "table_cards": {"twos": 7}}, EMPTY)
    assert lines(result.sides[0]) == {
        "canastas.wild_twos": 4000, "going_out": 100, "table_cards": 140, "hand_cards": 0}
    assert result.totals == (4240, 0)


def test_four_jokers_and_three_twos_3000() -> None:
    # Four jokers and three 2s (200 + 60 = 260) 3,000, and a natural canasta of kings (70):
    # 3,000 + 500 + 100 + 330 - 25 in hand = 3,905.
    result = count(CUBAN, {"canastas": {"wild_four_jokers": 1, "natural": 1},
                           "going_out": "normal", "hand_points": 25,
                           "table_cards": {"jokers": 4, "twos": 3, "eights_to_kings": 7}},
                   EMPTY)
    assert lines(result.sides[0]) == {
        "canastas.natural": 500, "canastas.wild_four_jokers": 3000, "going_out": 100,
        "table_cards": 330, "hand_cards": -25}
    assert result.totals == (3905, 0)


def test_any_other_wild_canasta_2000() -> None:
    # Two jokers and five 2s (100 + 100 = 200): 2,000 + going out 100 + 200 - 10 in hand.
    result = count(CUBAN, {"canastas": {"wild": 1}, "going_out": "normal",
                           "table_cards": {"jokers": 2, "twos": 5},
                           "hand_points": 10}, EMPTY)
    assert lines(result.sides[0])["canastas.wild"] == 2000
    assert result.totals == (2290, 0)


def test_natural_and_mixed_as_classic() -> None:
    # A natural canasta of kings (70) and a mixed one (six 5s and a 2: 50): 500 + 300 + 100
    # + 120 = 1,020.
    result = count(CUBAN, {"canastas": {"natural": 1, "mixed": 1}, "going_out": "normal",
                           "table_points": 120}, EMPTY)
    assert result.totals == (1020, 0)


@pytest.mark.parametrize(("red", "points"), [(1, 100), (2, 300), (3, 500), (4, 1000)])
def test_red_threes_by_count(red: int, points: int) -> None:
    # "1: 100; 2: 300; 3: 500; 4: 1000", plus with a canasta: 500 + 100 + 35 + the table's.
    result = count(CUBAN, {"canastas": {"natural": 1}, "going_out": "normal",
                           "table_points": 35, "red_threes": red}, EMPTY)
    assert lines(result.sides[0])["red_threes"] == points
    assert result.totals == (635 + points, 0)


def test_red_threes_against_a_side_without_a_canasta() -> None:
    # "minus otherwise": side 1 melded 60 but has no canasta, three red 3s: -500 + 60 - 20.
    result = count(CUBAN, {"canastas": {"natural": 1}, "going_out": "normal",
                           "table_points": 35, "red_threes": 1},
                   {"table_points": 60, "hand_points": 20, "red_threes": 3})
    assert lines(result.sides[1])["red_threes"] == -500
    assert result.sides[1].lines[0].text == "Red 3s × 3, against: no canasta"
    assert result.totals == (735, -460)


def test_black_threes_taken_with_the_pile() -> None:
    # "set aside and score 5 each, or 100 for all four": side 0 took two (10), side 1 the
    # other two (10); all four with one side: 100.
    result = count(CUBAN, {"canastas": {"natural": 1}, "going_out": "normal",
                           "table_points": 35, "black_threes_with_pile": 2},
                   {"table_points": 60, "black_threes_with_pile": 2})
    assert lines(result.sides[0])["black_threes_with_pile"] == 10
    assert result.sides[0].lines[2].text == "Black 3s taken with the pile × 2"
    assert result.totals == (645, 70)
    result = count(CUBAN, {"canastas": {"natural": 1}, "going_out": "normal",
                           "table_points": 35},
                   {"table_points": 60, "black_threes_with_pile": 4})
    assert [ln.text for ln in result.sides[1].lines][0] == "All 4 black 3s taken with the pile"
    assert result.totals == (635, 160)
    # At any end of the hand: the stock ran out, three taken: 15.
    result = count(CUBAN, {"canastas": {"natural": 1}, "table_points": 35,
                           "black_threes_with_pile": 3}, EMPTY, end="stock_out")
    assert result.totals == (500 + 15 + 35, 0)


def test_black_three_in_hand_is_its_card_value() -> None:
    # Section 8: "−5 (not restated)": two black 3s among 30 in hand cost their 10 only.
    result = count(CUBAN, {"canastas": {"natural": 1}, "going_out": "normal",
                           "table_points": 35},
                   {"table_points": 60, "hand_points": 30, "black_threes_in_hand": 2})
    assert result.totals == (635, 30)


def test_stock_out_no_going_out_bonus() -> None:
    result = count(CUBAN, {"canastas": {"wild_twos": 1}, "table_points": 140,
                           "hand_points": 20, "red_threes": 2},
                   {"table_points": 50, "red_threes": 1}, end="stock_out")
    # 4,000 + 300 + 140 - 20 = 4,420; side 1 without a canasta: -100 + 50 = -50.
    assert result.totals == (4420, -50)


# -- validation -------------------------------------------------------------------------------


def test_going_out_needs_a_canasta() -> None:
    assert errors(CUBAN, {"going_out": "normal", "table_points": 60}, EMPTY) == {
        "sides[0].going_out": "Going out needs finished canastas: 1; this side has 0."}
    # No concealed way out.
    assert "sides[0].going_out" in errors(
        CUBAN, {"canastas": {"natural": 1}, "going_out": "concealed", "table_points": 35},
        EMPTY)


def test_two_canastas_to_go_out_is_a_setting() -> None:
    # [BN-J]: two canastas.
    joker = ruleset_from_dict({"going_out_requirement": {"canastas": 2}}, base=CUBAN)
    assert errors(joker, {"canastas": {"natural": 1}, "going_out": "normal",
                          "table_points": 35}, EMPTY) == {
        "sides[0].going_out": "Going out needs finished canastas: 2; this side has 1."}


def test_wild_kinds_need_their_cards() -> None:
    # A canasta of seven 2s with only six 2s counted on the table.
    errs = errors(CUBAN, {"canastas": {"wild_twos": 1}, "going_out": "normal",
                          "table_cards": {"twos": 6, "jokers": 1}}, EMPTY)
    assert "sides[0].table_cards.twos" in errs
    # The four jokers' canasta needs all four jokers.
    errs = errors(CUBAN, {"canastas": {"wild_four_jokers": 1}, "going_out": "normal",
                          "table_cards": {"twos": 4, "jokers": 3}}, EMPTY)
    assert "sides[0].table_cards.jokers" in errs
    # "Any other mix" holds a joker: seven 2s entered as `wild` are refused.
    errs = errors(CUBAN, {"canastas": {"wild": 1}, "going_out": "normal",
                          "table_cards": {"twos": 7}}, EMPTY)
    assert "sides[0].table_cards.jokers" in errs
    # Its floor: a joker and six 2s, 170.
    assert errors(CUBAN, {"canastas": {"wild": 1}, "going_out": "normal",
                          "table_points": 165}, EMPTY) == {
        "sides[0].table_points":
            "The canastas and black 3s on the table are worth at least 170."}


def test_two_packs_hold_four_jokers_and_eight_twos() -> None:
    # Two canastas of the four jokers cannot be.
    errs = errors(CUBAN, {"canastas": {"wild_four_jokers": 1}, "going_out": "normal",
                          "table_points": 260},
                  {"canastas": {"wild_four_jokers": 1}, "table_points": 260})
    assert "sides[1].canastas.wild_four_jokers" in errs
    # Seven 2s and the four jokers with three 2s need ten 2s: the packs hold eight.
    errs = errors(CUBAN, {"canastas": {"wild_twos": 1}, "going_out": "normal",
                          "table_points": 140},
                  {"canastas": {"wild_four_jokers": 1}, "table_points": 260})
    assert errs["sides[1].canastas.wild_four_jokers"] == (
        "2 packs do not hold the cards for that many of these canastas.")
    # Two canastas of seven 2s need fourteen 2s.
    errs = errors(CUBAN, {"canastas": {"wild_twos": 2}, "going_out": "normal",
                          "table_points": 280}, EMPTY)
    assert "sides[0].canastas.wild_twos" in errs


def test_only_its_kinds_of_canasta() -> None:
    # Section 5: natural, mixed and the three wild kinds; no sevens, aces or sequence.
    others = {k.value for k in CanastaKind} - {
        "natural", "mixed", "wild", "wild_twos", "wild_four_jokers"}
    refused = errors(CUBAN, {"canastas": {"natural": 1, **dict.fromkeys(others, 1)},
                             "going_out": "normal", "table_points": 600}, EMPTY)
    assert {f.rsplit(".", 1)[-1] for f in refused if ".canastas." in f} == others


def test_more_than_four_red_threes_refused() -> None:
    assert errors(CUBAN, {"canastas": {"natural": 1}, "going_out": "normal",
                          "table_points": 35, "red_threes": 3}, {"red_threes": 2}) == {
        "sides[1].red_threes": "There are only 4 red 3s in 2 packs."}


def test_black_threes_with_the_pile_within_the_deck() -> None:
    # Four black 3s in two packs: three with the pile and two in hand cannot be.
    assert errors(CUBAN, {"canastas": {"natural": 1}, "going_out": "normal",
                          "table_points": 35, "black_threes_with_pile": 3},
                  {"hand_points": 10, "black_threes_in_hand": 2}) == {
        "sides[1].black_threes_in_hand": "There are only 4 black 3s in 2 packs."}
    assert errors(CUBAN, {"canastas": {"natural": 1}, "going_out": "normal",
                          "table_points": 35, "black_threes_with_pile": 5}, EMPTY) == {
        "sides[0].black_threes_with_pile": "There are only 4 black 3s in 2 packs."}


def test_black_threes_with_the_pile_elsewhere_refused() -> None:
    # Classic does not set them aside: the field is refused there.
    _, result = count_hand(CUBAN, {"sides": [{"black_threes_with_pile": 1}, {}],
                                   "end": "stock_out"})
    assert result.totals == (5, 0)
    assert errors(find_ruleset("classic"), {"canastas": {"natural": 1}, "going_out": "normal",
                                            "table_points": 35, "black_threes_with_pile": 1},
                  EMPTY) == {"sides[0].black_threes_with_pile":
                             "In this rule set black 3s taken with the pile are not set aside."}
    assert errors(CUBAN, {"black_threes_with_pile": "x"}, EMPTY, end="stock_out") == {
        "sides[0].black_threes_with_pile": "Enter a whole number."}


# -- opening minimum and game (Cuban and Italian) -------------------------------------------------

#: Every tier boundary of VARIANTS.md 5 ("negative 15; 0–1495 50; 1500–2995 90; 3000–4995 120;
#: 5000+ 150") and 7 (… "5000–7495 160; 7500–9995 180; 10000+ 200"): (total, minimum, row).
TIERS = {
    "cuban": [(-5, 15, 0), (0, 50, 1), (1495, 50, 1), (1500, 90, 2), (2995, 90, 2),
              (3000, 120, 3), (4995, 120, 3), (5000, 150, 4), (7495, 150, 4)],
    "italian": [(-5, 15, 0), (0, 50, 1), (1495, 50, 1), (1500, 90, 2), (2995, 90, 2),
                (3000, 120, 3), (4995, 120, 3), (5000, 160, 4), (7495, 160, 4),
                (7500, 180, 5), (9995, 180, 5), (10000, 200, 6), (11995, 200, 6)],
}


@pytest.mark.parametrize(("rs_id", "tiers"), TIERS.items())
def test_every_opening_minimum_boundary(client, rs_id: str, tiers: list) -> None:
    rs = find_ruleset(rs_id)
    for total, minimum, row in tiers:
        assert (flow.opening(rs, total=total).minimum, rs.opening_minimums.band_index(total)) == (
            minimum, row), total
        answer = client.get(f"/api/v1/opening-minimum?ruleset={rs_id}&score={total}")
        assert (answer.get_json()["minimum"], answer.get_json()["band"]) == (minimum, row)


@pytest.mark.parametrize(("rs_id", "target", "level"), [
    ("cuban", 7500, "play on"),  # "Game | 7500"; 0.1: level sides play on
    ("italian", 12000, "drawn"),  # "Game | 12,000"; [RG-I]'s Samba: a tie is drawn
])
def test_the_game_ends_at_the_target(rs_id: str, target: int, level: str) -> None:
    rs = find_ruleset(rs_id)
    outcomes = [decide(rs, totals) for totals in (
        [target - 5, 3000], [target, 3000], [target + 100, target + 500],
        [target + 500, target + 500])]
    assert [(o.finished, o.winner) for o in outcomes[:3]] == [(False, None), (True, 0),
                                                              (True, 1)]
    tie = outcomes[3]
    assert (tie.finished, tie.drawn) == ((True, True) if level == "drawn" else (False, False))
