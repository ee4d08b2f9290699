"""Canasta kinds as data: each rule set lists the kinds it allows, what each may hold and earns.

The family of VARIANTS.md needs kinds beyond natural, mixed and wild (its section 0.2: the kind
ids of the API; section 1, American: sevens 2,500, aces 2,500, seven 2s 3,000, the four jokers
with three 2s 2,500, any other wild 2,000, "card values of special canastas counted on top").
A test rule set made with ``vary`` carries them; the expected numbers are worked by hand from
the card values of RULES.md (joker 50, 2 = 20, ace 20, 8 to K 10, 4 to 7 = 5).
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine import (
    CanastaKind,
    EntryErrors,
    SideResult,
    count_hand,
    find_ruleset,
    ruleset_from_dict,
    ruleset_to_dict,
)
from scorekeeper.engine.rule_types import Holds, canasta
from scorekeeper.engine.rulesets import vary

CLASSIC = find_ruleset("classic")
COM = find_ruleset("comodines")

#: Classic with VARIANTS.md section 1's special canastas (a test table, not a preset).
SPECIAL = vary(
    CLASSIC,
    id="special",
    canastas=(
        canasta(CanastaKind.NATURAL, 500),
        canasta(CanastaKind.MIXED, 300, max_wild=2),
        canasta(CanastaKind.WILD, 2000, min_jokers=1, max_jokers=3),
        canasta(CanastaKind.WILD_TWOS, 3000),
        canasta(CanastaKind.WILD_FOUR_JOKERS, 2500),
        canasta(CanastaKind.SEVENS, 2500),
        canasta(CanastaKind.ACES, 2500),
        canasta(CanastaKind.SEQUENCE, 1500),
    ),
)

EMPTY: dict[str, Any] = {}


def hand(*sides: dict[str, Any], end: str = "went_out") -> dict[str, Any]:
    return {"players": 4, "end": end, "sides": list(sides)}


def side0(rs: Any, *sides: dict[str, Any]) -> SideResult:
    _, result = count_hand(rs, hand(*sides))
    for side in result.sides:
        assert side.total == sum(line.points for line in side.lines)
    return result.sides[0]


def errors(rs: Any, *sides: dict[str, Any]) -> dict[str, str]:
    with pytest.raises(EntryErrors) as info:
        count_hand(rs, hand(*sides))
    return {e.field: e.message for e in info.value.errors}


def lines(side: SideResult) -> dict[str, int]:
    return {line.id: line.points for line in side.lines}


def out(**canastas: int) -> dict[str, Any]:
    return {"canastas": canastas, "going_out": "normal"}


# -- the kinds' definitions -------------------------------------------------------------------


def test_each_kind_has_its_usual_definition() -> None:
    # (holds, fewest wild cards, fewest jokers, fewest 2s, fewest card points)
    expected = {
        "natural": (Holds.NATURAL, 0, 0, 0, 35),  # seven 4s-7s: 7 x 5
        "mixed": (Holds.MIXED, 1, 0, 0, 50),  # six 4s-7s and a 2: 6 x 5 + 20
        "wild": (Holds.WILD, 7, 0, 0, 140),  # seven 2s: 7 x 20
        "wild_twos": (Holds.WILD, 7, 0, 7, 140),  # seven 2s
        "wild_four_jokers": (Holds.WILD, 7, 4, 3, 260),  # 4 x 50 + 3 x 20
        "sevens": (Holds.RANK, 0, 0, 0, 35),  # 7 x 5
        "aces": (Holds.RANK, 0, 0, 0, 140),  # 7 x 20
        "sequence": (Holds.SEQUENCE, 0, 0, 0, 50),  # 4 to 10 of a suit: 4 x 5 + 3 x 10
        # VARIANTS-2.md 11.3 at Buraco's values, the 3 an ordinary 5-point card: ace 15 +
        # 6 x 10 + 5 x 5 (3 to 7) + the 2 at 10 = 110; the ace-to-ace run one more ace, 125.
        "ace_to_king": (Holds.SEQUENCE, 0, 0, 0, 110),
        "ace_to_ace": (Holds.SEQUENCE, 0, 0, 0, 125),
        # 12.3: a matta beside seven naturals (eight cards): 7 x 5 + 20 = 55.
        "semi_clean": (Holds.MIXED, 1, 0, 0, 55),
    }
    for kind in CanastaKind:
        k = canasta(kind, 0)
        assert (k.holds, k.wild_cards, k.jokers, k.twos, k.minimum_card_points) == \
            expected[kind.value], kind
    # American's "any other mix (1-3 jokers)": one joker and six 2s at least, 50 + 120.
    assert SPECIAL.canasta_kind(CanastaKind.WILD).minimum_card_points == 170


def test_the_dict_form_lists_the_kinds() -> None:
    data = ruleset_to_dict(COM)
    assert data["canastas"] == {"natural": 500, "mixed": 300, "wild": 2000}
    kinds = {k["id"]: k for k in data["canasta_kinds"]}
    assert list(kinds) == ["natural", "mixed", "wild"]
    assert kinds["mixed"]["holds"] == "mixed" and kinds["mixed"]["max_wild"] == 3
    assert kinds["wild"]["holds"] == "wild" and kinds["wild"]["points"] == 2000
    assert all(k["cards_on_top"] for k in kinds.values())
    # Read back on its preset: the same rule set.
    assert ruleset_from_dict(data, base=COM).canastas == COM.canastas


def test_a_house_rule_may_allow_another_kind_by_its_bonus() -> None:
    house = ruleset_from_dict({"canastas": {"natural": 500, "mixed": 300, "sevens": 2000}},
                              base=CLASSIC)
    assert house.canasta_kind(CanastaKind.SEVENS).holds is Holds.RANK
    # Sevens 2,000 + going out 100 + seven sevens 35 on the table = 2,135.
    assert side0(house, {**out(sevens=1), "table_points": 35}, EMPTY).total == 2135


# -- counting the kinds -------------------------------------------------------------------------


@pytest.mark.parametrize(("kind", "table", "total"), [
    # bonus + going out 100 + the fewest card points of the kind on the table
    ("sevens", 35, 2500 + 100 + 35),
    ("aces", 140, 2500 + 100 + 140),
    ("wild_twos", 140, 3000 + 100 + 140),
    ("wild_four_jokers", 260, 2500 + 100 + 260),
    ("wild", 170, 2000 + 100 + 170),
    ("sequence", 50, 1500 + 100 + 50),
])
def test_each_kind_earns_its_bonus_and_its_cards(kind: str, table: int, total: int) -> None:
    side = side0(SPECIAL, {**out(**{kind: 1}), "table_points": table}, EMPTY)
    assert lines(side) == {f"canastas.{kind}": total - 100 - table, "going_out": 100,
                           "table_cards": table, "hand_cards": 0}
    assert side.total == total


def test_kinds_add_up() -> None:
    # A natural 500, a mixed 300, a sevens 2,500 and a sequence 1,500 = 4,800; going out
    # 100; table 35 + 50 + 35 + 50 = 170 at least, here 300; 15 left in hand: 5,185.
    side = side0(SPECIAL, {**out(natural=1, mixed=1, sevens=1, sequence=1),
                           "table_points": 300, "hand_points": 15}, EMPTY)
    assert side.total == 500 + 300 + 2500 + 1500 + 100 + 300 - 15 == 5185


def test_a_kind_whose_cards_are_in_its_bonus() -> None:
    # A kind with its cards counted in the bonus (not on top): seven aces' 140 leave the table.
    # 2,500 - 140 + going out 100 + table 200 = 2,660.
    rs = vary(SPECIAL, canastas=(*CLASSIC.canastas,
                                 canasta(CanastaKind.ACES, 2500, cards_on_top=False)))
    side = side0(rs, {**out(aces=1), "table_points": 200}, EMPTY)
    assert lines(side)["canastas.aces.cards"] == -140
    assert side.total == 2660


# -- validation ---------------------------------------------------------------------------------


def test_a_kind_the_rule_set_does_not_have_is_refused_on_its_field() -> None:
    errs = errors(CLASSIC, {**out(natural=1, sevens=1), "table_points": 70}, EMPTY)
    assert errs["sides[0].canastas.sevens"] == "This rule set has no “Canasta of sevens”."


def test_an_unknown_kind_is_refused_on_its_field() -> None:
    errs = errors(SPECIAL, {**out(natural=1, fives=1), "table_points": 70}, EMPTY)
    assert errs["sides[0].canastas.fives"] == "Unknown kind of canasta."


@pytest.mark.parametrize(("kind", "table"), [
    ("sevens", 30), ("aces", 135), ("wild_twos", 135), ("wild_four_jokers", 255),
    ("wild", 165), ("sequence", 45),
])
def test_the_table_holds_at_least_the_kinds_cards(kind: str, table: int) -> None:
    # 5 points under the fewest card points of the kind.
    errs = errors(SPECIAL, {**out(**{kind: 1}), "table_points": table}, EMPTY)
    assert errs["sides[0].table_points"] == (
        f"The canastas and black 3s on the table are worth at least {table + 5}.")


def test_counted_cards_hold_what_the_kinds_fix() -> None:
    # Four jokers and three 2s: counted with 3 jokers and 4 2s, the jokers are short.
    errs = errors(SPECIAL, {**out(wild_four_jokers=1),
                            "table_cards": {"jokers": 3, "twos": 4, "eights_to_kings": 2}},
                  EMPTY)
    assert errs["sides[0].table_cards.jokers"] == (
        "The canastas made hold at least 4 of these cards.")
    # Seven aces counted as six aces and a king.
    errs = errors(SPECIAL, {**out(aces=1), "table_cards": {"aces": 6, "eights_to_kings": 1}},
                  EMPTY)
    assert "sides[0].table_cards.aces" in errs
    # The right cards: 4 x 50 + 3 x 20 = 260; 2,500 + 100 + 260.
    side = side0(SPECIAL, {**out(wild_four_jokers=1), "table_cards": {"jokers": 4, "twos": 3}},
                 EMPTY)
    assert side.total == 2860


def test_the_packs_limit_the_kinds() -> None:
    # Two packs hold 8 sevens and 8 aces: one canasta of each at most over all sides.
    errs = errors(SPECIAL, {**out(sevens=1), "table_points": 35},
                  {"canastas": {"sevens": 1}, "table_points": 35})
    assert errs["sides[1].canastas.sevens"] == (
        "2 packs do not hold the cards for that many of these canastas.")
    # And 4 jokers: one canasta of the four jokers.
    errs = errors(SPECIAL, {**out(wild_four_jokers=2), "table_points": 520}, EMPTY)
    assert "sides[0].canastas.wild_four_jokers" in errs
    # 8 suits in two packs: 8 sequences at most (here 9).
    errs = errors(SPECIAL, {**out(sequence=9), "table_points": 450}, EMPTY)
    assert "sides[0].canastas.sequence" in errs


def test_a_wild_kind_does_not_count_to_go_out_where_wild_canastas_do_not() -> None:
    # 001: "no se puede terminar el juego sin tener terminada otra canasta": a canasta of
    # seven 2s is a wild-card canasta too.
    rs = vary(COM, canastas=(*COM.canastas, canasta(CanastaKind.WILD_TWOS, 3000)))
    errs = errors(rs, {**out(natural=1, wild_twos=1), "table_points": 175}, EMPTY)
    assert "sides[0].going_out" in errs
