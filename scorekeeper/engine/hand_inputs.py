"""What the table tells the count about each side, each input declared once.

A hand input is a field of a side's entry (``sides[i].black_threes_with_pile``): the name the
JSON body and the count form use. Its declaration says how it is typed, when a rule set asks
for it, where the count form puts it, what the sheet does with the lines it yields and how the
API describes it; the API's reader and schema, the count form's reader, layout and template and
the sheet's columns are made from these declarations (as ``declared.py`` does for rule values).
An input with rules of its own carries them too, as callables: its lines (the count,
``lines.py``), its checks (``checks.py``) and what it can add to or take from one hand's score
(``bounds.py``), which iterate over the declarations.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from .cards import CardGroup
from .errors import N_, FieldError
from .results import Line
from .rule_types import HELD_SETS_PER_PLAYER, MELD_CARDS, HandEnd

if TYPE_CHECKING:
    from .hand import HandEntry
    from .hand_check import HandUnderCheck
    from .rule_types import PlayerFormat
    from .rulesets import RuleSet
    from .worked import WorkedSide

#: An input's own lines: ``(rule set, format, hand, side worked out) -> lines``.
CountLines = Callable[["RuleSet", "PlayerFormat", "HandEntry", "WorkedSide"], Iterable[Line]]
#: One of an input's checks: ``hand under check -> errors``.
InputCheck = Callable[["HandUnderCheck"], Iterable[FieldError]]
#: What an input can take from and add to one side's score in one hand: ``(lowest, highest)``.
InputBounds = Callable[["RuleSet", "PlayerFormat"], tuple[int, int]]

#: The largest count of anything in one entry (premios, penalties): bounds every input.
MAX_COUNT = 99
#: The largest number of points typed for a side's table or hands.
MAX_POINTS = 10_000
#: The most cards of one group a side counts (``table_cards``, ``hand_cards``).
MAX_CARDS = 200
#: The most canastas (or unfinished melds) of one kind a side counts.
MAX_CANASTAS = 30
#: The longest id the reader keeps (a choice's, a count's by id): it cuts a longer one, which
#: no rule set's list holds.
MAX_CHOICE = 60
#: The most ids one count by id (premios, penalties) holds.
MAX_IDS = 50


class InputKind(StrEnum):
    """How an input is typed (each has its reader, its schema and its form macro)."""

    #: How many of something, from 0 to the input's maximum.
    COUNT = "count"
    #: Points as a sheet writes them ("1.035"), multiples of 5.
    POINTS = "points"
    #: A side's signed score for the hand, typed instead of its count ("total only").
    TOTAL = "total"
    #: Cards counted by group (:class:`~.cards.CardCounts`).
    CARDS = "cards"
    #: Counts by canasta kind id.
    KINDS = "kinds"
    #: Counts by the rule set's own ids (premios, penalties).
    BY_ID = "by_id"
    #: One id of one of the rule set's lists (a way of going out, a special hand).
    CHOICE = "choice"
    #: Yes or no.
    FLAG = "flag"
    #: Words the count does not read (a side's name).
    TEXT = "text"


class CountAt(StrEnum):
    """Where an input's own lines (:attr:`HandInput.count`) come in the count's order (RULES.md,
    "End-of-hand count")."""

    #: Among the honours, after the black 3s shown, before the rule set's lists (Cuban's black
    #: 3s taken with the pile).
    HONOURS = "honours"
    #: Among what the cards left in hand cost, before the cards themselves (Modern American's
    #: sets of aces or sevens held).
    HELD = "held"


class Place(StrEnum):
    """Where the count form asks for an input, in the form's order. The form draws the going
    out, points, card helpers and canastas in its own way; the counts under the canastas and
    what "More" folds come of the declarations."""

    GOING_OUT = "going_out"
    POINTS = "points"
    #: Among the counts every hand may need, under the canastas.
    ROWS = "rows"
    CARDS = "cards"
    CANASTAS = "canastas"
    #: Folded under the side's "More": what a hand rarely needs.
    MORE = "more"
    #: Not on the count form (the fast lane's total, a side's name).
    NONE = "none"


@dataclass(frozen=True)
class HandInput:
    """The declaration of one hand input."""

    #: The field's name in the JSON body, the stored entry and the count form.
    name: str
    kind: InputKind
    #: The count form's words for it (a msgid).
    label: str | None = None
    #: Whether a rule set asks for it; ``None``: every one does.
    asked: Callable[[RuleSet], bool] | None = None
    place: Place = Place.NONE
    #: The words "More" lists it under, for a folded input (a msgid; inputs may share one).
    more: str | None = None
    #: More words by the label (a msgid, which may use ``%(points)s``: :attr:`points` signed).
    hint: str | None = None
    #: Points the form shows by the label, signed (alone when there is no :attr:`hint`).
    points: Callable[[RuleSet], int | None] | None = None
    #: Its points are taken from the side (a list of penalties).
    against: bool = False
    #: The most the reader takes.
    maximum: int = MAX_COUNT
    #: The most the form offers: this many for each player of the side (else :attr:`maximum`).
    per_player: int | None = None
    #: Left out, it is ``None`` (not 0): black 3s in hand then follow the counted cards.
    optional: bool = False
    #: Points the count always gives their sign: a minus typed before them is read as the number.
    unsigned: bool = False
    #: For a choice: the reader's message for what is no id at all.
    unknown: str | None = None
    #: For a choice: the rule set's list (items with ``id``, ``label`` and ``points``).
    choices: Callable[[RuleSet], Sequence[Any]] | None = None
    #: Written in every stored entry (the shape stored hands have always had), else only when
    #: given.
    always: bool = False
    #: For card counts: the points input they add up to, which the stored cards replace.
    helper_for: str | None = None
    #: The ids of the count's lines that come of this input (see ``lines.py``).
    lines: tuple[str, ...] = ()
    #: The sheet's column those lines are written in.
    column: str | None = None
    #: The API's description of the field.
    api: str | None = None
    #: An input the count prices simply: each one's points (negative: against the side), or
    #: ``None`` where the rule set has none; :attr:`line` is its line. Inputs with rules of
    #: their own have their :attr:`count` instead.
    each: Callable[[RuleSet], int | None] | None = None
    #: The line of an input priced by :attr:`each` (a msgid with ``%(count)d``).
    line: str | None = None
    #: The lines of an input with rules of its own (Cuban's black 3s taken with the pile), in
    #: the count's place :attr:`count_at`.
    count: CountLines | None = None
    count_at: CountAt = CountAt.HONOURS
    #: Its checks, run among the count's (:data:`.checks.CHECKS`); every error is reported.
    checks: tuple[InputCheck, ...] = ()
    #: How far it moves one side's score in one hand (:func:`.bounds.hand_total_bounds`):
    #: ``(most taken, as a number <= 0; most given, >= 0)``.
    bounds: InputBounds | None = None

    def asks(self, ruleset: RuleSet) -> bool:
        """Whether ``ruleset`` asks for this input."""
        return self.asked is None or self.asked(ruleset)

    def form_maximum(self, fmt: PlayerFormat) -> int:
        """The most the count form offers under ``fmt``."""
        if self.per_player is None:
            return self.maximum
        return self.per_player * (fmt.players // fmt.sides)

    def points_of(self, ruleset: RuleSet) -> int | None:
        return None if self.points is None else self.points(ruleset)

    def column_of(self, line_id: str) -> str | None:
        """The sheet's column of ``line_id`` when it is one of this input's lines."""
        if line_id in self.lines or (self.each is not None and line_id == self.name):
            return self.column
        return None


def _red_threes_in_hand(rs: RuleSet) -> bool:
    """A red 3 kept in hand costs points (000, 001)."""
    return rs.red_threes.each_in_hand_penalty is not None


def _black_threes_in_hand(rs: RuleSet) -> bool:
    """Black 3s left in hand cost more than their card value (000, 001, 002)."""
    bt = rs.black_threes
    return bt.each_in_hand_penalty is not None or bt.all_in_hand_penalty is not None


def _black_threes_with_pile(rs: RuleSet) -> bool:
    """Black 3s taken with the pile are set aside and scored (Cuban)."""
    bt = rs.black_threes
    return bt.each_with_pile is not None or bt.all_with_pile is not None


def _aces_or_sevens_held(rs: RuleSet) -> bool:
    """A set of 3+ aces or 3+ sevens left in a hand costs points (Modern American)."""
    return rs.held_cards.aces_or_sevens_held_penalty is not None


def _minus(value: int | None) -> int | None:
    return None if value is None else -value


# -- black 3s taken with the pile (Cuban) --------------------------------------------------------


def _with_pile_lines(rs: RuleSet, fmt: PlayerFormat, entry: HandEntry, side: WorkedSide
                     ) -> Iterator[Line]:
    """Cuban: black 3s taken with the pile are set aside, 5 each or 100 for all four."""
    n = side.entry.value_of("black_threes_with_pile")
    bt = rs.black_threes
    if not n:
        return
    every_black = CardGroup.BLACK_THREES.per_pack() * fmt.packs
    if n == every_black and bt.all_with_pile is not None:
        yield Line("black_threes_with_pile", N_("All %(count)d black 3s taken with the pile"),
                   bt.all_with_pile, {"count": n})
    else:
        yield Line("black_threes_with_pile", N_("Black 3s taken with the pile × %(count)d"),
                   n * (bt.each_with_pile or 0), {"count": n})


def _with_pile_asked(hand: HandUnderCheck) -> Iterator[FieldError]:
    """Black 3s are set aside from the pile only where the rule set scores them (the deck's
    limit on black 3s counts them with the others: ``checks_threes.black_threes``)."""
    if _black_threes_with_pile(hand.ruleset):
        return
    for p, side in hand.numbered():
        if side.entry.value_of("black_threes_with_pile"):
            yield FieldError(f"{p}.black_threes_with_pile",
                             N_("In this rule set black 3s taken with the pile are not set "
                                "aside."))


def _with_pile_bounds(rs: RuleSet, fmt: PlayerFormat) -> tuple[int, int]:
    """Every black 3 of the packs taken with the pile, at the better of each and all."""
    bt = rs.black_threes
    black_threes = CardGroup.BLACK_THREES.per_pack() * fmt.packs
    return 0, max((bt.each_with_pile or 0) * black_threes, bt.all_with_pile or 0)


# -- sets of aces or sevens held (Modern American) -----------------------------------------------


def _aces_or_sevens_checks(hand: HandUnderCheck) -> Iterator[FieldError]:
    """Modern American (VARIANTS.md 1): "3+ aces or 3+ sevens left in one player's hand | −1500
    for each such set held (plus the card values): a player holding both three aces and three
    sevens loses 3,000" [CCOM]; [CJ]; [WIKI-US]: a rule of the rule set; two sets a player at
    most (one of aces, one of sevens), of the players who hold cards (the one who went out
    holds nothing); a set of aces is three aces (60), one of sevens three sevens (15), among
    the cards left in hand. (The packs' limit for all players: ``held_sets_in_the_packs``.)"""
    rs = hand.ruleset
    players = hand.fmt.players // hand.fmt.sides
    for p, side in hand.numbered():
        n = side.entry.aces_or_sevens_held
        if not n:
            continue
        path = f"{p}.aces_or_sevens_held"
        if not _aces_or_sevens_held(rs):
            yield FieldError(path, N_("This rule set has no penalty for aces or sevens held."))
            continue
        holders = players - (1 if hand.went_out(side) else 0)
        if n > HELD_SETS_PER_PLAYER * holders:
            yield FieldError(
                path, N_("Players of this side who can hold cards: %(players)d; each holds at "
                         "most a set of aces and a set of sevens (%(count)d in all)."),
                players=holders, count=HELD_SETS_PER_PLAYER * holders)
            continue
        cards = side.entry.hand_cards
        # Sevens are among the 4s to 7s; each player holds at most one set of each rank.
        if cards is not None and (min(holders, cards.aces // MELD_CARDS)
                                  + min(holders, cards.fours_to_sevens // MELD_CARDS)) < n:
            yield FieldError(path, N_("The cards counted in hand do not hold that many sets of "
                                      "three aces or three sevens."))
        least = 15 * min(n, holders) + 60 * max(0, n - holders)
        if cards is None and side.hand_points < least:
            yield FieldError(path, N_("Sets of aces or sevens in hand: %(count)d. They are worth "
                                      "at least %(points)d points."), count=n, points=least)


def _aces_or_sevens_lines(rs: RuleSet, fmt: PlayerFormat, entry: HandEntry, side: WorkedSide
                          ) -> Iterator[Line]:
    """Modern American: −1,500 for each set of 3+ aces or 3+ sevens left in a player's hand
    (like every card in hand, not at time: 002)."""
    n = side.entry.aces_or_sevens_held
    penalty = rs.held_cards.aces_or_sevens_held_penalty
    if n and penalty is not None and entry.end is not HandEnd.TIME_UP:
        yield Line("aces_or_sevens_held", N_("Sets of 3+ aces or sevens held × %(count)d"),
                   -n * penalty, {"count": n})


def _aces_or_sevens_bounds(rs: RuleSet, fmt: PlayerFormat) -> tuple[int, int]:
    """Two sets held by every player of the side, at the rule set's penalty."""
    per_side = fmt.players // fmt.sides
    penalty = rs.held_cards.aces_or_sevens_held_penalty or 0
    return -penalty * HELD_SETS_PER_PLAYER * per_side, 0


# -- cards mixed in before counting them (002) ---------------------------------------------------


def _cards_not_counted_checks(hand: HandUnderCheck) -> Iterator[FieldError]:
    """002 "NO CONTAR LAS CARTAS POR ERROR": a side that mixed its cards in before counting them
    scores the rule set's points in their place, so it has no cards to give: its points and
    cards on the table and in hand stay empty. At time nothing is counted anyway (002)."""
    for p, side in hand.numbered():
        if not side.entry.cards_not_counted:
            continue
        path = f"{p}.cards_not_counted"
        if hand.ruleset.held_cards.cards_not_counted_points is None:
            yield FieldError(path, N_("This rule set does not score cards mixed in before "
                                      "counting."))
            continue
        if hand.entry.end is HandEnd.TIME_UP:
            yield FieldError(path, N_("At time the cards are not counted: nothing to mix in."))
            continue
        e = side.entry
        for key, given in (("table_points", side.table_points or e.table_cards),
                           ("hand_points", side.hand_points or e.hand_cards)):
            if given:
                yield FieldError(f"{p}.{key}",
                                 N_("The cards were mixed in before counting: leave this "
                                    "empty."))


def _cards_not_counted_bounds(rs: RuleSet, fmt: PlayerFormat) -> tuple[int, int]:
    """The rule set's points in place of the cards."""
    return 0, rs.held_cards.cards_not_counted_points or 0


#: Every hand input, in the order the reader reads them and a stored entry writes them.
HAND_INPUTS: tuple[HandInput, ...] = (
    HandInput("table_points", InputKind.POINTS, place=Place.POINTS, maximum=MAX_POINTS,
              always=True, lines=("table_cards",), column="table"),
    HandInput("hand_points", InputKind.POINTS, place=Place.POINTS, maximum=MAX_POINTS,
              unsigned=True, always=True, lines=("hand_cards",), column="hand"),
    HandInput("table_cards", InputKind.CARDS, place=Place.CARDS, always=True,
              helper_for="table_points"),
    HandInput("hand_cards", InputKind.CARDS, place=Place.CARDS, always=True,
              helper_for="hand_points"),
    HandInput("canastas", InputKind.KINDS, place=Place.CANASTAS, always=True),
    HandInput("unfinished_canastas", InputKind.KINDS, place=Place.CANASTAS, always=True,
              api="Melds left unfinished on the table at the end, by kind id as canastas; only "
                  "kinds the rule set's unfinished_canastas charge, counting the melds its "
                  "condition names (fewer_than: sequences of fewer than 5 cards in brazilian)"),
    HandInput("red_threes", InputKind.COUNT, N_("Red 3s laid down"),
              asked=lambda rs: not rs.red_threes.ordinary, place=Place.ROWS, always=True,
              lines=("red_threes",), column="red_threes"),
    HandInput("going_out", InputKind.CHOICE, place=Place.GOING_OUT,
              unknown=N_("Unknown way of going out."), choices=lambda rs: rs.going_out,
              always=True),
    HandInput("red_threes_in_hand", InputKind.COUNT, N_("Red 3s kept in hand"),
              asked=_red_threes_in_hand, place=Place.MORE, more=N_("red 3s kept in hand"),
              always=True, lines=("red_threes_in_hand",), column="penalties"),
    HandInput("black_threes_shown", InputKind.COUNT, N_("Black 3s shown going out"),
              asked=lambda rs: rs.black_threes.all_shown_bonus is not None, place=Place.MORE,
              more=N_("black 3s"), always=True, lines=("black_threes_shown",),
              column="premios"),
    HandInput("black_threes_in_hand", InputKind.COUNT, N_("Black 3s left in hand"),
              asked=_black_threes_in_hand, place=Place.MORE, more=N_("black 3s"),
              optional=True, always=True,
              lines=("black_threes_in_hand", "black_threes_all_in_hand"), column="penalties"),
    HandInput("premios", InputKind.BY_ID, N_("Premios"), asked=lambda rs: bool(rs.premios),
              place=Place.MORE, more=N_("premios"), always=True),
    HandInput("penalties", InputKind.BY_ID, N_("Penalties"),
              asked=lambda rs: bool(rs.penalties), place=Place.MORE, more=N_("penalties"),
              against=True, always=True),
    HandInput("black_threes_with_pile", InputKind.COUNT, N_("Black 3s taken with the pile"),
              asked=_black_threes_with_pile, place=Place.MORE, more=N_("black 3s"),
              lines=("black_threes_with_pile",), column="premios", count=_with_pile_lines,
              checks=(_with_pile_asked,), bounds=_with_pile_bounds,
              api="Black 3s the side took with the pile and set aside (Cuban: 5 each, 100 for "
                  "all four); refused where the rule set does not score them"),
    HandInput("aces_or_sevens_held", InputKind.COUNT,
              N_("Sets of 3+ aces or 3+ sevens left in hand"), asked=_aces_or_sevens_held,
              place=Place.MORE, more=N_("aces or sevens held"),
              points=lambda rs: _minus(rs.held_cards.aces_or_sevens_held_penalty),
              per_player=HELD_SETS_PER_PLAYER, lines=("aces_or_sevens_held",),
              column="penalties", count=_aces_or_sevens_lines, count_at=CountAt.HELD,
              checks=(_aces_or_sevens_checks,),
              bounds=_aces_or_sevens_bounds,
              api="Sets of 3+ aces or 3+ sevens left in the hands of the side's players, two a "
                  "player at most: one player holding three aces and three sevens is 2 "
                  "(american)"),
    HandInput("special_hand", InputKind.CHOICE, N_("Went out with a special hand"),
              asked=lambda rs: bool(rs.special_hands), place=Place.MORE,
              more=N_("special hands"), hint=N_("replaces the side’s count"),
              unknown=N_("Unknown special hand."), choices=lambda rs: rs.special_hands,
              lines=("special_hand",), column="going_out",
              api="The special hand the side went out with, by the rule set's special_hands "
                  "id (american)"),
    HandInput("black_threes_laid_out", InputKind.COUNT, N_("Black 3s laid out"),
              asked=lambda rs: rs.black_threes.laid_out_like_red, place=Place.ROWS,
              lines=("black_threes_laid_out",), column="red_threes",
              api="Black 3s laid out like red 3s (american)"),
    HandInput("cards_not_counted", InputKind.FLAG,
              N_("Cards mixed in by mistake before counting them"),
              asked=lambda rs: rs.held_cards.cards_not_counted_points is not None,
              place=Place.MORE, more=N_("cards mixed in before counting"),
              hint=N_("%(points)s in place of the cards on the table and in hand"),
              points=lambda rs: rs.held_cards.cards_not_counted_points,
              checks=(_cards_not_counted_checks,), bounds=_cards_not_counted_bounds,
              api="The side mixed its cards into the rest by mistake before counting them "
                  "(torneo, 002: held_cards.cards_not_counted_points, 300, in place of its "
                  "table and hand points, which stay empty; not at time)"),
    HandInput("hand_total", InputKind.TOTAL, lines=("hand_total",), column="total",
              api="The side's score for the hand as the table counted it (\"total only\"): "
                  "negative allowed, a multiple of 5, within what the rule set can score in "
                  "one hand (else 422 on sides[i].hand_total). Given for one side, every side "
                  "needs one and no other count field; going_out may name who went out, for "
                  "the record."),
    HandInput("name", InputKind.TEXT),
)


def hand_inputs() -> tuple[HandInput, ...]:
    """Every hand input (read at each call, so one declared later is found everywhere)."""
    return HAND_INPUTS


def hand_input(name: str) -> HandInput:
    """The declaration of the input called ``name``."""
    for d in hand_inputs():
        if d.name == name:
            return d
    raise KeyError(name)


def asks(ruleset: RuleSet, name: str) -> bool:
    """Whether ``ruleset`` asks for the input called ``name``."""
    return hand_input(name).asks(ruleset)


#: The order of the kinds under "More": the counts (a grid of steppers), then the rest.
_MORE_ORDER = (InputKind.COUNT, InputKind.CHOICE, InputKind.FLAG, InputKind.BY_ID)


def _form_order(d: HandInput) -> tuple[int, int]:
    places = list(Place)
    kind = _MORE_ORDER.index(d.kind) if d.kind in _MORE_ORDER else len(_MORE_ORDER)
    return places.index(d.place), kind if d.place is Place.MORE else 0


def asked_inputs(ruleset: RuleSet) -> tuple[HandInput, ...]:
    """The inputs ``ruleset`` asks for, in the count form's order: by :class:`Place`, and
    under "More" the counts first."""
    return tuple(sorted((d for d in hand_inputs() if d.asks(ruleset)), key=_form_order))


def side_fields() -> frozenset[str]:
    """Every field a side of a hand may hold."""
    return frozenset(d.name for d in hand_inputs())
