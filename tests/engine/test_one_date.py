"""tests/engine runs at one date only, on SQLite (``one_date``, by tests/conftest.py's rule):
.ci/run's second run, on PostgreSQL at the second date, leaves it out. That holds while the
engine reads no clock, zone nor database: no module of scorekeeper/engine/ imports what reads
them, and the engine's tests import nothing else of the app but the few modules listed here,
each read for what it reads (a new one fails this test until it is read and listed)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: What reads a clock, a zone or a database.
CLOCK_OR_DATABASE = frozenset({"time", "datetime", "calendar", "zoneinfo", "sqlalchemy",
                               "flask", "flask_sqlalchemy", "psycopg", "sqlite3"})

#: The app's modules outside the engine that tests/engine imports, and why a date or a database
#: changes nothing of what they give those tests.
READ_AND_LISTED = {
    # The rules card's rows: the card prints no date (datetime is there for game sheets'
    # stamps, which these tests do not draw).
    "scorekeeper.sheets.layout": "the rules card's rows, no date",
    # The API's document: its schemas, built from the rule types.
    "scorekeeper.api.openapi": "the API's schemas",
    # The house rules form's fields: a form, no database.
    "scorekeeper.games.house_rules_form": "the form's fields",
}


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, wherever in it (absolute names; relative ones as they
    resolve inside scorekeeper/)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                names.add(".".join([*base, node.module] if node.module else base))
            elif node.module == "scorekeeper":
                names |= {f"scorekeeper.{alias.name}" for alias in node.names}
            elif node.module:
                names.add(node.module)
    return names


def test_the_engine_imports_no_clock_nor_database() -> None:
    found = {
        (str(path.relative_to(ROOT)), name)
        for path in (ROOT / "scorekeeper" / "engine").rglob("*.py")
        for name in imported(path)
        if name.split(".")[0] in CLOCK_OR_DATABASE
        or (name.startswith("scorekeeper.") and not name.startswith("scorekeeper.engine"))
    }
    assert not found


def test_the_engine_tests_import_only_listed_modules() -> None:
    found = {
        (str(path.relative_to(ROOT)), name)
        for path in (ROOT / "tests" / "engine").glob("*.py")
        for name in imported(path)
        if name.split(".")[0] in CLOCK_OR_DATABASE
        or (name.startswith("scorekeeper") and not name.startswith("scorekeeper.engine")
            and name != "scorekeeper" and name not in READ_AND_LISTED)
    }
    assert not found
