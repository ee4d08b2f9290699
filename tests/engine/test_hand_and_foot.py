"""Hand and Foot (VARIANTS-2.md section 10), line by line, with hands worked from its clauses,
and the game's flow by round (engine/flow.py).

Card values (10.2): joker 50, 2 = 20, ace 20, K to 8 = 10, 7 to 4 = 5, black 3 = 5.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from test_variants import CLASSIC_CARDS, count, errors, lines, value_at

from scorekeeper.engine import TieRule, find_ruleset, flow, ruleset_from_dict, vary
from scorekeeper.engine.rule_types import RedThreesNegativeWhen

HF = find_ruleset("hand-and-foot")

ROWS: list[tuple[str, Any]] = [
    *CLASSIC_CARDS,  # 10.2 "Joker 50; 2 20; Ace 20; K Q J 10 9 8 10; 7 6 5 4 5; Black 3 5"
    ("canastas", {"natural": 500, "mixed": 300, "wild": 1500}),  # 10.3 clean / dirty / wild
    ("red_threes.each", 100),  # 10.4 "Each Red Three = 100 if placed face up"
    ("red_threes.all_of_them", None),
    ("red_threes.negative_when", "never"),  # "→ default: no such rule"
    ("red_threes.each_in_hand_penalty", 100),  # "minus 100 if not laid"
    ("going_out.normal", 100),  # 10.5 "For "Going Out" = 100"
    ("going_out_requirement.natural", 2),  # "two clean books,
    ("going_out_requirement.mixed", 2),  # two dirty books,
    ("going_out_requirement.wild", 1),  # and one wild book"
    ("going_out_requirement.canastas", 0),
    ("rounds", 4),  # 10.7 "There are four rounds to a game"
    ("opening_by_round", [50, 90, 120, 150]),  # 10.6 "Round 1=50, 2=90, 3=120, 4=150"
    ("tie_rule", "draw"),  # "Exact tie after round 4 | not covered": a setting
    ("stock_out_hand_cards", "against"),  # 10.5 "every card in every hand ... counts minus"
    # 10.1 "4 in two partnerships (2–6 possible; 6 as two teams of three; odd numbers play as
    # individuals)"; "One more deck than the number of people playing" [SIMP]; five players
    # are five sides: tests/engine/test_hand_and_foot_players.py.
    ("formats", [{"id": fid, "label": HF.formats[i].label, "players": players,
                  "sides": sides, "cards_dealt": 26, "packs": packs,
                  "canastas_to_go_out": None}
                 for i, (fid, players, sides, packs) in enumerate(
                     [("4", 4, 2, 5), ("2", 2, 2, 3), ("3", 3, 3, 4), ("5", 5, 5, 6),
                      ("6", 6, 2, 7)])]),
    ("penalties", []),
]


@pytest.mark.parametrize(("path", "value"), ROWS, ids=[p for p, _ in ROWS])
def test_variants_2_md_value(path: str, value: Any) -> None:
    assert value_at(HF, path) == value


def test_books_are_named_as_players_say() -> None:
    assert [b.name for b in HF.canastas] == ["Clean book", "Dirty book", "Wild book"]
    assert [k.id for k in HF.going_out] == ["normal"]


# -- every scoring line -----------------------------------------------------------------------

#: The side that goes out under pagat's contract: two clean books of kings (2 x 70), two dirty
#: books of five queens and two 2s (2 x 90), a wild book of four jokers and three 2s (260):
#: 580 on the table; two red 3s laid; nothing left in hand.
OUT = {"canastas": {"natural": 2, "mixed": 2, "wild": 1}, "table_points": 580,
       "hand_points": 0, "red_threes": 2, "going_out": "normal"}
#: The other side: a clean book of sevens (35) and three aces (60) on the table; one red 3
#: laid and one still in its unplayed foot; in its hands and the foot never reached a joker,
#: a 2, three kings, four fives, a black 3 and six eights (50 + 20 + 30 + 20 + 5 + 60 = 185).
BEHIND = {"canastas": {"natural": 1}, "table_points": 95, "hand_points": 185,
          "red_threes": 1, "red_threes_in_hand": 1}


def test_going_out_with_the_contract() -> None:
    # 10.3 "A clean book of kings is the 70 inside the cards plus 500"; 10.5 "Add bonuses and
    # melded card points, then subtract every card still in a hand or a foot".
    # 1,000 + 600 + 1,500 + 200 + 100 + 580 = 3,980.
    result = count(HF, OUT, BEHIND)
    assert lines(result.sides[0]) == {
        "canastas.natural": 1000, "canastas.mixed": 600, "canastas.wild": 1500,
        "red_threes": 200, "going_out": 100, "table_cards": 580, "hand_cards": 0}
    assert result.sides[0].total == 3980


def test_unplayed_foot_and_red_three_not_laid_count_against() -> None:
    # 10.4 "red threes count minus 100 if not laid (e.g. still in the foot)"; 10.5 "every
    # card in every hand and every unplayed foot counts minus at card value".
    # 500 + 100 - 100 + 95 - 185 = 410.
    result = count(HF, OUT, BEHIND)
    assert lines(result.sides[1]) == {
        "canastas.natural": 500, "red_threes": 100, "red_threes_in_hand": -100,
        "table_cards": 95, "hand_cards": -185}
    assert result.sides[1].total == 410


def test_laid_red_threes_count_for_a_side_that_never_melded() -> None:
    # "No Hand and Foot source makes laid red 3s negative for a team that never melded".
    side = {"red_threes": 2, "hand_points": 300}
    assert lines(count(HF, OUT, side).sides[1]) == {"red_threes": 200, "table_cards": 0,
                                                    "hand_cards": -300}


def test_stock_out_nobody_gets_the_hundred() -> None:
    # 10.5 "if stock is depleted, no one gets the bonus for going out".
    side = {**OUT, "hand_points": 40}
    del side["going_out"]
    result = count(HF, side, BEHIND, end="stock_out")
    assert "going_out" not in lines(result.sides[0])
    assert result.sides[0].total == 3100 + 200 + 580 - 40


def test_black_three_in_hand_is_five() -> None:
    # 10.2 "Black 3 ... 5 in hand → default 5": only its card value, no penalty line.
    result = count(HF, OUT, {"hand_cards": {"black_threes": 2, "aces": 1}})
    assert lines(result.sides[1]) == {"table_cards": 0, "hand_cards": -30}


# -- validation ---------------------------------------------------------------------------------


def test_going_out_needs_the_wild_book() -> None:
    without = {**OUT, "canastas": {"natural": 2, "mixed": 2}, "table_points": 320}
    assert errors(HF, without, BEHIND) == {
        "sides[0].going_out": "Going out needs wild books: at least 1."}


def test_going_out_needs_two_clean_and_two_dirty_books() -> None:
    short = {**OUT, "canastas": {"natural": 1, "mixed": 1, "wild": 1}, "table_points": 400}
    assert errors(HF, short, BEHIND) == {
        "sides[0].going_out": "Going out needs dirty books: at least 2."}
    assert "sides[0].going_out" in errors(
        HF, {**short, "canastas": {"natural": 1, "mixed": 2, "wild": 1}}, BEHIND)


def test_red_threes_beyond_five_packs_refused() -> None:
    # Five packs, two red 3s each: ten.
    assert set(errors(HF, {**OUT, "red_threes": 11}, BEHIND)) == {"sides[0].red_threes"}


# -- settings (docs/RULES-SETTINGS.md) ----------------------------------------------------------


def test_bicycle_contract_one_clean_one_dirty() -> None:
    # 10.5 Bicycle: "one clean book, one dirty book".
    bicycle = vary(HF, {"going_out_requirement.natural": 1, "going_out_requirement.mixed": 1,
                        "going_out_requirement.wild": 0})
    side = {**OUT, "canastas": {"natural": 1, "mixed": 1}, "table_points": 160}
    assert count(bicycle, side, BEHIND).sides[0].total == 500 + 300 + 200 + 100 + 160


def test_red_three_caught_in_hand_500() -> None:
    # 10.4 house: "Red threes are 500 points each against you if you are caught with them".
    caught = vary(HF, {"red_threes.each_in_hand_penalty": 500})
    assert lines(count(caught, OUT, BEHIND).sides[1])["red_threes_in_hand"] == -500


def test_simpson_red_threes_always_against() -> None:
    # 10.4 [SIMP] "Red Three's 500 points (these ALWAYS counts AGAINST you": laid, too.
    simpson = vary(HF, {"red_threes.each": 500,
                        "red_threes.negative_when": RedThreesNegativeWhen.ALWAYS})
    result = count(simpson, OUT, BEHIND)
    assert lines(result.sides[0])["red_threes"] == -1000
    assert result.sides[0].lines[3].label == "Red 3s × %(count)d, against the side"


def test_black_three_house_penalty_300() -> None:
    # 10.2 "−300 in hand ([VEG] "Black threes are 300 points against you")".
    vegas = vary(HF, {"black_threes.each_in_hand_penalty": 300})
    result = count(vegas, OUT, {"hand_cards": {"black_threes": 1}, "black_threes_in_hand": 1})
    assert result.sides[1].total == -300


def test_house_rules_set_the_flow_from_plain_data() -> None:
    # 10.6 house schedule: "90/120/150 in 3 hands ([GSAM])".
    good_sams = ruleset_from_dict({"rounds": 3, "opening_by_round": [90, 120, 150]}, base=HF)
    assert good_sams.rounds == 3
    assert [flow.opening(good_sams, round_=r).minimum for r in (1, 2, 3)] == [90, 120, 150]
    with pytest.raises(Exception) as info:
        ruleset_from_dict({"rounds": 0}, base=HF)
    assert "rounds" in str(info.value.errors[0].field)  # type: ignore[attr-defined]


# -- the game's flow ----------------------------------------------------------------------------


@pytest.mark.parametrize(("round_", "minimum"), [(1, 50), (2, 90), (3, 120), (4, 150), (5, 150)])
def test_opening_minimum_follows_the_round_not_the_score(round_: int, minimum: int) -> None:
    for total in (-500, 0, 4000, 12000):
        need = flow.opening(HF, total=total, round_=round_)
        assert (need.minimum, need.condition, need.round) == (minimum, None, round_)


def test_game_ends_after_round_four_higher_total_wins() -> None:
    # 10.7 "After four deals, the higher total wins"; no target score.
    for hands in (1, 2, 3):
        assert not flow.decide(HF, [20000, 50], hands=hands).finished
    assert flow.decide(HF, [7000, 7100], hands=4) == flow.Outcome(finished=True, winner=1)
    assert flow.goal(HF, 5000) is None
    assert flow.rounds_left(HF, 3) == 1


def test_tie_after_round_four() -> None:
    assert flow.decide(HF, [6000, 6000], hands=4) == flow.Outcome(finished=True, drawn=True)
    play_on = replace(HF, tie_rule=TieRule.PLAY_ON)
    assert not flow.decide(play_on, [6000, 6000], hands=4).finished
    assert flow.decide(play_on, [6000, 6100], hands=5).winner == 1


def test_a_game_to_a_target_is_as_before() -> None:
    classic = find_ruleset("classic")
    assert not flow.decide(classic, [4995, 100], hands=40).finished
    assert flow.decide(classic, [5000, 100], hands=1).winner == 0
    assert flow.opening(classic, total=1500, round_=3).minimum == 90
    assert flow.opening(classic, total=1500, round_=3).round is None


def test_black_threes_are_never_melded() -> None:
    # 10.2 "Black 3 (cannot be melded; blocks the pile)": not even going out, typed or counted.
    out = {"going_out": "normal", "canastas": {"natural": 2, "mixed": 2, "wild": 1},
           "table_points": 2000}
    never = "In this rule set black 3s are never melded: they stay in hand."
    assert errors(HF, {**out, "black_threes_shown": 3}, {}) == {
        "sides[0].black_threes_shown": never}
    counted = {"black_threes": 3, "fours_to_sevens": 40, "twos": 20, "eights_to_kings": 40,
               "jokers": 15}
    table = {k: v for k, v in out.items() if k != "table_points"}
    found = errors(HF, {**table, "table_cards": counted}, {})
    assert found["sides[0].table_cards.black_threes"] == never
