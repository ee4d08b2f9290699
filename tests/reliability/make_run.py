"""The Makefile's ``run`` recipe read as the shell gets it: the tests run what ``make run``
runs, not a copy of it that could drift."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def make_run_line(containing: str) -> str:
    """The one line of ``make run``'s recipe that holds ``containing``, as make hands it to the
    shell: ``$(BIN)`` is the virtualenv running the tests, ``$$`` is ``$``."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = re.search(r"^run:.*\n((?:\t.*\n)+)", makefile, re.MULTILINE)
    assert recipe, "no run target in the Makefile"
    lines = [line.strip().lstrip("@") for line in recipe.group(1).splitlines()
             if containing in line]
    assert len(lines) == 1, recipe.group(1)
    return lines[0].replace("$(BIN)", str(Path(sys.executable).parent)).replace("$$", "$")
