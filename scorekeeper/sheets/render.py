"""HTML to PDF with WeasyPrint, offline, and a bounded cache of the PDFs made.

WeasyPrint may fetch what a document links to; a sheet links to nothing but the print CSS, so the
URL fetcher refuses every URL that is not a file under ``static/``: no network while rendering,
and no way for a name typed into a game to pull in a file from elsewhere on the server. Fonts are
the system's (DejaVu, from fonts-dejavu-core), found through fontconfig; no web fonts.
"""

from __future__ import annotations

import hashlib
import mimetypes
import os
import threading
from collections.abc import Callable, Hashable
from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import url2pathname

import weasyprint
from flask import Response, request
from weasyprint.urls import URLFetcher, URLFetcherResponse

from .. import ROOT
from ..cache import BoundedCache

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
    """How many PDFs were rendered since start (tests check the cache with it)."""
    return _renders


def html_to_pdf(html: str, *, paper: str = "a4", landscape: bool = True) -> bytes:
    """Render ``html`` (a complete document) to PDF bytes on ``paper``."""
    global _renders
    document = weasyprint.HTML(string=html, base_url=_base_url, url_fetcher=_fetcher)
    pdf = document.write_pdf(stylesheets=[_print_css(), _page_css(paper, landscape)])
    with _count_lock:
        _renders += 1
    return bytes(pdf)


#: A cache of PDF bytes (the name the sheets' code and tests use).
PdfCache = BoundedCache[bytes]


#: The process's sheets: kept games by version, blank sheets and rules cards by rule set.
cache: BoundedCache[bytes] = BoundedCache()


def pdf_response(key: Hashable, make_html: Callable[[], str], *, version: str, paper: str,
                 landscape: bool, filename: str) -> Response:
    """The PDF for ``key`` from :data:`cache`, rendered from ``make_html()`` first if need be;
    304 when the browser has it. ``version`` is the printout's layout version: bumped when its
    look changes, so browsers do not keep an old PDF on a 304."""
    etag = hashlib.sha256(repr((version, key)).encode()).hexdigest()[:32]
    if request.if_none_match.contains_weak(etag):
        response = Response(status=304)
    else:
        pdf = cache.get(key)
        if pdf is None:
            pdf = html_to_pdf(make_html(), paper=paper, landscape=landscape)
            cache.put(key, pdf)
        response = Response(pdf, mimetype="application/pdf")
        response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    response.set_etag(etag)
    # The browser keeps the PDF and asks again each time; an unchanged one answers 304.
    response.headers["Cache-Control"] = "private, no-cache"
    return response
