"""The bell (002, "COMIENZO DEL JUEGO": play starts on the organization's order): a tournament
whose tables wait for it refuses a table's hand and a paper result until the desk starts the
game's clock; one whose tables start when seated takes them at once."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from tournament_helpers import admin, create, links, post_hand, read, stock_out

from scorekeeper.extensions import db
from scorekeeper.models import Game
from scorekeeper.models.tournaments import TournamentTable

NOT_STARTED = "Play has not started: it starts when the tournament desk starts the game's clock."
PAPER_NOT_STARTED = "Play has not started: it starts when the desk starts the game's clock."
WAITING = "Waiting for the bell."


def text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def bell(client: FlaskClient, n: int = 4, **extra: Any) -> tuple[str, str]:
    """A tournament whose tables wait for the bell: made without saying (the default)."""
    return create(client, n, tables_start=None, **extra)


def hands_of(game_id: str) -> int:
    table = db.session.query(TournamentTable).filter_by(view_token=game_id).one()
    db.session.expire_all()
    return len(db.session.get(Game, table.game_id).hands)


def paper(client: FlaskClient, tid: str, token: str, table: int, totals: list[int],
          number: int = 1) -> Any:
    return client.post(f"/api/v1/tournaments/{tid}/rounds/{number}/tables/{table}/result",
                       json={"totals": totals}, headers=admin(token))


def start(client: FlaskClient, tid: str, token: str, number: int = 1) -> None:
    answer = client.post(f"/api/v1/tournaments/{tid}/rounds/{number}/start",
                         headers=admin(token))
    assert answer.status_code == 200, answer.get_json()


def phone(app: Flask, table: dict[str, Any]) -> FlaskClient:
    """A table's phone: it opened its edit link."""
    client = app.test_client()
    assert client.get(table["edit_url"]).status_code == 303
    return client


def form_hand(points: tuple[int, int]) -> dict[str, str]:
    """The torneo stock-out hand as the count form posts it (table points only)."""
    return {"end": "stock_out",
            "sides[0].table_points": str(points[0]), "sides[0].hand_points": "0",
            "sides[1].table_points": str(points[1]), "sides[1].hand_points": "0"}


def test_a_new_tournament_waits_for_the_bell_by_the_api(client: FlaskClient) -> None:
    """A replay of two games: before each bell the tables' hands and the desk's paper result
    are refused and nothing is stored; once the desk starts the clock they go through."""
    tid, token = bell(client)
    data = read(client, tid)
    assert data["tables_start"] == "bell" and data["rounds"][0]["waiting_for_bell"] is True
    t1, t2 = links(client, tid, token)

    refused = post_hand(client, t1, stock_out((500, 300)))
    assert refused.status_code == 409
    body = refused.get_json()
    assert body["errors"][0]["field"] == "clock"
    assert body["error"].startswith(NOT_STARTED) and "Nothing was saved" in body["error"]
    assert hands_of(t1["game_id"]) == 0

    typed = paper(client, tid, token, 2, [8450, 6120])
    assert typed.status_code == 422
    assert typed.get_json()["errors"] == [{"field": "totals", "message": (
        PAPER_NOT_STARTED + " Start the clock before typing a result.")}]
    table2 = read(client, tid)["rounds"][0]["tables"][1]
    assert table2["paper_result"] is False and table2["totals"] == [0, 0]

    # The bell: the desk starts game 1's clock.
    start(client, tid, token)
    assert read(client, tid)["rounds"][0]["waiting_for_bell"] is False
    assert post_hand(client, t1, stock_out((500, 300))).status_code == 201
    assert hands_of(t1["game_id"]) == 1
    assert paper(client, tid, token, 2, [8450, 6120]).status_code == 200
    assert read(client, tid)["rounds"][0]["tables"][1]["credits"] == [2330, -2330]
    # Paused, the clock has still rung: the tables keep saving.
    assert client.post(f"/api/v1/tournaments/{tid}/rounds/1/pause",
                       headers=admin(token)).status_code == 200
    assert post_hand(client, t1, stock_out((100, 100))).status_code == 201

    # Game 2 waits for its own bell.
    closed = client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish", headers=admin(token))
    assert closed.status_code == 200, closed.get_json()
    assert read(client, tid)["rounds"][1]["waiting_for_bell"] is True
    g1, _g2 = links(client, tid, token, 2)
    assert post_hand(client, g1, stock_out((400, 200))).status_code == 409
    assert hands_of(g1["game_id"]) == 0
    start(client, tid, token, 2)
    assert post_hand(client, g1, stock_out((400, 200))).status_code == 201


def test_a_table_phone_waits_for_the_bell_on_its_pages(app: Flask, client: FlaskClient) -> None:
    tid, token = bell(client)
    t1, t2 = links(client, tid, token)
    table = phone(app, t1)

    page = text(table.get(f"/games/{t1['game_id']}").get_data(as_text=True))
    assert WAITING in page and "until then no hand can be saved" in page
    # The count form is there, and says so before any typing; its save is refused beside
    # it, what was typed kept.
    counting = table.get(f"/games/{t1['game_id']}/hands/new").get_data(as_text=True)
    assert 'id="bell"' in counting and WAITING in text(counting)
    saved = table.post(f"/games/{t1['game_id']}/hands", data=form_hand((500, 300)))
    assert saved.status_code == 409
    html = saved.get_data(as_text=True)
    assert 'id="bell"' in html and NOT_STARTED in text(html)
    assert 'value="500"' in html
    assert hands_of(t1["game_id"]) == 0

    # The desk's control table says the tables wait; its round page refuses the paper result
    # by its form.
    assert client.get(f"/tournaments/{tid}?token={token}").status_code == 303
    desk = text(client.get(f"/tournaments/{tid}").get_data(as_text=True))
    assert "The tables wait for the bell: they save hands" in desk
    typed = client.post(f"/tournaments/{tid}/rounds/1/tables/2/result",
                        data={"total_a": "8450", "total_b": "6120"})
    assert typed.status_code == 422
    form = typed.get_data(as_text=True).split('tables/2/result"', 1)[1].split("</form>", 1)[0]
    assert PAPER_NOT_STARTED in text(form)
    assert read(client, tid)["rounds"][0]["tables"][1]["paper_result"] is False

    start(client, tid, token)
    page = text(table.get(f"/games/{t1['game_id']}").get_data(as_text=True))
    assert WAITING not in page
    counting = table.get(f"/games/{t1['game_id']}/hands/new").get_data(as_text=True)
    assert 'id="bell"' not in counting and 'id="count-form"' in counting
    assert "The tables wait for the bell" not in text(
        client.get(f"/tournaments/{tid}").get_data(as_text=True))
    saved = table.post(f"/games/{t1['game_id']}/hands", data=form_hand((500, 300)))
    assert saved.status_code == 303
    assert hands_of(t1["game_id"]) == 1
    assert client.post(f"/tournaments/{tid}/rounds/1/tables/2/result",
                       data={"total_a": "8450", "total_b": "6120"}).status_code == 303


def test_the_clock_block_follows_the_bell(app: Flask, client: FlaskClient) -> None:
    """The phone's clock block (what its page refreshes when the desk acts) says it waits,
    then, once the desk starts the clock, that the clock runs."""
    tid, token = bell(client)
    t1, _t2 = links(client, tid, token)
    table = phone(app, t1)
    hx = {"HX-Request": "true"}
    block = table.get(f"/tournaments/clock/{t1['game_id']}", headers=hx).get_data(as_text=True)
    assert WAITING in text(block) and "state-not_started" in block
    start(client, tid, token)
    block = table.get(f"/tournaments/clock/{t1['game_id']}", headers=hx).get_data(as_text=True)
    assert WAITING not in text(block) and "state-running" in block


def test_tables_that_start_when_seated_save_at_once(app: Flask, client: FlaskClient) -> None:
    tid, token = create(client, 4, tables_start="seated")
    data = read(client, tid)
    assert data["tables_start"] == "seated" and data["rounds"][0]["waiting_for_bell"] is False
    t1, t2 = links(client, tid, token)
    assert post_hand(client, t1, stock_out((500, 300))).status_code == 201
    assert paper(client, tid, token, 2, [8450, 6120]).status_code == 200
    page = text(phone(app, t1).get(f"/games/{t1['game_id']}").get_data(as_text=True))
    assert WAITING not in page and "The desk has not started the clock yet." in page
    assert client.get(f"/tournaments/{tid}?token={token}").status_code == 303
    assert "The tables wait for the bell" not in text(
        client.get(f"/tournaments/{tid}").get_data(as_text=True))


def test_the_desk_itself_is_not_held_back(client: FlaskClient) -> None:
    """The desk's own changes to a game (its admin token on the game) are not the tables'."""
    tid, token = bell(client)
    t1, _t2 = links(client, tid, token)
    answer = client.post(f"/api/v1/games/{t1['game_id']}/hands", json=stock_out((500, 300)),
                         headers=admin(token))
    assert answer.status_code == 201, answer.get_json()
    assert hands_of(t1["game_id"]) == 1
    # Its count form (the desk signed in at the tournament) does not tell it to wait.
    assert client.get(f"/tournaments/{tid}?token={token}").status_code == 303
    counting = client.get(f"/games/{t1['game_id']}/hands/new").get_data(as_text=True)
    assert 'id="count-form"' in counting and 'id="bell"' not in counting


def test_the_setting_is_chosen_on_the_form_and_checked(client: FlaskClient) -> None:
    html = client.get("/tournaments/new").get_data(as_text=True)
    select = html.split('<select id="tables_start"', 1)[1].split("</select>", 1)[0]
    assert re.search(r'<option value="bell" selected>', select)
    assert '<option value="seated">' in select

    from tournament_helpers import VALUES
    form = {"name": "Club", "pairs": "A: a, b\nB: c, d\nC: e, f\nD: g, h", "rounds": "3",
            "minutes": "60", "target": "15000", "ruleset": "torneo", "tables_start": "seated",
            **{f"value-{p}": str(v) for p, v in VALUES.items()}}
    made = client.post("/tournaments/new", data=form)
    assert made.status_code == 303
    tid = made.headers["Location"].rsplit("/", 1)[-1]
    assert read(client, tid)["tables_start"] == "seated"

    wrong = client.post("/tournaments/new", data={**form, "tables_start": "gong"})
    assert wrong.status_code == 422
    assert re.search(r'class="field-error" id="tables_start-error">Choose whether the tables '
                     r'wait', wrong.get_data(as_text=True))
    answer = client.post("/api/v1/tournaments", json={
        "name": "Club", "values": VALUES, "pairs": [{"players": ["a", "b"]}] * 2,
        "tables_start": True})
    assert answer.status_code == 422
    assert [e["field"] for e in answer.get_json()["errors"]] == ["tables_start"]


def test_the_bell_is_spoken_in_spanish(app: Flask, client: FlaskClient) -> None:
    tid, token = bell(client)
    t1, _t2 = links(client, tid, token)
    answer = client.post(f"/api/v1/games/{t1['game_id']}/hands",
                         json=stock_out((500, 300)),
                         headers={**{"Authorization": f"Bearer {t1['edit_token']}"},
                                  "Accept-Language": "es"})
    assert answer.status_code == 409
    assert answer.get_json()["error"].startswith("El juego no ha comenzado")
