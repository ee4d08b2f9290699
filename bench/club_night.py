"""A club night against a real server: N tables at once, as the phones and the desk ask.

Starts gunicorn as ``make run`` does (gevent workers, ``--workers`` 2 by default) on
127.0.0.1 and a free port, on a fresh SQLite file (or ``--database``, a PostgreSQL URL whose
tables are dropped and made anew). The tables are the tables of tournaments of 20 tables each
(``--tables-per-desk``), made through the service the set-up form uses; each table's game has
already a random number of its ``--hands-per-game`` hands (so games end all through the night,
as in a club), and each table has spare games to go on with. Then for ``--seconds``:

- per table, a scorekeeper opens the edit link, then for each hand opens the count form,
  previews as she types (the htmx ``POST .../hands/preview``, one every 2 s during a 30 s count),
  saves the hand (the form's ``POST .../hands``) and lands on the game screen the redirect names;
  a hand starts every 3 minutes. When the game ends she prints its sheet (the PDF) and opens the
  edit link of the table's next game;
- per table, ``--readers`` read-only phones open the game page and hold its event stream open,
  as the page does (``static/js/live.js``): once when it opens and then on each news of the game
  they ask for the board (``?v=<version>``: 204 when nothing changed), and open the next game's
  page when the table moves on;
- per tournament (20 tables), the desk signs in with its organizer link, opens the control table,
  holds the tournament's event stream and asks for its dashboard on each news.

Phones and desks arrive over the first ``--ramp`` seconds (60 s of a club's time), the
scorekeepers each at her first hand, at a random point of the 3 minutes. ``--speed`` compresses
the night (every wait divided by it; 1, the default, is a real club's pace), so N tables at
speed S ask about as much as N x S tables at a club's pace. Every request is bounded by
``--timeout``; the run stops after ``--seconds`` or ``--max-requests``, whichever comes first.
Before the night and after it, the bare Flask hello (``bench/hello.py``) is served the same
way and measured with ``wrk`` for ``--hello-seconds`` (aiohttp when ``wrk`` is missing): the
machine's pace, the mean of both.

Prints, per kind of request: count, p50, p95, p99, max (ms) and errors (any answer that is not
2xx or 3xx, or no answer); then the server's CPU (gunicorn's processes with the sheets'
printers) and the load generator's, the event loop's lag, the load average before and after,
how long a follower took from a save's answer to having the new board (pushed: the stream's
news, then the board's request), and last the line ``tables=N p95_ms=X errors=E
cpu_ms_per_table_minute=Y hello_rps=Z hellos_per_table_minute=H`` (p95 over every request of
the night; that CPU per minute of a club table's time; that CPU counted in bare hello requests
of the same run, the figure that holds from one machine's pace to another's). Exits 1 if any
answer was a 5xx or never came, or, with ``--max-hellos H``, when a table-minute cost more
than H hellos; else 0.

Run: ``.venv/bin/python bench/club_night.py [--tables 50] [--seconds 240] [--speed 1]
[--workers 2] [--readers 3] [--database postgresql+psycopg://...]``. ``--tables 50,100,200``
searches: one night each, smallest first, until one misses the goal (p95 under 150 ms and no
error); then a summary, the largest N that held, and its line again last.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, and bench/http.py there hides the
# standard library's ``http`` (which aiohttp imports): drop the folder before importing anything.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

import argparse  # noqa: E402
import asyncio  # noqa: E402
import math  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import re  # noqa: E402
import shutil  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections import defaultdict  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402
from typing import Any  # noqa: E402

import aiohttp  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
sys.path.insert(0, str(ROOT))

from bench.http import free_port, start_server, stop_server  # noqa: E402
from bench.workload import HAND, PREVIEW_FORM  # noqa: E402
from tests.servers import drop_database, listens  # noqa: E402

#: A real club's pace, in seconds (divided by ``--speed``).
HAND_EVERY = 180.0
COUNT_TAKES = 30.0
PREVIEW_EVERY = 2.0
#: What one saved hand of the night gives the first side: ``HAND`` (seeded) and
#: ``PREVIEW_FORM`` (saved through the form) both give 450 (50 + a mixed canasta + going out).
HAND_POINTS = 450
#: The night's phones all come from 127.0.0.1: the app's bounds per address (60 requests in
#: flight, 400 streams a worker) are for a club's router, not for a whole night from one
#: machine, so they are lifted (docs/CONFIGURATION.md).
ONE_ADDRESS = {"SCOREKEEPER_REQUESTS_PER_ADDRESS": "0", "SCOREKEEPER_STREAMS_PER_ADDRESS": "0"}
#: gunicorn closes a connection idle for 2 s (its ``keepalive``); a phone lets go of it sooner,
#: so that it never sends on a connection the server is closing (a browser would retry; aiohttp
#: reports an error).
CLIENT_KEEPALIVE = 1.0


def target_for(hands: int) -> int:
    """A target the first side reaches with its ``hands``-th hand, not before (the other side
    scores 65 a hand through the form, 0 seeded)."""
    return HAND_POINTS * (hands - 1) + 100


# -- the server --------------------------------------------------------------------------------


def parse_with_database(parser: argparse.ArgumentParser,
                        argv: list[str] | None) -> argparse.Namespace:
    """``parser``'s arguments with ``--database``: a PostgreSQL URL or none (SQLite)."""
    parser.add_argument("--database", help="a PostgreSQL URL (its tables are dropped and made "
                        "anew); default: a fresh SQLite file")
    args = parser.parse_args(argv)
    if args.database and not args.database.startswith("postgresql"):
        parser.error("--database takes a PostgreSQL URL (SQLite is the default)")
    return args


def make_app(database: str, instance: Path) -> Any:
    from scorekeeper import create_app

    return create_app({"SQLALCHEMY_DATABASE_URI": database, "SECRET_KEY": "bench"},
                      instance_path=str(instance))


def fresh_database(database: str | None, tmp: Path) -> str:
    """The URL of an empty database with the app's tables: a new SQLite file by default."""
    from scorekeeper.extensions import db

    url = database or f"sqlite:///{tmp / 'club.sqlite'}"
    app = make_app(url, tmp / "instance")
    with app.app_context():
        if database:
            db.drop_all()
        db.create_all()
        db.engine.dispose()
    return url


def own_database(server: str, name: str) -> str:
    """A new, empty database ``name`` on the PostgreSQL server of the URL ``server``."""
    from sqlalchemy import create_engine, make_url, text

    parts = make_url(server)
    admin = create_engine(parts.set(database="postgres"), isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    finally:
        admin.dispose()
    return parts.set(database=name).render_as_string(hide_password=False)


@dataclass
class Table:
    """One table: its games in the order it plays them ((view, edit) tokens), and how many hands
    its first game already has."""

    games: list[tuple[str, str]]
    hands_played: int
    playing: int = 0
    #: When its scorekeeper's last save was answered (``time.monotonic()``), or 0.
    saved_at: float = 0.0
    #: Set when the table goes on with its next game (then replaced by a new one): its
    #: followers leave the game's stream for the next game's page.
    moved_on: asyncio.Event = field(default_factory=asyncio.Event)

    def go_on(self) -> None:
        """Go on with the table's next game."""
        self.playing += 1
        self.moved_on.set()
        self.moved_on = asyncio.Event()

    @property
    def view(self) -> str:
        return self.games[self.playing][0]


@dataclass
class Desk:
    """A tournament's organizer: its id and the organizer link's token."""

    tournament: str
    token: str


def set_up(url: str, tmp: Path, args: argparse.Namespace) -> tuple[list[Table], list[Desk]]:
    """The tournaments, their tables' games (with hands already played) and spare games.

    Everything goes through the services the forms use: the tournament set-up, the round's edit
    links, ``record.add_hand`` for the hands already played, ``create_game`` for the spares.
    """
    from scorekeeper.engine import PRESETS
    from scorekeeper.extensions import db
    from scorekeeper.services import games as games_service
    from scorekeeper.services import record
    from scorekeeper.services import tournaments as tournaments_service
    from scorekeeper.services.clock import SEATED

    rng = random.Random(args.seed)
    per_game = args.hands_per_game
    target = target_for(per_game)
    spares = math.ceil(args.seconds * args.speed / (HAND_EVERY * per_game)) + 1
    app = make_app(url, tmp / "instance")
    tables: list[Table] = []
    desks: list[Desk] = []
    with app.app_context():
        left = args.tables
        while left:
            count = min(left, args.tables_per_desk)
            left -= count
            pairs = [{"name": f"Pair {i + 1}", "players": [f"Ana {i + 1}", f"Luis {i + 1}"]}
                     for i in range(2 * count)]
            new = tournaments_service.create_tournament(
                PRESETS["classic"], name=f"Club night {len(desks) + 1}", pairs=pairs,
                rounds=1, minutes=600, target=target,
                # The tables save hands at once: the load measured is play, not the bell.
                tables_start=SEATED)
            desks.append(Desk(new.tournament.id, new.admin_token))
            for seat in tournaments_service.hand_out_links(new.tournament.rounds[0].tables):
                played = rng.randrange(per_game)
                for _ in range(played):
                    record.add_hand(seat.game_id, HAND, by=record.BY_SCOREKEEPER)
                games = [(seat.view_token, seat.new_edit_token)]
                for _ in range(spares):
                    spare = games_service.create_game(
                        PRESETS["classic"], players=4, target=target,
                        sides=[{"name": "Nosotros", "players": ["Ana", "Luis"]},
                               {"name": "Ellos", "players": ["Eva", "Juan"]}])
                    games.append((spare.view_token, spare.edit_token))
                tables.append(Table(games, played))
            db.session.commit()
        db.engine.dispose()
    return tables, desks


def _children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _tree_cpu(pid: int, tick: int) -> float:
    """CPU seconds of ``pid``, of the children it has reaped, and of every live descendant:
    a worker's sheet printers are its children (``sheets.renderer``), and a printer that
    ended counts in its worker's reaped children's time."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    own = sum(int(value) for value in fields[11:15]) / tick  # utime stime cutime cstime
    return own + sum(_tree_cpu(child, tick) for child in _children(pid))


def cpu_by_process(pid: int) -> dict[int, float]:
    """CPU seconds used so far by the process ``pid`` (alone) and by each of its children,
    each with all of its own descendants (from /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    used: dict[int, float] = {}
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return used
    # The process itself with the children it reaped (a worker gunicorn replaced).
    used[pid] = sum(int(value) for value in fields[11:15]) / tick
    for child in _children(pid):
        used[child] = _tree_cpu(child, tick)
    return used


def cpu_of(pid: int) -> float:
    """CPU seconds used so far by the process ``pid`` and all its descendants, the sheets'
    printers included (from /proc)."""
    return sum(cpu_by_process(pid).values())


class Server:
    """gunicorn serving an app as ``make run`` does (its gevent workers), on loopback only."""

    def __init__(self, app: str, env: dict[str, str], workers: int):
        from scorekeeper import serve

        serve.raise_open_files_limit()
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = start_server(
            [str(BIN / "gunicorn"), "-w", str(workers), "-k", "scorekeeper.serve.StreamingWorker",
             "--worker-connections", str(serve.CONNECTIONS_PER_WORKER),
             "-b", f"127.0.0.1:{self.port}", "--log-level", "warning", app],
            f"gunicorn {app}", env, lambda: listens(self.port))
        assert self.server.proc is not None
        self.proc = self.server.proc

    def cpu_seconds(self) -> float:
        """CPU time used so far by gunicorn's workers and master (from /proc)."""
        return cpu_of(self.proc.pid)

    def cpu_by_worker(self) -> dict[int, float]:
        """CPU time used so far by each of gunicorn's workers (from /proc)."""
        used = cpu_by_process(self.proc.pid)
        used.pop(self.proc.pid, None)
        return used

    def stop(self) -> None:
        stop_server(self.server)


class StackServer:
    """``make stack`` (deploy/stack.py) on free ports: Caddy with https in front of two app
    servers on a PostgreSQL database of the night's own, Redis for the rate limits. The phones
    talk to Caddy's https address, trusting its CA, as phones on a club's Wi-Fi would."""

    def __init__(self, database: str, folder: Path, workers: int, *, one_address: bool = True):
        import ssl

        # The app servers listen on Unix sockets in the stack's folder; its own Redis (with
        # a password) on a free port. ``one_address``: every phone of the bench comes from one
        # address, so the per-address bounds are lifted (a bench of strangers keeps them).
        ports = [free_port() for _ in range(5)]
        self.env = {**{k: v for k, v in os.environ.items() if not k.startswith("STACK_")},
                    **(ONE_ADDRESS if one_address else {}),
                    "STACK_DIR": str(folder), "STACK_DATABASE_URL": database,
                    "STACK_REDIS_URL": f"redis://127.0.0.1:{ports[4]}/0",
                    "STACK_HTTPS_PORT": str(ports[2]), "STACK_HTTP_PORT": str(ports[3]),
                    "STACK_WORKERS": str(workers)}
        self.folder = folder
        up = subprocess.run([sys.executable, str(ROOT / "deploy" / "stack.py"), "up"],
                            env=self.env, capture_output=True, text=True, timeout=600)
        if up.returncode != 0:
            raise RuntimeError(f"make stack failed:\n{up.stdout}{up.stderr}")
        self.url = f"https://localhost:{ports[2]}"
        cert = folder / "caddy-data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"
        self.ssl = ssl.create_default_context(cafile=str(cert))

    def cpu_seconds(self) -> float:
        """CPU time used so far by Caddy, Redis and the app servers (PostgreSQL's own
        processes are not counted)."""
        return sum(cpu_of(int(pid_file.read_text().strip() or 0))
                   for pid_file in self.folder.glob("*.pid"))

    def stop(self) -> None:
        subprocess.run([sys.executable, str(ROOT / "deploy" / "stack.py"), "down"],
                       env=self.env, capture_output=True, timeout=120)


def hello_rps(workers: int, seconds: float) -> tuple[float, str]:
    """The bare Flask hello's requests/s, served as the app is, and what measured it."""
    hello = Server("bench.hello:app", {}, workers)
    try:
        # Listening is not answering: gunicorn's workers may still be importing. Measure from the
        # first answer, so a busy machine's slow start is not read as 0 req/s.
        _first_answer(hello.url + "/", deadline=120)
        if shutil.which("wrk"):
            window = max(1, round(seconds))
            best = 0.0
            for _ in range(3):
                before = hello.cpu_by_worker()
                out = subprocess.run(
                    ["wrk", "-t2", "-c8", "--timeout", "30s", f"-d{window}s", hello.url + "/"],
                    capture_output=True, text=True, check=True, timeout=window + 60).stdout
                used = [cpu - before.get(pid, 0.0) for pid, cpu in hello.cpu_by_worker().items()]
                found = re.search(r"Requests/sec:\s+([\d.]+)", out)
                rate = float(found.group(1)) if found else 0.0
                best = max(best, rate)
                # wrk opens its 8 connections at once, and one worker may accept them all: the
                # other idles and the rate is half the machine's (4,300 against 8,100 req/s,
                # 2026-12-05). Measured again until both workers worked alike.
                if rate > 0 and min(used, default=0) >= 0.6 * max(used, default=0):
                    return rate, "wrk -t2 -c8"
                # A window in which no request completes says nothing about the rate; widen it.
                if rate == 0:
                    window *= 2
            return best, "wrk -t2 -c8, its workers unevenly loaded"
        return asyncio.run(_closed_loop(hello.url + "/", seconds)), "aiohttp, 8 at once"
    finally:
        hello.stop()


def _first_answer(url: str, deadline: float) -> None:
    import urllib.request

    ends = time.monotonic() + deadline
    while True:
        try:
            with urllib.request.urlopen(url, timeout=30) as answer:
                answer.read()
                return
        except OSError:
            if time.monotonic() > ends:
                raise
            time.sleep(0.2)


async def _closed_loop(url: str, seconds: float, clients: int = 8) -> float:
    done = 0
    ends = time.monotonic() + seconds

    async def client(http: aiohttp.ClientSession) -> None:
        nonlocal done
        while time.monotonic() < ends:
            async with http.get(url) as res:
                await res.read()
            done += 1

    async with aiohttp.ClientSession() as http:
        await asyncio.gather(*(client(http) for _ in range(clients)))
    return done / seconds


# -- measuring ---------------------------------------------------------------------------------


@dataclass
class Recorder:
    """Latencies and errors per kind of request, and the bounds of the run."""

    deadline: float
    max_requests: int
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    server_errors: int = 0
    sent: int = 0
    examples: list[str] = field(default_factory=list)
    lags: list[float] = field(default_factory=list)
    #: Seconds from a save's answer to a follower having the new board (pushed).
    pushed: list[float] = field(default_factory=list)
    #: Streams that ended or failed while the night went on (a phone opens a new one).
    streams_lost: int = 0
    #: When each request was sent (seconds into the night) and how long it took (ms): where in
    #: the night the slow answers fall (the arrivals of the first minute, or all through it).
    timeline: list[tuple[float, float]] = field(default_factory=list)
    began: float = field(default_factory=time.monotonic)
    #: CPU seconds each of gunicorn's workers used in the night (``make run``'s server only):
    #: whether the work is shared evenly, or one worker is busy while the other waits.
    worker_cpu: list[float] = field(default_factory=list)
    #: Set when the night ends (its length, or its number of requests): the streams close.
    ended: asyncio.Event = field(default_factory=asyncio.Event)

    def running(self) -> bool:
        return time.monotonic() < self.deadline and self.sent < self.max_requests

    async def end_on_time(self) -> None:
        await asyncio.sleep(max(0.0, self.deadline - time.monotonic()))
        self.ended.set()

    async def request(self, kind: str, session: aiohttp.ClientSession, method: str, url: str,
                      **kwargs: Any) -> tuple[int, str]:
        """One request, timed; its status and body ("" and status 0 when none came)."""
        self.sent += 1
        if self.sent >= self.max_requests:
            self.ended.set()
        start = time.perf_counter()
        try:
            async with session.request(method, url, allow_redirects=False, **kwargs) as res:
                raw = await res.read()
                status = res.status
            body = raw.decode("utf-8", "replace") if b"%PDF" != raw[:4] else "%PDF"
        except (TimeoutError, aiohttp.ClientError) as exc:
            status, body = 0, type(exc).__name__
        took = (time.perf_counter() - start) * 1000
        self.latencies[kind].append(took)
        self.timeline.append((time.monotonic() - took / 1000 - self.began, took))
        if not 200 <= status < 400:
            self.errors[kind] += 1
            if status >= 500 or status == 0:
                self.server_errors += 1
            if len(self.examples) < 5:
                self.examples.append(f"{kind}: {status} {method} {url.split('?')[0]} {body[:60]}")
        return status, body

    async def pause(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, min(seconds, self.deadline - time.monotonic())))

    async def watch_loop(self) -> None:
        """How late the generator's event loop wakes (a busy generator delays every phone)."""
        while self.running():
            asked = time.monotonic()
            await asyncio.sleep(0.1)
            self.lags.append((time.monotonic() - asked - 0.1) * 1000)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]


def report(rec: Recorder, title: str) -> list[str]:
    lines = [title, f"{'request':<28}{'count':>7}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}"
             f"{'max ms':>9}{'errors':>8}"]
    for kind in sorted(rec.latencies):
        got = rec.latencies[kind]
        lines.append(f"{kind:<28}{len(got):>7}{percentile(got, 50):>9.1f}"
                     f"{percentile(got, 95):>9.1f}{percentile(got, 99):>9.1f}{max(got):>9.1f}"
                     f"{rec.errors[kind]:>8}")
    every = [v for got in rec.latencies.values() for v in got]
    if every:
        lines.append(f"{'every request':<28}{len(every):>7}{percentile(every, 50):>9.1f}"
                     f"{percentile(every, 95):>9.1f}{percentile(every, 99):>9.1f}"
                     f"{max(every):>9.1f}{sum(rec.errors.values()):>8}")
    lines += timeline(rec)
    return lines


#: The night's timeline in steps of this many seconds (by when each request was sent).
TIMELINE_STEP = 10


def timeline(rec: Recorder) -> list[str]:
    """Requests, p50 and p95 in each step of the night: the arrivals or the whole night."""
    steps: dict[int, list[float]] = defaultdict(list)
    for sent, took in rec.timeline:
        steps[int(sent // TIMELINE_STEP)].append(took)
    if not steps:
        return []
    lines = [f"{'sent at (s)':<16}{'requests':>9}{'p50 ms':>9}{'p95 ms':>9}"]
    for step in sorted(steps):
        got = steps[step]
        at = f"{step * TIMELINE_STEP}-{(step + 1) * TIMELINE_STEP}"
        lines.append(f"{at:<16}{len(got):>9}{percentile(got, 50):>9.1f}"
                     f"{percentile(got, 95):>9.1f}")
    return lines


# -- the phones --------------------------------------------------------------------------------


def hidden_fields(page: str) -> dict[str, str]:
    """The count form's hidden inputs (CSRF token, request key, version seen)."""
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page))


#: The TLS context the phones trust the stack's https address with (``--stack``).
TLS: dict[str, Any] = {}


def session(base: str, timeout: float, connections: int = 1) -> aiohttp.ClientSession:
    # Each phone has its own cookies and connections (a following phone two: its stream and
    # its requests); loopback is an IP address, which the default cookie jar refuses.
    # A browser sends the page's address as Referer; on https, the CSRF check asks for it.
    return aiohttp.ClientSession(
        base, cookie_jar=aiohttp.CookieJar(unsafe=True), headers={"Referer": f"{base}/"},
        connector=aiohttp.TCPConnector(limit=connections, keepalive_timeout=CLIENT_KEEPALIVE,
                                       **TLS),
        timeout=aiohttp.ClientTimeout(total=timeout))


async def follow_stream(rec: Recorder, phone: aiohttp.ClientSession, kind: str, url: str,
                        ask: Any, leave: asyncio.Event | None = None,
                        event: bytes = b"changed", catch_up: bool = True) -> None:
    """Hold the event stream ``url`` open as ``live.js`` does: ``ask(False)`` once it opens
    (unless not ``catch_up``: a stream told the page's version says itself what was missed)
    and ``ask(True)`` on each ``event`` (the board's; a table's clock hears ``desk``), until
    the server ends it, the night ends or ``leave`` is set (the table went on with its next
    game). The phone waits on the stream alone: with a wake-up a second for each of 3,000
    streams (to look whether the table moved on) the generator took 50 s of CPU in a
    1,000-table night, 32 s without, CPU the server on the same two cores then lacked."""
    start = time.perf_counter()
    try:
        async with phone.get(url, timeout=aiohttp.ClientTimeout(total=None,
                                                                sock_connect=10)) as res:
            rec.sent += 1
            rec.latencies[kind].append((time.perf_counter() - start) * 1000)
            if res.status != 200:
                rec.errors[kind] += 1
                rec.server_errors += res.status >= 500
                await rec.pause(3)
                return
            if catch_up:
                await ask(False)

            async def read() -> None:
                # Until the server ends it (its lifetime): the browser then opens anew.
                async for line in res.content:
                    if line.rstrip(b"\r\n") == b"event: " + event:
                        await ask(True)

            reading = asyncio.ensure_future(read())
            waits = {reading, asyncio.ensure_future(rec.ended.wait())}
            if leave is not None:
                waits.add(asyncio.ensure_future(leave.wait()))
            try:
                await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for waiting in waits:
                    waiting.cancel()
            if reading.done() and not reading.cancelled():
                reading.result()  # what failed while reading, if anything
    except (TimeoutError, aiohttp.ClientError):
        if rec.running():
            rec.streams_lost += 1
            await rec.pause(3)


async def scorekeeper(rec: Recorder, base: str, table: Table, args: argparse.Namespace,
                      rng: random.Random) -> None:
    """One table's scorekeeper: count (previewing as she types), save, look at the board; when
    the game ends, print its sheet and go on with the table's next game."""
    speed = args.speed
    left = args.hands_per_game - table.hands_played
    # Tables do not all start their hands at the same second: she comes to her first.
    await rec.pause(rng.uniform(0, HAND_EVERY / speed))
    # A wait ends early when the night does: what comes after it is not sent then. (Until
    # 2026-11-28 it was: the scorekeepers yet to arrive (a third of them in a 120 s night) and
    # those counting all asked at the night's last instant, 476 requests of a 1,000-table
    # night at once, answered in 1.3 s at p50, where the 10 s before answered in 66 ms.)
    if not rec.running():
        return
    async with session(base, args.timeout) as phone:
        view, edit = table.games[table.playing]
        await rec.request("join (edit link)", phone, "GET", f"/games/{view}/join/{edit}")
        while rec.running():
            started = time.monotonic()
            status, page = await rec.request("count form", phone, "GET",
                                             f"/games/{view}/hands/new")
            form = {**hidden_fields(page), **PREVIEW_FORM}
            if status != 200 or "csrf_token" not in form:
                await rec.pause(PREVIEW_EVERY / speed)
                continue
            htmx = {"HX-Request": "true", "X-CSRFToken": form["csrf_token"]}
            count_ends = time.monotonic() + COUNT_TAKES / speed  # from the form's arrival
            while rec.running() and time.monotonic() < count_ends:
                await rec.pause(PREVIEW_EVERY / speed)
                if not rec.running():
                    break
                await rec.request("preview (htmx)", phone, "POST",
                                  f"/games/{view}/hands/preview", data=form, headers=htmx)
            if not rec.running():
                break
            status, _ = await rec.request("save hand (form)", phone, "POST",
                                          f"/games/{view}/hands", data=form)
            table.saved_at = time.monotonic()
            if status == 303:
                await rec.request("game screen (scorekeeper)", phone, "GET", f"/games/{view}")
                left -= 1
            if left <= 0 and rec.running():
                await rec.request("sheet (PDF)", phone, "GET", f"/sheets/games/{view}.pdf")
                if table.playing + 1 == len(table.games):
                    break
                table.go_on()
                left = args.hands_per_game
                view, edit = table.games[table.playing]
                await rec.request("join (edit link)", phone, "GET",
                                  f"/games/{view}/join/{edit}")
            await rec.pause(started + HAND_EVERY / speed - time.monotonic())


async def follower(rec: Recorder, base: str, table: Table, args: argparse.Namespace,
                   rng: random.Random) -> None:
    """A read-only phone at the table: the game page, its event stream held open, the board
    asked for on each news; the next game's page when the table moves on."""
    await rec.pause(rng.uniform(0, args.ramp / args.speed))
    if not rec.running():
        return
    async with session(base, args.timeout, connections=2) as phone:
        view, seen = "", "0"

        def took(page: str) -> None:
            nonlocal seen
            if version := re.search(r'hx-get="[^"]*\?v=(\d+)"', page):
                seen = version.group(1)

        async def board(news: bool) -> None:
            status, page = await rec.request("board on news (htmx)", phone, "GET",
                                             f"/games/{view}", params={"v": seen},
                                             headers={"HX-Request": "true"})
            if status == 200:
                took(page)
                since = time.monotonic() - table.saved_at
                # The news of this table's last save (not a catch-up when the stream opened,
                # nor news that came before the save's own answer).
                if news and since < HAND_EVERY / args.speed / 2:
                    rec.pushed.append(since)

        opened = ""
        leave = table.moved_on
        while rec.running():
            if view != table.view:  # arrived, or the table went on with its next game
                view, leave = table.view, table.moved_on
                status, page = await rec.request("game page (read-only)", phone, "GET",
                                                 f"/games/{view}")
                if status == 200:
                    took(page)
            # The page's stream carries the version it shows: the first time, the stream says
            # whether anything was missed; a stream opened again, the page asks (live.js).
            await follow_stream(rec, phone, "event stream (open)",
                                f"/games/{view}/events?v={seen}", board, leave,
                                catch_up=opened == view)
            opened = view


async def desk(rec: Recorder, base: str, organizer: Desk, args: argparse.Namespace,
               rng: random.Random) -> None:
    """A tournament's desk: the organizer link, the control table, its dashboard's poll."""
    await rec.pause(rng.uniform(0, args.ramp / args.speed))
    if not rec.running():
        return
    url = f"/tournaments/{organizer.tournament}"
    async with session(base, args.timeout, connections=2) as screen:
        await rec.request("desk sign-in (link)", screen, "GET", url,
                          params={"token": organizer.token})
        await rec.request("desk control table", screen, "GET", url)

        async def dashboard(news: bool) -> None:
            await rec.request("desk dashboard (htmx)", screen, "GET", f"{url}/dashboard",
                              headers={"HX-Request": "true"})

        while rec.running():
            await follow_stream(rec, screen, "event stream (open)", f"{url}/events", dashboard)


async def warm_up(base: str, view: str, workers: int) -> None:
    """Let every worker load the app and render once: a phone never meets a booting server."""
    async with aiohttp.ClientSession(base, connector=aiohttp.TCPConnector(**TLS)) as phone:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            start = time.monotonic()
            answers = await asyncio.gather(*(phone.get(f"/games/{view}")
                                             for _ in range(4 * workers)))
            for answer in answers:
                answer.release()
            if time.monotonic() - start < 1:
                return


async def club_night(server: Server | StackServer, tables: list[Table], desks: list[Desk],
                     args: argparse.Namespace) -> tuple[Recorder, float, float, float]:
    """The night's requests, its length in seconds, and the server's and this process's CPU
    seconds meanwhile."""
    base = server.url
    await warm_up(base, tables[0].view, args.workers)
    rng = random.Random(args.seed + 1)
    cpu, own, started = server.cpu_seconds(), time.process_time(), time.monotonic()
    rec = Recorder(deadline=started + args.seconds, max_requests=args.max_requests)
    phones = [rec.watch_loop(), rec.end_on_time()]
    for table in tables:
        phones.append(scorekeeper(rec, base, table, args, rng))
        phones += [follower(rec, base, table, args, rng) for _ in range(args.readers)]
    phones += [desk(rec, base, organizer, args, rng) for organizer in desks]
    by_worker = server.cpu_by_worker() if isinstance(server, Server) else {}
    await asyncio.gather(*phones)
    if by_worker:
        after = server.cpu_by_worker() if isinstance(server, Server) else {}
        rec.worker_cpu = sorted((after.get(pid, used) - used for pid, used in by_worker.items()),
                                reverse=True)
    return (rec, time.monotonic() - started, server.cpu_seconds() - cpu,
            time.process_time() - own)


#: The issue's goal for a night: every request's p95 under this, and no error.
GOAL_P95_MS = 150.0


def tables_list(text: str) -> list[int]:
    """``--tables``: one number, or several separated by commas (a search, smallest first)."""
    try:
        counts = sorted({int(part) for part in text.split(",") if part.strip()})
    except ValueError:
        raise argparse.ArgumentTypeError("give whole numbers, e.g. 50 or 50,100,200") from None
    if not counts or counts[0] < 1:
        raise argparse.ArgumentTypeError("at least one table")
    return counts


@dataclass
class Night:
    """What one night printed and its summary figures."""

    lines: list[str]
    tables: int
    p95: float
    errors: int
    failed: bool
    #: A table-minute's server CPU in bare hello requests (:func:`hellos_of`).
    hellos: float = math.inf

    @property
    def holds(self) -> bool:
        return self.errors == 0 and self.p95 < GOAL_P95_MS

    @property
    def last(self) -> str:
        return self.lines[-1]


def one_night(args: argparse.Namespace, count: int) -> Night:
    """Set up, measure the hello, serve and run ``count`` tables; what it prints."""
    args = argparse.Namespace(**{**vars(args), "tables": count})
    tmp = Path(tempfile.mkdtemp(prefix="bench-club-"))
    server: Server | StackServer | None = None
    url = ""
    load_before = os.getloadavg()[0]
    try:
        hello_before, hello_how = hello_rps(args.workers, args.hello_seconds)
        if args.stack:
            # The stack migrates its own new database; the night's games go into it after.
            url = own_database(args.database, f"bench_stack_{os.getpid()}_{count}")
            server = StackServer(url, tmp / "stack", args.workers)
            TLS["ssl"] = server.ssl
        else:
            url = fresh_database(args.database, tmp)
        made = time.monotonic()
        tables, desks = set_up(url, tmp, args)
        made = time.monotonic() - made
        if not args.stack:
            server = Server(f"scorekeeper:create_app(instance_path={str(tmp / 'instance')!r})",
                            {"DATABASE_URL": url, "SECRET_KEY": "bench", **ONE_ADDRESS},
                            args.workers)
        assert server is not None
        rec, elapsed, cpu, own = asyncio.run(club_night(server, tables, desks, args))
    finally:
        if server:
            server.stop()
        if args.stack and url:
            drop_database(url)
        shutil.rmtree(tmp, ignore_errors=True)
    # The machine's pace once more, after the night: a shared machine's pace drifts (the hello
    # of one 5-s window moved between 4,257 and 8,175 req/s from one short night to the next,
    # 2026-12-05), and the night is measured against the mean of both.
    load_after = os.getloadavg()[0]
    hello_after, _ = hello_rps(args.workers, args.hello_seconds)
    hello = (hello_before + hello_after) / 2
    database = ("make stack: Caddy (https) before 2 app servers, PostgreSQL, Redis" if args.stack
                else "PostgreSQL" if args.database else "SQLite")
    lines = report(rec, f"club night: {count} tables x {args.readers} read-only phones, "
                        f"{len(desks)} desks, at {args.speed:g}x a real club's pace, "
                        f"{elapsed:.0f} s, gunicorn {args.workers} workers, {database} "
                        f"(set up in {made:.0f} s)")
    every = [v for got in rec.latencies.values() for v in got]
    errors = sum(rec.errors.values())
    table_minutes = count * elapsed / 60 * args.speed
    lines.append(
        f"{len(every)} requests, {len(every) / elapsed:.0f}/s; server CPU {cpu:.1f} s "
        f"({cpu / elapsed * 100:.0f} % of one core), load generator CPU {own:.1f} s "
        f"({own / elapsed * 100:.0f} %); event loop lag p95 {percentile(rec.lags or [0], 95):.0f}"
        f" ms, max {max(rec.lags or [0]):.0f} ms")
    if rec.worker_cpu:
        lines.append("server CPU by worker: "
                     + ", ".join(f"{used:.1f} s" for used in rec.worker_cpu))
    lines.append(
        f"bare Flask hello: {hello:.0f} req/s ({hello_how}, {args.hello_seconds:g} s before the "
        f"night and after it: {hello_before:.0f} and {hello_after:.0f}); load average (1 min) "
        f"{load_before:.1f} before, {load_after:.1f} after; {os.cpu_count()} CPUs")
    if rec.pushed:
        lines.append(
            f"pushed to the followers: a save's answer to the follower's new board p50 "
            f"{percentile(rec.pushed, 50) * 1000:.0f} ms, p95 "
            f"{percentile(rec.pushed, 95) * 1000:.0f} ms ({len(rec.pushed)} boards); "
            f"{rec.streams_lost} streams lost")
    lines += [f"  e.g. {example}" for example in rec.examples]
    failed = bool(rec.server_errors or not every)
    if failed:
        lines.append(f"FAIL: {rec.server_errors} answers were 5xx or never came")
    p95 = percentile(every or [0], 95)
    per_table_minute = cpu * 1000 / table_minutes
    hellos = hellos_of(per_table_minute, hello, args.workers)
    lines.append(f"a table-minute costs {hellos:.0f} bare hello requests of CPU "
                 f"({per_table_minute:.1f} ms against {args.workers * 1000 / hello:.3f} ms a "
                 f"hello over {args.workers} workers)" if hello else
                 "a table-minute's cost in hellos: unknown (the hello was not measured)")
    lines.append(f"tables={count} p95_ms={p95:.1f} errors={errors} "
                 f"cpu_ms_per_table_minute={per_table_minute:.1f} "
                 f"hello_rps={hello:.0f} hellos_per_table_minute={hellos:.0f}")
    return Night(lines, count, p95, errors, failed, hellos)


def hellos_of(per_table_minute: float, hello_rps: float, workers: int) -> float:
    """A table-minute's server CPU counted in bare hello requests of the same run: what holds
    from one machine's pace to another's. A hello costs ``workers / hello_rps`` seconds of the
    workers (each worker one core, all busy under ``wrk``)."""
    return per_table_minute * hello_rps / (workers * 1000) if hello_rps else math.inf


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=tables_list, default=[50],
                        help="tables, or a search: several separated by commas (50,100,200); "
                             "the search stops after the first that misses the goal")
    parser.add_argument("--seconds", type=float, default=240,
                        help="the night (default 240: the first minute's arrivals, then a hand)")
    parser.add_argument("--speed", type=float, default=1,
                        help="how many times faster than a real club (default 1)")
    parser.add_argument("--readers", type=int, default=3, help="read-only phones per table")
    parser.add_argument("--tables-per-desk", type=int, default=20,
                        help="tables of one tournament, whose desk polls its dashboard")
    parser.add_argument("--hands-per-game", type=int, default=12,
                        help="hands until a game ends (its target is set so)")
    parser.add_argument("--ramp", type=float, default=60,
                        help="club seconds over which the phones and desks arrive")
    parser.add_argument("--workers", type=int, default=2, choices=range(1, 9), metavar="1-8")
    parser.add_argument("--max-requests", type=int, default=10_000_000)
    parser.add_argument("--timeout", type=float, default=30, help="seconds per request")
    parser.add_argument("--hello-seconds", type=float, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-hellos", type=float, default=None,
                        help="exit 1 when a table-minute costs more than this many bare hello "
                             "requests of CPU (the short night in .ci/run)")
    parser.add_argument("--stack", action="store_true",
                        help="serve with `make stack` (deploy/: Caddy with https, 2 app servers "
                             "of --workers each, Redis) on a new database of the PostgreSQL "
                             "server of --database (default 127.0.0.1:5432)")
    args = parse_with_database(parser, argv)
    if args.stack and not args.database:
        args.database = "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
    if args.hands_per_game < 1 or args.tables_per_desk < 1:
        parser.error("--hands-per-game and --tables-per-desk are at least 1")

    nights = []
    for count in args.tables:
        night = one_night(args, count)
        nights.append(night)
        print("\n".join(night.lines), flush=True)
        if not night.holds:
            break
    if len(args.tables) > 1:
        print()
        print(f"search (goal: p95 under {GOAL_P95_MS:g} ms and no error):")
        for night in nights:
            print(f"  {night.last}  {'holds' if night.holds else 'misses'}")
        held = [night for night in nights if night.holds]
        print(f"largest N that holds: {held[-1].tables if held else 'none'}")
        print((held[-1] if held else nights[0]).last)
    if args.max_hellos is not None:
        dear = [night for night in nights if night.hellos > args.max_hellos]
        for night in dear:
            print(f"FAIL: a table-minute of {night.tables} tables cost {night.hellos:.0f} hello "
                  f"requests of CPU, more than {args.max_hellos:g}")
        if dear:
            return 1
    return 1 if any(night.failed for night in nights) else 0


if __name__ == "__main__":
    sys.exit(main())
