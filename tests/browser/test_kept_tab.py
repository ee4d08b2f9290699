"""The tab the ``page`` fixture lends from test to test forgets what a test left on it: the
next test meets a phone that has never seen the site."""

from __future__ import annotations

from phone import PHONE, forget, new_phone, wait_for_worker
from playwright.sync_api import Browser


def test_a_kept_tab_forgets_storage_cookies_worker_routes_and_size(browser: Browser,
                                                                   live_server: str) -> None:
    phone = new_phone(browser)
    try:
        phone.goto(live_server + "/games/new")
        phone.get_by_role("button", name="Start the game").first.click()
        phone.wait_for_url("**/games/*")
        wait_for_worker(phone)
        phone.evaluate("localStorage.setItem('kept', '1'); sessionStorage.setItem('kept', '1')")
        assert phone.context.cookies(), "starting a game keeps its edit rights in a cookie"
        phone.route("**/healthz", lambda route: route.abort())
        phone.context.set_offline(True)
        phone.set_viewport_size({"width": 360, "height": 740})
        phone.errors.append("a message of the last test")  # type: ignore[attr-defined]

        forget(phone)
        phone.errors.clear()  # type: ignore[attr-defined]

        assert phone.url == "about:blank"
        assert phone.context.cookies() == []
        assert phone.viewport_size == PHONE
        assert phone.errors == []  # type: ignore[attr-defined]
        health = phone.goto(live_server + "/healthz")  # online, and no route left
        assert health is not None and health.ok
        assert phone.evaluate("""async () => [
            localStorage.length, sessionStorage.length,
            (await navigator.serviceWorker.getRegistrations()).length,
            (await caches.keys()).length,
            navigator.serviceWorker.controller === null]""") == [0, 0, 0, 0, True]
    finally:
        phone.context.close()
