"""The Changes page shows when each change was made in the phone's own time zone (issue 25: it
said "08:26 UTC"), converted by app.js; the page itself writes UTC, which stays without
JavaScript."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from phone import api, collect_errors
from playwright.sync_api import Browser, expect

HAND = {"end": "went_out", "sides": [
    {"table_points": 355, "hand_points": 20, "canastas": {"mixed": 2}, "going_out": "normal"},
    {"table_points": 280, "hand_points": 45, "red_threes": 3}]}


def test_changes_in_the_phones_time_zone(browser: Browser, live_server: str) -> None:
    game = api(live_server, "/api/v1/games", {"ruleset": "classic"})
    api(live_server, f"/api/v1/games/{game['id']}/hands", HAND, game["edit_token"])
    # Buenos Aires: three hours behind UTC all year (no summer time), so the hour differs.
    for zone, lang, month in (("America/Argentina/Buenos_Aires", "es", "nov"),
                              ("Asia/Kolkata", "en", "Nov")):
        context = browser.new_context(viewport={"width": 390, "height": 844},
                                      timezone_id=zone, locale=lang)
        page = context.new_page()
        errors = collect_errors(page)
        page.goto(f"{live_server}/games/{game['id']}/changes?lang={lang}")
        time = page.locator(".changes-list time").first
        expect(time).not_to_contain_text("UTC")
        stamp = time.get_attribute("datetime")
        assert stamp and stamp.endswith("Z")
        local = datetime.fromisoformat(stamp.replace("Z", "+00:00")).astimezone(ZoneInfo(zone))
        text = time.inner_text()
        assert local.strftime("%H:%M") in text, (zone, text)
        assert str(local.day) in text and month in text, (zone, text)
        # The UTC the server wrote is kept as the element's title.
        assert (time.get_attribute("title") or "").endswith(" UTC")
        assert errors == []
        context.close()


def test_without_javascript_the_time_says_utc(browser: Browser, live_server: str) -> None:
    game = api(live_server, "/api/v1/games", {"ruleset": "classic"})
    api(live_server, f"/api/v1/games/{game['id']}/hands", HAND, game["edit_token"])
    context = browser.new_context(java_script_enabled=False, timezone_id="Asia/Kolkata")
    page = context.new_page()
    page.goto(f"{live_server}/games/{game['id']}/changes")
    expect(page.locator(".changes-list time").first).to_contain_text("UTC")
    context.close()
