"""Resume a game kept on paper, through the start form on a phone (390x844 and 360x740)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from phone import page_width
from playwright.sync_api import Browser, Page, expect

Shot = Callable[[Page, str], Path]
PHONES = {"390": {"width": 390, "height": 844}, "360": {"width": 360, "height": 740}}


@pytest.mark.parametrize("size", list(PHONES))
def test_resume_from_paper_through_the_form(browser: Browser, live_server: str, shot: Shot,
                                            size: str) -> None:
    context = browser.new_context(viewport=PHONES[size])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(live_server + "/games/new")
        paper = page.locator("#paper")
        first, second = page.get_by_label("Side 1", exact=True), page.get_by_label(
            "Side 2", exact=True)
        # Folded: one line under the other options until asked for.
        expect(first).to_be_hidden()
        summary = paper.get_by_text("Already played on paper?")
        assert (summary.bounding_box() or {}).get("height", 99) < 60
        summary.click()
        expect(first).to_be_visible()
        expect(paper.get_by_text("the opening minimums follow")).to_be_visible()

        first.fill("2,350")
        second.fill("1512")
        page.get_by_role("button", name="Start the game").first.click()
        # Refused by the field, with what was typed kept.
        error = page.locator("#err-start_1")
        expect(error).to_have_text("Points always come in multiples of 5.")
        expect(page.locator("#f-start_1")).to_have_attribute("aria-invalid", "true")
        expect(page.locator("#f-start_0")).to_have_value("2,350")
        page.locator("#f-start_1").scroll_into_view_if_needed()
        assert page_width(page) <= PHONES[size]["width"]
        shot(page, f"resume-01-field-error-{size}")

        page.locator("#f-start_1").fill("1515")
        page.get_by_role("button", name="Start the game").first.click()
        page.wait_for_url(re.compile(r"/games/[\w-]{20,}$"))
        totals = page.locator(".side-total")
        expect(totals.nth(0)).to_have_text("Score: 2,350")
        expect(totals.nth(1)).to_have_text("Score: 1,515")
        expect(page.locator(".minimum-value")).to_have_text(["90", "90"])
        expect(page.locator(".side-to-target")).to_have_text(["needs 2,650 to win",
                                                              "needs 3,485 to win"])
        expect(page.locator(".game-lead")).to_have_text("Side 1 leads by 835")
        expect(page.locator(".carried-head")).to_have_text("Carried from paper")
        expect(page.locator(".carried-row td .hand-points")).to_have_text(["2,350", "1,515"])
        assert page_width(page) <= PHONES[size]["width"]
        shot(page, f"resume-02-board-{size}")
        assert not errors
    finally:
        context.close()
