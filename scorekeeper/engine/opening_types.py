"""A rule set's table of opening minimums by a side's running total ("salida"), with the
conditions some variants add (Brazilian from 7,000).

Only the game's flow (:mod:`.flow`) asks this table for a minimum; the rule set's plain form
and the house-rules form read and write it as data.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .errors import N_


class OpeningCondition(StrEnum):
    """What the first meld must be beyond its card points (VARIANTS.md 4, Brazilian: "7000-7995:
    the opening must **be a canasta**; 8000-8995: a canasta worth at least 200 ...; 9000+: a
    **natural** canasta" [BIC-BR]; [RG-BR]). Its words, marked for translation: ``label``, a
    sentence; ``short``, a few words for the board and a table's cell."""

    CANASTA = "canasta"
    NATURAL_CANASTA = "natural_canasta"

    @property
    def label(self) -> str:
        sentence, _ = _OPENING_CONDITION_WORDS[self]
        return sentence

    @property
    def short(self) -> str:
        _, words = _OPENING_CONDITION_WORDS[self]
        return words


_OPENING_CONDITION_WORDS = {
    OpeningCondition.CANASTA: (N_("The first meld must be a canasta."), N_("a canasta")),
    OpeningCondition.NATURAL_CANASTA: (N_("The first meld must be a natural canasta."),
                                       N_("a natural canasta")),
}


@dataclass(frozen=True)
class OpeningBand:
    """From this running total on (inclusive), the first meld needs ``minimum`` card points
    and, where a variant says so, meets a ``condition`` (Brazilian from 7,000: a canasta; a
    tier whose only requirement is its condition has ``minimum`` 0)."""

    from_score: int
    minimum: int
    condition: OpeningCondition | None = None


@dataclass(frozen=True)
class OpeningTier:
    """One row of the opening-minimum table: from, to (``None``: open-ended), the card points
    and the condition (``None``: points only)."""

    low: int | None
    high: int | None
    minimum: int
    condition: OpeningCondition | None = None


@dataclass(frozen=True)
class OpeningMinimums:
    """The first-meld minimum ("salida") by a side's running total before the hand."""

    negative: int = 15
    bands: tuple[OpeningBand, ...] = (
        OpeningBand(0, 50),
        OpeningBand(1500, 90),
        OpeningBand(3000, 120),
    )

    def for_score(self, running_total: int) -> int:
        """The minimum a side with ``running_total`` points needs for its first meld."""
        if running_total < 0:
            return self.negative
        minimum = self.bands[0].minimum if self.bands else self.negative
        for band in self.bands:
            if running_total >= band.from_score:
                minimum = band.minimum
        return minimum

    def condition_for(self, running_total: int) -> OpeningCondition | None:
        """What the first meld must be beyond its points, for ``running_total`` (a negative
        total has no condition)."""
        index = self.band_index(running_total)
        return self.bands[index - 1].condition if index and self.bands else None

    def tiers(self) -> list[OpeningTier]:
        """The table as :class:`OpeningTier` rows, the negative row first (as :meth:`rows`,
        with each row's condition)."""
        conditions = [None, *(b.condition for b in self.bands)]
        return [OpeningTier(low, high, minimum, condition)
                for (low, high, minimum), condition in zip(self.rows(), conditions, strict=True)]

    def band_index(self, running_total: int) -> int:
        """Which row of :meth:`rows` applies: 0 is the negative row."""
        if running_total < 0:
            return 0
        index = 1
        for i, band in enumerate(self.bands, start=1):
            if running_total >= band.from_score:
                index = i
        return index

    def rows(self) -> list[tuple[int | None, int | None, int]]:
        """The table as rows (from, to, minimum); ``None`` where a row is open-ended."""
        rows: list[tuple[int | None, int | None, int]] = [(None, -5, self.negative)]
        for i, band in enumerate(self.bands):
            upper = self.bands[i + 1].from_score - 5 if i + 1 < len(self.bands) else None
            rows.append((band.from_score, upper, band.minimum))
        return rows
