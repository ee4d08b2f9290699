"""The OpenAPI 3.1 document of the JSON API, served at ``/api/v1/openapi.json``.

Each area adds its paths with :func:`add_paths`, next to the endpoints it documents.
"""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify

from . import bp

_ERRORS = {"$ref": "#/components/schemas/Errors"}

SCHEMAS: dict[str, Any] = {
    "Errors": {
        "type": "object",
        "required": ["errors"],
        "properties": {
            "errors": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["field", "message"],
                    "properties": {"field": {"type": "string"}, "message": {"type": "string"}},
                },
            },
        },
    },
    "CardCounts": {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            name: {"type": "integer", "minimum": 0, "maximum": 200}
            for name in ("jokers", "twos", "aces", "eights_to_kings", "fours_to_sevens",
                         "black_threes")
        },
    },
    "Counts": {
        "type": "object",
        "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 99},
    },
    "Side": {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "name": {"type": "string", "maxLength": 60},
            "table_points": {"type": "integer", "minimum": 0, "maximum": 10000,
                             "multipleOf": 5},
            "hand_points": {"type": "integer", "minimum": 0, "maximum": 10000, "multipleOf": 5},
            "table_cards": {"$ref": "#/components/schemas/CardCounts"},
            "hand_cards": {"$ref": "#/components/schemas/CardCounts"},
            "canastas": {
                "type": "object",
                "additionalProperties": False,
                "properties": {k: {"type": "integer", "minimum": 0, "maximum": 30}
                               for k in ("natural", "mixed", "wild")},
            },
            "red_threes": {"type": "integer", "minimum": 0, "maximum": 99},
            "going_out": {"type": ["string", "null"], "maxLength": 60},
            "black_threes_shown": {"type": "integer", "minimum": 0, "maximum": 99},
            "black_threes_in_hand": {"type": ["integer", "null"], "minimum": 0, "maximum": 99},
            "red_threes_in_hand": {"type": "integer", "minimum": 0, "maximum": 99},
            "premios": {"$ref": "#/components/schemas/Counts"},
            "penalties": {"$ref": "#/components/schemas/Counts"},
        },
    },
    "Hand": {
        "type": "object",
        "required": ["sides"],
        "properties": {
            "players": {"oneOf": [{"type": "integer", "enum": [2, 3, 4, 6]},
                                  {"type": "string", "maxLength": 20}]},
            "format": {"type": "string", "maxLength": 20},
            "end": {"type": "string", "enum": ["went_out", "stock_out", "time_up"]},
            "sides": {"type": "array", "minItems": 2, "maxItems": 3,
                      "items": {"$ref": "#/components/schemas/Side"}},
        },
    },
    "ScoreRequest": {
        "allOf": [
            {"$ref": "#/components/schemas/Hand"},
            {"type": "object", "properties": {"ruleset": {"type": "string", "maxLength": 60}}},
        ],
    },
    "Line": {
        "type": "object",
        "properties": {"id": {"type": "string"}, "label": {"type": "string"},
                       "points": {"type": "integer"}},
    },
    "HandResult": {
        "type": "object",
        "properties": {
            "totals": {"type": "array", "items": {"type": "integer"}},
            "sides": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "total": {"type": "integer"},
                        "lines": {"type": "array", "items": {"$ref": "#/components/schemas/Line"}},
                    },
                },
            },
        },
    },
    "RuleSet": {"type": "object", "description": "Every value of a rule set."},
}


def error(description: str) -> dict[str, Any]:
    """A documented error answer."""
    return {"description": description, "content": {"application/json": {"schema": _ERRORS}}}


def ok(description: str, schema: dict[str, Any] | None = None) -> dict[str, Any]:
    """A documented success answer."""
    content = {"application/json": {"schema": schema or {"type": "object"}}}
    return {"description": description, "content": content}


PATHS: dict[str, Any] = {
    "/score": {
        "post": {
            "summary": "Count one hand under a rule set (nothing is stored)",
            "operationId": "scoreHand",
            "requestBody": {
                "required": True,
                "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/ScoreRequest"}}},
            },
            "responses": {
                "200": ok("Each side's lines and total",
                          {"$ref": "#/components/schemas/HandResult"}),
                "400": error("The body is not a JSON object with a list of sides"),
                "413": error("The body is larger than 1 MiB"),
                "422": error("A hand that cannot be, with field errors"),
            },
        }
    },
    "/rulesets": {
        "get": {"summary": "The presets (house rules are read by id)",
                "operationId": "listRulesets",
                "responses": {"200": ok("The rule sets")}},
    },
    "/rulesets/{ruleset_id}": {
        "get": {
            "summary": "One rule set as data",
            "operationId": "getRuleset",
            "parameters": [{"name": "ruleset_id", "in": "path", "required": True,
                            "schema": {"type": "string", "maxLength": 60}}],
            "responses": {"200": ok("The rule set", {"$ref": "#/components/schemas/RuleSet"}),
                          "404": error("No rule set of that id")},
        }
    },
    "/opening-minimum": {
        "get": {
            "summary": "The first-meld minimum for a running total",
            "operationId": "openingMinimum",
            "parameters": [
                {"name": "ruleset", "in": "query", "schema": {"type": "string", "maxLength": 60}},
                {"name": "score", "in": "query", "required": True,
                 "schema": {"type": "integer", "minimum": -1000000, "maximum": 1000000}},
            ],
            "responses": {"200": ok("The minimum"),
                          "422": error("Unknown rule set or a score that is not a number")},
        }
    },
}


def add_paths(paths: dict[str, Any], schemas: dict[str, Any] | None = None) -> None:
    """Document more endpoints (called by the module that defines them, at import)."""
    PATHS.update(paths)
    SCHEMAS.update(schemas or {})


def document() -> dict[str, Any]:
    """The whole OpenAPI document."""
    return {
        "openapi": "3.1.0",
        "info": {"title": "Canasta Scorekeeper API", "version": "1"},
        "servers": [{"url": "/api/v1"}],
        "paths": PATHS,
        "components": {
            "schemas": SCHEMAS,
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
        },
    }


@bp.get("/openapi.json")
def openapi() -> Response:
    """The OpenAPI document of this API."""
    return jsonify(document())
