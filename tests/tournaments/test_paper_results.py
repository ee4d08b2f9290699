"""Tables that keep score on paper: the desk types their final totals (page and API), and
closing a game asks first about a table with neither hands nor a result."""

from __future__ import annotations

import re

from tournament_helpers import admin, create, links, play, read

from scorekeeper.extensions import db


def result(client, tid, token, table, totals, number=1):
    return client.post(f"/api/v1/tournaments/{tid}/rounds/{number}/tables/{table}/result",
                       json={"totals": totals}, headers=admin(token))


def test_a_paper_result_is_credited_like_a_counted_game(client):
    tid, token = create(client, n=6)
    answer = result(client, tid, token, 2, [8450, 6120])
    assert answer.status_code == 200, answer.get_json()
    # Table 2 seats pairs 3 and 4: 8,450 - 6,120 = 2,330.
    assert answer.get_json() == {"round": 1, "table": 2, "pairs": [3, 4],
                                 "totals": [8450, 6120], "credits": [2330, -2330]}
    data = read(client, tid)
    table = data["rounds"][0]["tables"][1]
    assert table["paper_result"] is True and table["finished"] is True
    assert table["totals"] == [8450, 6120] and table["credits"] == [2330, -2330]
    by_pair = {s["pair"]: s for s in data["standings"]}
    assert by_pair[3]["difference"] == 2330 and by_pair[3]["wins"] == 1
    assert by_pair[4]["difference"] == -2330 and by_pair[4]["played"] == 1
    assert by_pair[3]["rank"] == 1
    # Typed again (a mistake on the first try): replaced, not added.
    assert result(client, tid, token, 2, [6000, 6000]).get_json()["credits"] == [0, 0]
    by_pair = {s["pair"]: s for s in read(client, tid)["standings"]}
    assert by_pair[3]["difference"] == 0 and by_pair[3]["wins"] == 0
    assert by_pair[3]["played"] == 1


def test_paper_result_refusals(client):
    tid, token = create(client, n=4)
    assert client.post(f"/api/v1/tournaments/{tid}/rounds/1/tables/1/result",
                       json={"totals": [1, 2]}).status_code == 401
    assert result(client, tid, "wrong", 1, [1, 2]).status_code == 403
    assert result(client, tid, token, 9, [1, 2]).status_code == 404
    assert result(client, tid, token, 1, [1, 2], number=5).status_code == 404
    for bad in ([1], [1, 2, 3], "12", [1.5, 2], [True, 2], ["100", 2], [200_000, 0], None):
        answer = result(client, tid, token, 1, bad)
        assert answer.status_code == 422, bad
        assert answer.get_json()["errors"][0]["field"].startswith("totals")
    # A table kept in the app decides by its hands.
    table = links(client, tid, token)[0]
    play(client, table, (500, 300))
    answer = result(client, tid, token, 1, [9000, 0])
    assert answer.status_code == 422
    assert "keeps its score in the app" in answer.get_json()["errors"][0]["message"]
    assert client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish",
                       headers=admin(token)).status_code == 200
    assert result(client, tid, token, 2, [1, 2]).status_code == 409


def test_closing_asks_about_a_table_with_no_result_and_the_desk_types_it(client):
    tid, token = create(client, n=4, rounds=1)
    client.get(f"/tournaments/{tid}?token={token}")
    tables = links(client, tid, token)
    play(client, tables[0], (15000, 9000))  # table 1 is over; table 2 played on paper
    ask = client.post(f"/tournaments/{tid}/rounds/1/finish", data={})
    html = ask.get_data(as_text=True)
    assert ask.status_code == 200
    assert "Table 2 has no hands and no result from its paper sheet" in html
    # The round page has a form for it; a wrong total is shown next to the field.
    page = client.get(f"/tournaments/{tid}/rounds/1").get_data(as_text=True)
    assert 'action="/tournaments/' + tid + '/rounds/1/tables/2/result"' in page
    bad = client.post(f"/tournaments/{tid}/rounds/1/tables/2/result",
                      data={"total_a": "12x", "total_b": "7000"})
    assert bad.status_code == 422
    assert re.search(r'class="field-error"[^>]*>A whole number', bad.get_data(as_text=True))
    done = client.post(f"/tournaments/{tid}/rounds/1/tables/2/result",
                       data={"total_a": "6.500", "total_b": "7000"})
    assert done.status_code == 303
    # Nothing left unrecorded: time left is still asked about, not the table.
    again = client.post(f"/tournaments/{tid}/rounds/1/finish", data={}).get_data(as_text=True)
    assert "no result from its paper sheet" not in again
    assert client.post(f"/tournaments/{tid}/rounds/1/finish",
                       data={"confirm": "1"}).status_code == 303
    data = read(client, tid)
    assert data["finished"] is True
    assert data["rounds"][0]["tables"][1]["credits"] == [-500, 500]
    by_pair = {s["pair"]: s for s in data["standings"]}
    assert by_pair[4]["difference"] == 500 and by_pair[1]["difference"] == 6000
    db.session.remove()


def test_a_table_whose_result_came_from_paper_takes_no_hand_from_its_phone(client):
    """The paper sheet decides the game: the table's link adds no hand beside it (API and
    page), so the standings never hold both; the desk still may."""
    from tournament_helpers import post_hand, stock_out

    tid, token = create(client, 4, rounds=2)
    first, _second = links(client, tid, token)
    assert result(client, tid, token, 1, [3000, 2500]).status_code == 200
    res = post_hand(client, first, stock_out((50, 0)))
    assert res.status_code == 409
    assert "paper sheet" in res.get_json()["error"]
    assert client.get(f"/games/{first['game_id']}/join/{first['edit_token']}").status_code == 303
    page = client.post(f"/games/{first['game_id']}/hands", data={
        "end": "stock_out", "sides[0].table_points": "50", "sides[0].hand_points": "0",
        "sides[1].table_points": "0", "sides[1].hand_points": "0"}, follow_redirects=True)
    assert "paper sheet: only the desk can change the game now" in page.get_data(True)
    game = client.get(f"/api/v1/games/{first['game_id']}").get_json()
    assert game["hands"] == [] and game["paper_totals"] == [3000, 2500]
    table = read(client, tid)["rounds"][0]["tables"][0]
    assert table["totals"] == [3000, 2500]


def test_a_followers_board_shows_the_paper_result_the_desk_types(client, app):
    # The desk's change moves the tournament's version, not the game's: the board a table's
    # followers share is drawn anew all the same.
    tid, token = create(client, n=4)
    game_id = links(client, tid, token)[0]["game_id"]
    phone = app.test_client()
    htmx = {"HX-Request": "true"}
    before = phone.get(f"/games/{game_id}?v=0", headers=htmx).get_data(as_text=True)
    assert "8,450" not in before
    assert result(client, tid, token, 1, [8450, 6120]).status_code == 200
    after = app.test_client().get(f"/games/{game_id}?v=0", headers=htmx).get_data(as_text=True)
    assert "8,450" in after and "paper sheet" in after
    # Each pair's score is the paper's, not the empty game's 0 (QA, 2026-12-05).
    import re

    scores = re.findall(r'<p class="side-total">.*?</span>([^<]*)</p>', after, re.S)
    assert scores == ["8,450", "6,120"], scores
