"""Score-sheet speed: a 10-hand game sheet against a bare one-page WeasyPrint document.

Both are rendered N times in the same run, so the ratio does not depend on the machine. Also
times a sheet served from the cache (the second and later requests for one game version), and a
blank sheet. Run: ``.venv/bin/python bench/sheets.py [-n 20]`` (``bench/run`` may call it).
Prints one line per figure, then the ratio against the goal (a game sheet at most 2x the bare
document); exits 0 either way: the figures are for reading, not a gate.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
# Run as a script, this folder comes first on sys.path, where a bench module may share a name
# with the standard library (bench/http.py would hide ``http``): look it up last instead.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE] + [str(HERE)]
sys.path.insert(0, str(ROOT))

import weasyprint  # noqa: E402

from scorekeeper import create_app  # noqa: E402
from scorekeeper.engine import find_ruleset  # noqa: E402
from scorekeeper.extensions import db  # noqa: E402
from scorekeeper.services import games, record  # noqa: E402
from scorekeeper.sheets import render, views  # noqa: E402

GOAL = 2.0

#: Two hands in turn: one side goes out with a canasta, the other lays a red 3.
HANDS = [
    {"end": "went_out", "sides": [
        {"going_out": "normal", "canastas": {"natural": 1}, "table_points": 200, "hand_points": 0},
        {"table_points": 90, "hand_points": 30, "red_threes": 1},
    ]},
    {"end": "went_out", "sides": [
        {"table_points": 60, "hand_points": 45},
        {"going_out": "normal", "canastas": {"mixed": 1}, "table_points": 150, "hand_points": 0},
    ]},
]


def timed(fn: Callable[[], object], n: int, warmup: int = 2) -> tuple[float, float]:
    """The median (CPU seconds, wall seconds) of ``n`` calls, after ``warmup`` calls.

    Rendering is single-threaded and CPU-bound: its CPU time hardly moves when other processes
    share the machine, while wall time does; the ratios use CPU time.
    """
    for _ in range(warmup):
        fn()
    cpu, wall = [], []
    for _ in range(n):
        c, w = time.process_time(), time.perf_counter()
        fn()
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    return statistics.median(cpu), statistics.median(wall)


def ms(pair: tuple[float, float]) -> str:
    return f"{pair[0] * 1000:8.1f} ms CPU {pair[1] * 1000:8.1f} ms wall"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=20, help="renders of each document (20)")
    parser.add_argument("--hands", type=int, default=10, help="hands in the game (10)")
    args = parser.parse_args()

    tmp = tempfile.mkdtemp(prefix="bench-sheets-")
    app = create_app({"TESTING": True, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/bench.sqlite"},
                     instance_path=f"{tmp}/instance")
    with app.app_context():
        db.create_all()
        new = games.create_game(
            find_ruleset("classic"), players=4, target=100_000,
            sides=[{"name": "Nosotros", "players": ["Ana", "Luis"]},
                   {"name": "Ellos", "players": ["Marta", "Pablo"]}],
        )
        for i in range(args.hands):
            record.add_hand(new.view_token, HANDS[i % 2], by="scorekeeper")
        db.session.commit()
        token = new.view_token

    def bare() -> bytes:
        return weasyprint.HTML(string="<p>hello</p>").write_pdf()

    def bare_with_print_css() -> bytes:  # the sheets' CSS and page size on the bare document
        return render.html_to_pdf("<p>hello</p>")

    with app.test_request_context():
        game = games.find_game(token)
        assert game is not None
        html = views._sheet_html(views.game_sheet_model(game, "en"), "en", "a4")

        def sheet_full() -> bytes:  # what a cache miss costs: model, template and PDF
            page = views._sheet_html(views.game_sheet_model(game, "en"), "en", "a4")
            return render.html_to_pdf(page, paper="a4")

        def sheet_pdf_only() -> bytes:
            return render.html_to_pdf(html, paper="a4")

        t_bare = timed(bare, args.n)
        t_css = timed(bare_with_print_css, args.n)
        t_full = timed(sheet_full, args.n)
        t_pdf = timed(sheet_pdf_only, args.n)
        t_bare_again = timed(bare, args.n)  # drift check: the machine did not change pace

    client = app.test_client()
    url = f"/sheets/games/{token}.pdf"
    render.cache.clear()
    start = time.perf_counter()
    first = client.get(url)
    t_first = time.perf_counter() - start
    assert first.status_code == 200
    t_cached = timed(lambda: client.get(url), args.n)
    etag = first.headers["ETag"]
    t_304 = timed(lambda: client.get(url, headers={"If-None-Match": etag}), args.n)
    t_blank = timed(lambda: (render.cache.clear(), client.get("/sheets/blank.pdf"))[1], args.n)

    bare_cpu = (t_bare[0] + t_bare_again[0]) / 2
    print(f"renders per figure:              {args.n} (median), {args.hands}-hand game")
    print(f"bare one-page document:          {ms(t_bare)}  (again: {ms(t_bare_again)})")
    print(f"bare document + print CSS:       {ms(t_css)}")
    print(f"game sheet, model+template+PDF:  {ms(t_full)}")
    print(f"game sheet, PDF from HTML only:  {ms(t_pdf)}")
    print(f"blank sheet request (uncached):  {ms(t_blank)}")
    print(f"game sheet request, first:                        {t_first * 1000:8.1f} ms wall")
    print(f"game sheet request, cached:      {ms(t_cached)}")
    print(f"game sheet request, 304:         {ms(t_304)}")
    ratio = t_full[0] / bare_cpu
    verdict = "within" if ratio <= GOAL else "ABOVE"
    print(f"ratio game sheet / bare (CPU):   {ratio:8.2f}x ({verdict} the {GOAL:g}x goal)")
    print(f"ratio cached serve / bare (CPU): {t_cached[0] / bare_cpu:8.3f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
