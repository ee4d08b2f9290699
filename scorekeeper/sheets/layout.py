"""What a score sheet holds, blank or filled in: its columns, rows and the rule set's reminders.

One model serves both sheets, so the blank sheet and a kept game's sheet share one template: a
blank sheet is a sheet whose cells are empty. Column and reminder labels are msgids (``N_``)
translated when the sheet is drawn; lines of kept hands are translated here, through the
``translate`` function the caller passes (the sheet's language, not the request's).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from ..engine import N_, NAMED_LINE, CanastaKind, HandEnd, PlayerFormat, RuleSet, flow
from ..engine.cards import RED_THREES_PER_PACK, CardGroup
from ..engine.declared import Declared, Sign, declared
from ..engine.hand_inputs import hand_inputs
from ..engine.rule_types import CanastaBonus, OpeningCondition
from ..i18n import stored_template

#: Hand rows on a blank sheet: room for a typical game, and still one page (three sides need
#: taller column labels, and a long reminder box more room at the foot: two rows fewer).
BLANK_HANDS = 14
BLANK_HANDS_THREE_SIDES = 12
BLANK_HANDS_LONG_REMINDERS = 12
#: Hand rows on a tournament table's sheet: a 60-minute game, on one page.
TABLE_HANDS = 15
#: Lines of bonuses or penalties beyond which the reminder box is "long" (the Spanish lists).
LONG_REMINDERS = 8

Translate = Callable[[str, Mapping[str, object]], str]


@dataclass(frozen=True)
class Column:
    """One scoring line of a side's column group."""

    key: str
    label: str


@dataclass(frozen=True)
class Detail:
    """One itemised line of a kept hand, its label already translated."""

    label: str
    points: int


@dataclass(frozen=True)
class Row:
    """A hand: per side, the points of each column (``None``: nothing to write)."""

    number: int
    dealer: str = ""
    cells: tuple[tuple[int | None, ...], ...] = ()
    details: tuple[tuple[Detail, ...], ...] = ()
    #: How the hand ended, when it is not the usual "someone went out" (a msgid).
    end: str = ""
    #: Per side, the condition its first meld had to meet beside the minimum, or ``None``.
    conditions: tuple[OpeningCondition | None, ...] = ()
    #: The table counted the hand itself and typed each side's score ("total only").
    total_only: bool = False


@dataclass(frozen=True)
class SideInfo:
    """A side as the sheet heads its column group; empty names on a blank sheet."""

    name: str = ""
    players: tuple[str, ...] = ()


@dataclass(frozen=True)
class TablePair:
    """A pair as a tournament table sheet names it."""

    number: int
    name: str
    players: tuple[str, ...] = ()


@dataclass(frozen=True)
class TableHead:
    """What a tournament table's sheet carries beyond the game: the tournament, table, game,
    the pairs by number, the tournament's clock and the result the desk files."""

    tournament: str
    table: int
    game: int
    games: int
    minutes: int
    pairs: tuple[TablePair, TablePair]
    #: The final totals (the kept game's, or typed from the paper sheet), when known.
    totals: tuple[int, int] | None = None
    #: What the game credits each pair (002: the difference, and minus it), when known.
    credits: tuple[int, int] | None = None
    #: The side that abandoned the game, if one did.
    abandoned: int | None = None
    #: Whether the desk changed the game's hands (a correction, often after the game closed).
    corrected: bool = False
    #: Printed ahead for a game not seated or not begun: its seating is as planned (it may
    #: still change, after a disqualification or a pair added before game 1).
    planned: bool = False
    #: How the game ended (``services.tournaments.TABLE_ENDINGS``), once it has.
    ending: str | None = None
    #: The desk closed the game with time left: how much, as the clock shows it (``m:ss``).
    time_left: str | None = None


@dataclass(frozen=True)
class Sheet:
    """Everything a sheet shows."""

    ruleset: RuleSet
    format: PlayerFormat
    columns: tuple[Column, ...]
    sides: tuple[SideInfo, ...]
    rows: tuple[Row, ...]
    filled: bool = False
    target: int = 0
    #: A game of rounds (Hand and Foot): how many (:func:`.flow.rounds`); ``None``: to a target.
    rounds: int | None = None
    started: datetime | None = None
    finished: datetime | None = None
    #: Each side's points after the last hand (a kept game only).
    totals: tuple[int, ...] = ()
    #: The winning side's index (a kept game that is over).
    winner_index: int | None = None
    drawn: bool = False
    notes: tuple[str, ...] = field(default=())
    #: The index of the side that abandoned the game (a tournament desk recorded it).
    abandoned_index: int | None = None
    #: Each side's total carried from a paper sheet, the game's first line (or ``None``).
    carried: tuple[int, ...] | None = None
    #: A tournament table's sheet: the tournament, table, game and pairs (else ``None``).
    table: TableHead | None = None

    @property
    def side_count(self) -> int:
        return len(self.sides)

    @property
    def winner(self) -> str | None:
        """The winning side's name."""
        if self.winner_index is None or not 0 <= self.winner_index < len(self.sides):
            return None
        return self.sides[self.winner_index].name

    @property
    def abandoned_by(self) -> str | None:
        """The name of the side that abandoned the game."""
        if self.abandoned_index is None or not 0 <= self.abandoned_index < len(self.sides):
            return None
        return self.sides[self.abandoned_index].name


# -- columns -------------------------------------------------------------------------------------

_CANASTA_COLUMN = {
    CanastaKind.NATURAL: N_("Natural canastas"),
    CanastaKind.MIXED: N_("Mixed canastas"),
    CanastaKind.WILD: N_("Wild-card canastas"),
    CanastaKind.WILD_TWOS: N_("Canastas of seven 2s"),
    CanastaKind.WILD_FOUR_JOKERS: N_("Canastas of the four jokers"),
    CanastaKind.SEVENS: N_("Canastas of sevens"),
    CanastaKind.ACES: N_("Canastas of aces"),
    CanastaKind.SEQUENCE: N_("Sequence canastas"),
}


def _canastas(rs: RuleSet) -> list[CanastaBonus]:
    # A rule set read back from stored data lists its kinds in key order: print natural first.
    order = list(CanastaKind)
    return sorted(rs.canastas, key=lambda b: order.index(b.kind))


#: Sections whose bonuses have columns of their own (canastas, red 3s).
_OWN_COLUMNS = ("red_threes",)


def _declared(rs: RuleSet, sign: Sign) -> list[Declared]:
    """The declared values of ``rs`` that are points for (or against) a side, in card order;
    those a table plays without (empty "not a rule") are left off."""
    return [d for sec in rs.sections() for d in sec.card_rows() if d.rule.sign is sign]


def _asks_for(rs: RuleSet, column: str) -> bool:
    """Whether the rule set asks for a hand input whose lines go in ``column``."""
    return any(d.column == column and d.asks(rs) for d in hand_inputs())


def has_premios(rs: RuleSet) -> bool:
    """Whether the rule set pays bonuses beyond canastas, red 3s and going out."""
    return bool(rs.premios) or _asks_for(rs, "premios") or any(
        d.value is not None and d.path.partition(".")[0] not in _OWN_COLUMNS
        for d in _declared(rs, Sign.BONUS)
    )


def has_penalties(rs: RuleSet) -> bool:
    """Whether the rule set takes points for faults or for 3s kept in hand."""
    return (bool(rs.penalties) or bool(rs.unfinished_canastas) or _asks_for(rs, "penalties")
            or any(d.value is not None for d in _declared(rs, Sign.PENALTY)))


#: Sides from which a side's bonuses share one column: eleven columns a side for Hand and
#: Foot's five players cut their figures ("3,9" for 3,980) on a landscape page; the line under
#: each hand still itemises them.
FOLDED_FROM_SIDES = 4
#: The columns folded into one "Bonuses" column (see :func:`columns_for`).
_FOLDED = ("canastas.", "red_threes", "going_out", "premios")


def folded(key: str, sides: int) -> str:
    """The column ``key`` is written in on a sheet of ``sides`` sides."""
    return "bonuses" if sides >= FOLDED_FROM_SIDES and key.startswith(_FOLDED) else key


def columns_for(rs: RuleSet, sides: int = 2) -> tuple[Column, ...]:
    """A side's columns under ``rs``, in the order players count (RULES.md): bonuses first;
    from :data:`FOLDED_FROM_SIDES` sides, the bonuses in one column."""
    cols = _all_columns(rs)
    if sides < FOLDED_FROM_SIDES:
        return cols
    kept = [c for c in cols if folded(c.key, sides) == c.key]
    kept.insert(1 if flow.has_opening_minimum(rs) else 0, Column("bonuses", N_("Bonuses")))
    return tuple(kept)


def _all_columns(rs: RuleSet) -> tuple[Column, ...]:
    """Every column a side's scoring lines may fill under ``rs``."""
    # A rule set whose first meld needs nothing (Buraco, Burraco) has no column of zeros.
    cols = [Column("minimum", N_("Needed to open"))] if flow.has_opening_minimum(rs) else []
    cols += [Column(f"canastas.{b.kind.value}", b.label or _CANASTA_COLUMN[b.kind])
             for b in _canastas(rs)]
    if not rs.red_threes.ordinary:  # Buraco, Burraco: 3s are ordinary cards
        cols.append(Column("red_threes", N_("Red and black 3s")
                           if rs.black_threes.laid_out_like_red else N_("Red 3s")))
    cols.append(Column("going_out", N_("Going out")))
    if has_premios(rs):
        cols.append(Column("premios", N_("Premios")))
    if has_penalties(rs):
        cols.append(Column("penalties", N_("Penalties")))
    cols.append(Column("table", N_("Cards on the table")))
    # The game's own words (Hand and Foot's hands and feet, Burraco's smazzata).
    cols.append(Column("hand", rs.own(N_("Cards in hand"))))
    cols.append(Column("total", rs.own(N_("Hand total"))))
    cols.append(Column("running", N_("Running total")))
    return tuple(cols)


def column_of(line_id: str) -> str:
    """The column a count line is written in (see ``engine.lines.count_side`` for the ids):
    the column its hand input declares (``engine/hand_inputs.py``), else by its kind."""
    if line_id.startswith("canastas."):
        return line_id
    for d in hand_inputs():
        column = d.column_of(line_id)
        if column is not None:
            return column
    if line_id.startswith("going_out"):
        return "going_out"
    if line_id.startswith(("penalty.", "unfinished_canastas.")):
        return "penalties"
    # canastón, canasta de canastas, the rule set's premios
    return "premios"


# -- the sheets ----------------------------------------------------------------------------------


def blank_sheet(rs: RuleSet, fmt: PlayerFormat, hands: int | None = None) -> Sheet:
    """A sheet to fill in by hand."""
    if hands is None:
        long_box = max(len(bonus_values(rs, fmt)), len(penalty_values(rs, fmt))) > LONG_REMINDERS
        hands = (BLANK_HANDS_THREE_SIDES if fmt.sides >= 3
                 else BLANK_HANDS_LONG_REMINDERS if long_box else BLANK_HANDS)
    return Sheet(
        ruleset=rs,
        format=fmt,
        columns=columns_for(rs, fmt.sides),
        sides=tuple(SideInfo() for _ in range(fmt.sides)),
        rows=tuple(Row(number=n) for n in range(1, hands + 1)),
        target=flow.goal(rs) or 0,
        rounds=flow.rounds(rs),
    )


@dataclass(frozen=True)
class KeptHand:
    """What the sheet needs of a stored hand and of the game state's row for it."""

    number: int
    result: Sequence[dict[str, object]]
    totals: Sequence[int]
    running: Sequence[int]
    minimums: Sequence[int]
    dealer: str
    end: str
    #: The condition each side's first meld had to meet (Brazilian from 7,000), or ``None``.
    conditions: Sequence[OpeningCondition | None] = ()
    #: Typed as each side's score ("total only"): no column but the total has a figure.
    total_only: bool = False


def filled_sheet(
    rs: RuleSet,
    fmt: PlayerFormat,
    *,
    sides: Sequence[SideInfo],
    hands: Sequence[KeptHand],
    translate: Translate,
    target: int,
    started: datetime | None = None,
    finished: datetime | None = None,
    winner: int | None = None,
    drawn: bool = False,
    abandoned: int | None = None,
    carried: Sequence[int] | None = None,
) -> Sheet:
    """A kept game's sheet: each hand's lines in their columns, and itemised under the row;
    ``carried``, the totals a game resumed from paper started with, is its first line."""
    columns = list(columns_for(rs, fmt.sides))
    keys = [c.key for c in columns]
    # A line whose column the rule set would not print (a house rule changed since): give it
    # its column rather than lose points off the sheet.
    for hand in hands:
        for side in hand.result:
            for line in side["lines"]:  # type: ignore[attr-defined]
                key = folded(column_of(str(line["id"])), fmt.sides)
                if key not in keys:
                    at = keys.index("table")
                    keys.insert(at, key)
                    columns.insert(at, Column(key, N_("Premios") if key == "premios"
                                              else N_("Penalties")))
    rows = []
    for hand in hands:
        cells = []
        details = []
        for i, side in enumerate(hand.result):
            values: dict[str, int | None] = dict.fromkeys(keys)
            lines = []
            for line in side["lines"]:  # type: ignore[attr-defined]
                key = folded(column_of(str(line["id"])), fmt.sides)
                values[key] = (values[key] or 0) + int(line["points"])
                lines.append(Detail(translate(*stored_template(line)),
                                    int(line["points"])))
            if "minimum" in values:
                values["minimum"] = hand.minimums[i]
            values["total"] = int(hand.totals[i])
            values["running"] = int(hand.running[i])
            cells.append(tuple(values[k] for k in keys))
            details.append(tuple(lines))
        rows.append(Row(
            number=hand.number, dealer=hand.dealer, cells=tuple(cells), details=tuple(details),
            conditions=tuple(hand.conditions),
            end="" if hand.end == HandEnd.WENT_OUT.value else _end_label(hand.end),
            total_only=hand.total_only,
        ))
    totals = (tuple(hands[-1].running) if hands
              else tuple(carried) if carried else tuple(0 for _ in sides))
    return Sheet(
        ruleset=rs,
        format=fmt,
        columns=tuple(columns),
        sides=tuple(sides),
        rows=tuple(rows),
        filled=True,
        target=target,
        rounds=flow.rounds(rs),
        started=started,
        finished=finished,
        totals=totals,
        winner_index=winner,
        drawn=drawn,
        abandoned_index=abandoned,
        carried=tuple(carried) if carried else None,
    )


def _end_label(end: str) -> str:
    try:
        return HandEnd(end).label
    except ValueError:
        return ""


# -- the reminder box ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Value:
    """One value of the rule set as the reminder prints it; ``points`` ``None``: to be set."""

    label: str
    points: int | None
    #: Parameters of ``label`` (a msgid with ``%(name)s`` placeholders).
    params: dict[str, object] = field(default_factory=dict)
    #: Printed with a minus sign: the points are taken from the side.
    against: bool = False
    #: Words printed instead of the points (a msgid taking ``params``), where a number alone
    #: would mislead: 002's "cerrar a limpio" is worth 0 of its own, but earns the closing
    #: bonus and counts the partner's cards in hand for the side.
    says: str | None = None
    #: The same in a few words, for the reminder boxes' points column.
    says_short: str | None = None


def _deck_count(d: Declared, packs: int) -> dict[str, object]:
    """The ``%(count)d`` of a value's sheet words: the cards of its kind in the packs."""
    if d.rule.deck == "red_threes":
        return {"count": RED_THREES_PER_PACK * packs}
    if d.rule.deck is not None:
        return {"count": CardGroup(d.rule.deck).per_pack() * packs}
    return {}


def _values(rs: RuleSet, sign: Sign, packs: int) -> list[Value]:
    out: list[Value] = []
    for d in _declared(rs, sign):
        if d.rule.row is not None:  # a table: a line per row (red 3s by count)
            out += [Value(d.rule.row, points, {"count": count}, against=sign is Sign.PENALTY)
                    for count, points in d.table_rows()]
        else:
            out.append(Value(d.rule.sheet or d.card_label, d.value,
                             {**d.params, **_deck_count(d, packs)},
                             against=sign is Sign.PENALTY))
    return out


def bonus_values(rs: RuleSet, fmt: PlayerFormat | None = None) -> list[Value]:
    """The bonuses of ``rs`` in counting order: canastas, its declared bonuses (canasta-count
    premios, 3s), going out, premios."""
    packs = fmt.packs if fmt is not None else 2
    out = [Value(NAMED_LINE, b.points, {"name": b.name}) for b in _canastas(rs)]
    out += _values(rs, Sign.BONUS, packs)
    # The rule set's own names are parameters, never templates: a house rule's are user text.
    plain = rs.going_out[0] if rs.going_out else None
    for kind in rs.going_out:
        if kind is not plain and plain is not None and kind.plus_going_out_bonus \
                and kind.hand_cards_positive and not kind.points:
            out.append(Value(NAMED_LINE, kind.points, {"name": kind.label, "plain": plain.label},
                             says=N_("as %(plain)s, with the partner's cards in hand for "
                                     "the side"),
                             says_short=N_("as %(plain)s")))
            continue
        out.append(Value(NAMED_LINE, kind.points, {"name": kind.label}))
    for premio in rs.premios:
        out.append(Value(NAMED_LINE, premio.points, {"name": premio.label}))
    return out


def penalty_values(rs: RuleSet, fmt: PlayerFormat | None = None) -> list[Value]:
    """What the rule set takes from a side: its declared penalties (3s kept in hand), then its
    list of faults."""
    packs = fmt.packs if fmt is not None else 2
    out = _values(rs, Sign.PENALTY, packs)
    for u in rs.unfinished_canastas:
        if u.fewer_than is None:
            out.append(Value(NAMED_LINE, u.points, {"name": u.label}, against=True))
        else:
            out.append(Value(N_("%(name)s, fewer than %(cards)d cards"), u.points,
                             {"name": u.label, "cards": u.fewer_than}, against=True))
    out += [Value(NAMED_LINE, p.points, {"name": p.label}, against=True) for p in rs.penalties]
    return out


def card_values(rs: RuleSet) -> list[Value]:
    """What each card is worth at the count, named in the game's words (Buraco's curingão):
    no black 3s where they are ordinary cards (the game's "3 to 7" says them)."""
    named = {g.value for g in rs.card_groups()}
    return [Value(rs.own(d.label), d.value) for d in declared(rs.card_values) if d.name in named]


def opening_rows(rs: RuleSet) -> tuple[flow.OpeningRow, ...]:
    """The opening-minimum table as the game's flow reads it: by round (Hand and Foot), else
    from, to (``None`` where a row is open-ended), minimum and condition (Brazilian from
    7,000)."""
    return flow.opening_rows(rs)
