"""002's "no contar las cartas por error" on the torneo count: a box under the side's "More"
(form, without JavaScript) and ``cards_not_counted`` in the API; 300 for the side in place of
its cards on the table and in hand."""

from __future__ import annotations

import re

from game_helpers import start_game
from test_presets_via_form import TORNEO_VALUES, count, field_error, form_names, preview

# Side 0 closes (cierre 300, set at start) with a natural and a mixed canasta and 1,250 on the
# table: 500 + 300 + 300 + 1,250 = 2,350. Side 1 had a mixed canasta and 2 red 3s (100 each,
# set at start), then mixed its cards into the rest before counting: 300 + 200 + 300 = 800.
HAND = {"end": "went_out", "sides[0].going_out": "normal", "sides[0].canastas.natural": "1",
        "sides[0].canastas.mixed": "1", "sides[0].table_points": "1250",
        "sides[1].going_out": "", "sides[1].canastas.mixed": "1", "sides[1].red_threes": "2",
        "sides[1].cards_not_counted": "1"}


def test_the_torneo_count_has_the_box_and_scores_300_in_place_of_the_cards(client):
    gid = start_game(client, ruleset="torneo", players="4", **TORNEO_VALUES)
    assert {"sides[0].cards_not_counted", "sides[1].cards_not_counted"} <= form_names(client,
                                                                                      gid)
    page = client.get(f"/games/{gid}/hands/new").get_data(as_text=True)
    assert re.search(r'<input type="checkbox" id="[^"]*" name="sides\[1\]\.cards_not_counted" '
                     r'value="1"', page)
    assert "+300 in place of the cards on the table and in hand" in page
    game = count(client, gid, HAND, [2350, 800], [
        ["Natural canastas × 1", "Mixed canastas × 1", "Closing (“cierre”)",
         "Cards on the table", "Cards left in hand"],
        ["Mixed canastas × 1", "Red 3s × 2", "Cards mixed in before counting: in their place",
         "Cards in hand: mixed in, not counted"],
    ])
    saved = game["hands"][-1]
    assert [line["points"] for line in saved["sides"][1]["lines"]] == [300, 200, 300, 0]
    # The fix form shows the box ticked.
    edit = client.get(f"/games/{gid}/hands/1/edit").get_data(as_text=True)
    assert re.search(r'name="sides\[1\]\.cards_not_counted" value="1" checked', edit)
    assert not re.search(r'name="sides\[0\]\.cards_not_counted" value="1" checked', edit)


def test_the_box_with_points_typed_is_refused_on_the_points(client):
    gid = start_game(client, ruleset="torneo", players="4", **TORNEO_VALUES)
    html = preview(client, gid, {**HAND, "sides[1].table_points": "350"})
    assert field_error(html, "sides[1].table_points") == (
        "The cards were mixed in before counting: leave this empty.")
    res = client.post(f"/games/{gid}/hands", data={**HAND, "sides[1].table_points": "350"})
    assert res.status_code == 422


def test_classic_has_no_box(client):
    gid = start_game(client, ruleset="classic", players="4")
    assert not {n for n in form_names(client, gid) if "cards_not_counted" in n}


def test_the_api_takes_it_on_the_side(client):
    values = {"canastas.wild": 1000, "going_out.normal": 300, "red_threes.each": 100,
              "premios.juego_limpio": 400, "premios.canastilla": 150, "premios.canaston": 700,
              "premios.canasta_de_moda": 250, "premios.canasta_doble": 600,
              "premios.canasta_triple": 900}
    made = client.post("/api/v1/games", json={"ruleset": "torneo", "values": values})
    assert made.status_code == 201, made.get_json()
    game = made.get_json()
    auth = {"Authorization": f"Bearer {game['edit_token']}"}
    body = {"end": "went_out", "sides": [
        {"going_out": "normal", "canastas": {"natural": 1, "mixed": 1}, "table_points": 1250},
        {"canastas": {"mixed": 1}, "red_threes": 2, "cards_not_counted": True}]}
    res = client.post(f"/api/v1/games/{game['id']}/hands", json=body, headers=auth)
    assert res.status_code == 201, res.get_json()
    hand = res.get_json()
    assert hand["totals"] == [2350, 800]
    lines = {line["id"]: line["points"] for line in hand["sides"][1]["lines"]}
    assert lines == {"canastas.mixed": 300, "red_threes": 200, "table_cards": 300,
                     "hand_cards": 0}
    # Stored as given, read back the same.
    stored = client.get(f"/api/v1/games/{game['id']}").get_json()["hands"][-1]
    assert stored["entry"]["sides"][1]["cards_not_counted"] is True
    # Not a boolean, or with points given: field errors on the right field.
    bad = {**body, "sides": [body["sides"][0], {**body["sides"][1], "cards_not_counted": 1}]}
    res = client.post(f"/api/v1/games/{game['id']}/hands", json=bad, headers=auth)
    assert res.status_code == 422
    # (read as not ticked, its canasta's cards are then missing from the table too)
    assert {e["field"]: e["message"] for e in res.get_json()["errors"]}[
        "sides[1].cards_not_counted"] == "Must be true or false."
    both = {**body, "sides": [body["sides"][0], {**body["sides"][1], "hand_points": 20}]}
    res = client.post(f"/api/v1/games/{game['id']}/hands", json=both, headers=auth)
    assert res.status_code == 422
    assert [e["field"] for e in res.get_json()["errors"]] == ["sides[1].hand_points"]
    # The score calculator too.
    res = client.post("/api/v1/score", json={"ruleset": "classic", **body})
    assert res.status_code == 422
    assert {e["field"]: e["message"] for e in res.get_json()["errors"]}[
        "sides[1].cards_not_counted"] == (
        "This rule set does not score cards mixed in before counting.")


def test_the_rules_card_states_it(client):
    page = client.get("/rules/torneo?lang=en").get_data(as_text=True)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    assert ("A side that mixes its cards into the rest by mistake before counting them scores "
            "these instead of its cards on the table and in hand 300") in text
    assert "mixes its cards" not in client.get("/rules/classic?lang=en").get_data(as_text=True)
