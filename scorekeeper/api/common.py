"""What every JSON endpoint shares: reading the body and answering errors."""

from __future__ import annotations

import json
from typing import Annotated, Any, NoReturn, NotRequired, TypedDict, TypeVar

from flask import Response, abort, jsonify, make_response, request

from ..engine import EntryErrors, FieldError
from ..engine import OpeningCondition as Condition
from ..i18n import error_message, label
from ..i18n import gettext as _
from ..models.changes import ChangeKind
from ..services import record, text
from .shapes import Doc, answers


class Change(TypedDict):
    seq: int
    kind: ChangeKind
    hand: int | None
    at: Annotated[str, Doc(format="date-time")]
    by: str
    totals_before: list[int]
    totals_after: list[int]
    undone: bool
    target: int | None
    version: int


class _FieldMessage(TypedDict):
    field: str
    message: str


class Errors(TypedDict):
    error: NotRequired[Annotated[str, Doc("The message, when there is one")]]
    changes: NotRequired[Annotated[list[Change], Doc(
        "On 412: the changes made since the If-Match version")]]
    errors: list[_FieldMessage]


answers(Change, Errors)


def change_to_dict(change: record.ChangeView) -> Change:
    """A logged change as the API shows it."""
    return {
        "seq": change.seq,
        "kind": change.kind,
        "hand": change.hand,
        "at": change.at.isoformat() + "Z",
        "by": change.by,
        "totals_before": list(change.totals_before),
        "totals_after": list(change.totals_after),
        "undone": change.undone,
        "target": change.target,
        "version": change.version,
    }


def bearer_token() -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header, if the request has one."""
    scheme, _sep, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


class BadBody(Exception):
    """The body is not JSON of the shape the endpoint takes (answered 400)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


#: Deeper than any body the API takes (a hand is four levels deep); deeper ones are refused
#: before any code walks them, so no recursion can run out of stack.
MAX_DEPTH = 32


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not JSON")


def _depth(data: Any) -> int:
    deepest, stack = 0, [(data, 1)]
    while stack:
        value, depth = stack.pop()
        deepest = max(deepest, depth)
        if depth > MAX_DEPTH:
            break
        if isinstance(value, dict):
            stack.extend((item, depth + 1) for item in value.values())
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value)
    return deepest


def json_body() -> dict[str, Any]:
    """The request's JSON object.

    Stops the request with 415 unless the body is sent as ``application/json`` (a page on
    another site can send ``text/plain`` without asking first, never JSON; and the document
    names that type only, not ``application/*+json``), and with 422 and
    the field when a text holds a character the database cannot store. Raises
    :class:`BadBody` (400) for a body that is not a JSON object, or is nested too deep.
    """
    if request.mimetype != "application/json":
        fail(415, _("Send the body as JSON, with “Content-Type: application/json”."))
    try:
        data = json.loads(request.get_data(cache=True), parse_constant=_no_constant)
    except RecursionError:
        raise BadBody(_("The body is nested too deep.")) from None
    except ValueError:  # not UTF-8, not JSON, NaN, or a number too long to read
        raise BadBody(_("The body must be a JSON object.")) from None
    if not isinstance(data, dict):
        raise BadBody(_("The body must be a JSON object."))
    if _depth(data) > MAX_DEPTH:
        raise BadBody(_("The body is nested too deep."))
    errors = text.json_errors(data)
    if errors:
        abort(field_errors(EntryErrors(errors)))
    return data


def field_errors(errors: EntryErrors | FieldError, status: int = 422) -> Response:
    """A 422 answer listing field errors."""
    answer: Errors = {"errors": errors_to_list(errors)}
    return make_response(jsonify(answer), status)


def one_error(message: str, field: str = "") -> Errors:
    """An error answer's body with one message."""
    return {"error": message, "errors": [{"field": field, "message": message}]}


def error_response(status: int, message: str, field: str = "") -> Response:
    """An error answer with one message."""
    return make_response(jsonify(one_error(message, field)), status)


def fail(status: int, message: str, field: str = "") -> NoReturn:
    """Stop the request with an error answer."""
    abort(error_response(status, message, field))


T = TypeVar("T")


def found(value: T | None, message: str) -> T:
    """``value``, or the API's 404 with ``message`` where there is none."""
    if value is None:
        fail(404, message)
    return value


#: Request headers whose value the API stores.
STORED_HEADERS = ("Idempotency-Key",)


def refuse_unstorable_headers() -> Response | None:
    """422 for a stored header holding NUL (PostgreSQL refuses it), before any view runs."""
    for name in STORED_HEADERS:
        error = text.check(request.headers.get(name), name)
        if error is not None:
            return field_errors(error)
    return None


def errors_to_list(errors: EntryErrors | FieldError) -> list[_FieldMessage]:
    """Field errors as the API shows them, messages translated."""
    items = errors.errors if isinstance(errors, EntryErrors) else (errors,)
    return [{"field": e.field, "message": error_message(e)} for e in items]


class OpeningCondition(TypedDict):
    """What the first meld must be beside its card points (brazilian from 7,000: a canasta;
    from 9,000: a natural canasta)"""

    id: Annotated[str, Doc(enum=[c.value for c in Condition])]
    label: str


answers(OpeningCondition)


def condition_json(condition: Condition | None) -> OpeningCondition | None:
    """An opening condition as the API shows it: its id and its sentence (Brazilian from 7,000:
    "The first meld must be a canasta."); ``None`` where the minimum's points are all."""
    if condition is None:
        return None
    return {"id": condition.value, "label": label(condition.label)}
