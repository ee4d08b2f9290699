"""Where a request's time goes: the HTTP benchmark's requests run in-process under cProfile.

Seeds a throwaway SQLite file the way ``bench/http.py`` does (a 20-hand game, games to save
into), then runs each request ``-n`` times through Flask's test client and prints the mean time
per request and the functions with the most cumulative time.

Run: ``.venv/bin/python bench/profile_requests.py [-n 300]
[--only page|preview|save|hello|screen|board|count|table-page|table-board|table-preview|join]
[--top 25] [--sort cumulative|tottime] [--synchronous NORMAL|FULL] [--database URL]``, with
``--only poll`` (a read-only phone's board poll, nothing changed: 204) and ``--only
dashboard`` (a tournament desk's dashboard, 20 tables of 6 hands), the club night's most
frequent and its heaviest poll; and ``--only table-page``, ``table-board``, ``table-preview``:
the read-only page, a follower's new board and a live count of a tournament table's game (6
hands), which is what every table of the club night plays (its clock, its table and round read
beside the game); ``--only join``, a scorekeeper's edit link. ``--database``: a PostgreSQL
URL (its tables dropped and made anew), to see what the stack's database adds to each request.
For reading, not a gate.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import re
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

# Run as a script, this file's folder comes first on sys.path and bench/http.py would hide the
# standard library's ``http``: drop the folder.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.workload import HAND, PREVIEW_FORM  # noqa: E402

BODY = {"ruleset": "classic", "players": 4, "target": 100000,
        "sides": [{"name": "Nosotros", "players": ["Ana", "Luis"]},
                  {"name": "Ellos", "players": ["Eva", "Juan"]}]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=300)
    parser.add_argument("--only", action="append",
                        choices=["page", "preview", "save", "hello", "poll", "dashboard",
                                 "screen", "board", "count", "table-page", "table-board",
                                 "table-preview", "join"])
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--synchronous", choices=["NORMAL", "FULL"])
    parser.add_argument("--no-profile", action="store_true", help="time only")
    parser.add_argument("--database", help="a PostgreSQL URL whose tables are dropped and made "
                        "anew (default: a throwaway SQLite file)")
    parser.add_argument("--sort", default="cumulative", choices=["cumulative", "tottime"])
    args = parser.parse_args()
    if args.synchronous:
        os.environ["SQLITE_SYNCHRONOUS"] = args.synchronous

    from flask import Flask

    from scorekeeper import create_app
    from scorekeeper.extensions import db

    tmp = Path(tempfile.mkdtemp(prefix="bench-prof-"))
    database = args.database or f"sqlite:///{tmp / 'bench.sqlite'}"
    app = create_app({"SQLALCHEMY_DATABASE_URI": database,
                      "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False},
                     instance_path=str(tmp / "instance"))
    with app.app_context():
        if args.database:
            db.drop_all()
        db.create_all()
    client = app.test_client()
    game = client.post("/api/v1/games", json=BODY).get_json()
    auth = {"Authorization": f"Bearer {game['edit_token']}"}
    for _ in range(20):
        assert client.post(f"/api/v1/games/{game['id']}/hands", json=HAND,
                           headers=auth).status_code == 201
    saves = []
    for _ in range(200):
        g = client.post("/api/v1/games", json=BODY).get_json()
        saves.append((f"/api/v1/games/{g['id']}/hands", g["edit_token"]))
    editor = app.test_client()
    assert editor.get(urlsplit(game["edit_url"]).path).status_code == 303
    phone = app.test_client()
    assert phone.get(f"/games/{game['id']}").status_code == 200
    version = game_version(client, game["id"])
    desk = app.test_client()
    tournament = make_tournament(app)
    table_game = tournament[2]
    table_editor = app.test_client()
    assert table_editor.get(f"/games/{table_game}/join/{tournament[3]}").status_code == 303
    assert desk.get(f"/tournaments/{tournament[0]}",
                    query_string={"token": tournament[1]}).status_code == 303
    hello = Flask("hello")
    hello.get("/")(lambda: "hello")
    hello_client = hello.test_client()

    counter = iter(range(10**9))

    def save() -> None:
        path, token = saves[next(counter) % len(saves)]
        res = client.post(path, json=HAND, headers={"Authorization": f"Bearer {token}"})
        assert res.status_code == 201, res.get_data(as_text=True)

    # The read-only page, a follower's new board and a live count of a game: the one made
    # above, or the tournament table's (``table-*``), the club night's own.
    def page_of(game_id: str) -> Callable[[], None]:
        def page() -> None:
            # A fresh client each time: no cookie, as wrk sends it.
            res = app.test_client().get(f"/games/{game_id}")
            assert res.status_code == 200, res.status_code
        return page

    def preview_by(scorekeeper: Any, game_id: str) -> Callable[[], None]:
        def preview() -> None:
            res = scorekeeper.post(f"/games/{game_id}/hands/preview", data=PREVIEW_FORM,
                                   headers={"HX-Request": "true"})
            assert res.status_code == 200, res.status_code
        return preview

    def board_of(game_id: str) -> Callable[[], None]:
        def board() -> None:
            # On the stream's news: the game changed since the version the board shows.
            res = phone.get(f"/games/{game_id}", query_string={"v": "0"},
                            headers={"HX-Request": "true"})
            assert res.status_code == 200, res.status_code
        return board

    def poll() -> None:
        res = phone.get(f"/games/{game['id']}", query_string={"v": version},
                        headers={"HX-Request": "true"})
        assert res.status_code == 204, res.status_code

    def screen() -> None:
        # The scorekeeper's game screen, as after a save's redirect (the share panel's codes).
        res = editor.get(f"/games/{game['id']}")
        assert res.status_code == 200, res.status_code

    def count_form() -> None:
        res = editor.get(f"/games/{game['id']}/hands/new")
        assert res.status_code == 200, res.status_code

    def dashboard() -> None:
        res = desk.get(f"/tournaments/{tournament[0]}/dashboard", headers={"HX-Request": "true"})
        assert res.status_code == 200, res.status_code

    def join() -> None:
        # A scorekeeper's edit link (a phone with no cookie yet): remembered, then the screen.
        res = app.test_client().get(urlsplit(game["edit_url"]).path)
        assert res.status_code == 303, res.status_code

    def bare() -> None:
        assert hello_client.get("/").status_code == 200

    cases: dict[str, Callable[[], None]] = {
        "hello": bare, "page": page_of(game["id"]), "preview": preview_by(editor, game["id"]),
        "save": save, "poll": poll, "dashboard": dashboard, "screen": screen,
        "board": board_of(game["id"]), "count": count_form, "table-page": page_of(table_game),
        "table-board": board_of(table_game),
        "table-preview": preview_by(table_editor, table_game), "join": join}
    for name, fn in cases.items():
        if args.only and name not in args.only:
            continue
        for _ in range(5):
            fn()  # warm caches, as a worker that has served a few requests
        start, cpu = time.perf_counter(), time.process_time()
        for _ in range(args.n):
            fn()
        took = (time.perf_counter() - start) / args.n * 1000
        # CPU time too: on a machine that is busy with other work it moves far less than the
        # wall time does.
        used = (time.process_time() - cpu) / args.n * 1000
        print(f"== {name}: {took:.2f} ms per request, {used:.2f} ms of CPU "
              f"(mean of {args.n}, no profiler)")
        if args.no_profile:
            continue
        prof = cProfile.Profile()
        prof.enable()
        for _ in range(args.n):
            fn()
        prof.disable()
        stats = pstats.Stats(prof)
        if os.environ.get("PROFILE_DUMP"):
            stats.dump_stats(f"{os.environ['PROFILE_DUMP']}-{name}.prof")
        stats.sort_stats(args.sort).print_stats(args.top)
    return 0


def game_version(client: Any, game_id: str) -> str:
    """The version the read-only board polls with (the page's ``?v=``)."""
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    found = re.search(r'hx-get="[^"]*\?v=(\d+)"', page)
    assert found, "the read-only board polls with ?v="
    return found.group(1)


def make_tournament(app: Any, tables: int = 20,
                    hands: int = 6) -> tuple[str, str, str, str]:
    """A tournament of ``tables`` tables whose games have ``hands`` hands: (id, admin token,
    its first table's game's read-only and edit tokens)."""
    from scorekeeper.engine import PRESETS
    from scorekeeper.extensions import db
    from scorekeeper.services import record, tournaments
    from scorekeeper.services.clock import SEATED

    with app.app_context():
        # The tables save hands at once: what is profiled is the dashboard, not the bell.
        new = tournaments.create_tournament(
            PRESETS["classic"], name="Desk", rounds=1, minutes=600, target=100_000,
            pairs=[{"name": f"P{i}", "players": [f"A{i}", f"B{i}"]} for i in range(2 * tables)],
            tables_start=SEATED)
        for table in new.tournament.rounds[0].tables:
            for _ in range(hands):
                record.add_hand(table.game_id, HAND, by=record.BY_SCOREKEEPER)
        first = tournaments.hand_out_links(new.tournament.rounds[0].tables)[0]
        db.session.commit()
        return new.tournament.id, new.admin_token, first.view_token, first.new_edit_token


if __name__ == "__main__":
    sys.exit(main())
