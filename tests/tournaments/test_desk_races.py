"""The desk acting on a round while its tables save, correct, delete and undo hands.

Every desk action that touches a game takes the game's lock after the tournament's, through the
same operations as the tables' phones (``services.record``). Whatever the timing: no answer is a
5xx, the round closes, and every game's stored winner, figures and change log agree with its
hands, with no two hands (nor two logged changes) of a game sharing a version. Runs on SQLite
and, in CI, again on PostgreSQL (``TEST_DATABASE_URL``), where the desk used to settle games
it had not locked: wrong winners, a close answering 500 or never closing.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from tournament_helpers import admin, create, links, stock_out

from scorekeeper.extensions import db
from scorekeeper.models import Game, GameChange
from scorekeeper.models.tournaments import TournamentRound, TournamentTable
from scorekeeper.services import games as games_service


def form_hand(points: tuple[int, int]) -> dict[str, str]:
    """The torneo stock-out hand as the count form posts it (table points only)."""
    return {"end": "stock_out",
            "sides[0].table_points": str(points[0]), "sides[0].hand_points": "0",
            "sides[1].table_points": str(points[1]), "sides[1].hand_points": "0"}


class Table:
    """One table's phone, by the count form (its own browser session) or by the API."""

    def __init__(self, app: Flask, table: dict[str, Any], way: str) -> None:
        self.client: FlaskClient = app.test_client()
        self.id, self.token, self.way = table["game_id"], table["edit_token"], way
        self.statuses: list[int] = []
        if way == "form":
            res = self.client.get(f"/games/{self.id}/join/{self.token}")
            assert res.status_code == 303, res.status_code

    def _note(self, status: int) -> int:
        self.statuses.append(status)
        return status

    def game(self) -> dict[str, Any]:
        return self.client.get(f"/api/v1/games/{self.id}").get_json()  # type: ignore[no-any-return]

    def save(self, points: tuple[int, int], key: str) -> int:
        if self.way == "form":
            return self._note(self.client.post(
                f"/games/{self.id}/hands", data={**form_hand(points), "request_key": key}
            ).status_code)
        return self._note(self.client.post(
            f"/api/v1/games/{self.id}/hands", json=stock_out(points),
            headers={**admin(self.token), "Idempotency-Key": key}).status_code)

    def fix(self, number: int, version: int, points: tuple[int, int]) -> int:
        if self.way == "form":
            return self._note(self.client.post(
                f"/games/{self.id}/hands/{number}", data={**form_hand(points),
                                                         "version": str(version)}).status_code)
        return self._note(self.client.put(
            f"/api/v1/games/{self.id}/hands/{number}", json=stock_out(points),
            headers={**admin(self.token), "If-Match": f'"h{version}"'}).status_code)

    def delete_and_undo(self, number: int, version: int) -> None:
        if self.way == "form":
            self._note(self.client.post(f"/games/{self.id}/hands/{number}/delete",
                                        data={"version": str(version)}).status_code)
            self._note(self.client.post(f"/games/{self.id}/undo").status_code)
            return
        self._note(self.client.delete(f"/api/v1/games/{self.id}/hands/{number}", headers={
            **admin(self.token), "If-Match": f'"h{version}"'}).status_code)
        self._note(self.client.post(f"/api/v1/games/{self.id}/undo",
                                    headers=admin(self.token)).status_code)


def consistent(game_pk: int) -> list[str]:
    """What is wrong with the stored game against its own hands (nothing: ``[]``)."""
    db.session.expire_all()
    game = db.session.get(Game, game_pk)
    assert game is not None
    wrong: list[str] = []
    totals = games_service.totals_of(game)
    if game.finished:
        best = max(totals)
        leaders = [i for i, t in enumerate(totals) if t == best]
        if len(leaders) > 1 and not game.drawn:
            wrong.append(f"game {game_pk}: level {totals} stored as won by {game.winner}")
        if len(leaders) == 1 and (game.drawn or game.winner != leaders[0]):
            wrong.append(f"game {game_pk}: totals {totals}, stored winner {game.winner}")
    if game.side_figures != games_service.side_figures(game):
        wrong.append(f"game {game_pk}: figures {game.side_figures} disagree with the hands")
    hand_versions = [h.version for h in game.hands]
    if len(set(hand_versions)) != len(hand_versions):
        wrong.append(f"game {game_pk}: hands share a version {hand_versions}")
    if [h.number for h in game.hands] != list(range(1, len(game.hands) + 1)):
        wrong.append(f"game {game_pk}: hand numbers {[h.number for h in game.hands]}")
    changes = db.session.execute(
        select(GameChange).where(GameChange.game_id == game_pk).order_by(GameChange.seq)
    ).scalars().all()
    versions = [c.version for c in changes]
    if len(set(versions)) != len(versions):
        wrong.append(f"game {game_pk}: changes share a version {versions}")
    if changes and (changes[-1].version != game.version
                    or list(changes[-1].totals_after) != totals):
        wrong.append(f"game {game_pk}: the last change ({changes[-1].version}, "
                     f"{changes[-1].totals_after}) is not the game ({game.version}, {totals})")
    return wrong


def games_of_round(tid: str, number: int) -> list[int]:
    db.session.expire_all()
    return list(db.session.execute(
        select(TournamentTable.game_id).join(TournamentRound)
        .where(TournamentRound.tournament_id == tid, TournamentRound.number == number)
        .order_by(TournamentTable.number)
    ).scalars())


def race(desk: Callable[[], int], tables: list[Callable[[threading.Event], None]],
         busy: Callable[[], bool]) -> int:
    """Run the tables' phones until the desk has acted (and a little after); the desk's status.

    The desk acts once ``busy()`` says the tables are in full swing, so it lands among their
    writes rather than before the first.
    """
    start = threading.Barrier(len(tables) + 1)
    done = threading.Event()
    status: list[int] = []

    def run_desk() -> None:
        start.wait()
        for _ in range(500):
            if busy():
                break
            time.sleep(0.01)
        try:
            status.append(desk())
        except Exception as exc:  # an error the app let through: a 500 to the client
            status.append(500)
            raise exc
        finally:
            done.set()

    def run_table(act: Callable[[threading.Event], None]) -> Callable[[], None]:
        def run() -> None:
            start.wait()
            act(done)
        return run

    threads = [threading.Thread(target=run_desk)]
    threads += [threading.Thread(target=run_table(act)) for act in tables]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return status[0]


def until_after(desk_done: threading.Event, step: Callable[[int], None]) -> None:
    """``step(1)``, ``step(2)``… until three steps after the desk acted."""
    after = i = 0
    while after < 3:
        if desk_done.is_set():
            after += 1
        i += 1
        step(i)


def correcting(table: Table, t: int) -> Callable[[threading.Event], None]:
    """A table that keeps correcting its first hand, saving hands, deleting one and undoing it,
    until a moment after the desk acted."""
    def step(i: int) -> None:
        hands = table.game()["hands"]
        if not hands:
            table.save((50, 0), f"{t}-{i}")
        elif i % 3 == 0:
            # Which side leads swaps with each correction: a stale winner would show.
            lead = (300 + 5 * i, 10) if i % 2 else (10, 300 + 5 * i)
            table.fix(1, hands[0]["version"], lead)
        elif i % 3 == 1:
            table.save((5 * (i % 7), 5 * (i % 5)), f"{t}-{i}")
        else:
            table.delete_and_undo(len(hands), hands[-1]["version"])
    return lambda desk_done: until_after(desk_done, step)


def close_round(app: Flask, tid: str, token: str, number: int, way: str) -> Callable[[], int]:
    def close() -> int:
        worker = app.test_client()
        if way == "form":
            assert worker.get(f"/tournaments/{tid}?token={token}").status_code in (200, 303)
            return worker.post(f"/tournaments/{tid}/rounds/{number}/finish",
                               data={"confirm": "1"}).status_code
        return worker.post(f"/api/v1/tournaments/{tid}/rounds/{number}/finish",
                           headers=admin(token)).status_code
    return close


def test_closing_rounds_while_tables_correct_stores_every_winner_from_the_hands(
        app: Flask, client: FlaskClient) -> None:
    rounds = 10
    tid, token = create(client, 12, rounds=rounds)
    wrong: list[str] = []
    server_errors: list[str] = []
    for number in range(1, rounds + 1):
        tables = [Table(app, t, "api" if i % 2 else "form")
                  for i, t in enumerate(links(client, tid, token, number))]
        for i, table in enumerate(tables):
            assert table.save((100, 50), f"first-{i}") in (201, 303)
        db.session.remove()
        way = "api" if number % 2 else "form"
        status = race(close_round(app, tid, token, number, way),
                      [correcting(table, i) for i, table in enumerate(tables)],
                      lambda tables=tables: all(len(t.statuses) >= 2 for t in tables))
        assert status in (200, 303), f"round {number}: the close answered {status}"
        for table in tables:
            server_errors += [f"round {number} {table.way}: {s}" for s in table.statuses
                              if s >= 500]
        closed = db.session.execute(
            select(TournamentRound.finished_at)
            .where(TournamentRound.tournament_id == tid, TournamentRound.number == number)
        ).scalar_one()
        assert closed is not None, f"round {number} did not close"
        for pk in games_of_round(tid, number):
            wrong += consistent(pk)
    assert server_errors == []
    assert wrong == []


def saving(table: Table, t: int) -> Callable[[threading.Event], None]:
    """A table that keeps saving hands until a moment after the desk acted."""
    def step(i: int) -> None:
        table.save((5 * (i % 9), 5 * (i % 4)), f"{t}-{i}")
    return lambda desk_done: until_after(desk_done, step)


@pytest.mark.parametrize("action", ["finish", "abandon", "substitute"])
def test_desk_actions_while_a_hand_saves_leave_every_game_whole(
        app: Flask, client: FlaskClient, action: str) -> None:
    tid, token = create(client, 8, rounds=2)
    tables = [Table(app, t, "api" if i % 2 else "form")
              for i, t in enumerate(links(client, tid, token))]
    db.session.remove()

    def desk() -> int:
        worker = app.test_client()
        if action == "finish":
            return worker.post(f"/api/v1/tournaments/{tid}/rounds/1/finish",
                               headers=admin(token)).status_code
        return worker.post(f"/api/v1/tournaments/{tid}/pairs/1/{action}",
                           headers=admin(token)).status_code

    status = race(desk, [saving(table, i) for i, table in enumerate(tables)],
                  lambda: all(len(t.statuses) >= 2 for t in tables))
    assert status == 200
    assert [s for table in tables for s in table.statuses if s >= 500] == []
    wrong = [w for pk in games_of_round(tid, 1) for w in consistent(pk)]
    assert wrong == []


def test_a_writer_with_a_copy_read_before_another_change_fails_loudly(
        app: Flask, client: FlaskClient) -> None:
    """The row's version check: a stale copy's update is refused, never stored."""
    from sqlalchemy.orm import Session
    from sqlalchemy.orm.exc import StaleDataError

    made = client.post("/api/v1/games", json={"ruleset": "classic", "players": 4}).get_json()
    pk = db.session.execute(select(Game.id)).scalar_one()
    db.session.remove()
    with Session(db.engine) as stale:
        copy = stale.get(Game, pk)
        assert copy is not None
        res = client.post(f"/api/v1/games/{made['id']}/hands", json={
            "end": "stock_out", "sides": [{"table_points": 50, "hand_points": 0},
                                          {"table_points": 0, "hand_points": 0}]},
            headers=admin(made["edit_token"]))
        assert res.status_code == 201, res.get_json()
        copy.version += 1
        copy.winner = 1
        with pytest.raises(StaleDataError):
            stale.commit()
    db.session.expire_all()
    game = db.session.get(Game, pk)
    assert game is not None and game.winner is None and game.version == 2
