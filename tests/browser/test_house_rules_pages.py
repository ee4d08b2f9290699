"""House rules, history, statistics and the chart as a phone (390x844) shows them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from phone import page_width
from playwright.sync_api import Page

Shot = Callable[..., Path]


def fits(page: Page) -> None:
    assert page_width(page) <= 390


def test_house_rules_pages(page: Page, live_server: str, shot: Shot) -> None:
    page.goto(live_server + "/games/house-rules")
    fits(page)
    shot(page, "house-rules-list")
    page.select_option("select[name=preset]", "la-canasta")
    page.fill("input[name=name]", "Casa Pérez")
    page.get_by_role("button", name="Make a copy to change").click()
    page.wait_for_url("**/games/house-rules/house-casa-perez-*")
    assert page.locator("h1").inner_text() == "Casa Pérez"
    assert page.input_value("input[name='canasta_count_premios.seven']") == "2000"
    fits(page)
    shot(page, "house-rules-edit")

    page.fill("input[name='card_values.jokers']", "lots")
    page.fill("input[name='opening_minimums.bands[3].from']", "4000")
    page.fill("input[name='opening_minimums.bands[3].minimum']", "150")
    page.get_by_role("button", name="Save the rules").click()
    error = page.locator("#err-card_values-jokers")
    assert error.inner_text() == "Must be a whole number."
    assert page.get_attribute("input[name='card_values.jokers']", "aria-invalid") == "true"
    fits(page)
    page.locator("input[name='card_values.jokers']").scroll_into_view_if_needed()
    shot(page, "house-rules-error")
    shot(page, "house-rules-error-field", full_page=False)  # the field itself

    page.fill("input[name='card_values.jokers']", "60")
    page.fill("input[name='premios[new].label']", "Juego limpio")
    page.fill("input[name='premios[new].points']", "250")
    page.get_by_role("button", name="Save the rules").click()
    assert page.get_by_role("status").inner_text() == "Saved."
    assert page.input_value("input[name='card_values.jokers']") == "60"
    assert page.input_value("input[name='premios[0].label']") == "Juego limpio"
    assert page.input_value("input[name='opening_minimums.bands[3].minimum']") == "150"
    # Every input and button is a comfortable tap target (the edit link's too, once shown).
    page.locator("details.share summary").click()
    assert "/join/" in page.locator(".share-url a").inner_text()
    for selector in ("input[type=text]", "select", "button"):
        for box in [el.bounding_box() for el in page.locator(selector).all()]:
            assert box is not None and box["height"] >= 44
    # The only console message is the browser noting the 422 that carried the form's errors.
    assert all("422" in e for e in page.errors)  # type: ignore[attr-defined]


# The history shows the games' dates.
@pytest.mark.both_dates
def test_history_stats_and_chart(page: Page, live_server: str, shot: Shot) -> None:
    api = page.request
    res = api.post(live_server + "/api/v1/games", data={
        "ruleset": "classic", "players": 4, "target": 5000,
        "sides": [{"name": "Nosotros", "players": ["Ana", "Luis"]},
                  {"name": "Ellos", "players": ["Eva", "Tom"]}]})
    assert res.status == 201
    game = res.json()
    auth = {"Authorization": f"Bearer {game['edit_token']}"}
    hands = [
        ((200, {"natural": 1}), (100, 30)),
        ((150, {"mixed": 1}), (60, 20)),
        ((300, {"natural": 2}), (100, 50)),
    ]
    for k, ((table, canastas), (other_table, other_hand)) in enumerate(hands):
        out = {"table_points": table, "hand_points": 0, "canastas": canastas,
               "going_out": "normal"}
        other = {"table_points": other_table, "hand_points": other_hand}
        sides = [out, other] if k != 1 else [other, out]
        r = api.post(f"{live_server}/api/v1/games/{game['id']}/hands", headers=auth,
                     data={"end": "went_out", "sides": sides})
        assert r.status == 201, r.text()
    page.goto(f"{live_server}/games/{game['id']}/join/{game['edit_token']}")
    page.goto(live_server + "/games/")
    page.locator("details.more summary").first.click()
    chart = page.locator(".chart svg").first
    assert chart.get_attribute("role") == "img"
    box = chart.bounding_box()
    assert box is not None and box["width"] <= 390
    fits(page)
    shot(page, "history")

    page.goto(live_server + "/games/stats")
    fits(page)
    # The tables fit the phone too (their wrapper would scroll them sideways otherwise).
    for wrapper in page.locator(".table-scroll").all():
        assert wrapper.evaluate("el => el.scrollWidth <= el.clientWidth")
    shot(page, "stats")

    svg = page.goto(f"{live_server}/games/{game['id']}/chart.svg")
    assert svg is not None and svg.headers["content-type"].startswith("image/svg+xml")
    assert page.errors == []  # type: ignore[attr-defined]


AXE = Path(__file__).parent / "vendor" / "axe.min.js"


def serious_violations(page: Page) -> list[dict]:
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("""async () => await axe.run(document, {
        resultTypes: ['violations'], rules: {'target-size': {enabled: true}}})""")
    return [{"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:5]}
            for v in result["violations"] if v["impact"] in ("serious", "critical")]


# The history page it checks shows the games' dates.
@pytest.mark.both_dates
def test_no_serious_accessibility_violations(browser, live_server: str) -> None:
    # The app's CSP forbids injected scripts: this context lets the test add axe.
    context = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
    page = context.new_page()
    try:
        found = {}
        page.goto(live_server + "/games/house-rules")
        found["list"] = serious_violations(page)
        page.fill("input[name=name]", "Axe")
        page.get_by_role("button", name="Make a copy to change").click()
        found["edit"] = serious_violations(page)
        page.fill("input[name='target']", "")
        page.get_by_role("button", name="Save the rules").click()
        assert page.locator("#err-target").inner_text() == "Must be a whole number."
        found["edit with errors"] = serious_violations(page)
        # The same rules as another phone sees them: to read and use, not to change.
        stranger = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
        try:
            other = stranger.new_page()
            other.goto(page.url.split("?")[0])
            assert other.locator("form.hr-form").count() == 0
            assert other.locator(".rules-card").count() == 1
            assert page_width(other) <= 390
            found["read only"] = serious_violations(other)
        finally:
            stranger.close()
        page.goto(live_server + "/games/")
        found["history"] = serious_violations(page)
        page.goto(live_server + "/games/stats")
        found["stats"] = serious_violations(page)
        assert found == {k: [] for k in found}
    finally:
        context.close()
