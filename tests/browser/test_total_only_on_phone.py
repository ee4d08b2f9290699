"""The fast lane on a phone (issue 25): a table that counted the hand on paper taps "type the
totals only", types each side's score as written ("1.035", "-20"), saves, and finds the hand
on the board and on the printed sheet, marked "total only". The next count opens in the same
lane (the game's last hand says so, on a reload too)."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from phone import page_width
from playwright.sync_api import Page, expect
from test_taps_per_preset import Phone

Shot = Callable[[Page, str], Path]

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext")


def test_a_total_only_hand_on_the_board_and_the_sheet(page: Page, live_server: str, shot: Shot,
                                                      tmp_path: Path) -> None:
    page.goto(f"{live_server}/games/new?lang=en")
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
    page.get_by_role("button", name="Start the game").first.click()
    page.wait_for_url(re.compile(r"/games/[\w-]{20,}$"))
    game_url = page.url
    page.get_by_role("link", name="Count this hand").click()
    page.get_by_role("link", name="Type totals only").click()
    first = page.locator("[name='sides[0].hand_total']")
    second = page.locator("[name='sides[1].hand_total']")
    # Both sides' boxes and the save button are on the screen at once, no scrolling.
    for box in (first, second):
        expect(box).to_be_in_viewport()
    expect(page.get_by_role("button", name="Save this hand")).to_be_in_viewport()
    # Counted as test_taps_per_preset counts: box, "next", who went out, Save: 4 taps.
    phone = Phone(page)
    phone.enter("sides[0].hand_total", "1.035")
    phone.enter("sides[1].hand_total", "-20")
    phone.tap(page.locator("label.choice", has=page.locator("input[name='went_out'][value='0']")))
    summary = page.locator("#count-summary")
    expect(summary).to_contain_text("+1,035")
    expect(summary).to_contain_text("\u221220")
    # Typed, the form still fits above the bar: both boxes and Save in view.
    for box in (first, second):
        expect(box).to_be_in_viewport()
    assert page_width(page) <= 390
    shot(page, "total-only-count-390x844")
    phone.tap(page.get_by_role("button", name="Save this hand"))
    assert phone.taps == 4 and phone.swipes == 0
    page.wait_for_url(game_url)
    expect(page.locator(".side-total")).to_have_text(["Score: 1,035", "Score: \u221220"])
    shot(page, "total-only-board-390x844")

    # The next count opens in the same lane, and so does a reload of it.
    page.get_by_role("link", name="Count this hand").click()
    expect(page.locator("[name='sides[0].hand_total']")).to_be_visible()
    page.reload()
    expect(page.locator("[name='sides[0].hand_total']")).to_be_visible()
    expect(page.get_by_role("link", name="Count the hand here")).to_be_visible()

    # The sheet prints the hand with its totals, marked "total only".
    page.goto(game_url)
    href = page.get_by_role("link", name="Print the score sheet (PDF)").get_attribute("href")
    assert href
    res = page.request.get(live_server + href if href.startswith("/") else href)
    assert res.status == 200 and res.headers["content-type"] == "application/pdf"
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(res.body())
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert "total only" in text
    assert "Hand total, counted at the table" in text
    assert re.search(r"total only +Hand total, counted at the table 1,035 .*"
                     r"Hand total, counted at the table \u221220", text)
    assert page.errors == []  # type: ignore[attr-defined]
