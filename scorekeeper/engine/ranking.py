"""A pairs tournament's results, pure: what each game credits a pair and the order of the
standings (002: accumulated difference, then games won; or victory points, a setting beyond it).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

#: What ranks the standings: 002's accumulated difference (the default) or victory points.
DIFFERENCE = "difference"
VICTORY_POINTS = "victory_points"
STANDINGS_BY = (DIFFERENCE, VICTORY_POINTS)


@dataclass
class Standing:
    """A pair's line in the standings."""

    number: int
    name: str
    players: list[str]
    difference: int = 0
    wins: int = 0
    played: int = 0
    disqualified: bool = False
    substituted: bool = False
    rank: int | None = None
    #: The last place of a place shared with pairs equal on every tie-break (``rank`` is the
    #: first): "3–4"; the same as ``rank`` for a place of its own.
    rank_to: int | None = None
    #: What each game credited the pair, by game number (a game it did not play is absent).
    credits: dict[int, int] = field(default_factory=dict)
    #: Victory points accumulated (a tournament ranked by them), and by game number.
    victory_points: int = 0
    victory: dict[int, int] = field(default_factory=dict)
    #: The closed games the pair sat out (a bye), by number; their victory points are in
    #: ``victory``.
    byes: list[int] = field(default_factory=list)
    #: The games whose result is over but does not count yet: it waits for the other pair's
    #: confirmation (a tournament that asks for it), by number.
    waiting: list[int] = field(default_factory=list)

    @property
    def place(self) -> str:
        """The place as the standings print it: "3", or "3–4" for a shared place; "—" for a
        pair not ranked."""
        if self.rank is None:
            return "—"
        if self.rank_to is not None and self.rank_to != self.rank:
            return f"{self.rank}–{self.rank_to}"
        return str(self.rank)

    @property
    def shared(self) -> bool:
        """Whether the place is shared with another pair (equal on every tie-break)."""
        return self.rank is not None and self.rank_to is not None and self.rank_to != self.rank

    @property
    def eligible(self) -> bool:
        """Whether the pair is ranked on its results (not disqualified nor substituted)."""
        return not (self.disqualified or self.substituted)


def game_credits(
    totals: Sequence[int], *, finished: bool, abandoned_by: int | None, abandon_points: int
) -> tuple[int, int] | None:
    """What a table's game credits each side: the winner the difference, the loser minus it.

    A pair that abandons is credited nothing and its opponent ``abandon_points``; a game still
    being played credits nothing yet (``None``); a draw credits 0 each.
    """
    if abandoned_by is not None:
        return (0, abandon_points) if abandoned_by == 0 else (abandon_points, 0)
    if not finished:
        return None
    diff = totals[0] - totals[1]
    return (diff, -diff)


def rank(standings: Iterable[Standing], *, by: str = "difference") -> list[Standing]:
    """Order by accumulated difference, then games won (002), then pair number.

    002 breaks ties on games won and says no more; the pair number keeps the order the
    organizer typed (before the first game everyone is level), and pairs equal on every
    tie-break after play share their place (``rank`` its first, ``rank_to`` its last).
    Disqualified pairs come after the ranked ones and substituted pairs last, both unranked.
    ``by="victory_points"`` (a setting beyond 002) ranks by victory points first, then as 002
    does.
    """
    rows = list(standings)
    for row in rows:
        if row.substituted:
            row.difference, row.wins, row.victory_points = 0, 0, 0
            row.credits, row.victory, row.byes = {}, {}, []
    vp = by == VICTORY_POINTS

    def key(row: Standing) -> tuple[int, int, int, int, int]:
        group = 2 if row.substituted else 1 if row.disqualified else 0
        return (group, -row.victory_points if vp else 0, -row.difference, -row.wins,
                row.number)

    rows.sort(key=key)
    ranked = [row for row in rows if row.eligible]
    # Pairs equal on every tie-break share their place ("3–4", both rank 3): 002 breaks ties
    # on games won and says no more, so the pair number orders them but does not place them.
    # Before a pair has played (or sat out) a game, everyone is level: no place is shared yet.
    start = 0
    while start < len(ranked):
        end = start + 1
        if _has_results(ranked[start]):
            while (end < len(ranked) and _has_results(ranked[end])
                   and key(ranked[end])[:-1] == key(ranked[start])[:-1]):
                end += 1
        for row in ranked[start:end]:
            row.rank, row.rank_to = start + 1, end
        start = end
    return rows


def _has_results(row: Standing) -> bool:
    return row.played > 0 or bool(row.byes)
