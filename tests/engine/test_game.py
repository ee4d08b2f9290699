"""When a game is won (RULES.md: 000, 001, 003, 004 to 5,000; 002 to 15,000 or at time)."""

from __future__ import annotations

import pytest

from scorekeeper.engine import (
    PRESETS,
    Outcome,
    RuleSet,
    TieRule,
    decide,
    ruleset_from_dict,
    running_totals,
)

CLASSIC = PRESETS["classic"]
TORNEO = PRESETS["torneo"]
FIVE_THOUSAND = [PRESETS[k] for k in ("classic", "la-canasta", "comodines")]

PLAYING = Outcome(finished=False)


def won(side: int) -> Outcome:
    return Outcome(finished=True, winner=side)


@pytest.mark.parametrize("rs", FIVE_THOUSAND, ids=lambda r: r.id)
def test_targets(rs: RuleSet) -> None:
    assert rs.target == 5000
    assert rs.tie_rule is TieRule.PLAY_ON
    assert TORNEO.target == 15000
    assert TORNEO.tie_rule is TieRule.DRAW


@pytest.mark.parametrize("rs", FIVE_THOUSAND, ids=lambda r: r.id)
@pytest.mark.parametrize(("totals", "outcome"), [
    ((0, 0), PLAYING),
    ((4995, 4995), PLAYING),
    ((4995, -300), PLAYING),
    # One side reaches 5,000 ("reaches or passes", 003).
    ((5000, 4995), won(0)),
    ((3200, 5010), won(1)),
    ((7000, -2000), won(0)),
    # 001: "En caso de que más de un jugador supere los 5.000 puntos, ganará aquel que tenga la
    # puntuación más alta".
    ((5100, 5600), won(1)),
    ((6000, 5005), won(0)),
    # 004: "si los dos equipos están empatados por encima de 5000, el juego continúa".
    ((5000, 5000), PLAYING),
    ((5500, 5500), PLAYING),
    # Three sides (001: three players, or three pairs).
    ((5200, 5200, 5100), PLAYING),
    ((5200, 5300, 5300), PLAYING),
    ((5200, 5300, 100), won(1)),
    ((4000, 4995, 5000), won(2)),
])
def test_decide_to_5000(rs: RuleSet, totals: tuple[int, ...], outcome: Outcome) -> None:
    assert decide(rs, totals) == outcome


def test_decide_no_totals() -> None:
    assert decide(CLASSIC, []) == PLAYING


@pytest.mark.parametrize(("totals", "outcome"), [
    ((14995, 9000), PLAYING),
    ((15000, 9000), won(0)),
    ((15500, 16000), won(1)),
    # Level at or above the target under TieRule.DRAW: a draw.
    ((15000, 15000), Outcome(finished=True, drawn=True)),
])
def test_decide_torneo(totals: tuple[int, int], outcome: Outcome) -> None:
    assert decide(TORNEO, totals) == outcome


@pytest.mark.parametrize(("totals", "outcome"), [
    # 002: "a 15.000 puntos o a los puntos que se alcancen cumplido el tiempo".
    ((3000, 2500), won(0)),
    ((-200, 100), won(1)),
    ((2500, 2500), Outcome(finished=True, drawn=True)),
    ((0, 0), Outcome(finished=True, drawn=True)),
])
def test_decide_torneo_time_up(totals: tuple[int, int], outcome: Outcome) -> None:
    assert decide(TORNEO, totals, time_up=True) == outcome


def test_time_up_level_is_a_draw_even_under_play_on() -> None:
    assert decide(CLASSIC, (1200, 1200), time_up=True) == Outcome(finished=True, drawn=True)
    assert decide(CLASSIC, (1200, 1250), time_up=True) == won(1)


def test_draw_rule_as_house_rule() -> None:
    house = ruleset_from_dict({"tie_rule": "draw"}, base=CLASSIC)
    assert decide(house, (5000, 5000)) == Outcome(finished=True, drawn=True)
    assert decide(house, (4000, 4000)) == PLAYING


@pytest.mark.parametrize(("totals", "outcome"), [
    ((2995, 1000), PLAYING),
    ((3000, 1000), won(0)),
    ((3000, 3000), PLAYING),
    ((3100, 3050), won(0)),
])
def test_custom_target_argument(totals: tuple[int, int], outcome: Outcome) -> None:
    assert decide(CLASSIC, totals, target=3000) == outcome


def test_custom_target_house_rule() -> None:
    house = ruleset_from_dict({"target": 2500}, base=CLASSIC)
    assert decide(house, (2500, 0)) == won(0)
    assert decide(house, (2495, 0)) == PLAYING
    # The argument wins over the rule set's target.
    assert decide(house, (2500, 0), target=10000) == PLAYING


def test_running_totals() -> None:
    # 003's worked hand first (1,035 / 535), then two more hands.
    hands = [(1035, 535), (-120, 890), (2000, 0)]
    assert running_totals(hands, 2) == [[1035, 535], [915, 1425], [2915, 1425]]
    assert running_totals([], 2) == []
    assert running_totals([(5, 10, -15), (0, 0, 20)], 3) == [[5, 10, -15], [5, 10, 5]]


def test_running_totals_into_decide() -> None:
    hands = [(2000, 1500), (1500, 1500), (1500, 2100)]
    running = running_totals(hands, 2)
    # 2,000/1,500; 3,500/3,000; 5,000/5,100: both past 5,000, the higher total wins (001).
    assert running == [[2000, 1500], [3500, 3000], [5000, 5100]]
    assert [decide(CLASSIC, totals) for totals in running] == [PLAYING, PLAYING, won(1)]
