"""Request bodies declared once: each field's kind, bounds and message, from which both the
schema the API's document shows and the reader the service checks a body with are derived.

A service declares the body it reads next to the reading (``desk.EXTEND``,
``paper_results.PAPER_RESULT``); the API's view names the declaration in its ``@operation``,
so the document cannot drift from what is read, and the reader answers the field errors the
service always answered (same fields, same messages, in the same order).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..engine import N_, EntryErrors, FieldError
from ..engine.numbers import whole
from .text import check
from .text import name as typed_name


class Kind(Enum):
    """What a field holds."""

    #: A whole number from ``low`` to ``high``.
    WHOLE = "whole"
    #: A list of exactly ``count`` items, each read by ``items``.
    LIST = "list"
    #: One of ``choices`` (whole numbers).
    CHOICE = "choice"
    #: A name as typed: not blank, its white space folded, at most ``high`` characters; not
    #: ``required``, it may be left out or null (what that means is the reader's to say).
    NAME = "name"
    #: ``count`` names, told wrong as a whole (``message``: one missing or blank; or the first
    #: unstorable one's error; or too long), never name by name.
    NAMES = "names"


@dataclass(frozen=True)
class Field:
    """One field of a body.

    ``message`` is the msgid answered for a value that cannot be (a number out of its bounds,
    a list of another length); a number's message gets ``low`` and ``high`` as parameters.
    ``digits``: digits sent as text are read as the number (what a form sends); the schema
    shows the number alone, what a client is asked to send.
    """

    name: str
    kind: Kind
    message: str
    low: int | None = None
    high: int | None = None
    digits: bool = False
    count: int | None = None
    choices: tuple[int, ...] = ()
    items: Field | None = None
    description: str | None = None
    required: bool = True

    def schema(self) -> dict[str, Any]:
        """The field's JSON schema."""
        schema: dict[str, Any]
        if self.kind is Kind.WHOLE:
            schema = {"type": "integer", "minimum": self.low, "maximum": self.high}
        elif self.kind is Kind.CHOICE:
            schema = {"enum": list(self.choices)}
        elif self.kind is Kind.NAME:
            schema = ({"type": "string", "minLength": 1, "pattern": "\\S"} if self.required
                      else {"type": ["string", "null"]})
        elif self.kind is Kind.NAMES:
            schema = {"type": "array", "minItems": self.count, "maxItems": self.count,
                      "items": {"type": "string", "minLength": 1, "pattern": "\\S",
                                "description": f"At most {self.high} characters"}}
        else:
            assert self.items is not None
            schema = {"type": "array", "minItems": self.count, "maxItems": self.count,
                      "items": self.items.schema()}
        if self.description is not None:
            schema["description"] = self.description
        return schema

    def read(self, value: object, errors: list[FieldError], at: str | None = None) -> Any:
        """The value as the field reads it, or ``None`` with its error added to ``errors``
        (named ``at``, by default the field's name; a list's items ``at[i]``)."""
        at = self.name if at is None else at
        if self.kind is Kind.WHOLE:
            number = whole(value) if self.digits else (
                value if isinstance(value, int) and not isinstance(value, bool) else None)
            assert self.low is not None and self.high is not None
            if number is None or not self.low <= number <= self.high:
                errors.append(FieldError(at, self.message, low=self.low, high=self.high))
                return None
            return number
        if self.kind is Kind.CHOICE:
            choice = whole(value) if self.digits else value
            if choice not in self.choices or isinstance(choice, bool):
                errors.append(FieldError(at, self.message))
                return None
            return choice
        if self.kind is Kind.NAME:
            assert self.high is not None
            return typed_name(value, at, errors, limit=self.high)
        if self.kind is Kind.NAMES:
            return self._names(value, errors, at)
        assert self.items is not None
        if (not isinstance(value, Sequence) or isinstance(value, str)
                or len(value) != self.count):
            errors.append(FieldError(at, self.message))
            return None
        return [self.items.read(item, errors, f"{at}[{i}]") for i, item in enumerate(value)]

    def _names(self, value: object, errors: list[FieldError], at: str) -> list[str] | None:
        assert self.high is not None
        if (not isinstance(value, list) or len(value) != self.count
                or not all(isinstance(v, str) and v.strip() for v in value)):
            errors.append(FieldError(at, self.message))
        elif (unstorable := next((e for v in value if (e := check(v, at))), None)):
            errors.append(unstorable)
        elif any(len(" ".join(v.split())) > self.high for v in value):
            errors.append(FieldError(at, N_("At most %(max)d characters."), max=self.high))
        else:
            return [" ".join(v.split()) for v in value]
        return None

    def take(self, value: object, at: str | None = None) -> Any:
        """The value as :meth:`read` reads it; raises :class:`EntryErrors` with its errors."""
        errors: list[FieldError] = []
        read = self.read(value, errors, at)
        if errors:
            raise EntryErrors(errors)
        return read


@dataclass(frozen=True)
class Body:
    """A JSON object body: its fields, and examples for the document."""

    fields: tuple[Field, ...]
    examples: tuple[Mapping[str, object], ...] = ()

    def field(self, name: str) -> Field:
        """The field of that name."""
        return next(f for f in self.fields if f.name == name)

    def pick(self, data: Mapping[str, object]) -> dict[str, object]:
        """The body's declared fields, in their order (one left out is None): what a service
        is given to read, others being ignored."""
        return {f.name: data.get(f.name) for f in self.fields}

    def schema(self) -> dict[str, Any]:
        """The body's JSON schema (fields it does not name are ignored, so they are allowed)."""
        schema: dict[str, Any] = {
            "type": "object",
            "required": [f.name for f in self.fields if f.required],
            "properties": {f.name: f.schema() for f in self.fields},
        }
        if self.examples:
            schema["examples"] = [dict(e) for e in self.examples]
        return schema
