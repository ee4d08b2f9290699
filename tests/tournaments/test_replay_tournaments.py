"""The organizer's two tournaments replayed end to end (issue 14's "Done when"), through the
pages and the API: 8 pairs over three games with a substitution, a table kept on paper and a
disqualification; 7 pairs with byes. Seating is checked against 002 by table number (even
pairs stay, odd pairs move one table on, from the last table to table 1; tables keep their
numbers when a pair is gone), then the credits, the standings and the abandonment, and the
papers the desk files, read as text, in the tournament's language (Spanish) while the pages
are asked in English.
"""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from tournament_helpers import SEATED, VALUES, admin, links, play, read

from scorekeeper.extensions import db

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext")

EIGHT = [
    ("Búhos", ["Teresa Navarro", "Montserrat Castellví"]),
    ("Jacarandas", ["Encarnación Villalobos", "Bartolomé Fernández"]),
    ("Comodines", ["Ana Ruiz", "Luis Pérez"]),
    ("Los del Casino", ["Rosa María Quintanilla", "Pablo Echeverría"]),
    ("Tréboles", ["Eva Roca", "Juan Mora"]),
    ("Flores Rojas", ["Inés Soto", "Raúl Vega"]),
    ("Gaviotas", ["Clara Ríos", "Hugo Peña"]),
    ("Olivos", ["Marta Gil", "Diego Sanz"]),
]


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def pdf_text(client, url, tmp_path) -> str:
    response = client.get(url)
    assert response.status_code == 200 and response.mimetype == "application/pdf", url
    path = tmp_path / "out.pdf"
    path.write_bytes(response.data)
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                          text=True, check=True).stdout


def pdf_pages(client, url, tmp_path) -> int:
    path = tmp_path / "pages.pdf"
    path.write_bytes(client.get(url).data)
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True,
                          check=True).stdout
    return int(re.search(r"Pages:\s+(\d+)", info).group(1))


def seating(data, number):
    """Round ``number`` as (table, side-1 pair, side-2 pair) and its byes, from the API."""
    rnd = data["rounds"][number - 1]
    return [(t["table"], *t["pairs"]) for t in rnd["tables"]], rnd["byes"]


def create(client, pairs, **extra):
    body = {"name": "Torneo de Otoño", "ruleset": "torneo", "rounds": 3, "minutes": 60,
            "values": VALUES, "language": "es",
            "pairs": [{"name": n, "players": p} for n, p in pairs], **SEATED, **extra}
    response = client.post("/api/v1/tournaments", json=body)
    assert response.status_code == 201, response.get_json()
    data = response.get_json()
    assert client.get(f"/tournaments/{data['id']}?token={data['admin_token']}").status_code == 303
    return data["id"], data["admin_token"]


def close_on_the_page(client, tid, number):
    """Close a game at the desk: it asks first (time is left), then closes once confirmed."""
    asked = client.post(f"/tournaments/{tid}/rounds/{number}/finish", data={})
    assert asked.status_code == 200 and "Time is not up" in asked.get_data(as_text=True)
    assert client.post(f"/tournaments/{tid}/rounds/{number}/finish",
                       data={"confirm": "1"}).status_code == 303


def test_eight_pairs_with_a_substitution_a_paper_table_and_a_disqualification(client, tmp_path):
    tid, token = create(client, EIGHT)
    # -- game 1: 002 seats 1-2, 3-4, 5-6, 7-8 at tables 1 to 4.
    assert seating(read(client, tid), 1) == ([(1, 1, 2), (2, 3, 4), (3, 5, 6), (4, 7, 8)], [])
    # Every game's seating plan prints before game 1 is closed (002's rotation is known).
    plan3 = pdf_text(client, f"/tournaments/{tid}/seating/3.pdf", tmp_path)
    assert re.findall(r"^\s*(\d)\s+(\d)\. .*?\s(\d)\. ", plan3, re.M) == [
        ("1", "5", "2"), ("2", "7", "4"), ("3", "1", "6"), ("4", "3", "8")]
    # 002's clock: game 1's waits for the desk, which starts, pauses, extends and resumes it.
    assert read(client, tid)["rounds"][0]["clock"] == {"state": "not_started",
                                                       "seconds_left": 3600}
    clock_path = f"/api/v1/tournaments/{tid}/rounds/1"
    answer = client.post(f"{clock_path}/start", headers=admin(token))
    assert answer.get_json()["rounds"][0]["clock"]["state"] == "running"
    paused = client.post(f"{clock_path}/pause", headers=admin(token)).get_json()
    left = paused["rounds"][0]["clock"]
    assert left["state"] == "paused" and 3500 < left["seconds_left"] <= 3600
    extended = client.post(f"{clock_path}/extend", json={"minutes": 5}, headers=admin(token))
    assert extended.get_json()["rounds"][0]["clock"] == {
        "state": "paused", "seconds_left": left["seconds_left"] + 300}
    answer = client.post(f"{clock_path}/start", headers=admin(token))
    assert answer.get_json()["rounds"][0]["clock"]["state"] == "running"
    tables = {t["table"]: t for t in links(client, tid, token, 1)}
    # The table phone shows its table, game and clock.
    phone = text_of(client.get(tables[3]["view_url"]).get_data(as_text=True))
    assert "Table 3" in phone and "Game 1 of 3" in phone
    play(client, tables[1], (15000, 12000))  # Búhos win: +3,000
    play(client, tables[3], (5200, 6100))  # at time: Flores Rojas +900
    play(client, tables[4], (4000, 4000))  # at time: a draw
    # Table 2 keeps score on paper: the desk types its totals on the round page.
    page = client.get(f"/tournaments/{tid}/rounds/1").get_data(as_text=True)
    assert page.count('class="paper-result"') == 1  # only the table with no hands
    assert client.post(f"/tournaments/{tid}/rounds/1/tables/2/result",
                       data={"total_a": "8.450", "total_b": "6120"}).status_code == 303
    # A player of Flores Rojas is replaced: asked first, then recorded.
    asked = client.post(f"/tournaments/{tid}/substitute", data={"pair": "6"})
    assert "Record a substitution?" in asked.get_data(as_text=True)
    assert client.post(f"/tournaments/{tid}/substitute",
                       data={"pair": "6", "confirm": "1"}).status_code == 303
    close_on_the_page(client, tid, 1)

    # -- game 2: even pairs stay, odd pairs move one table on (7 from table 4 to table 1).
    data = read(client, tid)
    # Its clock waits for the desk again.
    assert data["rounds"][1]["clock"] == {"state": "not_started", "seconds_left": 3600}
    assert seating(data, 2) == ([(1, 7, 2), (2, 1, 4), (3, 3, 6), (4, 5, 8)], [])
    game1 = {t["table"]: t["credits"] for t in data["rounds"][0]["tables"]}
    assert game1 == {1: [3000, -3000], 2: [2330, -2330], 3: [-900, 900], 4: [0, 0]}
    assert data["rounds"][0]["tables"][1]["paper_result"] is True
    tables = {t["table"]: t for t in links(client, tid, token, 2)}
    play(client, tables[1], (3000, 2500))  # at time: Gaviotas +500
    play(client, tables[2], (1000, 2000))
    play(client, tables[3], (14000, 15000))  # Flores Rojas win (they score nothing)
    # Los del Casino abandon at table 2: disqualified, Búhos credited 002's 5,000.
    answer = client.post(f"/api/v1/tournaments/{tid}/pairs/4/abandon", headers=admin(token))
    assert answer.status_code == 200, answer.get_json()
    # Table 4 kept paper: its totals come through the API.
    answer = client.post(f"/api/v1/tournaments/{tid}/rounds/2/tables/4/result",
                         json={"totals": [7000, 7600]}, headers=admin(token))
    assert answer.get_json()["credits"] == [-600, 600]
    round_page = text_of(client.get(f"/tournaments/{tid}/rounds/2").get_data(as_text=True))
    assert "Abandoned by Los del Casino (5,000 to Búhos)" in round_page
    assert client.post(f"/api/v1/tournaments/{tid}/rounds/2/finish",
                       headers=admin(token)).status_code == 200

    # -- game 3: 002 plans 5-2, 7-4, 1-6, 3-8; pair 4 is gone, so table 2 does not play and
    # pair 7 sits out. The other tables keep 002's numbers: Búhos-Flores Rojas at table 3.
    data = read(client, tid)
    assert seating(data, 3) == ([(1, 5, 2), (3, 1, 6), (4, 3, 8)], [7])
    game2 = {t["table"]: (t["credits"], t["abandoned_by"]) for t in data["rounds"][1]["tables"]}
    assert game2 == {1: ([500, -500], None), 2: ([5000, 0], 4), 3: ([-1000, 1000], None),
                     4: ([-600, 600], None)}
    tables = {t["table"]: t for t in links(client, tid, token, 3)}
    assert set(tables) == {1, 3, 4}
    play(client, tables[1], (3300, 3000))
    play(client, tables[3], (15000, 9000))
    play(client, tables[4], (2000, 2600))
    close_on_the_page(client, tid, 3)

    # -- the standings: accumulated difference, then games won (002).
    data = read(client, tid)
    assert data["finished"] is True
    rows = [(s["pair"], s["rank"], s["difference"], s["wins"], s["played"], s["credits"])
            for s in data["standings"]]
    assert rows == [
        (1, 1, 14000, 3, 3, [3000, 5000, 6000]),
        (8, 2, 1200, 2, 3, [0, 600, 600]),
        (3, 3, 730, 1, 3, [2330, -1000, -600]),
        (7, 4, 500, 1, 2, [0, 500, None]),
        (5, 5, -1200, 1, 3, [-900, -600, 300]),
        (2, 6, -3800, 0, 3, [-3000, -500, -300]),
        # Disqualified after the ranked pairs, the substituted pair last, both unranked.
        (4, None, -2330, 0, 2, [-2330, 0, None]),
        (6, None, 0, 0, 3, [None, None, None]),
    ]
    standings_page = text_of(client.get(f"/tournaments/{tid}/standings").get_data(as_text=True))
    assert "Disqualified (abandoned)" in standings_page
    assert "Substitution: scores nothing" in standings_page

    # -- the papers, in the tournament's language (Spanish), while the pages are in English.
    sheet = pdf_text(client, f"/tournaments/{tid}/rounds/3/tables/3/sheet.pdf", tmp_path)
    assert "Torneo de Otoño" in sheet
    assert re.search(r"Mesa 3\s+Partida 3 de 3", sheet)
    assert "Pareja 1: Búhos (Teresa Navarro, Montserrat Castellví)" in sheet
    assert "Pareja 6: Flores Rojas (Inés Soto, Raúl Vega)" in sheet
    assert "Tiempo: 60 minutos" in sheet
    # The dealers, named whole, and the result the desk files.
    assert "Montserrat Castellví" in sheet.split("Reparte")[1]
    assert re.search(r"Total final, pareja 1\s+15\.000\s+Total final, pareja 6\s+9\.000\s+"
                     r"Diferencia\s+6\.000\s+Ganador\s+Pareja 1", sheet)
    assert re.search(r"Se anota a la pareja 1\s+6\.000\s+Se anota a la pareja 6\s+−6\.000", sheet)
    # The organizer's values, not "por fijar".
    assert "Canastilla 150" in sheet and "por fijar" not in sheet
    assert "Clasificación" not in sheet
    assert pdf_pages(client, f"/tournaments/{tid}/rounds/1/tables/2/sheet.pdf", tmp_path) == 1
    # A paper table's sheet: blank hands, the typed totals in its result box.
    paper = pdf_text(client, f"/tournaments/{tid}/rounds/1/tables/2/sheet.pdf", tmp_path)
    assert re.search(r"Mesa 2\s+Partida 1 de 3", paper)
    assert re.search(r"Total final, pareja 3\s+8\.450\s+Total final, pareja 4\s+6\.120", paper)
    plan = pdf_text(client, f"/tournaments/{tid}/seating/3.pdf", tmp_path)
    assert "PLAN DE MESAS, PARTIDA 3 DE 3" in plan
    assert re.findall(r"^\s*(\d)\s+(\d)\. .*?\s(\d)\. ", plan, re.M) == [
        ("1", "5", "2"), ("3", "1", "6"), ("4", "3", "8")]
    assert "Descansa" in plan and "7. Gaviotas" in plan
    slips = pdf_text(client, f"/tournaments/{tid}/slips.pdf", tmp_path)
    assert "pareja 1: búhos" in slips.lower() and "Teresa Navarro, Montserrat Castellví" in slips
    assert "pareja 4:" not in slips.lower()  # disqualified: no slip
    standings = pdf_text(client, f"/tournaments/{tid}/standings.pdf", tmp_path)
    assert "CLASIFICACIÓN · FINAL" in standings
    assert re.search(r"Puesto 1: Pareja 1, Búhos \(Teresa Navarro, Montserrat Castellví\) · "
                     r"diferencia \+14\.000 · 3\s+partidas ganadas", standings)
    assert "Puesto 3: Pareja 3, Comodines" in standings and "Puesto 4" not in standings
    # One line a pair: its place, name, players, games played, each game's credit, the
    # difference and games won; the disqualified pair marked "†", said under the table.
    assert re.search(r"1\s+1\. Búhos\s+Teresa Navarro, Montserrat Castellví\s+3\s+\+3\.000\s+"
                     r"\+5\.000\s+\+6\.000\s+\+14\.000\s+3", standings)
    assert re.search(r"—\s+† 4\. Los del Casino\s", standings)
    assert "† Descalificada (abandono)" in standings
    game2 = standings[standings.index("Partida 2\n"):standings.index("Partida 3\n")]
    assert re.search(r"2\s+1\. Búhos\s+4\. Los del Casino\s+1\.000 – 2\.000\s+\+5\.000 / 0\s+"
                     r"Abandonó la\s+pareja 4", game2)
    db.session.remove()


SEVEN = EIGHT[:7]


def test_seven_pairs_sit_out_in_turn(client, tmp_path):
    tid, token = create(client, SEVEN, prizes=2)
    expected = {
        1: ([(1, 1, 2), (2, 3, 4), (3, 5, 6)], [7]),
        2: ([(1, 7, 2), (2, 1, 4), (3, 3, 6)], [5]),
        3: ([(1, 5, 2), (2, 7, 4), (3, 1, 6)], [3]),
    }
    # Every table keeps score on paper; the desk types each result on the round page.
    results = {
        1: {1: ("9000", "8000"), 2: ("7000", "7500"), 3: ("6000", "6000")},
        2: {1: ("5000", "4000"), 2: ("8000", "8200"), 3: ("7300", "7000")},
        3: {1: ("6500", "6000"), 2: ("7000", "6900"), 3: ("4000", "4400")},
    }
    for number in (1, 2, 3):
        assert seating(read(client, tid), number) == expected[number]
        page = text_of(client.get(f"/tournaments/{tid}/rounds/{number}").get_data(as_text=True))
        bye = expected[number][1][0]
        assert f"Sitting out (bye): {bye}. {SEVEN[bye - 1][0]}" in page
        # Closing before any result is typed asks about each table.
        asked = client.post(f"/tournaments/{tid}/rounds/{number}/finish", data={})
        assert asked.get_data(as_text=True).count("no result from its paper sheet") == 3
        for table, (a, b) in results[number].items():
            assert client.post(f"/tournaments/{tid}/rounds/{number}/tables/{table}/result",
                               data={"total_a": a, "total_b": b}).status_code == 303
        close_on_the_page(client, tid, number)
    data = read(client, tid)
    # Nobody sat out twice; each pair played two games of three.
    assert sorted(b for r in data["rounds"] for b in r["byes"]) == [3, 5, 7]
    rows = {s["pair"]: (s["difference"], s["wins"], s["played"], s["credits"])
            for s in data["standings"]}
    # Worked by hand from the results above (a bye credits nothing and is not a game played).
    assert rows == {
        1: (400, 1, 3, [1000, -200, -400]),
        2: (-2500, 0, 3, [-1000, -1000, -500]),
        3: (-200, 1, 2, [-500, 300, None]),
        4: (600, 2, 3, [500, 200, -100]),
        5: (500, 1, 2, [0, None, 500]),
        6: (100, 1, 3, [0, -300, 400]),
        7: (1100, 2, 2, [None, 1000, 100]),
    }
    ranked = [s["pair"] for s in data["standings"]]
    assert ranked == [7, 4, 5, 1, 6, 3, 2]
    standings = pdf_text(client, f"/tournaments/{tid}/standings.pdf", tmp_path)
    assert "Puesto 1: Pareja 7, Gaviotas" in standings
    assert "Puesto 2: Pareja 4, Los del Casino" in standings and "Puesto 3" not in standings
    for number, bye in ((1, 7), (2, 5), (3, 3)):
        assert re.search(rf"Partida {number}\s+Mesa.*?Descansa: {bye}\. {SEVEN[bye - 1][0]}",
                         standings, re.S)
    slips = pdf_text(client, f"/tournaments/{tid}/slips.pdf", tmp_path)
    assert slips.count("Descansa") == 3
