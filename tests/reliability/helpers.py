"""Games and hands the reliability tests share.

``HAND`` is worth 450 to the first side (50 on the table + 300 for a mixed canasta + 100 for
going out, classic rules) and 0 to the second; the target is high enough that 200 such hands
never finish the game.
"""

from __future__ import annotations

from typing import Any

NEW_GAME: dict[str, Any] = {"ruleset": "classic", "players": 4, "target": 100000,
                            "sides": [{"name": "Nosotros"}, {"name": "Ellos"}]}
HAND: dict[str, Any] = {"end": "went_out", "sides": [
    {"table_points": 50, "hand_points": 0, "canastas": {"mixed": 1}, "going_out": "normal"},
    {"table_points": 0, "hand_points": 0},
]}
HAND_POINTS = 450


def auth(edit_token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {edit_token}"}
