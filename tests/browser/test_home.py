"""The home page as a phone shows it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from phone import page_width
from playwright.sync_api import Page

Shot = Callable[[Page, str], Path]


def test_home_fits_a_phone(page: Page, live_server: str, shot: Shot) -> None:
    page.goto(live_server + "/")
    assert page.locator("h1").inner_text() == "Canasta Scorekeeper"
    # htmx loaded from our own files under the CSP, without console errors.
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
    assert page_width(page) <= 390
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
    assert page.get_by_role("link", name="Nueva partida", exact=True).is_visible()
    assert page_width(page) <= 390
    shot(page, "home-es-390x844")


def test_a_player_finds_their_variant_by_typing_its_name(page: Page, live_server: str,
                                                         shot: Shot) -> None:
    """Typing filters the variants as the player types (htmx), the address follows the search,
    and each variant leads to a new game with its rules."""
    page.goto(live_server + "/?lang=es")
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
    every = page.locator(".variant").count()
    assert every >= 7
    page.get_by_label("¿Cómo llama tu mesa al juego?").fill("urugua")
    page.wait_for_function("() => document.querySelectorAll('.variant').length === 1")
    assert page.locator(".variant-name").inner_text() == "Canasta uruguaya"
    assert page.url.endswith("/?q=urugua")
    assert page_width(page) <= 390
    for link in page.locator(".variant-links a").all():
        box = link.bounding_box()
        assert box is not None and box["height"] >= 44
    shot(page, "home-variant-found-390x844")
    page.get_by_role("link", name="Nueva partida : Canasta uruguaya").click()
    page.wait_for_url("**/games/new?ruleset=uruguay")
    assert page.locator("select[name=ruleset]").input_value() == "uruguay"
    assert page.errors == []  # type: ignore[attr-defined]
