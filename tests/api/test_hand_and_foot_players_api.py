"""A Hand and Foot game for three players, each for himself (VARIANTS-2.md 10.1: "odd numbers
play as individuals"; four packs, one more than the players [SIMP]), started and counted through
the API and through the pages: its board, its count form for three sides, its four rounds."""

from __future__ import annotations

import re

from worked_hand import form_hand

#: tests/engine/test_hand_and_foot_players.py's hand: 3,980, 410 and 360.
OUT = {"canastas": {"natural": 2, "mixed": 2, "wild": 1}, "table_points": 580,
       "hand_points": 0, "red_threes": 2, "going_out": "normal"}
BEHIND = {"canastas": {"natural": 1}, "table_points": 95, "hand_points": 185,
          "red_threes": 1, "red_threes_in_hand": 1}
THIRD = {"canastas": {"mixed": 1}, "table_points": 120, "hand_points": 60}


def flat(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_three_players_through_the_api(client):
    res = client.post("/api/v1/games", json={
        "ruleset": "hand-and-foot", "players": 3,
        "sides": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cleo"}]})
    assert res.status_code == 201, res.get_json()
    game = res.get_json()
    url, auth = f"/api/v1/games/{game['id']}", {
        "Authorization": f"Bearer {game['edit_token']}"}
    state = client.get(url).get_json()
    assert [s["name"] for s in state["sides"]] == ["Ann", "Bob", "Cleo"]
    assert (state["rounds"], state["round"], state["opening_minimums"]) == (4, 1, [50, 50, 50])
    for n, minimum in ((1, 50), (2, 90), (3, 120), (4, 150)):
        state = client.get(url).get_json()
        assert (state["round"], state["opening_minimums"]) == (n, [minimum] * 3)
        res = client.post(f"{url}/hands", json={"end": "went_out",
                                                 "sides": [OUT, BEHIND, THIRD]}, headers=auth)
        assert res.status_code == 201, res.get_json()
    state = client.get(url).get_json()
    assert state["totals"] == [4 * 3980, 4 * 410, 4 * 360]
    assert state["finished"] is True and state["winner"] == 0


def test_three_players_refused_as_two_sides_with_field_errors(client):
    res = client.post("/api/v1/games", json={
        "ruleset": "hand-and-foot", "players": 3,
        "sides": [{"name": "A"}, {"name": "B"}, {"name": "C"}, {"name": "D"}]})
    assert res.status_code == 422
    assert "sides" in {e["field"] for e in res.get_json()["errors"]}
    res = client.post("/api/v1/games", json={"ruleset": "hand-and-foot", "players": 7})
    assert res.status_code == 422
    assert [e["field"] for e in res.get_json()["errors"]] == ["players"]


def test_a_hand_of_two_sides_in_a_three_player_game_is_refused(client):
    game = client.post("/api/v1/games", json={
        "ruleset": "hand-and-foot", "players": 3}).get_json()
    res = client.post(f"/api/v1/games/{game['id']}/hands",
                      json={"end": "went_out", "sides": [OUT, BEHIND]},
                      headers={"Authorization": f"Bearer {game['edit_token']}"})
    assert 400 <= res.status_code < 500


def test_three_players_through_the_pages(client):
    page = flat(client.get("/games/new?ruleset=hand-and-foot").get_data(as_text=True))
    assert "Three players, each for himself" in page
    assert "Six players in two teams of three" in page
    res = client.post("/games/new", data={
        "ruleset": "hand-and-foot", "shown_ruleset": "hand-and-foot", "players": "3",
        "side_0_name": "Ann", "side_1_name": "Bob", "side_2_name": "Cleo"})
    assert res.status_code == 303, flat(res.get_data(as_text=True))[-2000:]
    game_id = res.headers["Location"].rsplit("/", 1)[-1]
    board = flat(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "Ann" in board and "Bob" in board and "Cleo" in board
    assert "Round 1 of 4" in board
    count = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert 'name="sides[2].table_points"' in count
    form = form_hand(OUT, BEHIND, THIRD)
    res = client.post(f"/games/{game_id}/hands", data=form)
    assert res.status_code == 303, flat(res.get_data(as_text=True))[-2000:]
    board = flat(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "Round 2 of 4" in board
    assert "3,980" in board and "410" in board and "360" in board
    sheet = client.get(f"/sheets/games/{game_id}.pdf")
    assert sheet.status_code == 200
