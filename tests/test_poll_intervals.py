"""How often the following pages poll is configuration: the read-only board, the organizer's
control table and the public standings (``SCOREKEEPER_*_POLL_SECONDS``, the table of
docs/CONFIGURATION.md)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from flask import Flask

from scorekeeper import config, create_app
from scorekeeper.extensions import db

#: Each test builds an app on a SQLite file of its own, whatever ``TEST_DATABASE_URL`` says:
#: the PostgreSQL run of .ci/run would run the same tests again.
pytestmark = pytest.mark.skipif(bool(os.environ.get("TEST_DATABASE_URL")),
                                reason="a SQLite file of its own")


def build(tmp_path: Path, **extra: object) -> Flask:
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'p.sqlite'}", **extra},
                     instance_path=str(tmp_path / "instance"))
    with app.app_context():
        db.create_all()
    return app


def triggers(app: Flask) -> dict[str, str]:
    """How often the read-only board, the control table and the standings page ask for
    themselves where no event stream can be held (``data-follow``, seconds)."""
    organizer = app.test_client()
    res = organizer.post("/api/v1/tournaments", json={
        "name": "Club", "ruleset": "classic",
        "pairs": [{"name": f"P{i}", "players": [f"A{i}", f"B{i}"]} for i in range(4)]})
    assert res.status_code == 201, res.get_json()
    tid, token = res.get_json()["id"], res.get_json()["admin_token"]
    assert organizer.get(f"/tournaments/{tid}?token={token}").status_code == 303
    game = organizer.post("/games/new", data={"ruleset": "classic", "players": "4"})
    game_id = game.headers["Location"].rsplit("/", 1)[-1]
    pages = {"board": app.test_client().get(f"/games/{game_id}"),
             "dashboard": organizer.get(f"/tournaments/{tid}"),
             "standings": app.test_client().get(f"/tournaments/{tid}/standings")}
    found = {}
    for name, res in pages.items():
        assert res.status_code == 200, name
        html = res.get_data(as_text=True)
        assert 'hx-trigger="follow"' in html, name
        assert 'hx-ext="sse" sse-connect="/' in html, name
        match = re.search(r'data-follow="([^"]+)"', html)
        assert match, name
        found[name] = match.group(1)
    return found


def test_the_defaults(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for _key, (variable, _default) in config.POLL_SECONDS.items():
        monkeypatch.delenv(variable, raising=False)
    assert triggers(build(tmp_path)) == {
        "board": "5", "dashboard": "10", "standings": "30"}


def test_set_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_BOARD_POLL_SECONDS", "2")
    monkeypatch.setenv("SCOREKEEPER_DASHBOARD_POLL_SECONDS", "0.5")
    monkeypatch.setenv("SCOREKEEPER_STANDINGS_POLL_SECONDS", "60")
    assert triggers(build(tmp_path)) == {
        "board": "2", "dashboard": "0.5", "standings": "60"}


def test_a_test_configuration_overrides_the_environment(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_BOARD_POLL_SECONDS", "2")
    app = build(tmp_path, BOARD_POLL_SECONDS=0.25)
    assert triggers(app)["board"] == "0.25"


@pytest.mark.parametrize("wrong", ["0", "0.05", "3601", "soon", "-5", "nan"])
def test_a_wrong_value_stops_the_app(monkeypatch: pytest.MonkeyPatch, wrong: str) -> None:
    monkeypatch.setenv("SCOREKEEPER_BOARD_POLL_SECONDS", wrong)
    with pytest.raises(ValueError, match="SCOREKEEPER_BOARD_POLL_SECONDS"):
        config.poll_seconds(*config.POLL_SECONDS["BOARD_POLL_SECONDS"])
