"""Blank sheets, kept sheets and rules cards of `buraco` and `burraco` (VARIANTS-2.md 11, 12),
one page each, in the four languages: each names the game's own kinds, its second packet and its
target in the language's words; no red 3 (ordinary cards in both)."""

from __future__ import annotations

import shutil

import pytest
from sheet_helpers import page_count, pdf_text

from scorekeeper.engine import find_ruleset
from scorekeeper.engine.second_packet import NOT_TAKEN
from scorekeeper.extensions import db
from scorekeeper.services import games, record

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext")

#: Per preset and language: the words the blank sheet and the rules card print.
WORDS = {
    ("buraco", "en"): ("Clean canastra", "Dirty canastra", "Morto not taken", "3,000"),
    ("buraco", "es"): ("Canastra limpia", "Canastra sucia", "Morto no tomado", "3.000"),
    ("buraco", "pt"): ("Canastra limpa", "Canastra suja", "Morto não pegado", "3.000"),
    ("buraco", "it"): ("Canastra pulita", "Canastra sporca", "Morto non preso", "3.000"),
    ("burraco", "en"): ("Clean burraco", "Dirty burraco", "Pozzetto not taken", "2,005"),
    ("burraco", "es"): ("Burraco limpio (pulito)", "Burraco sucio (sporco)",
                        "Pozzetto no tomado", "2.005"),
    ("burraco", "pt"): ("Burraco limpo (pulito)", "Burraco sujo (sporco)",
                        "Pozzetto não pegado", "2.005"),
    ("burraco", "it"): ("Burraco pulito", "Burraco sporco", "Pozzetto non preso", "2.005"),
}
CASES = list(WORDS)
IDS = [f"{rs}-{lang}" for rs, lang in CASES]


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.no_database
@pytest.mark.parametrize(("rs_id", "lang"), CASES, ids=IDS)
@pytest.mark.parametrize(("url", "kept"), [
    # The blank sheet prints the first two of the game's words, the rules card all of them.
    ("/sheets/blank.pdf?ruleset={rs_id}&players=4&paper=a4&lang={lang}", 2),
    ("/sheets/rules/{rs_id}.pdf?paper=a4&lang={lang}", None),
], ids=["blank-sheet", "rules-card"])
def test_one_page_in_the_games_words(client, rs_id: str, lang: str, url: str,
                                     kept: int | None) -> None:
    res = client.get(url.format(rs_id=rs_id, lang=lang))
    assert res.status_code == 200 and page_count(res.data) == 1
    text = flat("\n".join(pdf_text(res.data)))
    for words in WORDS[rs_id, lang][:kept]:
        assert words in text, words


@pytest.mark.parametrize(("rs_id", "lang"), CASES, ids=IDS)
def test_the_kept_sheet(client, rs_id: str, lang: str) -> None:
    new = games.create_game(find_ruleset(rs_id), players=4, language=lang,
                            sides=[{"name": "Nós"}, {"name": "Eles"}])
    # Side 0 goes out with a clean canastra/burraco (200 + 100 + 45); side 1 never took its
    # second packet: -100 + 30 - 20 = -90.
    record.add_hand(new.view_token, {"end": "went_out", "sides": [
        {"canastas": {"natural": 1}, "going_out": "normal", "table_points": 45},
        {"penalties": {NOT_TAKEN: 1}, "table_points": 30, "hand_points": 20}]},
        by="scorekeeper")
    db.session.commit()
    res = client.get(f"/sheets/games/{new.view_token}.pdf?lang={lang}")
    assert res.status_code == 200 and page_count(res.data) == 1
    text = flat("\n".join(pdf_text(res.data)))
    assert "345" in text and ("−90" in text or "-90" in text)
    assert WORDS[rs_id, lang][0] in text


@pytest.mark.no_database
@pytest.mark.parametrize("rs_id", ["buraco", "burraco"])
def test_the_rules_card_says_the_3s_are_ordinary_cards(client, rs_id: str) -> None:
    html = client.get(f"/rules/{rs_id}?lang=en").get_data(as_text=True)
    assert "3s, red and black, are ordinary cards" in html
    assert "they count only as bonuses" not in html
    assert "melded only when going out" not in html
    # Classic's card still says what its 3s do.
    html = client.get("/rules/classic?lang=en").get_data(as_text=True)
    assert "they count only as bonuses" in html and "ordinary cards" not in html



@pytest.mark.no_database
@pytest.mark.parametrize("rs_id", ["buraco", "burraco"])
def test_the_card_values_have_no_black_3_of_their_own(client, rs_id: str) -> None:
    """QA of 2026-12-05: the sheet's card values listed "Black 3 5" beside "3 to 7 5", where
    every 3 is an ordinary 5-point card (VARIANTS-2.md 11.2 "7–3 5", 12.2)."""
    import re

    res = client.get(f"/sheets/blank.pdf?ruleset={rs_id}&players=4&paper=a4&lang=en")
    text = flat("\n".join(pdf_text(res.data)))
    assert "3 to 7 5" in text and "Black 3 5" not in text, text
    html = client.get(f"/rules/{rs_id}?lang=en").get_data(as_text=True)
    card = flat(re.sub(r"<[^>]+>", " ", html.split("Card values", 1)[1].split("Canastas", 1)[0]))
    assert "7, 6, 5, 4, 3 5" in card and "Black 3 5" not in card, card
    # Classic's 3s are not ordinary: its black 3 keeps its value, its 4s to 7s their row.
    text = flat("\n".join(pdf_text(client.get(
        "/sheets/blank.pdf?ruleset=classic&players=4&paper=a4&lang=en").data)))
    assert "4 to 7 5" in text and "Black 3 5" in text
    html = client.get("/rules/classic?lang=en").get_data(as_text=True)
    card = flat(re.sub(r"<[^>]+>", " ", html.split("Card values", 1)[1].split("Canastas", 1)[0]))
    assert "7, 6, 5, 4 5" in card and "Black 3 5" in card, card
