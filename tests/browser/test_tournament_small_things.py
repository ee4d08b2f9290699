"""Small things of issue 14 on a phone: hand numbers 10-12 on one line, Spanish standings that
keep words whole, and a printed round page that keeps each table's card whole."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import requests
from playwright.sync_api import Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tournaments"))
from phone import page_width
from tournament_helpers import VALUES  # noqa: E402

Shot = Callable[[Page, str], Path]

WORD_RECTS = """([selector, word]) => {
  const out = [];
  for (const el of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.data.indexOf(word);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + word.length);
      const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
      out.push(tops.size);
    }
  }
  return out;
}"""


def test_hand_numbers_stay_on_one_line_with_three_sides(browser, live_server: str,
                                                       shot: Shot) -> None:
    body = {"ruleset": "comodines", "format": "6-pairs", "players": 6, "target": 15000, "sides": [
        {"name": name, "players": [f"{name} A", f"{name} B"]}
        for name in ("Montserrat y Encarnación", "Bartolomé y Teresa", "Los del Casino")]}
    game = requests.post(f"{live_server}/api/v1/games", json=body, timeout=60).json()
    for _ in range(12):
        hand = {"end": "stock_out", "sides": [
            {"table_points": 535, "hand_points": 0, "canastas": {"natural": 1}},
            {"table_points": 540, "hand_points": 0, "canastas": {"natural": 1}},
            {"table_points": 545, "hand_points": 0, "canastas": {"natural": 1}}]}
        answer = requests.post(f"{live_server}/api/v1/games/{game['id']}/hands", json=hand,
                               headers={"Authorization": f"Bearer {game['edit_token']}"},
                               timeout=60)
        assert answer.status_code == 201, answer.text
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(f"{live_server}/games/{game['id']}")
    for number in ("10", "11", "12"):
        lines = page.evaluate(WORD_RECTS, ['.hands-table th[scope="row"]', number])
        assert lines and all(n == 1 for n in lines), (number, lines)
    assert page_width(page) <= 360
    shot(page, "small-hand-numbers-360")
    context.close()


def _spanish_tournament(live_server: str) -> tuple[str, str]:
    pairs = [{"name": n, "players": p} for n, p in (
        ("Comodines", ["Montserrat Castellví", "Teresa Navarro"]),
        ("Flores Rojas", ["Encarnación Villalobos", "Bartolomé Fernández"]),
        ("Búhos", ["Ana Ruiz", "Luis Pérez"]),
        ("Tréboles", ["Eva Roca", "Juan Mora"]))]
    body = {"name": "Torneo de Otoño", "language": "es", "values": VALUES, "pairs": pairs,
            "rounds": 3, "tables_start": "seated"}
    data = requests.post(f"{live_server}/api/v1/tournaments", json=body, timeout=60).json()
    return data["id"], data["admin_token"]


def test_spanish_standings_keep_words_whole(browser, live_server: str, shot: Shot) -> None:
    tid, token = _spanish_tournament(live_server)
    auth = {"Authorization": f"Bearer {token}"}
    for table, totals in ((1, [9850, 7300]), (2, [6120, 8450])):
        answer = requests.post(f"{live_server}/api/v1/tournaments/{tid}/rounds/1/tables/"
                               f"{table}/result", json={"totals": totals}, headers=auth,
                               timeout=60)
        assert answer.status_code == 200, answer.text
    for width, height in ((360, 740), (390, 844)):
        context = browser.new_context(viewport={"width": width, "height": height},
                                      locale="es-ES", extra_http_headers={
                                          "Accept-Language": "es"})
        page = context.new_page()
        page.goto(f"{live_server}/tournaments/{tid}/standings")
        assert page.locator("html").get_attribute("lang") == "es"
        shot(page, f"small-standings-es-{width}")
        for word in ("Comodines", "Tréboles", "Flores", "Rojas", "Diferencia", "ganada",
                     "+2.550", "\u22122.330"):
            lines = page.evaluate(WORD_RECTS, [".standings-table", word])
            assert lines and max(lines) == 1, (width, word, lines)  # 0: hidden on a phone
        assert page_width(page) <= width
        # Nothing hides behind a sideways scroll: the difference and games won are in view.
        assert page.evaluate("""() => {
            const box = document.querySelector('.table-scroll');
            return box.scrollWidth <= box.clientWidth; }""")
        # Each game's credit is there too, under the pair on a phone.
        expect(page.locator(".standings-table tbody tr").first).to_contain_text(
            "1 partida jugada, 1 ganada · P1 +2.550")
        # A game's label and its credit stay on one line (QA, 2026-12-05: "P2" ended a line,
        # "+5.030" began the next).
        split = page.evaluate("""() => [...document.querySelectorAll('.game-credit-item')]
            .filter((el) => new Set([...el.getClientRects()].map((r) => Math.round(r.bottom)))
                .size > 1).map((el) => el.textContent)""")
        assert page.locator(".game-credit-item").count() and split == [], (width, split)
        context.close()


def test_printing_the_round_page_keeps_each_table_whole(browser, live_server: str,
                                                        shot: Shot) -> None:
    tid, token = _spanish_tournament(live_server)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{live_server}/tournaments/{tid}?token={token}")
    page.goto(f"{live_server}/tournaments/{tid}/rounds/1")
    # A table that keeps score on paper: the desk types its totals on this page.
    page.fill("#total_a-2", "8.450")
    page.fill("#total_b-2", "6120")
    page.get_by_role("button", name="Save the result of table 2").click()
    expect(page.locator("#table-2 .table-score")).to_contain_text("8,450 – 6,120")
    assert page_width(page) <= 390
    shot(page, "small-round-paper-result")
    page.get_by_role("button", name="New links for every table").click()
    page.wait_for_selector("img.qr")
    page.emulate_media(media="print")
    styles = page.evaluate("""() => [...document.querySelectorAll('.table-card')].map(
        el => getComputedStyle(el).breakInside)""")
    assert styles == ["avoid", "avoid"]
    # Printed on short pages (one card and a half per page), no card is cut: each card's
    # QR code and link land on the same page.
    pdf = page.pdf(width="90mm", height="120mm")
    path = Path(shot(page, "small-round-print")).with_suffix(".pdf")
    path.write_bytes(pdf)
    import subprocess
    pages = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                           text=True, check=True).stdout.split("\f")
    for number in (1, 2):
        holding = [i for i, text in enumerate(pages) if f"Mesa {number}" in text
                   or f"Table {number}" in text]
        links = [i for i, text in enumerate(pages) if f"table {number}" in text.lower()
                 and ("Open the game" in text or "Abrir la partida" in text)]
        assert holding and links and holding[0] == links[0], (number, holding, links)
    context.close()


def test_the_desk_uses_a_laptops_width(browser, live_server: str, shot: Shot) -> None:
    """Issue 43: the desk was a 600 px column on a 1280 px screen."""
    tid, token = _spanish_tournament(live_server)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(f"{live_server}/tournaments/{tid}?token={token}")
    for path in (f"/tournaments/{tid}", f"/tournaments/{tid}/rounds/1",
                 f"/tournaments/{tid}/standings"):
        page.goto(live_server + path)
        width = page.evaluate("document.querySelector('main').getBoundingClientRect().width")
        assert width >= 1200, (path, width)
        assert page_width(page) <= 1280
    page.goto(f"{live_server}/tournaments/{tid}")
    shot(page, "small-desk-1280")
    # A phone still gets the page at its own width.
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server}/tournaments/{tid}")
    assert page_width(page) <= 390
    context.close()


def test_the_new_tournament_forms_numbers_stay_in_line_on_a_phone(page: Page,
                                                                   live_server: str,
                                                                   shot: Shot) -> None:
    """QA, 2026-12-05: with messages under two of the numbers, the third stood a line lower,
    and "Hands per game"'s hint was wrapped into a column a few words wide."""
    for lang in ("en", "es"):
        page.goto(f"{live_server}/tournaments/new?lang={lang}")
        page.fill("#rounds", "99999")
        page.fill("#minutes", "-5")
        page.locator("form.tournament-form button[type=submit]").click()
        expect(page.locator("#rounds-error")).to_be_visible()
        expect(page.locator("#minutes-error")).to_be_visible()
        tops = {round(page.locator(f"#{name}").bounding_box()["y"])  # type: ignore[index]
                for name in ("rounds", "minutes", "warn_minutes")}
        assert len(tops) == 1, (lang, tops)
        hint = page.locator("#hands_per_game ~ .hint").bounding_box()
        assert hint and hint["width"] > 300, (lang, hint)
        assert page_width(page) <= 390
        shot(page, f"new-tournament-numbers-{lang}")
