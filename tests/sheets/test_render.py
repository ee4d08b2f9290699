"""Rendering offline: the URL fetcher, and the PDF cache's bounds."""

from __future__ import annotations

import pytest
from sheet_helpers import make_game, pdf_text

from scorekeeper.sheets import render
from scorekeeper.sheets.render import STATIC, PdfCache, StaticOnlyFetcher


@pytest.mark.parametrize("url", [
    "http://127.0.0.1:9/print.css",
    "https://example.com/font.woff2",
    "file:///etc/passwd",
    (STATIC / ".." / "pyproject.toml").as_uri(),
    "data:text/css,p{color:red}",
    "ftp://example.com/x",
])
def test_fetcher_refuses_anything_but_static_files(url):
    with pytest.raises(ValueError):
        StaticOnlyFetcher(STATIC).fetch(url)


def test_fetcher_serves_static_files():
    found = StaticOnlyFetcher(STATIC).fetch((STATIC / "css" / "print.css").as_uri())
    assert b"@page" in found.read()
    assert found.content_type == "text/css"


def test_links_in_a_document_are_not_fetched(monkeypatch):
    opened = []
    monkeypatch.setattr("urllib.request.OpenerDirector.open",
                        lambda self, *a, **k: opened.append(a) or pytest.fail("network"))
    pdf = render.html_to_pdf(
        '<link rel="stylesheet" href="http://127.0.0.1:9/x.css">'
        '<img src="https://example.com/x.png"><img src="file:///etc/hostname"><p>hello</p>'
    )
    assert pdf.startswith(b"%PDF") and opened == []
    assert "hello" in pdf_text(pdf)[0]


def test_names_are_text_not_markup(client):
    game, token = make_game(1, names=('<img src="file:///etc/passwd">', "<b>Ellos</b>"))
    text = pdf_text(client.get(f"/sheets/games/{token}.pdf").data)[0]
    assert "<b>Ellos</b>" in text


def test_cache_drops_the_least_recently_used_first():
    cache = PdfCache(max_items=2, max_bytes=1000)
    cache.put("a", b"1" * 10)
    cache.put("b", b"2" * 10)
    assert cache.get("a") == b"1" * 10  # "b" is now the oldest
    cache.put("c", b"3" * 10)
    assert cache.get("b") is None and cache.get("a") and cache.get("c")


def test_cache_is_bounded_by_size():
    cache = PdfCache(max_items=100, max_bytes=25)
    cache.put("a", b"x" * 10)
    cache.put("b", b"x" * 10)
    cache.put("c", b"x" * 10)
    assert len(cache) == 2 and cache.get("a") is None
    cache.put("huge", b"x" * 26)  # larger than the whole cache: not kept
    assert cache.get("huge") is None and len(cache) == 2
