"""The read-only game page and the scorekeeper's: nothing of one session reaches another.

The scorekeeper's page (edit link, forms) is never what a viewer gets, a flashed message is
shown once to its own visitor, and the CSRF token in the page's ``<meta>`` is each visitor's own.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from game_helpers import WORKED_HAND, edit_token_of, post_hand, start_game

CSRF_META = re.compile(r'<meta name="csrf-token" content="([^"]*)">')


@pytest.fixture(autouse=True)
def app_context() -> None:
    """No app context around the test (this folder's conftest pushes one): each request then
    gets its own, as in production, and nothing (such as the request's locale, which
    Flask-Babel keeps in the app context) carries over from one request to the next."""


def _page(client: FlaskClient, game_id: str, **kwargs: Any) -> str:
    res = client.get(f"/games/{game_id}", **kwargs)
    assert res.status_code == 200
    return res.get_data(as_text=True)


def test_the_editor_never_gets_the_read_only_page(app: Flask, client: FlaskClient,
                                                  ) -> None:
    game_id = start_game(client)
    post_hand(client, game_id)
    token = edit_token_of(client, game_id)
    viewer = app.test_client()
    _page(viewer, game_id)
    editor_page = _page(client, game_id)
    assert token in editor_page  # the share box holds the edit link
    assert f"/games/{game_id}/hands/new" in editor_page
    assert 'name="csrf_token"' in editor_page  # undo, new edit link
    # It follows the game too, to reload when another phone changes it (QA, 2026-12-05: a
    # second scorekeeper read the old totals); it is never swapped for a board.
    assert "sse-connect" in editor_page and 'hx-swap="none"' in editor_page
    news = client.get(f"/games/{game_id}?v=0", headers={"HX-Request": "true"})
    assert news.headers["Scorekeeper-Reload"] == "1" and news.get_data(as_text=True) == ""
    shown = re.search(r'sse-connect="[^"]*\?v=(\d+)"', editor_page)
    assert shown, editor_page
    assert client.get(f"/games/{game_id}?v={shown.group(1)}",
                      headers={"HX-Request": "true"}).status_code == 204
    board = client.get(f"/games/{game_id}", headers={"HX-Request": "true"})
    assert "/hands/1/edit" in board.get_data(as_text=True)
    assert board.headers["Cache-Control"] == "private, no-store"


def test_the_read_only_page_never_gets_the_editors(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(client)
    post_hand(client, game_id)
    token = edit_token_of(client, game_id)
    _page(client, game_id)
    for headers in ({}, {"HX-Request": "true"}):
        res = app.test_client().get(f"/games/{game_id}", headers=headers)
        body = res.get_data(as_text=True)
        assert token not in body
        assert "/hands/new" not in body and "/hands/1/edit" not in body
        assert 'name="csrf_token"' not in body
        assert "hx-trigger" in body
        assert res.headers["Cache-Control"] == "no-cache"


def test_htmx_board_and_full_page_are_kept_apart(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(client)
    viewer = app.test_client()
    board = viewer.get(f"/games/{game_id}", headers={"HX-Request": "true"}).get_data(as_text=True)
    page = _page(viewer, game_id)
    board_again = viewer.get(f"/games/{game_id}",
                             headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "<html" not in board and board == board_again
    assert "<html" in page and 'id="board"' in page


def test_a_flashed_message_is_shown_once_to_its_visitor(app: Flask,
                                                        client: FlaskClient) -> None:
    game_id = start_game(client)
    viewer = app.test_client()
    _page(viewer, game_id)
    with viewer.session_transaction() as sess:
        sess["_flashes"] = [("message", "A note for this visitor only")]
    assert "A note for this visitor only" in _page(viewer, game_id)
    for other in (app.test_client(), viewer):
        assert "A note for this visitor only" not in _page(other, game_id)


def test_each_visitor_gets_its_own_csrf_token_and_the_headers(app: Flask,
                                                               client: FlaskClient) -> None:
    game_id = start_game(client)
    tokens = set()
    for _ in range(3):
        res = app.test_client().get(f"/games/{game_id}")
        body = res.get_data(as_text=True)
        match = CSRF_META.search(body)
        assert match and match.group(1)
        tokens.add(match.group(1))
        assert res.headers["Content-Security-Policy"].startswith("default-src 'self'")
        assert res.headers["X-Content-Type-Options"] == "nosniff"
        assert res.headers["Referrer-Policy"] == "same-origin"
        assert res.headers["Cache-Control"] == "no-cache"
        assert "HX-Request" in res.headers["Vary"] and "Cookie" in res.headers["Vary"]
    assert len(tokens) == 3
    # The visit is still remembered for "Your games".
    viewer = app.test_client()
    _page(viewer, game_id)
    with viewer.session_transaction() as sess:
        assert sess["view_tokens"] == [game_id]


def test_unknown_game_is_404(client: FlaskClient) -> None:
    assert client.get("/games/nope").status_code == 404
    assert client.get("/games/nope?v=1", headers={"HX-Request": "true"}).status_code == 404
    assert client.get("/games/" + "x" * 101).status_code == 404


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The games the pages load from the database, one entry a load."""
    from scorekeeper.games import views

    loaded: list[str] = []
    real = views.game_or_404
    monkeypatch.setattr(views, "game_or_404",
                        lambda gid, **kw: loaded.append(gid) or real(gid, **kw))
    return loaded


def test_a_followers_board_is_drawn_once_per_change_and_shared(
        app: Flask, client: FlaskClient, loads: list[str]) -> None:
    # Three phones follow a table: on each news they all ask for the board. The first draws
    # it; the others get the same text without the game being loaded again.
    game_id = start_game(client)
    post_hand(client, game_id)
    htmx = {"HX-Request": "true"}
    phones = [app.test_client() for _ in range(3)]
    boards = [p.get(f"/games/{game_id}?v=0", headers=htmx) for p in phones]
    assert [b.status_code for b in boards] == [200, 200, 200]
    assert len({b.get_data(as_text=True) for b in boards}) == 1 and len(loads) == 1
    assert all(b.headers["Cache-Control"] == "no-cache" for b in boards)
    assert "1,035" in boards[0].get_data(as_text=True)  # the worked hand's first side
    # The next change is drawn anew, once, and says what changed.
    post_hand(client, game_id)
    after = [p.get(f"/games/{game_id}?v=1", headers=htmx).get_data(as_text=True)
             for p in phones]
    assert len(set(after)) == 1 and len(loads) == 2
    assert "2,070" in after[0] and after[0] != boards[0].get_data(as_text=True)
    # A phone in another language gets its own board, not the English one.
    spanish = app.test_client().get(f"/games/{game_id}?v=1",
                                    headers={**htmx, "Accept-Language": "es"})
    assert len(loads) == 3 and spanish.get_data(as_text=True) != after[0]
    # The scorekeeper's own page is never a follower's board: it reloads (its count buttons
    # and forms at the new version).
    own = client.get(f"/games/{game_id}?v=1", headers=htmx)
    assert own.headers["Scorekeeper-Reload"] == "1" and "/hands/1/edit" not in after[0]


def test_a_followers_page_is_drawn_once_per_change_with_each_phones_own_token(
        app: Flask, client: FlaskClient, loads: list[str]) -> None:
    # A table's phones scan its code at once: the first draws the page, the others get the
    # same page without the game being loaded again, each with its own CSRF token.
    from scorekeeper.games import shared_board

    game_id = start_game(client)
    post_hand(client, game_id)
    pages = [_page(app.test_client(), game_id) for _ in range(3)]
    assert len(loads) == 1
    tokens = [CSRF_META.search(page).group(1) for page in pages]  # type: ignore[union-attr]
    assert len(set(tokens)) == 3 and shared_board.CSRF_HOLE not in "".join(pages)
    assert len({CSRF_META.sub("", page) for page in pages}) == 1  # the same page otherwise
    assert "1,035" in pages[0] and f'sse-connect="/games/{game_id}/events?v=2"' in pages[0]
    # The next change is drawn anew.
    post_hand(client, game_id)
    after = _page(app.test_client(), game_id)
    assert len(loads) == 2 and "2,070" in after and "events?v=3" in after


def test_the_live_count_reads_its_game_once_per_version(
        app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    # A scorekeeper types a hand: each keystroke's live count reads the game's basis (its
    # totals, sides, rule set) once per version of the game, not once per keystroke; a hand
    # saved meanwhile on another phone makes a new version, counted from its new totals.
    from scorekeeper.services import game_reads

    reads: list[str] = []
    real = game_reads.find_game
    monkeypatch.setattr(game_reads, "find_game",
                        lambda token, **kw: reads.append(token) or real(token, **kw))
    game_id = start_game(client)
    post_hand(client, game_id)
    htmx = {"HX-Request": "true"}

    def live() -> str:
        res = client.post(f"/games/{game_id}/hands/preview", data=WORKED_HAND, headers=htmx)
        assert res.status_code == 200
        return res.get_data(as_text=True)

    first = [live() for _ in range(3)]
    assert reads == [game_id] and "→ 2,070" in first[0] and len(set(first)) == 1
    # Another phone of the table saves a hand: the next keystroke sees it.
    other = app.test_client()
    other.get(f"/games/{game_id}/join/{edit_token_of(client, game_id)}")
    assert post_hand(other, game_id).status_code == 303
    assert "→ 3,105" in live() and "→ 3,105" in live()
    assert reads == [game_id, game_id]
    # Without htmx ("Check" with JavaScript off) the whole form is drawn from the whole game.
    res = client.post(f"/games/{game_id}/hands/preview", data=WORKED_HAND)
    assert res.status_code == 200 and "→ 3,105" in res.get_data(as_text=True)
    assert "<html" in res.get_data(as_text=True)
