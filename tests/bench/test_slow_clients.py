"""The slow-clients bench runs end to end against make run's server and reports its figures.

A smoke test of the tool, not a speed figure: nothing here looks at a latency or the ratio,
only that every save answered, that the stranger's slow bodies and streams met the app's
bounds and that nothing answered a 5xx.
"""

from __future__ import annotations

import re

from . import own_database, run_bench, table

pytestmark = own_database


def test_a_short_slow_clients_run_reports_each_phase_and_no_5xx() -> None:
    # A few slow bodies and streams, one short round; the limit is out of reach so that only a
    # failed save or a 5xx fails the run.
    run = run_bench(
        "slow_clients.py", "--seconds", "2", "--rounds", "1", "--slow", "5", "--streams", "30",
        "--limit", "1000000", timeout=600,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    rows = table(run.stdout, 22)
    for phase in ("alone", "5 slow bodies", "30 held streams"):
        saves, p50, p95, most, errors, ratio = rows[phase][:6]
        assert int(saves) >= 1 and errors == "0", run.stdout
        assert float(p50) <= float(p95) <= float(most), run.stdout
    assert "200: 30" in run.stdout  # every stream held (30 is under every bound)
    assert re.search(r"^worst save p95 ratio [\d.]+ \(limit 1e\+06\); 5xx: 0; load average",
                     run.stdout, re.M), run.stdout
