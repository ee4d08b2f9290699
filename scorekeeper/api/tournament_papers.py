"""A table's result typed from its paper sheet:
``POST /api/v1/tournaments/<id>/rounds/<n>/tables/<t>/result`` with ``{"totals": [a, b]}``
(admin token). 200 with what it credits each pair; 409 once the round is closed; 422 for bad
totals, a table whose game is kept in the app (it has hands) or a game a pair abandoned.
"""

from __future__ import annotations

from typing import TypedDict

from flask import Response, jsonify

from .. import access
from ..access import guard, public
from ..services import desk, paper_results, record
from ..services import tournaments as service
from ..tournaments.results_csv import COLUMNS as RESULT_COLUMNS
from . import bp
from .common import json_body
from .openapi import BODY_ERRORS, errors, ok, operation, ref
from .shapes import answers
from .tournaments import ADMIN_ERRORS, DESK_AUTH, tournament_or_404


class PaperResult(TypedDict):
    round: int
    table: int
    pairs: list[int]
    totals: list[int]
    credits: list[int]


answers(PaperResult)


@bp.post("/tournaments/<tournament_id>/rounds/<int:number>/tables/<int:table>/result")
@operation(
    "paperResult", "A table's final totals typed from its paper sheet (002's three sheets)",
    description=("Credited per 002 like a counted game: the winner the difference, the loser "
                 "minus it. Sent again, the new totals replace the old ones."),
    security=DESK_AUTH,
    body=paper_results.PAPER_RESULT.schema(),
    responses={"200": ok("The result and what it credits each pair", ref("PaperResult")),
               **errors(*BODY_ERRORS, *ADMIN_ERRORS, 409,
                        e404="No such tournament, round or table", e409="The round is closed",
                        e422=("Totals that are not two whole numbers, a table kept in the "
                              "app (it has hands), or an abandoned game"))})
@guard(access.tournament_desk)
def paper_result(tournament_id: str, number: int, table: int) -> Response:
    """The desk types a table's final totals from its paper sheet (replacing earlier ones)."""
    tournament = tournament_or_404(tournament_id)
    rnd = service.get_round(tournament, number)
    if rnd is None:
        raise desk.RoundNotFound(number)
    body = json_body()
    result = desk.paper_result(tournament.id, number, table, body.get("totals"),
                               by=record.BY_DESK)
    answer: PaperResult = {"round": result.round, "table": result.table,
                           "pairs": list(result.pairs), "totals": list(result.totals),
                           "credits": list(result.credits)}
    return jsonify(answer)


@bp.get("/tournaments/<tournament_id>/results.csv")
@operation(
    "tournamentResultsCsv", "The standings and every game's result as a spreadsheet (CSV)",
    description=("UTF-8 with a byte-order mark. A row per pair in the standings (record = "
                 "standing), then a row per pair and game result (record = game), a bye "
                 "included; the same columns in every row (one that does not apply is "
                 "empty): " + ", ".join(RESULT_COLUMNS) + " (victory_points only on a night "
                 "ranked on victory points). In the tournament's language: "
                 "the header row in it, and cells split by ';' for es, pt and it (',' for "
                 "en). Texts are quoted, numbers are not. Also at "
                 "/tournaments/<id>/results.csv."),
    security=[{}],
    responses={"200": {"description": "The results",
                       "content": {"text/csv": {"schema": {"type": "string"}}}},
               **errors(404, 429, e404="No such tournament")})
@public("the results are public, as the standings")
def results_csv(tournament_id: str) -> Response:
    """The standings and every game's result as CSV (public, as the standings are): the
    tournament page's file."""
    from ..tournaments.results_csv import csv_response

    return csv_response(tournament_or_404(tournament_id, full=True))
