"""Every body is answered 2xx or 4xx, never 5xx: JSON only as ``application/json`` (415),
deep nesting 400, characters the databases cannot store 422 with the field (API and forms).

Runs on SQLite, and on PostgreSQL with ``TEST_DATABASE_URL`` (which refuses NUL in text).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from scorekeeper.engine import find_ruleset

HAND = {"end": "went_out", "sides": [
    {"table_points": 50, "hand_points": 0, "canastas": {"mixed": 1}, "going_out": "normal"},
    {"table_points": 0, "hand_points": 0}]}
TOURNAMENT = {
    "name": "Club",
    "values": {path: 100 for path, _ in find_ruleset("torneo").missing_values()},
    "pairs": [{"name": f"P{i}", "players": ["A", "B"]} for i in range(4)],
}
NUL = "a\x00b"
SURROGATE = "a\ud800b"


@pytest.fixture
def game(client: FlaskClient) -> dict[str, Any]:
    created = client.post("/api/v1/games", json={"ruleset": "classic"}).get_json()
    client.post(f"/api/v1/games/{created['id']}/hands", json=HAND,
                headers={"Authorization": f"Bearer {created['edit_token']}"})
    return created


def body_endpoints(game: dict[str, Any]) -> list[tuple[str, str, dict[str, str], dict[str, Any]]]:
    """Every API endpoint that reads a body: method, path, headers, a body it accepts."""
    auth = {"Authorization": f"Bearer {game['edit_token']}"}
    hands = f"/api/v1/games/{game['id']}/hands"
    return [
        ("POST", "/api/v1/games", {}, {"ruleset": "classic", "sides": [{"name": "Us"}]}),
        ("POST", "/api/v1/score", {}, HAND),
        ("POST", "/api/v1/tournaments", {}, TOURNAMENT),
        ("POST", hands, auth, HAND),
        ("PUT", f"{hands}/1", auth, HAND),
    ]


def send(client: FlaskClient, method: str, path: str, headers: dict[str, str], raw: str | bytes,
         content_type: str = "application/json") -> Any:
    return client.open(path, method=method, headers=headers, data=raw,
                       content_type=content_type)


def test_the_bodies_listed_are_accepted(client: FlaskClient, game: dict[str, Any]) -> None:
    """The control: each endpoint takes its body, so the refusals below are about the body."""
    for method, path, headers, body in body_endpoints(game):
        res = send(client, method, path, headers, json.dumps(body))
        assert res.status_code in (200, 201), (path, res.get_json())
    res = send(client, "POST", "/api/v1/score", {}, json.dumps(HAND),
               "application/json; charset=utf-8")
    assert res.status_code == 200


@pytest.mark.parametrize("content_type", [
    "text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x", "", "application/jsonx",
    # JSON by another name: the document names application/json only.
    "application/vnd.api+json", "application/json-patch+json", "application/merge-patch+json"])
def test_json_only_as_application_json(client: FlaskClient, game: dict[str, Any],
                                       content_type: str) -> None:
    """``text/plain`` and forms need no preflight, so a page on any site could send them."""
    for method, path, headers, body in body_endpoints(game):
        res = send(client, method, path, headers, json.dumps(body), content_type)
        assert res.status_code == 415, (path, content_type)
        assert "application/json" in res.get_json()["error"]
    # Nothing was created by the refused bodies.
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["hands"][0]["number"] == 1
    assert len(client.get(f"/api/v1/games/{game['id']}").get_json()["hands"]) == 1


@pytest.mark.parametrize("raw", [
    "[" * 1000 + "]" * 1000,
    '{"a":' * 1000 + "1" + "}" * 1000,
    '{"sides": ' + "[" * 100 + "]" * 100 + "}",
    '{"target": NaN}', '{"target": Infinity}',
    '{"target": ' + "9" * 5000 + "}",
    b'{"ruleset": "\xff"}',
    "", "null", "[]", '"text"', "{",
])
def test_bodies_that_are_not_objects_answer_400(client: FlaskClient, game: dict[str, Any],
                                                raw: str | bytes) -> None:
    for method, path, headers, _body in body_endpoints(game):
        res = send(client, method, path, headers, raw)
        assert res.status_code == 400, (path, raw[:20])
        assert res.get_json()["error"]


def test_nesting_message_says_what_is_wrong(client: FlaskClient) -> None:
    res = send(client, "POST", "/api/v1/games", {}, '{"a":' * 1000 + "1" + "}" * 1000)
    assert res.get_json()["error"] == "The body is nested too deep."


def _with(body: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """``body`` with the text at ``path`` (``sides[0].name``) replaced by ``value``."""
    copy = json.loads(json.dumps(body))
    target: Any = copy
    keys = [int(k) if k.isdigit() else k for k in re.findall(r"[^.\[\]]+", path)]
    for key in keys[:-1]:
        target = target[key]
    target[keys[-1]] = value
    return copy


UNSTORABLE_FIELDS = [
    ("POST", "/api/v1/games", {"ruleset": "classic", "sides": [{"name": "x", "players": ["y"]}]},
     ["sides[0].name", "sides[0].players[0]", "ruleset", "format", "language"]),
    ("POST", "/api/v1/tournaments", TOURNAMENT,
     ["name", "pairs[1].name", "pairs[2].players[1]", "ruleset"]),
    ("POST", "/api/v1/score", {**HAND, "ruleset": "classic"}, ["ruleset", "end",
                                                               "sides[0].going_out"]),
]


@pytest.mark.parametrize("bad", [NUL, SURROGATE, "\x00", "\ud800", "\udfff"])
def test_unstorable_text_answers_422_with_the_field(client: FlaskClient, bad: str) -> None:
    for method, path, body, fields in UNSTORABLE_FIELDS:
        for field in fields:
            raw = json.dumps(_with(body, field, bad))  # ensure_ascii: "\u0000", "\ud800"
            res = send(client, method, path, {}, raw)
            assert res.status_code == 422, (path, field)
            errors = res.get_json()["errors"]
            assert [e["field"] for e in errors] == [field]
            assert "cannot be stored" in errors[0]["message"]
    assert client.get("/api/v1/rulesets").status_code == 200


def test_unstorable_keys_and_hand_texts(client: FlaskClient, game: dict[str, Any]) -> None:
    auth = {"Authorization": f"Bearer {game['edit_token']}"}
    hands = f"/api/v1/games/{game['id']}/hands"
    res = send(client, "POST", "/api/v1/tournaments", {},
               json.dumps({**TOURNAMENT, "values": {"premios.x\x00": 100}}))
    assert res.status_code == 422
    assert res.get_json()["errors"][0]["field"] == "values.premios.x\ufffd"
    for method, path in (("POST", hands), ("PUT", f"{hands}/1")):
        res = send(client, method, path, auth, json.dumps(_with(HAND, "end", SURROGATE)))
        assert res.status_code == 422
        assert res.get_json()["errors"][0]["field"] == "end"
    # Nothing was saved meanwhile.
    assert len(client.get(f"/api/v1/games/{game['id']}").get_json()["hands"]) == 1


def test_nul_in_the_idempotency_key_answers_422(client: FlaskClient,
                                                game: dict[str, Any]) -> None:
    auth = {"Authorization": f"Bearer {game['edit_token']}"}
    hands = f"/api/v1/games/{game['id']}/hands"
    res = client.post(hands, json=HAND, headers={**auth, "Idempotency-Key": "k\x00ey"})
    assert res.status_code == 422
    assert res.get_json()["errors"][0]["field"] == "Idempotency-Key"
    res = client.post(hands, json=HAND, headers={**auth, "Idempotency-Key": "kéy-1"})
    assert res.status_code == 201
    again = client.post(hands, json=HAND, headers={**auth, "Idempotency-Key": "kéy-1"})
    assert again.status_code == 201 and again.get_json()["number"] == res.get_json()["number"]


@pytest.mark.parametrize("path", [
    "/api/v1/games/a%00b", "/api/v1/games/a%00b/hands/1", "/api/v1/tournaments/a%00b",
    "/api/v1/rulesets/house-a%00b", "/api/v1/opening-minimum?ruleset=house-a%00b&score=5",
    "/games/a%00b", "/games/a%00b/join/x%00y", "/tournaments/a%00b",
    "/tournaments/new?ruleset=house-a%00b", "/games/new?ruleset=house-a%00b",
    "/games/house-rules/house-a%00b",
])
def test_nul_in_paths_and_queries_is_not_found(client: FlaskClient, path: str) -> None:
    res = client.get(path)
    assert res.status_code < 500, path


def test_nul_in_the_new_game_form(client: FlaskClient) -> None:
    res = client.post("/games/new", data={"ruleset": "classic", "players": "4",
                                          "side_0_name": NUL, "side_1_player_0": "ok"})
    assert res.status_code == 422
    html = res.get_data(as_text=True)
    assert "cannot be stored" in html
    m = re.search(r'<p class="field-error" id="err-side_0_name"[^>]*>(.*?)</p>', html, re.S)
    assert m and "cannot be stored" in m.group(1)
    res = client.post("/games/new", data={"ruleset": "house-a\x00b", "players": "4"})
    assert res.status_code == 422


def test_nul_in_the_house_rules_forms(client: FlaskClient) -> None:
    res = client.post("/games/house-rules/new", data={"preset": "classic", "name": NUL})
    assert res.status_code == 422
    html = res.get_data(as_text=True)
    m = re.search(r'<p class="field-error" id="err-name">([^<]*)</p>', html)
    assert m and "cannot be stored" in m.group(1)
    res = client.post("/games/house-rules/new", data={"preset": "classic", "name": "Casa"})
    assert res.status_code == 303
    edit = res.headers["Location"]
    res = client.post(edit, data={"name": NUL})
    assert res.status_code == 422
    m = re.search(r'<p class="field-error" id="err-name">([^<]*)</p>',
                  res.get_data(as_text=True))
    assert m and "cannot be stored" in m.group(1)
    assert "Casa" in client.get(edit).get_data(as_text=True)


def test_nul_in_the_tournament_form(client: FlaskClient) -> None:
    form = {"name": "Club", "rounds": "3", "minutes": "60", "ruleset": "torneo",
            "pairs": "\n".join(f"P{i}: A, B" for i in range(4)),
            **{f"value-{path}": "100" for path in TOURNAMENT["values"]}}
    for field, value in (("name", NUL), ("pairs", "P0: A, B\nP1: A, B\nP\x002: A, B\nP3: A, B"),
                         ("pairs", "P0: A, B\nP1: A, B\nP2: A, B\nP3: A, B\x00"),
                         ("ruleset", "house-a\x00b")):
        res = client.post("/tournaments/new", data={**form, field: value})
        assert res.status_code == 422, field
        if field != "ruleset":
            assert "cannot be stored" in res.get_data(as_text=True)
    assert client.post("/tournaments/new", data=form).status_code == 303


QUERY_ARGS = ("ruleset", "players", "format", "paper", "lang", "score", "token", "v", "preset",
              "saved", "name", "side", "target")


@pytest.mark.fresh_app  # opens the event streams too
def test_nul_in_any_query_argument_of_any_page(app, client: FlaskClient) -> None:  # type: ignore[no-untyped-def]
    from .test_headers_and_limits import get_urls

    query = "&".join(f"{name}=house-a%00b" for name in QUERY_ARGS)
    for url in get_urls(app, client):
        res = client.get(f"{url}?{query}")
        res.close()  # static files answer with an open file
        assert res.status_code < 500, url


def test_broken_utf8_in_forms_never_reaches_the_database(client: FlaskClient) -> None:
    """Forms cannot carry a lone surrogate: Werkzeug keeps a broken escape as typed and drops
    a form of broken bytes, so what arrives can be stored."""
    for raw in (b"preset=classic&name=Casa%ED%A0%80", b"preset=classic&name=Casa\xed\xa0\x80"):
        res = client.post("/games/house-rules/new", data=raw,
                          content_type="application/x-www-form-urlencoded")
        assert res.status_code in (303, 422), raw
        if res.status_code == 303:
            assert client.get(res.headers["Location"]).status_code == 200


@pytest.mark.parametrize("content_type", [
    "application/json", "application/json; charset=utf-8", "Application/JSON"])
def test_application_json_with_parameters_or_capitals(client: FlaskClient,
                                                      content_type: str) -> None:
    res = send(client, "POST", "/api/v1/games", {}, json.dumps({"ruleset": "classic"}),
               content_type)
    assert res.status_code == 201
