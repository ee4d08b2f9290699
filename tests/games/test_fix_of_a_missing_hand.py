"""A correction posted for a hand that is not there (issue 41): past the last hand, hand 0, a
negative number, with a request key too long to keep. Never a 500: Not Found where there is no
hand to show the form on, the form again (4xx) where there is; nothing is stored either way."""

from __future__ import annotations

import re
from typing import Any

import pytest
from game_helpers import WORKED_HAND, post_hand
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import Game
from scorekeeper.models.changes import GameChange
from scorekeeper.services.writing import MAX_REQUEST_KEY

LONG_KEY = "k" * (MAX_REQUEST_KEY + 1)
#: The worked hand with one more red 3: a correction that would change the stored hand.
CORRECTED = {**WORKED_HAND, "sides[1].red_threes": "1"}


def stored(game_id: str) -> tuple[int, list[list[int]], int]:
    """What the database holds for the game: its version, its hands' totals, its changes."""
    db.session.expire_all()
    game = db.session.execute(select(Game)).scalar_one()
    changes = db.session.execute(
        select(func.count()).select_from(GameChange).where(GameChange.game_id == game.id)
    ).scalar_one()
    return game.version, [list(h.totals) for h in game.hands], changes


def version_of(client: Any, game_id: str, number: int) -> str:
    html = client.get(f"/games/{game_id}/hands/{number}/edit").get_data(as_text=True)
    found = re.search(r'name="version" value="(\d+)"', html)
    assert found
    return found.group(1)


@pytest.fixture
def two_hands(client: Any, game_id: str) -> str:
    assert post_hand(client, game_id, request_key="1").status_code == 303
    assert post_hand(client, game_id, request_key="2").status_code == 303
    return game_id


@pytest.mark.parametrize("number", [3, 4, 99])
@pytest.mark.parametrize("extra", [{}, {"request_key": LONG_KEY}],
                         ids=["plain", "key too long"])
def test_a_correction_past_the_last_hand_is_not_found(client, two_hands, number, extra):
    before = stored(two_hands)
    res = client.post(f"/games/{two_hands}/hands/{number}", data={**CORRECTED, **extra})
    assert res.status_code == 404
    assert stored(two_hands) == before


@pytest.mark.parametrize("extra", [{}, {"request_key": LONG_KEY}, {"version": "1"},
                                   {"version": "1", "request_key": LONG_KEY}],
                         ids=["plain", "key too long", "a hand's version", "both"])
def test_hand_zero_is_not_found(client, two_hands, extra):
    """Not the last hand shown as the one being fixed, nor a hand found by its version."""
    extra = {k: (version_of(client, two_hands, 1) if k == "version" else v)
             for k, v in extra.items()}
    before = stored(two_hands)
    res = client.post(f"/games/{two_hands}/hands/0", data={**CORRECTED, **extra})
    assert res.status_code == 404
    assert "Fix hand" not in res.get_data(as_text=True)
    assert client.post(f"/games/{two_hands}/hands/0/delete", data=extra).status_code == 404
    assert stored(two_hands) == before


def test_a_negative_hand_is_not_found(client, two_hands):
    before = stored(two_hands)
    assert client.post(f"/games/{two_hands}/hands/-1", data=CORRECTED).status_code == 404
    assert client.post(f"/games/{two_hands}/hands/-1", data={
        **CORRECTED, "request_key": LONG_KEY}).status_code == 404
    assert client.get(f"/games/{two_hands}/hands/0/edit").status_code == 404
    assert stored(two_hands) == before


def test_a_key_too_long_on_a_hand_that_is_there_shows_its_form(client, two_hands):
    version = version_of(client, two_hands, 2)
    before = stored(two_hands)
    res = client.post(f"/games/{two_hands}/hands/2",
                      data={**CORRECTED, "version": version, "request_key": LONG_KEY})
    assert res.status_code == 422
    html = res.get_data(as_text=True)
    assert "This form cannot be saved (its key is too long)." in html
    assert "Fix hand 2" in html and 'name="sides[1].red_threes" value="1"' in html
    assert stored(two_hands) == before


def test_a_correction_that_followed_its_hand_is_shown_on_it_when_refused(client, two_hands):
    """Hand 2's form opened, hand 1 removed meanwhile: the form posts to /hands/2, past the
    last hand now; refused for its count, it is shown again on the hand it follows (now 1)."""
    version = version_of(client, two_hands, 2)
    assert client.post(f"/games/{two_hands}/hands/1/delete",
                       data={"version": version_of(client, two_hands, 1)}).status_code == 303
    before = stored(two_hands)
    res = client.post(f"/games/{two_hands}/hands/2", data={
        **CORRECTED, "sides[1].hand_points": "47", "version": version})
    assert res.status_code == 422
    html = res.get_data(as_text=True)
    assert "multiples of 5" in html and "Fix hand 1" in html
    res = client.post(f"/games/{two_hands}/hands/2", data={
        **CORRECTED, "version": version, "request_key": LONG_KEY})
    assert res.status_code == 422 and "Fix hand 1" in res.get_data(as_text=True)
    assert stored(two_hands) == before
    # Sent well, the correction follows its hand as before.
    assert client.post(f"/games/{two_hands}/hands/2",
                       data={**CORRECTED, "version": version}).status_code == 303
    assert stored(two_hands)[1] == [[1035, 335]]
