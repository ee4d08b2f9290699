"""Issue 41's figure: do a stranger's slow request bodies and held event streams slow a table?

Serves the app as ``make run`` does (gunicorn, its gevent workers, ``--workers`` 2, loopback
only; the app's own bounds, nothing raised) and measures an ordinary save's latency
(``POST /api/v1/games/<id>/hands`` with its token, one every ``--save-every`` seconds, spread
over 200 games, from 127.0.0.2: the table is not the stranger) in these phases, side by side:

- **alone**: the saves alone;
- **N slow bodies** (``--slow``, 40 and 200): a stranger at 127.0.0.1 keeps N saves of its own
  games in flight, each body coming a byte a second (``Content-Length`` 2,000). The app answers
  each 408 once its deadline passes (``SCOREKEEPER_BODY_SECONDS``, 10 s), or 429 past the
  address's requests in flight; the stranger then opens another a second later;
- **M held streams** (``--streams``, 2,000): the stranger opens M event streams from 127.0.0.1
  (``/games/<id>/events``, 50 on each of 40 games) and holds every one the app accepts (past
  its bounds it answers 429; the stranger does not insist).

The phases come one after the other, ``--rounds`` times (default 2, ``--seconds`` each, default
15), so a change of the shared machine's load lands on all of them. Prints, per phase, the
saves' count, p50, p95, max and 5xx; the ratio of each phase's p95 to the alone one; the
stranger's answers by status; the load average. Exits 1 if a ratio is over ``--limit``
(default 2), if a save failed, or if any answer, the stranger's included, was a 5xx.

With ``--stack`` the same phases run through ``make stack`` (deploy/stack.py on free ports:
Caddy's https before two app servers, PostgreSQL, Redis; the app's own bounds): every request
goes to Caddy's https address, the table's and the stranger's from their own addresses, which
Caddy passes on. Caddy reads a body whole before an app server sees it, so the slow bodies
wait there and the stranger gets no answer before the phase ends.

Run: ``.venv/bin/python bench/slow_clients.py [--seconds 15] [--rounds 2] [--slow 40,200]
[--streams 2000] [--stack [--database postgresql+psycopg://postgres@127.0.0.1:5432/test]]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

# As in club_night.py: bench/http.py must not hide the standard library's ``http``.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import argparse  # noqa: E402
import http.client  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import select  # noqa: E402
import selectors  # noqa: E402
import socket  # noqa: E402
import ssl  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from collections import Counter  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from contextlib import contextmanager  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402

from bench.club_night import percentile  # noqa: E402
from bench.stats_readers import create_games, scratch_database, serving  # noqa: E402
from bench.workload import HAND  # noqa: E402

#: The table's address; the stranger's is 127.0.0.1 (loopback answers on all of 127/8).
TABLE = "127.0.0.2"
STRANGER = "127.0.0.1"
BODY_LENGTH = 2000
STREAM_GAMES = 40
#: Through the stack (``--stack``): the TLS context that trusts its CA. The address is Caddy's
#: site, ``localhost``: connections name it for the certificate and reach it on 127.0.0.1.
TLS: dict[str, ssl.SSLContext] = {}


def host_port(base: str) -> tuple[str, str]:
    """The address and port to connect to for ``base`` (Caddy's ``localhost`` is 127.0.0.1)."""
    host, port = base.split("://", 1)[1].split(":")
    return ("127.0.0.1" if host == "localhost" else host), port


def named(host: str) -> str:
    """The ``Host`` a request names: Caddy's site through the stack (a request naming another
    host gets Caddy's own empty 200, never the app), else the address connected to."""
    return "localhost" if "ssl" in TLS else host


def connect(host: str, port: int, timeout: float) -> socket.socket:
    """A socket from the stranger's address to the server, through TLS with ``--stack``."""
    sock = socket.socket()
    sock.settimeout(timeout)
    sock.bind((STRANGER, 0))
    sock.connect((host, port))
    if "ssl" in TLS:
        return TLS["ssl"].wrap_socket(sock, server_hostname="localhost")
    return sock


@dataclass
class Stranger:
    """What the stranger got, by status, and whether it should stop."""

    answers: Counter[str] = field(default_factory=Counter)
    stop: threading.Event = field(default_factory=threading.Event)


class SlowBody:
    """A save whose body comes a byte a second, on a raw socket."""

    def __init__(self, host: str, port: int, game: tuple[str, str]) -> None:
        view, edit = game
        self.sock = connect(host, port, 10)
        self.sock.sendall((f"POST /api/v1/games/{view}/hands HTTP/1.1\r\nHost: {named(host)}\r\n"
                           f"Content-Type: application/json\r\nAuthorization: Bearer {edit}\r\n"
                           f"Content-Length: {BODY_LENGTH}\r\n\r\n{{").encode())
        self.sock.setblocking(False)
        self.sent = 1
        self.answer = b""
        self.done = False

    def fileno(self) -> int:
        return self.sock.fileno()

    def read(self) -> None:
        try:
            got = self.sock.recv(65536)
        except (BlockingIOError, ssl.SSLWantReadError, ssl.SSLWantWriteError):
            return
        except OSError:
            got = b""
        self.answer += got
        if not got or self.answer.startswith(b"HTTP/"):
            self.done = True

    def drip(self) -> None:
        if self.done or self.sent >= BODY_LENGTH - 1:
            return
        try:
            self.sock.send(b" ")
            self.sent += 1
        except OSError:
            self.done = True

    def status(self) -> str:
        return self.answer[9:12].decode() if self.answer.startswith(b"HTTP/") else "none"


def slow_bodies(base: str, games: list[tuple[str, str]], count: int, who: Stranger) -> None:
    """Keep ``count`` slow bodies in flight until told to stop; count their answers."""
    host, port = host_port(base)
    held: list[SlowBody] = []
    next_game = 0
    while not who.stop.is_set():
        while len(held) < count and not who.stop.is_set():
            try:
                held.append(SlowBody(host, int(port), games[next_game % len(games)]))
            except OSError:
                who.answers["refused connection"] += 1
                time.sleep(0.1)
            next_game += 1
        readable, _, _ = select.select(held, [], [], 1.0) if held else ([], [], [])
        for one in readable:
            one.read()
        for one in held:
            one.drip()
        for one in [h for h in held if h.done]:
            who.answers[one.status()] += 1
            one.sock.close()
            held.remove(one)
        if len(held) < count:
            time.sleep(1.0)  # the stranger opens the next ones a second later
    for one in held:
        who.answers["still open at the end"] += 1
        one.sock.close()


def held_streams(base: str, games: list[tuple[str, str]], count: int, who: Stranger,
                 opened: threading.Event) -> None:
    """Open ``count`` event streams, hold the accepted ones until told to stop."""
    host, port = host_port(base)
    held: list[socket.socket] = []
    for n in range(count):
        view, _edit = games[n % len(games)]
        try:
            sock = connect(host, int(port), 30)
            sock.sendall(f"GET /games/{view}/events HTTP/1.1\r\nHost: {named(host)}\r\n\r\n"
                         .encode())
            head = sock.recv(4096)
        except OSError:
            who.answers["no answer"] += 1
            continue
        status = head[9:12].decode() if head.startswith(b"HTTP/") else "none"
        who.answers[status] += 1
        if status == "200":
            sock.setblocking(False)
            held.append(sock)
        else:
            sock.close()
    opened.set()
    # epoll, not select(): past 1,024 open sockets select() cannot watch them (through the
    # stack's two app servers the stranger holds 1,600).
    watch = selectors.DefaultSelector()
    for sock in held:
        watch.register(sock, selectors.EVENT_READ)
    while not who.stop.is_set():
        ready = watch.select(1.0) if held else []
        for key, _events in ready:  # the keep-alives, read so the server never waits on them
            try:
                key.fileobj.recv(65536)  # type: ignore[union-attr]
            except OSError:
                pass
        if not held:
            who.stop.wait(1.0)
    watch.close()
    for sock in held:
        sock.close()


def save_for(base: str, games: list[tuple[str, str]], seconds: float, every: float,
             start: int) -> tuple[list[float], Counter[str]]:
    """Saves one after another from the table's address for ``seconds``: their latencies (ms)
    and their answers by status."""
    host, port = host_port(base)
    latencies: list[float] = []
    statuses: Counter[str] = Counter()
    body = json.dumps(HAND)
    ends = time.monotonic() + seconds
    i = start
    while time.monotonic() < ends:
        view, edit = games[i % len(games)]
        i += 1
        began = time.monotonic()
        conn: http.client.HTTPConnection
        if "ssl" in TLS:
            conn = http.client.HTTPSConnection("localhost", int(port), timeout=60,
                                               source_address=(TABLE, 0), context=TLS["ssl"])
        else:
            conn = http.client.HTTPConnection(host, int(port), timeout=60,
                                              source_address=(TABLE, 0))
        try:
            conn.request("POST", f"/api/v1/games/{view}/hands", body=body, headers={
                "Content-Type": "application/json", "Authorization": f"Bearer {edit}"})
            res = conn.getresponse()
            res.read()
            statuses[str(res.status)] += 1
            if res.status == 201:
                latencies.append((time.monotonic() - began) * 1000)
        except (OSError, http.client.HTTPException):
            statuses["none"] += 1
        finally:
            conn.close()
        time.sleep(max(0.0, began + every - time.monotonic()))
    return latencies, statuses


@dataclass
class Phase:
    name: str
    latencies: list[float] = field(default_factory=list)
    saves: Counter[str] = field(default_factory=Counter)
    stranger: Counter[str] = field(default_factory=Counter)


def run_phase(phase: Phase, base: str, save_games: list[tuple[str, str]],
              attack_games: list[tuple[str, str]], args: argparse.Namespace,
              slow: int = 0, streams: int = 0) -> None:
    who = Stranger()
    attacker: threading.Thread | None = None
    if slow:
        attacker = threading.Thread(target=slow_bodies, args=(base, attack_games, slow, who),
                                    daemon=True)
        attacker.start()
        time.sleep(2.0)  # the slow bodies are in the server
    elif streams:
        opened = threading.Event()
        attacker = threading.Thread(
            target=held_streams, args=(base, attack_games[:STREAM_GAMES], streams, who, opened),
            daemon=True)
        attacker.start()
        opened.wait(600)
    latencies, statuses = save_for(base, save_games, args.seconds, args.save_every,
                                   len(phase.latencies))
    who.stop.set()
    if attacker is not None:
        attacker.join(60)
    phase.latencies += latencies
    phase.saves.update(statuses)
    phase.stranger.update(who.answers)


def fives(counts: Counter[str]) -> int:
    return sum(n for status, n in counts.items() if status.startswith("5"))


@contextmanager
def _served(args: argparse.Namespace, url: str, tmp: Path) -> Iterator[tuple[str, str]]:
    """The app served as ``make run`` serves it on ``url``, or (``--stack``) ``make stack`` on
    a PostgreSQL database of its own: its base URL and the database's."""
    if not args.stack:
        with serving(url, tmp, args.workers) as base:
            yield base, url
        return
    from bench.club_night import StackServer, own_database
    from tests.servers import drop_database

    # The stack migrates its own new database; the games go into it after.
    database = own_database(args.database, f"bench_slow_{os.getpid()}")
    server = None
    try:
        server = StackServer(database, tmp / "stack", args.workers, one_address=False)
        TLS["ssl"] = server.ssl
        yield server.url, database
    finally:
        TLS.clear()
        if server is not None:
            server.stop()
        drop_database(database)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=15, help="per phase and round")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--save-every", type=float, default=0.1)
    parser.add_argument("--slow", default="40,200", help="slow bodies, one phase each")
    parser.add_argument("--streams", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--limit", type=float, default=2.0)
    parser.add_argument("--stack", action="store_true",
                        help="through make stack (Caddy's https, two app servers, PostgreSQL)")
    parser.add_argument("--database", default="postgresql+psycopg://postgres@127.0.0.1:5432/test",
                        help="with --stack: the PostgreSQL server to make the stack's database on")
    args = parser.parse_args(argv)
    from scorekeeper import serve

    serve.raise_open_files_limit()
    slows = [int(n) for n in args.slow.split(",") if n.strip()]
    phases = [Phase("alone")] + [Phase(f"{n} slow bodies") for n in slows]
    if args.streams:
        phases.append(Phase(f"{args.streams} held streams"))
    load_before = os.getloadavg()[0]
    with scratch_database(None, "bench-slow-") as (url, tmp), \
            _served(args, url, tmp) as (base, url):
        save_games = create_games(url, tmp, 200)
        attack_games = create_games(url, tmp, max(slows + [STREAM_GAMES]))
        save_for(base, save_games, 2, args.save_every, 0)  # every worker warmed up
        for _ in range(args.rounds):
            run_phase(phases[0], base, save_games, attack_games, args)
            for phase, n in zip(phases[1:], slows, strict=False):
                run_phase(phase, base, save_games, attack_games, args, slow=n)
            if args.streams:
                run_phase(phases[-1], base, save_games, attack_games, args,
                          streams=args.streams)
    served = (f"make stack (Caddy's https before 2 app servers of {args.workers} gevent "
              f"workers, PostgreSQL, Redis)" if args.stack else
              f"make run's server (gunicorn, {args.workers} gevent workers, SQLite)")
    print(f"an ordinary save from {TABLE}, one every {args.save_every:g} s, {args.rounds} "
          f"rounds of {args.seconds:g} s a phase; the stranger at {STRANGER}; {served}, the "
          f"app's own bounds")
    print(f"{'phase':<22}{'saves':>7}{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}{'5xx':>6}"
          f"{'ratio':>7}  stranger's answers")
    if not phases[0].latencies:
        print("FAIL: no save measured alone")
        return 1
    alone = percentile(phases[0].latencies, 95)
    failed = []
    worst = 0.0
    errors = 0
    for phase in phases:
        got = phase.latencies or [float("nan")]
        p95 = percentile(got, 95)
        ratio = p95 / alone
        worst = max(worst, ratio) if phase.latencies else float("inf")
        errors += fives(phase.saves) + fives(phase.stranger)
        stranger = ", ".join(f"{status}: {n}" for status, n in sorted(phase.stranger.items()))
        print(f"{phase.name:<22}{len(phase.latencies):>7}{percentile(got, 50):>9.1f}"
              f"{p95:>9.1f}{max(got):>9.1f}{fives(phase.saves):>6}{ratio:>7.2f}  "
              f"{stranger or '-'}")
        failed_saves = sum(n for status, n in phase.saves.items() if status != "201")
        if failed_saves:
            failed.append(f"{failed_saves} saves of '{phase.name}' failed: {dict(phase.saves)}")
    print(f"worst save p95 ratio {worst:.2f} (limit {args.limit:g}); 5xx: {errors}; load "
          f"average (1 min) {load_before:.1f} before, {os.getloadavg()[0]:.1f} after; "
          f"{os.cpu_count()} CPUs")
    if errors:
        failed.append(f"{errors} answers were 5xx")
    if worst > args.limit:
        failed.append(f"a save p95 ratio over {args.limit:g}")
    for reason in failed:
        print(f"FAIL: {reason}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
