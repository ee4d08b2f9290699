"""What the browser tests do again and again, once: steppers and fields of the count screen,
the API called as a second phone would, the app served on a port, and the worked hand many
journeys count."""

from __future__ import annotations

import json
import re
import threading
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page


#: What htmx logs (``console.error``) for a request that ends without an answer: first
#: ``htmx:afterRequest, <target>``, then the reason: ``htmx:sendAbort`` when the page cancelled
#: it itself, ``htmx:sendError`` when the network failed, ``htmx:timeout``.
HTMX_ENDED = "htmx:afterRequest"
HTMX_ABORTED = "htmx:sendAbort"


def page_width(page: Page) -> int:
    """How wide the page lays out, once its styles and fonts are in: right after a click that
    loads a page, its text can be read while its stylesheets are still on the way, and a page
    without them is wider than any phone (CI, 2026-12-05: the pairs of the night measured 376 px
    at 360, as the same page does with no stylesheet)."""
    page.wait_for_load_state("load")
    return int(page.evaluate(
        "document.fonts.ready.then(() => document.documentElement.scrollWidth)"))


class ErrorLog(list[str]):
    """The page's script and console errors, kept up to date as they come (``collect_errors``);
    ``clear()`` also forgets what came before, for a tab lent to the next test."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[str] = []
        self.aborted = 0

    def clear(self) -> None:
        super().clear()
        self.seen.clear()
        self.aborted = 0

    def update(self) -> None:
        kept: list[str] = []
        forgiven = 0
        i = 0
        seen = self.seen
        while i < len(seen):
            text = seen[i]
            if (forgiven < self.aborted and text.startswith(HTMX_ENDED) and i + 1 < len(seen)
                    and seen[i + 1] == HTMX_ABORTED + text[len(HTMX_ENDED):]):
                forgiven += 1
                i += 2
                continue
            kept.append(text)
            i += 1
        self[:] = kept


def collect_errors(page: Page) -> ErrorLog:
    """The page's script errors and console errors, in a list kept up to date as they come.

    One kind is left out, because it is no error: an htmx request the page cancelled itself
    (two lines a request, see ``HTMX_ENDED``), as a form with ``hx-sync="this:replace"`` does
    when a newer request replaces one still waiting (the live count while typing on a slow
    machine) and as leaving the page does. Each pair is left out only if the browser reported
    an htmx request aborted (``net::ERR_ABORTED``) for it; a failed send, a timeout, an error
    answer and every other message stay.
    """
    errors = ErrorLog()

    def on_text(text: str) -> None:
        errors.seen.append(text)
        errors.update()

    def on_failed(request: Any) -> None:
        if request.failure == "net::ERR_ABORTED" and request.headers.get("hx-request") == "true":
            errors.aborted += 1
            errors.update()

    page.on("console", lambda msg: on_text(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: on_text(str(exc)))
    page.on("requestfailed", on_failed)
    return errors


PHONE = {"width": 390, "height": 844}


def new_phone(browser: Browser) -> Page:
    """A phone-sized tab (``PHONE``) in a context of its own, its errors in ``page.errors``."""
    page = browser.new_context(viewport=PHONE).new_page()
    page.errors = collect_errors(page)  # type: ignore[attr-defined]
    # Every site the tab opens, so that what it kept there can be forgotten (``forget``).
    page.origins = set()  # type: ignore[attr-defined]
    page.on("framenavigated", lambda frame: page.origins.add(  # type: ignore[attr-defined]
        urlsplit(frame.url)._replace(path="", query="", fragment="").geturl()))
    return page


def forget(page: Page) -> None:
    """Undo what a test may have left on a kept phone: routes, the network cut, another size
    or medium, permissions, and each site's cookies, storage, service worker and caches; the
    tab first leaves the site (about:blank), so nothing of the test's pages still runs."""
    context = page.context
    page.goto("about:blank")
    page.unroute_all(behavior="ignoreErrors")
    context.unroute_all(behavior="ignoreErrors")
    context.set_offline(False)
    page.set_viewport_size(PHONE)
    page.emulate_media(media="null")
    cdp = context.new_cdp_session(page)
    try:
        for origin in page.origins:  # type: ignore[attr-defined]
            if origin.startswith("http"):
                cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
    finally:
        cdp.detach()
    page.origins.clear()  # type: ignore[attr-defined]
    context.clear_cookies()
    context.clear_permissions()


def stepper(page: Page, name: str, times: int = 1) -> None:
    """Tap the + of field ``name``'s stepper ``times`` times."""
    field_id = "f-" + re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-")
    button = page.locator(f"button.step[data-step='1'][aria-controls='{field_id}']")
    for _ in range(times):
        button.click()


def field(page: Page, name: str) -> Locator:
    return page.locator(f"[name='{name}']")


def open_more(page: Page, *sides: str) -> None:
    """Open the "More" of each of ``sides`` (``#side-0``...) that has one and keeps it closed."""
    for side in sides:
        more = page.locator(f"{side} details.count-more > summary")
        if more.count() and not page.locator(f"{side} details.count-more[open]").count():
            more.click()


def count_hand(page: Page, taps: dict[str, int], typed: dict[str, str],
               going_out: str = "normal") -> None:
    """On the count screen, side 1 goes out (the way ``going_out``); tap each of ``taps``'
    steppers so many times and type each of ``typed``'s values in its field."""
    page.check(f"input[name='sides[0].going_out'][value='{going_out}']")
    for name, times in taps.items():
        stepper(page, name, times)
    for name, value in typed.items():
        field(page, name).fill(value)


def make_tournament(page: Page, live_server: str, pairs: list[str] | int,
                    **fields: Any) -> dict[str, Any]:
    """A "Torneo de primavera" of the torneo preset made through the API (each value the preset
    leaves open set to 100), for ``pairs`` named ("X" plays with "X A" and "X B") or, for a
    number, "Pareja 1"... (with "A1" and "B1"...); the API's answer."""
    from scorekeeper.engine import find_ruleset

    values = {path: 100 for path, _label in find_ruleset("torneo").missing_values()}
    named = ([{"name": n, "players": [f"{n} A", f"{n} B"]} for n in pairs]
             if isinstance(pairs, list) else
             [{"name": f"Pareja {i}", "players": [f"A{i}", f"B{i}"]} for i in range(1, pairs + 1)])
    # Its tables start when seated (what these tests check is not the bell) unless ``fields``
    # say otherwise.
    made = page.request.post(f"{live_server}/api/v1/tournaments", data={
        "name": "Torneo de primavera", "values": values, "pairs": named,
        "tables_start": "seated", **fields})
    assert made.status == 201, made.text()
    data: dict[str, Any] = made.json()
    return data


def count_without_script(browser: Browser, live_server: str, width: int = 390,
                         height: int = 844) -> Page:
    """A phone with JavaScript off that started a classic game and opened its count screen
    (close it with ``page.context.close()``)."""
    page = browser.new_context(viewport={"width": width, "height": height},
                               java_script_enabled=False).new_page()
    page.goto(live_server + "/games/new")
    page.get_by_role("button", name="Start the game").first.click()
    page.get_by_role("link", name="Count this hand").click()
    # The click returns once the navigation starts; the count screen's stylesheets decide
    # what shows, so wait until they are in.
    page.wait_for_url("**/hands/new")
    page.wait_for_load_state("load")
    return page


def api(base: str, path: str, body: Any, token: str | None = None) -> Any:
    """POST ``body`` as JSON to the API at ``base`` (with the edit token when given)."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), headers=headers)
    with urllib.request.urlopen(req, timeout=60) as res:
        return json.loads(res.read())


def fill_worked_hand(page: Page) -> None:
    """Type the classic hand the journeys count on the count screen: side 1 goes out with two
    mixed canastas, 355 on the table and 20 in hand; side 2 has 280 on the table, 45 in hand
    and three red 3s (side 1 scores 1,035, side 2 535: Nosotros lead by 500)."""
    page.locator("input[name='sides[0].going_out'][value='normal']").check()
    page.locator("[name='sides[0].canastas.mixed']").fill("2")
    page.locator("[name='sides[0].table_points']").fill("355")
    page.locator("[name='sides[0].hand_points']").fill("20")
    page.locator("[name='sides[1].table_points']").fill("280")
    page.locator("[name='sides[1].hand_points']").fill("45")
    page.locator("[name='sides[1].red_threes']").fill("3")


def wait_for_worker(page: Page) -> None:
    """Wait until the service worker is installed and controls the page (reloading from here
    only: a reload started inside the page would race this one)."""
    page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
    for _ in range(5):
        page.reload()
        if page.evaluate("() => navigator.serviceWorker.controller !== null"):
            break
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")


@contextmanager
def serving(config: dict[str, Any], tmp: Path, host: str = "127.0.0.1") -> Iterator[int]:
    """The real app with ``config`` on a fresh SQLite database under ``tmp``, served on ``host``
    and a free port by a thread; yields the port."""
    from werkzeug.serving import make_server

    from scorekeeper import create_app
    from scorekeeper.extensions import db

    app = create_app({"TESTING": True, "SECRET_KEY": "test",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp / 'live.sqlite'}", **config},
                     instance_path=str(tmp / "instance"))
    with app.app_context():
        db.create_all()
    server = make_server(host, 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
    thread.start()
    try:
        yield server.server_port
    finally:
        server.shutdown()
        thread.join(timeout=5)
        server.server_close()
        with app.app_context():
            db.engine.dispose()
