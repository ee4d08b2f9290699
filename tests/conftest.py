"""Shared fixtures: an app on a throwaway database, its test client and CLI runner.

The database is a SQLite file in the test's tmp folder, or ``TEST_DATABASE_URL`` when set
(CI runs the suite a second time on PostgreSQL that way).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from scorekeeper import create_app
from scorekeeper.extensions import db


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


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = create_app(make_config(database_uri(tmp_path)), instance_path=str(tmp_path / "instance"))
    with app.app_context():
        db.create_all()
    yield app
    with app.app_context():
        db.session.remove()
        db.drop_all()
        db.engine.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    return app.test_cli_runner()


@pytest.fixture
def settings(tmp_path: Path) -> dict[str, Any]:
    """The test configuration, for tests that build their own app."""
    return make_config(database_uri(tmp_path))


@pytest.fixture
def make_app(tmp_path: Path) -> Callable[..., Flask]:
    """Build an app with a given configuration in the test's own instance folder."""

    def build(test_config: dict[str, Any] | None = None) -> Flask:
        return create_app(test_config, instance_path=str(tmp_path / "instance"))

    return build
