"""The home page as a phone shows it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page

Shot = Callable[[Page, str], Path]


def test_home_fits_a_phone(page: Page, live_server: str, shot: Shot) -> None:
    page.goto(live_server + "/")
    assert page.locator("h1").inner_text() == "Canasta Scorekeeper"
    # htmx loaded from our own files under the CSP, without console errors.
    page.wait_for_function("() => window.htmx !== undefined")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # Every nav button is a comfortable tap target.
    buttons = page.locator(".big-nav a")
    assert buttons.count() == 8
    for i in range(buttons.count()):
        box = buttons.nth(i).bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44
    shot(page, "home-390x844")
    assert page.errors == []  # type: ignore[attr-defined]


def test_home_in_spanish(page: Page, live_server: str, shot: Shot) -> None:
    page.goto(live_server + "/?lang=es")
    assert page.get_by_role("link", name="Nueva partida").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "home-es-390x844")
