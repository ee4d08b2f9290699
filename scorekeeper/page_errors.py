"""The pages' one table from a refused change to its answer (the API's is ``api/errors.py``).

Registered as the app's error handlers (the API's blueprint answers its own errors first):

- a refused change (``services.errors.WriteRefused``) answers with the status its class
  declares for a page (``page_status``) and its words (``says(page=True)``); a kind the API
  answers 404 (no such game, hand, tournament, round, table or pair) is the Not Found page;
- a value that cannot be (``EntryErrors``) answers 422, each message by its field; a form
  that is no hand at all (``ShapeError``) answers as one without messages.

Where the words go is the page's to say: each view module registers, by endpoint or by
blueprint, how its page is shown again (:func:`shown_again`), given the error, its words and
its status. Nothing was changed: the request's changes were dropped when it raised, and its
end rolls back (``create_app``). Views catch a service error only to show a form again with
the field's message; every other refusal reaches this table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from flask import Flask, Response, abort, request

from .engine import EntryErrors, ShapeError
from .i18n import error_message
from .i18n import gettext as _
from .services.errors import WriteRefused
from .web import refused_page

#: How a page is shown again: given the error, its words and its status.
Again = Callable[[Exception, str, int], Response]
A = TypeVar("A", bound=Again)
T = TypeVar("T")

_AGAIN: dict[str, Again] = {}


def found(value: T | None) -> T:
    """``value``, or the Not Found page where there is none (no such game, series, …)."""
    if value is None:
        abort(404)
    return value


def shown_again(*names: str) -> Callable[[A], A]:
    """Register how the pages of ``names`` (endpoints, or blueprints for all of theirs; an
    endpoint's own comes first) are shown again with a refusal's words."""

    def register(again: A) -> A:
        for name in names:
            _AGAIN[name] = again
        return again

    return register


def _again() -> Again:
    again = _AGAIN.get(request.endpoint or "") or _AGAIN.get(request.blueprint or "")
    if again is None:  # pragma: no cover - every page that changes something registers one
        raise LookupError(f"no page to show a refusal again for {request.endpoint}")
    return again


def shown_by_blueprint(error: Exception, message: str, status: int) -> Response:
    """The page again as its blueprint shows it (for an endpoint's own that leaves a refusal
    to it)."""
    return _AGAIN[request.blueprint or ""](error, message, status)


def refused(error: WriteRefused) -> Response:
    """A refused change: Not Found, or the page again with the words and status of its kind
    (``web.refused_page``)."""
    again = _again()
    return refused_page(error, lambda message, status: again(error, message, status))


def entry_errors(error: EntryErrors) -> Response:
    """Values that cannot be: the page again, 422, the first message its words."""
    first = error.errors[0] if error.errors else None
    message = error_message(first) if first is not None else _("Nothing was changed.")
    return _again()(error, message, 422)


def not_a_value(error: ShapeError) -> Response:
    """A form that is not what its page sends (tampered): as values that cannot be, unsaid."""
    return entry_errors(EntryErrors([]))


def register(app: Flask) -> None:
    app.register_error_handler(WriteRefused, refused)
    app.register_error_handler(EntryErrors, entry_errors)
    app.register_error_handler(ShapeError, not_a_value)
