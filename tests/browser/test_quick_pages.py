"""The opening minimum and the rules card on a phone (390x844): type, watch, switch."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from phone import page_width
from playwright.sync_api import Browser, Page, expect

from scorekeeper.engine import PRESETS, flow

Shot = Callable[[Page, str], Path]


def fits(page: Page) -> None:
    assert page_width(page) <= 390


def test_opening_minimum_updates_as_you_type(page: Page, live_server: str, shot: Shot) -> None:
    classic = PRESETS["classic"]
    page.goto(live_server + "/?lang=en")
    page.get_by_role("link", name="Opening minimum").click()  # one tap from home
    page.wait_for_url("**/opening-minimum")
    fits(page)
    shot(page, "quick-opening-empty")

    page.fill("#f-score", "1650")
    minimum = page.locator(".om-minimum")
    expect(minimum).to_have_text(str(flow.opening(classic, total=1650).minimum))  # 90, no page load
    expect(page.locator("tr.om-current td")).to_have_text("90")
    assert page.url.endswith("/opening-minimum?ruleset=classic&score=1650")  # bookmarkable
    expect(page.locator("#om-status")).to_have_text(
        "First meld needs 90 card points with a running total of 1,650."
    )
    fits(page)
    shot(page, "quick-opening-1650")

    # The ± key turns it negative: 15 for a side below zero.
    page.get_by_role("button", name="Plus or minus").click()
    expect(page.locator("#f-score")).to_have_value("-1650")
    expect(minimum).to_have_text(str(flow.opening(classic, total=-1650).minimum))
    expect(page.locator("tr.om-current th")).to_have_text("Below 0")

    page.fill("#f-score", "twelve")
    expect(page.locator("#err-score")).to_contain_text("whole number")
    expect(page.locator(".om-minimum")).to_have_text("?")
    fits(page)
    shot(page, "quick-opening-error")

    page.fill("#f-score", "3000")
    expect(page.locator("#err-score")).to_be_empty()
    expect(minimum).to_have_text(str(flow.opening(classic, total=3000).minimum))  # 120

    # Changing the rules asks again at once, and the address follows.
    page.select_option("#f-ruleset", "torneo")
    expect(page.locator(".om-table caption")).to_contain_text("Tournament")
    page.wait_for_url("**/opening-minimum?ruleset=torneo&score=3000")
    expect(minimum).to_have_text(str(flow.opening(PRESETS["torneo"], total=3000).minimum))

    # The bookmarked address answers with JavaScript off too (a plain page load).
    page.goto(live_server + "/opening-minimum?ruleset=classic&score=-40")
    expect(minimum).to_have_text(str(flow.opening(classic, total=-40).minimum))
    assert page.errors == []  # type: ignore[attr-defined]


def test_rules_card_switches_rules(page: Page, live_server: str, shot: Shot) -> None:
    page.goto(live_server + "/rules/classic?lang=en")
    fits(page)
    shot(page, "quick-rules-classic")

    page.select_option("#f-ruleset", "torneo")
    expect(page.locator(".rc-title")).to_have_text("Tournament (Fundación Pablo Horstmann)")
    page.wait_for_url("**/rules/torneo")
    expect(page.locator(".rules-card")).to_contain_text("15,000")
    expect(page.locator(".rules-card")).to_contain_text("60 minutes")
    fits(page)
    shot(page, "quick-rules-torneo")

    page.goto(live_server + "/rules/la-canasta?lang=es")
    expect(page.locator(".rules-card")).to_contain_text("1.000")
    fits(page)
    shot(page, "quick-rules-la-canasta-es")
    assert page.errors == []  # type: ignore[attr-defined]


# JavaScript off: its pages cannot be watched for the calendar (conftest.py), so both dates.
@pytest.mark.both_dates
def test_opening_minimum_without_javascript(browser: Browser, live_server: str,
                                            shot: Shot) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(live_server + "/opening-minimum?lang=en")
        assert not page.locator("[data-om-sign]").is_visible()  # the ± key needs JavaScript
        page.select_option("#f-ruleset", "la-canasta")
        page.fill("#f-score", "2995")
        page.get_by_role("button", name="Show").click()
        page.wait_for_url("**/opening-minimum?ruleset=la-canasta&score=2995")
        expect(page.locator(".om-minimum")).to_have_text(
            str(flow.opening(PRESETS["la-canasta"], total=2995).minimum)  # 90
        )
        fits(page)
        shot(page, "quick-opening-no-js")
    finally:
        context.close()


AXE = Path(__file__).parent / "vendor" / "axe.min.js"


def test_quick_pages_pass_axe(browser: Browser, live_server: str) -> None:
    # axe is injected by the test, so this page alone lets scripts past the app's CSP.
    context = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
    page = context.new_page()
    found = {}
    try:
        for url in ("/opening-minimum?ruleset=classic&score=1650", "/opening-minimum?score=x",
                    "/rules/torneo", "/rules/la-canasta?lang=es", "/rules/nope"):
            page.goto(live_server + url)
            page.add_script_tag(path=str(AXE))
            result = page.evaluate("""async () => await axe.run(document, {
                resultTypes: ['violations'], rules: {'target-size': {enabled: true}}})""")
            found[url] = [(v["id"], [n["target"] for n in v["nodes"]][:3])
                          for v in result["violations"] if v["impact"] in ("serious", "critical")]
    finally:
        context.close()
    assert {url: v for url, v in found.items() if v} == {}


def test_the_round_is_asked_only_for_rules_that_open_by_round(page: Page,
                                                               live_server: str) -> None:
    page.goto(live_server + "/opening-minimum?lang=en")
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
    expect(page.locator("#f-round")).to_be_hidden()
    page.select_option("#f-ruleset", "hand-and-foot")
    expect(page.locator("#f-round")).to_be_visible()
    page.fill("#f-round", "3")
    # VARIANTS-2.md 10.6: 50 / 90 / 120 / 150 by round, whatever the score.
    expect(page.locator(".om-minimum")).to_have_text("120")
    page.select_option("#f-ruleset", "classic")
    expect(page.locator("#f-round")).to_be_hidden()
