"""Canastas and melds come out of the packs, rank by rank, for every side together.

RULES.md, common ground: two 52-card packs and four jokers, four cards of a rank a pack; a
canasta is seven cards of one rank at least (a mixed one holds at most three wild cards: four of
its rank; Samba and American two: five), 4 to ace (3s are never a canasta). Two packs hold eight
of a rank, so one natural canasta of each of the eleven ranks at most; three packs twelve, still
one. VARIANTS.md 1, American: sevens and aces are canastas of their own ("Sevens canasta (never
wild)", "Aces canasta (natural ...)"), so nine ranks remain for natural canastas; "one meld per
rank" a side; an unfinished meld holds three cards (the four-joker one its four jokers, 200).
"""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine import (
    PRESETS,
    CanastaKind,
    EntryErrors,
    RuleSet,
    count_hand,
    find_ruleset,
    with_values,
)
from scorekeeper.engine.rule_types import MELD_RANKS

AMERICAN = find_ruleset("american")
CLASSIC = find_ruleset("classic")


def body(*sides: dict[str, Any]) -> dict[str, Any]:
    return {"players": 4, "end": "stock_out", "sides": list(sides)}


def errors(rs: RuleSet, *sides: dict[str, Any]) -> dict[str, str]:
    with pytest.raises(EntryErrors) as info:
        count_hand(rs, body(*sides))
    return {e.field: e.message for e in info.value.errors}


def totals(rs: RuleSet, *sides: dict[str, Any]) -> tuple[int, ...]:
    _, result = count_hand(rs, body(*sides))
    return result.totals


def naturals(n: int, cheap_ranks: int = 4) -> dict[str, Any]:
    """A side with ``n`` natural canastas and nothing else, on the fewest points they hold:
    one of each 5-point rank (4 to 7: 35 each; American's sevens are a kind of their own, so
    three ranks), the rest of 8s to kings (70 each)."""
    cheap = min(n, cheap_ranks)
    return {"canastas": {"natural": n}, "table_points": 35 * cheap + 70 * (n - cheap)}


PACKS = "2 packs do not hold the cards for that many of these canastas."
MELDS = "2 packs do not hold the cards for these canastas and unfinished melds."
ONE_A_RANK = "A side has one meld of each rank: not that many of these."


# Hand and Foot's five packs hold two natural books of a rank: tests/engine/test_hand_and_foot.py.
# Buraco's and Burraco's canastas may be runs of one suit (VARIANTS-2.md 11.3, 12.3), of no one
# rank: tests/engine/test_deck_limits_runs.py.
@pytest.mark.parametrize("preset", sorted(set(PRESETS) - {"american", "hand-and-foot",
                                                          "buraco", "burraco"}))
def test_eleven_natural_canastas_at_most(preset: str) -> None:
    rs = PRESETS[preset]
    if rs.missing_values():
        rs = with_values(rs, {path: 100 for path, _ in rs.missing_values()})
    packs = rs.formats[[f.players for f in rs.formats].index(4)].packs
    # One a rank, eleven ranks (two packs: 8 of a rank; three: 12, still one canasta).
    totals(rs, naturals(6), naturals(5))
    found = errors(rs, naturals(6), naturals(6))
    assert found == {"sides[1].canastas.natural":
                     f"{packs} packs do not hold the cards for that many of these canastas."}
    assert errors(rs, naturals(12), {})["sides[0].canastas.natural"] == found[
        "sides[1].canastas.natural"]


def test_thirty_natural_canastas_on_one_side() -> None:
    # The auditor's hand: scored 16,150 before.
    # Its 1,050 points are below the floor of thirty canastas too (1,960) and past all the
    # packs' cards (1,180); the canastas are refused first of all.
    found = errors(CLASSIC, {"canastas": {"natural": 30}, "table_points": 1050}, {})
    assert found["sides[0].canastas.natural"] == PACKS


def test_mixed_canastas_share_the_ranks_with_natural_ones() -> None:
    # Two packs, 8 of a rank: a natural canasta (7) leaves one; a mixed one needs four of its
    # rank (at most three wild cards), so a free rank holds two mixed canastas.
    # Ten natural canastas take ten ranks, so the two mixed ones share the eleventh, four of
    # its rank and three wild cards each: on 4s, 2 x (4 x 5 + 3 x 20) = 160, with three
    # natural canastas of 5s to 7s (105) and seven of 8s to kings (490): 755 at least.
    ten_and_two = ({"canastas": {"natural": 10, "mixed": 2}, "table_points": 755}, {})
    totals(CLASSIC, *ten_and_two)
    assert errors(CLASSIC, {"canastas": {"natural": 10, "mixed": 3}, "table_points": 900},
                  {}) == {"sides[0].canastas.mixed": PACKS}
    assert errors(CLASSIC, naturals(11), {"canastas": {"mixed": 1}, "table_points": 50}) == {
        "sides[1].canastas.mixed": PACKS}


def test_american_nine_natural_canastas() -> None:
    # Sevens and aces are kinds of their own: nine ranks remain.
    totals(AMERICAN, naturals(5, 3), naturals(4, 3))
    assert errors(AMERICAN, naturals(6, 3), naturals(5, 3)) == {
        "sides[1].canastas.natural": PACKS}
    assert errors(AMERICAN, naturals(10, 3), {}) == {"sides[0].canastas.natural": ONE_A_RANK}


def test_american_one_meld_a_rank_a_side() -> None:
    # Ten mixed canastas (five of a rank and two wild cards: 9 ranks and aces, "aces mixed in
    # the opening meld become an ordinary mixed meld"; never sevens) on one side, not eleven.
    # At least six of a rank and a wild card each: 4s, 5s, 6s (3 x 50), 8s to kings (6 x 80),
    # aces (6 x 20 + 20 = 140); ten wild cards from two packs' eight 2s: two jokers (+2 x 30).
    totals(AMERICAN, {"canastas": {"mixed": 10}, "table_points": 830}, {})
    assert errors(AMERICAN, {"canastas": {"mixed": 11}, "table_points": 1000}, {}) == {
        "sides[0].canastas.mixed": ONE_A_RANK}


@pytest.mark.parametrize(("kind", "points"), [("sevens", 35), ("aces", 140)])
def test_american_a_canasta_and_a_meld_of_one_rank(kind: str, points: int) -> None:
    meld = 15 if kind == "sevens" else 60
    # A canasta of the rank on one side and a meld of it on the other: 7 + 3 of 8.
    assert errors(AMERICAN, {"canastas": {kind: 1}, "table_points": points},
                  {"unfinished_canastas": {kind: 1}, "table_points": meld}) == {
        f"sides[1].unfinished_canastas.{kind}": MELDS}
    # Both on one side: one meld a rank.
    assert errors(AMERICAN, {"canastas": {kind: 1}, "unfinished_canastas": {kind: 1},
                             "table_points": points + meld}, {}) == {
        f"sides[0].unfinished_canastas.{kind}": ONE_A_RANK}
    # A meld of the rank on each side: 3 + 3 of 8.
    totals(AMERICAN, {"unfinished_canastas": {kind: 1}, "table_points": meld},
           {"unfinished_canastas": {kind: 1}, "table_points": meld})
    # Two canastas of the rank: 14 of 8.
    assert errors(AMERICAN, {"canastas": {kind: 1}, "table_points": points},
                  {"canastas": {kind: 1}, "table_points": points}) == {
        f"sides[1].canastas.{kind}": PACKS}


def test_american_unfinished_wild_melds_hold_three_wild_cards() -> None:
    # Twelve jokers and 2s in two packs: four melds of three, not five.
    totals(AMERICAN, {"unfinished_canastas": {"wild": 4}, "table_points": 240}, {})
    assert errors(AMERICAN, {"unfinished_canastas": {"wild": 5}, "table_points": 300}, {}) == {
        "sides[0].unfinished_canastas.wild":
            "The canastas and unfinished melds need more jokers and 2s than 2 packs hold (12)."}
    # A wild canasta (seven) and two melds (six) are thirteen.
    assert "sides[1].unfinished_canastas.wild" in errors(
        AMERICAN, {"canastas": {"wild_twos": 1}, "table_points": 140},
        {"unfinished_canastas": {"wild": 2}, "table_points": 120})


def test_american_four_jokers_once() -> None:
    # Four jokers in two packs: a four-joker canasta and a four-joker meld are eight.
    assert errors(AMERICAN, {"canastas": {"wild_four_jokers": 1},
                             "unfinished_canastas": {"wild_four_jokers": 1},
                             "table_points": 460}, {}) == {
        "sides[0].unfinished_canastas.wild_four_jokers": MELDS}
    # The meld alone holds the four jokers: 200 on the table at least.
    assert errors(AMERICAN, {"unfinished_canastas": {"wild_four_jokers": 1},
                             "table_points": 60}, {}) == {
        "sides[0].table_points":
            "The canastas, unfinished melds and black 3s on the table are worth at least 200."}
    assert totals(AMERICAN, {"unfinished_canastas": {"wild_four_jokers": 1},
                             "table_points": 200}, {}) == (-2000 - 200, 0)


def test_the_ranks_of_each_kind_are_data_of_the_rule_set() -> None:
    assert MELD_RANKS == ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    assert CLASSIC.meld_ranks(CanastaKind.NATURAL) == MELD_RANKS
    assert CLASSIC.meld_ranks(CanastaKind.MIXED) == MELD_RANKS
    assert CLASSIC.canasta_kind(CanastaKind.MIXED).naturals == 4
    assert not CLASSIC.held_cards.one_meld_per_rank
    # American: sevens and aces are their own kinds; aces may be mixed, sevens never.
    assert len(AMERICAN.meld_ranks(CanastaKind.NATURAL)) == 9
    assert AMERICAN.meld_ranks(CanastaKind.MIXED) == tuple(r for r in MELD_RANKS if r != "7")
    assert AMERICAN.meld_ranks(CanastaKind.SEVENS) == ("7",)
    assert AMERICAN.canasta_kind(CanastaKind.MIXED).naturals == 5
    assert AMERICAN.held_cards.one_meld_per_rank
    assert AMERICAN.canasta_kind(CanastaKind.WILD_FOUR_JOKERS).minimum_meld_points == 200
    assert AMERICAN.canasta_kind(CanastaKind.WILD).minimum_meld_points == 60
    assert AMERICAN.meld_ranks(CanastaKind.WILD) == ()
