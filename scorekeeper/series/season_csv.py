"""The series' standings as a spreadsheet: ``/series/<id>/standings.csv``.

A row per pair and night (``record`` = ``night``: its place, score, difference, victory points
that night and whether the night counts towards its total) after a row per pair in the
series' standings (``record`` = ``series``: its place, nights played, total). A night a pair
missed has no row. Columns: ``record``, ``place``, ``pair``, ``name``, ``players``, ``night``,
``tournament``, ``played``, ``score``, ``difference``, ``victory_points``, ``counts``,
``total``.

The separator and the header row follow the tournament's ``results.csv`` rules
(``tournaments.results_csv``): the series' language is its latest night's; English ``,``,
Spanish, Portuguese and Italian ``;``, the header in that language; every text quoted and
kept from starting a formula; numbers plain.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from flask import Response

from ..access import public
from ..engine import N_
from ..i18n import force_locale, gettext
from ..page_errors import found
from ..services import season
from ..services import season_standings as reader
from ..tournaments.results_csv import SEPARATORS, cell_text
from . import bp

COLUMNS = ("record", "place", "pair", "name", "players", "night", "tournament", "played",
           "score", "difference", "victory_points", "counts", "total")
HEADERS = (N_("record"), N_("place"), N_("pair"), N_("name"), N_("players"), N_("night"),
           N_("tournament"), N_("played"), N_("score"), N_("difference"),
           N_("victory_points"), N_("counts"), N_("total"))


def rows(read: reader.Season) -> list[dict[str, Any]]:
    """The file's rows as plain data: the series' standings, then each pair's nights."""
    out: list[dict[str, Any]] = [{
        "record": "series", "place": row.place, "pair": row.key, "name": cell_text(row.name),
        "players": cell_text(" / ".join(row.players)), "played": row.played, "total": row.total,
    } for row in read.rows]
    for row in read.rows:
        for night in read.nights:
            result = row.results.get(night.number)
            if result is None:
                continue
            out.append({
                "record": "night", "place": result.place, "pair": row.key,
                "name": cell_text(result.name), "players": cell_text(" / ".join(result.players)),
                "night": night.number, "tournament": cell_text(night.name),
                "score": result.score, "difference": result.difference,
                "victory_points": result.victory_points,
                "counts": "yes" if result.counts else "no"})
    return out


def header(language: str) -> tuple[str, ...]:
    """The header row in ``language`` (the column names themselves in English)."""
    if language == "en":
        return COLUMNS
    with force_locale(language):
        return tuple(cell_text(gettext(h)) for h in HEADERS)


def to_csv(read: reader.Season) -> str:
    """The file's text: UTF-8 with a byte-order mark, texts quoted, numbers as they are."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=COLUMNS, lineterminator="\r\n",
                            delimiter=SEPARATORS.get(read.language, ","),
                            quoting=csv.QUOTE_NONNUMERIC, extrasaction="ignore")
    writer.writerow(dict(zip(COLUMNS, header(read.language), strict=True)))
    for row in rows(read):
        writer.writerow({k: ("" if v is None else v) for k, v in row.items()})
    return "\ufeff" + buffer.getvalue()


@bp.get("/<series_id>/standings.csv")
@public("a series' standings are public")
def standings_csv(series_id: str) -> Response:
    """The series' standings and each pair's nights as CSV (public, as the standings)."""
    series = found(season.find_series(series_id))
    response = Response(to_csv(reader.read_season(series)),
                        content_type="text/csv; charset=utf-8")
    response.headers["Content-Disposition"] = f'attachment; filename="series-{series.id}.csv"'
    response.headers["Cache-Control"] = "no-cache"
    return response
