"""The tournament API: creating, reading, and who may close rounds and record incidents."""

from __future__ import annotations

import hashlib

import pytest
from sqlalchemy import select
from tournament_helpers import (
    SEATED,
    VALUES,
    admin,
    clock_out,
    create,
    links,
    pairs,
    post_hand,
    read,
    stock_out,
)

from scorekeeper.extensions import db
from scorekeeper.models.tournaments import TournamentTable


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
    (table,) = links(client, tid, token)
    hand = {"end": "time_up", "sides": [{"premios": {"canaston": 1}}, {"premios": {}}]}
    clock_out()
    response = post_hand(client, table, hand)
    assert response.get_json()["totals"] == [VALUES["premios.canaston"], 0]


def test_a_tables_edit_token_is_in_the_answer_that_makes_it_and_stored_hashed(client):
    response = client.post("/api/v1/tournaments", json={
        "name": "Club", "ruleset": "torneo", "values": VALUES, "pairs": pairs(4), **SEATED})
    made = response.get_json()["tables"]
    assert [(t["table"], t["pairs"]) for t in made] == [(1, [1, 2]), (2, [3, 4])]
    tid, token = response.get_json()["id"], response.get_json()["admin_token"]
    first = made[0]
    assert first["edit_url"].endswith(f"/games/{first['game_id']}/join/{first['edit_token']}")
    assert post_hand(client, first, stock_out((100, 50))).status_code == 201
    # Reading never repeats it, with or without the admin token.
    public = read(client, tid)["rounds"][0]["tables"][0]
    assert "edit_token" not in public and public["edit_url"] is None
    assert "link_handed_out" not in public
    private = read(client, tid, token)["rounds"][0]["tables"][0]
    assert "edit_token" not in private and private["edit_url"] is None
    assert private["link_handed_out"] is True
    wrong = client.get(f"/api/v1/tournaments/{tid}", headers=admin("nope"))
    assert wrong.status_code == 403
    # The database holds the token nowhere, only its hash (on the table's game).
    for table in made:
        row = db.session.execute(
            select(TournamentTable).where(TournamentTable.view_token == table["game_id"])
        ).scalar_one()
        stored = [getattr(row, c.key) for c in TournamentTable.__table__.columns]
        assert table["edit_token"] not in [str(v) for v in stored]
        assert row.game.edit_token_hash == hashlib.sha256(table["edit_token"].encode()).hexdigest()


def test_closing_a_round_answers_the_next_rounds_links_once(client):
    tid, token = create(client, 4, rounds=2)
    data = client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish", headers=admin(token)
                       ).get_json()
    r1, r2 = data["rounds"]
    assert all("edit_token" not in t for t in r1["tables"])
    assert all(t["edit_token"] and t["link_handed_out"] for t in r2["tables"])
    assert post_hand(client, r2["tables"][0], stock_out((100, 50))).status_code == 201
    assert all("edit_token" not in t for t in read(client, tid, token)["rounds"][1]["tables"])


def test_a_new_link_replaces_the_old_one(client):
    tid, token = create(client, 4)
    old = links(client, tid, token)
    url = f"/api/v1/tournaments/{tid}/rounds/1/tables/1/link"
    assert client.post(url).status_code == 401
    assert client.post(url, headers=admin("wrong")).status_code == 403
    response = client.post(url, headers=admin(token))
    assert response.status_code == 200
    new = response.get_json()
    assert new["table"] == 1 and new["game_id"] == old[0]["game_id"]
    assert new["edit_token"] != old[0]["edit_token"]
    assert post_hand(client, old[0], stock_out((100, 50))).status_code == 403
    assert post_hand(client, new, stock_out((100, 50))).status_code == 201
    assert post_hand(client, old[1], stock_out((100, 50))).status_code == 201  # untouched
    # Every table at once.
    again = links(client, tid, token)
    assert post_hand(client, old[1], stock_out((100, 50))).status_code == 403
    assert all(post_hand(client, t, stock_out((10, 5))).status_code == 201 for t in again)
    assert client.post(f"/api/v1/tournaments/{tid}/rounds/1/tables/9/link",
                       headers=admin(token)).status_code == 404
    assert client.post(f"/api/v1/tournaments/{tid}/rounds/2/links",
                       headers=admin(token)).status_code == 404
    client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish", headers=admin(token))
    assert client.post(url, headers=admin(token)).status_code == 409
    assert client.post(f"/api/v1/tournaments/{tid}/rounds/1/links",
                       headers=admin(token)).status_code == 409


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
