"""The games API: create, read, count hands, fix them, and who may do what."""

from __future__ import annotations

import pytest

NEW_GAME = {"ruleset": "classic", "players": 4, "target": 5000,
            "sides": [{"name": "Nosotros", "players": ["Ana", "Luis"]}, {"name": "Ellos"}]}


def hand(a_table=355, a_hand=20, b_table=280, b_hand=45, a_canastas=None, b_red=3):
    return {"end": "went_out", "sides": [
        {"table_points": a_table, "hand_points": a_hand,
         "canastas": a_canastas or {"mixed": 2}, "going_out": "normal"},
        {"table_points": b_table, "hand_points": b_hand, "red_threes": b_red},
    ]}


@pytest.fixture
def game(client):
    res = client.post("/api/v1/games", json=NEW_GAME)
    assert res.status_code == 201, res.get_json()
    data = res.get_json()
    data["auth"] = {"Authorization": f"Bearer {data['edit_token']}"}
    return data


def test_create_and_read(client, game):
    assert len(game["edit_token"]) >= 22 and len(game["id"]) >= 22
    res = client.get(f"/api/v1/games/{game['id']}")
    assert res.status_code == 200
    data = res.get_json()
    assert data["totals"] == [0, 0]
    assert data["opening_minimums"] == [50, 50]
    assert data["hands"] == []
    assert data["finished"] is False and data["winner"] is None
    assert data["sides"][0] == {"name": "Nosotros", "players": ["Ana", "Luis"]}
    assert data["view_url"].endswith(f"/games/{game['id']}")
    assert data["edit_url"] is None  # no edit token shown without one
    assert data["sheet_url"]
    with_token = client.get(f"/api/v1/games/{game['id']}", headers=game["auth"]).get_json()
    assert game["edit_token"] in with_token["edit_url"]


def test_create_errors(client):
    res = client.post("/api/v1/games", json={"ruleset": "classic", "players": 5})
    assert res.status_code == 422
    assert res.get_json()["errors"][0]["field"] == "players"
    res = client.post("/api/v1/games", json={"ruleset": "classic",
                                             "sides": [{"name": "x" * 61}]})
    assert res.status_code == 422
    assert res.get_json()["errors"][0]["field"] == "sides[0].name"
    res = client.post("/api/v1/games", json={"target": "lots"})
    assert res.get_json()["errors"][0]["field"] == "target"
    assert client.post("/api/v1/games", data=b"[]",
                       content_type="application/json").status_code == 400
    res = client.post("/api/v1/games", json={"ruleset": "poker"})
    assert res.status_code == 422


def test_count_hands_to_the_winner(client, game):
    url = f"/api/v1/games/{game['id']}/hands"
    res = client.post(url, json=hand(), headers=game["auth"])
    assert res.status_code == 201, res.get_json()
    assert res.get_json()["totals"] == [1035, 535]
    assert res.headers["ETag"] == f'"h{res.get_json()["version"]}"'
    state = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert state["totals"] == [1035, 535]
    assert state["opening_minimums"] == [50, 50]
    # Four more of the same: 5 x 1035 = 5175 reaches 5000.
    for n in range(2, 6):
        res = client.post(url, json=hand(), headers=game["auth"])
        assert res.status_code == 201
        state = client.get(f"/api/v1/games/{game['id']}").get_json()
        if n == 2:
            assert state["opening_minimums"] == [90, 50]  # 2070 and 1070
    assert state["totals"] == [5175, 2675]
    assert state["finished"] is True and state["winner"] == 0
    res = client.post(url, json=hand(), headers=game["auth"])
    assert res.status_code == 409


def test_hand_errors(client, game):
    url = f"/api/v1/games/{game['id']}/hands"
    bad = hand()
    bad["sides"][1]["red_threes"] = 5
    res = client.post(url, json=bad, headers=game["auth"])
    assert res.status_code == 422
    assert res.get_json()["errors"][0]["field"] == "sides[1].red_threes"
    assert client.post(url, data=b"nope", content_type="application/json",
                       headers=game["auth"]).status_code == 400
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["hands"] == []


def test_access_rules(client, game):
    url = f"/api/v1/games/{game['id']}/hands"
    assert client.post(url, json=hand()).status_code == 401
    assert client.post(url, json=hand(),
                       headers={"Authorization": "Bearer wrong"}).status_code == 403
    assert client.post(url, json=hand(),
                       headers={"Authorization": "Basic abc"}).status_code == 401
    assert client.post("/api/v1/games/nope/hands", json=hand(),
                       headers=game["auth"]).status_code == 404
    client.post(url, json=hand(), headers=game["auth"])
    assert client.put(f"{url}/1", json=hand()).status_code == 401
    assert client.delete(f"{url}/1",
                         headers={"Authorization": "Bearer wrong"}).status_code == 403


def test_read_replace_delete_hand(client, game):
    url = f"/api/v1/games/{game['id']}/hands"
    client.post(url, json=hand(), headers=game["auth"])
    client.post(url, json=hand(a_table=400), headers=game["auth"])
    res = client.get(f"{url}/2")
    assert res.status_code == 200
    assert res.get_json()["totals"] == [1080, 535]
    etag_2 = res.headers["ETag"]
    etag_1 = client.get(f"{url}/1").headers["ETag"]
    assert etag_2 == f'"h{res.get_json()["version"]}"' and etag_1 != etag_2
    assert client.get(f"{url}/3").status_code == 404

    res = client.put(f"{url}/1", json=hand(b_red=4), headers=game["auth"])
    assert res.status_code == 200
    # East-West: 280 - 45 + 800 (all four red 3s)
    assert res.get_json()["totals"] == [1035, 1035]
    assert res.headers["ETag"] not in (etag_1, etag_2)
    # A stale If-Match is refused and changes nothing.
    res = client.put(f"{url}/1", json=hand(), headers={**game["auth"], "If-Match": etag_1})
    assert res.status_code == 412
    assert client.get(f"{url}/1").get_json()["totals"] == [1035, 1035]
    bad = hand()
    bad["sides"][0]["going_out"] = "flying"
    assert client.put(f"{url}/1", json=bad, headers=game["auth"]).status_code == 422

    assert client.delete(f"{url}/1", headers=game["auth"]).status_code == 204
    state = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert [h["number"] for h in state["hands"]] == [1]
    assert state["totals"] == [1080, 535]
    assert client.delete(f"{url}/5", headers=game["auth"]).status_code == 404


def test_idempotency_key(client, game):
    url = f"/api/v1/games/{game['id']}/hands"
    headers = {**game["auth"], "Idempotency-Key": "abc-123"}
    first = client.post(url, json=hand(), headers=headers)
    again = client.post(url, json=hand(), headers=headers)
    assert first.status_code == again.status_code == 201
    assert first.get_json() == again.get_json()
    assert len(client.get(f"/api/v1/games/{game['id']}").get_json()["hands"]) == 1


def test_games_of_other_rulesets(client):
    res = client.post("/api/v1/games", json={"ruleset": "comodines", "players": 6,
                                             "format": "6-pairs"})
    assert res.status_code == 201
    data = client.get(f"/api/v1/games/{res.get_json()['id']}").get_json()
    assert len(data["sides"]) == 3 and data["totals"] == [0, 0, 0]


def test_api_messages_follow_the_language_asked_for(client):
    es = {"Accept-Language": "es"}
    assert client.get("/api/v1/games/nope", headers=es).get_json()["error"] == (
        "No hay ninguna partida con ese identificador.")
    assert client.get("/api/v1/games/nope").get_json()["error"] == "There is no game with that id."
    res = client.post("/api/v1/score", data="[]", content_type="application/json", headers=es)
    assert res.status_code == 400
    assert res.get_json()["error"] == "El cuerpo debe ser un objeto JSON."


def test_six_players_in_three_sides_are_three_pairs(client):
    # 001: six play as two teams of three or as three pairs (a third pack); three sides given
    # say which.
    sides = [{"name": "Norte", "players": ["Ana", "Luis"]}, {"name": "Sur"}, {"name": "Este"}]
    res = client.post("/api/v1/games", json={"ruleset": "comodines", "players": 6,
                                             "sides": sides})
    assert res.status_code == 201, res.get_json()
    game = res.get_json()
    data = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert data["players"] == "6-pairs"
    assert [s["name"] for s in data["sides"]] == ["Norte", "Sur", "Este"]
    # A hand of three sides counts; three packs hold six red 3s (one side lays five).
    auth = {"Authorization": f"Bearer {game['edit_token']}"}
    res = client.post(f"/api/v1/games/{game['id']}/hands", headers=auth, json={
        "end": "stock_out", "sides": [{"table_points": 70, "canastas": {"natural": 1},
                                       "red_threes": 5}, {"table_points": 50}, {}]})
    assert res.status_code == 201, res.get_json()
    assert res.get_json()["totals"] == [500 + 500 + 70, 50, 0]
    # Two sides, or none: the two teams of three, as before.
    for given in ([{"name": "A"}, {"name": "B"}], None):
        res = client.post("/api/v1/games", json={"ruleset": "comodines", "players": 6,
                                                 "sides": given})
        assert res.status_code == 201, res.get_json()
        data = client.get(f"/api/v1/games/{res.get_json()['id']}").get_json()
        assert data["players"] == "6-teams" and len(data["sides"]) == 2
