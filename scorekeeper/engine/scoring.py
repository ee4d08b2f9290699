"""The count at the end of a hand: check the entry against the rule set, then itemise it.

The lines follow the order players count in (RULES.md, "End-of-hand count"): honours and
premios less penalties, then the cards on the table, then less the cards left in hand. A side's
total is always the sum of its lines.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from itertools import accumulate

from .cards import RED_THREES_PER_PACK, CardCounts, CardGroup
from .errors import N_, EntryErrors, FieldError
from .hand import HandEntry, SideEntry, read_entry
from .rulesets import (
    CANASTA_CARDS,
    EACH_RED_THREE,
    CanastaBonus,
    CanastaKind,
    GoingOutKind,
    HandCards,
    HandEnd,
    Holds,
    PlayerFormat,
    Rank,
    RedThreesNegativeWhen,
    RuleSet,
    UnfinishedPenalty,
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
    hand = _Hand(ruleset, fmt, entry, sides)
    for check in CHECKS:
        errors.extend(check(hand))
    if errors:
        raise EntryErrors(errors)
    return HandResult(
        sides=tuple(_count_side(ruleset, fmt, entry, side) for side in sides),
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
    elif side.table_cards is not None and shown:
        # The reverse of the above: the counted table holds no black 3 at all, so the 3s "shown"
        # would earn their bonus without their card points on the table.
        errors.append(FieldError(
            f"{p}.black_threes_shown",
            N_("The cards counted on the table hold %(count)d black 3s."), count=0,
        ))
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


@dataclass(frozen=True)
class _Hand:
    """A hand under check: the rule set, the format, the entry and its sides worked out."""

    ruleset: RuleSet
    fmt: PlayerFormat
    entry: HandEntry
    sides: list[_Side]

    @property
    def packs(self) -> int:
        return self.fmt.packs

    def went_out(self, side: _Side) -> bool:
        """Whether ``side`` went out (a hand that ended some other way has nobody out)."""
        return bool(side.entry.going_out) and self.entry.end is HandEnd.WENT_OUT

    def canastas(self, side: _Side) -> list[tuple[CanastaBonus, int]]:
        """The kinds of canasta ``side`` made, as the rule set defines them, with how many."""
        c = side.entry.canastas
        return [(self.ruleset.canasta_kind(k), c.of(k)) for k in CanastaKind if c.of(k)]

    def unfinished(self, side: _Side) -> list[tuple[CanastaBonus, int]]:
        """The melds ``side`` left unfinished, by the kind they were to be, with how many."""
        u = side.entry.unfinished_canastas
        return [(self.ruleset.canasta_kind(k), u.of(k)) for k in CanastaKind if u.of(k)]

    def numbered(self) -> Iterator[tuple[str, _Side]]:
        """Each side with the prefix of its fields (``sides[0]``)."""
        for i, side in enumerate(self.sides):
            yield f"sides[{i}]", side


def _first_over(limit: int, amounts: Iterable[int]) -> int | None:
    """The index at which the running sum of ``amounts`` first exceeds ``limit``.

    Deck limits are summed over all sides: the side that tips the sum over is the one told,
    once.
    """
    for index, total in enumerate(accumulate(amounts)):
        if total > limit:
            return index
    return None


_Check = Callable[[_Hand], Iterator[FieldError]]


def _how_the_hand_ended(hand: _Hand) -> Iterator[FieldError]:
    """002 alone plays to a clock; a hand that ended by going out names one side, only one."""
    entry = hand.entry
    if entry.end is HandEnd.TIME_UP and hand.ruleset.time_limit_minutes is None:
        yield FieldError("end", N_("This rule set plays without a clock."))
    going_out = [i for i, s in enumerate(entry.sides) if s.going_out]
    if entry.end is HandEnd.WENT_OUT and not going_out:
        yield FieldError("end", CHOOSE_WHO_WENT_OUT)
    if entry.end is not HandEnd.WENT_OUT:
        for i in going_out:
            yield FieldError(
                f"sides[{i}].going_out",
                N_("Nobody goes out when the hand ends this way (%(end)s)."),
                end=entry.end.label,
            )
    else:
        for i in going_out[1:]:
            yield FieldError(f"sides[{i}].going_out", N_("Only one side can go out."))


def _way_of_going_out(hand: _Hand) -> Iterator[FieldError]:
    """The side that went out did it in one of the rule set's ways, with the canastas it needs
    (RULES.md, "going-out requirement"); 002: "si se pide la 'ida' a limpio y el compañero tiene
    un mono en la mano, la 'ida' NO vale, hay que seguir jugando"."""
    rs = hand.ruleset
    for p, side in hand.numbered():
        if not hand.went_out(side):
            continue
        e = side.entry
        try:
            kind = rs.going_out_kind(e.going_out or "")
        except KeyError:
            yield FieldError(f"{p}.going_out", N_("Unknown way of going out."))
            continue
        if kind.points is None:
            yield _not_set(f"{p}.going_out", kind.label)
        if kind.plus_going_out_bonus and rs.plain_going_out.points is None:
            yield _not_set(f"{p}.going_out", rs.plain_going_out.label)
        if not e.special_hand:  # a special hand goes out with no meld at all (below)
            yield from _going_out_requirement(rs, hand.fmt, e, p)
        if kind.hand_cards_positive and e.hand_cards is not None and e.hand_cards.wild_cards:
            yield FieldError(
                f"{p}.going_out",
                N_("Going out clean does not count while the partner holds a joker "
                   "or a 2: play on."),
            )


def _lone_player_out_holds_nothing(hand: _Hand) -> Iterator[FieldError]:
    """A player alone on a side (001's games of 2 and 3) who went out has no card in hand."""
    if hand.fmt.players != hand.fmt.sides:
        return
    for p, side in hand.numbered():
        if not hand.went_out(side):
            continue
        if side.hand_points:
            yield FieldError(f"{p}.hand_points",
                             N_("The player who went out has no cards left in hand."))
        if side.entry.red_threes_in_hand:
            yield FieldError(f"{p}.red_threes_in_hand",
                             N_("The player who went out has no cards left in hand."))


def _canasta_kinds(hand: _Hand) -> Iterator[FieldError]:
    """Canastas only of the kinds the rule set has, each with its bonus set (002 names the
    "canasta de monos" without a value)."""
    rs = hand.ruleset
    for p, side in hand.numbered():
        for ck in CanastaKind:
            if not side.entry.canastas.of(ck):
                continue
            if not rs.allows(ck):
                yield FieldError(f"{p}.canastas.{ck.value}",
                                 N_("This rule set has no “%(kind)s”."), kind=ck.label)
            elif rs.canasta_points(ck) is None:
                yield _not_set(f"{p}.canastas.{ck.value}", ck.label)


def _unfinished_canastas(hand: _Hand) -> Iterator[FieldError]:
    """Melds left unfinished are entered only of the kinds the rule set charges (Brazilian:
    sequences; American: sevens, aces, wild); a side that went out has none of a kind that
    forbids it (American: "not allowed while an incomplete sevens/aces/wild meld is on the
    table")."""
    rs = hand.ruleset
    for p, side in hand.numbered():
        for ck in CanastaKind:
            n = side.entry.unfinished_canastas.of(ck)
            if not n:
                continue
            penalty = rs.unfinished_penalty(ck)
            if penalty is None:
                yield FieldError(f"{p}.unfinished_canastas.{ck.value}",
                                 N_("This rule set charges nothing for “%(name)s”."),
                                 name=ck.unfinished_label)
            elif penalty.blocks_going_out and hand.went_out(side):
                yield FieldError(f"{p}.going_out",
                                 N_("No going out with “%(name)s” on the table."),
                                 name=ck.unfinished_label)


def _table_holds_the_canastas(hand: _Hand) -> Iterator[FieldError]:
    """The table is worth at least the cheapest canastas of each kind and the black 3s shown
    going out (000: "the black 3s laid down to go out" are counted); it holds at least 7 cards a
    canasta, a wild card for each mixed one, 7 for each wild-card one, and the cards a kind
    fixes (seven 2s, four jokers, seven aces or sevens). 002 does not count the table at time,
    so a time-up hand may leave it at 0."""
    card_values = hand.ruleset.card_values
    for p, side in hand.numbered():
        made = hand.canastas(side)
        melds = hand.unfinished(side)
        least = (sum(k.minimum_card_points * n for k, n in made)
                 + sum(k.minimum_meld_points * n for k, n in melds)
                 + card_values.black_threes * side.black_threes_shown)
        if side.table_points < least and hand.entry.end is not HandEnd.TIME_UP:
            yield FieldError(
                f"{p}.table_points",
                N_("The canastas, unfinished melds and black 3s on the table are worth at "
                   "least %(least)d.") if melds else
                N_("The canastas and black 3s on the table are worth at least %(least)d."),
                least=least,
            )
        cards = side.entry.table_cards
        if cards is None:
            continue
        total = side.entry.canastas.total
        if cards.total_cards < CANASTA_CARDS * total:
            yield FieldError(
                f"{p}.table_cards",
                N_("Canastas made: %(count)d. They need at least %(cards)d cards on the table."),
                count=total, cards=CANASTA_CARDS * total,
            )
        if cards.wild_cards < sum(k.wild_cards * n for k, n in made):
            yield FieldError(
                f"{p}.table_cards",
                N_("Mixed and wild-card canastas need more wild cards on the table."),
            )
        for group, needed in _cards_fixed(made).items():
            if cards.of(group) < needed:
                yield FieldError(
                    f"{p}.table_cards.{group.value}",
                    N_("The canastas made hold at least %(count)d of these cards."),
                    count=needed,
                )


def _cards_fixed(made: Iterable[tuple[CanastaBonus, int]]) -> dict[CardGroup, int]:
    """The cards of a group the canastas made must hold: jokers and 2s of the wild kinds that
    fix them, seven aces an aces canasta (sevens are among the 4s to 7s)."""
    needs: dict[CardGroup, int] = {}
    for k, n in made:
        for group, count in ((CardGroup.JOKERS, k.jokers), (CardGroup.TWOS, k.twos),
                             (CardGroup.ACES, CANASTA_CARDS if k.rank is Rank.ACES else 0),
                             (CardGroup.FOURS_TO_SEVENS,
                              CANASTA_CARDS if k.rank is Rank.SEVENS else 0)):
            if count * n:
                needs[group] = needs.get(group, 0) + count * n
    return needs


def _deck_has_the_wild_cards(hand: _Hand) -> Iterator[FieldError]:
    """A wild-card canasta holds 7 jokers or 2s and a mixed one at least 1, out of 6 per pack;
    the kinds that fix their cards need them from the packs: 2 jokers, four 2s, four aces and
    four sevens a pack; a sequence is of one suit, four suits a pack (VARIANTS.md 0.2)."""
    in_deck = (CardGroup.JOKERS.per_pack() + CardGroup.TWOS.per_pack()) * hand.packs
    made = [hand.canastas(s) for s in hand.sides]
    needed = [sum(k.wild_cards * n for k, n in m) for m in made]
    i = _first_over(in_deck, needed)
    if i is not None:
        wild = [k for k, _ in made[i] if k.wild_cards]
        yield FieldError(
            f"sides[{i}].canastas.{wild[-1].kind.value}",
            N_("The canastas need more jokers and 2s than %(packs)d packs hold (%(count)d)."),
            packs=hand.packs, count=in_deck,
        )
    limits: tuple[tuple[Callable[[CanastaBonus], int], int], ...] = (
        (lambda k: k.jokers, CardGroup.JOKERS.per_pack()),
        (lambda k: k.twos, CardGroup.TWOS.per_pack()),
        (lambda k: CANASTA_CARDS if k.rank is Rank.ACES else 0, CardGroup.ACES.per_pack()),
        (lambda k: CANASTA_CARDS if k.rank is Rank.SEVENS else 0, 4),
        (lambda k: 1 if k.holds is Holds.SEQUENCE else 0, 4),
    )
    for need, per_pack in limits:
        i = _first_over(per_pack * hand.packs, (sum(need(k) * n for k, n in m) for m in made))
        if i is not None:
            kind = [k for k, _ in made[i] if need(k)][-1]
            yield FieldError(
                f"sides[{i}].canastas.{kind.kind.value}",
                N_("%(packs)d packs do not hold the cards for that many of these canastas."),
                packs=hand.packs,
            )


def _red_threes(hand: _Hand) -> Iterator[FieldError]:
    """Red 3s have a value (002 gives none: the organizer sets it); they are kept in hand only
    where a rule prices that (000, 001: "cada 3 rojo en la mano", -500); the deck has two a
    pack."""
    rs = hand.ruleset
    for p, side in hand.numbered():
        e = side.entry
        by_count = rs.red_threes.by_count
        if e.red_threes and not by_count and rs.red_threes.each is None:
            yield _not_set(f"{p}.red_threes", EACH_RED_THREE)
        if by_count and e.red_threes > len(by_count):
            yield FieldError(
                f"{p}.red_threes",
                N_("This rule set's red-3 table goes up to %(count)d red 3s."),
                count=len(by_count),
            )
        if e.red_threes_in_hand and not rs.counts_red_threes_in_hand:
            yield FieldError(
                f"{p}.red_threes_in_hand",
                N_("In this rule set a red 3 is always laid down at once, never kept in hand."),
            )
    in_deck = RED_THREES_PER_PACK * hand.packs
    i = _first_over(in_deck, (s.entry.red_threes + s.entry.red_threes_in_hand for s in hand.sides))
    if i is not None:
        field_name = "red_threes" if hand.sides[i].entry.red_threes else "red_threes_in_hand"
        yield FieldError(f"sides[{i}].{field_name}",
                         N_("There are only %(count)d red 3s in %(packs)d packs."),
                         count=in_deck, packs=hand.packs)


def _black_threes(hand: _Hand) -> Iterator[FieldError]:
    """Black 3s are laid down only to go out (RULES.md, common ground), three or four together
    (003/004); those left in hand are worth their card value at least; two a pack."""
    value = hand.ruleset.card_values.black_threes
    for p, side in hand.numbered():
        e = side.entry
        if e.black_threes_with_pile and not hand.ruleset.counts_black_threes_with_pile:
            yield FieldError(f"{p}.black_threes_with_pile",
                             N_("In this rule set black 3s taken with the pile are not set "
                                "aside."))
        if side.black_threes_shown and not hand.went_out(side):
            yield FieldError(f"{p}.black_threes_shown",
                             N_("Black 3s are laid down only by the side that goes out."))
        elif 0 < side.black_threes_shown < 3:
            yield FieldError(f"{p}.black_threes_shown",
                             N_("Black 3s are laid down three or more together, never one or "
                                "two."))
        if e.hand_cards is None and side.hand_points < value * e.black_threes_left:
            yield FieldError(
                f"{p}.hand_points",
                N_("Black 3s in hand: %(count)d. They are worth at least %(points)d points."),
                count=e.black_threes_left, points=value * e.black_threes_left,
            )
        yield from _black_threes_laid_out(hand, p, side)
    in_deck = CardGroup.BLACK_THREES.per_pack() * hand.packs
    i = _first_over(in_deck, (s.black_threes_shown + s.entry.black_threes_left
                              + s.entry.black_threes_with_pile
                              + s.entry.black_threes_laid_out for s in hand.sides))
    if i is not None:
        e = hand.sides[i].entry
        yield FieldError(
            f"sides[{i}].black_threes_with_pile" if e.black_threes_with_pile
            else f"sides[{i}].black_threes_in_hand" if e.black_threes_left
            else f"sides[{i}].black_threes_laid_out" if e.black_threes_laid_out
            else f"sides[{i}].black_threes_shown",
            N_("There are only %(count)d black 3s in %(packs)d packs."),
            count=in_deck, packs=hand.packs,
        )


def _black_threes_laid_out(hand: _Hand, p: str, side: _Side) -> Iterator[FieldError]:
    """Modern American: black 3s are laid out like red 3s, and count by the red 3s' table."""
    n = side.entry.black_threes_laid_out
    rs = hand.ruleset
    if not n:
        return
    if not rs.black_threes.laid_out_like_red:
        yield FieldError(f"{p}.black_threes_laid_out",
                         N_("In this rule set black 3s are not laid out like red 3s."))
    elif rs.red_threes.by_count and n > len(rs.red_threes.by_count):
        yield FieldError(f"{p}.black_threes_laid_out",
                         N_("This rule set's table of 3s goes up to %(count)d of a colour."),
                         count=len(rs.red_threes.by_count))
    elif rs.red_threes.points_for(n, hand.packs) is None:
        yield _not_set(f"{p}.black_threes_laid_out", EACH_RED_THREE)


def _special_hand(hand: _Hand) -> Iterator[FieldError]:
    """Modern American (VARIANTS.md 1): "Special hands (14 cards, only for a side that has not
    melded; end the hand ...)" [CCOM]; [CLA] via [EBB]; [EA]: one of the rule set's, shown by
    the side that goes out with it, which has nothing melded (no table points, no canasta)."""
    rs = hand.ruleset
    for p, side in hand.numbered():
        e = side.entry
        if not e.special_hand:
            continue
        try:
            rs.special_hand(e.special_hand)
        except KeyError:
            yield FieldError(f"{p}.special_hand", N_("Unknown special hand."))
            continue
        if not hand.went_out(side):
            yield FieldError(f"{p}.special_hand",
                             N_("A special hand is shown by the side that goes out with it."))
        if side.table_points or e.canastas.total:
            yield FieldError(f"{p}.special_hand",
                             N_("Only a side that has melded nothing can go out with a special "
                                "hand."))


def _aces_or_sevens_held(hand: _Hand) -> Iterator[FieldError]:
    """Modern American (VARIANTS.md 1): "3+ aces or 3+ sevens left in one player's hand |
    −1500 per such player (plus the card values)" [CCOM]; [CJ]; [WIKI-US]: a rule of the rule
    set; no more players than the side has (the one who went out holds nothing), each with
    three aces (60) or three sevens (15) among the cards left in hand."""
    rs = hand.ruleset
    players = hand.fmt.players // hand.fmt.sides
    for p, side in hand.numbered():
        n = side.entry.aces_or_sevens_held
        if not n:
            continue
        path = f"{p}.aces_or_sevens_held"
        if not rs.counts_aces_or_sevens_held:
            yield FieldError(path, N_("This rule set has no penalty for aces or sevens held."))
            continue
        could = players - (1 if hand.went_out(side) else 0)
        if n > could:
            yield FieldError(path, N_("Players of this side who can hold cards: %(count)d."),
                             count=could)
            continue
        cards = side.entry.hand_cards
        if cards is not None and cards.aces + cards.fours_to_sevens < 3 * n:
            yield FieldError(path, N_("The cards counted in hand hold fewer than %(count)d "
                                      "aces and sevens."), count=3 * n)
        elif cards is None and side.hand_points < 15 * n:
            yield FieldError(path, N_("Three aces or sevens in hand are worth at least "
                                      "%(points)d points."), points=15 * n)


def _premios_and_penalties(hand: _Hand) -> Iterator[FieldError]:
    """Premios and penalties from the rule set's own lists, each premio with its value."""
    rs = hand.ruleset
    for p, side in hand.numbered():
        for pid in side.entry.premios:
            try:
                premio = rs.premio(pid)
            except KeyError:
                yield FieldError(f"{p}.premios.{pid}", N_("Unknown premio."))
                continue
            if premio.points is None:
                yield _not_set(f"{p}.premios.{pid}", premio.label)
        for pid in side.entry.penalties:
            try:
                rs.penalty(pid)
            except KeyError:
                yield FieldError(f"{p}.penalties.{pid}", N_("Unknown penalty."))


def _deck_has_the_cards(hand: _Hand) -> Iterator[FieldError]:
    """The cards counted on every table and in every hand fit in the packs (RULES.md: two
    packs and four jokers; 002 and 001's six in three pairs: three packs)."""
    counted = [(f"sides[{i}].{where}", cards)
               for i, s in enumerate(hand.sides)
               for where, cards in (("table_cards", s.entry.table_cards),
                                    ("hand_cards", s.entry.hand_cards))
               if cards is not None]
    for group in CardGroup:
        in_deck = group.per_pack() * hand.packs
        i = _first_over(in_deck, (cards.of(group) for _, cards in counted))
        if i is not None:
            yield FieldError(f"{counted[i][0]}.{group.value}",
                             N_("There are only %(count)d of these cards in %(packs)d packs."),
                             count=in_deck, packs=hand.packs)


def _deck_has_the_points(hand: _Hand) -> Iterator[FieldError]:
    """All the points on the tables and in the hands are at most what the packs are worth."""
    values = hand.ruleset.card_values
    deck_points = sum(g.per_pack() * hand.packs * values.of(g) for g in CardGroup)
    i = _first_over(deck_points, (s.table_points + s.hand_points for s in hand.sides))
    if i is not None:
        yield FieldError(f"sides[{i}].table_points",
                         N_("All the cards of %(packs)d packs are worth only %(points)d points."),
                         packs=hand.packs, points=deck_points)


#: The checks a hand goes through, one per rule concern; every error of each is reported.
CHECKS: tuple[_Check, ...] = (
    _how_the_hand_ended,
    _way_of_going_out,
    _lone_player_out_holds_nothing,
    _canasta_kinds,
    _unfinished_canastas,
    _table_holds_the_canastas,
    _deck_has_the_wild_cards,
    _red_threes,
    _black_threes,
    _special_hand,
    _aces_or_sevens_held,
    _premios_and_penalties,
    _deck_has_the_cards,
    _deck_has_the_points,
)


def _needed_to_go_out(ruleset: RuleSet, fmt: PlayerFormat) -> int:
    """How many canastas of any kind going out needs (003: two with two players)."""
    if fmt.canastas_to_go_out is not None:
        return fmt.canastas_to_go_out
    return ruleset.going_out_requirement.canastas


def _wild_canastas(ruleset: RuleSet, e: SideEntry) -> int:
    return sum(e.canastas.of(k) for k in CanastaKind
               if ruleset.canasta_kind(k).holds is Holds.WILD)


def _towards_going_out(ruleset: RuleSet, e: SideEntry) -> int:
    """The side's canastas that count towards going out (001: not a wild-card one)."""
    req = ruleset.going_out_requirement
    if req.wild_counts or req.wild_as_mixed:
        return e.canastas.total
    return e.canastas.total - _wild_canastas(ruleset, e)


def _going_out_requirement(
    ruleset: RuleSet, fmt: PlayerFormat, e: SideEntry, p: str
) -> Iterator[FieldError]:
    """The canastas a side needs to go out: one (000, 003, 004), two with two players (003),
    one natural and one mixed, a wild-card one not counting (001)."""
    req = ruleset.going_out_requirement
    needed = _needed_to_go_out(ruleset, fmt)
    wild_counts = req.wild_counts or req.wild_as_mixed
    wild = _wild_canastas(ruleset, e)
    counted = _towards_going_out(ruleset, e)
    if counted < needed:
        if not wild_counts and wild:
            yield FieldError(
                f"{p}.going_out",
                N_("Going out needs finished canastas: %(needed)d (a wild-card canasta does not "
                   "count)."),
                needed=needed,
            )
        else:
            yield FieldError(
                f"{p}.going_out",
                N_("Going out needs finished canastas: %(needed)d; this side has %(have)d."),
                needed=needed, have=counted,
            )
    if e.canastas.sequence < req.sequence:
        yield FieldError(
            f"{p}.going_out",
            N_("Going out needs sequence canastas (escalera): at least %(count)d."),
            count=req.sequence,
        )
    if e.canastas.natural < req.natural:
        yield FieldError(
            f"{p}.going_out",
            N_("Going out needs natural canastas: at least %(count)d."), count=req.natural,
        )
    # 001, one reading: a wild-card canasta stands for the "sucia" (a setting, off).
    if e.canastas.mixed + (wild if req.wild_as_mixed else 0) < req.mixed:
        yield FieldError(
            f"{p}.going_out",
            N_("Going out needs mixed canastas: at least %(count)d."), count=req.mixed,
        )


def _going_out_lines(ruleset: RuleSet, kind: GoingOutKind) -> list[Line]:
    lines: list[Line] = []
    if kind.plus_going_out_bonus or kind is ruleset.plain_going_out:
        plain = ruleset.plain_going_out
        lines.append(Line("going_out", NAMED_LINE, plain.points or 0, {"name": plain.label}))
    if kind is not ruleset.plain_going_out:
        lines.append(Line(f"going_out.{kind.id}", NAMED_LINE, kind.points or 0,
                          {"name": kind.label}))
    return lines


def _count_side(ruleset: RuleSet, fmt: PlayerFormat, entry: HandEntry, s: _Side) -> SideResult:
    """A side's lines in the order players count (RULES.md, "End-of-hand count"): 1. honours
    and premios, less penalties; 2. the cards on the table; 3. less the cards left in hand."""
    e = s.entry
    went_out = entry.end is HandEnd.WENT_OUT and bool(e.going_out)
    if went_out and e.special_hand:
        # Modern American: a special hand "replace[s] that side's whole score".
        special = ruleset.special_hand(e.special_hand)
        return SideResult((
            Line("special_hand", NAMED_LINE, special.points, {"name": special.label}),
            Line("table_cards", N_("Cards on the table: not counted, special hand"), 0),
            Line("hand_cards", N_("Cards in hand: not counted, special hand"), 0),
        ))
    kind = ruleset.going_out_kind(e.going_out) if went_out and e.going_out else None
    cc = ruleset.canasta_count_premios
    # Italian: the wild-card bonuses only for the side that goes out (and, as a setting, for
    # every side when nobody does).
    earns_wild = (not cc.wild_only_going_out or went_out
                  or (entry.end is not HandEnd.WENT_OUT and cc.wild_when_nobody_out))
    lines = [
        *_canasta_lines(ruleset, e, earns_wild),
        *_red_three_lines(ruleset, fmt, s),
        *_black_threes_laid_out_lines(ruleset, fmt, s),
        *(_going_out_lines(ruleset, kind) if kind is not None else ()),
        *_black_threes_shown_lines(ruleset, fmt, s, went_out),
        *_black_threes_with_pile_lines(ruleset, fmt, e),
        *_listed_lines(ruleset, e),
        *_unfinished_lines(ruleset, entry, e),
        *_threes_in_hand_lines(ruleset, fmt, entry, e),
        *_held_cards_lines(ruleset, entry, e),
        *_card_lines(ruleset, entry, s, kind),
    ]
    return SideResult(tuple(lines))


def _canasta_lines(ruleset: RuleSet, e: SideEntry, earns_wild: bool = True) -> Iterator[Line]:
    """Each kind's bonus times the canastas made (a wild kind's nothing where it earns only
    for the side that goes out, Italian); 000/001's canastón (5) and canasta de canastas (7),
    the one or both as the rule set says; Italian's premios for the canastas made."""
    for ck in CanastaKind:
        n = e.canastas.of(ck)
        if n:
            kind = ruleset.canasta_kind(ck)
            if kind.holds is Holds.WILD and not earns_wild:
                yield Line(f"canastas.{ck.value}",
                           N_("Wild-card canastas × %(count)d: no bonus, the side did not go "
                              "out"), 0, {"count": n})
                continue
            yield Line(f"canastas.{ck.value}", _CANASTA_LINE[ck], n * (kind.points or 0),
                       {"count": n})
            if not kind.cards_on_top:
                # A kind whose cards are in its bonus: their points leave the table's count.
                yield Line(f"canastas.{ck.value}.cards", N_("Their cards, in the bonus"),
                           -n * kind.minimum_card_points, {"count": n})
    cc = ruleset.canasta_count_premios
    total = e.canastas.total
    if cc.seven is not None and total >= 7:
        yield Line("seven_canastas", N_("Canasta de canastas (7 canastas)"), cc.seven)
    if cc.five is not None and total >= 5 and (total < 7 or cc.seven is None or cc.cumulative):
        yield Line("five_canastas", N_("Canastón (5 canastas)"), cc.five)
    yield from _canasta_mix_lines(ruleset, e)


def _canasta_mix_lines(ruleset: RuleSet, e: SideEntry) -> Iterator[Line]:
    """Italian (VARIANTS.md 7): five natural canastas +2,000; four natural and one mixed
    +1,000; ten of any kind +2,000; only the highest unless the rule set adds them up."""
    cc = ruleset.canasta_count_premios
    c = e.canastas
    earned = [
        Line(line_id, label, points)
        for line_id, label, points, qualifies in (
            ("five_natural_canastas", N_("Five natural canastas"), cc.five_natural,
             c.natural >= 5),
            ("four_natural_one_mixed", N_("Four natural canastas and a mixed one"),
             cc.four_natural_one_mixed, c.natural >= 4 and c.mixed >= 1),
            ("ten_canastas", N_("Ten canastas of any kind"), cc.ten, c.total >= 10),
        )
        if points is not None and qualifies
    ]
    if earned and not cc.mix_cumulative:
        earned = [max(earned, key=lambda line: line.points)]
    yield from earned


def _three_sign(ruleset: RuleSet, fmt: PlayerFormat, s: _Side) -> int:
    """Whether a side's 3s laid down count for it (1), against it (-1) or nothing (0): against
    the side that has melded nothing (003, 004), has no canasta (000, 001, 002, Cuban; Modern
    American), or has fewer than going out needs (Samba); nothing for a side with exactly one
    canasta (Modern American: "exactly 1 canasta: 0 (ignored)")."""
    rt, e = ruleset.red_threes, s.entry
    if (rt.negative_when is RedThreesNegativeWhen.NO_MELD and not s.has_melded) or (
        rt.negative_when in (RedThreesNegativeWhen.NO_CANASTA, RedThreesNegativeWhen.BY_CANASTAS)
        and e.canastas.total == 0
    ) or (
        rt.negative_when is RedThreesNegativeWhen.SHORT_OF_GOING_OUT
        and _towards_going_out(ruleset, e) < _needed_to_go_out(ruleset, fmt)
    ):
        return -1
    if rt.negative_when is RedThreesNegativeWhen.BY_CANASTAS and e.canastas.total == 1:
        return 0
    return 1


def _red_three_lines(ruleset: RuleSet, fmt: PlayerFormat, s: _Side) -> Iterator[Line]:
    """Red 3s: each, or all of the deck's, or the table's points for their count (Cuban,
    Italian, Modern American), with their sign (:func:`_three_sign`)."""
    e = s.entry
    if not e.red_threes:
        return
    rt = ruleset.red_threes
    all_held = rt.holds_all(e.red_threes, fmt.packs)
    points = rt.points_for(e.red_threes, fmt.packs) or 0
    sign = _three_sign(ruleset, fmt, s)
    if sign == 0:
        yield Line("red_threes", N_("Red 3s × %(count)d: nothing with one canasta"), 0,
                   {"count": e.red_threes})
        return
    against = rt.negative_when if sign < 0 else None
    yield Line("red_threes", _RED_THREE_LINE[all_held, against], sign * points,
               {"count": e.red_threes})


def _black_threes_laid_out_lines(ruleset: RuleSet, fmt: PlayerFormat, s: _Side
                                 ) -> Iterator[Line]:
    """Modern American: black 3s laid out score as red 3s do, each colour on its own ("Threes
    | red and black are both laid out; each colour scored separately" [CCOM]; [CJ] part 2)."""
    n = s.entry.black_threes_laid_out
    if not n or not ruleset.black_threes.laid_out_like_red:
        return
    points = ruleset.red_threes.points_for(n, fmt.packs) or 0
    sign = _three_sign(ruleset, fmt, s)
    yield Line("black_threes_laid_out", _BLACK_LAID_OUT_LINE[sign], sign * points, {"count": n})


_BLACK_LAID_OUT_LINE = {
    1: N_("Black 3s laid out × %(count)d"),
    0: N_("Black 3s laid out × %(count)d: nothing with one canasta"),
    -1: N_("Black 3s laid out × %(count)d, against the side"),
}


def _black_threes_shown_lines(ruleset: RuleSet, fmt: PlayerFormat, s: _Side, went_out: bool
                              ) -> Iterator[Line]:
    """000, 001: all four black 3s shown going out +500; 002: all six, +800."""
    bonus = ruleset.black_threes.all_shown_bonus
    every_black = CardGroup.BLACK_THREES.per_pack() * fmt.packs
    if went_out and bonus is not None and s.black_threes_shown == every_black:
        yield Line("black_threes_shown", N_("All %(count)d black 3s shown going out"), bonus,
                   {"count": every_black})


def _black_threes_with_pile_lines(ruleset: RuleSet, fmt: PlayerFormat, e: SideEntry
                                  ) -> Iterator[Line]:
    """Cuban: black 3s taken with the pile are set aside, 5 each or 100 for all four."""
    n = e.black_threes_with_pile
    bt = ruleset.black_threes
    if not n or not ruleset.counts_black_threes_with_pile:
        return
    every_black = CardGroup.BLACK_THREES.per_pack() * fmt.packs
    if n == every_black and bt.all_with_pile is not None:
        yield Line("black_threes_with_pile", N_("All %(count)d black 3s taken with the pile"),
                   bt.all_with_pile, {"count": n})
    else:
        yield Line("black_threes_with_pile", N_("Black 3s taken with the pile × %(count)d"),
                   n * (bt.each_with_pile or 0), {"count": n})


def _listed_lines(ruleset: RuleSet, e: SideEntry) -> Iterator[Line]:
    """The premios and penalties of the rule set's own lists, times how often."""
    for pid, n in e.premios.items():
        premio = ruleset.premio(pid)
        yield Line(f"premio.{pid}", NAMED_LINE, n * (premio.points or 0),
                   {"name": premio.label, "count": n})
    for pid, n in e.penalties.items():
        penalty = ruleset.penalty(pid)
        yield Line(f"penalty.{pid}", NAMED_LINE, -n * penalty.points,
                   {"name": penalty.label, "count": n})


def _unfinished_lines(ruleset: RuleSet, entry: HandEntry, e: SideEntry) -> Iterator[Line]:
    """Each meld left unfinished of a kind the rule set charges, at any end of the hand or
    only when someone went out (:class:`UnfinishedPenalty`)."""
    for ck in CanastaKind:
        n = e.unfinished_canastas.of(ck)
        penalty = ruleset.unfinished_penalty(ck)
        if not n or penalty is None:
            continue
        if penalty.only_when_out and entry.end is not HandEnd.WENT_OUT:
            continue
        template, params = _unfinished_label(penalty, n)
        yield Line(f"unfinished_canastas.{ck.value}", template, -n * penalty.points, params)


def _unfinished_label(penalty: UnfinishedPenalty, n: int
                      ) -> tuple[str, dict[str, object]]:
    params: dict[str, object] = {"name": penalty.label, "count": n}
    if penalty.fewer_than is None:
        return N_("%(name)s × %(count)d"), params
    return (N_("%(name)s, fewer than %(cards)d cards × %(count)d"),
            {**params, "cards": penalty.fewer_than})


def _threes_in_hand_lines(ruleset: RuleSet, fmt: PlayerFormat, entry: HandEntry, e: SideEntry
                          ) -> Iterator[Line]:
    """3s kept in hand: each red 3 -500 (000, 001); each black 3 -100 (001); all the deck's
    black 3s -500 (000, 001) or -800 (002, only when someone closes). 002: at time "no se
    restarán las cartas de la mano", nor the 3s among them."""
    if entry.end is HandEnd.TIME_UP:
        return
    red_penalty = ruleset.red_threes.each_in_hand_penalty
    if e.red_threes_in_hand and red_penalty is not None:
        yield Line("red_threes_in_hand", N_("Red 3s kept in hand × %(count)d"),
                   -e.red_threes_in_hand * red_penalty, {"count": e.red_threes_in_hand})
    bt = ruleset.black_threes
    left = e.black_threes_left
    someone_out = entry.end is HandEnd.WENT_OUT
    if left and bt.each_in_hand_penalty is not None and (
            someone_out or not bt.each_in_hand_only_when_out):
        if bt.each_in_hand_includes_card:
            # 001: "vale 100 puntos en contra" in all; the card's points are already among the
            # cards left in hand, so this line takes the rest.
            beyond = max(bt.each_in_hand_penalty - ruleset.card_values.black_threes, 0)
            yield Line("black_threes_in_hand",
                       N_("Black 3s left in hand × %(count)d, beyond their card points"),
                       -left * beyond, {"count": left})
        else:
            yield Line("black_threes_in_hand", N_("Black 3s left in hand × %(count)d"),
                       -left * bt.each_in_hand_penalty, {"count": left})
    every_black = CardGroup.BLACK_THREES.per_pack() * fmt.packs
    if (left == every_black and bt.all_in_hand_penalty is not None
            and (someone_out or not bt.all_in_hand_only_when_out)):
        yield Line("black_threes_all_in_hand", N_("All %(count)d black 3s held in hand"),
                   -bt.all_in_hand_penalty, {"count": every_black})


def _held_cards_lines(ruleset: RuleSet, entry: HandEntry, e: SideEntry) -> Iterator[Line]:
    """Modern American: −1,500 for each player left holding 3+ aces or 3+ sevens (like every
    card in hand, not at time: 002)."""
    penalty = ruleset.held_cards.aces_or_sevens_held_penalty
    if e.aces_or_sevens_held and penalty is not None and entry.end is not HandEnd.TIME_UP:
        yield Line("aces_or_sevens_held", N_("Players holding 3+ aces or sevens × %(count)d"),
                   -e.aces_or_sevens_held * penalty, {"count": e.aces_or_sevens_held})


def _card_lines(ruleset: RuleSet, entry: HandEntry, s: _Side, kind: GoingOutKind | None
                ) -> Iterator[Line]:
    """The cards on the table, less those left in hand; 002: neither at time, the hand not at
    all when the stock ran out, and for the side when it closed clean ("cerrar a limpio")."""
    if entry.end is HandEnd.TIME_UP:
        yield Line("table_cards", N_("Cards on the table: not counted at time"), 0)
        yield Line("hand_cards", N_("Cards in hand: not counted at time"), 0)
        return
    if ruleset.held_cards.table_against_without_canasta and not s.entry.canastas.total:
        # Modern American: "value of its melded cards is subtracted as well as its hand".
        yield Line("table_cards", N_("Cards on the table, against: no canasta"), -s.table_points)
    else:
        yield Line("table_cards", N_("Cards on the table"), s.table_points)
    if entry.end is HandEnd.STOCK_OUT and ruleset.stock_out_hand_cards is HandCards.IGNORED:
        yield Line("hand_cards", N_("Cards in hand: not counted, the stock ran out"), 0)
    elif kind is not None and kind.hand_cards_positive:
        yield Line("hand_cards", N_("Partner's cards in hand, for the side"), s.hand_points)
    else:
        yield Line("hand_cards", N_("Cards left in hand"), -s.hand_points)


_CANASTA_LINE = {
    CanastaKind.NATURAL: N_("Natural canastas × %(count)d"),
    CanastaKind.MIXED: N_("Mixed canastas × %(count)d"),
    CanastaKind.WILD: N_("Wild-card canastas × %(count)d"),
    CanastaKind.WILD_TWOS: N_("Canastas of seven 2s × %(count)d"),
    CanastaKind.WILD_FOUR_JOKERS: N_("Canastas of the four jokers × %(count)d"),
    CanastaKind.SEVENS: N_("Canastas of sevens × %(count)d"),
    CanastaKind.ACES: N_("Canastas of aces × %(count)d"),
    CanastaKind.SEQUENCE: N_("Sequence canastas × %(count)d"),
}

_RED_THREE_LINE: dict[tuple[bool, RedThreesNegativeWhen | None], str] = {
    (False, None): N_("Red 3s × %(count)d"),
    (True, None): N_("All %(count)d red 3s"),
    (False, RedThreesNegativeWhen.NO_MELD): N_("Red 3s × %(count)d, against: no meld"),
    (True, RedThreesNegativeWhen.NO_MELD): N_("All %(count)d red 3s, against: no meld"),
    (False, RedThreesNegativeWhen.NO_CANASTA): N_("Red 3s × %(count)d, against: no canasta"),
    (True, RedThreesNegativeWhen.NO_CANASTA): N_("All %(count)d red 3s, against: no canasta"),
    (False, RedThreesNegativeWhen.SHORT_OF_GOING_OUT):
        N_("Red 3s × %(count)d, against: not the canastas to go out"),
    (True, RedThreesNegativeWhen.SHORT_OF_GOING_OUT):
        N_("All %(count)d red 3s, against: not the canastas to go out"),
    (False, RedThreesNegativeWhen.BY_CANASTAS): N_("Red 3s × %(count)d, against: no canasta"),
    (True, RedThreesNegativeWhen.BY_CANASTAS): N_("All %(count)d red 3s, against: no canasta"),
}
