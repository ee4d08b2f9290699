"""No signal at the table: the last game state still shows (marked offline), and a save that
cannot reach the server keeps what was typed and offers to retry."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from phone import api, wait_for_worker
from playwright.sync_api import Browser, Page, expect

Shot = Callable[[Page, str], Path]
HAND = {"end": "went_out", "sides": [
    {"table_points": 50, "hand_points": 0, "canastas": {"mixed": 1}, "going_out": "normal"},
    {"table_points": 0, "hand_points": 0}]}


def new_game(base: str) -> dict[str, Any]:
    game = api(base, "/api/v1/games", {"ruleset": "classic", "players": 4, "sides": [
        {"name": "Nosotros"}, {"name": "Ellos"}]})
    api(base, f"/api/v1/games/{game['id']}/hands", HAND, game["edit_token"])
    return game


def count_going_out(page: Page, base: str) -> dict[str, Any]:
    """A new game with one hand, its count screen open on this phone (the edit link opened
    first) and side 1 going out with a mixed canasta, its table points still to type."""
    game = new_game(base)
    page.goto(game["edit_url"])
    page.goto(f"{base}/games/{game['id']}/hands/new")
    page.wait_for_function("() => window.htmx !== undefined")
    page.check("input[name='sides[0].going_out'][value='normal']")
    page.locator("[name='sides[0].canastas.mixed']").fill("1")
    return game


def test_reload_without_signal_shows_last_state(browser: Browser, live_server: str,
                                                shot: Shot) -> None:
    game = new_game(live_server)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(game["view_url"])
        # The first visit installs the worker; the next load goes through it and is cached.
        wait_for_worker(page)
        expect(page.locator("#main")).to_contain_text("450")
        expect(page.locator("#offline-banner")).to_have_count(0)

        context.set_offline(True)
        page.reload()
        expect(page.locator("#main")).to_contain_text("450")
        banner = page.locator("#offline-banner")
        expect(banner).to_be_visible()
        expect(banner).to_contain_text("Offline")
        shot(page, "offline-01-game-reloaded-without-signal")

        context.set_offline(False)
        expect(banner).to_have_count(0)
    finally:
        context.close()


def test_failed_save_keeps_what_was_typed_and_retry_saves(page: Page, live_server: str,
                                                          shot: Shot) -> None:
    game = count_going_out(page, live_server)
    table = page.locator("[name='sides[0].table_points']")
    table.fill("85")

    page.context.set_offline(True)
    # Typing while offline: the live count cannot be had, but nothing is "not saved" yet.
    table.fill("95")
    notice = page.locator(".offline-notice")
    page.wait_for_timeout(800)
    expect(notice).to_have_count(0)
    # A save while offline is held back: the page stays, as typed, with a retry.
    page.get_by_role("button", name="Save this hand").click()
    expect(notice).to_be_visible(timeout=5000)
    expect(notice).to_contain_text("Not saved")
    expect(table).to_have_value("95")
    shot(page, "offline-02-save-failed-kept-values")

    # The phone has signal again but the server still does not answer (a club's Wi-Fi without
    # the laptop): the hand keeps waiting, Retry included.
    page.route("**/healthz", lambda route: route.abort())
    page.context.set_offline(False)
    page.locator(".offline-retry").click()
    expect(notice).to_contain_text("1 hand waiting to be sent")
    # Once the server answers, one tap on Retry saves the hand (not only the live count).
    page.unroute("**/healthz")
    page.locator(".offline-retry").click()
    page.wait_for_url(f"{live_server}/games/{game['id']}")
    # The game had one hand already: this is hand 2, saved once.
    expect(page.locator(".notice").first).to_have_text("Hand 2 saved.")
    state = page.request.get(f"{live_server}/api/v1/games/{game['id']}").json()
    assert len(state["hands"]) == 2 and state["hands"][1]["totals"][0] == 495
    # htmx logs the failed send and the browser the refused request; no script error besides.
    expected = ("htmx:", "Failed to load resource")
    assert not [e for e in page.errors if not e.startswith(expected)]  # type: ignore[attr-defined]


def test_a_waiting_hand_is_sent_on_its_own_when_the_signal_returns(page: Page,
                                                                    live_server: str) -> None:
    game = count_going_out(page, live_server)
    page.locator("[name='sides[0].table_points']").fill("95")
    page.context.set_offline(True)
    page.get_by_role("button", name="Save this hand").click()
    notice = page.locator(".offline-notice")
    expect(notice).to_contain_text("1 hand waiting to be sent")
    # No tap: the signal comes back and the hand goes by itself, once.
    page.context.set_offline(False)
    page.wait_for_url(f"{live_server}/games/{game['id']}", timeout=15000)
    expect(page.locator(".notice").first).to_have_text("Hand 2 saved.")
    state = page.request.get(f"{live_server}/api/v1/games/{game['id']}").json()
    assert len(state["hands"]) == 2 and state["hands"][1]["totals"][0] == 495


CACHED = """async () => {
  const out = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      out.push({url: request.url, body: await response.text()});
    }
  }
  return out;
}"""


def test_the_scorekeepers_page_is_never_kept(browser: Browser, live_server: str) -> None:
    """The scorekeeper's game page carries the edit link: the service worker never stores it
    (nor any page answered no-store); read-only pages are still kept for offline reloads."""
    mine, other = new_game(live_server), new_game(live_server)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(mine["edit_url"])  # remembered in this browser, then the game screen
        wait_for_worker(page)
        page.reload()  # the game screen through the worker
        expect(page.locator("#main")).to_contain_text(mine["edit_token"])  # its share panel
        page.goto(other["view_url"])
        # Wait for the read-only page to be kept (the worker stores it after answering).
        page.wait_for_function(
            f"async () => !!(await caches.match({other['view_url']!r}, {{ignoreVary: true}}))")
        cached = page.evaluate(CACHED)
        urls = [entry["url"] for entry in cached]
        assert other["view_url"] in urls
        assert mine["view_url"] not in urls
        assert not [entry["url"] for entry in cached if mine["edit_token"] in entry["body"]]
    finally:
        context.close()
