"""Hand and Foot for two to six players (VARIANTS-2.md 10.1: "2–6 possible; 6 as two teams of
three; odd numbers play as individuals"; [SIMP] "One more deck than the number of people
playing"), and the count of a hand for three players, each for himself."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine import EntryErrors, count_hand, find_ruleset

HF = find_ruleset("hand-and-foot")

#: Ann goes out under pagat's contract (test_hand_and_foot.py's side): two clean books (500
#: each), two dirty (300 each), a wild book (1,500), two red 3s (200), going out (100) and 580
#: on the table: 3,980.
OUT = {"canastas": {"natural": 2, "mixed": 2, "wild": 1}, "table_points": 580,
       "hand_points": 0, "red_threes": 2, "going_out": "normal"}
#: Bob: a clean book of sevens (500), a red 3 laid (100) and one in his unplayed foot (−100),
#: 95 on the table and 185 in his hand and foot: 410.
BEHIND = {"canastas": {"natural": 1}, "table_points": 95, "hand_points": 185,
          "red_threes": 1, "red_threes_in_hand": 1}
#: Cleo: a dirty book (300) of five queens and two 2s (90) and a meld of three kings (30): 120
#: on the table; 60 left in her hand and foot: 360.
THIRD = {"canastas": {"mixed": 1}, "table_points": 120, "hand_points": 60}


def three(*sides: dict[str, Any], end: str = "went_out") -> Any:
    _, result = count_hand(HF, {"players": 3, "end": end, "sides": list(sides)})
    for side in result.sides:
        assert side.total == sum(line.points for line in side.lines)
    return result


@pytest.mark.parametrize(("players", "sides", "packs"),
                         [(2, 2, 3), (3, 3, 4), (4, 2, 5), (5, 5, 6), (6, 2, 7)])
def test_two_to_six_players_one_pack_more_than_players(players: int, sides: int,
                                                       packs: int) -> None:
    fmt = HF.find_format(players)
    assert (fmt.players, fmt.sides, fmt.packs, fmt.cards_dealt) == (players, sides, packs, 26)


def test_four_in_two_pairs_stays_the_first_format() -> None:
    # pagat's main version (Whitnack's partnerships): what a new game starts with.
    assert (HF.formats[0].id, HF.formats[0].packs) == ("4", 5)


def test_five_players_each_for_himself() -> None:
    # Five players play as five individuals (issue 42: they were not offered), six packs.
    fourth = {"hand_points": 40, "red_threes_in_hand": 1}  # never melded: -40 - 100
    fifth = {"table_points": 60, "hand_points": 25, "red_threes": 1}  # 60 + 100 - 25
    _, result = count_hand(HF, {"players": 5, "end": "went_out",
                                "sides": [OUT, BEHIND, THIRD, fourth, fifth]})
    assert result.format.id == "5" and result.format.packs == 6
    assert [s.total for s in result.sides] == [3980, 410, 360, -140, 135]
    # Six packs hold twelve red 3s: a thirteenth is refused, on the side that laid it.
    with pytest.raises(EntryErrors) as info:
        count_hand(HF, {"players": 5, "end": "stock_out", "sides": [
            {"red_threes": 6}, {"red_threes": 6}, {"red_threes": 1}, {}, {}]})
    assert [e.field for e in info.value.errors] == ["sides[2].red_threes"]
    # Seven players are no format.
    with pytest.raises(KeyError):
        HF.find_format(7)


def test_three_players_each_for_himself() -> None:
    result = three(OUT, BEHIND, THIRD)
    assert result.format.id == "3" and result.format.packs == 4
    assert [s.total for s in result.sides] == [3980, 410, 360]


def test_three_players_when_the_stock_runs_out() -> None:
    # 10.5: "if stock is depleted, no one gets the bonus for going out"; every hand and
    # unplayed foot counts minus.
    stuck = dict(OUT, going_out="", hand_points=40)
    result = three(stuck, BEHIND, THIRD, end="stock_out")
    assert [s.total for s in result.sides] == [3980 - 100 - 40, 410, 360]


def test_four_packs_hold_eight_red_threes() -> None:
    # Two red 3s a pack: 2 + 1 + 1 + 4 = 8 fit in four packs, one more does not.
    assert three(OUT, BEHIND, dict(THIRD, red_threes=4)).sides[2].total == 760
    with pytest.raises(EntryErrors):
        three(OUT, BEHIND, dict(THIRD, red_threes=5))


def test_a_lone_player_who_went_out_holds_nothing() -> None:
    with pytest.raises(EntryErrors) as info:
        three(dict(OUT, hand_points=20), BEHIND, THIRD)
    assert "sides[0].hand_points" in {e.field for e in info.value.errors}
