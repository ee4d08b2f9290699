"""The app as a laptop serves it to the table (issue 13), at 390x844 and 360x740: on every
interface, opened at 127.0.0.1 on the laptop and at its plain-http LAN address on the phones.

- The share links and QR codes of a game opened at 127.0.0.1 use the LAN address, and another
  phone opens them.
- At the LAN address (plain http: no service worker, browsers allow one only on https or
  localhost) a hand saved without signal is kept by the page, as typed, and sent when the
  signal is back.
- There, without the Screen Wake Lock API, a muted inline video keeps the screen on, started
  as each of the game's pages opens (or by the first tap where the browser wants one).
"""

from __future__ import annotations

import io
import json
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import segno
from phone import api, fill_worked_hand, serving
from playwright.sync_api import Browser, BrowserContext, Page, expect

from scorekeeper.network import lan_address

Shot = Callable[[Page, str], Path]
PHONES = {"390": {"width": 390, "height": 844}, "360": {"width": 360, "height": 740}}
LAN = lan_address()

pytestmark = pytest.mark.skipif(LAN is None, reason="this machine has no LAN address")


@pytest.fixture(scope="module")
def table_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """The app on every interface (as ``make run`` serves it); yields its port."""
    with serving({"LAN_LINKS": True}, tmp_path_factory.mktemp("lan"), host="0.0.0.0") as port:
        yield port


@contextmanager
def new_game_at_lan(browser: Browser, port: int, viewport: dict[str, int], **options: Any
                    ) -> Iterator[tuple[str, dict[str, Any], BrowserContext, Page, list[str]]]:
    """A classic game made through the API at the LAN address, and a phone's context and page
    (with the script errors it saw): the address, the game, the context, the page, the errors."""
    base = f"http://{LAN}:{port}"
    game = api(base, "/api/v1/games", {"ruleset": "classic", "players": 4})
    context = browser.new_context(viewport=viewport, **options)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        yield base, game, context, page, errors
    finally:
        context.close()


@pytest.fixture(params=list(PHONES))
def size(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def test_share_links_opened_at_127_use_the_lan_address(browser: Browser, table_server: int,
                                                       size: str, shot: Shot) -> None:
    laptop = browser.new_context(viewport=PHONES[size])
    page = laptop.new_page()
    try:
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        page.goto(f"http://127.0.0.1:{table_server}/games/new")
        page.get_by_role("button", name="Start the game").first.click()
        page.wait_for_url(f"http://127.0.0.1:{table_server}/games/*")
        game_id = page.url.rsplit("/", 1)[-1]
        # The share panel's codes are drawn when it opens, not with every game screen.
        page.wait_for_load_state("load")
        assert not [r for r in asked if "/share/" in r]
        page.get_by_text("Share this game").click()
        links = page.locator(".share-url a")
        view_url = f"http://{LAN}:{table_server}/games/{game_id}"
        expect(links.nth(0)).to_have_text(view_url)
        edit_url = links.nth(1).inner_text()
        assert edit_url.startswith(f"http://{LAN}:{table_server}/games/{game_id}/join/")
        # The QR codes are of those links, not of 127.0.0.1.
        qrs = page.locator("img.qr")
        for i, url in enumerate((view_url, edit_url)):
            expected = io.BytesIO()
            segno.make(url, error="m").save(expected, kind="svg", scale=5, border=2)
            # The panel is open: its codes were drawn (they load when it opens).
            expect(qrs.nth(i)).to_have_js_property("complete", True)
            assert qrs.nth(i).evaluate("img => img.naturalWidth") > 0
            drawn = page.request.get(str(qrs.nth(i).evaluate("img => img.currentSrc")))
            assert drawn.body() == expected.getvalue()
        assert "127.0.0.1" not in page.locator("#share").inner_html()
        page.locator("#share").scroll_into_view_if_needed()
        shot(page, f"lan-01-share-at-127-{size}")
    finally:
        laptop.close()

    # Another phone opens the read-only link at the LAN address.
    other = browser.new_context(viewport=PHONES[size])
    try:
        phone = other.new_page()
        phone.goto(view_url)
        expect(phone.locator(".side-total").first).to_have_text("Score: 0")
        expect(phone.get_by_role("link", name="Count this hand")).to_have_count(0)
    finally:
        other.close()


def test_offline_save_is_kept_and_sent_on_plain_http(browser: Browser, table_server: int,
                                                     size: str, shot: Shot) -> None:
    with new_game_at_lan(browser, table_server, PHONES[size]) as (base, game, context, page,
                                                                    errors):
        page.goto(game["edit_url"])
        # A plain-http LAN origin: no secure context, so no service worker to fall back on.
        assert page.evaluate("window.isSecureContext") is False
        assert page.evaluate("'serviceWorker' in navigator") is False
        page.goto(f"{base}/games/{game['id']}/hands/new")
        page.wait_for_function("() => window.htmx !== undefined"
            " && document.readyState === 'complete'")
        fill_worked_hand(page)

        context.set_offline(True)
        page.get_by_role("button", name="Save this hand").click()
        notice = page.locator(".offline-notice")
        expect(notice).to_be_visible()
        expect(notice).to_contain_text("Not saved")
        # Kept by the page as typed; nothing reached the server.
        expect(page.locator("[name='sides[0].table_points']")).to_have_value("355")
        shot(page, f"lan-02-offline-kept-{size}")

        expect(notice).to_contain_text("1 hand waiting to be sent")
        # The signal comes back: the waiting hand goes on its own, no tap needed.
        context.set_offline(False)
        page.wait_for_url(f"{base}/games/{game['id']}")
        expect(page.locator(".notice").first).to_have_text(
            "Hand 1 saved when the connection came back.")
        with urllib.request.urlopen(f"{base}/api/v1/games/{game['id']}", timeout=60) as res:
            state = json.loads(res.read())
        # 003's worked hand, saved once: 1,035 and 535.
        assert [h["totals"] for h in state["hands"]] == [[1035, 535]]
        assert not errors


PLAYING = "() => !!document.documentElement.keepAwakeVideo" \
    " && !document.documentElement.keepAwakeVideo.paused"


def hide_and_show(page: Page) -> None:
    """The page hidden (the phone's screen off, another app) and shown again."""
    page.evaluate("""() => {
        const state = (value) => Object.defineProperty(
            document, 'visibilityState', {value: value, configurable: true});
        state('hidden');
        document.dispatchEvent(new Event('visibilitychange'));
        state('visible');
        document.dispatchEvent(new Event('visibilitychange'));
    }""")


def test_the_screen_stays_on_at_the_lan_address_across_the_games_pages(
        browser: Browser, table_server: int, shot: Shot) -> None:
    """No Screen Wake Lock on plain http: NoSleep's muted looping inline video keeps the screen
    on. A muted inline video may start without a tap, so each of the game's pages starts it as
    it opens: the board after a save keeps the screen on with no new tap (issue 40)."""
    with new_game_at_lan(browser, table_server, PHONES["390"], has_touch=True) as (
            base, game, _context, page, errors):
        page.goto(game["edit_url"])
        assert page.evaluate("'wakeLock' in navigator") is False
        root = page.locator("html")
        # "video" is set once the video's play() has resolved: it is playing, untouched.
        expect(root).to_have_attribute("data-wake-lock", "video")
        page.wait_for_function(PLAYING)
        expect(page.locator("#keep-awake-tap")).to_have_count(0)

        page.get_by_role("link", name="Count this hand").tap()
        page.wait_for_url(f"{base}/games/{game['id']}/hands/new")
        expect(root).to_have_attribute("data-wake-lock", "video")
        page.wait_for_function("() => window.htmx !== undefined"
                               " && document.readyState === 'complete'")
        fill_worked_hand(page)
        page.get_by_role("button", name="Save this hand").tap()
        # The board after the save: playing again, no tap on it.
        page.wait_for_url(f"{base}/games/{game['id']}")
        expect(page.locator(".notice").first).to_have_text("Hand 1 saved.")
        expect(root).to_have_attribute("data-wake-lock", "video")
        page.wait_for_function(PLAYING)
        expect(page.locator("#keep-awake-tap")).to_have_count(0)
        shot(page, "lan-03-screen-kept-on-after-a-save")
        # Hidden, the browser stops the video; shown again, it starts on its own.
        hide_and_show(page)
        expect(root).to_have_attribute("data-wake-lock", "video")
        page.wait_for_function(PLAYING)
        assert not errors


# The browser's rule where a video may start only from a tap (a data saver, an older browser):
# play() refused but while a real tap is handled. (Not navigator.userActivation: Playwright's
# evaluate counts as a gesture.)
NO_AUTOPLAY = """(() => {
  let tapping = false;
  const tapped = (event) => {
    if (!event.isTrusted) { return; }
    tapping = true;
    setTimeout(() => { tapping = false; }, 0);
  };
  window.addEventListener('touchend', tapped, true);
  window.addEventListener('click', tapped, true);
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    if (!tapping) {
      return Promise.reject(new DOMException('play() needs a tap', 'NotAllowedError'));
    }
    return play.call(this);
  };
})();"""


def test_without_autoplay_the_page_asks_for_a_tap_and_the_first_one_starts_it(
        browser: Browser, table_server: int, shot: Shot) -> None:
    with new_game_at_lan(browser, table_server, PHONES["390"], has_touch=True) as (
            _base, game, context, page, errors):
        context.add_init_script(NO_AUTOPLAY)
        page.goto(game["edit_url"])
        root = page.locator("html")
        tap = page.locator("#keep-awake-tap")
        expect(root).to_have_attribute("data-wake-lock", "waiting-for-tap")
        expect(tap).to_have_text("Tap the screen to keep it on.")
        shot(page, "lan-04-screen-on-waits-for-a-tap")
        page.locator("h1").first.tap()
        expect(root).to_have_attribute("data-wake-lock", "video")
        page.wait_for_function(PLAYING)
        expect(tap).to_have_count(0)
        # Hidden, then shown: no start without a tap here, so the page asks again.
        hide_and_show(page)
        expect(root).to_have_attribute("data-wake-lock", "waiting-for-tap")
        expect(tap).to_be_visible()
        page.locator("h1").first.tap()
        expect(root).to_have_attribute("data-wake-lock", "video")
        assert not errors
