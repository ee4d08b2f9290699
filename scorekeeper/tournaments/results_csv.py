"""The tournament's results as a spreadsheet: ``/tournaments/<id>/results.csv``.

One file for the club's records or a federation: a row per pair in the standings
(``record`` = ``standing``), then a row per pair and game result (``record`` = ``game``), a
bye included. Columns (the same in every row; a column that does not apply is empty):

``record``, ``game``, ``table``, ``place``, ``pair``, ``name``, ``players``, ``opponent``,
``opponent_name``, ``total``, ``opponent_total``, ``credit``, ``victory_points``, ``played``,
``wins``, ``difference``, ``ended``, ``status``, ``corrected``; ``victory_points`` only on a
night ranked on victory points (:func:`columns_of`: a difference night's file holds its
ranking's figures only).

``ended`` says how a game ended: ``finished`` (played out), ``time`` (ended by the clock: a
time-up hand, the table's or the one the desk's close added), ``paper`` (totals typed from
the paper sheet), ``abandoned`` (by this pair or by ``opponent``: see ``credit``), ``bye``
(the pair sat out), ``waiting`` (over, but not counted yet: the result waits for the other
pair's confirmation, so ``credit`` is empty) or ``playing``. ``status`` is
``disqualified`` or ``substituted`` for a pair not ranked. ``corrected`` is ``corrected`` on
a game result the desk corrected after its round closed (a paper result typed again, or the
game's hands changed by the desk).

The file is in the tournament's language, as its papers are: the header row in that language
(the column names above in English) and, for Spanish, Portuguese and Italian, ``;`` between
cells, as those languages' spreadsheets expect (``,`` in English).

Numbers are plain integers, never quoted (``-550`` is a number); every text is quoted, and no
text can start a formula in a spreadsheet that splits on ``,`` or on ``;`` nor in one that
ignores the quotes (issue 41): wherever such a spreadsheet would start a cell inside a text
(its start, after a ``,``, a ``;`` or a line break) and that piece begins, past spaces and
``"``, with ``=``, ``+``, ``-`` or ``@`` (their fullwidth forms too), or with a tab or a
carriage return, a ``'`` goes before the piece.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from typing import Any

from flask import Response

from ..access import public
from ..engine import N_, HandEnd
from ..engine.ranking import VICTORY_POINTS, Standing
from ..i18n import force_locale, gettext
from ..models.tournaments import Tournament, TournamentTable
from ..services import tournaments as service
from . import bp
from .views import tournament_or_404

COLUMNS = ("record", "game", "table", "place", "pair", "name", "players", "opponent",
           "opponent_name", "total", "opponent_total", "credit", "victory_points", "played",
           "wins", "difference", "ended", "status", "corrected")

#: The header row in a language other than English (``COLUMNS`` translated, in their order).
HEADERS = (N_("record"), N_("game"), N_("table"), N_("place"), N_("pair"), N_("name"),
           N_("players"), N_("opponent"), N_("opponent_name"), N_("total"),
           N_("opponent_total"), N_("credit"), N_("victory_points"), N_("played"), N_("wins"),
           N_("difference"), N_("ended"), N_("status"), N_("corrected"))

#: The cell separator each language's spreadsheets expect (Spanish, Portuguese and Italian
#: ones split on ``;``: their decimal separator is the comma).
SEPARATORS = {"en": ",", "es": ";", "pt": ";", "it": ";"}

#: What a spreadsheet would take for the start of a formula (OWASP's CSV injection list),
#: compared after NFKC, which folds the fullwidth ``＝＋－＠`` (and the small forms) into these.
_FORMULA_STARTS = ("=", "+", "-", "@")
#: Where a spreadsheet may start a cell inside a text: after either separator (one that
#: splits on the other one than the file's reads through the quotes) or a line break.
_CELL_BREAKS = re.compile("[,;\r\n]")


def _starts_formula(rest: str) -> bool:
    """Whether a cell starting with ``rest`` could be read as a formula: it starts with a tab
    or a CR, or, past white space and ``"`` (a reader that honours quotes drops them), with a
    formula character."""
    if rest[:1] in ("\t", "\r"):
        return True
    i = 0
    while i < len(rest) and (rest[i].isspace() or rest[i] == '"'):
        i += 1
    return i < len(rest) and unicodedata.normalize("NFKC", rest[i]).startswith(_FORMULA_STARTS)


def cell_text(value: str) -> str:
    """User text as a cell: a ``'`` before every piece of it that a spreadsheet splitting on
    ``,`` or ``;`` (quotes honoured or not) would read as the start of a formula."""
    starts = [0, *(m.end() for m in _CELL_BREAKS.finditer(value))]
    out = value
    for start in reversed(starts):
        if _starts_formula(value[start:]):
            out = f"{out[:start]}'{out[start:]}"
    return out


def _status(row: Standing) -> str:
    return "substituted" if row.substituted else "disqualified" if row.disqualified else ""


def rows(tournament: Tournament) -> list[dict[str, Any]]:
    """The file's rows, as plain data (the standings first, then every game result)."""
    standings = service.standings(tournament)
    names = {p.number: p.name for p in tournament.pairs}
    out: list[dict[str, Any]] = [{
        "record": "standing", "place": row.rank, "pair": row.number, "name": cell_text(row.name),
        "players": cell_text(" / ".join(row.players)), "played": row.played, "wins": row.wins,
        "difference": row.difference, "victory_points": row.victory_points,
        "status": _status(row),
    } for row in standings]
    victory = {row.number: row.victory for row in standings}
    corrected = service.corrected_results(tournament)
    for rnd in tournament.rounds:
        for table in sorted(rnd.tables, key=lambda t: t.number):
            view = service.table_view(tournament, table)
            pairs = (table.pair_a, table.pair_b)
            ended = _ended(table, view)
            for side, pair in enumerate(pairs):
                other = pairs[1 - side]
                credit = (None if view.credits is None or view.waiting
                          else view.credits[side])
                out.append({
                    "record": "game", "game": rnd.number, "table": table.number,
                    "pair": pair.number, "name": cell_text(pair.name),
                    "opponent": other.number, "opponent_name": cell_text(other.name),
                    "total": view.totals[side], "opponent_total": view.totals[1 - side],
                    "credit": credit,
                    "victory_points": victory.get(pair.number, {}).get(rnd.number),
                    "ended": ended,
                    "corrected": "corrected" if (rnd.number, pair.number) in corrected else "",
                })
        for number in rnd.byes:
            out.append({"record": "game", "game": rnd.number, "pair": number,
                        "name": cell_text(names.get(number, "")), "ended": "bye",
                        "victory_points": victory.get(number, {}).get(rnd.number)})
    return out


def _ended(table: TournamentTable, view: service.TableView) -> str:
    if table.abandoned_by is not None:
        return "abandoned"
    if table.paper_totals is not None:
        return "paper"
    if not view.finished:
        return "playing"
    if view.waiting:
        return "waiting"
    hands = table.game.hands
    if hands and hands[-1].entry.get("end") == HandEnd.TIME_UP.value:
        return "time"
    return "finished"


def columns_of(tournament: Tournament) -> tuple[str, ...]:
    """The file's columns: :data:`COLUMNS`, without ``victory_points`` on a night ranked on
    the difference (issue 43: its file carried victory points it does not rank on)."""
    if tournament.standings_by == VICTORY_POINTS:
        return COLUMNS
    return tuple(c for c in COLUMNS if c != "victory_points")


def header(language: str, columns: tuple[str, ...] = COLUMNS) -> tuple[str, ...]:
    """The header row of ``columns`` in ``language``: the column names themselves in English."""
    if language == "en":
        return columns
    names = dict(zip(COLUMNS, HEADERS, strict=True))
    with force_locale(language):
        return tuple(cell_text(gettext(names[c])) for c in columns)


def to_csv(tournament: Tournament) -> str:
    """The file's text in the tournament's language: UTF-8 with a byte-order mark
    (spreadsheets then read accents right), every text quoted, numbers as they are."""
    buffer = io.StringIO()
    columns = columns_of(tournament)
    writer = csv.DictWriter(buffer, fieldnames=columns, lineterminator="\r\n",
                            delimiter=SEPARATORS.get(tournament.language, ","),
                            quoting=csv.QUOTE_NONNUMERIC, extrasaction="ignore")
    writer.writerow(dict(zip(columns, header(tournament.language, columns), strict=True)))
    for row in rows(tournament):
        writer.writerow({k: ("" if v is None else v) for k, v in row.items()})
    return "\ufeff" + buffer.getvalue()


@bp.get("/<tournament_id>/results.csv")
@public("the results are public, as the standings")
def results_csv(tournament_id: str) -> Response:
    """The standings and every game's result as CSV (public, as the standings are)."""
    return csv_response(tournament_or_404(tournament_id, full=True))


def csv_response(tournament: Tournament) -> Response:
    """The file as an answer (the page's link and the API's)."""
    response = Response(to_csv(tournament), content_type="text/csv; charset=utf-8")
    response.headers["Content-Disposition"] = (
        f'attachment; filename="results-{tournament.id}.csv"')
    response.headers["Cache-Control"] = "no-cache"
    return response
