"""The event streams (``text/event-stream``): one for a game's pages, one for a tournament's.

A stream says only *that* something changed (``event: changed`` with the new version; on a
tournament game's page also ``event: desk`` when the desk acted); the page then asks for its
part as it always did (``?v=`` answers 204 when nothing it shows changed). So a stream carries
nothing that its page does not already show to anyone with its address, and the pages still
work without it: they fall back to asking every few seconds (``static/js/live.js``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator

from flask import Response, abort, current_app, request

from ..extensions import db
from ..services import games as games_service
from . import bp
from .news import (
    CLOSING,
    EVERYTHING,
    Hub,
    Topic,
    desk_topic,
    game_topic,
    hub_of,
    tournament_of_games,
    tournament_topic,
)

#: A comment line this often keeps proxies from closing an idle stream, and finds a phone that
#: went away (the write fails) so its stream ends.
KEEP_ALIVE_SECONDS = 20.0
#: A stream ends after about this long; the browser opens a new one by itself (3 s later) and
#: the page asks once whether it missed anything. Streams never live on a worker forever.
STREAM_SECONDS = 15 * 60.0
#: How long the browser waits before opening a stream again (the ``retry`` field, ms).
RETRY_MS = 3000


def _stream(hub: Hub, names: dict[Topic, str], missed: Callable[[], bool]) -> Iterator[str]:
    with hub.subscribe(names) as subscription:
        # Subscribed before anything is compared: a change saved from now on is news, and one
        # saved between the page and now shows as a version other than the page's.
        first = f"retry: {RETRY_MS}\n: open\n\n"
        if missed():
            first += "".join(f"event: {name}\ndata: 0\n\n" for name in names.values())
        yield first
        ends = time.monotonic() + STREAM_SECONDS * random.uniform(0.8, 1.0)
        while time.monotonic() < ends:
            news = subscription.wait(KEEP_ALIVE_SECONDS)
            if not news:
                yield ": keep-alive\n\n"
                continue
            if any(item.topic == CLOSING for item in news):
                return
            latest: dict[str, int] = {}
            for item in news:
                if item.topic == EVERYTHING:
                    for name in names.values():
                        latest.setdefault(name, 0)
                else:
                    name = names[item.topic]
                    latest[name] = max(latest.get(name, 0), item.version)
            yield "".join(f"event: {name}\ndata: {version}\n\n"
                          for name, version in latest.items())


def _event_stream(names: dict[Topic, str], missed: Callable[[], bool]) -> Response:
    hub = hub_of(current_app._get_current_object())  # type: ignore[attr-defined]
    # Nothing of the request's database session is needed while the stream waits.
    db.session.remove()
    response = Response(_stream(hub, names, missed), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache"
    # nginx would hold the stream back to fill its buffer otherwise (Caddy flushes by itself).
    response.headers["X-Accel-Buffering"] = "no"
    return response


@bp.get("/games/<game_id>/events")
def game_events(game_id: str) -> Response:
    """News of a game (``changed``) and, at a tournament's table, of its desk (``desk``).

    ``?v=`` is the game's version the page shows: when the game is at another by the time the
    stream is open, the stream says so first (then the page asks once, and no more than once,
    for what it missed)."""
    head = games_service.find_head(game_id)
    if head is None:
        abort(404)
    names = {game_topic(head.id): "changed"}
    if head.in_tournament:
        row = db.session.execute(tournament_of_games(head.id)).first()
        if row is not None:
            names[desk_topic(row.tournament_id)] = "desk"
    shown = request.args.get("v", "")
    app = current_app._get_current_object()  # type: ignore[attr-defined]

    def missed() -> bool:
        with app.app_context():
            now = games_service.find_head(game_id)
            db.session.remove()
        return now is None or str(now.version) != shown

    return _event_stream(names, missed)


@bp.get("/tournaments/<tournament_id>/events")
def tournament_events(tournament_id: str) -> Response:
    """News of a tournament: a game of it changed, or its desk acted (``changed``)."""
    from ..models.tournaments import Tournament

    if len(tournament_id) > 24 or db.session.get(Tournament, tournament_id) is None:
        abort(404)
    # The desk's pages ask once on each stream they open (static/js/live.js): nothing to miss.
    return _event_stream({tournament_topic(tournament_id): "changed"}, lambda: False)

