"""The card helper's rows are the game's groups of cards (issue 42): where 3s are ordinary
5-point cards (Buraco, Burraco: VARIANTS-2.md 11.2 "7–3 5", 12.2 "7, 6, 5, 4, 3: 5 punti") there is
no row of black 3s, and the 5-point row is named "3 to 7"; the classic game keeps its black-3
row and its "4 to 7"."""

from __future__ import annotations

import re

import pytest
from game_helpers import start_game


def rows(client, ruleset: str) -> list[str]:
    game_id = start_game(client, ruleset=ruleset, shown_ruleset=ruleset)
    page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    return re.findall(r'name="sides\[0\]\.table_cards\.(\w+)"', page)


@pytest.mark.parametrize("ruleset", ["buraco", "burraco"])
def test_no_black_three_row_where_threes_are_ordinary(client, ruleset: str) -> None:
    found = rows(client, ruleset)
    assert "fours_to_sevens" in found and "black_threes" not in found
    game_id = start_game(client, ruleset=ruleset, shown_ruleset=ruleset)
    page = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert ">3 to 7 <span" in page and ">4 to 7 <span" not in page


def test_the_classic_game_keeps_its_black_three_row(client) -> None:
    assert "black_threes" in rows(client, "classic")
