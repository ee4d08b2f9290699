"""Translating what the engine says: its messages and labels are English msgids marked N_()."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from babel.numbers import format_decimal
from flask_babel import get_locale, gettext

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


@lru_cache(maxsize=8192)
def _whole(n: int, locale: str) -> str:
    # A game page shows ~100 numbers and Babel's formatting is the slow part of rendering it;
    # scores repeat a lot, so a small cache pays. A real minus sign reads better than a hyphen.
    text = str(format_decimal(abs(n), locale=locale))
    return f"\u2212{text}" if n < 0 else text


def number(value: Any) -> str:
    """A whole number in the request's language (1,650 / 1650 / 12.345), minus sign U+2212."""
    return _whole(int(value), str(get_locale() or "en"))


def signed(value: Any) -> str:
    """Points of a hand with their sign: +120, \u2212120, 0."""
    n = int(value)
    return f"+{number(n)}" if n > 0 else number(n)
