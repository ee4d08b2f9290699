"""The API answers its errors in JSON, never with an HTML page."""

from __future__ import annotations

from flask import Response, jsonify, make_response
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException

from ..engine import EntryErrors, ShapeError
from ..i18n import translate
from ..services.errors import WriteRefused
from . import bp
from .common import BadBody, error_response, field_errors


def json_error(error: HTTPException) -> Response:
    """An HTTP error as ``{"error": ..., "errors": [...]}`` with the error's status."""
    code = error.code or 500
    message = error.description or error.name
    response = make_response(
        jsonify({"error": message, "errors": [{"field": "", "message": message}]}), code
    )
    # The error's own headers (``Allow`` on 405, ``Retry-After``...), not its HTML type.
    for name, value in error.get_headers():
        if name.lower() != "content-type":
            response.headers[name] = value
    return response


@bp.errorhandler(HTTPException)
def handle_http_error(error: HTTPException) -> Response:
    """Errors raised inside API views."""
    return json_error(error)


@bp.errorhandler(WriteRefused)
def handle_refused(error: WriteRefused) -> Response:
    """A change the game refused (``services.record``), as a status and a message."""
    from ..services import record
    from ..services.errors import DeskRefused
    from .games import change_to_dict
    from .tournaments import desk_refused

    if isinstance(error, DeskRefused):
        return desk_refused(error)
    if isinstance(error, record.BellNotRung):
        return error_response(409, translate(error.message), "clock")
    if isinstance(error, record.KeyTooLong):
        return error_response(422, _("An Idempotency-Key has at most %(max)d characters.",
                                     max=record.MAX_REQUEST_KEY), "Idempotency-Key")
    answers: list[tuple[type[WriteRefused], int, str]] = [
        (record.GameNotFound, 404, _("There is no game with that id.")),
        (record.HandNotFound, 404, _("The game has no hand of that number.")),
        (record.ChangedMeanwhile, 412, _("The game changed since that version: read it again.")),
        (record.StaleWrite, 412, _("The hand was changed by someone else: read it again.")),
        (record.GameOver, 409, _("The game is over: no more hands can be counted.")),
        (record.NothingToUndo, 409, _("There is nothing to undo.")),
        (record.NothingToRedo, 409, _("There is nothing to redo.")),
        (record.GameAbandoned, 409, _("The tournament desk recorded that a pair abandoned "
                                      "this game: it takes no more hands.")),
        (record.GameClosed, 409, _("The game's tournament round is closed: only the "
                                   "tournament desk can change it.")),
        (record.GameOnPaper, 409, _("The tournament desk typed this table's result from its "
                                    "paper sheet: only the desk can change the game now.")),
        (record.KeyReused, 409, _("This Idempotency-Key was used for another request.")),
    ]
    status, message = next((s, m) for kind, s, m in answers if isinstance(error, kind))
    response = error_response(status, message)
    if isinstance(error, record.ChangedMeanwhile):
        body = response.get_json()
        body["changes"] = [change_to_dict(c) for c in error.changes]
        response = make_response(jsonify(body), status)
    return response


@bp.errorhandler(EntryErrors)
def handle_entry_errors(error: EntryErrors) -> Response:
    """A hand that cannot be: 422 with each message by its field."""
    return field_errors(error)


@bp.errorhandler(ShapeError)
def handle_shape_error(error: ShapeError) -> Response:
    """A body that is not a hand at all: 400."""
    return error_response(400, translate(str(error)))


@bp.errorhandler(BadBody)
def handle_bad_body(error: BadBody) -> Response:
    """A body that is not JSON of the endpoint's shape: 400."""
    return error_response(400, error.message)
