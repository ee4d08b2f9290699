"""Games of rounds (engine/flow.py): Hand and Foot played through the API and the pages for
its four rounds (VARIANTS-2.md 10.6: "Round 1=50, 2=90, 3=120, 4=150"; 10.7: "After four deals,
the higher total wins"), and a test preset that only declares a flow of rounds."""

from __future__ import annotations

import re

import pytest
from worked_hand import WORKED_HAND

from scorekeeper.engine import PRESETS, find_ruleset, vary


def pdf_text(pdf: bytes) -> list[str]:
    """Each page's text (as tests/sheets/sheet_helpers.py reads it)."""
    from io import BytesIO

    from pypdf import PdfReader

    return [page.extract_text() or "" for page in PdfReader(BytesIO(pdf)).pages]

#: The side going out under pagat's contract (tests/engine/test_hand_and_foot.py): 3,980.
OUT = {"canastas": {"natural": 2, "mixed": 2, "wild": 1}, "table_points": 580,
       "hand_points": 0, "red_threes": 2, "going_out": "normal"}
#: The other side, with its unplayed foot: 500 + 100 - 100 + 95 - 185 = 410.
BEHIND = {"canastas": {"natural": 1}, "table_points": 95, "hand_points": 185,
          "red_threes": 1, "red_threes_in_hand": 1}


def hf_hand(winner: int) -> dict:
    sides = [OUT, BEHIND] if winner == 0 else [BEHIND, OUT]
    return {"end": "went_out", "sides": sides}


def new_game(client, ruleset: str) -> dict:
    res = client.post("/api/v1/games", json={
        "ruleset": ruleset, "players": 4,
        "sides": [{"name": "Us", "players": ["Ann", "Bob"]}, {"name": "Them"}]})
    assert res.status_code == 201, res.get_json()
    data = res.get_json()
    data["auth"] = {"Authorization": f"Bearer {data['edit_token']}"}
    return data


def test_hand_and_foot_four_rounds_through_the_api(client):
    game = new_game(client, "hand-and-foot")
    url = f"/api/v1/games/{game['id']}"
    state = client.get(url).get_json()
    assert (state["rounds"], state["round"], state["opening_minimums"]) == (4, 1, [50, 50])
    assert state["to_target"] == [0, 0]
    # Us go out in rounds 1 to 3: 11,940, far past any target, and the game goes on.
    for n, minimum in ((2, 90), (3, 120), (4, 150)):
        res = client.post(f"{url}/hands", json=hf_hand(0), headers=game["auth"])
        assert res.status_code == 201, res.get_json()
        state = client.get(url).get_json()
        assert state["round"] == n and state["opening_minimums"] == [minimum, minimum]
        assert state["finished"] is False
    assert state["totals"] == [11940, 1230]
    # Them go out in round 4; the game ends after it and the higher total wins.
    res = client.post(f"{url}/hands", json=hf_hand(1), headers=game["auth"])
    assert res.status_code == 201
    state = client.get(url).get_json()
    assert state["totals"] == [12350, 5210]
    assert state["finished"] is True and state["winner"] == 0 and state["drawn"] is False
    assert client.post(f"{url}/hands", json=hf_hand(1),
                       headers=game["auth"]).status_code == 409


def test_a_tie_after_round_four_is_a_draw(client):
    game = new_game(client, "hand-and-foot")
    url = f"/api/v1/games/{game['id']}"
    for winner in (0, 1, 0, 1):
        assert client.post(f"{url}/hands", json=hf_hand(winner),
                           headers=game["auth"]).status_code == 201
    state = client.get(url).get_json()
    assert state["totals"] == [8780, 8780]
    assert state["finished"] is True and state["drawn"] is True and state["winner"] is None


@pytest.mark.parametrize(("round_", "minimum"), [(1, 50), (2, 90), (3, 120), (4, 150)])
def test_opening_minimum_endpoint_takes_the_round(client, round_, minimum):
    res = client.get(f"/api/v1/opening-minimum?ruleset=hand-and-foot&round={round_}")
    assert res.status_code == 200
    assert res.get_json() == {"ruleset": "hand-and-foot", "score": 0, "round": round_,
                              "minimum": minimum, "condition": None, "band": round_ - 1}
    # The score does not change it.
    res = client.get(f"/api/v1/opening-minimum?ruleset=hand-and-foot&round={round_}"
                     "&score=7000")
    assert res.get_json()["minimum"] == minimum


def test_opening_minimum_endpoint_round_errors_and_score_rules(client):
    res = client.get("/api/v1/opening-minimum?ruleset=hand-and-foot&round=0")
    assert res.status_code == 422
    assert res.get_json()["errors"][0]["field"] == "round"
    assert client.get("/api/v1/opening-minimum?ruleset=hand-and-foot&round=x"
                      ).status_code == 422
    # A rule set by score ignores the round and still needs the score.
    res = client.get("/api/v1/opening-minimum?ruleset=classic&score=1500&round=3")
    assert res.get_json()["minimum"] == 90 and res.get_json()["round"] is None
    assert client.get("/api/v1/opening-minimum?ruleset=classic").status_code == 422


def test_rulesets_list_and_data_know_the_rounds(client):
    listed = {r["id"]: r for r in client.get("/api/v1/rulesets").get_json()["rulesets"]}
    assert listed["hand-and-foot"]["name"] == "Hand and Foot"
    data = client.get("/api/v1/rulesets/hand-and-foot").get_json()
    assert data["rounds"] == 4 and data["opening_by_round"] == [50, 90, 120, 150]
    assert data["opening_minimums"]["by_round"][3] == {"round": 4, "minimum": 150}
    assert data["sources"][0] == "P-HF"
    assert client.get("/api/v1/rulesets/classic").get_json()["rounds"] is None


# -- a preset that only declares a flow of rounds ---------------------------------------------


#: The worked hand of tests/api/test_games_api.py under classic rules: 1,035 and 535.
CLASSIC_HAND = {"end": "went_out", "sides": [
    {"table_points": 355, "hand_points": 20, "canastas": {"mixed": 2}, "going_out": "normal"},
    {"table_points": 280, "hand_points": 45, "red_threes": 3},
]}


@pytest.fixture
def three_rounds(monkeypatch):
    """Classic Canasta, copied, with two declarations: three rounds, minimums 15, 90, 150."""
    rs = vary(find_ruleset("classic"), {"rounds": 3, "opening_by_round": (15, 90, 150)},
              id="three-rounds")
    monkeypatch.setitem(PRESETS, rs.id, rs)
    return rs


def test_a_test_preset_of_rounds_plays_to_its_end_through_the_api(client, three_rounds):
    game = new_game(client, "three-rounds")
    url = f"/api/v1/games/{game['id']}"
    seen = []
    for _ in range(3):
        seen.append(client.get(url).get_json()["opening_minimums"])
        assert client.post(f"{url}/hands", json=CLASSIC_HAND,
                           headers=game["auth"]).status_code == 201
    # By round, not by score (by score, 1,035 would still open at 50).
    assert seen == [[15, 15], [90, 90], [150, 150]]
    state = client.get(url).get_json()
    assert state["totals"] == [3105, 1605]
    assert state["finished"] is True and state["winner"] == 0


# -- the pages ------------------------------------------------------------------------------------


def form_hand(winner: int) -> dict[str, str]:
    out, behind = (0, 1) if winner == 0 else (1, 0)
    return {
        "end": "went_out",
        f"sides[{out}].going_out": "normal", f"sides[{out}].canastas.natural": "2",
        f"sides[{out}].canastas.mixed": "2", f"sides[{out}].canastas.wild": "1",
        f"sides[{out}].table_points": "580", f"sides[{out}].hand_points": "0",
        f"sides[{out}].red_threes": "2",
        f"sides[{behind}].going_out": "", f"sides[{behind}].canastas.natural": "1",
        f"sides[{behind}].table_points": "95", f"sides[{behind}].hand_points": "185",
        f"sides[{behind}].red_threes": "1", f"sides[{behind}].red_threes_in_hand": "1",
    }


def start(client, ruleset: str) -> str:
    res = client.post("/games/new", data={
        "ruleset": ruleset, "players": "4", "shown_ruleset": ruleset,
        "side_0_name": "Us", "side_1_name": "Them"})
    assert res.status_code == 303, res.get_data(as_text=True)
    return res.headers["Location"].rsplit("/", 1)[-1]


def flat(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_hand_and_foot_four_rounds_through_the_pages(client):
    game_id = start(client, "hand-and-foot")
    for n, minimum in ((1, "50"), (2, "90"), (3, "120"), (4, "150")):
        board = flat(client.get(f"/games/{game_id}").get_data(as_text=True))
        assert f"Round {n} of 4" in board
        assert f"To open in round {n} {minimum}" in board
        assert "4 rounds, the higher total wins" in board and "Playing to" not in board
        count = flat(client.get(f"/games/{game_id}/hands/new").get_data(as_text=True))
        assert f"Round {n} of 4 · opening minimum {minimum}" in count
        res = client.post(f"/games/{game_id}/hands", data=form_hand(0 if n < 4 else 1))
        assert res.status_code == 303, flat(res.get_data(as_text=True))[-2000:]
    board = flat(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "Round 5" not in board and "To open" not in board
    assert "Target" not in board  # the chart draws no target line in a game of rounds
    assert re.search(r"Us .*won|Winner", board), board[:3000]
    res = client.get(f"/sheets/games/{game_id}.pdf")
    assert res.status_code == 200
    sheet = re.sub(r"\s+", " ", "\n".join(pdf_text(res.data)))
    assert "Us won" in sheet
    assert "Rounds: 4" in sheet and "Target" not in sheet
    assert "Round 1 50 Round 2 90 Round 3 120 Round 4 150" in sheet
    # Each round's row: its dealer, then each side's minimum (the round's) and its counts.
    assert "1 Us, player 1 50 1,000 600 1,500 200 100 580 0 3,980 3,980 50 500" in sheet
    assert "2 Them, player 1 90 1,000" in sheet and " 90 500 100 −100 95 −185 410 820" in sheet


def test_a_test_preset_of_rounds_plays_to_its_end_through_the_pages(client, three_rounds):
    game_id = start(client, "three-rounds")
    for n, minimum in ((1, "15"), (2, "90"), (3, "150")):
        board = flat(client.get(f"/games/{game_id}").get_data(as_text=True))
        assert f"Round {n} of 3" in board and f"To open in round {n} {minimum}" in board
        assert client.post(f"/games/{game_id}/hands", data=WORKED_HAND).status_code == 303
    board = flat(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "Round 4" not in board and "To open" not in board


def test_the_quick_answer_knows_the_round(client):
    page = flat(client.get("/opening-minimum?ruleset=hand-and-foot&round=3"
                           ).get_data(as_text=True))
    assert "First meld needs 120 card points in round 3" in page
    assert "Round 1 50 Round 2 90 Round 3 120 Round 4 150" in page
    bad = client.get("/opening-minimum?ruleset=hand-and-foot&round=0")
    assert "Type the round as a whole number from 1 to 20." in bad.get_data(as_text=True)
