"""One hand of Buraco counted in Portuguese and one of Burraco in Italian on a phone (390×844),
by tapping, in the games' own words (canastra limpa, morto, batida; burraco pulito, pozzetto,
chiusura); screenshots in artifacts/screenshots."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from phone import field, stepper
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


def fits(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def open_more(page: Page) -> None:
    for side in ("#side-0", "#side-1"):
        more = page.locator(f"{side} details.count-more > summary")
        if more.count() and not page.locator(f"{side} details.count-more[open]").count():
            more.click()


def test_a_buraco_hand_in_portuguese(page: Page, live_server: str, shot: Shot) -> None:
    game_url = open_count(page, live_server, "buraco", "pt", "Começar o jogo", "Contar esta mão")
    form = page.locator("#count-form")
    for words in ("Canastra limpa", "Canastra suja", "Batida"):
        expect(form).to_contain_text(words)
    expect(form).not_to_contain_text("3 vermelhos")  # 3s are ordinary cards in Buraco
    # Nós batem with a canastra limpa and an A–K one, 280 on the table: 200 + 500 + 100 + 280
    # = 1.080. Eles never took the morto: 60 - 100 - 35 = -75.
    page.check("input[name='sides[0].going_out'][value='normal']")
    open_more(page)
    stepper(page, "sides[0].canastas.natural")
    stepper(page, "sides[0].canastas.ace_to_king")
    field(page, "sides[0].table_points").fill("280")
    stepper(page, f"sides[1].penalties.{NOT_TAKEN}")
    field(page, "sides[1].table_points").fill("60")
    field(page, "sides[1].hand_points").fill("35")
    summary = page.locator("#count-summary")
    expect(summary).to_contain_text("+1.080")
    expect(summary).to_contain_text("\u221275")
    expect(page.locator("#breakdown-1")).to_contain_text("Morto não pegado")
    fits(page)
    shot(page, "buraco-pt-count")
    page.get_by_role("button", name="Salvar esta mão").click()
    page.wait_for_url(game_url)
    expect(page.locator(".side-total")).to_contain_text(["1.080", "\u221275"])
    shot(page, "buraco-pt-board")


def test_a_burraco_hand_in_italian(page: Page, live_server: str, shot: Shot) -> None:
    game_url = open_count(page, live_server, "burraco", "it", "Inizia la partita",
                          "Conta questa mano")
    form = page.locator("#count-form")
    for words in ("Burraco pulito", "Burraco sporco", "Chiusura"):
        expect(form).to_contain_text(words)
    # Noi chiudono with a pulito and a semipulito, 400 on the table: 200 + 150 + 100 + 400 =
    # 850. Loro never took the pozzetto: 50 - 100 - 80 = -130.
    page.check("input[name='sides[0].going_out'][value='normal']")
    open_more(page)
    stepper(page, "sides[0].canastas.natural")
    stepper(page, "sides[0].canastas.semi_clean")
    field(page, "sides[0].table_points").fill("400")
    stepper(page, f"sides[1].penalties.{NOT_TAKEN}")
    field(page, "sides[1].table_points").fill("50")
    field(page, "sides[1].hand_points").fill("80")
    summary = page.locator("#count-summary")
    expect(summary).to_contain_text("+850")
    expect(summary).to_contain_text("\u2212130")
    expect(page.locator("#breakdown-0")).to_contain_text("Burraco semipulito")
    expect(page.locator("#breakdown-1")).to_contain_text("Pozzetto non preso")
    fits(page)
    shot(page, "burraco-it-count")
    page.get_by_role("button", name="Salva questa mano").click()
    page.wait_for_url(game_url)
    expect(page.locator(".side-total")).to_contain_text(["850", "\u2212130"])
    shot(page, "burraco-it-board")
