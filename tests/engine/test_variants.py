"""The Canasta family's presets (shared/VARIANTS.md), line by line, with hand-worked counts.

Each row quotes its VARIANTS.md section and source key. Card values (VARIANTS.md 0.1, as
classic): joker 50, 2 = 20, ace 20, K to 8 = 10, 7 to 4 = 5, black 3 = 5.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine import (
    PRESETS,
    EntryErrors,
    HandResult,
    RuleSet,
    SideResult,
    count_hand,
    decide,
    find_ruleset,
    flow,
    ruleset_to_dict,
)

URUGUAY = find_ruleset("uruguay")
SAMBA = find_ruleset("samba")
BOLIVIA = find_ruleset("bolivia")


def value_at(rs: RuleSet, path: str) -> Any:
    """A value of ``ruleset_to_dict(rs)`` by dotted path (list items by their id)."""
    node: Any = ruleset_to_dict(rs)
    if path.startswith("going_out."):
        path = f"going_out_kinds.{path.removeprefix('going_out.')}.points"
    for part in path.split("."):
        if isinstance(node, list):
            (node,) = [item for item in node if item.get("id") == part]
        else:
            node = node[part]
    return node


CLASSIC_CARDS = [  # 0.1 "Card values"
    ("card_values.jokers", 50), ("card_values.twos", 20), ("card_values.aces", 20),
    ("card_values.eights_to_kings", 10), ("card_values.fours_to_sevens", 5),
    ("card_values.black_threes", 5),
]

VARIANTS_MD: dict[str, list[tuple[str, Any]]] = {
    "uruguay": [  # section 6 [RG-U]; [BC]; "everything not listed: classic (0.1)"
        *CLASSIC_CARDS,
        ("canastas", {"natural": 500, "mixed": 300, "wild": 2000}),  # "Wild canasta ... 2000"
        ("red_threes.each", 100),  # "Red threes | 100 each,
        ("red_threes.all_of_them", 800),  # 800 for four;
        ("red_threes.negative_when", "no_meld"),  # minus if the side never melded"
        ("red_threes.each_in_hand_penalty", None),
        ("going_out.normal", 100),  # "Going out | 100;
        ("going_out.concealed", 200),  # concealed 200 in total;
        ("going_out_requirement.canastas", 1),  # 1 canasta needed"
        ("black_threes.all_shown_bonus", None),  # section 8: black 3 in hand "−5 (classic)"
        ("black_threes.each_in_hand_penalty", None),
        ("black_threes.all_in_hand_penalty", None),
        ("opening_minimums.negative", 15),  # "negative 15; 0–1495 50; 1500–2995 90; 3000+ 120"
        ("opening_minimums.bands", [{"from": 0, "minimum": 50}, {"from": 1500, "minimum": 90},
                                    {"from": 3000, "minimum": 120}]),
        ("target", 5000),  # "Game | 5000"
        ("tie_rule", "play_on"),  # 0.1: "if both pass it on the same hand the higher wins"
    ],
    "samba": [  # section 2 [BIC-S]; [HSW-S]; [P-S]
        *CLASSIC_CARDS,  # "Card values | as classic"
        # "Natural canasta | 500", "Mixed canasta | 300", "Samba ... | 1500"; no wild canasta
        ("canastas", {"natural": 500, "mixed": 300, "sequence": 1500}),
        ("red_threes.each", 100),  # "Red threes | 100 each;
        ("red_threes.all_of_them", 1000),  # all six held by one side 1000"
        ("red_threes.negative_when", "short_of_going_out"),  # "plus only if ... 2 canastas"
        ("going_out.normal", 200),  # "Going out | +200;
        ("going_out_requirement.canastas", 2),  # needs 2 canastas (any mix)"
        ("going_out_requirement.wild_counts", True),
        ("black_threes.each_in_hand_penalty", None),  # "in hand = card value (5)"
        ("black_threes.all_shown_bonus", None),
        ("opening_minimums.negative", 15),
        ("opening_minimums.bands", [{"from": 0, "minimum": 50}, {"from": 1500, "minimum": 90},
                                    {"from": 3000, "minimum": 120},
                                    {"from": 7000, "minimum": 150}]),  # "150 or 160" → 150
        ("target", 10000),  # "Game | 10,000"
        ("tie_rule", "draw"),  # [SPEL]: "an exact tie a draw"
        ("penalties", []),
    ],
    "bolivia": [  # section 3 [BIC-B]; [RG-B]; [BN-B]: "Same as Samba" except...
        *CLASSIC_CARDS,
        # "Bolivia (7 wild cards) | 2500", "Escalera | 1500", "Natural / mixed | 500 / 300"
        ("canastas", {"natural": 500, "mixed": 300, "sequence": 1500, "wild": 2500}),
        ("red_threes.each", 100),  # "Red threes | 100 each;
        ("red_threes.all_of_them", 1000),  # all six 1000;
        ("red_threes.negative_when", "short_of_going_out"),  # plus if 2 canastas of any kind"
        ("black_threes.each_in_hand_penalty", 100),  # "-100 each (instead of -5)"
        ("black_threes.each_in_hand_includes_card", True),
        ("black_threes.each_in_hand_only_when_out", True),  # "(any player goes out)"
        ("going_out.normal", 200),  # "Going out | +200 (Samba);
        ("going_out_requirement.canastas", 2),  # needs 2 canastas,
        ("going_out_requirement.sequence", 1),  # at least one an escalera"
        ("opening_minimums.negative", 15),  # "negative 15; ... 7000+ 150"
        ("opening_minimums.bands", [{"from": 0, "minimum": 50}, {"from": 1500, "minimum": 90},
                                    {"from": 3000, "minimum": 120},
                                    {"from": 7000, "minimum": 150}]),
        ("target", 15000),  # "Game | 15,000"
        ("penalties", []),  # "Unfinished penalties | none stated"
    ],
}

ROWS = [(rs_id, path, value) for rs_id, rows in VARIANTS_MD.items() for path, value in rows]


@pytest.mark.parametrize(("rs_id", "path", "value"), ROWS, ids=[f"{r}:{p}" for r, p, _ in ROWS])
def test_variants_md_value(rs_id: str, path: str, value: Any) -> None:
    assert value_at(find_ruleset(rs_id), path) == value


def test_every_variant_is_a_preset() -> None:
    assert set(VARIANTS_MD) <= set(PRESETS)


def test_uruguay_format() -> None:
    # 0.1: "2 packs + 4 jokers = 108; 4 players in 2 partnerships; 11 cards each".
    (fmt,) = URUGUAY.formats
    assert (fmt.players, fmt.sides, fmt.cards_dealt, fmt.packs) == (4, 2, 11, 2)


# -- counting -----------------------------------------------------------------------------------

EMPTY: dict[str, Any] = {}


def count(rs: RuleSet, *sides: dict[str, Any], end: str = "went_out") -> HandResult:
    _, result = count_hand(rs, {"players": 4, "end": end, "sides": list(sides)})
    for side in result.sides:
        assert side.total == sum(line.points for line in side.lines)
    return result


def lines(side: SideResult) -> dict[str, int]:
    return {line.id: line.points for line in side.lines}


def errors(rs: RuleSet, *sides: dict[str, Any], end: str = "went_out") -> dict[str, str]:
    with pytest.raises(EntryErrors) as info:
        count_hand(rs, {"players": 4, "end": end, "sides": list(sides)})
    return {e.field: e.message for e in info.value.errors}


def test_uruguay_wild_canasta_2000_and_its_cards() -> None:
    # Section 6: "Wild canasta (any composition) | 2000; card values on top". Seven wild
    # cards, 3 jokers and 4 2s (3 x 50 + 4 x 20 = 230), and a natural canasta of kings
    # (7 x 10 = 70) with three 5s more (15): table 315. Going out 100. 15 left in hand.
    # 2,000 + 500 + 100 + 315 - 15 = 2,900.
    result = count(URUGUAY, {
        "canastas": {"natural": 1, "wild": 1}, "going_out": "normal",
        "table_cards": {"jokers": 3, "twos": 4, "eights_to_kings": 7, "fours_to_sevens": 3},
        "hand_cards": {"fours_to_sevens": 3}}, EMPTY)
    assert lines(result.sides[0]) == {
        "canastas.natural": 500, "canastas.wild": 2000, "going_out": 100,
        "table_cards": 315, "hand_cards": -15}
    assert result.totals == (2900, 0)


def test_uruguay_wild_canasta_goes_out_alone() -> None:
    # Section 6: "1 canasta needed" (no kind named): seven 2s (140) alone do.
    # 2,000 + 100 + 140 = 2,240.
    result = count(URUGUAY, {"canastas": {"wild": 1}, "going_out": "normal",
                             "table_points": 140}, EMPTY)
    assert result.totals == (2240, 0)


def test_uruguay_concealed_200_in_all() -> None:
    # Section 6: "concealed 200 in total". A natural canasta (35) and a mixed one (50)
    # laid down at once: 500 + 300 + 200 + 85 = 1,085.
    result = count(URUGUAY, {"canastas": {"natural": 1, "mixed": 1}, "going_out": "concealed",
                             "table_points": 85}, EMPTY)
    assert lines(result.sides[0])["going_out.concealed"] == 200
    assert "going_out" not in lines(result.sides[0])
    assert result.totals == (1085, 0)


def test_uruguay_red_threes() -> None:
    # Section 6: "Red threes | 100 each, 800 for four; minus if the side never melded".
    # Side 0 goes out (natural 35): three red 3s 300: 500 + 100 + 300 + 35 = 935. Side 1 holds
    # the fourth and melded 40, 10 left in hand: 100 + 40 - 10 = 130.
    result = count(URUGUAY, {"canastas": {"natural": 1}, "going_out": "normal",
                             "table_points": 35, "red_threes": 3},
                   {"table_points": 40, "hand_points": 10, "red_threes": 1})
    assert result.totals == (935, 130)
    # All four with one side: 800. A side that never melded: its red 3s count against it.
    # Side 0: 500 + 100 + 800 + 35 = 1,435. Side 1 melded nothing, 60 in hand: -60.
    result = count(URUGUAY, {"canastas": {"natural": 1}, "going_out": "normal",
                             "table_points": 35, "red_threes": 4},
                   {"hand_points": 60})
    assert result.totals == (1435, -60)
    result = count(URUGUAY, {"canastas": {"natural": 1}, "going_out": "normal",
                             "table_points": 35, "red_threes": 2},
                   {"hand_points": 60, "red_threes": 2})
    # Side 1: -200 (2 x 100 against, never melded) - 60 = -260.
    assert result.totals == (500 + 100 + 200 + 35, -260)


def test_uruguay_stock_out_no_going_out_bonus() -> None:
    # 0.1 classic: the hand ends, cards in hand count against. Wild 2,000 + table 150 - 20.
    result = count(URUGUAY, {"canastas": {"wild": 1}, "table_points": 150, "hand_points": 20},
                   {"table_points": 50}, end="stock_out")
    assert result.totals == (2130, 50)


def test_uruguay_worked_hand_of_003() -> None:
    # Everything not listed is classic: 003's worked hand counts the same (RULES.md): melds
    # 355, 20 in hand, two mixed canastas, going out: 1,035; 280 - 45 + three red 3s = 535.
    result = count(URUGUAY, {"table_points": 355, "hand_points": 20,
                             "canastas": {"mixed": 2}, "going_out": "normal"},
                   {"table_points": 280, "hand_points": 45, "red_threes": 3})
    assert result.totals == (1035, 535)


# -- validation ---------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["wild_twos", "wild_four_jokers", "sevens", "aces",
                                  "sequence"])
def test_uruguay_has_only_natural_mixed_and_wild(kind: str) -> None:
    # 0.2: "In Uruguay ... no distinction between 2s and jokers": the one wild kind.
    errs = errors(URUGUAY, {"canastas": {"natural": 1, kind: 1}, "going_out": "normal",
                            "table_points": 400}, EMPTY)
    assert f"sides[0].canastas.{kind}" in errs


def test_uruguay_wild_canasta_needs_seven_wild_cards() -> None:
    # A wild canasta counted with six wild cards on the table.
    errs = errors(URUGUAY, {"canastas": {"wild": 1}, "going_out": "normal",
                            "table_cards": {"jokers": 2, "twos": 4, "aces": 1}}, EMPTY)
    assert "sides[0].table_cards" in errs
    # At least 140 (seven 2s) on the table.
    errs = errors(URUGUAY, {"canastas": {"wild": 1}, "going_out": "normal",
                            "table_points": 135}, EMPTY)
    assert errs["sides[0].table_points"] == (
        "The canastas and black 3s on the table are worth at least 140.")


def test_uruguay_two_packs_hold_twelve_wild_cards() -> None:
    # 4 jokers and 8 2s: one wild canasta each side (14 wild cards) cannot be.
    errs = errors(URUGUAY, {"canastas": {"wild": 1}, "going_out": "normal",
                            "table_points": 140},
                  {"canastas": {"wild": 1}, "table_points": 140})
    assert "sides[1].canastas.wild" in errs


def test_uruguay_going_out_needs_a_canasta() -> None:
    errs = errors(URUGUAY, {"going_out": "normal", "table_points": 60}, EMPTY)
    assert errs["sides[0].going_out"] == (
        "Going out needs finished canastas: 1; this side has 0.")


def test_uruguay_has_no_clock_and_no_black_three_bonus() -> None:
    assert "end" in errors(URUGUAY, {"table_points": 60}, EMPTY, end="time_up")
    # Black 3s in hand cost only their card value (section 8: "−5 (classic)").
    result = count(URUGUAY, {"canastas": {"natural": 1}, "going_out": "normal",
                             "table_points": 35},
                   {"table_points": 60, "hand_points": 20, "black_threes_in_hand": 4})
    assert result.totals == (635, 40)


# -- opening minimum and game --------------------------------------------------------------------


@pytest.mark.parametrize(("total", "minimum"), [
    # Section 6: "negative 15; 0–1495 50; 1500–2995 90; 3000+ 120".
    (-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (50_000, 120),
])
def test_uruguay_opening_minimum(total: int, minimum: int) -> None:
    assert flow.opening(URUGUAY, total=total).minimum == minimum


def test_uruguay_game_to_5000() -> None:
    # "Game | 5000"; 0.1: "if both pass it on the same hand the higher total wins".
    assert not decide(URUGUAY, [4995, 3000]).finished
    outcome = decide(URUGUAY, [5000, 3000])
    assert outcome.finished and outcome.winner == 0
    outcome = decide(URUGUAY, [5100, 5600])
    assert outcome.finished and outcome.winner == 1


# -- samba (VARIANTS.md section 2) ----------------------------------------------------------------


def test_samba_format() -> None:
    # "3 packs + 6 jokers = 162; 4 players, 2 partnerships; 15 cards each".
    (fmt,) = SAMBA.formats
    assert (fmt.players, fmt.sides, fmt.cards_dealt, fmt.packs) == (4, 2, 15, 3)
    assert [k.id for k in SAMBA.going_out] == ["normal"]  # "Concealed | no extra bonus"


def test_samba_going_out_with_a_samba_and_a_natural_canasta() -> None:
    # "Samba | 1500; card values on top"; "Going out | +200; needs 2 canastas (natural,
    # mixed or samba, any mix)". The samba 4 to 10 of hearts (4 x 5 + 3 x 10 = 50), seven
    # queens (70), 45 more melded: table 165; 20 left in the partner's hand.
    # 1,500 + 500 + 200 + 165 - 20 = 2,345.
    result = count(SAMBA, {"canastas": {"sequence": 1, "natural": 1}, "going_out": "normal",
                           "table_points": 165, "hand_points": 20}, EMPTY)
    assert lines(result.sides[0]) == {
        "canastas.natural": 500, "canastas.sequence": 1500, "going_out": 200,
        "table_cards": 165, "hand_cards": -20}
    assert result.totals == (2345, 0)


def test_samba_going_out_needs_two_canastas() -> None:
    errs = errors(SAMBA, {"canastas": {"sequence": 1}, "going_out": "normal",
                          "table_points": 50}, EMPTY)
    assert errs["sides[0].going_out"] == (
        "Going out needs finished canastas: 2; this side has 1.")
    # Two mixed canastas do (6 x 5 + 20 = 50 each): 300 + 300 + 200 + 100 = 900.
    assert count(SAMBA, {"canastas": {"mixed": 2}, "going_out": "normal",
                         "table_points": 100}, EMPTY).totals == (900, 0)


def test_samba_red_threes_plus_only_with_two_canastas() -> None:
    # "plus only if the side has the 2 canastas needed to go out, otherwise minus".
    # Side 0 goes out (natural + mixed, 85), two red 3s: 500 + 300 + 200 + 200 + 85 = 1,285.
    # Side 1: one natural canasta (35) and two red 3s: 500 - 200 + 35 = 335.
    result = count(SAMBA, {"canastas": {"natural": 1, "mixed": 1}, "going_out": "normal",
                           "table_points": 85, "red_threes": 2},
                   {"canastas": {"natural": 1}, "table_points": 35, "red_threes": 2})
    assert result.totals == (1285, 335)
    assert lines(result.sides[1])["red_threes"] == -200
    assert result.sides[1].lines[1].label == (
        "Red 3s × %(count)d, against: not the canastas to go out")


def test_samba_six_red_threes() -> None:
    # "all six held by one side 1000"; without the two canastas the penalty equals the bonus
    # (HowStuffWorks, the default): -1,000.
    result = count(SAMBA, {"canastas": {"natural": 2}, "going_out": "normal",
                           "table_points": 70, "red_threes": 6}, EMPTY)
    assert result.totals == (1000 + 1000 + 200 + 70, 0)
    result = count(SAMBA, {"canastas": {"natural": 2}, "going_out": "normal",
                           "table_points": 70},
                   {"canastas": {"natural": 1}, "table_points": 60, "red_threes": 6})
    # Side 1: 500 - 1,000 + 60 = -440.
    assert result.totals == (1270, -440)
    # Five of six: 5 x 100 (the 1,000 is for all six).
    result = count(SAMBA, {"canastas": {"natural": 2}, "going_out": "normal",
                           "table_points": 70, "red_threes": 5}, EMPTY)
    assert lines(result.sides[0])["red_threes"] == 500


def test_samba_has_no_wild_canasta() -> None:
    # "Wild canasta | not allowed (no wild-only melds)".
    for kind in ("wild", "wild_twos", "wild_four_jokers", "sevens", "aces"):
        errs = errors(SAMBA, {"canastas": {"natural": 2, kind: 1}, "going_out": "normal",
                              "table_points": 400}, EMPTY)
        assert f"sides[0].canastas.{kind}" in errs


def test_samba_sequences_limited_by_the_packs() -> None:
    # A samba is of one suit: 3 packs hold 12 suits. 13 sambas (13 x 50 = 650) cannot be.
    errs = errors(SAMBA, {"canastas": {"sequence": 13}, "going_out": "normal",
                          "table_points": 650}, EMPTY)
    assert errs["sides[0].canastas.sequence"] == (
        "3 packs do not hold the cards for that many of these canastas.")
    # At least 50 on the table for a samba (4 to 10).
    errs = errors(SAMBA, {"canastas": {"sequence": 1, "natural": 1}, "going_out": "normal",
                          "table_points": 80}, EMPTY)
    assert errs["sides[0].table_points"] == (
        "The canastas and black 3s on the table are worth at least 85.")


def test_samba_three_packs_hold_eighteen_wild_cards() -> None:
    # 6 jokers and 12 2s: 18 wild cards, one at least in each mixed canasta; 19 cannot be.
    errs = errors(SAMBA, {"canastas": {"mixed": 10}, "going_out": "normal",
                          "table_points": 500},
                  {"canastas": {"mixed": 9}, "table_points": 450})
    assert "sides[1].canastas.mixed" in errs


def test_samba_stock_out() -> None:
    # The hand ends with no going-out bonus; cards in hand count against.
    result = count(SAMBA, {"canastas": {"sequence": 1}, "table_points": 90, "hand_points": 30,
                           "red_threes": 1}, EMPTY, end="stock_out")
    # One canasta only: the red 3 counts against. 1,500 - 100 + 90 - 30 = 1,460.
    assert result.totals == (1460, 0)


@pytest.mark.parametrize(("total", "minimum"), [
    # "negative 15; 0–1495 50; 1500–2995 90; 3000–6995 120; 7000+ 150 or 160" → 150.
    (-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (6995, 120),
    (7000, 150), (9995, 150),
])
def test_samba_opening_minimum(total: int, minimum: int) -> None:
    assert flow.opening(SAMBA, total=total).minimum == minimum


def test_samba_160_from_7000_is_a_setting() -> None:
    from scorekeeper.engine import ruleset_from_dict
    house = ruleset_from_dict({"opening_minimums": {"bands": [
        {"from": 0, "minimum": 50}, {"from": 1500, "minimum": 90},
        {"from": 3000, "minimum": 120}, {"from": 7000, "minimum": 160}]}}, base=SAMBA)
    assert flow.opening(house, total=7000).minimum == 160
    assert flow.opening(house, total=6995).minimum == 120


def test_samba_game_to_10000_and_a_tie_is_a_draw() -> None:
    assert not decide(SAMBA, [9995, 9000]).finished
    outcome = decide(SAMBA, [10000, 9000])
    assert outcome.finished and outcome.winner == 0
    outcome = decide(SAMBA, [10500, 10500])
    assert outcome.finished and outcome.drawn


# -- bolivia (VARIANTS.md section 3) --------------------------------------------------------------


def test_bolivia_format_as_samba() -> None:
    # "Cards / players | as Samba: 162 cards, 4 in partnerships, 15 cards".
    assert BOLIVIA.formats == SAMBA.formats


def test_bolivia_going_out_with_a_bolivia_and_an_escalera() -> None:
    # "Bolivia | 2500", "Escalera | 1500", "Going out | +200; needs 2 canastas, at least one an
    # escalera". Seven 2s (140) and an escalera 8 to ace (6 x 10 + 20 = 80), 30 more: table
    # 250; 15 in the partner's hand. 2,500 + 1,500 + 200 + 250 - 15 = 4,435.
    result = count(BOLIVIA, {"canastas": {"wild": 1, "sequence": 1}, "going_out": "normal",
                             "table_points": 250, "hand_points": 15}, EMPTY)
    assert lines(result.sides[0]) == {
        "canastas.wild": 2500, "canastas.sequence": 1500, "going_out": 200,
        "table_cards": 250, "hand_cards": -15}
    assert result.totals == (4435, 0)


def test_bolivia_going_out_needs_an_escalera() -> None:
    errs = errors(BOLIVIA, {"canastas": {"natural": 1, "wild": 1}, "going_out": "normal",
                            "table_points": 175}, EMPTY)
    assert errs["sides[0].going_out"] == (
        "Going out needs sequence canastas (escalera): at least 1.")
    errs = errors(BOLIVIA, {"canastas": {"sequence": 1}, "going_out": "normal",
                            "table_points": 50}, EMPTY)
    assert errs["sides[0].going_out"] == (
        "Going out needs finished canastas: 2; this side has 1.")
    # Two escaleras do: 3,000 + 200 + 100 = 3,300.
    assert count(BOLIVIA, {"canastas": {"sequence": 2}, "going_out": "normal",
                           "table_points": 100}, EMPTY).totals == (3300, 0)


def test_bolivia_black_three_in_hand_minus_100_when_someone_goes_out() -> None:
    # "Black three left in hand (any player goes out) | -100 each (instead of -5)". Side 1
    # holds two (10 of its 30 in hand), melded 60 with a natural canasta of 4s (35):
    # 500 + 60 - 30 - 2 x 95 = 340 (each black 3 -100 in all: 5 in the hand, 95 beyond).
    result = count(BOLIVIA, {"canastas": {"sequence": 2}, "going_out": "normal",
                             "table_points": 100},
                   {"canastas": {"natural": 1}, "table_points": 60, "hand_points": 30,
                    "black_threes_in_hand": 2})
    assert lines(result.sides[1])["black_threes_in_hand"] == -190
    assert result.totals == (3300, 340)
    # When the stock runs out nobody went out: only the card value. 500 + 60 - 30 = 530.
    result = count(BOLIVIA, {"canastas": {"sequence": 2}, "table_points": 100},
                   {"canastas": {"natural": 1}, "table_points": 60, "hand_points": 30,
                    "black_threes_in_hand": 2}, end="stock_out")
    assert result.totals == (3000 + 100, 530)


def test_bolivia_red_threes_plus_with_two_canastas_of_any_kind() -> None:
    # Side 0: a bolivia and an escalera (two canastas), three red 3s: +300.
    # Side 1: one natural canasta (35), three red 3s: -300. 500 - 300 + 35 = 235.
    result = count(BOLIVIA, {"canastas": {"wild": 1, "sequence": 1}, "going_out": "normal",
                             "table_points": 190, "red_threes": 3},
                   {"canastas": {"natural": 1}, "table_points": 35, "red_threes": 3})
    assert result.totals == (2500 + 1500 + 200 + 300 + 190, 235)


def test_bolivia_only_the_one_wild_kind() -> None:
    # "2s and jokers interchangeable": a canasta of seven 2s is a bolivia (`wild`).
    errs = errors(BOLIVIA, {"canastas": {"sequence": 1, "wild_twos": 1}, "going_out": "normal",
                            "table_points": 190}, EMPTY)
    assert "sides[0].canastas.wild_twos" in errs
    # At least 140 for a bolivia.
    errs = errors(BOLIVIA, {"canastas": {"sequence": 1, "wild": 1}, "going_out": "normal",
                            "table_points": 185}, EMPTY)
    assert errs["sides[0].table_points"] == (
        "The canastas and black 3s on the table are worth at least 190.")


@pytest.mark.parametrize(("total", "minimum"), [
    # "negative 15; 0–1495 50; 1500–2995 90; 3000–6995 120; 7000+ 150 (stays 150 up to game)".
    (-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (6995, 120),
    (7000, 150), (14_995, 150),
])
def test_bolivia_opening_minimum(total: int, minimum: int) -> None:
    assert flow.opening(BOLIVIA, total=total).minimum == minimum


def test_bolivia_game_to_15000() -> None:
    assert not decide(BOLIVIA, [14_995, 9000]).finished
    outcome = decide(BOLIVIA, [15_000, 9000])
    assert outcome.finished and outcome.winner == 0
