"""Each rule value declared once: its type, bounds, label, hint, source and what "empty" means.

A rule value is a field of one of the rule set's frozen dataclasses, declared with :func:`rule`::

    all_shown_bonus: int | None = rule(
        None, N_("Bonus for showing every black 3 when going out"), sources=("000", "001", "002"),
        empty=Empty.NOT_A_RULE, sign=Sign.BONUS)

The field's annotation is its type (a whole number, ``int | None`` when it may be empty, a flag,
or an enum of choices) and its default the value of the rule set the presets vary. Everything
that lists rule values is derived from these declarations: the dict form read and written
(:func:`~.ruleset_data.ruleset_to_dict`, :func:`~.ruleset_data.ruleset_from_dict`), the house-rules
form, the API's schema of a rule set, the rules card and the sheet's reminder box. Labels and
hints are English msgids marked with :func:`~.errors.N_`: the web layer translates them.

A dataclass field holding a group of values (``RuleSet.red_threes``) is declared with
:func:`section`, which gives the group its title.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, fields, is_dataclass, replace
from enum import Enum, StrEnum
from typing import Any, TypeVar

from .errors import N_, FieldError

#: The largest number any rule-set value may hold: bounds every input.
MAX_POINTS = 100_000
#: The most rows a table of values may hold (red 3s by count: two a pack, up to six packs).
MAX_TABLE_ROWS = 12

_RULE = "scorekeeper.rule"
_T = TypeVar("_T")
_SECTION = "scorekeeper.section"


class Empty(StrEnum):
    """What a value left empty (``None``) means."""

    #: The table plays without this rule (000 and 001 have it, 003 and 004 do not).
    NOT_A_RULE = "not_a_rule"
    #: A source names the value without a number (002): the table or the organizer gives it
    #: before a hand that uses it is counted (:meth:`RuleSet.missing_values`).
    ASKED_AT_START = "asked_at_start"
    #: There is no such bonus.
    NO_SUCH_BONUS = "no_such_bonus"
    #: The game is played without a clock.
    NO_CLOCK = "no_clock"
    #: The game is played to a target, not for a number of rounds.
    PLAY_TO_TARGET = "play_to_target"

    @property
    def hint(self) -> str:
        """What the house-rules form says under an input that may be left empty."""
        return _EMPTY_HINTS[self]


_EMPTY_HINTS = {
    Empty.NOT_A_RULE: N_("Empty: not a rule at your table."),
    Empty.ASKED_AT_START: N_("Empty: asked for when a game starts."),
    Empty.NO_SUCH_BONUS: N_("Empty: no such bonus."),
    Empty.NO_CLOCK: N_("Empty: no clock."),
    Empty.PLAY_TO_TARGET: N_("Empty: the game is played to its target."),
}


class Sign(StrEnum):
    """Whether a value is points for the side, against it, or neither."""

    BONUS = "+"
    PENALTY = "-"
    NONE = ""


class Kind(StrEnum):
    """How a value is typed in: a whole number, a flag, one of a few choices, or a table of
    whole numbers by count (``tuple[int, ...]``: the points for 1, 2, 3… of something)."""

    NUMBER = "number"
    FLAG = "flag"
    CHOICE = "choice"
    TABLE = "table"


@dataclass(frozen=True)
class RuleValue:
    """The declaration of one rule value (its type and default are the field's own)."""

    #: What the value is called where it is set (the house-rules form, the API's description).
    label: str
    #: The rule texts it comes from (``shared/RULES.md``: 000 to 004); empty for an app setting.
    sources: tuple[str, ...] = ()
    #: What ``None`` means; ``None`` here: the value must be given.
    empty: Empty | None = None
    #: More words under the input; by default what empty means.
    hint: str | None = None
    minimum: int = 0
    maximum: int = MAX_POINTS
    #: Points for the side (a bonus) or against it (a penalty): the card prints the sign, and
    #: the sheet lists the value among the bonuses or penalties.
    sign: Sign = Sign.NONE
    #: The rules card's words for the value (default :attr:`label`).
    card: str | None = None
    #: The sheet's words; may use ``%(count)d``, the cards of :attr:`deck` in the game's packs.
    sheet: str | None = None
    #: Which cards ``%(count)d`` counts: ``"red_threes"`` or a card group (``"black_threes"``).
    deck: str | None = None
    #: Choices as the form offers them: (value, label msgid).
    choices: tuple[tuple[str, str], ...] = ()
    #: The rules card's sentence for a flag or a choice, by value (``True``, ``"draw"``).
    says: tuple[tuple[object, str], ...] = ()
    #: ``False`` when the card states the value in its own words (the going-out requirement).
    on_card: bool = True
    #: A table's words for each of its rows, with ``%(count)d`` (the row's count, from 1).
    row: str | None = None
    #: The names (separated by spaces) of values of the same section that replace this one
    #: while one is set (a non-empty table, a flag on): this one is then not in force (not on
    #: the card, not asked for).
    replaced_by: str | None = None
    #: For a flag or a choice: the values of its section it qualifies; the card says its
    #: sentence only while one of them is set.
    about: tuple[str, ...] = ()
    #: For a flag: a rule of its own, not a qualifier of its section's numbers: the card says
    #: its sentence even while none of them is listed (Buraco's pt.wikipedia deduction).
    alone: bool = False


def rule(default: Any, label: str, **declaration: Any) -> Any:
    """A dataclass field holding one rule value, declared once (see :class:`RuleValue`)."""
    return field(default=default, metadata={_RULE: RuleValue(label, **declaration)})


def section(default: Any, title: str) -> Any:
    """A dataclass field holding a group of rule values, shown under ``title``."""
    return field(default=default, metadata={_SECTION: title})


@dataclass(frozen=True)
class Declared:
    """One declared value as one rule set holds it."""

    #: The value's path in the dict form, and the input's name in the house-rules form.
    path: str
    name: str
    rule: RuleValue
    kind: Kind
    #: Whether the value may be empty (``None``).
    optional: bool
    #: The choices' enum, for :attr:`Kind.CHOICE`.
    enum: type[Enum] | None
    value: Any
    #: ``False`` while the value its declaration names in ``replaced_by`` is set.
    in_force: bool = True
    #: The parameters of its words (label, card words, sentence): the game's own words its
    #: section names (:func:`text_params`), ``%(packet)s`` for the second packet.
    params: Mapping[str, object] = field(default_factory=dict, compare=False, hash=False)
    #: The same parameters as any rule set says them (the API's schema, one for every rule set:
    #: "second packet").
    generic: Mapping[str, object] = field(default_factory=dict, compare=False, hash=False)

    @property
    def label(self) -> str:
        return self.rule.label

    @property
    def hint(self) -> str | None:
        """The input's hint: the declared one, else what empty means."""
        if self.rule.hint is not None:
            return self.rule.hint
        return self.rule.empty.hint if self.rule.empty is not None and self.optional else None

    @property
    def plain(self) -> Any:
        """The value as JSON holds it (an enum's value, a table's list)."""
        if self.kind is Kind.TABLE:
            return list(self.value)
        return self.value.value if isinstance(self.value, Enum) else self.value

    def table_rows(self) -> tuple[tuple[int, int], ...]:
        """A table's rows as (count, value), counts from 1; none for any other value."""
        if self.kind is not Kind.TABLE:
            return ()
        return tuple(enumerate(self.value, start=1))

    @property
    def card_label(self) -> str:
        return self.rule.card or self.rule.label

    @property
    def says(self) -> str | None:
        """The card's sentence for this value, if the declaration gives one."""
        return dict(self.rule.says).get(self.plain)

    def choice_labels(self) -> tuple[tuple[str, str], ...]:
        """Every choice with its label (the enum's values when none are declared)."""
        if self.rule.choices:
            return self.rule.choices
        return tuple((str(m.value), str(m.value)) for m in self.enum or ())

    def schema(self) -> dict[str, Any]:
        """The value's JSON schema (OpenAPI 3.1)."""
        described: dict[str, Any] = {"description": filled(self.rule.label, self.generic)}
        if self.rule.sources:
            described["description"] += f" (sources: {', '.join(self.rule.sources)})"
        if self.kind is Kind.FLAG:
            return {"type": "boolean", **described}
        if self.kind is Kind.CHOICE:
            return {"type": "string", "enum": [v for v, _ in self.choice_labels()], **described}
        if self.kind is Kind.TABLE:
            # null, as [], is no table (Reader.table).
            return {"type": ["array", "null"], "maxItems": MAX_TABLE_ROWS,
                    "items": {"type": "integer", "minimum": self.rule.minimum,
                              "maximum": self.rule.maximum}, **described}
        number = {"type": ["integer", "null"] if self.optional else "integer",
                  "minimum": self.rule.minimum, "maximum": self.rule.maximum}
        return {**number, **described}


@dataclass(frozen=True)
class Section:
    """A group of declared values: a section of the rule set (``red_threes``), or its own."""

    key: str
    title: str
    values: tuple[Declared, ...]
    #: The parameters of the title and of its values' words (:func:`text_params`).
    params: Mapping[str, object] = field(default_factory=dict, compare=False, hash=False)
    generic: Mapping[str, object] = field(default_factory=dict, compare=False, hash=False)

    @property
    def english_title(self) -> str:
        """The title in English as any rule set says it (the API's schema)."""
        return filled(self.title, self.generic)

    def card_rows(self) -> tuple[Declared, ...]:
        """The numbers the rules card lists: those set, and those the table must still give
        (a value that may be left empty for "not a rule" is left off when empty, and one another
        value replaces is left off); a table that has rows (:meth:`Declared.table_rows`)."""
        return tuple(
            d for d in self.values
            if d.rule.on_card and d.in_force and (
                (d.kind is Kind.NUMBER
                 and (d.value is not None or d.rule.empty in (None, Empty.ASKED_AT_START)))
                or (d.kind is Kind.TABLE and bool(d.value)))
        )

    def card_sentences(self) -> tuple[Declared, ...]:
        """The flags and choices the card says in words (:attr:`RuleValue.says`): a flag
        qualifies the numbers of its section, so it is said only when one of them is listed."""
        listed = self.card_rows()
        numbers = [d for d in self.values
                   if d.kind in (Kind.NUMBER, Kind.TABLE) and d.rule.on_card]
        qualifiers = not numbers or bool(listed)
        by_name = {d.name: d for d in self.values}
        return tuple(
            d for d in self.values
            if d.kind in (Kind.FLAG, Kind.CHOICE) and d.says and (qualifiers or d.rule.alone)
            and (not d.rule.about or any(by_name[n].value not in (None, False, ())
                                         for n in d.rule.about if n in by_name))
        )


#: The title of the values the rule set holds itself (target, tie rule, clock).
THE_GAME = N_("The game")


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


def _kind(annotation: Any) -> tuple[Kind, bool, type[Enum] | None]:
    args = typing.get_args(annotation)
    optional = isinstance(annotation, types.UnionType) and type(None) in args
    if optional:
        (annotation,) = [a for a in args if a is not type(None)]
    if annotation is bool:
        return Kind.FLAG, optional, None
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return Kind.CHOICE, optional, annotation
    if annotation is int:
        return Kind.NUMBER, optional, None
    if typing.get_origin(annotation) is tuple and typing.get_args(annotation) == (int, ...):
        return Kind.TABLE, optional, None
    raise TypeError(f"a rule value must be a number, a flag or an enum, not {annotation!r}")


def filled(text: str, params: Mapping[str, object]) -> str:
    """An English msgid with its parameters filled in (``text`` as it is without any)."""
    return text % params if params else text


def text_params(obj: Any) -> Mapping[str, object]:
    """The parameters a section's words take: its own ``params`` (the second packet's
    ``%(packet)s``, the game's word for it), else none."""
    params = getattr(obj, "params", None)
    return params if isinstance(params, Mapping) else {}


def generic_params(obj: Any) -> Mapping[str, object]:
    """:func:`text_params` as the section's default says them, whatever the rule set."""
    return text_params(type(obj)()) if text_params(obj) else {}


def declared(obj: Any, prefix: str = "") -> Iterator[Declared]:
    """The declared values a dataclass instance holds, in field order."""
    hints = _hints(type(obj))
    params, generic = text_params(obj), generic_params(obj)
    for f in fields(obj):
        decl = f.metadata.get(_RULE)
        if decl is None:
            continue
        kind, optional, enum = _kind(hints[f.name])
        in_force = not (decl.replaced_by and any(
            getattr(obj, name) for name in decl.replaced_by.split()))
        yield Declared(f"{prefix}{f.name}", f.name, decl, kind, optional, enum,
                       getattr(obj, f.name), in_force, params, generic)


def sections(obj: Any) -> tuple[Section, ...]:
    """The sections of a rule set in field order, then the values it holds itself."""
    out = [
        Section(f.name, f.metadata[_SECTION], tuple(declared(getattr(obj, f.name), f"{f.name}.")),
                text_params(getattr(obj, f.name)), generic_params(getattr(obj, f.name)))
        for f in fields(obj) if _SECTION in f.metadata
    ]
    own = tuple(declared(obj))
    if own:
        out.append(Section("", THE_GAME, own))
    return tuple(out)


def all_declared(obj: Any) -> Iterator[Declared]:
    """Every declared value of a rule set, section by section."""
    for sec in sections(obj):
        yield from sec.values


# -- reading plain data ----------------------------------------------------------------------


class Reader:
    """Reads plain data into rule values, collecting a field error for each bad value."""

    def __init__(self) -> None:
        self.errors: list[FieldError] = []

    def section(self, data: Mapping[str, Any], key: str) -> Mapping[str, Any]:
        value = data.get(key, {})
        if not isinstance(value, Mapping):
            self.errors.append(FieldError(key, N_("Must be an object.")))
            return {}
        return value

    def points(
        self, data: Mapping[str, Any], key: str, path: str, default: int | None, *,
        optional: bool = True, minimum: int = 0, maximum: int = MAX_POINTS,
    ) -> int | None:
        if key not in data:
            return default
        value = data[key]
        if value is None and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            self.errors.append(FieldError(path, N_("Must be a whole number.")))
            return default
        if value < minimum or value > maximum:
            self.errors.append(
                FieldError(path, N_("Must be between %(low)d and %(high)d."),
                           low=minimum, high=maximum)
            )
            return default
        return value

    def required(self, data: Mapping[str, Any], key: str, path: str, default: int,
                 minimum: int = 0) -> int:
        value = self.points(data, key, path, default, optional=False, minimum=minimum)
        return default if value is None else value

    def flag(self, data: Mapping[str, Any], key: str, path: str, default: bool) -> bool:
        value = data.get(key, default)
        if not isinstance(value, bool):
            self.errors.append(FieldError(path, N_("Must be true or false.")))
            return default
        return value

    def text(self, data: Mapping[str, Any], key: str, path: str, default: str,
             max_length: int = 120) -> str:
        value = data.get(key, default)
        if not isinstance(value, str) or not value.strip() or len(value) > max_length:
            self.errors.append(
                FieldError(path, N_("Must be a text of 1 to %(max)d characters."), max=max_length)
            )
            return default
        return value.strip()

    def choice(self, data: Mapping[str, Any], key: str, path: str, enum: type[Enum],
               default: Enum) -> Any:
        value = data.get(key, default.value)
        try:
            return enum(value)
        except ValueError:
            self.errors.append(
                FieldError(path, N_("Must be one of: %(choices)s."),
                           choices=", ".join(str(m.value) for m in enum))
            )
            return default

    def table(self, data: Mapping[str, Any], key: str, path: str, default: tuple[int, ...], *,
              minimum: int = 0, maximum: int = MAX_POINTS) -> tuple[int, ...]:
        """A table of whole numbers (a list; ``None`` or ``[]``: no table)."""
        if key not in data:
            return default
        value = data[key]
        if value is None:
            return ()
        if not isinstance(value, list | tuple) or len(value) > MAX_TABLE_ROWS:
            self.errors.append(FieldError(
                path, N_("Give a list of at most %(count)d whole numbers."), count=MAX_TABLE_ROWS))
            return default
        if any(isinstance(v, bool) or not isinstance(v, int) or not minimum <= v <= maximum
               for v in value):
            self.errors.append(FieldError(
                path, N_("Each must be a whole number between %(low)d and %(high)d."),
                low=minimum, high=maximum))
            return default
        return tuple(value)

    def value(self, data: Mapping[str, Any], d: Declared) -> Any:
        """One declared value from ``data`` (``d.value`` when it is left out or bad)."""
        if d.kind is Kind.TABLE:
            return self.table(data, d.name, d.path, d.value, minimum=d.rule.minimum,
                              maximum=d.rule.maximum)
        if d.kind is Kind.FLAG:
            return self.flag(data, d.name, d.path, d.value)
        if d.kind is Kind.CHOICE:
            assert d.enum is not None
            return self.choice(data, d.name, d.path, d.enum, d.value)
        return self.points(data, d.name, d.path, d.value, optional=d.optional,
                           minimum=d.rule.minimum, maximum=d.rule.maximum)

    def declared_values(self, data: Mapping[str, Any], current: _T, prefix: str = "") -> _T:
        """A copy of the dataclass ``current`` with each declared value ``data`` gives."""
        return replace(current, **{d.name: self.value(data, d)  # type: ignore[type-var]
                                   for d in declared(current, prefix)})


def to_plain(obj: Any) -> dict[str, Any]:
    """A section's declared values as JSON-ready data."""
    assert is_dataclass(obj)
    return {d.name: d.plain for d in declared(obj)}
