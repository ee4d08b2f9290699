"""A table phone (390x844) that opened its table's card: game 1 opens, and when the desk
closes game 1 the phone goes on to the table's game 2 by itself, no code scanned again."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from phone import make_tournament, page_width
from playwright.sync_api import Page, expect

Shot = Callable[[Page, str], Path]


def test_the_card_follows_the_table_to_its_next_game(browser, live_server: str,
                                                     shot: Shot) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    data = make_tournament(page, live_server, ["Búhos", "Abejas", "Gatos", "Perros"],
                           minutes=60, rounds=2)
    admin = {"Authorization": f"Bearer {data['admin_token']}"}
    cards = page.request.get(f"{live_server}/api/v1/tournaments/{data['id']}/table-cards",
                             headers=admin).json()["cards"]
    link = cards[0]["url"].replace("http://localhost", live_server)
    game1 = data["tables"][0]["game_id"]

    page.goto(link)
    expect(page).to_have_url(re.compile(rf"/games/{game1}$"))
    expect(page.locator("#table-clock")).to_contain_text("Table 1")
    expect(page.locator("#table-clock")).to_contain_text("Game 1 of 2")
    expect(page.get_by_role("link", name="Count this hand")).to_be_visible()
    shot(page, "table-card-01-game-1")

    closed = page.request.post(f"{live_server}/api/v1/tournaments/{data['id']}/rounds/1/finish",
                               headers=admin)
    assert closed.status == 200
    game2 = next(t["game_id"] for t in closed.json()["rounds"][1]["tables"] if t["table"] == 1)
    # No reload, no scan: the desk's close reaches the phone, which follows its card.
    expect(page).to_have_url(re.compile(rf"/games/{game2}$"))
    expect(page.locator("#table-clock")).to_contain_text("Game 2 of 2")
    expect(page.get_by_role("link", name="Count this hand")).to_be_visible()
    assert page_width(page) <= 390
    shot(page, "table-card-02-game-2")
    context.close()


def test_the_desk_replaces_a_card_from_its_page(browser, live_server: str, shot: Shot) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    data = make_tournament(page, live_server, 8, minutes=60, rounds=3)
    page.goto(f"{live_server}/tournaments/{data['id']}?token={data['admin_token']}")
    page.get_by_role("link", name="Replace a table’s card").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Table cards")
    buttons = page.get_by_role("button", name=re.compile(r"^Replace the card of table \d+$"))
    expect(buttons).to_have_count(4)
    assert page_width(page) <= 1280
    shot(page, "table-cards-desk-01")
    page.get_by_role("button", name="Replace the card of table 3", exact=True).click()
    notice = page.get_by_role("status")
    expect(notice).to_contain_text("Table 3 has a new card: the old one no longer opens its "
                                   "games.")
    expect(page.get_by_role("link", name="Print the new card of table 3 (PDF)")).to_be_visible()
    shot(page, "table-cards-desk-02-replaced")
    context.close()
