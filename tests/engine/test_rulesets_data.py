"""The presets as data: every value RULES.md gives, round trips, and the preset look-up."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from scorekeeper.engine import (
    PRESETS,
    FieldError,
    RuleSet,
    UnknownRuleSet,
    find_ruleset,
    ruleset_from_dict,
    ruleset_to_dict,
    with_values,
)

ALL = list(PRESETS.values())


def value_at(rs: RuleSet, path: str) -> Any:
    """A value of ``ruleset_to_dict(rs)`` by dotted path; list items are picked by their id.

    ``going_out.<id>`` is a way of going out's points (stored once, in ``going_out_kinds``).
    """
    node: Any = ruleset_to_dict(rs)
    if path.startswith("going_out."):
        path = f"going_out_kinds.{path.removeprefix('going_out.')}.points"
    for part in path.split("."):
        if isinstance(node, list):
            matches = [item for item in node if item.get("id") == part]
            assert len(matches) == 1, f"{rs.id}: no single {path!r}"
            node = matches[0]
        else:
            assert part in node, f"{rs.id}: {path!r} missing"
            node = node[part]
    return node


# -- RULES.md, row by row ---------------------------------------------------------------------

COMMON = [
    # "Card values: joker 50; 2 = 20; ace 20; K Q J 10 9 8 = 10; 7 6 5 4 = 5; black 3 = 5."
    ("card_values.jokers", 50),
    ("card_values.twos", 20),
    ("card_values.aces", 20),
    ("card_values.eights_to_kings", 10),
    ("card_values.fours_to_sevens", 5),
    ("card_values.black_threes", 5),
    # "natural canasta 500", "mixed canasta 300" in every column.
    ("canastas.natural", 500),
    ("canastas.mixed", 300),
    # First-meld minimum: negative 15; 0 to 1,495: 50; 1,500 to 2,995: 90; 3,000+: 120.
    ("opening_minimums.negative", 15),
    ("opening_minimums.bands", [{"from": 0, "minimum": 50}, {"from": 1500, "minimum": 90},
                                {"from": 3000, "minimum": 120}]),
]

RULES_MD: dict[str, list[tuple[str, Any]]] = {
    "classic": [  # 003, 004
        ("red_threes.each", 100),  # each red 3: 100
        ("red_threes.all_of_them", 800),  # all red 3s: 800 (all four)
        ("red_threes.negative_when", "no_meld"),  # "the side has made no meld (003, 004)"
        ("red_threes.each_in_hand_penalty", None),  # red 3 held in hand: —
        ("black_threes.all_shown_bonus", None),  # black 3s: "melded only to go out"
        ("black_threes.all_in_hand_penalty", None),
        ("black_threes.each_in_hand_penalty", None),
        ("going_out.normal", 100),  # going out 100
        ("going_out.concealed", 200),  # going out concealed: 200 in all (003); 100 + 100 (004)
        ("going_out_kinds.concealed.plus_going_out_bonus", False),
        ("going_out_requirement.canastas", 1),  # one canasta
        ("canasta_count_premios.five", None),  # 5 canastas: —
        ("canasta_count_premios.seven", None),  # 7 canastas: —
        ("penalties.acaba.points", 1500),  # "Acaba" (003): 1,500
        ("premios", []),
        ("target", 5000),
        ("tie_rule", "play_on"),  # 004: tied at or above 5,000, play continues
        ("stock_out_hand_cards", "against"),  # hand ends, no going-out bonus
        ("time_limit_minutes", None),
        # 4 in two pairs (11 cards); 003 also 2 players (15 cards each, two canastas to go out)
        ("formats.4.players", 4), ("formats.4.sides", 2), ("formats.4.cards_dealt", 11),
        ("formats.2.players", 2), ("formats.2.cards_dealt", 15),
        ("formats.2.canastas_to_go_out", 2),
    ],
    "la-canasta": [  # 000
        ("canasta_count_premios.five", 500),  # canastrón 500
        ("canasta_count_premios.seven", 2000),  # canasta de canastas 2,000
        ("canasta_count_premios.cumulative", False),  # a setting, the sources are silent
        ("red_threes.each", 100),
        ("red_threes.all_of_them", 800),
        ("red_threes.negative_when", "no_canasta"),  # "the side has no finished canasta"
        ("red_threes.each_in_hand_penalty", 500),  # red 3 held in hand: -500 each
        ("black_threes.all_shown_bonus", 500),  # all four shown going out +500
        ("black_threes.all_in_hand_penalty", 500),  # all four held in hand -500
        ("black_threes.each_in_hand_penalty", None),
        ("going_out.normal", 100),  # "premio por irse" 100
        ("going_out.abatir_first_turn_alone", 1000),
        ("going_out.abatir_first_turn_with_partner", 500),
        ("going_out.abatir_later_alone", 500),
        ("going_out.abatir_later_with_partner", 200),
        # "The text does not say whether the 100 for going out is added: make it a setting"
        ("going_out_kinds.abatir_first_turn_alone.plus_going_out_bonus", False),
        ("going_out_kinds.abatir_later_with_partner.plus_going_out_bonus", False),
        ("going_out_requirement.canastas", 1),  # one finished canasta
        ("target", 5000),
        ("tie_rule", "play_on"),
        ("stock_out_hand_cards", "against"),
        ("time_limit_minutes", None),
        ("formats.4.players", 4), ("formats.4.sides", 2), ("formats.4.cards_dealt", 11),
    ],
    "comodines": [  # 001
        ("canastas.wild", 2000),  # wild-card canasta 2,000 plus card values
        ("canasta_count_premios.five", 500),
        ("canasta_count_premios.seven", 2000),
        ("canasta_count_premios.cumulative", False),
        ("red_threes.each", 100),
        ("red_threes.all_of_them", 800),
        ("red_threes.negative_when", "no_canasta"),  # "the side has no canasta"
        ("red_threes.each_in_hand_penalty", 500),
        ("black_threes.all_shown_bonus", 500),  # all four shown when going out +500
        ("black_threes.each_in_hand_penalty", 100),  # each black 3 left in a hand -100
        ("black_threes.all_in_hand_penalty", 500),  # penalty list: all four in hand 500
        ("going_out.normal", 100),  # 100 in the table, 200 in the text: 100 by default
        ("going_out_requirement.canastas", 0),  # one clean and one dirty canasta
        ("going_out_requirement.natural", 1),
        ("going_out_requirement.mixed", 1),
        ("going_out_requirement.wild_counts", False),  # wild canasta alone: no going out
        ("target", 5000),
        ("tie_rule", "play_on"),
        ("stock_out_hand_cards", "against"),
        ("time_limit_minutes", None),
        # 2 (15 cards), 3 (13, each for himself), 4 in pairs (11), 6 as two teams of three (11)
        # or three pairs (13, a third pack).
        ("formats.2.players", 2), ("formats.2.sides", 2), ("formats.2.cards_dealt", 15),
        ("formats.3.players", 3), ("formats.3.sides", 3), ("formats.3.cards_dealt", 13),
        ("formats.4.players", 4), ("formats.4.sides", 2), ("formats.4.cards_dealt", 11),
        ("formats.6-teams.players", 6), ("formats.6-teams.sides", 2),
        ("formats.6-teams.cards_dealt", 11), ("formats.6-teams.packs", 2),
        ("formats.6-pairs.players", 6), ("formats.6-pairs.sides", 3),
        ("formats.6-pairs.cards_dealt", 13), ("formats.6-pairs.packs", 3),
    ],
    "torneo": [  # 002
        ("canastas.wild", None),  # "canasta de monos": value not given
        ("red_threes.each", None),  # counted in the base ("flores"), no value
        ("red_threes.all_of_them", None),  # all red 3s: —
        ("red_threes.negative_when", "no_canasta"),  # "the side has no canasta"
        ("red_threes.each_in_hand_penalty", None),
        ("black_threes.all_shown_bonus", 800),  # closer holding all six +800
        ("black_threes.all_in_hand_penalty", 800),  # anyone else holding all six -800
        ("black_threes.each_in_hand_penalty", None),
        ("going_out.normal", None),  # "cierre" premio, no value
        ("going_out_kinds.clean.hand_cards_positive", True),  # "cerrar a limpio"
        ("canasta_count_premios.five", None),  # canastón: a premio, value not given
        ("canasta_count_premios.seven", None),
        ("premios.corte_exacto.points", 300),  # corte exacto 300
        ("premios.juego_limpio.points", None),
        ("premios.canastilla.points", None),
        ("premios.canaston.points", None),
        ("premios.canasta_de_moda.points", None),
        ("premios.canasta_doble.points", None),
        ("premios.canasta_triple.points", None),
        ("penalties", []),
        ("target", 15000),  # 15,000, or whatever is reached at 60 minutes
        ("time_limit_minutes", 60),
        ("tie_rule", "draw"),
        ("stock_out_hand_cards", "ignored"),  # cards in hand count 0
        # pairs; three packs on the table; 15 cards each
        ("formats.4.players", 4), ("formats.4.sides", 2), ("formats.4.cards_dealt", 15),
        ("formats.4.packs", 3),
    ],
}

ROWS = [(rs_id, path, value) for rs_id, rows in RULES_MD.items() for path, value in rows] + [
    # The family's presets have their own rows (test_variants.py).
    (rs_id, path, value) for rs_id in RULES_MD for path, value in COMMON
]


@pytest.mark.parametrize(("rs_id", "path", "value"), ROWS,
                         ids=[f"{r}:{p}" for r, p, _ in ROWS])
def test_rules_md_value(rs_id: str, path: str, value: Any) -> None:
    assert value_at(find_ruleset(rs_id), path) == value


def test_every_preset_is_in_the_table() -> None:
    # The presets of RULES.md here; the Canasta family's (VARIANTS.md) in test_variants.py.
    assert set(RULES_MD) == {"classic", "la-canasta", "comodines", "torneo"}
    assert set(PRESETS) - set(RULES_MD) == {"uruguay", "samba", "bolivia", "cuban", "italian",
                                            "brazilian", "american", "buraco", "burraco",
                                            "hand-and-foot"}


@pytest.mark.parametrize(("rs_id", "sources"), [
    ("classic", ("003", "004")), ("la-canasta", ("000",)), ("comodines", ("001",)),
    ("torneo", ("002",)),
])
def test_sources(rs_id: str, sources: tuple[str, ...]) -> None:
    assert find_ruleset(rs_id).sources == sources


@pytest.mark.parametrize(("rs_id", "kinds"), [
    ("classic", ["natural", "mixed"]),  # wild-card canasta not allowed (Uruguay: house rule)
    ("la-canasta", ["natural", "mixed"]),  # not mentioned
    ("comodines", ["natural", "mixed", "wild"]),
    ("torneo", ["natural", "mixed", "wild"]),
])
def test_canasta_kinds(rs_id: str, kinds: list[str]) -> None:
    assert list(value_at(find_ruleset(rs_id), "canastas")) == kinds


def test_missing_values() -> None:
    # Only 002 names values without a number.
    for rs_id in ("classic", "la-canasta", "comodines"):
        assert find_ruleset(rs_id).missing_values() == []
    torneo = find_ruleset("torneo")
    assert [path for path, _ in torneo.missing_values()] == [
        "canastas.wild", "going_out.normal", "red_threes.each", "premios.juego_limpio",
        "premios.canastilla", "premios.canaston", "premios.canasta_de_moda",
        "premios.canasta_doble", "premios.canasta_triple",
    ]
    filled = with_values(torneo, {path: 100 for path, _ in torneo.missing_values()})
    assert filled.missing_values() == []
    assert filled.based_on == "torneo"
    assert value_at(filled, "premios.corte_exacto.points") == 300  # untouched


# -- round trips -----------------------------------------------------------------------------


@pytest.mark.parametrize("rs", ALL, ids=lambda r: r.id)
def test_round_trip_preset(rs: RuleSet) -> None:
    back = ruleset_from_dict(ruleset_to_dict(rs), base=rs)
    # Every value comes back. ``based_on`` is the one field that does not: reading data on top
    # of a preset always makes a rule set "based on" that preset (see the report).
    assert replace(back, based_on=None) == rs
    assert back.based_on == rs.id
    assert ruleset_to_dict(back) == {**ruleset_to_dict(rs), "based_on": rs.id}


@pytest.mark.parametrize("rs", ALL, ids=lambda r: r.id)
def test_round_trip_through_json(rs: RuleSet) -> None:
    data = json.loads(json.dumps(ruleset_to_dict(rs)))
    assert replace(ruleset_from_dict(data, base=rs), based_on=None) == rs


@pytest.mark.parametrize("rs", ALL, ids=lambda r: r.id)
def test_round_trip_house_rules(rs: RuleSet) -> None:
    house = ruleset_from_dict({
        "id": "casa", "name": "En casa", "target": 3000,
        "canasta_count_premios": {"cumulative": True},
        "premios": [*({"id": p.id, "points": p.points} for p in rs.premios),
                    {"id": "sorpresa", "label": "Sorpresa", "points": 150}],
        "penalties": [{"id": "tarde", "label": "Llegar tarde", "points": 50}],
    }, base=rs)
    assert house.based_on == rs.id
    assert ruleset_from_dict(ruleset_to_dict(house), base=rs) == house
    assert ruleset_from_dict(ruleset_to_dict(house), base=house) == house
    assert house.premio("sorpresa").points == 150
    assert house.penalty("tarde").points == 50


def test_empty_data_keeps_the_base_values() -> None:
    for rs in ALL:
        assert replace(ruleset_from_dict({}, base=rs), based_on=None) == rs


# -- look-up -----------------------------------------------------------------------------------


@pytest.mark.parametrize("rs_id", list(PRESETS))
def test_find_ruleset(rs_id: str) -> None:
    assert find_ruleset(rs_id) is PRESETS[rs_id]
    assert PRESETS[rs_id].id == rs_id
    assert PRESETS[rs_id].based_on is None


@pytest.mark.parametrize("bad", ["nope", "", "Classic", "classic ", None, 4])
def test_find_ruleset_unknown(bad: Any) -> None:
    with pytest.raises(UnknownRuleSet) as info:
        find_ruleset(bad)
    assert isinstance(info.value, FieldError)
    assert isinstance(info.value, ValueError)
    assert info.value.field == "ruleset"
    assert info.value.params == {"id": str(bad)}
    assert str(bad) in info.value.message
