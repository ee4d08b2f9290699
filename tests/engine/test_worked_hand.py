"""003's worked hand ("An example hand of Canasta"), counted through the public API.

003 prints, for North–South: "Melds 355 / Less card in hand -20 / Total 355 / + Two mixed
canastas 600 / + Going out 100 / Grand total 1035", and for East–West: "Melds 280 / Less card in
hand -45 / Total 235 / + Red threes 600 / Grand total 535". RULES.md ("Worked hand"): "Total 355"
should read 335 and "Red threes 600" should read 300 (three red 3s: West's 3 of diamonds, East's
3 of hearts and East's second 3 of hearts); only then do its own grand totals add up.
"""

from __future__ import annotations

from scorekeeper.engine import HandResult, entry_from_dict, find_ruleset, flow, score_hand

WORKED_HAND = {
    "players": 4,
    "end": "went_out",
    "sides": [
        # North–South: North goes out; South keeps one card of 20 (an ace or a 2).
        {"table_points": 355, "hand_points": 20, "canastas": {"mixed": 2}, "going_out": "normal"},
        # East–West: melds 280, 45 left in hand, three red 3s laid down.
        {"table_points": 280, "hand_points": 45, "red_threes": 3},
    ],
}


def _result() -> HandResult:
    return score_hand(find_ruleset("classic"), entry_from_dict(WORKED_HAND))


def test_north_south_1035() -> None:
    ns = _result().sides[0]
    # 003: melds 355 - card in hand 20 + two mixed canastas 2 x 300 + going out 100 = 1,035
    assert ns.total == 355 - 20 + 2 * 300 + 100 == 1035
    assert [(line.id, line.points) for line in ns.lines] == [
        ("canastas.mixed", 600),
        ("going_out", 100),
        ("table_cards", 355),
        ("hand_cards", -20),
    ]


def test_east_west_535() -> None:
    ew = _result().sides[1]
    # 003: melds 280 - cards in hand 45 + three red 3s 3 x 100 (the side has melded) = 535
    assert ew.total == 280 - 45 + 3 * 100 == 535
    assert [(line.id, line.points) for line in ew.lines] == [
        ("red_threes", 300),
        ("table_cards", 280),
        ("hand_cards", -45),
    ]


def test_totals_and_format() -> None:
    result = _result()
    assert result.totals == (1035, 535)
    assert result.format.id == "4"
    assert result.format.sides == 2


def test_line_texts_are_readable() -> None:
    ns, ew = _result().sides
    assert [line.text for line in ns.lines] == [
        "Mixed canastas × 2", "Going out", "Cards on the table", "Cards left in hand",
    ]
    assert ew.lines[0].text == "Red 3s × 3"


def test_misprinted_figures_are_not_what_the_engine_gives() -> None:
    """The printed "Red threes 600" would make East–West 835, not the printed 535."""
    ew = _result().sides[1]
    assert ew.points_of("red_threes") == 300 != 600
    # The printed "Total 355" for North–South is melds less the card: 355 - 20 = 335.
    ns = _result().sides[0]
    assert ns.points_of("table_cards") + ns.points_of("hand_cards") == 335


def test_both_sides_needed_90_to_open() -> None:
    """003: "Both sides require 90 points to open" (both stood between 1,500 and 2,995)."""
    classic = find_ruleset("classic")
    assert flow.opening(classic, total=1500).minimum == 90
    assert flow.opening(classic, total=2995).minimum == 90
