"""Any preset may be a tournament's rule set: the set-up form offers each, and a tournament
made with one seats its tables in games of that rule set, which count hands as it says."""

from __future__ import annotations

import pytest
from tournament_helpers import SEATED, VALUES, links, pairs, post_hand, stock_out

from scorekeeper.engine import PRESETS, find_ruleset


def test_the_set_up_form_offers_every_preset(client):
    html = client.get("/tournaments/new").get_data(as_text=True)
    for rs_id in PRESETS:
        assert f'<option value="{rs_id}"' in html


@pytest.mark.parametrize("ruleset_id", list(PRESETS))
def test_a_tournament_plays_any_preset(client, ruleset_id):
    rs = find_ruleset(ruleset_id)
    missing = {path for path, _name in rs.missing_values()}
    body = {"name": "Club", "ruleset": ruleset_id, "rounds": 1, "minutes": 60,
            "pairs": pairs(4), "values": {k: v for k, v in VALUES.items() if k in missing},
            **SEATED}
    response = client.post("/api/v1/tournaments", json=body)
    assert response.status_code == 201, response.get_json()
    data = response.get_json()
    table = links(client, data["id"], data["admin_token"])[0]
    game = client.get(f"/api/v1/games/{table['game_id']}").get_json()
    assert game["ruleset"] == ruleset_id and game["target"] == rs.target
    # A hand ended by the stock with table points only, counted as the rule set counts it
    # (most: each side its own; American: a side without a canasta loses its melds).
    hand = stock_out((120, 45))
    saved = post_hand(client, table, hand)
    assert saved.status_code == 201, saved.get_json()
    alone = client.post("/api/v1/score", json={"ruleset": ruleset_id, "players": 4, **hand})
    assert alone.status_code == 200, alone.get_json()
    expected = [side["total"] for side in alone.get_json()["sides"]]
    assert saved.get_json()["totals"] == expected
    assert expected == ([-120, -45] if ruleset_id == "american" else [120, 45])
