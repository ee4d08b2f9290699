"""The table cards exist from the write that seats their tables; printing or listing them
only reads (issue 45: the cards' GET routes took the desk's write lock to make them)."""

from __future__ import annotations

import pytest
from tournament_helpers import admin, create, pairs

from scorekeeper.extensions import db
from scorekeeper.models.table_cards import TableCard
from scorekeeper.services import writing


def cards_of(tid: str) -> list[int]:
    db.session.expire_all()
    return sorted(c.number for c in db.session.query(TableCard)
                  if c.tournament_id == tid and c.replaced_at is None)


def no_write_lock(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse() -> None:
        raise AssertionError("a GET took the write lock")

    monkeypatch.setattr(writing, "take_write_lock", refuse)


def test_the_cards_are_made_with_the_seating_and_read_by_every_get(app, client, monkeypatch):
    tid, token = create(client, 4)
    # Made by the write that seated game 1, before anyone asked for them.
    assert cards_of(tid) == [1, 2]
    made = {c.number: c.token_hash for c in db.session.query(TableCard)}
    assert all(c.confirm_hash for c in db.session.query(TableCard))

    no_write_lock(monkeypatch)
    assert client.get(f"/tournaments/{tid}?token={token}").status_code == 303
    assert client.get(f"/tournaments/{tid}/table-cards").status_code == 200
    listed = client.get(f"/api/v1/tournaments/{tid}/table-cards", headers=admin(token))
    assert [c["table"] for c in listed.get_json()["cards"]] == [1, 2]
    assert all(c["url"] for c in listed.get_json()["cards"])
    db.session.expire_all()
    assert {c.number: c.token_hash for c in db.session.query(TableCard)} == made


def test_a_pair_added_before_game_1_gets_its_tables_card_in_that_write(app, client):
    tid, token = create(client, 4)
    assert cards_of(tid) == [1, 2]
    for pair in pairs(6)[4:]:
        added = client.post(f"/api/v1/tournaments/{tid}/pairs", json=pair, headers=admin(token))
        assert added.status_code in (200, 201), added.get_json()
    # Six pairs sit at three tables: the third table's card was made by the pair's write.
    assert cards_of(tid) == [1, 2, 3]
