"""Security headers on every page, body size limit, cookie flags."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import create_app

NEW_GAME = {"ruleset": "classic", "players": 4, "sides": [{"name": "A"}, {"name": "B"}]}
HAND = {"end": "went_out", "sides": [
    {"table_points": 50, "hand_points": 0, "canastas": {"mixed": 1}, "going_out": "normal"},
    {"table_points": 0, "hand_points": 0}]}
TOURNAMENT = {"name": "Club", "ruleset": "classic", "rounds": 2, "minutes": 60, "target": 5000,
              "pairs": [{"name": f"Pair {i}", "players": [f"P{i}a", f"P{i}b"]}
                        for i in range(1, 5)]}


def _values(client: FlaskClient) -> dict[str, str]:
    game = client.post("/api/v1/games", json=NEW_GAME).get_json()
    client.post(f"/api/v1/games/{game['id']}/hands", json=HAND,
                headers={"Authorization": f"Bearer {game['edit_token']}"})
    tournament = client.post("/api/v1/tournaments", json=TOURNAMENT).get_json() or {}
    return {"game_id": game["id"], "edit_token": game["edit_token"], "number": "1",
            "ruleset_id": "classic", "tournament_id": str(tournament.get("id", "none")),
            "filename": "css/app.css"}


def get_urls(app: Flask, client: FlaskClient) -> list[str]:
    """Every GET route of the app, its parameters filled with a real game and tournament."""
    values = _values(client)
    urls = []
    for rule in app.url_map.iter_rules():
        if "GET" not in (rule.methods or set()):
            continue
        path = rule.rule
        for arg in rule.arguments:
            path = re.sub(rf"<(?:[^:>]+:)?{arg}>", values.get(arg, "x"), path)
        urls.append(path)
    return sorted(set(urls))


@pytest.mark.fresh_app  # opens the event streams too: their news thread stays
def test_every_get_route_sends_the_security_headers(app: Flask, client: FlaskClient) -> None:
    urls = get_urls(app, client)
    assert "/games/<game_id>" not in urls and len(urls) > 25
    checked = 0
    for url in urls + ["/no/such/page", "/api/v1/no-such-thing"]:
        res = client.get(url)
        assert res.status_code < 500, url
        csp = res.headers.get("Content-Security-Policy", "")
        directives = dict(
            (part.strip().split(" ", 1) + [""])[:2] for part in csp.split(";") if part.strip()
        )
        scripts = directives.get("script-src", directives.get("default-src", ""))
        assert scripts, (url, csp)
        assert "unsafe-inline" not in scripts and "unsafe-eval" not in scripts, url
        assert "'self'" in scripts, url
        assert directives.get("object-src") == "'none'", url
        assert res.headers.get("X-Content-Type-Options") == "nosniff", url
        assert res.headers.get("Referrer-Policy") == "same-origin", url
        res.close()  # static files answer with an open file
        checked += 1
    assert checked == len(urls) + 2


@pytest.mark.fresh_app  # opens the event streams too: their news thread stays
def test_no_inline_scripts_or_styles_in_pages(app: Flask, client: FlaskClient) -> None:
    """The CSP would block them: a page that uses them is broken in the browser."""
    for url in get_urls(app, client):
        res = client.get(url)
        html = res.get_data(as_text=True) if res.mimetype == "text/html" else ""
        res.close()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), url
        assert not re.search(r"\son(click|load|submit|change|input)=", html), url
        assert not re.search(r"\sstyle=", html), url


def test_big_bodies_are_refused_with_413(client: FlaskClient) -> None:
    big = "x" * (1024 * 1024 + 1)
    res = client.post("/games/new", data={"name": big})
    assert res.status_code == 413
    assert res.mimetype == "text/html"
    assert res.headers["Content-Security-Policy"]
    res = client.post("/api/v1/score", data=big, content_type="application/json")
    assert res.status_code == 413
    assert res.get_json()["error"]
    # Just under the limit is not refused for its size.
    assert client.post("/api/v1/score", data="x" * (1024 * 1024 - 10),
                       content_type="application/json").status_code == 400


@pytest.mark.parametrize(("env", "secure"), [("1", True), ("", False)])
def test_session_cookie_flags(monkeypatch: pytest.MonkeyPatch, tmp_path, env: str,
                              secure: bool) -> None:
    monkeypatch.setenv("SCOREKEEPER_HTTPS", env)
    app = create_app({"TESTING": True, "SECRET_KEY": "t",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'c.sqlite'}"},
                     instance_path=str(tmp_path / "instance"))
    assert app.config["SESSION_COOKIE_SECURE"] is secure
    res = app.test_client().get("/?lang=es")  # the language goes into the session
    cookie = res.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert ("Secure" in cookie) is secure


def test_service_worker_is_served_from_the_root(client: FlaskClient) -> None:
    res = client.get("/sw.js")
    assert res.status_code == 200
    assert res.mimetype == "application/javascript"
    assert res.headers["Service-Worker-Allowed"] == "/"
    assert res.headers["Cache-Control"] == "no-cache"  # a new worker is picked up at once
    assert b"addEventListener(\"fetch\"" in res.get_data()
    res.close()
    page = client.get("/").get_data(as_text=True)
    assert 'data-sw="/sw.js"' in page and "js/offline.js" in page


def test_text_is_gzipped_for_clients_that_take_it(client: FlaskClient) -> None:
    import gzip

    plain = client.get("/static/js/htmx.min.js")
    raw = plain.get_data()
    plain.close()
    res = client.get("/static/js/htmx.min.js", headers={"Accept-Encoding": "gzip, br"})
    assert res.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in res.headers["Vary"]
    body = res.get_data()
    res.close()
    assert gzip.decompress(body) == raw and len(body) < len(raw) / 2
    again = client.get("/static/js/htmx.min.js",
                       headers={"Accept-Encoding": "gzip", "If-None-Match": res.headers["ETag"]})
    assert again.status_code == 304
    again.close()
    page = client.get("/", headers={"Accept-Encoding": "gzip"})
    assert page.headers["Content-Encoding"] == "gzip"
    assert b"<html" in gzip.decompress(page.get_data())


def test_405_answers_say_which_methods_are_allowed(app: Flask, client: FlaskClient) -> None:
    """Every route asked with a method it does not take answers 405 with ``Allow`` (RFC 9110),
    in JSON under /api/ and as the error page elsewhere."""
    values = _values(client)
    checked = 0
    for rule in app.url_map.iter_rules():
        path = rule.rule
        for arg in rule.arguments:
            path = re.sub(rf"<(?:[^:>]+:)?{arg}>", values.get(arg, "x"), path)
        for method in ("GET", "POST", "PUT", "DELETE", "PATCH"):
            if method in (rule.methods or set()):
                continue
            res = client.open(path, method=method)
            if res.status_code != 405:
                continue  # another route of the same path takes it
            checked += 1
            allowed = {m.strip() for m in res.headers.get("Allow", "").split(",")}
            assert (rule.methods or set()) <= allowed, (method, path, res.headers.get("Allow"))
            if path.startswith("/api/"):
                assert res.get_json()["error"], path
            else:
                assert res.mimetype == "text/html", path
    assert checked > 20
