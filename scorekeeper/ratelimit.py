"""Slow down token guessing: too many wrong tokens from one address answer 429.

Tokens have 128+ bits, so guessing is hopeless anyway; the limit keeps a script from hammering
the database and filling the logs while it tries. The counts live in a storage of ``limits``
(Flask-Limiter's own storage and strategies, ``RATELIMIT_STORAGE_URI``): ``memory://`` by
default, which each gunicorn worker keeps on its own; a shared store such as
``redis://host:6379`` makes every worker share one count.

Only wrong tokens are refused: a limited address that sends the right token is let through
(a tournament hall or a club shares one public address, and one mistyped link must not lock
the other tables out). So nothing is refused before the check; a failed check is counted,
and once the address is over its allowance the failure answers 429 instead of 401/403/404.

Two counts are kept per failure: the client's address (its /64 for IPv6), and, when
``SCOREKEEPER_PROXIES`` trusts ``X-Forwarded-For``, the address that actually connected, with
ten times the allowance. The second catches a client that forges ``X-Forwarded-For`` to get a
fresh address each time (a server with the setting on but no proxy in front); behind a real
proxy it is shared by every phone, hence the wider allowance.

Settings (app config): ``RATELIMIT_FAILURES`` (default 30) failed checks per
``RATELIMIT_WINDOW`` seconds (default 60); ``RATELIMIT_ENABLED`` (default on); and, named as
Flask-Limiter names them, ``RATELIMIT_STORAGE_URI``, ``RATELIMIT_STORAGE_OPTIONS``,
``RATELIMIT_STRATEGY`` and ``RATELIMIT_KEY_PREFIX``.

No route declares a limit: a count is kept only where a check failed or a render ran. So the
counts are kept with ``limits`` alone, not through Flask-Limiter's extension, whose hooks
weighed every request against limits this app never declares (0.15-0.25 ms of CPU a request,
a fifth of a follower's "nothing changed" poll; ``bench/profile_requests.py --only poll``,
2026-12-04).

Call :func:`note_token_failure` after a failed check, or wrap a whole view in
:func:`limit_token_failures`, which counts its 401, 403 and 404 answers as failures.

**PDF renders** (``sheets.render``) are limited the same way, by what they cost: each client
may spend ``RATELIMIT_RENDER_SECONDS`` (default 60) seconds of render CPU per
``RATELIMIT_RENDER_WINDOW`` seconds (default 300), the connecting address ten times that. A
printout served from the cache costs nothing and is never refused; one that must be rendered is
refused with 429 (``Retry-After``) once the client has spent its allowance
(:func:`check_render_allowance`), and charged what its render took after
(:func:`charge_render`). A club's table sheets take about a second each; the largest tournament's
papers tens of seconds.

**The desk's printouts** come from the same hall, often the same address, as every phone in
it, and the desk prints the most: the night's sheets alone took 109 s. A request that carries a
tournament's admin token for the paper it asks (the desk's session or ``Authorization:
Bearer``; :func:`use_desk_render_budget`, called by ``tournaments.pdf``) draws on the desk's own
budget instead: counted apart from the strangers' (what the hall's phones print spends none of
it), ``RATELIMIT_DESK_RENDER_FACTOR`` (default 20) times the allowance. Still a bound: the
counts are by address too, so whoever sets tournaments up to hold admin tokens gets one desk's
budget an address, not one a tournament.
"""

from __future__ import annotations

import ipaddress
import math
import threading
import time
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar, cast

from flask import Flask, current_app, request
from limits import RateLimitItem, RateLimitItemPerSecond
from limits.storage import Storage, storage_from_string
from limits.strategies import STRATEGIES, RateLimiter
from werkzeug.exceptions import TooManyRequests

from .i18n import gettext as _

DEFAULT_FAILURES = 30
DEFAULT_WINDOW = 60
#: How many more failures the connecting address may have than one client behind it.
PEER_FACTOR = 10
#: Answers that mean "that token (or id) opens nothing".
FAILURE_STATUSES = frozenset({401, 403, 404})

F = TypeVar("F", bound=Callable[..., Any])


class Counts:
    """Where an app's counts live (``limits``' storage) and how a window is kept (its strategy).

    ``limiter`` answers ``hit``, ``test`` and ``get_window_stats`` for an item and the key's
    parts; every key starts with ``RATELIMIT_KEY_PREFIX``, so apps sharing one store (two
    installs on one Redis) count apart.
    """

    def __init__(self, app: Flask) -> None:
        self._uri = str(app.config["RATELIMIT_STORAGE_URI"])
        self._options = dict(app.config.get("RATELIMIT_STORAGE_OPTIONS", {}))
        self._strategy = STRATEGIES[app.config["RATELIMIT_STRATEGY"]]
        self.prefix = str(app.config["RATELIMIT_KEY_PREFIX"])
        self._storage: Storage | None = None
        self._limiter: RateLimiter | None = None
        self._lock = threading.Lock()

    @property
    def limiter(self) -> RateLimiter:
        # Made at the first count, as Flask-Limiter made it: a memory store starts a timer
        # thread when made, which a server that never counts need not run, and which, made
        # with the app, made a gevent worker's Ctrl+C print tracebacks at exit.
        with self._lock:
            if self._limiter is None:
                # A synchronous URI (``memory://``, ``redis://``) makes a synchronous storage.
                self._storage = cast(Storage, storage_from_string(self._uri, **self._options))
                self._limiter = self._strategy(self._storage)
            return self._limiter

    def reset(self) -> None:
        """Forget every count (tests): the next count makes a new store. The memory store's
        own ``reset()`` clears its events while its expiry timer thread may be reading them
        (a KeyError in that thread failed a test in CI, 2026-12-05)."""
        with self._lock:
            self._storage = None
            self._limiter = None


def init_app(app: Flask) -> None:
    """Give ``app`` its own counts (tests build many apps; each starts clean)."""
    # Exact sliding window (as before) on memory and Redis; Memcached needs
    # RATELIMIT_STRATEGY=sliding-window-counter.
    app.config.setdefault("RATELIMIT_STRATEGY", "moving-window")
    app.config.setdefault("RATELIMIT_STORAGE_URI", "memory://")
    app.config.setdefault("RATELIMIT_KEY_PREFIX", "scorekeeper")
    app.extensions["scorekeeper_limiter"] = Counts(app)


def _limiter() -> Counts | None:
    if not current_app.config.get("RATELIMIT_ENABLED", True):
        return None
    limiter = current_app.extensions.get("scorekeeper_limiter")
    if limiter is None:
        # Enabled after the app was built (tests): build it now.
        init_app(current_app)
        limiter = current_app.extensions["scorekeeper_limiter"]
    return cast(Counts, limiter)


def _allowance(factor: int = 1) -> RateLimitItem:
    failures = int(current_app.config.get("RATELIMIT_FAILURES", DEFAULT_FAILURES))
    window = int(current_app.config.get("RATELIMIT_WINDOW", DEFAULT_WINDOW))
    return RateLimitItemPerSecond(failures * factor, max(1, window))


def address_key(raw: str | None) -> str:
    """A bounded, canonical key for an address: an IPv6 client has a whole /64 to pick from,
    so that is one key; anything that is not an address (a forged header) shares one key."""
    try:
        ip = ipaddress.ip_address((raw or "").strip())
    except ValueError:
        return "not-an-address"
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def client_key() -> str:
    """The client's address as ``SCOREKEEPER_PROXIES`` makes it (``ProxyFix``), as a key."""
    return address_key(request.remote_addr)


def peer_key() -> str | None:
    """The address that connected, when ``ProxyFix`` replaced it with a forwarded one."""
    original = request.environ.get("werkzeug.proxy_fix.orig")
    if not isinstance(original, dict):
        return None
    return address_key(original.get("REMOTE_ADDR"))


def _retry_after(limiter: Counts, item: RateLimitItem, key: str) -> int:
    stats = limiter.limiter.get_window_stats(item, limiter.prefix, "token-failures", key)
    reset_at = stats.reset_time
    return max(1, math.ceil(reset_at - time.time()))


def note_token_failure() -> None:
    """Count one failed token check for this client; past the allowance, stop with 429."""
    limiter = _limiter()
    if limiter is None:
        return
    counts = [(_allowance(), client_key())]
    peer = peer_key()
    if peer is not None:
        counts.append((_allowance(PEER_FACTOR), "peer:" + peer))
    try:
        for item, key in counts:
            if not limiter.limiter.hit(item, limiter.prefix, "token-failures", key):
                wait = _retry_after(limiter, item, key)
                break
        else:
            return
    except Exception:
        # A shared store that is down must not stop anyone: the tokens' strength is the real
        # defence, the limit only spares the database.
        current_app.logger.exception("rate-limit storage failed; failure not counted")
        return
    # The app's error handlers answer it: JSON under /api/, the error page for people.
    raise TooManyRequests(_("Too many wrong tokens from your address: wait a minute."),
                          retry_after=wait)


def limit_token_failures(view: F) -> F:
    """Decorate a view that checks a token: its 401, 403 and 404 answers (also raised as HTTP
    errors) count as failed checks, and become 429 once its client failed too often."""

    @wraps(view)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        from werkzeug.exceptions import HTTPException

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


# -- PDF renders ---------------------------------------------------------------------------------

DEFAULT_RENDER_SECONDS = 60
DEFAULT_RENDER_WINDOW = 300


#: How many times a stranger's render allowance the desk's own budget holds.
DEFAULT_DESK_RENDER_FACTOR = 20
#: The request's mark: its renders are the desk's.
DESK_RENDERS = "scorekeeper.desk_renders"


def use_desk_render_budget() -> None:
    """This request is the tournament desk's (its admin token checked): its renders are
    counted against the desk's budget, apart from the strangers' at its address."""
    # On the request, not ``g``: an app context may outlive a request (tests push one).
    request.environ[DESK_RENDERS] = True


def _render_counts() -> list[tuple[RateLimitItem, str]]:
    seconds = max(1, int(current_app.config.get("RATELIMIT_RENDER_SECONDS",
                                                DEFAULT_RENDER_SECONDS)))
    window = max(1, int(current_app.config.get("RATELIMIT_RENDER_WINDOW",
                                               DEFAULT_RENDER_WINDOW)))
    prefix = ""
    if request.environ.get(DESK_RENDERS, False):
        seconds *= max(1, int(current_app.config.get("RATELIMIT_DESK_RENDER_FACTOR",
                                                     DEFAULT_DESK_RENDER_FACTOR)))
        prefix = "desk:"
    counts: list[tuple[RateLimitItem, str]] = [
        (RateLimitItemPerSecond(seconds, window), prefix + client_key())]
    peer = peer_key()
    if peer is not None:
        counts.append((RateLimitItemPerSecond(seconds * PEER_FACTOR, window),
                       prefix + "peer:" + peer))
    return counts


def check_render_allowance() -> None:
    """Before a render: 429 when this client has spent its render allowance."""
    limiter = _limiter()
    if limiter is None:
        return
    try:
        for item, key in _render_counts():
            if not limiter.limiter.test(item, limiter.prefix, "pdf-renders", key):
                reset_at = limiter.limiter.get_window_stats(item, limiter.prefix, "pdf-renders",
                                                            key).reset_time
                wait = max(1, math.ceil(reset_at - time.time()))
                break
        else:
            return
    except Exception:
        current_app.logger.exception("rate-limit storage failed; render not limited")
        return
    refused = TooManyRequests(_("Too many printouts from your address: wait a few minutes."),
                              retry_after=wait)
    setattr(refused, "show_description", True)  # the error page says the description  # noqa: B010
    raise refused


def charge_render(cpu_seconds: float) -> None:
    """Count what a render cost this client: a second of its allowance per CPU second (at
    least one)."""
    limiter = _limiter()
    if limiter is None:
        return
    cost = max(1, math.ceil(cpu_seconds))
    try:
        for item, key in _render_counts():
            # One hit a second: a moving window refuses a hit larger than what is left, and
            # would record none of it.
            for _ in range(min(cost, item.amount)):
                if not limiter.limiter.hit(item, limiter.prefix, "pdf-renders", key):
                    break
    except Exception:
        current_app.logger.exception("rate-limit storage failed; render not counted")
