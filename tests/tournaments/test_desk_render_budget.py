"""The desk is never refused its own printouts (issue 43: after the night's sheets, the
standings, a game's sheets, the slips and a seating plan, the next printout answered 429).

A request with the tournament's admin token (the desk's session, or ``Authorization: Bearer``)
renders on the desk's own budget, counted apart from the strangers' at the same address (a
club's hall shares one); a stranger is limited as before, and spends none of the desk's."""

from __future__ import annotations

from tournament_helpers import admin, create

from scorekeeper.sheets import render


def papers(tid: str) -> list[str]:
    """What a desk prints in a night: seating plans, slips, each game's table sheets, a
    table's, the night's, and the standings on both papers."""
    return [f"/tournaments/{tid}/seating/1.pdf", f"/tournaments/{tid}/seating/2.pdf",
            f"/tournaments/{tid}/slips.pdf", f"/tournaments/{tid}/sheets/1.pdf",
            f"/tournaments/{tid}/sheets/2.pdf", f"/tournaments/{tid}/rounds/1/tables/1/sheet.pdf",
            f"/tournaments/{tid}/sheets.pdf", f"/tournaments/{tid}/standings.pdf",
            f"/tournaments/{tid}/standings.pdf?paper=letter"]


def test_the_nights_papers_twice_from_the_desk_and_a_stranger_still_limited(app, client):
    # A stranger's allowance of 3 render-seconds in 10 minutes: each render costs one at
    # least, so the night's papers (9 renders, twice) would be refused many times over.
    app.config.update(RATELIMIT_RENDER_SECONDS=3, RATELIMIT_RENDER_WINDOW=600)
    tid, token = create(client, n=8, rounds=3)
    assert client.get(f"/tournaments/{tid}?token={token}").status_code == 303  # the desk

    before = render.render_count()
    for url in papers(tid):
        assert client.get(url).status_code == 200, url
    first = render.render_count() - before
    assert first == len(papers(tid))  # each one rendered, none from a cache

    # The night goes on: game 1's results typed, the game closed; every paper changes.
    for table in range(1, 5):
        answer = client.post(f"/api/v1/tournaments/{tid}/rounds/1/tables/{table}/result",
                             json={"totals": [5000 + 100 * table, 4000]},
                             headers=admin(token))
        assert answer.status_code == 200, answer.get_json()
    assert client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish",
                       headers=admin(token)).status_code == 200
    before = render.render_count()
    for url in papers(tid):
        assert client.get(url).status_code == 200, url
    assert render.render_count() - before >= 5

    # A stranger at the same address (no session; a wrong token is no desk's) reads what the
    # desk printed from the cache, free...
    stranger = app.test_client()
    wrong = {"Authorization": "Bearer not-the-token"}
    for url in papers(tid):
        assert stranger.get(url, headers=wrong).status_code == 200, url
    # ...and is limited as before for what must be rendered,
    other, _ = create(client, n=8, rounds=3)
    codes = [stranger.get(url, headers=wrong).status_code for url in papers(other)]
    assert 429 in codes and codes.index(429) <= 3, codes
    refused = stranger.get(papers(other)[-1])
    assert refused.status_code == 429 and "Too many printouts" in refused.get_data(as_text=True)
    # spending none of the desk's budget: the desk prints the other night's papers too
    # (its admin token sent as the API sends it).
    other_tid, other_token = create(client, n=8, rounds=3)
    desk = app.test_client()
    for url in papers(other_tid):
        assert desk.get(url, headers=admin(other_token)).status_code == 200, url


def test_the_desks_budget_is_a_bound_too(app, client):
    # RATELIMIT_DESK_RENDER_FACTOR times a stranger's (20 unless set): here 2 render-seconds,
    # then 429 for the desk as for anyone past its allowance.
    app.config.update(RATELIMIT_RENDER_SECONDS=1, RATELIMIT_RENDER_WINDOW=600,
                      RATELIMIT_DESK_RENDER_FACTOR=2)
    tid, token = create(client, n=8, rounds=3)
    codes = [client.get(url, headers=admin(token)).status_code for url in papers(tid)]
    assert codes[0] == 200 and 429 in codes and codes.index(429) <= 2, codes
