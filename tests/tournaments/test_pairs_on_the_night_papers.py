"""A substitute named at the desk is printed on that game's papers (the table's sheet, blank or
kept, and every table's sheets of the game), and on no other game's."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from tournament_helpers import SEATED, VALUES, admin, links, post_hand, stock_out

from scorekeeper.sheets import render

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext")


@pytest.fixture(autouse=True)
def empty_cache():
    render.cache.clear()
    yield
    render.cache.clear()


def pdf_text(client, url):
    response = client.get(url)
    assert response.status_code == 200 and response.mimetype == "application/pdf", url
    return " ".join(subprocess.run(["pdftotext", "-", "-"], input=response.data,
                                   capture_output=True, check=True).stdout.decode().split())


def create(client, language="en"):
    pairs = [{"name": n, "players": p} for n, p in [
        ("Búhos", ["Teresa", "Montse"]), ("Flores", ["Encarna", "Bartolo"]),
        ("Comodines", ["Ana", "Luis"]), ("Casino", ["Rosa", "Pablo"])]]
    response = client.post("/api/v1/tournaments", json={
        "name": "Otoño", "values": VALUES, "language": language, "pairs": pairs, **SEATED})
    assert response.status_code == 201
    return response.get_json()["id"], response.get_json()["admin_token"]


def test_a_substitutes_name_is_on_that_games_papers(client):
    tid, token = create(client)
    sheet = f"/tournaments/{tid}/rounds/1/tables/2/sheet.pdf"
    assert "Marta" not in pdf_text(client, sheet)
    named = client.post(f"/api/v1/tournaments/{tid}/rounds/1/pairs/3/substitute",
                        headers=admin(token), json={"player": 2, "name": "Marta"})
    assert named.status_code == 200
    # The blank sheet of table 2 (pairs 3 and 4), and every table's sheets of game 1.
    assert "Marta (substituting Luis)" in pdf_text(client, sheet)
    assert "Marta (substituting Luis)" in pdf_text(client, f"/tournaments/{tid}/sheets/1.pdf")
    # Game 2 is another game: Luis is back (or another substitute is named for it).
    assert "Marta" not in pdf_text(client, f"/tournaments/{tid}/sheets/2.pdf")

    # A table kept in the app prints its hands and the substitute, both sheets of its game.
    table = links(client, tid, token, 1)[1]
    assert post_hand(client, table, stock_out((600, 300))).status_code == 201
    assert "Marta (substituting Luis)" in pdf_text(client, sheet)
    assert "Marta (substituting Luis)" in pdf_text(client, f"/sheets/games/{table['game_id']}.pdf")


def test_the_substitute_is_printed_in_the_tournaments_language(client):
    tid, token = create(client, "es")
    client.post(f"/api/v1/tournaments/{tid}/rounds/1/pairs/1/substitute",
                headers=admin(token), json={"player": 1, "name": "Marta"})
    text = pdf_text(client, f"/tournaments/{tid}/rounds/1/tables/1/sheet.pdf")
    assert "Marta (sustituye a Teresa)" in text


def test_a_substitution_taken_back_takes_the_name_off_the_papers(client):
    tid, token = create(client)
    client.post(f"/api/v1/tournaments/{tid}/rounds/1/pairs/3/substitute",
                headers=admin(token), json={"player": 2, "name": "Marta"})
    sheet = f"/tournaments/{tid}/rounds/1/tables/2/sheet.pdf"
    assert "Marta" in pdf_text(client, sheet)
    undone = client.delete(f"/api/v1/tournaments/{tid}/pairs/3/substitute",
                           headers=admin(token))
    assert undone.status_code == 200 and undone.get_json()["pairs"][2]["substituted"] is False
    text = pdf_text(client, sheet)
    assert "Marta" not in text and "Luis" in text
