"""A kept game's sheet: its hands, totals and minimums; pages, languages, paper and the cache."""

from __future__ import annotations

import re

from sheet_helpers import HAND_A, make_game, page_count, page_sizes, pdf_text

from scorekeeper.services import record
from scorekeeper.sheets import render


def sheet(client, token: str, query: str = "", **headers):
    return client.get(f"/sheets/games/{token}.pdf" + (f"?{query}" if query else ""),
                      headers=headers)


def row(text: str, number: int) -> list[str]:
    """The words of hand ``number``'s row (its dealer, then each side's cells)."""
    m = re.search(rf"^\s*{number}\s+(\S.*)$", text, re.M)
    assert m, f"no row for hand {number}"
    return m.group(1).split()


def test_ten_hands_with_names_lines_totals_and_minimums(client):
    game, token = make_game(10)
    res = sheet(client, token)
    assert res.status_code == 200 and res.mimetype == "application/pdf"
    assert page_sizes(res.data) == [(842, 595)]
    text = "\n".join(pdf_text(res.data))
    assert "Nosotros" in text and "(Ana, Luis)" in text
    assert "Ellos" in text and "(Marta, Pablo)" in text
    assert "Classic Canasta" in text and "Still being played" in text
    # Hand 1, dealt by Ana (seat 0): Nosotros 500 natural + 100 out + 200 table − 0 = 800;
    # Ellos 100 red 3 + 90 − 30 = 160. Both needed 50 to open from 0.
    assert row(text, 1) == ["Ana", "50", "500", "100", "200", "0", "800", "800",
                            "50", "100", "90", "−30", "160", "160"]
    # Hand 4, dealt by Pablo (seat 3): Nosotros stood at 800 + 15 + 800 = 1,615, so needed 90;
    # Ellos at 160 + 550 + 160 = 870 needed 50.
    assert row(text, 4) == ["Pablo", "90", "60", "−45", "15", "1,630",
                            "50", "300", "100", "150", "0", "550", "1,420"]
    # Each hand's lines, itemised under its row.
    assert "Natural canastas × 1 500" in text
    assert "Red 3s × 1 100" in text
    assert "Cards left in hand −45" in text
    # After ten hands: 5 × 800 + 5 × 15 = 4,075 and 5 × 160 + 5 × 550 = 3,550; the game goes on,
    # so the row is where it stands, not a "Final" one (issue 40).
    assert re.search(r"So far\s+4,075\s+3,550", text)
    assert not re.search(r"^\s*Final\b", text, re.M)
    # The reminder box and the signatures come with it.
    assert re.search(r"1,500 – 2,995\s+90\b", text)
    assert "Signature, Nosotros" in text and "Signature, Ellos" in text


def test_winner_and_finish(client):
    game, token = make_game(13)
    assert game.finished and game.winner == 0
    text = "\n".join(pdf_text(sheet(client, token).data))
    # 7 × 800 + 6 × 15 = 5,690 passes 5,000; Ellos 7 × 160 + 6 × 550 = 4,420.
    assert "Nosotros won" in text
    assert re.search(r"Final\s+WINNER\s+5,690\s+4,420", text)
    assert "Finished:" in text


def test_the_games_language_unless_asked_otherwise(client, spanish):
    game, token = make_game(10, language="es")
    text = "\n".join(pdf_text(sheet(client, token).data))
    assert spanish("Cards on the table") in text
    assert spanish("Natural canastas × %(count)d") % {"count": 1} in text
    assert re.search(r"\s4\.075\s+3\.550", text)  # Spanish numbers
    assert "Cards on the table" not in text

    text = "\n".join(pdf_text(sheet(client, token, "lang=en").data))
    assert "Cards on the table" in text and re.search(r"\s4,075\s+3,550", text)


def test_letter_paper(client):
    game, token = make_game(2)
    assert page_sizes(sheet(client, token, "paper=letter").data) == [(792, 612)]
    assert page_sizes(sheet(client, token, "paper=a4").data) == [(842, 595)]


def test_forty_hands_span_pages_with_headers_and_page_numbers(client):
    game, token = make_game(40, target=100_000)
    pdf = sheet(client, token).data
    pages = pdf_text(pdf)
    total = page_count(pdf)
    assert total >= 3
    for n, page in enumerate(pages, start=1):
        # The table's two header rows repeat at the top of every page.
        assert "Nosotros (Ana, Luis)" in page and "Ellos (Marta, Pablo)" in page
        assert "Running" in page and "Needed" in page
        assert re.search(rf"\b{n}\s*/\s*{total}\s*$", page.rstrip())
    hands = [int(m) for page in pages for m in re.findall(r"^\s*(\d+)\s+(?:Ana|Marta|Luis|Pablo)\b",
                                                            page, re.M)]
    assert hands == list(range(1, 41))
    # 20 × 800 + 20 × 15 = 16,300 and 20 × 160 + 20 × 550 = 14,200.
    assert re.search(r"So far\s+16,300\s+14,200", pages[-1])


def test_rendered_once_per_version_then_served_from_the_cache(client):
    game, token = make_game(3)
    before = render.render_count()
    first = sheet(client, token)
    assert render.render_count() == before + 1
    again = sheet(client, token)
    assert again.data == first.data
    assert render.render_count() == before + 1
    etag = first.headers["ETag"]
    assert again.headers["ETag"] == etag
    assert "no-cache" in first.headers["Cache-Control"]

    # The browser already has it: 304, nothing rendered, nothing sent.
    not_modified = sheet(client, token, **{"If-None-Match": etag})
    assert not_modified.status_code == 304 and not_modified.data == b""
    assert render.render_count() == before + 1

    # Another paper or language is another PDF.
    assert sheet(client, token, "paper=letter").headers["ETag"] != etag
    assert render.render_count() == before + 2

    # A new hand makes a new version: rendered again, and the old ETag no longer matches.
    record.add_hand(game.id, HAND_A, by="scorekeeper")
    from scorekeeper.extensions import db
    db.session.commit()
    changed = sheet(client, token, **{"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert render.render_count() == before + 3
    assert row("\n".join(pdf_text(changed.data)), 4)[0] == "Pablo"


def test_an_undo_then_a_redo_shows_what_was_printed_and_renders_nothing(client):
    from scorekeeper.extensions import db

    game, token = make_game(3)
    before = render.render_count()
    three = sheet(client, token)
    record.undo(game.id, by="scorekeeper")
    db.session.commit()
    two = sheet(client, token)
    assert render.render_count() == before + 2 and two.headers["ETag"] != three.headers["ETag"]
    # Redone, the game is at a new version but shows what it showed at the first one: the
    # PDF comes from the cache, and the browser that holds it gets 304.
    record.redo(game.id, by="scorekeeper")
    db.session.commit()
    again = sheet(client, token)
    assert again.data == three.data and again.headers["ETag"] == three.headers["ETag"]
    assert sheet(client, token, **{"If-None-Match": three.headers["ETag"]}).status_code == 304
    for _ in range(3):
        record.undo(game.id, by="scorekeeper")
        db.session.commit()
        assert sheet(client, token).data == two.data
        record.redo(game.id, by="scorekeeper")
        db.session.commit()
        assert sheet(client, token).data == three.data
    assert render.render_count() == before + 2
    # The change log printed after the sheet did change: that one is rendered.
    sheet(client, token, "changes=1")
    assert render.render_count() == before + 3


def test_unknown_game_is_404(client):
    assert sheet(client, "no-such-game").status_code == 404
    assert sheet(client, "x" * 300).status_code == 404


def test_bad_paper_or_language_is_400_with_a_message(client):
    game, token = make_game(1)
    res = sheet(client, token, "paper=a0")
    assert res.status_code == 400 and res.mimetype == "text/html"
    assert "Choose A4 or Letter paper." in res.get_data(as_text=True)
    res = sheet(client, token, "lang=de")
    assert res.status_code == 400
    assert "Choose English, Spanish, Portuguese or Italian." in res.get_data(as_text=True)
    res = client.get("/sheets/rules/classic.pdf?paper=tabloid")
    assert res.status_code == 400
    assert client.get("/sheets/rules/nope.pdf").status_code == 404
