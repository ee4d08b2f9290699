"""View helpers every blueprint shares: htmx-aware rendering, redirects, headers, locale."""

from __future__ import annotations

import re
import zlib
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from flask import (
    Response,
    current_app,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from werkzeug.exceptions import HTTPException, NotFound

from .extensions import htmx
from .i18n import error_message

if TYPE_CHECKING:
    from .services.errors import WriteRefused

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    # NoSleep's few-byte looping video (the screen kept on over plain http) is a data: URI.
    "media-src 'self' data:; "
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)


# The count form names some hundred fields, each id drawn two or three times a page: kept
# (the names are the forms' own, a bounded set; 47 error slots cost 0.35 ms a live count).
@lru_cache(maxsize=4096)
def field_id(name: str) -> str:
    """The HTML id of the input named ``name`` (``sides[0].red_threes`` → ``f-sides-0-red_threes``):
    the one id scheme of every form's fields (``templates/_fields.html``)."""
    return "f-" + re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-")


@lru_cache(maxsize=4096)
def error_id(name: str) -> str:
    """The id of the element that shows the errors of input ``name`` (``err-…``)."""
    return "err-" + re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-")


#: How many QR codes each worker keeps (about 1 kB each): the links of a night of 3,000
#: tables (two per game, one per table on its desk's dashboard) with room to spare.
QR_KEPT = 16_384


def qr_svg(url: str, scale: int = 5) -> str:
    """``url`` as a QR code, an SVG ``data:`` URI for an ``<img>`` (the CSP allows ``data:``).

    Drawing one takes about 8 ms; the desk's dashboard shows one per table at every news. A
    code depends only on its URL and scale, so they are kept (:func:`_qr_packed`).
    """
    return zlib.decompress(_qr_packed(url, scale)).decode()


@lru_cache(maxsize=QR_KEPT)
def _qr_packed(url: str, scale: int) -> bytes:
    """The code drawn once and kept compressed (4.5 kB as text, about 1 kB packed).

    Until 2026-12-04 the last 1,024 drawn were kept as text: a night of 1,000 tables shows
    more codes than that (each game's two links, each table's on its desk's dashboard), so
    every save drew them again (py-spy: a sixth of the read-only pages' CPU in a 300-table
    night).
    """
    import segno

    return zlib.compress(segno.make(url, error="m").svg_data_uri(scale=scale, border=2).encode(),
                         1)


@lru_cache(maxsize=1024)
def qr_svg_file(url: str, scale: int = 5) -> bytes:
    """``url`` as a QR code, an SVG file (what :func:`qr_svg` draws, served on its own)."""
    import io

    import segno

    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=scale, border=2)
    return out.getvalue()


def render(template_full: str, partial: str | None = None, **ctx: Any) -> Response:
    """Render the full page, or only ``partial`` when htmx asked for it.

    The answer always carries ``Vary: HX-Request`` so caches keep the two apart.
    """
    template = partial if partial is not None and htmx else template_full
    response = make_response(render_template(template, **ctx))
    response.vary.add("HX-Request")
    return response


def language_link(code: str) -> str:
    """The page as it is in language ``code``: its query kept (a count's lane, the side the
    board said went out), ``lang`` put in (QA, 2026-12-05: "?lang=en" alone opened a count
    in the other lane, empty)."""
    args = [(k, v) for k, v in request.args.items(multi=True) if k != "lang"]
    return "?" + urlencode([*args, ("lang", code)])


def see_other(endpoint: str, **values: Any) -> Response:
    """Redirect with 303 after a POST; htmx follows it and swaps in the new page."""
    # make_response: flask.redirect is typed as returning werkzeug's Response; the app's own
    # response class comes back unchanged.
    return make_response(redirect(url_for(endpoint, **values), code=303))


#: The forms whose page is their round's (the links, a paper result), not the control table.
_ROUND_FORMS = frozenset({"tournaments.round_links", "tournaments.table_link",
                          "tournaments.paper_result"})


def form_page(path: str) -> Response | None:
    """Where a form's address opened with GET leads: the page the form is on (``None``: no
    form posts there, or none of a game's or a tournament's).

    A page shown as a form's answer (a desk's confirmation, the links, a refusal shown again)
    leaves the form's address in the browser: a reload of it from the history, a new tab or a
    bookmark asks it with GET, which no form route answers (QA, 2026-12-05: the desk's "finish
    game" address gave a bare 405)."""
    if path.startswith("/api/"):  # the API answers its own 405, in JSON
        return None
    adapter = current_app.url_map.bind("localhost")
    try:
        endpoint, values = adapter.match(path, method="POST")
    except HTTPException:  # no route, or none that takes a POST: not a form's address
        return None
    if "tournament_id" in values:
        if endpoint in _ROUND_FORMS and "number" in values:
            return see_other("tournaments.round_page", tournament_id=values["tournament_id"],
                             number=values["number"])
        return see_other("tournaments.show", tournament_id=values["tournament_id"])
    if "game_id" in values:
        return see_other("games.show", game_id=values["game_id"])
    return None


def refused_page(error: WriteRefused, again: Callable[[str, int], Response]) -> Response:
    """What a page answers to a refused change, the pages' one place for it: a refusal the API
    answers 404 (no such game, hand, tournament, round, table or pair) is the Not Found page;
    any other is ``again``, the page shown again (or a redirect to it), given the words and the
    status its kind declares for a page (``services.errors``), in the request's language.

    Nothing was changed: the request's changes were dropped when it raised, and its end rolls
    back (``create_app``)."""
    if error.status == 404:
        return not_found_page()
    return again(error_message(error.says(page=True)), error.page_status)


def not_found_page() -> Response:
    """The Not Found page as an answer, for an error handler (one that raised ``abort(404)``
    would be a 500: Flask does not handle an error raised by a handler)."""
    return current_app.make_response(current_app.handle_http_exception(NotFound()))


def security_headers(response: Response) -> Response:
    """Set the security headers on every answer (registered as an ``after_request`` hook)."""
    response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    # The page's own address goes with a request to this site alone: Flask-WTF refuses a form
    # posted over https without a Referer of the same site (WTF_CSRF_SSL_STRICT), so
    # "no-referrer" made every form fail on https (issue 40). Another site never gets it: the
    # edit and organizer links carry their token in the path.
    response.headers.setdefault("Referrer-Policy", "same-origin")
    return response


def select_locale() -> str | None:
    """The request's language: ``?lang=`` (remembered in the session), the session, the browser."""
    supported = current_app.config.get("LANGUAGES", ("en", "es"))
    lang = request.args.get("lang")
    if lang in supported:
        session["lang"] = lang
        return lang
    remembered = session.get("lang")
    if remembered in supported:
        return str(remembered)
    return request.accept_languages.best_match(supported)


def refuse_long_streamed_bodies() -> None:
    """413 for a body sent without a length (``Transfer-Encoding: chunked``) past
    ``MAX_CONTENT_LENGTH``, as for one whose ``Content-Length`` says so.

    Werkzeug reads such a body up to the limit and stops without a word, so a view would see it
    cut short (a JSON body that does not parse: 400). The server (gunicorn, Werkzeug's own)
    ends the de-chunked input (``wsgi.input_terminated``), so one byte read past the limit
    says whether the body went on. Runs before any other hook reads the body (CSRF's).
    """
    from werkzeug.exceptions import RequestEntityTooLarge
    from werkzeug.wsgi import LimitedStream

    if (request.content_length is not None or "wsgi.input_terminated" not in request.environ
            or "chunked" not in request.headers.get("Transfer-Encoding", "").lower()):
        return
    request.get_data(cache=True)  # what the views read, kept
    stream = request.stream
    if isinstance(stream, LimitedStream) and stream.is_exhausted:
        if request.environ["wsgi.input"].read(1):
            raise RequestEntityTooLarge()


def refuse_unstorable_paths() -> None:
    """404 for a path holding NUL: every id in a path is looked up in the database, and
    PostgreSQL refuses NUL in a query (no stored id holds one)."""
    from flask import abort

    from .services.text import is_storable

    if not is_storable(request.path):
        abort(404)
