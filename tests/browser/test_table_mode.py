"""Table mode (issue 13) on phones (390x844 and 360x740): the app installs on the home screen
(manifest and icons), the screen stays awake while a game is open, and "Big type" makes the
board readable from across the table."""

from __future__ import annotations

import io
import json
import re
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from phone import page_width
from PIL import Image
from playwright.sync_api import Browser, Page, expect

Shot = Callable[[Page, str], Path]
PHONES = {"390": {"width": 390, "height": 844}, "360": {"width": 360, "height": 740}}


@pytest.fixture(params=list(PHONES))
def phone(request: pytest.FixtureRequest, page: Page) -> Page:
    """The ``page`` fixture's phone (errors in ``page.errors``) at one phone size; it is put
    back at 390x844 after the test."""
    page.set_viewport_size(PHONES[request.param])
    page.size = request.param  # type: ignore[attr-defined]
    return page


def new_game(base: str, **body: Any) -> dict[str, Any]:
    req = urllib.request.Request(
        base + "/api/v1/games", headers={"Content-Type": "application/json"},
        data=json.dumps({"ruleset": "classic", "players": 4, "sides": [
            {"name": "Nosotros"}, {"name": "Ellos"}], **body}).encode())
    with urllib.request.urlopen(req, timeout=60) as res:
        return dict(json.loads(res.read()))


# -- installable ---------------------------------------------------------------------------------


def test_the_app_is_installable(phone: Page, live_server: str, shot: Shot) -> None:
    phone.goto(live_server + "/")
    href = phone.locator("link[rel='manifest']").get_attribute("href")
    assert href == "/manifest.webmanifest"
    res = phone.request.get(live_server + href)
    assert res.status == 200
    assert res.headers["content-type"].split(";")[0] == "application/manifest+json"
    manifest = res.json()
    assert manifest["name"] == "Canasta Scorekeeper" and manifest["short_name"] == "Canasta"
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    icons = {(icon["sizes"], icon.get("purpose", "any")): icon["src"]
             for icon in manifest["icons"]}
    assert set(icons) == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for (sizes, _purpose), src in icons.items():
        icon = phone.request.get(live_server + src)
        assert icon.status == 200 and icon.headers["content-type"] == "image/png"
        image = Image.open(io.BytesIO(icon.body()))
        assert f"{image.width}x{image.height}" == sizes and image.format == "PNG"
    # A maskable icon is full bleed: its corners are painted (a mask may cut anywhere there).
    maskable = Image.open(io.BytesIO(phone.request.get(
        live_server + icons[("512x512", "maskable")]).body())).convert("RGBA")
    assert all(maskable.getpixel(xy)[3] == 255 for xy in ((0, 0), (511, 0), (0, 511)))
    apple = phone.locator("link[rel='apple-touch-icon']").get_attribute("href")
    assert apple and phone.request.get(live_server + apple).status == 200

    # Chromium's own verdict: nothing stops installing but the test browser's private
    # (incognito) profile.
    cdp = phone.context.new_cdp_session(phone)
    parsed = cdp.send("Page.getAppManifest")
    assert parsed["errors"] == [] and parsed["url"].endswith("/manifest.webmanifest")
    verdict = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e["errorId"] for e in verdict if e["errorId"] != "in-incognito"] == []
    assert not phone.errors  # type: ignore[attr-defined]


# -- the screen stays awake ----------------------------------------------------------------------

#: Counts the wake lock requests and keeps their sentinels, so a test can release one as the
#: browser does when the page is hidden.
WAKE_SPY = """
(() => {
  if (!navigator.wakeLock) { return; }
  const ask = navigator.wakeLock.request.bind(navigator.wakeLock);
  window.__locks = [];
  navigator.wakeLock.request = (type) => ask(type).then((s) => {
    window.__locks.push(s);
    return s;
  });
})();
"""


@pytest.mark.fresh_phone  # its init script stays on the tab
def test_the_screen_stays_awake_while_a_game_is_open(phone: Page, live_server: str) -> None:
    game = new_game(live_server)
    phone.add_init_script(WAKE_SPY)
    phone.goto(live_server + "/")
    phone.wait_for_function("() => document.readyState === 'complete'")
    # Not on the home page: only a game's pages keep the screen on.
    assert phone.evaluate("window.__locks.length") == 0
    assert phone.locator("html").get_attribute("data-wake-lock") is None

    phone.goto(game["edit_url"])
    expect(phone.locator("html")).to_have_attribute("data-wake-lock", "on")
    assert phone.evaluate("window.__locks.length === 1 && !window.__locks[0].released")
    # Hidden, the browser lets the lock go; visible again, the page asks again.
    phone.evaluate("window.__locks[0].release()")
    expect(phone.locator("html")).to_have_attribute("data-wake-lock", "released")
    phone.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(phone.locator("html")).to_have_attribute("data-wake-lock", "on")
    assert phone.evaluate("window.__locks.length") == 2

    # The other phones' read-only page keeps the screen on too.
    phone.goto(game["view_url"])
    expect(phone.locator("html")).to_have_attribute("data-wake-lock", "on")
    assert not phone.errors  # type: ignore[attr-defined]


@pytest.mark.fresh_phone  # its init script stays on the tab
def test_no_wake_lock_falls_back_on_the_video_without_error(phone: Page,
                                                            live_server: str) -> None:
    """A browser without the API (plain-http LAN addresses, older browsers) keeps the screen
    on by NoSleep's muted inline video, which starts as the page opens, no tap needed
    (tests/browser/test_lan_origin.py)."""
    game = new_game(live_server)
    phone.add_init_script("delete Navigator.prototype.wakeLock;")
    phone.goto(game["edit_url"])
    phone.wait_for_function("() => document.readyState === 'complete'")
    assert phone.evaluate("'wakeLock' in navigator") is False
    expect(phone.get_by_role("link", name="Count this hand")).to_be_visible()
    expect(phone.locator("html")).to_have_attribute("data-wake-lock", "video")
    assert not phone.errors  # type: ignore[attr-defined]


# -- read from across the table ------------------------------------------------------------------


def font_px(page: Page, selector: str) -> float:
    return float(page.eval_on_selector(selector, "el => parseFloat(getComputedStyle(el).fontSize)"))


def test_big_type_reads_from_across_the_table(phone: Page, live_server: str,
                                              shot: Shot) -> None:
    game = new_game(live_server, target=20000, starting_totals=[12340, -9995])
    phone.goto(game["view_url"])
    toggle = phone.get_by_role("button", name="Big type")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    # The usual board: totals 36 px, the opening minimum 52 px.
    assert font_px(phone, ".side-total") == 36 and font_px(phone, ".minimum-value") == 52
    shot(phone, f"table-01-board-{phone.size}")  # type: ignore[attr-defined]

    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    assert font_px(phone, ".side-total") == 72 and font_px(phone, ".minimum-value") == 56
    # One side per row, and the longest totals still fit: nothing wider than the screen.
    boxes = [phone.locator(".side-score").nth(i).bounding_box() for i in range(2)]
    assert boxes[0] and boxes[1] and boxes[1]["y"] >= boxes[0]["y"] + boxes[0]["height"]
    width = PHONES[phone.size]["width"]  # type: ignore[attr-defined]
    assert page_width(phone) <= width
    for i in range(2):
        total = phone.locator(".side-total").nth(i)
        assert total.evaluate("el => el.scrollWidth <= el.clientWidth")
    expect(phone.locator(".side-total").first).to_have_text(re.compile(r"12,340$"))
    shot(phone, f"table-02-big-type-{phone.size}")  # type: ignore[attr-defined]

    # Remembered on this phone, also through the board's own refresh.
    phone.reload()
    expect(phone.get_by_role("button", name="Big type")).to_have_attribute("aria-pressed",
                                                                           "true")
    assert font_px(phone, ".side-total") == 72
    phone.get_by_role("button", name="Big type").click()
    assert font_px(phone, ".side-total") == 36
    assert not phone.errors  # type: ignore[attr-defined]


def test_big_type_keeps_a_need_in_words_inside_its_box(phone: Page, live_server: str,
                                                      shot: Shot) -> None:
    # QA, 2026-12-05 (Portuguese, 360 and 390 px): from 8,500 in Brazilian Canasta, "200 e uma
    # canastra" at 3.5rem pushed "PARA ABRIR" out of its blue box and cut "canastra".
    game = new_game(live_server, ruleset="brazilian", language="pt",
                    starting_totals=[8500, 9200])
    phone.goto(game["view_url"] + "?lang=pt")
    phone.get_by_role("button", name="Letra grande").click()
    expect(phone.locator(".side-minimum").first).to_contain_text("200 e uma canastra")
    width = PHONES[phone.size]["width"]  # type: ignore[attr-defined]
    assert page_width(phone) <= width
    for i in range(2):
        box = phone.locator(".side-minimum").nth(i)
        outer = box.bounding_box()
        assert outer is not None
        for part in (".minimum-label", ".minimum-value"):
            inner = box.locator(part).bounding_box()
            assert inner is not None
            assert outer["x"] <= inner["x"] and (
                inner["x"] + inner["width"] <= outer["x"] + outer["width"]), (part, inner, outer)
        value = box.locator(".minimum-value")
        assert value.evaluate("el => el.scrollWidth <= el.clientWidth"), value.inner_text()
    shot(phone, f"table-03-big-type-need-in-words-pt-{phone.size}")  # type: ignore[attr-defined]


# JavaScript off: its pages cannot be watched for the calendar (conftest.py), so both dates.
@pytest.mark.both_dates
def test_without_javascript_no_dead_button(browser: Browser, live_server: str) -> None:
    game = new_game(live_server)
    context = browser.new_context(viewport=PHONES["360"], java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(game["view_url"])
        expect(page.locator(".big-type-toggle")).to_be_hidden()
        expect(page.locator(".side-total").first).to_be_visible()
    finally:
        context.close()
