"""Seating: 002's rotation, the bye for an odd count, and the circle method against repeats."""

from __future__ import annotations

from itertools import combinations

import pytest

from scorekeeper.engine.seating import CIRCLE, ROTATION, circle_round, rotation_round, schedule

#: Pure seating arithmetic: the PostgreSQL run of .ci/run leaves it out.
pytestmark = pytest.mark.no_database


def meetings(plan):
    return [frozenset(t) for rnd in plan.rounds for t in rnd.tables]


def assert_sound(plan, n):
    """Every pair plays or sits out each round, exactly once."""
    for rnd in plan.rounds:
        seated = [p for t in rnd.tables for p in t] + list(rnd.byes)
        assert sorted(seated) == list(range(1, n + 1))


def test_rotation_follows_002_for_8_pairs():
    # Game 1: 1-2, 3-4, 5-6, 7-8. Even pairs stay; odd pairs move one table on, the last
    # table's odd pair (7) to table 1.
    plan = schedule(8, 3)
    assert plan.method == ROTATION and not plan.notes
    assert [r.tables for r in plan.rounds] == [
        ((1, 2), (3, 4), (5, 6), (7, 8)),
        ((7, 2), (1, 4), (3, 6), (5, 8)),
        ((5, 2), (7, 4), (1, 6), (3, 8)),
    ]
    assert len(set(meetings(plan))) == 12
    assert_sound(plan, 8)


def test_4_pairs_would_meet_again_by_rotation_so_the_circle_method_seats_them():
    # Two tables: after two games the odd pairs are back where they started (1-2 again).
    assert rotation_round(4, 2) == rotation_round(4, 0)
    plan = schedule(4, 3)
    assert plan.method == CIRCLE and plan.rotation_repeats and not plan.repeats
    assert plan.rounds[0].tables == ((1, 2), (3, 4))
    # Three games against three different pairs: every pair meets every other once.
    assert sorted(map(sorted, meetings(plan))) == sorted(
        map(sorted, combinations(range(1, 5), 2)))
    assert_sound(plan, 4)
    assert len(plan.notes) == 1


def test_4_pairs_cannot_play_4_games_without_a_repeat_and_the_plan_says_so():
    plan = schedule(4, 4)
    assert plan.repeats
    assert len(plan.notes) == 2


def test_5_pairs_get_a_bye_that_rotates():
    plan = schedule(5, 3)
    assert plan.method == ROTATION and plan.bye
    assert [r.tables for r in plan.rounds] == [
        ((1, 2), (3, 4)),
        ((5, 2), (1, 4)),
        ((3, 2), (5, 4)),
    ]
    assert [r.byes for r in plan.rounds] == [(5,), (3,), (1,)]
    assert len(set(meetings(plan))) == len(meetings(plan))
    assert_sound(plan, 5)


def test_5_pairs_over_5_games_sit_out_once_each_and_never_meet_twice():
    plan = schedule(5, 5)
    assert plan.method == CIRCLE and not plan.repeats
    assert sorted(b for r in plan.rounds for b in r.byes) == [1, 2, 3, 4, 5]
    assert len(set(meetings(plan))) == 10
    assert_sound(plan, 5)


def test_9_pairs_bye_rotates_and_no_pair_meets_twice():
    plan = schedule(9, 3)
    assert plan.method == ROTATION
    assert plan.rounds[0].tables == ((1, 2), (3, 4), (5, 6), (7, 8))
    assert plan.rounds[1].tables == ((9, 2), (1, 4), (3, 6), (5, 8))
    assert [r.byes for r in plan.rounds] == [(9,), (7,), (5,)]
    assert len(set(meetings(plan))) == 12
    assert_sound(plan, 9)


@pytest.mark.parametrize("n", range(2, 41, 2))
def test_circle_method_meets_everyone_once(n):
    rounds = [circle_round(n, r) for r in range(n - 1)]
    met = [frozenset(t) for tables in rounds for t in tables]
    assert len(met) == len(set(met)) == n * (n - 1) // 2
    assert rounds[0] == [(2 * i + 1, 2 * i + 2) for i in range(n // 2)]


def test_a_tournament_needs_two_pairs():
    with pytest.raises(ValueError):
        schedule(1, 3)
