"""A whole game on a phone (390x844): start, count with the card helper and with typed points,
fix a hand, reach the target, see the winner; a second phone follows on the read-only link."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from phone import count_hand, count_without_script, field, page_width, stepper
from playwright.sync_api import Browser, Page, expect

Shot = Callable[..., Path]


def no_side_scroll(page: Page) -> None:
    assert page_width(page) <= 390


def summary(page: Page):
    return page.locator("#count-summary")


def test_a_whole_game(page: Page, browser: Browser, live_server: str, shot: Shot) -> None:
    # -- start: names and a target of 3,000, the rest as it comes
    page.goto(live_server + "/games/new")
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
    no_side_scroll(page)
    shot(page, "game-01-new")
    page.get_by_text("Names of sides and players").click()
    field(page, "side_0_name").fill("Nosotros")
    field(page, "side_0_player_0").fill("Ana")
    field(page, "side_0_player_1").fill("Luis")
    field(page, "side_1_name").fill("Ellos")
    page.get_by_text("Target, first dealer and language").click()
    field(page, "target").fill("3000")
    shot(page, "game-02-new-filled")
    page.get_by_role("button", name="Start the game").first.click()
    page.wait_for_url(re.compile(r"/games/[\w-]{20,}$"))
    game_url = page.url
    expect(page.locator(".side-total")).to_have_text(["Score: 0", "Score: 0"])
    expect(page.locator(".minimum-value")).to_have_text(["50", "50"])
    expect(page.locator(".game-facts")).to_contain_text("Ana deals")
    no_side_scroll(page)
    shot(page, "game-03-screen-start")

    # -- a second phone opens the read-only link from the share panel
    page.get_by_text("Share this game").click()
    view_url = page.locator(".share-url a").first.get_attribute("href")
    assert view_url and "/join/" not in view_url
    viewer_context = browser.new_context(viewport={"width": 390, "height": 844})
    viewer = viewer_context.new_page()
    viewer.goto(view_url)
    expect(viewer.locator(".side-total").first).to_have_text("Score: 0")
    assert "/join/" not in viewer.content()
    assert viewer.get_by_text("Count this hand").count() == 0

    # -- hand 1 with the card-counting helper
    page.get_by_role("link", name="Count this hand").click()
    page.wait_for_selector("#count-form")
    no_side_scroll(page)
    shot(page, "game-04-count-empty")
    page.check("input[name='sides[0].going_out'][value='normal']")
    stepper(page, "sides[0].canastas.mixed", 2)
    side0 = page.locator("#side-0")
    side0.get_by_text("Count the cards on the table").click()
    # 2 jokers 100 + 3 twos 60 + 4 aces 80 + 10 eights to kings 100 + 3 fours to sevens 15
    stepper(page, "sides[0].table_cards.jokers", 2)
    stepper(page, "sides[0].table_cards.twos", 3)
    field(page, "sides[0].table_cards.aces").fill("4")
    field(page, "sides[0].table_cards.eights_to_kings").fill("10")
    field(page, "sides[0].table_cards.fours_to_sevens").fill("3")
    field(page, "sides[0].hand_points").fill("20")
    field(page, "sides[1].table_points").fill("280")
    field(page, "sides[1].hand_points").fill("45")
    stepper(page, "sides[1].red_threes", 3)
    expect(summary(page)).to_contain_text("+1,035")
    expect(summary(page)).to_contain_text("+535")
    expect(page.locator("#breakdown-0")).to_contain_text("Cards on the table")
    expect(page.locator("#breakdown-0")).to_contain_text("+355")
    no_side_scroll(page)
    shot(page, "game-05-count-card-helper")
    page.get_by_role("button", name="Save this hand").click()
    page.wait_for_url(game_url)
    expect(page.locator(".side-total")).to_have_text(["Score: 1,035", "Score: 535"])
    shot(page, "game-06-screen-hand-1")

    # -- the read-only phone sees the new total by itself
    expect(viewer.locator(".side-total").first).to_have_text("Score: 1,035")
    shot(viewer, "game-07-read-only-updated")

    # -- hand 2 with typed totals, a slip caught live, and a wrong number saved
    page.get_by_role("link", name="Count this hand").click()
    page.wait_for_selector("#count-form")
    count_hand(page, {"sides[0].canastas.mixed": 2},
               {"sides[0].table_points": "355", "sides[0].hand_points": "20",
                "sides[1].table_points": "280", "sides[1].hand_points": "47"})
    # Its message waits until the field is left (issue 13: not while typing).
    field(page, "sides[1].hand_points").press("Tab")
    expect(page.locator("#err-sides-1-hand_points")).to_have_text(
        "Points always come in multiples of 5.")
    expect(field(page, "sides[1].hand_points")).to_have_attribute("aria-invalid", "true")
    shot(page, "game-08-count-error-live")
    field(page, "sides[1].hand_points").fill("45")
    expect(page.locator("#err-sides-1-hand_points")).to_have_text("")
    expect(summary(page)).to_contain_text("+1,035")
    expect(summary(page)).to_contain_text("+235")  # red 3s forgotten: 280 - 45
    expect(summary(page)).to_contain_text("2,070")
    shot(page, "game-09-count-typed")
    page.get_by_role("button", name="Save this hand").click()
    page.wait_for_url(game_url)
    expect(page.locator(".side-total")).to_have_text(["Score: 2,070", "Score: 770"])
    expect(page.locator(".minimum-value")).to_have_text(["90", "50"])

    # -- fix hand 2: Ellos had three red 3s
    page.get_by_role("link", name="Fix hand 2").click()
    page.wait_for_selector("#count-form")
    expect(field(page, "sides[0].table_points")).to_have_value("355")
    stepper(page, "sides[1].red_threes", 3)
    expect(summary(page)).to_contain_text("+535")
    shot(page, "game-10-fix-hand")
    page.get_by_role("button", name="Save the corrected hand").click()
    page.wait_for_url(game_url)
    expect(page.locator(".side-total")).to_have_text(["Score: 2,070", "Score: 1,070"])
    no_side_scroll(page)
    shot(page, "game-11-screen-fixed")
    # What a phone shows without scrolling: the picture for the README.
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "game-screen", full_page=False)

    # -- hand 3 takes Nosotros past 3,000
    page.get_by_role("link", name="Count this hand").click()
    page.wait_for_selector("#count-form")
    count_hand(page, {"sides[0].canastas.natural": 1},
               {"sides[0].table_points": "400", "sides[1].table_points": "150",
                "sides[1].hand_points": "60"})
    expect(summary(page)).to_contain_text("+1,000")  # 500 + 100 + 400
    page.get_by_role("button", name="Save this hand").click()
    page.wait_for_url(game_url)

    # -- the winner
    expect(page.locator("#result-title")).to_have_text("Nosotros")
    expect(page.locator(".result-line")).to_have_text("Nosotros 3,070 · Ellos 1,160")
    assert page.get_by_role("link", name="Count this hand").count() == 0
    expect(page.get_by_role("button", name="Play again with the same sides")).to_be_visible()
    no_side_scroll(page)
    shot(page, "game-12-winner")
    expect(viewer.locator("#result-title")).to_have_text("Nosotros")
    shot(viewer, "game-13-read-only-winner")

    page.get_by_role("button", name="Play again with the same sides").click()
    page.wait_for_url(re.compile(r"/games/[\w-]{20,}$"))
    assert page.url != game_url
    expect(page.locator(".side-name")).to_have_text(["Nosotros", "Ellos"])
    # three hands dealt
    expect(page.locator(".game-facts")).to_contain_text("Ellos, player 2 deals")
    viewer_context.close()
    assert page.errors == []  # type: ignore[attr-defined]


# JavaScript off: its pages cannot be watched for the calendar (conftest.py), so both dates.
@pytest.mark.both_dates
def test_the_count_form_works_without_javascript(browser: Browser, live_server: str,
                                                  shot: Shot) -> None:
    page = count_without_script(browser, live_server)
    # Steppers are plain number fields without JavaScript.
    expect(page.locator("button.step").first).to_be_hidden()
    page.check("input[name='sides[0].going_out'][value='normal']")
    page.locator("[name='sides[0].table_points']").fill("100")
    page.get_by_role("button", name="Save this hand").click()
    expect(page.locator("#err-sides-0-going_out")).to_contain_text(
        "Going out needs finished canastas: 1")
    expect(page.locator("[name='sides[0].table_points']")).to_have_value("100")
    shot(page, "game-nojs-count-errors")
    page.locator("[name='sides[0].canastas.natural']").fill("1")
    page.get_by_role("button", name="Check the count").click()
    expect(page.locator("#count-summary")).to_contain_text("+700")  # 500 + 100 + 100
    page.get_by_role("button", name="Save this hand").click()
    expect(page.locator(".side-total").first).to_have_text("Score: 700")
    page.context.close()


def test_the_calculator_counts_one_hand(page: Page, live_server: str, shot: Shot) -> None:
    page.goto(live_server + "/calculator?ruleset=comodines&format=3")
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
    assert page.locator("#side-2").is_visible()
    page.check("input[name='sides[1].going_out'][value='normal']")
    stepper(page, "sides[1].canastas.natural")
    stepper(page, "sides[1].canastas.mixed")
    field(page, "sides[1].table_points").fill("150")
    # Without a wild-card canasta: natural 500 + mixed 300 + going out 100 + 150 on the table.
    expect(summary(page)).to_contain_text("+1,050")
    field(page, "sides[2].hand_points").fill("60")
    expect(summary(page)).to_contain_text("\u221260")
    no_side_scroll(page)
    shot(page, "calculator-three-players")
    assert page.errors == []  # type: ignore[attr-defined]


def test_long_names_on_a_small_phone(page: Page, live_server: str, shot: Shot) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(live_server + "/games/new?ruleset=comodines&players=6-pairs")
    page.get_by_text("Names of sides and players").click()
    for i in range(3):
        field(page, f"side_{i}_name").fill("Supercalifragilistic" * 3)
        field(page, f"side_{i}_player_0").fill("Maximiliano" * 5)
    page.get_by_role("button", name="Start the game").first.click()
    page.wait_for_url(re.compile(r"/games/[\w-]{20,}$"))
    game_url = page.url
    page.get_by_role("link", name="Count this hand").click()
    page.check("input[name='sides[0].going_out'][value='normal']")
    field(page, "sides[0].canastas.natural").fill("1")
    field(page, "sides[0].canastas.mixed").fill("1")
    field(page, "sides[0].table_points").fill("200")
    expect(page.locator("#breakdown-0 table")).to_be_visible()
    assert page_width(page) <= 360
    page.get_by_role("button", name="Save this hand").click()
    page.wait_for_url(game_url)
    expect(page.locator(".side-total")).to_have_text(["Score: 1,100", "Score: 0", "Score: 0"])
    assert page_width(page) <= 360
    shot(page, "game-long-names-360")
