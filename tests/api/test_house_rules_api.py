"""House rules through the API: create (token shown once), read, replace and delete with it."""

from __future__ import annotations

from scorekeeper.engine import PRESETS

HAND = {"players": 4, "end": "went_out", "sides": [
    {"table_points": 200, "hand_points": 0, "canastas": {"natural": 1}, "going_out": "normal"},
    {"table_points": 100, "hand_points": 30}]}


def create(client, **changes):
    body = client.get("/api/v1/rulesets/la-canasta").get_json()
    body.update(name="Casa Pérez", **changes)
    res = client.post("/api/v1/house-rules", json=body)
    assert res.status_code == 201, res.get_json()
    return res


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def test_create_from_a_preset_as_the_api_shows_it(client):
    res = create(client, canastas={"natural": 700, "mixed": 300}, target=4000)
    data = res.get_json()
    assert data["id"].startswith("house-casa-perez-") and len(data["edit_token"]) >= 27
    assert data["edit_url"].endswith(f"/games/house-rules/{data['id']}/join/{data['edit_token']}")
    assert res.headers["Location"].endswith(f"/api/v1/house-rules/{data['id']}")

    got = client.get(f"/api/v1/house-rules/{data['id']}").get_json()
    assert got == client.get(f"/api/v1/rulesets/{data['id']}").get_json()
    assert got["id"] == data["id"] and got["name"] == "Casa Pérez"
    assert got["based_on"] == "la-canasta"
    assert got["canastas"] == {"natural": 700, "mixed": 300} and got["target"] == 4000
    # Everything else is La Canasta's.
    preset = client.get("/api/v1/rulesets/la-canasta").get_json()
    assert got["penalties"] == preset["penalties"]
    assert got["opening_minimums"] == preset["opening_minimums"]


def test_a_game_starts_and_counts_with_them(client):
    house = create(client, canastas={"natural": 700, "mixed": 300}).get_json()
    game = client.post("/api/v1/games", json={"ruleset": house["id"], "players": 4})
    assert game.status_code == 201
    game = game.get_json()
    res = client.post(f"/api/v1/games/{game['id']}/hands", json=HAND,
                      headers=bearer(game["edit_token"]))
    assert res.status_code == 201
    # 700 natural canasta + 100 going out + 200 on the table; 100 - 30.
    assert res.get_json()["totals"] == [1000, 70]
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["ruleset"] == house["id"]


def test_replace_needs_the_token(client):
    house = create(client).get_json()
    url = f"/api/v1/house-rules/{house['id']}"
    body = {**client.get(url).get_json(), "target": 3000, "name": "Los martes"}

    res = client.put(url, json=body)
    assert res.status_code == 401 and res.get_json()["error"]
    res = client.put(url, json=body, headers=bearer("not-the-token"))
    assert res.status_code == 403
    assert client.get(url).get_json()["target"] == 5000

    res = client.put(url, json=body, headers=bearer(house["edit_token"]))
    assert res.status_code == 200
    assert res.get_json()["target"] == 3000 and res.get_json()["name"] == "Los martes"
    got = client.get(url).get_json()
    assert got["target"] == 3000 and got["name"] == "Los martes"
    assert got["based_on"] == "la-canasta" and got["id"] == house["id"]
    # Values left out are the preset's again.
    res = client.put(url, json={"name": "Los martes"}, headers=bearer(house["edit_token"]))
    assert res.status_code == 200 and res.get_json()["target"] == PRESETS["la-canasta"].target


def test_delete_needs_the_token(client):
    house = create(client).get_json()
    url = f"/api/v1/house-rules/{house['id']}"
    assert client.delete(url).status_code == 401
    assert client.delete(url, headers=bearer("nope")).status_code == 403
    assert client.delete(url, headers={"Authorization": "Basic abc"}).status_code == 401
    assert client.get(url).status_code == 200
    assert client.delete(url, headers=bearer(house["edit_token"])).status_code == 204
    assert client.get(url).status_code == 404
    assert client.delete(url, headers=bearer(house["edit_token"])).status_code == 404


def test_a_games_token_does_not_open_house_rules(client):
    house = create(client).get_json()
    game = client.post("/api/v1/games", json={"ruleset": house["id"]}).get_json()
    res = client.delete(f"/api/v1/house-rules/{house['id']}", headers=bearer(game["edit_token"]))
    assert res.status_code == 403


def test_field_errors(client):
    res = client.post("/api/v1/house-rules", json={
        "based_on": "poker", "name": " ", "target": 50,
        "canastas": {"natural": "x", "mixed": 300}})
    assert res.status_code == 422
    fields = {e["field"] for e in res.get_json()["errors"]}
    assert fields == {"based_on", "name", "target", "canastas.natural"}
    res = client.post("/api/v1/house-rules", json={"name": "x" * 121})
    assert res.status_code == 422 and res.get_json()["errors"][0]["field"] == "name"
    for description in ("x" * 501, {"a": 1}, 5):
        res = client.post("/api/v1/house-rules", json={"name": "Ok", "description": description})
        assert res.status_code == 422 and res.get_json()["errors"][0]["field"] == "description"
    res = client.post("/api/v1/house-rules", json={"name": "Ok", "description": "x" * 500})
    assert res.status_code == 201
    assert client.post("/api/v1/house-rules", json=[1]).status_code == 400
    assert client.post("/api/v1/house-rules", data="nope",
                       content_type="application/json").status_code == 400
    house = create(client).get_json()
    res = client.put(f"/api/v1/house-rules/{house['id']}", json={"name": "Ok", "target": -1},
                     headers=bearer(house["edit_token"]))
    assert res.status_code == 422 and res.get_json()["errors"][0]["field"] == "target"
    assert client.get(f"/api/v1/house-rules/{house['id']}").get_json()["target"] == 5000


def test_minimal_body_and_ids_that_are_not_house_rules(client):
    res = client.post("/api/v1/house-rules", json={"name": "Solo nombre"})
    assert res.status_code == 201
    got = client.get(f"/api/v1/house-rules/{res.get_json()['id']}").get_json()
    assert got["based_on"] == "classic" and got["target"] == PRESETS["classic"].target
    assert got["description"] == ""
    # An id sent back is the server's to choose.
    res = client.post("/api/v1/house-rules", json={"id": "classic", "name": "Mías"})
    assert res.status_code == 201 and res.get_json()["id"].startswith("house-mias-")
    assert client.get("/api/v1/house-rules/classic").status_code == 404
    assert client.get("/api/v1/house-rules/house-nobody-0000").status_code == 404
    assert client.put("/api/v1/house-rules/house-nobody-0000", json={"name": "x"},
                      headers=bearer("t")).status_code == 404


def test_wrong_tokens_are_limited(client):
    house = create(client).get_json()
    url = f"/api/v1/house-rules/{house['id']}"
    statuses = [client.delete(url, headers=bearer(f"guess{i}")).status_code for i in range(40)]
    assert statuses[0] == 403 and statuses[-1] == 429
    # Reading needs no token and is not limited.
    assert client.get(url).status_code == 200


def test_strangers_are_not_listed_house_rules(client):
    house = create(client).get_json()
    listed = client.get("/api/v1/rulesets").get_json()["rulesets"]
    assert {r["id"] for r in listed} == set(PRESETS)
    assert house["id"] not in client.get("/api/v1/rulesets").get_data(as_text=True)


def test_the_api_description_lists_them(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    paths = doc["paths"]
    assert set(paths["/house-rules"]) == {"post"}
    assert set(paths["/house-rules/{house_id}"]) == {"get", "put", "delete"}
    for method in ("put", "delete"):
        op = paths["/house-rules/{house_id}"][method]
        assert op["security"] == [{"houseRulesToken": []}]
        assert {"401", "403", "404", "429"} <= set(op["responses"])
    assert paths["/house-rules"]["post"]["responses"]["201"]["content"]["application/json"][
        "schema"] == {"$ref": "#/components/schemas/NewHouseRules"}
    assert "HouseRulesBody" in doc["components"]["schemas"]
    assert doc["components"]["securitySchemes"]["houseRulesToken"]["scheme"] == "bearer"


def _refused(client, headers=None, **changes):
    body = {**client.get("/api/v1/rulesets/classic").get_json(), "name": "Casa", **changes}
    res = client.post("/api/v1/house-rules", json=body, headers=headers or {})
    assert res.status_code == 422, res.get_json()
    return [(e["field"], e["message"]) for e in res.get_json()["errors"]]


def test_a_value_of_the_wrong_type_is_told_so(client):
    """Not "At most 500 characters." for a description that is no text: the error says what
    the value must be, and nothing about a length or count it cannot have."""
    for wrong in ({"text": "x"}, ["x"], 5, True, None):
        assert _refused(client, description=wrong) == [("description", "Enter text.")]
    assert _refused(client, description="x" * 501) == [
        ("description", "At most 500 characters.")]
    assert _refused(client, name=5) == [("name", "A name is a text.")]
    for wrong in ({"id": "normal"}, "normal", 3):
        assert _refused(client, going_out_kinds=wrong) == [("going_out_kinds",
                                                            "Must be a list.")]
    assert _refused(client, going_out_kinds=[]) == [
        ("going_out_kinds", "Give from 1 to 10 ways of going out.")]
    opening = client.get("/api/v1/rulesets/classic").get_json()["opening_minimums"]
    assert _refused(client, opening_minimums={**opening, "bands": {"from": 0}}) == [
        ("opening_minimums.bands", "Must be a list.")]
    # A row that is no object is the only error: not the first row's start, read off another.
    rows = [5, *opening["bands"]]
    assert _refused(client, opening_minimums={**opening, "bands": rows}) == [
        ("opening_minimums.bands[0]", "Must be an object.")]
    # Canastas that are no object: not also "natural and mixed are needed".
    assert _refused(client, canastas=["natural", "mixed"]) == [("canastas",
                                                                "Must be an object.")]
    es = {"Accept-Language": "es"}
    assert _refused(client, es, description={}) == [("description", "Escribe un texto.")]
    assert _refused(client, es, going_out_kinds={}) == [("going_out_kinds",
                                                         "Debe ser una lista.")]
