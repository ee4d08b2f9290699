"""A club's season on a phone (390×844, scripts on): a player opens the series' standings from
the link the club shared, then a pair's history and its head-to-head. Screenshots for a person
to look at."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import requests
from playwright.sync_api import Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "series"))
from phone import page_width
from season_helpers import play_season  # noqa: E402

Shot = Callable[..., Path]


def a_season(live_server: str, name: str) -> dict[str, Any]:
    """Two nights played through the API and kept in a series of ``name``: the series as the
    API made it (its id and admin token)."""
    def post(url: str, body: dict[str, Any] | None, headers: dict[str, str]
             ) -> tuple[int, Any]:
        answer = requests.post(f"{live_server}{url}", json=body, headers=headers, timeout=60)
        return answer.status_code, answer.json()

    nights = play_season(post)
    status, made = post("/api/v1/series", {"name": name, "best_of": 2}, {})
    assert status == 201, made
    for tid, token in nights:
        status, answer = post(f"/api/v1/series/{made['id']}/nights",
                              {"tournament": tid, "admin_token": token},
                              {"Authorization": f"Bearer {made['admin_token']}"})
        assert status == 201, answer
    return dict(made)


def test_a_player_opens_the_seasons_standings_and_a_pairs_history(
        browser: Any, live_server: str, shot: Shot) -> None:
    made = a_season(live_server, "Liga de invierno")

    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True)
    page: Page = context.new_page()
    # The public link the API handed out, as the club would share it.
    assert made["standings_url"] == f"{live_server}/series/{made['id']}/standings"
    page.goto(made["standings_url"])
    expect(page.get_by_role("heading", name="Liga de invierno")).to_be_visible()
    table = page.locator("table.series-table")
    expect(table.locator("tbody tr")).to_have_count(5)
    expect(page.locator("#series-standings")).to_contain_text(
        "Best 2 of 3: each pair’s best 2 nights count")
    # Best 2 of 3 on difference: the Ases' night 3 does not count.
    expect(table.locator("tbody tr").first).to_contain_text("Ases del club")
    expect(table.locator("tbody tr").first.locator("td.total")).to_have_text("+2,000")
    # On the phone each night's score is on a line under the pair; the Fours missed night 3.
    expect(table.locator("tbody tr").nth(3).locator(".night-line")).to_have_text(
        "2 nights played · N1 −100 · N2 +50 · N3 absent")
    expect(table.locator("td.night-score").first).to_be_hidden()
    # The page itself never scrolls sideways; the table scrolls in its own strip.
    assert page_width(page) <= 390
    shot(page, "season-standings-390")

    link = table.get_by_role("link", name="Ases del club")
    box = link.bounding_box()
    assert box is not None and box["height"] >= 20
    link.tap()
    expect(page.get_by_role("heading", name="Ases del club", level=1)).to_be_visible()
    expect(page.locator(".series-summary")).to_contain_text("3 nights played")
    expect(page.locator("section.pair-night")).to_have_count(3)
    page.get_by_label("Against").select_option(label="Cincos")
    page.get_by_role("button", name="Show").tap()
    expect(page.locator(".h2h-tally")).to_have_text(
        "Against Cincos: 1 won, 0 lost, 0 drawn; difference +1,200.")
    assert page_width(page) <= 390
    shot(page, "season-pair-history-390")
    page.locator("section.head-to-head").scroll_into_view_if_needed()
    shot(page, "season-head-to-head-390", full_page=False)
    context.close()


# The season's nights show their dates.
@pytest.mark.both_dates
def test_the_seasons_pages_have_no_serious_accessibility_violations(
        browser: Any, live_server: str, shot: Shot) -> None:
    from test_a11y import serious_violations

    made = a_season(live_server, "Liga")
    series = requests.get(f"{live_server}/api/v1/series/{made['id']}", timeout=60).json()
    first = series["standings"][0]
    context = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
    page = context.new_page()
    found = {}
    page.goto(made["desk_url"])  # the desk, with a night's link refused by its field
    page.get_by_label("The night’s desk link", exact=True).fill("http://example.com/nothing")
    page.get_by_role("button", name="Add the night").click()
    expect(page.locator("#err-link")).not_to_be_empty()
    found["desk"] = serious_violations(page)
    assert page_width(page) <= 390
    shot(page, "season-desk-refused-link-390")
    for name, url in (("standings", made["standings_url"]),
                      ("pair", f"{first['history_url']}?against={series['standings'][1]['key']}"),
                      ("new", f"{live_server}/series/")):
        page.goto(url)
        found[name] = serious_violations(page)
    page.goto(first["history_url"])
    page.locator(".player-links a").first.click()
    expect(page.locator("table.player-nights")).to_be_visible()
    found["player"] = serious_violations(page)
    # Each night's figure on the screen, in the language with the longest headings
    # (QA, 2026-12-05: Italian's "Differenza" was cut, to be read by swiping the table).
    for lang in ("it", "pt", "es"):
        page.goto(f"{page.url.split('?')[0]}?lang={lang}")
        box = page.locator(".player-nights").evaluate(
            "t => [t.scrollWidth, t.parentElement.clientWidth]")
        assert box[0] <= box[1], (lang, box)
    assert found == {k: [] for k in found}, found
    context.close()
