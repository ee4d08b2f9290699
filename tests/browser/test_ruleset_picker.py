"""Picking a rule set on New game fills in its target, and the game started is kept to it
(issue 40): each of the 14 presets picked in the visible drop-down on a phone (390x844) with
JavaScript on; then the page's script alone (the re-draw answered with nothing), where a typed
target stays; then JavaScript off, where the server takes the chosen rule set's target."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from phone import PHONE, field, page_width
from playwright.sync_api import Browser, Page, expect

from scorekeeper.engine import PRESETS, RuleSet, flow

Shot = Callable[..., Path]

#: Screenshots for a person to look at: the form and the board of these.
SHOTS = {"buraco", "burraco", "hand-and-foot"}


def ending(rs: RuleSet) -> tuple[str, str]:
    """What the form and the board say of how a game under ``rs`` ends."""
    if rs.rounds:
        return (f"These rules play {rs.rounds} rounds; the higher total wins.",
                f"{rs.rounds} rounds, the higher total wins")
    return f"These rules play to {rs.target:,}.", f"Playing to {rs.target:,}"


def pick(page: Page, rs: RuleSet) -> None:
    """Choose ``rs`` by its name in the visible drop-down and wait for the form re-drawn."""
    select = page.get_by_label("Rules", exact=True)
    expect(select).to_be_visible()
    select.select_option(label=rs.name)
    expect(page.locator(f"#new-game[data-ruleset='{rs.id}']")).to_be_attached()
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-settling, "
                           ".htmx-swapping')")


def open_target(page: Page) -> None:
    details = page.locator("details.more", has_text="Target, first dealer and language")
    if details.get_attribute("open") is None:
        details.locator("summary").click()


@pytest.mark.parametrize("rs_id", list(PRESETS))
def test_each_rule_set_picked_sets_its_target_and_the_game_keeps_it(
        page: Page, live_server: str, shot: Shot, rs_id: str) -> None:
    rs = PRESETS[rs_id]
    form_says, board_says = ending(rs)
    page.goto(live_server + "/")
    page.get_by_role("link", name="New game", exact=True).click()
    page.wait_for_url("**/games/new")
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
    if rs_id == "classic":
        # The page opens on classic: pick another first, so classic is picked too.
        pick(page, PRESETS["burraco"])
    pick(page, rs)
    assert page.get_by_label("Rules", exact=True).input_value() == rs_id

    open_target(page)
    if rs.rounds:
        # A game of rounds has no target: the form says how it ends instead of a box of 5000.
        expect(page.locator("#game-ends")).to_be_visible()
        expect(page.locator("#game-ends")).to_have_text(form_says)
        expect(field(page, "target")).to_be_hidden()
    else:
        expect(field(page, "target")).to_be_visible()
        expect(field(page, "target")).to_have_value(str(rs.target))
        expect(page.locator("#f-target-hint")).to_have_text(form_says)
        expect(page.locator("#game-ends")).to_be_hidden()
    assert page_width(page) <= PHONE["width"]
    if rs_id in SHOTS:
        shot(page, f"ruleset-picked-{rs_id}-390x844")

    # The values a rule set leaves to the organizer (Tournament's premios) must be given.
    for box in page.locator("input[name^='value_']").all():
        box.fill("100")
    page.get_by_role("button", name="Start the game").first.click()
    page.wait_for_url(re.compile(r"/games/[\w-]{20,}$"))

    facts = page.locator(".game-facts")
    expect(facts).to_contain_text(board_says)
    # The one target the board names is the rule set's (none for a game of rounds).
    said = re.findall(r"Playing to ([\d,]+)", facts.inner_text())
    assert said == ([] if rs.rounds else [f"{rs.target:,}"])
    if flow.has_opening_minimum(rs):
        expect(page.locator(".minimum-value")).to_have_count(2)
    else:  # Buraco, Burraco: no "To open 0"
        expect(page.locator(".side-minimum")).to_have_count(0)
        expect(facts).to_contain_text("No opening minimum: any meld opens")
    assert page_width(page) <= PHONE["width"]
    if rs_id in SHOTS:
        shot(page, f"ruleset-board-{rs_id}-390x844", full_page=False)
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_page_alone_follows_the_rule_set_and_keeps_a_typed_target(
        page: Page, live_server: str) -> None:
    """new_game.js from the options' data: the form's re-draw is answered with nothing (204,
    which htmx leaves be), so only the page's script changes what the form shows."""
    page.goto(live_server + "/games/new")
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
    page.route(re.compile(r".*/games/new\?.*"), lambda route: route.fulfill(status=204))
    open_target(page)
    select = page.get_by_label("Rules", exact=True)
    target = field(page, "target")

    select.select_option(label=PRESETS["buraco"].name)
    expect(target).to_have_value("3000")
    expect(page.locator("#f-target-hint")).to_have_text("These rules play to 3,000.")
    target.fill("4000")  # the player's own
    select.select_option(label=PRESETS["samba"].name)
    expect(target).to_have_value("4000")
    expect(page.locator("#f-target-hint")).to_have_text("These rules play to 10,000.")
    select.select_option(label=PRESETS["hand-and-foot"].name)
    expect(page.locator("#game-ends")).to_have_text(
        "These rules play 4 rounds; the higher total wins.")
    expect(target).to_be_hidden()
    select.select_option(label=PRESETS["burraco"].name)
    expect(target).to_be_visible()
    expect(target).to_have_value("4000")
    page.get_by_role("button", name="Start the game").first.click()
    page.wait_for_url(re.compile(r"/games/[\w-]{20,}$"))
    expect(page.locator(".game-facts")).to_contain_text("Playing to 4,000")
    expect(page.locator(".side-minimum")).to_have_count(0)
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_typed_target_kept_for_other_rules_stays_in_sight(page: Page, live_server: str,
                                                            shot: Shot) -> None:
    # QA, 2026-12-05 (Spanish, 390 px): 8000 typed for Samba, then Cuban Canasta picked: the
    # box folded shut over "... a 7.500" and the game started played to 8,000.
    page.goto(live_server + "/games/new?lang=es")
    rules = page.get_by_label("Reglas", exact=True)

    def choose(rs_id: str) -> None:
        rules.select_option(value=rs_id)
        expect(page.locator(f"#new-game[data-ruleset='{rs_id}']")).to_be_attached()
        page.wait_for_function("() => !document.querySelector('.htmx-request, "
                               ".htmx-settling, .htmx-swapping')")

    choose("samba")
    details = page.locator("details.more", has_text="Objetivo")
    details.locator("summary").click()
    target = field(page, "target")
    target.fill("8000")
    choose("cuban")
    expect(details).to_have_attribute("open", "")
    expect(target).to_be_visible()
    expect(target).to_have_value("8000")
    expect(page.locator("#f-target-hint")).to_have_text(
        "Tu propio objetivo, que se mantiene: con estas reglas se juega a 7.500.")
    shot(page, "ruleset-picker-own-target-kept-es")
    # Emptied, it is the rules' again.
    target.fill("")
    choose("samba")
    expect(target).to_have_value("10000")
    expect(page.locator("#f-target-hint")).to_have_text("Con estas reglas se juega a 10.000.")


# JavaScript off: its pages cannot be watched for the calendar (conftest.py), so both dates.
@pytest.mark.both_dates
def test_without_javascript_the_server_takes_the_chosen_rule_sets_target(
        browser: Browser, live_server: str) -> None:
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(live_server + "/games/new")
        page.get_by_label("Rules", exact=True).select_option(label=PRESETS["burraco"].name)
        page.get_by_role("button", name="Start the game").first.click()
        page.wait_for_url(re.compile(r"/games/[\w-]{20,}$"))
        expect(page.locator(".game-facts")).to_contain_text("Playing to 2,005")
        expect(page.locator(".side-minimum")).to_have_count(0)
    finally:
        context.close()
