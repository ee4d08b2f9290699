"""Helpers for the game page tests: start a game through the form, post hands as a phone would."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient
from worked_hand import WORKED_HAND, form_hand  # noqa: F401 (the pages' tests take it here)

from scorekeeper.games import house_rules_form
from scorekeeper.services import house_rules as house_service


def start_game(client: FlaskClient, **fields: Any) -> str:
    """Start a game through ``/games/new``; returns its id (the read-only token)."""
    data = {"ruleset": "classic", "players": "4", "shown_ruleset": fields.get("ruleset",
                                                                            "classic"),
            "side_0_name": "Nosotros", "side_1_name": "Ellos",
            "side_0_player_0": "Ana", "side_0_player_1": "Luis", **fields}
    res = client.post("/games/new", data=data)
    assert res.status_code == 303, res.get_data(as_text=True)
    game_id = res.headers["Location"].rsplit("/", 1)[-1]
    return game_id


def edit_token_of(client: FlaskClient, game_id: str) -> str:
    with client.session_transaction() as sess:
        return sess["edit_tokens"][game_id]


def post_hand(client: FlaskClient, game_id: str, hand: dict[str, str] | None = None,
              **extra: str) -> Any:
    return client.post(f"/games/{game_id}/hands", data={**(hand or WORKED_HAND), **extra})


def make_house(client: FlaskClient, preset: str = "classic", name: str = "Casa Pérez") -> str:
    """House rules made through the form from ``preset``; their id."""
    res = client.post("/games/house-rules/new", data={"preset": preset, "name": name})
    assert res.status_code == 303
    return res.headers["Location"].rsplit("/", 1)[-1]


def form_of(house_id: str) -> dict[str, str]:
    """What the edit form holds for the stored rules (as the page fills it in English)."""
    return house_rules_form.form_values(house_service.find(house_id))
