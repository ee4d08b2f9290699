"""The club-night bench runs end to end against a real gunicorn and reports every kind of request.

A smoke test of the tool, not a speed figure: nothing here looks at a latency.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(
    bool(os.environ.get("TEST_DATABASE_URL")), reason="runs the bench on its own SQLite file"
)


def test_a_short_club_night_reports_every_kind_and_no_error() -> None:
    # Two tables at 90x a club's pace: a hand every 2 s, so each table saves within the 3 s.
    run = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "club_night.py"), "--tables", "2",
         "--readers", "1", "--seconds", "3", "--speed", "90"],
        capture_output=True, text=True, timeout=120, cwd=ROOT,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    rows = {line[:28].strip(): line[28:].split() for line in run.stdout.splitlines()}
    for kind in ("join (edit link)", "count form", "preview (htmx)", "save hand (form)",
                 "game screen (scorekeeper)", "game page (read-only)", "board poll (htmx)"):
        count, *_, errors = rows[kind]
        assert int(count) >= 1, run.stdout
        assert errors == "0", run.stdout
    assert "FAIL" not in run.stdout
