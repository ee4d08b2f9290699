"""One word for jokers per language (issue 25: Spanish American and Cuban screens said "jokers"
in one place and "comodines" in another). In Spanish the card is "joker", as the Spanish rule
texts name it (000 "dos comodines o Joker", 001 "los joker (comodines)"); "comodín" is a wild
card, a joker or a 2, as in "canasta de comodines"."""

from __future__ import annotations

import html as html_lib
import re

import pytest
from catalogs import translated_pairs
from flask.testing import FlaskClient

from scorekeeper import ROOT

pytestmark = pytest.mark.no_database

CATALOGUE = ROOT / "translations" / "es" / "LC_MESSAGES" / "messages.po"


def test_the_spanish_catalogue_calls_a_joker_a_joker() -> None:
    pairs = translated_pairs(CATALOGUE)
    jokers = [(i, s) for i, s in pairs if "joker" in i.lower()]
    assert len(jokers) >= 10
    assert [i for i, s in jokers if "joker" not in s.lower()] == []
    # "Comodín" only where the English says "wild": never for the joker itself.
    assert [i for i, s in pairs if "comod" in s.lower() and "wild" not in i.lower()] == []


def _text(html: str) -> str:
    return html_lib.unescape(re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize("ruleset", ["american", "cuban"])
def test_the_spanish_count_says_jokers(client: FlaskClient, ruleset: str) -> None:
    html = client.get(f"/calculator?ruleset={ruleset}&lang=es").get_data(as_text=True)
    # The card helper's box for jokers, and the canastas and melds of four jokers.
    assert re.search(r'<label for="f-sides-0-table_cards-jokers">Jokers\s*<', html)
    text = _text(html)
    assert "cuatro jokers" in text
    assert "cuatro comodines" not in text and "Comodines ×" not in text
