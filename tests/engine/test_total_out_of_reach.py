"""A hand counted at the table, its scores typed (the totals lane): a score out of the rule
set's reach is told its reach, even when it is not in fives (QA, 2026-12-05: "99999999" was
told "multiples of 5" first, then, mended to 99999995, that it was too large)."""

from __future__ import annotations

import pytest

from scorekeeper.engine import EntryErrors, find_ruleset
from scorekeeper.engine.scoring import count_hand


def refusals(total: str, ruleset: str = "classic") -> list[str]:
    with pytest.raises(EntryErrors) as refused:
        count_hand(find_ruleset(ruleset), {"end": "stock_out", "sides": [
            {"hand_total": total}, {"hand_total": "100"}]})
    return [e.message for e in refused.value.errors
            if e.field == "sides[0].hand_total"]


@pytest.mark.parametrize("typed", ["99999999", "99999995", "-99999999"])
@pytest.mark.parametrize("ruleset", ["classic", "burraco"])
def test_a_score_out_of_reach_is_told_its_reach(typed: str, ruleset: str) -> None:
    (message,) = refusals(typed, ruleset)
    assert message.startswith("One side scores from -"), message


def test_a_score_within_reach_not_in_fives_is_told_its_fives() -> None:
    assert refusals("97") == ["Points always come in multiples of 5."]
