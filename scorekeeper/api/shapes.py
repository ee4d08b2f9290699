"""Answers declared once: each JSON answer is a :class:`~typing.TypedDict` the view fills in
(mypy checks every key and type it writes), and the document's schema of it is generated from
the same class, so the answer and the schema cannot drift.

A field's type says its schema (``int``, ``str``, ``bool``, ``list[X]``, ``X | None``,
``Literal[...]``, another answer); :class:`Doc` in ``Annotated[...]`` adds its description and
any keyword the type cannot say (``minimum``, ``format``, an ``enum`` computed at import).
``NotRequired[...]`` marks a key an answer may leave out. An answer registered with
:func:`answers` is a component of the document, named by its class and referred to by ``$ref``
wherever another answer holds it; any other is written out where it is held. An answer that
holds every key of a registered one is shown as ``allOf`` that one and its own keys, when it
says so (:func:`extends`). The class's docstring is the schema's description (a comment above
it, for the code only, is not).
"""

from __future__ import annotations

import sys
import types
from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import (
    Annotated,
    Any,
    Literal,
    NotRequired,
    Required,
    TypeVar,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)


class Doc:
    """What a field's schema says beyond its type: a description and JSON-schema keywords
    (they replace what the type gives for the same keyword)."""

    def __init__(self, description: str | None = None, /, **keywords: Any) -> None:
        self.description = description
        self.keywords = keywords


#: The registered answers, by component name.
_ANSWERS: dict[str, type] = {}
#: What completes an answer's schema with keys no class can name (see :func:`answers`).
_MORE: dict[type, Callable[[dict[str, Any]], dict[str, Any]]] = {}
#: The registered answer each answer extends (see :func:`extends`).
_BASES: dict[type, type] = {}

_Class = TypeVar("_Class", bound=type)


def answers(*classes: type,
            more: Callable[[dict[str, Any]], dict[str, Any]] | None = None) -> None:
    """Make these answers components of the document (called by the module whose views fill
    them in, at import). ``more``: the schema made of the class, completed with keys known
    only when the document is made (a rule set's declared values)."""
    for cls in classes:
        if not is_typeddict(cls):
            raise TypeError(f"{cls.__qualname__} is not a TypedDict")
        named = _ANSWERS.get(cls.__name__)
        if named is not None and (named.__module__, named.__qualname__) != (
                cls.__module__, cls.__qualname__):
            raise TypeError(f"two answers are named {cls.__name__}: {named.__module__}'s "
                            f"and {cls.__module__}'s")
        _ANSWERS[cls.__name__] = cls
        if more is not None:
            _MORE[cls] = more


def extends(base: type) -> Callable[[_Class], _Class]:
    """Show the answer as ``allOf`` the registered answer ``base`` (a class it derives from,
    which Python's TypedDict does not remember) and the keys of its own. Checked at once, so
    the types the class names are defined above it."""

    def declare(cls: _Class) -> _Class:
        if not set(_hints(base)) <= set(_hints(cls)):
            raise TypeError(f"{cls.__qualname__} does not hold every key of "
                            f"{base.__qualname__}")
        _BASES[cls] = base
        return cls

    return declare


def components() -> dict[str, Any]:
    """The schema of every registered answer, by its name."""
    return {name: _MORE.get(cls, _same)(_object(cls)) for name, cls in _ANSWERS.items()}


def _same(schema: dict[str, Any]) -> dict[str, Any]:
    return schema


def schema_of(tp: Any) -> dict[str, Any]:
    """The JSON schema of a type an answer holds (a registered answer is a ``$ref``)."""
    origin = get_origin(tp)
    if origin is Annotated:
        inner, *extras = get_args(tp)
        schema = schema_of(inner)
        for doc in extras:
            if isinstance(doc, Doc):
                schema.update(doc.keywords)
                if doc.description is not None:
                    schema["description"] = doc.description
        return schema
    if origin in (Required, NotRequired):
        return schema_of(get_args(tp)[0])
    if origin in (Union, types.UnionType):
        return _union(get_args(tp))
    if origin is Literal:
        values = list(get_args(tp))
        kinds = {type(v) for v in values}
        return {"type": _JSON[kinds.pop()], "enum": values} if len(kinds) == 1 else {
            "enum": values}
    if origin in (list, tuple):
        return {"type": "array", "items": schema_of(get_args(tp)[0])}
    if origin in (dict, Mapping):
        value = get_args(tp)[1]
        return {"type": "object"} if value is Any else {
            "type": "object", "additionalProperties": schema_of(value)}
    if tp is Any:
        return {}
    if tp is type(None):
        return {"type": "null"}
    if is_typeddict(tp):
        name: str = tp.__name__
        if _ANSWERS.get(name) is tp:
            return {"$ref": f"#/components/schemas/{name}"}
        return _object(tp)
    if isinstance(tp, type) and issubclass(tp, StrEnum):
        return {"type": "string", "enum": [member.value for member in tp]}
    if tp in _JSON:
        return {"type": _JSON[tp]}
    raise TypeError(f"no JSON schema for {tp!r}")


#: The JSON type of a Python one (bool before int: a bool is an int).
_JSON: dict[type, str] = {bool: "boolean", int: "integer", str: "string", float: "number",
                          list: "array", dict: "object"}


def _union(members: tuple[Any, ...]) -> dict[str, Any]:
    """``X | None`` as X's schema that also takes null; any other union as ``anyOf``."""
    rest = [m for m in members if m is not type(None)]
    if len(rest) != 1 or len(rest) == len(members):
        return {"anyOf": [schema_of(m) for m in members]}
    schema = schema_of(rest[0])
    if "enum" in schema:
        schema["enum"] = [*schema["enum"], None]
    if isinstance(schema.get("type"), str):
        schema["type"] = [schema["type"], "null"]
        return schema
    if "enum" in schema:
        return schema
    return {"anyOf": [schema, {"type": "null"}]}


def _hints(cls: type) -> dict[str, Any]:
    module = sys.modules[cls.__module__]
    return get_type_hints(cls, vars(module), include_extras=True)


def _object(cls: type) -> dict[str, Any]:
    """An answer's object schema (``allOf`` the answer it extends and its own keys)."""
    hints = _hints(cls)
    base = _BASES.get(cls)
    if base is not None:
        inherited = _hints(base)
        hints = {k: v for k, v in hints.items() if k not in inherited}
    schema: dict[str, Any] = {"type": "object"}
    if cls.__doc__ and base is None:
        schema["description"] = " ".join(cls.__doc__.split())
    schema["required"] = [k for k, v in hints.items() if get_origin(v) is not NotRequired]
    schema["properties"] = {k: schema_of(v) for k, v in hints.items()}
    if base is None:
        return schema
    allof: dict[str, Any] = {"allOf": [schema_of(base), schema]}
    if cls.__doc__:
        allof["description"] = " ".join(cls.__doc__.split())
    return allof
