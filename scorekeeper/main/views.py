"""Home page and health check."""

from __future__ import annotations

import hashlib
import os
import re

from flask import Response, request, url_for

from ..access import public
from ..extensions import htmx
from ..web import render
from . import bp
from .variants import find_variants

#: A variant's name is a few words; more is not a search.
QUERY_MAX = 60


@bp.get("/")
@public("the home page")
def index() -> Response:
    """The home page: what the app does, big buttons to everything, and the variants with a
    search by name (``?q=``; an htmx request gets the list alone)."""
    query = request.args.get("q", "")[:QUERY_MAX].strip()
    variants = find_variants(query)
    if htmx:
        return render("main/_variants.html", query=query, variants=variants)
    return render("main/index.html", query=query, variants=variants)


@bp.get("/healthz")
@public("the server's health")
def healthz() -> tuple[str, int, dict[str, str]]:
    """Liveness check for load balancers and `make run` smoke tests."""
    return "ok", 200, {"Content-Type": "text/plain; charset=utf-8"}


@bp.get("/sw.js")
@public("the app's service worker")
def service_worker() -> Response:
    """The service worker, from the site root so its scope can be the whole site, with the
    static files it keeps linked at their versions, as the pages link them."""
    from flask import current_app, make_response

    response = make_response(_versioned_worker(current_app.static_folder or "static"))
    response.mimetype = "application/javascript"
    response.headers["Service-Worker-Allowed"] = "/"
    response.headers["Cache-Control"] = "no-cache"
    response.add_etag()
    response.make_conditional(request)  # 304 when the phone's copy is this one
    return response


_STATIC_URL = re.compile(r'"/static/([^"?]+)"')


def _versioned_worker(folder: str) -> str:
    """``static/sw.js`` with each ``"/static/<file>"`` written as ``url_for`` writes it
    (``?v=`` its version) and the shell's cache named after those versions."""
    with open(os.path.join(folder, "sw.js"), encoding="utf-8") as f:
        text = f.read()
    urls: list[str] = []

    def versioned(match: re.Match[str]) -> str:
        urls.append(url_for("static", filename=match.group(1)))
        return f'"{urls[-1]}"'

    text = _STATIC_URL.sub(versioned, text)
    shell = hashlib.sha256("\n".join(urls).encode()).hexdigest()[:12]
    return text.replace('var SHELL = "shell-" + VERSION;',
                        f'var SHELL = "shell-" + VERSION + "-{shell}";', 1)


@bp.get("/manifest.webmanifest")
@public("the app's manifest")
def manifest() -> Response:
    """The web app manifest (``static/manifest.webmanifest``): a phone can install the app on
    its home screen. From the site root, with its own type whatever the system's MIME list."""
    from flask import current_app, send_from_directory

    response = send_from_directory(current_app.static_folder or "static",
                                   "manifest.webmanifest",
                                   mimetype="application/manifest+json", max_age=0)
    response.headers["Cache-Control"] = "no-cache"
    return response
