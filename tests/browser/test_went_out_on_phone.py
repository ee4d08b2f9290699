"""Who went out, on a phone (390x844 and 360x740): one side at a time, and no red message
while typing."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

Shot = Callable[[Page, str], Path]


def radio(page: Page, name: str, value: str):
    return page.locator(f"input[name='{name}'][value='{value}']")


@pytest.mark.parametrize("size", [(390, 844), (360, 740)], ids=["390", "360"])
def test_marking_a_side_out_switches_and_typing_does_not_shout(page: Page, live_server: str,
                                                                shot: Shot,
                                                                size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(live_server + "/games/new")
    page.get_by_role("button", name="Start the game").first.click()
    page.wait_for_url(re.compile(r"/games/[\w-]{20,}$"))
    page.get_by_role("link", name="Count this hand").click()
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
    summary = page.locator("#count-summary")

    # The first digits, before anyone is marked out: the count waits, nothing is red.
    page.locator("[name='sides[0].table_points']").fill("300")
    expect(summary).to_contain_text("Mark the side that went out to see the count.")
    expect(page.get_by_text("Choose the side that went out.")).to_have_count(0)
    assert page.locator(".field-error:not(:empty)").count() == 0
    assert page.locator(".error-summary").count() == 0
    shot(page, "went-out-01-typing")

    # Side 1 goes out, then the scorekeeper notices it was side 2: the mark moves.
    radio(page, "sides[0].going_out", "normal").check()
    page.locator("[name='sides[0].canastas.mixed']").fill("1")
    expect(summary).to_contain_text("+")
    radio(page, "sides[1].going_out", "normal").check()
    expect(radio(page, "sides[0].going_out", "")).to_be_checked()
    expect(radio(page, "sides[1].going_out", "normal")).to_be_checked()
    page.locator("[name='sides[1].canastas.mixed']").fill("1")
    page.locator("[name='sides[1].table_points']").fill("100")
    # Side 1: a mixed canasta and 300 on the table; side 2 adds going out to the same.
    expect(summary).to_contain_text(re.compile(r"Side 1\s*\+600.*Side 2\s*\+500", re.S))
    expect(page.get_by_text("Only one side can go out.")).to_have_count(0)
    shot(page, "went-out-02-switched")

    # The stock ran out: nobody went out.
    radio(page, "end", "stock_out").check()
    expect(radio(page, "sides[1].going_out", "")).to_be_checked()
    # Marking a side out again means the hand ended by going out.
    radio(page, "sides[0].going_out", "normal").check()
    expect(radio(page, "end", "went_out")).to_be_checked()

    assert page.errors == []  # type: ignore[attr-defined]

    # Saving with nobody out asks for the choice, next to "How did the hand end?".
    radio(page, "sides[0].going_out", "").check()
    page.get_by_role("button", name="Save this hand").click()
    expect(page.locator("#err-end")).to_have_text("Choose the side that went out.")
    shot(page, "went-out-03-save-asks")
