"""The Changes page shows when each change was made in the phone's own time zone (issue 25: it
said "08:26 UTC"), converted by app.js; the page itself writes UTC, which stays without
JavaScript.

The change's time is set to a fixed instant in the test's own database, so what the page must
show never depends on the day the suite runs (issue 40: the month was read from today's date,
and the suite failed in December)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from phone import api, collect_errors, serving
from playwright.sync_api import Browser, expect

#: The phone shows the changes' times in its own zone: at both of .ci/run's dates.
pytestmark = pytest.mark.both_dates

HAND = {"end": "went_out", "sides": [
    {"table_points": 355, "hand_points": 20, "canastas": {"mixed": 2}, "going_out": "normal"},
    {"table_points": 280, "hand_points": 45, "red_threes": 3}]}
#: The instant every change here was made: in Buenos Aires (UTC-3 all year) it is still the day
#: before, in Kolkata (UTC+5:30) the half hour moves, so both the day and the time must convert.
FIXED_UTC = "2026-11-26 02:26:00.000000"


@pytest.fixture(scope="module")
def fixed_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    folder = tmp_path_factory.mktemp("local-times")
    with serving({}, folder) as port:
        yield f"http://127.0.0.1:{port}", folder / "live.sqlite"


def _game_with_a_fixed_change(server: str, database: Path) -> str:
    game = api(server, "/api/v1/games", {"ruleset": "classic"})
    api(server, f"/api/v1/games/{game['id']}/hands", HAND, game["edit_token"])
    # Every change of this module's own database: its games are the tests' alone.
    with sqlite3.connect(database) as conn:
        conn.execute("UPDATE game_change SET at = ?", (FIXED_UTC,))
    return str(game["id"])


@pytest.mark.parametrize(("zone", "lang", "day", "month", "clock"), [
    ("America/Argentina/Buenos_Aires", "es", "25", "nov", "23:26"),
    ("Asia/Kolkata", "en", "26", "Nov", "07:56"),
])
def test_changes_in_the_phones_time_zone(browser: Browser, fixed_server: tuple[str, Path],
                                         zone: str, lang: str, day: str, month: str,
                                         clock: str) -> None:
    server, database = fixed_server
    game_id = _game_with_a_fixed_change(server, database)
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  timezone_id=zone, locale=lang)
    page = context.new_page()
    errors = collect_errors(page)
    page.goto(f"{server}/games/{game_id}/changes?lang={lang}")
    time = page.locator(".changes-list time").first
    expect(time).not_to_contain_text("UTC")
    assert time.get_attribute("datetime") == "2026-11-26T02:26:00Z"
    text = time.inner_text()
    assert clock in text and day in text and month in text and "2026" in text, (zone, text)
    # The UTC the server wrote is kept as the element's title.
    assert (time.get_attribute("title") or "").endswith(" UTC")
    assert "02:26" in (time.get_attribute("title") or "")
    assert errors == []
    context.close()


def test_without_javascript_the_time_says_utc(browser: Browser,
                                              fixed_server: tuple[str, Path]) -> None:
    server, database = fixed_server
    game_id = _game_with_a_fixed_change(server, database)
    context = browser.new_context(java_script_enabled=False, timezone_id="Asia/Kolkata")
    page = context.new_page()
    page.goto(f"{server}/games/{game_id}/changes")
    time = page.locator(".changes-list time").first
    expect(time).to_contain_text("UTC")
    expect(time).to_contain_text("02:26")
    context.close()
