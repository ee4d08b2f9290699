"""The results as a spreadsheet: a row per pair in the standings, then a row per pair and game
result (a bye included), read back with the csv module as a spreadsheet would."""

from __future__ import annotations

import csv
import io

from tournament_helpers import admin, create, links, post_hand, read, stock_out

from scorekeeper.tournaments.results_csv import COLUMNS


def parse(client, tid):
    res = client.get(f"/tournaments/{tid}/results.csv")
    assert res.status_code == 200
    assert res.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert "attachment" in res.headers["Content-Disposition"]
    text = res.get_data().decode("utf-8")
    assert text.startswith("\ufeff")
    return list(csv.DictReader(io.StringIO(text[1:])))


def test_results_csv_holds_the_standings_and_every_game_result(client):
    tid, token = create(client, 5, rounds=2,
                        pairs=[{"name": n, "players": ["A", "B"]} for n in
                               ("Golondrinas", "=HYPERLINK(\"x\")", "Concha", "Montgomery",
                                "Ñandú")])
    tables = links(client, tid, token)
    assert post_hand(client, tables[0], stock_out((300, 100))).status_code == 201
    leaving = read(client, tid, token)["rounds"][0]["tables"][1]["pairs"][0]
    assert client.post(f"/api/v1/tournaments/{tid}/pairs/{leaving}/abandon",
                       headers=admin(token)).status_code == 200
    assert client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish",
                       headers=admin(token)).status_code == 200

    rows = parse(client, tid)
    # A night ranked on the difference: no victory points column (issue 43).
    assert list(rows[0].keys()) == [c for c in COLUMNS if c != "victory_points"]
    standings = [r for r in rows if r["record"] == "standing"]
    games = [r for r in rows if r["record"] == "game" and r["game"] == "1"]
    data = read(client, tid)
    assert [int(r["pair"]) for r in standings] == [s["pair"] for s in data["standings"]]
    assert [int(r["difference"]) for r in standings] == [s["difference"]
                                                        for s in data["standings"]]
    # A name a spreadsheet would run as a formula is quoted; others are as typed.
    assert "'=HYPERLINK(\"x\")" in {r["name"] for r in standings}
    assert "Ñandú" in {r["name"] for r in standings}

    # Game 1: two tables (two rows each) and a bye, each pair once.
    assert sorted(int(r["pair"]) for r in games) == [1, 2, 3, 4, 5]
    first = data["rounds"][0]["tables"][0]
    a = next(r for r in games if int(r["pair"]) == first["pairs"][0])
    b = next(r for r in games if int(r["pair"]) == first["pairs"][1])
    assert (int(a["total"]), int(a["opponent_total"]), int(a["credit"])) == (300, 100, 200)
    assert (int(b["total"]), int(b["credit"]), b["opponent"]) == (100, -200, a["pair"])
    assert a["ended"] == b["ended"] == "time"  # the desk's close added the time-up hand
    assert sorted(r["ended"] for r in games) == ["abandoned", "abandoned", "bye", "time", "time"]
    abandoned = [r for r in games if r["ended"] == "abandoned"]
    assert sorted(int(r["credit"]) for r in abandoned) == [0, 5000]


def test_a_victory_point_night_carries_its_victory_points(client):
    tid, token = create(client, 4, rounds=2, standings_by="victory_points")
    tables = links(client, tid, token)
    assert post_hand(client, tables[0], stock_out((300, 100))).status_code == 201
    assert client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish",
                       headers=admin(token)).status_code == 200
    rows = parse(client, tid)
    assert list(rows[0].keys()) == list(COLUMNS)
    standings = {int(r["pair"]): int(r["victory_points"])
                 for r in rows if r["record"] == "standing"}
    data = read(client, tid)
    assert standings == {s["pair"]: s["victory_points"] for s in data["standings"]}
    assert sum(standings.values()) == 40  # game 1: two tables on the 20-0 scale
