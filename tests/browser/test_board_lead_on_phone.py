"""The board at a glance on a phone (390x844): who leads by how much, what each side needs."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from phone import fill_worked_hand, page_width
from playwright.sync_api import Page, expect

Shot = Callable[[Page, str], Path]


def test_lead_and_needs_on_a_phone(page: Page, live_server: str, shot: Shot) -> None:
    page.goto(live_server + "/games/new")
    page.get_by_text("Names of sides and players").click()
    page.locator("[name='side_0_name']").fill("Nosotros")
    page.locator("[name='side_1_name']").fill("Ellos")
    page.get_by_role("button", name="Start the game").first.click()
    page.wait_for_url(re.compile(r"/games/[\w-]{20,}$"))
    expect(page.locator(".side-to-target")).to_have_text(["needs 5,000 to win"] * 2)
    expect(page.locator(".game-lead")).to_have_count(0)

    page.get_by_role("link", name="Count this hand").click()
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
    fill_worked_hand(page)
    page.get_by_role("button", name="Save this hand").click()
    page.wait_for_url(re.compile(r"/games/[\w-]{20,}$"))

    expect(page.locator(".game-lead")).to_have_text("Nosotros leads by 500")
    expect(page.locator(".side-to-target")).to_have_text(["needs 3,965 to win",
                                                          "needs 4,465 to win"])
    # Both lines are on the first screen, beside the scores, and nothing runs off the side.
    for box in (page.locator(".game-lead").bounding_box(),
                page.locator(".side-to-target").last.bounding_box()):
        assert box and box["y"] + box["height"] <= 844
    assert page_width(page) <= 390
    # The share panel stays closed after a save.
    assert page.locator("details.share").get_attribute("open") is None
    shot(page, "lead-01-board-en")

    page.get_by_role("link", name="Español").click()
    expect(page.locator(".game-lead")).to_have_text("Ventaja de 500 para Nosotros")
    expect(page.locator(".side-to-target")).to_have_text(["le faltan 3.965 para ganar",
                                                          "le faltan 4.465 para ganar"])
    # The Spanish lead is the longer: still on one phone's width.
    assert page_width(page) <= 390
    shot(page, "lead-02-board-es")
    assert page.errors == []  # type: ignore[attr-defined]
