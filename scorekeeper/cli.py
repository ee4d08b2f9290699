"""Backups from the command line: ``flask --app scorekeeper export FILE`` and ``import FILE``;
``flask house-rules-link ID`` prints a new edit link for house rules.

The file is JSON: a format name and version, then every table of the app's metadata with its
column names and rows. It walks ``db.metadata.sorted_tables`` (parents before children), so a
table added later is backed up without touching this module.
"""

from __future__ import annotations

import base64
import json
import os
import sys
from collections.abc import Iterable
from datetime import UTC, date, datetime, time
from decimal import Decimal
from pathlib import Path
from typing import Any

import click
from flask.cli import with_appcontext
from sqlalchemy import Column, Table, func, select, text
from sqlalchemy import types as sqltypes
from sqlalchemy.exc import SQLAlchemyError

from .extensions import db

FORMAT = "canasta-scorekeeper-backup"
FORMAT_VERSION = 1

#: Columns older backups have that the schema dropped, skipped on import. A tournament table's
#: clear edit token: its game row keeps the token's hash, which is what edits check.
DROPPED_COLUMNS = {"tournament_table": {"edit_token"}}


class BackupError(click.ClickException):
    """A backup file that cannot be read back (exit status 1 with the message)."""


def _python_type(column: Column[Any]) -> type | None:
    try:
        return column.type.python_type
    except NotImplementedError:
        return None


def _dump_value(column: Column[Any], value: Any) -> Any:
    if value is None or isinstance(column.type, sqltypes.JSON):
        return value
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, bytes | bytearray | memoryview):
        return base64.b64encode(bytes(value)).decode("ascii")
    return value


def _load_value(column: Column[Any], value: Any) -> Any:
    if value is None or isinstance(column.type, sqltypes.JSON):
        return value
    kind = _python_type(column)
    if kind is datetime:
        return datetime.fromisoformat(value)
    if kind is date:
        return date.fromisoformat(value)
    if kind is time:
        return time.fromisoformat(value)
    if kind is Decimal:
        return Decimal(value)
    if kind is bytes:
        return base64.b64decode(value)
    return value


def export_data() -> dict[str, Any]:
    """Every row of every table, as plain JSON data."""
    tables: dict[str, Any] = {}
    for table in db.metadata.sorted_tables:
        columns = list(table.columns)
        order = list(table.primary_key.columns) or columns
        rows = db.session.execute(select(table).order_by(*order)).all()
        tables[table.name] = {
            "columns": [c.name for c in columns],
            "rows": [[_dump_value(c, row._mapping[c]) for c in columns] for row in rows],
        }
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "exported_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "tables": tables,
    }


def _check(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BackupError("That file is not a Canasta Scorekeeper backup.")
    version = data.get("version")
    if not isinstance(version, int) or version > FORMAT_VERSION:
        raise BackupError(
            f"The backup has format version {version!r}; this app reads up to {FORMAT_VERSION}."
        )
    tables = data.get("tables")
    if not isinstance(tables, dict):
        raise BackupError("The backup has no tables.")
    known = {t.name: t for t in db.metadata.sorted_tables}
    for name, content in tables.items():
        table = known.get(name)
        if table is None:
            raise BackupError(f"The backup has a table this app does not know: {name}.")
        if not isinstance(content, dict) or not isinstance(content.get("rows"), list):
            raise BackupError(f"The backup's table {name} is malformed.")
        unknown = (set(content.get("columns", [])) - set(table.columns.keys())
                   - DROPPED_COLUMNS.get(name, set()))
        if unknown:
            raise BackupError(f"The backup's table {name} has unknown columns: "
                              + ", ".join(sorted(unknown)))
    return tables


def _rows(table: Table, content: dict[str, Any]) -> Iterable[dict[str, Any]]:
    names = content["columns"]
    dropped = DROPPED_COLUMNS.get(table.name, set())
    for row in content["rows"]:
        if not isinstance(row, list) or len(row) != len(names):
            raise BackupError(f"A row of table {table.name} does not match its columns.")
        yield {
            name: _load_value(table.columns[name], value)
            for name, value in zip(names, row, strict=True) if name not in dropped
        }


def is_empty() -> bool:
    """Whether no table holds a row."""
    return all(
        db.session.execute(select(func.count()).select_from(t)).scalar_one() == 0
        for t in db.metadata.sorted_tables
    )


def import_data(data: Any, *, replace: bool = False) -> int:
    """Load a backup in one transaction; returns the number of rows. Flushes, never commits."""
    tables = _check(data)
    if not is_empty():
        if not replace:
            raise BackupError("The database is not empty: import into an empty one, "
                              "or pass --replace to delete what is there first.")
        for table in reversed(db.metadata.sorted_tables):
            db.session.execute(table.delete())
    count = 0
    for table in db.metadata.sorted_tables:
        content = tables.get(table.name)
        if not content or not content["rows"]:
            continue
        rows = list(_rows(table, content))
        db.session.execute(table.insert(), rows)
        count += len(rows)
    _reset_sequences()
    db.session.flush()
    return count


def _reset_sequences() -> None:
    """PostgreSQL hands out ids from sequences, which an import with explicit ids skips."""
    if db.engine.dialect.name != "postgresql":
        return
    for table in db.metadata.sorted_tables:
        pk = list(table.primary_key.columns)
        if len(pk) != 1 or not isinstance(pk[0].type, sqltypes.Integer):
            continue
        db.session.execute(
            text(f"SELECT setval(pg_get_serial_sequence('{table.name}', '{pk[0].name}'), "
                 f"COALESCE((SELECT MAX({pk[0].name}) FROM {table.name}), 0) + 1, false)")
        )


@click.command("export")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@with_appcontext
def export_command(file: str) -> None:
    """Write every game, hand, rule set and tournament to FILE as JSON ("-" for stdout)."""
    # One transaction: every table as it was at one moment; it changes nothing.
    with db.session.begin():
        data = export_data()
    text_out = json.dumps(data, ensure_ascii=False, indent=1)
    if file == "-":
        sys.stdout.write(text_out + "\n")
        return
    # The backup holds every name typed and every token hash: readable by its owner only,
    # also when it replaces an older file that had wider permissions.
    fd = os.open(file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.fchmod(fd, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(text_out + "\n")
    rows = sum(len(t["rows"]) for t in data["tables"].values())
    click.echo(f"Exported {rows} rows from {len(data['tables'])} tables to {file}.")


@click.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--replace", is_flag=True, help="Delete everything in the database first.")
@with_appcontext
def import_command(file: str, replace: bool) -> None:
    """Read a backup FILE written by ``export`` into an empty database."""
    try:
        data = json.loads(Path(file).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BackupError(f"Could not read {file}: {exc}") from exc
    try:
        # One transaction: committed whole, or rolled back on any error (nothing changed).
        with db.session.begin():
            count = import_data(data, replace=replace)
    except (ValueError, TypeError, SQLAlchemyError) as exc:
        raise BackupError(f"The backup could not be imported, nothing was changed: {exc}") from exc
    click.echo(f"Imported {count} rows from {file}.")


@click.command("house-rules-link")
@click.argument("house_id")
@click.option("--url", "base_url", default="",
              help="The site's address, e.g. https://canasta.example.org (default: a path).")
@with_appcontext
def house_rules_link_command(house_id: str, base_url: str) -> None:
    """Print a new edit link for house rules HOUSE_ID (the old link stops working).

    For house rules stored before they had owners, or whose edit link was lost: open the link
    on the phone that should change them.
    """
    from .services import house_rules

    house = house_rules.get(house_id)
    if house is None:
        raise click.ClickException(f"There are no house rules with the id {house_id!r}.")
    token = house_rules.replace_edit_token(house)
    db.session.commit()
    click.echo(f"{base_url.rstrip('/')}/games/house-rules/{house.id}/join/{token}")
