"""What ``page.errors`` leaves out (``phone.collect_errors``): only an htmx request the page
cancelled itself. On a slow machine the live count is still waiting when the next keystroke
asks for a newer one; the count form (``hx-sync="this:replace"``) cancels the old one, and htmx
logs that cancellation with ``console.error``. A request that fails is still an error."""

from __future__ import annotations

from typing import Any

from phone import api, field, fill_worked_hand
from playwright.sync_api import Page, Request, Route, expect


def open_count(page: Page, base: str) -> dict[str, Any]:
    game = api(base, "/api/v1/games", {"ruleset": "classic", "players": 4})
    page.goto(game["edit_url"])
    page.goto(f"{base}/games/{game['id']}/hands/new")
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
    return game


def console_errors(page: Page) -> list[str]:
    logged: list[str] = []
    page.on("console", lambda msg: logged.append(msg.text) if msg.type == "error" else None)
    return logged


def is_preview(request: Request) -> bool:
    return request.url.endswith("/hands/preview")


def test_a_live_count_replaced_by_a_newer_one_is_no_error(page: Page, live_server: str) -> None:
    open_count(page, live_server)
    fill_worked_hand(page)
    expect(page.locator("#count-summary")).to_contain_text("+535")  # 280 - 45 + red 3s 300
    logged = console_errors(page)
    held: list[Route] = []

    def slow_first(route: Route) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)  # the first live count gets no answer yet: a slow server

    page.route("**/hands/preview", slow_first)
    with page.expect_request(is_preview):
        field(page, "sides[1].table_points").fill("285")
    # Typed again while it waits: htmx cancels the first and sends the newer one.
    with page.expect_event("requestfailed", predicate=is_preview) as failed, \
            page.expect_response(is_preview) as answered:
        field(page, "sides[1].table_points").fill("290")
    assert failed.value.failure == "net::ERR_ABORTED"
    assert answered.value.ok
    expect(page.locator("#count-summary")).to_contain_text("+545")
    # htmx did log the cancellation; page.errors leaves out that and only that.
    assert any(text.startswith("htmx:sendAbort") for text in logged), logged
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_live_count_that_fails_is_still_an_error(page: Page, live_server: str) -> None:
    open_count(page, live_server)
    page.route("**/hands/preview", lambda route: route.abort("failed"))
    with page.expect_event("requestfailed", predicate=is_preview):
        field(page, "sides[1].table_points").fill("50")
    expect(page.locator("#offline-banner")).to_be_visible()  # after htmx logged the failure
    errors = page.errors  # type: ignore[attr-defined]
    assert any(text.startswith("htmx:sendError") for text in errors), errors
    assert any(text.startswith("htmx:afterRequest") for text in errors), errors
