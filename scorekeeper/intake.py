"""A request is whole before it may use the database, and one address cannot fill a worker.

**The body first.** A route's guard (``access``: the game editor's, the desk's...) reads the
database, and a request holds its pooled connection, "idle in transaction", until it ends: a
view that then read a body arriving a byte a second held that connection for as long. Forty
such clients emptied the pool (5 + 10 connections a process) and every other table's save
waited 30 s and failed. So the first hook of every request (:func:`read_body_first`) reads the
whole body, within ``MAX_CONTENT_LENGTH`` and ``BODY_SECONDS`` (``SCOREKEEPER_BODY_SECONDS``,
10 s), before anything can take a connection: a body not whole by then answers 408, and the
connection is not read from again (its rest would otherwise be drained a byte a second).
Under gunicorn's gevent workers (``make run``, ``deploy/``) the deadline is a gevent timeout
over the whole read; under a threaded or sync server, a timer that shuts the connection's
reading side at the deadline.

**Requests in flight per address** (:func:`count_in_flight`): at most
``REQUESTS_PER_ADDRESS`` (``SCOREKEEPER_REQUESTS_PER_ADDRESS``, 60) at once from one address
in one worker process; past it, 429 with ``Retry-After``. Generous for a club whose phones
share one address behind its router (a phone has one or two requests in flight; the event
streams are not counted here once open, see ``live.views``).

**An empty pool** answers 503 with ``Retry-After`` (``create_app``'s error handlers), after
``POOL_TIMEOUT`` (``SCOREKEEPER_POOL_TIMEOUT``, 10 s) instead of SQLAlchemy's 30: long enough
that forty tables saving at once on SQLite, queued behind its one writer, still all get a
connection on a slow machine (``tests/tournaments/test_tournament_concurrency.py``).
"""

from __future__ import annotations

import socket
import threading
from collections import Counter
from typing import Any

from flask import Flask, current_app, request
from werkzeug.exceptions import RequestTimeout, TooManyRequests

from .i18n import gettext as _
from .ratelimit import client_key

DEFAULT_BODY_SECONDS = 10.0
DEFAULT_REQUESTS_PER_ADDRESS = 60
DEFAULT_POOL_TIMEOUT = 10.0
#: What a 429 for too many requests in flight asks the client to wait (seconds).
IN_FLIGHT_RETRY_AFTER = 2
#: The environ key that marks a request counted in flight (so its end uncounts it once).
_COUNTED = "scorekeeper.in_flight"


class InFlight:
    """The requests in flight of one process, by address."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts: Counter[str] = Counter()

    def enter(self, key: str, cap: int) -> bool:
        with self._lock:
            if self._counts[key] >= cap:
                return False
            self._counts[key] += 1
            return True

    def leave(self, key: str) -> None:
        with self._lock:
            self._counts[key] -= 1
            if self._counts[key] <= 0:
                del self._counts[key]

    def count(self, key: str) -> int:
        with self._lock:
            return self._counts[key]


def count_in_flight() -> None:
    """``before_request``, the first hook: count the request against its address, or refuse
    it with 429 when the address already has ``REQUESTS_PER_ADDRESS`` in flight here."""
    cap = int(current_app.config.get("REQUESTS_PER_ADDRESS", DEFAULT_REQUESTS_PER_ADDRESS))
    if cap <= 0:
        return
    key = client_key()
    in_flight: InFlight = current_app.extensions["in_flight"]
    if not in_flight.enter(key, cap):
        raise Crowded(_("Too many requests at once from your network; try again in a moment."),
                      retry_after=IN_FLIGHT_RETRY_AFTER)
    request.environ[_COUNTED] = key


def uncount_in_flight(_error: BaseException | None = None) -> None:
    """``teardown_request``: the request has its answer (a stream's has begun)."""
    key = request.environ.pop(_COUNTED, None)
    if key is not None:
        current_app.extensions["in_flight"].leave(key)


class Crowded(TooManyRequests):
    """429: too many requests (or streams) at once; the error page says so."""

    show_description = True


class BodyTimeout(RequestTimeout):
    """408: the body did not arrive whole within ``BODY_SECONDS``."""

    show_description = True


def _has_body() -> bool:
    if request.content_length:
        return True
    return "chunked" in request.headers.get("Transfer-Encoding", "").lower()


def _client_socket() -> socket.socket | None:
    found = request.environ.get("gunicorn.socket") or request.environ.get("werkzeug.socket")
    return found if isinstance(found, socket.socket) else None


def _under_gevent() -> bool:
    try:
        from gevent import monkey
    except ImportError:  # pragma: no cover - gevent is a dependency
        return False
    return bool(monkey.is_module_patched("socket"))


def read_body_first() -> None:
    """``before_request``, right after :func:`count_in_flight` and before any hook or view
    can take a database connection: read the whole body (kept for the views and the form
    parser), within ``MAX_CONTENT_LENGTH`` (413) and ``BODY_SECONDS`` (408)."""
    from .web import refuse_long_streamed_bodies

    if not _has_body():
        return
    seconds = float(current_app.config.get("BODY_SECONDS", DEFAULT_BODY_SECONDS))
    sock = _client_socket()
    if _under_gevent():
        from gevent import Timeout

        deadline = Timeout(seconds)
        deadline.start()
        try:
            _read_body(refuse_long_streamed_bodies)
        except Timeout as stop:
            if stop is not deadline:
                raise
            _stop_reading(sock)
            raise _body_timeout(seconds) from None
        finally:
            deadline.close()
        return
    if sock is None:  # the test client, or a server that does not say: read as it comes
        _read_body(refuse_long_streamed_bodies)
        return
    # A threaded or sync server: at the deadline a timer stops the reading (the blocked read
    # then meets the end of the input), and the request answers 408.
    passed = threading.Event()

    def at_deadline() -> None:
        passed.set()
        _stop_reading(sock)

    timer = threading.Timer(seconds, at_deadline)
    timer.daemon = True
    timer.start()
    try:
        _read_body(refuse_long_streamed_bodies)
    except Exception:
        if passed.is_set():
            raise _body_timeout(seconds) from None
        raise
    finally:
        timer.cancel()
    if passed.is_set():
        raise _body_timeout(seconds)


def _read_body(refuse_long_streamed_bodies: Any) -> None:
    refuse_long_streamed_bodies()  # a chunked body: read, and 413 past the limit
    request.get_data(cache=True)  # what the views and the form parser read, kept


def _body_timeout(seconds: float) -> BodyTimeout:
    return BodyTimeout(_("The request did not arrive whole within %(seconds)s seconds; "
                         "nothing was saved. Try again.", seconds=f"{seconds:g}"))


def _stop_reading(sock: socket.socket | None) -> None:
    """Read nothing more from this connection: the server would otherwise drain the rest of
    the body (a byte a second) before it closed the connection or read the next request."""
    if sock is None:
        return
    try:
        sock.shutdown(socket.SHUT_RD)
    except OSError:
        pass


def init_app(app: Flask) -> None:
    """The two hooks, first of all the app's: nothing before them reads the database."""
    app.extensions["in_flight"] = InFlight()
    hooks = app.before_request_funcs.setdefault(None, [])
    hooks[:0] = [count_in_flight, read_body_first]
    app.teardown_request(uncount_in_flight)
