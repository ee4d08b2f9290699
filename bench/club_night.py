"""A club night against a real server: N tables at once, each scorekeeper's phone counting and
saving hands through the game's forms while read-only phones follow the board.

Starts gunicorn as ``make run`` does (gthread, ``--workers`` 2 by default, 4 threads each) on
127.0.0.1 and a free port, on a fresh SQLite file (or ``--database``, a PostgreSQL URL whose
tables are dropped and made anew), with one game per table. Then for ``--seconds``:

- per table, a scorekeeper opens the edit link once, then for each hand opens the count form,
  previews as she types (the htmx ``POST .../hands/preview``, one every ``2 s``), saves the hand
  (the form's ``POST .../hands``) and lands on the game screen the redirect names;
- per table, ``--readers`` read-only phones open the game page once, then poll the board as the
  page's htmx does (every 5 s, ``?v=<version>``: 204 while nothing changed).

A real hand takes about 3 minutes, a count about 30 s; ``--speed`` compresses the whole night
(every wait divided by it, default 10), so N tables at speed S load the server about as much as
N x S tables at a real club's pace. Every request is bounded by ``--timeout``; the run stops after
``--seconds`` or ``--max-requests``, whichever comes first.

Prints, per kind of request: count, p50, p95, max (ms) and errors (any answer that is not 2xx or
3xx, or no answer); exits 1 if any answer was a 5xx (or none came), else 0.

Run: ``.venv/bin/python bench/club_night.py [--tables 12] [--seconds 30] [--speed 10]
[--workers 2] [--readers 3] [--database postgresql+psycopg://...]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, and bench/http.py there hides the
# standard library's ``http`` (which aiohttp imports): drop the folder before importing anything.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

import argparse  # noqa: E402
import asyncio  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import re  # noqa: E402
import shutil  # noqa: E402
import signal  # noqa: E402
import socket  # noqa: E402
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

from bench.workload import PREVIEW_FORM  # noqa: E402

#: A real club's pace, in seconds (divided by ``--speed``).
HAND_EVERY = 180.0
COUNT_TAKES = 30.0
PREVIEW_EVERY = 2.0
#: The read-only board's htmx poll (templates/games/_board.html).
BOARD_POLL = 5.0

SIDES = [{"name": "Nosotros", "players": ["Ana", "Luis"]},
         {"name": "Ellos", "players": ["Eva", "Juan"]}]


# -- the server --------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


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


def create_games(url: str, tmp: Path, count: int, target: int = 100_000) -> list[tuple[str, str]]:
    """``count`` games made through the service the start form uses: (view, edit) tokens."""
    from scorekeeper.engine import PRESETS
    from scorekeeper.extensions import db
    from scorekeeper.services import games as games_service

    app = make_app(url, tmp / "instance")
    tokens = []
    with app.app_context():
        for _ in range(count):
            new = games_service.create_game(PRESETS["classic"], players=4, target=target,
                                            sides=SIDES)
            tokens.append((new.view_token, new.edit_token))
        db.session.commit()
        db.engine.dispose()
    return tokens


class Server:
    """gunicorn serving the app as ``make run`` does (gthread workers), on loopback only."""

    def __init__(self, url: str, tmp: Path, workers: int, threads: int = 4):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        app = f"scorekeeper:create_app(instance_path={str(tmp / 'instance')!r})"
        self.proc = subprocess.Popen(
            [str(BIN / "gunicorn"), "-w", str(workers), "-k", "gthread", "--threads",
             str(threads), "-b", f"127.0.0.1:{self.port}", "--log-level", "warning", app],
            cwd=ROOT, env={**os.environ, "DATABASE_URL": url, "SECRET_KEY": "bench"},
            start_new_session=True, stdout=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("gunicorn stopped at start")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("gunicorn did not start")

    def cpu_seconds(self) -> float:
        """CPU time used so far by gunicorn's workers and master (from /proc)."""
        total = 0.0
        tick = os.sysconf("SC_CLK_TCK")
        pids = [self.proc.pid]
        try:
            children = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children").read_text()
            pids += [int(p) for p in children.split()]
        except OSError:
            pass
        for pid in pids:
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += (int(fields[11]) + int(fields[12])) / tick
        return total

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()


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

    def running(self) -> bool:
        return time.monotonic() < self.deadline and self.sent < self.max_requests

    async def request(self, kind: str, session: aiohttp.ClientSession, method: str, url: str,
                      **kwargs: Any) -> tuple[int, str]:
        """One request, timed; its status and body ("" and status 0 when none came)."""
        self.sent += 1
        start = time.perf_counter()
        try:
            async with session.request(method, url, allow_redirects=False, **kwargs) as res:
                body = await res.text()
                status = res.status
        except (TimeoutError, aiohttp.ClientError) as exc:
            status, body = 0, type(exc).__name__
        self.latencies[kind].append((time.perf_counter() - start) * 1000)
        if not 200 <= status < 400:
            self.errors[kind] += 1
            if status >= 500 or status == 0:
                self.server_errors += 1
            if len(self.examples) < 5:
                self.examples.append(f"{kind}: {status} {method} {url.split('?')[0]}")
        return status, body

    async def pause(self, seconds: float) -> None:
        await asyncio.sleep(max(0.0, min(seconds, self.deadline - time.monotonic())))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]


def report(rec: Recorder, title: str) -> list[str]:
    lines = [title, f"{'request':<28}{'count':>7}{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}"
             f"{'errors':>8}"]
    for kind in sorted(rec.latencies):
        got = rec.latencies[kind]
        lines.append(f"{kind:<28}{len(got):>7}{percentile(got, 50):>9.1f}"
                     f"{percentile(got, 95):>9.1f}{max(got):>9.1f}{rec.errors[kind]:>8}")
    return lines


# -- the phones --------------------------------------------------------------------------------


def hidden_fields(page: str) -> dict[str, str]:
    """The count form's hidden inputs (CSRF token, request key, version seen)."""
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page))


def session(base: str, timeout: float) -> aiohttp.ClientSession:
    # Each phone has its own cookies; loopback is an IP address, which the default jar refuses.
    return aiohttp.ClientSession(base, cookie_jar=aiohttp.CookieJar(unsafe=True),
                                 timeout=aiohttp.ClientTimeout(total=timeout))


async def scorekeeper(rec: Recorder, base: str, view: str, edit: str, speed: float,
                      timeout: float) -> None:
    """One table's scorekeeper: count (previewing as she types), save, look at the board."""
    async with session(base, timeout) as phone:
        await rec.request("join (edit link)", phone, "GET", f"/games/{view}/join/{edit}")
        # Tables do not all start their hands at the same second.
        await rec.pause(random.uniform(0, HAND_EVERY / speed))
        while rec.running():
            started = time.monotonic()
            status, page = await rec.request("count form", phone, "GET",
                                             f"/games/{view}/hands/new")
            form = {**hidden_fields(page), **PREVIEW_FORM}
            if status != 200 or "csrf_token" not in form:
                await rec.pause(PREVIEW_EVERY / speed)
                continue
            htmx = {"HX-Request": "true", "X-CSRFToken": form["csrf_token"]}
            count_ends = started + COUNT_TAKES / speed
            while rec.running() and time.monotonic() < count_ends:
                await rec.pause(PREVIEW_EVERY / speed)
                await rec.request("preview (htmx)", phone, "POST",
                                  f"/games/{view}/hands/preview", data=form, headers=htmx)
            if not rec.running():
                break
            status, _ = await rec.request("save hand (form)", phone, "POST",
                                          f"/games/{view}/hands", data=form)
            if status == 303:
                await rec.request("game screen (scorekeeper)", phone, "GET", f"/games/{view}")
            await rec.pause(started + HAND_EVERY / speed - time.monotonic())


async def follower(rec: Recorder, base: str, view: str, speed: float, timeout: float) -> None:
    """A read-only phone at the table: the game page once, then the board's htmx poll."""
    async with session(base, timeout) as phone:
        await rec.pause(random.uniform(0, BOARD_POLL / speed))
        status, page = await rec.request("game page (read-only)", phone, "GET", f"/games/{view}")
        version = re.search(r'hx-get="[^"]*\?v=(\d+)"', page)
        seen = version.group(1) if version else "0"
        while rec.running():
            await rec.pause(BOARD_POLL / speed)
            if not rec.running():
                break
            status, page = await rec.request("board poll (htmx)", phone, "GET",
                                             f"/games/{view}", params={"v": seen},
                                             headers={"HX-Request": "true"})
            if status == 200 and (version := re.search(r'hx-get="[^"]*\?v=(\d+)"', page)):
                seen = version.group(1)


async def warm_up(base: str, view: str, workers: int) -> None:
    """Let every worker load the app and render once: a phone never meets a booting server."""
    async with session(base, 60) as phone:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            start = time.monotonic()
            answers = await asyncio.gather(*(phone.get(f"/games/{view}")
                                             for _ in range(4 * workers)))
            for answer in answers:
                answer.release()
            if time.monotonic() - start < 1:
                return


async def club_night(server: Server, tables: list[tuple[str, str]], args: argparse.Namespace
                     ) -> tuple[Recorder, float, float]:
    """The night's requests, its length in seconds and the server's CPU seconds meanwhile."""
    base = server.url
    await warm_up(base, tables[0][0], args.workers)
    cpu, started = server.cpu_seconds(), time.monotonic()
    rec = Recorder(deadline=started + args.seconds, max_requests=args.max_requests)
    phones = []
    for view, edit in tables:
        phones.append(scorekeeper(rec, base, view, edit, args.speed, args.timeout))
        phones += [follower(rec, base, view, args.speed, args.timeout)
                   for _ in range(args.readers)]
    await asyncio.gather(*phones)
    return rec, time.monotonic() - started, server.cpu_seconds() - cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=12)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--speed", type=float, default=10,
                        help="how many times faster than a real club (default 10)")
    parser.add_argument("--readers", type=int, default=3, help="read-only phones per table")
    parser.add_argument("--workers", type=int, default=2, choices=range(1, 9), metavar="2-4")
    parser.add_argument("--max-requests", type=int, default=100_000)
    parser.add_argument("--timeout", type=float, default=30, help="seconds per request")
    parser.add_argument("--database", help="a PostgreSQL URL (its tables are dropped and made "
                        "anew); default: a fresh SQLite file")
    args = parser.parse_args(argv)
    if args.database and not args.database.startswith("postgresql"):
        parser.error("--database takes a PostgreSQL URL (SQLite is the default)")

    tmp = Path(tempfile.mkdtemp(prefix="bench-club-"))
    server = None
    try:
        url = fresh_database(args.database, tmp)
        tables = create_games(url, tmp, args.tables)
        server = Server(url, tmp, args.workers)
        rec, elapsed, cpu = asyncio.run(club_night(server, tables, args))
    finally:
        if server:
            server.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    database = "PostgreSQL" if args.database else "SQLite"
    for line in report(rec, f"club night: {args.tables} tables x {args.readers} read-only "
                            f"phones at {args.speed:g}x a real club's pace, {elapsed:.0f} s, "
                            f"gunicorn {args.workers} workers, {database}"):
        print(line)
    total = sum(len(v) for v in rec.latencies.values())
    print(f"{total} requests, {total / elapsed:.0f}/s; server CPU {cpu:.1f} s "
          f"({cpu / elapsed * 100:.0f} % of one core); load average {os.getloadavg()[0]:.1f}")
    for example in rec.examples:
        print("  e.g.", example)
    if rec.server_errors or not total:
        print(f"FAIL: {rec.server_errors} answers were 5xx or never came")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
