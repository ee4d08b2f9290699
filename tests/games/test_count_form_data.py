"""Turning the count form into the engine's hand body and back."""

from __future__ import annotations

from scorekeeper.engine import PRESETS, count_hand, entry_to_dict
from scorekeeper.games.count_form_layout import count_layout
from scorekeeper.games.forms import (
    form_values_from_entry,
    hand_body_from_form,
)

CLASSIC = PRESETS["classic"]
FOUR = CLASSIC.find_format(4)


def test_empty_inputs_are_left_out_and_zero_helpers_ignored():
    body = hand_body_from_form({
        "end": "went_out", "sides[0].going_out": "normal", "sides[0].table_points": " 355 ",
        "sides[0].table_cards.jokers": "0", "sides[0].canastas.mixed": "2",
        "sides[1].going_out": "", "sides[1].red_threes": "", "sides[1].premios.x": "3",
    }, CLASSIC, FOUR)
    assert body == {"players": "4", "format": "4", "end": "went_out", "sides": [
        {"going_out": "normal", "table_points": "355", "canastas": {"mixed": "2"}},
        {},
    ]}


def test_round_trip_through_the_form():
    data = {"players": "4", "format": "4", "end": "went_out", "sides": [
        {"going_out": "normal", "canastas": {"natural": 1, "mixed": 1},
         "table_cards": {"jokers": 1, "twos": 2, "aces": 3, "eights_to_kings": 7,
                         "fours_to_sevens": 4, "black_threes": 0},
         "hand_points": 0},
        {"table_points": 120, "hand_points": 35, "red_threes": 1},
    ]}
    entry, result = count_hand(CLASSIC, data)
    values = form_values_from_entry(entry_to_dict(entry))
    assert values["sides[0].table_cards.aces"] == "3"
    assert "sides[0].table_points" not in values
    again, result2 = count_hand(CLASSIC, hand_body_from_form(values, CLASSIC, FOUR))
    assert entry_to_dict(again) == entry_to_dict(entry)
    assert result2.totals == result.totals == (500 + 300 + 100 + 50 + 40 + 60 + 70 + 20,
                                               100 + 120 - 35)


def test_layout_follows_the_rules():
    classic = count_layout(CLASSIC, FOUR)
    assert [k.value for k in classic.canastas] == ["natural", "mixed"]
    assert not classic.asks("red_threes_in_hand") and not classic.asks("black_threes_in_hand")
    assert [e for e, _ in classic.ends] == ["went_out", "stock_out"]
    torneo = count_layout(PRESETS["torneo"], PRESETS["torneo"].formats[0])
    assert [e for e, _ in torneo.ends] == ["went_out", "stock_out", "time_up"]
    assert "sides[1].premios.corte_exacto" in torneo.names(1)
