"""The club-night bench runs end to end against a real gunicorn and reports every kind of request.

A smoke test of the tool, not a speed figure: nothing here looks at a latency.
"""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from servers import start_seconds

from . import ROOT, own_database, run_bench, table

pytestmark = own_database

KINDS = ("join (edit link)", "count form", "preview (htmx)", "save hand (form)",
         "game screen (scorekeeper)", "sheet (PDF)", "game page (read-only)",
         "board on news (htmx)", "event stream (open)", "desk sign-in (link)",
         "desk control table", "desk dashboard (htmx)")


def test_a_short_club_night_reports_every_kind_its_cost_in_hellos_and_its_gate() -> None:
    # Two tables at 90x a club's pace (a hand every 2 s), each game ending with its first hand
    # (so a sheet is printed and the table goes on with its next game), one desk.
    # A loaded machine answers slowly but answers: a request may take up to 120 s, and the
    # run's own timeout only guards against a hang (its two servers may each take up to the
    # start-up deadline, tests/servers.py).
    run = run_bench(
        "club_night.py", "--tables", "2", "--readers", "1", "--seconds", "4", "--speed", "90",
        "--hands-per-game", "1", "--hello-seconds", "1", "--timeout", "120",
        # .ci/run's gate, set where no night can pass it: the run must fail by it alone.
        "--max-hellos", "0.5",
        timeout=2 * start_seconds() + 600,
    )
    # Every answer came (no 5xx, no time-out): the gate alone fails the run.
    assert run.returncode == 1, run.stdout + run.stderr
    rows = table(run.stdout, 28)
    for kind in KINDS:
        count, p50, p95, p99, most, errors = rows[kind]
        assert int(count) >= 1, run.stdout
        assert float(p50) <= float(p95) <= float(p99) <= float(most), run.stdout
        assert errors == "0", run.stdout
    # Two tables' games ended, so the second game of a table was joined too.
    assert int(rows["join (edit link)"][0]) >= 3, run.stdout
    failures = [line for line in run.stdout.splitlines() if line.startswith("FAIL")]
    assert len(failures) == 1, run.stdout
    assert re.fullmatch(r"FAIL: a table-minute of 2 tables cost \d+ hello requests of CPU, "
                        r"more than 0.5", failures[0]), failures
    # The followers had each save pushed to them (their board asked for on the stream's news).
    pushed = re.search(r"pushed to the followers: .* p95 (\d+) ms \((\d+) boards\)", run.stdout)
    assert pushed and int(pushed.group(2)) >= 1, run.stdout
    last = [line for line in run.stdout.splitlines() if line.startswith("tables=")][-1]
    found = re.fullmatch(r"tables=2 p95_ms=([\d.]+) errors=0 cpu_ms_per_table_minute=([\d.]+) "
                         r"hello_rps=(\d+) hellos_per_table_minute=(\d+)", last)
    assert found, last
    assert float(found.group(2)) > 0 and int(found.group(3)) > 0, last
    # The table-minute in hellos is its CPU over a hello's share of the two workers.
    cpu, rps, hellos = float(found.group(2)), int(found.group(3)), int(found.group(4))
    assert hellos == pytest.approx(cpu * rps / 2000, abs=1), last



def test_the_servers_cpu_counts_the_printers_a_worker_started() -> None:
    # A worker's sheet printers are its children, so gunicorn's grandchildren: until
    # 2026-12-05 the night counted gunicorn's master and workers alone, and a night's sheets
    # (some 0.5 s of CPU each) were missing from its table-minute. Here a "worker" starts a
    # "printer" that spends half a second of CPU and waits, and the master's count holds it.
    printer = ("import sys, time\nend = time.process_time() + 0.5\n"
               "while time.process_time() < end: pass\nprint('done', flush=True)\n"
               "sys.stdin.read()")
    worker = ("import subprocess, sys\n"
              f"p = subprocess.Popen([sys.executable, '-c', {printer!r}], stdin=subprocess.PIPE,"
              " stdout=subprocess.PIPE, text=True)\n"
              "print(p.stdout.readline(), end='', flush=True)\nsys.stdin.read()")
    gunicorn = ("import subprocess, sys\n"
                f"w = subprocess.Popen([sys.executable, '-c', {worker!r}], stdin=subprocess.PIPE,"
                " stdout=subprocess.PIPE, text=True)\n"
                "print(w.stdout.readline(), end='', flush=True)\nsys.stdin.read()")
    # The check runs from the checkout's root, where ``bench`` is bench/ (here it is tests/bench).
    check = ("import subprocess, sys\n"
             "from bench.club_night import cpu_of\n"
             f"master = subprocess.Popen([sys.executable, '-c', {gunicorn!r}],"
             " stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)\n"
             "assert master.stdout.readline() == 'done\\n'\n"
             "print(cpu_of(master.pid))\n"
             "master.stdin.close(); master.wait()")
    run = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True,
                         timeout=120, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert float(run.stdout) >= 0.45, run.stdout
