"""How the standings PDF fits its paper: column widths, orientation and type size.

The standings print one line a pair (its name and players each on one line, cut with an
ellipsis where they are longer than their column), one narrow column a game with an abbreviated
heading ("G1") explained under the table, and each game's results two tables a line, the pairs
by number, once a game has more tables than :data:`FULL_WIDTH_TABLES`. The figures' columns
are as wide as their longest text (measured with the printing face's own widths: :data:`FACE`);
the names share what is left, as their longest texts ask. When that leaves the names less than
:data:`NAMES_MIN` on a portrait page the standings print landscape, and when not even
landscape leaves it the type is made smaller: 12 games on victory points still fit a page's
width. 40 pairs and 4 games print on two pages, A4 or Letter (issue 43; its test lays them out).
The names are cut in the HTML, not only by the drawing, so the PDF's text is what it shows."""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..i18n import gettext as _
from ..i18n import number as fmt_number
from ..i18n import signed

#: Each paper's (width, height) in points, portrait.
PAPER_POINTS = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
#: print.css's page margins, left and right: 9 mm each.
SIDE_MARGINS = 2 * 9 * 72 / 25.4
#: The standings' type size in points (a smaller one only when a page's width needs it).
FONT = 8.0
SMALLEST_FONT = 6.0
#: The face the standings print in, bold (the widest of its styles): its characters' widths
#: measure the columns (where it is missing, a generous guess does).
FACE = Path("/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf")
#: The guess: characters' widths in ems, a little over DejaVu Sans Bold's.
NARROW = frozenset(".,:;' |!()[]*")
#: A cell's padding and border, left and right, in points.
PAD = 5.0
#: What the pair's name and its players need at least, together, before the page turns.
NAMES_MIN = 190.0
#: A game with more tables prints its results two tables a line.
FULL_WIDTH_TABLES = 6


@lru_cache(maxsize=1)
def _advances() -> dict[int, float]:
    """Each character's advance in ems in :data:`FACE` (empty when it cannot be read)."""
    try:  # fontTools comes with WeasyPrint (it subsets the PDFs' fonts)
        from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

        with TTFont(str(FACE), lazy=True) as face:
            per_em = face["head"].unitsPerEm
            metrics = face["hmtx"].metrics
            return {code: metrics[glyph][0] / per_em
                    for code, glyph in face.getBestCmap().items()}
    except Exception:  # noqa: BLE001 - no face, no metrics: the guess below
        return {}


def text_width(text: str, font: float = FONT) -> float:
    """``text``'s width in points at ``font``, bold."""
    advances = _advances()
    ems = 0.0
    for char in text:
        known = advances.get(ord(char))
        if known is not None:
            ems += known
        elif char in NARROW:
            ems += 0.4
        else:
            ems += 0.9
    return ems * font * 1.03


def width(texts: list[str], font: float = FONT) -> float:
    """A column's width in points, for its longest text at ``font``."""
    return round(max((text_width(t, font) for t in texts), default=font) + PAD, 1)


@dataclass
class Column:
    key: str
    head: str
    width: float  # points
    css: str = "num"


@dataclass
class StandingsLayout:
    """What the standings template needs to fit the page."""

    landscape: bool
    font: float
    columns: list[Column]
    #: The per-game headings ("G1") and, on victory points, their sub-columns.
    games: list[int]
    legend: list[str] = field(default_factory=list)
    #: The page's width inside its margins, in points.
    usable: float = 0.0

    def clip(self, text: str, key: str | float) -> str:
        """``text`` cut to the room of its column (``key``, or a width in points), ending in
        "…" when cut."""
        if isinstance(key, str):
            key = next(c.width for c in self.columns if c.key == key)
        return clip(text, key - PAD, self.font)


def _usable(paper: str, landscape: bool) -> float:
    w, h = PAPER_POINTS[paper]
    return (h if landscape else w) - SIDE_MARGINS


def game_head(n: int) -> str:
    return _("G%(n)d", n=n)


def game_cell(row: Any, n: int, corrected: Collection[tuple[int, int]] = ()) -> str:
    """What a pair's column for game ``n`` shows: its credit ("*" after it where the desk
    corrected it after the game closed: ``corrected`` holds ``(game, pair)``), "Bye", "…" (the
    result waits for the other pair's confirmation) or "—"."""
    if n in row.credits:
        return signed(row.credits[n]) + ("*" if (n, row.number) in corrected else "")
    if n in row.byes:
        return _("Bye")
    if n in row.waiting:
        return "…"
    return "—"


def standings_layout(standings: list[Any], games: int, by_vp: bool, paper: str,
                     corrected: Collection[tuple[int, int]] = ()) -> StandingsLayout:
    """The columns, orientation and type size the standings of ``games`` games print in on
    ``paper`` (``corrected``: the results the desk corrected, marked in their cells)."""
    numbers = range(1, games + 1)

    def columns(font: float) -> list[Column]:
        cols = [Column("place", "#", width(["#", *[r.place for r in standings]], font)),
                Column("pair", _("Pair"), 0.0, "name"),
                Column("players", _("Players"), 0.0, "name"),
                Column("played", _("Pl."),
                       width([_("Pl."), *[str(r.played) for r in standings]], font))]
        for n in numbers:
            texts = [game_cell(r, n, corrected) for r in standings]
            cols.append(Column(f"g{n}", game_head(n), width([game_head(n), *texts], font)))
            if by_vp:
                vp = [str(r.victory.get(n, "")) for r in standings]
                cols.append(Column(f"v{n}", _("VP"), width([_("VP"), *vp], font)))
        if by_vp:
            cols.append(Column("vp", _("VP"), width(
                [_("VP"), *[fmt_number(r.victory_points) for r in standings]], font)))
        cols.append(Column("difference", _("Diff."), width(
            [_("Diff."), *[signed(r.difference) for r in standings]], font)))
        cols.append(Column("wins", _("Won"),
                           width([_("Won"), *[str(r.wins) for r in standings]], font)))
        return cols

    def fixed(cols: list[Column]) -> float:
        return sum(c.width for c in cols)

    font = FONT
    cols = columns(font)
    landscape = fixed(cols) + NAMES_MIN > _usable(paper, False)
    if landscape:
        room = _usable(paper, True)
        needed = fixed(cols) + NAMES_MIN
        if needed > room:
            font = max(SMALLEST_FONT, math.floor(FONT * room / needed * 10) / 10)
            cols = columns(font)
    legend = [_("Pl.: games played"),
              _("%(games)s: the difference credited in each game (+ won, − lost)",
                games=game_head(1) if games == 1
                else f"{game_head(1)}–{game_head(games)}")]
    if by_vp:
        legend.append(_("VP: victory points"))
    legend.append(_("Diff.: the accumulated difference"))
    if corrected:
        legend.append(_("*: corrected by the desk after its game closed"))
    usable = _usable(paper, landscape)
    # The names' room shared as their longest texts ask, each getting a third at least.
    room = usable - fixed(cols)
    pair = max((text_width(f"‡ {r.number}. {r.name}", font) for r in standings), default=1.0)
    players = max((text_width(", ".join(r.players), font) for r in standings), default=1.0)
    share = min(max(pair / (pair + players), 1 / 3), 2 / 3)
    cols[1].width = round(room * share, 1)
    cols[2].width = round(room - cols[1].width, 1)
    return StandingsLayout(landscape=landscape, font=font, columns=cols, games=list(numbers),
                           legend=legend, usable=usable)


def clip(text: str, room: float, font: float = FONT) -> str:
    """``text``, or as much of it as fits ``room`` points at ``font`` followed by "…": cut in
    the HTML, the PDF's text is what its page shows (text cut only by the drawing would still
    be read, over the next column, by a PDF reader's copy or search)."""
    if text_width(text, font) <= room:
        return text
    while text and text_width(text.rstrip() + "…", font) > room:
        text = text[:-1]
    return text.rstrip() + "…"


def halves(items: list[Any]) -> list[tuple[Any, Any]]:
    """``items`` as lines of two: the first half down the left, the rest down the right
    (``None`` where the right runs short)."""
    half = (len(items) + 1) // 2
    return [(items[i], items[half + i] if half + i < len(items) else None)
            for i in range(half)]


def how_short(row: dict[str, Any]) -> str:
    """How a table's game ended, in a word or two (the compact results' last column)."""
    table, view, ending = row["table"], row["view"], row["ending"]
    if table.abandoned_by is not None:
        return _("ab. %(number)s", number=table.pairs[table.abandoned_by].number)
    if not view.finished:
        return _("playing")
    if row["paper"]:
        return _("paper")
    hands = str(ending.hands)
    return hands + "*" if ending.settled else hands


def results_columns(games: list[dict[str, Any]], usable: float, font: float = FONT
                    ) -> dict[str, float]:
    """The widths of the results' figure columns, and the room the names get on a page
    ``usable`` points wide."""
    rows = [row for game in games for row in game["tables"]]

    def totals(row: dict[str, Any]) -> str:
        view = row["view"]
        return f"{fmt_number(view.totals[0])} – {fmt_number(view.totals[1])}"

    def credits(row: dict[str, Any]) -> str:
        view = row["view"]
        return f"{signed(view.credits[0])} / {signed(view.credits[1])}" if view.credits else "—"

    figures = {
        "table": width([_("T."), _("Table"), *[str(r["table"].number) for r in rows]], font),
        "pairs": width([_("Pairs"), *[f"{r['table'].pair_a.number} – {r['table'].pair_b.number}"
                                      for r in rows]], font),
        "totals": width([_("Totals"), *[totals(r) for r in rows]], font),
        "credits": width([_("Credits"), *[credits(r) for r in rows]], font),
    }
    # A game printed full width: the two sides' names get 30 % each of what is left, how it
    # ended the rest (in words, on more lines where it needs them).
    figures["name"] = round((usable - sum(figures.values())) * 0.3, 1)
    return figures


def results_legend() -> str:
    return _("T.: table · Pairs: their numbers, as in the standings · Hands: the hands played "
             "(* settled on the totals, see the notes); “%(paper)s”: typed from the paper sheet; "
             "“%(ab)s”: abandoned by pair N; “%(playing)s”: being played",
             paper=_("paper"), ab=_("ab. %(number)s", number="N"), playing=_("playing"))

