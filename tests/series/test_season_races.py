"""Two desks adding nights to one series at the same moment: the series' lock makes the second
see the first's night, so nights ranked differently are never mixed and a night is never in a
series twice (without it, both read an empty series and both added: mixed nights, or the
unique constraint's 500). Runs on SQLite and on PostgreSQL (``TEST_DATABASE_URL``)."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from season_helpers import NIGHTS, play_night

from scorekeeper.services import season


@pytest.fixture
def slow_lock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each change holds the series a while after reading it: the other desk's request
    arrives while the first is deciding."""
    taken = season._lock

    def slow(series_id: str) -> Any:
        series = taken(series_id)
        time.sleep(0.4)
        return series

    monkeypatch.setattr(season, "_lock", slow)


def _at_once(app: Flask, url: str, token: str, bodies: list[dict[str, str]]
             ) -> list[Any]:
    answers: list[Any] = [None] * len(bodies)
    start = threading.Barrier(len(bodies))

    def add(i: int) -> None:
        client = app.test_client()
        start.wait()
        answers[i] = client.post(url, json=bodies[i],
                                 headers={"Authorization": f"Bearer {token}"})

    threads = [threading.Thread(target=add, args=(i,)) for i in range(len(bodies))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return answers


def test_nights_ranked_differently_added_at_once_are_not_mixed(
        app: Flask, client: FlaskClient, post, slow_lock: None) -> None:
    _name, pairs, totals = NIGHTS[0]
    by_difference = play_night(post, "Difference", pairs, totals)
    by_points = play_night(post, "VP", pairs, totals, standings_by="victory_points")
    made = client.post("/api/v1/series", json={"name": "S"}).get_json()
    url = f"/api/v1/series/{made['id']}/nights"
    answers = _at_once(app, url, made["admin_token"], [
        {"tournament": tid, "admin_token": token} for tid, token in (by_difference,
                                                                      by_points)])
    assert sorted(a.status_code for a in answers) == [201, 422], [a.get_json() for a in answers]
    refused = next(a for a in answers if a.status_code == 422).get_json()
    assert refused["errors"][0]["field"] == "tournament"
    assert "cannot be summed in one series" in refused["errors"][0]["message"]
    nights = client.get(f"/api/v1/series/{made['id']}").get_json()["nights"]
    assert len(nights) == 1


def test_one_night_added_twice_at_once_is_added_once(
        app: Flask, client: FlaskClient, post, slow_lock: None) -> None:
    _name, pairs, totals = NIGHTS[0]
    tid, token = play_night(post, "Night", pairs, totals)
    made = client.post("/api/v1/series", json={"name": "S"}).get_json()
    url = f"/api/v1/series/{made['id']}/nights"
    body = {"tournament": tid, "admin_token": token}
    answers = _at_once(app, url, made["admin_token"], [body, body])
    assert sorted(a.status_code for a in answers) == [201, 422], [a.get_json() for a in answers]
    series = client.get(f"/api/v1/series/{made['id']}").get_json()
    assert [n["tournament"] for n in series["nights"]] == [tid]
    assert series["version"] == 2
