"""Accessibility: axe-core (vendored for the tests) with WCAG 2.2 target-size switched on finds
no serious or critical violation on the home, new-game, game and count pages."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

Shot = Callable[[Page, str], Path]
AXE = Path(__file__).parent / "vendor" / "axe.min.js"
RUN_AXE = """async () => await axe.run(document, {
    resultTypes: ['violations'],
    rules: {'target-size': {enabled: true}},
})"""


def serious_violations(page: Page) -> list[dict[str, Any]]:
    page.add_script_tag(path=str(AXE))
    result = page.evaluate(RUN_AXE)
    return [
        {"id": v["id"], "impact": v["impact"], "help": v["help"],
         "nodes": [n["target"] for n in v["nodes"]][:5]}
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def start_game(page: Page, live_server: str) -> str:
    page.goto(live_server + "/games/new")
    start = re.compile("Start the game|Empezar la partida|Começar o jogo|Inizia la partita")
    page.get_by_role("button", name=start).first.click()
    page.wait_for_url(re.compile(r"/games/[\w-]{20,}$"))
    return page.url


@pytest.fixture
def axe_page(browser: Browser):
    """A phone-sized page whose CSP lets the test inject axe (the app's own CSP forbids it)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("lang", ["en", "es", "pt", "it"])
def test_pages_have_no_serious_violations(axe_page: Page, live_server: str, lang: str) -> None:
    page = axe_page
    page.goto(f"{live_server}/?lang={lang}")
    found = {"home": serious_violations(page)}
    page.goto(live_server + "/games/new")
    found["new game"] = serious_violations(page)
    page.locator("details.more").first.locator("summary").click()
    found["new game, names open"] = serious_violations(page)
    game_url = start_game(page, live_server)
    page.goto(game_url + "/hands/new")
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
    # Open the helpers and fill a hand, so the breakdown and errors are checked too.
    for summary in page.locator("#count-form details > summary").all():
        summary.click()
    page.check("input[name='sides[0].going_out'][value='normal']")
    page.fill("[name='sides[0].table_points']", "7")
    page.press("[name='sides[0].table_points']", "Tab")  # messages show once a field is left
    page.wait_for_selector("#err-sides-0-table_points:not(:empty)")
    found["count with errors"] = serious_violations(page)
    page.fill("[name='sides[0].table_points']", "")
    page.fill("[name='sides[0].canastas.natural']", "1")
    page.fill("[name='sides[0].table_points']", "200")
    page.wait_for_selector("#breakdown-0 table")
    found["count with breakdown"] = serious_violations(page)
    page.get_by_role("button", name=re.compile("Save|Guardar|Salvar|Salva")).click()
    page.wait_for_url(game_url)
    page.locator("#share > summary").click()
    found["game"] = serious_violations(page)
    # The read-only page, in a browser without the edit token.
    other = page.context.browser.new_context(viewport={"width": 390, "height": 844},
                                             bypass_csp=True)
    viewer = other.new_page()
    viewer.goto(game_url)
    found["read-only game"] = serious_violations(viewer)
    other.close()
    page.goto(live_server + "/calculator")
    found["calculator"] = serious_violations(page)
    assert {name: v for name, v in found.items() if v} == {}
