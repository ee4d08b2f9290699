"""Token guessing is slowed down: 30 failed checks a minute per address, then 429."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.ratelimit import SlidingWindow, limit_token_failures

HAND = {"end": "went_out", "sides": [
    {"table_points": 50, "hand_points": 0, "canastas": {"mixed": 1}, "going_out": "normal"},
    {"table_points": 0, "hand_points": 0}]}


def test_window_slides() -> None:
    now = [1000.0]
    window = SlidingWindow(3, 60, clock=lambda: now[0])
    for _ in range(3):
        assert window.retry_after("a") is None
        window.hit("a")
        now[0] += 10
    # Failures at 1000, 1010, 1020; it is 1030: the first one expires at 1060.
    assert window.retry_after("a") == 30
    assert window.retry_after("b") is None  # per address
    now[0] = 1060.5
    assert window.retry_after("a") is None


def test_api_refuses_guessers_with_429(client: FlaskClient) -> None:
    game = client.post("/api/v1/games", json={"ruleset": "classic"}).get_json()
    url = f"/api/v1/games/{game['id']}/hands"
    for i in range(30):
        res = client.post(url, json=HAND, headers={"Authorization": f"Bearer guess{i}"})
        assert res.status_code == 403, i
    res = client.post(url, json=HAND, headers={"Authorization": "Bearer guess-more"})
    assert res.status_code == 429
    assert 1 <= int(res.headers["Retry-After"]) <= 60
    assert res.get_json()["error"]
    # Even the right token waits: the guesser cannot tell a hit from a miss.
    right = {"Authorization": f"Bearer {game['edit_token']}"}
    assert client.post(url, json=HAND, headers=right).status_code == 429
    # Another address is not affected.
    assert client.post(url, json=HAND, headers=right,
                       environ_base={"REMOTE_ADDR": "10.0.0.2"}).status_code == 201
    # Reading needs no token and is not limited.
    assert client.get(f"/api/v1/games/{game['id']}").status_code == 200


def test_right_tokens_do_not_count(client: FlaskClient) -> None:
    game = client.post("/api/v1/games", json={"ruleset": "classic", "target": 100000}
                       ).get_json()
    right = {"Authorization": f"Bearer {game['edit_token']}"}
    for _ in range(35):
        assert client.post(f"/api/v1/games/{game['id']}/hands", json=HAND,
                           headers=right).status_code == 201


def test_decorator_counts_403_and_404(app: Flask) -> None:
    app.config["RATELIMIT_FAILURES"] = 2
    from scorekeeper import ratelimit

    ratelimit.init_app(app)

    @app.get("/probe/<code>")
    @limit_token_failures
    def probe(code: str) -> tuple[str, int]:
        return "x", int(code)

    client = app.test_client()
    assert client.get("/probe/200").status_code == 200
    assert client.get("/probe/404").status_code == 404
    assert client.get("/probe/403").status_code == 403
    res = client.get("/probe/200")
    assert res.status_code == 429 and res.headers["Retry-After"]
    assert res.mimetype == "text/html"


def test_join_link_is_limited(client: FlaskClient) -> None:
    game = client.post("/api/v1/games", json={"ruleset": "classic"}).get_json()
    for i in range(30):
        assert client.get(f"/games/{game['id']}/join/guess{i}").status_code == 403
    res = client.get(f"/games/{game['id']}/join/{game['edit_token']}")
    assert res.status_code == 429 and res.headers["Retry-After"]


def test_tournament_admin_link_is_limited(client: FlaskClient) -> None:
    from scorekeeper.engine import find_ruleset

    values = {path: 100 for path, _ in find_ruleset("torneo").missing_values()}
    created = client.post("/api/v1/tournaments", json={
        "name": "Club", "values": values,
        "pairs": [{"name": f"P{i}", "players": ["A", "B"]} for i in range(4)],
    })
    tid = created.get_json()["id"]
    for i in range(30):
        assert client.get(f"/tournaments/{tid}?token=guess{i}").status_code == 403
    res = client.get(f"/api/v1/tournaments/{tid}", headers={"Authorization": "Bearer guess"})
    assert res.status_code == 429 and res.headers["Retry-After"]
    assert "wait a minute" in res.get_json()["error"]


def test_behind_a_proxy_each_phone_has_its_own_allowance(make_app, settings) -> None:  # type: ignore[no-untyped-def]
    """With ``SCOREKEEPER_PROXIES=1`` the address comes from ``X-Forwarded-For``: one phone's
    wrong links do not lock out another phone behind the same proxy."""
    from scorekeeper.extensions import db

    app = make_app({**settings, "PROXIES": 1, "RATELIMIT_FAILURES": 3})
    with app.app_context():
        db.create_all()
    try:
        _proxied_phones(app.test_client())
    finally:
        with app.app_context():
            db.session.remove()
            db.drop_all()
            db.engine.dispose()


def _proxied_phones(client: FlaskClient) -> None:
    game = client.post("/api/v1/games", json={"ruleset": "classic"}).get_json()
    guesser = {"X-Forwarded-For": "10.0.0.7"}
    for i in range(3):
        assert client.get(f"/games/{game['id']}/join/guess{i}", headers=guesser
                          ).status_code == 403
    assert client.get(f"/games/{game['id']}/join/guess", headers=guesser).status_code == 429
    other = {"X-Forwarded-For": "10.0.0.8"}
    assert client.get(f"/games/{game['id']}/join/{game['edit_token']}", headers=other
                      ).status_code == 303


def test_proxies_setting_is_a_small_number(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import pytest

    from scorekeeper import config

    monkeypatch.setenv("SCOREKEEPER_PROXIES", "1")
    assert config.proxies() == 1
    monkeypatch.delenv("SCOREKEEPER_PROXIES")
    assert config.proxies() == 0
    for bad in ("yes", "-1", "9"):
        monkeypatch.setenv("SCOREKEEPER_PROXIES", bad)
        with pytest.raises(ValueError, match="SCOREKEEPER_PROXIES"):
            config.proxies()
