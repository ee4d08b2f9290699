"""The `buraco` preset (shared/VARIANTS-2.md section 11, Brazil): every value traced to its row,
every scoring line and validation rule on a hand worked from 11.6's formula:

    table_points + 200·limpa + 100·suja + 500·(A–K) + 1000·(A–A) + 100 (batida)
    − 100 (morto not taken) − hand_points

Card values (11.2, pagat's): joker 20, 2 = 10, ace 15, K to 8 = 10, 7 to 3 = 5.
"""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import EMPTY, counting, each_value, lines, value_at

from scorekeeper.engine import (
    PRESETS,
    decide,
    find_ruleset,
    flow,
    ruleset_from_dict,
)
from scorekeeper.engine.second_packet import NOT_TAKEN

BURACO = find_ruleset("buraco")
MORTO = {NOT_TAKEN: 1}
count, errors = counting(BURACO)


VALUES = [
    # 11.2 "Joker 20 → default; 2 10 → default; Ace 15; K Q J 10 9 8 10; 7 6 5 4 3 5"
    ("card_values", {"jokers": 20, "twos": 10, "aces": 15, "eights_to_kings": 10,
                     "fours_to_sevens": 5, "black_threes": 5}),
    # 11.3 "Canastra limpa | 200"; "suja | 100"; "A–K | 500"; "A–A | 1000 → default"
    ("canastas", {"natural": 200, "mixed": 100, "ace_to_king": 500, "ace_to_ace": 1000}),
    # "Red/black 3s | no special role in Buraco (ordinary 5-point cards)"
    ("red_threes.ordinary", True),
    # "Condition for the final batida | morto taken + a canastra limpa (Aberto, STBL)"
    ("going_out_requirement.canastas", 1),
    ("going_out_requirement.natural", 1),
    ("second_packet.needed_to_go_out", True),
    # "taken by batida indireta but not yet played … counts as not taken: −100"
    ("second_packet.unplayed", "not_taken"),
    # "Morto not taken | −100"
    ("penalties", [{"id": NOT_TAKEN, "label": "Morto not taken", "points": 100}]),
    # "Batida | +100"
    ("going_out_kinds", [{"id": "normal", "label": "Batida (going out)", "points": 100,
                          "concealed": False, "plus_going_out_bonus": False,
                          "hand_cards_positive": False}]),
    # "Opening minimum | none"
    ("opening_minimums.negative", 0),
    ("opening_minimums.bands", [{"from": 0, "minimum": 0}]),
    # 11.5 "Target | 3,000 → default"; "Exact tie | not covered by rules; [BS] plays a
    # tie-break hand": play on.
    ("target", 3000),
    ("tie_rule", "play_on"),
    ("stock_out_hand_cards", "against"),
    # "Side with no canastra limpa at the end | pt.wikipedia … → setting, default off"
    ("held_cards.table_against_without_clean", False),
    ("time_limit_minutes", None),
]


@each_value(VALUES)
def test_variants_2_md_value(path: str, value: Any) -> None:
    assert value_at(BURACO, path) == value


def test_the_preset_in_the_registry() -> None:
    assert PRESETS["buraco"] is BURACO
    # 11.1 "4 players in two fixed partnerships (also 2, each with own morto)"; "11 cards each"
    assert [(f.players, f.sides, f.cards_dealt, f.packs) for f in BURACO.formats] == [
        (4, 2, 11, 2), (2, 2, 11, 2)]
    assert BURACO.missing_values() == []
    assert flow.opening(BURACO, total=-500).minimum == flow.opening(BURACO, total=2995).minimum == 0


def test_every_line_of_a_hand() -> None:
    # Side 0 bate (batida) with a limpa, a suja, an A–K and an A–A run, 420 on the table:
    # 200 + 100 + 500 + 1,000 + 100 + 420 = 2,320.
    # Side 1 never took its morto: a suja (100), 95 on the table, 60 in hand:
    # 100 - 100 + 95 - 60 = 35.
    result = count(
        {"canastas": {"natural": 1, "mixed": 1, "ace_to_king": 1, "ace_to_ace": 1},
         "going_out": "normal", "table_points": 420},
        {"canastas": {"mixed": 1}, "penalties": MORTO, "table_points": 95, "hand_points": 60},
    )
    assert lines(result.sides[0]) == {
        "canastas.natural": 200, "canastas.mixed": 100, "canastas.ace_to_king": 500,
        "canastas.ace_to_ace": 1000, "going_out": 100, "table_cards": 420, "hand_cards": 0}
    assert lines(result.sides[1]) == {
        "canastas.mixed": 100, f"penalty.{NOT_TAKEN}": -100, "table_cards": 95,
        "hand_cards": -60}
    assert result.totals == (2320, 35)
    assert [line.text for line in result.sides[0].lines][:5] == [
        "Clean canastra × 1", "Dirty canastra × 1", "Canastra from ace to king × 1",
        "Canastra from ace to ace (real) × 1", "Batida (going out)"]
    assert result.sides[1].lines[1].text == "Morto not taken"


def test_card_values_from_counted_cards() -> None:
    # A limpa 3-to-9 is counted as cards: the 4 to 7 (4 x 5), a black 3 (5), 8 and 9 (2 x 10)
    # = 45; in hand a joker (20), a 2 (10) and an ace (15) = 45.
    result = count(
        {"canastas": {"natural": 1}, "going_out": "normal",
         "table_cards": {"fours_to_sevens": 4, "black_threes": 1, "eights_to_kings": 2}},
        {"hand_cards": {"jokers": 1, "twos": 1, "aces": 1}},
    )
    assert result.totals == (200 + 100 + 45, -45)


def test_batida_needs_a_clean_canastra() -> None:
    assert errors({"canastas": {"mixed": 2}, "going_out": "normal", "table_points": 80},
                  EMPTY) == {"sides[0].going_out": "Going out needs natural canastas: at least 1."}
    # An A–K run is a clean canastra too: 500 + 100 + 110.
    assert count({"canastas": {"ace_to_king": 1}, "going_out": "normal", "table_points": 110},
                 EMPTY).totals == (710, 0)


def test_batida_needs_the_morto_taken() -> None:
    assert errors({"canastas": {"natural": 1}, "going_out": "normal", "table_points": 45,
                   "penalties": MORTO}, EMPTY) == {
        "sides[0].going_out": "Going out needs the side's morto taken."}


def test_a_side_has_one_morto() -> None:
    assert errors({"canastas": {"natural": 1}, "going_out": "normal", "table_points": 45},
                  {"penalties": {NOT_TAKEN: 2}}) == {
        f"sides[1].penalties.{NOT_TAKEN}":
            "A side has one morto: it is not taken once at most."}


def test_an_indirect_batida_morto_unplayed_counts_as_not_taken() -> None:
    # 11.3: "−100, its cards not counted": marked not taken, its cards left out of the hand.
    result = count({"canastas": {"natural": 1}, "going_out": "normal", "table_points": 45},
                   {"penalties": MORTO, "table_points": 30, "hand_points": 25})
    assert result.totals == (345, -95)


def test_fechado_needs_a_canastra_of_any_kind() -> None:
    # 11.4 "Batida needs a canastra limpa | yes | no | yes": Fechado by setting.
    fechado = ruleset_from_dict({"going_out_requirement": {"natural": 0}}, base=BURACO)
    assert count({"canastas": {"mixed": 1}, "going_out": "normal", "table_points": 40},
                 EMPTY, rs=fechado).totals == (240, 0)


def test_stock_out_no_batida_cards_in_hand_against() -> None:
    # "Stock runs out | … no batida bonus"; cards in hand subtracted.
    result = count({"canastas": {"natural": 1}, "table_points": 45, "hand_points": 15},
                   {"penalties": MORTO, "table_points": 20}, end="stock_out")
    assert result.totals == (230, -80)
    assert errors({"canastas": {"natural": 1}, "going_out": "normal", "table_points": 45},
                  EMPTY, end="stock_out") == {
        "sides[0].going_out": "Nobody goes out when the hand ends this way (The stock ran out)."}


def test_red_threes_are_ordinary_cards() -> None:
    message = ("Red 3s are ordinary cards in this game: count them with the cards on the table "
               "or in hand.")
    assert errors({"red_threes": 2, "table_points": 10}, EMPTY, end="stock_out") == {
        "sides[0].red_threes": message}
    # No red-3 value is asked for, and the card does not list one.
    assert all(not path.startswith("red_threes") for path, _ in BURACO.missing_values())
    red = next(s for s in BURACO.sections() if s.key == "red_threes")
    assert [d.name for d in red.values if d.in_force] == ["each_in_hand_penalty", "ordinary"]


def test_the_least_a_canastra_is_worth() -> None:
    # A suja can be six 4s and a 2 (Fechado's set): 30 + 10 = 40; an A–K run holds ace 15, the
    # 2 at 10, 3 to 7 at 5 (25: the 3 an ordinary card), 8 to K at 10 (60) = 110; an A–A run
    # one more ace, 125 (issue 42: 105 and 120 were taken, the 3 left out).
    assert count({"canastas": {"mixed": 1}, "table_points": 40}, EMPTY,
                 end="stock_out").totals == (140, 0)
    assert errors({"canastas": {"mixed": 1}, "table_points": 35}, EMPTY, end="stock_out") == {
        "sides[0].table_points": "The canastas and black 3s on the table are worth at least 40."}
    assert count({"canastas": {"ace_to_king": 1}, "table_points": 110}, EMPTY,
                 end="stock_out").totals == (610, 0)
    assert errors({"canastas": {"ace_to_king": 1}, "table_points": 105}, EMPTY,
                  end="stock_out") == {
        "sides[0].table_points": "The canastas and black 3s on the table are worth at least 110."}
    assert count({"canastas": {"ace_to_ace": 1}, "table_points": 125}, EMPTY,
                 end="stock_out").totals == (1125, 0)
    assert errors({"canastas": {"ace_to_ace": 1}, "table_points": 120}, EMPTY,
                  end="stock_out") == {
        "sides[0].table_points": "The canastas and black 3s on the table are worth at least 125."}
    # The counted table holds the run's 13 cards, its red 3 among the 4 to 7: ace, 2, 3 to 7
    # (5), 8 to K (6) = 110 points.
    run = {"aces": 1, "twos": 1, "fours_to_sevens": 5, "eights_to_kings": 6}
    assert count({"canastas": {"ace_to_king": 1}, "table_cards": run}, EMPTY,
                 end="stock_out").totals == (610, 0)
    assert "sides[0].table_cards" in errors(
        {"canastas": {"ace_to_king": 1}, "table_cards": {**run, "fours_to_sevens": 4}},
        EMPTY, end="stock_out")
    # It holds its ace (the ace-to-ace run two): without it, 13 cards are not the run.
    assert "sides[0].table_cards.aces" in errors(
        {"canastas": {"ace_to_king": 1}, "table_cards": {**run, "aces": 0, "twos": 2}},
        EMPTY, end="stock_out")


@pytest.mark.parametrize(("setting", "value", "line", "points"), [
    # 11.2 "Joker 50 ([GD-F])"; "2 = 20 ([BP])": card values are settings.
    ("card_values", {"jokers": 50}, "hand_cards", -50),
    ("card_values", {"twos": 20}, "hand_cards", -20),
])
def test_wild_card_values_are_settings(setting: str, value: dict[str, int], line: str,
                                       points: int) -> None:
    rs = ruleset_from_dict({setting: value}, base=BURACO)
    cards = {"jokers": 1} if "jokers" in value else {"twos": 1}
    result = count({"canastas": {"natural": 1}, "going_out": "normal", "table_points": 45},
                   {"hand_cards": cards}, rs=rs)
    assert lines(result.sides[1])[line] == points


def test_the_500_and_1000_canastras_are_settings() -> None:
    # "one scorekeeper gives 500" for A–A; "no: "in variations"" → kinds may be removed.
    rs = ruleset_from_dict({"canastas": {"natural": 200, "mixed": 100, "ace_to_king": False,
                                         "ace_to_ace": 500}}, base=BURACO)
    assert count({"canastas": {"ace_to_ace": 1}, "going_out": "normal", "table_points": 125},
                 EMPTY, rs=rs).totals == (725, 0)
    assert errors({"canastas": {"ace_to_king": 1}, "table_points": 110}, EMPTY,
                  end="stock_out", rs=rs) == {
        "sides[0].canastas.ace_to_king":
            "This rule set has no “Clean run from ace to king”."}


def test_the_morto_penalty_is_a_setting() -> None:
    rs = ruleset_from_dict({"penalties": [{"id": NOT_TAKEN, "points": 200}]}, base=BURACO)
    assert count({"penalties": MORTO}, EMPTY, end="stock_out", rs=rs).totals == (-200, 0)


def test_two_players_each_with_a_morto() -> None:
    result = count({"canastas": {"natural": 1}, "going_out": "normal", "table_points": 45},
                   {"penalties": MORTO, "hand_points": 20}, players=2)
    assert result.totals == (345, -120)


@pytest.mark.parametrize(("totals", "finished", "winner"), [
    ((2995, 1000), False, None),  # "Target | 3,000"
    ((3000, 1000), True, 0),
    ((3100, 3400), True, 1),  # "Both sides reach it | higher total wins"
    ((3100, 3100), False, None),  # exact tie: play on (a tie-break hand)
    ((-150, 3005), True, 1),  # a hand total can be negative
])
def test_the_game_to_3000(totals: tuple[int, int], finished: bool, winner: int | None) -> None:
    outcome = decide(BURACO, totals)
    assert (outcome.finished, outcome.winner) == (finished, winner)


def test_pt_wikipedia_deducts_the_table_of_a_side_without_a_clean_canastra() -> None:
    rs = ruleset_from_dict({"held_cards": {"table_against_without_clean": True}}, base=BURACO)
    # A suja only: its 95 on the table count against it (-95), less 20 in hand: 100 - 95 - 20.
    result = count({"canastas": {"natural": 1}, "going_out": "normal", "table_points": 45},
                   {"canastas": {"mixed": 1}, "table_points": 95, "hand_points": 20}, rs=rs)
    assert lines(result.sides[1])["table_cards"] == -95
    assert result.totals == (345, -15)
    # An A–K run is clean: its table counts for it.
    result = count({"canastas": {"natural": 1}, "going_out": "normal", "table_points": 45},
                   {"canastas": {"ace_to_king": 1}, "table_points": 110}, rs=rs)
    assert result.totals == (345, 610)
    # Off by default (no club rule read).
    assert count({"canastas": {"natural": 1}, "going_out": "normal", "table_points": 45},
                 {"canastas": {"mixed": 1}, "table_points": 95, "hand_points": 20}
                 ).totals == (345, 175)
