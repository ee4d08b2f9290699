"""What a count gives: each side's itemised lines and its total, for every side of a hand.

Apart from the count (:mod:`.lines`) so that a hand input's declaration
(:mod:`.hand_inputs`) can give its own lines.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .rule_types import PlayerFormat


@dataclass(frozen=True)
class Line:
    """One itemised line of a side's count. ``label`` is a translatable template (the engine's
    own); the rule set's names travel in ``params``."""

    id: str
    label: str
    points: int
    params: Mapping[str, object] = field(default_factory=dict)

    @property
    def text(self) -> str:
        """The label in English with its parameters filled in."""
        return self.label % self.params if self.params else self.label


@dataclass(frozen=True)
class SideResult:
    """A side's itemised count for one hand."""

    lines: tuple[Line, ...]

    @property
    def total(self) -> int:
        """The side's points for the hand: always the sum of its lines."""
        return sum(line.points for line in self.lines)

    def points_of(self, line_id: str) -> int:
        """The points of the line called ``line_id``, 0 if there is none."""
        return sum(line.points for line in self.lines if line.id == line_id)


@dataclass(frozen=True)
class HandResult:
    """The count of a hand for every side."""

    sides: tuple[SideResult, ...]
    format: PlayerFormat

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's total, in side order."""
        return tuple(side.total for side in self.sides)
