"""The `brazilian` preset (VARIANTS.md section 4) through the HTML count form, the API, the
opening-minimum page and a game's board, as a careful player would count it."""

from __future__ import annotations

import re

from game_helpers import start_game
from test_presets_via_form import _text, count, field_error, form_names

from scorekeeper.engine import find_ruleset
from scorekeeper.extensions import db
from scorekeeper.services import games as games_service


def test_brazilian_through_the_form_and_the_api(client):
    page = client.get("/games/new?lang=en").get_data(as_text=True)
    assert re.search(r'<option [^>]*value="brazilian"[^>]*>Brazilian Canasta</option>', page)
    gid = start_game(client, ruleset="brazilian", players="4")
    # Side 1's canastas and melds left unfinished: only the short sequence is asked for.
    asked = sorted(n.removeprefix("sides[0].") for n in form_names(client, gid)
                   if n.startswith(("sides[0].canastas.", "sides[0].unfinished_canastas.")))
    assert asked == ["canastas.mixed", "canastas.natural", "canastas.sequence", "canastas.wild",
                     "unfinished_canastas.sequence"]
    assert "sides[1].unfinished_canastas.sequence" in form_names(client, gid)
    html = client.get(f"/games/{gid}/hands/new").get_data(as_text=True)
    assert re.search(r'for="f-sides-0-unfinished_canastas-sequence">Unfinished sequence '
                     r'<span class="hint">\u22121,000 · fewer than 5 cards</span>', html)
    # One canasta is not enough to go out.
    refused = client.post(f"/games/{gid}/hands", data={
        "end": "went_out", "sides[0].going_out": "normal", "sides[0].canastas.natural": "1",
        "sides[0].table_points": "35"})
    assert (refused.status_code,
            field_error(refused.get_data(as_text=True), "sides[0].going_out")) == (
        422, "Going out needs finished canastas: 2; this side has 1.")
    # Nosotros go out with a natural and a mixed canasta and five red 3s: 500 + 300 + 1,000 +
    # 200 + 400 = 2,400. Ellos have no canasta: the sixth red 3 against them (-100), a
    # sequence of four left on the table (-1,000), 80 on the table, 45 in hand with a black 3
    # (-100 in all: 95 beyond its 5): -100 - 1,000 - 95 + 80 - 45 = -1,160.
    nosotros = {"going_out": "normal", "canastas.natural": "1", "canastas.mixed": "1",
                "red_threes": "5", "table_points": "400"}
    ellos = {"red_threes": "1", "unfinished_canastas.sequence": "1", "table_points": "80",
             "hand_points": "45", "black_threes_in_hand": "1"}
    hand = {"end": "went_out", **{f"sides[0].{k}": v for k, v in nosotros.items()},
            **{f"sides[1].{k}": v for k, v in ellos.items()}}
    game = count(client, gid, hand, [2400, -1160], [
        ["Natural canastas × 1", "Mixed canastas × 1", "Red 3s × 5", "Going out",
         "Cards on the table", "Cards left in hand"],
        ["Red 3s × 1, against: no canasta", "Unfinished sequence, fewer than 5 cards × 1",
         "Black 3s left in hand × 1, beyond their card points", "Cards on the table",
         "Cards left in hand"],
    ])
    assert game["opening_minimums"] == [90, 15]
    assert game["opening_conditions"] == [None, None]
    assert game["hands"][-1]["entry"]["sides"][1]["unfinished_canastas"] == {"sequence": 1}
    data = client.get("/api/v1/rulesets/brazilian").get_json()
    assert data["canastas"] == {"natural": 500, "mixed": 300, "sequence": 1500, "wild": 2000}
    assert data["unfinished_canastas"]["sequence"]["fewer_than"] == 5
    assert data["red_three_table"] == [{"packs": 3, "points": [100, 200, 300, 400, 1000, 1200]}]
    assert data["target"] == 10000
    words = _text(client.get("/rules/brazilian?lang=en").get_data(as_text=True))
    assert "To go out a side needs:</strong> 2 finished canastas. </p>" in words
    assert "At least 1 of them a sequence" not in words
    assert "The discard pile may not be taken for the opening meld." in words


def test_brazilian_opening_conditions_on_the_board_and_the_api(client):
    new = games_service.create_game(find_ruleset("brazilian"), starting_totals=[8000, 6995],
                                    sides=[{"name": "Nosotros"}, {"name": "Ellos"}])
    db.session.commit()
    board = client.get(f"/games/{new.view_token}?lang=en").get_data(as_text=True)
    assert re.findall(r'<span class="minimum-value[^"]*">([^<]+)</span>', board) == [
        "200 and a canasta", "120"]
    answer = client.get("/api/v1/opening-minimum?ruleset=brazilian&score=7000").get_json()
    assert (answer["minimum"], answer["condition"]["id"]) == (0, "canasta")
    page = client.get("/opening-minimum?ruleset=brazilian&score=9500").get_data(as_text=True)
    assert "The first meld must be a natural canasta." in page
