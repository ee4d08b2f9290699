"""A game says how it ended, its own record and its tournament's desk together: through the API
(``finished``, ``ended``, ``winner``, ``abandoned_by``, ``credits``, ``accepts_hands``) and on its
pages (the board says so; no "Count this hand", no Fix, and the count page refuses)."""

from __future__ import annotations

import re

import pytest
from tournament_helpers import admin, create, links, play, post_hand, stock_out, time_up

from scorekeeper.extensions import db
from scorekeeper.models.tournaments import TournamentRound

# Only requests here: no app context held across them (it would keep the first request's
# language for all).
pytestmark = pytest.mark.own_app


def text(response):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.get_data(as_text=True)))


def state(client, table):
    response = client.get(f"/api/v1/games/{table['game_id']}")
    assert response.status_code == 200
    data = response.get_json()
    return {k: data[k] for k in ("finished", "ended", "winner", "drawn", "abandoned_by",
                                 "credits", "paper_totals", "accepts_hands")}


PLAYING = {"finished": False, "ended": None, "winner": None, "drawn": False,
           "abandoned_by": None, "credits": None, "paper_totals": None, "accepts_hands": True}


def table_phone_with_a_hand(client):
    """A tournament of 4 pairs whose table 1 counted a hand on its phone, which opened its
    edit link (its browser holds the edit token): the tournament, its token and the game's
    page."""
    tid, token = create(client, 4)
    t1, _t2 = links(client, tid, token)
    assert post_hand(client, t1, stock_out((300, 100))).status_code == 201
    game = f"/games/{t1['game_id']}"
    assert client.get(f"{game}/join/{t1['edit_token']}").status_code == 303
    return tid, token, game


def abandon(client, tid, token, pair):
    response = client.post(f"/api/v1/tournaments/{tid}/pairs/{pair}/abandon",
                           headers=admin(token))
    assert response.status_code == 200, response.get_json()


def test_an_abandoned_game_is_finished_and_says_who_abandoned(client):
    tid, token = create(client, 4)
    t1, t2 = links(client, tid, token)
    assert post_hand(client, t1, stock_out((300, 100))).status_code == 201
    assert state(client, t1) == PLAYING
    abandon(client, tid, token, 2)  # pair 2 sits at table 1, side 1
    # 002: the pair that abandons is credited nothing, its opponent the abandon points.
    assert state(client, t1) == {
        "finished": True, "ended": "abandoned", "winner": 0, "drawn": False,
        "abandoned_by": 1, "credits": [5000, 0], "paper_totals": None, "accepts_hands": False}
    assert state(client, t2) == PLAYING
    # Taken back in its round: played again.
    response = client.delete(f"/api/v1/tournaments/{tid}/pairs/2/abandon", headers=admin(token))
    assert response.status_code == 200, response.get_json()
    assert state(client, t1) == PLAYING


def test_a_game_the_desk_closed_at_time_and_one_won_on_target(client):
    tid, token = create(client, 4)
    t1, t2 = links(client, tid, token)
    play(client, t1, (15000, 1000))  # torneo plays to 15,000 here
    assert post_hand(client, t2, stock_out((300, 450))).status_code == 201
    assert state(client, t1) == {**PLAYING, "finished": True, "ended": "target", "winner": 0,
                                 "credits": [14000, -14000], "accepts_hands": False}
    response = client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish", headers=admin(token))
    assert response.status_code == 200, response.get_json()
    # Closed with the hour still on the clock: the desk's close, as the standings say it.
    assert state(client, t2) == {**PLAYING, "finished": True, "ended": "closed", "winner": 1,
                                 "credits": [-150, 150], "accepts_hands": False}
    # The game won on target stays so; its closed round takes no more hands either way.
    assert state(client, t1)["ended"] == "target"


def test_a_result_typed_from_the_paper_sheet(client):
    tid, token = create(client, 4)
    t1, _t2 = links(client, tid, token)
    response = client.post(f"/api/v1/tournaments/{tid}/rounds/1/tables/1/result",
                           json={"totals": [2300, 5100]}, headers=admin(token))
    assert response.status_code == 200, response.get_json()
    assert state(client, t1) == {**PLAYING, "finished": True, "ended": "paper", "winner": 1,
                                 "credits": [-2800, 2800], "paper_totals": [2300, 5100],
                                 "accepts_hands": False}


def test_a_game_of_no_tournament_has_no_credits(client):
    created = client.post("/api/v1/games", json={"ruleset": "classic", "target": 500}).get_json()
    game = {"game_id": created["id"], "edit_token": created["edit_token"]}
    assert state(client, game) == PLAYING
    hand = {"end": "went_out", "sides": [
        {"table_points": 355, "hand_points": 20, "canastas": {"mixed": 2},
         "going_out": "normal"}, {"table_points": 280, "hand_points": 45}]}
    assert post_hand(client, game, hand).status_code == 201
    assert state(client, game) == {**PLAYING, "finished": True, "ended": "target", "winner": 0,
                                   "accepts_hands": False}


def test_the_document_declares_how_a_game_ended(client):
    game = client.get("/api/v1/openapi.json").get_json()["components"]["schemas"]["Game"]
    properties = game["allOf"][1]["properties"]
    assert properties["ended"]["enum"] == ["target", "time", "closed", "abandoned", "paper",
                                           None]
    for name in ("ended", "abandoned_by", "credits", "paper_totals", "accepts_hands"):
        assert name in game["allOf"][1]["required"]


def test_the_tables_phone_is_told_and_offered_no_count(client):
    tid, token, game = table_phone_with_a_hand(client)
    html = client.get(game).get_data(as_text=True)
    assert f'href="{game}/hands/new"' in html and f'href="{game}/hands/1/edit"' in html
    abandon(client, tid, token, 2)

    board = client.get(game)
    page, html = text(board), board.get_data(as_text=True)
    assert "Pair 2 abandoned this game" in page
    assert ("Recorded at the tournament desk: Pair 1 is credited 5,000, and the game takes no "
            "more hands.") in page
    assert "Count this hand" not in page
    assert f'href="{game}/hands/new"' not in html and f'href="{game}/hands/1/edit"' not in html
    assert f'action="{game}/undo"' not in html
    # The count page refuses before a hand is typed: the message, no form.
    for path in (f"{game}/hands/new", f"{game}/hands/1/edit"):
        refused = client.get(path)
        assert refused.status_code == 409
        assert ("Pair 2 abandoned this game at the tournament desk: it takes no more hands."
                in text(refused))
        assert "<form" not in refused.get_data(as_text=True).split("</header>")[-1]
    # In Spanish too.
    spanish = client.get(f"{game}/hands/new?lang=es")
    assert "Pair 2 abandonó esta partida en la mesa del torneo" in text(spanish)
    # Anyone's read-only page says so as well.
    other = client.application.test_client()
    assert "Pair 2 abandoned this game" in text(other.get(game))


@pytest.mark.parametrize("time_is_up", [False, True])
def test_a_closed_round_offers_no_count_and_says_how_it_ended(app, client, time_is_up):
    tid, token, game = table_phone_with_a_hand(client)
    if time_is_up:
        with app.app_context():
            time_up(db.session.query(TournamentRound).one())
            db.session.commit()
    assert client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish",
                       headers=admin(token)).status_code == 200
    board = client.get(game)
    page, html = text(board), board.get_data(as_text=True)
    said = ("Ended when time was up." if time_is_up else
            "The tournament desk closed this game before time was up: it counts as it stood.")
    assert said in page and "Winner Pair 1" in page
    assert "Count this hand" not in page and f'href="{game}/hands/1/edit"' not in html
    refused = client.get(f"{game}/hands/1/edit")
    assert refused.status_code == 409
    assert "round is closed: only the tournament desk can change it now" in text(refused)



def test_the_pair_named_in_the_banner_is_text(client):
    """A pair's name is data: escaped in the banner and the refusal, never markup."""
    hostile = "<b>Los & Cía</b>"
    tid, token = create(client, 4, pairs=[{"name": hostile, "players": ["A", "B"]},
                                          *[{"name": f"P{i}", "players": ["C", "D"]}
                                            for i in range(3)]])
    t1, _t2 = links(client, tid, token)
    game = f"/games/{t1['game_id']}"
    assert client.get(f"{game}/join/{t1['edit_token']}").status_code == 303
    abandon(client, tid, token, 1)
    for path in (game, f"{game}/hands/new"):
        html = client.get(path).get_data(as_text=True)
        assert "&lt;b&gt;Los &amp; Cía&lt;/b&gt; abandoned this game" in html
        assert hostile not in html
