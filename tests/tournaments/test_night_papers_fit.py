"""Every paper of a big night stays on its page and in its cells (issue 43: the standings ran
off the page; the night's other papers had never been checked).

A night of 40 pairs and 4 games, the longest names the forms take (a tournament's 120
characters, a pair's and each player's 60, in wide capitals), in each language: its seating
plans (game 1 as seated, game 3 as planned), the pairs' slips, the table cards (and their
second code when results wait for the other pair), a table's sheet and a game's sheets, laid
out as their PDFs are (``render.lay_out``). Every word and every QR code is inside the page's
printable area, and inside the table cell or card it belongs to (a cell that cuts its text
with an ellipsis may hold more than it shows). The standings' own fit is in
test_standings_paper.py."""

from __future__ import annotations

import subprocess
from typing import Any

import pytest
from flask import Response
from tournament_helpers import ARTIFACTS, admin, create, keeps_pngs, links, post_hand, stock_out

from scorekeeper.sheets import render
from scorekeeper.tournaments import cards as cards_view
from scorekeeper.tournaments import pdf as tournament_pdf

#: As long as the forms allow, in letters as wide as names have (M, W, Ñ, accented capitals).
TOURNAMENT = ("MEMORIAL WENCESLAO MONTAÑÉS — CAMPEONATO ABIERTO DE CANASTA DE LA COMUNIDAD "
              "VALENCIANA, NOCHE DE NAVIDAD MMXXVI")[:120].ljust(120, "M")
PAIR = "WÜRTTEMBERG-MONTMORENCY Y MAXIMILIANO WOLFENBÜTTEL ÁLVAREZ"


def long_pairs(n: int) -> list[dict[str, Any]]:
    return [{"name": f"{PAIR} {i + 1}".ljust(60, "M")[:60],
             "players": [f"MARÍA MONTSERRAT WAMBA-MÉNDEZ DE MONTEMAYOR {i + 1}".ljust(60, "W"),
                         f"GUILLERMO MAXIMILIANO WOLFENBÜTTEL ÑÚÑEZ {i + 1}".ljust(60, "M")]}
            for i in range(n)]


def printed(client: Any, monkeypatch: Any, url: str) -> tuple[str, str, bool]:
    """The HTML the PDF at ``url`` is drawn from, with its paper and orientation: the view is
    asked as the desk asks it, its render caught where it would be drawn."""
    caught: list[tuple[str, str, bool]] = []

    def catch(key: Any, make_html: Any, *, version: str, paper: str, landscape: bool,
              filename: str, **_: Any) -> Any:
        caught.append((make_html(), paper, landscape))
        return Response("caught")

    monkeypatch.setattr(tournament_pdf, "pdf_response", catch)
    monkeypatch.setattr(cards_view, "pdf_response", catch)
    response = client.get(url)
    assert response.status_code == 200 and len(caught) == 1, (url, response.status_code)
    return caught[0]


#: The edge of the paper a printer leaves blank (3 mm, in CSS pixels; office printers leave
#: 3-4.2 mm): what the page's margin boxes (its number, its footer) must stay off.
EDGE = 3 / 25.4 * 96

#: Boxes whose text must stay inside them: a table's cells, a table card, a pair's slip.
HOLDERS = {"print-card", "pair-slip"}


def holder(box: Any) -> bool:
    if type(box).__name__ == "TableCellBox":
        return True
    element = getattr(box, "element", None)
    classes = set(((element.get("class") or "") if element is not None else "").split())
    return bool(classes & HOLDERS) and getattr(box, "element_tag", "") in ("section", "div")


def clips(box: Any) -> bool:
    return box.style["overflow"] == "hidden" and box.style["text_overflow"] == "ellipsis"


def outside(html: str, paper: str, landscape: bool) -> tuple[list[str], Any, int]:
    """What of ``html`` laid out on ``paper`` is out of its page's printable area or its
    holder, the laid-out document (its pages), and how many words and codes were measured."""
    document = render.lay_out(html, paper=paper, landscape=landscape)
    pages = document.pages
    found: list[str] = []
    measured = 0
    # The pages each body row of a table is on: one (a header row is repeated by design).
    rows: dict[int, set[int]] = {}

    def walk(box: Any, area: tuple[float, float, float, float], inside: Any) -> None:
        nonlocal measured
        kind = type(box).__name__
        if kind == "TableRowGroupBox" and (box.is_header or box.is_footer):
            return walk_header(box, area, inside)
        if kind == "TableRowBox":
            rows.setdefault(id(box.element), set()).add(id(page))
        if kind == "TextBox" or kind.endswith("ReplacedBox"):
            text = getattr(box, "text", kind)
            if not text.strip():
                return
            measured += 1
            x, y = box.position_x, box.position_y
            right, bottom = x + box.margin_width(), y + box.margin_height()
            left_edge, top_edge, right_edge, bottom_edge = area
            if x < left_edge - 0.5 or right > right_edge + 0.5 or y < top_edge - 0.5 \
                    or bottom > bottom_edge + 0.5:
                found.append(f"{text!r} off the page at ({x:.1f}, {y:.1f})–"
                             f"({right:.1f}, {bottom:.1f}), printable {area}")
            if inside is not None and not clips(inside):
                cell_left = inside.border_box_x()
                cell_right = cell_left + inside.border_width()
                cell_top = inside.border_box_y()
                cell_bottom = cell_top + inside.border_height()
                if x < cell_left - 0.5 or right > cell_right + 0.5 or y < cell_top - 0.5 \
                        or bottom > cell_bottom + 0.5:
                    found.append(f"{text!r} out of its {inside.element_tag} "
                                 f"{(inside.element.get('class') or '')!r}: "
                                 f"{x:.1f}–{right:.1f} × {y:.1f}–{bottom:.1f} in "
                                 f"{cell_left:.1f}–{cell_right:.1f} × "
                                 f"{cell_top:.1f}–{cell_bottom:.1f}")
            return
        if kind == "MarginBox":
            # The page numbers and the footer sit in the page's margin by design: inside the
            # paper less the edge printers leave blank.
            area = (EDGE, EDGE, page_width - EDGE, page_height - EDGE)
        if holder(box):
            inside = box
        for child in getattr(box, "children", None) or ():
            walk(child, area, inside)

    def walk_header(group: Any, area: tuple[float, float, float, float], inside: Any) -> None:
        for child in group.children:
            for cell in child.children:
                walk(cell, area, inside)

    for page in pages:
        page_width, page_height = page.width, page.height
        box = page._page_box  # WeasyPrint keeps a page's boxes there (as render.py reads them)
        area = (box.margin_left, box.margin_top, page.width - box.margin_right,
                page.height - box.margin_bottom)
        walk(box, area, None)
    split = sum(len(on) > 1 for on in rows.values())
    if split:
        found.append(f"{split} table rows split across two pages")
    return found, document, measured


def look(name: str, document: Any) -> None:
    """The laid-out paper's pages kept as PNGs to look at (as test_tournament_papers keeps
    them), drawn from the layout the test measured."""
    if not keeps_pngs():
        return
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pdf = document.write_pdf()
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-", str(ARTIFACTS / name)], input=pdf,
                   check=True)


@pytest.mark.parametrize("language", ["es", "it", "en", "pt"])
def test_a_40_pair_night_with_the_longest_names_prints_inside_its_pages(
        client, monkeypatch, language):
    tid, token = create(client, n=40, rounds=4, name=TOURNAMENT, pairs=long_pairs(40),
                        language=language)
    # Table 20 keeps its score in the app: its sheet prints 15 hands, each dealer named whole
    # (60 characters, wrapping in the dealer's column).
    table = next(t for t in links(client, tid, token) if t["table"] == 20)
    for hand in range(15):
        response = post_hand(client, table, stock_out((400 + 5 * hand, 350)))
        assert response.status_code == 201, response.get_json()
    papers = {
        "seating-1": f"/tournaments/{tid}/seating/1.pdf",
        "seating-3-planned": f"/tournaments/{tid}/seating/3.pdf",
        "slips": f"/tournaments/{tid}/slips.pdf",
        "table-20-sheet": f"/tournaments/{tid}/rounds/1/tables/20/sheet.pdf",
        "game-2-sheets": f"/tournaments/{tid}/sheets/2.pdf",
    }
    # The desk's own papers: table cards need its session.
    assert client.get(f"/tournaments/{tid}?token={token}").status_code == 303
    papers["table-cards"] = f"/tournaments/{tid}/table-cards.pdf"
    seen: dict[str, tuple[int, int]] = {}
    for name, url in papers.items():
        html, paper, landscape = printed(client, monkeypatch, url)
        assert TOURNAMENT in html or name.endswith("sheet") or "sheets" in name, name
        found, document, measured = outside(html, paper, landscape)
        look(f"fit-{language}-{name}", document)
        assert not found, (name, found[:5], len(found))
        seen[name] = (len(document.pages), measured)
    # Each paper measured whole: 40 pairs' slips, 20 tables' plans and cards.
    assert seen["seating-1"][1] > 20 * 2 * 4
    assert seen["slips"][1] > 40 * 4 * 3
    assert seen["table-cards"][0] == 10
    assert seen["game-2-sheets"][0] == 20


def test_cards_with_the_confirming_code_print_inside_their_pages(client, monkeypatch):
    # Two codes a card, side by side, their words beneath each in its half.
    tid, token = create(client, n=40, rounds=4, name=TOURNAMENT, pairs=long_pairs(40),
                        language="pt", results_count="confirmed")
    assert client.get(f"/api/v1/tournaments/{tid}", headers=admin(token)).status_code == 200
    assert client.get(f"/tournaments/{tid}?token={token}").status_code == 303
    html, paper, landscape = printed(client, monkeypatch, f"/tournaments/{tid}/table-cards.pdf")
    assert html.count("print-card-qr-two") == 40
    found, document, _ = outside(html, paper, landscape)
    look("fit-pt-table-cards-confirming", document)
    assert not found, (found[:5], len(found))
    assert len(document.pages) == 10
