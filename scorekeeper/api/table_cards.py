"""The tables' cards, as the desk's page has them (admin token):

* ``GET /api/v1/tournaments/<id>/table-cards``: each table's card link and the PDF to print
  (``/tournaments/<id>/table-cards.pdf``, opened in the desk's browser); the missing cards are
  made then;
* ``POST /api/v1/tournaments/<id>/table-cards/<n>/replace``: a new card for table ``n`` (its
  old link then answers 410). 404 for a table the tournament never seats, 409 once it is over.
"""

from __future__ import annotations

from typing import Annotated, Any, NotRequired, TypedDict

from flask import Response, jsonify, request

from .. import access
from ..access import guard
from ..engine.numbers import whole
from ..i18n import gettext as _
from ..network import public_url
from ..services import desk
from ..services import table_cards as cards_service
from ..services.confirmed import asks_confirmation
from . import bp
from .common import error_response
from .openapi import errors, ok, operation, ref
from .shapes import Doc, answers
from .tournament_desk import idempotency_key
from .tournaments import (
    DESK_AUTH,
    DESK_ERRORS,
    E422_KEY,
    IDEMPOTENCY_KEY,
    tournament_or_404,
)


class TableCard(TypedDict):
    table: int
    url: str | None
    confirm_url: NotRequired[Annotated[str | None, Doc(
        "the card's second link, for the pair that does not keep the score: it confirms the "
        "table's results (only when results_count is confirmed)")]]
    pdf: str


class TableCards(TypedDict):
    pdf: Annotated[str, Doc("Every card, as a PDF (the desk's page)")]
    cards: list[TableCard]


answers(TableCards)

_CARDS_ANSWER = ok("Each table's card: its link (null: made under another SECRET_KEY, to be "
                   "replaced before it can be printed again) and its PDF", ref("TableCards"))


def _cards(tournament: Any) -> TableCards:
    from ..tournaments.cards import card_url
    from ..tournaments.confirming import confirm_url

    rows: list[TableCard] = []
    for card in cards_service.cards(tournament):
        token = cards_service.card_token(card)
        row: TableCard = {
            "table": card.number,
            "url": card_url(token) if token is not None else None,
            "pdf": public_url("tournaments.cards_pdf", tournament_id=tournament.id,
                              table=card.number),
        }
        if asks_confirmation(tournament):
            second = cards_service.confirm_token(card)
            row["confirm_url"] = confirm_url(second) if second is not None else None
        rows.append(row)
    return {"pdf": public_url("tournaments.cards_pdf", tournament_id=tournament.id),
            "cards": rows}


@bp.get("/tournaments/<tournament_id>/table-cards")
@operation(
    "tableCards", "Each table's card: one link for the whole tournament",
    description=("A card's link (/t/<token>) opens the game being played at its table, with "
                 "the table's edit rights, game after game. The PDF (two cards to an A4 page, "
                 "in the tournament's language) is the desk page's "
                 "/tournaments/<id>/table-cards.pdf, opened in the desk's browser."),
    security=DESK_AUTH,
    responses={"200": _CARDS_ANSWER,
               **errors(401, 403, 404, 429, 503, e404="No such tournament")})
@guard(access.tournament_desk)
def table_cards(tournament_id: str) -> Response:
    """Every table's card link (admin token)."""
    tournament = tournament_or_404(tournament_id)
    response = jsonify(_cards(tournament))
    response.headers["Cache-Control"] = "private, no-store"
    return response


@bp.get("/tournaments/<tournament_id>/table-cards.pdf")
@operation(
    "tableCardsPdf",
    "The table cards as a PDF: two to an A4 page, in the tournament's language",
    description=("Each card: the table's number, its link and QR code (/t/<token>, which "
                 "opens the game being played at the table, game after game). Also at the "
                 "desk's /tournaments/<id>/table-cards.pdf."),
    params=[{"name": "table", "in": "query", "required": False,
             "schema": {"type": "integer", "minimum": 1},
             "description": "That table's card alone"}],
    security=DESK_AUTH,
    responses={"200": {"description": "The cards", "content": {
                   "application/pdf": {"schema": {"type": "string", "format": "binary"}}}},
               **errors(401, 403, 404, 409, 422, 429, 503,
                        e404="No such tournament, or a table it never seats",
                        e409="A card made under another SECRET_KEY: replace it first",
                        e422="A table that is not a number from 1")})
@guard(access.tournament_desk)
def table_cards_pdf(tournament_id: str) -> Response:
    """Every table's card as a PDF, or ``?table=n``'s alone (admin token): what the desk's
    page prints. 409 when a card was made under another SECRET_KEY and must be replaced."""
    from ..tournaments.cards import cards_pdf_answer

    tournament = tournament_or_404(tournament_id)
    only = request.args.get("table")
    number = whole(only) if only is not None else None
    if only is not None and (number is None or number < 1):
        return error_response(422, _("Give a table's number (from 1)."), "table")
    answer = cards_pdf_answer(tournament, cards_service.cards(tournament), number)
    if isinstance(answer, list):
        return error_response(409, _("Tables %(tables)s need a new card before theirs can be "
                                     "printed (made under another secret key).",
                                     tables=", ".join(str(n) for n in answer)))
    return answer


@bp.post("/tournaments/<tournament_id>/table-cards/<int:table>/replace")
@operation(
    "replaceTableCard", "Replace a table's card (its old link then answers 410)",
    params=[IDEMPOTENCY_KEY], security=DESK_AUTH,
    responses={"200": _CARDS_ANSWER,
               **errors(*DESK_ERRORS, e404="No such tournament, or a table it never seats",
                        e409="The tournament is over, or the Idempotency-Key was used for "
                             "another request",
                        e422=E422_KEY)})
@guard(access.tournament_desk)
def replace_table_card(tournament_id: str, table: int) -> Response:
    """A new card for the table; the old link refuses from now on."""
    done = cards_service.replace_card(tournament_id, table, by=desk.BY_API,
                                      request_key=idempotency_key())
    response = jsonify(_cards(done.tournament))
    response.headers["Cache-Control"] = "private, no-store"
    return response
