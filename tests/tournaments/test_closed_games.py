"""Closed is closed: once a round is finished, its tables' links cannot change their games;
the desk (the tournament's admin token) still can, and its correction is logged and moves
the standings."""

from __future__ import annotations

import shutil
import subprocess

import pytest
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


def test_the_desk_corrects_a_closed_game_from_its_pages(app, client):
    """The desk's browser (its admin link opened) reaches a closed game from the control
    table and corrects it by the same forms as a table's phone; a table that never entered
    its time-up hand gets it typed by the desk in the hand the close added."""
    tid, token = create(client, 4, rounds=2)
    first, second = links(client, tid, token)
    assert post_hand(client, first, stock_out((300, 100))).status_code == 201
    assert client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish",
                       headers=admin(token)).status_code == 200

    desk = app.test_client()
    assert desk.get(f"/tournaments/{tid}?token={token}").status_code == 303
    control = desk.get(f"/tournaments/{tid}").get_data(True)
    assert "Game 1: its tables, to check or correct" in control
    round_page = desk.get(f"/tournaments/{tid}/rounds/1").get_data(True)
    assert f'href="/games/{first["game_id"]}"' in round_page
    assert "Correct the game of table 2" in round_page

    # The desk's game page is the scorekeeper's, without any edit link to share.
    board = desk.get(f"/games/{first['game_id']}").get_data(True)
    assert "Share this game" not in board
    assert f"/games/{first['game_id']}/hands/1/edit" in board

    # Table 2 entered nothing: closing added an empty time-up hand, which the desk types.
    played = client.get(f"/api/v1/games/{second['game_id']}").get_json()
    assert [h["entry"]["end"] for h in played["hands"]] == ["time_up"]
    version = played["hands"][0]["version"]
    res = desk.post(f"/games/{second['game_id']}/hands/1", data={
        "end": "time_up", "sides[0].table_points": "0", "sides[0].hand_points": "0",
        "sides[1].table_points": "0", "sides[1].hand_points": "0",
        "sides[1].canastas.natural": "1", "version": str(version)})
    assert res.status_code == 303, res.get_data(True)
    corrected = client.get(f"/api/v1/games/{second['game_id']}").get_json()
    assert corrected["totals"][1] > corrected["totals"][0]
    assert corrected["winner"] == 1
    change = client.get(f"/api/v1/games/{second['game_id']}/changes").get_json()["changes"][-1]
    assert (change["kind"], change["hand"], change["by"]) == ("fix", 1, "desk")

    # A stranger's browser, and the table's own, still cannot.
    stranger = app.test_client()
    assert stranger.post(f"/games/{first['game_id']}/hands/1/delete").status_code == 403
    table = app.test_client()
    assert table.get(f"/games/{first['game_id']}/join/{first['edit_token']}").status_code == 303
    page = table.post(f"/games/{first['game_id']}/hands/1/delete", follow_redirects=True)
    assert "round is closed" in page.get_data(True)


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext")
def test_the_sheet_of_a_game_the_desk_corrected_says_so(client, tmp_path):
    tid, token = create(client, 4, rounds=2)
    first, second = links(client, tid, token)
    for table in (first, second):
        assert post_hand(client, table, stock_out((300, 100))).status_code == 201
    assert client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish",
                       headers=admin(token)).status_code == 200
    game = f"/api/v1/games/{first['game_id']}"
    res = client.put(f"{game}/hands/1", json=stock_out((100, 300)), headers=admin(token))
    assert res.status_code == 200, res.get_json()

    def sheet(table: dict) -> str:
        path = tmp_path / f"{table['game_id']}.pdf"
        pdf = client.get(f"/sheets/games/{table['game_id']}.pdf")
        assert pdf.status_code == 200
        path.write_bytes(pdf.data)
        return " ".join(subprocess.run(["pdftotext", "-layout", str(path), "-"],
                                       capture_output=True, text=True, check=True).stdout.split())

    corrected = sheet(first)
    assert "Corrected at the desk" in corrected
    assert "Changes list what the desk changed" in corrected
    # The table's own hands, and the desk's closing of the round, are no correction.
    assert "Corrected at the desk" not in sheet(second)
    # In the tournament's language too.
    spanish = client.get(f"/sheets/games/{first['game_id']}.pdf?lang=es")
    assert spanish.status_code == 200
    path = tmp_path / "es.pdf"
    path.write_bytes(spanish.data)
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout
    assert "Corregida por la mesa del torneo" in " ".join(text.split())


def test_a_game_that_reaches_its_target_in_the_time_up_hand_ended_at_time(client):
    # QA, 2026-12-05: a pair reached 5,100 in the hand stopped by the clock; the results file
    # said "time", the completed sheet "the target was reached".
    from tournament_helpers import clock_out

    from scorekeeper.extensions import db
    from scorekeeper.models.tournaments import TournamentTable
    from scorekeeper.services import games as games_service
    from scorekeeper.services import results

    tid, token = create(client, 4, target=1000)
    table, _other = links(client, tid, token)
    assert post_hand(client, table, stock_out((800, 100))).status_code == 201
    clock_out()
    hand = {"end": "time_up", "sides": [{"canastas": {"natural": 1}}, {}]}
    saved = post_hand(client, table, hand)
    assert saved.status_code == 201, saved.get_json()
    game = client.get(f"/api/v1/games/{table['game_id']}").get_json()
    assert game["finished"] is True and max(game["totals"]) >= 1000
    row = db.session.query(TournamentTable).filter_by(number=1).one()
    state = games_service.game_state(row.game)
    assert results.game_ending(row.game, state.outcome).how == results.TIME
    assert results.table_ending(row.round.tournament, row).how == results.TIME
