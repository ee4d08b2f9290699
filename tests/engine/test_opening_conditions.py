"""Opening minimums with conditions as data: tiers as many as a variant has, each a number and/or
a condition (VARIANTS.md 9, gap 8: "Brazilian 7000+ opening requirements are conditions, not
numbers").

VARIANTS.md 4, Brazilian [BIC-BR]; [RG-BR]: "negative 15; 0-1495 50; 1500-2995 90; 3000-6995 120;
7000-7995: the opening must be a canasta; 8000-8995: a canasta worth at least 200 (rummy-games:
a canasta and melds totalling 200+); 9000+: a natural canasta". A tier that asks only its
condition has 0 points; 8,000's asks both. The test table is made with ``vary`` (the preset
itself is tested in test_variants.py).
"""

from __future__ import annotations

import pytest

from scorekeeper.engine import (
    EntryErrors,
    OpeningCondition,
    OpeningMinimums,
    find_ruleset,
    flow,
    ruleset_from_dict,
    ruleset_to_dict,
)
from scorekeeper.engine.rule_types import OpeningBand, OpeningTier
from scorekeeper.engine.rulesets import vary

CANASTA, NATURAL = OpeningCondition.CANASTA, OpeningCondition.NATURAL_CANASTA

TIERS = OpeningMinimums(negative=15, bands=(
    OpeningBand(0, 50), OpeningBand(1500, 90), OpeningBand(3000, 120),
    OpeningBand(7000, 0, CANASTA), OpeningBand(8000, 200, CANASTA), OpeningBand(9000, 0, NATURAL)))
RS = vary(find_ruleset("samba"), id="tiers", opening_minimums=TIERS)


@pytest.mark.parametrize(("total", "minimum", "condition"), [
    (-5, 15, None), (0, 50, None), (1495, 50, None), (1500, 90, None), (2995, 90, None),
    (3000, 120, None), (6995, 120, None),
    (7000, 0, CANASTA), (7995, 0, CANASTA),
    (8000, 200, CANASTA), (8995, 200, CANASTA),
    (9000, 0, NATURAL), (9995, 0, NATURAL), (100_000, 0, NATURAL),
])
def test_every_tier_boundary(total: int, minimum: int, condition: OpeningCondition | None
                             ) -> None:
    assert flow.opening(RS, total=total).minimum == minimum
    assert flow.opening(RS, total=total).condition is condition


def test_the_table_lists_each_tier_with_its_condition() -> None:
    assert TIERS.tiers() == [
        OpeningTier(None, -5, 15), OpeningTier(0, 1495, 50), OpeningTier(1500, 2995, 90),
        OpeningTier(3000, 6995, 120), OpeningTier(7000, 7995, 0, CANASTA),
        OpeningTier(8000, 8995, 200, CANASTA), OpeningTier(9000, None, 0, NATURAL)]
    # The plain rows are as before (the points alone).
    assert [(t.low, t.high, t.minimum) for t in TIERS.tiers()] == TIERS.rows()
    assert OpeningMinimums().tiers()[-1] == OpeningTier(3000, None, 120)
    assert flow.opening(find_ruleset("classic"), total=10_000).condition is None


def test_the_dict_form_writes_and_reads_conditions() -> None:
    bands = ruleset_to_dict(RS)["opening_minimums"]["bands"]
    assert bands[3:] == [{"from": 7000, "minimum": 0, "condition": "canasta"},
                         {"from": 8000, "minimum": 200, "condition": "canasta"},
                         {"from": 9000, "minimum": 0, "condition": "natural_canasta"}]
    assert bands[0] == {"from": 0, "minimum": 50}  # no condition: the shape stored rules had
    back = ruleset_from_dict(ruleset_to_dict(RS), base=find_ruleset("samba"))
    assert back.opening_minimums == TIERS
    # A house rule may add a condition to any row, or take it away.
    plain = ruleset_from_dict({"opening_minimums": {"negative": 15, "bands": [
        {"from": 0, "minimum": 50}, {"from": 5000, "minimum": 150, "condition": None}]}}, base=RS)
    need = flow.opening(plain, total=6000)
    assert need.condition is None and need.minimum == 150


def test_an_unknown_condition_is_refused_on_its_field() -> None:
    with pytest.raises(EntryErrors) as info:
        ruleset_from_dict({"opening_minimums": {"negative": 15, "bands": [
            {"from": 0, "minimum": 50}, {"from": 7000, "minimum": 0, "condition": "pairs"}]}},
            base=RS)
    assert {e.field: e.message for e in info.value.errors} == {
        "opening_minimums.bands[1].condition": "Must be one of: canasta, natural_canasta."}
