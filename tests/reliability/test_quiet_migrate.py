"""`make run` prints nothing a player does not need before the address (issue 25): on a fresh
clone the address and QR code were preceded by a dozen Alembic INFO lines, and every run by
the catalog compiler's "compiling catalog ...". Errors still show.

The commands are read from the Makefile's recipes, so the tests run what `make run` runs.
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory

from scorekeeper import ROOT

from .make_run import make_run_line

#: `make run` on a SQLite file of the test's own, and the catalogs, whatever
#: ``TEST_DATABASE_URL`` says: the PostgreSQL run of .ci/run would run the same tests again.
pytestmark = pytest.mark.skipif(bool(os.environ.get("TEST_DATABASE_URL")),
                                reason="a SQLite file of its own")


def _make_run_migrate_command() -> list[str]:
    return make_run_line("db upgrade").split()


def _run(database: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DATABASE_URL": database, "SECRET_KEY": "t"}
    return subprocess.run(_make_run_migrate_command(), cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)


def test_make_run_upgrades_a_fresh_sqlite_file_without_info_lines(tmp_path: Path) -> None:
    path = tmp_path / "fresh.sqlite"
    for _ in range(2):  # the first run of a fresh clone, then every later start
        result = _run(f"sqlite:///{path}")
        assert result.returncode == 0, result.stderr
        output = result.stdout + result.stderr
        assert "INFO" not in output, output
        assert output.strip() == "", output
    head = ScriptDirectory(str(ROOT / "migrations")).get_current_head()
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchone() == (head,)


def test_make_run_upgrade_still_shows_errors(tmp_path: Path) -> None:
    result = _run(f"sqlite:///{tmp_path / 'no-such-folder' / 'db.sqlite'}")
    assert result.returncode != 0
    assert "unable to open database file" in result.stderr


def _recipe(target: str) -> str:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = re.search(rf"^{target}:.*\n((?:\t.*\n)+)", makefile, re.MULTILINE)
    assert recipe, f"no {target} target in the Makefile"
    # The recipe's lines as the shell gets them: continuations joined, echo marks dropped.
    text = "".join(line.removeprefix("\t") for line in recipe.group(1).splitlines(True))
    text = text.replace("\\\n", " ").replace("$(BIN)", str(Path(sys.executable).parent))
    return "\n".join(line.strip().removeprefix("@") for line in text.splitlines())


def test_make_run_compiles_the_catalogs_quietly(tmp_path: Path) -> None:
    run = re.search(r"^run:(.*)$", (ROOT / "Makefile").read_text(encoding="utf-8"),
                    re.MULTILINE)
    assert run and "translations" in run.group(1).split()
    shutil.copytree(ROOT / "translations", tmp_path / "translations",
                    ignore=shutil.ignore_patterns("*.mo"))
    script = _recipe("translations")
    result = subprocess.run(["bash", "-c", script], cwd=tmp_path, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout + result.stderr == ""
    assert (tmp_path / "translations" / "es" / "LC_MESSAGES" / "messages.mo").stat().st_size
    # A broken catalog still says so, and fails.
    po = tmp_path / "translations" / "es" / "LC_MESSAGES" / "messages.po"
    po.write_text(po.read_text(encoding="utf-8")
                  + '\nmsgid "Broken %(x)s"\nmsgstr "Roto %(y)s"\n', encoding="utf-8")
    broken = subprocess.run(["bash", "-c", script], cwd=tmp_path, capture_output=True,
                            text=True, timeout=120)
    assert broken.returncode != 0
    assert "unknown named placeholder" in broken.stdout + broken.stderr
