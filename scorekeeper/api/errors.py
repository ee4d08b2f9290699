"""The API answers its errors in JSON, never with an HTML page."""

from __future__ import annotations

from flask import Response, jsonify, make_response
from werkzeug.exceptions import HTTPException

from . import bp


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
