"""The count at the end of a hand: check the entry against the rule set, then itemise it.

The lines follow the order players count in (RULES.md, "End-of-hand count"): honours and
premios less penalties, then the cards on the table, then less the cards left in hand. A side's
total is always the sum of its lines.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .cards import RED_THREES_PER_PACK, CardCounts, CardGroup
from .errors import N_, EntryErrors, FieldError
from .hand import HandEntry, SideEntry, read_entry
from .rulesets import (
    EACH_RED_THREE,
    CanastaKind,
    GoingOutKind,
    HandCards,
    HandEnd,
    PlayerFormat,
    RedThreesNegativeWhen,
    RuleSet,
)

#: The template of a line named by the rule set (a going-out kind, a premio, a penalty): the
#: name is the ``name`` parameter, never the template itself, because a house rule's name is the
#: table's own text and may hold ``%`` or markup.
NAMED_LINE = N_("%(name)s")
#: The error of a hand that ended by going out with no side marked out. A live count leaves it
#: out (nobody has chosen yet while typing the first numbers); a save shows it.
CHOOSE_WHO_WENT_OUT = N_("Choose the side that went out.")


@dataclass(frozen=True)
class Line:
    """One itemised line of a side's count. ``label`` is a translatable template (the engine's
    own); the rule set's names travel in ``params``."""

    id: str
    label: str
    points: int
    params: Mapping[str, object] = field(default_factory=dict)

    @property
    def text(self) -> str:
        """The label in English with its parameters filled in."""
        return self.label % self.params if self.params else self.label


@dataclass(frozen=True)
class SideResult:
    """A side's itemised count for one hand."""

    lines: tuple[Line, ...]

    @property
    def total(self) -> int:
        """The side's points for the hand: always the sum of its lines."""
        return sum(line.points for line in self.lines)

    def points_of(self, line_id: str) -> int:
        """The points of the line called ``line_id``, 0 if there is none."""
        return sum(line.points for line in self.lines if line.id == line_id)


@dataclass(frozen=True)
class HandResult:
    """The count of a hand for every side."""

    sides: tuple[SideResult, ...]
    format: PlayerFormat

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's total, in side order."""
        return tuple(side.total for side in self.sides)


@dataclass(frozen=True)
class _Side:
    """A side's entry with the points it implies worked out once."""

    entry: SideEntry
    table_points: int
    hand_points: int
    black_threes_shown: int

    @property
    def has_melded(self) -> bool:
        # The smallest meld is worth 15 (three 4s to 7s, or three black 3s), so a side with no
        # table points laid nothing down.
        return self.table_points > 0 or self.entry.canastas.total > 0


def _not_set(field_name: str, label: str) -> FieldError:
    return FieldError(
        field_name,
        N_("This rule set gives no value for “%(name)s”: set it in the house rules first."),
        name=label,
    )


def score_hand(ruleset: RuleSet, entry: HandEntry) -> HandResult:
    """Count a hand under ``ruleset``.

    Raises :class:`EntryErrors` listing every field of the entry that cannot be.
    """
    errors: list[FieldError] = []
    try:
        fmt = ruleset.find_format(entry.players, entry.format)
    except KeyError:
        if entry.format is not None:
            errors.append(FieldError("format", N_("This rule set has no such player format.")))
        else:
            errors.append(FieldError(
                "players", N_("This rule set is not played with %(players)s players."),
                players=entry.players,
            ))
        raise EntryErrors(errors) from None
    if len(entry.sides) != fmt.sides:
        errors.append(FieldError(
            "sides", N_("%(format)s play as %(sides)d sides."), format=fmt.label, sides=fmt.sides
        ))
        raise EntryErrors(errors)

    sides = [_work_out(ruleset, fmt, entry, i, errors) for i in range(len(entry.sides))]
    _check_hand(ruleset, fmt, entry, sides, errors)
    if errors:
        raise EntryErrors(errors)
    return HandResult(
        sides=tuple(_count_side(ruleset, fmt, entry, i, sides[i]) for i in range(len(sides))),
        format=fmt,
    )


def count_hand(ruleset: RuleSet, data: object) -> tuple[HandEntry, HandResult]:
    """Read a hand from plain data and count it under ``ruleset``.

    Raises :class:`~scorekeeper.engine.hand.ShapeError` for data that is not a hand at all, and
    :class:`EntryErrors` with every field error at once: those of reading the values and those
    of the rules (a field that could not be read is not blamed twice).
    """
    entry, errors = read_entry(data)
    try:
        result = score_hand(ruleset, entry)
    except EntryErrors as exc:
        bad = {e.field for e in errors}
        errors += [e for e in exc.errors if e.field not in bad]
        raise EntryErrors(errors) from None
    if errors:
        raise EntryErrors(errors)
    return entry, result


def _points_from(
    typed: int, cards: CardCounts | None, ruleset: RuleSet, path: str, errors: list[FieldError]
) -> int:
    if cards is None:
        return typed
    counted = cards.points(ruleset.card_values)
    if typed and typed != counted:
        errors.append(FieldError(
            path, N_("You typed %(typed)d but the cards counted make %(counted)d."),
            typed=typed, counted=counted,
        ))
    return counted


def _work_out(
    ruleset: RuleSet, fmt: PlayerFormat, entry: HandEntry, i: int, errors: list[FieldError]
) -> _Side:
    side = entry.sides[i]
    p = f"sides[{i}]"
    table_points = _points_from(side.table_points, side.table_cards, ruleset,
                                f"{p}.table_points", errors)
    hand_points = _points_from(side.hand_points, side.hand_cards, ruleset,
                               f"{p}.hand_points", errors)
    shown = side.black_threes_shown
    if side.table_cards is not None and side.table_cards.black_threes:
        if shown and shown != side.table_cards.black_threes:
            errors.append(FieldError(
                f"{p}.black_threes_shown",
                N_("The cards counted on the table hold %(count)d black 3s."),
                count=side.table_cards.black_threes,
            ))
        shown = side.table_cards.black_threes
    if (
        side.hand_cards is not None
        and side.black_threes_in_hand is not None
        and side.black_threes_in_hand != side.hand_cards.black_threes
    ):
        errors.append(FieldError(
            f"{p}.black_threes_in_hand",
            N_("The cards counted in hand hold %(count)d black 3s."),
            count=side.hand_cards.black_threes,
        ))
    return _Side(side, table_points, hand_points, shown)


def _check_hand(
    ruleset: RuleSet, fmt: PlayerFormat, entry: HandEntry, sides: list[_Side],
    errors: list[FieldError],
) -> None:
    packs = fmt.packs
    # -- how the hand ended and who went out
    if entry.end is HandEnd.TIME_UP and ruleset.time_limit_minutes is None:
        errors.append(FieldError("end", N_("This rule set plays without a clock.")))
    going_out = [i for i, s in enumerate(entry.sides) if s.going_out]
    if entry.end is HandEnd.WENT_OUT and not going_out:
        errors.append(FieldError("end", CHOOSE_WHO_WENT_OUT))
    if entry.end is not HandEnd.WENT_OUT:
        for i in going_out:
            errors.append(FieldError(
                f"sides[{i}].going_out",
                N_("Nobody goes out when the hand ends this way (%(end)s)."),
                end=entry.end.label,
            ))
    elif len(going_out) > 1:
        for i in going_out[1:]:
            errors.append(FieldError(f"sides[{i}].going_out", N_("Only one side can go out.")))

    red_total = black_total = 0
    # A wild-card canasta holds 7 jokers or 2s and a mixed one at least 1, out of 6 per pack.
    wild_in_canastas = 0
    wild_in_deck = (CardGroup.JOKERS.per_pack() + CardGroup.TWOS.per_pack()) * packs
    card_totals = dict.fromkeys(CardGroup, 0)
    points_total = 0
    deck_points = sum(g.per_pack() * packs * ruleset.card_values.of(g) for g in CardGroup)
    for i, s in enumerate(sides):
        e = s.entry
        p = f"sides[{i}]"
        # -- going out
        if e.going_out and entry.end is HandEnd.WENT_OUT:
            try:
                kind = ruleset.going_out_kind(e.going_out)
            except KeyError:
                errors.append(FieldError(f"{p}.going_out", N_("Unknown way of going out.")))
            else:
                if kind.points is None:
                    errors.append(_not_set(f"{p}.going_out", kind.label))
                if kind.plus_going_out_bonus and ruleset.plain_going_out.points is None:
                    errors.append(_not_set(f"{p}.going_out", ruleset.plain_going_out.label))
                _check_going_out_requirement(ruleset, fmt, e, p, errors)
                # 002: "si se pide la 'ida' a limpio y el compañero tiene un mono en la mano,
                # la 'ida' NO vale, hay que seguir jugando".
                if (kind.hand_cards_positive and e.hand_cards is not None
                        and e.hand_cards.wild_cards):
                    errors.append(FieldError(
                        f"{p}.going_out",
                        N_("Going out clean does not count while the partner holds a joker "
                           "or a 2: play on."),
                    ))
            if fmt.players == fmt.sides and s.hand_points:
                errors.append(FieldError(
                    f"{p}.hand_points",
                    N_("The player who went out has no cards left in hand."),
                ))
            if fmt.players == fmt.sides and e.red_threes_in_hand:
                errors.append(FieldError(
                    f"{p}.red_threes_in_hand",
                    N_("The player who went out has no cards left in hand."),
                ))
        # -- canastas
        for ck in CanastaKind:
            if not e.canastas.of(ck):
                continue
            if not ruleset.allows(ck):
                errors.append(FieldError(
                    f"{p}.canastas.{ck.value}", N_("This rule set has no “%(kind)s”."),
                    kind=ck.label,
                ))
            elif ruleset.canasta_points(ck) is None:
                errors.append(_not_set(f"{p}.canastas.{ck.value}", ck.label))
        # Black 3s shown to go out lie on the table too (000: they are counted).
        least = (sum(k.minimum_card_points * e.canastas.of(k) for k in CanastaKind)
                 + ruleset.card_values.black_threes * s.black_threes_shown)
        # 002 does not count the table at time, so a time-up hand may leave it at 0.
        if s.table_points < least and entry.end is not HandEnd.TIME_UP:
            errors.append(FieldError(
                f"{p}.table_points",
                N_("The canastas and black 3s on the table are worth at least %(least)d."),
                least=least,
            ))
        if e.table_cards is not None:
            if e.table_cards.total_cards < 7 * e.canastas.total:
                errors.append(FieldError(
                    f"{p}.table_cards",
                    N_("Canastas made: %(count)d. They need at least %(cards)d cards on the "
                       "table."),
                    count=e.canastas.total, cards=7 * e.canastas.total,
                ))
            if e.table_cards.wild_cards < e.canastas.mixed + 7 * e.canastas.wild:
                errors.append(FieldError(
                    f"{p}.table_cards",
                    N_("Mixed and wild-card canastas need more wild cards on the table."),
                ))
        wild_in_canastas += 7 * e.canastas.wild + e.canastas.mixed
        if wild_in_canastas > wild_in_deck:
            errors.append(FieldError(
                f"{p}.canastas.wild" if e.canastas.wild else f"{p}.canastas.mixed",
                N_("The canastas need more jokers and 2s than %(packs)d packs hold (%(count)d)."),
                packs=packs, count=wild_in_deck,
            ))
            wild_in_canastas = -10_000
        # -- red 3s
        if e.red_threes and ruleset.red_threes.each is None:
            errors.append(_not_set(f"{p}.red_threes", EACH_RED_THREE))
        if e.red_threes_in_hand and ruleset.red_threes.each_in_hand_penalty is None:
            errors.append(FieldError(
                f"{p}.red_threes_in_hand",
                N_("In this rule set a red 3 is always laid down at once, never kept in hand."),
            ))
        red_total += e.red_threes + e.red_threes_in_hand
        if red_total > RED_THREES_PER_PACK * packs:
            field_name = "red_threes" if e.red_threes else "red_threes_in_hand"
            errors.append(FieldError(
                f"{p}.{field_name}",
                N_("There are only %(count)d red 3s in %(packs)d packs."),
                count=RED_THREES_PER_PACK * packs, packs=packs,
            ))
            red_total = -10_000  # one message is enough
        # -- black 3s
        if s.black_threes_shown and not (e.going_out and entry.end is HandEnd.WENT_OUT):
            errors.append(FieldError(
                f"{p}.black_threes_shown",
                N_("Black 3s are laid down only by the side that goes out."),
            ))
        elif 0 < s.black_threes_shown < 3:
            # 003/004: black 3s are melded only when going out, three or four together.
            errors.append(FieldError(
                f"{p}.black_threes_shown",
                N_("Black 3s are laid down three or more together, never one or two."),
            ))
        black_total += s.black_threes_shown + e.black_threes_left
        if black_total > CardGroup.BLACK_THREES.per_pack() * packs:
            errors.append(FieldError(
                f"{p}.black_threes_in_hand" if e.black_threes_left else f"{p}.black_threes_shown",
                N_("There are only %(count)d black 3s in %(packs)d packs."),
                count=CardGroup.BLACK_THREES.per_pack() * packs, packs=packs,
            ))
            black_total = -10_000
        value = ruleset.card_values.black_threes
        if e.hand_cards is None and s.hand_points < value * e.black_threes_left:
            errors.append(FieldError(
                f"{p}.hand_points",
                N_("Black 3s in hand: %(count)d. They are worth at least %(points)d points."),
                count=e.black_threes_left, points=value * e.black_threes_left,
            ))
        # -- premios and penalties from the rule set's lists
        for pid in e.premios:
            try:
                premio = ruleset.premio(pid)
            except KeyError:
                errors.append(FieldError(f"{p}.premios.{pid}", N_("Unknown premio.")))
                continue
            if premio.points is None:
                errors.append(_not_set(f"{p}.premios.{pid}", premio.label))
        for pid in e.penalties:
            try:
                ruleset.penalty(pid)
            except KeyError:
                errors.append(FieldError(f"{p}.penalties.{pid}", N_("Unknown penalty.")))
        # -- the deck holds only so many cards
        for cards, where in ((e.table_cards, "table_cards"), (e.hand_cards, "hand_cards")):
            if cards is None:
                continue
            for group in CardGroup:
                card_totals[group] += cards.of(group)
                if card_totals[group] > group.per_pack() * packs:
                    errors.append(FieldError(
                        f"{p}.{where}.{group.value}",
                        N_("There are only %(count)d of these cards in %(packs)d packs."),
                        count=group.per_pack() * packs, packs=packs,
                    ))
                    card_totals[group] = -10_000
        points_total += s.table_points + s.hand_points
        if points_total > deck_points:
            errors.append(FieldError(
                f"{p}.table_points",
                N_("All the cards of %(packs)d packs are worth only %(points)d points."),
                packs=packs, points=deck_points,
            ))
            points_total = -1_000_000


def _check_going_out_requirement(
    ruleset: RuleSet, fmt: PlayerFormat, e: SideEntry, p: str, errors: list[FieldError]
) -> None:
    req = ruleset.going_out_requirement
    needed = fmt.canastas_to_go_out if fmt.canastas_to_go_out is not None else req.canastas
    counted = e.canastas.natural + e.canastas.mixed + (e.canastas.wild if req.wild_counts else 0)
    if counted < needed:
        if not req.wild_counts and e.canastas.wild:
            errors.append(FieldError(
                f"{p}.going_out",
                N_("Going out needs finished canastas: %(needed)d (a wild-card canasta does not "
                   "count)."),
                needed=needed,
            ))
        else:
            errors.append(FieldError(
                f"{p}.going_out",
                N_("Going out needs finished canastas: %(needed)d; this side has %(have)d."),
                needed=needed, have=counted,
            ))
    if e.canastas.natural < req.natural:
        errors.append(FieldError(
            f"{p}.going_out",
            N_("Going out needs natural canastas: at least %(count)d."), count=req.natural,
        ))
    if e.canastas.mixed < req.mixed:
        errors.append(FieldError(
            f"{p}.going_out",
            N_("Going out needs mixed canastas: at least %(count)d."), count=req.mixed,
        ))


def _going_out_lines(ruleset: RuleSet, kind: GoingOutKind) -> list[Line]:
    lines: list[Line] = []
    if kind.plus_going_out_bonus or kind is ruleset.plain_going_out:
        plain = ruleset.plain_going_out
        lines.append(Line("going_out", NAMED_LINE, plain.points or 0, {"name": plain.label}))
    if kind is not ruleset.plain_going_out:
        lines.append(Line(f"going_out.{kind.id}", NAMED_LINE, kind.points or 0,
                          {"name": kind.label}))
    return lines


def _count_side(
    ruleset: RuleSet, fmt: PlayerFormat, entry: HandEntry, i: int, s: _Side
) -> SideResult:
    e = s.entry
    lines: list[Line] = []
    packs = fmt.packs
    went_out = entry.end is HandEnd.WENT_OUT and bool(e.going_out)
    kind = ruleset.going_out_kind(e.going_out) if went_out and e.going_out else None

    # 1. Honours and premios, less penalties.
    for ck in CanastaKind:
        n = e.canastas.of(ck)
        if n:
            lines.append(Line(
                f"canastas.{ck.value}", _CANASTA_LINE[ck], n * (ruleset.canasta_points(ck) or 0),
                {"count": n},
            ))
    cc = ruleset.canasta_count_premios
    total = e.canastas.total
    if cc.seven is not None and total >= 7:
        lines.append(Line("seven_canastas", N_("Canasta de canastas (7 canastas)"), cc.seven))
    if cc.five is not None and total >= 5 and (total < 7 or cc.seven is None or cc.cumulative):
        lines.append(Line("five_canastas", N_("Canastón (5 canastas)"), cc.five))

    if e.red_threes:
        rt = ruleset.red_threes
        all_held = rt.all_of_them is not None and e.red_threes == RED_THREES_PER_PACK * packs
        points = (rt.all_of_them or 0) if all_held else e.red_threes * (rt.each or 0)
        against: RedThreesNegativeWhen | None = None
        if (rt.negative_when is RedThreesNegativeWhen.NO_MELD and not s.has_melded) or (
            rt.negative_when is RedThreesNegativeWhen.NO_CANASTA and e.canastas.total == 0
        ):
            against, points = rt.negative_when, -points
        lines.append(Line("red_threes", _RED_THREE_LINE[all_held, against], points,
                          {"count": e.red_threes}))

    if kind is not None:
        lines.extend(_going_out_lines(ruleset, kind))

    bt = ruleset.black_threes
    every_black = CardGroup.BLACK_THREES.per_pack() * packs
    if went_out and bt.all_shown_bonus is not None and s.black_threes_shown == every_black:
        lines.append(Line("black_threes_shown", N_("All %(count)d black 3s shown going out"),
                          bt.all_shown_bonus, {"count": every_black}))

    for pid, n in e.premios.items():
        premio = ruleset.premio(pid)
        lines.append(Line(f"premio.{pid}", NAMED_LINE, n * (premio.points or 0),
                          {"name": premio.label, "count": n}))
    for pid, n in e.penalties.items():
        penalty = ruleset.penalty(pid)
        lines.append(Line(f"penalty.{pid}", NAMED_LINE, -n * penalty.points,
                          {"name": penalty.label, "count": n}))

    # 002: at time "no se restarán las cartas de la mano": nor the 3s among them.
    at_time = entry.end is HandEnd.TIME_UP
    if e.red_threes_in_hand and not at_time and ruleset.red_threes.each_in_hand_penalty is not None:
        lines.append(Line(
            "red_threes_in_hand", N_("Red 3s kept in hand × %(count)d"),
            -e.red_threes_in_hand * ruleset.red_threes.each_in_hand_penalty,
            {"count": e.red_threes_in_hand},
        ))
    left = 0 if at_time else e.black_threes_left
    if left and bt.each_in_hand_penalty is not None:
        lines.append(Line("black_threes_in_hand", N_("Black 3s left in hand × %(count)d"),
                          -left * bt.each_in_hand_penalty, {"count": left}))
    someone_out = entry.end is HandEnd.WENT_OUT
    if (left == every_black and bt.all_in_hand_penalty is not None
            and (someone_out or not bt.all_in_hand_only_when_out)):
        lines.append(Line("black_threes_all_in_hand", N_("All %(count)d black 3s held in hand"),
                          -bt.all_in_hand_penalty, {"count": every_black}))

    # 2. The cards on the table; 3. less the cards left in hand.
    if entry.end is HandEnd.TIME_UP:
        lines.append(Line("table_cards", N_("Cards on the table: not counted at time"), 0))
        lines.append(Line("hand_cards", N_("Cards in hand: not counted at time"), 0))
    else:
        lines.append(Line("table_cards", N_("Cards on the table"), s.table_points))
        if (entry.end is HandEnd.STOCK_OUT
                and ruleset.stock_out_hand_cards is HandCards.IGNORED):
            lines.append(Line("hand_cards", N_("Cards in hand: not counted, the stock ran out"),
                              0))
        elif kind is not None and kind.hand_cards_positive:
            lines.append(Line("hand_cards", N_("Partner's cards in hand, for the side"),
                              s.hand_points))
        else:
            lines.append(Line("hand_cards", N_("Cards left in hand"), -s.hand_points))
    return SideResult(tuple(lines))


_CANASTA_LINE = {
    CanastaKind.NATURAL: N_("Natural canastas × %(count)d"),
    CanastaKind.MIXED: N_("Mixed canastas × %(count)d"),
    CanastaKind.WILD: N_("Wild-card canastas × %(count)d"),
}

_RED_THREE_LINE: dict[tuple[bool, RedThreesNegativeWhen | None], str] = {
    (False, None): N_("Red 3s × %(count)d"),
    (True, None): N_("All %(count)d red 3s"),
    (False, RedThreesNegativeWhen.NO_MELD): N_("Red 3s × %(count)d, against: no meld"),
    (True, RedThreesNegativeWhen.NO_MELD): N_("All %(count)d red 3s, against: no meld"),
    (False, RedThreesNegativeWhen.NO_CANASTA): N_("Red 3s × %(count)d, against: no canasta"),
    (True, RedThreesNegativeWhen.NO_CANASTA): N_("All %(count)d red 3s, against: no canasta"),
}
