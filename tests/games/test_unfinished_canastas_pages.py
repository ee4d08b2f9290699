"""Unfinished melds through the pages and the API: pagat's house rule for Uruguay (VARIANTS.md 6:
"pagat's classic-variations list mentions a −1000 house rule for teams that start but do not
finish a wild meld") set on the house-rules form, then asked on the count form, counted, shown
on the rules card and listed by the API."""

from __future__ import annotations

import re

import flask_babel
from game_helpers import start_game
from test_house_rules import form_of, make_house

from scorekeeper.engine import CanastaKind
from scorekeeper.services import house_rules as service


def uruguay_with_wild_penalty(client) -> str:
    house_id = make_house(client, "uruguay", name="Casa Lima")
    form = form_of(house_id)
    assert form["unfinished_canastas.wild"] == ""  # asked, not charged by the preset
    res = client.post(f"/games/house-rules/{house_id}",
                      data={**form, "unfinished_canastas.wild": "1000"})
    assert res.status_code == 303
    return house_id


def test_the_house_rules_form_sets_the_penalty(client):
    house_id = uruguay_with_wild_penalty(client)
    penalty = service.find(house_id).unfinished_penalty(CanastaKind.WILD)
    assert penalty is not None and penalty.points == 1000 and penalty.fewer_than is None
    page = client.get(f"/games/house-rules/{house_id}").get_data(as_text=True)
    assert 'name="unfinished_canastas.wild" value="1000"' in page or re.search(
        r'name="unfinished_canastas\.wild"[^>]*value="1000"', page)
    # Classic has no wild-card canasta: nothing to ask.
    classic = client.get(f"/games/house-rules/{make_house(client)}").get_data(as_text=True)
    assert "unfinished_canastas." not in classic


def test_a_bad_value_is_shown_by_its_input(client):
    house_id = make_house(client, "uruguay")
    res = client.post(f"/games/house-rules/{house_id}",
                      data={**form_of(house_id), "unfinished_canastas.wild": "-5"})
    assert res.status_code == 422
    assert 'id="err-unfinished_canastas-wild">Must be between 0 and 100,000.' in res.get_data(
        as_text=True)


def test_counted_on_the_count_form_and_by_the_api(client):
    house_id = uruguay_with_wild_penalty(client)
    game_id = start_game(client, ruleset=house_id, shown_ruleset=house_id)
    page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert 'name="sides[1].unfinished_canastas.wild"' in page
    assert "Unfinished wild-card meld" in page
    # Nosotros go out with a natural canasta: 500 + 100 + 250. Ellos leave a wild-card meld of
    # three 2s: 300 (mixed) - 1,000 + 200 - 30.
    hand = {"end": "went_out", "sides[0].going_out": "normal",
            "sides[0].canastas.natural": "1", "sides[0].table_points": "250",
            "sides[1].canastas.mixed": "1", "sides[1].unfinished_canastas.wild": "1",
            "sides[1].table_points": "200", "sides[1].hand_points": "30"}
    assert client.post(f"/games/{game_id}/hands", data=hand).status_code == 303
    game = client.get(f"/api/v1/games/{game_id}").get_json()
    assert game["totals"] == [850, -530]
    lines = {line["id"]: line for line in game["hands"][-1]["sides"][1]["lines"]}
    assert lines["unfinished_canastas.wild"]["points"] == -1000
    assert lines["unfinished_canastas.wild"]["label"] == "Unfinished wild-card meld × 1"
    assert game["hands"][-1]["entry"]["sides"][1]["unfinished_canastas"] == {"wild": 1}
    # The stored entry comes back onto the form (fixing the hand).
    edit = client.get(f"/games/{game_id}/hands/1/edit").get_data(as_text=True)
    assert re.search(r'name="sides\[1\]\.unfinished_canastas\.wild"[^>]*value="1"', edit)

    body = {"ruleset": house_id, "players": 4, "end": "stock_out", "sides": [
        {"table_points": 150, "unfinished_canastas": {"wild": 2}}, {"table_points": 50}]}
    res = client.post("/api/v1/score", json=body)
    assert res.status_code == 200 and res.get_json()["totals"] == [-1850, 50]
    body["ruleset"] = "uruguay"
    res = client.post("/api/v1/score", json=body)
    assert res.status_code == 422
    assert res.get_json()["errors"] == [{
        "field": "sides[0].unfinished_canastas.wild",
        "message": "This rule set charges nothing for “Unfinished wild-card meld”."}]


def test_the_api_and_the_rules_card_list_it(client):
    house_id = uruguay_with_wild_penalty(client)
    data = client.get(f"/api/v1/rulesets/{house_id}").get_json()
    assert data["unfinished_canastas"] == {"wild": {
        "label": "Unfinished wild-card meld", "points": 1000, "fewer_than": None,
        "only_when_out": False, "blocks_going_out": False}}
    assert client.get("/api/v1/rulesets/uruguay").get_json()["unfinished_canastas"] == {}
    flask_babel.refresh()  # the folder's app context would keep the first locale on ``g``
    es = client.get(f"/api/v1/rulesets/{house_id}", headers={"Accept-Language": "es"}).get_json()
    flask_babel.refresh()
    assert es["unfinished_canastas"]["wild"]["label"] == "Combinación de comodines sin terminar"
    card = client.get(f"/rules/{house_id}?lang=en").get_data(as_text=True)
    assert re.search(r"Unfinished wild-card meld<span class=\"rc-note\">left on the table at "
                     r"any end of the hand</span></th><td class=\"num\">&minus;1,000", card)


def test_a_meld_the_packs_cannot_hold_is_refused_by_its_input(client):
    # American: a sevens canasta on one side and an unfinished sevens meld on the other are 10
    # sevens of 8; two natural canastas more than the nine ranks left.
    game_id = start_game(client, ruleset="american", shown_ruleset="american")
    hand = {"end": "stock_out", "sides[0].canastas.sevens": "1", "sides[0].table_points": "35",
            "sides[1].unfinished_canastas.sevens": "1", "sides[1].table_points": "15"}
    res = client.post(f"/games/{game_id}/hands", data=hand)
    assert res.status_code == 422
    assert re.search(r'id="err-sides-1-unfinished_canastas-sevens">2 packs do not hold the '
                     r"cards for these canastas and unfinished melds.</p>",
                     res.get_data(as_text=True))
    # Six natural canastas: 4s, 5s, 6s (3 x 35) and three of 8s to kings (3 x 70).
    hand = {"end": "stock_out", "sides[0].canastas.natural": "6", "sides[0].table_points": "315",
            "sides[1].canastas.natural": "5", "sides[1].table_points": "350"}
    res = client.post(f"/games/{game_id}/hands", data=hand)
    assert res.status_code == 422
    assert re.search(r'id="err-sides-1-canastas-natural">2 packs do not hold the cards for '
                     r"that many of these canastas.</p>", res.get_data(as_text=True))
    # The same hand with nine: counted (the other three of 8s to kings).
    hand["sides[1].canastas.natural"] = "3"
    hand["sides[1].table_points"] = "210"
    assert client.post(f"/games/{game_id}/hands", data=hand).status_code == 303


def test_american_aces_and_sevens_held_by_one_player_on_the_count_form(client):
    # [CJ]: a player holding both three aces and three sevens: "a double penalty of minus
    # 3,000". The form asks for sets, two a player: four for a pair.
    game_id = start_game(client, ruleset="american", shown_ruleset="american")
    page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert re.search(r'name="sides\[0\]\.aces_or_sevens_held"[^>]*data-max="4"', page)
    assert "Sets of 3+ aces or 3+ sevens left in hand" in page
    # Nosotros go out with two natural canastas of kings (1,000 + 100 + 140); Luis is left
    # with three aces and three sevens (75): 1,240 - 3,000 - 75 = -1,835.
    hand = {"end": "went_out", "sides[0].going_out": "normal",
            "sides[0].canastas.natural": "2", "sides[0].table_points": "140",
            "sides[0].hand_points": "75", "sides[0].aces_or_sevens_held": "2"}
    assert client.post(f"/games/{game_id}/hands", data=hand).status_code == 303
    game = client.get(f"/api/v1/games/{game_id}").get_json()
    lines = {line["id"]: line for line in game["hands"][-1]["sides"][0]["lines"]}
    assert lines["aces_or_sevens_held"]["points"] == -3000
    assert lines["aces_or_sevens_held"]["label"] == "Sets of 3+ aces or sevens held × 2"
    assert game["totals"][0] == -1835
