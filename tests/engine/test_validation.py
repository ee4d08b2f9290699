"""Every validation rule answers with an EntryErrors naming the exact field."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine import (
    EntryErrors,
    FieldError,
    RuleSet,
    ShapeError,
    entry_from_dict,
    ruleset_from_dict,
    score_hand,
    side_from_dict,
    with_values,
)
from scorekeeper.engine.presets.sources import CLASSIC, TORNEO
from scorekeeper.engine.presets.sources import COMODINES as COM
from scorekeeper.engine.presets.sources import LA_CANASTA as LA

TORNEO_SET = with_values(TORNEO, {path: 100 for path, _ in TORNEO.missing_values()})

OUT = {"table_points": 35, "canastas": {"natural": 1}, "going_out": "normal"}
OUT_COM = {"table_points": 85, "canastas": {"natural": 1, "mixed": 1}, "going_out": "normal"}


def body(*sides: dict[str, Any], **kw: Any) -> dict[str, Any]:
    return {"players": 4, "end": "went_out", "sides": list(sides), **kw}


def fields_of(exc: EntryErrors) -> set[str]:
    assert exc.errors, "EntryErrors without a field error"
    for e in exc.errors:
        assert isinstance(e, FieldError)
        assert e.message  # the template fills in
        assert e.as_dict() == {"field": e.field, "message": e.message}
    return {e.field for e in exc.errors}


def parse_errors(data: Any) -> set[str]:
    with pytest.raises(EntryErrors) as info:
        entry_from_dict(data)
    return fields_of(info.value)


def score_errors(rs: RuleSet, data: dict[str, Any]) -> set[str]:
    entry = entry_from_dict(data)  # must parse: the error is the rule set's to find
    with pytest.raises(EntryErrors) as info:
        score_hand(rs, entry)
    return fields_of(info.value)


def assert_valid(rs: RuleSet, data: dict[str, Any]) -> None:
    score_hand(rs, entry_from_dict(data))


# -- numbers that cannot be ---------------------------------------------------------------------

NUMBER_FIELDS = [
    "table_points", "hand_points", "red_threes", "black_threes_shown",
    "black_threes_in_hand", "red_threes_in_hand",
]


BAD_NUMBERS = [-5, -1, 1.5, 5.0, "abc", "5 5", "--5", "²", True, False, [], {}, "1" * 5000]


# Points in hand read a minus as the number (below): -5 is 5 there.
@pytest.mark.parametrize("name, bad", [(name, bad) for name in NUMBER_FIELDS
                                       for bad in BAD_NUMBERS
                                       if not (name == "hand_points" and bad == -5)])
def test_bad_numbers(name: str, bad: Any) -> None:
    assert f"sides[1].{name}" in parse_errors(body(OUT, {name: bad}))


@pytest.mark.parametrize("written", [-20, "-20", " -20 ", "\u221220"])
def test_a_minus_before_points_in_hand_is_the_number(written: Any) -> None:
    # Points in hand are always given their sign by the count (sheets print them "-20").
    assert entry_from_dict(body(OUT, {"hand_points": written})).sides[1].hand_points == 20


@pytest.mark.parametrize("name", ["table_points", "hand_points"])
@pytest.mark.parametrize("written", ["1.035", "1,035", "10.000", "1,000", " 2.005 "])
def test_points_with_thousands_grouped(name: str, written: str) -> None:
    expected = int(written.strip().replace(".", "").replace(",", ""))
    side = entry_from_dict(body(OUT, {name: written})).sides[1]
    assert getattr(side, name) == expected


@pytest.mark.parametrize("name", ["table_points", "hand_points"])
@pytest.mark.parametrize("bad", ["1.5", "1.03", "1,03", "1.0350", "10.35", "1.035,000",
                                 "1,035.000", "0.035", "01.035", ".035", "1.035.", "1..035",
                                 "1.035-", "- 20", "--20", "1.00.000"])
def test_separators_that_do_not_group_thousands(name: str, bad: str) -> None:
    assert f"sides[1].{name}" in parse_errors(body(OUT, {name: bad}))


@pytest.mark.parametrize("name", ["red_threes", "black_threes_in_hand"])
def test_counts_take_no_grouping_and_no_minus(name: str) -> None:
    assert f"sides[1].{name}" in parse_errors(body(OUT, {name: "1.000"}))
    assert f"sides[1].{name}" in parse_errors(body(OUT, {name: -1}))


@pytest.mark.parametrize("path,data", [
    ("sides[0].canastas.natural", {"canastas": {"natural": -1}}),
    ("sides[0].canastas.mixed", {"canastas": {"mixed": "two"}}),
    ("sides[0].canastas.wild", {"canastas": {"wild": 0.5}}),
    ("sides[0].table_cards.aces", {"table_cards": {"aces": -2}}),
    ("sides[0].hand_cards.jokers", {"hand_cards": {"jokers": True}}),
    ("sides[0].premios.corte_exacto", {"premios": {"corte_exacto": -1}}),
    ("sides[0].penalties.acaba", {"penalties": {"acaba": "x"}}),
    ("sides[0].table_points", {"table_points": 10_005}),
    ("sides[0].red_threes", {"red_threes": 100}),
    ("sides[0].canastas.natural", {"canastas": {"natural": 31}}),
    ("sides[0].table_cards.twos", {"table_cards": {"twos": 201}}),
])
def test_bad_nested_numbers(path: str, data: dict[str, Any]) -> None:
    assert path in parse_errors(body(data, {}))


def test_digit_strings_are_read_as_numbers() -> None:
    entry = entry_from_dict(body({"table_points": " 35 ", "canastas": {"natural": "1"},
                                  "going_out": "normal"}, {"hand_points": "20"}))
    assert entry.sides[0].table_points == 35
    assert entry.sides[1].hand_points == 20
    assert entry.sides[0].canastas.natural == 1


@pytest.mark.parametrize("name", ["table_points", "hand_points"])
@pytest.mark.parametrize("bad", [1, 33, 1004, "12"])
def test_points_not_multiple_of_five(name: str, bad: Any) -> None:
    assert f"sides[1].{name}" in parse_errors(body(OUT, {name: bad}))


def test_unknown_fields_and_kinds() -> None:
    fields = parse_errors(body({**OUT, "colour": 1, "canastas": {"gold": 1},
                                "table_cards": {"tens": 1}}, {"hand_cards": []}))
    assert {"sides[0].colour", "sides[0].canastas.gold", "sides[0].table_cards.tens",
            "sides[1].hand_cards"} <= fields


def test_unknown_end_players_format_values() -> None:
    assert "end" in parse_errors(body(OUT, {}, end="draw"))
    assert "players" in parse_errors(body(OUT, {}, players=True))
    assert "players" in parse_errors(body(OUT, {}, players=[4]))
    assert "format" in parse_errors(body(OUT, {}, format=6))
    assert "sides[0].going_out" in parse_errors(body({**OUT, "going_out": 1}, {}))


def test_side_from_dict_alone_raises() -> None:
    with pytest.raises(EntryErrors) as info:
        side_from_dict({"table_points": -5}, "sides[0]")
    assert fields_of(info.value) == {"sides[0].table_points"}


# -- shape -------------------------------------------------------------------------------------


@pytest.mark.parametrize("data", [None, [], "x", 4, [{"sides": []}]])
def test_body_not_an_object(data: Any) -> None:
    with pytest.raises(ShapeError):
        entry_from_dict(data)


@pytest.mark.parametrize("sides", [None, {}, "ab", 2, [{}, 3], [{}, None], [[], {}]])
def test_sides_not_a_list_of_objects(sides: Any) -> None:
    with pytest.raises(ShapeError):
        entry_from_dict({"sides": sides})
    with pytest.raises(ShapeError):
        entry_from_dict({"players": 4})


@pytest.mark.parametrize("count", [0, 1, 6])
def test_two_to_five_sides(count: int) -> None:
    assert "sides" in parse_errors({"sides": [{}] * count})


def test_wrong_number_of_sides_for_the_format() -> None:
    assert score_errors(CLASSIC, body(OUT, {}, {})) == {"sides"}
    assert score_errors(COM, body(OUT_COM, {}, players=3)) == {"sides"}
    assert score_errors(COM, body(OUT_COM, {}, players=6, format="6-pairs")) == {"sides"}
    assert_valid(COM, body(OUT_COM, {}, {}, players=3))


@pytest.mark.parametrize(("rs", "players"), [
    (CLASSIC, 3), (CLASSIC, 6), (LA, 2), (TORNEO_SET, 2), (COM, 5), (COM, "six"),
])
def test_unknown_player_count(rs: RuleSet, players: Any) -> None:
    assert score_errors(rs, body(OUT, {}, players=players)) == {"players"}


def test_unknown_player_format() -> None:
    # The engine reports an unknown format id on "players" (see the report: "format" would be
    # the more precise field). Either way it is refused with one field error.
    fields = score_errors(COM, body(OUT_COM, {}, players=6, format="6-trios"))
    assert fields <= {"players", "format"} and fields


# -- deck limits, summed over the sides ---------------------------------------------------------


def test_five_red_threes_in_two_packs() -> None:
    # 2 packs hold 4 red 3s: 3 + 2 = 5.
    assert "sides[1].red_threes" in score_errors(
        CLASSIC, body({**OUT, "red_threes": 3}, {"red_threes": 2}))
    assert_valid(CLASSIC, body({**OUT, "red_threes": 2}, {"red_threes": 2}))


def test_red_threes_in_hand_count_toward_the_deck() -> None:
    assert "sides[1].red_threes_in_hand" in score_errors(
        LA, body({**OUT, "red_threes": 4}, {"red_threes_in_hand": 1}))
    # Both on one side: the message goes next to the red 3s laid down.
    assert "sides[0].red_threes" in score_errors(
        LA, body({**OUT, "red_threes": 3, "red_threes_in_hand": 2}, {}))


def test_seven_red_threes_in_three_packs() -> None:
    # torneo: three packs, six red 3s.
    assert "sides[1].red_threes" in score_errors(
        TORNEO_SET, body({**OUT, "red_threes": 4}, {"red_threes": 3}))
    assert_valid(TORNEO_SET, body({**OUT, "red_threes": 4}, {"red_threes": 2}))


def test_red_threes_over_the_deck_in_three_side_game() -> None:
    assert "sides[2].red_threes" in score_errors(
        COM, body({**OUT_COM, "red_threes": 2}, {"red_threes": 1}, {"red_threes": 2}, players=3))


def test_black_threes_over_the_deck() -> None:
    # 3 shown + 2 in hand (10 points in hand) = 5 > 4.
    assert "sides[1].black_threes_in_hand" in score_errors(
        LA, body({**OUT, "table_points": 50, "black_threes_shown": 3},
                 {"black_threes_in_hand": 2, "hand_points": 10}))
    assert "sides[0].black_threes_in_hand" in score_errors(
        TORNEO_SET, body({**OUT, "black_threes_in_hand": 7, "hand_points": 35}, {}))


@pytest.mark.parametrize(("group", "per_two_packs"), [
    ("jokers", 4), ("twos", 8), ("aces", 8), ("eights_to_kings", 48),
    ("fours_to_sevens", 32), ("black_threes", 4),
])
def test_card_groups_over_the_deck(group: str, per_two_packs: int) -> None:
    # The count is summed over the sides and over table and hand.
    canasta = "eights_to_kings" if group == "fours_to_sevens" else "fours_to_sevens"
    table = {"canastas": {"natural": 1}, "table_cards": {canasta: 7}}
    assert f"sides[1].hand_cards.{group}" in score_errors(
        CLASSIC, body({**table, "going_out": "normal", "hand_cards": {group: per_two_packs - 1}},
                      {"hand_cards": {group: 2}}))
    assert_valid(CLASSIC, body({**table, "going_out": "normal",
                                "hand_cards": {group: per_two_packs - 2}},
                               {"hand_cards": {group: 2}}))


def test_card_groups_three_packs() -> None:
    # torneo: three packs hold six jokers.
    assert_valid(TORNEO_SET, body(OUT, {"hand_cards": {"jokers": 6}}))
    assert "sides[1].hand_cards.jokers" in score_errors(
        TORNEO_SET, body(OUT, {"hand_cards": {"jokers": 7}}))


def test_total_points_of_the_deck() -> None:
    # Two packs without red 3s: 4 jokers x 50 + 8 twos x 20 + 8 aces x 20 + 48 x 10 + 32 x 5
    # + 4 black 3s x 5 = 200 + 160 + 160 + 480 + 160 + 20 = 1,180.
    assert_valid(CLASSIC, body({**OUT, "table_points": 1000}, {"table_points": 180}))
    assert "sides[1].table_points" in score_errors(
        CLASSIC, body({**OUT, "table_points": 1000}, {"table_points": 100, "hand_points": 85}))
    # Three packs: 1,770.
    assert_valid(TORNEO_SET, body({**OUT, "table_points": 1000}, {"table_points": 770}))
    assert "sides[1].table_points" in score_errors(
        TORNEO_SET, body({**OUT, "table_points": 1000}, {"table_points": 775}))


# -- going out --------------------------------------------------------------------------------


def test_more_than_one_side_going_out() -> None:
    assert "sides[1].going_out" in score_errors(CLASSIC, body(OUT, OUT))
    assert "sides[2].going_out" in score_errors(COM, body(OUT_COM, {}, OUT_COM, players=3))


def test_went_out_needs_a_side_going_out() -> None:
    assert score_errors(CLASSIC, body({"table_points": 60}, {})) == {"end"}


def test_unknown_going_out_kind() -> None:
    assert "sides[0].going_out" in score_errors(CLASSIC, body({**OUT, "going_out": "abatir"},
                                                              {}))
    assert "sides[0].going_out" in score_errors(COM, body({**OUT_COM, "going_out": "concealed"},
                                                          {}))


def test_classic_needs_one_canasta_to_go_out() -> None:
    assert score_errors(CLASSIC, body({"table_points": 60, "going_out": "normal"}, {})) == {
        "sides[0].going_out"}
    assert score_errors(CLASSIC, body({"table_points": 60, "going_out": "concealed"}, {})) == {
        "sides[0].going_out"}


def test_classic_two_players_need_two_canastas() -> None:
    # 003: "must get two canastas before going out".
    assert "sides[0].going_out" in score_errors(CLASSIC, body(OUT, {}, players=2))
    assert_valid(CLASSIC, body({**OUT, "table_points": 85, "canastas": {"natural": 1,
                                                                        "mixed": 1}},
                               {}, players=2))


def test_la_canasta_and_torneo_need_one_canasta() -> None:
    for rs in (LA, TORNEO_SET):
        assert "sides[0].going_out" in score_errors(
            rs, body({"table_points": 60, "going_out": "normal"}, {}))
        assert_valid(rs, body(OUT, {}))


def test_comodines_needs_a_natural_and_a_mixed_canasta() -> None:
    # 001: "es necesario tener por lo menos una canasta limpia y otra sucia".
    assert "sides[0].going_out" in score_errors(COM, body(OUT, {}))
    assert "sides[0].going_out" in score_errors(
        COM, body({"table_points": 100, "canastas": {"mixed": 2}, "going_out": "normal"}, {}))
    assert "sides[0].going_out" in score_errors(
        COM, body({"table_points": 70, "canastas": {"natural": 2}, "going_out": "normal"}, {}))
    assert_valid(COM, body(OUT_COM, {}))


def test_comodines_wild_canasta_does_not_count_to_go_out() -> None:
    # 001: "no se puede terminar el juego sin tener terminada otra canasta".
    for canastas, table in (({"natural": 1, "wild": 1}, 175), ({"mixed": 1, "wild": 1}, 190),
                            ({"wild": 2}, 280)):
        assert "sides[0].going_out" in score_errors(
            COM, body({"table_points": table, "canastas": canastas, "going_out": "normal"}, {}))


def test_going_out_player_alone_has_no_cards_in_hand() -> None:
    # 2 and 3 players: the side is the player who went out.
    assert "sides[0].hand_points" in score_errors(
        COM, body({**OUT_COM, "hand_points": 20}, {}, players=2))
    assert "sides[0].hand_points" in score_errors(
        CLASSIC, body({**OUT, "table_points": 70, "canastas": {"natural": 2},
                       "hand_cards": {"aces": 1}}, {}, players=2))
    # Pairs: the partner may hold cards.
    assert_valid(CLASSIC, body({**OUT, "hand_points": 20}, {}))


def test_nobody_goes_out_when_the_stock_runs_out_or_time_is_up() -> None:
    assert "sides[0].going_out" in score_errors(CLASSIC, body(OUT, {}, end="stock_out"))
    assert "sides[1].going_out" in score_errors(TORNEO_SET, body({}, OUT, end="time_up"))


def test_time_up_needs_a_clock() -> None:
    for rs in (CLASSIC, LA, COM):
        assert score_errors(rs, body({}, {}, end="time_up")) == {"end"}
    assert_valid(TORNEO_SET, body({}, {}, end="time_up"))


# -- canastas and table points -------------------------------------------------------------------


@pytest.mark.parametrize(("canastas", "least"), [
    ({"natural": 1}, 35),  # seven 4s-7s: 7 x 5
    ({"mixed": 1}, 50),  # six 4s-7s and a 2: 6 x 5 + 20
    ({"natural": 2, "mixed": 1}, 120),
])
def test_table_points_below_the_canastas_minimum(canastas: dict[str, int], least: int) -> None:
    side = {"canastas": canastas, "going_out": "normal"}
    assert "sides[0].table_points" in score_errors(
        CLASSIC, body({**side, "table_points": least - 5}, {}))
    assert_valid(CLASSIC, body({**side, "table_points": least}, {}))


def test_wild_canasta_minimum_140() -> None:
    # Seven 2s: 7 x 20 = 140.
    side = {"canastas": {"wild": 1}}
    assert "sides[1].table_points" in score_errors(COM, body(OUT_COM, {**side,
                                                                       "table_points": 135}))
    assert_valid(COM, body(OUT_COM, {**side, "table_points": 140}))


def test_canastas_need_cards_on_the_table() -> None:
    # Counted cards: a canasta needs seven; a mixed canasta a wild card; a wild one seven.
    assert "sides[0].table_cards" in score_errors(
        CLASSIC, body({"table_cards": {"aces": 6}, "canastas": {"natural": 1},
                       "going_out": "normal"}, {}))
    assert "sides[0].table_cards" in score_errors(
        CLASSIC, body({"table_cards": {"aces": 7}, "canastas": {"mixed": 1},
                       "going_out": "normal"}, {}))
    assert "sides[1].table_cards" in score_errors(
        COM, body(OUT_COM, {"table_cards": {"aces": 7, "jokers": 2}, "canastas": {"wild": 1}}))
    assert_valid(CLASSIC, body({"table_cards": {"aces": 6, "twos": 1}, "canastas": {"mixed": 1},
                                "going_out": "normal"}, {}))


@pytest.mark.parametrize(("rs", "kind"), [(CLASSIC, "wild"), (LA, "wild")])
def test_canasta_kind_not_allowed(rs: RuleSet, kind: str) -> None:
    assert f"sides[1].canastas.{kind}" in score_errors(
        rs, body(OUT, {"table_points": 140, "canastas": {kind: 1}}))


def test_house_rules_without_a_kind() -> None:
    house = ruleset_from_dict({"canastas": {"natural": 500, "mixed": 300, "wild": False}},
                              base=COM)
    assert "sides[1].canastas.wild" in score_errors(
        house, body(OUT_COM, {"table_points": 140, "canastas": {"wild": 1}}))


# -- catalogue ids -------------------------------------------------------------------------------


def test_unknown_premio_and_penalty() -> None:
    fields = score_errors(TORNEO_SET, body(OUT, {"premios": {"nope": 1},
                                                 "penalties": {"acaba": 1}}))
    assert {"sides[1].premios.nope", "sides[1].penalties.acaba"} <= fields
    assert "sides[0].premios.corte_exacto" in score_errors(
        CLASSIC, body({**OUT, "premios": {"corte_exacto": 1}}, {}))


def test_zero_counts_of_unknown_ids_are_dropped() -> None:
    # A form sends every box; a 0 is no entry at all.
    assert_valid(CLASSIC, body({**OUT, "premios": {"nope": 0}, "penalties": {"nope": "0"}}, {}))


def test_values_a_source_does_not_give() -> None:
    # 002 names these without a number: refused until the organizer sets them.
    assert "sides[0].going_out" in score_errors(TORNEO, body(OUT, {}))
    fields = score_errors(TORNEO, body(
        {"table_points": 140, "canastas": {"wild": 1}, "red_threes": 1},
        {"premios": {"canastilla": 1}}, end="stock_out"))
    assert fields == {"sides[0].canastas.wild", "sides[0].red_threes",
                      "sides[1].premios.canastilla"}


# -- black 3s ---------------------------------------------------------------------------------


def test_black_threes_shown_only_by_the_side_going_out() -> None:
    assert "sides[1].black_threes_shown" in score_errors(
        LA, body(OUT, {"table_points": 20, "black_threes_shown": 4}))
    assert "sides[0].black_threes_shown" in score_errors(
        LA, body({"table_points": 20, "black_threes_shown": 4}, {}, end="stock_out"))
    assert "sides[1].black_threes_shown" in score_errors(
        LA, body(OUT, {"table_cards": {"black_threes": 3}}))


def test_black_threes_in_hand_need_their_points() -> None:
    # Three black 3s in hand are worth 15 at least.
    assert "sides[1].hand_points" in score_errors(
        LA, body(OUT, {"black_threes_in_hand": 3, "hand_points": 10}))
    assert_valid(LA, body(OUT, {"black_threes_in_hand": 3, "hand_points": 15}))


# -- typed points and counted cards ---------------------------------------------------------------


def test_typed_points_disagree_with_card_counts() -> None:
    # 7 aces = 140, typed 100.
    assert "sides[0].table_points" in score_errors(
        CLASSIC, body({"table_points": 100, "table_cards": {"aces": 7},
                       "canastas": {"natural": 1}, "going_out": "normal"}, {}))
    # 2 jokers + 1 king = 110, typed 100.
    assert "sides[1].hand_points" in score_errors(
        CLASSIC, body(OUT, {"hand_points": 100, "hand_cards": {"jokers": 2,
                                                               "eights_to_kings": 1}}))
    # Agreeing figures are fine.
    assert_valid(CLASSIC, body({"table_points": 140, "table_cards": {"aces": 7},
                                "canastas": {"natural": 1}, "going_out": "normal"}, {}))


def test_black_threes_disagree_with_card_counts() -> None:
    assert "sides[0].black_threes_shown" in score_errors(
        LA, body({**OUT, "table_points": 0, "table_cards": {"fours_to_sevens": 7,
                                                            "black_threes": 3},
                  "black_threes_shown": 4}, {}))
    assert "sides[1].black_threes_in_hand" in score_errors(
        LA, body(OUT, {"hand_cards": {"black_threes": 2}, "black_threes_in_hand": 3}))


def test_every_error_is_reported_at_once() -> None:
    fields = score_errors(CLASSIC, body(
        {"table_points": 30, "canastas": {"natural": 1, "wild": 1}, "going_out": "nope",
         "red_threes": 3},
        {"red_threes": 2, "black_threes_shown": 1, "premios": {"x": 1}}))
    assert {"sides[0].going_out", "sides[0].table_points", "sides[0].canastas.wild",
            "sides[1].red_threes", "sides[1].black_threes_shown",
            "sides[1].premios.x"} <= fields


# -- rule sets from plain data ------------------------------------------------------------------


def ruleset_errors(data: Any, base: RuleSet = CLASSIC) -> set[str]:
    with pytest.raises(EntryErrors) as info:
        ruleset_from_dict(data, base=base)
    return fields_of(info.value)


@pytest.mark.parametrize(("data", "field"), [
    ([], "ruleset"),
    ("classic", "ruleset"),
    ({"target": "5000"}, "target"),
    ({"target": True}, "target"),
    ({"target": 0}, "target"),
    ({"target": 100_001}, "target"),
    ({"target": 5000.0}, "target"),
    ({"card_values": {"jokers": -50}}, "card_values.jokers"),
    ({"card_values": []}, "card_values"),
    ({"canastas": {"natural": -1, "mixed": 300}}, "canastas.natural"),
    ({"canastas": {"natural": 500, "mixed": "300"}}, "canastas.mixed"),
    ({"canastas": {"natural": 500, "mixed": 300, "golden": 5}}, "canastas.golden"),
    ({"canastas": {"natural": 500}}, "canastas"),
    ({"canastas": {"natural": 500, "mixed": False}}, "canastas"),
    ({"canasta_count_premios": {"five": "500"}}, "canasta_count_premios.five"),
    ({"canasta_count_premios": {"cumulative": "yes"}}, "canasta_count_premios.cumulative"),
    ({"red_threes": []}, "red_threes"),
    ({"red_threes": {"each": 1.5}}, "red_threes.each"),
    ({"red_threes": {"negative_when": "sometimes"}}, "red_threes.negative_when"),
    ({"black_threes": {"all_shown_bonus": -500}}, "black_threes.all_shown_bonus"),
    ({"going_out": {"normal": "100"}}, "going_out.normal"),
    ({"going_out_kinds": []}, "going_out_kinds"),
    ({"going_out_kinds": "normal"}, "going_out_kinds"),
    ({"going_out_kinds": [{"id": "normal"}, {"id": "normal"}]}, "going_out_kinds"),
    ({"going_out_kinds": [3]}, "going_out_kinds[0]"),
    ({"going_out_kinds": [{"id": "normal", "concealed": 1}]}, "going_out_kinds[0].concealed"),
    ({"going_out_requirement": {"canastas": -1}}, "going_out_requirement.canastas"),
    ({"going_out_requirement": {"canastas": 16}}, "going_out_requirement.canastas"),
    ({"going_out_requirement": {"wild_counts": None}}, "going_out_requirement.wild_counts"),
    ({"premios": {"a": 1}}, "premios"),
    ({"premios": [{"id": "a", "points": 5}, {"id": "a", "points": 6}]}, "premios[1].id"),
    ({"premios": [{"id": "", "points": 5}]}, "premios[0].id"),
    ({"premios": ["a"]}, "premios[0]"),
    ({"penalties": [{"id": "late", "label": "Late"}]}, "penalties[0].points"),
    ({"penalties": [{"id": "late", "points": None}]}, "penalties[0].points"),
    ({"opening_minimums": {"negative": -15}}, "opening_minimums.negative"),
    ({"opening_minimums": {"bands": []}}, "opening_minimums.bands"),
    ({"opening_minimums": {"bands": [{"from": 5, "minimum": 50}]}},
     "opening_minimums.bands[0].from"),
    ({"opening_minimums": {"bands": [{"from": 0, "minimum": 50}, {"from": 0, "minimum": 90}]}},
     "opening_minimums.bands[1].from"),
    ({"opening_minimums": {"bands": [{"from": 0, "minimum": 50}, {"from": 3000, "minimum": 120},
                                     {"from": 1500, "minimum": 90}]}},
     "opening_minimums.bands[2].from"),
    ({"opening_minimums": {"bands": [{"from": 0, "minimum": 50}, {"from": 1502,
                                                                  "minimum": 90}]}},
     "opening_minimums.bands[1].from"),
    ({"opening_minimums": {"bands": [{"from": 0, "minimum": "50"}]}},
     "opening_minimums.bands[0].minimum"),
    ({"opening_minimums": {"bands": ["x"]}}, "opening_minimums.bands[0]"),
    ({"tie_rule": "coin"}, "tie_rule"),
    ({"tie_rule": ["draw"]}, "tie_rule"),
    ({"stock_out_hand_cards": "doubled"}, "stock_out_hand_cards"),
    ({"time_limit_minutes": 0}, "time_limit_minutes"),
    ({"time_limit_minutes": 601}, "time_limit_minutes"),
    ({"id": ""}, "id"),
    ({"id": 5}, "id"),
    ({"name": "x" * 121}, "name"),
])
def test_ruleset_from_dict_errors(data: Any, field: str) -> None:
    assert field in ruleset_errors(data)


def test_ruleset_from_dict_collects_all_errors() -> None:
    fields = ruleset_errors({"target": -1, "tie_rule": "x", "red_threes": {"each": "a"}})
    assert fields == {"target", "tie_rule", "red_threes.each"}


def test_with_values_refuses_paths_it_cannot_set() -> None:
    with pytest.raises(EntryErrors) as info:
        with_values(TORNEO, {"target": 1})
    assert fields_of(info.value) == {"target"}
    with pytest.raises(EntryErrors) as info:
        with_values(TORNEO, {"canastas.golden": 1})
    assert "canastas.golden" in fields_of(info.value)
    with pytest.raises(EntryErrors) as info:
        with_values(TORNEO, {"premios.corte_exacto": -300})
    assert "premios[0].points" in fields_of(info.value)


@pytest.mark.parametrize("name", NUMBER_FIELDS)
def test_empty_text_reads_as_none(name: str) -> None:
    # A number field left empty on a form means none of it.
    body = {"players": 4, "end": "stock_out", "sides": [{name: ""}, {}]}
    entry = entry_from_dict(body)
    side = entry.sides[0]
    assert getattr(side, name) in (0, None)


# -- hands that cannot happen, found by reading the sources again ------------------------------


def test_going_out_clean_needs_a_partner_without_wild_cards() -> None:
    # 002: "si se pide la 'ida' a limpio y el compañero tiene un mono en la mano, la 'ida' NO
    # vale, hay que seguir jugando".
    clean = {"table_points": 400, "canastas": {"natural": 1}, "going_out": "clean"}
    assert score_errors(TORNEO_SET, body({**clean, "hand_cards": {"jokers": 1}},
                                         {"table_points": 100})) == {"sides[0].going_out"}
    assert score_errors(TORNEO_SET, body({**clean, "hand_cards": {"twos": 2, "aces": 1}},
                                         {"table_points": 100})) == {"sides[0].going_out"}
    assert_valid(TORNEO_SET, body({**clean, "hand_cards": {"aces": 1}}, {"table_points": 100}))


def test_a_lone_player_who_went_out_holds_no_red_three() -> None:
    out = {**OUT_COM, "table_points": 400, "red_threes_in_hand": 1}
    assert score_errors(COM, body(out, {"table_points": 100}, players=2)) == {
        "sides[0].red_threes_in_hand"}
    # With a partner, the partner may still hold one (000/001: -500).
    assert_valid(COM, body(out, {"table_points": 100}, players=4))


def test_black_threes_shown_lie_on_the_table_too() -> None:
    # A natural canasta (35 at least) and all four black 3s shown (4 x 5): at least 55.
    shown = {"canastas": {"natural": 1}, "going_out": "normal", "black_threes_shown": 4}
    assert score_errors(LA, body({**shown, "table_points": 35}, {})) == {"sides[0].table_points"}
    assert_valid(LA, body({**shown, "table_points": 55}, {}))


@pytest.mark.parametrize("shown", [1, 2])
def test_black_threes_are_shown_three_or_more_together(shown: int) -> None:
    side = {**OUT, "table_points": 100, "black_threes_shown": shown}
    assert score_errors(CLASSIC, body(side, {})) == {"sides[0].black_threes_shown"}
    assert_valid(CLASSIC, body({**side, "black_threes_shown": 3}, {}))


def test_wild_card_canastas_cannot_need_more_wild_cards_than_the_deck_holds() -> None:
    # Two packs hold 12 jokers and 2s: a wild-card canasta takes 7, a mixed one at least 1.
    two = {"table_points": 700, "canastas": {"natural": 1, "mixed": 1, "wild": 2},
           "going_out": "normal"}
    assert score_errors(COM, body(two, {})) == {"sides[0].canastas.wild"}
    one_each = {"table_points": 400, "canastas": {"wild": 1}}
    assert score_errors(COM, body(OUT_COM, one_each, {**one_each, "table_points": 400},
                                  players=3)) == {"sides[2].canastas.wild"}
    assert score_errors(COM, body({**OUT_COM, "table_points": 1150,
                                   "canastas": {"natural": 1, "mixed": 13}}, {})) == {
        "sides[0].canastas.mixed"}
    assert_valid(COM, body({**OUT_COM, "table_points": 700,
                            "canastas": {"natural": 1, "mixed": 5, "wild": 0}},
                           {"table_points": 400, "canastas": {"wild": 1}}))


def test_black_threes_shown_refused_when_the_counted_table_holds_none() -> None:
    # Audit: table cards counted with no black 3 while "4 black 3s shown" is given would earn
    # 000's +500 without their 4 x 5 = 20 card points: refused, as the reverse already is.
    errors = score_errors(
        LA, body({**OUT, "table_points": 0, "table_cards": {"fours_to_sevens": 7},
                  "black_threes_shown": 4}, {}))
    assert "sides[0].black_threes_shown" in errors
    # The same table with its four black 3s counted is a valid hand.
    assert_valid(LA, body({**OUT, "table_points": 0,
                           "table_cards": {"fours_to_sevens": 7, "black_threes": 4},
                           "black_threes_shown": 4}, {}))


def test_black_threes_shown_with_no_counted_table_message() -> None:
    from scorekeeper.engine import count_hand
    with pytest.raises(EntryErrors) as info:
        count_hand(LA, body({**OUT, "table_points": 0, "table_cards": {"fours_to_sevens": 7},
                             "black_threes_shown": 4}, {}))
    assert [e.message for e in info.value.for_field("sides[0].black_threes_shown")] == [
        "The cards counted on the table hold 0 black 3s."]
