"""The worked hand as the count form posts it, shared by the page and API tests: Nosotros go out
with two mixed canastas (600 + 100 + 355 - 20 = 1,035); Ellos lay three red 3s
(300 + 280 - 45 = 535)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

WORKED_HAND = {
    "end": "went_out",
    "sides[0].going_out": "normal", "sides[0].canastas.mixed": "2",
    "sides[0].table_points": "355", "sides[0].hand_points": "20",
    "sides[1].going_out": "", "sides[1].table_points": "280", "sides[1].hand_points": "45",
    "sides[1].red_threes": "3",
}


def form_hand(*sides: Mapping[str, Any], end: str = "went_out") -> dict[str, str]:
    """A hand as the count form posts it, from each side's entries written as the API takes
    them: ``{"canastas": {"natural": 1}, "table_points": 400}`` is posted as
    ``sides[0].canastas.natural=1`` and ``sides[0].table_points=400``."""
    data = {"end": end}

    def put(name: str, value: Any) -> None:
        if isinstance(value, Mapping):
            for key, inner in value.items():
                put(f"{name}.{key}", inner)
        else:
            data[name] = str(value)

    for i, side in enumerate(sides):
        put(f"sides[{i}]", side)
    return data
