"""Whole numbers as a client sends them (a form's digits, a header, a JSON number).

Any number a client sends is answered with a field error when it is out of range, never a 500.
Two things stand between a long number and that answer: Python's ``int()`` refuses text of
more than 4,300 digits (and ``"²"``, a digit it cannot read), and PostgreSQL refuses a
parameter past 2**31 compared with an ``INTEGER`` column (a version a form sends back). So a
number is read only up to :data:`BEYOND`: one past it comes back as ``±BEYOND``, still a number
(its field says it is out of range), but far past any range the app takes and within every
integer column.
"""

from __future__ import annotations

import re

#: Past every range a field takes (the largest, a running total, stops at a million), within
#: the databases' 32-bit integers (as the forms' own readers: ``quick.views.parse_total``).
BEYOND = 10**9

_DIGITS = len(str(BEYOND))


def whole(value: object) -> int | None:
    """``value`` as a whole number: an ``int`` (not a ``bool``), or its decimal digits as text
    with an optional leading minus and white space around; ``None`` when it is neither.
    A number past ``±BEYOND`` is ``±BEYOND``."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return max(-BEYOND, min(BEYOND, value))
    if not isinstance(value, str):
        return None
    text = value.strip()
    digits = text.removeprefix("-")
    if not digits.isdecimal():
        return None
    sign = -1 if text.startswith("-") else 1
    digits = digits.lstrip("0") or "0"
    if len(digits) > _DIGITS:
        return sign * BEYOND
    return max(-BEYOND, min(BEYOND, sign * int(digits)))


#: Thousands grouped as a score sheet writes them: "1.035" (Spanish) or "1,035" (English), one
#: separator throughout, groups of exactly three digits. A hand's points are whole, so in either
#: language a separator before three digits can only group thousands; "1.5" and "1.03" are not
#: groupings and stay refused.
_GROUPED = re.compile(r"[1-9][0-9]{0,2}(?:\.[0-9]{3})+|[1-9][0-9]{0,2}(?:,[0-9]{3})+")

#: The hyphen a keyboard types and the minus sign a printed sheet (and this app) shows.
MINUS_SIGNS = ("-", "\u2212")


def ungrouped(text: str) -> str:
    """``text`` (stripped) with a minus sign as a hyphen and thousands grouping taken out:
    ``"1.035"`` and ``"1,035"`` are ``"1035"``, ``"−1.035"`` is ``"-1035"``. Anything else
    comes back stripped, for the caller to read or refuse as it does."""
    text = text.strip()
    sign = ""
    if text.startswith(MINUS_SIGNS):
        sign, text = "-", text[1:]
    if _GROUPED.fullmatch(text):
        text = text.replace(".", "").replace(",", "")
    return sign + text


def written_with_minus(value: object) -> bool:
    """Whether ``value`` is a number given with a minus sign (text or a negative ``int``)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return value < 0
    return isinstance(value, str) and value.strip().startswith(MINUS_SIGNS)
