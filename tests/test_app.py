"""The app factory, the home page, headers, languages, limits and the secret key."""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask, request
from flask.testing import FlaskClient
from jinja2 import ChoiceLoader, DictLoader

from scorekeeper import config
from scorekeeper.web import render

MakeApp = Callable[..., Flask]

NAV_LINKS = [
    "/games/new",
    "/games/",
    "/opening-minimum",
    "/calculator",
    "/rules/classic",
    "/sheets/",
    "/games/house-rules",
    "/tournaments/",
]


def test_factory_uses_test_config(app: Flask) -> None:
    assert app.testing
    assert app.config["SECRET_KEY"] == "test"
    assert app.config["MAX_CONTENT_LENGTH"] == 1024 * 1024
    assert {"main", "games", "sheets", "tournaments", "quick", "api"} <= set(app.blueprints)


def test_without_test_config_reads_env(make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SECRET_KEY", "from-env")
    monkeypatch.setenv("DATABASE_URL", "postgres://u:p@db.example/canasta")
    app = make_app()
    assert not app.testing
    assert app.config["SECRET_KEY"] == "from-env"
    assert app.config["SQLALCHEMY_DATABASE_URI"] == "postgresql+psycopg://u:p@db.example/canasta"


def test_default_database_is_sqlite_in_instance(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert config.database_url("/x/instance") == "sqlite:////x/instance/scorekeeper.sqlite"


def test_home_page_has_nav_links(client: FlaskClient) -> None:
    response = client.get("/")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "Canasta Scorekeeper" in html
    for href in NAV_LINKS:
        assert f'href="{href}"' in html
        # Every menu entry opens a page, none is a dead end.
        assert client.get(href).status_code == 200, href
    for label in ("New game", "Opening minimum", "One-hand calculator", "Rules", "Score sheets",
                  "Tournaments"):
        assert label in html
    assert 'name="csrf-token"' in html
    assert 'name="viewport"' in html
    assert "<script>" not in html and "style=" not in html


def test_healthz(client: FlaskClient) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_data(as_text=True) == "ok"


def test_security_headers(client: FlaskClient) -> None:
    for path in ("/", "/healthz", "/no-such-page"):
        response = client.get(path)
        csp = response.headers["Content-Security-Policy"]
        assert "default-src 'self'" in csp
        assert "script-src 'self'" in csp
        assert "frame-ancestors 'none'" in csp
        assert "unsafe-inline" not in csp
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Referrer-Policy"] == "same-origin"


@pytest.mark.fresh_app
def test_render_sends_partial_to_htmx_and_varies(app: Flask) -> None:
    assert app.jinja_env.loader is not None
    app.jinja_env.loader = ChoiceLoader(
        [DictLoader({"_partial.html": "<p>partial {{ n }}</p>"}), app.jinja_env.loader]
    )
    with app.test_request_context("/", headers={"HX-Request": "true"}):
        response = render("main/index.html", "_partial.html", n=7)
        assert "HX-Request" in response.headers["Vary"]
        assert response.get_data(as_text=True) == "<p>partial 7</p>"
        # Without a partial, htmx gets the full page.
        assert "Main menu" in render("main/index.html").get_data(as_text=True)
    with app.test_request_context("/"):
        response = render("main/index.html", "_partial.html", n=7)
        assert "HX-Request" in response.headers["Vary"]
        assert "Main menu" in response.get_data(as_text=True)


def test_home_page_varies_on_hx_request(client: FlaskClient) -> None:
    assert "HX-Request" in client.get("/").headers["Vary"]


def _home(client: FlaskClient, lang: str | None = None, **kwargs: Any) -> str:
    """The home page, asked in ``lang`` (``?lang=``) or as the session and browser have it."""
    url = "/" if lang is None else f"/?lang={lang}"
    return client.get(url, **kwargs).get_data(as_text=True)


def test_language_switch_to_spanish(client: FlaskClient) -> None:
    html = _home(client, "es")
    assert '<html lang="es">' in html
    assert "Nueva partida" in html
    assert "Mínimo de salida" in html
    # The choice is remembered in the session.
    assert "Nueva partida" in _home(client)
    html = _home(client, "en")
    assert "New game" in html and '<html lang="en">' in html


def test_language_from_browser(client: FlaskClient) -> None:
    assert "Nueva partida" in _home(client, headers={"Accept-Language": "es-ES,es;q=0.9"})


def test_unknown_language_is_ignored(client: FlaskClient) -> None:
    assert "New game" in _home(client, "xx")


@pytest.mark.fresh_app
def test_body_over_one_mib_is_refused(app: Flask) -> None:
    def echo() -> str:
        return str(len(request.get_data()) + len(request.form))

    app.add_url_rule("/echo", "echo", echo, methods=["POST"])
    client = app.test_client()
    assert client.post("/echo", data=b"x" * 1000).status_code == 200
    body = b"x" * (1024 * 1024 + 1)
    response = client.post("/echo", data=body, content_type="application/octet-stream")
    assert response.status_code == 413
    response = client.post("/echo", data={"field": "x" * (1024 * 1024 + 1)})
    assert response.status_code == 413
    assert "too much data" in response.get_data(as_text=True)


def test_api_errors_are_json(client: FlaskClient) -> None:
    response = client.get("/api/v1/no-such-thing")
    assert response.status_code == 404
    assert response.is_json
    assert response.get_json()["error"]


def test_secret_key_generated_once_in_instance(
    make_app: MakeApp, settings: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SECRET_KEY", raising=False)
    del settings["SECRET_KEY"]
    app = make_app(settings)
    key_file = tmp_path / "instance" / "secret_key"
    assert key_file.exists()
    assert stat.S_IMODE(os.stat(key_file).st_mode) == 0o600
    key = app.config["SECRET_KEY"]
    assert len(key) == 64 and key == key_file.read_text().strip()
    # A second app reuses the stored key.
    again = make_app(settings)
    assert again.config["SECRET_KEY"] == key


#: A worker of gunicorn building the app: for each folder it is sent, reads (or makes) the
#: instance's key there and prints it.
_WORKER = """
import os, sys
os.environ.pop("SECRET_KEY", None)
from scorekeeper import config
for folder in sys.stdin:
    print(config.secret_key(folder.strip()), flush=True)
"""


def test_workers_starting_together_share_one_generated_key(tmp_path: Path) -> None:
    """gunicorn's workers build the app at the same moment: they must all end up with the key
    the instance keeps, or a session made by one is refused by the other. Four processes are
    woken at once on a new instance folder, twenty times (before the key was stored by a hard
    link, two runs in three of this test saw two keys in some folder)."""
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"}
    procs = [subprocess.Popen([sys.executable, "-c", _WORKER], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, env=env)
             for _ in range(4)]
    try:
        for n in range(20):
            folder = tmp_path / str(n)
            folder.mkdir()
            for proc in procs:
                assert proc.stdin is not None
                proc.stdin.write(f"{folder}\n")
                proc.stdin.flush()
            keys = {proc.stdout.readline().strip() for proc in procs if proc.stdout}
            stored = (folder / "secret_key").read_text().strip()
            assert len(stored) == 64
            assert keys == {stored}, n
            assert stat.S_IMODE(os.stat(folder / "secret_key").st_mode) == 0o600
            assert [p.name for p in folder.iterdir()] == ["secret_key"]
    finally:
        for proc in procs:
            proc.communicate(timeout=30)
    assert all(proc.returncode == 0 for proc in procs)


def test_secret_key_from_env_writes_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SECRET_KEY", "s3cret")
    assert config.secret_key(str(tmp_path)) == "s3cret"
    assert not (tmp_path / "secret_key").exists()


def test_sqlite_pragmas(app: Flask) -> None:
    from sqlalchemy import text

    from scorekeeper.extensions import db

    with app.app_context():
        if db.engine.dialect.name != "sqlite":
            pytest.skip("SQLite only")
        with db.engine.connect() as conn:
            assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1
            assert conn.execute(text("PRAGMA busy_timeout")).scalar() == 20000
            assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"


@pytest.mark.fresh_app
def test_a_database_locked_past_the_timeout_answers_503_not_500(app: Flask) -> None:
    import sqlite3

    from sqlalchemy.exc import OperationalError

    def busy() -> str:
        raise OperationalError("INSERT ...", {}, sqlite3.OperationalError("database is locked"))

    def broken() -> str:
        raise OperationalError("SELECT ...", {}, sqlite3.OperationalError("no such table: x"))

    app.add_url_rule("/busy", "busy", busy)
    app.add_url_rule("/api/v1/busy", "api_busy", busy)
    app.add_url_rule("/broken", "broken", broken)
    client = app.test_client()
    page = client.get("/busy")
    assert page.status_code == 503 and page.headers["Retry-After"] == "2"
    assert "nothing was saved" in page.get_data(as_text=True)
    api = client.get("/api/v1/busy")
    assert api.status_code == 503 and "nothing was saved" in api.get_json()["error"]
    # Any other database failure is a real bug: not dressed up as "busy".
    app.testing = False
    app.config["PROPAGATE_EXCEPTIONS"] = False
    assert client.get("/broken").status_code == 500
