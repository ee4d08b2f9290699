"""The tournament API: creating, reading, and who may close rounds and record incidents."""

from __future__ import annotations

import pytest
from tournament_helpers import VALUES, admin, create, pairs, post_hand, read, stock_out


def test_create_answers_201_with_id_and_admin_token_and_seats_round_1(client):
    tid, token = create(client, 5)
    data = read(client, tid)
    assert len(token) >= 27
    (rnd,) = data["rounds"]
    assert rnd["number"] == 1 and rnd["byes"] == [5]
    assert [(t["table"], t["pairs"]) for t in rnd["tables"]] == [(1, [1, 2]), (2, [3, 4])]
    # pairs[i] plays side i of the table's game, which is an ordinary game.
    game = client.get(f"/api/v1/games/{rnd['tables'][0]['game_id']}").get_json()
    assert [s["name"] for s in game["sides"]] == ["Pair 1", "Pair 2"]
    assert game["sides"][0]["players"] == ["P1a", "P1b"]
    assert game["ruleset"] == "torneo" and game["target"] == 15000
    assert data["seating_notes"]  # the bye is explained


def test_tables_play_under_the_values_given_at_set_up(client):
    tid, token = create(client, 2, rounds=1)
    (table,) = read(client, tid, token)["rounds"][0]["tables"]
    hand = {"end": "time_up", "sides": [{"premios": {"canaston": 1}}, {"premios": {}}]}
    response = post_hand(client, table, hand)
    assert response.get_json()["totals"] == [VALUES["premios.canaston"], 0]


def test_reading_lists_edit_tokens_only_with_the_admin_token(client):
    tid, token = create(client, 4)
    public = read(client, tid)["rounds"][0]["tables"][0]
    assert "edit_token" not in public and public["edit_url"] is None
    private = read(client, tid, token)["rounds"][0]["tables"][0]
    assert private["edit_url"].endswith(f"/games/{private['game_id']}/join/{private['edit_token']}")
    assert post_hand(client, private, stock_out((100, 50))).status_code == 201
    wrong = client.get(f"/api/v1/tournaments/{tid}", headers=admin("nope"))
    assert wrong.status_code == 403


@pytest.mark.parametrize("path", ["rounds/1/finish", "pairs/1/abandon", "pairs/1/substitute"])
def test_organizer_actions_need_the_admin_token(client, path):
    tid, token = create(client, 4)
    other_tid, other_token = create(client, 4)
    url = f"/api/v1/tournaments/{tid}/{path}"
    assert client.post(url).status_code == 401
    assert client.post(url, headers=admin("wrong")).status_code == 403
    assert client.post(url, headers=admin(other_token)).status_code == 403
    assert client.post(url, headers={"Authorization": "Basic abc"}).status_code == 401
    assert client.post(url, headers=admin(token)).status_code == 200


def test_unknown_things_are_404(client):
    tid, token = create(client, 4)
    assert client.get("/api/v1/tournaments/nope").status_code == 404
    assert client.post("/api/v1/tournaments/nope/rounds/1/finish",
                       headers=admin(token)).status_code == 404
    assert client.post(f"/api/v1/tournaments/{tid}/rounds/7/finish",
                       headers=admin(token)).status_code == 404
    assert client.post(f"/api/v1/tournaments/{tid}/pairs/9/abandon",
                       headers=admin(token)).status_code == 404


def test_finishing_a_closed_round_is_409_and_the_last_round_ends_the_tournament(client):
    tid, token = create(client, 4, rounds=2)
    url = f"/api/v1/tournaments/{tid}/rounds/1/finish"
    assert client.post(url, headers=admin(token)).status_code == 200
    response = client.post(url, headers=admin(token))
    assert response.status_code == 409
    data = client.post(f"/api/v1/tournaments/{tid}/rounds/2/finish",
                       headers=admin(token)).get_json()
    assert data["finished"] and len(data["rounds"]) == 2
    assert client.post(f"/api/v1/tournaments/{tid}/pairs/1/abandon",
                       headers=admin(token)).status_code == 409


@pytest.mark.parametrize(("body", "fields"), [
    ({"name": "T", "pairs": pairs(1), "values": VALUES}, {"pairs"}),
    ({"name": "", "pairs": pairs(4), "values": VALUES}, {"name"}),
    ({"name": "T", "pairs": [{"players": ["a"]}, {"players": ["b", "c"]}], "values": VALUES},
     {"pairs[0].players"}),
    ({"name": "T", "pairs": pairs(4), "values": VALUES, "rounds": 0, "minutes": "x",
      "target": 5}, {"rounds", "minutes", "target"}),
    ({"name": "T", "pairs": pairs(4), "values": {**VALUES, "premios.canaston": -5}},
     {"values.premios.canaston"}),
    ({"name": "T", "pairs": pairs(4)}, {f"values.{p}" for p in VALUES}),
    ({"name": "T", "pairs": pairs(4), "ruleset": "nope"}, {"ruleset"}),
    ({"name": "T", "pairs": "Ana, Luis"}, {"pairs"}),
])
def test_bad_bodies_get_422_with_field_errors_and_store_nothing(client, body, fields):
    from scorekeeper.extensions import db
    from scorekeeper.models.games import Game
    from scorekeeper.models.tournaments import Tournament

    response = client.post("/api/v1/tournaments", json=body)
    assert response.status_code == 422
    assert {e["field"] for e in response.get_json()["errors"]} >= fields
    assert db.session.query(Tournament).count() == 0
    assert db.session.query(Game).count() == 0


def test_a_body_that_is_not_an_object_is_400(client):
    response = client.post("/api/v1/tournaments", data="[1]",
                           content_type="application/json")
    assert response.status_code == 400


def test_house_rules_without_missing_values_need_none(client):
    response = client.post("/api/v1/tournaments", json={
        "name": "Classic night", "ruleset": "classic", "rounds": 1, "pairs": pairs(2)})
    assert response.status_code == 201


def test_the_openapi_document_lists_the_tournament_paths(client):
    paths = client.get("/api/v1/openapi.json").get_json()["paths"]
    for path in ("/tournaments", "/tournaments/{tournament_id}",
                 "/tournaments/{tournament_id}/rounds/{number}/finish",
                 "/tournaments/{tournament_id}/pairs/{number}/abandon",
                 "/tournaments/{tournament_id}/pairs/{number}/substitute"):
        assert path in paths
