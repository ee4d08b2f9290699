"""The table's phone after the desk records that a pair abandoned its game: the board says
which pair, and there is no "Count this hand" to type a whole hand that would be refused."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import requests
from playwright.sync_api import Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tournaments"))
from tournament_helpers import VALUES, pairs  # noqa: E402

Shot = Callable[[Page, str], Path]


def test_the_phone_of_an_abandoned_game_offers_no_count(page: Page, live_server: str,
                                                        shot: Shot) -> None:
    made = requests.post(f"{live_server}/api/v1/tournaments", timeout=60, json={
        "name": "Club", "ruleset": "torneo", "values": VALUES, "pairs": pairs(4)}).json()
    desk = {"Authorization": f"Bearer {made['admin_token']}"}
    table = made["tables"][0]
    page.goto(table["edit_url"])
    expect(page.get_by_role("link", name="Count this hand")).to_be_visible()

    answer = requests.post(f"{live_server}/api/v1/tournaments/{made['id']}/pairs/2/abandon",
                           headers=desk, timeout=60)
    assert answer.status_code == 200, answer.text
    # The scorekeeper's page follows the game by itself (a reload here would race its own).
    expect(page.locator("#result-title")).to_have_text("Pair 2 abandoned this game")
    expect(page.locator("#result-how")).to_contain_text("Pair 1 is credited 5,000")
    expect(page.get_by_role("link", name="Count this hand")).to_have_count(0)
    # The banner fits the phone's width.
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390
    shot(page, "abandoned-game-phone")
    assert page.errors == []  # type: ignore[attr-defined]

    # The count page, opened anyway (a bookmark, the back button), refuses before any typing.
    page.goto(f"{live_server}/games/{table['game_id']}/hands/new")
    expect(page.locator("#no-more-hands")).to_contain_text(
        "Pair 2 abandoned this game at the tournament desk: it takes no more hands.")
    expect(page.locator("form#count-form")).to_have_count(0)
