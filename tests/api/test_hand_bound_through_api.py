"""A game keeps at most ``MAX_HANDS`` hands: the next save is refused on the field ``hands``
(422), nothing stored; a hand undone makes room again."""

from __future__ import annotations

from scorekeeper.services import games as games_service

HAND = {"end": "went_out", "sides": [
    {"table_points": 50, "hand_points": 0, "canastas": {"mixed": 1}, "going_out": "normal"},
    {"table_points": 0, "hand_points": 0}]}


def test_a_full_game_refuses_a_hand_with_a_field_error(client, monkeypatch):
    monkeypatch.setattr(games_service, "MAX_HANDS", 2)
    made = client.post("/api/v1/games", json={"ruleset": "classic", "players": 4,
                                              "target": 100_000}).get_json()
    auth = {"Authorization": f"Bearer {made['edit_token']}"}
    url = f"/api/v1/games/{made['id']}/hands"
    assert [client.post(url, json=HAND, headers=auth).status_code for _ in range(2)] == [201, 201]
    full = client.post(url, json=HAND, headers=auth)
    assert full.status_code == 422
    assert full.get_json()["errors"] == [
        {"field": "hands", "message": "A game keeps at most 2 hands: start a new game to play on."}]
    assert len(client.get(f"/api/v1/games/{made['id']}").get_json()["hands"]) == 2
    assert client.post(f"/api/v1/games/{made['id']}/undo", headers=auth).status_code == 200
    assert client.post(url, json=HAND, headers=auth).status_code == 201


def test_the_count_form_says_the_game_is_full(client, monkeypatch):
    monkeypatch.setattr(games_service, "MAX_HANDS", 1)
    made = client.post("/api/v1/games", json={"ruleset": "classic", "players": 4,
                                              "target": 100_000}).get_json()
    assert client.get(f"/games/{made['id']}/join/{made['edit_token']}").status_code == 303
    form = {"end": "stock_out", "sides[0].table_points": "50", "sides[0].hand_points": "0",
            "sides[1].table_points": "0", "sides[1].hand_points": "0"}
    assert client.post(f"/games/{made['id']}/hands", data=form).status_code == 303
    page = client.post(f"/games/{made['id']}/hands", data=form)
    assert page.status_code == 422
    assert "A game keeps at most 1 hands: start a new game to play on." in page.get_data(True)
    assert len(client.get(f"/api/v1/games/{made['id']}").get_json()["hands"]) == 1
