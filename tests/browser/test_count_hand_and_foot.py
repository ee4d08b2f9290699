"""One Hand and Foot round counted on a phone (390x844), in English: the board and the count
screen show the round and its minimum (VARIANTS-2.md 10.6), the count follows 10.2 to 10.5."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from phone import count_hand, open_more
from playwright.sync_api import Page, expect
from test_count_presets import save_hand, start

Shot = Callable[[Page, str], Path]


def test_hand_and_foot_round_one(page: Page, live_server: str, shot: Shot) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    game_url = start(page, live_server, "hand-and-foot", "4")
    expect(page.locator(".game-facts")).to_contain_text("Round 1 of 4")
    expect(page.locator(".side-minimum").first).to_contain_text("To open in round 1 50")
    page.get_by_role("link", name="Count this round").click()
    page.wait_for_selector("#count-form")
    expect(page.locator(".count-round")).to_have_text("Round 1 of 4 · opening minimum 50")
    # Side 1 goes out with pagat's contract: two clean books of kings, two dirty books of five
    # queens and two 2s, a wild book of four jokers and three 2s (580 on the table), two red 3s
    # laid: 1,000 + 600 + 1,500 + 200 + 100 + 580 = 3,980.
    # Side 2: a clean book of sevens and three aces (95), a red 3 laid and one in its unplayed
    # foot, 185 in its hands and foot: 500 + 100 - 100 + 95 - 185 = 410.
    open_more(page, "#side-1")
    count_hand(page, {"sides[0].canastas.natural": 2, "sides[0].canastas.mixed": 2,
                      "sides[0].canastas.wild": 1, "sides[0].red_threes": 2,
                      "sides[1].canastas.natural": 1, "sides[1].red_threes": 1,
                      "sides[1].red_threes_in_hand": 1},
               {"sides[0].table_points": "580", "sides[1].table_points": "95",
                "sides[1].hand_points": "185"})
    expect(page.locator("#count-summary .summary-points")).to_have_text(["+3,980", "+410"])
    expect(page.locator("#breakdown-0")).to_contain_text("Wild book × 1")
    save_hand(page, shot, "hand-and-foot-count-390x844", game_url, ["3,980", "410"])
    expect(page.locator(".game-facts")).to_contain_text("Round 2 of 4")
    expect(page.locator(".side-minimum").first).to_contain_text("To open in round 2 90")
    shot(page, "hand-and-foot-board-390x844")
    assert page.errors == []  # type: ignore[attr-defined]
