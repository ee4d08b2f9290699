"""Token guessing is slowed down: 30 failed checks a minute per address, then 429."""

from __future__ import annotations

import os

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.ratelimit import address_key, limit_token_failures

HAND = {"end": "went_out", "sides": [
    {"table_points": 50, "hand_points": 0, "canastas": {"mixed": 1}, "going_out": "normal"},
    {"table_points": 0, "hand_points": 0}]}


def test_address_keys_are_bounded_and_canonical() -> None:
    assert address_key("10.0.0.7") == "10.0.0.7"
    assert address_key("::ffff:10.0.0.7") == "10.0.0.7"
    # An IPv6 client picks freely inside its /64: that is one client.
    assert address_key("2001:db8:1:2::1") == address_key("2001:db8:1:2:ffff::9") \
        == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    # A forged header that is no address at all does not get a key of its own.
    assert address_key("<script>" + "x" * 5000) == address_key("") == address_key(None)


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
    # The right token is never refused: a club shares one address with the guesser.
    right = {"Authorization": f"Bearer {game['edit_token']}"}
    assert client.post(url, json=HAND, headers=right).status_code == 201
    # Wrong ones still are, on every endpoint that reads a token.
    wrong = {"Authorization": "Bearer guess-again"}
    assert client.put(f"{url}/1", json=HAND, headers=wrong).status_code == 429
    assert client.delete(f"{url}/1", headers=wrong).status_code == 429
    assert client.get(f"/api/v1/games/{game['id']}", headers=wrong).status_code == 429
    assert client.get(f"/games/{game['id']}/join/guess").status_code == 429
    # Another address is not affected.
    assert client.post(url, json=HAND, headers=wrong,
                       environ_base={"REMOTE_ADDR": "10.0.0.2"}).status_code == 403
    # Reading needs no token and is not limited; the right token reads with its edit link.
    assert client.get(f"/api/v1/games/{game['id']}").status_code == 200
    res = client.get(f"/api/v1/games/{game['id']}", headers=right)
    assert res.status_code == 200 and res.get_json()["edit_url"]
    assert client.get(f"/games/{game['id']}/join/{game['edit_token']}").status_code == 303


def test_reading_a_game_with_a_wrong_bearer_is_counted(client: FlaskClient) -> None:
    """``GET /games/<id>`` answers the edit link to the right token: guesses there count."""
    game = client.post("/api/v1/games", json={"ruleset": "classic"}).get_json()
    url = f"/api/v1/games/{game['id']}"
    for i in range(30):
        res = client.get(url, headers={"Authorization": f"Bearer guess{i}"})
        assert res.status_code == 200 and res.get_json()["edit_url"] is None, i
    res = client.get(url, headers={"Authorization": "Bearer guess"})
    assert res.status_code == 429 and res.headers["Retry-After"]
    # The count is per address, shared by every endpoint: the hands refuse this client too.
    res = client.post(f"{url}/hands", json=HAND, headers={"Authorization": "Bearer guess"})
    assert res.status_code == 429


def test_right_tokens_do_not_count(client: FlaskClient) -> None:
    game = client.post("/api/v1/games", json={"ruleset": "classic", "target": 100000}
                       ).get_json()
    right = {"Authorization": f"Bearer {game['edit_token']}"}
    for _ in range(35):
        assert client.post(f"/api/v1/games/{game['id']}/hands", json=HAND,
                           headers=right).status_code == 201


@pytest.mark.fresh_app  # adds a route
def test_decorator_counts_403_and_404(app: Flask) -> None:
    app.config["RATELIMIT_FAILURES"] = 2

    @app.get("/probe/<code>")
    @limit_token_failures
    def probe(code: str) -> tuple[str, int]:
        return "x", int(code)

    client = app.test_client()
    assert client.get("/probe/200").status_code == 200
    assert client.get("/probe/404").status_code == 404
    assert client.get("/probe/403").status_code == 403
    assert client.get("/probe/200").status_code == 200  # a success is never refused
    res = client.get("/probe/403")
    assert res.status_code == 429 and res.headers["Retry-After"]
    assert res.mimetype == "text/html"
    assert client.get("/probe/404").status_code == 429


def test_join_link_is_limited(client: FlaskClient) -> None:
    game = client.post("/api/v1/games", json={"ruleset": "classic"}).get_json()
    for i in range(30):
        assert client.get(f"/games/{game['id']}/join/guess{i}").status_code == 403
    res = client.get(f"/games/{game['id']}/join/guess")
    assert res.status_code == 429 and res.headers["Retry-After"]
    assert client.get(f"/games/{game['id']}/join/{game['edit_token']}").status_code == 303


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
    wrong = {"Authorization": "Bearer guess"}
    assert client.post(f"/api/v1/tournaments/{tid}/pairs/1/substitute",
                       headers=wrong).status_code == 429
    assert client.get(f"/tournaments/{tid}?token=guess").status_code == 429
    # The organizer's right token still opens everything.
    admin = created.get_json()["admin_token"]
    res = client.get(f"/api/v1/tournaments/{tid}", headers={"Authorization": f"Bearer {admin}"})
    assert res.status_code == 200 and "link_handed_out" in res.get_json()["rounds"][0]["tables"][0]
    assert client.get(f"/tournaments/{tid}?token={admin}").status_code == 303
    assert client.get(f"/tournaments/{tid}").status_code == 200


@pytest.fixture
def app_with(make_app, settings):  # type: ignore[no-untyped-def]
    """Build apps with the test settings changed as given (the first makes the tables): what
    a test needs its own app for. The tables go and the connections close after the test."""
    from scorekeeper.extensions import db

    made: list[Flask] = []

    def build(**changes: object) -> Flask:
        app = make_app({**settings, **changes})
        if not made:
            with app.app_context():
                db.create_all()
        made.append(app)
        return app

    yield build
    for app in made:
        with app.app_context():
            if app is made[0]:
                db.session.remove()
                db.drop_all()
            db.engine.dispose()


def test_behind_a_proxy_each_phone_has_its_own_allowance(app_with) -> None:  # type: ignore[no-untyped-def]
    """With ``SCOREKEEPER_PROXIES=1`` the address comes from ``X-Forwarded-For``: one phone's
    wrong links do not lock out another phone behind the same proxy."""
    _proxied_phones(app_with(PROXIES=1, RATELIMIT_FAILURES=3).test_client())


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


def test_forged_forwarded_addresses_do_not_escape(app_with) -> None:  # type: ignore[no-untyped-def]
    """``SCOREKEEPER_PROXIES=1`` on a server with no proxy in front: a client that invents a
    new ``X-Forwarded-For`` for every guess is still counted by the address it connects from
    (with ten times the allowance, which a real proxy's phones share)."""
    client = app_with(PROXIES=1, RATELIMIT_FAILURES=2).test_client()
    game = client.post("/api/v1/games", json={"ruleset": "classic"}).get_json()
    url = f"/api/v1/games/{game['id']}/hands"
    forged = [{"X-Forwarded-For": f"10.1.{i}.1", "Authorization": f"Bearer guess{i}"}
              for i in range(21)]
    for headers in forged[:20]:
        assert client.post(url, json=HAND, headers=headers).status_code == 403
    assert client.post(url, json=HAND, headers=forged[20]).status_code == 429
    # Garbage in the header is not a fresh address either.
    res = client.post(url, json=HAND, headers={"X-Forwarded-For": "x" * 300,
                                               "Authorization": "Bearer guess"})
    assert res.status_code == 429
    # The right token still passes from that server.
    right = {"X-Forwarded-For": "10.1.99.1", "Authorization": f"Bearer {game['edit_token']}"}
    assert client.post(url, json=HAND, headers=right).status_code == 201


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


@pytest.fixture
def redis_uri(tmp_path):  # type: ignore[no-untyped-def]
    """A throwaway redis-server on a free port (skipped where there is none)."""
    import shutil

    from servers import ServerProcess, free_port

    server = shutil.which("redis-server")
    if server is None:
        pytest.skip("no redis-server")
    pytest.importorskip("redis")
    import redis

    port = free_port()
    conn = redis.Redis(port=port, socket_timeout=30)

    def answers() -> bool:
        try:
            return bool(conn.ping())
        except (redis.ConnectionError, redis.TimeoutError):
            return False

    # Under .ci/run's runs at other dates, not with libfaketime: redis-server's allocator reads
    # the clock before libfaketime is set up, and it never starts ("Cannot recover from
    # unexpected recursive calls to clock_gettime()"). Its counts expire by its own clock.
    env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
    with ServerProcess(
            [server, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly",
             "no", "--dir", str(tmp_path)], name="redis-server", env=env,
            log=tmp_path / "redis.log").start(answers):
        try:
            yield f"redis://127.0.0.1:{port}"
        finally:
            conn.close()


def test_workers_share_the_count_through_a_shared_store(redis_uri, app_with) -> None:  # type: ignore[no-untyped-def]
    """Two apps (two gunicorn workers) on one ``RATELIMIT_STORAGE_URI`` count together."""
    one, two = (app_with(RATELIMIT_STORAGE_URI=redis_uri, RATELIMIT_FAILURES=4)
                for _ in range(2))
    a, b = one.test_client(), two.test_client()
    game = a.post("/api/v1/games", json={"ruleset": "classic"}).get_json()
    url = f"/api/v1/games/{game['id']}/hands"
    for i in range(4):
        worker = (a, b)[i % 2]
        res = worker.post(url, json=HAND, headers={"Authorization": f"Bearer guess{i}"})
        assert res.status_code == 403
    for worker in (a, b):
        res = worker.post(url, json=HAND, headers={"Authorization": "Bearer guess"})
        assert res.status_code == 429
    right = {"Authorization": f"Bearer {game['edit_token']}"}
    assert b.post(url, json=HAND, headers=right).status_code == 201


def test_storage_setting_comes_from_the_environment(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from scorekeeper import config

    monkeypatch.delenv("RATELIMIT_STORAGE_URI", raising=False)
    assert config.ratelimit_storage_uri() == "memory://"
    monkeypatch.setenv("RATELIMIT_STORAGE_URI", "redis://cache:6379/2")
    assert config.ratelimit_storage_uri() == "redis://cache:6379/2"


def test_a_store_that_is_down_stops_nobody(app_with) -> None:  # type: ignore[no-untyped-def]
    """The tokens' strength is the defence; a shared store that cannot be reached must not
    turn token checks into 500s."""
    pytest.importorskip("redis")
    import socket

    with socket.socket() as sock:  # a port nothing listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    client = app_with(RATELIMIT_STORAGE_URI=f"redis://127.0.0.1:{port}",
                      RATELIMIT_FAILURES=1).test_client()
    game = client.post("/api/v1/games", json={"ruleset": "classic"}).get_json()
    url = f"/api/v1/games/{game['id']}/hands"
    for i in range(3):
        res = client.post(url, json=HAND, headers={"Authorization": f"Bearer guess{i}"})
        assert res.status_code == 403
    right = {"Authorization": f"Bearer {game['edit_token']}"}
    assert client.post(url, json=HAND, headers=right).status_code == 201


def test_a_host_sets_how_many_wrong_tokens_an_address_may_send(tmp_path, monkeypatch) -> None:
    from scorekeeper import create_app
    from scorekeeper.extensions import db

    monkeypatch.setenv("SCOREKEEPER_TOKEN_FAILURES", "3")
    app = create_app({"TESTING": True, "SECRET_KEY": "t",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'limit.sqlite'}"},
                     instance_path=str(tmp_path / "instance"))
    with app.app_context():
        db.create_all()
    client = app.test_client()
    game = client.post("/api/v1/games", json={"ruleset": "classic"}).get_json()
    url = f"/api/v1/games/{game['id']}/hands"
    # An address of this test's own: other tests' wrong tokens are not counted against it.
    here = {"REMOTE_ADDR": "10.9.8.7"}
    answers = [client.post(url, json=HAND, headers={"Authorization": f"Bearer guess{i}"},
                           environ_base=here).status_code for i in range(4)]
    assert answers == [403, 403, 403, 429]


@pytest.mark.parametrize("wrong", ["0", "-1", "many", "2.5", "1000001"])
def test_a_wrong_token_failures_setting_stops_the_app(monkeypatch, wrong: str) -> None:
    from scorekeeper import config

    monkeypatch.setenv("SCOREKEEPER_TOKEN_FAILURES", wrong)
    with pytest.raises(ValueError, match="SCOREKEEPER_TOKEN_FAILURES"):
        config.token_failures()
