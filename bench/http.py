"""HTTP throughput of the real app under gunicorn, as ratios to a bare Flask "hello".

Starts gunicorn (``--workers``, default 2) on 127.0.0.1 for the app, on a fresh SQLite file
seeded with a 20-hand game, and for ``bench/hello.py``; runs ``wrk`` against each for
``--seconds`` (default 10) and prints requests/s and the ratio to bare Flask:

- game page: ``GET /games/<id>`` with 20 hands (goal >= 0.30)
- live preview: ``POST /games/<id>/hands/preview`` as htmx sends it (goal >= 0.50)
- save a hand: ``POST /api/v1/games/<id>/hands`` with the edit token (goal >= 0.20)

Each figure is the median of ``--rounds`` alternating wrk runs of ``seconds / rounds``.

Run: ``bench/run`` (or ``.venv/bin/python bench/http.py``). Needs ``wrk`` (Debian package).
Exits 0 either way: the figures are for reading, not a gate.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path and its name hides the standard
# library's ``http``: drop the folder before importing anything.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

import argparse  # noqa: E402
import http.cookiejar  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402
import shutil  # noqa: E402
import socket  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import urllib.parse  # noqa: E402
import urllib.request  # noqa: E402
from collections.abc import Callable  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
BIN = Path(sys.executable).parent
sys.path.insert(0, str(ROOT))

from bench.workload import HAND, PREVIEW_FORM  # noqa: E402
from tests.servers import ServerProcess, answers  # noqa: E402

GOALS = {"game page (20 hands)": 0.30, "live count preview": 0.50, "save a hand (API)": 0.20}
SAVE_GAMES = 200


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def seed(database: Path, instance: Path) -> dict[str, object]:
    """A game of 20 hands to read and preview, and games to save hands into."""
    from scorekeeper import create_app
    from scorekeeper.extensions import db

    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}",
                      "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False},
                     instance_path=str(instance))
    with app.app_context():
        db.create_all()
    client = app.test_client()
    body = {"ruleset": "classic", "players": 4, "target": 100000,
            "sides": [{"name": "Nosotros", "players": ["Ana", "Luis"]},
                      {"name": "Ellos", "players": ["Eva", "Juan"]}]}
    game = client.post("/api/v1/games", json=body).get_json()
    for _ in range(20):
        res = client.post(f"/api/v1/games/{game['id']}/hands", json=HAND,
                          headers={"Authorization": f"Bearer {game['edit_token']}"})
        assert res.status_code == 201, res.get_json()
    saves = []
    for _ in range(SAVE_GAMES):
        g = client.post("/api/v1/games", json=body).get_json()
        saves.append((f"/api/v1/games/{g['id']}/hands", g["edit_token"]))
    with app.app_context():
        db.engine.dispose()
    return {"game": game, "saves": saves}


class Gunicorn:
    def __init__(self, app: str, workers: int, env: dict[str, str], chdir: Path = ROOT):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = start_server(
            [str(BIN / "gunicorn"), "-w", str(workers), "-b", f"127.0.0.1:{self.port}",
             "--chdir", str(chdir), "--log-level", "warning", app],
            f"gunicorn {app}", env, lambda: answers(self.port, "/"))

    def stop(self) -> None:
        stop_server(self.server)


def start_server(command: list[str], name: str, env: dict[str, str],
                 ready: Callable[[], bool]) -> ServerProcess:
    """Start a server in its own session, as the tests do (``tests/servers.py``): it has until
    ``TEST_SERVER_START_SECONDS`` (120 s) to be ``ready()``, or the error quotes its output."""
    return ServerProcess(command, name=name, env={**os.environ, **env}).start(ready)


def stop_server(server: ServerProcess) -> None:
    """Stop a server started by :func:`start_server` (SIGTERM to its process group, SIGKILL
    when it has not stopped 10 s later) and pass on what it printed (warnings, errors)."""
    server.stop(grace=10)
    printed = server.output()
    if printed.strip():
        sys.stderr.write(f"== {server.name} printed ==\n{printed}")
    server.close()


def wrk(url: str, seconds: int, connections: int, script: Path | None = None,
        env: dict[str, str] | None = None) -> tuple[float, int, str]:
    """Requests/s, non-2xx/3xx answers and the latency line of one wrk run."""
    cmd = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency"]
    if script:
        cmd += ["-s", str(script)]
    out = subprocess.run(cmd + [url], capture_output=True, text=True, check=True,
                         env={**os.environ, **(env or {})}, timeout=seconds + 30).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    p50 = re.search(r"^\s+50%\s+(\S+)", out, re.MULTILINE)
    return rps, int(bad.group(1)) if bad else 0, p50.group(1) if p50 else "?"


def editor_session(base: str, game: dict[str, str]) -> tuple[str, str]:
    """Open the edit link like a phone: the session cookie and the page's CSRF token."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    edit_url = urllib.parse.urlsplit(game["edit_url"]).path
    opener.open(base + edit_url, timeout=10).read()
    page = opener.open(f"{base}/games/{game['id']}/hands/new", timeout=10).read().decode()
    csrf = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)  # type: ignore[union-attr]
    cookie = "; ".join(f"{c.name}={c.value}" for c in jar)
    return cookie, csrf


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--synchronous", choices=["NORMAL", "FULL"],
                        help="SQLite's PRAGMA synchronous for the app (default: the app's own, "
                             "SQLITE_SYNCHRONOUS or NORMAL)")
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        print("wrk is not installed (Debian: apt-get install wrk); skipping HTTP figures")
        return 0

    tmp = Path(tempfile.mkdtemp(prefix="bench-http-"))
    database, instance = tmp / "bench.sqlite", tmp / "instance"
    data = seed(database, instance)
    game = data["game"]
    assert isinstance(game, dict)
    games_lua = tmp / "bench-games.lua"
    games_lua.write_text("games = {" + ",".join(
        f'{{"{p}", "{t}"}}' for p, t in data["saves"]) + "}\n")  # type: ignore[attr-defined]

    env = {"DATABASE_URL": f"sqlite:///{database}", "SECRET_KEY": "bench"}
    if args.synchronous:
        env["SQLITE_SYNCHRONOUS"] = args.synchronous
    synchronous = env.get("SQLITE_SYNCHRONOUS") or os.environ.get("SQLITE_SYNCHRONOUS") or "NORMAL"
    app = Gunicorn(f"scorekeeper:create_app(instance_path={str(instance)!r})",
                   args.workers, env)
    hello = Gunicorn("bench.hello:app", args.workers, {})
    results: list[tuple[str, float, int, str]] = []
    try:
        cookie, csrf = editor_session(app.url, game)
        runs = [
            ("bare Flask hello", hello.url + "/", None, {}),
            ("game page (20 hands)", f"{app.url}/games/{game['id']}", None, {}),
            ("live count preview", f"{app.url}/games/{game['id']}/hands/preview",
             BENCH / "preview.lua",
             {"BENCH_FORM": urllib.parse.urlencode(PREVIEW_FORM), "BENCH_CSRF": csrf,
              "BENCH_COOKIE": cookie}),
            ("save a hand (API)", app.url, BENCH / "save_hand.lua",
             {"BENCH_GAMES": str(games_lua), "BENCH_HAND": json.dumps(HAND)}),
        ]
        # The machine may be shared: alternate short rounds and keep each figure's median,
        # so a burst of someone else's load does not land on one figure only.
        seconds = max(2, args.seconds // args.rounds)
        rounds: dict[str, list[tuple[float, int, str]]] = {name: [] for name, *_ in runs}
        for _ in range(args.rounds):
            for name, url, script, extra in runs:
                rounds[name].append(wrk(url, seconds, args.connections, script, extra))
        for name, got in rounds.items():
            got.sort()
            rps, _, p50 = got[len(got) // 2]
            results.append((name, rps, sum(bad for _, bad, _ in got), p50))
    finally:
        app.stop()
        hello.stop()
        shutil.rmtree(tmp, ignore_errors=True)

    cpu = next((line.split(":", 1)[1].strip() for line in
                Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), "?")
    print(f"HTTP throughput: gunicorn -w {args.workers}, wrk -t2 -c{args.connections}, "
          f"median of {args.rounds} rounds of {max(2, args.seconds // args.rounds)} s, "
          f"SQLite synchronous={synchronous.upper()}; "
          f"{os.cpu_count()} CPUs ({cpu}), load average {os.getloadavg()[0]:.1f}")
    base = results[0][1]
    print(f"{'':24} {'req/s':>9} {'p50':>9} {'ratio':>6} {'goal':>6}")
    for name, rps, bad, p50 in results:
        goal = GOALS.get(name)
        ratio = rps / base if base else 0.0
        mark = "" if goal is None else ("  ok" if ratio >= goal else "  MISSED")
        errors = f"  ({bad} non-2xx answers!)" if bad else ""
        goal_text = f"{goal:.2f}" if goal else ""
        print(f"{name:24} {rps:9.0f} {p50:>9} {ratio:6.2f} {goal_text:>6}{mark}{errors}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
