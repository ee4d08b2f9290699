"""The papers a tournament desk files: table sheets (one page for 15 hands, names whole, the
result box), a game's sheets in advance, seating plans, slips and standings, each in the
tournament's language and rendered once per tournament version. The pages are kept as PNGs
under artifacts/papers/ to look at."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from tournament_helpers import SEATED, VALUES, admin, links, pdf_pages, post_hand, read, stock_out

from scorekeeper.sheets import render

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext")

PAIRS = [
    ("Búhos", ["Teresa Navarro", "Montserrat Castellví"]),
    ("Flores Rojas", ["Encarnación Villalobos", "Bartolomé Fernández"]),
    ("Comodines", ["Ana Ruiz", "Luis Pérez"]),
    ("Los del Casino", ["Rosa María Quintanilla", "Pablo Echeverría"]),
]


@pytest.fixture(autouse=True)
def empty_cache():
    render.cache.clear()
    yield
    render.cache.clear()


def create(client, language, **extra):
    body = {"name": "Torneo de Otoño", "values": VALUES, "language": language, "minutes": 5,
            "pairs": [{"name": n, "players": p} for n, p in PAIRS], **SEATED, **extra}
    response = client.post("/api/v1/tournaments", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()["id"], response.get_json()["admin_token"]


def pdf(client, url, tmp_path, name):
    """The PDF at ``url`` as (text, pages); its pages kept as PNGs to look at."""
    text, pages, _ = pdf_pages(client, url, tmp_path, name, dpi=60)
    return text, pages


def test_a_15_hand_table_sheet_is_one_page_with_the_tournament_and_whole_names(client,
                                                                            tmp_path):
    tid, token = create(client, "es")
    table = links(client, tid, token)[0]
    for i in range(15):
        assert post_hand(client, table, stock_out((300 + 10 * i, 200))).status_code == 201
    # Time is up on the hand being played: the desk settles it (a 16th, time-up hand).
    assert client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish",
                       headers=admin(token)).status_code == 200
    text, pages = pdf(client, f"/tournaments/{tid}/rounds/1/tables/1/sheet.pdf", tmp_path,
                      "table-sheet-es")
    assert pages == 1
    assert text.startswith("Torneo de Otoño")
    assert re.search(r"Mesa 1\s+Partida 1 de 3\s+Pareja 1: Búhos \(Teresa Navarro, Montserrat "
                     r"Castellví\)\s+Pareja 2: Flores Rojas \(Encarnación Villalobos, "
                     r"Bartolomé Fernández\)", text)
    # The tournament's own clock (5 minutes), not the rule set's 60.
    assert "Tiempo: 5 minutos" in text and "60 minutos" not in text
    # Every dealer named whole, in turn, hand by hand.
    dealers = re.findall(r"^\s*(\d{1,2})\s+(Teresa Navarro|Encarnación Villalobos|Montserrat "
                         r"Castellví|Bartolomé Fernández)\s", text, re.M)
    assert [int(n) for n, _name in dealers] == list(range(1, 17))
    assert dealers[2][1] == "Montserrat Castellví"
    # 15 hands of 300 + 10 i against 200: 5,550 to 3,000, a difference of 2,550.
    assert re.search(r"Total final, pareja 1\s+5\.550\s+Total final, pareja 2\s+3\.000\s+"
                     r"Diferencia\s+2\.550\s+Ganador\s+Pareja 1", text)
    assert re.search(r"Firma, pareja 1\s+Firma, pareja 2", text)
    # The game's own sheet link prints the same head.
    game_text, game_pages = pdf(client, f"/sheets/games/{table['game_id']}.pdf", tmp_path,
                                "game-sheet-es")
    assert game_pages == 1 and re.search(r"Mesa 1\s+Partida 1 de 3", game_text)


def test_a_games_sheets_print_in_advance_with_the_organizers_values(client, tmp_path):
    tid, _token = create(client, "en", rounds=3)
    # Game 3 before game 1 is closed: one blank sheet per table, seated by 002's rotation
    # (4 pairs, 3 games: the circle method, which the set-up pages name).
    text, pages = pdf(client, f"/tournaments/{tid}/sheets/3.pdf", tmp_path, "blank-game-3")
    assert pages == 2
    heads = re.findall(r"Table (\d)\s+Game 3 of 3\s+Pair (\d): .*?\s+Pair (\d): ", text)
    plan = read(client, tid)
    assert plan["seating"] == "circle"
    assert [h[0] for h in heads] == ["1", "2"]
    assert {frozenset(h[1:]) for h in heads} == {frozenset("13"), frozenset("24")}
    # The organizer's values, never "to be set"; a result box to fill in.

    assert "to be set" not in text and "Canastilla 150" in text and "Canastón 2,000" in text
    # The last of them too: the list wraps within the page.
    assert "Triple canasta 3,000" in text
    assert text.count("Final total, pair") == 4
    assert client.get(f"/tournaments/{tid}/sheets/4.pdf").status_code == 404


def test_papers_follow_the_tournaments_language_and_are_cached_per_version(client, tmp_path):
    tid, token = create(client, "es")
    urls = [f"/tournaments/{tid}/seating/1.pdf", f"/tournaments/{tid}/slips.pdf",
            f"/tournaments/{tid}/standings.pdf"]
    # The request asks for English; the papers are in the tournament's Spanish.
    english = {"Accept-Language": "en"}
    before = render.render_count()
    for url in urls:
        text = subprocess.run(["pdftotext", "-", "-"], input=client.get(url, headers=english).data,
                              capture_output=True, check=True).stdout.decode()
        assert "Mesa" in text and "Table" not in text, url
    assert render.render_count() == before + 3
    first = client.get(urls[2])
    again = client.get(urls[2])
    assert again.data == first.data and render.render_count() == before + 3
    assert client.get(urls[2], headers={"If-None-Match": first.headers["ETag"]}).status_code == 304
    # A paper result is a new version: rendered again, with it.
    client.post(f"/api/v1/tournaments/{tid}/rounds/1/tables/2/result",
                json={"totals": [8450, 6120]}, headers=admin(token))
    changed = client.get(urls[2])
    assert render.render_count() == before + 4
    assert changed.headers["ETag"] != first.headers["ETag"]
    text = subprocess.run(["pdftotext", "-", "-"], input=changed.data, capture_output=True,
                          check=True).stdout.decode()
    assert "+2.330 / −2.330" in text and "de la hoja de" in text


def test_a_tables_hand_undone_and_redone_renders_no_paper_again(client):
    tid, token = create(client, "en")
    table = links(client, tid, token)[0]
    auth = {"Authorization": f"Bearer {table['edit_token']}"}
    assert post_hand(client, table, stock_out((300, 200))).status_code == 201
    url = f"/tournaments/{tid}/rounds/1/tables/{table['table']}/sheet.pdf"
    before = render.render_count()
    first = client.get(url)
    assert client.post(f"/api/v1/games/{table['game_id']}/undo", headers=auth).status_code == 200
    client.get(url)
    assert client.post(f"/api/v1/games/{table['game_id']}/redo", headers=auth).status_code == 200
    again = client.get(url)
    assert again.data == first.data and again.headers["ETag"] == first.headers["ETag"]
    assert render.render_count() == before + 2


def test_a_paper_in_the_cache_and_a_refused_one_load_no_tournament(app, client, monkeypatch):
    from scorekeeper.services import tournaments as service

    app.config.update(RATELIMIT_RENDER_SECONDS=1)  # one render's worth
    tid, _token = create(client, "en")
    url = f"/tournaments/{tid}/slips.pdf"
    first = client.get(url)
    assert first.status_code == 200

    def no_load(*args, **kwargs):
        raise AssertionError("the tournament was loaded")

    monkeypatch.setattr(service, "find_tournament", no_load)
    again = client.get(url)
    assert again.status_code == 200 and again.data == first.data
    assert client.get(url, headers={"If-None-Match": first.headers["ETag"]}).status_code == 304
    # A paper that must be made, past the client's render allowance: 429 before any load.
    refused = client.get(f"/tournaments/{tid}/standings.pdf")
    assert refused.status_code == 429 and refused.headers["Retry-After"]


def test_the_four_papers_as_a_desk_files_them(client, tmp_path):
    """A table sheet, a seating plan, the pair slips and the standings, read as text (these
    pages are the pictures of README and docs/FEATURES.md)."""
    tid, token = create(client, "es")
    tables = {t["table"]: t for t in links(client, tid, token)}
    for hand in ((850, 600), (700, 815), (820, 450), (300, 640), (760, 520)):
        post_hand(client, tables[1], stock_out(hand))
    client.post(f"/api/v1/tournaments/{tid}/rounds/1/tables/2/result",
                json={"totals": [8450, 6120]}, headers=admin(token))
    client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish", headers=admin(token))
    sheet, _ = pdf(client, f"/tournaments/{tid}/rounds/1/tables/1/sheet.pdf", tmp_path,
                   "readme-table-sheet")
    assert re.search(r"Mesa 1\s+Partida 1 de 3", sheet) and "Teresa Navarro" in sheet
    plan, _ = pdf(client, f"/tournaments/{tid}/seating/2.pdf", tmp_path, "readme-seating")
    assert re.search(r"^\s*1\s+1\. Búhos\s+4\. Los del Casino\n\s+Teresa Navarro, Montserrat "
                     r"Castellví\s+Rosa María Quintanilla, Pablo Echeverría", plan, re.M)
    slips, _ = pdf(client, f"/tournaments/{tid}/slips.pdf", tmp_path, "readme-slips")
    assert "encarnación villalobos, bartolomé fernández" in slips.lower()
    standings, _ = pdf(client, f"/tournaments/{tid}/standings.pdf", tmp_path,
                       "readme-standings")
    assert re.search(r"Puesto 1: Pareja 3, Comodines", standings)


def test_a_paper_the_worker_would_refuse_answers_503_before_loading(app, client, monkeypatch):
    from scorekeeper.services import tournaments as service
    from scorekeeper.sheets.renderer import Limits, renderer

    app.config.update(PDF_RENDERS_PER_WORKER=1, PDF_RENDER_QUEUE=0)
    tid, _token = create(client, "en")

    def no_load(*args, **kwargs):
        raise AssertionError("the tournament was loaded")

    monkeypatch.setattr(service, "find_tournament", no_load)
    held = renderer._take(Limits.from_config(app.config))
    try:
        busy = client.get(f"/tournaments/{tid}/slips.pdf")
    finally:
        renderer._give_back(held)
    assert busy.status_code == 503 and busy.headers["Retry-After"] == "5"
