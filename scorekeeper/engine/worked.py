"""A side's entry with the points it implies worked out once, before the checks and the count
read it; and what a side's canastas do towards going out, which both need.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CardCounts
from .errors import N_, FieldError
from .hand import HandEntry, SideEntry
from .rule_types import CANASTA_KINDS, Holds, PlayerFormat
from .rulesets import RuleSet


@dataclass(frozen=True)
class WorkedSide:
    """A side's entry with the points it implies worked out once."""

    entry: SideEntry
    table_points: int
    hand_points: int
    black_threes_shown: int

    @property
    def has_melded(self) -> bool:
        # The smallest meld is worth 15 (three 4s to 7s, or three black 3s), so a side with no
        # table points laid nothing down.
        return self.table_points > 0 or self.entry.canastas.total > 0


def _points_from(
    typed: int, cards: CardCounts | None, ruleset: RuleSet, path: str, errors: list[FieldError]
) -> int:
    if cards is None:
        return typed
    counted = cards.points(ruleset.card_values)
    if typed and typed != counted:
        errors.append(FieldError(
            path, N_("You typed %(typed)d but the cards counted make %(counted)d."),
            typed=typed, counted=counted,
        ))
    return counted


def work_out(
    ruleset: RuleSet, fmt: PlayerFormat, entry: HandEntry, i: int, errors: list[FieldError]
) -> WorkedSide:
    side = entry.sides[i]
    p = f"sides[{i}]"
    table_points = _points_from(side.table_points, side.table_cards, ruleset,
                                f"{p}.table_points", errors)
    hand_points = _points_from(side.hand_points, side.hand_cards, ruleset,
                               f"{p}.hand_points", errors)
    shown = side.black_threes_shown
    if side.table_cards is not None and side.table_cards.black_threes:
        if shown and shown != side.table_cards.black_threes:
            errors.append(FieldError(
                f"{p}.black_threes_shown",
                N_("The cards counted on the table hold %(count)d black 3s."),
                count=side.table_cards.black_threes,
            ))
        shown = side.table_cards.black_threes
    elif side.table_cards is not None and shown:
        # The reverse of the above: the counted table holds no black 3 at all, so the 3s "shown"
        # would earn their bonus without their card points on the table.
        errors.append(FieldError(
            f"{p}.black_threes_shown",
            N_("The cards counted on the table hold %(count)d black 3s."), count=0,
        ))
    if (
        side.hand_cards is not None
        and side.black_threes_in_hand is not None
        and side.black_threes_in_hand != side.hand_cards.black_threes
    ):
        errors.append(FieldError(
            f"{p}.black_threes_in_hand",
            N_("The cards counted in hand hold %(count)d black 3s."),
            count=side.hand_cards.black_threes,
        ))
    return WorkedSide(side, table_points, hand_points, shown)


def needed_to_go_out(ruleset: RuleSet, fmt: PlayerFormat) -> int:
    """How many canastas of any kind going out needs (003: two with two players)."""
    if fmt.canastas_to_go_out is not None:
        return fmt.canastas_to_go_out
    return ruleset.going_out_requirement.canastas


def wild_canastas(ruleset: RuleSet, e: SideEntry) -> int:
    return sum(e.canastas.of(k) for k in CANASTA_KINDS
               if ruleset.canasta_kind(k).holds is Holds.WILD)


def towards_going_out(ruleset: RuleSet, e: SideEntry) -> int:
    """The side's canastas that count towards going out (001: not a wild-card one)."""
    req = ruleset.going_out_requirement
    if req.wild_counts or req.wild_as_mixed:
        return e.canastas.total
    return e.canastas.total - wild_canastas(ruleset, e)
