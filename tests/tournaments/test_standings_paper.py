"""The standings PDF fits its paper (issue 43: on A4 with four games its last column was cut,
names wrapped over 3-5 lines, 40 pairs took 19 pages).

40 pairs and 4 games, their results typed from paper, in each language, on A4 and Letter: the
printout as laid out (``render.lay_out``, which the PDF is drawn from) has every table cell
inside the page's margins, every figure inside its cell, each pair's name and players on one
line (an ellipsis where they are longer than their column), and at most two pages. Also
Burraco on victory points in Italian, whose standings have two columns a game and their "VP"
and "Differenza"."""

from __future__ import annotations

import re
from typing import Any

from tournament_helpers import VALUES, admin, pdf_pages

from scorekeeper.extensions import db
from scorekeeper.i18n import force_locale
from scorekeeper.models.tournaments import Tournament
from scorekeeper.sheets import render
from scorekeeper.tournaments.papers import standings_html

#: Names as long as the desk may type them (60 characters), and players' as long.
LONG = ["Concepción Montgomery Castellví Villalobos Echeverría y Peña",
        "Los de Siempre", "Hermanas Fernández de la Peña y Álvarez-Quintanilla"]

#: A4 and Letter, portrait, in CSS pixels (what WeasyPrint's pages measure).
PAGES = {"a4": (793.7, 1122.5), "letter": (816.0, 1056.0)}


def night(client: Any, language: str, ruleset: str = "torneo", n: int = 40, rounds: int = 4,
          **extra: Any) -> str:
    """A night of ``n`` pairs and ``rounds`` games, every table's totals typed from paper."""
    pairs = [{"name": f"{LONG[i % 3]} {i + 1}"[:60],
              "players": [f"Encarnación Montgomery Villalobos {i + 1}",
                          f"Bartolomé Quintanilla Echeverría {i + 1}"]} for i in range(n)]
    body = {"name": "Club de Canasta La Amistad — Torneo de Navidad", "ruleset": ruleset,
            "rounds": rounds, "minutes": 60, "pairs": pairs, "tables_start": "seated",
            "language": language, **extra}
    if ruleset == "torneo":
        body |= {"target": 15000, "values": VALUES}
    response = client.post("/api/v1/tournaments", json=body)
    assert response.status_code == 201, response.get_json()
    tid, token = response.get_json()["id"], response.get_json()["admin_token"]
    for game in range(1, rounds + 1):
        for table in range(1, n // 2 + 1):
            # Differences from a few points to thousands, either side winning.
            a = 1000 + (table * 1237 + game * 711) % 12000
            response = client.post(
                f"/api/v1/tournaments/{tid}/rounds/{game}/tables/{table}/result",
                json={"totals": [a, 13000 - a]}, headers=admin(token))
            assert response.status_code == 200, response.get_json()
        response = client.post(f"/api/v1/tournaments/{tid}/rounds/{game}/finish",
                               headers=admin(token))
        assert response.status_code == 200, response.get_json()
    return tid


def cells(box: Any) -> list[Any]:
    """The table cells laid out under ``box``."""
    found = []
    for child in getattr(box, "children", None) or ():
        if type(child).__name__ == "TableCellBox":
            found.append(child)
        else:
            found.extend(cells(child))
    return found


def lines(cell: Any) -> list[Any]:
    return [child for child in cell.children if type(child).__name__ == "LineBox"]


def check_fit(html: str, paper: str) -> dict[str, Any]:
    """``html`` laid out on ``paper``: every cell on the page, every figure in its cell, each
    name on one line; returns what was measured."""
    pages = render.lay_out(html, paper=paper, landscape=False).pages
    names = 0
    for page in pages:
        box = page._page_box  # WeasyPrint keeps a page's boxes there (as render.py reads them)
        left, right = box.margin_left, page.width - box.margin_right
        for cell in cells(box):
            text = "".join(t.text for line in lines(cell) for t in line.children
                           if hasattr(t, "text"))
            classes = (cell.element.get("class") or "").split()
            edge = cell.border_box_x() + cell.border_width()
            assert left - 0.5 <= cell.border_box_x() and edge <= right + 0.5, (text, edge)
            if "wraps" not in classes:  # how a game ended, in words, may take more lines
                assert len(lines(cell)) <= 1, f"{text!r} on {len(lines(cell))} lines"
            if "name" in classes:
                # Longer than its column: cut there with an ellipsis when drawn, never wrapped
                # and never over the next column.
                assert cell.style["overflow"] == "hidden"
                assert cell.style["text_overflow"] == "ellipsis"
                names += 1
            else:
                for line in lines(cell):
                    assert line.width <= cell.width + 0.5, (text, line.width, cell.width)
    width, height = PAGES[paper]
    sizes = {(round(p.width, 1), round(p.height, 1)) for p in pages}
    return {"pages": len(pages), "sizes": sizes, "names": names,
            "landscape": sizes == {(height, width)}, "portrait": sizes == {(width, height)}}


def laid_out_standings(tid: str, paper: str) -> str:
    tournament = db.session.get(Tournament, tid)
    with force_locale(tournament.language):
        return standings_html(tournament, paper)


#: The headings of each language's standings (torneo, four games).
HEADS = {"es": ["Jug.", "P1", "P4", "Dif.", "Ganadas"],
         "it": ["Gioc.", "P1", "P4", "Diff.", "Vinte"],
         "en": ["Pl.", "G1", "G4", "Diff.", "Won"],
         "pt": ["Jog.", "J1", "J4", "Dif.", "Vitórias"]}


def fits_two_pages_of_a4_and_letter(app: Any, tid: str, heads: list[str],
                                    language: str | None = None) -> None:
    """The night's standings, printed in ``language`` (its own when ``None``), fit two pages of
    A4 and of Letter, with ``heads`` among their columns' headings."""
    for paper in ("a4", "letter"):
        with app.test_request_context():
            if language is not None:
                db.session.get(Tournament, tid).language = language
                db.session.commit()
            html = laid_out_standings(tid, paper)
        fit = check_fit(html, paper)
        assert fit["pages"] <= 2, (paper, fit)
        assert fit["portrait"], (paper, fit)  # four games leave the names room enough
        # The pair's name and its players, 40 pairs: every one on its line.
        assert fit["names"] >= 80
        for head in heads:
            assert f">{head}</th>" in html, head


def test_40_pairs_and_4_games_fit_two_pages_of_a4_and_letter_in_each_language(
        app, client, tmp_path):
    # One night, printed in each language in turn (the language a tournament's papers are
    # printed in is read when they are: Tournament.language): building the night of 40 pairs
    # took 3.8 s of CPU, more than its two layouts (1.6 s), once a language until 2026-12-05.
    tid = night(client, "es")
    for language, heads in HEADS.items():
        fits_two_pages_of_a4_and_letter(app, tid, heads, language)
    with app.test_request_context():
        db.session.get(Tournament, tid).language = "es"
        db.session.commit()
    # Drawn as the desk gets it: each pair on one line.
    text, pages, response = pdf_pages(client, f"/tournaments/{tid}/standings.pdf?paper=letter",
                                      tmp_path, "standings-40-pairs-letter", 60)
    assert pages == 2
    assert "612 x 792" in _info(tmp_path, response.data)
    first = text.split("\f")[0]
    # Every column's heading on the first page, the last one ("Ganadas") too.
    assert re.search(r"#\s+Pareja\s+Jugadores\s+Jug\.\s+P1\s+P2\s+P3\s+P4\s+Dif\.\s+Ganadas",
                     first)
    # 40 lines of pairs, each with its place, name (cut with "…"), players and 4 credits.
    rows = re.findall(r"^\s*\d+\s+\d+\. .+?…?\s+Encarnación.*?(?:\s+[+−]?[\d.]+){7}\s*$",
                      first, re.M)
    assert len(rows) == 40, first
    assert "…" in first or "..." in first
    # The results by game, two tables a line (the pairs by number), the legend under them.
    second = text.split("\f")[1]
    assert re.search(r"^\s*1\s+1\s*–\s*2\s+[\d.]+ – [\d.]+\s+[+−][\d.]+ / [+−][\d.]+\s+papel"
                     r"\s+11\s+21\s*–\s*22\s", second, re.M), second
    assert "Partida 4" in second and "M.: mesa" in one_line(second)
    assert client.get(f"/tournaments/{tid}/standings.pdf?paper=legal").status_code == 404


def test_burraco_on_victory_points_fits_two_pages_of_a4_and_letter(app, client):
    tid = night(client, "it", "burraco", standings_by="victory_points",
                victory_scale="burraco-4")
    fits_two_pages_of_a4_and_letter(app, tid, ["Gioc.", "P1", "PV", "P4", "Diff.", "Vinte"])


def one_line(text: str) -> str:
    return " ".join(text.split())


def _info(tmp_path, data: bytes) -> str:
    import subprocess

    path = tmp_path / "info.pdf"
    path.write_bytes(data)
    return subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True).stdout


def test_twelve_games_on_victory_points_turn_the_page_and_still_fit(app, client):
    # The most games a tournament plays (MAX_ROUNDS), each with its victory points: landscape,
    # smaller type where the width needs it, every column on the page.
    tid = night(client, "it", "burraco", n=14, rounds=12, standings_by="victory_points",
                victory_scale="burraco-4")
    for paper in ("a4", "letter"):
        with app.test_request_context():
            fit = check_fit(laid_out_standings(tid, paper), paper)
        assert fit["landscape"], (paper, fit)


def test_a_small_night_prints_its_results_in_words_inside_the_page(app, client):
    # Six tables or fewer a game: one line a table, how it ended in words (wrapping in its
    # column), the sides' names cut to theirs.
    tid = night(client, "pt", n=12, rounds=3)
    with app.test_request_context():
        html = laid_out_standings(tid, "letter")
    fit = check_fit(html, "letter")
    assert fit["pages"] == 1 and fit["portrait"]
    assert "anotado da folha de papel" not in html  # the legend of the compact results
    assert html.count('class="wraps"') == 3 * (1 + 6)  # each game: its heading, 6 tables
