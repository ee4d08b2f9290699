"""Any preset may be a tournament's rule set: the set-up form offers each, and a tournament
made with one seats its tables in games of that rule set, which count hands as it says."""

from __future__ import annotations

import pytest
from tournament_helpers import VALUES, links, pairs, post_hand, stock_out

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
            "pairs": pairs(4), "values": {k: v for k, v in VALUES.items() if k in missing}}
    response = client.post("/api/v1/tournaments", json=body)
    assert response.status_code == 201, response.get_json()
    data = response.get_json()
    table = links(client, data["id"], data["admin_token"])[0]
    game = client.get(f"/api/v1/games/{table['game_id']}").get_json()
    assert game["ruleset"] == ruleset_id and game["target"] == rs.target
    # A hand ended by the stock with table points only: each side scores its own.
    saved = post_hand(client, table, stock_out((120, 45)))
    assert saved.status_code == 201, saved.get_json()
    assert saved.get_json()["totals"] == [120, 45]
