"""Shared fixtures: an app on a throwaway database, its test client and CLI runner.

The database is a SQLite file in the test's tmp folder, or ``TEST_DATABASE_URL`` when set
(CI runs the suite a second time on PostgreSQL that way). Under pytest-xdist each worker
gets a PostgreSQL database of its own (``<name>_gw0``, ``<name>_gw1``...), made when missing.

What an app costs to build is paid once per run where the result is the same every time:
the SQLite schema is created once and copied into each test's file, the PostgreSQL schema is
created once per worker and emptied after each test (rows deleted, sequences restarted: what
a fresh database holds), and the templates are compiled once (Jinja's bytecode cache, shared
by every app a test builds).
"""

from __future__ import annotations

import gc
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from sqlalchemy import Engine, MetaData, create_engine, inspect, make_url, text
from werkzeug.routing import Rule

from scorekeeper import create_app
from scorekeeper.extensions import db


class _SharedBytecode(BytecodeCache):
    """Compiled templates kept in memory for every app of the run. Jinja checks the source's
    checksum before it uses one, so an edited template is compiled anew."""

    def __init__(self) -> None:
        self.codes: dict[str, tuple[str, Any]] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        hit = self.codes.get(bucket.key)
        if hit is not None and hit[0] == bucket.checksum:
            bucket.code = hit[1]

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.codes[bucket.key] = (bucket.checksum, bucket.code)


# Every app of the test process is built by create_app with the same Jinja settings, so a
# template compiled for one is the same for all (Flask passes jinja_options to Jinja).
Flask.jinja_options = {**Flask.jinja_options, "bytecode_cache": _SharedBytecode()}


class _SharedBuilderRule(Rule):
    """A URL rule whose URL builders (Python code Werkzeug generates and compiles for each rule
    of each app: a third of what building an app costs) are compiled once per run. A builder
    reads the rule's converters through the rule it is bound to, so the code depends only on
    what the key below holds."""

    _builders: dict[tuple[Any, ...], Callable[..., tuple[str, str]]] = {}

    def _compile_builder(self, append_unknown: bool = True) -> Callable[..., tuple[str, str]]:
        defaults = self.defaults or {}
        key = (self.rule, self.subdomain, self.host, tuple(self._trace), append_unknown,
               tuple((name, repr(value), type(self._converters.get(name)))
                     for name, value in defaults.items()))
        builder = self._builders.get(key)
        if builder is None:
            builder = self._builders[key] = super()._compile_builder(append_unknown)
        return builder


Flask.url_rule_class = _SharedBuilderRule

# A test builds an app, makes a few requests and drops everything: millions of short-lived
# objects, few cycles. With Python's default thresholds the cycle collector ran often enough
# to cost 8 % of the suite (tests/games, api and tournaments: 48.5 s against 44.6 s of CPU).
gc.set_threshold(50_000, 20, 20)


#: Folders whose tests take seconds each (browsers, servers started and killed, PDFs, fuzzing).
SLOW_FOLDERS = frozenset({"browser", "reliability", "bench", "sheets", "security",
                          "deploy"})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow folders' tests first, the quick ones after: pytest-xdist's workers then end on
    quick tests, instead of one waiting while the other finishes a long one (an 8 s tail)."""
    items.sort(key=lambda item: Path(str(item.fspath)).parent.name not in SLOW_FOLDERS)


def pytest_configure(config: pytest.Config) -> None:
    """Under pytest-xdist, point this worker at a PostgreSQL database of its own."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    url = os.environ.get("TEST_DATABASE_URL", "")
    if worker and url.startswith("postgresql"):
        os.environ["TEST_DATABASE_URL"] = _own_database(url, worker)


def _own_database(url: str, worker: str) -> str:
    base = make_url(url)
    name = f"{base.database}_{worker}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            known = conn.execute(text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": name})
            if known.scalar() is None:
                conn.execute(text(f'CREATE DATABASE "{name}"'))
    finally:
        admin.dispose()
    return base.set(database=name).render_as_string(hide_password=False)


def make_config(database_uri: str, **extra: Any) -> dict[str, Any]:
    """The configuration every test app gets."""
    return {
        "TESTING": True,
        "SQLALCHEMY_DATABASE_URI": database_uri,
        "WTF_CSRF_ENABLED": False,
        "SECRET_KEY": "test",
        **extra,
    }


def database_uri(tmp_path: Path) -> str:
    """``TEST_DATABASE_URL``, else a fresh SQLite file under ``tmp_path``."""
    return os.environ.get("TEST_DATABASE_URL") or f"sqlite:///{tmp_path / 'test.sqlite'}"


@pytest.fixture(scope="session")
def _schema(tmp_path_factory: pytest.TempPathFactory) -> Path | None:
    """A SQLite file holding the empty schema (copied into each test's file); on PostgreSQL
    (``None``), the schema created afresh once in the test database."""
    url = os.environ.get("TEST_DATABASE_URL")
    if url:
        # Tables an earlier run left (an aborted run, or models that changed since) go first.
        engine = create_engine(url)
        try:
            _drop_every_table(engine)
            db.metadata.create_all(engine)
        finally:
            engine.dispose()
        return None
    folder = tmp_path_factory.mktemp("schema")
    app = create_app(make_config(f"sqlite:///{folder / 'schema.sqlite'}"),
                     instance_path=str(folder / "instance"))
    with app.app_context():
        db.create_all()
        db.engine.dispose()  # the last connection folds the WAL into the file
    return folder / "schema.sqlite"


def _drop_every_table(engine: Engine) -> None:
    """Drop the tables the database holds, the models' and any other (alembic_version, or a
    table an earlier run or older models left)."""
    present = MetaData()
    present.reflect(engine)
    present.drop_all(engine)


def _empty(engine: Engine) -> None:
    """Leave the database as a fresh one with the schema: no rows, sequences at their start."""
    with engine.begin() as conn:
        present = set(inspect(conn).get_table_names())
        for table in reversed(db.metadata.sorted_tables):
            if table.name in present:
                conn.execute(table.delete())
        sequences = conn.execute(text(
            "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
            " WHERE c.relkind = 'S' AND n.nspname = current_schema()"
        )).scalars().all()
        for name in sequences:
            conn.execute(text(f'ALTER SEQUENCE "{name}" RESTART'))


@pytest.fixture
def app(tmp_path: Path, _schema: Path | None) -> Iterator[Flask]:
    if _schema is not None:
        shutil.copyfile(_schema, tmp_path / "test.sqlite")
    app = create_app(make_config(database_uri(tmp_path)), instance_path=str(tmp_path / "instance"))
    if _schema is None:
        with app.app_context():
            db.create_all()  # a test that built its own app may have dropped the tables
    yield app
    with app.app_context():
        db.session.remove()
        if _schema is None:
            _empty(db.engine)
        db.engine.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    return app.test_cli_runner()


@pytest.fixture
def settings(tmp_path: Path) -> dict[str, Any]:
    """The test configuration, for tests that build their own app: an empty database (on
    PostgreSQL the tables the ``app`` fixture keeps are dropped first)."""
    uri = database_uri(tmp_path)
    if uri.startswith("postgresql"):
        engine = create_engine(uri)
        try:
            _drop_every_table(engine)
        finally:
            engine.dispose()
    return make_config(uri)


@pytest.fixture
def make_app(tmp_path: Path) -> Callable[..., Flask]:
    """Build an app with a given configuration in the test's own instance folder."""

    def build(test_config: dict[str, Any] | None = None) -> Flask:
        return create_app(test_config, instance_path=str(tmp_path / "instance"))

    return build
