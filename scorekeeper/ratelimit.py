"""Slow down token guessing: too many failed token checks from one address answer 429.

Tokens have 128+ bits, so guessing is hopeless anyway; the limit keeps a script from hammering
the database and filling the logs while it tries. The window is kept in this process's
memory (a sliding window of failure times per client address): each gunicorn worker counts
on its own, which at worst multiplies the allowance by the number of workers.

Settings: ``RATELIMIT_FAILURES`` (default 30) failed checks per ``RATELIMIT_WINDOW`` seconds
(default 60); ``RATELIMIT_ENABLED`` (default on).

Use :func:`guard_token_check` before a token check and :func:`note_token_failure` after a
failed one, or wrap a whole view in :func:`limit_token_failures`, which counts its 401, 403
and 404 answers as failures.
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar, cast

from flask import Flask, Response, abort, current_app, make_response, render_template, request
from flask_babel import gettext as _

DEFAULT_FAILURES = 30
DEFAULT_WINDOW = 60.0
#: Answers that mean "that token (or id) opens nothing".
FAILURE_STATUSES = frozenset({401, 403, 404})
#: Addresses tracked at most; beyond it the stalest are forgotten (memory stays bounded).
MAX_CLIENTS = 10_000

F = TypeVar("F", bound=Callable[..., Any])


class SlidingWindow:
    """Failure times per key over the last ``window`` seconds; thread-safe."""

    def __init__(self, limit: int, window: float, clock: Callable[[], float] = time.monotonic):
        self.limit = limit
        self.window = window
        self.clock = clock
        self._hits: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _prune(self, key: str, now: float) -> deque[float]:
        hits = self._hits.get(key)
        if hits is None:
            return deque()
        while hits and hits[0] <= now - self.window:
            hits.popleft()
        if not hits:
            del self._hits[key]
        return hits

    def retry_after(self, key: str) -> int | None:
        """Seconds until ``key`` may try again, or ``None`` when it is under the limit."""
        with self._lock:
            now = self.clock()
            hits = self._prune(key, now)
            if len(hits) < self.limit:
                return None
            return max(1, math.ceil(hits[len(hits) - self.limit] + self.window - now))

    def hit(self, key: str) -> None:
        """Record one failure for ``key``."""
        with self._lock:
            now = self.clock()
            hits = self._prune(key, now)
            if not hits:
                if len(self._hits) >= MAX_CLIENTS:
                    self._hits.pop(next(iter(self._hits)))
                hits = self._hits[key] = deque()
            hits.append(now)
            # Older failures than the limit needs can never matter again.
            while len(hits) > self.limit:
                hits.popleft()


def init_app(app: Flask) -> None:
    """Give ``app`` its own failure window (tests build many apps; each starts clean)."""
    app.extensions["ratelimit"] = SlidingWindow(
        int(app.config.get("RATELIMIT_FAILURES", DEFAULT_FAILURES)),
        float(app.config.get("RATELIMIT_WINDOW", DEFAULT_WINDOW)),
    )


def _window() -> SlidingWindow | None:
    if not current_app.config.get("RATELIMIT_ENABLED", True):
        return None
    window = current_app.extensions.get("ratelimit")
    if window is None:
        init_app(current_app)
        window = current_app.extensions["ratelimit"]
    return cast(SlidingWindow, window)


def client_key() -> str:
    """The client's address. Behind a proxy, wrap the app in ``ProxyFix`` so this is right."""
    return request.remote_addr or "unknown"


def too_many_response(retry_after: int) -> Response:
    """429 in the request's language: JSON for the API, the error page for people."""
    if request.path.startswith("/api/"):
        from .api.common import error_response

        response = error_response(429, _("Too many wrong tokens from your address: wait a minute."))
    else:
        response = make_response(render_template("error.html", error=None, code=429), 429)
    response.headers["Retry-After"] = str(retry_after)
    return response


def guard_token_check() -> None:
    """Stop the request with 429 when this client has failed too many token checks."""
    window = _window()
    if window is None:
        return
    wait = window.retry_after(client_key())
    if wait is not None:
        abort(too_many_response(wait))


def note_token_failure() -> None:
    """Count one failed token check for this client."""
    window = _window()
    if window is not None:
        window.hit(client_key())


def limit_token_failures(view: F) -> F:
    """Decorate a view that checks a token: 429 once its client failed too often.

    Answers with a status in :data:`FAILURE_STATUSES` (also raised as HTTP errors) count
    as failed checks.
    """

    @wraps(view)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        from werkzeug.exceptions import HTTPException

        guard_token_check()
        try:
            result = view(*args, **kwargs)
        except HTTPException as exc:
            code = exc.response.status_code if exc.response is not None else exc.code
            if code in FAILURE_STATUSES:
                note_token_failure()
            raise
        response = current_app.make_response(result)
        if response.status_code in FAILURE_STATUSES:
            note_token_failure()
        return response

    return cast(F, wrapper)
