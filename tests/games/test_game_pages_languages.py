"""A game's pages in Portuguese and Italian: chosen by ``?lang=`` or the browser's language, in the
game's own words, with the locale's numbers; the language switch offers every language."""

from __future__ import annotations

import pytest
from flask_babel import refresh
from game_helpers import WORKED_HAND, post_hand, start_game

pytestmark = pytest.mark.usefixtures("app_context")

#: Per language: a line of the count form, of the game page, the worked hand's 1,035 as the
#: locale groups it, and the count form's question about the hand's end.
WORDS = {
    "pt": {"board": "Contar esta mão", "running": "Total acumulado por mão", "number": "1.035",
           "count": "Como a mão terminou?", "mixed": "Canastra suja", "went_out": "Bateu?"},
    "it": {"board": "Conta questa mano", "running": "Totale progressivo per mano",
           "number": "1.035", "count": "Come è finita la mano?", "mixed": "Canasta sporca",
           "went_out": "Ha chiuso?"},
}


def text(res) -> str:
    assert res.status_code == 200, res.status_code
    return res.get_data(as_text=True)


@pytest.mark.parametrize("lang", list(WORDS))
def test_game_page_and_count_form_in_the_language(client, lang):
    refresh()  # the tests' shared app context would keep the first request's language
    game_id = start_game(client)
    res = post_hand(client, game_id, WORKED_HAND)
    assert res.status_code in (200, 303)
    words = WORDS[lang]
    refresh()
    html = text(client.get(f"/games/{game_id}?lang={lang}"))
    assert f'<html lang="{lang}">' in html
    assert words["board"] in html
    assert words["number"] in html  # Nosotros' 1,035 grouped the locale's way
    assert "Count this hand" not in html
    refresh()
    form = text(client.get(f"/games/{game_id}/hands/new"))  # the session remembers the language
    for key in ("count", "mixed", "went_out"):
        assert words[key] in form, key
    assert "How did the hand end?" not in form


@pytest.mark.parametrize(("header", "lang"), [("pt-BR,pt;q=0.9,en;q=0.5", "pt"),
                                              ("it-IT,it;q=0.9", "it"), ("pt-PT", "pt")])
def test_the_browsers_language_chooses_portuguese_or_italian(client, header, lang):
    refresh()
    html = text(client.get("/", headers={"Accept-Language": header}))
    assert f'<html lang="{lang}">' in html
    assert {"pt": "Novo jogo", "it": "Nuova partita"}[lang] in html


def test_the_language_switch_names_each_language_in_itself(client):
    refresh()
    html = text(client.get("/?lang=it"))
    for code, name in (("en", "English"), ("es", "Español"), ("pt", "Português"),
                       ("it", "Italiano")):
        assert f'href="?lang={code}" hreflang="{code}" lang="{code}"' in html
        assert f">{name}</a>" in html
