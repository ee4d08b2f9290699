"""The paper-load bench runs end to end against a real gunicorn and reports its figures.

A smoke test of the tool, not a speed figure: nothing here looks at a latency or the ratio.
"""

from __future__ import annotations

import re

from . import own_database, run_bench, table

pytestmark = own_database


def test_a_short_paper_load_reports_saves_papers_and_the_ratio() -> None:
    # Two strangers with small games and tournaments, one short round of each phase; the
    # limit is out of reach so that only a failed save or a 500 fails the run.
    run = run_bench(
        "paper_load.py", "--clients", "2", "--hands", "3", "--pairs", "4", "--games", "2",
        "--seconds", "3", "--rounds", "1", "--think", "0.1", "--limit", "1000000", timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    rows = table(run.stdout, 28)
    for kind in ("save hand, idle", "save hand, papers"):
        count, p50, p95, p99, most, errors = rows[kind]
        assert int(count) >= 1 and errors == "0", run.stdout
        assert float(p50) <= float(p95) <= float(p99) <= float(most), run.stdout
    # The strangers asked for their game's sheet (after an undo and a redo) and got answers.
    papers = {line[:30].strip(): line[30:] for line in run.stdout.splitlines()}
    assert re.search(r"\b200: \d+", papers["game sheet, max hands"]), run.stdout
    assert re.search(r"\b200: \d+", papers["undo (API)"]), run.stdout
    assert "none:" not in run.stdout and "500:" not in run.stdout
    assert re.search(r"^uptime before: .*load average", run.stdout, re.M), run.stdout
    assert re.search(r"^save p95 alone [\d.]+ ms, with 2 paper clients [\d.]+ ms: ratio "
                     r"[\d.]+ \(limit 1e\+06\)$", run.stdout, re.M), run.stdout
