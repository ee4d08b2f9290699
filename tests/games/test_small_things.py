"""The small things of issue 13: who deals in plain words, the share panel, numbers in
messages with the language's separators."""

from __future__ import annotations

import pytest
from flask_babel import refresh
from game_helpers import post_hand, start_game

pytestmark = pytest.mark.usefixtures("app_context")


def page(client, game_id: str) -> str:
    return client.get(f"/games/{game_id}").get_data(as_text=True)


def in_spanish(client) -> None:
    refresh()  # the tests' shared app context would keep the first request's language
    client.get("/?lang=es")
    refresh()


def test_an_unnamed_player_is_called_by_side_and_seat(client):
    game_id = start_game(client, side_0_player_0="", side_0_player_1="", first_dealer="2")
    assert "Nosotros, player 2 deals" in page(client, game_id)
    in_spanish(client)
    assert "Nosotros, jugador 2" in page(client, game_id)


def test_the_api_words_the_dealer_too(client):
    game_id = start_game(client, first_dealer="1")
    res = client.get(f"/api/v1/games/{game_id}")
    assert res.get_json()["next_dealer"] == "Ellos, player 1"


def test_a_two_player_game_names_the_side(client):
    game_id = start_game(client, players="2", side_0_player_0="", side_0_player_1="")
    assert "Nosotros deals" in page(client, game_id)


def test_the_sheet_names_the_dealer_in_its_own_language(client):
    import io

    from pypdf import PdfReader

    game_id = start_game(client, language="es", side_0_player_0="", side_0_player_1="")
    assert post_hand(client, game_id).status_code == 303
    res = client.get(f"/sheets/games/{game_id}.pdf")
    assert res.status_code == 200, res.status_code
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(res.data)).pages)
    assert "Nosotros, jugador 1" in text


def share_panel(html: str) -> str:
    start = html.index('<details class="share"')
    return html[start:html.index(">", start) + 1]


def test_the_share_panel_opens_only_for_a_new_edit_link(client, game_id):
    assert post_hand(client, game_id).status_code == 303
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Hand 1 saved." in html and " open" not in share_panel(html)
    res = client.post(f"/games/{game_id}/edit-link")
    assert res.status_code == 303 and res.headers["Location"].endswith("#share")
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "The old edit link no longer works." in html and " open" in share_panel(html)
    # Once: the next visit shows it closed again.
    assert " open" not in share_panel(client.get(f"/games/{game_id}").get_data(as_text=True))


def test_numbers_in_messages_have_the_languages_separators(client, game_id):
    from game_helpers import WORKED_HAND

    hand = {**WORKED_HAND, "sides[1].table_points": "99999995"}
    res = post_hand(client, game_id, hand)
    assert res.status_code == 422
    html = res.get_data(as_text=True)
    assert "Cannot be more than 10,000." in html
    in_spanish(client)
    html = post_hand(client, game_id, hand).get_data(as_text=True)
    assert "10.000" in html and "10000" not in html


def test_the_start_form_says_its_range_with_separators(client):
    res = client.post("/games/new", data={"ruleset": "classic", "players": "4",
                                           "shown_ruleset": "classic", "target": "50"})
    html = res.get_data(as_text=True)
    assert res.status_code == 422
    assert "The target is a whole number from 100 to 100,000." in html
