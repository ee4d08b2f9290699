"""A Hand and Foot game for five players, each for himself (issue 42: "Hand and Foot for 2–6
players as its sources play it"; VARIANTS-2.md 10.1: "Pagat also describes two to six", "odd
numbers play as individuals"; six packs, one more than the players [SIMP]): five sides, started
and counted through the API and through the pages, its board, count form, four rounds and sheet.
"""

from __future__ import annotations

import re
from io import BytesIO

from pypdf import PdfReader
from test_hand_and_foot_players_api import BEHIND, OUT, THIRD, flat
from worked_hand import form_hand

#: Two more players: one who never melded, a red 3 left in his foot (-100) and 40 in hand; one
#: with 60 on the table, a red 3 laid (+100) and 25 in hand.
FOURTH = {"hand_points": 40, "red_threes_in_hand": 1}
FIFTH = {"table_points": 60, "hand_points": 25, "red_threes": 1}
HAND = (OUT, BEHIND, THIRD, FOURTH, FIFTH)
#: 3,980, 410 and 360 as in the three-player game (the count is each side's own); -40 - 100;
#: 60 + 100 - 25.
TOTALS = [3980, 410, 360, -140, 135]
NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eve"]


def test_five_players_through_the_api(client):
    res = client.post("/api/v1/games", json={
        "ruleset": "hand-and-foot", "players": 5, "sides": [{"name": n} for n in NAMES]})
    assert res.status_code == 201, res.get_json()
    game = res.get_json()
    url, auth = f"/api/v1/games/{game['id']}", {
        "Authorization": f"Bearer {game['edit_token']}"}
    state = client.get(url).get_json()
    assert [s["name"] for s in state["sides"]] == NAMES
    for n, minimum in ((1, 50), (2, 90), (3, 120), (4, 150)):
        state = client.get(url).get_json()
        assert (state["round"], state["opening_minimums"]) == (n, [minimum] * 5)
        res = client.post(f"{url}/hands", json={"end": "went_out", "sides": list(HAND)},
                          headers=auth)
        assert res.status_code == 201, res.get_json()
    state = client.get(url).get_json()
    assert state["totals"] == [4 * t for t in TOTALS]
    assert state["finished"] is True and state["winner"] == 0
    # The deck is six packs: twelve red 3s, not a thirteenth.
    res = client.post("/api/v1/score", json={"ruleset": "hand-and-foot", "players": 5,
                                             "end": "stock_out", "sides": [
        {"red_threes": 6}, {"red_threes": 6}, {"red_threes": 1}, {}, {}]})
    assert res.status_code == 422
    assert [e["field"] for e in res.get_json()["errors"]] == ["sides[2].red_threes"]


def test_five_players_refused_as_other_sides(client):
    res = client.post("/api/v1/games", json={
        "ruleset": "hand-and-foot", "players": 5,
        "sides": [{"name": n} for n in [*NAMES, "Fay"]]})
    assert res.status_code == 422
    assert "sides" in {e["field"] for e in res.get_json()["errors"]}
    game = client.post("/api/v1/games", json={
        "ruleset": "hand-and-foot", "players": 5}).get_json()
    res = client.post(f"/api/v1/games/{game['id']}/hands",
                      json={"end": "went_out", "sides": list(HAND[:3])},
                      headers={"Authorization": f"Bearer {game['edit_token']}"})
    assert res.status_code == 422
    # Six sides are no format of any rule set.
    res = client.post("/api/v1/score", json={"ruleset": "hand-and-foot", "players": 5,
                                             "sides": [{}] * 6})
    assert 400 <= res.status_code < 500


def start_on_the_page(client) -> str:
    page = flat(client.get("/games/new?ruleset=hand-and-foot").get_data(as_text=True))
    assert "Five players, each for himself" in page
    res = client.post("/games/new", data={
        "ruleset": "hand-and-foot", "shown_ruleset": "hand-and-foot", "players": "5",
        **{f"side_{i}_name": n for i, n in enumerate(NAMES)}})
    assert res.status_code == 303, flat(res.get_data(as_text=True))[-2000:]
    return res.headers["Location"].rsplit("/", 1)[-1]


def test_five_players_through_the_pages(client):
    game_id = start_on_the_page(client)
    board = flat(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert all(n in board for n in NAMES) and "Round 1 of 4" in board
    count = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert 'name="sides[4].table_points"' in count
    form = form_hand(*HAND)
    res = client.post(f"/games/{game_id}/hands", data=form)
    assert res.status_code == 303, flat(res.get_data(as_text=True))[-2000:]
    board = flat(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "Round 2 of 4" in board
    for total in ("3,980", "410", "360", "−140", "135"):
        assert total in board, total
    # Four rounds, no target: Dan at −140 does not "need 140 to win".
    assert "to win" not in board
    sheet = client.get(f"/sheets/games/{game_id}.pdf")
    assert sheet.status_code == 200 and sheet.mimetype == "application/pdf"
    blank = client.get("/sheets/blank.pdf?ruleset=hand-and-foot&players=5&paper=a4")
    assert blank.status_code == 200


def test_the_sheet_names_the_five(client):
    game_id = start_on_the_page(client)
    pdf = PdfReader(BytesIO(client.get(f"/sheets/games/{game_id}.pdf").data))
    text = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in pdf.pages))
    assert all(n in text for n in NAMES), text[:400]
