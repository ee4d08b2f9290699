"""One hand of Buraco counted in Portuguese and one of Burraco in Italian on a phone (390×844),
by tapping, in the games' own words (canastra limpa, morto, batida; burraco pulito, pozzetto,
chiusura); screenshots in artifacts/screenshots."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from phone import count_hand, open_more, page_width
from playwright.sync_api import Page, expect

from scorekeeper.engine.second_packet import NOT_TAKEN

Shot = Callable[[Page, str], Path]


def open_count(page: Page, live_server: str, ruleset: str, lang: str, start: str,
               count: str) -> str:
    """Start a four-player ``ruleset`` game in ``lang`` and open its count screen."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server}/games/new?ruleset={ruleset}&players=4&lang={lang}")
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
    page.get_by_role("button", name=start).first.click()
    page.wait_for_url(re.compile(r"/games/[\w-]{20,}$"))
    game_url = page.url
    page.get_by_role("link", name=count).click()
    page.wait_for_selector("#count-form")
    return game_url


@pytest.mark.parametrize(
    ("ruleset", "lang", "buttons", "words", "absent", "taps", "typed", "totals", "breakdowns"), [
        # Nós batem with a canastra limpa and an A–K one, 280 on the table: 200 + 500 + 100 +
        # 280 = 1.080. Eles never took the morto: 60 - 100 - 35 = -75. 3s are ordinary cards
        # in Buraco.
        ("buraco", "pt", ("Começar o jogo", "Contar esta mão", "Salvar esta mão"),
         ("Canastra limpa", "Canastra suja", "Batida"), ("3 vermelhos",),
         {"sides[0].canastas.natural": 1, "sides[0].canastas.ace_to_king": 1,
          f"sides[1].penalties.{NOT_TAKEN}": 1},
         {"sides[0].table_points": "280", "sides[1].table_points": "60",
          "sides[1].hand_points": "35"},
         ("1.080", "\u221275"), {1: "Morto não pegado"}),
        # Noi chiudono with a pulito and a semipulito, 400 on the table: 200 + 150 + 100 + 400
        # = 850. Loro never took the pozzetto: 50 - 100 - 80 = -130.
        ("burraco", "it", ("Inizia la partita", "Conta questa smazzata", "Salva questa smazzata"),
         ("Burraco pulito", "Burraco sporco", "Chiusura"), (),
         {"sides[0].canastas.natural": 1, "sides[0].canastas.semi_clean": 1,
          f"sides[1].penalties.{NOT_TAKEN}": 1},
         {"sides[0].table_points": "400", "sides[1].table_points": "50",
          "sides[1].hand_points": "80"},
         ("850", "\u2212130"), {0: "Burraco semipulito", 1: "Pozzetto non preso"}),
    ], ids=["buraco-pt", "burraco-it"])
def test_a_hand_in_the_games_own_words(page: Page, live_server: str, shot: Shot, ruleset: str,
                                       lang: str, buttons: tuple[str, str, str],
                                       words: tuple[str, ...], absent: tuple[str, ...],
                                       taps: dict[str, int], typed: dict[str, str],
                                       totals: tuple[str, str],
                                       breakdowns: dict[int, str]) -> None:
    start, count, save = buttons
    game_url = open_count(page, live_server, ruleset, lang, start, count)
    form = page.locator("#count-form")
    for text in words:
        expect(form).to_contain_text(text)
    for text in absent:
        expect(form).not_to_contain_text(text)
    open_more(page, "#side-0", "#side-1")
    count_hand(page, taps, typed)
    summary = page.locator("#count-summary")
    for total in totals:
        expect(summary).to_contain_text(total if total.startswith("\u2212") else f"+{total}")
    for side, line in breakdowns.items():
        expect(page.locator(f"#breakdown-{side}")).to_contain_text(line)
    assert page_width(page) <= 390
    shot(page, f"{ruleset}-{lang}-count")
    page.get_by_role("button", name=save).click()
    page.wait_for_url(game_url)
    expect(page.locator(".side-total")).to_contain_text(list(totals))
    shot(page, f"{ruleset}-{lang}-board")
