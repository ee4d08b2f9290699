"""Pairs on the night at the desk, in a 1280x800 browser with scripts on: a pair checked in,
one added and one withdrawn before game 1, the desk told what changed; a bad name shown by its
field. Screenshots for a person to look at."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import requests
from playwright.sync_api import Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tournaments"))
from phone import page_width
from tournament_helpers import VALUES, pairs  # noqa: E402

Shot = Callable[[Page, str], Path]


def test_the_desk_seats_game_1_again_as_pairs_come_and_go(browser, live_server: str,
                                                          shot: Shot) -> None:
    body = {"name": "Club", "values": VALUES, "pairs": pairs(6), "rounds": 3}
    made = requests.post(f"{live_server}/api/v1/tournaments", json=body, timeout=60).json()
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(f"{live_server}/tournaments/{made['id']}?token={made['admin_token']}")
    section = page.locator("section.pairs-desk")
    expect(section).to_contain_text("6 pairs not checked in yet.")
    section.get_by_role("button", name="Check in pair 1").click()
    expect(section).to_contain_text("5 pairs not checked in yet.")

    section.get_by_label("Pair name (optional)").last.fill("Golondrinas")
    section.get_by_label("Player 1").last.fill("Concha")
    section.get_by_label("Player 2").last.fill("Pilar")
    section.get_by_role("button", name="Add the pair").click()
    expect(page.locator("section.pairs-desk")).to_contain_text(
        "Pair 7, Golondrinas, was added.")
    expect(page.locator("section.pairs-desk")).to_contain_text("Pair 7 sits out game 1.")

    page.locator("section.pairs-desk").get_by_role("button", name="Withdraw pair 3").click()
    # Asked first: what will change, then confirmed.
    expect(page.locator(".confirm-consequences")).to_contain_text(
        "Its number is retired: every other pair keeps its own number all night.")
    page.get_by_role("button", name="Yes, withdraw pair 3").click()
    told = page.locator("section.pairs-desk .notice")
    expect(told).to_contain_text("Pair 3, Pair 3, was withdrawn.")
    expect(told).not_to_contain_text("is now pair")
    shot(page, "pairs-on-the-night-1280")

    section = page.locator("section.pairs-desk")
    section.get_by_label("Pair name (optional)").last.fill("x" * 60)
    section.get_by_label("Player 1").last.fill("Rosa")
    section.get_by_role("button", name="Add the pair").click()
    error = page.locator("#err-add-players")
    expect(error).to_have_text("A pair needs two players.")
    expect(page.get_by_label("Player 1").last).to_have_value("Rosa")
    assert page_width(page) <= 1280
    data = requests.get(f"{live_server}/api/v1/tournaments/{made['id']}", timeout=60).json()
    assert [(p["number"], p["name"]) for p in data["pairs"]] == [
        (1, "Pair 1"), (2, "Pair 2"), (4, "Pair 4"), (5, "Pair 5"), (6, "Pair 6"),
        (7, "Golondrinas")]
    context.close()


# The tournament's pages read the tables' deadlines (Date.parse).
@pytest.mark.both_dates
def test_the_pairs_section_has_no_serious_accessibility_violations(browser,
                                                                   live_server: str) -> None:
    from test_a11y import serious_violations

    made = requests.post(f"{live_server}/api/v1/tournaments", json={
        "name": "Club", "values": VALUES, "pairs": pairs(4), "rounds": 3}, timeout=60).json()
    context = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    page = context.new_page()
    page.goto(f"{live_server}/tournaments/{made['id']}?token={made['admin_token']}")
    section = page.locator("section.pairs-desk")
    section.get_by_role("button", name="Add the pair").click()  # nothing typed: errors
    expect(page.locator("#err-add-players")).not_to_be_empty()
    page.locator("section.pairs-desk details summary").first.click()
    found = {"before game 1, with errors": serious_violations(page)}
    page.get_by_role("button", name="Start the clock").click()
    expect(page.locator("section.pairs-desk")).to_contain_text("A substitute in game 1")
    found["after game 1 started"] = serious_violations(page)
    assert found == {k: [] for k in found}, found
    context.close()


@pytest.mark.parametrize("width", [360, 390])
def test_the_pairs_of_the_night_fit_a_phone_in_spanish(browser, live_server: str, shot: Shot,
                                                       width: int) -> None:
    # QA, 2026-12-05 (40 pairs, Spanish, 390 px): the pairs' table before game 1 was 411 px
    # wide; "Retirar la pareja N" was cut at the screen's edge.
    names = [("Los Castañuelas", "Araceli Pascual", "Ramiro Santana"),
             ("Las Amapolas de la Plaza Mayor", "Angustias Lorenzo", "Santiago Ibáñez")]
    body = {"name": "Club", "values": VALUES, "rounds": 3, "language": "es", "pairs": [
        {"name": names[i % 2][0], "players": list(names[i % 2][1:])} for i in range(40)]}
    made = requests.post(f"{live_server}/api/v1/tournaments", json=body, timeout=60).json()
    context = browser.new_context(viewport={"width": width, "height": 844}, locale="es-ES",
                                  is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{live_server}/tournaments/{made['id']}?token={made['admin_token']}&lang=es")
    section = page.locator("section.pairs-desk")
    expect(section).to_contain_text("40 parejas aún sin registrar")
    section.get_by_role("button", name="Registrar la pareja 1", exact=True).click()
    expect(section).to_contain_text("39 parejas aún sin registrar")
    assert page_width(page) <= width
    edges = page.evaluate("""() => [...document.querySelectorAll(
        '.pairs-table button, .pairs-table summary')].map(b => b.getBoundingClientRect().right)""")
    assert edges and max(edges) <= width, max(edges)
    section.locator(".pairs-table").scroll_into_view_if_needed()
    shot(page, f"pairs-on-the-night-es-{width}")
    context.close()
