"""Seating a pairs tournament by the rules of 002, pure (plain numbers in, plain numbers out).

Seating (002): game 1 puts pairs 1-2 at table 1, 3-4 at table 2, and so on. After each game
the even pairs stay and the odd pairs move to the next table; from the last table they go to
table 1. Two cases need a fallback, and the set-up and seating pages say which one is used:

* **An odd number of pairs**: a "bye" seat is added as the last, even-numbered pair, so it
  stays at the last table and a different pair sits out each game. The pair sitting out plays
  no game that round and is credited nothing (in a tournament ranked by victory points it is
  credited the tournament's ``bye_victory_points``). No pair sits out twice before all have.
* **Too few tables for the rounds** (with ``t`` tables the odd pairs are back at their first
  table after ``t`` games, e.g. 4 pairs at 2 tables meet again in game 3): the whole
  tournament is seated by the circle method instead (pair 1 stays put, the others turn round
  it), relabelled so that game 1 is still 1-2, 3-4... It gives every pair a new opponent for up
  to ``pairs - 1`` games (``pairs`` with a bye). Beyond that a repeat cannot be avoided, the
  circle starts again, and the page says so.

A pair that abandons is disqualified and seated no more (:func:`seat_without`): every table
keeps its number, and the pairs left without an opponent meet each other; when one is left
over, the pair that has sat out least sits out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from .errors import N_

ROTATION = "rotation"
CIRCLE = "circle"


@dataclass(frozen=True)
class RoundPlan:
    """One round: tables in order as (side 0 pair, side 1 pair), and the pairs sitting out."""

    tables: tuple[tuple[int, int], ...]
    byes: tuple[int, ...] = ()


@dataclass(frozen=True)
class Schedule:
    """The seating of every round, how it was made, and what the organizer should know."""

    rounds: tuple[RoundPlan, ...]
    method: str
    #: Bye seats were added (an odd number of pairs).
    bye: bool = False
    #: 002's rotation would have made two pairs meet again, so the circle method is used.
    rotation_repeats: bool = False
    #: Even the circle method cannot avoid two pairs meeting again in this many rounds.
    repeats: bool = False
    notes: tuple[str, ...] = field(default=())


def relabel(schedule: Schedule, numbers: Sequence[int]) -> Schedule:
    """``schedule`` (made for pairs 1 to ``len(numbers)``) with pair ``i`` called
    ``numbers[i - 1]``: the pairs' own numbers, where some are retired (a pair withdrawn before
    game 1 keeps no number, and the others keep theirs)."""
    if list(numbers) == list(range(1, len(numbers) + 1)):
        return schedule
    name = {i: n for i, n in enumerate(numbers, start=1)}
    rounds = tuple(RoundPlan(tuple((name[a], name[b]) for a, b in plan.tables),
                             tuple(name[p] for p in plan.byes))
                   for plan in schedule.rounds)
    return replace(schedule, rounds=rounds)


def rotation_round(pairs: int, index: int) -> list[tuple[int, int]]:
    """002's rotation for an even number of ``pairs``: the tables of game ``index`` (from 0).

    Even pair ``2t`` stays at table ``t``; the odd pairs move one table on per game.
    """
    tables = pairs // 2
    return [(2 * ((t - index) % tables) + 1, 2 * t + 2) for t in range(tables)]


def circle_round(pairs: int, index: int) -> list[tuple[int, int]]:
    """The circle method for an even number of ``pairs``: the tables of game ``index``.

    Positions are labelled so that game 0 seats 1-2, 3-4... at tables 1, 2...; position 0
    stays put and the rest turn one place per game.
    """
    half = pairs // 2
    labels = [0] * pairs
    for i in range(half):
        labels[i] = 2 * i + 1
        labels[pairs - 1 - i] = 2 * i + 2
    ring = labels[1:]
    shift = index % (pairs - 1)
    ring = ring[-shift:] + ring[:-shift] if shift else ring
    order = [labels[0], *ring]
    return [(order[i], order[pairs - 1 - i]) for i in range(half)]


def _has_repeat(rounds: Iterable[Sequence[tuple[int, int]]]) -> bool:
    seen: set[frozenset[int]] = set()
    for tables in rounds:
        for a, b in tables:
            key = frozenset((a, b))
            if key in seen:
                return True
            seen.add(key)
    return False


def schedule(pairs: int, rounds: int) -> Schedule:
    """Seat ``pairs`` pairs (numbered from 1) for ``rounds`` games; see the module's notes."""
    if pairs < 2 or rounds < 1:
        raise ValueError("a tournament needs two pairs and one game")
    seats = pairs + pairs % 2
    bye_seat = seats if seats != pairs else None
    rotation = [rotation_round(seats, r) for r in range(rounds)]
    method, plan = ROTATION, rotation
    rotation_repeats = _has_repeat(rotation)
    if rotation_repeats:
        method, plan = CIRCLE, [circle_round(seats, r) for r in range(rounds)]
    repeats = _has_repeat(plan)
    notes: list[str] = []
    if bye_seat is not None:
        notes.append(N_(
            "The number of pairs is odd: each game one pair sits out (a bye) and is credited "
            "nothing; no pair sits out twice before all have."
        ))
    if rotation_repeats:
        notes.append(N_(
            "With %(tables)d tables, moving the odd pairs one table on would make two pairs "
            "meet again, so the tables are seated by the circle method instead: pair 1 stays "
            "and the others turn round it."
        ))
    if repeats:
        notes.append(N_(
            "%(pairs)d pairs cannot play %(rounds)d games without two pairs meeting again: "
            "some pairs meet twice."
        ))
    out: list[RoundPlan] = []
    for tables in plan:
        real = tuple(t for t in tables if bye_seat not in t)
        byes = tuple(a if b == bye_seat else b for a, b in tables if bye_seat in (a, b))
        out.append(RoundPlan(real, byes))
    return Schedule(tuple(out), method, bye=bye_seat is not None,
                    rotation_repeats=rotation_repeats, repeats=repeats, notes=tuple(notes))


@dataclass(frozen=True)
class Seating:
    """A round as it is seated: tables as (number, side 0 pair, side 1 pair), and byes."""

    tables: tuple[tuple[int, int, int], ...]
    byes: tuple[int, ...] = ()


def seat_without(
    plan: RoundPlan,
    gone: Iterable[int],
    *,
    met: Iterable[frozenset[int]] = (),
    sat_out: Mapping[int, int] | None = None,
) -> Seating:
    """Seat a planned round once the pairs in ``gone`` (disqualified) are seated no more.

    Every table keeps the number the plan gives it (its place in the plan's order), so 002's
    "even pairs stay" still holds at every table that plays; a table whose pair is gone is
    left empty rather than closing the gap. The pairs left without an opponent (and the
    plan's bye) meet each other, at the table of the one that stays there (the side 1 pair:
    002's even pair), avoiding pairs that have already met (``met``) when they can. When one
    pair is left over it sits out: the one that has sat out least so far (``sat_out``: byes by
    pair). If even that pair has sat out more than a pair that is seated, they change places
    (an odd pair, one that moves anyway, is the one asked to sit out), so no pair sits out
    twice before every pair has sat out once.
    """
    gone_set = set(gone)
    met_set = set(met)
    byes_of = dict(sat_out or {})
    tables: dict[int, tuple[int, int]] = {}
    # A pair without an opponent: (pair, its table number or None, its side or None).
    waiting: list[tuple[int, int | None, int | None]] = []
    for number, (a, b) in enumerate(plan.tables, start=1):
        if a in gone_set or b in gone_set:
            waiting += [(p, number, side) for side, p in enumerate((a, b)) if p not in gone_set]
        else:
            tables[number] = (a, b)
    waiting += [(p, None, None) for p in plan.byes if p not in gone_set]
    free = max([len(plan.tables), *tables]) + 1

    def table_for(x: tuple[int, int | None, int | None],
                  y: tuple[int, int | None, int | None]) -> tuple[int, int, int]:
        nonlocal free
        # The pair that stays at its table keeps its seat; the other one joins it.
        stays = [w for w in (x, y) if w[1] is not None]
        stays.sort(key=lambda w: (w[2] != 1, w[1]))
        if not stays:
            free += 1
            return (free - 1, x[0], y[0])
        host = stays[0]
        guest = y if host is x else x
        assert host[1] is not None
        pair = (guest[0], host[0]) if host[2] == 1 else (host[0], guest[0])
        return (host[1], *pair)

    out: list[int] = []
    if len(waiting) % 2:
        # 002's own bye (no table) sits out before a pair that lost its opponent, if level.
        leaving = min(waiting, key=lambda w: (byes_of.get(w[0], 0), w[1] is not None,
                                              -w[0]))
        waiting.remove(leaving)
        seated = [(n, side, p) for n, t in sorted(tables.items()) for side, p in enumerate(t)]
        fewer = [x for x in seated if byes_of.get(x[2], 0) < byes_of.get(leaving[0], 0)]
        if fewer:
            def swap_key(x: tuple[int, int, int]) -> tuple[int, bool, int, int]:
                n, side, _p = x
                opponent = tables[n][1 - side]
                return (byes_of.get(x[2], 0), frozenset((leaving[0], opponent)) in met_set,
                        side, n)
            n, side, p = min(fewer, key=swap_key)
            pair = list(tables[n])
            pair[side] = leaving[0]
            tables[n] = (pair[0], pair[1])
            leaving = (p, n, side)
        out.append(leaving[0])
    while waiting:
        first = waiting.pop(0)
        partner = next((w for w in waiting if frozenset((first[0], w[0])) not in met_set),
                       waiting[0])
        waiting.remove(partner)
        number, a, b = table_for(first, partner)
        tables[number] = (a, b)
    return Seating(tuple((n, a, b) for n, (a, b) in sorted(tables.items())), tuple(sorted(out)))
