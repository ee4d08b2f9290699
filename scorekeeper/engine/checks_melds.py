"""The checks of canastas and melds against the rule set and the packs: the kinds allowed, the
melds left unfinished, the table's floor, the wild cards, ranks and runs the packs hold."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from .cards import CardGroup
from .errors import N_, FieldError
from .hand_check import HandUnderCheck, deck_points, first_over, not_set
from .melds import RankMeld, fits
from .rule_types import (
    CANASTA_CARDS,
    CANASTA_KINDS,
    RANK_PER_PACK,
    SUIT_PER_PACK,
    SUITS,
    CanastaBonus,
    CanastaKind,
    HandEnd,
    Holds,
    Rank,
)
from .table_floor import cheap_ranks_of, scarce_cards_extra


def canasta_kinds(hand: HandUnderCheck) -> Iterator[FieldError]:
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
                yield not_set(f"{p}.canastas.{ck.value}", rs.canasta_kind(ck).name)


def unfinished_canastas(hand: HandUnderCheck) -> Iterator[FieldError]:
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


def table_holds_the_canastas(hand: HandUnderCheck) -> Iterator[FieldError]:
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
        # (deck_has_the_ranks, deck_has_the_runs): the floor says no more than the packs.
        least = min(deck_points(hand), sum(k.minimum_card_points * n for k, n in made)
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


def deck_has_the_wild_cards(hand: HandUnderCheck) -> Iterator[FieldError]:
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
        i = first_over(limit, (sum(need(k) * c for k, c in m) + sum(meld_need(k) * c for k, c in u)
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
                continue  # it may be a run of one suit, of no one rank: deck_has_the_runs
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


def deck_has_the_ranks(hand: HandUnderCheck) -> Iterator[FieldError]:
    """Each canasta and meld of natural cards is of one rank, 4 to ace, and every side's come
    out of the same packs: four cards of a rank a pack (two packs: one natural canasta of a
    rank, eleven in all; American: nine, sevens and aces being kinds of their own, and one
    canasta of sevens or of aces, or a meld left unfinished beside it on the other side). Where
    the rule set says so, a side has one meld of a rank (American, VARIANTS.md 1: "one meld per
    rank")."""
    one_a_side = hand.ruleset.held_cards.one_meld_per_rank
    per_rank = RANK_PER_PACK * hand.packs
    if fits(_rank_melds(hand, range(len(hand.sides))), per_rank, one_a_side):
        # Fewer melds never need more cards: the first sides' fit too. Only a hand that does
        # not fit is looked at side by side, to blame the first side that breaks it.
        return
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


def deck_has_the_runs(hand: HandUnderCheck) -> Iterator[FieldError]:
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
