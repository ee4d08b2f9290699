"""A table's correction before the bell (issue 41): refused, never a 500. A hand that is not
there (no hand is, before the bell) is Not Found; one the desk typed is the form again with the
bell's words (409). Nothing is stored."""

from __future__ import annotations

import re
from html import unescape

from flask import Flask
from flask.testing import FlaskClient
from tournament_helpers import admin, create, links, stock_out

from scorekeeper.extensions import db
from scorekeeper.models import Game
from scorekeeper.models.tournaments import TournamentTable

NOT_STARTED = "Play has not started: it starts when the tournament desk starts the game's clock."
LONG_KEY = "k" * 129


def form_hand(points: tuple[int, int]) -> dict[str, str]:
    return {"end": "stock_out",
            "sides[0].table_points": str(points[0]), "sides[0].hand_points": "0",
            "sides[1].table_points": str(points[1]), "sides[1].hand_points": "0"}


def stored(game_id: str) -> tuple[int, list[list[int]]]:
    """The game's version and its hands' totals, as the database holds them."""
    db.session.expire_all()
    table = db.session.query(TournamentTable).filter_by(view_token=game_id).one()
    game = db.session.get(Game, table.game_id)
    assert game is not None
    return game.version, [list(h.totals) for h in game.hands]


def test_a_tables_correction_before_the_bell_is_refused(app: Flask, client: FlaskClient) -> None:
    tid, token = create(client, 4, tables_start=None)  # the tables wait for the bell
    t1, _t2 = links(client, tid, token)
    game_id = t1["game_id"]
    table = app.test_client()
    assert table.get(t1["edit_url"]).status_code == 303

    # No hand yet: every correction names a hand that is not there.
    before = stored(game_id)
    for number in (1, 2, 0):
        for extra in ({}, {"request_key": LONG_KEY}, {"version": "1"}):
            res = table.post(f"/games/{game_id}/hands/{number}",
                             data={**form_hand((500, 300)), **extra})
            assert res.status_code == 404, (number, extra)
    assert table.post(f"/games/{game_id}/hands/-1", data=form_hand((500, 300))).status_code \
        == 404
    assert stored(game_id) == before == (before[0], [])

    # The desk typed hand 1 (it is not held back): the table's fix of it is the form again,
    # with what was typed and the bell's words.
    assert client.post(f"/api/v1/games/{game_id}/hands", json=stock_out((500, 300)),
                       headers=admin(token)).status_code == 201
    page = table.get(f"/games/{game_id}/hands/1/edit").get_data(as_text=True)
    found = re.search(r'name="version" value="(\d+)"', page)
    assert found
    before = stored(game_id)
    for extra in ({}, {"version": found.group(1)}):
        res = table.post(f"/games/{game_id}/hands/1", data={**form_hand((600, 300)), **extra})
        assert res.status_code == 409
        html = res.get_data(as_text=True)
        assert NOT_STARTED in unescape(html) and 'value="600"' in html
        assert "Fix hand 1" in html
    res = table.post(f"/games/{game_id}/hands/1",
                     data={**form_hand((600, 300)), "request_key": LONG_KEY})
    assert res.status_code == 422 and "Fix hand 1" in res.get_data(as_text=True)
    for number in (2, 0):
        res = table.post(f"/games/{game_id}/hands/{number}", data=form_hand((600, 300)))
        assert res.status_code == 404
    assert stored(game_id) == before == (before[0], [[500, 300]])
