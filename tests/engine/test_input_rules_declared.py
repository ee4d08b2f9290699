"""A hand input with rules of its own carries them on its declaration
(``engine/hand_inputs.py``): its lines, checks and bounds are callables the count
(``lines.py``), the checks (``checks.py``) and the bounds (``bounds.py``) find by iterating the
declarations. An input declared here only, in the test, is counted, checked and bounded."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from scorekeeper.engine import PRESETS, EntryErrors, FieldError, count_hand, vary
from scorekeeper.engine import hand_inputs as inputs
from scorekeeper.engine.bounds import hand_total_bounds
from scorekeeper.engine.hand_inputs import HandInput, InputKind, Place
from scorekeeper.engine.results import Line

NAME = "jokers_buried"
#: A house rule on top of classic: each joker buried under the discard pile scores 25 for the
#: side that buried it, 200 for all four of two packs; more than two a side is refused.
HOUSE = vary(PRESETS["classic"], id="buried-jokers")
CLASSIC = PRESETS["classic"]


def buried_lines(rs, fmt, entry, side) -> Iterator[Line]:
    n = side.entry.value_of(NAME)
    if n == 2 * fmt.packs:
        yield Line(NAME, "All %(count)d jokers buried", 200, {"count": n})
    elif n:
        yield Line(NAME, "Jokers buried × %(count)d", 25 * n, {"count": n})


def at_most_two(hand) -> Iterator[FieldError]:
    for p, side in hand.numbered():
        if side.entry.value_of(NAME) > 2:
            yield FieldError(f"{p}.{NAME}", "At most two jokers a side.")


BURIED = HandInput(
    NAME, InputKind.COUNT, "Jokers buried", asked=lambda rs: rs.id == "buried-jokers",
    place=Place.MORE, more="jokers buried", maximum=4, column="premios",
    lines=(NAME,), count=buried_lines, checks=(at_most_two,),
    bounds=lambda rs, fmt: (0, 100 * fmt.packs),
)

HAND = {"players": 4, "end": "went_out", "sides": [
    {"going_out": "normal", "canastas": {"natural": 1}, "table_points": 200, "hand_points": 0},
    {"table_points": 90, "hand_points": 30},
]}


def with_buried(n: int) -> dict:
    return {**HAND, "sides": [HAND["sides"][0], {**HAND["sides"][1], NAME: n}]}


@pytest.fixture
def declared(monkeypatch):
    monkeypatch.setattr(inputs, "HAND_INPUTS", (*inputs.HAND_INPUTS, BURIED))


def test_without_the_declaration_the_input_is_unknown() -> None:
    with pytest.raises(EntryErrors) as info:
        count_hand(HOUSE, with_buried(2))
    assert [e.field for e in info.value.errors] == [f"sides[1].{NAME}"]
    assert hand_total_bounds(HOUSE, HOUSE.find_format(4)) == hand_total_bounds(
        CLASSIC, CLASSIC.find_format(4))


@pytest.mark.usefixtures("declared")
def test_its_lines_come_from_its_declaration() -> None:
    _, result = count_hand(HOUSE, with_buried(2))
    line = next(li for li in result.sides[1].lines if li.id == NAME)
    assert (line.points, line.text) == (50, "Jokers buried × 2")
    # Its line sits among the honours, before the cards (the count's order).
    ids = [li.id for li in result.sides[1].lines]
    assert ids.index(NAME) < ids.index("table_cards")
    assert result.sides[1].total == 90 - 30 + 50
    # The rule set that does not ask for it does not count it.
    _, plain = count_hand(HOUSE, HAND)
    assert NAME not in {li.id for li in plain.sides[1].lines}


@pytest.mark.usefixtures("declared")
def test_its_check_is_run_with_the_others() -> None:
    with pytest.raises(EntryErrors) as info:
        count_hand(HOUSE, with_buried(3))
    assert {(e.field, e.message) for e in info.value.errors} == {
        (f"sides[1].{NAME}", "At most two jokers a side.")}


@pytest.mark.usefixtures("declared")
def test_its_bounds_move_the_hand_total_bounds() -> None:
    fmt = HOUSE.find_format(4)
    low, high = hand_total_bounds(CLASSIC, CLASSIC.find_format(4))
    assert hand_total_bounds(HOUSE, fmt) == (low, high + 100 * fmt.packs)
    # Where the rule set does not ask for it, it moves nothing.
    assert hand_total_bounds(CLASSIC, CLASSIC.find_format(4)) == (low, high)


def test_the_black_threes_taken_with_the_pile_are_declared_whole() -> None:
    # Cuban's input is the example: its lines, its check and its bounds are on its declaration.
    d = inputs.hand_input("black_threes_with_pile")
    assert d.count is not None and d.checks and d.bounds is not None
    cuban = PRESETS["cuban"]
    fmt = cuban.find_format(4)
    bt = cuban.black_threes
    assert d.bounds(cuban, fmt) == (
        0, max((bt.each_with_pile or 0) * 2 * fmt.packs, bt.all_with_pile or 0))


def test_the_sets_of_aces_or_sevens_held_come_where_the_hand_is_counted() -> None:
    # Modern American's input gives its line from its declaration, after the 3s kept in hand
    # and before the cards (where it always came).
    d = inputs.hand_input("aces_or_sevens_held")
    assert d.count is not None and d.count_at is inputs.CountAt.HELD
    american = PRESETS["american"]
    fmt = american.find_format(4)
    low, _ = hand_total_bounds(american, fmt)
    assert d.bounds is not None and d.bounds(american, fmt) == (-1500 * 2 * 2, 0)
    assert low <= -1500 * 2 * 2
