"""Renders are limited per client by what they cost (a `limits` storage); the cache is not."""

from __future__ import annotations

from sheet_helpers import make_game

from scorekeeper.sheets import render


def test_a_client_past_its_render_allowance_gets_429_and_cached_sheets_still_come(app, client):
    app.config.update(RATELIMIT_RENDER_SECONDS=2, RATELIMIT_RENDER_WINDOW=600)
    _game, token = make_game(2)
    url = f"/sheets/games/{token}.pdf"
    before = render.render_count()
    # Each render costs at least a second of the allowance: two are allowed.
    first = client.get(url)
    assert first.status_code == 200
    assert client.get(url + "?paper=letter").status_code == 200
    refused = client.get(url + "?changes=1")
    assert refused.status_code == 429
    assert 1 <= int(refused.headers["Retry-After"]) <= 600
    assert "Too many printouts from your address" in refused.get_data(as_text=True)
    assert render.render_count() == before + 2
    # What is in the cache costs nothing: served, again and again.
    for _ in range(5):
        again = client.get(url)
        assert again.status_code == 200 and again.data == first.data
    # Another address has its own allowance.
    other = client.get(url + "?changes=1", environ_base={"REMOTE_ADDR": "192.0.2.7"})
    assert other.status_code == 200 and render.render_count() == before + 3


def test_the_limit_reads_in_spanish(app, client):
    app.config.update(RATELIMIT_RENDER_SECONDS=1)
    _game, token = make_game(1)
    assert client.get(f"/sheets/games/{token}.pdf").status_code == 200
    refused = client.get(f"/sheets/games/{token}.pdf?paper=letter",
                         headers={"Accept-Language": "es"})
    assert refused.status_code == 429
    assert "Demasiadas hojas pedidas desde tu dirección" in refused.get_data(as_text=True)


def test_no_limit_when_rate_limits_are_off(app, client):
    app.config.update(RATELIMIT_RENDER_SECONDS=1, RATELIMIT_ENABLED=False)
    _game, token = make_game(1)
    for query in ("", "?paper=letter", "?lang=es"):
        assert client.get(f"/sheets/games/{token}.pdf{query}").status_code == 200
