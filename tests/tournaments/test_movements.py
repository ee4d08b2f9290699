"""Mitchell movements and Swiss rounds (engine/movements.py), for every field of 6 to 40 pairs."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from scorekeeper.engine.errors import FieldError
from scorekeeper.engine.movements import (
    MITCHELL,
    SWISS,
    SeatingRefused,
    check_method,
    mitchell,
    most_games,
    plan,
    swiss_round,
)
from scorekeeper.engine.seating import Seating, seat_without

#: Pure seating arithmetic: the PostgreSQL run of .ci/run leaves it out.
pytestmark = pytest.mark.no_database

FIELDS = range(6, 41)
MAX_ROUNDS = 12  # services.tournaments.MAX_ROUNDS: the most games a tournament plays


def assert_everyone_once(tables, byes, pairs):
    seated = [p for t in tables for p in t] + list(byes)
    assert sorted(seated) == sorted(pairs)


def test_mitchell_for_8_pairs_by_hand():
    # Pairs 1-4 stay at tables 1-4; 5-8 start there and move one table on each game.
    schedule = mitchell(8, 4)
    assert [r.tables for r in schedule.rounds] == [
        ((5, 1), (6, 2), (7, 3), (8, 4)),
        ((8, 1), (5, 2), (6, 3), (7, 4)),
        ((7, 1), (8, 2), (5, 3), (6, 4)),
        ((6, 1), (7, 2), (8, 3), (5, 4)),
    ]
    assert schedule.method == MITCHELL and not schedule.bye


def test_mitchell_for_7_pairs_the_pair_reaching_the_empty_table_sits_out():
    schedule = mitchell(7, 4)
    assert [(r.tables, r.byes) for r in schedule.rounds] == [
        (((4, 1), (5, 2), (6, 3)), (7,)),
        (((7, 1), (4, 2), (5, 3)), (6,)),
        (((6, 1), (7, 2), (4, 3)), (5,)),
        (((5, 1), (6, 2), (7, 3)), (4,)),
    ]
    assert schedule.bye


@pytest.mark.parametrize("pairs", FIELDS)
def test_mitchell_every_pair_plays_or_sits_out_and_no_one_meets_twice(pairs):
    tables = (pairs + 1) // 2
    rounds = min(tables, MAX_ROUNDS)
    schedule = plan(MITCHELL, pairs, rounds)
    staying = set(range(1, pairs // 2 + 1))
    met: list[frozenset[int]] = []
    sat_out: list[int] = []
    for index, rnd in enumerate(schedule.rounds):
        assert_everyone_once(rnd.tables, rnd.byes, range(1, pairs + 1))
        assert len(rnd.byes) == pairs % 2
        sat_out += rnd.byes
        for number, (mover, stays) in enumerate(rnd.tables, start=1):
            # One line stays put at its table (side 1); the other line moves.
            assert stays == number and stays in staying and mover not in staying
            assert mover == pairs // 2 + 1 + (number - 1 - index) % tables
            met.append(frozenset((mover, stays)))
    assert len(met) == len(set(met))
    assert len(sat_out) == len(set(sat_out))


@pytest.mark.parametrize("pairs", FIELDS)
def test_mitchell_refuses_more_games_than_tables(pairs):
    tables = (pairs + 1) // 2
    with pytest.raises(SeatingRefused) as caught:
        plan(MITCHELL, pairs, tables + 1)
    assert caught.value.field == "rounds"
    assert isinstance(caught.value, (FieldError, ValueError))
    assert caught.value.params["most"] == tables


def test_an_unknown_method_is_refused_on_its_field():
    with pytest.raises(SeatingRefused) as caught:
        check_method("howell", 8, 3)
    assert caught.value.field == "seating_method"


def test_swiss_pairs_neighbours_by_standings():
    seating = swiss_round([4, 1, 6, 3, 5, 2])
    assert seating == Seating(((1, 4, 1), (2, 6, 3), (3, 5, 2)))


def test_swiss_avoids_a_repeat_with_the_nearest_pair_below():
    # 4 and 1 met: 4 meets 6 (next), 1 meets 3, 5 meets 2.
    seating = swiss_round([4, 1, 6, 3, 5, 2], met={frozenset((4, 1))})
    assert seating.tables == ((1, 4, 6), (2, 1, 3), (3, 5, 2))


def test_swiss_goes_back_when_the_bottom_could_not_be_seated():
    # Greedy would seat 1-2 and 3-4, leaving 5-6, who have met: 3 meets 5 instead.
    met = {frozenset((5, 6))}
    seating = swiss_round([1, 2, 3, 4, 5, 6], met=met)
    assert seating.tables == ((1, 1, 2), (2, 3, 5), (3, 4, 6))


def test_swiss_bye_goes_to_the_lowest_pair_that_has_not_sat_out():
    seating = swiss_round([1, 2, 3, 4, 5], sat_out={5: 1})
    assert seating.byes == (4,)
    assert seating.tables == ((1, 1, 2), (2, 3, 5))


def test_swiss_repeats_only_when_no_seating_avoids_it():
    # Four pairs after three games have met everyone: the neighbours meet again.
    met = {frozenset(c) for c in combinations(range(1, 5), 2)}
    assert swiss_round([1, 2, 3, 4], met=met).tables == ((1, 1, 2), (2, 3, 4))


def _no_repeat_possible(pairs, met, byes_allowed):
    """Brute force: is there a seating of ``pairs`` without a repeat (small fields only)?"""
    def match(rest):
        if not rest:
            return True
        top = rest[0]
        return any(frozenset((top, p)) not in met and match([q for q in rest[1:] if q != p])
                   for p in rest[1:])
    if len(pairs) % 2:
        return any(match([p for p in pairs if p != bye]) for bye in byes_allowed)
    return match(list(pairs))


def _play(seating, strength, rng):
    """Results of a round: the stronger pair wins more often; credits as differences."""
    out = {}
    for _n, a, b in seating.tables:
        diff = rng.randint(-2000, 2000) + 300 * (strength[a] - strength[b])
        out[a], out[b] = diff, -diff
    return out


@pytest.mark.parametrize("pairs", FIELDS)
def test_swiss_every_round_from_standings_without_repeats(pairs):
    rng = random.Random(pairs)
    strength = {p: rng.randint(0, 5) for p in range(1, pairs + 1)}
    rounds = min(most_games(SWISS, pairs), MAX_ROUNDS)
    schedule = plan(SWISS, pairs, rounds)
    first = schedule.rounds[0]
    # Game 1 by pair number: 1-2, 3-4...; with an odd number the last pair sits out.
    assert first.tables == tuple((2 * i + 1, 2 * i + 2) for i in range(pairs // 2))
    assert first.byes == ((pairs,) if pairs % 2 else ())
    difference = dict.fromkeys(range(1, pairs + 1), 0)
    met: set[frozenset[int]] = set()
    sat_out: dict[int, int] = {}
    seating = Seating(tuple((n, a, b) for n, (a, b) in enumerate(first.tables, start=1)),
                      first.byes)
    for game in range(1, rounds + 1):
        if game > 1:
            order = sorted(difference, key=lambda p: (-difference[p], p))
            fewest = min(sat_out.get(p, 0) for p in order)
            # Up to 12 pairs, brute force says whether a seating without a repeat exists; in
            # larger fields these nights always leave one (at most 12 games, 13+ opponents),
            # and the search must find it.
            possible = _no_repeat_possible(
                order, met, [p for p in order if sat_out.get(p, 0) == fewest]
            ) if pairs <= 12 else True
            seating = swiss_round(order, met=met, sat_out=sat_out)
            seated = [frozenset(t[1:]) for t in seating.tables]
            if possible:
                assert not met & set(seated), f"game {game}: a repeat that could be avoided"
            # The leader is at table 1, against the best-placed pair it has not met.
            leader = order[0] if order[0] not in seating.byes else order[1]
            assert leader in seating.tables[0][1:]
            if possible:
                opponent = next(p for p in order if p != leader and p not in seating.byes
                                and frozenset((leader, p)) not in met)
                assert seating.tables[0][1:] == (leader, opponent)
        assert_everyone_once([t[1:] for t in seating.tables], seating.byes,
                             range(1, pairs + 1))
        assert len(seating.byes) == pairs % 2
        for pair in seating.byes:
            sat_out[pair] = sat_out.get(pair, 0) + 1
        met.update(frozenset(t[1:]) for t in seating.tables)
        for pair, diff in _play(seating, strength, rng).items():
            difference[pair] += diff
    assert all(n == 1 for n in sat_out.values())


@pytest.mark.parametrize("pairs", FIELDS)
def test_swiss_promises_no_repeat_while_less_than_half_the_field_has_been_met(pairs):
    # Dirac: with fewer games played than half the field, a seating without a repeat always
    # exists whatever the earlier pairings were, so the search must find it.
    rng = random.Random(1000 + pairs)
    met: set[frozenset[int]] = set()
    sat_out: dict[int, int] = {}
    for _game in range(min(MAX_ROUNDS, pairs // 2)):
        order = rng.sample(range(1, pairs + 1), pairs)
        seating = swiss_round(order, met=met, sat_out=sat_out)
        seated = {frozenset(t[1:]) for t in seating.tables}
        assert not met & seated
        met |= seated
        for pair in seating.byes:
            sat_out[pair] = sat_out.get(pair, 0) + 1


@pytest.mark.parametrize("pairs", FIELDS)
def test_swiss_refuses_more_games_than_opponents(pairs):
    most = pairs - 1 + pairs % 2
    with pytest.raises(SeatingRefused) as caught:
        plan(SWISS, pairs, most + 1)
    assert caught.value.field == "rounds" and caught.value.params["most"] == most


def test_a_disqualified_mitchell_pair_leaves_its_table_numbers_as_they_were():
    # Game 2 of 8 pairs seats 6 (moving) against 3 at table 3. With 6 disqualified, 3 is
    # left alone and sits out; the other tables keep their numbers, as in 002's rotation.
    rnd = mitchell(8, 3).rounds[1]
    seating = seat_without(rnd, {6})
    assert_everyone_once([t[1:] for t in seating.tables], seating.byes,
                         [p for p in range(1, 9) if p != 6])
    assert [t[0] for t in seating.tables] == [1, 2, 4] and seating.byes == (3,)
