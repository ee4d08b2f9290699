"""Counting a hand that is not stored: the one-hand calculator and ``POST /api/v1/score``."""

from __future__ import annotations

from ..engine import (
    HandEntry,
    HandResult,
    RuleSet,
    find_ruleset,
)
from ..engine import count_hand as engine_count_hand


def resolve_ruleset(ruleset_id: object) -> RuleSet:
    """The rule set called ``ruleset_id``: a preset, or a table's house rules when stored.

    Raises :class:`~scorekeeper.engine.UnknownRuleSet` (field ``ruleset``).
    """
    if isinstance(ruleset_id, str):
        from . import house_rules  # the stored house rules, when the database has them

        found = house_rules.find(ruleset_id)
        if found is not None:
            return found
    return find_ruleset(str(ruleset_id)[:60] if ruleset_id is not None else "")


def count_hand(ruleset: RuleSet, body: object) -> tuple[HandEntry, HandResult]:
    """Read a hand from plain data (a decoded JSON body, or a form read into one) and count
    it under ``ruleset``.

    Raises :class:`~scorekeeper.engine.ShapeError` or :class:`EntryErrors`.
    """
    return engine_count_hand(ruleset, body)
