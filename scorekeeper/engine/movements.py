"""Seating methods beside 002's rotation, pure: a Mitchell movement and Swiss (Danish) rounds.

A tournament chooses its seating method when it is created (:data:`SEATING_METHODS`):

* ``rotation``: 002's rotation (:mod:`.seating`), planned in advance, with its circle fallback.
* ``mitchell``: one line of pairs stays, the other moves. The first half of the pairs (by
  number) are the stationary line ("North-South"), pair ``t`` at table ``t``; the second half
  are the moving line ("East-West"), which starts at tables 1, 2... and moves one table on
  after each game, from the last table to table 1. North-South pairs never meet each other,
  nor East-West pairs: each moving pair meets each stationary pair once, so a Mitchell plays
  at most as many games as it has tables, and more is refused. With an odd number of pairs
  the last table has no stationary pair: the moving pair that reaches it sits out (a bye), so
  no pair sits out twice. Bridge's "skip" (the moving line jumps a table halfway through when
  the number of tables is even) is not made: it exists because bridge's boards move the other
  way, and a moving pair would play boards it has already played; canasta has no boards, and
  without the skip a moving pair meets a new stationary pair every game, while with it the
  movement would play one game fewer.
* ``swiss``: each game is seated from the standings after the previous one closes (Danish or
  Swiss rounds): the standings' neighbours meet, first against second, third against fourth...,
  except that two pairs that have met do not meet again while a seating without any repeat
  exists (the pairing nearest the standings' order is taken). With an odd number of pairs the
  lowest-ranked pair among those that have sat out least sits out. Game 1 is seated by pair
  number (1-2, 3-4...). Only the game being seated is known: the later ones depend on its
  results. More games than a pair has different opponents (``pairs - 1``; ``pairs`` with an
  odd number, as each sits out once) are refused.

Errors are :class:`~.errors.FieldError` (a ``ValueError``) on the field that must change.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .errors import N_, FieldError
from .seating import RoundPlan, Schedule, Seating, schedule

ROTATION = "rotation"
MITCHELL = "mitchell"
SWISS = "swiss"
#: The seating methods a tournament may choose, 002's first (the default).
SEATING_METHODS = (ROTATION, MITCHELL, SWISS)

#: How many seatings the Swiss search tries before it takes repeats: far more than the 40
#: pairs and 12 games it is tested on need (a few hundred at most), few enough that a
#: 300-pair tournament is seated in well under a second.
SEARCH_LIMIT = 20_000


class SeatingRefused(FieldError):
    """A seating method that cannot seat these pairs for these games."""


def mitchell_tables(pairs: int) -> int:
    """The tables of a Mitchell movement for ``pairs`` pairs (the last may lack its
    stationary pair)."""
    return (pairs + 1) // 2


def most_games(method: str, pairs: int) -> int | None:
    """The most games ``method`` seats ``pairs`` pairs for without two pairs meeting again,
    or ``None`` when it seats any number (002's rotation: the circle, then repeats)."""
    if method == MITCHELL:
        return mitchell_tables(pairs)
    if method == SWISS:
        return pairs - 1 + pairs % 2
    return None


def check_method(method: object, pairs: int, rounds: int) -> str:
    """``method`` when it can seat ``pairs`` pairs for ``rounds`` games.

    Raises :class:`SeatingRefused` on ``seating_method`` for an unknown method, and on
    ``rounds`` for more games than the method can seat without two pairs meeting again.
    """
    if method not in SEATING_METHODS:
        raise SeatingRefused("seating_method", N_(
            "Choose 002's rotation, a Mitchell movement or Swiss rounds."))
    assert isinstance(method, str)
    most = most_games(method, pairs)
    if most is not None and rounds > most:
        if method == MITCHELL:
            raise SeatingRefused("rounds", N_(
                "A Mitchell movement of %(pairs)d pairs has %(tables)d tables: each moving "
                "pair meets each staying pair once, so it plays at most %(most)d games. "
                "Choose fewer games, or 002's rotation."),
                pairs=pairs, tables=mitchell_tables(pairs), most=most)
        raise SeatingRefused("rounds", N_(
            "With %(pairs)d pairs, Swiss rounds can seat at most %(most)d games without two "
            "pairs meeting again. Choose fewer games, or 002's rotation."),
            pairs=pairs, most=most)
    return method


def mitchell_round(pairs: int, index: int) -> RoundPlan:
    """Game ``index`` (from 0) of a Mitchell movement: tables as (moving pair, staying pair).

    The staying pair is on side 1, as 002's even pair is, so a disqualification is seated
    round it as in the rotation (:func:`.seating.seat_without`).
    """
    tables = mitchell_tables(pairs)
    staying = pairs // 2
    out: list[tuple[int, int]] = []
    byes: list[int] = []
    for table in range(tables):
        mover = staying + 1 + (table - index) % tables
        if table < staying:
            out.append((mover, table + 1))
        else:
            byes.append(mover)
    return RoundPlan(tuple(out), tuple(byes))


def mitchell(pairs: int, rounds: int) -> Schedule:
    """A Mitchell movement of ``pairs`` pairs for ``rounds`` games (see the module's notes).

    Raises :class:`SeatingRefused` (``rounds``) for more games than it has tables.
    """
    if pairs < 2 or rounds < 1:
        raise ValueError("a tournament needs two pairs and one game")
    check_method(MITCHELL, pairs, rounds)
    notes = [N_(
        "Mitchell movement: pairs 1 to %(staying)d stay at tables 1 to %(staying)d; the other "
        "pairs move one table on after each game."
    )]
    if pairs % 2:
        notes.append(N_(
            "The number of pairs is odd: the last table has no staying pair, and the moving "
            "pair that reaches it sits out (a bye) and is credited nothing."
        ))
    return Schedule(tuple(mitchell_round(pairs, r) for r in range(rounds)), MITCHELL,
                    bye=bool(pairs % 2), notes=tuple(notes))


def swiss_first(pairs: int, rounds: int) -> Schedule:
    """What is known in advance of Swiss rounds: game 1, by pair number (1-2, 3-4...).

    Raises :class:`SeatingRefused` (``rounds``) for more games than opponents.
    """
    if pairs < 2 or rounds < 1:
        raise ValueError("a tournament needs two pairs and one game")
    check_method(SWISS, pairs, rounds)
    first = swiss_round(range(1, pairs + 1))
    notes = [N_(
        "Swiss rounds: each game after the first is seated when the one before closes, from "
        "the standings: neighbours meet, and pairs that have met do not meet again while "
        "that can be avoided."
    )]
    if pairs % 2:
        notes.append(N_(
            "The number of pairs is odd: each game the lowest-ranked pair that has not sat "
            "out yet sits out (a bye) and is credited nothing."
        ))
    plan = RoundPlan(tuple((a, b) for _n, a, b in first.tables), first.byes)
    return Schedule((plan,), SWISS, bye=bool(pairs % 2), notes=tuple(notes))


def plan(method: str, pairs: int, rounds: int) -> Schedule:
    """The seating planned in advance by ``method``: every game's for 002's rotation and
    Mitchell, game 1's only for Swiss rounds. Raises :class:`SeatingRefused`."""
    if method == MITCHELL:
        return mitchell(pairs, rounds)
    if method == SWISS:
        return swiss_first(pairs, rounds)
    check_method(method, pairs, rounds)
    return schedule(pairs, rounds)


def swiss_round(
    order: Iterable[int],
    *,
    met: Iterable[frozenset[int]] = (),
    sat_out: Mapping[int, int] | None = None,
) -> Seating:
    """Seat a Swiss round: ``order`` holds the pairs to seat, best placed first.

    Tables are numbered from the top of the standings (table 1: the leaders' game), the
    better-placed pair on side 0. The seating nearest the standings' order without a repeat
    is taken (the leader meets the next pair it has not met, and so on down, going back when
    the pairs left could not all be seated); when none exists (or the search gives up after
    :data:`SEARCH_LIMIT` tries) the neighbours meet again, the nearest not yet met first.
    With an odd number, the lowest-placed pair of those that have sat out least sits out.
    """
    ranked = list(order)
    met_set = set(met)
    byes_of = dict(sat_out or {})
    if len(set(ranked)) != len(ranked):
        raise ValueError("a pair is listed twice")
    candidates: list[int | None] = [None]
    if len(ranked) % 2:
        fewest = min(byes_of.get(p, 0) for p in ranked)
        candidates = [p for p in reversed(ranked) if byes_of.get(p, 0) == fewest]
    failed: set[frozenset[int]] = set()
    tries = [0]
    for bye in candidates:
        rest = [p for p in ranked if p != bye]
        found = _pair_up(rest, met_set, failed, tries)
        if found is not None:
            return _numbered(found, () if bye is None else (bye,))
        if tries[0] > SEARCH_LIMIT:
            break
    bye = candidates[0]
    rest = [p for p in ranked if p != bye]
    return _numbered(_neighbours(rest, met_set), () if bye is None else (bye,))


def _numbered(tables: Sequence[tuple[int, int]], byes: tuple[int, ...]) -> Seating:
    return Seating(tuple((n, a, b) for n, (a, b) in enumerate(tables, start=1)), byes)


def _pair_up(rest: list[int], met: set[frozenset[int]], failed: set[frozenset[int]],
             tries: list[int]) -> list[tuple[int, int]] | None:
    """The pairing of ``rest`` (in standings order) nearest that order without a repeat."""
    if not rest:
        return []
    key = frozenset(rest)
    if key in failed or tries[0] > SEARCH_LIMIT:
        return None
    tries[0] += 1
    top, others = rest[0], rest[1:]
    for i, partner in enumerate(others):
        if frozenset((top, partner)) in met:
            continue
        below = others[:i] + others[i + 1:]
        found = _pair_up(below, met, failed, tries)
        if found is not None:
            return [(top, partner), *found]
    failed.add(key)
    return None


def _neighbours(rest: list[int], met: set[frozenset[int]]) -> list[tuple[int, int]]:
    """Neighbours pair off, each with the nearest pair below it not met yet, if any."""
    left = list(rest)
    out: list[tuple[int, int]] = []
    while left:
        top = left.pop(0)
        partner = next((p for p in left if frozenset((top, p)) not in met), left[0])
        left.remove(partner)
        out.append((top, partner))
    return out
