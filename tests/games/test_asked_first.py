"""Steps that change a game that is over are asked first (issue 43: on a closed game's page one
tap on "Undo: take back hand N" removed a table's last hand and made the loser the winner).
The page says what will change and posts the step again, confirmed; nothing changes before. A
game still played is changed at once, as before."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient
from flask_babel import refresh
from game_helpers import post_hand, start_game
from worked_hand import WORKED_HAND

from scorekeeper.extensions import db
from scorekeeper.models import Game

pytestmark = pytest.mark.usefixtures("app_context")


def hands_stored() -> int:
    db.session.expire_all()
    return len(db.session.execute(db.select(Game)).scalar_one().hands)


def version_on_board(client: FlaskClient, game_id: str) -> str:
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    found = re.search(r'name="version" value="(\d+)"', board)
    assert found
    return found.group(1)


def confirm_form(html: str) -> dict[str, str]:
    form = html[html.index('class="confirm-step"'):]
    form = form[:form.index("</form>")]
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form))


@pytest.fixture
def finished(client: FlaskClient) -> str:
    # 003's worked hand scores 1,035 to 340: with a target of 1,000 it ends the game.
    game_id = start_game(client, target="1000")
    assert post_hand(client, game_id, WORKED_HAND).status_code == 303
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "Count this hand" not in board  # over
    return game_id


def test_undo_on_a_game_that_is_over_asks_first(client: FlaskClient, finished: str) -> None:
    version = version_on_board(client, finished)
    res = client.post(f"/games/{finished}/undo", data={"version": version})
    assert res.status_code == 200
    html = res.get_data(as_text=True)
    assert "Undo: take back hand 1" in html
    assert "The game is over: this may reopen it and change who won." in html
    assert "Keep the game as it is" in html
    assert hands_stored() == 1
    sent = confirm_form(html)
    assert sent["confirmed"] == "1" and sent["version"] == version and sent["request_key"]
    done = client.post(f"/games/{finished}/undo", data=sent)
    assert done.status_code == 303
    assert hands_stored() == 0
    # The same confirmed form again (a double tap) is the same request: nothing more happens.
    assert client.post(f"/games/{finished}/undo", data=sent).status_code in (303, 409)
    assert hands_stored() == 0


def test_deleting_a_hand_of_a_game_that_is_over_asks_first_with_the_totals_it_leaves(
        client: FlaskClient, finished: str) -> None:
    res = client.post(f"/games/{finished}/hands/1/delete",
                      data={"version": version_on_board(client, finished)})
    assert res.status_code == 200
    html = res.get_data(as_text=True)
    assert "Delete hand 1?" in html
    assert "The totals become 0 – 0." in html
    assert hands_stored() == 1
    done = client.post(f"/games/{finished}/hands/1/delete", data=confirm_form(html))
    assert done.status_code == 303
    assert hands_stored() == 0


def test_a_game_still_played_is_changed_at_once(client: FlaskClient, game_id: str) -> None:
    assert post_hand(client, game_id, WORKED_HAND).status_code == 303
    assert client.post(f"/games/{game_id}/undo").status_code == 303
    assert hands_stored() == 0
    assert post_hand(client, game_id, WORKED_HAND).status_code == 303
    assert client.post(f"/games/{game_id}/hands/1/delete").status_code == 303
    assert hands_stored() == 0


def test_asking_first_works_in_spanish(client: FlaskClient) -> None:
    game_id = start_game(client, target="1000", language="es")
    assert post_hand(client, game_id, WORKED_HAND).status_code == 303
    refresh()  # the tests' shared app context keeps the first request's language
    client.get("/?lang=es")  # the language chosen on the home page
    refresh()
    html = client.post(f"/games/{game_id}/undo").get_data(as_text=True)
    assert "La partida ha terminado" in html
