"""One refusal table: every kind of refused change declares, on its class, the API's status and
words and a page's words, and both front doors answer it from there.

Every subclass of ``WriteRefused`` the app defines is walked: a kind added without its words
fails here, as does an answer that says something else than its class.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from flask import Flask, Response, make_response

# Imported for the kinds they define (the pairs on the night, the papers' tables).
from scorekeeper.engine import FieldError
from scorekeeper.services import errors, pairs, paper_results
from scorekeeper.services.errors import MAX_REQUEST_KEY, WriteRefused
from scorekeeper.web import refused_page

TRANSLATIONS = Path(__file__).resolve().parents[2] / "translations"
#: The bases: a refusal of no more precise kind says "Nothing was changed."
BASES = {errors.WriteRefused, errors.DeskRefused}


def _kinds(base: type[WriteRefused] = WriteRefused) -> list[type[WriteRefused]]:
    found: list[type[WriteRefused]] = []
    for kind in base.__subclasses__():
        found += [kind, *_kinds(kind)]
    return sorted(set(found) | {base}, key=lambda k: k.__qualname__)


KINDS = _kinds()


def _raised(kind: type[WriteRefused]) -> WriteRefused:
    """An instance as the services raise it."""
    if kind is errors.ChangedMeanwhile:
        return kind(7, [])
    if kind is errors.ActionRefused:
        return kind([FieldError("minutes", "Enter %(what)s.", what="minutes")])
    return kind(3)


def _english(error: WriteRefused, *, page: bool = False) -> str:
    said = error.says(page=page)
    return said.template % said.params if said.params else said.template


def test_the_walk_finds_every_module_s_kinds() -> None:
    # The walk sees kinds defined outside ``services.errors`` too.
    assert {pairs.PairsFixed, pairs.NoNextGame, paper_results.NoSuchTable,
            errors.DeskKeyReused, errors.TimeIsUp} <= set(KINDS)


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.__name__)
def test_each_kind_declares_its_status_and_words(kind: type[WriteRefused]) -> None:
    assert kind.status in (404, 409, 412, 422)
    assert kind.page_status in (409, 422)
    error = _raised(kind)
    if kind in BASES:
        assert _english(error) == "Nothing was changed."
    elif kind is errors.ActionRefused:
        assert error.says().field == "minutes"  # its words are its reasons, by their fields
    else:
        # Its own words, not the bases' fallback.
        assert _english(error) != "Nothing was changed.", kind
        assert _english(error, page=True) != "Nothing was changed.", kind


@pytest.fixture(scope="module")
def catalogs() -> dict[str, Catalog]:
    read: dict[str, Catalog] = {}
    for lang in ("es", "pt", "it"):
        with (TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
            read[lang] = read_po(f)
    return read


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.__name__)
def test_each_kind_s_words_are_translated(kind: type[WriteRefused],
                                          catalogs: dict[str, Catalog]) -> None:
    msgids = {kind.message, kind.page_message or kind.message}
    for lang, catalog in catalogs.items():
        for msgid in msgids:
            found = catalog.get(msgid)
            assert found is not None and found.string and not found.fuzzy, (lang, msgid)


def _refuse(kind_name: str) -> Response:
    raise _raised(next(k for k in KINDS if k.__name__ == kind_name))


@pytest.fixture
def refusing_app(app: Flask) -> Flask:
    # Named in the API's blueprint, so its error handlers answer, as for any API view.
    app.add_url_rule("/api/v1/refuse/<kind_name>", "api.refuse", _refuse)
    return app


@pytest.mark.fresh_app
def test_the_api_answers_every_kind_with_its_status_and_words(refusing_app: Flask) -> None:
    client = refusing_app.test_client()
    for kind in KINDS:
        error = _raised(kind)
        response = client.get(f"/api/v1/refuse/{kind.__name__}")
        assert response.status_code == kind.status, kind
        body: dict[str, Any] = response.get_json()
        if kind is errors.ActionRefused:
            assert body == {"errors": [{"field": "minutes", "message": "Enter minutes."}]}
            continue
        words = _english(error)
        assert body["error"] == words, kind
        assert body["errors"] == [{"field": kind.field, "message": words}], kind
        assert set(body) == ({"error", "errors", "changes"} if kind is errors.ChangedMeanwhile
                             else {"error", "errors"}), kind
    key = client.get("/api/v1/refuse/KeyTooLong").get_json()
    assert key["errors"] == [{"field": "Idempotency-Key", "message":
                              f"An Idempotency-Key has at most {MAX_REQUEST_KEY} characters."}]


@pytest.mark.fresh_app
def test_the_api_answers_in_the_request_s_language(refusing_app: Flask,
                                                   catalogs: dict[str, Catalog]) -> None:
    client = refusing_app.test_client()
    for kind in (errors.GameOver, errors.TournamentChanged, pairs.PairsFixed):
        body = client.get(f"/api/v1/refuse/{kind.__name__}",
                          headers={"Accept-Language": "es"}).get_json()
        assert body["error"] == catalogs["es"].get(kind.message).string


def test_a_page_answers_every_kind_with_its_page_words_and_status(app: Flask) -> None:
    shown: list[tuple[str, int]] = []

    def again(message: str, status: int) -> Response:
        shown.append((message, status))
        return make_response("again", status)

    for kind in KINDS:
        error = _raised(kind)
        shown.clear()
        with app.test_request_context("/"):
            response = refused_page(error, again)
        if kind.status == 404:
            assert response.status_code == 404 and not shown, kind
        else:
            assert shown == [(_english(error, page=True), kind.page_status)], kind
            assert response.status_code == kind.page_status
