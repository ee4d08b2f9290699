"""002's "NO CONTAR LAS CARTAS POR ERROR": "Si al acabar el juego una pareja por error no cuenta
las cartas y las mezcla con el resto se apuntará 300 puntos". The side is credited 300 in place
of the cards it mixed in (on the table and in hand); its base (canastas, red 3s, premios) stands.
"""

from __future__ import annotations

from test_presets import TORNEO_SET, errors, lines, score

from scorekeeper.engine.hand_inputs import asks
from scorekeeper.engine.presets.sources import CLASSIC, TORNEO


def test_the_rule_is_declared_for_torneo_only() -> None:
    assert TORNEO.held_cards.cards_not_counted_points == 300
    assert asks(TORNEO, "cards_not_counted") and not asks(CLASSIC, "cards_not_counted")


def test_a_side_that_mixed_its_cards_in_scores_300_in_their_place() -> None:
    # Side 1 closes (cierre 150) with a natural and a mixed canasta and 1,250 on the table
    # (the canastas' cards included), holding nothing: 500 + 300 + 150 + 1,250 = 2,200.
    # Side 2 had a mixed canasta and 2 red 3s, then mixed its cards into the pack before
    # counting them: 300 + 2 x 100 + 300 (in place of its table and hand) = 800.
    result = score(
        TORNEO_SET,
        {"canastas": {"natural": 1, "mixed": 1}, "going_out": "normal", "table_points": 1250},
        {"canastas": {"mixed": 1}, "red_threes": 2, "cards_not_counted": True},
    )
    assert lines(result.sides[1]) == {
        "canastas.mixed": 300, "red_threes": 200, "table_cards": 300, "hand_cards": 0,
    }
    assert result.sides[1].total == 800
    assert result.sides[0].total == 2200
    # Counted, the same side would have scored its cards instead (here 420 less 35 in hand).
    counted = score(
        TORNEO_SET,
        {"canastas": {"natural": 1, "mixed": 1}, "going_out": "normal", "table_points": 1250},
        {"canastas": {"mixed": 1}, "red_threes": 2, "table_points": 420, "hand_points": 35},
    )
    assert counted.sides[1].total == 300 + 200 + 420 - 35


def test_the_stock_run_out_is_counted_the_same_way() -> None:
    # 002: when the stock runs out the table's cards count and the hand's do not; a side
    # that mixed them in gets its 300 all the same.
    result = score(TORNEO_SET, {"table_points": 400},
                   {"canastas": {"natural": 1}, "cards_not_counted": True}, end="stock_out")
    assert result.sides[1].total == 500 + 300


def test_refused_with_cards_counted_at_time_or_outside_002() -> None:
    mixed = {"canastas": {"mixed": 1}, "cards_not_counted": True}
    out = {"canastas": {"natural": 1}, "going_out": "normal", "table_points": 400}
    assert errors(TORNEO_SET, out, {**mixed, "table_points": 350, "hand_points": 20}) == {
        "sides[1].table_points": "The cards were mixed in before counting: leave this empty.",
        "sides[1].hand_points": "The cards were mixed in before counting: leave this empty.",
    }
    assert set(errors(TORNEO_SET, out, {**mixed, "hand_cards": {"aces": 1}})) == {
        "sides[1].hand_points"}
    assert errors(TORNEO_SET, {"canastas": {"natural": 1}}, mixed, end="time_up") == {
        "sides[1].cards_not_counted": "At time the cards are not counted: nothing to mix in."}
    assert errors(CLASSIC, {"canastas": {"natural": 1}, "going_out": "normal",
                            "table_points": 400}, mixed) == {
        "sides[1].cards_not_counted":
            "This rule set does not score cards mixed in before counting."}
    assert errors(TORNEO_SET, out, {**mixed, "cards_not_counted": "yes"}) == {
        "sides[1].cards_not_counted": "Must be true or false."}
