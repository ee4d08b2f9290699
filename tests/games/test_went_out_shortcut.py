"""The board's "who went out?" buttons (issue 40: ten taps from the board): each opens the count
with that side's ordinary going out chosen, without JavaScript too; the fast lane gets it as its
"who went out"; a side the game does not have chooses nothing. The rest of the count is the
player's: nothing else is filled in."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient
from game_helpers import post_hand, start_game
from test_total_only import total_hand

pytestmark = pytest.mark.usefixtures("app_context")


def checked(html: str, name: str) -> list[str]:
    """The values of the radio buttons named ``name`` that are checked."""
    found = re.findall(rf'<input type="radio" name="{re.escape(name)}" value="([^"]*)"[^>]*'
                       r'\schecked>', html)
    return found


def test_the_board_has_a_button_a_side_opening_its_going_out(
        client: FlaskClient, game_id: str) -> None:
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    links = re.findall(r'<a class="button" href="([^"]*went_out=\d)">([^<]*)</a>', board)
    assert [name for _, name in links] == ["Nosotros", "Ellos"]
    for side, (href, _) in enumerate(links):
        html = client.get(href.replace("&amp;", "&")).get_data(as_text=True)
        assert checked(html, f"sides[{side}].going_out") == ["normal"]
        assert checked(html, f"sides[{1 - side}].going_out") == [""]
        assert checked(html, "end") == ["went_out"]
        # Nothing else is chosen for the player: the canastas and points wait to be typed.
        assert 'name="sides[0].table_points" value=""' in html


def test_names_on_the_board_are_escaped(client: FlaskClient) -> None:
    game = start_game(client, side_0_name="<b>Rojos</b>", side_1_name="A&B")
    board = client.get(f"/games/{game}").get_data(as_text=True)
    row = board[board.index('class="went-out-shortcut"'):]
    row = row[:row.index("</nav>")]
    assert "&lt;b&gt;Rojos&lt;/b&gt;" in row and "A&amp;B" in row and "<b>" not in row


@pytest.mark.parametrize("went_out", ["2", "-1", "x", "99999999999999999999", ""])
def test_a_side_the_game_does_not_have_chooses_nothing(
        client: FlaskClient, game_id: str, went_out: str) -> None:
    res = client.get(f"/games/{game_id}/hands/new?went_out={went_out}")
    assert res.status_code == 200
    html = res.get_data(as_text=True)
    assert checked(html, "sides[0].going_out") == [""]
    assert checked(html, "sides[1].going_out") == [""]


def test_the_fast_lane_takes_it_as_who_went_out(client: FlaskClient, game_id: str) -> None:
    post_hand(client, game_id, total_hand("500", "300"))
    html = client.get(f"/games/{game_id}/hands/new?went_out=1").get_data(as_text=True)
    assert 'name="mode" value="total"' in html
    assert checked(html, "went_out") == ["1"]
