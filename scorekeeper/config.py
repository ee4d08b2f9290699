"""Configuration read from the environment.

``DATABASE_URL``  database URL (default: SQLite file in the instance folder)
``SECRET_KEY``    session signing key (default: generated once, kept in ``instance/secret_key``)
``SCOREKEEPER_HTTPS``  ``1`` when the site is served over HTTPS (production): the session
                  cookie is then sent only over HTTPS (``Secure``), besides ``HttpOnly`` and
                  ``SameSite=Lax`` which are always on
``SQLITE_SYNCHRONOUS``  ``NORMAL`` (default) or ``FULL``: how hard SQLite (WAL mode) pushes a
                  commit to disk; see :func:`sqlite_synchronous`. Ignored on PostgreSQL.
``SCOREKEEPER_PROXIES``  how many reverse proxies stand in front of the app (default 0). Behind
                  nginx or Caddy set it to 1, so the client's address (the rate limit's key)
                  and scheme come from ``X-Forwarded-For``/``-Proto``; left at 0 behind a
                  proxy, every phone would share the proxy's address and one wrong link would
                  lock them all out for a minute. It trusts the last N entries of those
                  headers: set it only when exactly N proxies you run stand in front and the
                  app's port is reachable through them alone.
``SCOREKEEPER_SESSION_DAYS``  how long a browser keeps its session (edit rights, "Your games",
                  language) after its last visit; default 400 days (the most browsers allow)
``SCOREKEEPER_BASE_URL``  the address links handed out to other phones start with (share
                  links, QR codes, the API's links), e.g. ``https://canasta.example.org``;
                  unset, it is the address the request came to, or the machine's LAN address
                  when that was a loopback one (see ``scorekeeper.network``)
``SCOREKEEPER_BOARD_POLL_SECONDS``, ``SCOREKEEPER_DASHBOARD_POLL_SECONDS``,
``SCOREKEEPER_STANDINGS_POLL_SECONDS``  how often (in seconds, 0.1 to 3600) a page that follows
                  play asks the server for news: a read-only game board (default 5), the
                  organizer's control table (10) and the public standings (30)
``SCOREKEEPER_TOKEN_FAILURES``  how many wrong tokens an address may send a minute before it
                  is answered 429 (default 30; a whole number from 1 to 1,000,000): a club
                  whose phones share one address behind a router may need more
``SCOREKEEPER_BODY_SECONDS``  how long a request's body may take to arrive whole (default 10;
                  past it, 408): see ``scorekeeper.intake``
``SCOREKEEPER_REQUESTS_PER_ADDRESS``  requests one address may have in flight at once in one
                  worker process (default 60; past it, 429; 0: no bound)
``SCOREKEEPER_POOL_TIMEOUT``  how long a request waits for a database connection when the
                  pool is empty (default 10 s; past it, 503 with ``Retry-After``)
``SCOREKEEPER_STREAMS_PER_ADDRESS``, ``SCOREKEEPER_STREAMS_PER_GAME``,
``SCOREKEEPER_STREAMS_PER_TOURNAMENT``  event streams held at once in one worker process from
                  one address (default 400), on one game (100), on one tournament (400); past
                  them a stream is refused (429) and the page asks every few seconds instead
                  (0: no bound)
``SCOREKEEPER_STREAM_KEEPALIVE_SECONDS``  how often an idle event stream sends a comment line
                  (default 20; 1 to 300): it keeps a proxy from closing the stream, and finds a
                  phone that went away, whose stream then ends and frees its slot
``RATELIMIT_STORAGE_URI``  where the wrong-token counts live (a ``limits`` storage URI,
                  default ``memory://``: each worker counts alone). ``redis://host:6379`` makes
                  every worker and server share them.
"""

from __future__ import annotations

import os
import secrets
import tempfile
from pathlib import Path

MAX_CONTENT_LENGTH = 1024 * 1024  # 1 MiB
#: The languages the app speaks, each named in itself (the language switch and the sheet
#: choosers show these names untranslated: a reader looks for their own language's name).
LANGUAGE_NAMES = {"en": "English", "es": "Español", "pt": "Português", "it": "Italiano"}
LANGUAGES = tuple(LANGUAGE_NAMES)


def database_url(instance_path: str) -> str:
    """The SQLAlchemy URL from ``DATABASE_URL``, or a SQLite file in the instance folder."""
    url = os.environ.get("DATABASE_URL", "").strip()
    if not url:
        return f"sqlite:///{Path(instance_path) / 'scorekeeper.sqlite'}"
    # Hosting platforms hand out postgres:// URLs; SQLAlchemy wants a dialect+driver name.
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url.removeprefix(prefix)
    return url


def secret_key(instance_path: str) -> str:
    """``SECRET_KEY`` from the environment, else one generated once and kept in the instance.

    gunicorn's workers start at the same moment and each builds the app: the first to store a
    key wins and every other one reads it back (the file appears whole, by a hard link, or not
    at all). Two workers that kept keys of their own would refuse each other's sessions: a
    scorekeeper whose next request went to the other worker lost the edit rights.
    """
    key = os.environ.get("SECRET_KEY", "").strip()
    if key:
        return key
    path = Path(instance_path) / "secret_key"
    stored = _read_key(path)
    if stored:
        return stored
    key = secrets.token_hex(32)
    fd, draft = tempfile.mkstemp(prefix=".secret_key.", dir=instance_path)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:  # mkstemp makes it mode 0600
            fh.write(key + "\n")
        try:
            os.link(draft, path)
        except FileExistsError:
            stored = _read_key(path)
            if stored:
                return stored
            # An empty file left by an older version: replace it.
            os.replace(draft, path)
            draft = ""
    finally:
        if draft:
            os.unlink(draft)
    os.chmod(path, 0o600)
    return key


def _read_key(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return ""


def https_only() -> bool:
    """Whether ``SCOREKEEPER_HTTPS`` says the site is served over HTTPS (cookies get ``Secure``)."""
    return os.environ.get("SCOREKEEPER_HTTPS", "").strip().lower() in {"1", "true", "yes", "on"}


#: The values ``SQLITE_SYNCHRONOUS`` takes, and the default.
SQLITE_SYNCHRONOUS_VALUES = ("NORMAL", "FULL")
DEFAULT_SQLITE_SYNCHRONOUS = "NORMAL"


def sqlite_synchronous(value: str | None = None) -> str:
    """SQLite's ``PRAGMA synchronous`` from ``value`` or ``SQLITE_SYNCHRONOUS``: NORMAL or FULL.

    The database runs in WAL mode. With ``NORMAL`` a commit writes the WAL (the operating
    system holds it) and fsyncs only at checkpoints: a hand the server acknowledged survives a
    crash or ``kill -9`` of the server, as the issue asks (``tests/reliability/test_kill9.py``),
    but the last commits before a power cut or kernel crash may be lost (the database itself
    stays consistent). With ``FULL`` every commit waits for an fsync of the WAL, which also
    survives a power cut, at the price of one fsync per save (about 11 ms on the benchmark's
    disk, most of a save; bench/README.md). ``NORMAL`` is the default: a phone whose save was
    lost to a power cut at the server shows "not saved" and retries with its idempotency key.
    Anything else raises ``ValueError`` (a typo should stop the server, not weaken it).
    """
    raw = value if value is not None else os.environ.get("SQLITE_SYNCHRONOUS", "")
    mode = raw.strip().upper() or DEFAULT_SQLITE_SYNCHRONOUS
    if mode not in SQLITE_SYNCHRONOUS_VALUES:
        raise ValueError(f"SQLITE_SYNCHRONOUS must be NORMAL or FULL, not {raw!r}")
    return mode


#: Days a session cookie outlives the browser's last visit (Chrome caps cookies at 400 days).
DEFAULT_SESSION_DAYS = 400


def session_days() -> int:
    """``SCOREKEEPER_SESSION_DAYS``: how long the session cookie lasts (1 to 400 days)."""
    raw = os.environ.get("SCOREKEEPER_SESSION_DAYS", "").strip() or str(DEFAULT_SESSION_DAYS)
    if not raw.isdigit() or not 1 <= int(raw) <= 400:
        raise ValueError(f"SCOREKEEPER_SESSION_DAYS must be a number from 1 to 400, not {raw!r}")
    return int(raw)


def token_failures() -> dict[str, int]:
    """``SCOREKEEPER_TOKEN_FAILURES`` as ``RATELIMIT_FAILURES``, when set."""
    raw = os.environ.get("SCOREKEEPER_TOKEN_FAILURES", "").strip()
    if not raw:
        return {}
    if not raw.isdigit() or not 1 <= int(raw) <= 1_000_000:
        raise ValueError("SCOREKEEPER_TOKEN_FAILURES must be a whole number from 1 to "
                         f"1,000,000, not {raw!r}")
    return {"RATELIMIT_FAILURES": int(raw)}


def ratelimit_storage_uri() -> str:
    """``RATELIMIT_STORAGE_URI``: a ``limits`` storage for the wrong-token counts."""
    return os.environ.get("RATELIMIT_STORAGE_URI", "").strip() or "memory://"


def base_url() -> str:
    """``SCOREKEEPER_BASE_URL`` without its trailing slash, or ``""``."""
    return os.environ.get("SCOREKEEPER_BASE_URL", "").strip().rstrip("/")


def proxies() -> int:
    """``SCOREKEEPER_PROXIES``: the number of trusted reverse proxies (0 to 5)."""
    raw = os.environ.get("SCOREKEEPER_PROXIES", "").strip() or "0"
    if not raw.isdigit() or int(raw) > 5:
        raise ValueError(f"SCOREKEEPER_PROXIES must be a number from 0 to 5, not {raw!r}")
    return int(raw)


#: How often (seconds) each following page asks for news, and the setting that changes it:
#: the read-only board a phone beside the table watches, the organizer's control table, and
#: the standings on a wall.
POLL_SECONDS = {
    "BOARD_POLL_SECONDS": ("SCOREKEEPER_BOARD_POLL_SECONDS", 5.0),
    "DASHBOARD_POLL_SECONDS": ("SCOREKEEPER_DASHBOARD_POLL_SECONDS", 10.0),
    "STANDINGS_POLL_SECONDS": ("SCOREKEEPER_STANDINGS_POLL_SECONDS", 30.0),
}


def poll_seconds(variable: str, default: float) -> float:
    """A poll interval from the environment variable ``variable`` (0.1 to 3600 seconds)."""
    raw = os.environ.get(variable, "").strip()
    if not raw:
        return default
    try:
        seconds = float(raw)
    except ValueError:
        seconds = -1.0
    if not 0.1 <= seconds <= 3600:
        raise ValueError(f"{variable} must be a number of seconds from 0.1 to 3600, not {raw!r}")
    return seconds


#: The PDF renders' bounds (``sheets.renderer``, ``sheets.render``) that the environment may set:
#: ``SCOREKEEPER_<name>`` for each; unset, the code's defaults hold.
RENDER_SETTINGS = ("PDF_RENDERS_PER_WORKER", "PDF_RENDER_QUEUE", "PDF_RENDER_WAIT",
                   "PDF_RENDER_SECONDS", "PDF_RENDER_CPU_SECONDS", "PDF_RENDER_NICE",
                   "RATELIMIT_RENDER_SECONDS", "RATELIMIT_RENDER_WINDOW",
                   "RATELIMIT_DESK_RENDER_FACTOR")


def render_settings() -> dict[str, float]:
    """The render bounds the environment sets (numbers; anything else is left out)."""
    found: dict[str, float] = {}
    for name in RENDER_SETTINGS:
        raw = os.environ.get(f"SCOREKEEPER_{name}", "").strip()
        try:
            found[name] = float(raw)
        except ValueError:
            continue
    return found


#: The bounds on requests and streams (``scorekeeper.intake``, ``live.views``): the config key,
#: its environment variable, whether it is a whole number, and its range (a count of 0: no
#: bound, for a bench that runs a whole club from one address).
INTAKE_SETTINGS = {
    "BODY_SECONDS": ("SCOREKEEPER_BODY_SECONDS", False, 0.1, 3600.0),
    "POOL_TIMEOUT": ("SCOREKEEPER_POOL_TIMEOUT", False, 0.1, 3600.0),
    "REQUESTS_PER_ADDRESS": ("SCOREKEEPER_REQUESTS_PER_ADDRESS", True, 0, 1_000_000),
    "STREAMS_PER_ADDRESS": ("SCOREKEEPER_STREAMS_PER_ADDRESS", True, 0, 1_000_000),
    "STREAMS_PER_GAME": ("SCOREKEEPER_STREAMS_PER_GAME", True, 0, 1_000_000),
    "STREAMS_PER_TOURNAMENT": ("SCOREKEEPER_STREAMS_PER_TOURNAMENT", True, 0, 1_000_000),
    "STREAM_KEEPALIVE_SECONDS": ("SCOREKEEPER_STREAM_KEEPALIVE_SECONDS", False, 1.0, 300.0),
}


def intake_settings() -> dict[str, float]:
    """The bounds the environment sets (unset, the code's defaults hold); a value out of its
    range raises ``ValueError`` (a typo should stop the server, not open it)."""
    found: dict[str, float] = {}
    for key, (variable, whole, low, high) in INTAKE_SETTINGS.items():
        raw = os.environ.get(variable, "").strip().replace("_", "")
        if not raw:
            continue
        try:
            value = int(raw) if whole else float(raw)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            kind = "a whole number" if whole else "a number of seconds"
            raise ValueError(f"{variable} must be {kind} from {low:,g} to {high:,g}, not {raw!r}")
        found[key] = value
    return found
