"""The first-meld minimum ("salida") by running total (RULES.md table; 000, 001, 003, 004)."""

from __future__ import annotations

import pytest

from scorekeeper.engine import (
    PRESETS,
    OpeningMinimums,
    RuleSet,
    flow,
    opening_minimum,
    ruleset_from_dict,
)

#: The presets of RULES.md's five texts (the family's own tables: test_variants.py).
ALL = [rs for rs in PRESETS.values() if set(rs.sources) <= {"000", "001", "002", "003", "004"}]

BOUNDARIES = [
    # RULES.md: negative 15 (000, 001, 004; 003 "none", 15 by default); 0 to 1,495: 50;
    # 1,500 to 2,995: 90; 3,000 and over: 120. Scores move in steps of 5.
    (-100_000, 15),
    (-5, 15),
    (0, 50),
    (5, 50),
    (1495, 50),
    (1500, 90),
    (2995, 90),
    (3000, 120),
    (3005, 120),
    (100_000, 120),
]


@pytest.mark.parametrize("rs", ALL, ids=lambda r: r.id)
@pytest.mark.parametrize(("total", "minimum"), BOUNDARIES)
def test_boundaries(rs: RuleSet, total: int, minimum: int) -> None:
    assert opening_minimum(rs, total) == minimum
    assert flow.opening(rs, total=total).minimum == minimum
    assert rs.opening_minimums.for_score(total) == minimum


@pytest.mark.parametrize(("total", "minimum"), [
    # 004's examples: "1100 puntos ... necesitas combinar 50"; "1500 ... 90"; "1800 ... 90";
    # "3000 ... 120".
    (1100, 50),
    (1500, 90),
    (1800, 90),
    (3000, 120),
])
def test_004_examples(total: int, minimum: int) -> None:
    assert opening_minimum(PRESETS["classic"], total) == minimum


def test_003_worked_hand_both_sides_need_90() -> None:
    # 003: "Both sides require 90 points to open."
    assert {opening_minimum(PRESETS["classic"], t) for t in (1500, 2000, 2995)} == {90}


@pytest.mark.parametrize("rs", ALL, ids=lambda r: r.id)
def test_rows(rs: RuleSet) -> None:
    assert rs.opening_minimums.rows() == [
        (None, -5, 15),
        (0, 1495, 50),
        (1500, 2995, 90),
        (3000, None, 120),
    ]


@pytest.mark.parametrize("rs", ALL, ids=lambda r: r.id)
@pytest.mark.parametrize(("total", "index"), [
    (-5, 0), (-1000, 0), (0, 1), (1495, 1), (1500, 2), (2995, 2), (3000, 3), (99_999, 3),
])
def test_band_index(rs: RuleSet, total: int, index: int) -> None:
    om = rs.opening_minimums
    assert om.band_index(total) == index
    # The row the index names holds the total and gives the same minimum.
    low, high, minimum = om.rows()[index]
    assert (low is None or low <= total) and (high is None or total <= high)
    assert minimum == om.for_score(total)


def test_house_rule_bands() -> None:
    # 003 prints "Negative: None": a table may set 0; and its own bands.
    house = ruleset_from_dict(
        {"opening_minimums": {"negative": 0, "bands": [
            {"from": 0, "minimum": 50}, {"from": 2000, "minimum": 100},
        ]}},
        base=PRESETS["classic"],
    )
    om = house.opening_minimums
    assert [om.for_score(t) for t in (-5, 0, 1995, 2000, 5000)] == [0, 50, 50, 100, 100]
    assert om.rows() == [(None, -5, 0), (0, 1995, 50), (2000, None, 100)]
    assert [om.band_index(t) for t in (-5, 0, 1995, 2000)] == [0, 1, 1, 2]


def test_default_opening_minimums() -> None:
    assert OpeningMinimums().rows() == PRESETS["classic"].opening_minimums.rows()
