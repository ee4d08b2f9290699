"""The count's refusals in each game's own words (issue 42): Burraco's burrachi and Hand and
Foot's books, in the four languages, through the API and the count page. The engine's messages
said "canastas" whatever the game; Buraco's Portuguese already says "canastras" and its other
languages say canastas as its sources do.
"""

from __future__ import annotations

import re

import flask_babel
import pytest
from flask.testing import FlaskClient
from test_each_games_words import LANGUAGES, start_game, words

#: The game's word for a finished meld in each language, and words no refusal of it may say.
OWN = {
    "burraco": {"en": "burrac", "es": "burrac", "pt": "burrac", "it": "burrac"},
    "hand-and-foot": {"en": "book", "es": "libro", "pt": "livro", "it": "libr"},
}
NOT_OURS = re.compile(r"canast", re.IGNORECASE)

#: Hands each game refuses for its melds: going out without those the game asks for, and a
#: table worth less than its melds hold.
HANDS = {
    "burraco": [
        {"going_out": "normal", "table_points": 100},
        {"canastas": {"natural": 1}, "table_points": 10},
    ],
    "hand-and-foot": [
        {"canastas": {"natural": 1}, "going_out": "normal", "table_points": 600},
        {"canastas": {"natural": 1}, "table_points": 10},
    ],
}


def api_refusals(client: FlaskClient, ruleset: str, lang: str, side: dict[str, object]
                 ) -> list[str]:
    flask_babel.refresh()
    res = client.post(f"/api/v1/score?lang={lang}",
                      json={"ruleset": ruleset, "sides": [side, {}],
                            "end": "went_out" if "going_out" in side else "stock_out"})
    assert res.status_code == 422, res.get_json()
    return [e["message"] for e in res.get_json()["errors"]]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("ruleset", list(OWN))
def test_api_refusals_name_the_games_melds(client: FlaskClient, ruleset: str, lang: str
                                           ) -> None:
    for side in HANDS[ruleset]:
        messages = [m for m in api_refusals(client, ruleset, lang, side)
                    if OWN[ruleset][lang] in m.lower() or NOT_OURS.search(m)]
        assert messages, (side, "no refusal about the melds")
        for message in messages:
            assert OWN[ruleset][lang] in message.lower(), message
            assert not NOT_OURS.search(message), message


def test_the_english_refusals_read_as_the_game_says_them(client: FlaskClient) -> None:
    said = api_refusals(client, "hand-and-foot", "en", HANDS["hand-and-foot"][0])
    assert said == ["Going out needs clean books: at least 2.",
                    "Going out needs wild books: at least 1.",
                    "Going out needs dirty books: at least 2."]
    said = api_refusals(client, "burraco", "en", HANDS["burraco"][0])
    assert "Going out needs burrachi: 1; this side has 0." in said
    said = api_refusals(client, "burraco", "it", HANDS["burraco"][1])
    assert said == ["I burrachi sul tavolo valgono almeno 35."]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_count_page_refuses_in_books(client: FlaskClient, lang: str) -> None:
    gid = start_game(client, "hand-and-foot")
    flask_babel.refresh()
    res = client.post(f"/games/{gid}/hands?lang={lang}", data={
        "end": "went_out", "sides[0].going_out": "normal",
        "sides[0].canastas.natural": "1", "sides[0].table_points": "10"})
    assert res.status_code == 422
    errors = " ".join(re.findall(r'<p class="field-error"[^>]*>([^<]+)</p>',
                                 res.get_data(as_text=True)))
    assert OWN["hand-and-foot"][lang] in words(errors).lower(), errors
    assert not NOT_OURS.search(errors), errors


def test_classic_still_says_canastas(client: FlaskClient) -> None:
    said = api_refusals(client, "classic", "en", {"going_out": "normal", "table_points": 100})
    assert "Going out needs finished canastas: 1; this side has 0." in said
