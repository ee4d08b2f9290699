"""Seed a served app through its own API for the Schemathesis run; print shell assignments.

``python .ci/seed_api.py http://127.0.0.1:PORT/api/v1`` makes a game with two hands, two
house rules, two tournaments of four pairs and a series of both, and prints ``export SK_…=…``
lines for ``eval``.
"""

from __future__ import annotations

import json
import shlex
import sys
import urllib.request
from typing import Any

HAND = {"end": "went_out", "sides": [
    {"table_points": 355, "hand_points": 20, "canastas": {"mixed": 2}, "going_out": "normal"},
    {"table_points": 280, "hand_points": 45, "red_threes": 3},
]}
VALUES = {"canastas.wild": 1000, "going_out.normal": 100, "red_threes.each": 100,
          "premios.juego_limpio": 200, "premios.canastilla": 150, "premios.canaston": 2000,
          "premios.canasta_de_moda": 400, "premios.canasta_doble": 2500,
          "premios.canasta_triple": 3000}


def call(method: str, url: str, body: Any = None, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers=headers, method=method)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"null")


def main(base: str) -> None:
    game = call("POST", f"{base}/games", {"ruleset": "classic", "players": 4, "target": 100000,
                                          "sides": [{"name": "Nosotros"}, {"name": "Ellos"}]})
    for _ in range(2):
        call("POST", f"{base}/games/{game['id']}/hands", HAND, game["edit_token"])
    rules = call("GET", f"{base}/rulesets/classic")
    rules["name"] = "Casa"
    house = call("POST", f"{base}/house-rules", rules)
    rules["name"] = "Otra casa"
    other_house = call("POST", f"{base}/house-rules", rules)
    tournament, other_night = (call("POST", f"{base}/tournaments", {
        "name": "Club", "ruleset": "torneo", "values": VALUES, "rounds": 3,
        "pairs": [{"name": f"Pair {i}", "players": [f"P{i}a", f"P{i}b"]} for i in range(1, 5)]})
        for _ in range(2))
    # A season of both nights: the series' operations reach their code, not only their 404s.
    series = call("POST", f"{base}/series", {"name": "Winter"})
    for night in (tournament, other_night):
        answer = call("POST", f"{base}/series/{series['id']}/nights",
                      {"tournament": night["id"], "admin_token": night["admin_token"]},
                      series["admin_token"])
    pair = answer["standings"][0]
    found = {"SK_GAME_ID": game["id"], "SK_GAME_TOKEN": game["edit_token"],
             "SK_HOUSE_ID": house["id"], "SK_HOUSE_TOKEN": house["edit_token"],
             "SK_OTHER_HOUSE_ID": other_house["id"],
             "SK_TOURNAMENT_ID": tournament["id"],
             "SK_TOURNAMENT_TOKEN": tournament["admin_token"],
             "SK_SERIES_ID": series["id"], "SK_SERIES_TOKEN": series["admin_token"],
             "SK_OTHER_NIGHT_ID": other_night["id"], "SK_PAIR_KEY": pair["key"],
             "SK_PLAYER_KEY": pair["player_histories"][0]["key"]}
    for name, value in found.items():
        print(f"export {name}={shlex.quote(value)}")


if __name__ == "__main__":
    main(sys.argv[1])
