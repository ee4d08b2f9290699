"""A torneo game started through the API asks for the values 002 leaves to the organizer, as
the start form does: a game without them could never count a closing hand."""

from __future__ import annotations

from scorekeeper.engine import find_ruleset

VALUES = {"canastas.wild": 1000, "going_out.normal": 100, "red_threes.each": 100,
          "premios.juego_limpio": 200, "premios.canastilla": 150, "premios.canaston": 2000,
          "premios.canasta_de_moda": 400, "premios.canasta_doble": 2500,
          "premios.canasta_triple": 3000}
CLOSING = {"players": 4, "end": "went_out", "sides": [
    {"table_points": 100, "canastas": {"natural": 1}, "going_out": "normal"},
    {"table_points": 60, "hand_points": 30},
]}


def test_the_values_cover_what_torneo_leaves_open():
    assert set(VALUES) == {path for path, _ in find_ruleset("torneo").missing_values()}


def test_torneo_without_its_values_is_refused_field_by_field(client):
    res = client.post("/api/v1/games", json={"ruleset": "torneo", "players": 4})
    assert res.status_code == 422
    fields = {e["field"] for e in res.get_json()["errors"]}
    assert fields == {f"values.{path}" for path in VALUES}
    res = client.post("/api/v1/games", json={"ruleset": "torneo", "values": {
        **VALUES, "premios.canastilla": -5}})
    assert res.status_code == 422
    assert [e["field"] for e in res.get_json()["errors"]] == ["values.premios.canastilla"]
    res = client.post("/api/v1/games", json={"ruleset": "torneo", "values": [1, 2]})
    assert res.status_code == 422
    assert [e["field"] for e in res.get_json()["errors"]] == ["values"]


def test_torneo_with_its_values_counts_a_closing_hand(client):
    res = client.post("/api/v1/games", json={"ruleset": "torneo", "players": 4,
                                             "values": VALUES})
    assert res.status_code == 201, res.get_json()
    game = res.get_json()
    res = client.post(f"/api/v1/games/{game['id']}/hands", json=CLOSING,
                      headers={"Authorization": f"Bearer {game['edit_token']}"})
    assert res.status_code == 201, res.get_json()
    # 002: natural canasta 500 + going out 100 (the organizer's) + 100 table = 700;
    # the other side 60 on the table - 30 in hand = 30.
    assert res.get_json()["totals"] == [700, 30]


def test_a_preset_that_leaves_nothing_open_ignores_values(client):
    res = client.post("/api/v1/games", json={"ruleset": "classic", "values": {"x": 1}})
    assert res.status_code == 201
