"""History and statistics: the games this browser knows, and figures across them.

Only token hashes are stored, so a game can be linked only when this browser's session knows its
read-only token (the game screen remembers it). Other games are neither listed nor counted, and
statistics read only this browser's games: names and figures belong to their own tables.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from flask import Response, current_app, request, session

from ..access import public
from ..i18n import force_locale, get_locale
from ..i18n import gettext as _
from ..services import games as games_service
from ..services import stats as stats_service
from ..web import render
from . import bp
from . import chart as chart_module  # noqa: F401  (registers games.chart)
from .new_game_form import MAX_SIDES

#: The most games the history lists (the session remembers about as many).
MAX_LISTED = 60


def known_view_tokens() -> list[str]:
    """The read-only tokens this browser's session remembers (edit links remember them too)."""
    tokens: list[str] = []
    for key in ("view_tokens", "edit_tokens"):
        remembered = session.get(key)
        if isinstance(remembered, dict):
            tokens += [t for t in remembered if isinstance(t, str) and 0 < len(t) <= 100]
        elif isinstance(remembered, list):
            tokens += [t for t in remembered if isinstance(t, str) and 0 < len(t) <= 100]
    return list(dict.fromkeys(tokens))[:MAX_LISTED]


def _edit_tokens() -> dict[str, Any]:
    remembered = session.get("edit_tokens")
    return remembered if isinstance(remembered, dict) else {}


@bp.get("/")
@public("this browser's own games")
def history() -> Response:
    """Past and current games, newest first, with a link to each and its running totals."""
    tokens = {games_service.hash_token(t): t for t in known_view_tokens()}
    games = games_service.games_by_hashes(list(tokens))
    edit_tokens = _edit_tokens()
    rows = []
    for game in games:
        token = tokens[game.view_token_hash]
        state = games_service.game_state(game)
        rows.append({
            "game": game,
            "view_token": token,
            "editor": games_service.can_edit(game, edit_tokens.get(token)),
            "state": state,
            "ruleset": games_service.ruleset_of(game),
            # The empty hand that ended a game at time is no hand played.
            "hands": len(game.hands) - (games_service.time_call(game) is not None),
            "chart": chart_module.running_total_svg(game, state) if game.hands else None,
        })
    return render("games/history.html", rows=rows)


def default_side_names() -> set[str]:
    """The names the start form gives sides left unnamed, in every language the app speaks."""
    names = set()
    for lang in current_app.config.get("LANGUAGES", ("en", "es")):
        with force_locale(lang):
            names |= {_("Side %(n)d", n=n) for n in range(1, MAX_SIDES + 1)}
    return names


@contextmanager
def one_at_a_time(name: str) -> Iterator[None]:
    """Run the block in one request at a time on this machine, every worker and thread included.

    Statistics are the one page that reads many rows. Eight browsers reloading them as fast as
    answers came kept every worker busy and made a table's save wait: its p95 went 10x its idle
    value (``bench/stats_readers.py``, 2 workers, 2 cores). Queued one at a time, the readers wait
    for each other while sleeping in ``flock``, and the tables' saves keep the other core: the
    same run gave 2.7x on a machine loaded by other work (see bench/README.md for the figures).
    """
    os.makedirs(current_app.instance_path, exist_ok=True)
    with open(os.path.join(current_app.instance_path, f"{name}.lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@bp.get("/stats")
@public("this browser's own games")
def stats() -> Response:
    """Games played and won, average and best hand, canastas: per side and per player.

    Over the games this browser made or opened only. Answered one request at a time on the
    machine, the unchanged page's 304 included: a crowd reloading statistics then waits for
    itself while the tables' saves keep the other core. With the 304 outside the lock, eight
    readers asking at once moved a save's p95 more than ``/healthz`` read as fast did; inside it,
    no more (``bench/stats_readers.py``; figures in bench/README.md).
    """
    with one_at_a_time("statistics"):
        hashes = [games_service.hash_token(t) for t in known_view_tokens()]
        # The page changes only when one of its games does (or the language): a browser
        # reloading it sends the ETag back and gets 304 without the figures being read again.
        tag = hashlib.sha256(repr((stats_service.versions(hashes),
                                   str(get_locale()))).encode()).hexdigest()[:32]
        if request.if_none_match.contains_weak(tag):
            response = Response(status=304)
        else:
            figures = stats_service.collect(hashes, default_side_names())
            response = render("games/stats.html", stats=figures)
    response.set_etag(tag)
    # Figures of this browser's own games: never a shared cache.
    response.headers["Cache-Control"] = "private, no-cache"
    return response
