"""A phone asks for the app's files once: opening a page again takes one request, the page's,
not a dozen (the files are linked at their version and kept: scorekeeper/static_files.py)."""

from __future__ import annotations

import logging
import re
from typing import Any

import pytest
from phone import api
from playwright.sync_api import Browser, Page


class _Requests(logging.Handler):
    """The requests the test server answered, from its log (werkzeug's, one line each)."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())

    def static_files(self) -> list[str]:
        return [m.group(1) for line in self.lines
                if (m := re.search(r'"GET (/static/\S+)', line))]


def open_page(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
    page.wait_for_timeout(500)  # late ones too (offline.css, the service worker's own)


@pytest.mark.parametrize("workers", ["allow", "block"])
def test_a_page_opened_again_asks_the_server_for_no_static_file(
        browser: Browser, live_server: str, workers: Any) -> None:
    # "block": the browser's own cache alone (plain http on the LAN has no service worker).
    game = api(live_server, "/api/v1/games", {"ruleset": "classic", "players": 4, "sides": [
        {"name": "Nosotros"}, {"name": "Ellos"}]})
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  service_workers=workers)
    page = context.new_page()
    served = _Requests()
    log = logging.getLogger("werkzeug")
    log.addHandler(served)
    level = log.level
    log.setLevel(logging.INFO)
    try:
        open_page(page, game["view_url"])
        first = served.static_files()
        assert len(first) >= 8, first  # the log sees the files
        assert all(re.search(r"\?v=[0-9a-f]{12}$", url) for url in first), first
        served.lines.clear()
        open_page(page, game["view_url"])
        assert served.static_files() == [], served.static_files()
        assert any(f"GET /games/{game['id']}" in line for line in served.lines)
    finally:
        log.removeHandler(served)
        log.setLevel(level)
        context.close()
