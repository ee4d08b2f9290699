"""Italian Canasta (VARIANTS.md 7) counted on a phone at 390x844: the premio for four natural
canastas and a mixed one follows the canastas; the other side's seven 2s earn no bonus."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from test_count_presets import Shot, check_layout, field, start, stepper


def test_italian_on_a_phone(page: Page, live_server: str, shot: Shot) -> None:
    game_url = start(page, live_server, "italian", "4")
    page.get_by_role("link", name="Count this hand").click()
    page.wait_for_selector("#count-form")
    # Four natural canastas 2,000 + a mixed one 300 + the premio 1,000 + four red 3s 800 +
    # going out 300 + 330 on the table = 4,730. Side 2: two natural canastas 1,000 and seven
    # 2s (not out: their 140 only), 245 on the table, 15 in hand: 1,230.
    page.check("input[name='sides[0].going_out'][value='normal']")
    stepper(page, "sides[0].canastas.natural", 4)
    stepper(page, "sides[0].canastas.mixed")
    stepper(page, "sides[0].red_threes", 4)
    field(page, "sides[0].table_points").fill("330")
    stepper(page, "sides[1].canastas.natural", 2)
    stepper(page, "sides[1].canastas.wild_twos")
    field(page, "sides[1].table_points").fill("245")
    field(page, "sides[1].hand_points").fill("15")
    summary = page.locator("#count-summary")
    expect(summary.locator(".summary-points")).to_have_text(["+4,730", "+1,230"])
    expect(page.locator("#breakdown-0")).to_contain_text("Four natural canastas and a mixed one")
    expect(page.locator("#breakdown-1")).to_contain_text(
        "Wild-card canastas × 1: no bonus, the side did not go out")
    check_layout(page)
    shot(page, "count-italian")
    page.get_by_role("button", name="Save this hand").click()
    page.wait_for_url(game_url)
    expect(page.locator(".side-total")).to_have_text(["Score: 4,730", "Score: 1,230"])
    # 4,730 needs 120 (3,000 to 4,995); 1,230 needs 50.
    expect(page.locator(".minimum-value")).to_have_text(["120", "50"])
    assert page.errors == []  # type: ignore[attr-defined]
