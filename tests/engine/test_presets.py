"""Every scoring line of every preset, with the expected numbers worked by hand from the sources.

Each case names its source key (RULES.md): 003/004 classic, 000 "La Canasta", 001 with the
wild-card canasta, 002 tournament. The opposing side is usually left empty (it scores 0), so a
case reads as one side's count.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine import (
    CanastaKind,
    EntryErrors,
    HandResult,
    RuleSet,
    SideResult,
    entry_from_dict,
    ruleset_from_dict,
    score_hand,
    with_values,
)
from scorekeeper.engine.presets.sources import CLASSIC, TORNEO
from scorekeeper.engine.presets.sources import COMODINES as COM
from scorekeeper.engine.presets.sources import LA_CANASTA as LA

#: 002 names these without a value; an organizer's choice for the tests (distinct numbers, so a
#: wrong line shows up as a wrong total).
TORNEO_VALUES = {
    "canastas.wild": 1000,
    "going_out.normal": 150,
    "red_threes.each": 100,
    "premios.juego_limpio": 400,
    "premios.canastilla": 250,
    "premios.canaston": 600,
    "premios.canasta_de_moda": 350,
    "premios.canasta_doble": 700,
    "premios.canasta_triple": 900,
}
TORNEO_SET = with_values(TORNEO, TORNEO_VALUES)


def score(rs: RuleSet, *sides: dict[str, Any], end: str = "went_out", players: int | str = 4,
          fmt: str | None = None) -> HandResult:
    data: dict[str, Any] = {"players": players, "end": end, "sides": list(sides)}
    if fmt is not None:
        data["format"] = fmt
    return score_hand(rs, entry_from_dict(data))


def side0(rs: RuleSet, *sides: dict[str, Any], **kw: Any) -> SideResult:
    result = score(rs, *sides, **kw)
    for side in result.sides:
        assert side.total == sum(line.points for line in side.lines)
    return result.sides[0]


def lines(side: SideResult) -> dict[str, int]:
    return {line.id: line.points for line in side.lines}


def errors(rs: RuleSet, *sides: dict[str, Any], **kw: Any) -> dict[str, str]:
    with pytest.raises(EntryErrors) as info:
        score(rs, *sides, **kw)
    return {e.field: e.message for e in info.value.errors}


EMPTY: dict[str, Any] = {}
#: A side going out with one natural canasta of seven 4s-7s (7 x 5 = 35 on the table).
OUT_NATURAL = {"table_points": 35, "canastas": {"natural": 1}, "going_out": "normal"}
#: Comodines: going out needs a natural and a mixed canasta: 7 x 5 + (6 x 5 + 20) = 85.
OUT_COM = {"table_points": 85, "canastas": {"natural": 1, "mixed": 1}, "going_out": "normal"}


# -- canastas -------------------------------------------------------------------------------


@pytest.mark.parametrize("rs", [CLASSIC, LA, COM, TORNEO_SET], ids=lambda r: r.id)
def test_natural_and_mixed_canastas(rs: RuleSet) -> None:
    # 000/001/002/003/004: natural 500, mixed 300. Two natural + one mixed (a side not going
    # out): 2 x 500 + 300 = 1,300; table 2 x 35 + 50 = 120; total 1,420.
    side = side0(rs, {"table_points": 120, "canastas": {"natural": 2, "mixed": 1}},
                 {**(OUT_COM if rs is COM else OUT_NATURAL)})
    assert lines(side) == {
        "canastas.natural": 1000, "canastas.mixed": 300, "table_cards": 120, "hand_cards": 0,
    }
    assert side.total == 1420


def test_wild_canasta_comodines() -> None:
    # 001: "Canasta de comodines: 2000 puntos (más el valor de los comodines que la forman)".
    # Seven 2s on the table: 7 x 20 = 140. Not going out: 2,000 + 140 = 2,140.
    side = side0(COM, {"table_points": 140, "canastas": {"wild": 1}}, OUT_COM)
    assert lines(side) == {"canastas.wild": 2000, "table_cards": 140, "hand_cards": 0}
    assert side.total == 2140


def test_wild_canasta_not_in_classic_or_la_canasta() -> None:
    for rs in (CLASSIC, LA):
        errs = errors(rs, {"table_points": 140, "canastas": {"wild": 1}}, OUT_NATURAL)
        assert "sides[0].canastas.wild" in errs


def test_wild_canasta_torneo_needs_a_value() -> None:
    # 002 names the "canasta de monos" without a value: refused until the organizer sets it.
    assert TORNEO.canasta_points(CanastaKind.WILD) is None
    errs = errors(TORNEO, {"table_points": 140, "canastas": {"wild": 1}},
                  {**OUT_NATURAL, "going_out": "normal"})
    assert "sides[0].canastas.wild" in errs
    # Set: 1,000 (TORNEO_VALUES) + seven 2s 140 = 1,140.
    side = side0(TORNEO_SET, {"table_points": 140, "canastas": {"wild": 1}}, OUT_NATURAL)
    assert side.points_of("canastas.wild") == 1000
    assert side.total == 1140


# -- five and seven canastas ------------------------------------------------------------------


@pytest.mark.parametrize("rs", [LA, COM], ids=lambda r: r.id)
@pytest.mark.parametrize(("natural", "mixed", "table", "premio", "total"), [
    # 000 "Canastrón" / 001 "Canastón": 500. Three natural + two mixed, going out:
    # 3 x 500 + 2 x 300 + canastón 500 + going out 100 + table 300 = 3,000.
    (3, 2, 300, {"five_canastas": 500}, 3000),
    # 000/001 "Canasta de canastas" 2,000, not cumulative by default. Four natural + three
    # mixed, going out: 4 x 500 + 3 x 300 + 2,000 + going out 100 + table 400 = 5,400 (no
    # canastón 500).
    (4, 3, 400, {"seven_canastas": 2000}, 5400),
], ids=["five", "seven"])
def test_five_and_seven_canastas(rs: RuleSet, natural: int, mixed: int, table: int,
                                 premio: dict[str, int], total: int) -> None:
    side = side0(rs, {"table_points": table, "canastas": {"natural": natural, "mixed": mixed},
                      "going_out": "normal"}, EMPTY)
    assert lines(side) == {
        "canastas.natural": 500 * natural, "canastas.mixed": 300 * mixed, **premio,
        "going_out": 100, "table_cards": table, "hand_cards": 0,
    }
    assert side.total == total


@pytest.mark.parametrize("rs", [LA, COM], ids=lambda r: r.id)
@pytest.mark.parametrize("count", [4, 6])
def test_no_canaston_below_five_and_at_six_only_canaston(rs: RuleSet, count: int) -> None:
    # Two packs, 8 of a rank: the natural canasta and three mixed ones of six and a 2 on the
    # four 5-point ranks (35 + 3 x 50), two more mixed ones of 8s to kings (2 x 80).
    table = {4: 185, 6: 345}[count]
    side = side0(rs, {"table_points": table, "canastas": {"mixed": count - 1, "natural": 1},
                      "going_out": "normal"}, EMPTY)
    assert ("five_canastas" in lines(side)) is (count >= 5)
    assert "seven_canastas" not in lines(side)


@pytest.mark.parametrize("rs", [LA, COM], ids=lambda r: r.id)
def test_seven_canastas_cumulative_setting(rs: RuleSet) -> None:
    house = ruleset_from_dict({"canasta_count_premios": {"cumulative": True}}, base=rs)
    assert house.canasta_count_premios.cumulative is True
    # As above plus the canastón: 5,400 + 500 = 5,900.
    side = side0(house, {"table_points": 400, "canastas": {"natural": 4, "mixed": 3},
                         "going_out": "normal"}, EMPTY)
    assert side.points_of("seven_canastas") == 2000
    assert side.points_of("five_canastas") == 500
    assert side.total == 5900


def test_comodines_wild_canasta_counts_toward_canaston() -> None:
    # 001: "Entre ellas es válida la Canasta de comodines". 1 natural + 3 mixed + 1 wild:
    # 500 + 900 + 2,000 + canastón 500 + going out 100 + table 385 -> 4,385. The table: 35,
    # 3 x 50, and ten wild cards where two packs hold eight 2s: eight 2s and two jokers, 260.
    side = side0(COM, {"table_points": 385, "canastas": {"natural": 1, "mixed": 3, "wild": 1},
                       "going_out": "normal"}, EMPTY)
    assert side.points_of("five_canastas") == 500
    assert side.total == 500 + 900 + 2000 + 500 + 100 + 385 == 4385


@pytest.mark.parametrize("rs", [CLASSIC, TORNEO_SET], ids=lambda r: r.id)
def test_no_canasta_count_premios_in_classic_and_torneo(rs: RuleSet) -> None:
    side = side0(rs, {"table_points": 400, "canastas": {"natural": 4, "mixed": 3},
                      "going_out": "normal"}, EMPTY)
    assert "five_canastas" not in lines(side)
    assert "seven_canastas" not in lines(side)


# -- red 3s -----------------------------------------------------------------------------------


@pytest.mark.parametrize("rs", [CLASSIC, LA, COM, TORNEO_SET], ids=lambda r: r.id)
@pytest.mark.parametrize("count", [1, 2, 3])
def test_each_red_three_100(rs: RuleSet, count: int) -> None:
    # 000/001/003/004: each red 3 100 (002: the organizer's 100 here). The side has a canasta.
    going = OUT_COM if rs is COM else OUT_NATURAL
    side = side0(rs, {**going, "red_threes": count}, EMPTY)
    assert side.points_of("red_threes") == 100 * count


@pytest.mark.parametrize("rs", [CLASSIC, LA, COM], ids=lambda r: r.id)
def test_all_four_red_threes_800(rs: RuleSet) -> None:
    # 000/001/003/004: all four red 3s 800 (not 4 x 100). Going out with a natural canasta:
    # 800 + 500 + 100 + table = 1,400 + table.
    going = OUT_COM if rs is COM else OUT_NATURAL
    side = side0(rs, {**going, "red_threes": 4}, EMPTY)
    assert side.points_of("red_threes") == 800
    assert side.lines[[line.id for line in side.lines].index("red_threes")].text == (
        "All 4 red 3s"
    )


def test_torneo_six_red_threes_have_no_all_bonus() -> None:
    # 002 gives no "all red 3s" bonus: three packs, six red 3s at 100 each = 600.
    side = side0(TORNEO_SET, {**OUT_NATURAL, "red_threes": 6}, EMPTY)
    assert side.points_of("red_threes") == 600


def test_red_threes_negative_classic_only_without_a_meld() -> None:
    # 003: "If a partnership has failed to declare a meld it is also penalised for any red 3s";
    # 004: "Si un equipo no tiene combinaciones ... se restan". Two red 3s, no meld: -200.
    result = score(CLASSIC, OUT_NATURAL, {"red_threes": 2})
    assert result.sides[1].points_of("red_threes") == -200
    assert result.sides[1].lines[0].text == "Red 3s × 2, against: no meld"
    # A meld of 60 but no canasta: the red 3s count for the side, +200; total 260.
    result = score(CLASSIC, OUT_NATURAL, {"red_threes": 2, "table_points": 60})
    assert result.sides[1].points_of("red_threes") == 200
    assert result.sides[1].total == 260
    # All four without a meld: -800, and 100 left in hand: -900.
    result = score(CLASSIC, OUT_NATURAL, {"red_threes": 4, "hand_points": 100})
    assert result.sides[1].points_of("red_threes") == -800
    assert result.sides[1].total == -900


@pytest.mark.parametrize("rs", [LA, COM, TORNEO_SET], ids=lambda r: r.id)
def test_red_threes_negative_without_a_canasta(rs: RuleSet) -> None:
    # 000: "será preciso que ... hayan expuesto al menos una combinación de Canasta terminada.
    # En caso contrario, la puntuación de estos Honores será negativa"; 001 and 002 the same.
    # Melds of 60, no canasta, two red 3s: 60 - 200 = -140.
    going = OUT_COM if rs is COM else OUT_NATURAL
    result = score(rs, going, {"red_threes": 2, "table_points": 60})
    assert result.sides[1].points_of("red_threes") == -200
    assert result.sides[1].total == -140
    assert result.sides[1].lines[0].text == "Red 3s × 2, against: no canasta"


@pytest.mark.parametrize("rs", [LA, COM], ids=lambda r: r.id)
def test_all_four_red_threes_negative_without_a_canasta(rs: RuleSet) -> None:
    going = OUT_COM if rs is COM else OUT_NATURAL
    result = score(rs, going, {"red_threes": 4, "table_points": 60})
    # 000/001: all four 800, against: -800; + melds 60 = -740.
    assert result.sides[1].points_of("red_threes") == -800
    assert result.sides[1].total == -740


@pytest.mark.parametrize("rs", [LA, COM], ids=lambda r: r.id)
def test_red_threes_in_hand_minus_500_each(rs: RuleSet) -> None:
    # 000/001 penalty list: "Por cada Tres Rojo que se tenga en la mano al terminar" 500.
    # Two red 3s kept in hand, 30 other card points in hand, melds 60: 60 - 30 - 2 x 500 = -970.
    going = OUT_COM if rs is COM else OUT_NATURAL
    result = score(rs, going, {"red_threes_in_hand": 2, "hand_points": 30, "table_points": 60})
    assert result.sides[1].points_of("red_threes_in_hand") == -1000
    assert result.sides[1].total == -970


@pytest.mark.parametrize("rs", [CLASSIC, TORNEO_SET], ids=lambda r: r.id)
def test_red_threes_in_hand_is_an_error_where_no_rule(rs: RuleSet) -> None:
    errs = errors(rs, OUT_NATURAL, {"red_threes_in_hand": 1})
    assert "sides[1].red_threes_in_hand" in errs


def test_torneo_red_threes_need_a_value() -> None:
    errs = errors(TORNEO, {**OUT_NATURAL, "red_threes": 1}, EMPTY)
    assert "sides[0].red_threes" in errs


# -- black 3s ---------------------------------------------------------------------------------


@pytest.mark.parametrize("rs", [LA, COM], ids=lambda r: r.id)
def test_all_four_black_threes_shown_going_out(rs: RuleSet) -> None:
    # 000/001: "Por exponer los 4 Treses Negros al terminar" 500. Their card value (4 x 5 = 20)
    # is part of the table. Table 85 + 20 = 105; canastas 500 + 300 (comodines) or 500 (000).
    going = OUT_COM if rs is COM else OUT_NATURAL
    table = going["table_points"] + 20
    side = side0(rs, {**going, "table_points": table, "black_threes_shown": 4}, EMPTY)
    assert side.points_of("black_threes_shown") == 500
    canastas = 800 if rs is COM else 500
    # comodines: 800 + 100 + 500 + 105 = 1,505; la-canasta: 500 + 100 + 500 + 55 = 1,155.
    assert side.total == canastas + 100 + 500 + table


@pytest.mark.parametrize("rs", [LA, COM], ids=lambda r: r.id)
def test_three_black_threes_shown_earn_nothing(rs: RuleSet) -> None:
    going = OUT_COM if rs is COM else OUT_NATURAL
    side = side0(rs, {**going, "table_points": going["table_points"] + 15,
                      "black_threes_shown": 3}, EMPTY)
    assert "black_threes_shown" not in lines(side)


def test_classic_black_threes_shown_earn_nothing() -> None:
    # 003/004: black 3s are melded only to go out, at card value only.
    side = side0(CLASSIC, {**OUT_NATURAL, "table_points": 55, "black_threes_shown": 4}, EMPTY)
    assert side.total == 500 + 100 + 55


def test_la_canasta_all_four_black_threes_in_hand() -> None:
    # 000: "Si un jugador, al terminar un juego, tiene en su mano los cuatro Treses Negros" 500.
    # Four black 3s (4 x 5 = 20) among 50 points in hand, melds 60: 60 - 50 - 500 = -490.
    result = score(LA, OUT_NATURAL, {"table_points": 60, "hand_points": 50,
                                     "black_threes_in_hand": 4})
    assert lines(result.sides[1]) == {
        "black_threes_all_in_hand": -500, "table_cards": 60, "hand_cards": -50,
    }
    assert result.sides[1].total == -490
    # Three in hand: no penalty in 000, only the card values.
    result = score(LA, OUT_NATURAL, {"table_points": 60, "hand_points": 50,
                                     "black_threes_in_hand": 3})
    assert result.sides[1].total == 10


def test_comodines_each_black_three_in_hand_minus_100() -> None:
    # 001, among the card values: "Cada 3 negro que quede en la mano de un jugador vale 100
    # puntos en contra": -100 for the card in all. Two in hand (hand 10, their 2 x 5): the
    # cards in hand -10 and the rest of the penalty 2 x 95 = -190, so 2 x -100 in all.
    # Side: 60 - 10 - 190 = -140.
    result = score(COM, OUT_COM, {"table_points": 60, "hand_points": 10,
                                  "black_threes_in_hand": 2})
    assert result.sides[1].points_of("black_threes_in_hand") == -190
    assert result.sides[1].points_of("hand_cards") == -10
    assert result.sides[1].total == -140


def test_comodines_black_three_penalty_on_top_of_its_card_is_a_setting() -> None:
    # The other reading (the count before the audit): -100 on top of the card's 5 (-105 a
    # card). Two in hand: 60 - 10 - 200 = -150.
    house = ruleset_from_dict({"black_threes": {"each_in_hand_includes_card": False}}, base=COM)
    result = score(house, OUT_COM, {"table_points": 60, "hand_points": 10,
                                    "black_threes_in_hand": 2})
    assert result.sides[1].points_of("black_threes_in_hand") == -200
    assert result.sides[1].total == -150


def test_comodines_one_black_three_in_hand_costs_100_in_all() -> None:
    # One black 3 alone in hand (5): 001's "vale 100 puntos en contra". Melds 40: 40 - 100.
    result = score(COM, OUT_COM, {"table_points": 40, "hand_points": 5,
                                  "black_threes_in_hand": 1})
    assert lines(result.sides[1]) == {
        "black_threes_in_hand": -95, "table_cards": 40, "hand_cards": -5,
    }
    assert result.sides[1].total == -60


def test_comodines_all_four_black_threes_in_hand_both_penalties() -> None:
    # 001 lists both: each -100 in all (the card's 5 among the cards in hand, 4 x 95 = 380
    # beyond) and all four -500. Hand 20 (the four 3s), melds 60: 60 - 20 - 380 - 500 = -840.
    result = score(COM, OUT_COM, {"table_points": 60, "hand_points": 20,
                                  "black_threes_in_hand": 4})
    assert lines(result.sides[1]) == {
        "black_threes_in_hand": -380, "black_threes_all_in_hand": -500,
        "table_cards": 60, "hand_cards": -20,
    }
    assert result.sides[1].total == -840


def test_black_threes_in_hand_from_hand_cards() -> None:
    # Counted cards: 4 black 3s + 1 ace = 20 + 20 = 40 in hand; comodines 60 - 40 - 380 - 500:
    # each black 3 costs 100 in all (5 in the hand's cards, 95 beyond).
    result = score(COM, OUT_COM, {"table_points": 60,
                                  "hand_cards": {"black_threes": 4, "aces": 1}})
    assert result.sides[1].points_of("hand_cards") == -40
    assert result.sides[1].total == 60 - 40 - 380 - 500


def test_classic_black_threes_in_hand_only_card_value() -> None:
    result = score(CLASSIC, OUT_NATURAL, {"table_points": 60, "hand_points": 20,
                                          "black_threes_in_hand": 4})
    assert result.sides[1].total == 40


def test_torneo_all_six_black_threes_shown_800() -> None:
    # 002: "muestra en su mano los 6 TRESES NEGROS, añadirá 800 puntos más". Going out with a
    # natural canasta: 500 + cierre 150 + 800 + table 35 + 6 x 5 = 65 -> 1,515.
    side = side0(TORNEO_SET, {**OUT_NATURAL, "table_points": 65, "black_threes_shown": 6},
                 EMPTY)
    assert lines(side) == {
        "canastas.natural": 500, "going_out": 150, "black_threes_shown": 800,
        "table_cards": 65, "hand_cards": 0,
    }
    assert side.total == 1515
    # Four of six: no bonus.
    side = side0(TORNEO_SET, {**OUT_NATURAL, "table_points": 55, "black_threes_shown": 4},
                 EMPTY)
    assert "black_threes_shown" not in lines(side)


def test_torneo_all_six_black_threes_in_hand_minus_800() -> None:
    # 002: "cualquier de los otros tres jugadores tuviese en su mano los 6 TRESES NEGROS, se le
    # penaliza con 800 puntos negativos". Hand 30 (the six 3s), melds 60: 60 - 30 - 800 = -770.
    result = score(TORNEO_SET, OUT_NATURAL, {"table_points": 60, "hand_points": 30,
                                             "black_threes_in_hand": 6})
    assert result.sides[1].points_of("black_threes_all_in_hand") == -800
    assert result.sides[1].total == -770
    # Four in hand (three packs hold six): nothing.
    result = score(TORNEO_SET, OUT_NATURAL, {"table_points": 60, "hand_points": 20,
                                             "black_threes_in_hand": 4})
    assert result.sides[1].total == 40


# -- going out --------------------------------------------------------------------------------


@pytest.mark.parametrize("rs", [CLASSIC, LA, COM], ids=lambda r: r.id)
def test_going_out_100(rs: RuleSet) -> None:
    # 000/001 table/003/004: going out 100.
    going = OUT_COM if rs is COM else OUT_NATURAL
    side = side0(rs, going, EMPTY)
    assert side.points_of("going_out") == 100
    assert side.total == (500 + 300 + 100 + 85 if rs is COM else 500 + 100 + 35)


def test_classic_going_out_concealed_200_in_all() -> None:
    # 003: "Going out concealed 200"; 004: 100 + 100 more. One line of 200, no extra 100:
    # 500 + 200 + 35 = 735.
    side = side0(CLASSIC, {**OUT_NATURAL, "going_out": "concealed"}, EMPTY)
    assert lines(side) == {
        "canastas.natural": 500, "going_out.concealed": 200, "table_cards": 35, "hand_cards": 0,
    }
    assert side.total == 735


ABATIR = [
    # 000 "PREMIOS Y HONORES": abatiendo de mano sin apoyarse 1,000; de mano apoyándose 500;
    # en el curso del juego sin apoyarse 500; en el curso del juego apoyándose 200.
    ("abatir_first_turn_alone", 1000),
    ("abatir_first_turn_with_partner", 500),
    ("abatir_later_alone", 500),
    ("abatir_later_with_partner", 200),
]


@pytest.mark.parametrize(("kind", "points"), ABATIR)
def test_abatir_without_the_going_out_100_by_default(kind: str, points: int) -> None:
    # 500 (natural canasta) + abatir + 35 on the table; no "going_out" line.
    side = side0(LA, {**OUT_NATURAL, "going_out": kind}, EMPTY)
    assert lines(side) == {
        "canastas.natural": 500, f"going_out.{kind}": points, "table_cards": 35, "hand_cards": 0,
    }
    assert side.total == 500 + points + 35


@pytest.mark.parametrize(("kind", "points"), ABATIR)
def test_abatir_plus_going_out_bonus_setting(kind: str, points: int) -> None:
    house = ruleset_from_dict(
        {"going_out_kinds": [{"id": "normal"}] + [
            {"id": k, "plus_going_out_bonus": True} for k, _ in ABATIR
        ]},
        base=LA,
    )
    side = side0(house, {**OUT_NATURAL, "going_out": kind}, EMPTY)
    # 500 + 100 (premio por irse) + abatir + 35.
    assert side.points_of("going_out") == 100
    assert side.points_of(f"going_out.{kind}") == points
    assert side.total == 500 + 100 + points + 35


def test_torneo_cierre_needs_a_value() -> None:
    errs = errors(TORNEO, OUT_NATURAL, EMPTY)
    assert "sides[0].going_out" in errs
    # Set to 150: 500 + 150 + 35 = 685.
    assert side0(TORNEO_SET, OUT_NATURAL, EMPTY).total == 685


def test_torneo_clean_closing_makes_partner_hand_positive() -> None:
    # 002 "cerrar a limpio": "las cartas que tenga en la mano su compañero serán positivas sin
    # doblar su valor". Partner holds 40: 500 + cierre 150 + 35 + 40 = 725 (not 35 - 40).
    side = side0(TORNEO_SET, {**OUT_NATURAL, "going_out": "clean", "hand_points": 40}, EMPTY)
    assert lines(side) == {
        "canastas.natural": 500, "going_out": 150, "going_out.clean": 0,
        "table_cards": 35, "hand_cards": 40,
    }
    assert side.total == 725
    # The ordinary closing: the partner's 40 count against: 500 + 150 + 35 - 40 = 645.
    side = side0(TORNEO_SET, {**OUT_NATURAL, "hand_points": 40}, EMPTY)
    assert side.total == 645


def test_torneo_clean_closing_needs_the_cierre_value() -> None:
    errs = errors(TORNEO, {**OUT_NATURAL, "going_out": "clean"}, EMPTY)
    assert "sides[0].going_out" in errs


def test_opponents_hand_cards_always_count_against() -> None:
    # 000/001/002/003: cards left in the hands of both players of the other side are deducted.
    for rs in (CLASSIC, LA, COM, TORNEO_SET):
        going = OUT_COM if rs is COM else OUT_NATURAL
        # (Even when 002's closer goes out clean: only the partner's cards turn positive.)
        result = score(rs, {**going, "going_out": "clean"} if rs is TORNEO_SET else going,
                       {"table_points": 100, "hand_points": 135})
        assert result.sides[1].total == 100 - 135


# -- premios and penalties ----------------------------------------------------------------------


def test_torneo_corte_exacto_300() -> None:
    # 002: "se anotará 300 puntos por “corte exacto”". Not the closing side: 300 + 60 = 360.
    result = score(TORNEO_SET, OUT_NATURAL, {"table_points": 60,
                                             "premios": {"corte_exacto": 1}})
    assert result.sides[1].points_of("premio.corte_exacto") == 300
    assert result.sides[1].total == 360
    # Counted per occurrence: 2 x 300.
    result = score(TORNEO_SET, OUT_NATURAL, {"premios": {"corte_exacto": 2}})
    assert result.sides[1].total == 600


@pytest.mark.parametrize("premio", [
    "juego_limpio", "canastilla", "canaston", "canasta_de_moda", "canasta_doble",
    "canasta_triple",
])
def test_torneo_unvalued_premios_refused_until_set(premio: str) -> None:
    assert TORNEO.premio(premio).points is None
    errs = errors(TORNEO, {**OUT_NATURAL, "going_out": "clean"}, {"premios": {premio: 1}})
    assert f"sides[1].premios.{premio}" in errs
    result = score(TORNEO_SET, OUT_NATURAL, {"premios": {premio: 1}})
    assert result.sides[1].points_of(f"premio.{premio}") == TORNEO_VALUES[f"premios.{premio}"]


SPANISH_PENALTIES = [
    # RULES.md "Penalty list" (000 and 001), less the two the count takes from red/black 3s.
    ("pile_before_showing", 200),
    ("meld_in_partners_turn", 200),
    ("card_out_of_turn", 200),
    ("stock_out_of_turn", 100),
    ("meld_in_opponents_turn", 100),
    ("pile_out_of_turn", 100),
    ("asked_to_go_out_and_could_not", 100),
    ("two_cards_instead_of_one", 50),
    ("pile_top_without_opening", 50),
    ("taking_back_a_card", 50),
]


@pytest.mark.parametrize("rs", [LA, COM], ids=lambda r: r.id)
@pytest.mark.parametrize(("penalty", "points"), SPANISH_PENALTIES)
def test_spanish_penalties(rs: RuleSet, penalty: str, points: int) -> None:
    going = OUT_COM if rs is COM else OUT_NATURAL
    # Twice, against the side not going out, melds 60: 60 - 2 x points.
    result = score(rs, going, {"table_points": 60, "penalties": {penalty: 2}})
    assert result.sides[1].points_of(f"penalty.{penalty}") == -2 * points
    assert result.sides[1].total == 60 - 2 * points
    # The going-out side may be penalised too: its total drops by the penalty.
    clean = score(rs, going, EMPTY).sides[0].total
    assert score(rs, {**going, "penalties": {penalty: 1}}, EMPTY).sides[0].total == clean - points


def test_spanish_penalty_catalogue_is_the_list_of_rules_md() -> None:
    for rs in (LA, COM):
        assert [(p.id, p.points) for p in rs.penalties] == SPANISH_PENALTIES


def test_classic_acaba_1500() -> None:
    # 003: "Acaba" cedes the hand at a cost of 1,500. Melds 60, 20 in hand: 60 - 20 - 1,500.
    result = score(CLASSIC, OUT_NATURAL, {"table_points": 60, "hand_points": 20,
                                          "penalties": {"acaba": 1}})
    assert result.sides[1].points_of("penalty.acaba") == -1500
    assert result.sides[1].total == -1460


def test_classic_canasta_held_in_hand_costs_its_bonus_too() -> None:
    # 003: "a player holding a mixed canasta in the hope of going out concealed will attract a
    # penalty of 300 points in addition to the card count". The mixed canasta in hand is
    # 7 7 7 7 7 2 2 (5 x 5 + 2 x 20 = 65); melds on the table 90: 90 - 65 - 300 = -275.
    result = score(CLASSIC, OUT_NATURAL, {"table_points": 90, "hand_points": 65,
                                          "penalties": {"mixed_canasta_in_hand": 1}})
    assert result.sides[1].points_of("penalty.mixed_canasta_in_hand") == -300
    assert result.sides[1].total == -275
    # By the same scale, a natural canasta held in hand costs 500.
    result = score(CLASSIC, OUT_NATURAL, {"table_points": 90, "hand_points": 70,
                                          "penalties": {"natural_canasta_in_hand": 1}})
    assert result.sides[1].total == 90 - 70 - 500


def test_classic_has_no_spanish_penalties() -> None:
    errs = errors(CLASSIC, OUT_NATURAL, {"penalties": {"pile_out_of_turn": 1}})
    assert "sides[1].penalties.pile_out_of_turn" in errs


# -- the hand ends without anyone going out -----------------------------------------------------


def test_classic_stock_out() -> None:
    # 003: the hand ends when the pack is exhausted; no going-out bonus; hand cards subtract.
    # Side 0: natural canasta 500 + table 100 - hand 30 + one red 3 100 = 670.
    # Side 1: melds 60 - hand 75 = -15.
    result = score(CLASSIC, {"table_points": 100, "hand_points": 30, "red_threes": 1,
                             "canastas": {"natural": 1}},
                   {"table_points": 60, "hand_points": 75}, end="stock_out")
    assert lines(result.sides[0]) == {
        "canastas.natural": 500, "red_threes": 100, "table_cards": 100, "hand_cards": -30,
    }
    assert result.totals == (670, -15)


@pytest.mark.parametrize("rs", [LA, COM], ids=lambda r: r.id)
def test_spanish_stock_out_hand_cards_subtract(rs: RuleSet) -> None:
    result = score(rs, {"table_points": 100, "hand_points": 30}, EMPTY, end="stock_out")
    assert result.totals == (70, 0)


def test_stock_out_refuses_a_going_out_side() -> None:
    errs = errors(CLASSIC, OUT_NATURAL, EMPTY, end="stock_out")
    assert "sides[0].going_out" in errs


def test_torneo_stock_out_hand_cards_count_zero() -> None:
    # 002: "se contará positivo tanto las canastas como las cartas que estén en la mesa, las
    # cartas que tengan los jugadores en la mano no tienen ningún valor".
    # Side 0: 500 + 100 (table) + 0 (hand 30 ignored) = 600. Side 1: 60 + 0 = 60.
    result = score(TORNEO_SET, {"table_points": 100, "hand_points": 30,
                                "canastas": {"natural": 1}},
                   {"table_points": 60, "hand_points": 75}, end="stock_out")
    assert lines(result.sides[0]) == {"canastas.natural": 500, "table_cards": 100,
                                      "hand_cards": 0}
    assert result.totals == (600, 60)


def test_torneo_time_up_counts_only_canastas_red_threes_and_premios() -> None:
    # 002: "sólo se contarán las canastas y los premios obtenidos sin añadir ni la puntuación de
    # la mesa, ni de las cartas que compongan la canasta ni se restarán las cartas de la mano".
    # Side 0: natural 500 + mixed 300 + two red 3s 200 + corte exacto 300 = 1,300 (table 250
    # and hand 40 ignored). Side 1: melds 60 but no canasta, one red 3: -100.
    result = score(TORNEO_SET,
                   {"table_points": 250, "hand_points": 40, "canastas": {"natural": 1, "mixed": 1},
                    "red_threes": 2, "premios": {"corte_exacto": 1}},
                   {"table_points": 60, "hand_points": 15, "red_threes": 1}, end="time_up")
    assert lines(result.sides[0]) == {
        "canastas.natural": 500, "canastas.mixed": 300, "red_threes": 200,
        "premio.corte_exacto": 300, "table_cards": 0, "hand_cards": 0,
    }
    assert result.totals == (1300, -100)


def test_torneo_time_up_ignores_black_threes_in_hand() -> None:
    # 002 at time: "ni se restarán las cartas de la mano"; its -800 for all six black 3s in hand
    # is also tied to a close ("si un jugador cierra el juego y ..."). Side 0 holds all six
    # (hand 30) with a natural canasta: only the canasta counts, 500.
    result = score(TORNEO_SET, {"table_points": 60, "hand_points": 30, "black_threes_in_hand": 6,
                                "canastas": {"natural": 1}}, EMPTY, end="time_up")
    assert lines(result.sides[0]) == {"canastas.natural": 500, "table_cards": 0, "hand_cards": 0}
    assert result.totals == (500, 0)


def test_torneo_time_up_needs_no_table_points() -> None:
    # At time the table is not counted (002), so the scorekeeper need not type it: two
    # canastas with the table left at 0 are a valid hand worth natural 500 + mixed 300.
    result = score(TORNEO_SET, {"canastas": {"natural": 1, "mixed": 1}}, EMPTY, end="time_up")
    assert result.totals == (800, 0)
    # The same canastas when the stock runs out still need their cards on the table.
    errs = errors(TORNEO_SET, {"canastas": {"natural": 1, "mixed": 1}}, EMPTY, end="stock_out")
    assert "sides[0].table_points" in errs


def test_house_clock_ignores_threes_in_hand_at_time() -> None:
    # A comodines table playing on a clock: at time neither red 3s kept in hand (-500 each) nor
    # black 3s left in hand (-100 each, -500 for all four) count. Side 0: natural 500 + mixed
    # 300 + one red 3 100 = 900.
    house = ruleset_from_dict({"time_limit_minutes": 45}, base=COM)
    result = score(house, {"table_points": 85, "hand_points": 20, "black_threes_in_hand": 4,
                           "red_threes": 1, "red_threes_in_hand": 1,
                           "canastas": {"natural": 1, "mixed": 1}}, EMPTY, end="time_up")
    assert result.totals == (900, 0)
    # The same hand when the stock runs out: 900 + 85 - 20 - 500 - 4 x 95 - 500 = -415 (each
    # black 3 costs 100 in all: its 5 among the 20 in hand, 95 beyond).
    result = score(house, {"table_points": 85, "hand_points": 20, "black_threes_in_hand": 4,
                           "red_threes": 1, "red_threes_in_hand": 1,
                           "canastas": {"natural": 1, "mixed": 1}}, EMPTY, end="stock_out")
    assert result.totals == (-415, 0)


@pytest.mark.parametrize("rs", [CLASSIC, LA, COM], ids=lambda r: r.id)
def test_time_up_refused_without_a_clock(rs: RuleSet) -> None:
    errs = errors(rs, {"table_points": 60}, EMPTY, end="time_up")
    assert "end" in errs


def test_torneo_time_up_refuses_a_going_out_side() -> None:
    errs = errors(TORNEO_SET, OUT_NATURAL, EMPTY, end="time_up")
    assert "sides[0].going_out" in errs


# -- formats ----------------------------------------------------------------------------------


def test_classic_two_player_game() -> None:
    # 003: "Each player receives 15 cards and must get two canastas before going out".
    # Two natural canastas 1,000 + going out 100 + 70 = 1,170.
    side = side0(CLASSIC, {"table_points": 70, "canastas": {"natural": 2},
                           "going_out": "normal"}, EMPTY, players=2)
    assert side.total == 1170


@pytest.mark.parametrize(("players", "fmt", "sides", "packs"), [
    (2, None, 2, 2), (3, None, 3, 2), (4, None, 2, 2), (6, "6-teams", 2, 2),
    (6, "6-pairs", 3, 3),
])
def test_comodines_formats(players: int, fmt: str | None, sides: int, packs: int) -> None:
    # 001: 2 (15 cards), 3 (13, each for himself), pairs (11), two teams of three (11) or three
    # pairs (13, a third pack).
    rest = [EMPTY] * (sides - 1)
    result = score(COM, OUT_COM, *rest, players=players, fmt=fmt)
    assert result.format.sides == sides
    assert result.format.packs == packs
    assert result.totals[0] == 500 + 300 + 100 + 85


def test_comodines_six_pairs_three_packs_allow_six_red_threes() -> None:
    result = score(COM, {**OUT_COM, "red_threes": 3}, {"red_threes": 2}, {"red_threes": 1},
                   players=6, fmt="6-pairs")
    assert result.sides[0].points_of("red_threes") == 300


# -- 001: a clean canasta plus a wild-card canasta (audit) ------------------------------------

#: A natural canasta of seven 4s-7s (35) and a wild-card canasta of seven 2s (140): 175.
CLEAN_AND_WILD = {"table_points": 175, "canastas": {"natural": 1, "wild": 1},
                  "going_out": "normal"}


def test_comodines_clean_and_wild_canasta_refused_by_default() -> None:
    # 001: "Para cerrar cada mano es necesario tener por lo menos una canasta limpia y otra
    # sucia"; the wild-card canasta: "no se puede terminar el juego sin tener terminada otra
    # canasta". The text does not clearly let the wild-card one be the "sucia": refused.
    assert "sides[0].going_out" in errors(COM, CLEAN_AND_WILD, EMPTY)


def test_comodines_wild_canasta_as_the_mixed_one_is_a_setting() -> None:
    # The other reading: the all-wild canasta is "sucia". Natural 500 + wild 2,000 + going out
    # 100 + table 175 = 2,775.
    house = ruleset_from_dict({"going_out_requirement": {"wild_as_mixed": True}}, base=COM)
    side = side0(house, CLEAN_AND_WILD, EMPTY)
    assert side.total == 500 + 2000 + 100 + 175 == 2775
    # Still not a wild-card canasta alone, nor without the natural one.
    assert "sides[0].going_out" in errors(
        house, {"table_points": 140, "canastas": {"wild": 1}, "going_out": "normal"}, EMPTY)
    assert "sides[0].going_out" in errors(
        house, {"table_points": 190, "canastas": {"mixed": 1, "wild": 1},
                "going_out": "normal"}, EMPTY)


def test_six_players_are_two_teams_or_three_pairs_by_their_sides() -> None:
    # 001: six play "como dos equipos de tres" or as three pairs with a third pack.
    assert COM.find_format(6).id == "6-teams"
    assert COM.find_format(6, sides=2).id == "6-teams"
    assert COM.find_format(6, sides=3).id == "6-pairs"
    assert COM.find_format("6", sides=3).id == "6-pairs"
    assert COM.find_format(6, "6-teams", sides=3).id == "6-teams"  # a format id decides
    assert CLASSIC.find_format(4, sides=3).id == "4"  # the sides alone do not refuse
    three = score_hand(COM, entry_from_dict({"players": 6, "end": "stock_out",
                                             "sides": [{"table_points": 50}, {}, {}]}))
    assert three.format.id == "6-pairs" and three.totals == (50, 0, 0)
