"""The course of a game: running totals, the opening minimum, and when a game is won."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .flow import Outcome, decide, opening
from .rulesets import RuleSet

__all__ = ["Outcome", "Standing", "decide", "opening_minimum", "running_totals", "standing"]


@dataclass(frozen=True)
class Standing:
    """Who leads and by how much, and what each side still needs to reach the target."""

    #: The side ahead of every other; ``None`` when two or more share the top.
    leader: int | None
    #: The leader's margin over the next side (0 when the top is shared).
    lead: int
    #: Per side, the target minus its total, never below 0.
    to_target: tuple[int, ...]


def standing(totals: Sequence[int], target: int | None) -> Standing:
    """The lead and each side's distance to ``target`` for these running totals; a game with no
    target (Hand and Foot's four rounds) has no distance to it: 0 for every side (a side below 0
    was told it "needs 40 to win")."""
    if not totals:
        return Standing(leader=None, lead=0, to_target=())
    ranked = sorted(totals, reverse=True)
    margin = ranked[0] - ranked[1] if len(ranked) > 1 else 0
    leader = totals.index(ranked[0]) if margin > 0 else None
    return Standing(leader=leader, lead=margin,
                    to_target=tuple(0 if target is None else max(0, target - t)
                                    for t in totals))


def opening_minimum(ruleset: RuleSet, running_total: int, round_: int = 1) -> int:
    """The first-meld minimum a side with ``running_total`` points needs in round ``round_``
    (RULES.md, "salida"; by round where the rule set says so: :func:`.flow.opening`)."""
    return opening(ruleset, total=running_total, round_=round_).minimum


def running_totals(hand_totals: Sequence[Sequence[int]], sides: int,
                   start: Sequence[int] | None = None) -> list[list[int]]:
    """Each side's running total after each hand, from the hands' totals and what each side
    had before the first (``start``: totals carried from paper; none is 0)."""
    running = [int(t) for t in start] if start is not None else [0] * sides
    out: list[list[int]] = []
    for totals in hand_totals:
        running = [running[i] + totals[i] for i in range(sides)]
        out.append(list(running))
    return out
