"""Fixtures for the sheet tests: an app context, and an empty PDF cache for each test."""

from __future__ import annotations

import shutil

import pytest

from scorekeeper.sheets import render


@pytest.fixture(autouse=True)
def app_context(app):
    """Tests make games through the services and read the database directly."""
    with app.app_context():
        yield


@pytest.fixture(autouse=True)
def empty_cache():
    """The PDF cache lives in the process: each test starts without one."""
    render.cache.clear()
    yield
    render.cache.clear()


@pytest.fixture
def spanish(app):
    """A msgid in Spanish, from the compiled catalog; fails when the catalog is not compiled."""
    from flask_babel import force_locale, gettext

    def es(msgid: str) -> str:
        with app.test_request_context(), force_locale("es"):
            text = str(gettext(msgid))
        assert text != msgid, f"no Spanish for {msgid!r}: run `make translations`"
        return text

    return es


requires_pdftotext = pytest.mark.skipif(shutil.which("pdftotext") is None,
                                        reason="needs pdftotext (poppler-utils)")
