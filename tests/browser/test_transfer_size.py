"""First load of the game page on a phone: everything it fetches weighs under 60 KB on the wire.

Measured through the DevTools protocol: ``Network.loadingFinished`` gives each request's
``encodedDataLength`` (headers and body as transferred, i.e. gzipped where the app compresses).
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from playwright.sync_api import Browser

BUDGET = 60 * 1024
HAND = {"end": "went_out", "sides": [
    {"table_points": 50, "hand_points": 0, "canastas": {"mixed": 1}, "going_out": "normal"},
    {"table_points": 0, "hand_points": 0}]}


def _post(url: str, body: Any, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers=headers)
    with urllib.request.urlopen(req, timeout=60) as res:
        return json.loads(res.read())


def test_first_load_of_game_page_is_under_60_kb(browser: Browser, live_server: str) -> None:
    game = _post(live_server + "/api/v1/games", {"ruleset": "classic", "sides": [
        {"name": "Nosotros", "players": ["Ana", "Luis"]}, {"name": "Ellos"}]})
    for _ in range(10):
        _post(f"{live_server}/api/v1/games/{game['id']}/hands", HAND, game["edit_token"])

    # A fresh context: empty cache, no service worker yet, as a phone's first visit.
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  service_workers="block")
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    urls: dict[str, str] = {}
    sizes: dict[str, float] = {}
    cdp.on("Network.requestWillBeSent",
           lambda e: urls.__setitem__(e["requestId"], e["request"]["url"]))
    cdp.on("Network.loadingFinished",
           lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]))
    try:
        # "load", not "networkidle": the read-only board polls (every 0.5 s in these tests).
        page.goto(game["view_url"], wait_until="load")
        page.wait_for_function("() => window.htmx !== undefined"
            " && document.readyState === 'complete'")
        page.wait_for_timeout(300)  # late stylesheets (offline.css) finish too
    finally:
        context.close()

    # The board's stream and polls (``?v=<the game's version>``) are not the first load; the
    # static files (``?v=<the file's version>``) are.
    sizes = {r: n for r, n in sizes.items()
             if "/static/" in urls.get(r, "") or "?v=" not in urls.get(r, "")}
    total = int(sum(sizes.values()))
    detail = ", ".join(f"{urls.get(r, r).rsplit('/', 1)[-1] or '/'}={int(n)}"
                       for r, n in sorted(sizes.items(), key=lambda kv: -kv[1]))
    print(f"\nfirst load of the game page: {total} bytes ({total / 1024:.1f} KB) "
          f"in {len(sizes)} requests: {detail}")
    assert any("htmx" in u for u in urls.values())  # the measure saw the scripts
    assert len(sizes) >= 4
    assert total < BUDGET, detail
