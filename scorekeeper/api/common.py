"""What every JSON endpoint shares: reading the body and answering errors."""

from __future__ import annotations

from typing import Any, NoReturn

from flask import Response, abort, jsonify, make_response, request
from flask_babel import gettext as _

from ..engine import EntryErrors, FieldError
from ..services.scoring import errors_to_list


class BadBody(Exception):
    """The body is not JSON of the shape the endpoint takes (answered 400)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def json_body() -> dict[str, Any]:
    """The request's JSON object; raises :class:`BadBody` when it is not one."""
    data = request.get_json(silent=True, force=True)
    if not isinstance(data, dict):
        raise BadBody(_("The body must be a JSON object."))
    return data


def field_errors(errors: EntryErrors | FieldError, status: int = 422) -> Response:
    """A 422 answer listing field errors."""
    return make_response(jsonify({"errors": errors_to_list(errors)}), status)


def error_response(status: int, message: str, field: str = "") -> Response:
    """An error answer with one message."""
    return make_response(
        jsonify({"error": message, "errors": [{"field": field, "message": message}]}), status
    )


def fail(status: int, message: str, field: str = "") -> NoReturn:
    """Stop the request with an error answer."""
    abort(error_response(status, message, field))
