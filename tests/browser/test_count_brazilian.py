"""A `brazilian` hand (VARIANTS.md section 4) counted on a phone at 390×844: the short sequence
left on the table, five red 3s, the card helper for the table, black 3s under "More"; then the
board's opening minimums, with the canasta conditions from 7,000 on the opening-minimum page."""

from __future__ import annotations

import re

from phone import page_width
from playwright.sync_api import Page, expect
from test_count_presets import Shot, check_layout, field, start, stepper

#: The hand, as tapped and typed on each side, in order (a number: taps on its +; text: typed).
#: Nosotros go out with a natural and a mixed canasta and five red 3s: 500 + 300 + 1,000 + 200
#: + 400 on the table, counted card by card (30 eights to kings 300, 12 fours to sevens 60, two
#: 2s 40) = 2,400. Ellos: the sixth red 3 against them (no canasta: -100), a sequence of four
#: left on the table (-1,000), 80 on the table, 45 in hand with a black 3 (-100 in all: 95
#: beyond its 5): -1,160.
NOSOTROS = {"sides[0].canastas.natural": 1, "sides[0].canastas.mixed": 1,
            "sides[0].red_threes": 5, "sides[0].table_cards.eights_to_kings": "30",
            "sides[0].table_cards.fours_to_sevens": "12", "sides[0].table_cards.twos": 2}
ELLOS = {"sides[1].unfinished_canastas.sequence": 1, "sides[1].red_threes": 1,
         "sides[1].table_points": "80", "sides[1].hand_points": "45",
         "sides[1].black_threes_in_hand": 1}


def enter(page: Page, values: dict[str, int | str]) -> None:
    for name, value in values.items():
        if isinstance(value, int):
            stepper(page, name, value)
        else:
            field(page, name).fill(value)


def test_brazilian_on_a_phone(page: Page, live_server: str, shot: Shot) -> None:
    game_url = start(page, live_server, "brazilian", "4")
    page.get_by_role("link", name="Count this hand").click()
    page.wait_for_selector("#count-form")
    page.check("input[name='sides[0].going_out'][value='normal']")
    page.locator("#side-0").get_by_text("Count the cards on the table").click()
    page.locator("#side-1 details.count-more > summary").click()  # black 3s wait under "More"
    unfinished = page.locator("label[for='f-sides-1-unfinished_canastas-sequence']")
    expect(unfinished).to_have_text("Unfinished sequence \u22121,000 · fewer than 5 cards")
    enter(page, NOSOTROS)
    expect(page.locator("#f-sides-0-table_points-counted")).to_have_text("400 from the cards")
    expect(field(page, "sides[0].table_points")).to_have_value("400")
    enter(page, ELLOS)
    summary = page.locator("#count-summary")
    expect(summary.locator(".summary-points")).to_have_text(["+2,400", "\u22121,160"])
    for side, line in ((1, "Unfinished sequence, fewer than 5 cards × 1"), (0, "Red 3s × 5")):
        expect(page.locator(f"#breakdown-{side}")).to_contain_text(line)
    check_layout(page)
    shot(page, "count-brazilian")
    page.get_by_role("button", name="Save this hand").click()
    page.wait_for_url(game_url)
    for selector, texts in ((".side-total", ["Score: 2,400", "Score: \u22121,160"]),
                            (".minimum-value", ["90", "15"])):
        expect(page.locator(selector)).to_have_text(texts)
    # From 8,000 the opening asks a canasta and 200 points; from 9,000 a natural canasta.
    page.goto(f"{live_server}/opening-minimum?ruleset=brazilian&score=9000")
    expect(page.locator(".om-minimum")).to_have_text("a natural canasta")
    expect(page.locator(".om-condition-text")).to_have_text(
        "The first meld must be a natural canasta.")
    row = page.locator("tr", has_text=re.compile(r"8,000 to 8,995"))
    expect(row).to_contain_text("200 and a canasta")
    assert page_width(page) <= 390
    shot(page, "opening-minimum-brazilian")


def test_the_board_says_the_condition_on_a_phone(page: Page, live_server: str,
                                                 shot: Shot) -> None:
    # A game resumed from paper at 8,000 and 9,000: "200 and a canasta", "a natural canasta".
    page.goto(f"{live_server}/games/new?ruleset=brazilian&players=4")
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
    page.locator("#paper > summary").click()
    field(page, "start_0").fill("8000")
    field(page, "start_1").fill("9000")
    page.get_by_role("button", name="Start the game").first.click()
    page.wait_for_url(re.compile(r"/games/[\w-]{20,}$"))
    expect(page.locator(".minimum-value")).to_have_text(["200 and a canasta",
                                                         "a natural canasta"])
    assert page_width(page) <= 390
    box = page.locator(".side-minimum").first.bounding_box()
    assert box is not None and box["height"] < 120
    shot(page, "board-brazilian-conditions")


def test_black_threes_counted_in_hand_show_in_their_own_box(page: Page, live_server: str) -> None:
    # QA, 2026-12-05 (Portuguese): a black 3 counted with the hand's cards was charged ("Black
    # 3s left in hand x 1") while the box of that name under "More" read 0.
    start(page, live_server, "brazilian", "4")
    page.get_by_role("link", name="Count this hand").click()
    page.wait_for_selector("#count-form")
    page.locator("#side-1").get_by_text("Count the cards left in hand").click()
    page.locator("#side-1 details.count-more > summary").click()
    box = field(page, "sides[1].black_threes_in_hand")
    expect(box).to_have_attribute("placeholder", "0")
    stepper(page, "sides[1].hand_cards.black_threes", 1)
    expect(box).to_have_attribute("placeholder", "1")
    expect(box).to_have_value("")
    stepper(page, "sides[1].hand_cards.black_threes", 1)
    expect(box).to_have_attribute("placeholder", "2")
