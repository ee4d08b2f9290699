"""Properties over generated hands: valid ones count, invalid ones are refused field by field.

Valid hands are dealt from a real deck (``CardGroup.per_pack() * packs`` of each group, four
cards of each rank 4 to ace a pack), so every deck limit holds by construction; canastas are
built from seven cards each (natural: seven of one rank; mixed: one wild card up to the rule
set's most and the rest of one rank; wild: seven wild cards; sevens, aces: seven of the rank; a
sequence: one card of each of seven ranks), unfinished melds from three (the four jokers: four),
each of a rank the rule set allows for its kind and, where the rule set says a side has one meld
of a rank (American), of a rank of its own; so the table always holds what its canastas and
melds need. A side gives its table and its hand either as card counts, as typed points, or both.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.engine import (
    PRESETS,
    CanastaKind,
    CardGroup,
    EntryErrors,
    HandEnd,
    PlayerFormat,
    RuleSet,
    ShapeError,
    entry_from_dict,
    entry_to_dict,
    flow,
    ruleset_from_dict,
    ruleset_to_dict,
    score_hand,
    with_values,
)
from scorekeeper.engine.hand_inputs import asks
from scorekeeper.engine.rule_types import CANASTA_CARDS, SUIT_PER_PACK, SUITS, canasta, unfinished
from scorekeeper.engine.rulesets import vary
from scorekeeper.engine.second_packet import NOT_TAKEN

#: 200 keeps the suite fast; ENGINE_HYPOTHESIS_EXAMPLES=5000 for a long hunt.
SETTINGS = settings(max_examples=int(os.environ.get("ENGINE_HYPOTHESIS_EXAMPLES", "200")),
                    deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

TORNEO = PRESETS["torneo"]
NATURAL = (CardGroup.ACES, CardGroup.EIGHTS_TO_KINGS, CardGroup.FOURS_TO_SEVENS)
WILD = (CardGroup.JOKERS, CardGroup.TWOS)
FIVES = st.integers(0, 200).map(lambda n: 5 * n)


#: Classic with every kind of canasta of VARIANTS.md (section 1's American values): the kinds
#: beyond natural, mixed and wild that no preset has yet.
SPECIAL = vary(
    PRESETS["classic"], id="special",
    canastas=(canasta(CanastaKind.NATURAL, 500), canasta(CanastaKind.MIXED, 300, max_wild=2),
              canasta(CanastaKind.WILD, 2000), canasta(CanastaKind.WILD_TWOS, 3000),
              canasta(CanastaKind.WILD_FOUR_JOKERS, 2500), canasta(CanastaKind.SEVENS, 2500),
              canasta(CanastaKind.ACES, 2500), canasta(CanastaKind.SEQUENCE, 1500)),
)
#: How each kind beyond the first three is built, as alternatives of seven cards: of groups of
#: cards (wild kinds), of one rank (``RANK``: sevens, aces), or one of each rank (a sequence).
SPECIAL_CARDS: dict[CanastaKind, list[dict[CardGroup, int]]] = {
    CanastaKind.WILD_TWOS: [{CardGroup.TWOS: 7}],
    CanastaKind.WILD_FOUR_JOKERS: [{CardGroup.JOKERS: 4, CardGroup.TWOS: 3}],
    CanastaKind.SEVENS: [],
    CanastaKind.ACES: [],
    CanastaKind.SEQUENCE: [],
    # VARIANTS-2.md 11.3, 12.3: built by take_special as a suit's run, or seven and a matta.
    CanastaKind.ACE_TO_KING: [],
    CanastaKind.ACE_TO_ACE: [],
    CanastaKind.SEMI_CLEAN: [],
}
#: The natural ranks and the group each is counted in.
RANK_GROUP: dict[str, CardGroup] = {
    **dict.fromkeys(("4", "5", "6", "7"), CardGroup.FOURS_TO_SEVENS),
    **dict.fromkeys(("8", "9", "10", "J", "Q", "K"), CardGroup.EIGHTS_TO_KINGS),
    "A": CardGroup.ACES,
}
#: A sequence: 4 to 10, or 8 to ace, of one suit.
SEQUENCES = (("4", "5", "6", "7", "8", "9", "10"), ("8", "9", "10", "J", "Q", "K", "A"))
#: Runs of seven of a suit from 4 to ace (Buraco's and Burraco's canastas as runs).
RUNS = tuple(tuple(RANK_GROUP)[i:i + 7] for i in range(len(RANK_GROUP) - 6))


#: SPECIAL with VARIANTS.md section 1's unfinished melds: each charged at any end of the hand,
#: and none on the table of a side that goes out.
UNFINISHED = vary(SPECIAL, id="unfinished", unfinished_canastas=(
    unfinished(CanastaKind.SEVENS, 2500, blocks_going_out=True),
    unfinished(CanastaKind.ACES, 2500, blocks_going_out=True),
    unfinished(CanastaKind.WILD, 2000, blocks_going_out=True),
))
#: An unfinished meld of each kind: its wild cards, and the natural cards of one rank it holds
#: (its floor: 15, 60 for aces or wild cards, 200 for the four jokers). A sequence: 4-5-6.
MELD_CARDS: dict[CanastaKind, tuple[dict[CardGroup, int], int]] = {
    CanastaKind.NATURAL: ({}, 3),
    CanastaKind.MIXED: ({CardGroup.TWOS: 1}, 2),
    CanastaKind.WILD: ({CardGroup.TWOS: 3}, 0),
    CanastaKind.WILD_TWOS: ({CardGroup.TWOS: 3}, 0),
    CanastaKind.WILD_FOUR_JOKERS: ({CardGroup.JOKERS: 4}, 0),
    CanastaKind.SEVENS: ({}, 3),
    CanastaKind.ACES: ({}, 3),
    CanastaKind.SEQUENCE: ({}, 0),
    CanastaKind.ACE_TO_KING: ({}, 0),
    CanastaKind.ACE_TO_ACE: ({}, 0),
    CanastaKind.SEMI_CLEAN: ({CardGroup.TWOS: 1}, 2),
}


#: Every preset, and the two rule sets with every kind of canasta and of unfinished meld.
RULE_SETS: dict[str, RuleSet] = {**PRESETS, SPECIAL.id: SPECIAL, UNFINISHED.id: UNFINISHED}


@st.composite
def rulesets(draw: st.DrawFn, of: str | None = None) -> RuleSet:
    """A preset (``of``, or any); the tournament with the values its organizer must set; or a
    house variant of it."""
    rs = RULE_SETS[of] if of else draw(st.sampled_from(list(RULE_SETS.values())))
    if rs.missing_values():
        rs = with_values(rs, {path: draw(FIVES) for path, _ in rs.missing_values()})
    if draw(st.integers(0, 4)) == 0:
        rs = ruleset_from_dict({
            "time_limit_minutes": draw(st.sampled_from([None, 30, 60])),
            "canasta_count_premios": {"cumulative": draw(st.booleans())},
            "going_out_kinds": [
                {"id": k.id, "plus_going_out_bonus": draw(st.booleans())} for k in rs.going_out
            ],
        }, base=rs)
    return rs


@dataclass
class Dealt:
    """A valid hand as plain data, and what it was built from."""

    ruleset: RuleSet
    format: PlayerFormat
    data: dict[str, Any]
    out_side: int | None


@st.composite
def valid_hands(draw: st.DrawFn, of: str | None = None) -> Dealt:
    rs = draw(rulesets(of))
    fmt = draw(st.sampled_from(rs.formats))
    packs = fmt.packs
    deck = Counter({g: g.per_pack() * packs for g in CardGroup})
    ends = [HandEnd.WENT_OUT, HandEnd.STOCK_OUT]
    if flow.ends_at_time(rs):  # a clock (002) or a time-out called (Burraco)
        ends.append(HandEnd.TIME_UP)
    end = draw(st.sampled_from(ends))
    out_side = draw(st.integers(0, fmt.sides - 1)) if end is HandEnd.WENT_OUT else None
    order = list(range(fmt.sides))
    if out_side is not None:
        order.remove(out_side)
        order.insert(0, out_side)  # the side going out is dealt its canastas first
    red_left = 2 * packs
    # The packs hold each rank of each suit once a pack: canastas and melds of a rank, runs
    # and sequences of a suit are limited by them, whatever other melds took.
    suited: Counter[tuple[str, int]] = Counter(
        {(rank, suit): packs for rank in RANK_GROUP for suit in range(SUITS)})
    # Where 3s are ordinary cards (Buraco, Burraco) the runs take them by suit too, and every
    # 3, red or black, is counted among the 5-point cards (CardGroup.in_deck): no black 3s
    # apart.
    threes = Counter({suit: packs if rs.red_threes.ordinary else 0 for suit in range(SUITS)})
    if rs.red_threes.ordinary:
        deck[CardGroup.BLACK_THREES] = 0
    one_a_side = rs.held_cards.one_meld_per_rank
    sides: list[dict[str, Any]] = [{} for _ in range(fmt.sides)]

    def left(rank: str) -> int:
        return sum(suited[rank, suit] for suit in range(SUITS))

    def take_rank(rank: str, n: int, into: Counter[CardGroup]) -> None:
        """n cards of ``rank``, each of the suit with most of them left."""
        assert left(rank) >= n
        for _ in range(n):
            suit = max(range(SUITS), key=lambda s: suited[rank, s])
            take_suited(rank, suit, into)

    def take_suited(rank: str, suit: int, into: Counter[CardGroup]) -> None:
        assert suited[rank, suit] > 0
        suited[rank, suit] -= 1
        deck[RANK_GROUP[rank]] -= 1
        into[RANK_GROUP[rank]] += 1

    def take_run(run: tuple[str, ...], into: Counter[CardGroup], with_three: bool = False
                 ) -> bool:
        """A run of ``run``'s ranks, of one suit that holds them all (and its 3, where 3s are
        ordinary cards: a red one among the 4s to 7s, a black one a black 3); False if none
        does."""
        suits = [s for s in range(SUITS)
                 if all(suited[r, s] >= run.count(r) for r in set(run))
                 and (not with_three or threes[s])]
        if not suits:
            return False
        suit = draw(st.sampled_from(suits))
        for rank in run:
            take_suited(rank, suit, into)
        if with_three:
            threes[suit] -= 1
            into[CardGroup.FOURS_TO_SEVENS] += 1
        return True

    def take(group: CardGroup, n: int, into: Counter[CardGroup]) -> None:
        assert deck[group] >= n
        if group in NATURAL:  # loose natural cards: any ranks of the group
            for rank in (r for r, g in RANK_GROUP.items() if g is group):
                k = min(n, left(rank))
                take_rank(rank, k, into)
                n -= k
            assert n == 0
            return
        deck[group] -= n
        into[group] += n

    def take_wild(n: int, into: Counter[CardGroup], least: int = 0, most: int | None = None
                  ) -> bool:
        # A wild kind may fix its jokers (Cuban "any other mix": one to three; Italian's 2s
        # and jokers: a joker at least and a 2).
        low = max(least, n - deck[CardGroup.TWOS])
        high = min(n, deck[CardGroup.JOKERS], n if most is None else most)
        if deck[CardGroup.JOKERS] + deck[CardGroup.TWOS] < n or low > high:
            return False
        jokers = draw(st.integers(low, high))
        take(CardGroup.JOKERS, jokers, into)
        take(CardGroup.TWOS, n - jokers, into)
        return True

    def take_special(kind: CanastaKind, into: Counter[CardGroup], used: set[str]) -> bool:
        if kind in (CanastaKind.SEVENS, CanastaKind.ACES):
            return take_natural(7, into, rs.meld_ranks(kind), used)
        if kind is CanastaKind.SEQUENCE:
            return take_run(draw(st.sampled_from(SEQUENCES)), into)
        if kind in (CanastaKind.ACE_TO_KING, CanastaKind.ACE_TO_ACE):
            # Buraco (VARIANTS-2.md 11.3): a suit's every card, ace to king or ace to ace, its 2
            # in its own place, its 3 an ordinary card.
            run = (*RANK_GROUP, *(("A",) if kind is CanastaKind.ACE_TO_ACE else ()))
            if not deck[CardGroup.TWOS] or not take_run(run, into, with_three=True):
                return False
            take(CardGroup.TWOS, 1, into)
            return True
        if kind is CanastaKind.SEMI_CLEAN:
            # Burraco (12.3): seven natural cards and a matta (a set of eight here).
            if not natural_ranks(7, rs.meld_ranks(kind), used) or not take_wild(1, into):
                return False
            return take_natural(7, into, rs.meld_ranks(kind), used)
        ways = [w for w in SPECIAL_CARDS[kind] if all(deck[g] >= n for g, n in w.items())]
        if not ways:
            return False
        for g, n in draw(st.sampled_from(ways)).items():
            take(g, n, into)
        return True

    def natural_ranks(n: int, allowed: tuple[str, ...], used: set[str]) -> list[str]:
        return [r for r in allowed if left(r) >= n and not (one_a_side and r in used)]

    def take_natural(n: int, into: Counter[CardGroup], allowed: tuple[str, ...],
                     used: set[str]) -> bool:
        """n cards of one rank ``allowed``, for a meld of the side that has melded ``used``."""
        choices = natural_ranks(n, allowed, used)
        if not choices:
            return False
        rank = draw(st.sampled_from(choices))
        take_rank(rank, n, into)
        used.add(rank)
        return True

    for i in order:
        going = i == out_side
        wild_ok = rs.allows(CanastaKind.WILD)
        natural = draw(st.integers(0, 3))
        mixed = draw(st.integers(0, 3))
        wild = draw(st.integers(0, 1)) if wild_ok else 0
        if draw(st.integers(0, 9)) == 0:  # now and then five or seven canastas
            natural += draw(st.sampled_from([2, 4]))
        if going:
            req = rs.going_out_requirement
            needed = fmt.canastas_to_go_out if fmt.canastas_to_go_out is not None \
                else req.canastas
            natural = max(natural, req.natural)
            mixed = max(mixed, req.mixed)
            wild = max(wild, req.wild)  # Hand and Foot's wild book
            counted = natural + mixed + (wild if req.wild_counts else 0)
            natural += max(0, needed - counted)
        table: Counter[CardGroup] = Counter()
        used: set[str] = set()  # the ranks of this side's melds
        made = {"natural": 0, "mixed": 0, "wild": 0}
        # Bolivia: the side going out takes the escalera its requirement asks for first,
        # before its other canastas use up the cards of its suits.
        first = rs.going_out_requirement.sequence \
            if going and rs.allows(CanastaKind.SEQUENCE) else 0
        early = sum(take_special(CanastaKind.SEQUENCE, table, used) for _ in range(first))
        for _ in range(natural):
            # Buraco, Burraco (VARIANTS-2.md 11.3, 12.3): a clean canasta is a run of a suit as
            # often as a set.
            if rs.canasta_kind(CanastaKind.NATURAL).runs and draw(st.booleans()):
                made["natural"] += take_run(draw(st.sampled_from(RUNS)), table)
            elif take_natural(7, table, rs.meld_ranks(CanastaKind.NATURAL), used):
                made["natural"] += 1
        for _ in range(mixed):
            w = draw(st.integers(1, rs.canasta_kind(CanastaKind.MIXED).max_wild))
            if rs.canasta_kind(CanastaKind.MIXED).runs and draw(st.booleans()):
                # A dirty run: seven in sequence of a suit, a wild card in place of one.
                run = list(draw(st.sampled_from(RUNS)))
                del run[draw(st.integers(0, len(run) - 1))]
                if deck[CardGroup.JOKERS] + deck[CardGroup.TWOS] and take_run(tuple(run), table):
                    take_wild(1, table)
                    made["mixed"] += 1
            elif deck[CardGroup.JOKERS] + deck[CardGroup.TWOS] >= w and natural_ranks(
                7 - w, rs.meld_ranks(CanastaKind.MIXED), used
            ):
                take_wild(w, table)
                take_natural(7 - w, table, rs.meld_ranks(CanastaKind.MIXED), used)
                made["mixed"] += 1
        wild_kind = rs.canasta_kind(CanastaKind.WILD)
        for _ in range(wild):
            if take_wild(7, table, wild_kind.min_jokers, wild_kind.max_jokers):
                made["wild"] += 1
        for kind in SPECIAL_CARDS:
            if rs.allows(kind):
                made[kind.value] = early if kind is CanastaKind.SEQUENCE else 0
                for _ in range(draw(st.integers(0, 1))):
                    if take_special(kind, table, used):
                        made[kind.value] += 1
        if going:
            req = rs.going_out_requirement
            needed = fmt.canastas_to_go_out if fmt.canastas_to_go_out is not None \
                else req.canastas
            counted = sum(made.values()) - (0 if req.wild_counts else sum(
                n for k, n in made.items()
                if rs.canasta_kind(CanastaKind(k)).holds.value == "wild"))
            assert counted >= needed and made["natural"] >= req.natural
            assert made["mixed"] >= req.mixed
            assert made["wild"] >= req.wild
            assert made.get("sequence", 0) >= req.sequence
        # Melds left unfinished, of the kinds the rule set charges (none of a kind that forbids
        # going out on the table of the side that goes out).
        left_over: dict[str, int] = {}
        for penalty in rs.unfinished_canastas:
            n = 0 if going and penalty.blocks_going_out else draw(st.integers(0, 2))
            for _ in range(n):
                wild_cards, naturals = MELD_CARDS[penalty.kind]
                meld_ranks = rs.meld_ranks(penalty.kind)
                if penalty.kind is CanastaKind.SEQUENCE:
                    if not all(left(r) for r in ("4", "5", "6")):
                        continue
                    for rank in ("4", "5", "6"):
                        take_rank(rank, 1, table)
                elif all(deck[g] >= k for g, k in wild_cards.items()) and (
                        not naturals or natural_ranks(naturals, meld_ranks, used)):
                    for g, k in wild_cards.items():
                        take(g, k, table)
                    if naturals:
                        take_natural(naturals, table, meld_ranks, used)
                else:
                    continue
                left_over[penalty.kind.value] = left_over.get(penalty.kind.value, 0) + 1
        # Other melds and cards laid off on the table.
        for g in (*NATURAL, *WILD):
            take(g, draw(st.integers(0, min(deck[g], 4))), table)
        if going and deck[CardGroup.BLACK_THREES] and rs.black_threes.melded_going_out:
            every = deck[CardGroup.BLACK_THREES]
            take(CardGroup.BLACK_THREES,
                 # Black 3s are melded three or more together (003/004); a run of Buraco's
                 # may have taken some of them.
                 draw(st.sampled_from([0, every, *([draw(st.integers(3, every))]
                                                    if every >= 3 else [])])), table)
        hand: Counter[CardGroup] = Counter()
        if not (going and fmt.players == fmt.sides):
            for g in CardGroup:
                take(g, draw(st.integers(0, min(deck[g], 5))), hand)
            if deck[CardGroup.BLACK_THREES] and draw(st.integers(0, 5)) == 0:
                take(CardGroup.BLACK_THREES, deck[CardGroup.BLACK_THREES], hand)

        held_sets = 0
        if asks(rs, "aces_or_sevens_held") and end is not HandEnd.TIME_UP:
            # American: sets of 3+ aces or 3+ sevens left in hand, one of each a player at
            # most, dealt as three of the rank from what the packs have left; the one who went
            # out holds nothing.
            for _ in range(fmt.players // fmt.sides - (1 if going else 0)):
                for rank in ("A", "7"):
                    if left(rank) >= 3 and draw(st.integers(0, 2)) == 0:
                        take_rank(rank, 3, hand)
                        held_sets += 1
        side = sides[i]
        side["canastas"] = dict(made)
        if left_over or draw(st.booleans()):
            side["unfinished_canastas"] = left_over
        _cards_or_points(draw, rs, side, "table", table)
        _cards_or_points(draw, rs, side, "hand", hand)
        if table[CardGroup.BLACK_THREES] and ("table_points" in side or draw(st.booleans())):
            side["black_threes_shown"] = table[CardGroup.BLACK_THREES]
        if "hand_cards" not in side or draw(st.booleans()):
            side["black_threes_in_hand"] = hand[CardGroup.BLACK_THREES]
        if rs.red_threes.ordinary:  # Buraco, Burraco: no red 3 laid down
            pass
        elif rs.red_threes.by_count:  # a table by count: no more than its rows
            red = draw(st.integers(0, min(red_left, len(rs.red_threes.by_count))))
            red_left -= red
            side["red_threes"] = red
        elif rs.red_threes.each is not None or rs.red_threes.all_of_them is not None:
            red = draw(st.integers(0, red_left))
            red_left -= red
            side["red_threes"] = red
        lone_out = going and fmt.players == fmt.sides
        if rs.red_threes.each_in_hand_penalty is not None and red_left and not lone_out:
            red = draw(st.integers(0, min(red_left, 2)))
            red_left -= red
            side["red_threes_in_hand"] = red
        if asks(rs, "black_threes_with_pile") and deck[CardGroup.BLACK_THREES]:
            # Cuban: black 3s taken with the pile, set aside (neither table nor hand).
            pile = draw(st.integers(0, deck[CardGroup.BLACK_THREES]))
            deck[CardGroup.BLACK_THREES] -= pile
            side["black_threes_with_pile"] = pile
        if rs.black_threes.laid_out_like_red and deck[CardGroup.BLACK_THREES]:
            # American: black 3s laid out as red 3s are (none of them on the table or in hand).
            laid: Counter[CardGroup] = Counter()
            take(CardGroup.BLACK_THREES, draw(st.integers(0, deck[CardGroup.BLACK_THREES])),
                 laid)
            side["black_threes_laid_out"] = laid[CardGroup.BLACK_THREES]
        if held_sets:
            side["aces_or_sevens_held"] = held_sets
        if going:
            # 002: going out clean does not count while the partner holds a wild card.
            kinds = [k.id for k in rs.going_out
                     if not (k.hand_cards_positive and "hand_cards" in side
                             and (hand[CardGroup.JOKERS] or hand[CardGroup.TWOS]))]
            side["going_out"] = draw(st.sampled_from(kinds))
        if rs.premios:
            side["premios"] = draw(st.dictionaries(
                st.sampled_from([p.id for p in rs.premios]), st.integers(0, 2), max_size=3))
        if rs.penalties:
            side["penalties"] = draw(st.dictionaries(
                st.sampled_from([p.id for p in rs.penalties]), st.integers(0, 2), max_size=3))
            # Buraco, Burraco: one second packet a side, taken by the side that went out.
            if NOT_TAKEN in side["penalties"]:
                side["penalties"][NOT_TAKEN] = 0 if going else min(
                    side["penalties"][NOT_TAKEN], 1)
    if out_side is not None and rs.special_hands and draw(st.integers(0, 3)) == 0:
        # American: a side that has melded nothing goes out with a special hand; its red 3s
        # stay laid down, its score is the hand's alone.
        gone = sides[out_side]
        sides[out_side] = {"going_out": rs.going_out[0].id,
                           "special_hand": draw(st.sampled_from([h.id for h in
                                                                 rs.special_hands])),
                           "red_threes": gone.get("red_threes", 0),
                           "black_threes_laid_out": gone.get("black_threes_laid_out", 0)}
    data = {"players": draw(st.sampled_from([fmt.players, fmt.id])) if fmt.id != "6-pairs"
            else fmt.players,
            "end": end.value, "sides": sides}
    if fmt.players == 6 or draw(st.booleans()):
        data["format"] = fmt.id
    return Dealt(rs, fmt, data, out_side)


def _cards_or_points(draw: st.DrawFn, rs: RuleSet, side: dict[str, Any], where: str,
                     cards: Counter[CardGroup]) -> None:
    counts = {g.value: cards[g] for g in CardGroup}
    points = sum(n * rs.card_values.of(g) for g, n in cards.items())
    how = draw(st.sampled_from(["cards", "points", "both"]))
    if how in ("cards", "both"):
        side[f"{where}_cards"] = counts
    if how in ("points", "both"):
        side[f"{where}_points"] = points


# -- an independent count, straight from RULES.md --------------------------------------------


def expected_total(rs: RuleSet, fmt: PlayerFormat, data: dict[str, Any], i: int) -> int:
    side = data["sides"][i]
    end = HandEnd(data["end"])
    packs = fmt.packs
    values = rs.card_values

    def points(where: str) -> int:
        cards = side.get(f"{where}_cards")
        if cards is not None:
            return sum(n * values.of(CardGroup(g)) for g, n in cards.items())
        return int(side.get(f"{where}_points", 0))

    if side.get("special_hand"):
        # American: the special hand's points replace the side's whole count.
        return rs.special_hand(side["special_hand"]).points
    table, hand = points("table"), points("hand")
    canastas = side.get("canastas", {})
    total = 0
    cc = rs.canasta_count_premios
    # Honours and premios. Italian: wild kinds earn only for the side that went out (or, as
    # a setting, for every side when nobody did).
    out = end is HandEnd.WENT_OUT and bool(side.get("going_out"))
    wild_earns = not cc.wild_only_going_out or out or (
        end is not HandEnd.WENT_OUT and cc.wild_when_nobody_out)
    for kind in CanastaKind:
        n = canastas.get(kind.value, 0)
        if n and (wild_earns or rs.canasta_kind(kind).holds.value != "wild"):
            total += n * (rs.canasta_points(kind) or 0)
    count = sum(canastas.values())
    natural, mixed = canastas.get("natural", 0), canastas.get("mixed", 0)
    mix = [points for points, holds in ((cc.five_natural, natural >= 5),
                                        (cc.four_natural_one_mixed, natural >= 4 and mixed),
                                        (cc.ten, count >= 10))
           if points is not None and holds]
    total += sum(mix) if cc.mix_cumulative else max(mix, default=0)
    if count >= 7 and cc.seven is not None:
        total += cc.seven
        if cc.five is not None and cc.cumulative:
            total += cc.five
    elif count >= 5 and cc.five is not None:
        total += cc.five
    rt = rs.red_threes

    def threes(n: int) -> int:
        """What n red 3s (or, American, black 3s laid out) are worth before their sign."""
        if rt.by_count:
            return rt.by_count[n - 1]
        return rt.all_of_them if n == 2 * packs and rt.all_of_them is not None \
            else n * (rt.each or 0)

    red, black = side.get("red_threes", 0), side.get("black_threes_laid_out", 0)
    if red or black:
        sign = 1
        if rt.negative_when.value == "by_canastas":
            # American: against with no canasta, nothing with one, for the side with two.
            sign = -1 if count == 0 else 0 if count == 1 else 1
        elif rt.negative_when.value == "never":
            sign = 1  # Hand and Foot: laid red 3s always count for the side
        elif rt.negative_when.value == "always":
            sign = -1  # Simpson's Hand and Foot: always against
        elif rt.negative_when.value == "no_canasta":
            sign = -1 if count == 0 else 1
        elif rt.negative_when.value == "short_of_going_out":
            # Samba: minus unless the side has the canastas going out needs.
            req = rs.going_out_requirement
            needed = fmt.canastas_to_go_out if fmt.canastas_to_go_out is not None \
                else req.canastas
            wild = sum(canastas.get(k.value, 0) for k in CanastaKind
                       if rs.canasta_kind(k).holds.value == "wild")
            sign = -1 if count - (0 if req.wild_counts or req.wild_as_mixed else wild) < needed \
                else 1
        else:
            sign = -1 if table == 0 and count == 0 else 1
        total += sign * ((threes(red) if red else 0) + (threes(black) if black else 0))
    kind_id = side.get("going_out")
    kind = rs.going_out_kind(kind_id) if kind_id else None
    if kind is not None:
        plain = rs.going_out[0]
        total += kind.points or 0
        if kind is not plain and kind.plus_going_out_bonus:
            total += plain.points or 0
        shown = side.get("black_threes_shown") or (side.get("table_cards") or {}).get(
            "black_threes", 0)
        if shown == 2 * packs and rs.black_threes.all_shown_bonus is not None:
            total += rs.black_threes.all_shown_bonus
    pile = side.get("black_threes_with_pile", 0)  # Cuban: 5 each, 100 for all four
    bt = rs.black_threes
    total += bt.all_with_pile if pile == 2 * packs and bt.all_with_pile is not None \
        else pile * (bt.each_with_pile or 0)
    for pid, n in (side.get("premios") or {}).items():
        total += n * (rs.premio(pid).points or 0)
    for pid, n in (side.get("penalties") or {}).items():
        total -= n * rs.penalty(pid).points
    # Melds left unfinished (Brazilian: sequences of fewer than 5 cards, -1,000 each).
    for kind_id, n in (side.get("unfinished_canastas") or {}).items():
        penalty = rs.unfinished_penalty(CanastaKind(kind_id))
        assert penalty is not None
        if end is HandEnd.WENT_OUT or not penalty.only_when_out:
            total -= n * penalty.points
    table_counted = -table if rs.held_cards.table_against_without_canasta and count == 0 \
        else table
    # At time no 3 kept in hand costs anything; the cards count for nothing (002) unless the
    # rule set counts them (Burraco: time_up_cards_count).
    if end is HandEnd.TIME_UP:
        return total + table_counted - hand if rs.time_up_cards_count else total
    # Red 3s kept and black 3s left in hand.
    total -= side.get("red_threes_in_hand", 0) * (rs.red_threes.each_in_hand_penalty or 0)
    total -= side.get("aces_or_sevens_held", 0) * (
        rs.held_cards.aces_or_sevens_held_penalty or 0)
    left = side.get("black_threes_in_hand")
    if left is None:
        left = (side.get("hand_cards") or {}).get("black_threes", 0)
    each_black = rs.black_threes.each_in_hand_penalty or 0
    if rs.black_threes.each_in_hand_includes_card and each_black:
        # 001: "vale 100 puntos en contra" in all; the card's points are among the hand cards.
        each_black = max(each_black - rs.card_values.black_threes, 0)
    if end is HandEnd.WENT_OUT or not rs.black_threes.each_in_hand_only_when_out:
        total -= left * each_black
    # 002 takes its -800 only when someone closed; 000/001 at any end of the hand.
    if left == 2 * packs and (end is HandEnd.WENT_OUT
                              or not rs.black_threes.all_in_hand_only_when_out):
        total -= rs.black_threes.all_in_hand_penalty or 0
    # Table cards (against a side with no canasta: American), less hand cards.
    total += table_counted
    if end is HandEnd.STOCK_OUT and rs.stock_out_hand_cards.value == "ignored":
        return total
    if kind is not None and kind.hand_cards_positive:
        return total + hand
    return total - hand


# -- valid hands -------------------------------------------------------------------------------


#: Hands dealt a rule set: 100 in the suite, 3,000 in CI's long run (.ci/run), more for a hunt.
PER_RULE_SET = settings(SETTINGS, max_examples=int(os.environ.get("DEALT_HANDS_PER_PRESET",
                                                                   "100")))


@pytest.mark.parametrize("of", sorted(RULE_SETS))
@PER_RULE_SET
@given(data=st.data())
def test_valid_hands_count(of: str, data: st.DataObject) -> None:
    dealt = data.draw(valid_hands(of), label="dealt")
    entry = entry_from_dict(dealt.data)
    try:
        result = score_hand(dealt.ruleset, entry)
    except EntryErrors as exc:  # a valid hand refused: show which rule refused it
        pytest.fail(f"valid hand refused: {exc}\n{dealt.data}")
    assert result.format == dealt.format
    assert len(result.sides) == dealt.format.sides
    for i, side in enumerate(result.sides):
        assert side.total == sum(line.points for line in side.lines)
        assert side.total == expected_total(dealt.ruleset, dealt.format, dealt.data, i)
        ids = [line.id for line in side.lines]
        assert ids[-2:] == ["table_cards", "hand_cards"]
        special = bool(dealt.data["sides"][i].get("special_hand"))
        assert ("going_out" in ids or any(x.startswith("going_out.") for x in ids)) is (
            i == dealt.out_side and not special)
        assert ids[0] == "special_hand" if special else "special_hand" not in ids
        if dealt.data["end"] == "time_up" and not dealt.ruleset.time_up_cards_count:
            assert side.points_of("table_cards") == side.points_of("hand_cards") == 0
    assert result.totals == tuple(s.total for s in result.sides)


@SETTINGS
@given(valid_hands())
def test_entry_round_trips_through_plain_data(dealt: Dealt) -> None:
    entry = entry_from_dict(dealt.data)
    assert entry_from_dict(entry_to_dict(entry)) == entry
    assert score_hand(dealt.ruleset, entry_from_dict(entry_to_dict(entry))) == score_hand(
        dealt.ruleset, entry)


# -- invalid hands: one mutation of a valid one -----------------------------------------------

ALLOWED_PREFIXES = ("sides[", "end", "players", "sides", "format")
NUMBER_FIELDS = ["table_points", "hand_points", "red_threes", "black_threes_shown",
                 "black_threes_in_hand", "red_threes_in_hand", "black_threes_with_pile",
                 "aces_or_sevens_held", "black_threes_laid_out"]


@st.composite
def invalid_hands(draw: st.DrawFn) -> tuple[Dealt, str]:
    """A valid hand with one fault, and the field the fault must be reported on."""
    dealt = draw(valid_hands())
    data = dealt.data
    sides = data["sides"]
    i = draw(st.integers(0, len(sides) - 1))
    side = sides[i]
    packs = dealt.format.packs
    kind = draw(st.sampled_from(["negative", "not_five", "red_deck", "card_deck", "going_out",
                                 "premio", "penalty", "two_out", "nonsense", "canasta_kind",
                                 "pile", "unfinished_kind", "held", "special_hand",
                                 "black_laid_out", "ranks", "wild_melds"]))
    if kind == "ranks":
        # More natural canastas than eleven ranks hold: one a rank with two or three packs,
        # two with Hand and Foot's five (20 of a rank). Where a clean canasta may be a run of
        # a suit as well as a set (Buraco, Burraco), more than every natural card of the packs
        # holds: 104 in two packs, 14 canastas (checks._runs_fit). Either way the side is past
        # the packs on its own, so it is the side told, whatever the others laid.
        canastas = side.setdefault("canastas", {})
        if dealt.ruleset.canasta_kind(CanastaKind.NATURAL).runs:
            past = SUITS * SUIT_PER_PACK * packs // CANASTA_CARDS + 1
        else:
            past = 11 * (4 * packs // 7) + 1
        canastas["natural"] = canastas.get("natural", 0) + past
        return dealt, f"sides[{i}].canastas.natural"
    if kind == "wild_melds" and dealt.ruleset.unfinished_penalty(CanastaKind.WILD):
        # Unfinished wild melds of three wild cards each, more than the packs hold.
        melds = side.setdefault("unfinished_canastas", {})
        melds["wild"] = melds.get("wild", 0) + 2 * packs + 1
        return dealt, f"sides[{i}].unfinished_canastas.wild"
    if kind == "pile":
        # Black 3s taken with the pile: more than the packs hold (Cuban), or any where the
        # rule set does not set them aside.
        side["black_threes_with_pile"] = 2 * packs + draw(st.integers(1, 5)) \
            if asks(dealt.ruleset, "black_threes_with_pile") else draw(st.integers(1, 4))
        return dealt, f"sides[{i}].black_threes_with_pile"
    if kind == "unfinished_kind":
        # A meld left unfinished of a kind the rule set does not charge, or of no kind at all.
        charged = {u.kind for u in dealt.ruleset.unfinished_canastas}
        name = draw(st.sampled_from([*(k.value for k in CanastaKind if k not in charged),
                                     "gold"]))
        side["unfinished_canastas"] = {**(side.get("unfinished_canastas") or {}),
                                       name: draw(st.integers(1, 3))}
        return dealt, f"sides[{i}].unfinished_canastas.{name}"
    if kind == "black_laid_out":
        # More black 3s laid out than the packs hold (or than the table of 3s goes; or a rule
        # set whose black 3s are not laid out).
        side["black_threes_laid_out"] = 2 * packs + draw(st.integers(1, 5))
        return dealt, f"sides[{i}].black_threes_laid_out"
    if kind == "held":
        # More sets of 3+ aces or sevens than two a player of the side (or no such rule).
        side["aces_or_sevens_held"] = 2 * (dealt.format.players // dealt.format.sides) + \
            draw(st.integers(1, 3))
        return dealt, f"sides[{i}].aces_or_sevens_held"
    if kind == "special_hand":
        # A special hand the rule set lacks, or shown by a side that did not go out.
        if sides[i].get("going_out") and data["end"] == "went_out":
            side["special_hand"] = draw(st.sampled_from(["nope", "royal", "x" * 60]))
        else:
            side["special_hand"] = draw(st.sampled_from(
                ["nope", *(h.id for h in dealt.ruleset.special_hands)]))
        return dealt, f"sides[{i}].special_hand"
    if kind == "canasta_kind":
        # A kind the rule set does not allow, or no kind at all: refused on its own field.
        others = [k.value for k in CanastaKind if not dealt.ruleset.allows(k)]
        name = draw(st.sampled_from([*others, "gold"]))
        side["canastas"] = {**(side.get("canastas") or {}), name: draw(st.integers(1, 3))}
        return dealt, f"sides[{i}].canastas.{name}"
    if kind == "negative":
        # Not points in hand: a minus there is read as the number, as sheets write it
        # (tests/engine/test_validation.py).
        name = draw(st.sampled_from([f for f in NUMBER_FIELDS if f != "hand_points"]))
        side[name] = -draw(st.integers(1, 10_000))
        return dealt, f"sides[{i}].{name}"
    if kind == "not_five":
        name = draw(st.sampled_from(["table_points", "hand_points"]))
        side[name] = 5 * draw(st.integers(0, 1999)) + draw(st.integers(1, 4))
        return dealt, f"sides[{i}].{name}"
    if kind == "red_deck":
        side["red_threes"] = 2 * packs + draw(st.integers(1, 5))
        return dealt, f"sides[{i}].red_threes"
    if kind == "card_deck":
        # More of a group in one hand than the packs hold (where 3s are ordinary cards the
        # 5-point group holds every 3: 40 in two packs, black 3s given apart among them).
        ordinary = dealt.ruleset.red_threes.ordinary
        group = draw(st.sampled_from([g for g in CardGroup
                                      if not (ordinary and g is CardGroup.BLACK_THREES)]))
        limit = group.in_deck(packs, ordinary) + (
            CardGroup.BLACK_THREES.in_deck(packs)
            if ordinary and group is CardGroup.FOURS_TO_SEVENS else 0)
        cards = dict(side.get("hand_cards") or {})
        cards[group.value] = limit + draw(st.integers(1, 5))
        side["hand_cards"] = cards
        side.pop("hand_points", None)
        side.pop("black_threes_in_hand", None)
        return dealt, f"sides[{i}].hand_cards.{group.value}"
    if kind == "going_out":
        side["going_out"] = draw(st.sampled_from(["nope", "abatir", "Normal", "x" * 60]))
        data["end"] = "went_out"
        for j, other in enumerate(sides):
            if j != i:
                other.pop("going_out", None)
        return dealt, f"sides[{i}].going_out"
    if kind == "premio":
        side["premios"] = {**(side.get("premios") or {}), "nope": draw(st.integers(1, 3))}
        return dealt, f"sides[{i}].premios.nope"
    if kind == "penalty":
        side["penalties"] = {**(side.get("penalties") or {}), "nope": draw(st.integers(1, 3))}
        return dealt, f"sides[{i}].penalties.nope"
    if kind == "two_out":
        j = draw(st.integers(0, len(sides) - 1).filter(lambda j: j != i))
        plain = dealt.ruleset.going_out[0].id
        sides[i]["going_out"] = sides[i].get("going_out") or plain
        sides[j]["going_out"] = sides[j].get("going_out") or plain
        # The later of the two is told only one side can go out (or, if the hand did not end
        # by going out, both are told nobody goes out).
        return dealt, f"sides[{max(i, j)}].going_out"
    name = draw(st.sampled_from(NUMBER_FIELDS))
    side[name] = draw(st.sampled_from([1.5, "five", True, [], {}, "5.0", "--5", "²"]))
    return dealt, f"sides[{i}].{name}"


@SETTINGS
@given(invalid_hands())
def test_invalid_hands_are_refused(case: tuple[Dealt, str]) -> None:
    dealt, field = case
    with pytest.raises(EntryErrors) as info:
        score_hand(dealt.ruleset, entry_from_dict(dealt.data))
    fields = [e.field for e in info.value.errors]
    assert fields
    assert all(f.startswith(ALLOWED_PREFIXES) for f in fields), fields
    assert field in fields, (field, fields)


# -- fuzz: any JSON-like body -------------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=8)
    | st.floats(allow_nan=False),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
SIDE_KEYS = ["table_points", "hand_points", "table_cards", "hand_cards", "canastas",
             "unfinished_canastas", "red_threes", "going_out", "black_threes_shown",
             "black_threes_in_hand", "red_threes_in_hand", "premios", "penalties", "name",
             "black_threes_with_pile", "aces_or_sevens_held", "special_hand",
             "black_threes_laid_out"]
NUMBERS = st.integers(-5, 300) | st.sampled_from(["10", " 35 ", "x", "", "-5", 2.5, None])
ID_COUNTS = st.dictionaries(
    st.sampled_from(["corte_exacto", "juego_limpio", "acaba", "pile_out_of_turn", "nope"]),
    NUMBERS, max_size=3)
CARD_COUNTS = st.dictionaries(st.sampled_from([g.value for g in CardGroup] + ["tens"]),
                              NUMBERS, max_size=6)
NEAR_SIDE = st.fixed_dictionaries({}, optional={
    "table_points": NUMBERS.map(lambda n: n * 5 if isinstance(n, int) else n),
    "hand_points": NUMBERS.map(lambda n: n * 5 if isinstance(n, int) else n),
    "table_cards": CARD_COUNTS | JSON,
    "hand_cards": CARD_COUNTS | JSON,
    "canastas": st.dictionaries(st.sampled_from([*(k.value for k in CanastaKind), "gold"]),
                                NUMBERS, max_size=4) | JSON,
    "unfinished_canastas": st.dictionaries(
        st.sampled_from([*(k.value for k in CanastaKind), "gold"]), NUMBERS, max_size=3) | JSON,
    "red_threes": NUMBERS, "red_threes_in_hand": NUMBERS,
    "black_threes_shown": NUMBERS, "black_threes_in_hand": NUMBERS,
    "black_threes_with_pile": NUMBERS,
    "going_out": st.sampled_from(["normal", "concealed", "clean", "abatir_later_alone", "",
                                  "none", False, "nope", None]) | JSON,
    "premios": ID_COUNTS | JSON, "penalties": ID_COUNTS | JSON,
    "name": JSON, "aces_or_sevens_held": NUMBERS, "black_threes_laid_out": NUMBERS,
    "special_hand": st.sampled_from(["garbage", "straight", "nope", "", None]) | JSON,
})
NEAR_BODY = st.fixed_dictionaries(
    {"sides": st.lists(NEAR_SIDE | st.dictionaries(st.sampled_from(SIDE_KEYS), JSON),
                       min_size=1, max_size=4)},
    optional={
        "end": st.sampled_from([e.value for e in HandEnd]) | JSON,
        "players": st.sampled_from([2, 3, 4, 6, "2", "4", "6-pairs", "6", 5]) | JSON,
        "format": st.sampled_from(["2", "3", "4", "6-teams", "6-pairs", "7"]) | JSON,
    },
)
SCORING_RULESETS = [*PRESETS.values(), SPECIAL, UNFINISHED,
                    with_values(TORNEO, {p: 100 for p, _ in TORNEO.missing_values()})]


def _parse_and_score(data: Any) -> None:
    try:
        entry = entry_from_dict(data)
    except (ShapeError, EntryErrors) as exc:
        if isinstance(exc, EntryErrors):
            assert exc.errors
            assert all(e.field.startswith(ALLOWED_PREFIXES) for e in exc.errors)
        return
    for rs in SCORING_RULESETS:
        try:
            result = score_hand(rs, entry)
        except EntryErrors as exc:
            assert exc.errors
            continue
        for side in result.sides:
            assert side.total == sum(line.points for line in side.lines)


@SETTINGS
@given(JSON)
def test_fuzz_any_json(data: Any) -> None:
    _parse_and_score(data)


@SETTINGS
@given(st.dictionaries(st.sampled_from(["sides", "end", "players", "format", "x"]), JSON))
def test_fuzz_any_json_body(data: Any) -> None:
    _parse_and_score(data)


@SETTINGS
@given(NEAR_BODY)
def test_fuzz_near_valid_bodies(data: Any) -> None:
    _parse_and_score(data)


# -- fuzz: house rules from any data -----------------------------------------------------------

RULESET_KEYS = ["id", "name", "description", "based_on", "card_values", "canastas",
                "canasta_count_premios", "red_threes", "black_threes", "going_out",
                "going_out_kinds", "going_out_requirement", "premios", "penalties",
                "opening_minimums", "target", "tie_rule", "stock_out_hand_cards",
                "time_limit_minutes"]


@st.composite
def near_rulesets(draw: st.DrawFn) -> tuple[RuleSet, dict[str, Any]]:
    """A preset's data with a few values replaced by anything."""
    base = draw(st.sampled_from(list(PRESETS.values())))
    data = ruleset_to_dict(base)
    for key in draw(st.lists(st.sampled_from(RULESET_KEYS), max_size=3)):
        value = data.get(key)
        if isinstance(value, dict) and value and draw(st.booleans()):
            sub = draw(st.sampled_from(sorted(value)))
            value[sub] = draw(JSON | NUMBERS)
        elif isinstance(value, list) and value and draw(st.booleans()):
            item = draw(st.integers(0, len(value) - 1))
            if isinstance(value[item], dict) and value[item]:
                sub = draw(st.sampled_from(sorted(value[item])))
                value[item][sub] = draw(JSON | NUMBERS)
        else:
            data[key] = draw(JSON | NUMBERS)
    return base, data


@SETTINGS
@given(near_rulesets())
def test_fuzz_ruleset_from_dict(case: tuple[RuleSet, dict[str, Any]]) -> None:
    base, data = case
    try:
        rs = ruleset_from_dict(data, base=base)
    except EntryErrors as exc:
        assert exc.errors
        return
    # Whatever was accepted reads back the same, and still works out opening minimums.
    assert ruleset_from_dict(ruleset_to_dict(rs), base=base) == rs
    # A negative total takes the negative row, unless the minimum goes by round (Hand and
    # Foot: round 1's, whatever the score).
    first = rs.opening_by_round[0] if flow.by_round(rs) else rs.opening_minimums.negative
    assert flow.opening(rs, total=-5).minimum == first
    assert flow.opening(rs, total=0).minimum >= 0


@SETTINGS
@given(st.dictionaries(st.sampled_from(RULESET_KEYS), JSON, max_size=4))
def test_fuzz_ruleset_from_any_json(data: dict[str, Any]) -> None:
    try:
        ruleset_from_dict(data, base=PRESETS["classic"])
    except EntryErrors as exc:
        assert exc.errors
