"""The OpenAPI 3.1 document of the JSON API, served at ``/api/v1/openapi.json``.

Each view declares its operation with :func:`operation`; the paths are generated from the
API's routes and those declarations. Nothing here is a schema written by hand beside what it
describes: a request body's schema comes of the declaration that reads it (``services.bodies``;
a hand's, of the engine's hand inputs and reader: :func:`hand_schemas`), and an answer's of
the TypedDict its view fills in (``api/shapes.py``), a rule set's completed with the presets'
declared values (:func:`with_declared_values`). ``.ci/schemathesis`` checks the whole document
against the served app.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from flask import Response, jsonify

from ..engine import PRESETS, CanastaKind, HandEnd
from ..engine.cards import CARD_GROUP_FIELDS
from ..engine.hand import MAX_FORMAT_ID, MAX_SIDES, MIN_SIDES
from ..engine.hand_inputs import (
    MAX_CANASTAS,
    MAX_CARDS,
    MAX_CHOICE,
    MAX_COUNT,
    MAX_IDS,
    HandInput,
    InputKind,
    hand_inputs,
)
from . import bp, shapes

_ERRORS = {"$ref": "#/components/schemas/Errors"}


def or_null(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema, or null."""
    return {"anyOf": [schema, {"type": "null"}]}


def count(maximum: int, multiple_of: int | None = None) -> dict[str, Any]:
    """A count in a hand, as the engine reads it (``engine.hand``): a whole number from 0 to
    ``maximum``; null or blank text is none, and digits as text (what a form sends) are read
    as the number."""
    number: dict[str, Any] = {"type": "integer", "minimum": 0, "maximum": maximum}
    if multiple_of:
        number["multipleOf"] = multiple_of
    digits = {"type": "string", "pattern": "^\\s*[0-9]{0,12}\\s*$",
              "description": "The number's digits; blank is none"}
    return {"anyOf": [number, {"type": "null"}, digits]}


def points(maximum: int, *, unsigned: bool = False) -> dict[str, Any]:
    """Points in a hand (multiples of 5), as the engine reads them: a :func:`count`, and as
    text with thousands grouped as a sheet writes them, "1.035" or "1,035" (one separator,
    groups of three digits: "1.5" is refused). ``unsigned``: points the count always gives their
    sign (in hand: taken off), so a minus before them, as sheets print them, is read as the
    number: -20 and "-20" are 20."""
    schema = count(maximum, 5)
    number, null, digits = schema["anyOf"]
    sign = "[-\u2212]?" if unsigned else ""
    digits = {"type": "string",
              "pattern": f"^\\s*{sign}([0-9]{{0,12}}|[1-9][0-9]{{0,2}}(\\.[0-9]{{3}})+"
                         f"|[1-9][0-9]{{0,2}}(,[0-9]{{3}})+)\\s*$",
              "description": "The number's digits, thousands grouped by . or , or not at all"
                             + ("; a minus sign is read as the number" if unsigned else "")
                             + "; blank is none"}
    if unsigned:
        number = {**number, "minimum": -maximum,
                  "description": "A minus is read as the number: -20 is 20"}
    return {"anyOf": [number, null, digits]}


def signed_points() -> dict[str, Any]:
    """A side's score for a hand the table counted itself (``hand_total``): a multiple of 5,
    negative or not, as a number or as a sheet writes it ("-1.035", "2,350"); its bounds are
    the rule set's (``engine.bounds``), told by a 422 with the field."""
    number = {"type": "integer", "multipleOf": 5}
    digits = {"type": "string",
              "pattern": "^\\s*[-\u2212]?([0-9]{0,12}|[1-9][0-9]{0,2}(\\.[0-9]{3})+"
                         "|[1-9][0-9]{0,2}(,[0-9]{3})+)\\s*$",
              "description": "The number's digits with an optional minus, thousands grouped "
                             "by . or , or not at all; blank is none"}
    return {"anyOf": [number, {"type": "null"}, digits]}


#: A hand the server counts (so the schema shows one that is accepted).
HAND_EXAMPLE = {"end": "went_out", "sides": [
    {"table_points": 355, "hand_points": 20, "canastas": {"mixed": 2}, "going_out": "normal"},
    {"table_points": 280, "hand_points": 45, "red_threes": 3},
]}

#: A hand the table counted itself ("total only"): each side's score, who went out.
TOTAL_ONLY_EXAMPLE = {"end": "went_out", "sides": [
    {"hand_total": 1035, "going_out": "normal"}, {"hand_total": -20},
]}

#: The request bodies' schemas, named by the modules that read them (:func:`add_schemas`).
SCHEMAS: dict[str, Any] = {}


#: One bearer scheme per kind of token, so a client (or a fuzzer) knows which token goes where.
SECURITY = {
    name: {"type": "http", "scheme": "bearer", "description": description}
    for name, description in (
        ("gameEditToken", "The game's edit token (or its tournament's admin token)."),
        ("houseRulesToken", "The house rules' edit token."),
        ("tournamentAdminToken", "The tournament's admin token."),
        ("seriesAdminToken", "The series' desk token."),
    )
}


#: What each error status means when no operation says more.
ERROR_MEANING = {
    400: "The body is not a JSON object of this shape, or is nested too deep",
    401: "No token sent as “Authorization: Bearer <token>”",
    403: "A token that does not open this resource",
    404: "No resource of that id or number",
    409: "A conflict with the resource's state",
    412: "The If-Match version is not the current one",
    413: "The body is larger than 1 MiB (with its length sent, or sent in chunks)",
    415: "The body is not sent as “Content-Type: application/json” (a charset parameter is "
         "taken; any other type is refused, application/vnd.api+json and other +json types "
         "included)",
    422: "Field errors (a value that cannot be, or a text holding a character that cannot "
         "be stored)",
    429: "Too many wrong tokens from this address: wait Retry-After seconds",
    503: "The database stayed busy: nothing was saved; try again after Retry-After seconds",
}
_RETRY_AFTER = {"Retry-After": {"description": "Seconds to wait",
                                "schema": {"type": "integer", "minimum": 1}}}

#: Every operation that reads the body can also answer these.
BODY_ERRORS = (400, 413, 415, 422)


def error(description: str) -> dict[str, Any]:
    """A documented error answer."""
    return {"description": description, "content": {"application/json": {"schema": _ERRORS}}}


def ok(description: str, schema: dict[str, Any] | None = None,
       headers: dict[str, Any] | None = None) -> dict[str, Any]:
    """A documented success answer."""
    content = {"application/json": {"schema": schema or {"type": "object"}}}
    answer: dict[str, Any] = {"description": description, "content": content}
    if headers:
        answer["headers"] = headers
    return answer


def ref(name: str) -> dict[str, str]:
    """A reference to a component schema."""
    return {"$ref": f"#/components/schemas/{name}"}


def errors(*codes: int, **meanings: str) -> dict[str, Any]:
    """Error answers for ``codes``; ``meanings`` (``e409="..."``) say more than the default."""
    answers: dict[str, Any] = {}
    for code in sorted(set(codes)):
        answer = error(meanings.get(f"e{code}", ERROR_MEANING[code]))
        if code in (429, 503):
            answer["headers"] = _RETRY_AFTER
        answers[str(code)] = answer
    return answers


def header(description: str) -> dict[str, Any]:
    """A documented response header (a string)."""
    return {"description": description, "schema": {"type": "string"}}


ETAG = {"ETag": header("The version, for If-Match")}


def _input_schema(d: HandInput) -> dict[str, Any]:
    """A hand input's schema, by its kind, as the engine's reader takes it."""
    by_kind: dict[InputKind, dict[str, Any]] = {
        InputKind.COUNT: count(d.maximum),
        InputKind.POINTS: points(d.maximum, unsigned=d.unsigned),
        InputKind.TOTAL: signed_points(),
        InputKind.CARDS: or_null(ref("CardCounts")),
        InputKind.KINDS: {"type": ["object", "null"], "additionalProperties": False,
                          "properties": {k.value: count(MAX_CANASTAS) for k in CanastaKind}},
        InputKind.BY_ID: or_null(ref("Counts")),
        InputKind.CHOICE: {"type": ["string", "null"], "maxLength": MAX_CHOICE},
        InputKind.FLAG: {"type": ["boolean", "null"]},
        InputKind.TEXT: {"type": ["string", "null"]},
    }
    schema = by_kind[d.kind]
    return {**schema, "description": d.api} if d.api else schema


def side_schema() -> dict[str, Any]:
    """The schema of one side of a hand: every hand input as declared
    (``engine/hand_inputs.py``)."""
    return {
        "type": "object",
        "description": "One side's count; a value left out or null is none (zero). A hand "
                       "the table counted itself gives hand_total (and, if noted, going_out) "
                       "for every side and nothing else.",
        "additionalProperties": False,
        "properties": {d.name: _input_schema(d) for d in hand_inputs()},
    }


def hand_schemas() -> dict[str, Any]:
    """The schemas of a hand's body, as the engine's reader (``engine.hand.read_entry``) takes
    it: its sides' inputs as declared, its bounds, the ways a hand ends and the player counts
    of the presets' formats; card counts by the card groups (``engine.cards``)."""
    player_counts = sorted({f.players for rs in PRESETS.values() for f in rs.formats})
    return {
        "CardCounts": {
            "type": "object",
            "additionalProperties": False,
            "properties": {name: count(MAX_CARDS) for name in CARD_GROUP_FIELDS},
        },
        "Counts": {
            "type": "object",
            "description": "How many of each, by the rule set's premio or penalty id.",
            "maxProperties": MAX_IDS,
            "additionalProperties": count(MAX_COUNT),
        },
        "Side": side_schema(),
        "Hand": {
            "type": "object",
            "required": ["sides"],
            "properties": {
                "players": {"oneOf": [{"type": "integer", "enum": player_counts},
                                      {"type": "string", "maxLength": MAX_FORMAT_ID}],
                            "description": "A count of players or a format id of the rule "
                                           "set; 6 with three sides is three pairs (comodines' "
                                           "6-pairs), with two the two teams of three"},
                "format": {"type": ["string", "null"], "maxLength": MAX_FORMAT_ID},
                "end": {"type": "string", "enum": [e.value for e in HandEnd]},
                "total_only": {"type": ["boolean", "null"], "description":
                               "The table counted the hand itself: each side gives hand_total. "
                               "Implied by a hand_total on any side; true asks for one on "
                               "each."},
                "sides": {"type": "array", "minItems": MIN_SIDES, "maxItems": MAX_SIDES,
                          "items": ref("Side")},
            },
            "examples": [HAND_EXAMPLE, TOTAL_ONLY_EXAMPLE],
        },
    }


def with_declared_values(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema of a rule set: its fixed parts (``scoring.RuleSet``), and every declared value
    of every preset (``engine/declared.py``) with its type, bounds and label, so a new value
    documents itself."""
    schema = copy.deepcopy(schema)
    properties = schema["properties"]
    required = set(schema["required"])
    for rs in PRESETS.values():
        for sec in rs.sections():
            if sec.key:
                into = properties.setdefault(sec.key, {
                    "type": "object", "description": sec.english_title, "properties": {},
                    "required": []})
                into["properties"].update({d.name: d.schema() for d in sec.values})
                into["required"] = sorted(set(into["required"]) | {d.name for d in sec.values})
                required.add(sec.key)
            else:
                properties.update({d.name: d.schema() for d in sec.values})
                required.update(d.name for d in sec.values)
    schema["required"] = sorted(required)
    return schema


def rule_set_body(own: dict[str, Any]) -> dict[str, Any]:
    """A house rules' body: its own fields (``own``) and every declared value of a rule set
    (``engine/declared.py``: its type, bounds and label, read by the same declaration), as
    ``GET /rulesets/{id}`` answers it, none of them required: a value left out, or a section
    left out, is the base preset's. The rule set's other parts (canasta kinds, opening
    minimums, premios...) are read in more shapes than an answer has (a penalty as its points
    alone, ``null`` for none): the body's description says so."""
    schema = copy.deepcopy(own)
    properties = schema["properties"]
    for rs in PRESETS.values():
        for sec in rs.sections():
            values = {d.name: d.schema() for d in sec.values}
            if sec.key:
                into = properties.setdefault(sec.key, {
                    "type": "object", "description": sec.english_title, "properties": {}})
                into["properties"].update(values)
            else:
                properties.update({k: v for k, v in values.items() if k not in properties})
    return schema


def add_schemas(schemas: dict[str, Any]) -> None:
    """Name more component schemas: a request body's, generated from its declaration (called
    by the module that reads it, at import)."""
    SCHEMAS.update(schemas)


@dataclass(frozen=True)
class Operation:
    """What the document says of one view: its summary, the parameters its path does not
    already name, its body, its answers and the tokens it takes. The path, the method and
    the path's parameters come from the view's route."""

    id: str
    summary: str
    responses: dict[str, Any]
    description: str | None = None
    params: tuple[dict[str, Any], ...] = ()
    #: A path parameter's description, by its name.
    path_notes: Mapping[str, str] = field(default_factory=dict)
    body: dict[str, Any] | None = None
    security: list[dict[str, list[str]]] | None = None

    def document(self, path_params: list[dict[str, Any]]) -> dict[str, Any]:
        """The operation object, given the route's path parameters."""
        op: dict[str, Any] = {"summary": self.summary, "operationId": self.id}
        if self.description is not None:
            op["description"] = self.description
        params = [{**p, "description": self.path_notes[p["name"]]}
                  if p["name"] in self.path_notes else p for p in path_params]
        params += self.params
        if params:
            op["parameters"] = params
        if self.security is not None:
            op["security"] = self.security
        if self.body is not None:
            op["requestBody"] = {"required": True,
                                 "content": {"application/json": {"schema": self.body}}}
        op["responses"] = self.responses
        return op


_DECLARED = "__api_operation__"
_View = TypeVar("_View", bound=Callable[..., Any])


def operation(id: str, summary: str, *, responses: dict[str, Any],
              description: str | None = None, params: Iterable[dict[str, Any]] = (),
              path_notes: Mapping[str, str] | None = None, body: dict[str, Any] | None = None,
              security: list[dict[str, list[str]]] | None = None) -> Callable[[_View], _View]:
    """Declare a view's operation, for the document (put it under the route decorator)."""
    declared = Operation(id, summary, responses, description, tuple(params),
                         dict(path_notes or {}), body, security)

    def declare(view: _View) -> _View:
        setattr(view, _DECLARED, declared)
        return view

    return declare


def undocumented(view: _View) -> _View:
    """A view the document leaves out on purpose (the document itself)."""
    setattr(view, _DECLARED, None)
    return view


def declared(view: Callable[..., Any]) -> Operation | None:
    """The view's declared operation (None: left out on purpose); LookupError naming the view
    when it declares none."""
    if not hasattr(view, _DECLARED):
        raise LookupError(f"{view.__module__}.{view.__qualname__} declares no operation "
                          "(@operation, or @undocumented)")
    result: Operation | None = getattr(view, _DECLARED)
    return result


#: A path parameter's schema by its converter: ids are text, numbers count from 1.
_CONVERTERS: dict[str, dict[str, Any]] = {
    "default": {"type": "string"},
    "string": {"type": "string"},
    "int": {"type": "integer", "minimum": 1},
}
_VARIABLE = re.compile(r"<(?:(?P<converter>\w+)(?:\([^)]*\))?:)?(?P<name>\w+)>")


def openapi_path(rule: str) -> tuple[str, list[dict[str, Any]]]:
    """A Flask rule as an OpenAPI path (``<int:n>`` is ``{n}``) and its path parameters."""
    params = [{"name": m["name"], "in": "path", "required": True,
               "schema": dict(_CONVERTERS[m["converter"] or "default"])}
              for m in _VARIABLE.finditer(rule)]
    return _VARIABLE.sub(lambda m: "{" + m["name"] + "}", rule), params


def paths() -> dict[str, Any]:
    """Every documented operation of the API's routes, by path and method."""
    found: dict[str, Any] = {}
    for route in bp.routes:
        op = declared(route.view)
        if op is None:
            continue
        path, params = openapi_path(route.rule)
        for method in sorted(route.methods - {"HEAD", "OPTIONS"}):
            found.setdefault(path, {})[method.lower()] = op.document(params)
    return found


def document() -> dict[str, Any]:
    """The whole OpenAPI document."""
    return {
        "openapi": "3.1.0",
        "info": {"title": "Canasta Scorekeeper API", "version": "1"},
        "servers": [{"url": "/api/v1"}],
        "paths": paths(),
        "components": {
            "schemas": _with_rule_set_bodies(
                {**SCHEMAS, **hand_schemas(), **shapes.components()}),
            "securitySchemes": SECURITY,
        },
    }


#: The bodies that send a rule set's values beside their own fields (``add_schemas``'s name).
RULE_SET_BODIES = ("HouseRulesBody",)


def _with_rule_set_bodies(schemas: dict[str, Any]) -> dict[str, Any]:
    for name in RULE_SET_BODIES:
        if name in schemas:
            schemas[name] = rule_set_body(schemas[name])
    return schemas


@bp.get("/openapi.json")
@undocumented
def openapi() -> Response:
    """The OpenAPI document of this API."""
    return jsonify(document())
