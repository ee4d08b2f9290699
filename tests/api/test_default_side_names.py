"""A side sent to the API without a name is named as the start form names it, in the game's
language ("Side 1", "Bando 1"): the board of such a game said "1 – 2"."""

from __future__ import annotations

import re

import pytest


@pytest.mark.parametrize(("language", "names"), [
    (None, ["Side 1", "Side 2"]), ("es", ["Bando 1", "Bando 2"]),
    ("it", ["Squadra 1", "Squadra 2"]), ("xx", ["Side 1", "Side 2"])])
def test_a_side_without_a_name(client, language, names):
    body = {"ruleset": "classic", "sides": [{"players": ["Ana"]}, {"name": "  "}]}
    if language:
        body["language"] = language
    made = client.post("/api/v1/games", json=body)
    assert made.status_code == 201, made.get_json()
    game = made.get_json()
    assert [s["name"] for s in client.get(f"/api/v1/games/{game['id']}").get_json()[
        "sides"]] == names
    board = client.get(game["view_url"].replace("http://localhost", "")).get_data(as_text=True)
    assert re.search(rf'<h1 class="game-title">{names[0]} – {names[1]}<', board)
