"""Edit rights outlive the browser: the session cookie is persistent and renewed on use."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from email.utils import parsedate_to_datetime

import pytest
from flask import Flask
from flask.testing import FlaskClient
from game_helpers import start_game

from scorekeeper import config, create_app


def _expires(set_cookie: str) -> datetime:
    attributes = dict(part.strip().split("=", 1) for part in set_cookie.split(";")[1:]
                      if "=" in part)
    return parsedate_to_datetime(attributes["Expires"])


def test_the_edit_session_lasts_400_days(client: FlaskClient) -> None:
    res = client.post("/games/new", data={"ruleset": "classic", "players": "4",
                                           "shown_ruleset": "classic"})
    assert res.status_code == 303
    cookie = res.headers["Set-Cookie"]
    assert cookie.startswith("session=") and "HttpOnly" in cookie
    left = _expires(cookie) - datetime.now(UTC)
    assert timedelta(days=399) < left <= timedelta(days=400)


def test_a_visit_renews_an_old_cookie_and_leaves_a_fresh_one_alone(app: Flask,
                                                                   client: FlaskClient) -> None:
    game_id = start_game(client)
    client.get("/games/")  # the first page a browser sees stores its CSRF token
    # Fresh: answers do not re-send it (a late answer would overwrite a newer cookie).
    res = client.get("/games/")
    assert game_id in res.get_data(as_text=True)
    assert "Set-Cookie" not in res.headers
    with client.session_transaction() as sess:
        sess["_renewed"] -= 8  # last renewed more than a week ago
    res = client.get("/games/")
    assert _expires(res.headers["Set-Cookie"]) - datetime.now(UTC) > timedelta(days=399)
    assert "Set-Cookie" not in client.get("/games/").headers


def test_an_old_browser_session_becomes_persistent(app: Flask, client: FlaskClient) -> None:
    """Sessions made before this change (no expiry) are kept from the next visit on."""
    game_id = start_game(client)
    with client.session_transaction() as sess:
        sess.permanent = False
    res = client.get("/games/")
    assert "Expires=" in res.headers["Set-Cookie"]
    assert game_id in res.get_data(as_text=True)


def test_the_lifetime_is_a_setting(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    monkeypatch.setenv("SCOREKEEPER_SESSION_DAYS", "30")
    app = create_app({"TESTING": True, "SECRET_KEY": "t",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 's.sqlite'}"},
                     instance_path=str(tmp_path / "instance"))
    assert app.config["PERMANENT_SESSION_LIFETIME"] == timedelta(days=30)
    for wrong in ("0", "401", "forever"):
        monkeypatch.setenv("SCOREKEEPER_SESSION_DAYS", wrong)
        with pytest.raises(ValueError):
            config.session_days()
