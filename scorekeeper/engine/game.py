"""The course of a game: running totals, the opening minimum, and when a game is won."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .rule_types import TieRule
from .rulesets import RuleSet


@dataclass(frozen=True)
class Outcome:
    """Where a game stands after its latest hand."""

    finished: bool
    #: The index of the winning side; ``None`` while playing or when drawn.
    winner: int | None = None
    drawn: bool = False


@dataclass(frozen=True)
class Standing:
    """Who leads and by how much, and what each side still needs to reach the target."""

    #: The side ahead of every other; ``None`` when two or more share the top.
    leader: int | None
    #: The leader's margin over the next side (0 when the top is shared).
    lead: int
    #: Per side, the target minus its total, never below 0.
    to_target: tuple[int, ...]


def standing(totals: Sequence[int], target: int) -> Standing:
    """The lead and each side's distance to ``target`` for these running totals."""
    if not totals:
        return Standing(leader=None, lead=0, to_target=())
    ranked = sorted(totals, reverse=True)
    margin = ranked[0] - ranked[1] if len(ranked) > 1 else 0
    leader = totals.index(ranked[0]) if margin > 0 else None
    return Standing(leader=leader, lead=margin,
                    to_target=tuple(max(0, target - t) for t in totals))


def opening_minimum(ruleset: RuleSet, running_total: int) -> int:
    """The first-meld minimum a side with ``running_total`` points needs (RULES.md, "salida")."""
    return ruleset.opening_minimum(running_total)


def running_totals(hand_totals: Sequence[Sequence[int]], sides: int) -> list[list[int]]:
    """Each side's running total after each hand, from the hands' totals."""
    running = [0] * sides
    out: list[list[int]] = []
    for totals in hand_totals:
        running = [running[i] + totals[i] for i in range(sides)]
        out.append(list(running))
    return out


def decide(
    ruleset: RuleSet, totals: Sequence[int], *, target: int | None = None, time_up: bool = False
) -> Outcome:
    """Whether a game with these running totals is over, and who won.

    A game ends once a side reaches ``target`` (the rule set's by default) or, on a clock, when
    time is up. The highest total wins. Sides level at the top follow the tie rule: play on
    (004: "if both are tied above 5,000 play continues") or, on a clock or under
    :attr:`TieRule.DRAW`, a draw.
    """
    if not totals:
        return Outcome(finished=False)
    goal = ruleset.target if target is None else target
    best = max(totals)
    if best < goal and not time_up:
        return Outcome(finished=False)
    leaders = [i for i, t in enumerate(totals) if t == best]
    if len(leaders) == 1:
        return Outcome(finished=True, winner=leaders[0])
    if time_up or ruleset.tie_rule is TieRule.DRAW:
        return Outcome(finished=True, drawn=True)
    return Outcome(finished=False)
