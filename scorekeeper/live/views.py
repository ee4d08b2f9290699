"""The event streams (``text/event-stream``): one for a game's pages, one for a tournament's.

A stream says only *that* something changed (``event: changed`` with the new version; on a
tournament game's page also ``event: desk`` when the desk acted); the page then asks for its
part as it always did (``?v=`` answers 204 when nothing it shows changed). So a stream carries
nothing that its page does not already show to anyone with its address, and the pages still
work without it: they fall back to asking every few seconds (``static/js/live.js``).

Streams are bounded in each worker process: ``STREAMS_PER_ADDRESS`` from one address (400: a
club's phones on one Wi-Fi share one address), ``STREAMS_PER_GAME`` on one game (100) and
``STREAMS_PER_TOURNAMENT`` on one tournament (400). Past a bound the stream is refused with
429 and ``Retry-After``; the page then asks every few seconds, shows no error, and tries its
stream again a minute or two later (``live.js``). An open stream is not one of its address's
requests in flight (``scorekeeper.intake``): those count until the stream has begun.
"""

from __future__ import annotations

import random
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator

from flask import Flask, Response, abort, current_app, request
from sqlalchemy.exc import SQLAlchemyError

from ..access import public
from ..extensions import db
from ..i18n import gettext as _
from ..intake import Crowded
from ..ratelimit import client_key
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
#: went away (the write fails) so its stream ends and its slot is free
#: (``SCOREKEEPER_STREAM_KEEPALIVE_SECONDS``: a proxy that closes idle connections sooner).
KEEP_ALIVE_SECONDS = 20.0
#: A stream ends after about this long; the browser opens a new one by itself (3 s later) and
#: the page asks once whether it missed anything. Streams never live on a worker forever.
STREAM_SECONDS = 15 * 60.0
#: How long the browser waits before opening a stream again (the ``retry`` field, ms): drawn
#: for each stream between these two, so a room of phones whose streams ended together (a
#: restarted server) does not come back at one instant.
RETRY_MS = (2000, 6000)
#: The bounds' defaults (``SCOREKEEPER_STREAMS_PER_*``; 0 is no bound).
DEFAULT_STREAMS_PER_ADDRESS = 400
DEFAULT_STREAMS_PER_GAME = 100
DEFAULT_STREAMS_PER_TOURNAMENT = 400
#: What a refused stream's ``Retry-After`` says (seconds; the page waits longer, ``live.js``).
REFUSED_RETRY_AFTER = 60


class StreamSlots:
    """The streams one process holds, by address and by what they follow."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._held: Counter[str] = Counter()

    def take(self, bounds: dict[str, int]) -> Callable[[], None] | None:
        """One slot under each of ``bounds`` (key: most streams), or ``None`` when one is
        full; the function given back frees the slots (once, however often it is called)."""
        with self._lock:
            if any(cap and self._held[key] >= cap for key, cap in bounds.items()):
                return None
            for key in bounds:
                self._held[key] += 1
        freed = threading.Event()

        def free() -> None:
            if freed.is_set():
                return
            freed.set()
            with self._lock:
                for key in bounds:
                    self._held[key] -= 1
                    if self._held[key] <= 0:
                        del self._held[key]

        return free

    def held(self, key: str) -> int:
        with self._lock:
            return self._held[key]


def slots_of(app: Flask) -> StreamSlots:
    slots: StreamSlots = app.extensions.setdefault("stream_slots", StreamSlots())
    return slots


def _take_slot(followed: str, setting: str, default: int) -> Callable[[], None]:
    """A slot for this request's stream of ``followed``, or 429 past a bound."""
    config = current_app.config
    bounds = {
        f"address {client_key()}": int(config.get("STREAMS_PER_ADDRESS",
                                                 DEFAULT_STREAMS_PER_ADDRESS)),
        followed: int(config.get(setting, default)),
    }
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    free = slots_of(app).take(bounds)
    if free is None:
        raise Crowded(_("Too many pages follow this at once; this one will ask every few "
                        "seconds instead."), retry_after=REFUSED_RETRY_AFTER)
    return free


def _stream(hub: Hub, names: dict[Topic, str], missed: Callable[[], bool],
            keep_alive: float) -> Iterator[str]:
    with hub.subscribe(names) as subscription:
        # Subscribed before anything is compared: a change saved from now on is news, and one
        # saved between the page and now shows as a version other than the page's.
        first = f"retry: {random.randint(*RETRY_MS)}\n: open\n\n"
        if missed():
            first += "".join(f"event: {name}\ndata: 0\n\n" for name in names.values())
        yield first
        ends = time.monotonic() + STREAM_SECONDS * random.uniform(0.8, 1.0)
        while time.monotonic() < ends:
            news = subscription.wait(keep_alive)
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


def _event_stream(names: dict[Topic, str], missed: Callable[[], bool],
                  free: Callable[[], None]) -> Response:
    try:
        hub = hub_of(current_app._get_current_object())  # type: ignore[attr-defined]
        # Nothing of the request's database session is needed while the stream waits.
        db.session.remove()
        keep_alive = float(current_app.config.get("STREAM_KEEPALIVE_SECONDS", KEEP_ALIVE_SECONDS))
        response = Response(_stream(hub, names, missed, keep_alive),
                            mimetype="text/event-stream")
    except BaseException:
        free()
        raise
    # The slots are freed when the server closes the stream (it ended, or the phone left),
    # even if it never began.
    response.call_on_close(free)
    response.headers["Cache-Control"] = "no-cache"
    # nginx would hold the stream back to fill its buffer otherwise (Caddy flushes by itself).
    response.headers["X-Accel-Buffering"] = "no"
    return response


@bp.get("/games/<game_id>/events")
@public("a game's news reads with its public id")
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
    free = _take_slot(f"game {head.id}", "STREAMS_PER_GAME", DEFAULT_STREAMS_PER_GAME)

    def missed() -> bool:
        with app.app_context():
            try:
                now = games_service.find_head(game_id)
            except SQLAlchemyError:  # the pool stayed empty: the page asks once, to be sure
                return True
            finally:
                db.session.remove()
        return now is None or str(now.version) != shown

    return _event_stream(names, missed, free)


@bp.get("/tournaments/<tournament_id>/events")
@public("a tournament's news is public, as its standings")
def tournament_events(tournament_id: str) -> Response:
    """News of a tournament: a game of it changed, or its desk acted (``changed``)."""
    from ..models.tournaments import Tournament

    if len(tournament_id) > 24 or db.session.get(Tournament, tournament_id) is None:
        abort(404)
    free = _take_slot(f"tournament {tournament_id}", "STREAMS_PER_TOURNAMENT",
                      DEFAULT_STREAMS_PER_TOURNAMENT)
    # The desk's pages ask once on each stream they open (static/js/live.js): nothing to miss.
    return _event_stream({tournament_topic(tournament_id): "changed"}, lambda: False, free)

