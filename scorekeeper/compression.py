"""gzip for text answers when the client accepts it (pages, CSS, JS, JSON, SVG).

A phone on a weak signal pays for every byte: htmx alone is 52 KB, 17 KB gzipped. gunicorn
does not compress and a reverse proxy may not either, so the app does it itself. Static
files are compressed once per version (kept in memory, keyed by path and ETag); pages are
compressed as they go out (a few hundred microseconds for a game page).
"""

from __future__ import annotations

import gzip
import threading
from collections import OrderedDict

from flask import Response, current_app, request

MIN_SIZE = 512
#: Pages are compressed at every answer, static files once per version. On a page, level 1
#: took 0.17 ms where 6 took 0.30 ms (57 kB of the board's HTML; 2026-12-04) for a body a
#: third larger, which a LAN carries in no time; a static file is worth the smallest body.
PAGE_LEVEL = 1
STATIC_LEVEL = 9
TEXT_TYPES = frozenset({
    "application/javascript", "text/javascript", "application/json", "image/svg+xml",
    "application/xml", "text/xml",
})
_STATIC_CACHE: OrderedDict[tuple[str, str], bytes] = OrderedDict()
_STATIC_CACHE_SIZE = 64
_lock = threading.Lock()


def _compressible(response: Response) -> bool:
    mimetype = response.mimetype or ""
    return (
        response.status_code == 200
        # A generator body (streamed on purpose) goes out as it comes; files are fine.
        and not (response.is_streamed and not response.direct_passthrough)
        and "Content-Encoding" not in response.headers
        and (mimetype.startswith("text/") or mimetype in TEXT_TYPES)
    )


def compress_response(response: Response) -> Response:
    """``after_request`` hook: gzip the body when it is worth it and the client takes gzip."""
    if not current_app.config.get("COMPRESS_RESPONSES", True):
        return response
    if "gzip" not in request.headers.get("Accept-Encoding", "").lower():
        return response
    response.vary.add("Accept-Encoding")
    if not _compressible(response) or request.method == "HEAD":
        return response
    static = request.endpoint == "static"
    etag = response.headers.get("ETag", "")
    key = (request.path, etag)
    body: bytes | None = None
    if static and etag:
        with _lock:
            body = _STATIC_CACHE.get(key)
    if body is None:
        response.direct_passthrough = False  # send_file hands a file wrapper: read it
        data = response.get_data()
        if len(data) < MIN_SIZE:
            return response
        body = gzip.compress(data, compresslevel=STATIC_LEVEL if static else PAGE_LEVEL,
                             mtime=0)
        if static and etag:
            with _lock:
                _STATIC_CACHE[key] = body
                while len(_STATIC_CACHE) > _STATIC_CACHE_SIZE:
                    _STATIC_CACHE.popitem(last=False)
    else:
        response.close()  # the cached copy replaces the file wrapper: close the file
    response.set_data(body)
    response.headers["Content-Encoding"] = "gzip"
    if etag and not etag.startswith("W/"):
        # Same content, other bytes: a weak validator still answers If-None-Match with 304.
        response.headers["ETag"] = "W/" + etag
    return response
