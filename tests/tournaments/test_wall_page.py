"""The wall screen at the club: in the tournament's language whoever's browser opens it, no site
chrome, and the standings' column the tournament ranks by (victory points or difference), with
byes and games played."""

from __future__ import annotations

from html import unescape
from html.parser import HTMLParser

from tournament_helpers import admin, create, read

HX = {"HX-Request": "true"}


class Standings(HTMLParser):
    """The wall's standings table: its header cells (with their classes) and rows of cells."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = False
        self.head: list[tuple[str, str]] = []
        self.rows: list[list[str]] = []
        self.cell: list[str] | None = None
        self.cell_class = ""
        self.part = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = dict(attrs)
        if tag == "table" and "wall-standings-table" in (attr.get("class") or ""):
            self.inside = True
        if not self.inside:
            return
        if tag in ("thead", "tbody"):
            self.part = tag
        elif tag == "tr" and self.part == "tbody":
            self.rows.append([])
        elif tag in ("th", "td"):
            self.cell, self.cell_class = [], attr.get("class") or ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self.inside = False
        if not self.inside or tag not in ("th", "td") or self.cell is None:
            return
        text = " ".join("".join(self.cell).split())
        if self.part == "thead":
            self.head.append((text, self.cell_class))
        else:
            self.rows[-1].append(text)
        self.cell = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)


def standings_of(html: str) -> Standings:
    parser = Standings()
    parser.feed(html)
    assert parser.head and parser.rows, "no standings table on the wall"
    return parser


def started(client, pairs, **settings):
    """A tournament of ``pairs`` pairs with its first game started: its id and token."""
    tid, token = create(client, pairs, **settings)
    assert client.post(f"/api/v1/tournaments/{tid}/rounds/1/start",
                       headers=admin(token)).status_code == 200
    return tid, token


def result(client, tid, token, table, totals):
    answer = client.post(f"/api/v1/tournaments/{tid}/rounds/1/tables/{table}/result",
                         json={"totals": totals}, headers=admin(token))
    assert answer.status_code == 200, answer.get_json()


def test_the_wall_is_in_the_tournaments_language_not_the_browsers(app):
    client = app.test_client()
    with app.app_context():
        spanish, _ = create(client, 4, language="es")
        english, _ = create(client, 4, language="en")
    # The site's own pages follow the viewer.
    home = app.test_client().get("/", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert '<html lang="es">' in home
    viewer = app.test_client()
    # A browser in English, even one that chose English on the site, sees a Spanish wall.
    assert viewer.get("/?lang=en").status_code == 200
    for headers in ({"Accept-Language": "en-GB,en;q=0.9"}, {**HX, "Accept-Language": "en"}):
        html = viewer.get(f"/tournaments/{spanish}/wall", headers=headers).get_data(as_text=True)
        assert "Clasificación" in html and "Partida 1 de 3" in html
        assert "Mesas de esta partida" in html and "Mesa 1" in html
        assert "Standings" not in html and "Game 1 of 3" not in html
        head = [text for text, _ in standings_of(html).head]
        assert head == ["#", "Pareja", "Jugadas", "Diferencia", "Ganadas"]
    page = viewer.get(f"/tournaments/{spanish}/wall").get_data(as_text=True)
    assert '<html lang="es">' in page
    # And the other way round: a Spanish browser sees an English tournament's wall in English.
    html = app.test_client().get(f"/tournaments/{english}/wall",
                                 headers={"Accept-Language": "es-ES,es"}).get_data(as_text=True)
    assert '<html lang="en">' in html and "Standings" in html and "Clasificación" not in html


def test_the_wall_has_no_site_chrome_but_keeps_its_landmark_and_heading(app):
    client = app.test_client()
    with app.app_context():
        tid, _ = create(client, 4, name="Jueves")
    html = client.get(f"/tournaments/{tid}/wall").get_data(as_text=True)
    assert 'class="site-header"' not in html and 'class="site-footer"' not in html
    assert "lang-switch" not in html and "?lang=" not in html
    assert html.count("<main ") == 1 and '<h1 class="wall-title">Jueves</h1>' in html
    # No inline script (the page turning is tournaments.js's).
    assert "<script>" not in html and 'src="/static/js/tournaments.js?v=' in html
    # Every other page keeps them.
    standings = client.get(f"/tournaments/{tid}/standings").get_data(as_text=True)
    assert 'class="site-header"' in standings and "lang-switch" in standings


def test_a_difference_tournament_ranks_by_difference_and_shows_games_played(app):
    client = app.test_client()
    with app.app_context():
        tid, token = started(client, 4, language="es")
        result(client, tid, token, 2, [8450, 6120])  # pairs 3 and 4
    table = standings_of(client.get(f"/tournaments/{tid}/wall").get_data(as_text=True))
    assert [t for t, c in table.head if "rank-by" in c] == ["Diferencia"]
    assert "PV" not in [t for t, _ in table.head] and "Descansos" not in [t for t, _ in table.head]
    rows = {row[1]: row for row in table.rows}
    # rank, pair, played, difference, won
    assert rows["3. Pair 3"] == ["1", "3. Pair 3", "1", "+2.330", "1"]
    assert rows["4. Pair 4"][0] == "4" and rows["4. Pair 4"][2:] == ["1", "\u22122.330", "0"]
    assert rows["1. Pair 1"][2:] == ["0", "0", "0"]


def test_a_victory_points_tournament_shows_victory_points_and_byes(app):
    client = app.test_client()
    with app.app_context():
        tid, token = started(client, 7, standings_by="victory_points")
        data = read(client, tid)
        bye = data["rounds"][0]["byes"]
        assert len(bye) == 1
        first = data["rounds"][0]["tables"][0]["pairs"]
        result(client, tid, token, 1, [9000, 8880])  # a difference of 120: 11-9
    table = standings_of(client.get(f"/tournaments/{tid}/wall").get_data(as_text=True))
    head = [t for t, _ in table.head]
    assert head == ["#", "Pair", "Played", "Byes", "VP", "Difference", "Won"]
    assert [t for t, c in table.head if "rank-by" in c] == ["VP"]
    rows = {int(row[1].split(".")[0]): row for row in table.rows}
    assert len(rows) == 7
    winner, loser = first
    assert rows[winner][2:] == ["1", "0", "11", "+120", "1"]
    assert rows[loser][2:4] == ["1", "0"] and rows[loser][4] == "9"
    assert rows[bye[0]][2:5] == ["0", "1", "0"]
    # The winner leads on victory points.
    assert table.rows[0][1].startswith(f"{winner}.")


def test_the_wall_names_who_sits_out_this_game_and_why(app):
    """Issue 43: the wall did not show who sat out, nor why a pair was greyed out."""
    client = app.test_client()
    with app.app_context():
        tid, _token = started(client, 5)
        (bye,) = read(client, tid)["rounds"][0]["byes"]
        name = next(p["name"] for p in read(client, tid)["pairs"] if p["number"] == bye)
    html = unescape(client.get(f"/tournaments/{tid}/wall").get_data(as_text=True))
    card = html[html.index('class="wall-table sitting-out"'):]
    card = card[:card.index("</div>")]
    assert "Sitting out this game" in card and "Bye" in card and f"{bye}. {name}" in card
    assert html.count('class="wall-table sitting-out"') == 1
