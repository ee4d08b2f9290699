"""Settings chosen where the sources leave room: black 3s in 002, player formats by text."""

from __future__ import annotations

import pytest

from scorekeeper.engine import EntryErrors, count_hand, find_ruleset, with_values


def torneo():
    return with_values(find_ruleset("torneo"), {"going_out.normal": 100, "red_threes.each": 100})


def test_torneo_six_black_threes_in_hand_cost_800_only_when_someone_closes():
    went_out = {"players": 4, "end": "went_out", "sides": [
        {"table_points": 100, "canastas": {"natural": 1}, "going_out": "normal"},
        {"table_points": 60, "hand_points": 30, "black_threes_in_hand": 6},
    ]}
    _, result = count_hand(torneo(), went_out)
    # 002: someone closed and the other side holds all six: 60 - 30 hand - 800.
    assert result.sides[1].total == 60 - 30 - 800
    stock_out = {**went_out, "end": "stock_out",
                 "sides": [{**went_out["sides"][0], "going_out": None}, went_out["sides"][1]]}
    _, result = count_hand(torneo(), stock_out)
    # Stock out in 002: cards in hand count 0, and nobody closed, so no -800.
    assert result.sides[1].total == 60


def test_la_canasta_four_black_threes_in_hand_cost_500_at_any_ending():
    body = {"players": 4, "end": "stock_out", "sides": [
        {"table_points": 100, "canastas": {"natural": 1}},
        {"table_points": 60, "hand_points": 20, "black_threes_in_hand": 4},
    ]}
    _, result = count_hand(find_ruleset("la-canasta"), body)
    # 000: "al terminar un juego": 60 - 20 - 500.
    assert result.sides[1].total == 60 - 20 - 500


def test_players_as_text_and_unknown_format():
    body = {"players": "6", "end": "stock_out", "sides": [{}, {}]}
    _, result = count_hand(find_ruleset("comodines"), body)
    assert result.format.id == "6-teams"
    with pytest.raises(EntryErrors) as info:
        count_hand(find_ruleset("comodines"), {**body, "format": "7-circle"})
    assert [e.field for e in info.value.errors] == ["format"]
