"""Victory points: a tournament setting beside 002's difference (which stays the default).

002 ranks pairs by the difference of points accumulated over the games. Federations that run
longer events turn each game's difference into victory points on a 20-0 scale, so one runaway
game cannot decide a tournament: the winner gets the points of the band the difference falls in
and the loser the rest of 20 (0-50 is 10-10, over 1,500 is 20-0). The scale is data: a list of
bands ``(up_to, winner_points)`` in increasing order; a difference above the last band gives
``total`` to the winner.

A pair that sits out a game (a bye: an odd number of pairs) plays no game and so has no
difference to turn into points; it is credited ``bye_points`` instead, a setting of its own
(:data:`DEFAULT_BYE`, 12 of 20: a bye counts as a game won, as FIDE's Swiss rules score a
pairing-allocated bye "as many points as are rewarded for a win" unless the tournament says
otherwise; 12 is the default scale's win of 151 to 250, docs/RULES-SETTINGS.md). 002's
difference still credits a bye nothing.

The default scale's two ends (0-50 → 10-10, over 1,500 → 20-0) are the organizer's example in
issue 14; the steps between them are the app's own (no source text gives them): one point per
band, bands 100 wide up to 350, 150 wide up to 800, then 200 and 250 (docs/RULES-SETTINGS.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .errors import N_, FieldError
from .numbers import whole

#: The points a game shares out.
TOTAL = 20


@dataclass(frozen=True)
class VictoryScale:
    """Bands of a game's difference, and the winner's points in each; the loser gets the rest.

    ``bands[i] = (up_to, winner_points)``: a difference of at most ``up_to`` (and more than the
    band before) gives the winner ``winner_points``. Above the last band the winner gets
    ``total``.
    """

    bands: tuple[tuple[int, int], ...]
    total: int = TOTAL

    def points(self, difference: int) -> tuple[int, int]:
        """(winner, loser) points for a game won by ``difference`` (its absolute value)."""
        diff = abs(difference)
        for up_to, winner in self.bands:
            if diff <= up_to:
                return (winner, self.total - winner)
        return (self.total, 0)

    def for_sides(self, credits: tuple[int, int]) -> tuple[int, int]:
        """Victory points of a game's two sides from their credits (difference, its negative;
        an abandonment's credits are 0 and the abandon points)."""
        # A game credits (d, -d); an abandonment (0, points): the game's difference is the
        # larger credit either way, and the side credited more won it.
        high, low = self.points(max(abs(credits[0]), abs(credits[1])))
        if credits[0] > credits[1]:
            return (high, low)
        if credits[0] < credits[1]:
            return (low, high)
        return (self.total // 2, self.total - self.total // 2)

    def rows(self) -> list[tuple[int, int | None, int, int]]:
        """The scale as it is printed: (from, to or ``None`` for "or more", winner, loser)."""
        out: list[tuple[int, int | None, int, int]] = []
        low = 0
        for up_to, winner in self.bands:
            out.append((low, up_to, winner, self.total - winner))
            low = up_to + 1
        out.append((low, None, self.total, 0))
        return out

    def to_list(self) -> list[list[int]]:
        """The bands as JSON data (``[[up_to, winner_points], ...]``)."""
        return [[up_to, winner] for up_to, winner in self.bands]


#: The default scale (see the module's notes and docs/RULES-SETTINGS.md).
DEFAULT_SCALE = VictoryScale((
    (50, 10),
    (150, 11),
    (250, 12),
    (350, 13),
    (500, 14),
    (650, 15),
    (800, 16),
    (1000, 17),
    (1250, 18),
    (1500, 19),
))

#: FIBUR's Burraco tables (VARIANTS-2.md 12.4), by the deals (smazzate) of a game (partita):
#: three deals, "0–50 10–10 … ≥ 1505 20–0" [EB-VP]; [PB] (the default scale's bands, from the
#: same tournaments); four deals, "0–100 10–10 … > 2000 20–0" [PB]. The 2-deal and team tables
#: were not found: an organizer types them as a scale of their own.
BURRACO_SCALES: dict[int, VictoryScale] = {
    3: DEFAULT_SCALE,
    4: VictoryScale((
        (100, 10),
        (300, 11),
        (500, 12),
        (700, 13),
        (900, 14),
        (1100, 15),
        (1300, 16),
        (1500, 17),
        (1700, 18),
        (2000, 19),
    )),
}
#: The scales a tournament may name instead of typing their bands ("burraco-3").
NAMED_SCALES: dict[str, VictoryScale] = {
    f"burraco-{deals}": scale for deals, scale in BURRACO_SCALES.items()}

#: Victory points a bye credits unless the tournament says otherwise (see the module's notes).
DEFAULT_BYE = 12

MAX_BANDS = 40
MAX_DIFFERENCE = 100_000


def read_scale(data: Any, field: str = "victory_scale") -> VictoryScale:
    """A scale from JSON data (``[[up_to, winner_points], ...]``) or its name
    (:data:`NAMED_SCALES`: FIBUR's Burraco tables); ``None`` is the default.

    Raises :class:`FieldError` on ``field`` unless the bands are whole numbers, their ``up_to``
    increasing from 0 and their points not decreasing from 10 (a level game shares 20) to 20.
    """
    if data is None:
        return DEFAULT_SCALE
    if isinstance(data, str) and data.strip().casefold() in NAMED_SCALES:
        return NAMED_SCALES[data.strip().casefold()]
    message = N_("Give the scale as bands of “difference up to: winner's points”, the "
                 "differences increasing and the points from %(half)d to %(total)d.")
    bad = FieldError(field, message, half=TOTAL // 2, total=TOTAL)
    if not isinstance(data, Sequence) or isinstance(data, str) or not 1 <= len(data) <= MAX_BANDS:
        raise bad
    bands: list[tuple[int, int]] = []
    last_up, last_points = -1, TOTAL // 2
    for band in data:
        if (not isinstance(band, Sequence) or isinstance(band, str) or len(band) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in band)):
            raise bad
        up_to, points = int(band[0]), int(band[1])
        if not last_up < up_to <= MAX_DIFFERENCE or not last_points <= points <= TOTAL:
            raise bad
        bands.append((up_to, points))
        last_up, last_points = up_to, points
    return VictoryScale(tuple(bands))


def parse_scale_text(text: str) -> list[list[int]] | str:
    """Read "50:10, 150:11, ..." (as the set-up form takes it); the text itself back when it
    is not that shape, so :func:`read_scale` refuses it with its message; a scale's name
    (:data:`NAMED_SCALES`) as it is."""
    if text.strip().casefold() in NAMED_SCALES:
        return text.strip().casefold()
    bands: list[list[int]] = []
    for part in text.replace(";", ",").replace("\n", ",").split(","):
        part = part.strip()
        if not part:
            continue
        up_to, sep, points = part.partition(":")
        up_to, points = up_to.strip().replace(".", ""), points.strip()
        low, high = whole(up_to), whole(points)
        if not sep or low is None or high is None or min(low, high) < 0:
            return text
        bands.append([low, high])
    return bands


def scale_text(scale: VictoryScale) -> str:
    """The scale as the set-up form shows it."""
    return ", ".join(f"{up_to}:{winner}" for up_to, winner in scale.bands)


def read_bye(value: Any, field: str = "bye_victory_points") -> int:
    """The victory points a bye credits, from JSON data or the form's digits; ``None`` or
    ``""`` is :data:`DEFAULT_BYE`.

    Raises :class:`FieldError` on ``field`` unless it is a whole number from 0 to 20.
    """
    if value is None or value == "":
        return DEFAULT_BYE
    if isinstance(value, str):
        number = whole(value.strip())
        value = value if number is None else number
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= TOTAL:
        raise FieldError(field, N_("A whole number from %(low)d to %(high)d."), low=0,
                         high=TOTAL)
    return value
