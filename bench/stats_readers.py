"""Issue 10's statistics figure: do eight browsers reading statistics slow a table's saves?

Stores ``--games`` games (default 5,000) of ``--hands`` hands (default 20), written in bulk
straight into the tables (not through HTTP: the figure is about reading them), then serves the
app as ``bench/club_night.py`` does (gunicorn, gevent, ``--workers`` 2, loopback only) and
measures the latency of saving a hand (``POST /api/v1/games/<id>/hands`` with its token, one
save every ``--save-every`` seconds):

- idle: the saves alone;
- read: the same saves while ``--readers`` (default 8) browsers read ``GET /games/stats``, each
  asking again ``--think`` seconds after its last page came (default 0: at once), each with its
  own session that remembers ``--remembered`` (default 30, the most a session keeps) of the
  stored games, opened beforehand through their read-only pages as a phone does. The readers
  run in a process of their own (other devices): their answers never queue in the saver's
  event loop, whose timings would then count the generator's work as the server's.

The two phases alternate ``--rounds`` times (default 3, ``--seconds`` each, default 10), so a
change of the shared machine's load lands on both. Prints the save p50/p95 of each phase, the
statistics requests' figures and the ratio of the p95s; exits 1 if the ratio is over
``--limit`` (default 2) or any answer was a 5xx or never came.

Run: ``.venv/bin/python bench/stats_readers.py [--database postgresql+psycopg://...]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

# As in club_night.py: bench/http.py must not hide the standard library's ``http``.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import argparse  # noqa: E402
import asyncio  # noqa: E402
import multiprocessing  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import shutil  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from contextlib import contextmanager  # noqa: E402
from dataclasses import dataclass  # noqa: E402
from typing import Any  # noqa: E402

from bench.club_night import (  # noqa: E402
    Recorder,
    Server,
    fresh_database,
    make_app,
    parse_with_database,
    percentile,
    report,
    session,
    warm_up,
)
from bench.workload import HAND  # noqa: E402

NAMES = ["Ana", "Luis", "Eva", "Juan", "Marta", "Pedro", "Lucía", "Jorge", "Carmen", "Pablo",
         "Elena", "Diego", "Rosa", "Andrés", "Sara", "Tomás"]
SIDE_NAMES = ["Nosotros", "Ellos", "Los del fondo", "Las de la ventana", "Norte", "Sur"]


def create_games(url: str, tmp: Path, count: int) -> list[tuple[str, str]]:
    """``count`` empty games to save hands into, made through the service the start form uses:
    their (read-only, edit) tokens."""
    from scorekeeper.engine import PRESETS
    from scorekeeper.extensions import db
    from scorekeeper.services import games as games_service

    app = make_app(url, tmp / "instance")
    tokens = []
    with app.app_context():
        for _ in range(count):
            new = games_service.create_game(PRESETS["classic"], players=4, target=100_000,
                                            sides=[{"name": "Nosotros"}, {"name": "Ellos"}])
            tokens.append((new.view_token, new.edit_token))
        db.session.commit()
        db.engine.dispose()
    return tokens


def seed_stored(url: str, tmp: Path, games: int, hands: int) -> list[str]:
    """``games`` games of ``hands`` hands in bulk; their read-only tokens.

    One hand is counted for real (through the API in-process), and its stored entry, lines and
    totals are copied into every hand; names are drawn from a small pool, so statistics have
    people in several games. The seeded games carry no change log (statistics do not read it)
    but do carry the figures the write path keeps on each game, which statistics read.
    """
    from sqlalchemy import func, insert, select, text

    from scorekeeper.engine import PRESETS
    from scorekeeper.engine.ruleset_data import ruleset_to_dict
    from scorekeeper.extensions import db
    from scorekeeper.models import Game, Hand, Player, Side
    from scorekeeper.models.games import utcnow
    from scorekeeper.services import games as games_service

    app = make_app(url, tmp / "instance")
    app.config["WTF_CSRF_ENABLED"] = False
    client = app.test_client()
    made = client.post("/api/v1/games", json={"ruleset": "classic", "players": 4,
                                              "target": 100_000}).get_json()
    res = client.post(f"/api/v1/games/{made['id']}/hands", json=HAND,
                      headers={"Authorization": f"Bearer {made['edit_token']}"})
    assert res.status_code == 201, res.get_json()
    rng = random.Random(10)
    views: list[str] = []
    with app.app_context():
        template = db.session.execute(select(Hand)).scalars().one()
        entry, result, totals = template.entry, template.result, template.totals
        ruleset = ruleset_to_dict(PRESETS["classic"])
        # What the write path keeps on a game of ``hands`` such hands (statistics read it).
        from scorekeeper.services.stats import canastas_in

        figures = [{"hands": hands, "points": hands * int(totals[i]), "best": int(totals[i]),
                    "canastas": hands * canastas_in(entry, i)} for i in range(2)]
        four = PRESETS["classic"].find_format(4, None).id
        game_id = (db.session.scalar(select(func.max(Game.id))) or 0) + 1
        side_id = (db.session.scalar(select(func.max(Side.id))) or 0) + 1
        player_id = (db.session.scalar(select(func.max(Player.id))) or 0) + 1
        hand_id = (db.session.scalar(select(func.max(Hand.id))) or 0) + 1
        for start in range(0, games, 500):
            game_rows, side_rows, player_rows, hand_rows = [], [], [], []
            for _ in range(start, min(games, start + 500)):
                view = games_service.new_token()
                views.append(view)
                finished = rng.random() < 0.5
                game_rows.append({
                    "id": game_id, "view_token_hash": games_service.hash_token(view),
                    "edit_token_hash": games_service.hash_token(games_service.new_token()),
                    "ruleset_id": "classic", "ruleset_name": PRESETS["classic"].name,
                    "ruleset_data": ruleset, "format_id": four, "target": 100_000,
                    "first_dealer": 0, "language": "en", "drawn": False,
                    "version": hands + 1, "winner": 0 if finished else None,
                    "finished_at": utcnow() if finished else None,
                    "side_figures": figures,
                })
                for position, name in enumerate(rng.sample(SIDE_NAMES, 2)):
                    side_rows.append({"id": side_id, "game_id": game_id,
                                      "position": position, "name": name})
                    for seat, player in enumerate(rng.sample(NAMES, 2)):
                        player_rows.append({"id": player_id, "side_id": side_id,
                                            "position": seat, "name": player})
                        player_id += 1
                    side_id += 1
                for number in range(1, hands + 1):
                    hand_rows.append({"id": hand_id, "game_id": game_id, "number": number,
                                      "entry": entry, "result": result, "totals": totals,
                                      "version": number + 1})
                    hand_id += 1
                game_id += 1
            for model, rows in ((Game, game_rows), (Side, side_rows), (Player, player_rows),
                                (Hand, hand_rows)):
                db.session.execute(insert(model), rows)
        if db.engine.dialect.name == "postgresql":
            # The ids were given, so PostgreSQL's sequences did not move: the next game made
            # by the app would take an id already stored.
            for table in ("game", "side", "player", "hand"):
                db.session.execute(text(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                                        f" (SELECT max(id) FROM {table}))"))
        db.session.commit()
        db.engine.dispose()
    return views


async def saver(rec: Recorder, base: str, games: list[tuple[str, str]], every: float,
                kind: str) -> None:
    """One save after another through the API, spread over the save games."""
    async with session(base, 60) as phone:
        i = 0
        while rec.running():
            view, edit = games[i % len(games)]
            i += 1
            start = time.monotonic()
            await rec.request(kind, phone, "POST", f"/api/v1/games/{view}/hands", json=HAND,
                              headers={"Authorization": f"Bearer {edit}"})
            await rec.pause(start + every - time.monotonic())


async def reader(rec: Recorder, phone: Any, think: float, path: str, revalidate: bool) -> None:
    """A browser reading its statistics again ``think`` seconds after the last page came.

    As a browser reloading a page it has does, it sends the page's ``ETag`` back
    (``If-None-Match``) unless ``revalidate`` is off (a client that always asks anew)."""
    await rec.pause(random.uniform(0, think))
    kind = "statistics" if path == "/games/stats" else f"GET {path}"
    tag = await etag_of(phone, path) if revalidate else None
    while rec.running():
        status, _body = await rec.request(kind, phone, "GET", path,
                                          headers={"If-None-Match": tag} if tag else {})
        if revalidate and status == 200:
            tag = await etag_of(phone, path)  # its games changed: the browser keeps the new page
        await rec.pause(think)


async def etag_of(phone: Any, path: str) -> str | None:
    async with phone.get(path) as res:
        await res.read()
        tag = res.headers.get("ETag")
    return str(tag) if tag else None


@dataclass
class Phases:
    """How the measuring process tells the other process (the readers, the strangers) when to
    work: ``deadline`` set and ``go`` raised for each loaded phase (a deadline of 0: stop);
    ``done`` raised when it is ready and after each phase; the figures come back on
    ``results``."""

    deadline: Any
    go: Any
    done: Any
    results: Any


def start_in_own_process(target: Any, *args: Any) -> tuple[Phases, Any]:
    """``target(*args, phases)`` started in a process of its own (spawned); its phases and the
    process."""
    spawn = multiprocessing.get_context("spawn")
    phases = Phases(spawn.Value("d", 0.0), spawn.Event(), spawn.Event(), spawn.Queue())
    process = spawn.Process(target=target, args=(*args, phases))
    process.start()
    return phases, process


async def alternate(rec: Recorder, url: str, save_games: list[tuple[str, str]],
                    args: argparse.Namespace, phases: Phases, process: Any, loaded_phase: str,
                    results_timeout: float) -> tuple[list[float], list[float], Any]:
    """``args.rounds`` times, a phase of saves alone ("idle") then one while the other process
    works (``loaded_phase``), ``args.seconds`` each: the saves' latencies in each, and what the
    other process sends back once told to stop."""
    loop = asyncio.get_running_loop()

    async def other_done() -> None:
        while not await loop.run_in_executor(None, phases.done.wait, 1.0):
            if not process.is_alive():
                raise RuntimeError(f"the {loaded_phase} phase's process stopped")
        phases.done.clear()

    idle: list[float] = []
    loaded: list[float] = []
    try:
        await other_done()  # ready (the readers' sessions remember their games)
        for _ in range(args.rounds):
            for phase in ("idle", loaded_phase):
                rec.deadline = time.monotonic() + args.seconds
                kind = f"save hand, {phase}"
                before = len(rec.latencies[kind])
                if phase == loaded_phase:
                    phases.deadline.value = rec.deadline
                    phases.go.set()
                await saver(rec, url, save_games, args.save_every, kind)
                if phase == loaded_phase:
                    await other_done()
                (idle if phase == "idle" else loaded).extend(rec.latencies[kind][before:])
    finally:
        phases.deadline.value = 0
        phases.go.set()
        results = phases.results.get(timeout=results_timeout)
        process.join(30)
    return idle, loaded, results


def add_phase_options(parser: argparse.ArgumentParser, *, seconds: float) -> None:
    """The options :func:`alternate` reads, and the limit on the ratio of the save p95s."""
    parser.add_argument("--seconds", type=float, default=seconds, help="per phase and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--save-every", type=float, default=0.1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--limit", type=float, default=2.0)


@contextmanager
def scratch_database(database: str | None, prefix: str) -> Iterator[tuple[str, Path]]:
    """A fresh database (``--database``'s, or a SQLite file) and the folder that holds the
    app's instance: their URL and folder, the folder removed after."""
    tmp = Path(tempfile.mkdtemp(prefix=prefix))
    try:
        yield fresh_database(database, tmp), tmp
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


@contextmanager
def serving(url: str, tmp: Path, workers: int) -> Iterator[str]:
    """The app served on ``url``'s database as ``make run`` serves it (gunicorn, its gevent
    workers, loopback only): its base URL, the server stopped after."""
    server = Server(f"scorekeeper:create_app(instance_path={str(tmp / 'instance')!r})",
                    {"DATABASE_URL": url, "SECRET_KEY": "bench"}, workers)
    try:
        yield server.url
    finally:
        server.stop()


def save_p95s(idle: list[float], loaded: list[float]) -> tuple[float, float] | None:
    """The save p95 of the idle and of the loaded phases; ``None`` (said as a failure) when
    either measured no save."""
    if not idle or not loaded:
        print("FAIL: no saves measured")
        return None
    return percentile(idle, 95), percentile(loaded, 95)


def read_in_own_process(base: str, remembered: list[list[str]], think: float, path: str,
                        revalidate: bool, phases: Phases) -> None:
    """The readers' browsers, in a process of their own: other devices than the table's phone,
    so their answers never wait in the saver's event loop and lengthen its saves' timings."""
    asyncio.run(_read_phases(base, remembered, think, path, revalidate, phases))


async def _read_phases(base: str, remembered: list[list[str]], think: float, path: str,
                       revalidate: bool, phases: Phases) -> None:
    setup = Recorder(deadline=time.monotonic() + 600, max_requests=10**9)
    rec = Recorder(deadline=0, max_requests=10**9)
    phones = [session(base, 120) for _ in remembered]
    try:
        # Each browser opens its games' read-only pages once: its session remembers them.
        for phone, views in zip(phones, remembered, strict=True):
            for view in views:
                await setup.request("open a stored game", phone, "GET", f"/games/{view}")
        loop = asyncio.get_running_loop()
        while True:
            phases.done.set()
            while not await loop.run_in_executor(None, phases.go.wait, 1.0):
                pass
            phases.go.clear()
            if not phases.deadline.value:
                break
            rec.deadline = phases.deadline.value
            await asyncio.gather(*(reader(rec, phone, think, path, revalidate)
                                   for phone in phones))
    finally:
        for phone in phones:
            await phone.close()
        phases.results.put((dict(rec.latencies), dict(rec.errors),
                            rec.server_errors + setup.server_errors,
                            (setup.examples + rec.examples)[:5]))


async def measure(base: str, stored: list[str], save_games: list[tuple[str, str]],
                  args: argparse.Namespace) -> tuple[Recorder, list[float], list[float]]:
    await warm_up(base, stored[0], args.workers)
    rng = random.Random(12)
    remembered = [rng.sample(stored, args.remembered) for _ in range(args.readers)]
    phases, readers = start_in_own_process(read_in_own_process, base, remembered,
                                           args.think, args.path, not args.no_etag)
    rec = Recorder(deadline=0, max_requests=10**9)
    idle, loaded, results = await alternate(rec, base, save_games, args, phases, readers,
                                            "read", 60)
    latencies, errors, server_errors, examples = results
    for kind, got in latencies.items():
        rec.latencies[kind].extend(got)
    for kind, count in errors.items():
        rec.errors[kind] += count
    rec.server_errors += server_errors
    rec.examples += examples
    return rec, idle, loaded


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--readers", type=int, default=8)
    parser.add_argument("--remembered", type=int, default=30,
                        help="stored games each reader's session remembers")
    parser.add_argument("--think", type=float, default=0,
                        help="seconds a reader waits between two pages (default 0: at once)")
    parser.add_argument("--no-etag", action="store_true",
                        help="readers never send the page's ETag back (a client that always "
                        "asks anew, unlike a browser reloading a page it has)")
    parser.add_argument("--path", default="/games/stats",
                        help="what the readers read (another page, as a control: e.g. /healthz)")
    add_phase_options(parser, seconds=10)
    args = parse_with_database(parser, argv)
    args.remembered = min(args.remembered, args.games)

    with scratch_database(args.database, "bench-stats-") as (url, tmp):
        seeding = time.monotonic()
        stored = seed_stored(url, tmp, args.games, args.hands)
        seeded = time.monotonic() - seeding
        save_games = create_games(url, tmp, 200)
        with serving(url, tmp, args.workers) as base:
            rec, idle, loaded = asyncio.run(measure(base, stored, save_games, args))

    database = "PostgreSQL" if args.database else "SQLite"
    print(f"stored: {args.games} games of {args.hands} hands ({database}, seeded in "
          f"{seeded:.0f} s); {args.readers} readers, each session remembering "
          f"{args.remembered} games, asking again {args.think:g} s after each page; "
          f"gunicorn {args.workers} workers")
    for line in report(rec, f"{args.rounds} rounds of {args.seconds:g} s idle and "
                            f"{args.seconds:g} s read:"):
        print(line)
    for example in rec.examples:
        print("  e.g.", example)
    p95s = save_p95s(idle, loaded)
    if p95s is None:
        return 1
    p95_idle, p95_read = p95s
    ratio = p95_read / p95_idle
    print(f"save p95 idle {p95_idle:.1f} ms, with {args.readers} statistics readers "
          f"{p95_read:.1f} ms: ratio {ratio:.2f} (limit {args.limit:g}); "
          f"load average {os.getloadavg()[0]:.1f}")
    if rec.server_errors:
        print(f"FAIL: {rec.server_errors} answers were 5xx or never came")
        return 1
    if ratio > args.limit:
        print(f"FAIL: the readers moved the save p95 beyond {args.limit:g}x its idle value")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
