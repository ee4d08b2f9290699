"""A small tournament on a phone (390x844): set-up with 4 pairs and 2 games, the control table,
a table's game opened from its link, closing both games, and the printed standings."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from phone import page_width
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from scorekeeper.engine import find_ruleset

Shot = Callable[[Page, str], Path]


def no_side_scroll(page: Page) -> None:
    assert page_width(page) <= 390


# The tables' clock (Date.parse of its deadline) and the tournaments' dates shown.
@pytest.mark.both_dates
@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext")
def test_a_small_tournament(page: Page, live_server: str, shot: Shot, tmp_path: Path) -> None:
    # -- set-up: the form asks for each value 002 names without a number
    page.goto(live_server + "/tournaments/new")
    no_side_scroll(page)
    shot(page, "tournament-01-new")
    page.fill("#name", "Club de los jueves")
    page.fill("#pairs", "Owls: Ana, Luis\nBees: Eva, Juan\nCats: Rosa, Pablo\nDogs: Marta, Diego")
    page.fill("#rounds", "2")
    missing = find_ruleset("torneo").missing_values()
    page.get_by_role("button", name="Create and seat game 1").click()
    # Nothing was given for the values yet: each field says so.
    expect(page.locator(".values .field-error")).to_have_count(len(missing))
    shot(page, "tournament-02-values-asked")
    for path, _label in missing:
        page.fill(f"[id='value-{path}']", "100")
    page.get_by_role("button", name="Create and seat game 1").click()
    page.wait_for_url(re.compile(r"/tournaments/[\w-]+$"))
    control_url = page.url
    expect(page.locator(".notice[role=status]")).to_contain_text("shown only once")
    expect(page.locator("table.tables tbody tr")).to_have_count(2)
    # Game 1's clock waits for the desk.
    expect(page.locator(".time-left .clock").first).to_have_text("1:00:00")
    expect(page.locator(".time-left")).to_contain_text("(not started)")
    page.get_by_role("button", name="Start the clock").click()
    expect(page.locator(".clock[data-deadline]").first).to_have_text(
        re.compile(r"^(59:\d\d|1:00:00)$"))
    no_side_scroll(page)
    shot(page, "tournament-03-control")

    # -- the round's tables: link and QR code each, made (and shown) once
    page.get_by_role("link", name="Table links and QR codes").click()
    expect(page.locator("img.qr")).to_have_count(0)
    page.get_by_role("button", name="Make the table links and QR codes").click()
    expect(page.locator("img.qr")).to_have_count(2)
    no_side_scroll(page)
    shot(page, "tournament-04-tables")
    join = page.get_by_role("link", name="Open the game of table 1").get_attribute("href")
    assert join and "/join/" in join

    # -- table 1 opens its game on a phone: the ordinary game screen
    table = page.context.browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    table.goto(join)
    expect(table.locator("h1")).to_contain_text("Owls")
    shot(table, "tournament-05-table-game")
    game_id = join.split("/games/")[1].split("/")[0]
    edit_token = join.rsplit("/", 1)[1]

    # -- the control table picks the table's score up without a reload (htmx polls it)
    page.goto(control_url)
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
    # The table counts a hand (through the API: the count screen has its own tests).
    response = table.request.post(
        f"{live_server}/api/v1/games/{game_id}/hands",
        headers={"Authorization": f"Bearer {edit_token}"},
        data={"end": "stock_out", "sides": [{"table_points": 850, "hand_points": 0},
                                            {"table_points": 300, "hand_points": 0}]},
    )
    assert response.status == 201
    table.context.close()
    expect(page.locator("table.tables tbody tr").first).to_contain_text("850")
    shot(page, "tournament-06-control-live")
    page.get_by_role("button", name=re.compile("Finish game 1")).click()
    # Time is not up and a table is playing: the desk is told so and confirms.
    expect(page.locator(".confirm-consequences")).to_contain_text("Time is not up")
    page.get_by_role("button", name="Yes, finish game 1").click()
    expect(page.locator("#round-title")).to_contain_text("Game 2 of 2")
    shot(page, "tournament-07-game-2")
    # The dashboard is drawn again once its stream opens (the catch-up on news): a tap on its
    # button just as it is swapped lands on the old one and does nothing, so the desk taps
    # again, as a person would (seen once in CI's run at Madrid's date, 2026-12-05).
    confirm_last = page.get_by_role("button", name="Yes, finish the last game")
    for _tap in range(3):
        page.get_by_role("button", name="Finish the last game").click()
        try:
            confirm_last.wait_for(timeout=10_000)
            break
        except PlaywrightTimeout:
            continue
    confirm_last.click()
    expect(page.locator(".dashboard")).to_contain_text("The tournament is over.")
    rows = page.locator(".standings-table tbody tr")
    expect(rows.first).to_contain_text("Owls")
    expect(rows.first).to_contain_text("+550")
    no_side_scroll(page)
    shot(page, "tournament-08-final")

    # -- printed standings
    pdf_link = page.get_by_role("link", name="Standings (PDF)").get_attribute("href")
    pdf = page.request.get(live_server + pdf_link)
    assert pdf.status == 200 and pdf.headers["content-type"] == "application/pdf"
    path = tmp_path / "standings.pdf"
    path.write_bytes(pdf.body())
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert "Club de los jueves" in text and "final" in text.lower()
    # Owls won game 1 by 550 and drew game 2 (nothing counted); Bees lost by 550. Each played
    # both games.
    # Rank, pair, players, games played, each game's credit, difference, games won.
    assert re.search(r"1\s+1\. Owls\s+Ana, Luis\s+2\s+\+550\s+0\s+\+550\s+1\n", text)
    assert re.search(r"4\s+2\. Bees\s+Eva, Juan\s+2\s+\u2212550\s+0\s+\u2212550\s+0\n", text)
    assert "Place 1: Pair 1, Owls (Ana, Luis)" in text
    # -- the organizer finds it again from the home page's menu
    page.goto(live_server + "/")
    page.get_by_role("link", name="Tournaments").click()
    expect(page.locator(".history-list")).to_contain_text("Club de los jueves")
    no_side_scroll(page)
    shot(page, "tournament-09-index")
    # The only console message is the set-up form's expected 422 (values not given yet).
    errors = [e for e in page.errors if "422" not in e]  # type: ignore[attr-defined]
    assert errors == []
