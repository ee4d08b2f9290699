"""Melds left unfinished on the table as data: a penalty per canasta kind, keyed like a side's
``canastas``, with an optional size condition, charged at any end of the hand or only when
someone went out, and whether such a meld forbids going out.

VARIANTS.md 4, Brazilian: "Sequence of fewer than 5 cards left on the table at the end | -1000
(5- and 6-card sequences: no penalty)" (gap 7: ``unfinished_canastas.sequence`` counts the
sequences of 3 or 4 cards). VARIANTS.md 1, American: "Unfinished sevens meld -2500",
"Unfinished natural aces meld -2500", "Unfinished wild meld -2000", "always charged, whether
the side went out or not; reject going out if ... any of those unfinished counts > 0". The
test tables below are made with ``vary`` (not presets); totals are worked by hand.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine import (
    CanastaKind,
    EntryErrors,
    SideResult,
    count_hand,
    entry_from_dict,
    entry_to_dict,
    find_ruleset,
    ruleset_from_dict,
    ruleset_to_dict,
)
from scorekeeper.engine.rule_types import canasta, unfinished
from scorekeeper.engine.rulesets import vary
from scorekeeper.sheets.layout import column_of, has_penalties, penalty_values

SAMBA = find_ruleset("samba")
CLASSIC = find_ruleset("classic")

#: Samba with the Brazilian short-sequence penalty.
SHORT = vary(SAMBA, id="short", unfinished_canastas=(
    unfinished(CanastaKind.SEQUENCE, 1000, fewer_than=5),))

#: Classic with the American special canastas and their unfinished penalties.
SPECIAL = vary(
    CLASSIC, {"going_out_requirement.canastas": 2}, id="special",
    canastas=(
        canasta(CanastaKind.NATURAL, 500), canasta(CanastaKind.MIXED, 300, max_wild=2),
        canasta(CanastaKind.WILD, 2000), canasta(CanastaKind.SEVENS, 2500),
        canasta(CanastaKind.ACES, 2500),
    ),
    unfinished_canastas=(
        unfinished(CanastaKind.SEVENS, 2500, blocks_going_out=True),
        unfinished(CanastaKind.ACES, 2500, blocks_going_out=True),
        unfinished(CanastaKind.WILD, 2000, blocks_going_out=True),
    ),
)


def hand(*sides: dict[str, Any], end: str = "went_out") -> dict[str, Any]:
    return {"players": 4, "end": end, "sides": list(sides)}


def count(rs: Any, *sides: dict[str, Any], end: str = "went_out") -> tuple[SideResult, ...]:
    _, result = count_hand(rs, hand(*sides, end=end))
    for side in result.sides:
        assert side.total == sum(line.points for line in side.lines)
    return result.sides


def errors(rs: Any, *sides: dict[str, Any], end: str = "went_out") -> dict[str, str]:
    with pytest.raises(EntryErrors) as info:
        count_hand(rs, hand(*sides, end=end))
    return {e.field: e.message for e in info.value.errors}


def lines(side: SideResult) -> dict[str, int]:
    return {line.id: line.points for line in side.lines}


def test_short_sequences_cost_each_side_that_left_them() -> None:
    out_side, other = count(
        SHORT,
        {"canastas": {"natural": 2}, "unfinished_canastas": {"sequence": 1},
         "table_points": 400, "going_out": "normal"},
        {"canastas": {"mixed": 1}, "unfinished_canastas": {"sequence": 2},
         "table_points": 200, "hand_points": 30},
    )
    # 2 x 500 + going out 200 - 1,000 + 400 on the table.
    assert lines(out_side) == {"canastas.natural": 1000, "going_out": 200,
                               "unfinished_canastas.sequence": -1000, "table_cards": 400,
                               "hand_cards": 0}
    assert out_side.total == 600
    # 300 - 2 x 1,000 + 200 - 30.
    assert other.total == -1530
    line = other.lines[1]
    assert line.text == "Unfinished sequence, fewer than 5 cards × 2"


def test_charged_at_any_end_unless_only_when_out() -> None:
    sides = ({"canastas": {"natural": 1}, "unfinished_canastas": {"sequence": 1},
              "table_points": 200}, {"table_points": 50})
    assert count(SHORT, *sides, end="stock_out")[0].total == 500 - 1000 + 200
    only_out = vary(SHORT, unfinished_canastas=(
        unfinished(CanastaKind.SEQUENCE, 1000, fewer_than=5, only_when_out=True),))
    assert count(only_out, *sides, end="stock_out")[0].total == 500 + 200
    went_out = ({**sides[0]}, {"canastas": {"natural": 2}, "table_points": 300,
                               "going_out": "normal"})
    assert count(only_out, *went_out)[0].total == 500 - 1000 + 200


def test_american_unfinished_melds_always_charged_and_no_going_out_with_one() -> None:
    out_side, other = count(
        SPECIAL,
        {"canastas": {"natural": 1, "mixed": 1}, "table_points": 300, "going_out": "normal"},
        {"canastas": {"natural": 1}, "table_points": 200, "hand_points": 20,
         "unfinished_canastas": {"sevens": 1, "aces": 1, "wild": 1}},
    )
    assert out_side.total == 500 + 300 + 100 + 300
    # 500 - 2,500 - 2,500 - 2,000 + 200 - 20 (sevens 15 + aces 60 + wild 60 on the table).
    assert other.total == -6320
    assert lines(other)["unfinished_canastas.wild"] == -2000
    refused = errors(
        SPECIAL,
        {"canastas": {"natural": 2}, "table_points": 400, "going_out": "normal",
         "unfinished_canastas": {"sevens": 1}},
        {"table_points": 50},
    )
    assert refused == {"sides[0].going_out":
                       "No going out with “Unfinished meld of sevens” on the table."}


def test_a_kind_the_rule_set_does_not_charge_is_refused_on_its_field() -> None:
    assert errors(SHORT, {"table_points": 100, "unfinished_canastas": {"natural": 1}},
                  {"table_points": 50}, end="stock_out") == {
        "sides[0].unfinished_canastas.natural":
            "This rule set charges nothing for “Unfinished natural meld”."}
    assert errors(SAMBA, {"table_points": 100, "unfinished_canastas": {"sequence": 1}},
                  {"table_points": 50}, end="stock_out") == {
        "sides[0].unfinished_canastas.sequence":
            "This rule set charges nothing for “Unfinished sequence”."}


@pytest.mark.parametrize(("value", "message"), [
    ({"jokers": 1}, "Unknown kind of canasta."),
    ({"sequence": -1}, "Cannot be negative."),
    ({"sequence": 31}, "Cannot be more than 30."),
    ({"sequence": "x"}, "Enter a whole number."),
])
def test_bad_counts_are_refused_on_their_field(value: dict[str, Any], message: str) -> None:
    (key,) = value
    assert errors(SHORT, {"table_points": 100, "unfinished_canastas": value},
                  {"table_points": 50}, end="stock_out")[
        f"sides[0].unfinished_canastas.{key}"] == message


def test_the_table_holds_the_unfinished_melds() -> None:
    # A natural canasta (35 at least) and two sequences of 3 (4-5-6: 15 each).
    assert errors(SHORT, {"canastas": {"natural": 1}, "unfinished_canastas": {"sequence": 2},
                          "table_points": 60}, {"table_points": 50}, end="stock_out") == {
        "sides[0].table_points": "The canastas, unfinished melds and black 3s on the table "
                                 "are worth at least 65."}
    assert count(SHORT, {"canastas": {"natural": 1}, "unfinished_canastas": {"sequence": 2},
                         "table_points": 65}, {"table_points": 50}, end="stock_out")
    # Three aces (60) and three 2s (60).
    assert errors(SPECIAL, {"unfinished_canastas": {"aces": 1, "wild": 1}, "table_points": 115},
                  {"table_points": 50}, end="stock_out") == {
        "sides[0].table_points": "The canastas, unfinished melds and black 3s on the table "
                                 "are worth at least 120."}


def test_entries_keep_their_unfinished_melds() -> None:
    entry = entry_from_dict(hand({"unfinished_canastas": {"sequence": 2}}, {}))
    assert entry.sides[0].unfinished_canastas.sequence == 2
    data = entry_to_dict(entry)
    assert data["sides"][0]["unfinished_canastas"] == {"sequence": 2}
    assert data["sides"][1]["unfinished_canastas"] == {}
    assert entry_from_dict(data) == entry


def test_the_dict_form_writes_and_reads_them() -> None:
    data = ruleset_to_dict(SHORT)
    assert data["unfinished_canastas"] == {"sequence": {
        "points": 1000, "fewer_than": 5, "only_when_out": False, "blocks_going_out": False}}
    assert ruleset_from_dict(data, base=SAMBA).unfinished_canastas == SHORT.unfinished_canastas
    # The points alone keep the base's condition; null takes the penalty away.
    cheaper = ruleset_from_dict({"unfinished_canastas": {"sequence": 500}}, base=SHORT)
    assert cheaper.unfinished_canastas == (
        unfinished(CanastaKind.SEQUENCE, 500, fewer_than=5),)
    assert ruleset_from_dict({"unfinished_canastas": {"sequence": None}},
                             base=SHORT).unfinished_canastas == ()
    # Left out: the base's; a kind the rule set no longer allows goes with it.
    assert ruleset_from_dict({}, base=SHORT).unfinished_canastas == SHORT.unfinished_canastas
    assert ruleset_from_dict({"canastas": {"natural": 500, "mixed": 300}},
                             base=SHORT).unfinished_canastas == ()
    # A house rule of pagat's: Uruguay's wild-card meld left unfinished -1,000.
    uruguay = find_ruleset("uruguay")
    house = ruleset_from_dict({"unfinished_canastas": {"wild": 1000}}, base=uruguay)
    assert house.unfinished_penalty(CanastaKind.WILD) == unfinished(CanastaKind.WILD, 1000)


@pytest.mark.parametrize(("value", "field", "message"), [
    ({"wild": 1000}, "unfinished_canastas.wild", "This rule set has no “Wild-card canasta”."),
    ({"pairs": 1000}, "unfinished_canastas.pairs", "Unknown kind of canasta."),
    ({"sequence": -5}, "unfinished_canastas.sequence", "Must be between 0 and 100000."),
    ({"sequence": {"points": 1000, "fewer_than": 8}}, "unfinished_canastas.sequence.fewer_than",
     "Must be between 4 and 7."),
    ({"sequence": {"points": 1000, "only_when_out": "yes"}},
     "unfinished_canastas.sequence.only_when_out", "Must be true or false."),
    ({"sequence": {"points": "x"}}, "unfinished_canastas.sequence.points",
     "Must be a whole number."),
])
def test_bad_values_are_refused_on_their_field(value: Any, field: str, message: str) -> None:
    with pytest.raises(EntryErrors) as info:
        ruleset_from_dict({"unfinished_canastas": value}, base=SHORT)
    assert {e.field: e.message for e in info.value.errors} == {field: message}


def test_the_sheet_lists_them_among_the_penalties() -> None:
    assert not has_penalties(SAMBA) and has_penalties(SHORT)
    (value,) = penalty_values(SHORT)
    assert (value.points, value.against, value.params) == (
        1000, True, {"name": "Unfinished sequence", "cards": 5})
    assert column_of("unfinished_canastas.sequence") == "penalties"
