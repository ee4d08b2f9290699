"""What one game may hold: at most MAX_HANDS hands (``services.games.check_room_for_hand``)."""

from __future__ import annotations

import pytest
from flask_babel import force_locale

from scorekeeper.engine import EntryErrors
from scorekeeper.i18n import error_message
from scorekeeper.services import games as games_service

HAND = {"end": "went_out", "sides": [
    {"table_points": 50, "hand_points": 0, "canastas": {"mixed": 1}, "going_out": "normal"},
    {"table_points": 0, "hand_points": 0}]}


def test_the_bound_is_generous_for_any_real_game():
    # A classic game to 5,000 is 20 to 30 hands; a game to the highest target about 70.
    assert games_service.MAX_HANDS >= 150


def test_a_game_with_room_takes_a_hand_and_a_full_one_is_refused_on_hands(app, client,
                                                                         monkeypatch):
    monkeypatch.setattr(games_service, "MAX_HANDS", 2)
    made = client.post("/api/v1/games", json={"ruleset": "classic", "players": 4,
                                              "target": 100_000}).get_json()
    auth = {"Authorization": f"Bearer {made['edit_token']}"}
    with app.app_context():
        for _ in range(2):
            game = games_service.find_game(made["id"])
            assert game is not None
            games_service.check_room_for_hand(game)  # room left: nothing raised
            assert client.post(f"/api/v1/games/{made['id']}/hands", json=HAND,
                               headers=auth).status_code == 201
        from scorekeeper.extensions import db

        db.session.rollback()
        game = games_service.find_game(made["id"])
        assert game is not None and len(game.hands) == 2
        with pytest.raises(EntryErrors) as refused:
            games_service.check_room_for_hand(game)
    (error,) = refused.value.errors
    assert error.field == "hands"
    assert error.message == ("A game keeps at most 2 hands: start a new game to play on.")
    with app.test_request_context(), force_locale("es"):
        assert error_message(error) == (
            "Una partida guarda como mucho 2 manos: empieza una partida nueva para seguir "
            "jugando.")


def test_the_api_document_states_the_bound(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    add = doc["paths"]["/games/{game_id}/hands"]["post"]
    assert f"at most {games_service.MAX_HANDS} hands" in add["description"]
    assert str(games_service.MAX_HANDS) in add["responses"]["422"]["description"]
