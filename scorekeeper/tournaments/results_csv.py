"""The tournament's results as a spreadsheet: ``/tournaments/<id>/results.csv``.

One file for the club's records or a federation: a row per pair in the standings
(``record`` = ``standing``), then a row per pair and game result (``record`` = ``game``), a
bye included. Columns (the same in every row; a column that does not apply is empty):

``record``, ``game``, ``table``, ``place``, ``pair``, ``name``, ``players``, ``opponent``,
``opponent_name``, ``total``, ``opponent_total``, ``credit``, ``victory_points``, ``played``,
``wins``, ``difference``, ``ended``, ``status``.

``ended`` says how a game ended: ``finished`` (played out), ``time`` (ended by the clock: a
time-up hand, the table's or the one the desk's close added), ``paper`` (totals typed from
the paper sheet), ``abandoned`` (by this pair or by ``opponent``: see ``credit``), ``bye``
(the pair sat out) or ``playing``. ``status`` is ``disqualified`` or ``substituted`` for a
pair not ranked. Numbers are plain integers; names are text as typed, with a leading ``=``,
``+``, ``-``, ``@`` or tab quoted (``'``) so no spreadsheet reads them as a formula.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from flask import Response

from ..engine import HandEnd
from ..engine.ranking import Standing
from ..models.tournaments import Tournament, TournamentTable
from ..services import tournaments as service
from . import bp
from .views import _tournament_or_404

COLUMNS = ("record", "game", "table", "place", "pair", "name", "players", "opponent",
           "opponent_name", "total", "opponent_total", "credit", "victory_points", "played",
           "wins", "difference", "ended", "status")

#: What a spreadsheet would take for the start of a formula (OWASP's CSV injection list).
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _text(value: str) -> str:
    """User text as a cell: never read as a formula."""
    return f"'{value}" if value.startswith(_FORMULA_STARTS) else value


def _status(row: Standing) -> str:
    return "substituted" if row.substituted else "disqualified" if row.disqualified else ""


def rows(tournament: Tournament) -> list[dict[str, Any]]:
    """The file's rows, as plain data (the standings first, then every game result)."""
    standings = service.standings(tournament)
    names = {p.number: p.name for p in tournament.pairs}
    out: list[dict[str, Any]] = [{
        "record": "standing", "place": row.rank, "pair": row.number, "name": _text(row.name),
        "players": _text(" / ".join(row.players)), "played": row.played, "wins": row.wins,
        "difference": row.difference, "victory_points": row.victory_points,
        "status": _status(row),
    } for row in standings]
    victory = {row.number: row.victory for row in standings}
    for rnd in tournament.rounds:
        for table in sorted(rnd.tables, key=lambda t: t.number):
            view = service.table_view(tournament, table)
            pairs = (table.pair_a, table.pair_b)
            ended = _ended(table, view)
            for side, pair in enumerate(pairs):
                other = pairs[1 - side]
                credit = None if view.credits is None else view.credits[side]
                out.append({
                    "record": "game", "game": rnd.number, "table": table.number,
                    "pair": pair.number, "name": _text(pair.name),
                    "opponent": other.number, "opponent_name": _text(other.name),
                    "total": view.totals[side], "opponent_total": view.totals[1 - side],
                    "credit": credit,
                    "victory_points": victory.get(pair.number, {}).get(rnd.number),
                    "ended": ended,
                })
        for number in rnd.byes:
            out.append({"record": "game", "game": rnd.number, "pair": number,
                        "name": _text(names.get(number, "")), "ended": "bye",
                        "victory_points": victory.get(number, {}).get(rnd.number)})
    return out


def _ended(table: TournamentTable, view: service.TableView) -> str:
    if table.abandoned_by is not None:
        return "abandoned"
    if table.paper_totals is not None:
        return "paper"
    if not view.finished:
        return "playing"
    hands = table.game.hands
    if hands and hands[-1].entry.get("end") == HandEnd.TIME_UP.value:
        return "time"
    return "finished"


def to_csv(tournament: Tournament) -> str:
    """The file's text: UTF-8 with a byte-order mark (spreadsheets then read accents right)."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=COLUMNS, lineterminator="\r\n")
    writer.writeheader()
    for row in rows(tournament):
        writer.writerow({k: ("" if v is None else v) for k, v in row.items()})
    return "\ufeff" + buffer.getvalue()


@bp.get("/<tournament_id>/results.csv")
def results_csv(tournament_id: str) -> Response:
    """The standings and every game's result as CSV (public, as the standings are)."""
    return csv_response(_tournament_or_404(tournament_id, full=True))


def csv_response(tournament: Tournament) -> Response:
    """The file as an answer (the page's link and the API's)."""
    response = Response(to_csv(tournament), content_type="text/csv; charset=utf-8")
    response.headers["Content-Disposition"] = (
        f'attachment; filename="results-{tournament.id}.csv"')
    response.headers["Cache-Control"] = "no-cache"
    return response
