"""The benches' smoke tests: each runs a tool of ``bench/`` end to end and reads its table."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: A bench makes its own SQLite file, whatever database the other tests are given.
own_database = pytest.mark.skipif(
    bool(os.environ.get("TEST_DATABASE_URL")), reason="runs the bench on its own SQLite file"
)


def run_bench(script: str, *args: str, timeout: float) -> subprocess.CompletedProcess[str]:
    """``bench/<script>`` run with ``args`` from the checkout's root, its output kept as text."""
    return subprocess.run([sys.executable, str(ROOT / "bench" / script), *args],
                          capture_output=True, text=True, timeout=timeout, cwd=ROOT)


def table(output: str, width: int) -> dict[str, list[str]]:
    """A bench's table: each row's figures by its name (the row's first ``width`` characters)."""
    return {line[:width].strip(): line[width:].split() for line in output.splitlines()}
