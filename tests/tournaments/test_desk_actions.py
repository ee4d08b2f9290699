"""The desk's buttons: closing a round, abandonment and substitution say what they will do
first, a finished game cannot be abandoned, and abandonment and substitution can be taken back."""

from __future__ import annotations

import re

from sqlalchemy import select
from tournament_helpers import admin, create, links, play, read, time_up

from scorekeeper.extensions import db
from scorekeeper.models import GameChange
from scorekeeper.models.tournaments import Tournament, TournamentRound, TournamentTable
from scorekeeper.services import confirmations


def login(client, tid, token):
    assert client.get(f"/tournaments/{tid}?token={token}").status_code == 303


def text(response):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.get_data(as_text=True)))


def standing(data, pair):
    return next(s for s in data["standings"] if s["pair"] == pair)


def kinds(game_id):
    table = db.session.execute(
        select(TournamentTable).where(TournamentTable.view_token == game_id)
    ).scalar_one()
    return [c.kind for c in db.session.execute(
        select(GameChange).where(GameChange.game_id == table.game_id).order_by(GameChange.seq)
    ).scalars()]


def test_closing_with_time_left_says_what_will_happen_and_waits_for_a_yes(client):
    tid, token = create(client, 6)
    login(client, tid, token)
    t1, t2, _t3 = links(client, tid, token)
    play(client, t1, (15000, 1000))  # finished
    play(client, t2, (1200, 450))  # still playing
    response = client.post(f"/tournaments/{tid}/rounds/1/finish")
    assert response.status_code == 200
    page = text(response)
    assert re.search(r"Time is not up: (59:\d\d|1:00:00) left on the clock", page)
    assert "2 tables are still playing" in page
    assert "Table 2: 3. Pair 3 1,200 – 450 4. Pair 4" in page
    assert "Table 3: 5. Pair 5 0 – 0 6. Pair 6" in page
    assert "no hands entered: it will count as a 0–0 draw" in page
    assert "Table 1:" not in page
    html = response.get_data(as_text=True)
    # A plain form: the confirmation works with JavaScript off.
    assert re.search(r'<form method="post" action="/tournaments/[^"]+/rounds/1/finish"', html)
    assert 'name="confirm" value="1"' in html and "<script>" not in html
    assert "Yes, finish game 1" in page
    # Nothing happened yet.
    data = read(client, tid, token)
    assert len(data["rounds"]) == 1 and data["rounds"][0]["tables"][1]["credits"] is None

    response = client.post(f"/tournaments/{tid}/rounds/1/finish", data={"confirm": "1"})
    assert response.status_code == 303
    data = read(client, tid, token)
    assert len(data["rounds"]) == 2
    assert data["rounds"][0]["tables"][1]["credits"] == [750, -750]

    # Table 2's game was settled by the close with its hands as they stood (1,200 in two
    # hands): its board and the API say the desk closed it, not that time was up, and its
    # result counts the two hands played, not the empty hand the close adds (QA, 2026-12-05:
    # "3 manos" for a game of two, and "Ended when time was up." with 57:48 on the clock).
    board = text(client.get(f"/games/{t2['game_id']}"))
    assert "The tournament desk closed this game before time was up" in board
    assert "Ended when time was up." not in board
    # The empty hand the close added is named, not listed as a third hand played.
    html = client.get(f"/games/{t2['game_id']}").get_data(as_text=True)
    assert '<th scope="row" class="settle-row">Closed by the desk</th>' in html
    assert '<th scope="row">3</th>' not in html and '<th scope="row">2</th>' in html
    game = client.get(f"/api/v1/games/{t2['game_id']}").get_json()
    assert game["ended"] == "closed" and len(game["hands"]) == 3
    tournament = db.session.get(Tournament, tid)
    table = next(t for t in tournament.rounds[0].tables if t.number == 2)
    assert confirmations.results_of(tournament, [table])[0].hands == 2


def test_closing_after_time_is_up_still_names_the_tables_playing(client):
    tid, token = create(client, 4, rounds=1)
    login(client, tid, token)
    t1, _t2 = links(client, tid, token)
    play(client, t1, (900, 300))
    rnd = db.session.query(TournamentRound).one()
    time_up(rnd)
    db.session.commit()
    response = client.post(f"/tournaments/{tid}/rounds/1/finish")
    assert response.status_code == 200
    page = text(response)
    assert "Time is not up" not in page
    assert "2 tables are still playing" in page and "Finish the last game?" in page
    assert "The tournament ends and the standings are final." in page
    assert client.post(f"/tournaments/{tid}/rounds/1/finish",
                       data={"confirm": "1"}).status_code == 303
    assert read(client, tid)["finished"]


def test_closing_once_time_is_up_and_every_table_finished_asks_nothing(client):
    tid, token = create(client, 4, rounds=2)
    login(client, tid, token)
    t1, t2 = links(client, tid, token)
    play(client, t1, (15000, 1000))
    play(client, t2, (2000, 15000))
    rnd = db.session.query(TournamentRound).one()
    time_up(rnd)
    db.session.commit()
    assert client.post(f"/tournaments/{tid}/rounds/1/finish").status_code == 303
    assert len(read(client, tid)["rounds"]) == 2


def test_abandonment_is_asked_first_and_can_be_taken_back_in_its_round(client):
    tid, token = create(client, 4)
    login(client, tid, token)
    t1, _t2 = links(client, tid, token)
    play(client, t1, (3000, 100))
    response = client.post(f"/tournaments/{tid}/abandon", data={"pair": "2"})
    assert response.status_code == 200
    page = text(response)
    assert "Pair 2, Pair 2, abandons its game at table 1." in page
    assert "Pair 2 is disqualified: it plays no more games and is not ranked." in page
    assert "Pair 1, Pair 1, is credited 5,000 for this game." in page
    assert "The score so far (3,000 – 100) does not count." in page
    assert not standing(read(client, tid), 2)["disqualified"]
    assert "abandon" not in kinds(t1["game_id"])

    assert client.post(f"/tournaments/{tid}/abandon",
                       data={"pair": "2", "confirm": "1"}).status_code == 303
    data = read(client, tid)
    assert standing(data, 2)["disqualified"] and standing(data, 1)["difference"] == 5000
    control = text(client.get(f"/tournaments/{tid}"))
    assert "Undo the abandonment of pair 2, Pair 2" in control

    assert client.post(f"/tournaments/{tid}/abandon/undo", data={"pair": "2"}).status_code == 303
    data = read(client, tid)
    assert not standing(data, 2)["disqualified"] and standing(data, 1)["difference"] == 0
    table = data["rounds"][0]["tables"][0]
    assert table["abandoned_by"] is None and table["credits"] is None
    assert kinds(t1["game_id"])[-2:] == ["abandon", "unabandon"]
    assert "Undo the abandonment" not in text(client.get(f"/tournaments/{tid}"))
    again = client.post(f"/tournaments/{tid}/abandon/undo", data={"pair": "2"})
    assert again.status_code == 422 and "This pair has not abandoned a game." in text(again)

    # Once the round is closed (game 2 seated without the pair), it stands.
    client.post(f"/tournaments/{tid}/abandon", data={"pair": "2", "confirm": "1"})
    client.post(f"/tournaments/{tid}/rounds/1/finish", data={"confirm": "1"})
    late = client.post(f"/tournaments/{tid}/abandon/undo", data={"pair": "2"})
    assert late.status_code == 422
    assert "only while its game is being played" in text(late)
    assert standing(read(client, tid), 2)["disqualified"]


def test_a_finished_game_cannot_be_abandoned(client):
    tid, token = create(client, 4)
    login(client, tid, token)
    t1, _t2 = links(client, tid, token)
    play(client, t1, (15000, 1000))  # pair 1 won
    message = "This pair's game is already finished: its result stands"
    for data in ({"pair": "2"}, {"pair": "2", "confirm": "1"}):
        response = client.post(f"/tournaments/{tid}/abandon", data=data)
        assert response.status_code == 422 and message in text(response).replace("&#39;", "'")
    response = client.post(f"/api/v1/tournaments/{tid}/pairs/2/abandon", headers=admin(token))
    assert response.status_code == 409
    assert message in str(response.get_json())
    data = read(client, tid)
    assert data["rounds"][0]["tables"][0]["credits"] == [14000, -14000]
    assert not standing(data, 2)["disqualified"]
    assert "abandon" not in kinds(t1["game_id"])


def test_a_game_abandoned_by_one_pair_is_not_abandoned_again_by_the_other(client):
    tid, token = create(client, 4)
    assert client.post(f"/api/v1/tournaments/{tid}/pairs/3/abandon",
                       headers=admin(token)).status_code == 200
    response = client.post(f"/api/v1/tournaments/{tid}/pairs/4/abandon", headers=admin(token))
    assert response.status_code == 409
    assert "The other pair already abandoned this game." in str(response.get_json())
    data = read(client, tid)
    assert data["rounds"][0]["tables"][1]["credits"] == [0, 5000]
    assert not standing(data, 4)["disqualified"]


def test_api_takes_an_abandonment_back_with_delete(client):
    tid, token = create(client, 4)
    url = f"/api/v1/tournaments/{tid}/pairs/1/abandon"
    assert client.delete(url).status_code == 401
    assert client.delete(url, headers=admin(token)).status_code == 409  # nothing to take back
    assert client.post(url, headers=admin(token)).status_code == 200
    response = client.delete(url, headers=admin(token))
    assert response.status_code == 200
    assert not standing(response.get_json(), 1)["disqualified"]
    assert response.get_json()["rounds"][0]["tables"][0]["abandoned_by"] is None


def test_substitution_is_asked_first_and_can_be_taken_back(client):
    tid, token = create(client, 4)
    login(client, tid, token)
    response = client.post(f"/tournaments/{tid}/substitute", data={"pair": "3"})
    assert response.status_code == 200
    page = text(response)
    assert "A player of pair 3, Pair 3, was replaced." in page
    assert "it scores nothing in this tournament and is not ranked" in page
    assert not standing(read(client, tid), 3)["substituted"]
    assert client.post(f"/tournaments/{tid}/substitute",
                       data={"pair": "3", "confirm": "1"}).status_code == 303
    assert standing(read(client, tid), 3)["substituted"]
    twice = client.post(f"/tournaments/{tid}/substitute", data={"pair": "3"})
    assert twice.status_code == 422
    assert "A substitution is already recorded for this pair." in text(twice)
    api = client.post(f"/api/v1/tournaments/{tid}/pairs/3/substitute", headers=admin(token))
    assert api.status_code == 409

    assert "Undo the substitution of pair 3, Pair 3" in text(client.get(f"/tournaments/{tid}"))
    assert client.post(f"/tournaments/{tid}/substitute/undo",
                       data={"pair": "3"}).status_code == 303
    assert not standing(read(client, tid), 3)["substituted"]
    url = f"/api/v1/tournaments/{tid}/pairs/3/substitute"
    assert client.delete(url, headers=admin(token)).status_code == 409
    assert client.post(url, headers=admin(token)).status_code == 200
    assert client.delete(url, headers=admin(token)).status_code == 200


def test_strangers_cannot_take_anything_back(client):
    tid, token = create(client, 4)
    client.post(f"/api/v1/tournaments/{tid}/pairs/1/abandon", headers=admin(token))
    for path in ("abandon/undo", "substitute/undo"):
        assert client.post(f"/tournaments/{tid}/{path}", data={"pair": "1"}).status_code == 403
    assert standing(read(client, tid), 1)["disqualified"]


def test_the_confirmations_read_in_spanish(client):
    tid, token = create(client, 4)
    login(client, tid, token)
    es = {"Accept-Language": "es"}
    page = text(client.post(f"/tournaments/{tid}/rounds/1/finish?lang=es", headers=es))
    assert "¿Terminar la partida 1 y sentar la siguiente?" in page
    assert "El tiempo no se ha cumplido" in page and "2 mesas siguen jugando" in page
    page = text(client.post(f"/tournaments/{tid}/abandon?lang=es", data={"pair": "1"}))
    assert "La pareja 1, Pair 1, abandona su partida en la mesa 1." in page
    assert "A la pareja 2, Pair 2, se le anotan 5.000 por esta partida." in page
    page = text(client.post(f"/tournaments/{tid}/substitute?lang=es", data={"pair": "1"}))
    assert "Se sustituyó a un jugador de la pareja 1, Pair 1." in page


def test_an_abandoned_game_takes_no_more_hands_and_says_so(client, tmp_path):
    import shutil
    import subprocess

    from tournament_helpers import post_hand, stock_out

    tid, token = create(client, 4)
    login(client, tid, token)
    t1, _t2 = links(client, tid, token)
    play(client, t1, (900, 300))
    client.post(f"/tournaments/{tid}/abandon", data={"pair": "1", "confirm": "1"})
    refused = post_hand(client, t1, stock_out((100, 100)))
    assert refused.status_code == 409
    assert "abandoned this game: it takes no more hands" in str(refused.get_json())
    # The table's phone is told why, and the desk may still correct it.
    phone = client.application.test_client()
    assert phone.get(f"/games/{t1['game_id']}/join/{t1['edit_token']}").status_code == 303
    page = phone.post(f"/games/{t1['game_id']}/undo", follow_redirects=True)
    assert "a pair abandoned this game: it takes no more hands" in page.get_data(as_text=True)
    game = client.get(f"/api/v1/games/{t1['game_id']}").get_json()
    assert len(game["hands"]) == 2 and game["totals"] == [900, 300]
    desk = client.put(f"/api/v1/games/{t1['game_id']}/hands/2", json=stock_out((50, 0)),
                      headers=admin(token))
    assert desk.status_code == 200, desk.get_json()
    page = text(client.get(f"/tournaments/{tid}/rounds/1"))
    assert "900 – 300 · Abandoned by Pair 1 (5,000 to Pair 2)" in page
    if shutil.which("pdftotext"):
        pdf = client.get(f"/sheets/games/{t1['game_id']}.pdf")
        path = tmp_path / "sheet.pdf"
        path.write_bytes(pdf.data)
        sheet = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                               text=True, check=True).stdout
        assert "Abandoned by Pair 1" in sheet and "Still being played" not in sheet

    # Taken back, the game goes on.
    client.post(f"/tournaments/{tid}/abandon/undo", data={"pair": "1"})
    assert post_hand(client, t1, stock_out((100, 100))).status_code == 201


def test_standings_list_games_played_and_each_games_credit(client):
    tid, token = create(client, 4)
    t1, t2 = links(client, tid, token)
    play(client, t1, (1500, 400))
    play(client, t2, (300, 300))
    data = client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish",
                       headers=admin(token)).get_json()
    rows = {s["pair"]: (s["played"], s["credits"]) for s in data["standings"]}
    assert rows == {1: (1, [1100, None, None]), 2: (1, [-1100, None, None]),
                    3: (1, [0, None, None]), 4: (1, [0, None, None])}
    page = text(client.get(f"/tournaments/{tid}/standings"))
    # The pair's line (on a phone the played games and credits go under the pair).
    assert re.search(r"1\. Pair 1 P1a, P1b 1 game played, 1 won · G1 \+1,100 · G2 — · G3 — "
                     r"1 \+1,100 — — \+1,100 1", page)
    assert "Played" in page and "G3" in page


def test_a_finished_tournament_game_does_not_offer_to_play_again(client):
    tid, token = create(client, 4)
    t1, _t2 = links(client, tid, token)
    play(client, t1, (15000, 1000))
    phone = client.application.test_client()
    assert phone.get(f"/games/{t1['game_id']}/join/{t1['edit_token']}").status_code == 303
    page = text(phone.get(f"/games/{t1['game_id']}"))
    assert "Play again with the same sides" not in page
    assert "A tournament game: the desk seats your next game." in page
    response = phone.post(f"/games/{t1['game_id']}/again")
    assert response.status_code == 303 and t1["game_id"] in response.headers["Location"]


def test_the_last_game_of_the_tournament_says_so(client):
    # QA, 2026-12-05: after the one game of a one-round tournament the table's phone said the
    # desk would seat its next game.
    tid, token = create(client, 4, rounds=1)
    t1, _t2 = links(client, tid, token)
    play(client, t1, (15000, 1000))
    phone = client.application.test_client()
    assert phone.get(f"/games/{t1['game_id']}/join/{t1['edit_token']}").status_code == 303
    page = text(phone.get(f"/games/{t1['game_id']}"))
    assert "That was your last game of the tournament: the desk has the standings." in page
    assert "seats your next game" not in page and "Play again" not in page


def test_a_forms_address_opened_again_leads_to_its_page(client):
    """The desk's confirmation (or the links, or a refusal) is shown at its form's address: a
    reload from the history, a new tab or a bookmark asks it with GET, and lands on the page
    the form is on, not on a bare 405 (QA, 2026-12-05)."""
    tid, token = create(client, 4)
    login(client, tid, token)
    t1, _t2 = links(client, tid, token)
    desk = f"/tournaments/{tid}"
    for path, page in ((f"{desk}/rounds/1/finish", desk), (f"{desk}/abandon", desk),
                       (f"{desk}/substitute/undo", desk), (f"{desk}/pairs/add", desk),
                       (f"{desk}/rounds/1/links", f"{desk}/rounds/1"),
                       (f"{desk}/rounds/1/tables/2/link", f"{desk}/rounds/1"),
                       (f"{desk}/rounds/1/tables/2/result", f"{desk}/rounds/1"),
                       (f"/games/{t1['game_id']}/hands/1/delete", f"/games/{t1['game_id']}"),
                       (f"/games/{t1['game_id']}/undo", f"/games/{t1['game_id']}")):
        answer = client.get(path)
        assert answer.status_code == 303 and answer.headers["Location"] == page, path
    # Nothing was done by it.
    assert len(read(client, tid, token)["rounds"]) == 1
    # Not a form's address: Not Found as before; the API answers in JSON.
    assert client.get(f"{desk}/no-such-form").status_code == 404
    api = client.get(f"/api/v1/tournaments/{tid}/rounds/1/finish")
    assert api.status_code == 405 and api.is_json
