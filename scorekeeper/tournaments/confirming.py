"""Results confirmed at the table (issue 43): the other pair's phone and the desk's button.

* ``GET /c/<token>``: the table card's second link (its own QR code, for the pair that does
  not keep score): the table's results waiting for this pair's confirmation, each with a
  button, and those confirmed; with none waiting it looks again by itself;
* ``POST /c/<token>/confirm``: confirm one (the game's number and the version shown);
* ``POST /tournaments/<id>/rounds/<n>/tables/<t>/confirm``: the desk confirms, in the other
  pair's stead, with its own rights (logged as the desk's).

The operations are ``services.confirmations``'; a refusal on the phone shows its page again
with the words by the result (the result as it now stands), the desk's the control table.
"""

from __future__ import annotations

import uuid
from typing import Any

from flask import Blueprint, Response, current_app, request, session
from werkzeug.exceptions import NotFound

from .. import access, page_errors
from ..access import guard, public
from ..network import public_url
from ..ratelimit import limit_token_failures
from ..services import confirmations, desk
from ..services.errors import ConfirmationNotAsked, ConfirmLinkNotFound
from ..web import not_found_page, render, see_other
from . import bp
from .cards import held_cards
from .desk_actions import form_request_key, form_seen_version

#: The second links' own blueprint: ``/c/<token>`` is short, outside ``/tournaments``.
confirm_bp = Blueprint("table_confirm", __name__)
#: Seconds between two looks of the page while no result waits for confirmation.
WAIT_POLL = 10


def confirm_url(token: str) -> str:
    """The card's second link, as printed."""
    return public_url("table_confirm.page", token=token)


def _scorer_tokens() -> list[str]:
    """What this browser holds that keeps a table's score: the cards it opened and the game
    edit links it kept (a pair does not confirm its own scoring)."""
    edits = session.get(access.EDIT_TOKENS)
    kept = [t for t in edits.values() if isinstance(t, str)] if isinstance(edits, dict) else []
    return [*held_cards(), *kept]


def _opened(token: str) -> confirmations.ConfirmPage:
    """What the link opens; Not Found (a failed token check, rate-limited as every one is)
    for a link that is no card's, a replaced card's, or one of a tournament that asks for no
    confirmation (its cards print no such link)."""
    try:
        return confirmations.open_link(token, _scorer_tokens())
    except (ConfirmLinkNotFound, ConfirmationNotAsked) as exc:
        raise NotFound() from exc


def _page(token: str, *, message: str | None = None, status: int = 200) -> Response:
    opened = _opened(token)
    context: dict[str, Any] = {
        "page": opened, "token": token, "message": message,
        "just_confirmed": request.args.get("confirmed", type=int),
        "poll": int(current_app.config.get("TABLE_CARD_POLL", WAIT_POLL)),
        # A key per form, as the desk's carry: a second tap confirms once.
        "new_request_key": lambda: uuid.uuid4().hex,
    }
    response = render("tournaments/table_confirm.html", **context)
    response.status_code = status
    response.headers["Cache-Control"] = "no-store"
    return response


@confirm_bp.get("/c/<token>")
@limit_token_failures
@public("the other pair's link: the token in its path opens the results")
def page(token: str) -> Response:
    """The table's results for the other pair to confirm."""
    return _page(token)


@confirm_bp.post("/c/<token>/confirm")
@limit_token_failures
@guard(access.table_link)
def confirm(token: str) -> Response:
    """The other pair confirms one result; back to its page (303). A link that opens nothing
    is refused as every write with a token that opens nothing is (403)."""
    game = request.form.get("game", type=int)
    if game is None:
        raise NotFound()
    confirmations.confirm_at_table(token, game, request.form.get("game_version"),
                                   scorer_tokens=_scorer_tokens(), request_key=form_request_key())
    return see_other("table_confirm.page", token=token, confirmed=game)


@page_errors.shown_again("table_confirm")
def _shown_again(error: Exception, message: str, status: int) -> Response:
    """A refused confirmation (``page_errors``): the page again, the result as it now stands,
    with why."""
    token = (request.view_args or {}).get("token", "")
    try:
        return _page(token, message=message, status=status)
    except NotFound:
        return not_found_page()


@bp.post("/<tournament_id>/rounds/<int:number>/tables/<int:table>/confirm")
@guard(access.tournament_desk)
def desk_confirm(tournament_id: str, number: int, table: int) -> Response:
    """The desk confirms a table's result with its own rights (the other pair did not, or
    could not): it counts from now on; logged as the desk's."""
    confirmations.confirm_by_desk(tournament_id, number, table, by=desk.BY_DESK,
                                  seen_game_version=request.form.get("game_version"),
                                  request_key=form_request_key(), seen_version=form_seen_version())
    return see_other("tournaments.show", tournament_id=tournament_id, _anchor="waiting")
