"""History and statistics: the games this browser knows, and figures across them only."""

from __future__ import annotations

import re

import pytest
from game_helpers import WORKED_HAND, post_hand, start_game
from sqlalchemy import event

from scorekeeper.engine import find_ruleset
from scorekeeper.extensions import db
from scorekeeper.services import games as games_service
from scorekeeper.services import record
from scorekeeper.services import stats as stats_service


def went_out(table: int, canastas: dict[str, int], other_table: int, other_hand: int,
             *, first: bool = True) -> dict:
    """A hand where one side goes out with ``canastas``; the other lays ``other_table``."""
    out = {"table_points": table, "hand_points": 0, "canastas": canastas, "going_out": "normal"}
    other = {"table_points": other_table, "hand_points": other_hand}
    return {"end": "went_out", "sides": [out, other] if first else [other, out]}


@pytest.fixture
def three_games():
    """Three games with hand totals worked out by hand (classic values).

    Game 1, target 1,000: Nosotros (Ana, Luis) 800 then 550, Ellos (Eva, Tom) 70 then 40;
    Nosotros reach 1,350 and win. Game 2: Nosotros (Ana, Pepe) 50, Otros (Eva) 1,400.
    Game 3 has no hand. Games 4 and 5 have sides without names of their own.
    """
    classic = find_ruleset("classic")
    g1 = games_service.create_game(classic, target=1000, sides=[
        {"name": "Nosotros", "players": ["Ana", "Luis"]},
        {"name": "Ellos", "players": ["Eva", "Tom"]}])
    # 500 natural canasta + 100 going out + 200 table = 800; 100 - 30 = 70.
    record.add_hand(g1.view_token, went_out(200, {"natural": 1}, 100, 30), by="scorekeeper")
    # 300 mixed canasta + 100 going out + 150 table = 550; 60 - 20 = 40.
    record.add_hand(g1.view_token, went_out(150, {"mixed": 1}, 60, 20), by="scorekeeper")
    g2 = games_service.create_game(classic, sides=[
        {"name": "Nosotros", "players": ["Ana", "Pepe"]}, {"name": "Otros", "players": ["eva "]}])
    # Otros: 2 x 500 + 100 + 300 = 1,400; Nosotros: 100 - 50 = 50.
    record.add_hand(g2.view_token, went_out(300, {"natural": 2}, 100, 50, first=False),
                    by="scorekeeper")
    g3 = games_service.create_game(classic, sides=[{"name": "Nosotros"}, {"name": "Ellos"}])
    g4 = games_service.create_game(classic)
    record.add_hand(g4.view_token, went_out(200, {"natural": 1}, 100, 30), by="scorekeeper")
    # Sides named as the start form names them when left empty ("Side 1").
    g5 = games_service.create_game(classic, sides=[{"name": "Side 1"}, {"name": "Side 2"}])
    record.add_hand(g5.view_token, went_out(200, {"natural": 1}, 100, 30), by="scorekeeper")
    db.session.commit()
    return g1, g2, g3, g4, g5


def hashes(*games):
    return [games_service.hash_token(g.view_token) for g in games]


def remember(client, *games):
    """Make ``client`` a browser that opened ``games`` by their read-only links."""
    with client.session_transaction() as sess:
        sess["view_tokens"] = [g.view_token for g in games]


def by_name(rows):
    return {r.name: (r.played, r.won, round(r.average, 2), r.best, r.canastas) for r in rows}


def test_statistics_worked_by_hand(three_games):
    g1 = three_games[0]
    assert g1.game.finished and g1.game.winner == 0
    stats = stats_service.collect(hashes(*three_games), {"Side 1", "Side 2"})
    assert stats.games == 4  # the game without a hand was not played
    assert by_name(stats.sides) == {
        # (800 + 550 + 50) / 3 = 466.67
        "Nosotros": (2, 1, 466.67, 800, 2),
        "Ellos": (1, 0, 55.0, 70, 0),
        "Otros": (1, 0, 1400.0, 1400, 2),
    }
    assert by_name(stats.players) == {
        "Ana": (2, 1, 466.67, 800, 2),
        "Luis": (1, 1, 675.0, 800, 2),
        "Pepe": (1, 0, 50.0, 50, 0),
        # "eva " is Eva: (70 + 40 + 1400) / 3 = 503.33
        "Eva": (2, 0, 503.33, 1400, 2),
        "Tom": (1, 0, 55.0, 70, 0),
    }
    # Most wins first, then most games.
    assert [s.name for s in stats.sides][0] == "Nosotros"


def count_queries(fn):
    seen = []

    def before(conn, cursor, statement, *args):
        if statement.lstrip().upper().startswith("SELECT"):  # not BEGIN, PRAGMA...
            seen.append(statement)

    engine = db.engine
    event.listen(engine, "before_cursor_execute", before)
    try:
        fn()
    finally:
        event.remove(engine, "before_cursor_execute", before)
    return len(seen)


def test_statistics_take_a_fixed_number_of_queries(three_games):
    few = count_queries(lambda: stats_service.collect(hashes(*three_games)))
    classic = find_ruleset("classic")
    more = []
    for i in range(5):
        g = games_service.create_game(classic, sides=[{"name": f"S{i}", "players": ["P"]}])
        record.add_hand(g.view_token, went_out(200, {"natural": 1}, 100, 30), by="scorekeeper")
        more.append(g)
    db.session.commit()
    assert count_queries(lambda: stats_service.collect(hashes(*three_games, *more))) == few <= 4


def test_statistics_read_only_the_games_asked_for(three_games):
    """Other tables' games are never read: every query is bounded by this browser's games."""
    g1, g2 = three_games[:2]
    strangers = {g.game.id for g in three_games[2:]}
    seen = []

    def before(conn, cursor, statement, parameters, *args):
        if statement.lstrip().upper().startswith("SELECT"):
            seen.append((statement, parameters))

    event.listen(db.engine, "before_cursor_execute", before)
    try:
        stats = stats_service.collect(hashes(g1, g2), {"Side 1", "Side 2"})
    finally:
        event.remove(db.engine, "before_cursor_execute", before)
    assert stats.games == 2
    assert {s.name for s in stats.sides} == {"Nosotros", "Ellos", "Otros"}
    assert seen
    for statement, parameters in seen:
        assert re.search(r"\bWHERE\b.*\bIN\b", statement, re.S), statement
        values = set(parameters.values() if isinstance(parameters, dict) else parameters)
        assert not values & set(hashes(*three_games[2:])), statement
        if re.search(r"game_id IN", statement):
            assert not strangers & values, statement


def test_statistics_of_no_game_read_nothing(three_games):
    assert count_queries(lambda: stats_service.collect([])) == 0
    assert stats_service.collect([]).games == 0


def test_stats_page(client, three_games):
    remember(client, *three_games)
    res = client.get("/games/stats")
    assert res.status_code == 200
    html = res.get_data(as_text=True)
    row = re.search(r'<th scope="row">Nosotros</th>(.*?)</tr>', html, re.S).group(1)
    assert re.findall(r"<td>([^<]*)</td>", row) == ["2", "1", "467", "800", "2"]
    row = re.search(r'<th scope="row">Eva</th>(.*?)</tr>', html, re.S).group(1)
    assert re.findall(r"<td>([^<]*)</td>", row) == ["2", "0", "503", "1,400", "2"]
    assert "Across 4 games started or opened on this browser." in html
    assert "Side 1" not in html
    assert "private" in res.headers["Cache-Control"]


def test_stats_page_shows_only_this_browsers_games(client, app, three_games):
    g1 = three_games[0]
    remember(client, g1)
    html = client.get("/games/stats").get_data(as_text=True)
    assert "Across 1 game started or opened on this browser." in html
    assert "Nosotros" in html and "Luis" in html
    # Game 2 is another table's: none of its names, none of its figures.
    assert "Otros" not in html and "Pepe" not in html
    row = re.search(r'<th scope="row">Nosotros</th>(.*?)</tr>', html, re.S).group(1)
    assert re.findall(r"<td>([^<]*)</td>", row) == ["1", "1", "675", "800", "2"]


def test_a_fresh_phone_sees_no_other_tables_names(app, three_games):
    fresh = app.test_client()
    for path in ("/games/", "/games/stats"):
        html = fresh.get(path).get_data(as_text=True)
        shown = re.sub(r"<[^>]*>", " ", html)  # the text, not tokens in attributes
        for name in ("Nosotros", "Ellos", "Otros", "Ana", "Luis", "Pepe", "Eva", "Tom"):
            assert not re.search(rf"\b{name}\b", shown), (path, name)
        assert "other game" not in html
    stats = fresh.get("/games/stats").get_data(as_text=True)
    assert "No named side has played a hand yet." in stats
    assert "Across 0 games" in stats


@pytest.mark.parametrize(("path", "says"), [
    ("/games/stats", ["No named side has played a hand yet.",
                      "No named player has played a hand yet."]),
    ("/games/", ["This browser has not kept a game yet."]),
], ids=["stats", "history"])
def test_pages_without_games(client, path, says):
    res = client.get(path)
    assert res.status_code == 200
    html = res.get_data(as_text=True)
    assert all(line in html for line in says)
    assert "other game" not in html


def test_history_lists_this_browsers_games_newest_first(client, three_games):
    first = start_game(client, side_0_name="Rojos", side_1_name="Azules")
    post_hand(client, first)
    second = start_game(client, side_0_name="Verdes", side_1_name="Negros")
    html = client.get("/games/").get_data(as_text=True)
    assert html.index("Verdes") < html.index("Rojos")
    assert f'href="/games/{first}"' in html and f'href="/games/{second}"' in html
    # The worked hand: 1,035 and 535.
    rojos = next(item for item in html.split('<li class="card history-game">')[1:]
                 if "Rojos" in item)
    assert re.findall(r"<dd>([^<]*)</dd>", rojos)[:2] == ["1,035", "535"]
    assert "1 hand" in rojos and "In play" in rojos and "Resume" in rojos
    assert 'role="img"' in rojos  # its chart
    # The five games made elsewhere are neither named nor counted.
    assert "other game" not in html
    assert "Otros" not in html
    assert "Only games started or opened on this browser are listed." in html


def test_history_shows_the_winner(client):
    game_id = start_game(client, target="1000")
    post_hand(client, game_id)  # 1,035 reaches 1,000
    html = client.get("/games/").get_data(as_text=True)
    assert "Finished" in html and "(winner)" in html
    sides = re.search(r'<dl class="history-sides">(.*?)</dl>', html, re.S).group(1)
    assert re.findall(r"<dt>(.*?)</dt>", sides) == [
        'Nosotros <span class="history-status">(winner)</span>', "Ellos"]
    assert ">Open<" in html


def test_history_reads_remembered_read_only_tokens(client, three_games):
    g2 = three_games[1]
    with client.session_transaction() as sess:
        sess["view_tokens"] = {g2.view_token: True, "not-a-game": True}
    html = client.get("/games/").get_data(as_text=True)
    assert f'href="/games/{g2.view_token}"' in html and "Otros" in html
    assert "Resume" not in html  # no edit token: it can be opened, not changed
    assert "other game" not in html


def test_history_takes_a_fixed_number_of_queries(client, app):
    start_game(client)

    def fetch():
        assert client.get("/games/").status_code == 200

    one = count_queries(fetch)
    for _ in range(4):
        post_hand(client, start_game(client), WORKED_HAND)
    assert count_queries(fetch) == one


@pytest.mark.parametrize("path", ["/games/", "/games/stats", "/games/house-rules"])
def test_pages_in_spanish(client, three_games, path):
    from flask_babel import refresh

    start_game(client)
    refresh()  # the tests' shared app context would keep the first request's language
    res = client.get(path + "?lang=es")
    assert res.status_code == 200
    assert '<html lang="es">' in res.get_data(as_text=True)


def test_statistics_are_read_one_request_at_a_time(app, three_games):
    """A statistics request waits while another one (any worker, any thread) is reading them,
    so a crowd reloading statistics cannot take every worker from the tables' saves."""
    import threading

    from scorekeeper.games.history import one_at_a_time

    holding, release = threading.Event(), threading.Event()

    def reader_in_progress() -> None:
        with app.app_context(), one_at_a_time("statistics"):
            holding.set()
            release.wait(10)

    first = threading.Thread(target=reader_in_progress)
    first.start()
    assert holding.wait(10)
    answers: list[int] = []
    second = threading.Thread(
        target=lambda: answers.append(app.test_client().get("/games/stats").status_code))
    second.start()
    second.join(0.5)
    assert second.is_alive() and answers == []  # waiting for the first reader
    release.set()
    first.join(10)
    second.join(10)
    assert answers == [200]


@pytest.mark.parametrize("encoding", ["identity", "gzip"])
def test_statistics_reloaded_unchanged_answer_304(client, app, three_games, encoding):
    """A browser reloading its statistics sends the ETag back: 304 until one of its games
    changes, then the new figures. A compressed page's ETag is weak (``W/"..."``): sent back,
    it matches too (If-None-Match compares weakly), or browsers would never get a 304."""
    g1, g3 = three_games[0], three_games[2]
    remember(client, g1, g3)
    first = client.get("/games/stats", headers={"Accept-Encoding": encoding})
    tag = first.headers["ETag"]
    assert first.status_code == 200 and tag
    assert tag.startswith('W/"') == (encoding == "gzip")
    again = client.get("/games/stats", headers={"If-None-Match": tag,
                                                "Accept-Encoding": encoding})
    assert again.status_code == 304 and again.data == b""
    # A hand saved in one of its games: the figures are read again.
    with app.app_context():
        game = record.lock(g3.view_token)
        record.add_hand(game.id, went_out(100, {"mixed": 1}, 50, 10), by="scorekeeper")
        db.session.commit()
    changed = client.get("/games/stats", headers={"If-None-Match": tag})
    assert changed.status_code == 200 and changed.headers["ETag"] != tag
    assert "Across 2 games started or opened on this browser." in changed.get_data(True)


def test_changes_page_writes_utc_for_the_phone_to_show_in_its_own_zone(client, game_id):
    """The page gives each time as UTC (all a server knows) in a <time> that app.js rewrites in
    the phone's time zone: no inline script (the CSP allows files only)."""
    from scorekeeper import ROOT

    post_hand(client, game_id, WORKED_HAND)
    html = client.get(f"/games/{game_id}/changes").get_data(as_text=True)
    stamp = re.search(r'<time datetime="(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)" data-local-time>'
                      r"[^<]* (\d\d:\d\d) UTC</time>", html)
    assert stamp and stamp.group(1)[11:16] == stamp.group(2)
    assert not re.search(r"<script(?![^>]*\bsrc=)", html)
    script = (ROOT / "static" / "js" / "app.js").read_text(encoding="utf-8")
    assert "time[data-local-time]" in script
