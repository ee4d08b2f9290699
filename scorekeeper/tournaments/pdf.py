"""PDF printouts of the tournament pages, through the sheets' WeasyPrint helper.

``scorekeeper.sheets.render.html_to_pdf`` renders offline with the shared print style sheet
(``static/css/print.css``); the tournament templates add ``css/tournaments.css`` (its
``@media print`` rules) with a relative link that helper resolves under ``static/`` (its
static-only fetcher: nothing else is read).
"""

from __future__ import annotations

from flask import Response, make_response

from ..sheets.render import html_to_pdf


def render_pdf(html: str) -> bytes:
    """The PDF of ``html``, a complete document, on A4 upright."""
    return html_to_pdf(html, paper="a4", landscape=False)


def pdf_response(html: str, filename: str) -> Response:
    """``html`` as an inline PDF called ``filename``."""
    response = make_response(render_pdf(html))
    response.headers["Content-Type"] = "application/pdf"
    response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    return response
