"""Edit rights survive closing the browser (390x844 and 360x740): a new context gets only the
cookies a browser keeps across a restart, the ones with an expiry."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

Shot = Callable[[Page, str], Path]
PHONES = {"390": {"width": 390, "height": 844}, "360": {"width": 360, "height": 740}}


# Your games' list shows their dates.
@pytest.mark.both_dates
@pytest.mark.parametrize("size", list(PHONES))
def test_edit_rights_and_your_games_after_a_restart(browser: Browser, live_server: str,
                                                    shot: Shot, size: str) -> None:
    before = browser.new_context(viewport=PHONES[size])
    page = before.new_page()
    page.goto(live_server + "/games/new")
    page.get_by_text("Names of sides and players").click()
    page.locator("[name='side_0_name']").fill("Abuelos")
    page.get_by_role("button", name="Start the game").first.click()
    page.wait_for_url(re.compile(r"/games/[\w-]{20,}$"))
    game_url = page.url
    state = before.storage_state()
    before.close()

    # A restarted browser drops session cookies (expires -1) and keeps the others.
    kept = [c for c in state["cookies"] if c["expires"] > 0]
    assert [c["name"] for c in kept] == ["session"]
    after = browser.new_context(viewport=PHONES[size],
                                storage_state={"cookies": kept, "origins": []})
    page = after.new_page()
    page.goto(live_server + "/games/")
    expect(page.get_by_text("Abuelos").first).to_be_visible()
    shot(page, f"restart-01-your-games-{size}")
    page.goto(game_url)
    expect(page.get_by_role("link", name="Count this hand")).to_be_visible()
    shot(page, f"restart-02-game-still-editable-{size}")
    after.close()
