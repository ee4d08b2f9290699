"""The table's floor when the packs run out of cheap cards, and the sets of aces and sevens the
packs hold for the whole table (issue 42's impossible hands that were taken).

Worked by hand from RULES.md's card values (4 to 7: 5; 8 to K: 10; ace, 2: 20; joker: 50) and
its packs (four cards of a rank a pack; four 2s and two jokers a pack):

- Classic, two packs: eight 4s, so one natural canasta of 4s (a second needs seven more). Five
  natural canastas: 4s, 5s, 6s, 7s (4 x 35) and one of 8s to kings (70): 210 at least.
- Bolivia, three packs: twelve of a rank, still one natural canasta a rank: six natural
  canastas, 4 x 35 + 2 x 70 = 280.
- Hand and Foot, four players, five packs (VARIANTS-2.md 10.1): twenty 2s and ten jokers. Four
  wild books hold 28 wild cards: twenty 2s and eight jokers, 20 x 20 + 8 x 50 = 800.
- American (VARIANTS.md 1), two packs: eight aces and eight sevens, two sets of three of each
  for all four players; a sevens canasta takes seven of the sevens and leaves no set of them.
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine import EntryErrors, RuleSet, count_hand, find_ruleset

CLASSIC = find_ruleset("classic")
BOLIVIA = find_ruleset("bolivia")
HAND_AND_FOOT = find_ruleset("hand-and-foot")
AMERICAN = find_ruleset("american")


def body(*sides: dict[str, Any], players: int = 4) -> dict[str, Any]:
    return {"players": players, "end": "stock_out", "sides": list(sides)}


def refusals(rs: RuleSet, *sides: dict[str, Any]) -> dict[str, str]:
    with pytest.raises(EntryErrors) as info:
        count_hand(rs, body(*sides))
    return {e.field: e.message for e in info.value.errors}


def table_total(rs: RuleSet, *sides: dict[str, Any]) -> tuple[int, ...]:
    _, result = count_hand(rs, body(*sides))
    for side in result.sides:
        assert side.total == sum(line.points for line in side.lines)
    return result.totals


def floor_message(rs: RuleSet, points: int) -> str:
    """The floor's refusal, in the game's own word for its canastas (Hand and Foot: books)."""
    if rs is HAND_AND_FOOT:  # VARIANTS-2.md 10.2: its black 3s are never melded
        return f"The books on the table are worth at least {points}."
    return f"The canastas and black 3s on the table are worth at least {points}."


@pytest.mark.parametrize(("rs", "canastas", "least"), [
    (CLASSIC, {"natural": 5}, 210),
    (CLASSIC, {"natural": 4}, 140),
    # Eleven ranks, one natural canasta each: 4 x 35 + 6 x 70 + 7 x 20 (aces) = 700; the floor
    # prices the aces as 8s to kings (a floor is never above the real least).
    (CLASSIC, {"natural": 11}, 630),
    (BOLIVIA, {"natural": 6}, 280),
    (HAND_AND_FOOT, {"wild": 4}, 800),
    (HAND_AND_FOOT, {"wild": 2}, 280),
    # Five packs, 20 of a rank: two clean books of 4s (14) and a dirty one of six 4s and a 2.
    (HAND_AND_FOOT, {"natural": 8, "mixed": 4}, 8 * 35 + 4 * 50),
    # Nine clean books: two a 5-point rank (8 x 35), the ninth of 8s to kings (70).
    (HAND_AND_FOOT, {"natural": 9}, 8 * 35 + 70),
])
def test_the_canastas_hold_the_cards_the_packs_leave(rs: RuleSet, canastas: dict[str, int],
                                                     least: int) -> None:
    side = {"canastas": canastas}
    assert refusals(rs, {**side, "table_points": least - 5}, {}) == {
        "sides[0].table_points": floor_message(rs, least)}
    bonuses = sum(rs.canasta_kind(k).points * n for k, n in canastas.items())  # type: ignore[misc]
    assert table_total(rs, {**side, "table_points": least}, {})[0] == bonuses + least


def test_the_auditors_hands() -> None:
    # Issue 42: classic five natural canastas of 5-point ranks on 175; four Hand and Foot wild
    # books on 600 (28 wild cards from five packs hold at least 8 jokers: 800).
    assert "sides[0].table_points" in refusals(
        CLASSIC, {"canastas": {"natural": 5}, "table_points": 175}, {})
    assert "sides[0].table_points" in refusals(
        HAND_AND_FOOT, {"canastas": {"wild": 4}, "table_points": 600}, {})


def sets(n: int, **side: Any) -> dict[str, Any]:
    """A side holding ``n`` sets of three aces or sevens, on enough hand points."""
    return {"aces_or_sevens_held": n, "hand_points": 400, **side}


SETS = ("2 packs leave %d sets of three aces and %d of three sevens for all the players: not "
        "that many sets held.")


def test_the_packs_hold_two_sets_of_aces_and_two_of_sevens_for_the_table() -> None:
    # Each player holds at most one set of each; four sets in all, shared as the sides like.
    assert table_total(AMERICAN, sets(2), sets(2)) == (-2 * 1500 - 400, -2 * 1500 - 400)
    assert table_total(AMERICAN, sets(3), sets(1)) == (-3 * 1500 - 400, -1500 - 400)
    assert table_total(AMERICAN, sets(4), {}) == (-4 * 1500 - 400, 0)
    # A fifth set needs a ninth ace or seven.
    assert refusals(AMERICAN, sets(3), sets(2)) == {"sides[1].aces_or_sevens_held": SETS % (2, 2)}
    assert refusals(AMERICAN, sets(4), sets(1)) == {"sides[1].aces_or_sevens_held": SETS % (2, 2)}


def test_a_sevens_canasta_leaves_no_set_of_sevens() -> None:
    canasta = {"canastas": {"sevens": 1}, "table_points": 35}
    # Its side's two holders hold a set of aces each: six of the eight aces.
    assert table_total(AMERICAN, sets(2, **canasta), {})[0] == 2500 + 35 - 3000 - 400
    # A third set would be of aces too: nine aces.
    assert refusals(AMERICAN, sets(2, **canasta), sets(1)) == {
        "sides[1].aces_or_sevens_held": SETS % (2, 0)}


def test_the_side_that_went_out_holds_sets_in_one_hand_only() -> None:
    # The player who went out holds nothing: the partner one set of aces and one of sevens.
    out = {"going_out": "normal", "canastas": {"natural": 1, "mixed": 1}, "table_points": 85}
    _, result = count_hand(AMERICAN, {"players": 4, "end": "went_out",
                                      "sides": [sets(2, **out), {}]})
    assert result.sides[0].points_of("aces_or_sevens_held") == -3000
    with pytest.raises(EntryErrors) as info:
        count_hand(AMERICAN, {"players": 4, "end": "went_out", "sides": [sets(3, **out), {}]})
    assert [e.field for e in info.value.errors] == ["sides[0].aces_or_sevens_held"]
