""""Who deals first" on the start form names its seats as the names above it are typed (QA,
2026-12-05: it offered "Side 1, player 1" under "Alice"; the game then said "Alice deals")."""

from __future__ import annotations

import re

from phone import field
from playwright.sync_api import Page, expect


def dealer_options(page: Page) -> list[str]:
    return [t.strip() for t in
            page.locator("select[name='first_dealer'] option").all_inner_texts()]


def test_the_seats_take_the_names_as_they_are_typed(page: Page, live_server: str) -> None:
    page.goto(live_server + "/games/new")
    page.locator("details.more", has_text="Names of sides and players").locator(
        "summary").click()
    page.locator("details.more", has_text="Target, first dealer").locator("summary").click()
    assert dealer_options(page) == ["Side 1, player 1", "Side 2, player 1",
                                    "Side 1, player 2", "Side 2, player 2"]
    field(page, "side_0_name").fill("Smiths")
    field(page, "side_0_player_0").fill("Alice")
    field(page, "side_1_player_1").fill("Dan")
    # Side 2's first box is empty: the game keeps Dan as its first player, and names him so.
    assert dealer_options(page) == ["Alice", "Dan", "Smiths, player 2", "Side 2, player 2"]
    field(page, "side_1_player_0").fill("Cathy")
    assert dealer_options(page) == ["Alice", "Cathy", "Smiths, player 2", "Dan"]
    field(page, "side_0_player_0").fill("")
    assert dealer_options(page)[0] == "Smiths, player 1"
    field(page, "side_0_player_0").fill("Alice")
    page.locator("select[name='first_dealer']").select_option(label="Dan")
    page.get_by_role("button", name="Start the game").first.click()
    page.wait_for_url(re.compile(r"/games/[\w-]{20,}$"))
    expect(page.locator("body")).to_contain_text("Dan deals")
    assert page.errors == []  # type: ignore[attr-defined]


def test_in_spanish_and_after_the_form_is_drawn_again(page: Page, live_server: str) -> None:
    page.goto(live_server + "/games/new?lang=es")
    page.locator("details.more", has_text="Nombres").locator("summary").click()
    field(page, "side_1_name").fill("Ellos")
    field(page, "side_0_player_1").fill("Luis")
    # Another rule set: the server draws the form again, with the names typed.
    page.get_by_label("Reglas", exact=True).select_option(value="cuban")
    expect(page.locator("#new-game[data-ruleset='cuban']")).to_be_attached()
    expect(page.locator("select[name='first_dealer'] option")).to_have_text(
        ["Luis", "Ellos, jugador 1", "Bando 1, jugador 2", "Ellos, jugador 2"])
