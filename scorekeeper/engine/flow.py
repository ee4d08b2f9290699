"""The course of a game as its rule set declares it: what a side needs for its first meld, and
when the game is over and who won.

Every place that shows an opening minimum or decides a game's end reads it here, so a rule set
changes how a game runs by its declarations alone (:attr:`RuleSet.rounds`,
:attr:`RuleSet.opening_by_round`, :attr:`RuleSet.target`, :attr:`RuleSet.tie_rule`):

* the opening minimum by the side's score (RULES.md, "salida"; the Brazilian conditions,
  VARIANTS.md 4) or by the round (Hand and Foot, VARIANTS-2.md 10.6: "Round 1=50, 2=90, 3=120,
  4=150");
* the end at a target, level leaders following the tie rule (RULES.md), or after a number of
  rounds, the higher total winning (VARIANTS-2.md 10.7: "After four deals, the higher total
  wins").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .rule_types import MAX_ROUNDS, OpeningCondition, TieRule
from .rulesets import RuleSet

__all__ = ["MAX_ROUNDS", "Opening", "OpeningRow", "Outcome", "by_round", "decide",
           "ends_at_time", "goal", "has_opening_minimum", "opening", "opening_rows",
           "played_in_rounds", "rounds", "rounds_left", "score_rows"]


@dataclass(frozen=True)
class Outcome:
    """Where a game stands after its latest hand."""

    finished: bool
    #: The index of the winning side; ``None`` while playing or when drawn.
    winner: int | None = None
    drawn: bool = False


@dataclass(frozen=True)
class Opening:
    """What a side's first meld needs in the coming hand."""

    minimum: int
    #: What the meld must be beside its points (Brazilian from 7,000), or ``None``.
    condition: OpeningCondition | None = None
    #: The round the minimum is for when the rule set sets it by round; ``None``: by score.
    round: int | None = None
    #: Which row of the rule set's table applies (:func:`opening_rows`; by score, row 0 is the
    #: negative row).
    row: int = 0


@dataclass(frozen=True)
class OpeningRow:
    """One row of a rule set's table of opening minimums, as every page, card and sheet shows
    it: a round's (Hand and Foot) or a band of running totals'."""

    minimum: int
    #: What the meld must be beside its points (Brazilian from 7,000), or ``None``.
    condition: OpeningCondition | None = None
    #: By round: the round, from 1; by score: ``None``.
    round: int | None = None
    #: By score: the band's lowest total (``None``: below 0) and highest (``None``: and over).
    low: int | None = None
    high: int | None = None


def by_round(rs: RuleSet) -> bool:
    """Whether the opening minimum follows the round rather than the score."""
    return bool(rs.opening_by_round)


def has_opening_minimum(rs: RuleSet) -> bool:
    """Whether a side's first meld ever needs anything: some card points or a condition, in
    some round or at some score. Buraco and Burraco have none (VARIANTS-2.md 11.3, 12.3,
    "Opening minimum | none"), and neither has a house rule set whose every minimum is 0: a
    page, sheet or card then shows no minimum at all rather than a table of zeros."""
    if rs.opening_by_round:
        return any(minimum > 0 for minimum in rs.opening_by_round)
    om = rs.opening_minimums
    return om.negative > 0 or any(b.minimum > 0 or b.condition is not None for b in om.bands)


def played_in_rounds(rs: RuleSet) -> bool:
    """Whether a game lasts a number of rounds rather than going to a target."""
    return rs.rounds is not None


def opening(rs: RuleSet, *, total: int = 0, round_: int = 1) -> Opening:
    """What a side with ``total`` points needs for its first meld in round ``round_`` (the hand
    about to be dealt, from 1). A round past the table takes its last row."""
    table = rs.opening_by_round
    if table:
        row = min(max(round_, 1), len(table)) - 1
        return Opening(table[row], None, max(round_, 1), row)
    om = rs.opening_minimums
    return Opening(om.for_score(total), om.condition_for(total), None, om.band_index(total))


def opening_rows(rs: RuleSet) -> tuple[OpeningRow, ...]:
    """The table of opening minimums, by round where the rule set says so, else by score (the
    negative row first); :attr:`Opening.row` indexes it."""
    if rs.opening_by_round:
        return tuple(OpeningRow(m, None, i) for i, m in enumerate(rs.opening_by_round, start=1))
    return score_rows(rs)


def score_rows(rs: RuleSet) -> tuple[OpeningRow, ...]:
    """The opening minimums by running total; none where they go by round (a Hand and Foot
    side at -50 needs its round's minimum, not the negative row's 15)."""
    if rs.opening_by_round:
        return ()
    return tuple(OpeningRow(t.minimum, t.condition, None, t.low, t.high)
                 for t in rs.opening_minimums.tiers())


def goal(rs: RuleSet, target: int | None = None) -> int | None:
    """The total that ends the game (``target``, else the rule set's); ``None`` for a game of
    rounds, which has none."""
    if played_in_rounds(rs):
        return None
    return rs.target if target is None else target


def ends_at_time(rs: RuleSet) -> bool:
    """Whether a hand, and the game with it, may end because time is up: on the rule set's
    clock (002: 60 minutes) or, without one, when time is called (Burraco, VARIANTS-2.md 12.3:
    FIBUR's time-out, "nessuna coppia avrà i 100 punti di bonus")."""
    return rs.time_limit_minutes is not None or rs.time_up_called


def rounds(rs: RuleSet) -> int | None:
    """How many rounds a game lasts; ``None`` for a game played to a target."""
    return rs.rounds


def rounds_left(rs: RuleSet, hands: int) -> int | None:
    """Rounds still to play after ``hands`` hands; ``None`` for a game played to a target."""
    return None if rs.rounds is None else max(0, rs.rounds - hands)


def decide(
    rs: RuleSet, totals: Sequence[int], *, hands: int = 0, target: int | None = None,
    time_up: bool = False,
) -> Outcome:
    """Whether a game with these running totals after ``hands`` hands is over, and who won.

    A game of rounds ends after its last round; any other once a side reaches ``target`` (the
    rule set's by default); on a clock, either ends when time is up. The highest total wins.
    Sides level at the top follow the tie rule: play on (004: "if both are tied above 5,000
    play continues"; after the last round, one more) or, on a clock or under
    :attr:`TieRule.DRAW`, a draw.
    """
    if not totals:
        return Outcome(finished=False)
    best = max(totals)
    end = goal(rs, target)
    if end is None:
        over = hands >= (rs.rounds or 0)
    else:
        over = best >= end
    if not over and not time_up:
        return Outcome(finished=False)
    leaders = [i for i, t in enumerate(totals) if t == best]
    if len(leaders) == 1:
        return Outcome(finished=True, winner=leaders[0])
    if time_up or rs.tie_rule is TieRule.DRAW:
        return Outcome(finished=True, drawn=True)
    return Outcome(finished=False)
