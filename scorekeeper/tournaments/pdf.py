"""PDF printouts of a tournament, in the tournament's language, cached per tournament version.

``scorekeeper.sheets.render.html_to_pdf`` renders offline with the shared print style sheet
(``static/css/print.css``); the tournament templates add ``css/tournaments.css`` (its
``@media print`` rules) with a relative link that helper resolves under ``static/``.

A printout is rendered once per *version* of the tournament (:func:`version_key`: everything a
paper can show, from the pairs to each table's game version, paper result and abandonment) and
kept in the sheets' bounded cache (``sheets.render.cache``), so 200 pairs printing their slips
cost one render, not one each. Answers carry an ``ETag``: a browser that has the PDF gets 304.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable
from typing import Any

from flask import Response
from flask_babel import force_locale

from ..models.tournaments import Tournament
from ..sheets.render import pdf_response

#: Bump when a tournament printout's look changes, so browsers do not keep an old PDF on a 304.
LAYOUT_VERSION = "1"


def version_key(tournament: Tournament) -> str:
    """A digest of everything the tournament's papers show: it changes when any of it does."""
    parts: list[Any] = [
        tournament.id, tournament.name, tournament.language, tournament.prizes,
        tournament.standings_by, tournament.victory_scale, tournament.rounds_planned,
        tournament.minutes, tournament.target, tournament.abandon_points,
        tournament.finished_at, getattr(tournament, "version", None),
        [(p.number, p.name, list(p.players), p.disqualified_round, p.substituted)
         for p in tournament.pairs],
    ]
    for rnd in tournament.rounds:
        parts.append((rnd.number, rnd.started_at, rnd.finished_at, list(rnd.byes),
                      [(t.number, t.pair_a_id, t.pair_b_id, t.game.version, t.abandoned_by,
                        t.paper_totals, t.view_token) for t in rnd.tables]))
    return hashlib.sha256(repr(parts).encode()).hexdigest()


def tournament_pdf(tournament: Tournament, kind: Hashable, make_html: Callable[[], str],
                   filename: str, *, landscape: bool = False) -> Response:
    """The printout ``kind`` of ``tournament`` in its language: from the cache when this
    version was rendered before, else rendered (``make_html`` runs in the tournament's
    language) and kept; 304 when the browser has it."""
    key = ("tournament", tournament.id, kind, version_key(tournament), tournament.language,
           landscape)

    def html() -> str:
        with force_locale(tournament.language):
            return make_html()

    return pdf_response(key, html, version=LAYOUT_VERSION, paper="a4", landscape=landscape,
                        filename=filename)
