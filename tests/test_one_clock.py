"""The app reads the date in one place: ``scorekeeper.models.games.utcnow``, which every time
it stamps (a game's, a change's, a round's) goes through. That is what lets tests/conftest.py
watch a ``no_database`` test for it (such a test runs at one of .ci/run's dates only); a new
read of the wall clock elsewhere fails here until it goes through ``utcnow`` or is listed with
why it is no date."""

from __future__ import annotations

import re
from pathlib import Path

APP = Path(__file__).resolve().parents[1] / "scorekeeper"

#: What reads the wall clock or the date in Python (or has the database read it).
CLOCK = re.compile(r"\b(datetime\.(now|utcnow|today)|date\.today|time\.(time|time_ns|localtime|"
                   r"gmtime|ctime|strftime)|func\.now|CURRENT_TIMESTAMP|CURRENT_DATE)\b")

#: The reads that are not ``utcnow`` and why a date does not matter there.
ELSEWHERE = {
    # utcnow itself.
    "models/games.py": 1,
    # The export's stamp, a command no test of one date runs.
    "cli.py": 1,
    # The seconds left before a client may try again: two reads of the clock subtracted.
    "ratelimit.py": 2,
    # The day a session was last renewed on, only ever subtracted from a later day.
    "__init__.py": 1,
}


def test_the_app_reads_the_date_through_utcnow_only() -> None:
    found = {}
    for path in APP.rglob("*.py"):
        count = sum(1 for line in path.read_text(encoding="utf-8").splitlines()
                    if CLOCK.search(line.split("#")[0]))
        if count:
            found[str(path.relative_to(APP))] = count
    assert found == ELSEWHERE
