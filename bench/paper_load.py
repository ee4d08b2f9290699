"""Issue 21's cost figure: do strangers asking for the most expensive papers slow a table's saves?

Serves the app as ``make run`` does (gunicorn, its gevent workers, ``--workers``
2, loopback only) and measures the latency of an ordinary save (``POST /api/v1/games/<id>/hands``
with its token, one every ``--save-every`` seconds, spread over 200 games):

- idle: the saves alone;
- papers: the same saves while ``--clients`` (default 4) strangers ask for the most expensive
  papers one can make, each from an address of its own (127.0.0.11, .12, ...: loopback answers
  on all of 127/8, and the rate limit counts per address). Each stranger has made, through the
  services the API uses, a game of ``MAX_HANDS`` hands (long names, itemised lines) and a
  tournament of ``MAX_PAIRS`` pairs and ``MAX_ROUNDS`` games, and asks, again and again:
  its game's sheet after an undo, and after the redo (undo + redo alternation, which used to buy
  a render each time), the sheet with its change log, and its tournament's sheets for each
  game, slips, seating plans and standings. It asks again ``--think`` seconds after each answer
  (0.5 by default; 0 is a client that never waits), ignoring ``Retry-After``. The strangers run
  in a process of their own, so their PDFs never queue in the saver's event loop.

The two phases alternate ``--rounds`` times (default 3, ``--seconds`` each, default 20), so a
change of the shared machine's load lands on both. Prints the save p50/p95 of each phase side by
side, the papers' answers by kind and status (200, 304, 429 rate-limited, 503 busy), the load
average (``uptime``) before and after, and the ratio of the save p95s; exits 1 if it is over
``--limit`` (default 2), if a save failed, or if any answer was a 500 or never came (a paper's
429 and 503 are the bounds working, not failures).

Run: ``.venv/bin/python bench/paper_load.py [--database postgresql+psycopg://...]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

# As in club_night.py: bench/http.py must not hide the standard library's ``http``.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import argparse  # noqa: E402
import asyncio  # noqa: E402
import subprocess  # noqa: E402
import time  # noqa: E402
from collections import Counter  # noqa: E402
from dataclasses import dataclass  # noqa: E402
from typing import Any  # noqa: E402

import aiohttp  # noqa: E402

from bench.club_night import (  # noqa: E402
    CLIENT_KEEPALIVE,
    Recorder,
    make_app,
    parse_with_database,
    percentile,
    report,
    warm_up,
)
from bench.stats_readers import (  # noqa: E402
    Phases,
    add_phase_options,
    alternate,
    create_games,
    save_p95s,
    scratch_database,
    serving,
    start_in_own_process,
)

#: A hand with itemised lines on both sides that keeps a game to 100,000 open for 200 hands:
#: 50 + a mixed canasta + going out = 450 for the first side, a red 3 and 35 for the other.
BIG_HAND = {"end": "went_out", "sides": [
    {"table_points": 50, "hand_points": 0, "canastas": {"mixed": 1}, "going_out": "normal"},
    {"table_points": 0, "hand_points": 35, "red_threes": 1}]}
LONG = "Ñandú " * 10  # 60 characters, the most a name holds


@dataclass(frozen=True)
class Stranger:
    """What one stranger made: its game (read-only and edit tokens) and its tournament."""

    address: str
    game: str
    edit: str
    tournament: str
    rounds: int


def make_strangers(url: str, tmp: Path, count: int, hands: int | None, pairs: int | None = None,
                   games: int | None = None) -> list[Stranger]:
    """Each stranger's largest game and tournament, made through the services the API uses
    (``hands``, ``pairs``, ``games``: smaller ones, for a smoke test)."""
    from scorekeeper.engine import PRESETS
    from scorekeeper.extensions import db
    from scorekeeper.services import games as games_service
    from scorekeeper.services import record
    from scorekeeper.services import tournaments as tournaments_service

    app = make_app(url, tmp / "instance")
    most = games_service.MAX_HANDS if hands is None else hands
    strangers = []
    with app.app_context():
        for i in range(count):
            made = games_service.create_game(
                PRESETS["classic"], players=4, target=100_000,
                sides=[{"name": LONG[:60], "players": [LONG[:59] + "A", LONG[:59] + "B"]},
                       {"name": LONG[:59] + "2", "players": [LONG[:59] + "C", LONG[:59] + "D"]}])
            for _ in range(most):
                record.add_hand(made.view_token, BIG_HAND, by=record.BY_SCOREKEEPER)
            rounds = games or tournaments_service.MAX_ROUNDS
            seated = [{"name": f"{LONG[:50]} {n + 1}", "players": [LONG[:58] + "a",
                                                                  LONG[:58] + "b"]}
                      for n in range(pairs or tournaments_service.MAX_PAIRS)]
            new = tournaments_service.create_tournament(
                PRESETS["classic"], name=LONG * 2, pairs=seated, rounds=rounds, minutes=60)
            db.session.commit()
            strangers.append(Stranger(f"127.0.0.{11 + i}", made.view_token, made.edit_token,
                                      new.tournament.id, rounds))
        db.engine.dispose()
    return strangers


def papers_of(stranger: Stranger, asks_for: str = "all") -> list[tuple[str, str, str]]:
    """The stranger's requests in the order it asks: (kind, method, path). ``asks_for``:
    ``all``, ``game`` (its game's undo, redo and sheets only) or ``tournament`` (its
    tournament's papers only)."""
    game, tid = stranger.game, stranger.tournament
    asks = [("undo (API)", "POST", f"/api/v1/games/{game}/undo"),
            ("game sheet, max hands", "GET", f"/sheets/games/{game}.pdf"),
            ("redo (API)", "POST", f"/api/v1/games/{game}/redo"),
            ("game sheet, max hands", "GET", f"/sheets/games/{game}.pdf"),
            ("game sheet with changes", "GET", f"/sheets/games/{game}.pdf?changes=1")]
    if asks_for == "game":
        return asks
    if asks_for == "tournament":
        asks = []
    for n in range(1, stranger.rounds + 1):
        asks.append(("tournament sheets (a game)", "GET", f"/tournaments/{tid}/sheets/{n}.pdf"))
        asks.append(("tournament slips", "GET", f"/tournaments/{tid}/slips.pdf"))
        asks.append(("seating plan", "GET", f"/tournaments/{tid}/seating/{n}.pdf"))
        asks.append(("standings", "GET", f"/tournaments/{tid}/standings.pdf"))
    return asks


async def ask_for_papers(base: str, stranger: Stranger, think: float, deadline: float,
                         timeout: float, asks_for: str
                         ) -> tuple[dict[str, list[float]], Counter[tuple[str, int]]]:
    """One stranger's requests until ``deadline``: latencies by kind, and answers by status."""
    latencies: dict[str, list[float]] = {}
    statuses: Counter[tuple[str, int]] = Counter()
    connector = aiohttp.TCPConnector(limit=1, keepalive_timeout=CLIENT_KEEPALIVE,
                                     local_addr=(stranger.address, 0))
    auth = {"Authorization": f"Bearer {stranger.edit}"}
    async with aiohttp.ClientSession(base, connector=connector,
                                     timeout=aiohttp.ClientTimeout(total=timeout)) as http:
        asks = papers_of(stranger, asks_for)
        i = 0
        while time.monotonic() < deadline:
            kind, method, path = asks[i % len(asks)]
            i += 1
            start = time.perf_counter()
            try:
                async with http.request(method, path, headers=auth if method == "POST" else {},
                                        allow_redirects=False) as res:
                    await res.read()
                    status = res.status
            except (TimeoutError, aiohttp.ClientError):
                status = 0
            latencies.setdefault(kind, []).append((time.perf_counter() - start) * 1000)
            statuses[(kind, status)] += 1
            await asyncio.sleep(max(0.0, min(think, deadline - time.monotonic())))
    return latencies, statuses


def strangers_process(base: str, strangers: list[Stranger], think: float, timeout: float,
                      asks_for: str, phases: Phases) -> None:
    latencies: dict[str, list[float]] = {}
    statuses: Counter[tuple[str, int]] = Counter()
    try:
        while True:
            phases.done.set()
            phases.go.wait()
            phases.go.clear()
            deadline = phases.deadline.value
            if not deadline:
                break

            async def phase(ends: float = deadline) -> list[Any]:
                return await asyncio.gather(*(ask_for_papers(base, s, think, ends, timeout,
                                                             asks_for) for s in strangers))

            for got, counted in asyncio.run(phase()):
                for kind, values in got.items():
                    latencies.setdefault(kind, []).extend(values)
                statuses.update(counted)
    finally:
        phases.results.put((latencies, dict(statuses)))


async def measure(base: str, save_games: list[tuple[str, str]], strangers: list[Stranger],
                  args: argparse.Namespace) -> tuple[Recorder, list[float], list[float],
                                                     dict[str, list[float]],
                                                     dict[tuple[str, int], int]]:
    await warm_up(base, save_games[0][0], args.workers)
    phases, process = start_in_own_process(strangers_process, base, strangers,
                                           args.think, args.timeout, args.asks)
    rec = Recorder(deadline=0, max_requests=10**9)
    idle, loaded, (latencies, statuses) = await alternate(rec, base, save_games, args,
                                                          phases, process, "papers", 120)
    return rec, idle, loaded, latencies, statuses


def uptime() -> str:
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True,
                              timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "uptime: not available"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--think", type=float, default=0.5,
                        help="seconds a stranger waits after each answer (0: never)")
    parser.add_argument("--asks", choices=("all", "game", "tournament"), default="all",
                        help="what the strangers ask for: everything (default), only their "
                        "game's undo, redo and sheets, or only their tournament's papers")
    parser.add_argument("--hands", type=int, default=None,
                        help="hands in each stranger's game (default: MAX_HANDS)")
    parser.add_argument("--pairs", type=int, default=None,
                        help="pairs in each stranger's tournament (default: MAX_PAIRS)")
    parser.add_argument("--games", type=int, default=None,
                        help="games in each stranger's tournament (default: MAX_ROUNDS)")
    parser.add_argument("--timeout", type=float, default=300)
    add_phase_options(parser, seconds=20)
    args = parse_with_database(parser, argv)

    before = uptime()
    with scratch_database(args.database, "bench-papers-") as (url, tmp):
        seeding = time.monotonic()
        strangers = make_strangers(url, tmp, args.clients, args.hands, args.pairs, args.games)
        save_games = create_games(url, tmp, 200)
        seeded = time.monotonic() - seeding
        with serving(url, tmp, args.workers) as base:
            rec, idle, loaded, latencies, statuses = asyncio.run(
                measure(base, save_games, strangers, args))
    after = uptime()

    from scorekeeper.services import games as games_service
    from scorekeeper.services import tournaments as tournaments_service

    database = "PostgreSQL" if args.database else "SQLite"
    print(f"{args.clients} strangers, each with a game of "
          f"{args.hands or games_service.MAX_HANDS} hands and a tournament of "
          f"{args.pairs or tournaments_service.MAX_PAIRS} pairs x "
          f"{args.games or tournaments_service.MAX_ROUNDS} games "
          f"({database}, made in {seeded:.0f} s), asking for {args.asks} again "
          f"{args.think:g} s after each answer; gunicorn {args.workers} workers x 4 threads")
    for line in report(rec, f"{args.rounds} rounds of {args.seconds:g} s idle and "
                            f"{args.seconds:g} s with papers:"):
        print(line)
    print("the strangers' requests (during the papers phases):")
    print(f"{'request':<30}{'count':>7}{'p50 ms':>10}{'p95 ms':>10}  answers")
    failed = 0
    for kind in sorted(latencies):
        got = latencies[kind]
        answers = {status: n for (k, status), n in statuses.items() if k == kind}
        failed += sum(n for status, n in answers.items() if status == 0 or status == 500)
        shown = ", ".join(f"{status or 'none'}: {n}" for status, n in sorted(answers.items()))
        print(f"{kind:<30}{len(got):>7}{percentile(got, 50):>10.1f}"
              f"{percentile(got, 95):>10.1f}  {shown}")
    for example in rec.examples:
        print("  e.g.", example)
    print(f"uptime before: {before}")
    print(f"uptime after:  {after}")
    p95s = save_p95s(idle, loaded)
    if p95s is None:
        return 1
    p95_idle, p95_loaded = p95s
    ratio = p95_loaded / p95_idle
    print(f"save p95 alone {p95_idle:.1f} ms, with {args.clients} paper clients "
          f"{p95_loaded:.1f} ms: ratio {ratio:.2f} (limit {args.limit:g})")
    status = 0
    if sum(rec.errors.values()):
        print(f"FAIL: {sum(rec.errors.values())} saves failed")
        status = 1
    if failed:
        print(f"FAIL: {failed} paper requests answered 500 or never came")
        status = 1
    if ratio > args.limit:
        print(f"FAIL: the papers moved the save p95 beyond {args.limit:g}x its value alone")
        status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
