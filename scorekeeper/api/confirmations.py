"""The desk confirms a table's result through the API (a tournament whose results wait for
the other pair's confirmation): ``POST /api/v1/tournaments/<id>/rounds/<n>/tables/<t>/confirm``
(admin token). The other pair confirms on its phone, through the table card's second link
(``tournaments/confirming.py``); the desk, in its stead, with its own rights, logged as the
API's (``services.confirmations``).
"""

from __future__ import annotations

from flask import Response

from .. import access
from ..access import guard
from ..services import confirmations
from . import bp
from .openapi import errors, ok, operation
from .tournament_desk import desk_write
from .tournaments import DESK_AUTH, DESK_ERRORS, IDEMPOTENCY_KEY, TOURNAMENT_REF


@bp.post("/tournaments/<tournament_id>/rounds/<int:number>/tables/<int:table>/confirm")
@operation(
    "confirmResult", "The desk confirms a table's result (it then counts in the standings)",
    description=("In a tournament whose results count once confirmed (results_count "
                 "confirmed), a table's result waits for the other pair's confirmation on its "
                 "phone (the table card's second link). The desk confirms it in the pair's "
                 "stead: the result as it stands now counts, logged as the API's. A result "
                 "corrected afterwards waits again."),
    params=[IDEMPOTENCY_KEY], security=DESK_AUTH,
    responses={"200": ok("The tournament", TOURNAMENT_REF),
               **errors(*DESK_ERRORS, e404="No such tournament, round or table",
                        e409=("The tournament counts results as saved, the game is not over, "
                              "the desk decided the result (paper, abandonment), it is "
                              "already confirmed, or the Idempotency-Key was used for another "
                              "request"),
                        e422="An Idempotency-Key that is too long")})
@guard(access.tournament_desk)
def confirm_result(tournament_id: str, number: int, table: int) -> Response:
    """Confirm table ``table``'s result of game ``number`` as the desk (through the API)."""
    return desk_write(confirmations.confirm_by_desk, tournament_id, number, table)
