"""Request bodies declared once: each field's kind, bounds and message, from which both the
schema the API's document shows and the reader the service checks a body with are derived.

A service declares the body it reads next to the reading (``desk.EXTEND``,
``paper_results.PAPER_RESULT``); the API's view names the declaration in its ``@operation``,
so the document cannot drift from what is read, and the reader answers the field errors the
service always answered (same fields, same messages, in the same order).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
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
    #: One of ``choices`` (whole numbers, or texts).
    CHOICE = "choice"
    #: A name as typed: not blank, its white space folded, at most ``high`` characters; not
    #: ``required``, it may be left out or null (what that means is the reader's to say).
    NAME = "name"
    #: ``count`` names, told wrong as a whole (``message``: one missing or blank; or the first
    #: unstorable one's error; or too long), never name by name.
    NAMES = "names"
    #: A text taken as typed, of at most ``high`` characters; ``message`` when it is no text.
    TEXT = "text"
    #: A text the service looks up (an id): taken as sent, the lookup refuses what it lacks;
    #: ``low`` and ``high`` bound its length in the schema only.
    KEY = "key"
    #: Anything: the service makes of it what it can (only a description in the schema).
    ANY = "any"
    #: One of ``options`` (each a field whose schema is one of the alternatives), taken as
    #: sent: what it means is the service's to find.
    EITHER = "either"
    #: An object holding ``fields`` (others ignored); refused with ``message`` when not one.
    OBJECT = "object"
    #: Read by ``reader`` (the engine's, raising its :class:`FieldError`), shown as ``shape``:
    #: a value whose reading is a rule of its own, declared beside it.
    READ = "read"


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
    choices: tuple[object, ...] = ()
    items: Field | None = None
    description: str | None = None
    required: bool = True
    #: null is allowed (read as ``None``).
    nullable: bool = False
    #: null or ``""`` (an empty form field) is none: read as ``None``; a name, null or blank
    #: is ``""``. Never refused.
    blank: bool = False
    #: A whole number's step, shown in the schema (the service checks it with its message).
    multiple: int | None = None
    fields: tuple[Field, ...] = ()
    options: tuple[Field, ...] = ()
    #: What a body left without the field gives the service (see :meth:`Body.pick`).
    default: object = None
    #: The schema names the default.
    show_default: bool = False
    reader: Callable[[object], Any] | None = None
    shape: Mapping[str, Any] | None = None

    def schema(self) -> dict[str, Any]:
        """The field's JSON schema."""
        schema: dict[str, Any]
        if self.kind is Kind.WHOLE:
            schema = {"type": self._typed("integer"), "minimum": self.low, "maximum": self.high}
            if self.multiple is not None:
                schema["multipleOf"] = self.multiple
            if self.blank:
                schema = {"anyOf": [schema, {"const": ""}]}
        elif self.kind is Kind.CHOICE:
            # A nullable choice takes null too (Schemathesis found POST /tournaments taking a
            # null standings_by its schema did not allow).
            schema = {"enum": [*self.choices, *([None] if self.nullable else [])]}
        elif self.kind is Kind.NAME:
            schema = ({"type": "string", "minLength": 1, "pattern": "\\S"} if self.required
                      else {"type": ["string", "null"]})
        elif self.kind is Kind.NAMES:
            schema = {"type": "array", "minItems": self.count, "maxItems": self.count,
                      "items": {"type": "string", "minLength": 1, "pattern": "\\S",
                                "description": f"At most {self.high} characters"}}
        elif self.kind is Kind.TEXT:
            schema = {"type": "string", "maxLength": self.high}
        elif self.kind is Kind.KEY:
            schema = {"type": self._typed("string")}
            if self.low is not None:
                schema["minLength"] = self.low
            if self.high is not None:
                schema["maxLength"] = self.high
        elif self.kind is Kind.ANY:
            schema = {}
        elif self.kind is Kind.READ:
            schema = dict(self.shape or {})
        elif self.kind is Kind.EITHER:
            schema = {"anyOf": [o.schema() for o in self.options]
                      + ([{"type": "null"}] if self.nullable else [])}
        elif self.kind is Kind.OBJECT:
            schema = {"type": self._typed("object")}
            if required := [f.name for f in self.fields if f.required]:
                schema["required"] = required
            if self.fields:
                schema["properties"] = {f.name: f.schema() for f in self.fields}
        else:
            assert self.items is not None
            low, high = (self.count, self.count) if self.count is not None else (self.low,
                                                                                 self.high)
            schema = {"type": self._typed("array"), "items": self.items.schema()}
            if low is not None:
                schema["minItems"] = low
            if high is not None:
                schema["maxItems"] = high
        if self.show_default:
            schema["default"] = self.default
        if self.description is not None:
            schema["description"] = self.description
        return schema

    def part(self, name: str) -> Field:
        """An object's field of that name."""
        return next(f for f in self.fields if f.name == name)

    def _typed(self, name: str) -> str | list[str]:
        return [name, "null"] if self.nullable else name

    def read(self, value: object, errors: list[FieldError], at: str | None = None) -> Any:
        """The value as the field reads it, or ``None`` with its error added to ``errors``
        (named ``at``, by default the field's name; a list's items ``at[i]``)."""
        at = self.name if at is None else at
        if self.kind in (Kind.KEY, Kind.ANY, Kind.EITHER):
            return value
        if self.kind is Kind.READ:
            assert self.reader is not None
            try:
                return self.reader(value)
            except FieldError as refused:
                errors.append(refused)
                return None
        if self.kind is Kind.NAME:
            assert self.high is not None
            return typed_name(value, at, errors, limit=self.high, required=not self.blank)
        if self.blank and (value is None or value == ""):
            return None
        if self.nullable and value is None:
            return None
        if self.kind is Kind.OBJECT:
            if not isinstance(value, Mapping):
                errors.append(FieldError(at, self.message))
                return None
            return {f.name: f.read(value.get(f.name), errors, f"{at}.{f.name}")
                    for f in self.fields} if self.fields else value
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
        if self.kind is Kind.NAMES:
            return self._names(value, errors, at)
        if self.kind is Kind.TEXT:
            assert self.high is not None
            if not isinstance(value, str):
                errors.append(FieldError(at, self.message))
            elif len(value) > self.high:
                errors.append(FieldError(at, N_("At most %(max)d characters."), max=self.high))
            else:
                return value
            return None
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
    #: What the schema adds beyond the fields (a field required only for some values of
    #: another, as JSON schema's ``if``/``then``).
    conditions: Mapping[str, Any] | None = None
    description: str | None = None

    def field(self, name: str) -> Field:
        """The field of that name."""
        return next(f for f in self.fields if f.name == name)

    def pick(self, data: Mapping[str, object]) -> dict[str, object]:
        """The body's declared fields, in their order (one left out is its ``default``): what
        a service is given to read, others being ignored."""
        return {f.name: data.get(f.name, f.default) for f in self.fields}

    def schema(self) -> dict[str, Any]:
        """The body's JSON schema (fields it does not name are ignored, so they are allowed)."""
        schema: dict[str, Any] = {"type": "object"}
        if self.description is not None:
            schema["description"] = self.description
        if required := [f.name for f in self.fields if f.required]:
            schema["required"] = required
        schema["properties"] = {f.name: f.schema() for f in self.fields}
        schema.update(self.conditions or {})
        if self.examples:
            schema["examples"] = [dict(e) for e in self.examples]
        return schema
