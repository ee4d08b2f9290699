"""Results confirmed at the table (issue 43): with the tournament's ``results_count`` at
``confirmed``, a table's result counts in the standings only once the other pair confirms it on
its own phone (the table card's second link), or the desk does; a corrected result waits
again. With the setting off (the default) a result counts as soon as it is saved.

Each phone is a test client of its own: the scorer's opened the table card's first link, the
other pair's the second, read from the printed cards' PDF.
"""

from __future__ import annotations

import csv as csv_module
import io
import re
import shutil
import threading
import time
from html import unescape
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from tournament_helpers import admin, create, links, pdf_pages, post_hand, read, stock_out

from scorekeeper.extensions import db
from scorekeeper.models.desk import TournamentChange
from scorekeeper.models.tournaments import TournamentTable

needs_pdftotext = pytest.mark.skipif(shutil.which("pdftotext") is None,
                                     reason="needs pdftotext")
CONFIRMED = {"results_count": "confirmed", "target": 1000}


def text(response: Any) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))))


def login(client: FlaskClient, tid: str, token: str) -> None:
    assert client.get(f"/tournaments/{tid}?token={token}").status_code == 303


def form_fields(html: str, action: str) -> dict[str, str]:
    form = re.search(rf'<form method="post" action="{re.escape(action)}".*?</form>', html, re.S)
    assert form, action
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form.group(0)))


def finish(client: FlaskClient, table: dict[str, Any], last: int = 150) -> None:
    """Table ``table``'s game to 1,000 (the target) against 300: two hands, the last ``last``."""
    for points in ((850, 300), (last, 0)):
        response = post_hand(client, table, stock_out(points))
        assert response.status_code == 201, response.get_json()


def standing(data: dict[str, Any], pair: int) -> dict[str, Any]:
    return next(s for s in data["standings"] if s["pair"] == pair)


def confirm_links(client: FlaskClient, tid: str, tmp_path: Any) -> dict[int, str]:
    """The other pair's link of each table, read from the printed cards (table by table)."""
    content, _pages, _response = pdf_pages(client, f"/tournaments/{tid}/table-cards.pdf",
                                           tmp_path, "table-cards-confirm", dpi=50)
    found = re.findall(r"http://localhost(/c/[A-Za-z0-9_-]+)", content)
    scorer = re.findall(r"http://localhost(/t/[A-Za-z0-9_-]+)", content)
    assert len(found) == len(scorer) == 2, content
    return {n + 1: link for n, link in enumerate(found)}


def confirm_form(phone: FlaskClient, link: str) -> tuple[dict[str, str], str]:
    page = phone.get(link)
    assert page.status_code == 200, text(page)
    html = page.get_data(as_text=True)
    return form_fields(html, f"{link}/confirm"), html


def changes(tid: str, kind: str) -> list[TournamentChange]:
    return list(db.session.execute(
        select(TournamentChange).where(TournamentChange.tournament_id == tid,
                                       TournamentChange.kind == kind)
        .order_by(TournamentChange.seq)).scalars())


def night_asking_confirmation(client: FlaskClient) -> tuple[str, str, list[dict[str, Any]]]:
    """A tournament of 4 pairs and 2 rounds whose results wait for the other pair, the desk
    signed in on ``client``: its id, admin token and the first round's table links."""
    tid, token = create(client, 4, rounds=2, **CONFIRMED)
    login(client, tid, token)
    return tid, token, links(client, tid, token)


def test_with_the_setting_off_a_saved_result_counts_at_once(client: FlaskClient) -> None:
    tid, token = create(client, 4, rounds=2, target=1000)
    data = read(client, tid)
    assert data["results_count"] == "saved"
    finish(client, links(client, tid, token)[0])
    data = read(client, tid)
    assert standing(data, 1)["difference"] == 700 and standing(data, 1)["waiting"] == []
    assert data["rounds"][0]["tables"][0]["waiting_confirmation"] is False


def test_the_setting_is_read_and_refused_by_its_field(client: FlaskClient) -> None:
    tid, _token = create(client, 4, rounds=2, **CONFIRMED)
    assert read(client, tid)["results_count"] == "confirmed"
    response = client.post("/api/v1/tournaments", json={
        "name": "Club", "ruleset": "classic", "pairs": [
            {"players": ["A", "B"]}, {"players": ["C", "D"]}], "results_count": "never"})
    assert response.status_code == 422
    assert [e["field"] for e in response.get_json()["errors"]] == ["results_count"]


def test_the_set_up_page_sets_it(client: FlaskClient) -> None:
    page = client.get("/tournaments/new").get_data(as_text=True)
    assert 'name="results_count"' in page and 'value="saved" selected' in page
    form = {"name": "Club", "ruleset": "classic", "rounds": "2", "minutes": "60",
            "warn_minutes": "10", "pairs": "Ana, Luis\nEva, Juan\nRosa, Pepe\nMar, Sol",
            "language": "en", "prizes": "3", "standings_by": "difference",
            "seating_method": "rotation", "tables_start": "seated",
            "results_count": "confirmed", "csrf_token": ""}
    response = client.post("/tournaments/new", data=form)
    assert response.status_code == 303, text(response)
    tid = response.headers["Location"].rstrip("/").split("/")[-1]
    assert read(client, tid)["results_count"] == "confirmed"
    form["results_count"] = "later"
    refused = client.post("/tournaments/new", data=form)
    assert refused.status_code == 422
    assert "Choose whether a result counts" in text(refused)


@needs_pdftotext
def test_a_result_counts_once_the_other_pair_confirms_it_on_its_phone(
        app: Flask, client: FlaskClient, tmp_path: Any) -> None:
    tid, token, tables = night_asking_confirmation(client)
    second = confirm_links(client, tid, tmp_path)
    opponents = app.test_client()
    # Before the game is over there is nothing to confirm: the page says so.
    page = opponents.get(second[1])
    assert page.status_code == 200 and "Game 1 is being played at this table" in text(page)
    finish(client, tables[0])
    data = read(client, tid)
    assert data["rounds"][0]["tables"][0]["waiting_confirmation"] is True
    assert standing(data, 1)["difference"] == 0 and standing(data, 1)["waiting"] == [1]
    assert standing(data, 1)["credits"] == [None, None]
    # The standings page, the wall and the desk say the result waits.
    assert "Waiting for confirmation" in text(client.get(f"/tournaments/{tid}/standings"))
    assert "Waiting for confirmation" in text(client.get(f"/tournaments/{tid}/wall"))
    desk_page = text(client.get(f"/tournaments/{tid}"))
    assert "Results waiting for confirmation" in desk_page
    # The table's own game page tells its scorer the result waits.
    game_page = f"/games/{tables[0]['game_id']}"
    assert "Waiting for the other pair’s confirmation." in text(client.get(game_page))
    fields, html = confirm_form(opponents, second[1])
    assert "1,000" in text(opponents.get(second[1])) and fields["game"] == "1"
    done = opponents.post(f"{second[1]}/confirm", data=fields)
    assert done.status_code == 303
    assert "counts in the standings" in text(opponents.get(done.headers["Location"]))
    data = read(client, tid)
    assert standing(data, 1)["difference"] == 700 and standing(data, 1)["waiting"] == []
    assert data["rounds"][0]["tables"][0]["confirmed_by"] == "opponents"
    assert "The result is confirmed: it counts in the standings." in text(client.get(game_page))
    logged = changes(tid, "confirm")
    assert [(c.round, c.table, c.by, c.detail["totals"]) for c in logged] == [
        (1, 1, "opponents", [1000, 300])]
    # The same tap again (its key) answers the change made; a new one is refused.
    assert opponents.post(f"{second[1]}/confirm", data=fields).status_code == 303
    again = opponents.post(f"{second[1]}/confirm", data={**fields, "request_key": "other"})
    assert again.status_code == 409 and "already confirmed" in text(again)
    assert len(changes(tid, "confirm")) == 1


@needs_pdftotext
def test_refusals_wrong_link_own_result_and_a_corrected_result_waits_again(
        app: Flask, client: FlaskClient, tmp_path: Any) -> None:
    tid, token, tables = night_asking_confirmation(client)
    second = confirm_links(client, tid, tmp_path)
    finish(client, tables[0])
    opponents = app.test_client()
    fields, _html = confirm_form(opponents, second[1])
    # A link that is no card's: Not Found (a failed token check).
    assert opponents.get("/c/not-a-card-link").status_code == 404
    assert opponents.post("/c/not-a-card-link/confirm", data=fields).status_code == 403
    # The scorer's phone (it opened the table card's first link) cannot confirm its own.
    content, _p, _r = pdf_pages(client, f"/tournaments/{tid}/table-cards.pdf", tmp_path,
                                "cards-again", dpi=50)
    scorer_link = re.findall(r"http://localhost(/t/[A-Za-z0-9_-]+)", content)[0]
    scorer = app.test_client()
    assert scorer.get(scorer_link).status_code == 303
    shown = scorer.get(second[1]).get_data(as_text=True)
    assert 'id="own-table"' in shown and f'action="{second[1]}/confirm"' not in shown
    own = scorer.post(f"{second[1]}/confirm", data={**fields, "request_key": "scorer-1"})
    assert own.status_code == 422 and "keeps this table's score" in text(own)
    # A phone that holds the game's edit link is the scorer's too.
    editor = app.test_client()
    assert editor.get(f"/games/{tables[0]['game_id']}/join/{tables[0]['edit_token']}"
                      ).status_code == 303
    assert editor.post(f"{second[1]}/confirm",
                       data={**fields, "request_key": "editor-1"}).status_code == 422
    # The scorer corrects the last hand after the other pair's page was shown: refused.
    fix = client.put(f"/api/v1/games/{tables[0]['game_id']}/hands/2", json=stock_out((200, 0)),
                     headers={"Authorization": f"Bearer {tables[0]['edit_token']}"})
    assert fix.status_code == 200, fix.get_json()
    stale = opponents.post(f"{second[1]}/confirm", data=fields)
    assert stale.status_code == 409 and "changed since it was shown" in text(stale)
    assert "1,050" in text(stale)  # the page shows the corrected result
    assert changes(tid, "confirm") == []
    fresh, _html = confirm_form(opponents, second[1])
    assert opponents.post(f"{second[1]}/confirm", data=fresh).status_code == 303
    assert standing(read(client, tid), 1)["difference"] == 750
    # Corrected after the confirmation: it waits again, and counts no more until confirmed.
    fix = client.put(f"/api/v1/games/{tables[0]['game_id']}/hands/2", json=stock_out((180, 0)),
                     headers={"Authorization": f"Bearer {tables[0]['edit_token']}"})
    assert fix.status_code == 200, fix.get_json()
    data = read(client, tid)
    assert standing(data, 1)["difference"] == 0 and standing(data, 1)["waiting"] == [1]
    assert data["rounds"][0]["tables"][0]["confirmed_by"] is None


def test_the_desk_confirms_in_the_other_pairs_stead_by_page_and_api(
        client: FlaskClient) -> None:
    tid, token, tables = night_asking_confirmation(client)
    url = f"/tournaments/{tid}/rounds/1/tables/1/confirm"
    # Nothing over yet: the API refuses; so does a tournament that asks for no confirmation.
    early = client.post(f"/api/v1{url}", headers=admin(token))
    assert early.status_code == 409 and "not over yet" in early.get_json()["errors"][0]["message"]
    finish(client, tables[0])
    finish(client, tables[1], last=250)
    page = client.get(f"/tournaments/{tid}").get_data(as_text=True)
    done = client.post(url, data=form_fields(page, url))
    assert done.status_code == 303
    api = client.post(f"/api/v1/tournaments/{tid}/rounds/1/tables/2/confirm",
                      headers=admin(token))
    assert api.status_code == 200, api.get_json()
    data = api.get_json()
    assert [t["confirmed_by"] for t in data["rounds"][0]["tables"]] == ["desk", "api"]
    assert standing(data, 1)["difference"] == 700 and standing(data, 3)["difference"] == 800
    assert [(c.table, c.by) for c in changes(tid, "confirm")] == [(1, "desk"), (2, "api")]
    twice = client.post(f"/api/v1{url}", headers=admin(token))
    assert twice.status_code == 409 and "already confirmed" in twice.get_json()["errors"][0][
        "message"]
    assert client.post(f"/api/v1{url}").status_code == 401
    plain, plain_token = create(client, 4, rounds=2, target=1000)
    finish(client, links(client, plain, plain_token)[0])
    off = client.post(f"/api/v1/tournaments/{plain}/rounds/1/tables/1/confirm",
                      headers=admin(plain_token))
    assert off.status_code == 409


def ask_to_close_with_two_waiting(client: FlaskClient, tid: str,
                                  tables: list[dict[str, Any]]) -> tuple[Any, str]:
    """Both tables of game 1 finish, time runs out, and the desk asks to close game 1: the
    question page, and the form's address."""
    from tournament_helpers import clock_out

    finish(client, tables[0])
    finish(client, tables[1], last=250)
    clock_out()
    page = client.get(f"/tournaments/{tid}").get_data(as_text=True)
    url = f"/tournaments/{tid}/rounds/1/finish"
    asked = client.post(url, data=form_fields(page, url))
    assert asked.status_code == 200
    return asked, url


def test_closing_a_game_with_a_result_waiting_asks_first(client: FlaskClient) -> None:
    tid, token, tables = night_asking_confirmation(client)
    asked, url = ask_to_close_with_two_waiting(client, tid, tables)
    assert "2 results still wait for the other pair’s confirmation" in text(asked)
    # Confirmed by the desk, the close is no longer asked about.
    for n in (1, 2):
        confirm = client.post(f"/api/v1/tournaments/{tid}/rounds/1/tables/{n}/confirm",
                              headers=admin(token))
        assert confirm.status_code == 200
    page = client.get(f"/tournaments/{tid}").get_data(as_text=True)
    assert client.post(url, data=form_fields(page, url)).status_code == 303


@needs_pdftotext
def test_results_file_and_standings_paper_say_a_result_waits(client: FlaskClient,
                                                             tmp_path: Any) -> None:
    tid, token = create(client, 4, rounds=2, **CONFIRMED)
    finish(client, links(client, tid, token)[0])
    csv = client.get(f"/tournaments/{tid}/results.csv").get_data(as_text=True)
    rows = list(csv_module.DictReader(io.StringIO(csv.lstrip("\ufeff"))))
    table1 = [row for row in rows if row["record"] == "game" and row["table"] == "1"]
    # Ended "waiting", credited nothing yet (the credit column is empty).
    assert [(row["ended"], row["credit"]) for row in table1] == [("waiting", "")] * 2, csv
    content, _pages, _response = pdf_pages(client, f"/tournaments/{tid}/standings.pdf",
                                           tmp_path, "standings-waiting", dpi=50)
    flat = " ".join(content.split())
    assert "Waiting for confirmation: the result counts once the other pair" in flat, flat


@needs_pdftotext
def test_the_scorer_corrects_while_the_other_pair_confirms(app: Flask, client: FlaskClient,
                                                          tmp_path: Any) -> None:
    """Whatever the timing, a confirmation counts exactly the result its phone was shown: it
    is refused when a correction got in first, and a correction after it makes the result
    wait again. Runs on PostgreSQL too (``TEST_DATABASE_URL``)."""
    tid, token = create(client, 4, rounds=2, **CONFIRMED)
    login(client, tid, token)
    second = confirm_links(client, tid, tmp_path)[1]
    table = links(client, tid, token)[0]
    finish(client, table)
    stop = threading.Event()
    seen: list[tuple[int, list[int]]] = []
    statuses: list[int] = []

    def scorer() -> None:
        worker = app.test_client()
        i = 0
        # Corrections go on until the other pair has tried a few times (bounded).
        while len(statuses) < 8 and i < 400:
            worker.put(f"/api/v1/games/{table['game_id']}/hands/2",
                       json=stock_out((150 + 10 * (i % 5), 0)),
                       headers={"Authorization": f"Bearer {table['edit_token']}"})
            i += 1
            # Uneven pauses: some confirmations land between two corrections, some across.
            time.sleep(0.03 * (i % 3))
        stop.set()

    def attempt(phone: FlaskClient) -> int | None:
        page = phone.get(second)
        html = page.get_data(as_text=True)
        if page.status_code != 200 or f'action="{second}/confirm"' not in html:
            return None
        fields = form_fields(html, f"{second}/confirm")
        totals = [int(n.replace(",", "")) for n in re.findall(
            r'<td class="num">([\d,]+)</td>', html)[:2]]
        answer = phone.post(f"{second}/confirm", data=fields)
        statuses.append(answer.status_code)
        if answer.status_code == 303:
            seen.append((int(fields["game_version"]), totals))
        return answer.status_code

    def other_pair() -> None:
        phone = app.test_client()
        while not stop.is_set():
            attempt(phone)
        # The scorer is done: the result as it now stands is confirmed.
        assert attempt(phone) in (303, None)

    threads = [threading.Thread(target=scorer), threading.Thread(target=other_pair)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not any(t.is_alive() for t in threads)
    assert set(statuses) <= {200, 303, 409, 503}, statuses
    db.session.expire_all()
    logged = [(c.detail["game_version"], c.detail["totals"]) for c in changes(tid, "confirm")]
    assert logged == [(v, t) for v, t in seen]
    row = db.session.execute(select(TournamentTable).where(
        TournamentTable.game_id == _game_pk(table["game_id"]))).scalar_one()
    data = read(client, tid)
    totals = data["rounds"][0]["tables"][0]["totals"]
    # The last confirmation is of the result as it stands: it counts, as it was shown.
    assert row.confirmed_version == row.game.version
    assert logged and logged[-1] == (row.game.version, totals)
    assert standing(data, 1)["difference"] == totals[0] - totals[1]
    assert len(statuses) >= 8


def _game_pk(game_id: str) -> int:
    from scorekeeper.services import games as games_service

    head = games_service.find_head(game_id)
    assert head is not None
    return head.id


def test_a_result_the_desk_corrects_counts_as_the_desk_left_it(client: FlaskClient) -> None:
    # QA, 2026-12-05: the desk corrected a table's hand after the round closed, and its result
    # waited for the other pair's confirmation again, though the desk's word is the last.
    tid, token, tables = night_asking_confirmation(client)
    finish(client, tables[0])
    desk = {"Authorization": f"Bearer {token}"}
    url = f"/api/v1/games/{tables[0]['game_id']}/hands/2"
    data = read(client, tid)
    assert standing(data, 1)["waiting"] == [1] and standing(data, 1)["difference"] == 0
    fix = client.put(url, json=stock_out((200, 0)), headers=desk)
    assert fix.status_code == 200, fix.get_json()
    data = read(client, tid)
    assert standing(data, 1)["waiting"] == [] and standing(data, 1)["difference"] == 750
    assert data["rounds"][0]["tables"][0]["confirmed_by"] == "desk"
    # The scorer's own correction afterwards waits again, as any correction of the table's.
    fix = client.put(url, json=stock_out((180, 0)),
                     headers={"Authorization": f"Bearer {tables[0]['edit_token']}"})
    assert fix.status_code == 200, fix.get_json()
    assert standing(read(client, tid), 1)["waiting"] == [1]


@needs_pdftotext
def test_standings_printed_at_the_close_with_results_waiting_are_not_final(
        client: FlaskClient, tmp_path: Any) -> None:
    # QA, 2026-12-05: closed with two results still waiting, the standings PDF said "final"
    # and printed a prize list that the confirmations then changed.
    tid, token = create(client, 4, rounds=1, prizes=2, **CONFIRMED)
    login(client, tid, token)
    tables = links(client, tid, token)
    asked, url = ask_to_close_with_two_waiting(client, tid, tables)
    assert "The tournament ends; its standings are final once those results are confirmed." \
        in text(asked) and "standings are final." not in text(asked)
    closing = form_fields(asked.get_data(as_text=True), url)
    assert client.post(url, data=closing).status_code == 303
    content, _pages, _r = pdf_pages(client, f"/tournaments/{tid}/standings.pdf", tmp_path,
                                    "standings-waiting", dpi=50)
    flat = re.sub(r"\s+", " ", content).upper()  # the headings print in capitals
    assert "STANDINGS · NOT FINAL: 2 RESULTS WAIT FOR CONFIRMATION" in flat, flat
    assert "PRIZE LIST SO FAR" in flat and "· FINAL" not in flat
    for n in (1, 2):
        assert client.post(f"/api/v1/tournaments/{tid}/rounds/1/tables/{n}/confirm",
                           headers=admin(token)).status_code == 200
    content, _pages, _r = pdf_pages(client, f"/tournaments/{tid}/standings.pdf", tmp_path,
                                    "standings-final", dpi=50)
    flat = re.sub(r"\s+", " ", content).upper()
    assert "STANDINGS · FINAL" in flat and "PRIZE LIST " in flat and "SO FAR" not in flat


@needs_pdftotext
def test_the_confirming_pair_sees_each_hand_the_scorer_saved(app: Flask, client: FlaskClient,
                                                             tmp_path: Any) -> None:
    # QA, 2026-12-05: the confirming phone was told to ask the scorer to correct a hand, and
    # was shown only the two totals.
    tid, _token, tables = night_asking_confirmation(client)
    second = confirm_links(client, tid, tmp_path)
    finish(client, tables[0])  # 850 / 300, then 150 / 0
    opponents = app.test_client()
    _fields, html = confirm_form(opponents, second[1])
    rows = re.search(r'<details class="confirm-hands">.*?</details>', html, re.S)
    assert rows, html
    said = text_of(rows.group(0))
    assert "The points the scorer saved, row by row" in said
    assert "1 +850 +300" in said and "2 +150 0" in said


def text_of(html: str) -> str:
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))).strip()
