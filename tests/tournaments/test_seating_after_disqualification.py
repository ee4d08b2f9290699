"""Seating once a pair is disqualified (002): tables keep their numbers, even pairs stay, the
pairs left without an opponent meet each other, and byes are spread."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from tournament_helpers import admin, create, read

from scorekeeper.engine.seating import RoundPlan, Seating, schedule, seat_without


def seated(data, number):
    rnd = data["rounds"][number - 1]
    return {t["table"]: tuple(t["pairs"]) for t in rnd["tables"]}, rnd["byes"]


def abandon(client, tid, token, pair):
    response = client.post(f"/api/v1/tournaments/{tid}/pairs/{pair}/abandon",
                           headers=admin(token))
    assert response.status_code == 200, response.get_json()


def finish(client, tid, token, number):
    response = client.post(f"/api/v1/tournaments/{tid}/rounds/{number}/finish",
                           headers=admin(token))
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_8_pairs_tables_keep_002s_numbers_after_a_disqualification(client):
    # The organizer's case: pair 2 leaves in game 1. 002 seats game 3 as 5-2, 7-4, 1-6, 3-8
    # at tables 1-4: with pair 2 gone, table 1 is empty and 1-6 still play at table 3.
    tid, token = create(client, 8)
    abandon(client, tid, token, 2)
    data = finish(client, tid, token, 1)
    assert seated(data, 2) == ({2: (1, 4), 3: (3, 6), 4: (5, 8)}, [7])
    data = finish(client, tid, token, 2)
    assert seated(data, 3) == ({2: (7, 4), 3: (1, 6), 4: (3, 8)}, [5])
    # Every even pair still plays at its own table (pair 2t at table t).
    for rnd in data["rounds"]:
        for t in rnd["tables"]:
            assert t["pairs"][1] == 2 * t["table"]


def test_the_round_page_and_seating_plan_print_002s_table_numbers(client):
    tid, token = create(client, 8)
    abandon(client, tid, token, 2)
    finish(client, tid, token, 1)
    finish(client, tid, token, 2)
    assert client.get(f"/tournaments/{tid}?token={token}").status_code == 303
    html = client.get(f"/tournaments/{tid}/rounds/3").get_data(as_text=True)
    cards = re.findall(r"<h2>Table (\d+)</h2>\s*<p>(\d+)\. [^<]*<span", html)
    assert cards == [("2", "7"), ("3", "1"), ("4", "3")]


def test_7_pairs_the_bye_and_the_pair_left_alone_play_each_other(client):
    # 7 pairs: 002's bye seat is pair 8 at table 4. Pair 2 leaves in game 1; in game 2 its
    # planned opponent (7, at table 1) and the planned bye (5) meet at table 1.
    tid, token = create(client, 7)
    assert seated(read(client, tid), 1) == ({1: (1, 2), 2: (3, 4), 3: (5, 6)}, [7])
    abandon(client, tid, token, 2)
    data = finish(client, tid, token, 1)
    assert seated(data, 2) == ({1: (7, 5), 2: (1, 4), 3: (3, 6)}, [])
    data = finish(client, tid, token, 2)
    assert seated(data, 3) == ({1: (5, 3), 2: (7, 4), 3: (1, 6)}, [])
    meetings = [frozenset(t["pairs"]) for r in data["rounds"] for t in r["tables"]]
    assert len(meetings) == len(set(meetings))


def test_two_pairs_left_alone_meet_at_the_table_of_the_one_that_stays():
    # Pairs 1 and 4 gone: 2 (even, stays at table 1) and 3 (odd, moving to table 2) meet at 1.
    plan = RoundPlan(((1, 2), (3, 4), (5, 6)))
    assert seat_without(plan, {1, 4}) == Seating(((1, 3, 2), (3, 5, 6)))
    # A meeting already played is avoided when another one is possible.
    plan = RoundPlan(((1, 2), (3, 4), (5, 6)), byes=(7,))
    seating = seat_without(plan, {1, 4}, met={frozenset((2, 3))}, sat_out={7: 1})
    assert {frozenset(t[1:]) for t in seating.tables} >= {frozenset((5, 6))}
    assert frozenset((2, 3)) not in {frozenset(t[1:]) for t in seating.tables}
    assert len(seating.byes) == 1


def test_no_pair_sits_out_twice_before_every_pair_has():
    # Pair 5 is alone and has already sat out; pairs 1-4 never have: an odd pair (a mover)
    # gives up its seat instead, at a table where 5 meets someone new.
    plan = RoundPlan(((1, 2), (3, 4)), byes=(5,))
    seating = seat_without(plan, (), met={frozenset((5, 2))}, sat_out={5: 1})
    assert seating == Seating(((1, 1, 2), (2, 5, 4)), byes=(3,))
    # With nobody better placed, the plan's own bye stands.
    assert seat_without(plan, (), sat_out={p: 1 for p in range(1, 6)}).byes == (5,)


def test_a_five_game_tournament_with_a_disqualification_spreads_the_byes():
    plan = schedule(8, 5)
    gone = {8}
    met: set[frozenset[int]] = set()
    sat_out: dict[int, int] = {}
    for rnd in plan.rounds:
        seating = seat_without(rnd, gone, met=met, sat_out=sat_out)
        players = [p for t in seating.tables for p in t[1:]] + list(seating.byes)
        assert sorted(players) == [1, 2, 3, 4, 5, 6, 7]
        for p in seating.byes:
            sat_out[p] = sat_out.get(p, 0) + 1
        met.update(frozenset(t[1:]) for t in seating.tables)
        assert max(sat_out.values()) - min(sat_out.get(p, 0) for p in range(1, 8)) <= 1


def pdf_text(client, url, tmp_path):
    response = client.get(url)
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    path = tmp_path / "out.pdf"
    path.write_bytes(response.data)
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                          text=True, check=True).stdout


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext")
def test_every_games_seating_plan_and_the_pair_slips_print_in_advance(client, tmp_path):
    tid, token = create(client, 8)
    # Game 3 is printable before game 1 is closed: 002's rotation is known.
    text = pdf_text(client, f"/tournaments/{tid}/seating/3.pdf", tmp_path)
    assert "seating plan, game 3 of 3" in text.lower() and "As planned by the rotation" in text
    rows = re.findall(r"^\s*(\d)\s+(\d)\. Pair \d .*?\s(\d)\. Pair \d", text, re.M)
    assert rows == [("1", "5", "2"), ("2", "7", "4"), ("3", "1", "6"), ("4", "3", "8")]
    assert client.get(f"/tournaments/{tid}/seating/4.pdf").status_code == 404

    # A disqualification changes the plans still to come, and the slips.
    abandon(client, tid, token, 2)
    text = pdf_text(client, f"/tournaments/{tid}/seating/3.pdf", tmp_path)
    rows = re.findall(r"^\s*(\d)\s+(\d)\. Pair \d .*?\s(\d)\. Pair \d", text, re.M)
    assert rows == [("2", "7", "4"), ("3", "1", "6"), ("4", "3", "8")]
    assert re.search(r"Sitting out \(bye\): 5\. Pair 5", text)
    slips = pdf_text(client, f"/tournaments/{tid}/slips.pdf", tmp_path)
    # Headings print in capitals.
    assert "PAIR 2: PAIR 2" not in slips  # disqualified: no slip
    one = slips[slips.index("PAIR 1: PAIR 1"):slips.index("PAIR 3: PAIR 3")]
    assert re.search(r"1\s+1\s+2\. Pair 2", one)
    assert re.search(r"2\s+2\s+4\. Pair 4", one)
    assert re.search(r"3\s+3\s+6\. Pair 6", one)
    five = slips[slips.index("PAIR 5: PAIR 5"):slips.index("PAIR 6: PAIR 6")]
    assert re.search(r"3\s+Sitting out \(bye\)", five)
    assert "Club" in slips
