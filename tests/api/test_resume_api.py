"""``POST /api/v1/games`` with ``starting_totals``: a game kept on paper goes on here (issue 13)."""

from __future__ import annotations

import pytest

#: 003's worked hand: +1,035 for the side going out, +535 for the other.
HAND = {"end": "went_out", "sides": [
    {"table_points": 355, "hand_points": 20, "canastas": {"mixed": 2}, "going_out": "normal"},
    {"table_points": 280, "hand_points": 45, "red_threes": 3},
]}


def create(client, **body):
    return client.post("/api/v1/games", json={"ruleset": "classic", "players": 4, **body})


def test_a_game_resumed_from_paper(client):
    res = create(client, starting_totals=[2350, -40])
    assert res.status_code == 201, res.get_json()
    game = res.get_json()
    data = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert data["starting_totals"] == [2350, -40]
    assert data["totals"] == [2350, -40]
    # 1,500-2,995 opens with 90; below zero 15 (RULES.md, classic).
    assert data["opening_minimums"] == [90, 15]
    assert data["to_target"] == [2650, 5040]
    assert data["hands"] == []

    auth = {"Authorization": f"Bearer {game['edit_token']}"}
    assert client.post(f"/api/v1/games/{game['id']}/hands", json=HAND,
                       headers=auth).status_code == 201
    data = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert data["totals"] == [3385, 495]
    assert data["opening_minimums"] == [120, 50]
    # The change log's totals start from the carried ones.
    changes = client.get(f"/api/v1/games/{game['id']}/changes").get_json()
    first = changes["changes"][0] if isinstance(changes, dict) else changes[0]
    assert first["totals_before"] == [2350, -40] and first["totals_after"] == [3385, 495]
    # Undo takes the hand back, never the paper totals.
    assert client.post(f"/api/v1/games/{game['id']}/undo", headers=auth).status_code == 200
    assert client.post(f"/api/v1/games/{game['id']}/undo", headers=auth).status_code == 409
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["totals"] == [2350, -40]


def test_a_game_from_scratch_has_none(client):
    game = create(client).get_json()
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["starting_totals"] is None
    game = create(client, starting_totals=[0, 0]).get_json()
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["starting_totals"] is None


def test_three_sides(client):
    res = client.post("/api/v1/games", json={"ruleset": "comodines", "players": "6-pairs",
                                            "starting_totals": [1200, 3005, 0]})
    assert res.status_code == 201, res.get_json()
    data = client.get(f"/api/v1/games/{res.get_json()['id']}").get_json()
    assert data["totals"] == [1200, 3005, 0]
    res = client.post("/api/v1/games", json={"ruleset": "comodines", "players": "6-pairs",
                                            "starting_totals": [1200, 3005]})
    assert res.status_code == 422
    assert res.get_json()["errors"] == [
        {"field": "starting_totals", "message": "Give one total per side: 3."}]


@pytest.mark.parametrize(("totals", "field", "message"), [
    ([2350], "starting_totals", "Give one total per side: 2."),
    ("2350", "starting_totals", "Give one total per side: 2."),
    ({"a": 1}, "starting_totals", "Give one total per side: 2."),
    ([2350.5, 0], "starting_totals[0]", "Enter a whole number."),
    (["2350", 0], "starting_totals[0]", "Enter a whole number."),
    ([None, 0], "starting_totals[0]", "Enter a whole number."),
    ([False, 0], "starting_totals[0]", "Enter a whole number."),
    ([0, 2352], "starting_totals[1]", "Points always come in multiples of 5."),
    ([0, 5000], "starting_totals[1]",
     "At 5,000 the game is already won: a carried total is below the target."),
    ([-10005, 0], "starting_totals[0]", "Cannot be less than −10,000."),
    ([10**30, 0], "starting_totals[0]",
     "At 5,000 the game is already won: a carried total is below the target."),
])
def test_field_errors(client, totals, field, message):
    res = create(client, starting_totals=totals)
    assert res.status_code == 422
    assert {"field": field, "message": message} in res.get_json()["errors"]


def test_the_bound_is_the_games_own_target(client):
    assert create(client, target=10000, starting_totals=[9995, 0]).status_code == 201
    res = create(client, target=3000, starting_totals=[2995, 3000])
    assert res.status_code == 422
    assert res.get_json()["errors"] == [{"field": "starting_totals[1]", "message":
        "At 3,000 the game is already won: a carried total is below the target."}]


def test_the_document_describes_it(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    body = doc["paths"]["/games"]["post"]["requestBody"]["content"]["application/json"]
    prop = body["schema"]["properties"]["starting_totals"]
    assert prop["items"]["multipleOf"] == 5 and prop["items"]["minimum"] == -10000
    game = doc["components"]["schemas"]["Game"]["allOf"][1]
    assert {"starting_totals", "to_target"} <= set(game["required"])
