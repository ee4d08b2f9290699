"""PDF printouts of a tournament, in the tournament's language, cached per tournament version.

``scorekeeper.sheets.render.html_to_pdf`` renders offline with the shared print style sheet
(``static/css/print.css``); the tournament templates add ``css/tournaments.css`` (its
``@media print`` rules) with a relative link that helper resolves under ``static/``.

A printout is asked for by *version* of the tournament (:func:`version_key`: everything a
paper can show, from the pairs to each table's game version, paper result and abandonment), and
kept in the sheets' bounded cache (``sheets.render.cache``) by a digest of what it shows, so 200
pairs printing their slips cost one render, not one each, and a table's hand undone then redone
(a new version showing what an earlier one did) costs none. Answers carry an ``ETag`` (the
content's digest): a browser that has the PDF gets 304.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable
from typing import Any

from flask import Response

from ..i18n import force_locale
from ..models.tournaments import Tournament
from ..ratelimit import use_desk_render_budget
from ..sheets.render import cached_response, pdf_response, refuse_early

#: Bump when a tournament printout's look changes, so browsers do not keep an old PDF on a 304.
LAYOUT_VERSION = "4"


def version_key(tournament_id: str) -> str | None:
    """A digest of everything the tournament's papers show: it changes when any of it does.
    Read with four small queries, without loading the tournament's games (a paper already in the
    cache is answered from it: :func:`cached_pdf`); ``None`` for no such tournament."""
    from sqlalchemy import select

    from ..extensions import db
    from ..models import Game
    from ..models.tournaments import TournamentPair, TournamentRound, TournamentTable

    head = db.session.execute(select(
        Tournament.id, Tournament.name, Tournament.language, Tournament.prizes,
        Tournament.standings_by, Tournament.victory_scale, Tournament.bye_victory_points,
        Tournament.rounds_planned,
        Tournament.minutes, Tournament.target, Tournament.abandon_points,
        Tournament.finished_at, Tournament.version,
    ).where(Tournament.id == tournament_id)).first()
    if head is None:
        return None
    parts: list[Any] = [tuple(head)]
    parts.append([tuple(row) for row in db.session.execute(select(
        TournamentPair.number, TournamentPair.name, TournamentPair.players,
        TournamentPair.disqualified_round, TournamentPair.substituted,
    ).where(TournamentPair.tournament_id == tournament_id).order_by(TournamentPair.number))])
    rounds = db.session.execute(select(
        TournamentRound.id, TournamentRound.number, TournamentRound.started_at,
        TournamentRound.finished_at, TournamentRound.byes,
    ).where(TournamentRound.tournament_id == tournament_id)
        .order_by(TournamentRound.number)).all()
    tables: dict[int, list[Any]] = {row[0]: [] for row in rounds}
    if rounds:
        for row in db.session.execute(select(
            TournamentTable.round_id, TournamentTable.number, TournamentTable.pair_a_id,
            TournamentTable.pair_b_id, Game.version, TournamentTable.abandoned_by,
            TournamentTable.paper_totals, TournamentTable.view_token,
        ).join(Game, Game.id == TournamentTable.game_id)
                .where(TournamentTable.round_id.in_(list(tables)))
                .order_by(TournamentTable.round_id, TournamentTable.number)):
            tables[row[0]].append(tuple(row[1:]))
    for rnd in rounds:
        parts.append((tuple(rnd[1:]), tables[rnd[0]]))
    return hashlib.sha256(repr(parts).encode()).hexdigest()


def desk_asks(tournament_id: str) -> bool:
    """Whether the request carries ``tournament_id``'s admin token (the desk's session, or
    ``Authorization: Bearer``); if so its renders draw on the desk's own budget
    (:func:`~scorekeeper.ratelimit.use_desk_render_budget`), not the strangers' at its
    address. One small query, only when a token is there."""
    from flask import request, session
    from sqlalchemy import select

    from ..access import DESK_TOKENS
    from ..extensions import db
    from ..services.games import token_matches

    tokens = session.get(DESK_TOKENS)
    candidates = [tokens.get(tournament_id)] if isinstance(tokens, dict) else []
    scheme, _, bearer = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() == "bearer" and bearer.strip():
        candidates.append(bearer.strip())
    candidates = [c for c in candidates if isinstance(c, str) and c]
    if not candidates:
        return False
    stored = db.session.scalar(select(Tournament.admin_token_hash)
                               .where(Tournament.id == tournament_id))
    if stored is None or not any(token_matches(c, stored) for c in candidates):
        return False
    use_desk_render_budget()
    return True


def _key(tournament_id: str, version: str, kind: Hashable, landscape: bool,
         paper: str) -> Hashable:
    return ("tournament", tournament_id, kind, version, landscape, paper)


def cached_pdf(tournament_id: str, kind: Hashable, filename: str, *,
               landscape: bool = False, paper: str = "a4") -> Response | None:
    """The printout ``kind`` from the cache (or 304) when this version of the tournament was
    printed before, without loading the tournament; ``None`` otherwise (the view loads it and
    calls :func:`tournament_pdf`). A paper that must be made is refused here, before the load,
    when it would be anyway (429 past the client's render allowance, 503 when the worker's
    renders are taken and a request waits already)."""
    version = version_key(tournament_id)
    if version is None:
        return None
    desk_asks(tournament_id)
    found = cached_response(_key(tournament_id, version, kind, landscape, paper),
                            version=LAYOUT_VERSION, filename=filename)
    if found is None:
        refuse_early()
    return found


def tournament_pdf(tournament: Tournament, kind: Hashable, make_html: Callable[[], str],
                   filename: str, *, landscape: bool = False, paper: str = "a4") -> Response:
    """The printout ``kind`` of ``tournament`` in its language: from the cache when this
    version was rendered before, else rendered (``make_html`` runs in the tournament's
    language) and kept; 304 when the browser has it."""
    version = version_key(tournament.id) or ""
    desk_asks(tournament.id)

    def html() -> str:
        with force_locale(tournament.language):
            return make_html()

    return pdf_response(_key(tournament.id, version, kind, landscape, paper), html,
                        version=LAYOUT_VERSION, paper=paper, landscape=landscape,
                        filename=filename)
