"""Retried saves add one hand; two editors of one hand: the second, stale one is refused."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from flask import Flask
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import Hand

from .helpers import HAND, HAND_POINTS, NEW_GAME, auth


@pytest.fixture
def game(client):  # type: ignore[no-untyped-def]
    data = client.post("/api/v1/games", json=NEW_GAME).get_json()
    data["auth"] = auth(data["edit_token"])
    return data


def _hand_count(app: Flask) -> int:
    with app.app_context():
        return int(db.session.scalar(select(func.count()).select_from(Hand)))


def test_simultaneous_posts_with_one_key_add_one_hand(app: Flask, game) -> None:  # type: ignore[no-untyped-def]
    start = threading.Barrier(6)

    def post(_: int) -> tuple[int, int]:
        client = app.test_client()
        start.wait()
        res = client.post(f"/api/v1/games/{game['id']}/hands", json=HAND,
                          headers={**game["auth"], "Idempotency-Key": "tap-once"})
        return res.status_code, res.get_json()["number"]

    with ThreadPoolExecutor(6) as pool:
        answers = list(pool.map(post, range(6)))
    assert answers == [(201, 1)] * 6
    assert _hand_count(app) == 1
    state = app.test_client().get(f"/api/v1/games/{game['id']}").get_json()
    assert state["totals"] == [HAND_POINTS, 0]


def test_retry_after_success_returns_first_hand(client, game) -> None:  # type: ignore[no-untyped-def]
    url = f"/api/v1/games/{game['id']}/hands"
    headers = {**game["auth"], "Idempotency-Key": "k1"}
    first = client.post(url, json=HAND, headers=headers)
    again = client.post(url, json=HAND, headers=headers)
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json()
    # The same key with another hand is refused: it is not a retry, and it must not be lost
    # behind the first one's answer.
    other = {**HAND, "sides": [{**HAND["sides"][0], "table_points": 90}, HAND["sides"][1]]}
    res = client.post(url, json=other, headers=headers)
    assert res.status_code == 409
    assert "used for another request" in res.get_json()["error"]
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["totals"] == [HAND_POINTS, 0]
    # A new key is a new hand.
    assert client.post(url, json=HAND, headers={**game["auth"], "Idempotency-Key": "k2"}
                       ).get_json()["number"] == 2


def test_keys_are_never_cut(client, game) -> None:  # type: ignore[no-untyped-def]
    """Two keys that share their first 64 characters are two saves; a key longer than what is
    kept is refused, not cut."""
    url = f"/api/v1/games/{game['id']}/hands"
    stem = "k" * 64
    other = {**HAND, "sides": [{**HAND["sides"][0], "table_points": 90}, HAND["sides"][1]]}
    assert client.post(url, json=HAND, headers={**game["auth"], "Idempotency-Key": stem + "a"}
                       ).get_json()["number"] == 1
    assert client.post(url, json=other, headers={**game["auth"], "Idempotency-Key": stem + "b"}
                       ).get_json()["number"] == 2
    res = client.post(url, json=HAND, headers={**game["auth"], "Idempotency-Key": "x" * 129})
    assert res.status_code == 422
    assert res.get_json()["errors"][0]["field"] == "Idempotency-Key"
    assert len(client.get(f"/api/v1/games/{game['id']}").get_json()["hands"]) == 2


def test_two_editors_second_stale_save_is_refused(client, game) -> None:  # type: ignore[no-untyped-def]
    url = f"/api/v1/games/{game['id']}/hands"
    client.post(url, json=HAND, headers=game["auth"])
    # Both phones read hand 1 in the same state.
    etag_a = client.get(f"{url}/1").headers["ETag"]
    etag_b = client.get(f"{url}/1").headers["ETag"]
    assert etag_a == etag_b
    fixed = {**HAND, "sides": [{**HAND["sides"][0], "table_points": 150}, HAND["sides"][1]]}
    res_a = client.put(f"{url}/1", json=fixed, headers={**game["auth"], "If-Match": etag_a})
    assert res_a.status_code == 200 and res_a.headers["ETag"] != etag_a
    other = {**HAND, "sides": [{**HAND["sides"][0], "table_points": 60}, HAND["sides"][1]]}
    res_b = client.put(f"{url}/1", json=other, headers={**game["auth"], "If-Match": etag_b})
    assert res_b.status_code == 412
    assert client.delete(f"{url}/1", headers={**game["auth"], "If-Match": etag_b}
                         ).status_code == 412
    # A's fix stands: 150 + 300 + 100.
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["totals"] == [550, 0]


def test_two_editors_at_the_same_moment_one_wins(app: Flask, game) -> None:  # type: ignore[no-untyped-def]
    url = f"/api/v1/games/{game['id']}/hands"
    app.test_client().post(url, json=HAND, headers=game["auth"])
    read = app.test_client().get(f"{url}/1").headers["ETag"]
    start = threading.Barrier(2)

    def put(points: int) -> int:
        body = {**HAND, "sides": [{**HAND["sides"][0], "table_points": points},
                                  HAND["sides"][1]]}
        client = app.test_client()
        start.wait()
        return client.put(f"{url}/1", json=body,
                          headers={**game["auth"], "If-Match": read}).status_code

    with ThreadPoolExecutor(2) as pool:
        codes = sorted(pool.map(put, [150, 60]))
    assert codes == [200, 412]
    hand = app.test_client().get(f"{url}/1")
    assert hand.headers["ETag"] != read
    assert hand.get_json()["totals"][0] in (550, 460)


def test_a_hand_removed_meanwhile_makes_an_old_etag_stale(client, game) -> None:  # type: ignore[no-untyped-def]
    """Hands move up when one before them is removed: an ETag names a hand, not a number."""
    url = f"/api/v1/games/{game['id']}/hands"
    for _ in range(3):
        assert client.post(url, json=HAND, headers=game["auth"]).status_code == 201
    tags = [client.get(f"{url}/{n}").headers["ETag"] for n in (1, 2, 3)]
    assert len(set(tags)) == 3  # three hands never written since: still three versions
    assert client.delete(f"{url}/1", headers={**game["auth"], "If-Match": tags[0]}
                         ).status_code == 204
    # Hand 2 is now what was hand 3: the ETag read for hand 2 no longer matches it.
    fixed = {**HAND, "sides": [{**HAND["sides"][0], "table_points": 150}, HAND["sides"][1]]}
    assert client.put(f"{url}/2", json=fixed, headers={**game["auth"], "If-Match": tags[1]}
                      ).status_code == 412
    assert client.put(f"{url}/1", json=fixed, headers={**game["auth"], "If-Match": tags[1]}
                      ).status_code == 200
