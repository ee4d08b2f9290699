"""A following phone's chart moves with its board (QA, 2026-12-05: after an undo the board said
1,560 / 1,030 while the chart under it still drew the hand undone, 2,830 / 1,720, until a
reload). The board a follower asks for on news brings the chart along, out of band."""

from __future__ import annotations

import re

from flask import Flask

HAND = {"end": "went_out", "sides": [
    {"table_points": 50, "hand_points": 0, "canastas": {"mixed": 1}, "going_out": "normal"},
    {"table_points": 0, "hand_points": 0}]}


def chart_of(html: str) -> str:
    """The chart section's summary (its SVG's label), "" when it is empty."""
    section = re.search(r'<section class="chart" id="chart"[^>]*>(.*?)</section>', html, re.S)
    assert section is not None, html[:400]
    label = re.search(r'aria-label="([^"]*)"', section.group(1))
    return label.group(1) if label else ""


def test_the_followers_board_brings_its_chart(app: Flask) -> None:
    keeper = app.test_client()
    game = keeper.post("/api/v1/games", json={"ruleset": "classic", "sides": [
        {"name": "Nosotros"}, {"name": "Ellos"}]}).get_json()
    auth = {"Authorization": f"Bearer {game['edit_token']}"}
    follower = app.test_client()
    page = follower.get(f"/games/{game['id']}").get_data(as_text=True)
    assert chart_of(page) == ""  # no hand yet: an empty place for the first one's chart
    assert re.search(r'<section class="chart" id="chart"[^>]*\bhidden\b', page)

    assert keeper.post(f"/api/v1/games/{game['id']}/hands", json=HAND,
                       headers=auth).status_code == 201
    news = {"HX-Request": "true"}
    board = follower.get(f"/games/{game['id']}?v=1", headers=news).get_data(as_text=True)
    assert 'id="board"' in board
    assert 'hx-swap-oob="true"' in board
    assert "Nosotros 450; Ellos 0 after 1 hand" in chart_of(board)

    assert keeper.post(f"/api/v1/games/{game['id']}/hands", json=HAND,
                       headers=auth).status_code == 201
    undo = keeper.post(f"/api/v1/games/{game['id']}/undo", headers=auth)
    assert undo.status_code == 200, undo.get_json()
    board = follower.get(f"/games/{game['id']}?v=2", headers=news).get_data(as_text=True)
    assert "Nosotros 450; Ellos 0 after 1 hand" in chart_of(board)
    # The page a follower opens says the same.
    assert "Nosotros 450; Ellos 0 after 1 hand" in chart_of(
        follower.get(f"/games/{game['id']}").get_data(as_text=True))


def test_a_followers_shared_page_keeps_no_other_phones_query(app: Flask) -> None:
    """The read-only page is drawn once and shared by a table's phones; its language links
    keep the page's query (web.language_link), so one phone's query must not reach the
    page another phone gets."""
    keeper = app.test_client()
    game = keeper.post("/api/v1/games", json={"ruleset": "classic"}).get_json()
    first = app.test_client().get(f"/games/{game['id']}?seat=north").get_data(as_text=True)
    assert 'href="?seat=north&amp;lang=es"' in first
    other = app.test_client().get(f"/games/{game['id']}").get_data(as_text=True)
    assert "seat=north" not in other and 'href="?lang=es"' in other
