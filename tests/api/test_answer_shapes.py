"""Answers declared once (``api/shapes.py``): the document's schema of an answer is made of the
TypedDict its view fills in, and what the views send conforms to it."""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired, TypedDict

import pytest
from flask.testing import FlaskClient

from scorekeeper.api import shapes
from scorekeeper.api.openapi import document
from scorekeeper.api.shapes import Doc, schema_of


class _Inner(TypedDict):
    n: int


class _Outer(TypedDict):
    """An answer for the test.

    Two lines of it."""

    a: Annotated[int | None, Doc("Maybe a number", minimum=1)]
    b: list[_Inner]
    c: NotRequired[Literal["x", "y"]]
    d: dict[str, Any]
    e: Annotated[str | None, Doc(enum=["p", None])]


def test_a_typed_answer_is_its_schema():
    assert schema_of(_Outer) == {
        "type": "object",
        "description": "An answer for the test. Two lines of it.",
        "required": ["a", "b", "d", "e"],
        "properties": {
            "a": {"type": ["integer", "null"], "minimum": 1, "description": "Maybe a number"},
            "b": {"type": "array", "items": {
                "type": "object", "required": ["n"], "properties": {"n": {"type": "integer"}}}},
            "c": {"type": "string", "enum": ["x", "y"]},
            "d": {"type": "object"},
            "e": {"type": ["string", "null"], "enum": ["p", None]},
        },
    }
    assert schema_of(list[_Inner] | None)["type"] == ["array", "null"]
    assert schema_of(Literal["x"] | None) == {"type": ["string", "null"], "enum": ["x", None]}


def test_a_registered_answer_is_referred_to(monkeypatch):
    monkeypatch.setattr(shapes, "_ANSWERS", {})
    shapes.answers(_Inner)
    assert schema_of(_Inner | None) == {
        "anyOf": [{"$ref": "#/components/schemas/_Inner"}, {"type": "null"}]}
    assert shapes.components() == {"_Inner": {
        "type": "object", "required": ["n"], "properties": {"n": {"type": "integer"}}}}


def test_an_answer_that_does_not_hold_what_it_extends_is_refused():
    with pytest.raises(TypeError, match="does not hold every key"):
        shapes.extends(_Outer)(_Inner)
    with pytest.raises(TypeError, match="not a TypedDict"):
        shapes.answers(dict)


def test_two_answers_of_one_name_are_refused(monkeypatch):
    monkeypatch.setattr(shapes, "_ANSWERS", {})
    shapes.answers(_Inner)
    shapes.answers(_Inner)  # the same class again (a module imported twice) is the same answer

    def another() -> type:
        class _Inner(TypedDict):  # another answer of the same name
            m: str

        return _Inner

    with pytest.raises(TypeError, match="two answers are named _Inner"):
        shapes.answers(another())
    assert shapes._ANSWERS == {"_Inner": _Inner}


# -- what the views send conforms to the document ----------------------------------------------


def _conforms(value: Any, schema: dict[str, Any], schemas: dict[str, Any], at: str,
              part: bool = False) -> None:
    """Check ``value`` against the keywords the answers' schemas use (a small validator, so
    the test needs no library); fails naming where."""
    if "$ref" in schema:
        _conforms(value, schemas[schema["$ref"].rsplit("/", 1)[1]], schemas, at, part)
        return
    for each in schema.get("allOf", ()):
        _conforms(value, each, schemas, at, part=True)
    if "anyOf" in schema:
        misses = []
        for option in schema["anyOf"]:
            try:
                _conforms(value, option, schemas, at)
                break
            except AssertionError as miss:
                misses.append(miss)
        else:
            raise AssertionError(f"{at}: none of anyOf: {misses}")
    if "enum" in schema:
        assert value in schema["enum"], (at, value)
    if "type" in schema:
        kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        python = {"null": type(None), "boolean": bool, "string": str, "array": list,
                  "object": dict, "integer": int}
        assert any(isinstance(value, python[k])
                   and not (k == "integer" and isinstance(value, bool)) for k in kinds), (at, value)
    if "minimum" in schema and isinstance(value, int):
        assert value >= schema["minimum"], at
    if isinstance(value, dict):
        props = schema.get("properties", {})
        for key in schema.get("required", ()):
            assert key in value, f"{at}.{key} missing"
        declared = _keys(schema, schemas)
        if declared and not part:  # every key a view sends is declared, none sent unsaid
            assert set(value) <= declared, f"{at}: {set(value) - declared} undeclared"
        for key, sub in props.items():
            if key in value:
                _conforms(value[key], sub, schemas, f"{at}.{key}")
        extra = schema.get("additionalProperties")
        names = schema.get("propertyNames", {}).get("enum")
        for key in set(value) - set(props):
            if isinstance(extra, dict):
                _conforms(value[key], extra, schemas, f"{at}.{key}")
            assert names is None or key in names, (at, key)
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            _conforms(item, schema["items"], schemas, f"{at}[{i}]")


def _keys(schema: dict[str, Any], schemas: dict[str, Any]) -> set[str]:
    if "$ref" in schema:
        return _keys(schemas[schema["$ref"].rsplit("/", 1)[1]], schemas)
    keys = set(schema.get("properties", {}))
    for each in schema.get("allOf", ()):
        keys |= _keys(each, schemas)
    return keys


def _check(answer: Any, name: str | dict[str, Any], error: int | None = None) -> None:
    """The answer conforms to the component ``name`` (or that schema) and holds every key it
    names (an error answer: has the status ``error``, and holds only keys it names)."""
    schemas = document()["components"]["schemas"]
    schema = schemas[name] if isinstance(name, str) else name
    assert answer.status_code == error if error else answer.status_code < 300, answer.get_json()
    body = answer.get_json()
    _conforms(body, schema, schemas, str(name)[:40])
    if error:
        assert set(body) <= _keys(schema, schemas), name
    else:
        assert set(body) == _keys(schema, schemas), name


def _answer_schema(path: str, method: str, status: str = "200") -> dict[str, Any]:
    op = document()["paths"][path][method]
    return op["responses"][status]["content"]["application/json"]["schema"]


HAND = {"end": "went_out", "sides": [
    {"table_points": 50, "canastas": {"mixed": 1}, "going_out": "normal"}, {"table_points": 0}]}


def test_the_game_answers_conform_to_their_declared_shapes(client: FlaskClient) -> None:
    new = client.post("/api/v1/games", json={"ruleset": "classic", "target": 100000})
    _check(new, "NewGame")
    game = new.get_json()
    url, auth = f"/api/v1/games/{game['id']}", {"Authorization": f"Bearer {game['edit_token']}"}
    _check(client.get(url), "Game")
    added = client.post(f"{url}/hands", json=HAND, headers=auth)
    assert added.status_code == 201
    _check(added, "StoredHand")
    _check(client.get(f"{url}/hands/1"), "StoredHand")
    _check(client.get(url, headers=auth), "Game")
    _check(client.post(f"{url}/undo", headers=auth), "ChangeMade")
    _check(client.post(f"{url}/redo", headers=auth), "ChangeMade")
    _check(client.get(f"{url}/changes"), "Changes")
    _check(client.post("/api/v1/score", json={"ruleset": "classic", **HAND}), "HandResult")


def test_the_rule_set_and_house_rules_answers_conform(client: FlaskClient) -> None:
    _check(client.get("/api/v1/rulesets"), "RulesetList")
    _check(client.get("/api/v1/opening-minimum?ruleset=brazilian&score=7500"), "OpeningMinimum")
    assert client.get("/api/v1/opening-minimum?ruleset=brazilian&score=7500").get_json()[
        "condition"] is not None
    _check(client.post("/api/v1/house-rules", json={"name": "Casa"}), "NewHouseRules")


def _helpers() -> Any:
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parents[1] / "tournaments"))
    import tournament_helpers

    return tournament_helpers


def test_the_tournament_answers_conform(client: FlaskClient) -> None:
    h = _helpers()
    body = {"name": "Club", "ruleset": "torneo", "rounds": 2, "minutes": 60, "target": 15000,
            "values": h.VALUES, "pairs": h.pairs(5)}
    created = client.post("/api/v1/tournaments", json=body)
    _check(created, "TournamentCreated")
    tid, token = created.get_json()["id"], created.get_json()["admin_token"]
    url, auth = f"/api/v1/tournaments/{tid}", h.admin(token)
    _check(client.get(url), "Tournament")
    _check(client.get(url, headers=auth), "Tournament")
    _check(client.post(f"{url}/rounds/1/links", headers=auth), "RoundLinks")
    _check(client.post(f"{url}/rounds/1/tables/1/link", headers=auth), "TableLink")
    changed = _answer_schema("/tournaments/{tournament_id}/pairs/{number}/check-in", "put")
    _check(client.put(f"{url}/pairs/1/check-in", headers=auth), changed)
    _check(client.post(f"{url}/rounds/1/start", headers=auth), "Tournament")
    _check(client.post(f"{url}/pairs/1/abandon", headers=auth), "Tournament")
    _check(client.post(f"{url}/rounds/1/finish", headers=auth), "Tournament")
    standings = client.get(url).get_json()["standings"]
    assert any(s["rank"] is None or s["byes"] for s in standings)


def test_the_tournament_paper_answers_conform(client: FlaskClient) -> None:
    h = _helpers()
    admin, create = h.admin, h.create
    tid, token = create(client, 4, rounds=2)
    _check(client.get(f"/api/v1/tournaments/{tid}/table-cards", headers=admin(token)),
           "TableCards")
    _check(client.post(f"/api/v1/tournaments/{tid}/table-cards/1/replace",
                       headers=admin(token)), "TableCards")
    _check(client.post(f"/api/v1/tournaments/{tid}/rounds/1/tables/1/result",
                       json={"totals": [3000, 1200]}, headers=admin(token)), "PaperResult")


def test_the_series_answers_conform(client: FlaskClient) -> None:
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parents[1] / "series"))
    import season_helpers

    def post(url: str, body: Any, headers: dict[str, str]) -> tuple[int, Any]:
        answer = client.post(url, json=body, headers=headers)
        return answer.status_code, answer.get_json()

    nights = season_helpers.play_season(post)
    created = client.post("/api/v1/series", json={"name": "Season", "best_of": 2})
    _check(created, "SeriesCreated")
    sid, token = created.get_json()["id"], created.get_json()["admin_token"]
    auth = {"Authorization": f"Bearer {token}"}
    for tid, night_token in nights:
        _check(client.post(f"/api/v1/series/{sid}/nights",
                           json={"tournament": tid, "admin_token": night_token},
                           headers=auth), "Series")
    series = client.get(f"/api/v1/series/{sid}")
    _check(series, "Series")
    rows = series.get_json()["standings"]
    assert any(n is None for row in rows for n in row["nights"])  # an absent night shown
    _check(client.patch(f"/api/v1/series/{sid}", json={"ranks_by": "victory_points"},
                        headers=auth), "Series")
    _check(client.get(f"/api/v1/series/{sid}/pairs/{rows[0]['key']}"
                      f"?against={rows[1]['key']}"), "PairHistory")
    from scorekeeper.services.season_standings import player_key

    _check(client.get(f"/api/v1/series/{sid}/players/{player_key('Ana')}"), "PlayerHistory")
    _check(client.delete(f"/api/v1/series/{sid}/nights/{nights[0][0]}", headers=auth),
           "Series")
    _check(client.post(f"/api/v1/series/{sid}/nights", json={}, headers=auth), "Errors", 422)


def test_the_error_answers_conform(client: FlaskClient) -> None:
    new = client.post("/api/v1/games", json={"ruleset": "classic"}).get_json()
    url, auth = f"/api/v1/games/{new['id']}", {"Authorization": f"Bearer {new['edit_token']}"}
    _check(client.post(f"{url}/hands", json={"sides": [{"red_threes": "x"}, {}]},
                       headers=auth), "Errors", 422)
    _check(client.get("/api/v1/games/nope"), "Errors", 404)
    _check(client.post(f"{url}/hands", data="[]", headers=auth), "Errors", 415)
    assert client.post(f"{url}/hands", json=HAND, headers=auth).status_code == 201
    stale = client.post(f"{url}/hands", json=HAND, headers={**auth, "If-Match": '"g1"'})
    _check(stale, "Errors", 412)
    assert stale.get_json()["changes"]


def test_every_presets_rule_set_conforms_to_its_schema(client: FlaskClient) -> None:
    # The rule set's answer is the engine's data (ruleset_to_dict) with the API's additions,
    # not filled in key by key: this is what keeps it and its declaration (scoring.RuleSet and
    # the declared values) together.
    from scorekeeper.engine import PRESETS

    for ruleset_id in PRESETS:
        _check(client.get(f"/api/v1/rulesets/{ruleset_id}"), "RuleSet")
    house = client.post("/api/v1/house-rules", json={"name": "Casa", "based_on": "brazilian"})
    _check(client.get(f"/api/v1/house-rules/{house.get_json()['id']}"), "RuleSet")
