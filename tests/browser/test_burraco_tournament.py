"""A Burraco tournament on a phone (390x844), in Italian: the set-up form comes ready for FIBUR's
victory points (VARIANTS-2.md 12.4); the tables play through the API as the tables' phones would;
the standings page ranks the pairs by victory points."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from phone import api, page_width
from playwright.sync_api import Page, expect

Shot = Callable[[Page, str], Path]


def fits(page: Page) -> None:
    assert page_width(page) <= 390


def smazzata(points: tuple[int, int], naturals: tuple[int, int]) -> dict[str, Any]:
    return {"end": "stock_out", "sides": [
        {"canastas": {"natural": n}, "table_points": p - 200 * n}
        for p, n in zip(points, naturals, strict=True)]}


def test_a_burraco_tournament_on_victory_points(page: Page, live_server: str,
                                                 shot: Shot) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server}/tournaments/new?ruleset=burraco&lang=it")
    expect(page.locator("#standings_by")).to_have_value("victory_points")
    expect(page.locator("#victory_scale")).to_have_value("burraco-3")
    fits(page)
    shot(page, "burraco-tournament-new")

    created = api(live_server, "/api/v1/tournaments", {
        "name": "Circolo del giovedì", "ruleset": "burraco", "rounds": 1, "minutes": 60,
        "language": "it", "standings_by": "victory_points", "victory_scale": "burraco-3",
        "tables_start": "seated", "pairs": [{"name": name, "players": [f"{name} A", f"{name} B"]}
                  for name in ("Gufi", "Api", "Gatti", "Cani")]})
    tid, token = created["id"], created["admin_token"]
    tables = api(live_server, f"/api/v1/tournaments/{tid}/rounds/1/links", {}, token)["tables"]
    # Table 1: 2,100 to 1,000 (1,100 on 3 deals: 18–2); table 2: 2,050 to 1,900 (150: 11–9).
    for table, hands in zip(tables, (
            [smazzata((900, 500), (2, 0)), smazzata((700, 500), (2, 0)),
             smazzata((500, 0), (2, 0))],
            [smazzata((900, 900), (2, 2)), smazzata((900, 900), (2, 2)),
             smazzata((250, 100), (1, 0))]), strict=True):
        for body in hands:
            api(live_server, f"/api/v1/games/{table['game_id']}/hands", body,
                table["edit_token"])
    api(live_server, f"/api/v1/tournaments/{tid}/rounds/1/finish", {}, token)

    page.goto(f"{live_server}/tournaments/{tid}/standings?lang=it")
    rows = page.locator("table tbody tr")
    expect(rows).to_have_count(4)
    expect(page.locator("td.vp")).to_have_text(["18", "11", "9", "2"])
    expect(rows.first).to_contain_text("Gufi")
    expect(page.locator("main")).to_contain_text("punti vittoria")
    fits(page)
    shot(page, "burraco-tournament-standings")


def test_the_drop_down_sets_a_burraco_tournament_on_victory_points(page: Page,
                                                                    live_server: str) -> None:
    # Issue 42: chosen in the drop-down, Burraco's target, standings and scale follow at once
    # (follow_ruleset.js); a value the organizer typed stays; back to another game, its own.
    page.goto(f"{live_server}/tournaments/new?lang=it")
    expect(page.locator("#standings_by")).to_have_value("difference")
    page.select_option("#ruleset", "burraco")
    expect(page.locator("#target")).to_have_value("2005")
    expect(page.locator("#standings_by")).to_have_value("victory_points")
    expect(page.locator("#victory_scale")).to_have_value("burraco-3")
    page.fill("#victory_scale", "burraco-4")
    page.select_option("#ruleset", "classic")
    expect(page.locator("#target")).to_have_value("5000")
    expect(page.locator("#standings_by")).to_have_value("difference")
    expect(page.locator("#victory_scale")).to_have_value("burraco-4")
    page.select_option("#ruleset", "burraco")
    page.fill("#name", "Circolo")
    page.fill("#pairs", "\n".join(f"Coppia {i}: A{i}, B{i}" for i in range(1, 5)))
    page.locator("button[type=submit]").last.click()
    page.wait_for_url("**/tournaments/*")
    tid = page.url.rstrip("/").split("/")[-1].split("?")[0]
    data = page.request.get(f"{live_server}/api/v1/tournaments/{tid}").json()
    assert (data["ruleset"], data["standings_by"], data["target"]) == (
        "burraco", "victory_points", 2005)
