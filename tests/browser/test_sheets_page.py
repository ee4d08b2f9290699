"""The score sheets page on a phone: choose the options, get the PDF."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from phone import page_width
from playwright.sync_api import Page

Shot = Callable[[Page, str], Path]


def test_sheet_options_on_a_phone(page: Page, live_server: str, shot: Shot) -> None:
    page.goto(live_server + "/sheets/?lang=en")
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
    assert page_width(page) <= 390
    # Classic has two formats; choosing other rules re-draws the form with theirs (htmx).
    assert page.locator('input[name="players"]').count() == 2
    page.select_option("#f-ruleset", "comodines")
    page.locator('input[name="players"][value="6-pairs"]').wait_for()
    assert page.locator('input[name="players"]').count() == 5
    page.locator('input[name="players"][value="6-pairs"]').check()
    page.locator('input[name="paper"][value="letter"]').check()
    for label in page.locator("label.choice").all():
        box = label.bounding_box()
        assert box is not None and box["height"] >= 44
    assert page_width(page) <= 390
    shot(page, "sheets-options-390x844")

    # The form leads to the PDF with the options chosen.
    url = page.evaluate(
        "() => { const f = document.querySelector('#sheet-options');"
        " return f.action + '?' + new URLSearchParams(new FormData(f)); }"
    )
    assert "ruleset=comodines" in url and "players=6-pairs" in url and "paper=letter" in url
    res = page.request.get(url)
    assert res.status == 200 and res.headers["content-type"] == "application/pdf"
    assert page.errors == []  # type: ignore[attr-defined]


# JavaScript off: its pages cannot be watched for the calendar (conftest.py), so both dates.
@pytest.mark.both_dates
def test_sheet_options_without_javascript(browser, live_server: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(live_server + "/sheets/?lang=en")
        page.select_option("#f-ruleset", "comodines")
        page.get_by_role("button", name="Show the formats of these rules").click()
        page.locator('input[name="players"][value="6-pairs"]').wait_for()
        assert page.locator('input[name="players"]').count() == 5
    finally:
        context.close()
