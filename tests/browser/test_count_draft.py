"""What a scorekeeper types stays on her phone until the hand is saved: a reload, or the count
opened again after "Back to the game", brings back the hand as she left it (a refused save's
fix included), and nothing of a saved hand comes back on the next one (QA of 2026-12-05: a
reload emptied the form, a reopened count showed the refused try instead of its fix, and Back
after a save left the last hand's "Going out" chosen on the next hand's form)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from phone import api, page_width
from playwright.sync_api import Page, expect

# Each test starts with an empty localStorage: what one kept must not reach another.
pytestmark = pytest.mark.fresh_phone

HAND = {"end": "went_out", "sides": [
    {"table_points": 50, "hand_points": 0, "canastas": {"mixed": 1}, "going_out": "normal"},
    {"table_points": 0, "hand_points": 0}]}


def game_with_a_hand(base: str) -> dict[str, Any]:
    game = api(base, "/api/v1/games", {"ruleset": "classic", "players": 4, "sides": [
        {"name": "Nosotros"}, {"name": "Ellos"}]})
    api(base, f"/api/v1/games/{game['id']}/hands", HAND, game["edit_token"])
    return game


def ready(page: Page) -> None:
    """Wait for the page's scripts: the draft is put back and the live count started then."""
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")


def type_side(page: Page, n: int, table: int, canastas: int | None = None) -> None:
    """Side ``n``'s mixed canastas (when given) and table points, typed as a player does."""
    if canastas is not None:
        side(page, n, "canastas.mixed").fill(str(canastas))
    side(page, n, "table_points").fill(str(table))


def open_count(page: Page, base: str, game: dict[str, Any]) -> None:
    """The count of the next hand, from the game screen as a scorekeeper opens it."""
    page.goto(game["edit_url"])
    page.get_by_role("link", name="Count this hand").click()
    ready(page)


def hands_of(base: str, game: dict[str, Any], page: Page) -> list[list[int]]:
    answer = page.request.get(f"{base}/api/v1/games/{game['id']}")
    assert answer.ok
    return [hand["totals"] for hand in answer.json()["hands"]]


def side(page: Page, n: int, field: str) -> Any:
    return page.locator(f"[name='sides[{n}].{field}']")


def test_a_reload_in_the_middle_of_a_count_keeps_what_was_typed(page: Page,
                                                                live_server: str) -> None:
    game = game_with_a_hand(live_server)
    open_count(page, live_server, game)
    page.check("input[name='sides[0].going_out'][value='normal']")
    type_side(page, 0, 95, canastas=1)
    type_side(page, 1, 40)
    summary = page.locator("#count-summary")
    expect(summary).to_contain_text("+495", use_inner_text=True)

    page.reload()
    ready(page)
    expect(side(page, 0, "table_points")).to_have_value("95")
    expect(side(page, 1, "table_points")).to_have_value("40")
    expect(side(page, 0, "canastas.mixed")).to_have_value("1")
    expect(page.locator("input[name='sides[0].going_out'][value='normal']")).to_be_checked()
    # The live count follows what came back, the page says so, and nothing waits to be sent.
    expect(summary).to_contain_text("+495", use_inner_text=True)
    expect(page.locator(".draft-note .draft-text")).to_have_text(
        "Brought back as it was left: not saved yet.")
    expect(page.locator(".offline-notice")).to_have_count(0)
    assert hands_of(live_server, game, page) == [[450, 0]]

    page.get_by_role("button", name="Save this hand").click()
    page.wait_for_url(f"{live_server}/games/{game['id']}")
    assert hands_of(live_server, game, page) == [[450, 0], [495, 40]]


def test_the_count_opened_again_shows_the_fix_of_a_refused_save(page: Page,
                                                                 live_server: str) -> None:
    game = game_with_a_hand(live_server)
    open_count(page, live_server, game)
    page.check("input[name='sides[0].going_out'][value='normal']")
    type_side(page, 0, 120)
    page.get_by_role("button", name="Save this hand").click()
    expect(page.locator(".error-summary")).to_contain_text("The hand was not saved.")
    expect(page.locator(".draft-note")).to_have_count(0)  # the server's page says why

    # Fixed on the refused page, then left for the game screen without saving.
    type_side(page, 0, 95, canastas=1)
    expect(page.locator("#count-summary")).to_contain_text("+495", use_inner_text=True)
    page.get_by_role("link", name="Back to the game").click()
    page.wait_for_url(f"{live_server}/games/{game['id']}")

    page.get_by_role("link", name="Count this hand").click()
    ready(page)
    expect(side(page, 0, "table_points")).to_have_value("95")
    expect(side(page, 0, "canastas.mixed")).to_have_value("1")
    expect(page.locator("#count-summary")).to_contain_text("+495", use_inner_text=True)
    expect(page.locator(".draft-note")).to_be_visible()
    page.get_by_role("button", name="Save this hand").click()
    page.wait_for_url(f"{live_server}/games/{game['id']}")
    assert hands_of(live_server, game, page) == [[450, 0], [495, 0]]


def test_a_refused_fix_brought_back_can_be_dropped_for_the_saved_hand(
        page: Page, live_server: str) -> None:
    """QA, 2026-12-05: a fix refused for "-abc", left, then opened again showed "-abc" under
    the draft's note with no way back to the saved hand."""
    game = game_with_a_hand(live_server)
    page.goto(game["edit_url"])
    page.get_by_role("link", name="Fix hand 1").click()
    ready(page)
    expect(side(page, 0, "table_points")).to_have_value("50")
    side(page, 0, "table_points").fill("-abc")
    page.get_by_role("button", name="Save the corrected hand").click()
    expect(page.locator(".error-summary")).to_be_visible()
    page.get_by_role("link", name="Back to the game").click()
    page.wait_for_url(f"{live_server}/games/{game['id']}")

    page.get_by_role("link", name="Fix hand 1").click()
    ready(page)
    expect(side(page, 0, "table_points")).to_have_value("-abc")
    note = page.locator(".draft-note")
    expect(note).to_contain_text("Brought back as it was left: not saved yet.")
    note.get_by_role("button", name="Start again").click()
    expect(page.locator(".draft-note")).to_have_count(0)
    expect(side(page, 0, "table_points")).to_have_value("50")
    expect(side(page, 0, "canastas.mixed")).to_have_value("1")
    assert hands_of(live_server, game, page) == [[450, 0]]
    # Opened again, the saved hand stays: nothing typed was kept.
    page.reload()
    ready(page)
    expect(page.locator(".draft-note")).to_have_count(0)
    expect(side(page, 0, "table_points")).to_have_value("50")


def test_back_after_a_save_opens_a_clean_next_hand(page: Page, live_server: str) -> None:
    game = game_with_a_hand(live_server)
    open_count(page, live_server, game)
    page.check("input[name='sides[1].going_out'][value='normal']")
    type_side(page, 1, 95, canastas=1)
    page.get_by_role("button", name="Save this hand").click()
    page.wait_for_url(f"{live_server}/games/{game['id']}")
    expect(page.locator(".notice").first).to_have_text("Hand 2 saved.")

    page.go_back()
    ready(page)
    expect(page.locator("h1.count-title")).to_have_text("Count hand 3")
    for n in (0, 1):
        expect(page.locator(f"input[name='sides[{n}].going_out'][value='']")).to_be_checked()
    expect(page.locator("input[name$='.going_out']:checked")).to_have_count(2)
    expect(side(page, 1, "table_points")).to_have_value("")
    expect(side(page, 1, "canastas.mixed")).to_have_value("")


def test_a_draft_gives_way_when_the_game_moves_on(page: Page, live_server: str) -> None:
    """Another phone saved a hand meanwhile: the draft was most likely that hand, and a count
    of the next one starts empty."""
    game = game_with_a_hand(live_server)
    open_count(page, live_server, game)
    type_side(page, 0, 95)
    api(live_server, f"/api/v1/games/{game['id']}/hands", HAND, game["edit_token"])
    page.reload()
    ready(page)
    expect(side(page, 0, "table_points")).to_have_value("")


def test_a_who_went_out_tap_starts_its_own_count(page: Page, live_server: str) -> None:
    """QA of 2026-12-05 (Buraco): a count typed after tapping the wrong side, left unsaved, came
    back over the side tapped next, and the going-out bonus was saved for the wrong side."""
    game = game_with_a_hand(live_server)
    page.goto(game["edit_url"])
    page.get_by_role("link", name="Ellos").click()  # "Who went out?": side 2, by mistake
    ready(page)
    expect(page.locator("input[name='sides[1].going_out'][value='normal']")).to_be_checked()
    type_side(page, 1, 95, canastas=1)
    page.reload()  # the page it was typed on: the draft comes back
    ready(page)
    expect(side(page, 1, "table_points")).to_have_value("95")
    page.get_by_role("link", name="Back to the game").click()

    page.get_by_role("link", name="Nosotros").click()  # side 1 went out
    ready(page)
    expect(page.locator("input[name='sides[0].going_out'][value='normal']")).to_be_checked()
    expect(page.locator("input[name='sides[1].going_out'][value='']")).to_be_checked()
    expect(side(page, 1, "table_points")).to_have_value("")
    expect(side(page, 1, "canastas.mixed")).to_have_value("")
    expect(page.locator(".draft-note")).to_have_count(0)
    type_side(page, 0, 95, canastas=1)
    type_side(page, 1, 40)
    page.get_by_role("button", name="Save this hand").click()
    page.wait_for_url(f"{live_server}/games/{game['id']}")
    assert hands_of(live_server, game, page) == [[450, 0], [495, 40]]


def test_the_note_of_a_count_brought_back_speaks_the_pages_language(
        page: Page, live_server: str, shot: Callable[[Page, str], Path]) -> None:
    game = game_with_a_hand(live_server)
    page.goto(game["edit_url"])
    page.goto(f"{live_server}/games/{game['id']}/hands/new?lang=es")
    ready(page)
    type_side(page, 0, 95)
    page.reload()
    expect(page.locator(".draft-note .draft-text")).to_have_text(
        "Recuperada tal como quedó: todavía sin guardar.")
    expect(page.locator(".draft-note button")).to_have_text("Empezar de nuevo")
    expect(side(page, 0, "table_points")).to_have_value("95")
    assert page_width(page) <= 390
    shot(page, "count-draft-brought-back-es")
