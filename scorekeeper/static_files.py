"""The app's own files (CSS, scripts, icons) kept by the phones until they change.

Each link to a static file carries its version, a digest of its bytes (``?v=...``); a request
that names the current version is answered with a year's ``max-age`` and ``immutable``, so a
phone asks for the file once, not again (a conditional request each) on every page it opens.
The club's Wi-Fi then carries one request a page instead of a dozen, and a page opens without
waiting on them. A file that changes gets a new version, so a new URL: nothing stale is kept.
A link without a version (an old page, the manifest's icons) is answered as before, to be
checked each time (``no-cache``).

Flask leaves this to the app (its static files are ``no-cache`` unless told otherwise); the
libraries that do it (Flask-Static-Digest) copy the files under new names in a build step,
which ``make run`` and the tests would then have to run first.
"""

from __future__ import annotations

import hashlib
import os
import stat as stat_module
import threading
from typing import Any

from flask import Flask, Response, current_app, has_request_context, request
from werkzeug.security import safe_join

#: How long a versioned file may be kept: a year (RFC 9111's "immutable" examples; the file's
#: URL changes with its bytes, so it never needs checking).
KEEP_SECONDS = 365 * 24 * 3600

_lock = threading.Lock()
#: A file's version by its path, with the (mtime, size) it was read at.
_versions: dict[str, tuple[tuple[int, int], str]] = {}


def version_of(app: Flask, filename: str) -> str | None:
    """The version of static file ``filename`` (a digest of its bytes), or ``None`` if there
    is no such file. Read once per process; where templates are reloaded when they change
    (``TEMPLATES_AUTO_RELOAD``, the debug server), a file edited meanwhile gets a new version
    at once (a page links a dozen files: a look at each on every page was 3 % of its CPU)."""
    folder = app.static_folder
    # The name may come from a request (``/static/../../dev/zero?v=1``): only a regular file
    # inside the folder is read, as Flask would serve it.
    path = safe_join(folder, filename) if folder is not None else None
    if path is None:
        return None
    recheck = app.config.get("TEMPLATES_AUTO_RELOAD")
    if not (app.debug if recheck is None else recheck):
        known = _versions.get(path)
        if known is not None:
            return known[1]
    try:
        stat = os.stat(path)
    except (OSError, ValueError):
        return None
    if not stat_module.S_ISREG(stat.st_mode):
        return None
    stamp = (stat.st_mtime_ns, stat.st_size)
    with _lock:
        known = _versions.get(path)
    if known is not None and known[0] == stamp:
        return known[1]
    try:
        with open(path, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()[:12]
    except OSError:
        return None
    with _lock:
        _versions[path] = (stamp, digest)
    return digest


def _add_version(endpoint: str, values: dict[str, Any]) -> None:
    if endpoint == "static" and "v" not in values and "filename" in values:
        version = version_of(current_app, values["filename"])
        if version is not None:
            values["v"] = version


def max_age(app: Flask, filename: str | None) -> int | None:
    """How long a static file's answer may be kept: a year when the request names its current
    version, else Flask's own setting (``None``: checked each time)."""
    if (filename is not None and has_request_context()
            and request.args.get("v") is not None
            and request.args.get("v") == version_of(app, filename)):
        return KEEP_SECONDS
    return None


def _immutable(response: Response) -> Response:
    if request.endpoint == "static" and response.cache_control.max_age == KEEP_SECONDS:
        response.cache_control.immutable = True
    return response


def init_app(app: Flask) -> None:
    """Version every ``url_for('static', ...)`` link and keep its answers."""
    app.url_defaults(_add_version)
    app.after_request(_immutable)
