"""Translating what the engine says: its messages and labels are English msgids marked N_()."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext

from .engine import FieldError, Line


def translate(template: str, params: Mapping[str, object] | None = None) -> str:
    """Translate an engine template, then fill in its parameters (labels translated too)."""
    if not params:
        return str(gettext(template))
    values: dict[str, Any] = {
        k: gettext(v) if isinstance(v, str) else v for k, v in params.items()
    }
    # Format after translating, so a translation can move the parameters around.
    return str(gettext(template)) % values


def error_message(error: FieldError) -> str:
    """The error's message in the request's language."""
    return translate(error.template, error.params)


def line_label(line: Line) -> str:
    """A count line's label in the request's language."""
    return translate(line.label, line.params)
