"""A table phone (390x844) in a tournament: its table, game and the desk's clock; the warning;
at 0:00 002's time-up hand; a time-up hand before time refused by its field."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from phone import make_tournament, page_width
from playwright.sync_api import Page, expect

Shot = Callable[[Page, str], Path]


# The table's clock counts down to the desk's deadline.
@pytest.mark.both_dates
@pytest.mark.fresh_phone  # page.clock.install() stays for the life of the tab
def test_the_table_phone_shows_the_desks_clock(page: Page, live_server: str, shot: Shot) -> None:
    data = make_tournament(page, live_server, ["Búhos", "Abejas", "Gatos", "Perros"],
                           minutes=5, warn_minutes=10)
    admin = {"Authorization": f"Bearer {data['admin_token']}"}
    table = data["tables"][1]

    # Installed before the page loads: the test moves the phone's clock on, not the server's.
    # It starts at the tests' time, the server's (under .ci/run's runs at other dates, not the
    # machine's).
    page.clock.install(time=time.time())
    page.goto(table["edit_url"])
    block = page.locator("#table-clock")
    expect(block).to_contain_text("Table 2")
    expect(block).to_contain_text("Game 1 of 3")
    expect(block.locator(".clock")).to_have_text("5:00")
    expect(block).to_contain_text("The desk has not started the clock yet.")
    assert page_width(page) <= 390
    shot(page, "table-clock-01-not-started")

    # The desk starts the clock: 5 minutes left is within the 10-minute warning.
    started = page.request.post(f"{live_server}/api/v1/tournaments/{data['id']}/rounds/1/start",
                                headers=admin)
    assert started.status == 200
    page.reload()
    expect(block.locator(".clock[data-deadline]")).to_have_text(re.compile(r"^[45]:\d\d$"))
    expect(block).to_have_class(re.compile(r"\bis-warn\b"))
    expect(block.locator(".table-clock-warn")).to_be_visible()
    expect(block.locator(".table-clock-up")).to_be_hidden()
    shot(page, "table-clock-02-warning")

    # At 0:00 the phone switches to 002's time-up hand.
    page.clock.fast_forward("05:02")
    expect(block.locator(".clock")).to_have_text("0:00")
    expect(block).to_have_class(re.compile(r"\bstate-over\b"))
    expect(block.locator(".table-clock-up")).to_be_visible()
    expect(block.locator(".table-clock-up")).to_contain_text(
        "The player whose turn it is may finish the play and discard")
    expect(block.locator(".table-clock-warn")).to_be_hidden()
    assert page_width(page) <= 390
    shot(page, "table-clock-03-time-up")

    # The server's clock is not out yet: a hand "stopped by the clock" needs the desk.
    page.get_by_role("link", name="Count this hand").click()
    page.get_by_label("Time was up").check()
    page.get_by_role("button", name="Save this hand").click()
    error = page.locator("#err-end")
    expect(error).to_contain_text("Time is not up")
    expect(error).to_contain_text("only the tournament desk can enter one")
    # and it stays: the live count (300 ms after a change) cannot judge the clock, and once
    # wiped the words a moment after the page showed them.
    page.clock.run_for(2000)
    page.wait_for_load_state("networkidle")
    expect(error).to_contain_text("Time is not up", timeout=1000)
    assert page_width(page) <= 390
    shot(page, "table-clock-04-refused")
