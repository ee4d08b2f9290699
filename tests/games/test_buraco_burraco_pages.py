"""Buraco and Burraco through the pages and the API: the count form asks what their games count
(their kinds, the morto or pozzetto, no red 3), a hand counted by form in English, the rulesets
list names them with their sources."""

from __future__ import annotations

import flask_babel
from flask.testing import FlaskClient
from game_helpers import start_game
from test_presets_via_form import canasta_fields, count, form_names

from scorekeeper.engine.second_packet import NOT_TAKEN


def test_the_rulesets_list_names_them_with_their_sources(client: FlaskClient) -> None:
    listed = {r["id"]: r for r in client.get("/api/v1/rulesets").get_json()["rulesets"]}
    assert {"buraco", "burraco"} <= set(listed)
    buraco = client.get("/api/v1/rulesets/buraco").get_json()
    assert buraco["sources"][:2] == ["P-BR", "WIKI-PT"]
    assert buraco["canastas"] == {"natural": 200, "mixed": 100, "ace_to_king": 500,
                                  "ace_to_ace": 1000}
    burraco = client.get("/api/v1/rulesets/burraco").get_json()
    assert "MYB" in burraco["sources"] and burraco["target"] == 2005


def test_the_buraco_count_form(client: FlaskClient) -> None:
    gid = start_game(client, ruleset="buraco", players="4")
    names = form_names(client, gid)
    assert canasta_fields(names) == {"natural", "mixed", "ace_to_king", "ace_to_ace"}
    assert f"sides[1].penalties.{NOT_TAKEN}" in names
    assert not {n for n in names if "red_threes" in n}
    # Nosotros bate with a clean and an A–K canastra, 280 on the table: 200 + 500 + 100 + 280
    # = 1,080; Ellos never took the morto: 60 - 100 - 35 = -75.
    hand = {"end": "went_out", "sides[0].going_out": "normal",
            "sides[0].canastas.natural": "1", "sides[0].canastas.ace_to_king": "1",
            "sides[0].table_points": "280",
            "sides[1].table_points": "60", "sides[1].hand_points": "35",
            f"sides[1].penalties.{NOT_TAKEN}": "1"}
    game = count(client, gid, hand, [1080, -75], [
        ["Clean canastra × 1", "Canastra from ace to king × 1", "Batida (going out)",
         "Cards on the table", "Cards left in hand"],
        ["Morto not taken", "Cards on the table", "Cards left in hand"],
    ])
    assert game["totals"] == [1080, -75]


def test_the_count_form_in_portuguese_and_italian(client: FlaskClient) -> None:
    gid = start_game(client, ruleset="buraco", players="4")
    flask_babel.refresh()  # the folder's app context would keep the first locale on ``g``
    html = client.get(f"/games/{gid}/hands/new?lang=pt").get_data(as_text=True)
    for words in ("Canastra limpa", "Canastra suja", "Morto não pegado", "Batida"):
        assert words in html, words
    gid = start_game(client, ruleset="burraco", players="4")
    flask_babel.refresh()
    html = client.get(f"/games/{gid}/hands/new?lang=it").get_data(as_text=True)
    for words in ("Burraco pulito", "Burraco semipulito", "Burraco sporco",
                  "Pozzetto non preso", "Chiusura al monte"):
        assert words in html, words


def test_a_burraco_hand_through_the_api(client: FlaskClient) -> None:
    res = client.post("/api/v1/score", json={"ruleset": "burraco", "sides": [
        {"canastas": {"natural": 1, "semi_clean": 1}, "going_out": "normal",
         "table_points": 400},
        {"penalties": {NOT_TAKEN: 1}, "table_points": 50, "hand_points": 80}]})
    assert res.status_code == 200, res.get_json()
    assert [s["total"] for s in res.get_json()["sides"]] == [850, -130]
    # The side that closes took its pozzetto.
    res = client.post("/api/v1/score", json={"ruleset": "burraco", "sides": [
        {"canastas": {"natural": 1}, "going_out": "normal", "table_points": 35,
         "penalties": {NOT_TAKEN: 1}}, {}]})
    assert res.status_code == 422
    assert [e["field"] for e in res.get_json()["errors"]] == ["sides[0].going_out"]
    # In Burraco's own word (issue 42: not "second packet (morto, pozzetto)").
    assert res.get_json()["errors"][0]["message"] == "Going out needs the side's pozzetto taken."
