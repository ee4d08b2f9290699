"""Browser tests: the real app served on a free local port, driven by the system Chromium.

The whole folder is skipped when ``/usr/bin/chromium`` is missing or Playwright is not
installed. Screenshots go to ``artifacts/screenshots/`` (gitignored) for a person to look at.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import suppress
from pathlib import Path
from typing import Any

import pytest
from phone import forget, new_phone, serving

CHROMIUM = "/usr/bin/chromium"
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]

try:
    from playwright.sync_api import (
        Browser,
        BrowserContext,
        Page,
        Playwright,
        expect,
        sync_playwright,
    )
except ImportError:  # pragma: no cover - depends on the environment
    sync_playwright = None

if sync_playwright is None or not os.path.exists(CHROMIUM):
    pytest.skip(
        f"browser tests need Playwright and {CHROMIUM}", allow_module_level=True
    )


#: The environment variables of libfaketime, which .ci/run's runs at other dates set for the
#: Python processes (the tests, the servers they start).
FAKETIME_VARIABLES = ("LD_PRELOAD", "FAKETIME", "FAKETIME_DONT_FAKE_MONOTONIC",
                      "FAKETIME_FORCE_MONOTONIC_FIX")


def chromium_env() -> dict[str, str] | None:
    """Chromium's environment: the tests' own, without libfaketime. Under .ci/run's runs at
    other dates Chromium's clock is moved by a script in each page instead (``shifted_date``):
    loaded into Chromium, PyPI's libfaketime left it 30 s to start and then hung its pages, and
    Debian's stalled some tests for minutes. The zone (``TZ``) is kept: Chromium reads it."""
    if not any(name in os.environ for name in FAKETIME_VARIABLES):
        return None
    return {k: v for k, v in os.environ.items() if k not in FAKETIME_VARIABLES}


def clock_offset_ms() -> int:
    """How far libfaketime moves the clock of the tests' processes (``FAKETIME="+N"``, seconds,
    as .ci/run sets it), in milliseconds; 0 when the clock is not moved."""
    raw = os.environ.get("FAKETIME", "").strip() if "LD_PRELOAD" in os.environ else ""
    if not raw or raw[0] not in "+-":
        return 0
    try:
        return round(float(raw) * 1000)
    except ValueError:
        raise ValueError(f"FAKETIME must be an offset like +86400, not {raw!r}") from None


#: Moves the page's ``Date`` by the tests' clock offset, so a page and the server it talks to
#: agree on the time (a table's clock counts down to the server's deadline). Timers keep their
#: own pace: only what the date is changes.
SHIFTED_DATE = """(() => {
    const offset = %d;
    const RealDate = Date;
    class ShiftedDate extends RealDate {
        constructor(...args) {
            if (args.length === 0) { super(RealDate.now() + offset); } else { super(...args); }
        }
        static now() { return RealDate.now() + offset; }
    }
    globalThis.Date = ShiftedDate;
})();"""

#: Tells the test which of its pages read the calendar: a ``Date`` made or parsed (not
#: ``Date.now()``, which the pages only subtract from itself to pace their polls), a zone or
#: date formatted or a zone asked of ``Intl``, or a date shown (``<time>``, a deadline). A test
#: that reads none runs at one date only (``one_date``); this is what keeps that rule true.
CALENDAR_WATCH = """(() => {
    let told = false;
    const tell = (what) => {
        // axe (the accessibility tests' checker) stamps its report with the time it ran,
        // which no test reads.
        if (told || (new Error().stack || "").includes("axe.min.js")) { return; }
        told = true;
        const report = globalThis.__readsCalendar;
        if (report) { report(what + " on " + location.pathname); }
    };
    const watch = (real, name) => new Proxy(real, {
        construct(target, args, newTarget) {
            tell("new " + name + "()");
            return Reflect.construct(target, args, newTarget === watched ? target : newTarget);
        },
        apply(target, self, args) { tell(name + "()"); return Reflect.apply(target, self, args); },
        get(target, key) {
            if (name === "Date" && (key === "parse" || key === "UTC")) { tell("Date." + key); }
            return Reflect.get(target, key);
        },
    });
    const watched = watch(globalThis.Date, "Date");
    globalThis.Date = watched;
    // A format made is not read (app.js makes one on every page); a date formatted or the
    // zone asked is.
    const formats = Intl.DateTimeFormat.prototype;
    const formatter = Object.getOwnPropertyDescriptor(formats, "format");
    Object.defineProperty(formats, "format", { ...formatter, get() {
        tell("Intl.DateTimeFormat's format");
        return formatter.get.call(this);
    } });
    for (const name of ["formatToParts", "formatRange", "formatRangeToParts",
                        "resolvedOptions"]) {
        const real = formats[name];
        formats[name] = function (...args) {
            tell("Intl.DateTimeFormat's " + name);
            return real.apply(this, args);
        };
    }
    document.addEventListener("DOMContentLoaded", () => {
        if (document.querySelector("time, [data-deadline]")) { tell("a date shown"); }
    });
})();"""

#: What the pages of the running test said of the calendar (``CALENDAR_WATCH``).
CALENDAR_READS: list[str] = []


def wait_seconds() -> float:
    """How long a browser test waits for what it expects to see, ``TEST_BROWSER_WAIT_SECONDS``
    (60 s unless set). The waits end as soon as the page shows it, so a generous figure costs
    nothing where the tests pass; only a loaded machine needs it (Playwright's own defaults,
    5 s for an ``expect`` and 30 s for an action, are not always enough there)."""
    raw = os.environ.get("TEST_BROWSER_WAIT_SECONDS", "").strip() or "60"
    try:
        seconds = float(raw)
    except ValueError:
        raise ValueError(f"TEST_BROWSER_WAIT_SECONDS must be a number, not {raw!r}") from None
    if not seconds > 0:
        raise ValueError(f"TEST_BROWSER_WAIT_SECONDS must be more than 0, not {raw!r}")
    return seconds


WAIT_MS = wait_seconds() * 1000
expect.set_options(timeout=WAIT_MS)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test in this folder ``browser``, and ``one_date`` but where it uses the app's
    database (``app``, ``client``) or is marked ``both_dates``: its server keeps a SQLite file of
    its own and, unless its pages read the calendar (which ``_one_date_pages_read_no_calendar``
    fails it for), a second date or PostgreSQL proves nothing new of it."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)
            uses_database = {"app", "client"} & set(getattr(item, "fixturenames", ()))
            if not uses_database and not item.get_closest_marker("both_dates"):
                item.add_marker(pytest.mark.one_date)


@pytest.fixture(autouse=True)
def _one_date_pages_read_no_calendar(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fail a ``one_date`` test whose pages read the calendar: .ci/run's second date would
    have left it out. Mark it ``both_dates``."""
    CALENDAR_READS.clear()
    yield
    if request.node.get_closest_marker("one_date") and CALENDAR_READS:
        pytest.fail(f"its pages read the calendar ({'; '.join(sorted(set(CALENDAR_READS)))}),"
                    " so it must run at both of .ci/run's dates: mark it pytest.mark.both_dates",
                    pytrace=False)


#: Whether the screenshots are taken (``TEST_SCREENSHOTS``, unless it is 0). They are for a
#: person to look at: no test reads them. CI leaves them out: the browser tests take about 185,
#: each about 90 ms of CPU (Chromium's drawing and PNG, the driver, the file) on a phone page.
TAKE_SCREENSHOTS = os.environ.get("TEST_SCREENSHOTS", "1") != "0"


def save_screenshot(page: Page, name: str, *, full_page: bool = True) -> Path:
    """Save a screenshot (the whole page, or what the screen shows) as
    ``artifacts/screenshots/<name>.png``, unless ``TEST_SCREENSHOTS=0``; its path either way."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    if TAKE_SCREENSHOTS:
        page.screenshot(path=str(path), full_page=full_page)
    return path


@pytest.fixture
def shot() -> Callable[..., Path]:
    """The screenshot helper: ``shot(page, "name")`` saves ``artifacts/screenshots/name.png``
    (``full_page=False``: what the screen shows)."""
    return save_screenshot


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real app on 127.0.0.1 and a free port, on a fresh SQLite database; yields its URL."""
    # The following pages poll every half second here (5, 10 and 30 s by default), so a test
    # waits on what they show, not on the clock.
    config: dict[str, Any] = {
        "BOARD_POLL_SECONDS": 0.5,
        "DASHBOARD_POLL_SECONDS": 0.5,
        "STANDINGS_POLL_SECONDS": 0.5,
        # A render's lower priority lets a club's saves go first; beside a loaded CI run's
        # tests it starved a one-page blank sheet past the browser's 60 s wait. What the pages
        # do with the PDF is tested here, not the priority (tests/sheets/test_bounded_renders).
        "PDF_RENDER_NICE": 0,
    }
    with serving(config, tmp_path_factory.mktemp("live")) as port:
        yield f"http://127.0.0.1:{port}"


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    assert sync_playwright is not None
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                         env=chromium_env())
    # Every context the tests open (the ``page`` fixture's and their own) waits as long for an
    # action, a navigation or a ``wait_for_*`` as an ``expect`` does.
    new_context = browser.new_context

    def new_context_with_waits(*args: Any, **kwargs: Any) -> BrowserContext:
        context = new_context(*args, **kwargs)
        context.set_default_timeout(WAIT_MS)
        if offset := clock_offset_ms():
            context.add_init_script(SHIFTED_DATE % offset)
        context.expose_function("__readsCalendar", lambda what: CALENDAR_READS.append(what))
        if kwargs.get("java_script_enabled") is False:
            # Its pages cannot say what they read: the test runs at both dates.
            CALENDAR_READS.append("a tab without JavaScript, whose pages cannot be watched")
        context.add_init_script(CALENDAR_WATCH)
        return context

    browser.new_context = new_context_with_waits  # type: ignore[method-assign]
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def _kept_phone(browser: Browser) -> Iterator[list[Page]]:
    """The phone the ``page`` fixture lends, kept from test to test (one a worker); a list so
    a test that spoiled it (``fresh_phone``) can have it replaced."""
    phones: list[Page] = []
    yield phones
    for phone in phones:
        phone.context.close()


@pytest.fixture
def page(request: pytest.FixtureRequest, browser: Browser,
         _kept_phone: list[Page]) -> Iterator[Page]:
    """A phone-sized page (390x844), with its script and console errors in ``page.errors``
    (but for the requests it cancelled itself: ``phone.collect_errors``).

    The same tab is lent to each test of a worker and put back as new after each
    (``phone.forget``): a new tab cost about 1.1 s of CPU before its first page showed (a renderer
    process started, the app's scripts compiled anew), where a page load in a kept tab costs
    0.3 s. The browser tests (``-n 2``) took 247 s, 202 s of CPU, with a tab each; 213 s,
    177 s of CPU, with it kept. A test that changes the tab for good (``page.clock``, an init
    script) marks itself ``fresh_phone`` and gets a tab of its own."""
    if request.node.get_closest_marker("fresh_phone"):
        phone = new_phone(browser)
        yield phone
        phone.context.close()
        return
    if not _kept_phone or _kept_phone[0].is_closed():
        _kept_phone[:] = [new_phone(browser)]
    phone = _kept_phone[0]
    phone.errors.clear()  # type: ignore[attr-defined]
    yield phone
    try:
        forget(phone)
    except Exception:
        # Whatever it was left as, the next test gets a new phone.
        _kept_phone.clear()
        with suppress(Exception):
            phone.context.close()
