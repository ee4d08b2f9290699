"""The count screen on a phone for the Spanish rule sets: a la-canasta hand with an "abatir" and
a three-player comodines hand, counted by tapping, with the layout checked at 390 and 360 px."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from phone import count_hand, field, open_more, page_width, stepper
from playwright.sync_api import Page, expect

Shot = Callable[[Page, str], Path]


def start(page: Page, live_server: str, ruleset: str, players: str) -> str:
    page.goto(f"{live_server}/games/new?ruleset={ruleset}&players={players}")
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
    page.get_by_role("button", name="Start the game").first.click()
    page.wait_for_url(re.compile(r"/games/[\w-]{20,}$"))
    return page.url


def check_layout(page: Page) -> None:
    """No sideways scroll at 390 and at 360 px; every visible control at least 44 px tall."""
    for width in (390, 360):
        page.set_viewport_size({"width": width, "height": 844})
        assert page_width(page) <= width
    small = page.evaluate("""() => [...document.querySelectorAll(
            '#count-form input:not([type=hidden]), #count-form button, #count-form summary,'
            + ' #count-form label.choice')]
        .filter(el => el.offsetParent !== null && !el.closest('details:not([open]) > div'))
        .map(el => [el.name || el.getAttribute('aria-label') || el.textContent.trim(),
                    el.type === 'radio' ? el.closest('label').getBoundingClientRect().height
                                        : el.getBoundingClientRect().height])
        .filter(([, h]) => h < 44)""")
    assert small == []
    page.set_viewport_size({"width": 390, "height": 844})


def open_count(page: Page, live_server: str, ruleset: str, players: str) -> str:
    """Start a ``ruleset`` game for ``players`` and open its count screen; the game's URL."""
    game_url = start(page, live_server, ruleset, players)
    page.get_by_role("link", name="Count this hand").click()
    page.wait_for_selector("#count-form")
    return game_url


def save_hand(page: Page, shot: Shot, name: str, game_url: str, scores: list[str]) -> None:
    """With the count screen checked to fit (and shot as ``name``), save the hand and see the
    game's ``scores``."""
    check_layout(page)
    shot(page, name)
    # Hand and Foot saves its round, Burraco its smazzata (the games' own words).
    page.get_by_role("button", name=re.compile(r"^Save this (hand|round|smazzata)$")).click()
    page.wait_for_url(game_url)
    expect(page.locator(".side-total")).to_have_text([f"Score: {s}" for s in scores])


def test_la_canasta_abatir(page: Page, live_server: str, shot: Shot) -> None:
    game_url = open_count(page, live_server, "la-canasta", "4")
    # 000: abatir later without partner's melds 500 + natural canasta 500 + all four black 3s
    # shown 500 + 160 on the table = 1,660. Side 2: a red 3 kept in hand -500, 40 in hand and
    # 120 on the table with a mixed canasta 300: 300 - 500 + 120 - 40 = -120; then a drawn
    # card taken back (-50): -170.
    # Black 3s, red 3s kept in hand and the penalties wait under each side's "More".
    open_more(page, "#side-0", "#side-1")
    count_hand(page, {"sides[0].canastas.natural": 1, "sides[0].black_threes_shown": 4,
                      "sides[1].canastas.mixed": 1, "sides[1].red_threes_in_hand": 1},
               {"sides[0].table_points": "160", "sides[1].table_points": "120",
                "sides[1].hand_points": "40"}, going_out="abatir_later_alone")
    summary = page.locator("#count-summary")
    expect(summary).to_contain_text("+1,660")
    expect(summary).to_contain_text("\u2212120")
    expect(page.locator("#breakdown-0")).to_contain_text(
        "Abatir later in play, without partner's melds")
    expect(page.locator("#breakdown-1")).to_contain_text("Red 3s kept in hand × 1")
    # The ten penalties of 000, opened, must fit too.
    stepper(page, "sides[1].penalties.taking_back_a_card")
    expect(summary).to_contain_text("−170")
    save_hand(page, shot, "count-la-canasta-abatir", game_url, ["1,660", "\u2212170"])
    # 1,660 needs 90; a negative total needs 15.
    expect(page.locator(".minimum-value")).to_have_text(["90", "15"])
    assert page.errors == []  # type: ignore[attr-defined]


def test_comodines_three_players(page: Page, live_server: str, shot: Shot) -> None:
    game_url = start(page, live_server, "comodines", "3")
    expect(page.locator(".side-total")).to_have_count(3)
    page.get_by_role("link", name="Count this hand").click()
    page.wait_for_selector("#count-form")
    expect(page.locator("fieldset.side-count")).to_have_count(3)
    # 001: wild-card canasta 2,000 + natural 500 + mixed 300 + going out 100 + 300 on the
    # table = 3,200. Player 2: 90 on the table, 2 black 3s left in hand (-100 each in all, 001:
    # their 5 among the 25 of cards, 95 beyond): 90 - 25 - 190 = -125. Player 3, by the card
    # helper: 3 aces 60 on the table,
    # a joker 50 in hand: 10.
    page.check("input[name='sides[0].going_out'][value='normal']")
    for kind in ("wild", "natural", "mixed"):
        stepper(page, f"sides[0].canastas.{kind}")
    field(page, "sides[0].table_points").fill("300")
    field(page, "sides[1].table_points").fill("90")
    field(page, "sides[1].hand_points").fill("25")
    page.locator("#side-1 details.count-more > summary").click()
    stepper(page, "sides[1].black_threes_in_hand", 2)
    side2 = page.locator("#side-2")
    side2.get_by_text("Count the cards on the table").click()
    stepper(page, "sides[2].table_cards.aces", 3)
    side2.get_by_text("Count the cards left in hand").click()
    stepper(page, "sides[2].hand_cards.jokers")
    summary = page.locator("#count-summary")
    expect(summary.locator(".summary-points")).to_have_text(["+3,200", "\u2212125", "+10"])
    save_hand(page, shot, "count-comodines-3", game_url, ["3,200", "\u2212125", "10"])
    expect(page.locator(".minimum-value")).to_have_text(["120", "15", "50"])
    shot(page, "count-comodines-3-board")
    assert page.errors == []  # type: ignore[attr-defined]


def test_spanish_count_screen_fits(page: Page, live_server: str, shot: Shot) -> None:
    """Spanish labels run longer: the six-player, three-pair count screen still fits."""
    start(page, live_server, "comodines", "6-pairs")
    page.goto(page.url + "/hands/new?lang=es")
    page.wait_for_selector("#count-form")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator("fieldset.side-count")).to_have_count(3)
    for catalogue in page.locator("details.catalogue > summary").all():
        catalogue.click()
    check_layout(page)
    shot(page, "count-comodines-6-pairs-es")
    # Going out without the clean and the dirty canasta 001 asks for: the message, in
    # Spanish, sits by the side's "went out" choice.
    page.check("input[name='sides[0].going_out'][value='normal']")
    stepper(page, "sides[0].canastas.natural")
    page.locator("[name='sides[0].table_points']").fill("100")
    expect(page.locator("#err-sides-0-going_out")).not_to_be_empty()
    assert page.locator("#err-sides-0-going_out").inner_text() != (
        "Going out needs mixed canastas: at least 1.")
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize(("ruleset", "more", "taps", "typed", "points", "minimums"), [
    # VARIANTS.md 6: wild canasta 2,000 (cards on top) + natural 500 + going out 100 + 320 on
    # the table - 10 in hand = 2,910. Side 2: two red 3s (it melded 60): 200 + 60 - 25 = 235.
    ("uruguay", [],
     {"sides[0].canastas.wild": 1, "sides[0].canastas.natural": 1, "sides[1].red_threes": 2},
     {"sides[0].table_points": "320", "sides[0].hand_points": "10",
      "sides[1].table_points": "60", "sides[1].hand_points": "25"}, ["2,910", "235"],
     ["90", "50"]),
    # VARIANTS.md 2: a samba 1,500 + a natural canasta 500 + going out 200 + two red 3s (two
    # canastas: plus) 200 + 165 on the table - 20 in hand = 2,545. Side 2: one natural
    # canasta 500, one red 3 against (one canasta only) -100, 80 on the table: 480.
    ("samba", [],
     {"sides[0].canastas.sequence": 1, "sides[0].canastas.natural": 1,
      "sides[0].red_threes": 2, "sides[1].canastas.natural": 1, "sides[1].red_threes": 1},
     {"sides[0].table_points": "165", "sides[0].hand_points": "20",
      "sides[1].table_points": "80"}, ["2,545", "480"], None),
    # VARIANTS.md 3: a bolivia 2,500 + an escalera 1,500 + going out 200 + 250 on the table
    # - 15 in hand = 4,435. Side 2: a natural canasta 500 + 60 - 30 in hand, with two black
    # 3s at -100 each in all (95 beyond their 5): 340. Black 3s wait under side 2's "More".
    ("bolivia", ["#side-1"],
     {"sides[0].canastas.wild": 1, "sides[0].canastas.sequence": 1,
      "sides[1].canastas.natural": 1, "sides[1].black_threes_in_hand": 2},
     {"sides[0].table_points": "250", "sides[0].hand_points": "15",
      "sides[1].table_points": "60", "sides[1].hand_points": "30"}, ["4,435", "340"], None),
], ids=["uruguay", "samba", "bolivia"])
def test_a_hand_of_the_family_on_a_phone(page: Page, live_server: str, shot: Shot, ruleset: str,
                                         more: list[str], taps: dict[str, int],
                                         typed: dict[str, str], points: list[str],
                                         minimums: list[str] | None) -> None:
    """Side 1 goes out; the canastas and 3s by tapping, the points typed."""
    game_url = open_count(page, live_server, ruleset, "4")
    for side in more:
        page.locator(f"{side} details.count-more > summary").click()
    count_hand(page, taps, typed)
    expect(page.locator("#count-summary .summary-points")).to_have_text(
        [f"+{p}" for p in points])
    save_hand(page, shot, f"count-{ruleset}", game_url, points)
    if minimums is not None:
        expect(page.locator(".minimum-value")).to_have_text(minimums)
