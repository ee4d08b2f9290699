"""A hand's itemised count: each side's lines in the order players count in (RULES.md,
"End-of-hand count"): honours and premios less penalties, then the cards on the table, then
less the cards left in hand. A side's total is always the sum of its lines.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from .cards import CardGroup
from .errors import N_
from .hand import HandEntry, SideEntry
from .hand_inputs import CountAt, hand_inputs
from .results import Line, SideResult
from .rule_types import (
    CANASTA_KINDS,
    CanastaKind,
    GoingOutKind,
    HandCards,
    HandEnd,
    Holds,
    PlayerFormat,
    RedThreesNegativeWhen,
    UnfinishedPenalty,
)
from .rulesets import RuleSet
from .worked import WorkedSide, needed_to_go_out, towards_going_out

#: The template of a line named by the rule set (a going-out kind, a premio, a penalty): the
#: name is the ``name`` parameter, never the template itself, because a house rule's name is the
#: table's own text and may hold ``%`` or markup.
NAMED_LINE = N_("%(name)s")
#: A count line of something the rule set names, times how many ("Samba × 2").
NAMED_COUNT_LINE = N_("%(name)s × %(count)d")


def _going_out_lines(ruleset: RuleSet, kind: GoingOutKind) -> list[Line]:
    lines: list[Line] = []
    if kind.plus_going_out_bonus or kind is ruleset.plain_going_out:
        plain = ruleset.plain_going_out
        lines.append(Line("going_out", NAMED_LINE, plain.points or 0, {"name": plain.label}))
    if kind is not ruleset.plain_going_out:
        lines.append(Line(f"going_out.{kind.id}", NAMED_LINE, kind.points or 0,
                          {"name": kind.label}))
    return lines


def count_side(ruleset: RuleSet, fmt: PlayerFormat, entry: HandEntry, s: WorkedSide) -> SideResult:
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
        *_declared_lines(ruleset, fmt, entry, s, CountAt.HONOURS),
        *_listed_lines(ruleset, e),
        *_priced_input_lines(ruleset, e),
        *_unfinished_lines(ruleset, entry, e),
        *_threes_in_hand_lines(ruleset, fmt, entry, e),
        *_declared_lines(ruleset, fmt, entry, s, CountAt.HELD),
        *_card_lines(ruleset, entry, s, kind),
    ]
    # The game's own words for a line (Hand and Foot's "Cards left in hands and feet").
    return SideResult(tuple(replace(line, label=ruleset.own(line.label)) for line in lines))


def _canasta_lines(ruleset: RuleSet, e: SideEntry, earns_wild: bool = True) -> Iterator[Line]:
    """Each kind's bonus times the canastas made (a wild kind's nothing where it earns only
    for the side that goes out, Italian); 000/001's canastón (5) and canasta de canastas (7),
    the one or both as the rule set says; Italian's premios for the canastas made."""
    for ck in CANASTA_KINDS:
        n = e.canastas.of(ck)
        if n:
            kind = ruleset.canasta_kind(ck)
            if kind.holds is Holds.WILD and not earns_wild:
                yield Line(f"canastas.{ck.value}",
                           N_("Wild-card canastas × %(count)d: no bonus, the side did not go "
                              "out"), 0, {"count": n})
                continue
            if kind.label:  # the players' own word for it: "Samba × 1"
                yield Line(f"canastas.{ck.value}", NAMED_COUNT_LINE, n * (kind.points or 0),
                           {"name": kind.label, "count": n})
            else:
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


def _three_sign(ruleset: RuleSet, fmt: PlayerFormat, s: WorkedSide) -> int:
    """Whether a side's 3s laid down count for it (1), against it (-1) or nothing (0): against
    the side that has melded nothing (003, 004), has no canasta (000, 001, 002, Cuban; Modern
    American), or has fewer than going out needs (Samba); nothing for a side with exactly one
    canasta (Modern American: "exactly 1 canasta: 0 (ignored)")."""
    rt, e = ruleset.red_threes, s.entry
    if rt.negative_when is RedThreesNegativeWhen.ALWAYS:
        return -1
    if (rt.negative_when is RedThreesNegativeWhen.NO_MELD and not s.has_melded) or (
        rt.negative_when in (RedThreesNegativeWhen.NO_CANASTA, RedThreesNegativeWhen.BY_CANASTAS)
        and e.canastas.total == 0
    ) or (
        rt.negative_when is RedThreesNegativeWhen.SHORT_OF_GOING_OUT
        and towards_going_out(ruleset, e) < needed_to_go_out(ruleset, fmt)
    ):
        return -1
    if rt.negative_when is RedThreesNegativeWhen.BY_CANASTAS and e.canastas.total == 1:
        return 0
    return 1


def _red_three_lines(ruleset: RuleSet, fmt: PlayerFormat, s: WorkedSide) -> Iterator[Line]:
    """Red 3s: each, or all of the deck's, or the table's points for their count (Cuban,
    Italian, Modern American), with their sign (:func:`_three_sign`)."""
    e = s.entry
    if not e.red_threes or ruleset.red_threes.ordinary:
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


def _black_threes_laid_out_lines(ruleset: RuleSet, fmt: PlayerFormat, s: WorkedSide
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


def _black_threes_shown_lines(ruleset: RuleSet, fmt: PlayerFormat, s: WorkedSide, went_out: bool
                              ) -> Iterator[Line]:
    """000, 001: all four black 3s shown going out +500; 002: all six, +800."""
    bonus = ruleset.black_threes.all_shown_bonus
    every_black = CardGroup.BLACK_THREES.per_pack() * fmt.packs
    if went_out and bonus is not None and s.black_threes_shown == every_black:
        yield Line("black_threes_shown", N_("All %(count)d black 3s shown going out"), bonus,
                   {"count": every_black})


def _declared_lines(ruleset: RuleSet, fmt: PlayerFormat, entry: HandEntry, s: WorkedSide,
                    at: CountAt) -> Iterator[Line]:
    """The lines of the inputs with rules of their own that come ``at`` this point of the
    count (``HandInput.count``: Cuban's black 3s taken with the pile, Modern American's sets of
    aces or sevens held), where the rule set asks for them."""
    for d in hand_inputs():
        if d.count is not None and d.count_at is at and d.asks(ruleset):
            yield from d.count(ruleset, fmt, entry, s)


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


def _priced_input_lines(ruleset: RuleSet, e: SideEntry) -> Iterator[Line]:
    """The inputs the count prices simply (``HandInput.each``): each one's points, where the
    rule set asks for them (:func:`.checks_counts.priced_inputs` refuses them elsewhere)."""
    for d in hand_inputs():
        if d.each is None or d.line is None or not d.asks(ruleset):
            continue
        n = e.value_of(d.name)
        points = d.each(ruleset)
        if n and points is not None:
            yield Line(d.name, d.line, n * points, {"count": n})


def _unfinished_lines(ruleset: RuleSet, entry: HandEntry, e: SideEntry) -> Iterator[Line]:
    """Each meld left unfinished of a kind the rule set charges, at any end of the hand or
    only when someone went out (:class:`UnfinishedPenalty`)."""
    for ck in CANASTA_KINDS:
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


def _card_lines(ruleset: RuleSet, entry: HandEntry, s: WorkedSide, kind: GoingOutKind | None
                ) -> Iterator[Line]:
    """The cards on the table, less those left in hand; 002: neither at time, the hand not at
    all when the stock ran out, and for the side when it closed clean ("cerrar a limpio")."""
    if entry.end is HandEnd.TIME_UP and not ruleset.time_up_cards_count:
        yield Line("table_cards", N_("Cards on the table: not counted at time"), 0)
        yield Line("hand_cards", N_("Cards in hand: not counted at time"), 0)
        return
    mixed_in = ruleset.held_cards.cards_not_counted_points
    if s.entry.cards_not_counted and mixed_in is not None:
        yield Line("table_cards", N_("Cards mixed in before counting: in their place"),
                   mixed_in)
        yield Line("hand_cards", N_("Cards in hand: mixed in, not counted"), 0)
        return
    c = s.entry.canastas
    if ruleset.held_cards.table_against_without_canasta and not c.total:
        # Modern American: "value of its melded cards is subtracted as well as its hand".
        yield Line("table_cards", N_("Cards on the table, against: no canasta"), -s.table_points)
    elif ruleset.held_cards.table_against_without_clean and not (
            c.natural + c.ace_to_king + c.ace_to_ace):
        # Buraco by pt.wikipedia (a setting): "é descontado todos jogos e cartas".
        yield Line("table_cards", N_("Cards on the table, against: no clean canasta"),
                   -s.table_points)
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
    CanastaKind.ACE_TO_KING: N_("Clean runs from ace to king × %(count)d"),
    CanastaKind.ACE_TO_ACE: N_("Clean runs from ace to ace × %(count)d"),
    CanastaKind.SEMI_CLEAN: N_("Semi-clean canastas × %(count)d"),
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
    (False, RedThreesNegativeWhen.ALWAYS): N_("Red 3s × %(count)d, against the side"),
    (True, RedThreesNegativeWhen.ALWAYS): N_("All %(count)d red 3s, against the side"),
}
