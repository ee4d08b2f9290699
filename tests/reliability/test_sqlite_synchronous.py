"""``SQLITE_SYNCHRONOUS``: NORMAL by default (survives ``kill -9``), FULL on request."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scorekeeper import config, create_app
from scorekeeper.extensions import db

pytestmark = pytest.mark.skipif(
    bool(os.environ.get("TEST_DATABASE_URL")), reason="SQLite only"
)

#: ``PRAGMA synchronous`` answers with a number.
LEVELS = {"NORMAL": 1, "FULL": 2}


def _synchronous(tmp_path: Path, **settings: str) -> tuple[int, str]:
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'db.sqlite'}",
                      "SECRET_KEY": "t", **settings}, instance_path=str(tmp_path / "instance"))
    with app.app_context():
        conn = db.session.connection()
        level = conn.exec_driver_sql("PRAGMA synchronous").scalar()
        mode = conn.exec_driver_sql("PRAGMA journal_mode").scalar()
        db.session.remove()
        db.engine.dispose()
    return int(level), str(mode)


def test_default_is_normal_in_wal_mode(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SQLITE_SYNCHRONOUS", raising=False)
    assert _synchronous(tmp_path) == (LEVELS["NORMAL"], "wal")


@pytest.mark.parametrize("value", ["FULL", "full", " Full "])
def test_full_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                   value: str) -> None:
    monkeypatch.setenv("SQLITE_SYNCHRONOUS", value)
    assert _synchronous(tmp_path)[0] == LEVELS["FULL"]


def test_the_app_setting_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SQLITE_SYNCHRONOUS", "NORMAL")
    assert _synchronous(tmp_path, SQLITE_SYNCHRONOUS="FULL")[0] == LEVELS["FULL"]


@pytest.mark.parametrize("value", ["OFF", "EXTRA", "0", "fast"])
def test_other_values_stop_the_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                   value: str) -> None:
    monkeypatch.setenv("SQLITE_SYNCHRONOUS", value)
    with pytest.raises(ValueError, match="SQLITE_SYNCHRONOUS"):
        config.sqlite_synchronous()
    with pytest.raises(ValueError, match="SQLITE_SYNCHRONOUS"):
        _synchronous(tmp_path)
