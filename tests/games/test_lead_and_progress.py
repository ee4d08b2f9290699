"""The board says who leads, by how much, and what each side needs to reach the target."""

from __future__ import annotations

import re

import pytest
from flask_babel import refresh
from game_helpers import post_hand, start_game

pytestmark = pytest.mark.usefixtures("app_context")


def board(client, game_id: str) -> str:
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    return re.sub(r"\s+", " ", html)


def test_no_lead_before_the_first_hand_but_the_distance(client, game_id):
    html = board(client, game_id)
    assert "leads by" not in html and "Level at" not in html
    assert html.count('<p class="side-to-target">needs 5,000 to win</p>') == 2


def test_the_lead_and_what_each_side_needs(client, app, game_id):
    assert post_hand(client, game_id).status_code == 303  # 1,035 to 535
    html = board(client, game_id)
    assert '<p class="game-lead">Nosotros leads by 500</p>' in html
    assert "needs 3,965 to win" in html and "needs 4,465 to win" in html
    # The read-only page (cached for everyone) says the same.
    viewer = board(app.test_client(), game_id)
    assert "Nosotros leads by 500" in viewer and "needs 4,465 to win" in viewer


def test_level_scores(client, game_id):
    hand = {"end": "stock_out", "sides[0].table_points": "300", "sides[1].table_points": "300"}
    assert post_hand(client, game_id, hand).status_code == 303
    assert '<p class="game-lead">Level at 300</p>' in board(client, game_id)


def test_in_spanish(client, game_id):
    assert post_hand(client, game_id).status_code == 303
    refresh()
    client.get("/?lang=es")
    refresh()
    html = board(client, game_id)
    assert "Ventaja de 500 para Nosotros" in html
    assert "le faltan 3.965 para ganar" in html and "le faltan 4.465 para ganar" in html


def test_a_finished_game_shows_the_winner_not_the_race(client):
    game_id = start_game(client, target="1000")
    assert post_hand(client, game_id).status_code == 303
    html = board(client, game_id)
    assert "Winner" in html and "leads by" not in html and "to win" not in html


def test_a_hostile_name_in_the_lead_is_text(client):
    game_id = start_game(client, side_0_name="<b>Nos</b>%(points)s")
    assert post_hand(client, game_id).status_code == 303
    html = board(client, game_id)
    assert "&lt;b&gt;Nos&lt;/b&gt;%(points)s leads by 500" in html


def test_the_api_gives_to_target(client, game_id):
    assert post_hand(client, game_id).status_code == 303
    data = client.get(f"/api/v1/games/{game_id}").get_json()
    assert data["to_target"] == [3965, 4465]


@pytest.mark.parametrize(("lang", "lead"), [
    ("pt", "Vantagem de 500 para Nós"), ("it", "Vantaggio di 500 per Noi"),
    ("es", "Ventaja de 500 para Nosotros")])
def test_the_lead_reads_right_after_a_plural_side_name(client, lang, lead):
    # QA, 2026-12-05: "Nós lidera por 1.525", "Ellos va ganando por 5": the usual names of a
    # side on a paper sheet are plural, and the verb after them was singular.
    name = lead.rsplit(" ", 1)[1]
    game_id = start_game(client, side_0_name=name, side_1_name="Otros")
    assert post_hand(client, game_id).status_code == 303
    refresh()
    client.get(f"/?lang={lang}")
    refresh()
    assert f'<p class="game-lead">{lead}</p>' in board(client, game_id)
