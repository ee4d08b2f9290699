"""Shared fixtures: an app on a throwaway database, its test client and CLI runner.

The database is a SQLite file, or ``TEST_DATABASE_URL`` when set (CI runs the suite a second
time on PostgreSQL that way). Under pytest-xdist each worker gets a PostgreSQL database of its
own (``<name>_gw0``, ``<name>_gw1``...), made when missing.

Building an app costs about 135 ms (its URL rules compiled, its templates compiled on first
use), and some 3,000 tests use one: so the ``app`` fixture gives every test the same app,
built once per run (once per pytest-xdist worker), with what a test may change put back as
it was before the next one starts:

- its database: on SQLite a fresh copy of the empty schema replaces the file (the engine's
  connections closed first); on PostgreSQL the rows are deleted and the sequences restarted;
- its configuration (``app.config``), restored to what it was when built;
- the rate limiter's counts (``Limiter.reset``).

A test that changes the app itself (adds a route, swaps the template loader, ends the news
streams) is marked ``fresh_app`` and gets an app of its own, built for it alone; so does any
test that builds one with ``make_app`` or ``create_app``. The shared app refuses to go on
after a test changed its routes, templates or WSGI stack without the mark.
"""

from __future__ import annotations

import copy
import gc
import os
import shutil
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from sqlalchemy import Engine, MetaData, QueuePool, create_engine, event, inspect, make_url, text

from scorekeeper import create_app
from scorekeeper.extensions import db

# A test makes a few requests on a fresh database and drops what they made: millions of
# short-lived objects, few cycles. With Python's default thresholds the cycle collector ran
# often enough to cost 8 % of the suite (tests/games, api and tournaments: 48.5 s against
# 44.6 s of CPU, when each test built its own app).
gc.set_threshold(50_000, 20, 20)


#: Folders whose tests take seconds each (browsers, servers started and killed, PDFs, fuzzing).
SLOW_FOLDERS = frozenset({"browser", "reliability", "bench", "sheets", "security",
                          "deploy"})


#: Files holding a test that takes tens of seconds under .ci/run's load (its --durations list,
#: 2026-11-27: the desk's races 60 s, the night's completed sheets 46 s), some of them in a
#: folder of quick tests that ran last (tournaments); and deploy/'s stack, 24 s of tests after a
#: 10-18 s start, which a run with only the others first ended on (the other worker 17 s idle).
LONG_FILES = frozenset({"test_desk_races.py", "test_papers_to_file.py", "test_club_night.py",
                        "test_paper_load.py", "test_slow_clients.py", "test_api_fuzz.py",
                        "test_pairs_on_the_night_papers.py", "test_replay_tournaments.py",
                        "test_closed_games.py", "test_stack.py", "test_standings_paper.py",
                        "test_night_papers_fit.py", "test_desk_render_budget.py",
                        "test_big_numbers.py"})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long tests first, then the slow folders' tests, the quick ones last: pytest-xdist's
    workers then end on quick tests, instead of one waiting while the other finishes a long
    one (an 8 s tail when the slow folders came after the quick ones; the desk's races alone
    took 60 s under .ci/run's load, and ran among the last tests)."""
    def order(item: pytest.Item) -> tuple[bool, bool]:
        path = Path(str(item.fspath))
        return path.name not in LONG_FILES, path.parent.name not in SLOW_FOLDERS

    items.sort(key=order)
    # The engine is pure Python and reads no clock, zone nor database (no module of
    # scorekeeper/engine/ or tests/engine/ imports time, datetime or anything that does; see
    # tests/engine/test_import_cycles.py): a second date or PostgreSQL proves nothing new of it.
    # A test marked no_database reads no database and, checked as it runs
    # (pytest_runtest_call below), no clock of the app's: the same.
    engine = Path(__file__).parent / "engine"
    for item in items:
        if engine in Path(str(item.fspath)).parents or item.get_closest_marker("no_database"):
            item.add_marker(pytest.mark.one_date)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """Fail a ``no_database`` test that sends a database a statement or reads the app's clock
    from its thread (``utcnow``, which every time the app stamps goes through:
    tests/test_one_clock.py): it runs at one date only, on SQLite only. (The day a session was
    renewed on is only ever subtracted from a later day, as the pages' ``Date.now()``: not a
    date, not watched.)"""
    if not item.get_closest_marker("no_database"):
        return (yield)
    read: list[str] = []
    # What the test itself does, in its thread (the Flask test client runs the app there): a
    # browser test's tab kept by this worker may still be polling its own server's thread.
    test_thread = threading.get_ident()

    def statement(conn: Any, cursor: Any, sql: str, *args: Any) -> None:
        if threading.get_ident() == test_thread:
            read.append(f"the database: {sql.split(chr(10))[0][:60]}")

    def clock() -> Any:
        if threading.get_ident() == test_thread:
            read.append("the clock (utcnow)")
        return real_utcnow()

    from scorekeeper.models.games import utcnow as real_utcnow

    patch = pytest.MonkeyPatch()
    event.listen(Engine, "before_cursor_execute", statement)
    for module in [m for name, m in list(sys.modules.items()) if name.startswith("scorekeeper")]:
        if getattr(module, "utcnow", None) is real_utcnow:
            patch.setattr(module, "utcnow", clock)
    try:
        result = yield
    finally:
        event.remove(Engine, "before_cursor_execute", statement)
        patch.undo()
    if read:
        pytest.fail(f"marked no_database, it read {'; '.join(sorted(set(read)))}: it must run at"
                    " both of .ci/run's dates and on PostgreSQL; remove the mark", pytrace=False)
    return result


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


@dataclass
class _Shared:
    """The app every test shares, and what it was like when built."""

    app: Flask
    #: Its SQLite file (``None`` on PostgreSQL).
    database: Path | None
    config: dict[str, Any]
    rules: list[str]
    filters: set[str]
    template_globals: set[str]
    loader: object
    wsgi_app: object


@pytest.fixture(scope="session")
def _shared_app(tmp_path_factory: pytest.TempPathFactory, _schema: Path | None) -> _Shared:
    folder = tmp_path_factory.mktemp("shared")
    database = None if _schema is None else folder / "test.sqlite"
    uri = database_uri(folder)
    app = create_app(make_config(uri), instance_path=str(folder / "instance"))
    return _Shared(
        app=app, database=database, config=copy.deepcopy(dict(app.config)),
        rules=_rules(app), filters=set(app.jinja_env.filters),
        template_globals=set(app.jinja_env.globals), loader=app.jinja_env.loader,
        wsgi_app=app.wsgi_app,
    )


def _rules(app: Flask) -> list[str]:
    return sorted(f"{rule.endpoint} {rule.rule}" for rule in app.url_map.iter_rules())


def _fresh_database(shared: _Shared, schema: Path | None) -> None:
    """Give the shared app an empty database: a fresh copy of the schema's file on SQLite
    (no connection may be open on the file it replaces), the tables made on PostgreSQL (a
    test that built its own app may have dropped them)."""
    with shared.app.app_context():
        db.session.remove()
        engine = db.engine
        if schema is None:
            db.create_all()
            return
        pool = engine.pool
        if isinstance(pool, QueuePool) and pool.checkedout():
            raise RuntimeError("a connection to the shared test database is still in use "
                               "(a thread the last test started?)")
        engine.dispose()
    assert shared.database is not None
    for leftover in ("-wal", "-shm", "-journal"):
        Path(f"{shared.database}{leftover}").unlink(missing_ok=True)
    copied = shared.database.with_name("copy.sqlite")
    shutil.copyfile(schema, copied)
    os.replace(copied, shared.database)


def _check_unchanged(shared: _Shared, news_sources: int) -> None:
    """Fail the test that changed the shared app beyond what is put back after it."""
    app = shared.app
    changed = [what for what, same in (
        ("its routes", _rules(app) == shared.rules),
        ("its template filters", set(app.jinja_env.filters) == shared.filters),
        ("its template globals", set(app.jinja_env.globals) == shared.template_globals),
        ("its template loader", app.jinja_env.loader is shared.loader),
        ("its WSGI app", app.wsgi_app == shared.wsgi_app),
        ("its source of news", _news_sources() == news_sources),
    ) if not same]
    if changed:
        pytest.fail(f"the test changed the shared app ({', '.join(changed)}): "
                    "mark it @pytest.mark.fresh_app to give it an app of its own")


def _news_sources() -> int:
    """How many sources of news (``live.news``, a thread each) the process runs."""
    return sum(thread.name == "news" for thread in threading.enumerate())


def _restore(shared: _Shared) -> None:
    """Put back the configuration the app was built with and forget the limiter's counts."""
    app = shared.app
    app.config.clear()
    app.config.update(copy.deepcopy(shared.config))
    limiter = app.extensions.get("scorekeeper_limiter")
    if limiter is not None:
        with app.app_context():
            limiter.reset()


@pytest.fixture
def app(request: pytest.FixtureRequest, tmp_path: Path, _schema: Path | None) -> Iterator[Flask]:
    """The shared app on an empty database; a ``fresh_app`` test's own app."""
    if request.node.get_closest_marker("fresh_app"):
        yield from _own_app(tmp_path, _schema)
        return
    shared: _Shared = request.getfixturevalue("_shared_app")
    _fresh_database(shared, _schema)
    news_sources = _news_sources()
    try:
        yield shared.app
    finally:
        with shared.app.app_context():
            db.session.remove()
            if _schema is None:
                _empty(db.engine)
            db.engine.dispose()
        _restore(shared)
    _check_unchanged(shared, news_sources)


def _own_app(tmp_path: Path, schema: Path | None) -> Iterator[Flask]:
    if schema is not None:
        shutil.copyfile(schema, tmp_path / "test.sqlite")
    app = create_app(make_config(database_uri(tmp_path)), instance_path=str(tmp_path / "instance"))
    if schema is None:
        with app.app_context():
            db.create_all()  # a test that built its own app may have dropped the tables
    yield app
    with app.app_context():
        db.session.remove()
        if schema is None:
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
