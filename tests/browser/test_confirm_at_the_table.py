"""Results confirmed at the table (issue 43), at phone size (390x844): table 1's scorer saves
its result, the standings do not move; the other pair opens the table card's second code on
its own phone and confirms, and only then the standings count it. The scorer's phone cannot
confirm its own result. Table 2's result, unconfirmed, is confirmed by the desk in the pair's
stead."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from phone import make_tournament, page_width
from playwright.sync_api import Page, expect

Shot = Callable[[Page, str], Path]


def finish_game(page: Page, live_server: str, table: dict[str, object], last: int) -> None:
    """The table's scorer saves two hands that end its game at the 1,000 target (through the
    API: the count screen has its own tests)."""
    for points in ((850, 300), (last, 0)):
        saved = page.request.post(
            f"{live_server}/api/v1/games/{table['game_id']}/hands",
            headers={"Authorization": f"Bearer {table['edit_token']}"},
            data={"end": "stock_out", "sides": [{"table_points": points[0], "hand_points": 0},
                                                {"table_points": points[1], "hand_points": 0}]})
        assert saved.status == 201, saved.text()


def standings_row(page: Page, name: str) -> str:
    return page.locator(".standings-table tbody tr", has_text=name).inner_text()


def test_the_other_pair_confirms_on_its_phone_and_the_desk_overrides(
        browser, live_server: str, shot: Shot) -> None:
    desk = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    data = make_tournament(desk, live_server, ["Búhos", "Abejas", "Gatos", "Perros"],
                           rounds=2, target=1000, results_count="confirmed")
    admin = {"Authorization": f"Bearer {data['admin_token']}"}
    cards = desk.request.get(f"{live_server}/api/v1/tournaments/{data['id']}/table-cards",
                             headers=admin).json()["cards"]
    local = lambda url: url.replace("http://localhost", live_server)  # noqa: E731
    table1, table2 = data["tables"]
    names = {n + 1: name for n, name in enumerate(["Búhos", "Abejas", "Gatos", "Perros"])}
    winner1, winner2 = names[table1["pairs"][0]], names[table2["pairs"][0]]

    # -- the scorer's phone opened the card's first code; the other pair's the second
    scorer = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    scorer.goto(local(cards[0]["url"]))
    expect(scorer).to_have_url(re.compile(rf"/games/{table1['game_id']}$"))
    opponents = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    opponents.goto(local(cards[0]["confirm_url"]))
    expect(opponents.locator("#nothing-waiting")).to_contain_text(
        "Game 1 is being played at this table")
    shot(opponents, "confirm-01-while-playing")

    finish_game(scorer, live_server, table1, 150)
    desk.goto(f"{live_server}/tournaments/{data['id']}/standings")
    expect(desk.locator("#waiting-note")).to_contain_text("Waiting for confirmation")
    row = standings_row(desk, winner1)
    assert "+700" not in row and "…" in row, row
    shot(desk, "confirm-02-standings-waiting")

    # -- the scorer's game page says the result waits for the other pair (it follows the game
    #    by itself: a reload here raced the page's own on the hands' news)
    expect(scorer.locator("#confirm-waiting")).to_contain_text(
        "Waiting for the other pair’s confirmation.")
    shot(scorer, "confirm-02b-scorer-waiting")

    # -- the scorer's own phone sees the result but cannot confirm it
    scorer.goto(local(cards[0]["confirm_url"]))
    expect(scorer.locator("#own-table")).to_contain_text("keeps this table's score")
    expect(scorer.locator("#result-1")).to_contain_text("1,000")
    expect(scorer.get_by_role("button", name="Confirm this result")).to_have_count(0)
    shot(scorer, "confirm-03-scorer-refused")

    # -- the other pair looks again, checks the result and confirms
    opponents.get_by_role("link", name="Look again now").click()
    result = opponents.locator("#result-1")
    expect(result).to_contain_text("1,000")
    expect(result).to_contain_text("300")
    expect(result).to_contain_text(f"Won by {winner1} (+700)")
    assert page_width(opponents) <= 390
    shot(opponents, "confirm-04-to-confirm")
    opponents.get_by_role("button", name="Confirm this result").click()
    expect(opponents.locator("#confirm-done")).to_contain_text(
        "Confirmed: the result of game 1 counts in the standings.")
    expect(opponents.locator(".confirmed-results")).to_contain_text("confirmed at the table")
    assert page_width(opponents) <= 390
    shot(opponents, "confirm-05-confirmed")

    # -- only now the standings count it (they refresh themselves)
    expect(desk.locator(".standings-table tbody tr", has_text=winner1)).to_contain_text("+700")
    scorer.goto(f"{live_server}/games/{table1['game_id']}")
    expect(scorer.locator("#confirm-confirmed")).to_contain_text("The result is confirmed")

    # -- table 2's result waits; the desk confirms it in the other pair's stead
    finish_game(scorer, live_server, table2, 250)
    wall = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    wall.goto(f"{live_server}/tournaments/{data['id']}/wall")
    expect(wall.locator(".wall-table.waiting")).to_contain_text("Waiting for confirmation")
    a, b = table2["pairs"]
    expect(wall.locator("#wall-waiting")).to_have_text(
        re.compile(rf"Waiting for confirmation: ({a}, {b}|{b}, {a})$"))
    shot(wall, "confirm-06a-wall-waiting")
    wall.context.close()
    # Table 2's other pair reads its result in Spanish (and does not confirm it).
    spanish = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    spanish.goto(local(cards[1]["confirm_url"]))
    spanish.get_by_role("link", name="Español").click()
    expect(spanish.locator("h1")).to_contain_text("Mesa 2: confirmar el resultado")
    expect(spanish.locator("#result-1")).to_contain_text(f"Gana {winner2} (+800)")
    expect(spanish.get_by_role("button", name="Confirmar este resultado")).to_be_visible()
    assert page_width(spanish) <= 390
    shot(spanish, "confirm-06b-to-confirm-es")
    spanish.context.close()
    desk.goto(f"{live_server}/tournaments/{data['id']}?token={data['admin_token']}")
    waiting = desk.locator("#waiting")
    expect(waiting).to_contain_text("Results waiting for confirmation")
    expect(waiting).to_contain_text("Table 2")
    expect(desk.locator("table.tables tbody tr", has_text=winner2)).to_contain_text(
        "Waiting for confirmation")
    assert "+800" not in standings_row(desk, winner2)
    shot(desk, "confirm-06-desk-waiting")
    waiting.get_by_role("button", name="Confirm as the desk").click()
    expect(desk.locator("#waiting")).to_have_count(0)
    expect(desk.locator(".standings-table tbody tr", has_text=winner2)).to_contain_text("+800")
    shot(desk, "confirm-07-desk-confirmed")
    changes = desk.request.get(f"{live_server}/api/v1/tournaments/{data['id']}",
                               headers=admin).json()["rounds"][0]["tables"]
    assert [t["confirmed_by"] for t in changes] == ["opponents", "desk"]
    for page in (desk, scorer, opponents):
        page.context.close()
