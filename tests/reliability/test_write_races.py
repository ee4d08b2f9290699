"""Phones racing to change one game, through the web forms and through the API.

Every change goes through one locked operation (``services.record``): whatever the timing, no
answer is a 5xx, every acknowledged hand is stored once, numbers stay 1..n, and of several
corrections made from one version exactly one is stored. Runs on SQLite and, in CI, again on
PostgreSQL (``TEST_DATABASE_URL``), where the form path used to answer 500 on half the saves.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from .helpers import HAND, HAND_POINTS, NEW_GAME, auth

#: ``HAND`` as the count form posts it: 450 to the first side, 0 to the second.
FORM_HAND = {"end": "went_out", "sides[0].going_out": "normal", "sides[0].canastas.mixed": "1",
             "sides[0].table_points": "50", "sides[0].hand_points": "0",
             "sides[1].table_points": "0", "sides[1].hand_points": "0"}


class Phone:
    """One phone keeping the game, by the form (its own browser session) or by the API."""

    def __init__(self, app: Flask, game: dict[str, Any], way: str) -> None:
        self.client: FlaskClient = app.test_client()
        self.game, self.way = game, way
        self.base = f"/games/{game['id']}" if way == "form" else f"/api/v1/games/{game['id']}"
        if way == "form":
            res = self.client.get(f"/games/{game['id']}/join/{game['edit_token']}")
            assert res.status_code == 303

    def save(self, key: str) -> int:
        """Save ``HAND``; the status answered (form: 303 = saved, API: 201)."""
        if self.way == "form":
            return self.client.post(f"{self.base}/hands", data={**FORM_HAND, "request_key": key}
                                    ).status_code
        return self.client.post(f"{self.base}/hands", json=HAND,
                                headers={**auth(self.game["edit_token"]), "Idempotency-Key": key}
                                ).status_code

    def fix(self, number: int, version: int, table_points: int) -> int:
        if self.way == "form":
            return self.client.post(f"{self.base}/hands/{number}", data={
                **FORM_HAND, "sides[0].table_points": str(table_points),
                "version": str(version)}).status_code
        body = {**HAND, "sides": [{**HAND["sides"][0], "table_points": table_points},
                                  HAND["sides"][1]]}
        return self.client.put(f"{self.base}/hands/{number}", json=body, headers={
            **auth(self.game["edit_token"]), "If-Match": f'"h{version}"'}).status_code

    def delete(self, number: int, version: int) -> int:
        if self.way == "form":
            return self.client.post(f"{self.base}/hands/{number}/delete",
                                    data={"version": str(version)}).status_code
        return self.client.delete(f"{self.base}/hands/{number}", headers={
            **auth(self.game["edit_token"]), "If-Match": f'"h{version}"'}).status_code


SAVED = {"form": 303, "api": 201}
DONE = {"form": 303, "api": 200}
REMOVED = {"form": 303, "api": 204}


@pytest.fixture
def game(client: FlaskClient) -> dict[str, Any]:
    return client.post("/api/v1/games", json=NEW_GAME).get_json()


def state(app: Flask, game: dict[str, Any]) -> dict[str, Any]:
    return app.test_client().get(f"/api/v1/games/{game['id']}").get_json()


def at_once(n: int, work: Callable[[int], Any]) -> list[Any]:
    """Run ``work(i)`` for i in 0..n-1 on ``n`` threads released together."""
    start = threading.Barrier(n)

    def run(i: int) -> Any:
        start.wait()
        return work(i)

    with ThreadPoolExecutor(n) as pool:
        return list(pool.map(run, range(n)))


def versions(app: Flask, game: dict[str, Any]) -> list[int]:
    """Each hand's version, by the ETag ``GET …/hands/<n>`` answers."""
    client = app.test_client()
    out = []
    for n in range(1, len(state(app, game)["hands"]) + 1):
        tag = client.get(f"/api/v1/games/{game['id']}/hands/{n}").headers["ETag"]
        out.append(int(re.sub(r"\D", "", tag)))
    return out


@pytest.mark.parametrize("way", ["form", "api"])
def test_two_phones_saving_at_once_fifty_times(app: Flask, game: dict[str, Any],
                                               way: str) -> None:
    phones = [Phone(app, game, way) for _ in range(2)]

    def burst(i: int) -> list[int]:
        return [phones[i].save(f"p{i}-{k}") for k in range(50)]

    answers = [status for statuses in at_once(2, burst) for status in statuses]
    assert not [s for s in answers if s >= 500]
    acknowledged = answers.count(SAVED[way])
    assert acknowledged == 100
    now = state(app, game)
    assert [h["number"] for h in now["hands"]] == list(range(1, acknowledged + 1))
    assert now["totals"] == [acknowledged * HAND_POINTS, 0]
    changes = app.test_client().get(f"/api/v1/games/{game['id']}/changes").get_json()["changes"]
    assert [c["kind"] for c in changes] == ["add"] * acknowledged


@pytest.mark.parametrize("way", ["form", "api"])
def test_twenty_corrections_of_one_version_store_exactly_one(app: Flask, game: dict[str, Any],
                                                             way: str) -> None:
    phone = Phone(app, game, way)
    assert phone.save("first") == SAVED[way]
    (version,) = versions(app, game)
    phones = [Phone(app, game, way) for _ in range(20)]
    # Phone i writes 100 + 5i table points: the stored total says whose correction won.
    answers = at_once(20, lambda i: phones[i].fix(1, version, 100 + 5 * i))
    assert not [s for s in answers if s >= 500]
    winners = [i for i, s in enumerate(answers) if s == DONE[way]]
    assert len(winners) == 1, answers
    assert [s for s in answers if s != DONE[way]] == [409 if way == "form" else 412] * 19
    stored = state(app, game)
    assert stored["totals"] == [100 + 5 * winners[0] + 400, 0]
    kinds = [c["kind"] for c in app.test_client().get(
        f"/api/v1/games/{game['id']}/changes").get_json()["changes"]]
    assert kinds == ["add", "fix"]


@pytest.mark.parametrize("way", ["form", "api"])
def test_ten_concurrent_deletes_keep_the_numbering_whole(app: Flask, game: dict[str, Any],
                                                         way: str) -> None:
    phone = Phone(app, game, way)
    for k in range(12):
        assert phone.save(f"h{k}") == SAVED[way]
    tags = versions(app, game)
    phones = [Phone(app, game, way) for _ in range(10)]
    # Ten phones each remove a different one of hands 2..11, as the list showed them: by the
    # form each finds its hand wherever it moved; by the API a number that moved is stale.
    answers = at_once(10, lambda i: phones[i].delete(i + 2, tags[i + 1]))
    assert not [s for s in answers if s >= 500]
    removed = answers.count(REMOVED[way])
    if way == "form":
        assert removed == 10
    else:
        # A number past the end after others were removed is 404.
        assert removed >= 1 and all(s in (204, 404, 412) for s in answers)
    now = state(app, game)
    left = 12 - removed
    assert [h["number"] for h in now["hands"]] == list(range(1, left + 1))
    assert now["totals"] == [left * HAND_POINTS, 0]
    # The game takes the next hand, numbered right after the last.
    assert phone.save("after") == SAVED[way]
    assert [h["number"] for h in state(app, game)["hands"]] == list(range(1, left + 2))
