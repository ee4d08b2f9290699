"""The rules and the count of Canasta, in pure Python (no Flask, no database).

Rule sets are data (:mod:`.rulesets`, with :func:`find_ruleset`); an entry per side
(:mod:`.hand`) goes through :func:`score_hand` into an itemised :class:`HandResult`; and
:mod:`.flow` says what a side needs to open and when a game is won.
"""

from . import flow
from .cards import CardCounts, CardGroup, CardValues
from .checks import CHOOSE_WHO_WENT_OUT
from .errors import N_, EntryErrors, FieldError, UnknownRuleSet
from .game import Outcome, Standing, decide, opening_minimum, running_totals, standing
from .hand import (
    TYPE_THE_TOTAL,
    CanastaCounts,
    HandEntry,
    ShapeError,
    SideEntry,
    entry_from_dict,
    entry_to_dict,
    read_entry,
    side_from_dict,
)
from .lines import NAMED_LINE
from .presets import PRESET_LABELS, PRESETS, find_ruleset
from .results import HandResult, Line, SideResult
from .rule_types import (
    CanastaKind,
    GoingOutKind,
    HandEnd,
    OpeningCondition,
    OpeningMinimums,
    Penalty,
    PlayerFormat,
    Premio,
    TieRule,
    UnfinishedPenalty,
)
from .ruleset_data import ruleset_from_dict, ruleset_to_dict, with_values
from .rulesets import RuleSet, vary
from .scoring import count_hand, score_hand

__all__ = [
    "CHOOSE_WHO_WENT_OUT", "N_", "NAMED_LINE",
    "PRESET_LABELS", "PRESETS", "CanastaCounts", "CanastaKind", "CardCounts",
    "CardGroup", "CardValues",
    "EntryErrors", "FieldError", "GoingOutKind", "HandEnd", "HandEntry", "HandResult", "Line",
    "OpeningCondition", "OpeningMinimums", "Outcome", "Penalty", "PlayerFormat", "Premio",
    "RuleSet", "ShapeError", "TYPE_THE_TOTAL",
    "SideEntry", "SideResult", "Standing", "TieRule", "UnfinishedPenalty", "UnknownRuleSet",
    "decide", "entry_from_dict", "flow",
    "entry_to_dict", "find_ruleset", "opening_minimum", "ruleset_from_dict", "ruleset_to_dict",
    "running_totals", "score_hand", "standing", "count_hand", "read_entry", "side_from_dict",
    "vary", "with_values",
]
