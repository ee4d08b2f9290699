"""Closed is closed: once a round is finished, its tables' links cannot change their games;
the desk (the tournament's admin token) still can, and its correction is logged and moves
the standings."""

from __future__ import annotations

from tournament_helpers import admin, create, links, post_hand, read, stock_out


def test_a_closed_round_refuses_the_table_links_and_lets_the_desk_correct(client):
    tid, token = create(client, 2, rounds=2)
    (table,) = links(client, tid, token)
    assert post_hand(client, table, stock_out((300, 100))).status_code == 201
    assert client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish",
                       headers=admin(token)).status_code == 200
    standings = read(client, tid)["standings"]
    game = f"/api/v1/games/{table['game_id']}"
    link = admin(table["edit_token"])

    # The table's own link, through the API ...
    for res in (client.put(f"{game}/hands/1", json=stock_out((100, 300)), headers=link),
                client.delete(f"{game}/hands/1", headers=link),
                client.post(f"{game}/undo", headers=link),
                client.post(f"{game}/hands", json=stock_out((50, 0)), headers=link)):
        assert res.status_code == 409
        assert "round is closed" in res.get_json()["error"]
    # ... and through the pages (the browser that opened the table's edit link).
    assert client.get(f"/games/{table['game_id']}/join/{table['edit_token']}").status_code == 303
    page = client.post(f"/games/{table['game_id']}/hands/1/delete", follow_redirects=True)
    assert "round is closed: only the tournament desk can change it" in page.get_data(True)
    page = client.post(f"/games/{table['game_id']}/undo", follow_redirects=True)
    assert "round is closed" in page.get_data(True)
    assert read(client, tid)["standings"] == standings
    assert [h["totals"] for h in client.get(game).get_json()["hands"]][0] == [300, 100]

    # The desk corrects hand 1: the other pair now won this game.
    res = client.put(f"{game}/hands/1", json=stock_out((100, 300)), headers=admin(token))
    assert res.status_code == 200, res.get_json()
    assert res.get_json()["totals"] == [100, 300]
    moved = read(client, tid)["standings"]
    assert moved != standings
    change = client.get(f"{game}/changes").get_json()["changes"][-1]
    assert (change["kind"], change["hand"], change["by"]) == ("fix", 1, "desk")
    assert change["totals_before"][:2] != change["totals_after"][:2]
    # Another tournament's admin token opens nothing here.
    _, other_token = create(client, 2, rounds=1)
    assert client.delete(f"{game}/hands/1", headers=admin(other_token)).status_code == 403
