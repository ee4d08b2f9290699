"""The checks a hand's entry goes through before it is counted, one per rule concern (how the
hand ended, the way of going out, the table's floor, the deck's limits…), each quoting its source;
every error of every check is reported.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import accumulate

from .cards import RED_THREES_PER_PACK, CardGroup
from .errors import N_, FieldError
from .flow import ends_at_time
from .hand import HandEntry, SideEntry
from .hand_inputs import asks, hand_inputs
from .melds import RankMeld, fits
from .rule_types import (
    CANASTA_CARDS,
    CANASTA_KINDS,
    EACH_RED_THREE,
    HELD_SETS_PER_PLAYER,
    MELD_CARDS,
    RANK_PER_PACK,
    SUIT_PER_PACK,
    SUITS,
    CanastaBonus,
    CanastaKind,
    HandEnd,
    Holds,
    PlayerFormat,
    Rank,
)
from .rulesets import RuleSet
from .table_floor import cheap_ranks_of, scarce_cards_extra
from .worked import WorkedSide, needed_to_go_out, towards_going_out, wild_canastas

#: The error of a hand that ended by going out with no side marked out. A live count leaves it
#: out (nobody has chosen yet while typing the first numbers); a save shows it.
CHOOSE_WHO_WENT_OUT = N_("Choose the side that went out.")


def _not_set(field_name: str, label: str) -> FieldError:
    return FieldError(
        field_name,
        N_("This rule set gives no value for “%(name)s”: set it in the house rules first."),
        name=label,
    )



@dataclass(frozen=True)
class HandUnderCheck:
    """A hand under check: the rule set, the format, the entry and its sides worked out."""

    ruleset: RuleSet
    fmt: PlayerFormat
    entry: HandEntry
    sides: list[WorkedSide]

    @property
    def packs(self) -> int:
        return self.fmt.packs

    def went_out(self, side: WorkedSide) -> bool:
        """Whether ``side`` went out (a hand that ended some other way has nobody out)."""
        return bool(side.entry.going_out) and self.entry.end is HandEnd.WENT_OUT

    def canastas(self, side: WorkedSide) -> list[tuple[CanastaBonus, int]]:
        """The kinds of canasta ``side`` made, as the rule set defines them, with how many."""
        c = side.entry.canastas
        return [(self.ruleset.canasta_kind(k), c.of(k)) for k in CANASTA_KINDS if c.of(k)]

    def unfinished(self, side: WorkedSide) -> list[tuple[CanastaBonus, int]]:
        """The melds ``side`` left unfinished, by the kind they were to be, with how many."""
        u = side.entry.unfinished_canastas
        return [(self.ruleset.canasta_kind(k), u.of(k)) for k in CANASTA_KINDS if u.of(k)]

    def numbered(self) -> Iterator[tuple[str, WorkedSide]]:
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


_Check = Callable[[HandUnderCheck], Iterator[FieldError]]


def _how_the_hand_ended(hand: HandUnderCheck) -> Iterator[FieldError]:
    """Time-up only where time can be up (002's clock, Burraco's time-out called); a hand that
    ended by going out names one side, only one."""
    entry = hand.entry
    if entry.end is HandEnd.TIME_UP and not ends_at_time(hand.ruleset):
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


def _way_of_going_out(hand: HandUnderCheck) -> Iterator[FieldError]:
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


def _lone_player_out_holds_nothing(hand: HandUnderCheck) -> Iterator[FieldError]:
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


def _canasta_kinds(hand: HandUnderCheck) -> Iterator[FieldError]:
    """Canastas only of the kinds the rule set has, each with its bonus set (002 names the
    "canasta de monos" without a value)."""
    rs = hand.ruleset
    for p, side in hand.numbered():
        for ck in CANASTA_KINDS:
            if not side.entry.canastas.of(ck):
                continue
            if not rs.allows(ck):
                yield FieldError(f"{p}.canastas.{ck.value}",
                                 N_("This rule set has no “%(kind)s”."), kind=ck.label)
            elif rs.canasta_points(ck) is None:
                yield _not_set(f"{p}.canastas.{ck.value}", rs.canasta_kind(ck).name)


def _unfinished_canastas(hand: HandUnderCheck) -> Iterator[FieldError]:
    """Melds left unfinished are entered only of the kinds the rule set charges (Brazilian:
    sequences; American: sevens, aces, wild); a side that went out has none of a kind that
    forbids it (American: "not allowed while an incomplete sevens/aces/wild meld is on the
    table")."""
    rs = hand.ruleset
    for p, side in hand.numbered():
        for ck in CANASTA_KINDS:
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


def _table_holds_the_canastas(hand: HandUnderCheck) -> Iterator[FieldError]:
    """The table is worth at least the cheapest canastas of each kind and the black 3s shown
    going out (000: "the black 3s laid down to go out" are counted); it holds at least 7 cards a
    canasta, a wild card for each mixed one, 7 for each wild-card one, and the cards a kind
    fixes (seven 2s, four jokers, seven aces or sevens). 002 does not count the table at time,
    so a time-up hand may leave it at 0."""
    card_values = hand.ruleset.card_values
    for p, side in hand.numbered():
        made = hand.canastas(side)
        melds = hand.unfinished(side)
        # Where 3s are ordinary cards (Buraco, Burraco) a black 3 on the table may be in a
        # run (ace to king holds its 3): not on top of the canastas' cards.
        black_threes_apart = (0 if hand.ruleset.red_threes.ordinary
                              else card_values.black_threes * side.black_threes_shown)
        # Past what all the packs' cards are worth the canastas themselves are refused
        # (_deck_has_the_ranks, _deck_has_the_runs): the floor says no more than the packs.
        least = min(_deck_points(hand), sum(k.minimum_card_points * n for k, n in made)
                    + _scarce_cards(hand, made)
                    + sum(k.minimum_meld_points * n for k, n in melds)
                    + black_threes_apart)
        # Cards mixed in before counting (002) leave no table to check.
        if (side.table_points < least and hand.entry.end is not HandEnd.TIME_UP
                and not side.entry.cards_not_counted):
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
        # Seven a canasta; Buraco's runs from ace to king and ace to ace, Burraco's semi-clean
        # canasta more (their ``cards``).
        least_cards = sum(k.cards * n for k, n in made)
        if cards.total_cards < least_cards:
            yield FieldError(
                f"{p}.table_cards",
                N_("Canastas made: %(count)d. They need at least %(cards)d cards on the table."),
                count=total, cards=least_cards,
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


def _scarce_cards(hand: HandUnderCheck, made: list[tuple[CanastaBonus, int]]) -> int:
    """What the canastas hold beyond their separate minimums because the packs run out of
    cheap cards (:mod:`.table_floor`): two packs, one natural canasta of each of the four
    5-point ranks; five packs, twenty 2s before the jokers."""
    rs = hand.ruleset
    ranks = {*rs.meld_ranks(CanastaKind.NATURAL), *rs.meld_ranks(CanastaKind.MIXED)}
    return scarce_cards_extra(made, hand.packs, rs.card_values, cheap_ranks_of(ranks),
                              rs.held_cards.one_meld_per_rank, rs.red_threes.ordinary)


def _cards_fixed(made: Iterable[tuple[CanastaBonus, int]]) -> dict[CardGroup, int]:
    """The cards of a group the canastas made must hold: jokers and 2s of the wild kinds that
    fix them, seven aces an aces canasta (sevens are among the 4s to 7s), the aces of a run from
    ace to king (one) or ace to ace (two)."""
    needs: dict[CardGroup, int] = {}
    for k, n in made:
        for group, count in ((CardGroup.JOKERS, k.jokers), (CardGroup.TWOS, k.twos),
                             (CardGroup.ACES,
                              CANASTA_CARDS if k.rank is Rank.ACES else k.aces),
                             (CardGroup.FOURS_TO_SEVENS,
                              CANASTA_CARDS if k.rank is Rank.SEVENS else 0)):
            if count * n:
                needs[group] = needs.get(group, 0) + count * n
    return needs


def _deck_has_the_wild_cards(hand: HandUnderCheck) -> Iterator[FieldError]:
    """A wild-card canasta holds 7 jokers or 2s and a mixed one at least 1, out of 6 per pack;
    an unfinished meld holds its own (a wild meld three, the four-joker meld its four jokers, a
    mixed meld one); the kinds that fix their cards need them from the packs: 2 jokers and four
    2s a pack; a sequence is of one suit, four suits a pack (VARIANTS.md 0.2). Every side's
    canastas and melds come out of the same packs."""
    in_deck = (CardGroup.JOKERS.per_pack() + CardGroup.TWOS.per_pack()) * hand.packs
    made = [hand.canastas(s) for s in hand.sides]
    melds = [hand.unfinished(s) for s in hand.sides]
    needs: tuple[tuple[Callable[[CanastaBonus], int], Callable[[CanastaBonus], int], int], ...] = (
        (lambda k: k.wild_cards, lambda k: k.meld_wild_cards, in_deck),
        (lambda k: k.jokers, lambda k: k.meld_jokers, CardGroup.JOKERS.per_pack() * hand.packs),
        (lambda k: k.twos, lambda k: k.meld_twos, CardGroup.TWOS.per_pack() * hand.packs),
        (lambda k: 1 if k.holds is Holds.SEQUENCE else 0, lambda k: 0, 4 * hand.packs),
    )
    for n, (need, meld_need, limit) in enumerate(needs):
        i = _first_over(limit, (sum(need(k) * c for k, c in m) + sum(meld_need(k) * c for k, c in u)
                                for m, u in zip(made, melds, strict=True)))
        if i is None:
            continue
        # The message stands beside the kind that needs the most of those cards: the one a
        # player most likely mistyped.
        unfinished = [(meld_need(k) * c, j, k) for j, (k, c) in enumerate(melds[i]) if meld_need(k)]
        if unfinished:
            yield FieldError(
                f"sides[{i}].unfinished_canastas.{max(unfinished)[2].kind.value}",
                N_("The canastas and unfinished melds need more jokers and 2s than %(packs)d "
                   "packs hold (%(count)d).") if n == 0 else
                N_("%(packs)d packs do not hold the cards for these canastas and unfinished "
                   "melds."),
                packs=hand.packs, count=limit,
            )
            continue
        kind = max((need(k) * c, j, k) for j, (k, c) in enumerate(made[i]) if need(k))[2]
        yield FieldError(
            f"sides[{i}].canastas.{kind.kind.value}",
            N_("The canastas need more jokers and 2s than %(packs)d packs hold (%(count)d).")
            if n == 0 else
            N_("%(packs)d packs do not hold the cards for that many of these canastas."),
            packs=hand.packs, count=limit,
        )


def _rank_melds(hand: HandUnderCheck, sides: Iterable[int], leave_out: tuple[int, str] | None = None
                ) -> list[RankMeld]:
    """The canastas and unfinished melds of natural cards of ``sides``, each with the cards of
    its rank it holds at least (``leave_out``: one side's field, as if it were 0)."""
    rs = hand.ruleset
    out: list[RankMeld] = []
    kinds = [(ck, frozenset(rs.meld_ranks(ck)), rs.canasta_kind(ck)) for ck in CANASTA_KINDS]
    for i in sides:
        e = hand.sides[i].entry
        for ck, ranks, kind in kinds:
            if kind.runs:
                continue  # it may be a run of one suit, of no one rank: _deck_has_the_runs
            for where, count, naturals in (("canastas", e.canastas.of(ck), kind.naturals),
                                           ("unfinished_canastas", e.unfinished_canastas.of(ck),
                                            kind.meld_naturals)):
                if leave_out == (i, f"{where}.{ck.value}"):
                    continue
                out += [RankMeld(i, naturals, ranks)] * count
    return out


def _rank_fields(hand: HandUnderCheck, i: int) -> list[str]:
    """The fields of side ``i`` that hold canastas or melds of natural cards, the unfinished
    melds first, then the kinds of one rank, mixed, natural (the order they are blamed in)."""
    e = hand.sides[i].entry
    kinds = [ck for ck in reversed(CanastaKind)
             if hand.ruleset.meld_ranks(ck) and not hand.ruleset.canasta_kind(ck).runs]
    return ([f"unfinished_canastas.{ck.value}" for ck in kinds if e.unfinished_canastas.of(ck)]
            + [f"canastas.{ck.value}" for ck in kinds if e.canastas.of(ck)])


#: Cards of a rank without a limit: whether a side's melds break the rule of one meld a rank.
_ANY_NUMBER = 10**6


def _deck_has_the_ranks(hand: HandUnderCheck) -> Iterator[FieldError]:
    """Each canasta and meld of natural cards is of one rank, 4 to ace, and every side's come
    out of the same packs: four cards of a rank a pack (two packs: one natural canasta of a
    rank, eleven in all; American: nine, sevens and aces being kinds of their own, and one
    canasta of sevens or of aces, or a meld left unfinished beside it on the other side). Where
    the rule set says so, a side has one meld of a rank (American, VARIANTS.md 1: "one meld per
    rank")."""
    one_a_side = hand.ruleset.held_cards.one_meld_per_rank
    per_rank = RANK_PER_PACK * hand.packs
    for i in range(len(hand.sides)):
        if fits(_rank_melds(hand, range(i + 1)), per_rank, one_a_side):
            continue
        fields = _rank_fields(hand, i)
        blamed = next((f for f in fields
                       if fits(_rank_melds(hand, range(i + 1), (i, f)), per_rank, one_a_side)),
                      fields[-1] if fields else "canastas")
        if one_a_side and not fits(_rank_melds(hand, (i,)), _ANY_NUMBER, True):
            yield FieldError(f"sides[{i}].{blamed}",
                             N_("A side has one meld of each rank: not that many of these."))
        else:
            yield _more_than_the_packs(i, blamed, hand.packs)
        return


def _run_fields(hand: HandUnderCheck, i: int) -> list[str]:
    """The fields of side ``i`` that hold runs, or canastas and melds that may be runs, in the
    order they are blamed in: the unfinished melds first, then the kinds from the last
    (ace-to-ace, ace-to-king) to the first."""
    e = hand.sides[i].entry
    rs = hand.ruleset
    kinds = [ck for ck in reversed(CanastaKind)
             if rs.canasta_kind(ck).runs or rs.canasta_kind(ck).holds is Holds.SEQUENCE]
    return ([f"unfinished_canastas.{ck.value}" for ck in kinds
             if e.unfinished_canastas.of(ck) and rs.canasta_kind(ck).runs]
            + [f"canastas.{ck.value}" for ck in kinds if e.canastas.of(ck)])


def _runs_fit(hand: HandUnderCheck, sides: Iterable[int],
              leave_out: tuple[int, str] | None = None) -> bool:
    """Whether the runs and the canastas and melds that may be runs of ``sides`` come out of
    the packs (``leave_out``: one side's field, as if it were 0).

    A run is of one suit; a pack holds :data:`SUIT_PER_PACK` cards of a suit, one of each rank,
    ace to king, and a suit's aces. A run of seven needs seven cards in sequence of its suit:
    two packs hold 2 x 13 = 26 cards of a suit, so 26 // 7 = 3 runs of a suit at most (ace to
    7, 8 to ace and 2 to 8 make three: each rank used twice at most), 3 x 4 = 12 in all. A
    canasta that may be a set as well (:attr:`~.rule_types.CanastaBonus.runs`) is limited only
    by the natural cards of the packs, every card but the jokers (a 2 in its own place is
    natural): 4 x 13 x 2 = 104, so 104 // 7 = 14 clean canastas at most (two runs ace to 7 in
    each suit, 8, and a set of seven of each rank 8 to king, 6, make 14). A kind that is only
    a run of a suit and fixes more than seven cards (Buraco's ace to king, 13 cards and an
    ace; ace to ace, 14 and two aces) takes them from one suit: two packs hold two ace-to-king
    runs of a suit (2 x 13 = 26) or one ace-to-ace (14 + 13 > 26, and its two aces are the
    suit's two), so four ace-to-ace runs at most, and an ace-to-ace with an ace-to-king never
    share a suit."""
    rs = hand.ruleset
    per_suit = SUIT_PER_PACK * hand.packs
    naturals = 0
    runs: list[tuple[int, int]] = []  # (cards, aces) of each run of one suit only
    for i in sides:
        e = hand.sides[i].entry
        for ck in CANASTA_KINDS:
            kind = rs.canasta_kind(ck)
            if not (kind.runs or kind.holds is Holds.SEQUENCE):
                continue
            made = 0 if leave_out == (i, f"canastas.{ck.value}") else e.canastas.of(ck)
            melds = (0 if leave_out == (i, f"unfinished_canastas.{ck.value}") or not kind.runs
                     else e.unfinished_canastas.of(ck))
            # The natural cards a canasta of the kind holds: its cards less the wild cards it
            # may hold (a sequence holds none).
            cards = kind.cards - (kind.max_wild if kind.holds is Holds.MIXED else 0)
            naturals += cards * made + kind.meld_naturals * melds
            if kind.holds is Holds.SEQUENCE:
                runs += [(kind.cards, kind.aces)] * made
    if naturals > SUITS * per_suit:
        return False
    return _fit_in_suits(sorted(runs, reverse=True), per_suit, hand.packs)


def _fit_in_suits(runs: list[tuple[int, int]], per_suit: int, aces: int) -> bool:
    """Whether ``runs`` (cards, aces; the biggest first) can each be given a suit so that no
    suit gives more than ``per_suit`` cards and ``aces`` aces (one a pack)."""
    failed: set[tuple[int, tuple[tuple[int, int], ...]]] = set()

    def place(index: int, suits: tuple[tuple[int, int], ...]) -> bool:
        if index == len(runs):
            return True
        if (index, suits) in failed:
            return False
        cards, its_aces = runs[index]
        for s, (used, used_aces) in enumerate(suits):
            if used + cards <= per_suit and used_aces + its_aces <= aces:
                after = tuple(sorted((*suits[:s], (used + cards, used_aces + its_aces),
                                      *suits[s + 1:])))
                if place(index + 1, after):
                    return True
        failed.add((index, suits))
        return False

    return place(0, tuple((0, 0) for _ in range(SUITS)))


def _deck_has_the_runs(hand: HandUnderCheck) -> Iterator[FieldError]:
    """Runs of one suit and the canastas that may be runs (Buraco, Burraco: VARIANTS-2.md
    11.3, 12.3) come out of the packs, every side's together (:func:`_runs_fit`); the side
    that tips them over is told, once, beside the field that makes them fit when left out."""
    for i in range(len(hand.sides)):
        if _runs_fit(hand, range(i + 1)):
            continue
        fields = _run_fields(hand, i)
        blamed = next((f for f in fields if _runs_fit(hand, range(i + 1), (i, f))),
                      fields[-1] if fields else "canastas")
        yield _more_than_the_packs(i, blamed, hand.packs)
        return


def _red_threes(hand: HandUnderCheck) -> Iterator[FieldError]:
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
        if e.red_threes_in_hand and not asks(rs, "red_threes_in_hand"):
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


def _black_threes(hand: HandUnderCheck) -> Iterator[FieldError]:
    """Black 3s are laid down only to go out (RULES.md, common ground), three or four together
    (003/004); those left in hand are worth their card value at least; two a pack."""
    value = hand.ruleset.card_values.black_threes
    for p, side in hand.numbered():
        e = side.entry
        if e.black_threes_with_pile and not asks(hand.ruleset, "black_threes_with_pile"):
            yield FieldError(f"{p}.black_threes_with_pile",
                             N_("In this rule set black 3s taken with the pile are not set "
                                "aside."))
        if hand.ruleset.red_threes.ordinary:
            pass  # Buraco, Burraco: 3s are melded in runs like any card, at any time
        elif side.black_threes_shown and not hand.ruleset.black_threes.melded_going_out:
            # Hand and Foot (VARIANTS-2.md 10.2): "Black 3 (cannot be melded; blocks the
            # pile)": none on any table, counted or typed.
            yield FieldError(
                f"{p}.table_cards.black_threes" if e.table_cards is not None
                and e.table_cards.black_threes else f"{p}.black_threes_shown",
                N_("In this rule set black 3s are never melded: they stay in hand."))
        elif side.black_threes_shown and not hand.went_out(side):
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


def _black_threes_laid_out(hand: HandUnderCheck, p: str, side: WorkedSide) -> Iterator[FieldError]:
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


def _special_hand(hand: HandUnderCheck) -> Iterator[FieldError]:
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


def _cards_not_counted(hand: HandUnderCheck) -> Iterator[FieldError]:
    """002 "NO CONTAR LAS CARTAS POR ERROR": a side that mixed its cards in before counting them
    scores the rule set's points in their place, so it has no cards to give: its points and
    cards on the table and in hand stay empty. At time nothing is counted anyway (002)."""
    for p, side in hand.numbered():
        if not side.entry.cards_not_counted:
            continue
        path = f"{p}.cards_not_counted"
        if not asks(hand.ruleset, "cards_not_counted"):
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


def _aces_or_sevens_held(hand: HandUnderCheck) -> Iterator[FieldError]:
    """Modern American (VARIANTS.md 1): "3+ aces or 3+ sevens left in one player's hand | −1500
    for each such set held (plus the card values): a player holding both three aces and three
    sevens loses 3,000" [CCOM]; [CJ]; [WIKI-US]: a rule of the rule set; two sets a player at
    most (one of aces, one of sevens), of the players who hold cards (the one who went out
    holds nothing); a set of aces is three aces (60), one of sevens three sevens (15), among
    the cards left in hand."""
    rs = hand.ruleset
    players = hand.fmt.players // hand.fmt.sides
    for p, side in hand.numbered():
        n = side.entry.aces_or_sevens_held
        if not n:
            continue
        path = f"{p}.aces_or_sevens_held"
        if not asks(rs, "aces_or_sevens_held"):
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


def _held_sets_in_the_packs(hand: HandUnderCheck) -> Iterator[FieldError]:
    """Every player's sets of aces and of sevens come out of the same packs: two packs hold
    eight aces and eight sevens, two sets of three of each for the whole table, fewer where a
    canasta or meld of aces or sevens took seven or three of them (VARIANTS.md 1: the aces and
    sevens canastas). Each side's sets are some of aces, some of sevens, at most one of each a
    player who holds cards (:func:`_aces_or_sevens_held`): the table's sets fit when the
    sides can share the packs' sets of aces and of sevens that way."""
    if not asks(hand.ruleset, "aces_or_sevens_held"):
        return
    players = hand.fmt.players // hand.fmt.sides
    left = {Rank.ACES: RANK_PER_PACK * hand.packs, Rank.SEVENS: RANK_PER_PACK * hand.packs}
    for side in hand.sides:
        for k, n in hand.canastas(side):
            if k.rank in left:
                left[k.rank] -= CANASTA_CARDS * n
        for k, n in hand.unfinished(side):
            if k.rank in left:
                left[k.rank] -= MELD_CARDS * n
    aces, sevens = (max(0, left[r]) // MELD_CARDS for r in (Rank.ACES, Rank.SEVENS))
    wanted: list[tuple[int, int]] = []  # each side's sets, and its players who hold cards
    for i, side in enumerate(hand.sides):
        n = side.entry.aces_or_sevens_held
        holders = players - (1 if hand.went_out(side) else 0)
        if n > HELD_SETS_PER_PLAYER * holders:
            return  # _aces_or_sevens_held says so beside the side's own field
        wanted.append((n, holders))
        # A side holds between max(0, n - h) and min(n, h) sets of aces, the rest sevens; the
        # sides' sets of aces together leave at most the packs' sets of sevens for the rest.
        fewest_aces = max(sum(n for n, _ in wanted) - sevens,
                          sum(max(0, n - h) for n, h in wanted))
        most_aces = min(aces, sum(min(n, h) for n, h in wanted))
        if n and fewest_aces > most_aces:
            yield FieldError(
                f"sides[{i}].aces_or_sevens_held",
                N_("%(packs)d packs leave %(aces)d sets of three aces and %(sevens)d of three "
                   "sevens for all the players: not that many sets held."),
                packs=hand.packs, aces=aces, sevens=sevens)
            return


def _priced_inputs(hand: HandUnderCheck) -> Iterator[FieldError]:
    """An input the count prices simply (``HandInput.each``) is given only where the rule set
    asks for it and prices it."""
    for d in hand_inputs():
        if d.each is None:
            continue
        for p, side in hand.numbered():
            if side.entry.value_of(d.name) and (
                    not d.asks(hand.ruleset) or d.each(hand.ruleset) is None):
                yield FieldError(f"{p}.{d.name}", N_("This rule set does not count these."))


def _premios_and_penalties(hand: HandUnderCheck) -> Iterator[FieldError]:
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


def _deck_has_the_cards(hand: HandUnderCheck) -> Iterator[FieldError]:
    """The cards counted on every table and in every hand fit in the packs (RULES.md: two
    packs and four jokers; 002 and 001's six in three pairs: three packs); where 3s are
    ordinary cards the red 3s are among the 4s to 7s (:meth:`.CardGroup.in_deck`)."""
    counted = [(f"sides[{i}].{where}", cards)
               for i, s in enumerate(hand.sides)
               for where, cards in (("table_cards", s.entry.table_cards),
                                    ("hand_cards", s.entry.hand_cards))
               if cards is not None]
    ordinary = hand.ruleset.red_threes.ordinary
    for group in CardGroup:
        in_deck = group.in_deck(hand.packs, ordinary)
        # Where 3s are ordinary 5-point cards the card helper counts the black ones among the
        # 3s to 7s too (it has no black-3 row): the two groups share the packs' 40 in two.
        together = ordinary and group is CardGroup.FOURS_TO_SEVENS
        if together:
            in_deck += CardGroup.BLACK_THREES.in_deck(hand.packs)
        i = _first_over(in_deck, (cards.of(group) + (cards.black_threes if together else 0)
                                  for _, cards in counted))
        if i is not None:
            yield FieldError(f"{counted[i][0]}.{group.value}",
                             N_("There are only %(count)d of these cards in %(packs)d packs."),
                             count=in_deck, packs=hand.packs)


def _deck_has_the_points(hand: HandUnderCheck) -> Iterator[FieldError]:
    """All the points on the tables and in the hands are at most what the packs are worth
    (where 3s are ordinary cards, the red 3s at the 4s to 7s' value: Buraco's two packs 960,
    Burraco's 1,080)."""
    deck_points = _deck_points(hand)
    i = _first_over(deck_points, (s.table_points + s.hand_points for s in hand.sides))
    if i is not None:
        yield FieldError(f"sides[{i}].table_points",
                         N_("All the cards of %(packs)d packs are worth only %(points)d points."),
                         packs=hand.packs, points=deck_points)


def _deck_points(hand: HandUnderCheck) -> int:
    """What all the cards of the packs are worth (where 3s are ordinary cards, the red 3s at
    the 4s to 7s' value)."""
    values = hand.ruleset.card_values
    ordinary = hand.ruleset.red_threes.ordinary
    return sum(g.in_deck(hand.packs, ordinary) * values.of(g) for g in CardGroup)


#: The checks a hand goes through, one per rule concern; every error of each is reported.
CHECKS: tuple[_Check, ...] = (
    _how_the_hand_ended,
    _way_of_going_out,
    _lone_player_out_holds_nothing,
    _canasta_kinds,
    _unfinished_canastas,
    _table_holds_the_canastas,
    _deck_has_the_wild_cards,
    _deck_has_the_ranks,
    _deck_has_the_runs,
    _red_threes,
    _black_threes,
    _special_hand,
    _aces_or_sevens_held,
    _held_sets_in_the_packs,
    _cards_not_counted,
    _premios_and_penalties,
    _priced_inputs,
    _deck_has_the_cards,
    _deck_has_the_points,
)



def _going_out_requirement(
    ruleset: RuleSet, fmt: PlayerFormat, e: SideEntry, p: str
) -> Iterator[FieldError]:
    """The canastas a side needs to go out: one (000, 003, 004), two with two players (003),
    one natural and one mixed, a wild-card one not counting (001)."""
    req = ruleset.going_out_requirement
    needed = needed_to_go_out(ruleset, fmt)
    wild_counts = req.wild_counts or req.wild_as_mixed
    wild = wild_canastas(ruleset, e)
    counted = towards_going_out(ruleset, e)
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
    # Buraco's runs from ace to king and ace to ace are clean canastras too ("instead of 200",
    # VARIANTS-2.md 11.3): they count towards a clean one going out needs.
    clean = e.canastas.natural + e.canastas.ace_to_king + e.canastas.ace_to_ace
    if clean < req.natural:
        yield FieldError(
            f"{p}.going_out",
            N_("Going out needs natural canastas: at least %(count)d."), count=req.natural,
        )
    # Hand and Foot's contract (VARIANTS-2.md 10.5): "one wild book" beside the clean and dirty.
    if wild < req.wild:
        yield FieldError(
            f"{p}.going_out",
            N_("Going out needs wild-card canastas: at least %(count)d."), count=req.wild,
        )
    # 001, one reading: a wild-card canasta stands for the "sucia" (a setting, off).
    if e.canastas.mixed + (wild if req.wild_as_mixed else 0) < req.mixed:
        yield FieldError(
            f"{p}.going_out",
            N_("Going out needs mixed canastas: at least %(count)d."), count=req.mixed,
        )


def _more_than_the_packs(side: int, blamed: str, packs: int) -> FieldError:
    """The packs hold too few cards for what side ``side`` declared, blamed on ``blamed``: its
    canastas of one kind, or its canastas and unfinished melds together."""
    return FieldError(
        f"sides[{side}].{blamed}",
        N_("%(packs)d packs do not hold the cards for that many of these canastas.")
        if blamed.startswith("canastas.") else
        N_("%(packs)d packs do not hold the cards for these canastas and unfinished melds."),
        packs=packs,
    )
