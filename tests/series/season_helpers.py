"""A season of three tournament nights played as a desk plays them, through the API: each
night made, its tables' links handed out, hands counted at the tables, game 1 closed.

The four pairs of night 1 come back on night 2 typed otherwise (players swapped, capitals),
and night 3 has a new pair in place of the Fours: the Fours are absent from it.

Each game's difference, by hand (the nights' victory scale: up to 100, 11–9; up to 1,000,
15–5; past it, 20–0):

=======  ========================  ==========================  ========================
pair     night 1                   night 2                     night 3
=======  ========================  ==========================  ========================
Ases     +800 (15) v Bravos        +1,200 (20) v Cincos        −1,100 (0) v Extras
Bravos   −800 (5)                  −50 (9) v Fours             +800 (15) v Cincos
Cincos   +100 (11) v Fours         −1,200 (0)                  −800 (5)
Fours    −100 (9)                  +50 (11)                    absent
Extras   absent                    absent                      +1,100 (20)
=======  ========================  ==========================  ========================

Summed difference: Extras 1,100, Ases 900, Bravos −50 and Fours −50 (Bravos ahead on their
29 victory points to 20), Cincos −1,900. Summed victory points: Ases 35, Bravos 29, Extras
and Fours 20 (Extras ahead on difference), Cincos 16. Best 2 of 3 on difference: Ases 2,000
(its night 3 does not count), Extras 1,100, Bravos 750 (night 1 does not count), Fours −50,
Cincos −700.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: The nights' victory scale (small bands, so each game's points are read at a glance).
SCALE = [[100, 11], [1000, 15]]

ASES = {"name": "Ases", "players": ["Ana", "Luis"]}
BRAVOS = {"name": "Bravos", "players": ["Bea", "Carlos"]}
CINCOS = {"name": "Cincos", "players": ["Dani", "Eva"]}
FOURS = {"name": "Fours", "players": ["Fede", "Gala"]}
EXTRAS = {"name": "Extras", "players": ["Hugo", "Inés"]}

#: Each night: its pairs in seating order (game 1 seats 1 v 2 and 3 v 4) and its two tables'
#: totals.
NIGHTS: list[tuple[str, list[dict[str, Any]], list[tuple[int, int]]]] = [
    ("Night 1", [ASES, BRAVOS, CINCOS, FOURS], [(1000, 200), (600, 500)]),
    # The Ases typed otherwise: players swapped, capitals and spaces, and a new name.
    ("Night 2", [CINCOS, {"name": "Los Ases", "players": ["LUIS", "  ana "]}, FOURS, BRAVOS],
     [(300, 1500), (700, 650)]),
    ("Night 3", [{"name": "Ases del club", "players": ["ana", "Luis"]}, EXTRAS, BRAVOS,
                 CINCOS], [(500, 1600), (900, 100)]),
]

#: The orders the series' setting gives (pair names as last used).
BY_DIFFERENCE = ["Extras", "Ases del club", "Bravos", "Fours", "Cincos"]
BY_VICTORY_POINTS = ["Ases del club", "Bravos", "Extras", "Fours", "Cincos"]
BEST_2_BY_DIFFERENCE = ["Ases del club", "Extras", "Bravos", "Fours", "Cincos"]

#: ``post(url, body, headers)`` → (status, answer): a test client's or ``requests``' post.
Post = Callable[[str, dict[str, Any] | None, dict[str, str]], tuple[int, Any]]

_VALUES = {
    "canastas.wild": 1000, "going_out.normal": 100, "red_threes.each": 100,
    "premios.juego_limpio": 200, "premios.canastilla": 150, "premios.canaston": 2000,
    "premios.canasta_de_moda": 400, "premios.canasta_doble": 2500,
    "premios.canasta_triple": 3000,
}


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def play_night(post: Post, name: str, pairs: list[dict[str, Any]],
               totals: list[tuple[int, int]], **extra: Any) -> tuple[str, str]:
    """A one-game night of four pairs played to ``totals`` at its two tables and closed;
    returns (its id, its desk token)."""
    status, made = post("/api/v1/tournaments", {
        "name": name, "ruleset": "torneo", "rounds": 1, "minutes": 60, "target": 15000,
        "values": _VALUES, "pairs": pairs, "tables_start": "seated",
        "standings_by": "difference", "victory_scale": SCALE, **extra}, {})
    assert status == 201, made
    tid, token = made["id"], made["admin_token"]
    for table, (a, b) in zip(made["tables"], totals, strict=True):
        # Stock-out hands of plain table points, at most 850 a side (3 packs' cards).
        left = [a, b]
        while left != [0, 0]:
            chunk = (min(850, left[0]), min(850, left[1]))
            status, answer = post(f"/api/v1/games/{table['game_id']}/hands", {
                "end": "stock_out", "sides": [{"table_points": chunk[0], "hand_points": 0},
                                              {"table_points": chunk[1], "hand_points": 0}]},
                _bearer(table["edit_token"]))
            assert status == 201, answer
            left = [left[0] - chunk[0], left[1] - chunk[1]]
    # The desk closes the game: its tables end on time, credited their difference.
    status, answer = post(f"/api/v1/tournaments/{tid}/rounds/1/finish", None, _bearer(token))
    assert status == 200, answer
    return tid, token


def play_season(post: Post) -> list[tuple[str, str]]:
    """The three nights, played in order: (id, desk token) of each."""
    return [play_night(post, name, pairs, totals) for name, pairs, totals in NIGHTS]
