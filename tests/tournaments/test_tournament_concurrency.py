"""Forty tables saving hands at the same moment: nothing lost, nothing counted twice."""

from __future__ import annotations

import threading

from sqlalchemy.exc import OperationalError
from tournament_helpers import create, links, read, stock_out

from scorekeeper.extensions import db
from scorekeeper.models.games import Game, Hand

TABLES = 40
HANDS = 4


busy_retries: list[str] = []


def save(worker, table, body, headers):
    """Post a hand; when SQLite stays locked past its busy timeout (a heavily loaded machine),
    send it again with the same idempotency key, as the phone's retry does."""
    for _ in range(5):
        try:
            return worker.post(f"/api/v1/games/{table['game_id']}/hands", json=body,
                               headers=headers)
        except OperationalError as exc:
            if "locked" not in str(exc):
                raise
            busy_retries.append(headers["Idempotency-Key"])
    raise AssertionError("the database stayed locked")


def test_forty_tables_save_hands_at_once(app, client):
    tid, token = create(client, TABLES * 2, rounds=1)
    tables = links(client, tid, token)
    assert len(tables) == TABLES
    db.session.remove()

    barrier = threading.Barrier(TABLES)
    failures: list[str] = []

    def table_points(t: int, h: int) -> tuple[int, int]:
        # Distinct per table and hand, so a hand saved on the wrong game would show.
        return (5 * (t + 1) + 100 * h, 5 * h)

    def run(t: int, table: dict) -> None:
        worker = app.test_client()  # each request gets its own app context and session
        headers = {"Authorization": f"Bearer {table['edit_token']}"}
        barrier.wait()
        for h in range(HANDS):
            body = stock_out(table_points(t, h))
            key = f"t{t}-h{h}"
            # Each save is sent twice with the same idempotency key, as a phone retrying.
            for _attempt in range(2):
                response = save(worker, table, body, {**headers, "Idempotency-Key": key})
                if response.status_code != 201:
                    failures.append(f"{t}/{h}: {response.status_code} {response.get_data()!r}")

    threads = [threading.Thread(target=run, args=(t, table)) for t, table in enumerate(tables)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []

    data = read(client, tid, token)
    for t, table in enumerate(data["rounds"][0]["tables"]):
        expected = [table_points(t, h) for h in range(HANDS)]
        game = client.get(f"/api/v1/games/{table['game_id']}").get_json()
        assert [tuple(h["totals"]) for h in game["hands"]] == expected
        assert [h["number"] for h in game["hands"]] == list(range(1, HANDS + 1))
        assert game["totals"] == [sum(p[0] for p in expected), sum(p[1] for p in expected)]
        assert table["totals"] == game["totals"]
    tournament_games = db.session.query(Game).count()
    assert tournament_games == TABLES
    assert db.session.query(Hand).count() == TABLES * HANDS


def test_two_organizers_closing_the_same_round_at_once_seat_the_next_round_once(app, client):
    tid, token = create(client, 8, rounds=3)
    db.session.remove()
    barrier = threading.Barrier(2)
    statuses: list[int] = []

    def close() -> None:
        worker = app.test_client()
        barrier.wait()
        response = worker.post(f"/api/v1/tournaments/{tid}/rounds/1/finish",
                               headers={"Authorization": f"Bearer {token}"})
        statuses.append(response.status_code)

    threads = [threading.Thread(target=close) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [200, 409]
    data = read(client, tid, token)
    assert [r["number"] for r in data["rounds"]] == [1, 2]
    assert len(data["rounds"][1]["tables"]) == 4
    assert db.session.query(Game).count() == 8
