"""Standings, tie-breakers, the time-up settlement, abandonment and substitution."""

from __future__ import annotations

from tournament_helpers import (
    VALUES,
    admin,
    clock_out,
    create,
    links,
    play,
    post_hand,
    read,
    stock_out,
)

from scorekeeper.engine.ranking import Standing, game_credits, rank


def standing(data, pair):
    return next(s for s in data["standings"] if s["pair"] == pair)


def test_credits_are_the_difference_for_the_winner_and_minus_it_for_the_loser():
    assert game_credits((3200, 1150), finished=True, abandoned_by=None,
                        abandon_points=5000) == (2050, -2050)
    assert game_credits((800, 800), finished=True, abandoned_by=None,
                        abandon_points=5000) == (0, 0)
    assert game_credits((800, 100), finished=False, abandoned_by=None,
                        abandon_points=5000) is None
    assert game_credits((9000, 100), finished=False, abandoned_by=0,
                        abandon_points=5000) == (0, 5000)


def test_rank_by_difference_then_games_won_then_pair_number():
    rows = [
        Standing(1, "Owls", [], difference=500, wins=1),
        Standing(2, "Bees", [], difference=500, wins=2),
        Standing(3, "Cats", [], difference=900, wins=1),
        Standing(4, "Ants", [], difference=500, wins=1),
        Standing(5, "Dogs", [], difference=9000, wins=3, substituted=True),
        Standing(6, "Eels", [], difference=7000, wins=3, disqualified=True),
    ]
    ranked = rank(rows)
    assert [r.number for r in ranked] == [3, 2, 1, 4, 6, 5]
    assert [r.rank for r in ranked] == [1, 2, 3, 4, None, None]
    assert ranked[-1].difference == 0 and ranked[-1].wins == 0


def test_standings_add_up_each_game_and_break_ties_on_games_won(client):
    tid, token = create(client, 4, rounds=2)
    t1, t2 = links(client, tid, token)
    # Table 1: pair 1 reaches 15,000 first: 15,000 - 4,000 = 11,000.
    play(client, t1, (15000, 4000))
    # Table 2 is still playing when the round is closed: it ends on its totals, 3-4: 500-2,500.
    play(client, t2, (500, 2500))
    assert client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish",
                       headers=admin(token)).status_code == 200
    data = read(client, tid, token)
    assert [standing(data, p)["difference"] for p in (1, 2, 3, 4)] == [11000, -11000, -2000, 2000]
    assert [standing(data, p)["wins"] for p in (1, 2, 3, 4)] == [1, 0, 0, 1]

    # Game 2 by 002's rotation (two games fit two tables): 3-2 and 1-4.
    r2 = links(client, tid, token, 2)
    assert [t["pairs"] for t in r2] == [[3, 2], [1, 4]]
    play(client, r2[0], (15000, 2000))  # 3: -2,000 + 13,000 = 11,000; 2: -24,000
    play(client, r2[1], (6000, 15000))  # 1: 11,000 - 9,000 = 2,000; 4: 2,000 + 9,000 = 11,000
    data = read(client, tid, token)
    # 4 and 3 are level on 11,000: 4 won two games, 3 one.
    assert [(s["pair"], s["difference"], s["wins"], s["rank"]) for s in data["standings"]] == [
        (4, 11000, 2, 1), (3, 11000, 1, 2), (1, 2000, 1, 3), (2, -24000, 0, 4)]


def test_level_difference_goes_to_more_games_won(client):
    tid, token = create(client, 4, rounds=2)
    t1, t2 = links(client, tid, token)
    play(client, t1, (15000, 14000))  # 1: +1,000 (won), 2: -1,000
    play(client, t2, (15000, 12000))  # 3: +3,000 (won), 4: -3,000
    client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish", headers=admin(token))
    a, b = links(client, tid, token, 2)  # 3-2, 1-4
    play(client, a, (14000, 15000))  # 3: 3,000 - 1,000 = 2,000 (one win); 2: 0
    play(client, b, (15000, 14000))  # 1: 1,000 + 1,000 = 2,000 (two wins); 4: -4,000
    data = read(client, tid, token)
    top = [(s["pair"], s["difference"], s["wins"]) for s in data["standings"][:2]]
    assert top == [(1, 2000, 2), (3, 2000, 1)]


def test_time_up_hand_counts_only_canastas_and_premios_and_ends_the_game(client):
    tid, token = create(client, 4, rounds=1)
    table = links(client, tid, token)[0]
    play(client, table, (2000, 1000))
    # Time is up mid-hand: table and hand cards do not count; canastas and premios do.
    # Side 0: a natural canasta (500) and a canastilla (150): 650. Side 1: a mixed canasta (300).
    hand = {"end": "time_up", "sides": [
        {"table_points": 800, "hand_points": 150, "canastas": {"natural": 1},
         "premios": {"canastilla": 1}},
        {"table_points": 400, "hand_points": 90, "canastas": {"mixed": 1}},
    ]}
    clock_out()
    response = post_hand(client, table, hand)
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["totals"] == [500 + VALUES["premios.canastilla"], 300]
    game = client.get(f"/api/v1/games/{table['game_id']}").get_json()
    assert game["totals"] == [2650, 1300]
    assert game["finished"] and game["winner"] == 0
    data = read(client, tid)
    assert data["rounds"][0]["tables"][0]["credits"] == [1350, -1350]
    # The game is over: no more hands.
    assert post_hand(client, table, stock_out((100, 100))).status_code == 409


def test_closing_a_round_settles_games_without_a_time_up_hand_on_their_totals(client):
    tid, token = create(client, 4, rounds=1)
    t1, t2 = links(client, tid, token)
    play(client, t1, (700, 700))  # level: a draw, 0 each
    response = client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish", headers=admin(token))
    assert response.status_code == 200
    data = response.get_json()
    assert data["finished"]
    g1 = client.get(f"/api/v1/games/{t1['game_id']}").get_json()
    assert g1["finished"] and g1["drawn"]
    # The game's own record says why it ended: an empty hand ended by time, worth nothing.
    assert g1["hands"][-1]["entry"]["end"] == "time_up"
    assert g1["hands"][-1]["totals"] == [0, 0] and g1["totals"] == [700, 700]
    g2 = client.get(f"/api/v1/games/{t2['game_id']}").get_json()
    assert g2["finished"] and g2["drawn"] and len(g2["hands"]) == 1
    assert [t["credits"] for t in data["rounds"][0]["tables"]] == [[0, 0], [0, 0]]
    assert len(data["rounds"]) == 1


def test_abandonment_credits_the_opponent_and_disqualifies_the_pair(client):
    tid, token = create(client, 4, rounds=3)
    t1, _ = links(client, tid, token)
    play(client, t1, (3000, 100))  # pair 1 was ahead, then left
    response = client.post(f"/api/v1/tournaments/{tid}/pairs/1/abandon", headers=admin(token))
    assert response.status_code == 200
    data = response.get_json()
    assert data["rounds"][0]["tables"][0]["credits"] == [0, 5000]
    assert data["rounds"][0]["tables"][0]["abandoned_by"] == 1
    assert standing(data, 2)["difference"] == 5000 and standing(data, 2)["wins"] == 1
    one = standing(data, 1)
    assert one["disqualified"] and one["rank"] is None
    assert data["standings"][-1]["pair"] == 1
    # Abandoning twice is refused.
    again = client.post(f"/api/v1/tournaments/{tid}/pairs/1/abandon", headers=admin(token))
    assert again.status_code == 409
    # Pair 1 is seated no more: its planned opponent in game 2 (pair 4) sits out.
    data = client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish",
                       headers=admin(token)).get_json()
    r2 = data["rounds"][1]
    assert [t["pairs"] for t in r2["tables"]] == [[2, 3]]
    assert r2["byes"] == [4]


def test_substituted_pair_scores_nothing_and_is_ranked_last(client):
    tid, token = create(client, 4, rounds=1)
    t1, t2 = links(client, tid, token)
    play(client, t1, (15000, 1000))
    response = client.post(f"/api/v1/tournaments/{tid}/pairs/1/substitute",
                           headers=admin(token))
    assert response.status_code == 200
    data = response.get_json()
    last = data["standings"][-1]
    assert (last["pair"], last["difference"], last["wins"], last["rank"]) == (1, 0, 0, None)
    assert last["substituted"]
    # The opponent's result stands.
    assert standing(data, 2)["difference"] == -14000
