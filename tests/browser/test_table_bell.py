"""A table phone (390x844) of a tournament whose tables wait for the bell (002: play starts on
the organization's order): it says it waits, its hand is refused by the count form, and when
the desk starts the clock the phone shows it without a reload and the hand is saved."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from phone import field, make_tournament, page_width
from playwright.sync_api import Page, expect

Shot = Callable[[Page, str], Path]


# The table's page reads the round's deadline (Date.parse).
@pytest.mark.both_dates
def test_the_table_waits_for_the_bell(browser, live_server: str, shot: Shot) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    data = make_tournament(page, live_server, ["Búhos", "Abejas", "Gatos", "Perros"],
                           tables_start="bell", minutes=60)
    admin = {"Authorization": f"Bearer {data['admin_token']}"}
    table = data["tables"][0]

    page.goto(table["edit_url"])
    block = page.locator("#table-clock")
    expect(block).to_contain_text("Waiting for the bell.")
    expect(block).to_contain_text("until then no hand can be saved")
    assert page_width(page) <= 390
    shot(page, "table-bell-01-waiting")

    # The table counts its hand anyway: refused beside the form, what it typed kept.
    page.get_by_role("link", name="Count this hand").click()
    expect(page.locator("#bell")).to_contain_text("Waiting for the bell.")
    page.check("input[name='end'][value='stock_out']")
    field(page, "sides[0].table_points").fill("500")
    field(page, "sides[1].table_points").fill("300")
    page.get_by_role("button", name="Save this hand").click()
    notice = page.locator("#bell")
    expect(notice).to_contain_text("Play has not started")
    expect(field(page, "sides[0].table_points")).to_have_value("500")
    assert page_width(page) <= 390
    shot(page, "table-bell-02-refused")

    # Back on the game: the desk rings the bell; the phone shows it with no reload.
    page.get_by_role("link", name=re.compile("Back to the game")).click()
    expect(block).to_contain_text("Waiting for the bell.")
    started = page.request.post(f"{live_server}/api/v1/tournaments/{data['id']}/rounds/1/start",
                                headers=admin)
    assert started.status == 200
    expect(block).not_to_contain_text("Waiting for the bell.", timeout=15_000)
    expect(block).to_have_class(re.compile(r"\bstate-running\b"))
    shot(page, "table-bell-03-rung")

    page.get_by_role("link", name="Count this hand").click()
    page.check("input[name='end'][value='stock_out']")
    field(page, "sides[0].table_points").fill("500")
    field(page, "sides[1].table_points").fill("300")
    page.get_by_role("button", name="Save this hand").click()
    expect(page).to_have_url(re.compile(rf"/games/{table['game_id']}$"))
    expect(page.locator("#bell")).to_have_count(0)
    game = page.request.get(f"{live_server}/api/v1/games/{table['game_id']}").json()
    assert len(game["hands"]) == 1
    context.close()
