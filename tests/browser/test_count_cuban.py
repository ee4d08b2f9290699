"""Cuban Canasta (VARIANTS.md 5) counted on a phone at 390x844: a canasta of seven 2s, red 3s
by count and black 3s taken with the pile (under the side's More)."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from test_count_presets import Shot, check_layout, field, start, stepper


def test_cuban_on_a_phone(page: Page, live_server: str, shot: Shot) -> None:
    game_url = start(page, live_server, "cuban", "4")
    page.get_by_role("link", name="Count this hand").click()
    page.wait_for_selector("#count-form")
    # Seven 2s 4,000 + a natural canasta 500 + three red 3s 500 + going out 100 + 215 on the
    # table - 10 in hand = 5,305. Side 2: no canasta, a red 3 against (-100), all four black
    # 3s taken with the pile 100, 60 on the table, 20 in hand: 40.
    page.check("input[name='sides[0].going_out'][value='normal']")
    stepper(page, "sides[0].canastas.wild_twos")
    stepper(page, "sides[0].canastas.natural")
    stepper(page, "sides[0].red_threes", 3)
    field(page, "sides[0].table_points").fill("215")
    field(page, "sides[0].hand_points").fill("10")
    stepper(page, "sides[1].red_threes")
    field(page, "sides[1].table_points").fill("60")
    field(page, "sides[1].hand_points").fill("20")
    more = page.locator("#side-1 details.count-more > summary")
    expect(more).to_contain_text("black 3s")
    more.click()
    stepper(page, "sides[1].black_threes_with_pile", 4)
    summary = page.locator("#count-summary")
    expect(summary.locator(".summary-points")).to_have_text(["+5,305", "+40"])
    expect(page.locator("#breakdown-0")).to_contain_text("Red 3s × 3")
    expect(page.locator("#breakdown-1")).to_contain_text("All 4 black 3s taken with the pile")
    check_layout(page)
    shot(page, "count-cuban")
    page.get_by_role("button", name="Save this hand").click()
    page.wait_for_url(game_url)
    expect(page.locator(".side-total")).to_have_text(["Score: 5,305", "Score: 40"])
    # 5,305 needs 150 (5,000 and over); 40 needs 50.
    expect(page.locator(".minimum-value")).to_have_text(["150", "50"])
    assert page.errors == []  # type: ignore[attr-defined]
