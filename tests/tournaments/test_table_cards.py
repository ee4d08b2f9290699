"""Table cards: one printed card per table for the whole tournament. Its link opens the
table's current game with the table's edit rights, follows the table to its next game when
the desk closes a round (no new code to scan), says plainly when the table has no game, and
refuses once the desk replaced it. The PDF is read back as text and drawn as PNGs."""

from __future__ import annotations

import re
import shutil
from html import unescape

import pytest
from tournament_helpers import admin, create, pdf_pages, read

from scorekeeper.extensions import db
from scorekeeper.models.desk import TournamentChange
from scorekeeper.models.table_cards import TableCard

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext")

HX = {"HX-Request": "true"}
HAND = {"end": "stock_out", "sides[0].table_points": "300", "sides[0].hand_points": "0",
        "sides[1].table_points": "100", "sides[1].hand_points": "0"}


def text(response):
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))))


def login(client, tid, token):
    assert client.get(f"/tournaments/{tid}?token={token}").status_code == 303


def form_fields(html, action):
    form = re.search(rf'<form method="post" action="{re.escape(action)}".*?</form>', html, re.S)
    assert form, action
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form.group(0)))


def cards_pdf(client, url, tmp_path, name):
    """The cards' PDF as (text, pages, {table: card path}); drawn as PNGs to look at."""
    content, pages, response = pdf_pages(client, url, tmp_path, name, dpi=50)
    assert "no-store" in response.headers["Cache-Control"] or "private" in \
        response.headers["Cache-Control"]
    links = re.findall(r"http://localhost(/t/[A-Za-z0-9_-]+)", content)
    return content, pages, links


def game_of(client, tid, number, table):
    rnd = read(client, tid)["rounds"][number - 1]
    return next(t["game_id"] for t in rnd["tables"] if t["table"] == table)


def is_editor(phone, game_id):
    return phone.get(f"/games/{game_id}/hands/new").status_code == 200


def close_round(desk, tid, number):
    page = desk.get(f"/tournaments/{tid}").get_data(as_text=True)
    finish = f"/tournaments/{tid}/rounds/{number}/finish"
    answer = desk.post(finish, data={**form_fields(page, finish), "confirm": "1"})
    assert answer.status_code == 303, text(answer)


def test_a_table_card_opens_game_1_then_game_2_and_a_replaced_card_refuses(app, client,
                                                                        tmp_path):
    tid, token = create(client, 4, rounds=2)
    login(client, tid, token)
    content, pages, links = cards_pdf(client, f"/tournaments/{tid}/table-cards.pdf",
                                      tmp_path, "table-cards-en")
    # Two tables, two cards on one A4 page: the name, the table number big, the link.
    assert pages == 1 and len(links) == 2 and len(set(links)) == 2
    assert content.count("Club") == 2
    assert re.search(r"Table\s+1\b", content) and re.search(r"Table\s+2\b", content)
    assert "it opens the game being played at this table, all tournament long" in \
        " ".join(content.split())
    card1 = links[0]
    # Printed again, the same cards (nothing replaced, nothing logged).
    assert cards_pdf(client, f"/tournaments/{tid}/table-cards.pdf", tmp_path,
                     "table-cards-again")[2] == links
    assert db.session.query(TournamentChange).count() == 0

    game1 = game_of(client, tid, 1, 1)
    phone = app.test_client()
    opened = phone.get(card1)
    assert opened.status_code == 303 and opened.location.endswith(f"/games/{game1}")
    # The card gives the table's edit rights: the phone counts a hand on its game.
    assert is_editor(phone, game1)
    assert not is_editor(app.test_client(), game1)
    saved = phone.post(f"/games/{game1}/hands", data=HAND)
    assert saved.status_code == 303, text(saved)
    assert read(client, tid)["rounds"][0]["tables"][0]["totals"] == [300, 100]
    # It keeps table 1's score, not table 2's.
    assert not is_editor(phone, game_of(client, tid, 1, 2))
    # While the round is played, the table clock does not send the phone anywhere.
    block = phone.get(f"/tournaments/clock/{game1}", headers=HX)
    assert block.status_code == 200 and "HX-Redirect" not in block.headers

    close_round(client, tid, 1)
    game2 = game_of(client, tid, 2, 1)
    assert game2 != game1
    # The phone left on game 1 is sent on by its clock's refresh, and its page links on.
    block = phone.get(f"/tournaments/clock/{game1}", headers=HX)
    assert block.headers["HX-Redirect"] == f"http://localhost{card1}"
    assert "This game is closed. Open this table’s next game" in text(phone.get(f"/games/{game1}"))
    # The same card, no new scan, now opens game 2.
    again = phone.get(card1)
    assert again.status_code == 303 and again.location.endswith(f"/games/{game2}")
    assert is_editor(phone, game2)
    assert not is_editor(phone, game1)  # closed: the desk's alone now

    # The desk replaces table 1's card: the old link refuses and says why.
    page = client.get(f"/tournaments/{tid}/table-cards").get_data(as_text=True)
    replace = f"/tournaments/{tid}/table-cards/1/replace"
    answer = client.post(replace, data=form_fields(page, replace))
    assert answer.status_code == 303
    shown = client.get(answer.location)
    assert "Table 1 has a new card: the old one no longer opens its games." in text(shown)
    old = phone.get(card1)
    assert old.status_code == 410
    assert "This table card was replaced by the desk" in text(old)
    assert not is_editor(phone, game2)
    change = db.session.query(TournamentChange).filter_by(kind="card").one()
    assert (change.kind, change.table, change.by) == ("card", 1, "desk")

    _content, _pages, new_links = cards_pdf(client, f"/tournaments/{tid}/table-cards.pdf?table=1",
                                            tmp_path, "table-card-1-new")
    assert len(new_links) == 1 and new_links[0] != card1
    table2_card = cards_pdf(client, f"/tournaments/{tid}/table-cards.pdf", tmp_path,
                            "table-cards-after")[2]
    assert table2_card == [new_links[0], links[1]]
    other = app.test_client()
    fresh = other.get(new_links[0])
    assert fresh.status_code == 303 and fresh.location.endswith(f"/games/{game2}")
    assert is_editor(other, game2)

    # After the last game the card says the tournament is over.
    close_round(client, tid, 2)
    over = other.get(new_links[0])
    assert over.status_code == 200 and "The tournament is over." in text(over)
    assert "http-equiv=\"refresh\"" not in over.get_data(as_text=True)
    # A made-up link is no card's.
    assert other.get("/t/notacardatall00").status_code == 404


def test_a_table_without_a_game_waits_for_the_next(app, client, tmp_path):
    """A pair disqualified in game 1: game 2 seats 3 pairs at one table; the other table's
    card says it has no game and asks again by itself."""
    tid, token = create(client, 4, rounds=3)
    login(client, tid, token)
    links = cards_pdf(client, f"/tournaments/{tid}/table-cards.pdf", tmp_path, "cards-wait")[2]
    assert client.post(f"/api/v1/tournaments/{tid}/pairs/1/abandon",
                       headers=admin(token)).status_code == 200
    close_round(client, tid, 1)
    seated = {t["table"] for t in read(client, tid)["rounds"][1]["tables"]}
    assert len(seated) == 1
    empty = ({1, 2} - seated).pop()
    phone = app.test_client()
    waiting = phone.get(links[empty - 1])
    assert waiting.status_code == 200
    assert (f"Table {empty} has no game in game 2. This page opens the table's next game by "
            "itself as soon as the desk seats it.") in text(waiting)
    assert re.search(r'<meta http-equiv="refresh" content="\d+">', waiting.get_data(True))
    playing = phone.get(links[seated.pop() - 1])
    assert playing.status_code == 303


def test_the_cards_are_printed_in_the_tournaments_language(client, tmp_path):
    tid, token = create(client, 6, rounds=3, language="es", name="Torneo de Otoño")
    login(client, tid, token)
    client.get("/", headers={"Accept-Language": "en"})
    content, pages, links = cards_pdf(client, f"/tournaments/{tid}/table-cards.pdf",
                                      tmp_path, "table-cards-es")
    # Three tables: two cards a page.
    assert pages == 2 and len(links) == 3
    assert content.count("Torneo de Otoño") == 3
    assert re.search(r"Mesa\s+3\b", content)
    assert "abre la partida que se juega en esta mesa" in " ".join(content.split())
    assert "Table" not in content
    # The desk's page links to them.
    page = client.get(f"/tournaments/{tid}").get_data(as_text=True)
    assert f'href="/tournaments/{tid}/table-cards.pdf"' in page


def test_only_the_desk_prints_or_replaces_a_card(app, client):
    tid, token = create(client, 4)
    login(client, tid, token)
    assert client.get(f"/tournaments/{tid}/table-cards.pdf").status_code == 200
    stranger = app.test_client()
    assert stranger.get(f"/tournaments/{tid}/table-cards.pdf").status_code == 403
    assert stranger.get(f"/tournaments/{tid}/table-cards").status_code == 403
    hashes = {c.token_hash for c in db.session.query(TableCard)}
    refused = stranger.post(f"/tournaments/{tid}/table-cards/1/replace")
    assert refused.status_code == 403
    # Another tournament's desk is a stranger here too.
    other_tid, other_token = create(client, 4)
    other = app.test_client()
    login(other, other_tid, other_token)
    assert other.get(f"/tournaments/{tid}/table-cards.pdf").status_code == 403
    assert other.post(f"/tournaments/{tid}/table-cards/1/replace").status_code == 403
    db.session.expire_all()
    assert {c.token_hash for c in db.session.query(TableCard)
            if c.tournament_id == tid} == hashes
    # A table the tournament never seats has no card to replace.
    assert client.post(f"/tournaments/{tid}/table-cards/9/replace").status_code == 404


def test_the_api_lists_and_replaces_the_cards_as_the_desk_page_does(app, client):
    tid, token = create(client, 4)
    listed = client.get(f"/api/v1/tournaments/{tid}/table-cards", headers=admin(token))
    assert listed.status_code == 200 and "no-store" in listed.headers["Cache-Control"]
    cards = listed.get_json()["cards"]
    assert [c["table"] for c in cards] == [1, 2]
    assert listed.get_json()["pdf"] == f"http://localhost/tournaments/{tid}/table-cards.pdf"
    old = cards[1]["url"].removeprefix("http://localhost")
    phone = app.test_client()
    assert phone.get(old).location.endswith(f"/games/{game_of(client, tid, 1, 2)}")

    assert client.get(f"/api/v1/tournaments/{tid}/table-cards").status_code == 401
    assert client.get(f"/api/v1/tournaments/{tid}/table-cards",
                      headers=admin("wrong")).status_code == 403
    assert client.post(f"/api/v1/tournaments/{tid}/table-cards/2/replace").status_code == 401

    replaced = client.post(f"/api/v1/tournaments/{tid}/table-cards/2/replace",
                           headers={**admin(token), "Idempotency-Key": "card-2"})
    assert replaced.status_code == 200
    new = replaced.get_json()["cards"][1]["url"]
    assert new != cards[1]["url"] and replaced.get_json()["cards"][0] == cards[0]
    # The same request again replaces nothing more.
    again = client.post(f"/api/v1/tournaments/{tid}/table-cards/2/replace",
                        headers={**admin(token), "Idempotency-Key": "card-2"})
    assert again.get_json()["cards"][1]["url"] == new
    assert phone.get(old).status_code == 410
    assert phone.get(new.removeprefix("http://localhost")).status_code == 303
    change = db.session.query(TournamentChange).filter_by(kind="card").one()
    assert change.by == "api"
    assert client.post(f"/api/v1/tournaments/{tid}/table-cards/3/replace",
                       headers=admin(token)).status_code == 404


def test_cards_made_under_another_secret_key_still_open_but_must_be_replaced_to_print(
        app, client, tmp_path):
    tid, token = create(client, 4)
    login(client, tid, token)
    links = cards_pdf(client, f"/tournaments/{tid}/table-cards.pdf", tmp_path, "cards-key")[2]
    app.config["SECRET_KEY"] = "another key"
    desk = app.test_client()
    login(desk, tid, token)
    refused = desk.get(f"/tournaments/{tid}/table-cards.pdf")
    assert refused.status_code == 409
    assert "cannot be printed again: replace them" in text(refused)
    # The printed cards still open their tables.
    assert app.test_client().get(links[0]).status_code == 303
    page = desk.get(f"/tournaments/{tid}/table-cards").get_data(as_text=True)
    for table in (1, 2):
        replace = f"/tournaments/{tid}/table-cards/{table}/replace"
        assert desk.post(replace, data=form_fields(page, replace)).status_code == 303
        page = desk.get(f"/tournaments/{tid}/table-cards").get_data(as_text=True)
    assert len(cards_pdf(desk, f"/tournaments/{tid}/table-cards.pdf", tmp_path,
                         "cards-new-key")[2]) == 2
