"""Cuban and Italian Canasta (VARIANTS.md 5 and 7) through the HTML count form and the API:
hands worked out by hand, the inputs the form shows, the rule set as the API lists it."""

from __future__ import annotations

import flask_babel
from game_helpers import form_hand, start_game
from test_presets_via_form import _text, count, field_error, form_names, minimums


def test_cuban_through_the_form(client):
    page = client.get("/games/new?lang=en").get_data(as_text=True)
    assert 'value="cuban"' in page and ">Cuban Canasta</option>" in page
    gid = start_game(client, ruleset="cuban", players="4")
    names = form_names(client, gid)
    assert {n for n in names if n.startswith("sides[0].canastas.")} == {
        "sides[0].canastas.natural", "sides[0].canastas.mixed", "sides[0].canastas.wild",
        "sides[0].canastas.wild_twos", "sides[0].canastas.wild_four_jokers"}
    # §9 gap 6: black 3s taken with the pile have an input; no black 3 bonus or penalty.
    assert "sides[1].black_threes_with_pile" in names
    assert "sides[1].black_threes_in_hand" not in names
    # Nosotros go out: seven 2s 4,000 + a natural canasta 500 + three red 3s 500 + going out
    # 100 + 215 on the table - 10 in hand = 5,305. Ellos: no canasta, 60 on the table, a red
    # 3 against (-100), all four black 3s taken with the pile (100), 20 in hand: 40.
    hand = form_hand({"going_out": "normal", "canastas": {"wild_twos": 1, "natural": 1},
                      "table_points": 215, "hand_points": 10, "red_threes": 3},
                     {"table_points": 60, "hand_points": 20, "red_threes": 1,
                      "black_threes_with_pile": 4})
    game = count(client, gid, hand, [5305, 40], [
        ["Natural canastas × 1", "Canastas of seven 2s × 1", "Red 3s × 3", "Going out",
         "Cards on the table", "Cards left in hand"],
        ["Red 3s × 1, against: no canasta", "All 4 black 3s taken with the pile",
         "Cards on the table", "Cards left in hand"],
    ])
    # 5,305 needs 150 (5,000+); 40 needs 50.
    assert game["opening_minimums"] == [150, 50] == minimums(client, gid)
    # Five black 3s in two packs are refused on the field.
    res = client.post(f"/games/{gid}/hands", data={**hand, "sides[0].black_threes_with_pile": "1"})
    assert res.status_code == 422
    assert field_error(res.get_data(as_text=True), "sides[1].black_threes_with_pile") == (
        "There are only 4 black 3s in 2 packs.")


def test_cuban_through_the_api(client):
    data = client.get("/api/v1/rulesets/cuban").get_json()
    assert [(k["id"], k["points"], k["min_jokers"], k["max_jokers"])
            for k in data["canasta_kinds"]] == [
        ("natural", 500, None, None), ("mixed", 300, None, None), ("wild", 2000, 1, 3),
        ("wild_twos", 4000, 0, 0), ("wild_four_jokers", 3000, 4, 4)]
    assert data["red_threes"]["by_count"] == [100, 300, 500, 1000]
    assert data["red_three_table"] == [{"packs": 2, "points": [100, 300, 500, 1000]}]
    assert data["black_threes"]["each_with_pile"] == 5
    assert data["black_threes"]["all_with_pile"] == 100
    # Every tier a number, none with a condition on the first meld.
    assert data["opening_minimums"]["table"] == [{**row, "condition": None} for row in [
        {"from": None, "to": -5, "minimum": 15}, {"from": 0, "to": 1495, "minimum": 50},
        {"from": 1500, "to": 2995, "minimum": 90}, {"from": 3000, "to": 4995, "minimum": 120},
        {"from": 5000, "to": None, "minimum": 150}]]
    assert data["target"] == 7500
    res = client.post("/api/v1/score", json={"ruleset": "cuban", "sides": [
        {"going_out": "normal", "canastas": {"wild_four_jokers": 1}, "table_points": 260,
         "black_threes_with_pile": 2},
        {"table_points": 35, "canastas": {"natural": 1}, "red_threes": 2}]})
    assert res.status_code == 200, res.get_json()
    # 3,000 + 100 + 10 + 260 = 3,370; 500 + 300 + 35 = 835.
    assert [s["total"] for s in res.get_json()["sides"]] == [3370, 835]
    res = client.post("/api/v1/score", json={"ruleset": "classic", "sides": [
        {"going_out": "normal", "canastas": {"natural": 1}, "table_points": 35,
         "black_threes_with_pile": 1}, {}]})
    assert res.status_code == 422
    assert "sides[0].black_threes_with_pile" in str(res.get_json())


def test_italian_through_the_form(client):
    gid = start_game(client, ruleset="italian", players="4")
    names = form_names(client, gid)
    assert {n for n in names if n.startswith("sides[0].canastas.")} == {
        "sides[0].canastas.natural", "sides[0].canastas.mixed", "sides[0].canastas.wild",
        "sides[0].canastas.wild_twos"}
    # No black-3 values and no premios to type: Italian's premios follow the canastas.
    assert not {n for n in names if n.endswith(("black_threes_shown", "black_threes_in_hand",
                                                "black_threes_with_pile")) or "premios" in n}
    # Nosotros go out with four natural canastas (4 x 70) and a mixed one (50): 2,000 + 300 +
    # the premio 1,000 + four red 3s 800 + going out 300 + 330 = 4,730. Ellos: two natural
    # canastas and seven 2s (70 + 35 + 140): 1,000 + 0 (not out) + 245 - 15 = 1,230.
    hand = form_hand({"going_out": "normal", "canastas": {"natural": 4, "mixed": 1},
                      "table_points": 330, "red_threes": 4},
                     {"canastas": {"natural": 2, "wild_twos": 1}, "table_points": 245,
                      "hand_points": 15})
    game = count(client, gid, hand, [4730, 1230], [
        ["Natural canastas × 4", "Mixed canastas × 1", "Four natural canastas and a mixed one",
         "Red 3s × 4", "Going out", "Cards on the table", "Cards left in hand"],
        ["Natural canastas × 2", "Wild-card canastas × 1: no bonus, the side did not go out",
         "Cards on the table", "Cards left in hand"],
    ])
    # 4,730 needs 120 (3,000-4,995); 1,230 needs 50.
    assert game["opening_minimums"] == [120, 50] == minimums(client, gid)
    # Going out with a natural canasta and one of 2s and jokers is refused: the wild one does
    # not count towards the two.
    refused = client.post(f"/games/{gid}/hands", data={
        **{k: v for k, v in hand.items() if k.startswith("sides[1]")}, "end": "went_out",
        "sides[0].going_out": "normal", "sides[0].canastas.natural": "1",
        "sides[0].canastas.wild": "1", "sides[0].table_points": "205"})
    assert (refused.status_code, field_error(refused.get_data(as_text=True),
                                             "sides[0].going_out")) == (
        422, "Going out needs finished canastas: 2 (a wild-card canasta does not count).")


def test_italian_through_the_api_and_in_spanish(client):
    data = client.get("/api/v1/rulesets/italian").get_json()
    assert data["canastas"] == {"natural": 500, "mixed": 300, "wild": 2000, "wild_twos": 3000}
    assert data["red_three_table"] == [
        {"packs": 3, "points": [100, 200, 300, 800, 1000, 1200]}]
    cc = data["canasta_count_premios"]
    assert (cc["five_natural"], cc["four_natural_one_mixed"], cc["ten"]) == (2000, 1000, 2000)
    assert cc["wild_only_going_out"] is True and cc["mix_cumulative"] is False
    assert [row["minimum"] for row in data["opening_minimums"]["table"]] == [
        15, 50, 90, 120, 160, 180, 200]
    assert client.get("/api/v1/opening-minimum?ruleset=italian&score=10000").get_json()[
        "minimum"] == 200
    flask_babel.refresh()
    page = _text(client.get("/rules/italian?lang=es").get_data(as_text=True))
    assert "Canasta italiana (Canastone)" in page and "Cinco canastas limpias" in page
    assert "Treses rojos × 4" in page and "+800" in page
    flask_babel.refresh()
    page = _text(client.get("/rules/cuban?lang=es").get_data(as_text=True))
    assert "Canasta cubana" in page and "Cada tres negro tomado con el pozo" in page


def test_italian_house_rules_keep_the_settings(client):
    res = client.post("/games/house-rules/new?lang=en",
                      data={"preset": "italian", "name": "Los jueves"})
    assert res.status_code == 303
    house_id = res.headers["Location"].rstrip("/").rsplit("/", 1)[-1]
    form = client.get(f"/games/house-rules/{house_id}").get_data(as_text=True)
    assert 'name="red_threes.by_count"' in form and "100, 200, 300, 800, 1000, 1200" in form
    assert 'name="canasta_count_premios.mix_cumulative"' in form
    from scorekeeper.games.house_rules_form import form_values
    from scorekeeper.services import house_rules as house_service
    values = {**form_values(house_service.find(house_id)),
              "canasta_count_premios.mix_cumulative": "on",
              "canastas.wild_twos": "4000"}
    res = client.post(f"/games/house-rules/{house_id}", data=values)
    assert res.status_code == 303, _text(res.get_data(as_text=True))[:500]
    data = client.get(f"/api/v1/rulesets/{house_id}").get_json()
    assert data["based_on"] == "italian"
    assert data["canasta_count_premios"]["mix_cumulative"] is True
    assert data["canastas"]["wild_twos"] == 4000
    assert data["red_threes"]["by_count"] == [100, 200, 300, 800, 1000, 1200]
