"""The API answers its errors in JSON, never with an HTML page."""

from __future__ import annotations

from flask import Response, jsonify, make_response
from werkzeug.exceptions import HTTPException

from .. import access
from ..engine import EntryErrors, FieldError, ShapeError
from ..i18n import error_message, translate
from ..i18n import gettext as _
from ..services.errors import (
    ActionRefused,
    ChangedMeanwhile,
    GameNotFound,
    TournamentNotFound,
    WriteRefused,
)
from . import bp
from .common import BadBody, change_to_dict, error_response, field_errors, one_error


def json_error(error: HTTPException) -> Response:
    """An HTTP error as ``{"error": ..., "errors": [...]}`` with the error's status."""
    code = error.code or 500
    message = error.description or error.name
    response = make_response(jsonify(one_error(message)), code)
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
    """Any refused change, game or desk, in the API's one place for them: the status and the
    message (by its field) its kind declares (``services.errors``)."""
    if isinstance(error, ActionRefused):
        return field_errors(EntryErrors(error.errors), error.status)
    said = error.says()
    body = one_error(error_message(said), said.field)
    if isinstance(error, ChangedMeanwhile):
        body["changes"] = [change_to_dict(c) for c in error.changes]
    return make_response(jsonify(body), error.status)


@bp.errorhandler(access.Refused)
def handle_access_refused(error: access.Refused) -> Response:
    """A route's guard refused (``access``): 401 without a token, 403 with one that opens
    nothing, 404 for no such resource, each in the resource's words."""
    if error.code == 404:
        return _not_found(error.guard, error.resource_id)
    guard = error.guard
    return error_response(error.code or 403,
                          translate(guard.api_missing if error.code == 401 else guard.api_wrong))


def _not_found(guard: access.Guard, resource_id: str) -> Response:
    if guard is access.game_editor:
        return handle_refused(GameNotFound(resource_id))
    if guard is access.tournament_desk:
        return handle_refused(TournamentNotFound(resource_id))
    if guard is access.series_desk:
        return error_response(404, _("There is no series with that id."))
    return error_response(404, _("There are no house rules with that id."))


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


@bp.errorhandler(FieldError)
def handle_field_error(error: FieldError) -> Response:
    """One field that cannot be (a rule set of no such id...): 422 with the message by it."""
    return field_errors(error)
