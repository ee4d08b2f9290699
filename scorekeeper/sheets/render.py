"""HTML to PDF with WeasyPrint, offline, and a bounded cache of the PDFs made, by what they show.

WeasyPrint may fetch what a document links to; a sheet links to nothing but the print CSS, so the
URL fetcher refuses every URL that is not a file under ``static/``: no network while rendering,
and no way for a name typed into a game to pull in a file from elsewhere on the server. Fonts are
the system's (DejaVu, from fonts-dejavu-core; a name's emoji from fonts-noto-color-emoji, else
a box), found through fontconfig; no web fonts.
"""

from __future__ import annotations

import hashlib
import json
import mimetypes
import os
import threading
import time
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit
from urllib.request import url2pathname

import weasyprint
from cachetools import LRUCache
from flask import Response, current_app, request
from weasyprint.urls import URLFetcher, URLFetcherResponse
from werkzeug.exceptions import ServiceUnavailable

from .. import ROOT
from ..cache import BoundedCache
from ..i18n import gettext as _
from ..ratelimit import charge_render, check_render_allowance
from .renderer import Limits, RenderBusy, RenderTooLong, renderer, retry_after

STATIC = ROOT / "static"
PRINT_CSS = STATIC / "css" / "print.css"

#: Paper sizes the sheets come in; the value is the CSS ``size`` keyword.
PAPERS = {"a4": "A4", "letter": "letter"}


# WeasyPrint ships no types: its URLFetcher is Any to mypy.
class StaticOnlyFetcher(URLFetcher):  # type: ignore[misc]
    """Serves files under one folder; refuses anything else (other paths, http, data...)."""

    def __init__(self, root: Path) -> None:
        super().__init__(allowed_protocols=("file",))
        self.root = root.resolve()

    def fetch(self, url: str, headers: object = None) -> URLFetcherResponse:
        parts = urlsplit(url)
        if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
            raise ValueError(f"not a local static file: {url[:200]}")
        path = Path(url2pathname(parts.path)).resolve()
        if not path.is_relative_to(self.root) or not path.is_file():
            raise ValueError(f"not a local static file: {url[:200]}")
        content_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(path.as_uri(), path.read_bytes(),
                                  {"Content-Type": content_type})


_fetcher = StaticOnlyFetcher(STATIC)
_base_url = STATIC.as_uri() + "/"

# Parsing the print CSS costs about as much as laying out a small page: parse it once (again
# only when the file changes) and hand the same object to every render.
_css_lock = threading.Lock()
_css: dict[Hashable, weasyprint.CSS] = {}


def _print_css() -> weasyprint.CSS:
    key = ("print", os.stat(PRINT_CSS).st_mtime_ns)
    with _css_lock:
        css = _css.get(key)
        if css is None:
            for old in [k for k in _css if k[0] == "print"]:  # type: ignore[index]
                del _css[old]
            css = _css[key] = weasyprint.CSS(filename=str(PRINT_CSS), base_url=_base_url,
                                              url_fetcher=_fetcher)
        return css


def _page_css(paper: str, landscape: bool) -> weasyprint.CSS:
    key = ("page", paper, landscape)
    with _css_lock:
        css = _css.get(key)
        if css is None:
            size = PAPERS[paper] + (" landscape" if landscape else "")
            css = _css[key] = weasyprint.CSS(string=f"@page {{ size: {size}; }}",
                                              url_fetcher=_fetcher)
        return css


_count_lock = threading.Lock()
_renders = 0


def render_count() -> int:
    """How many PDFs this process had rendered for requests since start (tests check the
    cache with it)."""
    return _renders


def lay_out(html: str, *, paper: str = "a4", landscape: bool = True) -> weasyprint.Document:
    """``html`` (a complete document) laid out in pages on ``paper``, in this process: what
    decides how many pages a printout takes and their size, before any is drawn."""
    stylesheets = [_print_css(), _page_css(paper, landscape)]
    if f'class="{BALANCED_COLUMNS}"' in html:
        stylesheets.append(weasyprint.CSS(string=column_break(html, stylesheets)))
    document = weasyprint.HTML(string=html, base_url=_base_url, url_fetcher=_fetcher)
    return document.render(stylesheets=stylesheets)


def html_to_pdf(html: str, *, paper: str = "a4", landscape: bool = True) -> bytes:
    """Render ``html`` (a complete document) to PDF bytes on ``paper``, in this process (the
    render processes call it; requests go through :func:`render_bounded`)."""
    return bytes(lay_out(html, paper=paper, landscape=landscape).write_pdf())


#: The class of a block whose sections print in two balanced columns (the rules card's).
#: WeasyPrint balances CSS columns by laying their content out again and again: 2.5 s of the
#: 2.7 s of CPU 002's rules card took. Laying the sections out once, one after the other in
#: their columns, measures them; a column break before the section that halves them best then
#: balances the columns in one more layout (0.44 s for that card, the same page).
BALANCED_COLUMNS = "rc-grid"
_SECTION = "rc-section"


def column_break(html: str, stylesheets: list[weasyprint.CSS]) -> str:
    """The style that balances the :data:`BALANCED_COLUMNS` block's sections by a column
    break, from their heights laid out unbalanced."""
    unbalanced = f".{BALANCED_COLUMNS} {{ column-fill: auto; }}"
    measured = weasyprint.HTML(string=html, base_url=_base_url, url_fetcher=_fetcher).render(
        stylesheets=[*stylesheets, weasyprint.CSS(string=unbalanced)])
    grid: Any = None
    sections: list[tuple[Any, float]] = []

    def walk(box: Any) -> None:
        nonlocal grid
        element = getattr(box, "element", None)
        classes = (element.get("class") or "").split() if element is not None else []
        if BALANCED_COLUMNS in classes and grid is None:
            grid = element
        if _SECTION in classes and box.element_tag == "section":
            if not any(seen is element for seen, _ in sections):
                sections.append((element, box.margin_height()))
            return
        for child in getattr(box, "children", None) or ():
            walk(child)

    # WeasyPrint keeps the laid-out boxes of a page in a private attribute: where a new
    # version moves it, the block prints with CSS's own balancing (slower, same page).
    for page in measured.pages:
        walk(getattr(page, "_page_box", None))
    children = [child for child in grid if isinstance(child.tag, str)] if grid is not None \
        else []  # elements only, as :nth-child counts them (not comments)
    ours = [(element, height) for element, height in sections
            if any(element is child for child in children)]
    if len(ours) < 2:
        return ""
    heights = [height for _, height in ours]
    best = min(range(1, len(heights)),
               key=lambda k: max(sum(heights[:k]), sum(heights[k:])))
    nth = children.index(ours[best][0]) + 1
    return f"{unbalanced} .{BALANCED_COLUMNS} > :nth-child({nth}) {{ break-before: column; }}"


#: A cache of PDF bytes (the name the sheets' code and tests use).
PdfCache = BoundedCache[bytes]


#: The process's printouts, by the digest of what they show (:func:`content_digest`).
cache: BoundedCache[bytes] = BoundedCache()

#: What each printout showed at a version: its key (which names the version: a game's
#: ``version``, a tournament's :func:`~scorekeeper.tournaments.pdf.version_key`) to the digest
#: of its HTML. A request for a version seen before reads the digest here without building the
#: HTML; a new version builds it, and when it shows what an earlier one did (an undo then a
#: redo, a hand removed and typed again) finds that one's PDF in :data:`cache`.
_digests: LRUCache[Hashable, str] = LRUCache(maxsize=4096)
_digests_lock = threading.Lock()


def content_digest(html: str, *, version: str, paper: str, landscape: bool) -> str:
    """A digest of everything a printout shows: the document (names, hands, totals, language,
    dates...), its paper and orientation, and the printouts' layout version."""
    head = repr((version, paper, landscape)).encode()
    return hashlib.sha256(head + b"\0" + html.encode("utf-8", "surrogatepass")).hexdigest()


def inputs_digest(inputs: Any, *, version: str, paper: str, landscape: bool) -> str:
    """A digest of what a printout is drawn from, when that is cheaper to gather than its HTML
    (a kept game's hands, names, totals, dates and language: see ``sheets.views``)."""
    data = json.dumps([version, paper, landscape, inputs], sort_keys=True, default=str)
    return "i" + hashlib.sha256(data.encode("utf-8", "surrogatepass")).hexdigest()


def pdf_response(key: Hashable, make_html: Callable[[], str], *, version: str, paper: str,
                 landscape: bool, filename: str, inputs: Callable[[], Any] | None = None
                 ) -> Response:
    """The PDF of what ``make_html()`` shows, from :data:`cache` when a printout showing the
    same was rendered before, else rendered and kept; 304 when the browser has it.

    ``key`` names the version of what is printed (a request for the same key again does not
    build the HTML); ``version`` is the printout's layout version: bumped when its look
    changes, so browsers do not keep an old PDF on a 304. The ``ETag`` is the content's
    digest, so a browser holding a PDF that shows the same gets 304 even at a new version.
    With ``inputs``, the digest is :func:`inputs_digest` of what it returns (everything the
    HTML is made from), and the HTML is built only to render.

    What is not in the cache is made by :func:`_make`: after the client's render allowance
    is checked (429) and while one of the worker's renders is held (503 when none is free
    soon), so neither the HTML nor the PDF is built for a request that is refused."""
    memo = (version, key)
    if inputs is not None:
        digest: str | None = inputs_digest(inputs(), version=version, paper=paper,
                                           landscape=landscape)
    else:
        with _digests_lock:
            digest = _digests.get(memo)
    pdf = None
    if digest is not None:
        if request.if_none_match.contains_weak(digest[:32]):
            return _answer(None, digest, filename)
        pdf = cache.get(digest)
    if pdf is None:
        digest, pdf = _make(memo, make_html, digest, version=version, paper=paper,
                            landscape=landscape)
        if request.if_none_match.contains_weak(digest[:32]):
            return _answer(None, digest, filename)
    assert digest is not None
    return _answer(pdf, digest, filename)


def cached_response(key: Hashable, *, version: str, filename: str) -> Response | None:
    """The answer :func:`pdf_response` would give for ``key`` when it comes from the cache
    (the PDF, or 304), or ``None`` when the printout must be made (or ``key`` was not seen)."""
    with _digests_lock:
        digest = _digests.get((version, key))
    if digest is None:
        return None
    if request.if_none_match.contains_weak(digest[:32]):
        return _answer(None, digest, filename)
    pdf = cache.get(digest)
    return None if pdf is None else _answer(pdf, digest, filename)


def refuse_early() -> None:
    """For a printout that must be made, before loading what it shows: 429 past the client's
    render allowance, 503 when the worker would refuse the render at once anyway."""
    check_render_allowance()
    limits = Limits.from_config(current_app.config)
    if renderer.would_refuse(limits):
        raise ServiceUnavailable(_("Other printouts are being made. Try again in a few "
                                   "seconds."), retry_after=retry_after(limits))


def _answer(pdf: bytes | None, digest: str, filename: str) -> Response:
    """The PDF (``None``: 304) with its ``ETag``."""
    if pdf is None:
        response = Response(status=304)
    else:
        response = Response(pdf, mimetype="application/pdf")
        response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    response.set_etag(digest[:32])
    # The browser keeps the PDF and asks again each time; an unchanged one answers 304.
    response.headers["Cache-Control"] = "private, no-cache"
    return response


def _make(memo: Hashable, make_html: Callable[[], str], digest: str | None, *, version: str,
          paper: str, landscape: bool) -> tuple[str, bytes]:
    """The digest and PDF of a printout not in the cache: its HTML built and rendered while
    one of the worker's renders is held (:mod:`.renderer`: a bounded number at once, each
    bounded in time), after the client's allowance is checked; what it cost (the HTML's CPU
    and the render's) is charged to the client. Stops the request with 429 past the
    allowance, 503 and ``Retry-After`` when no render is free soon enough or the render takes
    too long."""
    global _renders
    check_render_allowance()
    limits = Limits.from_config(current_app.config)
    try:
        with renderer.slot(limits) as slot:
            started = time.thread_time()
            html = make_html()
            if digest is None:
                digest = content_digest(html, version=version, paper=paper,
                                        landscape=landscape)
                with _digests_lock:
                    _digests[memo] = digest
                found = cache.get(digest)
                if found is not None:  # a new version showing what an earlier one did
                    charge_render(time.thread_time() - started)
                    return digest, found
            built = time.thread_time() - started
            try:
                done = slot.render(html, paper=paper, landscape=landscape)
            except RenderTooLong:
                current_app.logger.warning("PDF render stopped after its time (%d bytes of "
                                           "HTML)", len(html))
                charge_render(built + limits.cpu_seconds)
                raise
    except RenderTooLong as exc:
        raise ServiceUnavailable(_("This printout takes too long to make right now. Try again "
                                   "in a minute."), retry_after=exc.retry_after) from exc
    except RenderBusy as exc:
        raise ServiceUnavailable(_("Other printouts are being made. Try again in a few "
                                   "seconds."), retry_after=exc.retry_after) from exc
    charge_render(built + done.cpu)
    cache.put(digest, done.pdf)
    with _count_lock:
        _renders += 1
    return digest, done.pdf
