"""What the preset tests of tests/engine share: an empty side, a rule set's value by dotted
path, the rows of VARIANTS*.md as parametrised cases, a hand counted (each side's lines checked
against its total) and a hand's refusals by field."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

from scorekeeper.engine import (
    EntryErrors,
    HandResult,
    RuleSet,
    SideResult,
    count_hand,
    ruleset_to_dict,
)

#: A side that did nothing: no canasta, nothing on the table or in hand.
EMPTY: dict[str, Any] = {}


def value_at(rs: RuleSet, path: str) -> Any:
    """A value of ``ruleset_to_dict(rs)`` by dotted path."""
    node: Any = ruleset_to_dict(rs)
    for part in path.split("."):
        node = node[part]
    return node


def each_value(values: list[tuple[str, Any]]) -> pytest.MarkDecorator:
    """Parametrises a test by ``(path, value)`` rows, each named by its path."""
    return pytest.mark.parametrize(("path", "value"), values, ids=[p for p, _ in values])


def count(*sides: dict[str, Any], rs: RuleSet, end: str = "went_out",
          players: int = 4) -> HandResult:
    """A hand counted under ``rs``; every side's total is the sum of its lines."""
    _, result = count_hand(rs, {"players": players, "end": end, "sides": list(sides)})
    for side in result.sides:
        assert side.total == sum(line.points for line in side.lines)
    return result


def errors(*sides: dict[str, Any], rs: RuleSet, end: str = "went_out",
           players: int = 4) -> dict[str, str]:
    """The messages, by field, with which ``rs`` refuses a hand."""
    with pytest.raises(EntryErrors) as info:
        count_hand(rs, {"players": players, "end": end, "sides": list(sides)})
    return {e.field: e.message for e in info.value.errors}


def lines(side: SideResult) -> dict[str, int]:
    """A side's points by line id."""
    return {line.id: line.points for line in side.lines}


def counting(rs: RuleSet) -> tuple[Callable[..., HandResult], Callable[..., dict[str, str]]]:
    """:func:`count` and :func:`errors` under ``rs`` (under another rule set with ``rs=``)."""
    return partial(count, rs=rs), partial(errors, rs=rs)
