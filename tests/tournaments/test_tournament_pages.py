"""The tournament pages: set-up form, the organizer's access, the dashboard, printouts."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from html import unescape

import pytest
from pypdf import PdfReader
from sqlalchemy import event
from tournament_helpers import VALUES, admin, create, links, play, read, time_up

from scorekeeper.extensions import db

HX = {"HX-Request": "true"}


def form(**extra):
    data = {"name": "Club night", "pairs": "Owls: Ana, Luis\nBees: Eva, Juan\n"
            "Cats: Rosa, Pablo\nDogs: Marta, Diego", "rounds": "3", "minutes": "60",
            "target": "15000", "ruleset": "torneo"}
    data.update({f"value-{p}": str(v) for p, v in VALUES.items()})
    data.update(extra)
    return data


def errors(html):
    return re.findall(r'class="field-error"[^>]*>([^<]*)<', html)


def test_set_up_asks_for_every_missing_value(client):
    html = client.get("/tournaments/new").get_data(as_text=True)
    for path in VALUES:
        assert f'name="value-{path}"' in html
    assert 'value="3"' in html and 'value="60"' in html and 'value="15000"' in html


def test_set_up_errors_are_shown_next_to_the_fields_and_nothing_is_stored(client):
    from scorekeeper.models.tournaments import Tournament

    response = client.post("/tournaments/new", data=form(
        name="", pairs="Owls: Ana\nBees: Eva, Juan", **{"value-premios.canaston": ""}))
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    found = errors(unescape(html))
    assert "Give a name." in found
    assert "Line 1, the players' names: A pair needs two players." in found
    assert "Give this value before play starts." in found
    assert 'id="name" name="name" maxlength="120" value="" aria-invalid="true"' in html
    assert db.session.query(Tournament).count() == 0


def test_a_name_too_long_is_refused_naming_its_line_and_part(client):
    """Issue 43: a 72-character name was refused as "Line 21: ..." without naming the part."""
    lines = [f"Pair {n}: A{n}, B{n}" for n in range(1, 21)]
    pairs = "\n".join([*lines, f"{'G' * 72}: Rosa, Pablo", f"Dogs: {'M' * 72}, Diego"])
    response = client.post("/tournaments/new", data=form(pairs=pairs))
    assert response.status_code == 422
    found = " ".join(errors(unescape(response.get_data(as_text=True))))
    assert "Line 21, the pair's name: At most 60 characters." in found
    assert "Line 22, the players' names: At most 60 characters." in found


def test_creating_shows_the_admin_link_once_and_remembers_it(client):
    response = client.post("/tournaments/new", data=form())
    assert response.status_code == 303
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "shown only once" in page
    link = re.search(r'href="(http://localhost/tournaments/[^"?]+\?token=[^"]+)"', page).group(1)
    again = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "shown only once" not in again and "Control table" in again
    # Another browser opens it with the link, then without.
    other = client.application.test_client()
    tid = link.split("/tournaments/")[1].split("?")[0]
    assert other.get(f"/tournaments/{tid}").status_code == 303  # to the public standings
    assert other.get(f"/tournaments/{tid}/dashboard", headers=HX).status_code == 403
    assert other.get(f"/tournaments/{tid}?token=wrong").status_code == 403
    assert other.get(link.replace("http://localhost", "")).status_code == 303
    assert other.get(f"/tournaments/{tid}/dashboard", headers=HX).status_code == 200
    # Opened directly (not by htmx), the live part leads to the whole control table.
    direct = other.get(f"/tournaments/{tid}/dashboard")
    assert direct.status_code == 303 and direct.headers["Location"] == f"/tournaments/{tid}"


def test_four_pairs_three_games_say_the_circle_method_is_used(client):
    html = client.post("/tournaments/new", data=form(name=""),
                       ).get_data(as_text=True)
    assert "circle method" in html


def login(client, tid, token):
    assert client.get(f"/tournaments/{tid}?token={token}").status_code == 303


def join_links(html):
    return re.findall(r'href="(http://localhost/games/[\w-]+/join/[\w-]+)"', html)


def test_round_page_makes_each_table_its_edit_link_once(app, client):
    tid, token = create(client, 4)
    login(client, tid, token)
    # The API's creation answer made round 1's links: the page shows they are handed out.
    html = client.get(f"/tournaments/{tid}/rounds/1").get_data(as_text=True)
    assert not join_links(html) and html.count("Link handed out.") == 2
    assert html.count("New link for table") == 2 and "New links for every table" in html
    for t in read(client, tid, token)["rounds"][0]["tables"]:
        # Each table's score sheet, for tables that also keep paper (002: sheets per table).
        assert (f'href="/tournaments/{tid}/rounds/1/tables/{t["table"]}/sheet.pdf"'
                in html)
    # Game 1's clock waits for the desk: the full hour, not started.
    assert re.search(r'class="clock clock-stopped" role="timer">1:00:00</span> '
                     r'<span class="clock-note">\(not started\)<', html)
    assert "style=" not in html and "<script>" not in html

    # Round 2, seated from the page, has no links yet: one button makes them all, shown once.
    assert client.post(f"/tournaments/{tid}/rounds/1/finish",
                       data={"confirm": "1"}).status_code == 303
    html = client.get(f"/tournaments/{tid}/rounds/2").get_data(as_text=True)
    # Each table plays from its printed card: the page says so, not "No link made yet" (QA,
    # 2026-12-05: the desk thought the cards needed new links).
    assert html.count("Plays from its table card.") == 2 and not join_links(html)
    assert "No link made yet." not in html
    response = client.post(f"/tournaments/{tid}/rounds/2/links", data={"which": "missing"})
    assert response.status_code == 200
    assert "no-store" in response.headers["Cache-Control"]
    html = response.get_data(as_text=True)
    made = join_links(html)
    assert len(made) == 2 and html.count('src="data:image/svg+xml') == 2
    assert "shown only now" in html
    table = app.test_client()
    assert table.get(made[0]).status_code == 303  # the table's phone opens its game
    # Shown once: the page, and asking again for the missing ones, no longer show them.
    assert not join_links(client.get(f"/tournaments/{tid}/rounds/2").get_data(as_text=True))
    again = client.post(f"/tournaments/{tid}/rounds/2/links", data={"which": "missing"})
    assert not join_links(again.get_data(as_text=True))

    # A lost link: a new one for that table; its old one stops working, the other's does not.
    response = client.post(f"/tournaments/{tid}/rounds/2/tables/1/link")
    (new,) = join_links(response.get_data(as_text=True))
    assert new != made[0] and new.rsplit("/", 2)[0] == made[0].rsplit("/", 2)[0]
    assert app.test_client().get(made[0]).status_code == 403
    assert app.test_client().get(made[1]).status_code == 303
    assert app.test_client().get(new).status_code == 303
    assert client.post(f"/tournaments/{tid}/rounds/2/tables/7/link").status_code == 404


def test_dashboard_shows_scores_and_polls(client):
    tid, token = create(client, 4)
    login(client, tid, token)
    t1 = links(client, tid, token)[0]
    play(client, t1, (1200, 450))
    html = client.get(f"/tournaments/{tid}/dashboard",
                      headers={"HX-Request": "true"}).get_data(as_text=True)
    assert html.lstrip().startswith('<div id="dashboard"')
    assert 'hx-trigger="follow" data-follow="10"' in html
    assert "1,200" in html and "450" in html


def test_finish_round_abandon_and_substitute_forms(client):
    tid, token = create(client, 4)
    login(client, tid, token)
    assert client.post(f"/tournaments/{tid}/abandon", data={"pair": ""}).status_code == 422
    yes = {"confirm": "1"}
    assert client.post(f"/tournaments/{tid}/abandon", data={"pair": "2", **yes}).status_code == 303
    assert client.post(f"/tournaments/{tid}/substitute",
                       data={"pair": "3", **yes}).status_code == 303
    assert client.post(f"/tournaments/{tid}/rounds/1/finish", data=yes).status_code == 303
    data = read(client, tid, token)
    assert len(data["rounds"]) == 2
    marks = {s["pair"]: (s["disqualified"], s["substituted"]) for s in data["standings"]}
    assert marks == {1: (False, False), 2: (True, False), 3: (False, True), 4: (False, False)}
    html = client.get(f"/tournaments/{tid}/standings").get_data(as_text=True)
    assert "Disqualified" in html and "scores nothing" in html


def test_strangers_cannot_act(client):
    tid, _token = create(client, 4)
    for path in ("rounds/1/finish", "abandon", "substitute", "abandon/undo", "substitute/undo"):
        assert client.post(f"/tournaments/{tid}/{path}", data={"pair": "1"}).status_code == 403
    assert client.get(f"/tournaments/{tid}/rounds/1").status_code == 403
    assert client.post(f"/tournaments/{tid}/rounds/1/links").status_code == 403
    assert client.post(f"/tournaments/{tid}/rounds/1/tables/1/link").status_code == 403
    assert client.get(f"/tournaments/{tid}/standings").status_code == 200
    assert client.get("/tournaments/nope/standings").status_code == 404


def count_queries(client, url):
    statements = []

    def listener(conn, cursor, statement, *args):
        statements.append(statement)

    event.listen(db.engine, "before_cursor_execute", listener)
    try:
        response = client.get(url, headers=HX)
    finally:
        event.remove(db.engine, "before_cursor_execute", listener)
    assert response.status_code == 200
    return len(statements)


def test_dashboard_query_count_does_not_grow_with_the_tables(client):
    counts = {}
    for tables in (4, 40):
        tid, token = create(client, tables * 2)
        login(client, tid, token)
        for t in links(client, tid, token)[:3]:
            play(client, t, (500, 300))
        counts[tables] = (count_queries(client, f"/tournaments/{tid}/dashboard"),
                          count_queries(client, f"/tournaments/{tid}"),
                          count_queries(client, f"/api/v1/tournaments/{tid}"))
    assert counts[4] == counts[40]
    assert counts[4][0] <= 10


def test_a_hundred_pairs_dashboard_is_quick(client):
    tid, token = create(client, 100)
    login(client, tid, token)
    client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish", headers=admin(token))
    response = client.get(f"/tournaments/{tid}/dashboard", headers=HX)
    assert response.status_code == 200
    assert response.get_data(as_text=True).count('<tr class="playing">') == 50


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext")
def test_printouts_are_pdfs_with_the_seating_and_standings(client, tmp_path):
    tid, token = create(client, 4)
    t1 = links(client, tid, token)[0]
    play(client, t1, (1500, 400))
    client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish", headers=admin(token))

    def text(url):
        response = client.get(url, headers=HX)
        assert response.status_code == 200 and response.mimetype == "application/pdf"
        path = tmp_path / "out.pdf"
        path.write_bytes(response.data)
        return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                              text=True, check=True).stdout

    seating = text(f"/tournaments/{tid}/seating/2.pdf")
    assert "seating plan, game 2 of 3" in seating.lower()
    assert re.search(r"1\s+1\. Pair 1\s+4\. Pair 4\n\s+P1a, P1b\s+P4a, P4b", seating)
    standings = text(f"/tournaments/{tid}/standings.pdf")
    # Games played, each game's credit (game 2 is on), the difference, games won.
    assert re.search(r"1\s+1\. Pair 1\s+P1a, P1b\s+1\s+\+1,100\s+—\s+—\s+\+1,100\s+1\n",
                     standings)
    assert re.search(r"4\s+2\. Pair 2\s+P2a, P2b\s+1\s+\u22121,100\s+—\s+—\s+\u22121,100\s+0\n",
                     standings)
    # The prize list (3 places by default) comes first.
    assert re.search(r"Place 1: Pair 1, Pair 1 \(P1a, P1b\) · difference \+1,100", standings)
    # Pairs 3 and 4 drew 0–0 when the desk closed the game: equal on every tie-break, they
    # share the places 2–3 (and no one is 4th).
    assert re.search(r"Place 2–3: Pair 3, Pair 3", standings)
    assert re.search(r"Place 2–3: Pair 4, Pair 4", standings)
    assert "Place 3:" not in standings and "Place 4" not in standings
    # Then each game's results by real table number, readable on paper (no links to follow):
    # the hands played (the empty hand that settled the game is none) and that the desk
    # closed it (its clock was never started).
    assert re.search(r"Game 1\s+Table.*\n\s+1 1\. Pair 1\s+2\. Pair 2\s+1,500 – 400\s+"
                     r"\+1,100 / \u22121,100\s+closed by the\s+desk · 2\s+hands", standings)
    assert "3 hands" not in standings
    assert re.search(r"Game 2 · being played\s+Table.*\n\s+1 1\. Pair 1\s+4\. Pair 4", standings)
    reader = PdfReader(io.BytesIO(client.get(f"/tournaments/{tid}/standings.pdf").data))
    assert not [a for p in reader.pages for a in p.get("/Annots", [])]
    assert client.get(f"/tournaments/{tid}/seating/9.pdf").status_code == 404


def test_odd_pairs_show_the_bye_and_the_fallback_on_the_control_table(client):
    tid, token = create(client, 5)
    login(client, tid, token)
    html = client.get(f"/tournaments/{tid}").get_data(as_text=True)
    assert "Sitting out (bye): 5. Pair 5" in html
    assert "The number of pairs is odd" in html


def test_the_clock_reads_zero_once_time_is_up(client):
    from scorekeeper.models.tournaments import TournamentRound

    tid, token = create(client, 4)
    login(client, tid, token)
    rnd = db.session.query(TournamentRound).one()
    time_up(rnd)
    db.session.commit()
    html = client.get(f"/tournaments/{tid}/dashboard", headers=HX).get_data(as_text=True)
    assert re.search(r'class="clock clock-up" role="timer">0:00<', html)
    assert read(client, tid)["rounds"][0]["seconds_left"] == 0
    assert read(client, tid)["rounds"][0]["clock"] == {"state": "over", "seconds_left": 0}


def test_the_tournaments_page_lists_what_this_browser_organizes(client, app):
    html = client.get("/tournaments/").get_data(as_text=True)
    assert 'href="/tournaments/new"' in html
    assert "organizes no tournament yet" in html
    client.post("/tournaments/new", data=form(name="Club de los jueves"))
    html = client.get("/tournaments/").get_data(as_text=True)
    assert "Club de los jueves" in html and "4 pairs" in html and "Game 1 of 3" in html
    # Another browser (no admin token remembered) sees none of it.
    other = app.test_client()
    assert "Club de los jueves" not in other.get("/tournaments/").get_data(as_text=True)


def page_form(html, action_end, which=None):
    """The hidden fields of the page's form that posts to ``action_end`` (and ``which``)."""
    for form in re.findall(r'<form method="post" action="([^"]+)"[^>]*>(.*?)</form>', html, re.S):
        if form[0].endswith(action_end) and (which is None or f'value="{which}"' in form[1]):
            return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form[1]))
    raise AssertionError(f"no form posting to {action_end}")


def test_a_reload_of_the_links_answer_keeps_the_links_it_showed(app, client):
    """The links' answer reloaded (the browser posts its form again) must not replace the
    links just printed or scanned: the form's version is stale by then, and it is refused."""
    tid, token = create(client, 4)
    login(client, tid, token)
    assert client.post(f"/tournaments/{tid}/rounds/1/finish",
                       data={"confirm": "1"}).status_code == 303
    page = client.get(f"/tournaments/{tid}/rounds/2").get_data(as_text=True)
    for which in ("missing", "all"):
        form = page_form(page, "/rounds/2/links", which)
        answer = client.post(f"/tournaments/{tid}/rounds/2/links", data=form)
        assert answer.status_code == 200
        made = join_links(answer.get_data(as_text=True))
        assert len(made) == 2
        reloaded = client.post(f"/tournaments/{tid}/rounds/2/links", data=form)
        reloaded = client.post(f"/tournaments/{tid}/rounds/2/links", data=form)
        html = reloaded.get_data(as_text=True)
        assert reloaded.status_code == 409 and not join_links(html)
        assert "The tournament changed meanwhile" in html and "nothing was done" in html
        table = app.test_client()
        assert table.get(made[0]).status_code == 303  # the printed code still opens the game
        assert table.get(made[1]).status_code == 303
        page = client.get(f"/tournaments/{tid}/rounds/2").get_data(as_text=True)
    # One table's new link, reloaded: the same.
    form = page_form(page, "/rounds/2/tables/1/link")
    (new,) = join_links(client.post(f"/tournaments/{tid}/rounds/2/tables/1/link",
                                    data=form).get_data(as_text=True))
    again = client.post(f"/tournaments/{tid}/rounds/2/tables/1/link", data=form)
    assert again.status_code == 409 and not join_links(again.get_data(as_text=True))
    assert app.test_client().get(new).status_code == 303


def test_standings_read_no_hand_however_many_games_are_over(client):
    # The standings and the desk read each game's figures, never its hands: how each finished
    # game ended (at time or at its target) is one query for the lot, not one per game.
    counts = {}
    for finished in (2, 6):
        tid, token = create(client, 12, target=1000)
        login(client, tid, token)
        for t in links(client, tid, token)[:finished]:
            play(client, t, (1200, 300))
        counts[finished] = (count_queries(client, f"/tournaments/{tid}/dashboard"),
                            count_queries(client, f"/tournaments/{tid}/standings"))
    assert counts[2] == counts[6], counts
