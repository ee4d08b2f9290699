"""The read-only game page is served from a cache per (game, version, language, htmx).

Nothing of one session may reach another: the scorekeeper's page (edit link, forms) is never
cached nor served from the cache, a page with flashed messages is neither, and the CSRF token
in the page's ``<meta>`` is each visitor's own.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from game_helpers import edit_token_of, post_hand, start_game

from scorekeeper.games import views
from scorekeeper.services import games as games_service

CSRF_META = re.compile(r'<meta name="csrf-token" content="([^"]*)">')


@pytest.fixture(autouse=True)
def app_context() -> None:
    """No app context around the test (this folder's conftest pushes one): each request then
    gets its own, as in production, and nothing (such as the request's locale, which
    Flask-Babel keeps in the app context) carries over from one request to the next."""


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The game ids the views loaded in full (a page served from the cache loads none)."""
    seen: list[str] = []
    real = games_service.find_game

    def counting(view_token: str) -> Any:
        seen.append(view_token)
        return real(view_token)

    monkeypatch.setattr(games_service, "find_game", counting)
    return seen


def _page(client: FlaskClient, game_id: str, **kwargs: Any) -> str:
    res = client.get(f"/games/{game_id}", **kwargs)
    assert res.status_code == 200
    return res.get_data(as_text=True)


def test_second_visit_is_served_from_the_cache(app: Flask, client: FlaskClient,
                                               loads: list[str]) -> None:
    game_id = start_game(client)
    first = _page(app.test_client(), game_id)
    second = _page(app.test_client(), game_id)
    assert loads == [game_id]
    assert CSRF_META.sub("", first) == CSRF_META.sub("", second)


def test_a_saved_hand_changes_the_cached_page(app: Flask, client: FlaskClient,
                                              loads: list[str]) -> None:
    game_id = start_game(client)
    viewer = app.test_client()
    before = _page(viewer, game_id)
    assert "1,035" not in before
    assert post_hand(client, game_id).status_code == 303
    loads.clear()
    after = _page(viewer, game_id)
    assert loads == [game_id]  # a new version: rendered again
    assert "1,035" in after
    # The poll of the board sees the new version too.
    res = viewer.get(f"/games/{game_id}?v=1", headers={"HX-Request": "true"})
    assert res.status_code == 200 and "1,035" in res.get_data(as_text=True)
    with app.app_context():
        version = games_service.find_game(game_id).version  # type: ignore[union-attr]
    res = viewer.get(f"/games/{game_id}?v={version}", headers={"HX-Request": "true"})
    assert res.status_code == 204


def test_spanish_and_english_are_kept_apart(app: Flask, client: FlaskClient,
                                            loads: list[str]) -> None:
    game_id = start_game(client)
    spanish = app.test_client()
    english = app.test_client()
    for _ in range(2):  # the second round comes from the cache
        es = _page(spanish, game_id, query_string={"lang": "es"})
        en = _page(english, game_id, headers={"Accept-Language": "en"})
        es_again = _page(spanish, game_id)  # remembered in that session
        assert '<html lang="es">' in es and '<html lang="es">' in es_again
        assert "Esta página se actualiza sola" in es and "Manos" not in en
        assert '<html lang="en">' in en
        assert "This page updates by itself" in en and "This page updates" not in es
    assert sorted(loads) == [game_id, game_id]  # one render per language


def test_the_editor_never_gets_the_read_only_page(app: Flask, client: FlaskClient,
                                                  loads: list[str]) -> None:
    game_id = start_game(client)
    post_hand(client, game_id)
    token = edit_token_of(client, game_id)
    viewer = app.test_client()
    _page(viewer, game_id)  # the read-only page is now cached
    editor_page = _page(client, game_id)
    assert token in editor_page  # the share box holds the edit link
    assert f"/games/{game_id}/hands/new" in editor_page
    assert 'name="csrf_token"' in editor_page  # undo, new edit link
    assert "hx-trigger" not in editor_page  # the read-only board polls; this one does not
    board = client.get(f"/games/{game_id}", headers={"HX-Request": "true"})
    assert "/hands/1/edit" in board.get_data(as_text=True)
    assert board.headers["Cache-Control"] == "private, no-store"


def test_the_read_only_page_never_gets_the_editors(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(client)
    post_hand(client, game_id)
    token = edit_token_of(client, game_id)
    for _ in range(2):  # the editor's visits must not fill the cache for anyone else
        _page(client, game_id)
        client.get(f"/games/{game_id}", headers={"HX-Request": "true"})
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


def test_a_page_with_a_flashed_message_is_not_cached(app: Flask, client: FlaskClient,
                                                     loads: list[str]) -> None:
    game_id = start_game(client)
    viewer = app.test_client()
    _page(viewer, game_id)  # cached without messages
    with viewer.session_transaction() as sess:
        sess["_flashes"] = [("message", "A note for this visitor only")]
    flashed = _page(viewer, game_id)
    assert "A note for this visitor only" in flashed  # not the cached page without it
    assert len(loads) == 2
    for other in (app.test_client(), viewer):  # the message was shown once, to its visitor
        assert "A note for this visitor only" not in _page(other, game_id)
    assert len(loads) == 2  # and those came from the cache again

    # A message on the very first visit is not kept either.
    second = start_game(client)
    with viewer.session_transaction() as sess:
        sess["_flashes"] = [("message", "Only mine")]
    assert "Only mine" in _page(viewer, second)
    assert "Only mine" not in _page(app.test_client(), second)


def test_each_visitor_gets_its_own_csrf_token_and_the_headers(app: Flask,
                                                               client: FlaskClient) -> None:
    game_id = start_game(client)
    tokens = set()
    for _ in range(3):
        res = app.test_client().get(f"/games/{game_id}")
        body = res.get_data(as_text=True)
        assert views.CSRF_PLACEHOLDER not in body
        match = CSRF_META.search(body)
        assert match and match.group(1)
        tokens.add(match.group(1))
        assert res.headers["Content-Security-Policy"].startswith("default-src 'self'")
        assert res.headers["X-Content-Type-Options"] == "nosniff"
        assert res.headers["Referrer-Policy"] == "no-referrer"
        assert res.headers["Cache-Control"] == "no-cache"
        assert "HX-Request" in res.headers["Vary"] and "Cookie" in res.headers["Vary"]
    assert len(tokens) == 3
    # The visit is still remembered for "Your games".
    viewer = app.test_client()
    _page(viewer, game_id)
    with viewer.session_transaction() as sess:
        assert sess["view_tokens"] == [game_id]


def test_gzip_of_a_cached_page(app: Flask, client: FlaskClient) -> None:
    game_id = start_game(client)
    _page(app.test_client(), game_id)
    res = app.test_client().get(f"/games/{game_id}", headers={"Accept-Encoding": "gzip"})
    assert res.headers.get("Content-Encoding") == "gzip"


def test_the_cache_is_bounded(app: Flask, client: FlaskClient) -> None:
    app.config["GAME_PAGE_CACHE_SIZE"] = 2
    app.extensions.pop("games.page_cache", None)
    ids = [start_game(client) for _ in range(3)]
    for game_id in ids:
        _page(app.test_client(), game_id)
    assert len(app.extensions["games.page_cache"]) == 2


def test_unknown_game_is_404(client: FlaskClient) -> None:
    assert client.get("/games/nope").status_code == 404
    assert client.get("/games/nope?v=1", headers={"HX-Request": "true"}).status_code == 404
    assert client.get("/games/" + "x" * 101).status_code == 404
