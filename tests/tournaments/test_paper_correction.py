"""The desk corrects a closed game (issue 43): a result typed from the paper sheet is typed
again after its round closed (it was refused "That round is already closed"), and a game kept
in the app is corrected by its hands; the standings, the page and results.csv follow and say
the result was corrected."""

from __future__ import annotations

import csv
import io
import re
import shutil
import subprocess
from html import unescape

import pytest
from tournament_helpers import admin, create, links, play, read, stock_out

from scorekeeper.extensions import db
from scorekeeper.models.desk import TournamentChange


def result(client, tid, token, table, totals, number=1):
    return client.post(f"/api/v1/tournaments/{tid}/rounds/{number}/tables/{table}/result",
                       json={"totals": totals}, headers=admin(token))


def csv_games(client, tid) -> list[dict[str, str]]:
    text = client.get(f"/tournaments/{tid}/results.csv").get_data(as_text=True)
    return [r for r in csv.DictReader(io.StringIO(text[1:])) if r["record"] == "game"]


def test_the_desk_corrects_a_closed_games_paper_result_and_the_standings_say_so(client):
    tid, token = create(client, 4, rounds=2)
    table_2 = links(client, tid, token)[1]
    assert result(client, tid, token, 1, [8450, 6120]).status_code == 200
    play(client, table_2, (900, 300))
    assert client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish",
                       headers=admin(token)).status_code == 200
    before = {s["pair"]: s["difference"] for s in read(client, tid)["standings"]}
    assert before[1] == 2330 and before[2] == -2330
    assert not any(r["corrected"] for r in csv_games(client, tid))

    # The paper sheet was misread: pair 2 won. Corrected though game 1 is closed.
    fixed = result(client, tid, token, 1, [6000, 7000])
    assert fixed.status_code == 200, fixed.get_json()
    assert fixed.get_json()["credits"] == [-1000, 1000]
    after = {s["pair"]: s["difference"] for s in read(client, tid)["standings"]}
    assert after[1] == -1000 and after[2] == 1000 and after[3] == before[3]
    change = db.session.query(TournamentChange).filter_by(kind="paper_result").order_by(
        TournamentChange.seq.desc()).first()
    assert change.detail == {"totals": [6000, 7000], "corrected": True,
                             "before": [8450, 6120]}

    # The standings page marks the corrected results, and says what the mark means.
    page = unescape(client.get(f"/tournaments/{tid}/standings").get_data(as_text=True))
    assert page.count('class="corrected-mark"') == 4  # pairs 1 and 2: the cell and the line
    assert "Corrected by the desk after its game closed." in page
    # results.csv marks the two rows of table 1's game, and only them.
    marked = {(r["game"], r["pair"]) for r in csv_games(client, tid) if r["corrected"]}
    assert marked == {("1", "1"), ("1", "2")}
    # So does the printed standings: the two credits starred, the star said in the legend.
    text = pdf_text(client, f"/tournaments/{tid}/standings.pdf")
    starred = re.findall(r"([+−-][\d,.]+)\*", text)
    assert sorted(starred) == sorted(["+1,000", "−1,000"]), text
    assert "*: corrected by the desk after its game closed" in " ".join(text.split())


def pdf_text(client, url: str) -> str:
    if shutil.which("pdftotext") is None:
        pytest.skip("needs pdftotext")
    response = client.get(url)
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    return subprocess.run(["pdftotext", "-layout", "-", "-"], input=response.data,
                          capture_output=True, check=True).stdout.decode()


def test_a_game_kept_in_the_app_is_corrected_by_its_hands_and_marked_too(client):
    tid, token = create(client, 4, rounds=2)
    tables = links(client, tid, token)
    play(client, tables[0], (900, 300))
    play(client, tables[1], (500, 400))
    assert client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish",
                       headers=admin(token)).status_code == 200
    # Its paper way is refused: its hands decide it.
    assert result(client, tid, token, 2, [1, 2]).status_code == 409
    fixed = client.put(f"/api/v1/games/{tables[1]['game_id']}/hands/1",
                       json=stock_out((300, 400)), headers=admin(token))
    assert fixed.status_code == 200, fixed.get_json()
    marked = {(r["game"], r["pair"]) for r in csv_games(client, tid) if r["corrected"]}
    assert marked == {("1", "3"), ("1", "4")}
    page = unescape(client.get(f"/tournaments/{tid}/standings").get_data(as_text=True))
    assert "Corrected by the desk after its game closed." in page
