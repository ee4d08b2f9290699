"""Modern American Canasta (VARIANTS.md section 1) on the rules card and the opening-minimum
page, in English and Spanish."""

from __future__ import annotations

import pytest
from quick_helpers import card_rows, text

# No test here touches the database (the rules card and the opening-minimum page read only the
# preset), so the PostgreSQL run of .ci/run leaves the module out.
pytestmark = pytest.mark.no_database


def card(client, lang: str = "en") -> str:
    res = client.get(f"/rules/american?lang={lang}")
    assert res.status_code == 200
    return res.get_data(as_text=True)


def test_american_rules_card(client):
    page = card(client)
    rows = card_rows(page)
    assert rows["Canasta of sevens"] == "+2,500" and rows["Canasta of aces"] == "+2,500"
    assert rows["Canasta of seven 2s"] == "+3,000"
    assert rows["Canasta of the four jokers and three 2s"] == "+2,500"
    assert rows["Wild-card canasta"] == "+2,000"
    assert rows["Going out"] == "+100" and "Going out concealed" not in rows
    assert rows["Each set of 3 or more aces or 3 or more sevens left in a player's "
                "hand"] == "\u22121,500"
    assert rows["Each black 3 left in hand"] == "\u2212100"
    assert rows["Each red 3 still in hand at the end"] == "\u2212100"
    assert rows["Garbage (4-4-3-3)"] == "3,000" and rows["Straight: one of each rank, a 3 and "
                                                          "wild cards"] == "3,000"
    assert rows["Play to"] == "8,500"
    # "each colour scored separately: 1 = 100, 2 = 300, 3 = 500, 4 = 1000"
    assert [rows[f"Red 3s × {n}"] for n in (1, 2, 3, 4)] == ["+100", "+300", "+500", "+1,000"]
    assert "Each red 3" not in rows
    words = text(page)
    assert ("They count against a side with no canasta, nothing for a side with one, and for a "
            "side with two or more.") in words
    assert ("A side with no canasta counts its cards on the table against it, as well as those "
            "in hand.") in words
    assert "To go out a side needs: 2 finished canastas." in words
    assert "A side that has melded nothing may go out with one" in words
    assert ("They are laid out like red 3s and counted by the red 3s' values and sign, each "
            "colour on its own.") in words
    assert "melded only when going out" not in words


def test_american_rules_card_in_spanish(client):
    words = text(card(client, "es"))
    assert "Canasta americana moderna" in words
    assert "Manos especiales" in words and "Siete parejas, sin comodín" in words
    assert "Cada grupo de 3 o más ases o 3 o más sietes que queda en la mano de un jugador" in words
    assert "8.500" in words


def test_american_opening_minimum(client):
    # "below 3000 (negative included) 125; 3000–4995 155; 5000+ 180"
    for score, minimum in ((-200, 125), (2995, 125), (3000, 155), (4995, 155), (5000, 180)):
        res = client.get(f"/api/v1/opening-minimum?ruleset=american&score={score}")
        assert res.status_code == 200
        assert res.get_json()["minimum"] == minimum
