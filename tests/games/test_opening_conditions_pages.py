"""Opening-minimum conditions on the pages and in the API: house rules made on the form with
Brazilian's tiers (VARIANTS.md 4: "7000-7995: the opening must be a canasta; 8000-8995: a
canasta worth at least 200; 9000+: a natural canasta"), then the opening-minimum page, the
API's answer beside the number, a game's board and the rules card."""

from __future__ import annotations

import re

from test_house_rules import form_of, make_house

from scorekeeper.engine import OpeningCondition
from scorekeeper.extensions import db
from scorekeeper.services import games as games_service
from scorekeeper.services import house_rules as service


def brazil_tiers(client) -> str:
    house_id = make_house(client, "samba", name="Casa Rio")
    form = form_of(house_id)
    assert form["opening_minimums.bands[3].condition"] == ""
    form.update({
        "opening_minimums.bands[3].from": "7000", "opening_minimums.bands[3].minimum": "0",
        "opening_minimums.bands[3].condition": "canasta",
        "opening_minimums.bands[4].from": "8000", "opening_minimums.bands[4].minimum": "200",
        "opening_minimums.bands[4].condition": "canasta",
        "opening_minimums.bands[5].from": "9000", "opening_minimums.bands[5].minimum": "0",
        "opening_minimums.bands[5].condition": "natural_canasta",
    })
    res = client.post(f"/games/house-rules/{house_id}", data=form)
    assert res.status_code == 303
    return house_id


def test_the_house_rules_form_sets_and_keeps_conditions(client):
    house_id = brazil_tiers(client)
    rs = service.find(house_id)
    assert [(b.from_score, b.minimum, b.condition) for b in rs.opening_minimums.bands[3:]] == [
        (7000, 0, OpeningCondition.CANASTA), (8000, 200, OpeningCondition.CANASTA),
        (9000, 0, OpeningCondition.NATURAL_CANASTA)]
    page = client.get(f"/games/house-rules/{house_id}").get_data(as_text=True)
    assert re.search(r'name="opening_minimums\.bands\[5\]\.condition".*?<option value='
                     r'"natural_canasta" selected>a natural canasta</option>', page, re.S)
    # Saved again unchanged, nothing is lost.
    before = rs.opening_minimums
    assert client.post(f"/games/house-rules/{house_id}", data=form_of(house_id)).status_code == 303
    assert service.find(house_id).opening_minimums == before
    res = client.post(f"/games/house-rules/{house_id}", data={
        **form_of(house_id), "opening_minimums.bands[4].condition": "pairs"})
    assert res.status_code == 422
    assert 'id="err-opening_minimums-bands-4-condition">Must be one of: canasta, ' \
           'natural_canasta.' in res.get_data(as_text=True)


def test_the_api_answers_the_condition_beside_the_number(client):
    house_id = brazil_tiers(client)

    def ask(score):
        res = client.get(f"/api/v1/opening-minimum?ruleset={house_id}&score={score}")
        assert res.status_code == 200
        data = res.get_json()
        return data["minimum"], data["condition"]
    assert ask(6995) == (120, None)
    canasta = {"id": "canasta", "label": "The first meld must be a canasta."}
    assert ask(7000) == (0, canasta) and ask(7995) == (0, canasta)
    assert ask(8000) == (200, canasta)
    assert ask(9000) == (0, {"id": "natural_canasta",
                             "label": "The first meld must be a natural canasta."})
    assert client.get("/api/v1/opening-minimum?ruleset=samba&score=9000").get_json()[
        "condition"] is None
    table = client.get(f"/api/v1/rulesets/{house_id}").get_json()["opening_minimums"]["table"]
    assert [(row["from"], row["minimum"], row["condition"] and row["condition"]["id"])
            for row in table][-4:] == [(3000, 120, None), (7000, 0, "canasta"),
                                      (8000, 200, "canasta"), (9000, 0, "natural_canasta")]


def test_the_opening_minimum_page_and_the_rules_card_show_it(client):
    house_id = brazil_tiers(client)
    page = client.get(f"/opening-minimum?ruleset={house_id}&score=8100&lang=en").get_data(
        as_text=True)
    assert 'data-minimum="200" data-condition="canasta">200<' in page
    assert "The first meld must be a canasta." in page
    assert re.search(r'class="om-current" aria-current="true">\s*<th scope="row">8,000 to '
                     r'8,995</th>\s*<td class="num"><span class=" om-condition">200 and a '
                     r'canasta</span>', page)
    page = client.get(f"/opening-minimum?ruleset={house_id}&score=9000").get_data(as_text=True)
    assert 'class="om-minimum om-minimum-condition" data-minimum="0" ' \
           'data-condition="natural_canasta">a natural canasta<' in page
    card = client.get(f"/rules/{house_id}").get_data(as_text=True)
    assert re.search(r"7,000 to 7,995</th>\s*<td class=\"num\"><span class=\" om-condition\">"
                     r"a canasta</span>", card)


def test_a_games_board_and_the_api_say_what_each_side_needs(client):
    house_id = brazil_tiers(client)
    new = games_service.create_game(service.find(house_id), starting_totals=[7050, 9000],
                                    sides=[{"name": "Nosotros"}, {"name": "Ellos"}])
    db.session.commit()
    game = client.get(f"/api/v1/games/{new.view_token}").get_json()
    assert game["opening_minimums"] == [0, 0]
    assert [c["id"] for c in game["opening_conditions"]] == ["canasta", "natural_canasta"]
    board = client.get(f"/games/{new.view_token}").get_data(as_text=True)
    assert re.findall(r'<span class="minimum-value om-condition">([^<]+)</span>', board) == [
        "a canasta", "a natural canasta"]
