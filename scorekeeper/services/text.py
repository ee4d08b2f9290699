"""Text that the databases cannot store: refused as a field error, never a 500.

PostgreSQL refuses NUL in text, and neither database can encode a lone UTF-16 surrogate
(JSON's ``"\\ud800"`` decodes to one). Nobody types either on purpose, so they are refused
with a message next to the field rather than silently changed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from werkzeug.datastructures import MultiDict

from ..engine import N_, FieldError

UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
MESSAGE = N_("This text holds a character that cannot be stored (a NUL or a broken character).")


def is_storable(text: str) -> bool:
    """Whether both databases can store ``text``."""
    return UNSTORABLE.search(text) is None


def shown(field: str) -> str:
    """A field name safe to show and store (it may come from the body itself)."""
    return UNSTORABLE.sub("\ufffd", field)


def check(value: object, field: str) -> FieldError | None:
    """The error for ``value`` when it is a text that cannot be stored."""
    if isinstance(value, str) and not is_storable(value):
        return FieldError(shown(field), MESSAGE)
    return None


def name(value: object, field: str, errors: list[FieldError], *, limit: int,
         required: bool = True) -> str:
    """A name as typed (a side's, a player's, a pair's...), its white space folded; ``""`` with
    an error added to ``errors`` when it is missing (and ``required``), not a text, holds a
    character that cannot be stored, or is longer than ``limit``."""
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            errors.append(FieldError(field, N_("Give a name.")))
        return ""
    if not isinstance(value, str):
        errors.append(FieldError(field, N_("A name is a text.")))
        return ""
    if (unstorable := check(value, field)) is not None:
        errors.append(unstorable)
        return ""
    value = " ".join(value.split())
    if len(value) > limit:
        errors.append(FieldError(field, N_("At most %(max)d characters."), max=limit))
        return ""
    return value


def form_errors(form: Mapping[str, str]) -> list[FieldError]:
    """The errors of a posted form (every value of a repeated field), named by the form's own
    field names."""
    items: Iterable[tuple[str, str]] = (
        form.items(multi=True) if isinstance(form, MultiDict) else form.items()
    )
    errors: list[FieldError] = []
    for name, value in items:
        error = check(name, name) or check(value, name)
        if error is not None and all(e.field != error.field for e in errors):
            errors.append(error)
    return errors


def json_errors(data: object) -> list[FieldError]:
    """The errors of every text (keys too) in a decoded JSON value, named by their path
    (``sides[0].name``), as the services name fields."""
    errors: list[FieldError] = []
    stack: list[tuple[str, object]] = [("", data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, Mapping):
            for key, item in value.items():
                child = f"{path}.{key}" if path else str(key)
                error = check(key, child)
                if error is not None:
                    errors.append(error)
                else:
                    stack.append((child, item))
        elif isinstance(value, list):
            stack.extend((f"{path}[{i}]", item) for i, item in enumerate(value))
        else:
            error = check(value, path)
            if error is not None:
                errors.append(error)
    return sorted(errors, key=lambda e: e.field)
