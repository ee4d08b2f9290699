"""Hand and Foot for five players, each for himself (issue 42), on a phone (390x844): the board
shows the five, the count screen takes five sides without a sideways scroll at 390 and 360 px,
its bar shows the five sides' points, and the hand saved gives each his score."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from phone import count_hand, page_width
from playwright.sync_api import Page, expect
from test_count_presets import save_hand, start

Shot = Callable[[Page, str], Path]


def test_five_players_count_a_round(page: Page, live_server: str, shot: Shot) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    game_url = start(page, live_server, "hand-and-foot", "5")
    expect(page.locator(".side-total")).to_have_count(5)
    expect(page.locator(".game-facts")).to_contain_text("Round 1 of 4")
    shot(page, "hand-and-foot-five-board-390x844")
    assert page_width(page) <= 390
    page.get_by_role("link", name="Count this round").click()
    page.wait_for_selector("#count-form")
    shot(page, "hand-and-foot-five-count-top-390x844")
    # The first goes out with pagat's contract (580 on the table, two red 3s): 3,980; the
    # others: a clean book and 95 on the table, 185 in hand: 500 + 95 - 185 = 410; a dirty
    # book and 120, 60 in hand: 300 + 60 = 360; 40 in hand: -40; 60 on the table, 25 in
    # hand: 35.
    count_hand(page, {"sides[0].canastas.natural": 2, "sides[0].canastas.mixed": 2,
                      "sides[0].canastas.wild": 1, "sides[0].red_threes": 2,
                      "sides[1].canastas.natural": 1, "sides[2].canastas.mixed": 1},
               {"sides[0].table_points": "580", "sides[1].table_points": "95",
                "sides[1].hand_points": "185", "sides[2].table_points": "120",
                "sides[2].hand_points": "60", "sides[3].hand_points": "40",
                "sides[4].table_points": "60", "sides[4].hand_points": "25"})
    expect(page.locator("#count-summary .summary-points")).to_have_text(
        ["+3,980", "+410", "+360", "\u221240", "+35"])
    # The five sides' boxes sit in two rows of three and two: the bar, with every side's
    # points and new score, keeps to about a quarter of the screen at 390 and 360 px (in three
    # rows of two it took 248 px of 844 before a number was typed).
    for width in (390, 360):
        page.set_viewport_size({"width": width, "height": 844})
        boxes = page.locator(".count-bar .summary-side").evaluate_all(
            "els => els.map(e => Math.round(e.getBoundingClientRect().top))")
        assert len(set(boxes)) == 2, boxes
        bar = page.locator(".count-bar").bounding_box()
        assert bar is not None and bar["height"] <= 844 * 0.3, (width, bar)
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "hand-and-foot-five-count-filled-390x844")
    save_hand(page, shot, "hand-and-foot-five-count-390x844", game_url,
              ["3,980", "410", "360", "\u221240", "35"])
    expect(page.locator(".game-facts")).to_contain_text("Round 2 of 4")
    shot(page, "hand-and-foot-five-board-after-390x844")
    assert page.errors == []  # type: ignore[attr-defined]
