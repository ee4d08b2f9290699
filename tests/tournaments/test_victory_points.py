"""Victory points (a setting beyond 002): each game's difference on a 20-0 scale, standings by
them with the difference beside."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from tournament_helpers import VALUES, admin, create, links, play, read

from scorekeeper.engine import FieldError
from scorekeeper.engine.victory import (
    DEFAULT_BYE,
    DEFAULT_SCALE,
    parse_scale_text,
    read_bye,
    read_scale,
    scale_text,
)


@pytest.mark.parametrize(("difference", "points"), [
    (0, (10, 10)), (50, (10, 10)), (51, (11, 9)), (150, (11, 9)), (151, (12, 8)),
    (500, (14, 6)), (501, (15, 5)), (1000, (17, 3)), (1500, (19, 1)), (1501, (20, 0)),
    (5000, (20, 0)), (-700, (16, 4)),
])
def test_the_default_scale_bands(difference, points):
    # The two ends are the organizer's example: 0-50 is 10-10, over 1,500 is 20-0.
    assert DEFAULT_SCALE.points(difference) == points


def test_sides_get_the_winner_and_loser_points_by_their_credits():
    assert DEFAULT_SCALE.for_sides((2330, -2330)) == (20, 0)
    assert DEFAULT_SCALE.for_sides((-120, 120)) == (9, 11)
    assert DEFAULT_SCALE.for_sides((0, 0)) == (10, 10)
    # An abandonment: the pair that left 0, its opponent 5,000.
    assert DEFAULT_SCALE.for_sides((0, 5000)) == (0, 20)


def test_the_scale_is_read_from_data_and_from_the_form_text():
    scale = read_scale([[100, 12], [1000, 16]])
    assert scale.points(100) == (12, 8) and scale.points(101) == (16, 4)
    assert scale.points(1001) == (20, 0)
    assert read_scale(None) is DEFAULT_SCALE
    assert read_scale(parse_scale_text(scale_text(DEFAULT_SCALE))) == DEFAULT_SCALE
    assert parse_scale_text("1.000: 15, 2.000: 18") == [[1000, 15], [2000, 18]]
    assert scale.rows() == [(0, 100, 12, 8), (101, 1000, 16, 4), (1001, None, 20, 0)]
    for bad in ([], [[100, 9]], [[100, 12], [50, 14]], [[100, 14], [200, 12]], [[100, 21]],
                [["100", 12]], [[100, True]], "50:10", [[100]], parse_scale_text("50-10")):
        with pytest.raises(FieldError) as err:
            read_scale(bad)
        assert err.value.field == "victory_scale"


def test_standings_by_victory_points_rank_beside_the_difference(client):
    # 4 pairs, one game: table 1 won by 2,000 (20-0), table 2 by 60 (11-9).
    tid, token = create(client, n=4, rounds=1, standings_by="victory_points")
    tables = links(client, tid, token)
    play(client, tables[0], (15000, 13000))
    play(client, tables[1], (15000, 14940))
    client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish", headers=admin(token))
    data = read(client, tid)
    assert data["standings_by"] == "victory_points"
    assert data["victory_scale"] == DEFAULT_SCALE.to_list()
    rows = [(s["pair"], s["victory_points"], s["difference"]) for s in data["standings"]]
    assert rows == [(1, 20, 2000), (3, 11, 60), (4, 9, -60), (2, 0, -2000)]
    # The page shows them beside the difference.
    html = client.get(f"/tournaments/{tid}/standings").get_data(as_text=True)
    assert '<td class="num vp">20</td>' in html and "Ranked by victory points" in html


def test_victory_points_and_the_difference_can_rank_differently(client):
    # 4 pairs, 2 games by 002's rotation: game 1 seats 1-2, 3-4; game 2 seats 3-2, 1-4.
    # Scale: up to 100 10-10, up to 1,000 15-5, over 1,000 20-0.
    tid, token = create(client, n=4, rounds=2, standings_by="victory_points",
                        victory_scale=[[100, 10], [1000, 15]])
    tables = links(client, tid, token)
    play(client, tables[0], (15000, 10000))  # pair 1 +5,000: 20-0
    play(client, tables[1], (15000, 14000))  # pair 3 +1,000: 15-5
    client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish", headers=admin(token))
    tables = {t["table"]: t for t in links(client, tid, token, 2)}
    assert tables[1]["pairs"] == [3, 2] and tables[2]["pairs"] == [1, 4]
    play(client, tables[1], (15000, 14000))  # pair 3 +1,000: 15-5
    play(client, tables[2], (14100, 15000))  # pair 4 +900: 15-5
    client.post(f"/api/v1/tournaments/{tid}/rounds/2/finish", headers=admin(token))
    data = read(client, tid)
    rows = [(s["pair"], s["victory_points"], s["difference"]) for s in data["standings"]]
    # By difference (002) pair 1 would lead (+4,100 against +2,000); by victory points
    # pair 3 does (15 + 15 = 30 against 20 + 5 = 25).
    assert rows == [(3, 30, 2000), (1, 25, 4100), (4, 20, -100), (2, 5, -6000)]


def test_bad_settings_are_field_errors(client):
    body = {"name": "Club", "ruleset": "classic", "pairs": [
        {"players": ["A", "B"]}, {"players": ["C", "D"]}]}
    for extra, field in (({"standings_by": "luck"}, "standings_by"),
                         ({"victory_scale": [[50, 25]]}, "victory_scale"),
                         ({"bye_victory_points": 21}, "bye_victory_points"),
                         ({"bye_victory_points": -1}, "bye_victory_points"),
                         ({"bye_victory_points": True}, "bye_victory_points"),
                         ({"language": "fr"}, "language"), ({"prizes": -1}, "prizes")):
        answer = client.post("/api/v1/tournaments", json={**body, **extra})
        assert answer.status_code == 422, extra
        assert [e["field"] for e in answer.get_json()["errors"]] == [field]


def test_the_bye_setting_is_read_from_data_and_from_the_form():
    assert DEFAULT_BYE == 12
    assert read_bye(None) == read_bye("") == 12
    assert read_bye(0) == 0 and read_bye(20) == 20 and read_bye(" 7 ") == 7
    for bad in (21, -1, 1.5, True, "doce", [12]):
        with pytest.raises(FieldError) as err:
            read_bye(bad)
        assert err.value.field == "bye_victory_points"


# 5 pairs by 002's rotation (a bye seat 6 at table 3): game 1 seats 1-2, 3-4 and pair 5 sits
# out; game 2 seats 5-2, 1-4 (pair 3 out); game 3 3-2, 5-4 (pair 1 out). Each result is
# (winner, loser, margin), worked on the default scale:
#   pair 5: bye, beats 2 by 360 (14), beats 4 by 360 (14): 28 + the bye, +720, 2 wins;
#   pair 2: beats 1 by 570 (15), loses to 5 by 360 (6), loses to 3 by 60 (9): 30, +150, 1 win;
#   pair 3: beats 4 by 100 (11), bye, beats 2 by 60 (11): 22 + the bye, +160, 2 wins;
#   pair 1: loses to 2 by 570 (5), beats 4 by 100 (11), bye: 16 + the bye, -470, 1 win;
#   pair 4: loses by 100 (9), 100 (9) and 360 (6): 24, -560, no win.
BYE_RESULTS = {
    1: ([(1, 1, 2), (2, 3, 4)], [5], [(2, 1, 570), (3, 4, 100)]),
    2: ([(1, 5, 2), (2, 1, 4)], [3], [(5, 2, 360), (1, 4, 100)]),
    3: ([(1, 3, 2), (2, 5, 4)], [1], [(3, 2, 60), (5, 4, 360)]),
}


def replay_with_a_bye(client, **extra):
    tid, token = create(client, n=5, rounds=3, standings_by="victory_points", **extra)
    for number, (tables, byes, results) in BYE_RESULTS.items():
        seated = links(client, tid, token, number)
        assert [(t["table"], *t["pairs"]) for t in seated] == tables
        assert read(client, tid)["rounds"][number - 1]["byes"] == byes
        if number == 1:
            # The bye counts once its game is closed: until then everyone is level.
            before = read(client, tid)["standings"]
            assert [(s["victory_points"], s["byes"]) for s in before] == [(0, [])] * 5
        for table, (winner, loser, margin) in zip(seated, results, strict=True):
            assert set(table["pairs"]) == {winner, loser}
            totals = {winner: 15000, loser: 15000 - margin}
            play(client, table, (totals[table["pairs"][0]], totals[table["pairs"][1]]))
        finish = client.post(f"/api/v1/tournaments/{tid}/rounds/{number}/finish",
                             headers=admin(token))
        assert finish.status_code == 200, finish.get_json()
    return tid, token


def test_a_bye_is_credited_the_default_victory_points_and_ranks_the_pair_by_them(client):
    # Issue 24: with a bye worth nothing, pair 5 (2 wins, +720) ranked below pair 2 (1 win,
    # +150). With the default 12 the bye counts as a game won.
    tid, _token = replay_with_a_bye(client)
    data = read(client, tid)
    assert data["bye_victory_points"] == 12
    rows = [(s["pair"], s["victory_points"], s["difference"], s["wins"], s["byes"])
            for s in data["standings"]]
    assert rows == [(5, 40, 720, 2, [1]), (3, 34, 160, 2, [2]), (2, 30, 150, 1, []),
                    (1, 28, -470, 1, [3]), (4, 24, -560, 0, [])]
    # A bye is no game played and credits no difference (002).
    five = next(s for s in data["standings"] if s["pair"] == 5)
    assert five["played"] == 2 and five["credits"] == [None, 360, 360]
    # The page shows the bye and its points in the game it was.
    html = client.get(f"/tournaments/{tid}/standings").get_data(as_text=True)
    row = html[html.index("5. Pair 5"):]
    row = row[:row.index("</tr>")]
    cells = re.findall(r'<td class="num game-credit">(.*?)</td>', row, re.S)
    assert re.sub(r"<[^>]+>", "", cells[0]).split() == ["Bye", "12", "VP"]
    assert cells[1:] == ["+360", "+360"]
    assert "is credited 12 victory points and no difference" in html


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext")
def test_the_standings_paper_prints_the_bye_and_its_points(client, tmp_path):
    tid, token = replay_with_a_bye(client)
    assert client.get(f"/tournaments/{tid}?token={token}").status_code == 303
    response = client.get(f"/tournaments/{tid}/standings.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    path = tmp_path / "standings.pdf"
    path.write_bytes(response.data)
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert "Place 1: Pair 5, Pair 5 (P5a, P5b) · 40 victory points" in text
    # Each prize says its place once (QA, 2026-12-05: "1. Place 1: ..."; tied pairs share a
    # place, so the list's own numbers are not shown).
    assert not re.search(r"\d\.\s+Place \d", text), text
    # Pair 5's line: its bye in game 1 with 12 VP, then its two games (each game's credit
    # and victory points side by side), its 40 VP, difference and games won.
    assert re.search(r"1\s+5\. Pair 5\s+P5a, P5b\s+2\s+Bye\s+12\s+\+360\s+14\s+\+360\s+14\s+40"
                     r"\s+\+720\s+2", text), text
    assert re.search(r"Pl\.\s+G1\s+VP\s+G2\s+VP\s+G3\s+VP\s+VP\s+Diff\.\s+Won", text)
    assert "VP: victory points" in text
    assert "is credited 12 victory points and no difference" in text


def test_another_bye_setting_ranks_otherwise(client):
    # A bye worth 0 (as before issue 24): pair 2's 30 leads pair 5's 28.
    tid, _token = replay_with_a_bye(client, bye_victory_points=0)
    data = read(client, tid)
    assert data["bye_victory_points"] == 0
    assert [(s["pair"], s["victory_points"]) for s in data["standings"]] == [
        (2, 30), (5, 28), (4, 24), (3, 22), (1, 16)]
    # 20 (a bye as the largest win): pair 1's bye lifts it above pair 2.
    tid, _token = replay_with_a_bye(client, bye_victory_points=20)
    assert [(s["pair"], s["victory_points"]) for s in read(client, tid)["standings"]] == [
        (5, 48), (3, 42), (1, 36), (2, 30), (4, 24)]


def test_the_set_up_form_sets_the_bye_points(client):
    def form(**extra):
        data = {"name": "Club night", "pairs": "Owls: Ana, Luis\nBees: Eva, Juan\nAnts: Sol, Mar",
                "rounds": "3", "minutes": "60", "target": "15000", "ruleset": "torneo",
                "standings_by": "victory_points"}
        data.update({f"value-{p}": str(v) for p, v in VALUES.items()})
        return {**data, **extra}

    page = client.get("/tournaments/new").get_data(as_text=True)
    assert re.search(r'<input id="bye_victory_points" name="bye_victory_points"[^>]*'
                     r'value="12"', page)
    refused = client.post("/tournaments/new", data=form(bye_victory_points="21"))
    assert refused.status_code == 422
    html = refused.get_data(as_text=True)
    assert re.search(r'id="bye_victory_points"[^>]*aria-invalid="true"[^>]*>.*?'
                     r'<p class="field-error" id="bye_victory_points-error">'
                     r"A whole number from 0 to 20\.</p>", html, re.S)
    assert 'value="21"' in html  # what was typed stays
    made = client.post("/tournaments/new", data=form(bye_victory_points="8"))
    assert made.status_code == 303
    tid = made.headers["Location"].rstrip("/").split("/")[-1]
    assert read(client, tid)["bye_victory_points"] == 8
