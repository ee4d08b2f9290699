"""The API description is true: what it lists is what the server answers (Schemathesis), and
every operation lists the statuses its kind of request can get."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.api.openapi import document

# No test here touches the database (the document is built from the schemas; Schemathesis serves
# its own SQLite file), so the PostgreSQL run of .ci/run leaves the module out.
pytestmark = pytest.mark.no_database

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def _operations(doc):
    for path, item in doc["paths"].items():
        for method, op in item.items():
            yield f"{method.upper()} {path}", op


def test_every_operation_lists_the_statuses_its_requests_can_get(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    for name, op in _operations(doc):
        codes = set(op["responses"])
        assert any(c.startswith("2") for c in codes), name
        if "requestBody" in op:
            assert {"400", "413", "415", "422"} <= codes, name
        if op.get("security"):
            assert "429" in codes, name
            if {} not in op["security"]:  # the token is required
                assert {"401", "403", "404"} <= codes, name
        if name.startswith(("POST", "PUT", "DELETE")) and name != "POST /score":
            assert "503" in codes, name
        for code, answer in op["responses"].items():
            if code != "204":
                # Every answer has its shape; the papers (a PDF, a CSV) are files.
                content = answer["content"]
                kind = "application/json" if "application/json" in content else None
                assert kind or set(content) <= {"application/pdf", "text/csv"}, (name, code)
                if kind:
                    assert content[kind]["schema"] != {"type": "object"}, (
                        f"{name} {code} is described with no shape")
            if code in ("429", "503"):
                assert "Retry-After" in answer["headers"], (name, code)


def test_each_token_has_its_own_bearer_scheme(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    schemes = doc["components"]["securitySchemes"]
    used = {next(iter(s)) for _, op in _operations(doc) for s in op.get("security", []) if s}
    assert used == {"gameEditToken", "houseRulesToken", "tournamentAdminToken",
                    "seriesAdminToken"} == set(schemes)
    assert all(s == {"type": "http", "scheme": "bearer", "description": s["description"]}
               for s in schemes.values())


@pytest.mark.skipif(not (BIN / "schemathesis").exists() or not (BIN / "gunicorn").exists(),
                    reason="needs schemathesis (the dev extra) and gunicorn")
@pytest.mark.skipif(os.environ.get("CI_RUNS_SCHEMATHESIS") == "1",
                    reason=".ci/run runs .ci/schemathesis itself, with 50 examples")
def test_schemathesis_finds_nothing_against_the_served_app():
    # A small run, for `make test`; CI runs .ci/schemathesis with more examples beside it.
    run = subprocess.run(
        ["bash", str(ROOT / ".ci/schemathesis"), "--phases", "examples,fuzzing"],
        cwd=ROOT, env={**os.environ, "BIN": str(BIN), "SCHEMATHESIS_EXAMPLES": "3"},
        capture_output=True, text=True, timeout=600,
    )
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-3000:]
    operations = sum(1 for _ in _operations(document()))
    assert f"Tested: {operations}" in run.stdout


def test_a_hands_fields_are_the_ones_the_engine_reads(client):
    from scorekeeper.engine.cards import CARD_GROUP_FIELDS
    from scorekeeper.engine.hand import _SIDE_FIELDS

    schemas = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]
    assert set(schemas["Side"]["properties"]) == _SIDE_FIELDS
    assert set(schemas["CardCounts"]["properties"]) == set(CARD_GROUP_FIELDS)


def test_every_api_route_declares_its_operation_and_the_document_lists_it(app):
    from scorekeeper.api.openapi import declared, openapi_path

    doc = document()
    rules = [r for r in app.url_map.iter_rules() if r.endpoint.startswith("api.")]
    assert len(rules) > 30
    for rule in rules:
        view = app.view_functions[rule.endpoint]
        # A view without @operation (or @undocumented) raises LookupError here, naming itself.
        op = declared(view)
        if op is None:
            assert rule.rule == "/api/v1/openapi.json"
            continue
        path, params = openapi_path(rule.rule.removeprefix("/api/v1"))
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            listed = doc["paths"][path][method.lower()]
            assert listed["operationId"] == op.id
            in_path = [p["name"] for p in listed.get("parameters", []) if p["in"] == "path"]
            assert in_path == [p["name"] for p in params], rule.rule
        assert {p["name"] for p in params} == set(rule.arguments), rule.rule
    served = {(path, method) for path, item in doc["paths"].items() for method in item}
    routed = {(openapi_path(r.rule.removeprefix("/api/v1"))[0], m.lower())
              for r in rules for m in r.methods - {"HEAD", "OPTIONS"}}
    assert served <= routed


def test_a_route_without_a_declaration_is_named():
    from scorekeeper.api.openapi import declared

    def view():
        return ""

    with pytest.raises(LookupError, match="view declares no operation"):
        declared(view)


def test_a_flask_rule_becomes_a_path_with_its_parameters():
    from scorekeeper.api.openapi import openapi_path

    path, params = openapi_path("/tournaments/<tournament_id>/rounds/<int:number>"
                                "/pairs/<int:pair>")
    assert path == "/tournaments/{tournament_id}/rounds/{number}/pairs/{pair}"
    assert params == [
        {"name": "tournament_id", "in": "path", "required": True, "schema": {"type": "string"}},
        {"name": "number", "in": "path", "required": True,
         "schema": {"type": "integer", "minimum": 1}},
        {"name": "pair", "in": "path", "required": True,
         "schema": {"type": "integer", "minimum": 1}},
    ]


def _hand(**side):
    return {"sides": [dict(side), {}]}


def _fields(data):
    from scorekeeper.engine.hand import read_entry

    return {e.field for e in read_entry(data)[1]}


def test_a_hands_bounds_in_the_document_are_the_readers():
    # Each bound is read from the document: the engine's reader takes a value at it and
    # refuses one past it, so the document cannot promise more or less than is read.
    from scorekeeper.engine import PRESETS

    schemas = document()["components"]["schemas"]
    hand = schemas["Hand"]["properties"]
    low, high = hand["sides"]["minItems"], hand["sides"]["maxItems"]
    for n in range(low, high + 1):
        assert "sides" not in _fields({"sides": [{}] * n})
    assert "sides" in _fields({"sides": [{}] * (high + 1)})
    assert "sides" in _fields({"sides": [{}] * (low - 1)})

    for end in hand["end"]["enum"]:
        assert not _fields({"end": end, "sides": [{}, {}]})
    assert "end" in _fields({"end": "abandoned", "sides": [{}, {}]})

    longest = hand["format"]["maxLength"]
    assert hand["players"]["oneOf"][1]["maxLength"] == longest
    assert not _fields({"format": "f" * longest, "players": "p" * longest, "sides": [{}, {}]})
    assert _fields({"format": "f" * (longest + 1), "players": "p" * (longest + 1),
                    "sides": [{}, {}]}) == {"format", "players"}
    counts = hand["players"]["oneOf"][0]["enum"]
    assert counts == sorted({f.players for rs in PRESETS.values() for f in rs.formats})

    most = schemas["Counts"]["maxProperties"]
    per_id = schemas["Counts"]["additionalProperties"]["anyOf"][0]["maximum"]
    assert not _fields(_hand(premios={f"p{i}": per_id for i in range(most)}))
    assert _fields(_hand(premios={f"p{i}": 1 for i in range(most + 1)})) == {"sides[0].premios"}
    assert _fields(_hand(premios={"p": per_id + 1})) == {"sides[0].premios.p"}

    for group, schema in schemas["CardCounts"]["properties"].items():
        top = schema["anyOf"][0]["maximum"]
        assert not _fields(_hand(hand_cards={group: top}))
        assert _fields(_hand(hand_cards={group: top + 1})) == {f"sides[0].hand_cards.{group}"}

    for kind, schema in schemas["Side"]["properties"]["canastas"]["properties"].items():
        top = schema["anyOf"][0]["maximum"]
        assert not _fields(_hand(canastas={kind: top}))
        assert _fields(_hand(canastas={kind: top + 1})) == {f"sides[0].canastas.{kind}"}


def test_what_scoring_reads_beside_the_hand_is_declared(client):
    from scorekeeper.api.scoring import SCORE

    schema = document()["components"]["schemas"]["ScoreRequest"]
    assert schema["allOf"][0] == {"$ref": "#/components/schemas/Hand"}
    assert set(schema["allOf"][1]["properties"]) == {f.name for f in SCORE.fields}
    example = schema["examples"][0]
    answer = client.post("/api/v1/score", json=example)
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["ruleset"] == example["ruleset"]
    assert client.post("/api/v1/score", json={**example, "ruleset": "nope"}).status_code == 422


def test_the_hand_schema_names_every_field_the_reader_reads():
    # The reader is given a mapping that notes each key asked of it: the document's Hand
    # names exactly those (a field read and not described, or described and not read, fails).
    from collections.abc import Mapping

    from scorekeeper.engine.hand import read_entry

    class Noting(Mapping):
        def __init__(self, data):
            self.data, self.asked = data, set()

        def __getitem__(self, key):
            self.asked.add(key)
            return self.data[key]

        def get(self, key, default=None):
            self.asked.add(key)
            return self.data.get(key, default)

        def __iter__(self):
            return iter(self.data)

        def __len__(self):
            return len(self.data)

    body = Noting({"sides": [{}, {}]})
    read_entry(body)
    hand = document()["components"]["schemas"]["Hand"]
    assert set(hand["properties"]) == body.asked
