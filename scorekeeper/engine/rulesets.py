"""Rule sets as data: every number the count uses, one preset per family of rule sources.

The presets trace each value to the sources lined up in ``shared/RULES.md``: ``003``/``004`` (the
classic game), ``000`` ("La Canasta"), ``001`` (with the wild-card canasta) and ``002`` (the
tournament rules). Where the sources are silent or disagree the value is a setting and its default
is documented next to it. A value a source names without a number is ``None``: the table (or the
tournament organizer) must give it before a hand that uses it can be counted; see
:meth:`RuleSet.missing_values`.

House rules are the same data: :func:`ruleset_from_dict` reads the shape :func:`ruleset_to_dict`
writes, on top of a preset.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from typing import Any

from .cards import RED_THREES_PER_PACK, CardValues
from .declared import (
    Empty,
    Reader,
    Section,
    Sign,
    all_declared,
    rule,
    section,
    sections,
    to_plain,
)
from .errors import N_, EntryErrors, FieldError, UnknownRuleSet

#: Every source of ``shared/RULES.md``: values all five agree on.
ALL_SOURCES = ("000", "001", "002", "003", "004")


class CanastaKind(StrEnum):
    """The ids of the kinds of canasta a rule set may allow (the API's contract): natural
    ("limpia"), mixed ("sucia"), wild ("de comodines", of any composition the rule set does not
    single out), seven 2s, the four jokers with three 2s, sevens, aces, and a suit sequence
    ("samba", "escalera"). What each kind may hold and earns is the rule set's
    (:class:`CanastaBonus`)."""

    NATURAL = "natural"
    MIXED = "mixed"
    WILD = "wild"
    WILD_TWOS = "wild_twos"
    WILD_FOUR_JOKERS = "wild_four_jokers"
    SEVENS = "sevens"
    ACES = "aces"
    SEQUENCE = "sequence"

    @property
    def label(self) -> str:
        """The kind's name, marked for translation."""
        return _CANASTA_LABELS[self]

    @property
    def minimum_card_points(self) -> int:
        """The fewest card points a finished canasta of this kind can hold (its default
        definition: :func:`canasta`)."""
        return canasta(self, None).minimum_card_points

    @property
    def unfinished_label(self) -> str:
        """What a meld of this kind started and left unfinished is called, marked for
        translation."""
        return _UNFINISHED_LABELS[self]


_CANASTA_LABELS = {
    CanastaKind.NATURAL: N_("Natural canasta"),
    CanastaKind.MIXED: N_("Mixed canasta"),
    CanastaKind.WILD: N_("Wild-card canasta"),
    CanastaKind.WILD_TWOS: N_("Canasta of seven 2s"),
    CanastaKind.WILD_FOUR_JOKERS: N_("Canasta of the four jokers and three 2s"),
    CanastaKind.SEVENS: N_("Canasta of sevens"),
    CanastaKind.ACES: N_("Canasta of aces"),
    CanastaKind.SEQUENCE: N_("Sequence canasta (samba, escalera)"),
}

_UNFINISHED_LABELS = {
    CanastaKind.NATURAL: N_("Unfinished natural meld"),
    CanastaKind.MIXED: N_("Unfinished mixed meld"),
    CanastaKind.WILD: N_("Unfinished wild-card meld"),
    CanastaKind.WILD_TWOS: N_("Unfinished meld of 2s"),
    CanastaKind.WILD_FOUR_JOKERS: N_("Unfinished meld of the four jokers"),
    CanastaKind.SEVENS: N_("Unfinished meld of sevens"),
    CanastaKind.ACES: N_("Unfinished meld of aces"),
    CanastaKind.SEQUENCE: N_("Unfinished sequence"),
}


class Holds(StrEnum):
    """What a canasta of a kind may hold."""

    NATURAL = "natural"  # natural cards of one rank, no wild card
    MIXED = "mixed"  # natural cards of one rank and 1 to ``max_wild`` wild cards
    WILD = "wild"  # wild cards only (``jokers``: how many of them are jokers)
    RANK = "rank"  # natural cards of one rank only: ``rank`` (sevens, aces)
    SEQUENCE = "sequence"  # seven cards of one suit in sequence, 4 to ace, no wild card


class Rank(StrEnum):
    """The ranks a rank canasta may be restricted to."""

    SEVENS = "7"
    ACES = "A"


#: A canasta is seven cards at least.
CANASTA_CARDS = 7


@dataclass(frozen=True)
class CanastaBonus:
    """One kind of canasta a rule set allows: what it may hold and what it earns. Made with
    :func:`canasta`, which fills in the kind's usual definition."""

    kind: CanastaKind
    #: The bonus; ``None`` when the source names the kind without a value (002).
    points: int | None
    holds: Holds = Holds.NATURAL
    #: The most wild cards a mixed canasta holds (003/004, 001: 3; Samba: 2).
    max_wild: int = 0
    #: A wild canasta's jokers: at least and at most (``None``: any number).
    min_jokers: int = 0
    max_jokers: int | None = None
    rank: Rank | None = None
    #: The canasta's cards count on the table on top of its bonus (every source of
    #: ``shared/RULES.md`` and ``VARIANTS.md``). Off only for a kind whose cards are fixed
    #: (seven 2s, the four jokers, sevens, aces): its cards are then in the bonus.
    cards_on_top: bool = True

    @property
    def wild_cards(self) -> int:
        """The fewest wild cards a canasta of this kind holds."""
        return {Holds.MIXED: 1, Holds.WILD: CANASTA_CARDS}.get(self.holds, 0)

    @property
    def jokers(self) -> int:
        """The fewest jokers it holds."""
        return self.min_jokers if self.holds is Holds.WILD else 0

    @property
    def twos(self) -> int:
        """The fewest 2s it holds (a wild canasta with at most so many jokers)."""
        if self.holds is Holds.WILD and self.max_jokers is not None:
            return CANASTA_CARDS - self.max_jokers
        return 0

    @property
    def fixed(self) -> bool:
        """Whether its seven cards are always the same (so their points are known)."""
        return self.holds is Holds.RANK or (
            self.holds is Holds.WILD and self.max_jokers is not None
            and self.max_jokers == self.min_jokers)

    @property
    def minimum_card_points(self) -> int:
        """The fewest card points a finished canasta of this kind holds (card values of
        RULES.md): natural seven 4s-7s (7 x 5); mixed six of them and a 2 (6 x 5 + 20); wild
        seven 2s (7 x 20), or its jokers at 50 and 2s; sevens 7 x 5; aces 7 x 20; a sequence
        4 to 10 (4 x 5 + 3 x 10)."""
        if self.holds is Holds.MIXED:
            return (CANASTA_CARDS - 1) * 5 + 20
        if self.holds is Holds.WILD:
            return self.jokers * 50 + (CANASTA_CARDS - self.jokers) * 20
        if self.holds is Holds.RANK:
            return CANASTA_CARDS * (20 if self.rank is Rank.ACES else 5)
        if self.holds is Holds.SEQUENCE:
            return 4 * 5 + 3 * 10
        return CANASTA_CARDS * 5

    @property
    def minimum_meld_points(self) -> int:
        """The fewest card points a meld of this kind holds before it is a canasta: three
        cards (a meld is three cards at least): three 4s to 7s, two and a 2 (mixed), three 2s
        (wild), three sevens or aces, a sequence 4-5-6."""
        if self.holds is Holds.MIXED:
            return 2 * 5 + 20
        if self.holds is Holds.WILD:
            return MELD_CARDS * 20
        if self.holds is Holds.RANK:
            return MELD_CARDS * (20 if self.rank is Rank.ACES else 5)
        return MELD_CARDS * 5


@dataclass(frozen=True)
class UnfinishedPenalty:
    """What a meld of one kind of canasta costs its side when it is left on the table
    unfinished at the end of the hand (a side's ``unfinished_canastas``, keyed by kind id like
    its ``canastas``). Made with :func:`unfinished`.

    American (VARIANTS.md 1): sevens -2,500, aces -2,500, wild -2,000, "always charged, whether
    the side went out or not"; going out is refused while one is on the table. Brazilian
    (VARIANTS.md 4): "Sequence of fewer than 5 cards left on the table at the end | -1000 (5-
    and 6-card sequences: no penalty)".
    """

    kind: CanastaKind
    #: The points taken for each such meld.
    points: int
    #: Only a meld of fewer than this many cards costs it (Brazilian: 5); ``None``: any meld
    #: of the kind left unfinished. The count asks how many melds meet the condition.
    fewer_than: int | None = None
    #: Charged only when someone went out; off (both sources): at any end of the hand, for
    #: every side ("always charged", American; "left on the table at the end", Brazilian).
    only_when_out: bool = False
    #: A side may not go out while it has such a meld on the table (American: going out "not
    #: allowed while an incomplete sevens/aces/wild meld is on the table").
    blocks_going_out: bool = False

    @property
    def label(self) -> str:
        """The penalty's name (a msgid): the kind's unfinished meld."""
        return self.kind.unfinished_label


def unfinished(kind: CanastaKind, points: int, **condition: Any) -> UnfinishedPenalty:
    """The penalty for a meld of ``kind`` left unfinished (``fewer_than=5``,
    ``blocks_going_out=True``)."""
    return UnfinishedPenalty(kind, points, **condition)


#: The fewest cards of a meld.
MELD_CARDS = 3


_KIND_DEFAULTS: dict[CanastaKind, dict[str, Any]] = {
    CanastaKind.NATURAL: {"holds": Holds.NATURAL},
    CanastaKind.MIXED: {"holds": Holds.MIXED, "max_wild": 3},
    CanastaKind.WILD: {"holds": Holds.WILD},
    CanastaKind.WILD_TWOS: {"holds": Holds.WILD, "max_jokers": 0},
    CanastaKind.WILD_FOUR_JOKERS: {"holds": Holds.WILD, "min_jokers": 4, "max_jokers": 4},
    CanastaKind.SEVENS: {"holds": Holds.RANK, "rank": Rank.SEVENS},
    CanastaKind.ACES: {"holds": Holds.RANK, "rank": Rank.ACES},
    CanastaKind.SEQUENCE: {"holds": Holds.SEQUENCE},
}


def canasta(kind: CanastaKind, points: int | None, **definition: Any) -> CanastaBonus:
    """A kind of canasta with its usual definition, ``definition`` changing any part of it
    (``max_wild=2``, ``min_jokers=1``)."""
    return CanastaBonus(kind, points, **{**_KIND_DEFAULTS[kind], **definition})


class HandEnd(StrEnum):
    """How a hand ended."""

    WENT_OUT = "went_out"
    STOCK_OUT = "stock_out"
    TIME_UP = "time_up"

    @property
    def label(self) -> str:
        """The ending's name, marked for translation."""
        return _HAND_END_LABELS[self]


_HAND_END_LABELS = {
    HandEnd.WENT_OUT: N_("A player went out"),
    HandEnd.STOCK_OUT: N_("The stock ran out"),
    HandEnd.TIME_UP: N_("Time was up"),
}


#: The label of the red-3 value (the count's "not set" message, the reminder box).
EACH_RED_THREE = N_("Each red 3")


class RedThreesNegativeWhen(StrEnum):  # declared below: RedThreeRules.negative_when
    """When a side's red 3s count against it instead of for it."""

    NO_MELD = "no_meld"  # 003, 004: the side has melded nothing
    NO_CANASTA = "no_canasta"  # 000, 001, 002: the side has no finished canasta
    #: Samba (VARIANTS.md 2): "plus only if the side has the 2 canastas needed to go out"
    SHORT_OF_GOING_OUT = "short_of_going_out"
    #: Modern American (VARIANTS.md 1): "side with 0 canastas: minus; exactly 1 canasta: 0
    #: (ignored); 2+ canastas: plus" [CCOM]; [CJ] part 2.
    BY_CANASTAS = "by_canastas"


class TieRule(StrEnum):
    """What happens when the leading sides are level once the target is reached."""

    PLAY_ON = "play_on"  # 004: both tied at or above the target, play continues
    DRAW = "draw"  # 002 at time: the game is drawn, the difference is nil


@dataclass(frozen=True)
class PlayerFormat:
    """How many play and how: the deal, the packs and the sides (001 gives them all)."""

    id: str
    label: str
    players: int
    sides: int
    cards_dealt: int
    packs: int = 2
    #: Overrides the rule set's canastas needed to go out (003: two with two players).
    canastas_to_go_out: int | None = None


@dataclass(frozen=True)
class GoingOutKind:
    """One way of going out and what it earns."""

    id: str
    label: str
    #: Bonus for going out this way; ``None`` when the source names it without a value.
    points: int | None
    #: The whole hand was laid down at once ("concealed", "abatir"): the side needs no meld of
    #: its own before, so the requirement is checked on the canastas entered only.
    concealed: bool = False
    #: The rule set's plain going-out bonus is added to :attr:`points` (000 is silent whether
    #: "abatir" also earns the 100 for going out: a setting, off by default).
    plus_going_out_bonus: bool = False
    #: 002 "cerrar a limpio": the partner's cards in hand count for the side, not against it.
    hand_cards_positive: bool = False


@dataclass(frozen=True)
class GoingOutRequirement:
    """The canastas a side must have finished before one of its players may go out.

    The rules card says it in one sentence of its own (``on_card=False``).
    """

    canastas: int = rule(1, N_("Canastas of any kind"), sources=ALL_SOURCES, on_card=False)
    natural: int = rule(0, N_("Natural canastas"), sources=("001",), on_card=False)
    mixed: int = rule(0, N_("Mixed canastas"), sources=("001",), on_card=False)
    #: 001: a wild-card canasta does not by itself allow going out.
    wild_counts: bool = rule(
        True, N_("A wild-card canasta counts towards it"), sources=("001",),
        says=((False, N_("A wild-card canasta does not count towards it.")),),
    )
    #: Bolivia (VARIANTS.md 3): "needs 2 canastas, at least one an escalera".
    sequence: int = rule(0, N_("Sequence canastas (escalera) among them"),
                         sources=("BIC-B", "RG-B", "BN-B"), on_card=False)
    #: 001: "por lo menos una canasta limpia y otra sucia" to close, and of the wild-card
    #: canasta "no se puede terminar el juego sin tener terminada otra canasta". One reading
    #: takes the wild-card canasta (all wild, so "sucia") for the dirty one: a clean canasta
    #: plus a wild-card one would do. The text does not say so clearly: off, as before.
    wild_as_mixed: bool = rule(
        False, N_("A wild-card canasta may stand for the mixed one"), sources=("001",),
        says=((True, N_("A wild-card canasta may stand for the mixed one.")),),
    )


@dataclass(frozen=True)
class Premio:
    """A named bonus the table awards by hand ("premio"), with its value per occurrence."""

    id: str
    label: str
    points: int | None


@dataclass(frozen=True)
class Penalty:
    """A fault from the rule set's penalty list; its points are taken from the offending side."""

    id: str
    label: str
    points: int


@dataclass(frozen=True)
class RedThreeRules:
    """What red 3s ("honores", "flores") are worth."""

    each: int | None = rule(
        100, EACH_RED_THREE, sources=ALL_SOURCES, empty=Empty.ASKED_AT_START, sign=Sign.BONUS,
        replaced_by="by_count",
    )
    #: A side holding every red 3 of the deck scores this instead of ``each`` times the count.
    all_of_them: int | None = rule(
        800, N_("All red 3s of the deck"), sources=("000", "001", "003", "004"),
        empty=Empty.NO_SUCH_BONUS, hint=N_("Scored instead of each red 3. Empty: no such bonus."),
        sign=Sign.BONUS, card=N_("All the red 3s of the deck, instead"),
        sheet=N_("All %(count)d red 3s"), deck="red_threes", replaced_by="by_count",
    )
    #: The points in all for 1, 2, 3… red 3s, by count (VARIANTS.md 5, Cuban: "1: 100; 2: 300;
    #: 3: 500; 4: 1000" [RG-C]; [BN-J]; 7, Italian: "1–3: 100 each; 4 or more: 200 each"
    #: [RG-I]; [HSW-I]). Set, it replaces ``each`` and ``all_of_them``; empty (no rows): red 3s
    #: count ``each`` and ``all_of_them`` as before.
    by_count: tuple[int, ...] = rule(
        (), N_("Red 3s by count: points in all for 1, 2, 3… red 3s"),
        sources=("RG-C", "BN-J", "RG-I", "HSW-I"),
        hint=N_("Points in all for 1, 2, 3… red 3s, separated by commas; they replace each "
                "red 3 and all of them. Empty: each red 3 counts alone."),
        sign=Sign.BONUS, row=N_("Red 3s × %(count)d"),
    )
    negative_when: RedThreesNegativeWhen = rule(
        RedThreesNegativeWhen.NO_MELD, N_("Red 3s count against the side"), sources=ALL_SOURCES,
        choices=(("no_meld", N_("when it has melded nothing")),
                 ("no_canasta", N_("when it has no canasta")),
                 ("short_of_going_out", N_("when it has fewer canastas than going out needs")),
                 ("by_canastas", N_("with no canasta; nothing with one; for it with two"))),
        says=(("no_meld", N_("They count against a side that has melded nothing.")),
              ("no_canasta", N_("They count against a side that has no finished canasta.")),
              ("short_of_going_out", N_("They count against a side without the canastas "
                                        "needed to go out.")),
              ("by_canastas", N_("They count against a side with no canasta, nothing for a "
                                 "side with one, and for a side with two or more."))),
    )
    #: Taken for each red 3 still in a hand at the end (000, 001: 500).
    each_in_hand_penalty: int | None = rule(
        None, N_("Penalty for each red 3 left in hand"), sources=("000", "001"),
        empty=Empty.NOT_A_RULE, sign=Sign.PENALTY, card=N_("Each red 3 still in hand at the end"),
        sheet=N_("Each red 3 kept in hand"),
    )

    def points_for(self, count: int, packs: int) -> int | None:
        """The points in all (before their sign) for ``count`` red 3s laid down with ``packs``
        packs: the table's row, else ``all_of_them`` for every red 3 of the deck, else ``each``
        times the count. ``None`` when the rule set gives no value (002, or past the table)."""
        if self.by_count:
            return self.by_count[count - 1] if 0 < count <= len(self.by_count) else None
        if self.holds_all(count, packs):
            return self.all_of_them
        return None if self.each is None else count * self.each

    def holds_all(self, count: int, packs: int) -> bool:
        """Whether ``count`` red 3s earn the bonus for all of the deck's (no table)."""
        return (not self.by_count and self.all_of_them is not None
                and count == RED_THREES_PER_PACK * packs)


@dataclass(frozen=True)
class BlackThreeRules:
    """Bonuses and penalties for black 3s beyond their card value."""

    #: The side going out shows every black 3 of the deck (000, 001: four, 500; 002: six, 800).
    all_shown_bonus: int | None = rule(
        None, N_("Bonus for showing every black 3 when going out"), sources=("000", "001", "002"),
        empty=Empty.NOT_A_RULE, sign=Sign.BONUS,
        card=N_("Going out showing all the black 3s of the deck"),
        sheet=N_("All %(count)d black 3s shown going out"), deck="black_threes",
    )
    #: A side holds every black 3 of the deck in hand at the end (000, 001: 500; 002: 800).
    all_in_hand_penalty: int | None = rule(
        None, N_("Penalty for holding every black 3 in hand"), sources=("000", "001", "002"),
        empty=Empty.NOT_A_RULE, sign=Sign.PENALTY,
        card=N_("All the black 3s of the deck held in hand at the end"),
        sheet=N_("All %(count)d black 3s held in hand"), deck="black_threes",
    )
    #: Taken for each black 3 left in a hand (001: 100).
    each_in_hand_penalty: int | None = rule(
        None, N_("Penalty for each black 3 left in hand"), sources=("001",),
        empty=Empty.NOT_A_RULE, sign=Sign.PENALTY, card=N_("Each black 3 left in hand"),
    )
    #: 001 lists "Cada 3 negro que quede en la mano de un jugador vale 100 puntos en contra"
    #: among the card values: the 100 is the card's whole value in hand, not 100 on top of its
    #: 5. On: the penalty is the black 3's whole cost (001: -100 in all); off: it is charged on
    #: top of the card's points (-105).
    each_in_hand_includes_card: bool = rule(
        True, N_("The penalty for each black 3 in hand includes its card points"),
        sources=("001",),
        says=((False, N_("Each black 3 left in hand costs its penalty on top of its card "
                         "points.")),),
    )
    #: Bolivia (VARIANTS.md 3): "Black three left in hand (any player goes out) | -100 each":
    #: charged only when someone went out. Off: at any end of the hand (001).
    each_in_hand_only_when_out: bool = rule(
        False, N_("Each black 3 in hand costs its penalty only when someone goes out"),
        sources=("BIC-B",),
        says=((True, N_("Each black 3 in hand costs its penalty only when someone goes "
                        "out.")),),
    )
    #: Modern American (VARIANTS.md 1): "Threes | red and black are both laid out; each colour
    #: scored separately: 1 = 100, 2 = 300, 3 = 500, 4 = 1000" [CCOM]; [CJ] part 2; [CLA] via
    #: [EBB]. On: a side's black 3s laid out count by the red 3s' values and sign, on their own.
    laid_out_like_red: bool = rule(
        False, N_("Black 3s are laid out and counted like red 3s, each colour on its own"),
        sources=("CCOM", "CJ", "CLA"),
        says=((True, N_("They are laid out like red 3s and counted by the red 3s' values and "
                        "sign, each colour on its own.")),),
    )
    #: 002 ties its -800 to someone going out ("si ... un jugador cierra el juego"); 000 and 001
    #: say "al terminar un juego", any ending.
    all_in_hand_only_when_out: bool = rule(
        False, N_("Holding every black 3 costs only when someone goes out"), sources=("002",),
        says=((True, N_("Holding every black 3 costs only when someone goes out.")),),
    )
    #: Cuban (VARIANTS.md 5): black 3s "taken with the pile are set aside and score 5 each, or
    #: 100 for all four" [RG-C]: neither on the table nor in hand (the entry's
    #: ``black_threes_with_pile``).
    each_with_pile: int | None = rule(
        None, N_("Each black 3 taken with the pile and set aside"), sources=("RG-C",),
        empty=Empty.NOT_A_RULE, sign=Sign.BONUS, card=N_("Each black 3 taken with the pile"),
    )
    all_with_pile: int | None = rule(
        None, N_("Every black 3 of the deck taken with the pile"), sources=("RG-C",),
        empty=Empty.NO_SUCH_BONUS, hint=N_("Scored instead of each. Empty: no such bonus."),
        sign=Sign.BONUS, card=N_("All the black 3s of the deck taken with the pile, instead"),
        sheet=N_("All %(count)d black 3s taken with the pile"), deck="black_threes",
    )


@dataclass(frozen=True)
class CanastaCountPremios:
    """Premios for the number of canastas a side finished in a hand (000, 001)."""

    five: int | None = rule(  # "canastón" / "canastrón"
        None, N_("Five canastas in a hand (canastón)"), sources=("000", "001"),
        empty=Empty.NOT_A_RULE, sign=Sign.BONUS, card=N_("Canastón: 5 canastas in a hand"),
        sheet=N_("Canastón (5 canastas)"),
    )
    seven: int | None = rule(  # "canasta de canastas"
        None, N_("Seven canastas in a hand"), sources=("000", "001"), empty=Empty.NOT_A_RULE,
        sign=Sign.BONUS, card=N_("Canasta de canastas: 7 canastas in a hand"),
        sheet=N_("Canasta de canastas (7 canastas)"),
    )
    #: Whether seven canastas also earn the five-canasta premio. The sources do not say; off.
    cumulative: bool = rule(
        False, N_("Seven canastas also earn the five-canasta premio"),
        says=((True, N_("Seven canastas earn the canastón as well.")),
              (False, N_("Seven canastas do not also earn the canastón."))),
        about=("five", "seven"),
    )
    #: Italian (VARIANTS.md 7): "Premio: five natural canastas | +2000" [RG-I]; [HSW-I].
    five_natural: int | None = rule(
        None, N_("Five natural canastas in a hand"), sources=("RG-I", "HSW-I"),
        empty=Empty.NOT_A_RULE, sign=Sign.BONUS, card=N_("Five natural canastas"),
    )
    #: Italian: "Premio: four natural + one mixed | +1000" [RG-I]; [HSW-I].
    four_natural_one_mixed: int | None = rule(
        None, N_("Four natural canastas and a mixed one in a hand"), sources=("RG-I", "HSW-I"),
        empty=Empty.NOT_A_RULE, sign=Sign.BONUS, card=N_("Four natural canastas and a mixed one"),
    )
    #: Italian: "Premio: ten canastas of any kind | +2000" [RG-I]; [HSW-I].
    ten: int | None = rule(
        None, N_("Ten canastas of any kind in a hand"), sources=("RG-I", "HSW-I"),
        empty=Empty.NOT_A_RULE, sign=Sign.BONUS, card=N_("Ten canastas of any kind"),
    )
    #: VARIANTS.md 7 leaves open "whether premios stack": the sources list the three side by
    #: side. Off: a side earns only the highest it qualifies for, so one set of canastas is not
    #: paid twice (five natural ones also hold "four natural").
    mix_cumulative: bool = rule(
        False, N_("A side earns every premio for its canastas that it qualifies for"),
        sources=("RG-I", "HSW-I"), about=("five_natural", "four_natural_one_mixed", "ten"),
        says=((True, N_("A side earns every one of these premios it qualifies for.")),
              (False, N_("A side earns only the highest of these premios it qualifies for."))),
    )
    #: Italian: the canastas of seven 2s and of 2s and jokers earn their bonus "only for the
    #: side that goes out; otherwise card values only" [RG-I]; [HSW-I].
    wild_only_going_out: bool = rule(
        False, N_("Wild-card canastas earn their bonus only for the side that goes out"),
        sources=("RG-I", "HSW-I"),
        says=((True, N_("Wild-card canastas earn their bonus only for the side that goes out; "
                        "another side scores their cards only.")),),
    )
    #: VARIANTS.md 7 leaves open what the wild-card bonuses do "when the hand ends by
    #: stock-out". Off: nobody went out, so no side earns them (the sources' words).
    wild_when_nobody_out: bool = rule(
        False, N_("When nobody goes out, wild-card canastas keep their bonus"),
        about=("wild_only_going_out",),
        says=((True, N_("When nobody goes out, every side keeps the bonus of its wild-card "
                        "canastas.")),
              (False, N_("When nobody goes out, no side earns the bonus of its wild-card "
                         "canastas."))),
    )


class OpeningCondition(StrEnum):
    """What the first meld must be beyond its card points (VARIANTS.md 4, Brazilian: "7000-7995:
    the opening must **be a canasta**; 8000-8995: a canasta worth at least 200 ...; 9000+: a
    **natural** canasta" [BIC-BR]; [RG-BR]). Its words, marked for translation: ``label``, a
    sentence; ``short``, a few words for the board and a table's cell."""

    CANASTA = "canasta"
    NATURAL_CANASTA = "natural_canasta"

    @property
    def label(self) -> str:
        sentence, _ = _OPENING_CONDITION_WORDS[self]
        return sentence

    @property
    def short(self) -> str:
        _, words = _OPENING_CONDITION_WORDS[self]
        return words


_OPENING_CONDITION_WORDS = {
    OpeningCondition.CANASTA: (N_("The first meld must be a canasta."), N_("a canasta")),
    OpeningCondition.NATURAL_CANASTA: (N_("The first meld must be a natural canasta."),
                                       N_("a natural canasta")),
}


@dataclass(frozen=True)
class HeldCardRules:
    """What cards melded and cards held cost beyond their values (Modern American, VARIANTS.md
    1)."""

    #: "Side with 0 canastas | value of its **melded** cards is subtracted as well as its
    #: hand" [CJ] part 3; [CLA] via [EBB].
    table_against_without_canasta: bool = rule(
        False, N_("A side with no canasta loses its cards on the table"), sources=("CJ", "CLA"),
        says=((True, N_("A side with no canasta counts its cards on the table against it, as "
                        "well as those in hand.")),),
    )
    #: "3+ aces or 3+ sevens left in one player's hand | −1500 per such player (plus the card
    #: values)" [CCOM]; [CJ]; [WIKI-US].
    aces_or_sevens_held_penalty: int | None = rule(
        None, N_("Penalty for each player left holding three or more aces or sevens"),
        sources=("CCOM", "CJ", "WIKI-US"), empty=Empty.NOT_A_RULE, sign=Sign.PENALTY,
        card=N_("Each player left holding 3 or more aces or 3 or more sevens"),
        sheet=N_("3+ aces or sevens held, each player"),
    )


@dataclass(frozen=True)
class SpecialHand:
    """A hand of fourteen cards a side that has not melded goes out with all at once
    (Modern American: seven pairs, a straight, garbage…): its points replace the side's whole
    count for the hand; the other sides count as usual (VARIANTS.md 1 [CCOM]; [CLA]; [EA])."""

    id: str
    label: str
    points: int


@dataclass(frozen=True)
class OpeningBand:
    """From this running total on (inclusive), the first meld needs ``minimum`` card points
    and, where a variant says so, meets a ``condition`` (Brazilian from 7,000: a canasta; a
    tier whose only requirement is its condition has ``minimum`` 0)."""

    from_score: int
    minimum: int
    condition: OpeningCondition | None = None


@dataclass(frozen=True)
class OpeningTier:
    """One row of the opening-minimum table: from, to (``None``: open-ended), the card points
    and the condition (``None``: points only)."""

    low: int | None
    high: int | None
    minimum: int
    condition: OpeningCondition | None = None


@dataclass(frozen=True)
class OpeningMinimums:
    """The first-meld minimum ("salida") by a side's running total before the hand."""

    negative: int = 15
    bands: tuple[OpeningBand, ...] = (
        OpeningBand(0, 50),
        OpeningBand(1500, 90),
        OpeningBand(3000, 120),
    )

    def for_score(self, running_total: int) -> int:
        """The minimum a side with ``running_total`` points needs for its first meld."""
        if running_total < 0:
            return self.negative
        minimum = self.bands[0].minimum if self.bands else self.negative
        for band in self.bands:
            if running_total >= band.from_score:
                minimum = band.minimum
        return minimum

    def condition_for(self, running_total: int) -> OpeningCondition | None:
        """What the first meld must be beyond its points, for ``running_total`` (a negative
        total has no condition)."""
        index = self.band_index(running_total)
        return self.bands[index - 1].condition if index and self.bands else None

    def tiers(self) -> list[OpeningTier]:
        """The table as :class:`OpeningTier` rows, the negative row first (as :meth:`rows`,
        with each row's condition)."""
        conditions = [None, *(b.condition for b in self.bands)]
        return [OpeningTier(low, high, minimum, condition)
                for (low, high, minimum), condition in zip(self.rows(), conditions, strict=True)]

    def band_index(self, running_total: int) -> int:
        """Which row of :meth:`rows` applies: 0 is the negative row."""
        if running_total < 0:
            return 0
        index = 1
        for i, band in enumerate(self.bands, start=1):
            if running_total >= band.from_score:
                index = i
        return index

    def rows(self) -> list[tuple[int | None, int | None, int]]:
        """The table as rows (from, to, minimum); ``None`` where a row is open-ended."""
        rows: list[tuple[int | None, int | None, int]] = [(None, -5, self.negative)]
        for i, band in enumerate(self.bands):
            upper = self.bands[i + 1].from_score - 5 if i + 1 < len(self.bands) else None
            rows.append((band.from_score, upper, band.minimum))
        return rows


class HandCards(StrEnum):
    """How cards left in hand count when the stock runs out."""

    AGAINST = "against"  # 000, 001, 003, 004: subtracted as always
    IGNORED = "ignored"  # 002: "no tienen ningún valor"


@dataclass(frozen=True)
class RuleSet:
    """Every value the count of a hand and the course of a game need."""

    id: str
    name: str
    sources: tuple[str, ...]
    description: str
    formats: tuple[PlayerFormat, ...]
    card_values: CardValues = section(CardValues(), N_("Card values"))
    canastas: tuple[CanastaBonus, ...] = (
        canasta(CanastaKind.NATURAL, 500),
        canasta(CanastaKind.MIXED, 300),
    )
    #: Penalties for melds left unfinished on the table, by kind (none in RULES.md's texts).
    unfinished_canastas: tuple[UnfinishedPenalty, ...] = ()
    canasta_count_premios: CanastaCountPremios = section(CanastaCountPremios(), N_("Canastas"))
    red_threes: RedThreeRules = section(RedThreeRules(), N_("Red 3s"))
    black_threes: BlackThreeRules = section(BlackThreeRules(), N_("Black 3s"))
    going_out: tuple[GoingOutKind, ...] = ()
    going_out_requirement: GoingOutRequirement = section(
        GoingOutRequirement(), N_("Canastas needed to go out"))
    premios: tuple[Premio, ...] = ()
    penalties: tuple[Penalty, ...] = ()
    held_cards: HeldCardRules = section(HeldCardRules(), N_("Cards melded and held"))
    special_hands: tuple[SpecialHand, ...] = ()
    opening_minimums: OpeningMinimums = OpeningMinimums()
    # The values the rule set holds itself ("The game").
    target: int = rule(5000, N_("Play to"), sources=ALL_SOURCES, minimum=100)
    tie_rule: TieRule = rule(
        TieRule.PLAY_ON, N_("When the leaders are level at the target"), sources=("002", "004"),
        choices=(("play_on", N_("play on")), ("draw", N_("the game is drawn"))),
        card=N_("Sides level at the target"),
        says=(("draw", N_("The game is drawn.")),
              ("play_on", N_("Play on until one side leads."))),
    )
    stock_out_hand_cards: HandCards = rule(
        HandCards.AGAINST, N_("When the stock runs out, cards left in hand"), sources=ALL_SOURCES,
        choices=(("against", N_("count against the side")), ("ignored", N_("count nothing"))),
        card=N_("The stock runs out"),
        says=(("ignored", N_("The hand ends: canastas, bonuses and cards on the table count; "
                             "cards left in hand count nothing.")),
              ("against", N_("The hand ends with no going-out bonus; cards left in hand count "
                             "against their side."))),
    )
    #: Minutes a game lasts on the clock (002: 60); ``None``: no clock. The card says it in
    #: words ("60 minutes", "none").
    time_limit_minutes: int | None = rule(
        None, N_("Minutes on the clock"), sources=("002",), empty=Empty.NO_CLOCK, minimum=1,
        maximum=600, on_card=False,
    )
    #: The preset a house rule set was made from; ``None`` for a preset.
    based_on: str | None = None
    notes: tuple[str, ...] = field(default=())

    # -- look-ups ---------------------------------------------------------------------------

    def canasta_points(self, kind: CanastaKind) -> int | None:
        """The bonus of a canasta of ``kind``; raises KeyError if the kind is not allowed."""
        for bonus in self.canastas:
            if bonus.kind is kind:
                return bonus.points
        raise KeyError(kind)

    def allows(self, kind: CanastaKind) -> bool:
        """Whether canastas of ``kind`` exist in this rule set."""
        return any(b.kind is kind for b in self.canastas)

    def canasta_kind(self, kind: CanastaKind) -> CanastaBonus:
        """The rule set's definition of ``kind`` (the kind's usual one if it is not allowed)."""
        for bonus in self.canastas:
            if bonus.kind is kind:
                return bonus
        return canasta(kind, None)

    def unfinished_penalty(self, kind: CanastaKind) -> UnfinishedPenalty | None:
        """What a meld of ``kind`` left unfinished costs; ``None`` when it costs nothing."""
        for penalty in self.unfinished_canastas:
            if penalty.kind is kind:
                return penalty
        return None

    def going_out_kind(self, kind_id: str) -> GoingOutKind:
        """The going-out kind called ``kind_id``; raises KeyError if there is none."""
        for kind in self.going_out:
            if kind.id == kind_id:
                return kind
        raise KeyError(kind_id)

    @property
    def plain_going_out(self) -> GoingOutKind:
        """The ordinary way of going out, the first of :attr:`going_out`."""
        return self.going_out[0]

    def premio(self, premio_id: str) -> Premio:
        """The premio called ``premio_id``; raises KeyError if there is none."""
        for premio in self.premios:
            if premio.id == premio_id:
                return premio
        raise KeyError(premio_id)

    def penalty(self, penalty_id: str) -> Penalty:
        """The penalty called ``penalty_id``; raises KeyError if there is none."""
        for penalty in self.penalties:
            if penalty.id == penalty_id:
                return penalty
        raise KeyError(penalty_id)

    def special_hand(self, hand_id: str) -> SpecialHand:
        """The special hand called ``hand_id``; raises KeyError if there is none."""
        for hand in self.special_hands:
            if hand.id == hand_id:
                return hand
        raise KeyError(hand_id)

    def find_format(self, players: int | str, format_id: str | None = None) -> PlayerFormat:
        """The player format for ``players`` (a count or a format id).

        With six players and no ``format_id`` the first six-player format is taken (two teams
        of three). Raises KeyError if the rule set has no such format.
        """
        wanted = format_id if format_id is not None else players
        for fmt in self.formats:
            if str(wanted) == fmt.id:
                return fmt
        if format_id is None and str(players).isdecimal():
            for fmt in self.formats:
                if fmt.players == int(players):
                    return fmt
        raise KeyError(wanted)

    def opening_minimum(self, running_total: int) -> int:
        """The first-meld minimum for a side with ``running_total`` points."""
        return self.opening_minimums.for_score(running_total)

    def opening_condition(self, running_total: int) -> OpeningCondition | None:
        """What that side's first meld must be beyond its points (Brazilian from 7,000)."""
        return self.opening_minimums.condition_for(running_total)

    def missing_values(self) -> list[tuple[str, str]]:
        """Values a source names without a number: ``(path, label)`` pairs to be filled in."""
        missing: list[tuple[str, str]] = []
        for bonus in self.canastas:
            if bonus.points is None:
                missing.append((f"canastas.{bonus.kind.value}", bonus.kind.label))
        for kind in self.going_out:
            if kind.points is None:
                missing.append((f"going_out.{kind.id}", kind.label))
        missing += [(d.path, d.label) for d in all_declared(self)
                    if d.value is None and d.rule.empty is Empty.ASKED_AT_START and d.in_force]
        for premio in self.premios:
            if premio.points is None:
                missing.append((f"premios.{premio.id}", premio.label))
        return missing

    def with_values(self, values: Mapping[str, int]) -> RuleSet:
        """A copy with the values of :meth:`missing_values` paths filled in."""
        data = ruleset_to_dict(self)
        declared_paths = {d.path for d in all_declared(self)}
        for path, value in values.items():
            section_key, _, key = path.partition(".")
            if section_key == "canastas":
                data["canastas"][key] = value
            elif section_key == "going_out":
                for kind in data["going_out_kinds"]:
                    if kind["id"] == key:
                        kind["points"] = value
            elif section_key == "premios":
                for premio in data["premios"]:
                    if premio["id"] == key:
                        premio["points"] = value
            elif path in declared_paths:
                if key:
                    data[section_key][key] = value
                else:
                    data[path] = value
            else:
                raise EntryErrors([FieldError(path, N_("This value cannot be set here."))])
        return ruleset_from_dict(data, base=self)

    def sections(self) -> tuple[Section, ...]:
        """The declared values of this rule set by section (the card, the form list them)."""
        return sections(self)

    # -- what the count asks for ------------------------------------------------------------

    @property
    def counts_red_threes_in_hand(self) -> bool:
        """Whether a red 3 kept in hand costs points (000, 001), so the count asks for it."""
        return self.red_threes.each_in_hand_penalty is not None

    @property
    def counts_black_threes_in_hand(self) -> bool:
        """Whether black 3s left in hand cost more than their card value (000, 001, 002)."""
        bt = self.black_threes
        return bt.each_in_hand_penalty is not None or bt.all_in_hand_penalty is not None

    @property
    def counts_black_threes_with_pile(self) -> bool:
        """Whether black 3s taken with the pile are set aside and scored (Cuban)."""
        bt = self.black_threes
        return bt.each_with_pile is not None or bt.all_with_pile is not None

    @property
    def counts_aces_or_sevens_held(self) -> bool:
        """Whether a player left holding 3+ aces or 3+ sevens costs points (Modern American)."""
        return self.held_cards.aces_or_sevens_held_penalty is not None

    @property
    def counts_black_threes_shown(self) -> bool:
        """Whether showing every black 3 going out earns a bonus (000, 001, 002)."""
        return self.black_threes.all_shown_bonus is not None


def vary(base: RuleSet, values: Mapping[str, Any] | None = None, **changes: Any) -> RuleSet:
    """A preset that says only what differs from ``base``.

    ``changes`` are fields of the rule set (``id``, ``formats``, ``going_out``…); ``values``
    are declared values by their path (``"black_threes.each_in_hand_penalty": 100``).
    """
    sections_of = {f.name for f in fields(RuleSet)}
    by_section: dict[str, dict[str, Any]] = {}
    for path, value in (values or {}).items():
        key, _, name = path.partition(".")
        if not name:
            changes[key] = value
        elif key in sections_of:
            by_section.setdefault(key, {})[name] = value
        else:
            raise KeyError(path)
    for key, section_values in by_section.items():
        changes[key] = replace(changes.get(key, getattr(base, key)), **section_values)
    return replace(base, **changes)


# -- the presets ----------------------------------------------------------------------------

_PAIRS_11 = PlayerFormat("4", N_("Four players in two pairs"), players=4, sides=2, cards_dealt=11)

#: The penalty list of 000 and 001, less the two faults the count already takes from the
#: entry's "red 3s in hand" and "black 3s in hand" (they would otherwise count twice).
_SPANISH_PENALTIES = (
    Penalty("pile_before_showing", N_("Taking the pile before showing the matching cards"), 200),
    Penalty("meld_in_partners_turn", N_("Laying down cards in partner's turn"), 200),
    Penalty("card_out_of_turn", N_("Taking a card out of turn and mixing it into the hand"), 200),
    Penalty("stock_out_of_turn", N_("Drawing from the stock out of turn"), 100),
    Penalty("meld_in_opponents_turn", N_("Laying down cards in an opponent's turn"), 100),
    Penalty("pile_out_of_turn", N_("Taking the pile out of turn"), 100),
    Penalty("asked_to_go_out_and_could_not", N_("Asking to go out and not being able to"), 100),
    Penalty("two_cards_instead_of_one", N_("Taking two cards instead of one"), 50),
    Penalty("pile_top_without_opening", N_("Taking the top of the pile and not opening"), 50),
    Penalty("taking_back_a_card", N_("Taking back a drawn card"), 50),
)

_PLAIN_GOING_OUT = GoingOutKind("normal", N_("Going out"), 100)

CLASSIC = RuleSet(
    id="classic",
    name=N_("Classic Canasta"),
    sources=("003", "004"),
    description=N_(
        "The classic partnership game: natural and mixed canastas, red 3s, going out "
        "and going out concealed, to 5,000."
    ),
    formats=(
        _PAIRS_11,
        PlayerFormat(
            "2", N_("Two players"), players=2, sides=2, cards_dealt=15, canastas_to_go_out=2
        ),
    ),
    going_out=(
        _PLAIN_GOING_OUT,
        # 003: "Going out concealed 200"; 004: 100 plus 100 more. Both make 200 in all.
        GoingOutKind("concealed", N_("Going out concealed"), 200, concealed=True),
    ),
    # 003's optional "Acaba": a side concedes the hand at a cost of 1,500. 003 also charges a
    # canasta still held in hand at the end "according to this same scale": "a player holding
    # a mixed canasta in the hope of going out concealed will attract a penalty of 300 points
    # in addition to the card count" (a natural one, by the same scale, 500).
    penalties=(
        Penalty("acaba", N_("Conceding the hand (“Acaba”)"), 1500),
        Penalty("mixed_canasta_in_hand", N_("Mixed canasta held in hand"), 300),
        Penalty("natural_canasta_in_hand", N_("Natural canasta held in hand"), 500),
    ),
    # 003 prints "Negative: none"; 004 and the Spanish texts give 15. Default 15, settable.
    opening_minimums=OpeningMinimums(negative=15),
    notes=(
        N_("003 gives no minimum for a negative score; 004 gives 15, the default here."),
        N_("Uruguay canasta (003) allows a wild-card canasta worth 2,000: add it as a house rule."),
    ),
)

LA_CANASTA = RuleSet(
    id="la-canasta",
    name=N_("La Canasta (Spanish rules)"),
    sources=("000",),
    description=N_(
        "The Spanish partnership game: canastón and canasta de canastas, red and black 3s "
        "in hand, the four ways to “abatir”, and the list of penalties."
    ),
    formats=(_PAIRS_11,),
    canasta_count_premios=CanastaCountPremios(five=500, seven=2000),
    red_threes=RedThreeRules(
        each=100,
        all_of_them=800,
        negative_when=RedThreesNegativeWhen.NO_CANASTA,
        each_in_hand_penalty=500,
    ),
    black_threes=BlackThreeRules(all_shown_bonus=500, all_in_hand_penalty=500),
    going_out=(
        GoingOutKind("normal", N_("Going out (“premio por irse”)"), 100),
        GoingOutKind(
            "abatir_first_turn_alone",
            N_("Abatir on the first turn, without partner's melds"),
            1000,
            concealed=True,
        ),
        GoingOutKind(
            "abatir_first_turn_with_partner",
            N_("Abatir on the first turn, using partner's melds"),
            500,
            concealed=True,
        ),
        GoingOutKind(
            "abatir_later_alone", N_("Abatir later in play, without partner's melds"), 500,
            concealed=True,
        ),
        GoingOutKind(
            "abatir_later_with_partner", N_("Abatir later in play, using partner's melds"), 200,
            concealed=True,
        ),
    ),
    penalties=_SPANISH_PENALTIES,
    notes=(
        N_("000 does not say whether “abatir” also earns the 100 for going out: off by default."),
        N_("000 does not say whether seven canastas also earn the canastón: off by default."),
    ),
)

#: 001 is 000's game with the wild-card canasta: it says only what differs.
COMODINES = vary(
    LA_CANASTA,
    {
        # 001 lists both: each black 3 left in a hand -100, and all four in hand -500.
        "black_threes.each_in_hand_penalty": 100,
        # "una canasta limpia y otra sucia"; a wild-card canasta alone does not do.
        "going_out_requirement.canastas": 0,
        "going_out_requirement.natural": 1,
        "going_out_requirement.mixed": 1,
        "going_out_requirement.wild_counts": False,
    },
    id="comodines",
    name=N_("Canasta with wild-card canasta"),
    sources=("001",),
    description=N_(
        "The Spanish game for 2, 3, 4 or 6 players with the wild-card canasta (2,000); going "
        "out needs a natural and a mixed canasta; each black 3 left in hand costs 100."
    ),
    formats=(
        PlayerFormat("2", N_("Two players"), players=2, sides=2, cards_dealt=15),
        PlayerFormat("3", N_("Three players, each for himself"), players=3, sides=3,
                     cards_dealt=13),
        _PAIRS_11,
        PlayerFormat("6-teams", N_("Six players in two teams of three"), players=6, sides=2,
                     cards_dealt=11),
        PlayerFormat("6-pairs", N_("Six players in three pairs (a third pack)"), players=6,
                     sides=3, cards_dealt=13, packs=3),
    ),
    canastas=(
        canasta(CanastaKind.NATURAL, 500),
        canasta(CanastaKind.MIXED, 300),
        canasta(CanastaKind.WILD, 2000),
    ),
    # 001's table gives 100 for going out, its text 200: 100 by default, settable. 001 has no
    # "abatir".
    going_out=(LA_CANASTA.going_out[0],),
    notes=(
        N_("001 gives 100 for going out in its table and 200 in its text: 100 by default."),
        N_("001 lists both −100 for each black 3 in hand and −500 for all four: both apply."),
    ),
)

TORNEO = RuleSet(
    id="torneo",
    name=N_("Tournament (Fundación Pablo Horstmann)"),
    sources=("002",),
    description=N_(
        "Pairs, three packs, fifteen cards each, 60-minute games to 15,000; the organizer sets "
        "the values of the premios the rules name without a number."
    ),
    formats=(
        PlayerFormat("4", N_("Four players in two pairs (three packs)"), players=4, sides=2,
                     cards_dealt=15, packs=3),
    ),
    canastas=(
        canasta(CanastaKind.NATURAL, 500),
        canasta(CanastaKind.MIXED, 300),
        canasta(CanastaKind.WILD, None),  # "canasta de monos": no value given
    ),
    red_threes=RedThreeRules(
        each=None,  # "flores" count in the base; 002 gives no value
        all_of_them=None,
        negative_when=RedThreesNegativeWhen.NO_CANASTA,
    ),
    black_threes=BlackThreeRules(
        all_shown_bonus=800, all_in_hand_penalty=800, all_in_hand_only_when_out=True
    ),
    going_out=(
        GoingOutKind("normal", N_("Closing (“cierre”)"), None),
        GoingOutKind(
            "clean", N_("Closing clean (“cerrar a limpio”)"), 0, plus_going_out_bonus=True,
            hand_cards_positive=True,
        ),
    ),
    premios=(
        Premio("corte_exacto", N_("Exact cut (“corte exacto”)"), 300),
        Premio("juego_limpio", N_("Clean game (“juego limpio”)"), None),
        Premio("canastilla", N_("Canastilla"), None),
        Premio("canaston", N_("Canastón"), None),
        Premio("canasta_de_moda", N_("Canasta of the “moda”"), None),
        Premio("canasta_doble", N_("Double canasta"), None),
        Premio("canasta_triple", N_("Triple canasta"), None),
    ),
    target=15000,
    tie_rule=TieRule.DRAW,
    stock_out_hand_cards=HandCards.IGNORED,
    time_limit_minutes=60,
    notes=(
        N_("002 names these without a value: the organizer sets them before play."),
        N_("002 gives no opening minimums or going-out requirement: the common ones apply."),
    ),
)

# -- the Canasta family (shared/VARIANTS.md) ----------------------------------------------------
#
# Each variant says only what differs from its base, line by line with VARIANTS.md and its
# source keys ([RG-U], …; listed at the end of VARIANTS.md).

#: VARIANTS.md section 6, Uruguay: "Everything not listed: classic Canasta (section 0.1)"
#: [RG-U]; [BC]. Classic as 003/004 play it (red 3s 100, 800 for four, against a side that never
#: melded; going out 100, concealed 200 in all, one canasta; minimums 15/50/90/120; 5,000).
URUGUAY = vary(
    CLASSIC,
    id="uruguay",
    name=N_("Uruguay Canasta"),
    sources=("RG-U", "BC"),
    description=N_(
        "Classic Canasta with the wild-card canasta: 3 to 7 wild cards, 2s and jokers mixed "
        "freely, 2,000 plus its cards; the discard pile is always frozen."
    ),
    # 0.1 "4 players in 2 partnerships; 11 cards each" (section 8: 2 packs, 11 cards). The
    # two-player game is 003's own, not the Uruguay texts'.
    formats=(_PAIRS_11,),
    canastas=(
        *CLASSIC.canastas,  # natural 500, mixed 300 (classic, 0.1)
        # "Wild canasta (`wild`, any composition) | 2000; card values on top"; section 0.2:
        # no distinction between 2s and jokers, so only `wild` (seven 2s or four jokers are
        # wild canastas like any other).
        canasta(CanastaKind.WILD, 2000),
    ),
    notes=(
        N_("A wild-card canasta is 3 to 7 wild cards, 2s and jokers mixed freely (RG-U, BC)."),
        N_("A wild-card meld left unfinished costs nothing in the Uruguay texts; pagat mentions "
           "−1,000 as a house rule: add it as a penalty."),
        N_("The discard pile is always frozen: a natural pair is needed to take it."),
        N_("003 gives no minimum for a negative score; 004 gives 15, the default here."),
    ),
)

#: VARIANTS.md section 2, Samba [BIC-S]; [HSW-S]; [P-S]. Card values as classic [P-S]; [RG-S].
SAMBA = vary(
    CLASSIC,
    {
        # "Red threes | 100 each; all six held by one side 1000"
        "red_threes.all_of_them": 1000,
        # "plus only if the side has the 2 canastas needed to go out, otherwise minus" (six
        # without them: -1,000, "the penalty equals the bonus", HowStuffWorks, the default)
        "red_threes.negative_when": RedThreesNegativeWhen.SHORT_OF_GOING_OUT,
        # "Going out | +200; needs 2 canastas (natural, mixed or samba, any mix)"
        "going_out_requirement.canastas": 2,
        # "Game | 10,000; higher total wins; the Swedish "official international" text calls
        # an exact tie a draw" (the only source that speaks of a tie)
        "target": 10000,
        "tie_rule": TieRule.DRAW,
    },
    id="samba",
    name=N_("Samba"),
    sources=("BIC-S", "HSW-S", "P-S"),
    description=N_(
        "Three packs, fifteen cards each: the samba (a sequence of seven of a suit) is worth "
        "1,500; no wild-card canasta; going out 200 with two canastas; to 10,000."
    ),
    # "3 packs + 6 jokers = 162; 4 players, 2 partnerships ...; 15 cards each"
    formats=(PlayerFormat("4", N_("Four players in two pairs (three packs)"), players=4,
                          sides=2, cards_dealt=15, packs=3),),
    canastas=(
        canasta(CanastaKind.NATURAL, 500),  # "Natural canasta | 500"
        # "Mixed canasta | 300"; "groups with at most 2 wilds"
        canasta(CanastaKind.MIXED, 300, max_wild=2),
        # "Samba (7-card sequence, `sequence`) | 1500; card values on top"
        canasta(CanastaKind.SEQUENCE, 1500),
        # "Wild canasta | not allowed (no wild-only melds)"
    ),
    # "Concealed going out | no extra bonus (still 200)": one way of going out.
    going_out=(GoingOutKind("normal", N_("Going out"), 200),),
    # None of classic's 003 penalties (Acaba, a canasta held in hand) is Samba's.
    penalties=(),
    # "negative 15; 0–1495 50; 1500–2995 90; 3000–6995 120; 7000+ 150 or 160" → 150
    opening_minimums=OpeningMinimums(negative=15, bands=(
        OpeningBand(0, 50), OpeningBand(1500, 90), OpeningBand(3000, 120),
        OpeningBand(7000, 150))),
    notes=(
        N_("From 7,000 the sources ask 150 (pagat, Bicycle's Bolivia page) or 160 (Bicycle's "
           "Samba page, HowStuffWorks): 150 by default, settable."),
        N_("Six red 3s without the two canastas count −1,000 (HowStuffWorks); a digest of "
           "pagat reads −100 each (−600)."),
        N_("A sequence (samba) is 3 to 7 cards of one suit, 4 low and ace high, no wild card "
           "and no 3; a group holds at most 2 wild cards."),
        N_("Each player draws two cards and discards one."),
    ),
)

#: VARIANTS.md section 3, Bolivia: "Same as Samba" except the items below [BIC-B]; [RG-B].
BOLIVIA = vary(
    SAMBA,
    {
        # "Black three left in hand (any player goes out) | -100 each (instead of -5)": -100
        # in all, and only when someone went out.
        "black_threes.each_in_hand_penalty": 100,
        "black_threes.each_in_hand_includes_card": True,
        "black_threes.each_in_hand_only_when_out": True,
        # "Going out | +200 (Samba); needs 2 canastas, at least one an escalera"
        "going_out_requirement.sequence": 1,
        # "Game | 15,000"
        "target": 15000,
    },
    id="bolivia",
    name=N_("Bolivia"),
    sources=("BIC-B", "RG-B", "BN-B"),
    description=N_(
        "Samba with the bolivia (seven wild cards, 2,500) and the escalera (1,500); going out "
        "needs two canastas, one an escalera; each black 3 left in hand costs 100; to 15,000."
    ),
    canastas=(
        *SAMBA.canastas,  # natural 500, mixed 300 (as Samba); "Escalera ... | 1500"
        # "Bolivia (7 wild cards, `wild`) | 2500"; "2s and jokers interchangeable": one kind.
        canasta(CanastaKind.WILD, 2500),
    ),
    notes=(
        N_("Wild melds hold 3 to 7 wild cards, 2s and jokers alike; nothing may be added to a "
           "bolivia."),
        N_("Red 3s count for a side with 2 canastas of any kind, against it otherwise "
           "(all six: 1,000)."),
        N_("The opening minimum stays 150 from 7,000 up."),
        N_("No penalty for an unfinished meld is stated."),
    ),
)

#: VARIANTS.md section 5, Cuban Canasta: "Classic Canasta except the items below" [RG-C].
#: Classic as 003/004 play it; natural 500, mixed 300 "(classic)"; card values on top.
CUBAN = vary(
    CLASSIC,
    {
        # "Red threes (per side, by count) | 1: 100; 2: 300; 3: 500; 4: 1000" [RG-C]; [BN-J]
        "red_threes.by_count": (100, 300, 500, 1000),
        # "Red threes sign | plus if the side has at least one canasta, minus otherwise"
        "red_threes.negative_when": RedThreesNegativeWhen.NO_CANASTA,
        # "Black threes | ... those taken with the pile are set aside and score 5 each, or
        # 100 for all four (no body field)": the entry's black_threes_with_pile.
        "black_threes.each_with_pile": 5,
        "black_threes.all_with_pile": 100,
        # "Canastas to go out | not changed by the source -> classic 1 (sources disagree:
        # [BN-J] has 2)": classic's 1, a setting.
        "going_out_requirement.canastas": 1,
        # "Game | 7500"
        "target": 7500,
    },
    id="cuban",
    name=N_("Cuban Canasta"),
    sources=("RG-C",),
    description=N_(
        "Classic Canasta with thirteen cards each and three wild-card canastas (seven 2s "
        "4,000; four jokers and three 2s 3,000; any other 2,000); red 3s 100, 300, 500, 1,000 "
        "by count; black 3s taken with the pile set aside; to 7,500."
    ),
    # "Cards / players | 108 cards, 4 players; 13 cards each"
    formats=(PlayerFormat("4", N_("Four players in two pairs"), players=4, sides=2,
                          cards_dealt=13),),
    canastas=(
        *CLASSIC.canastas,  # "Natural / mixed | 500 / 300 (classic)"
        # "Wild canasta, any other mix (`wild`) | 2000": one to three jokers.
        canasta(CanastaKind.WILD, 2000, min_jokers=1, max_jokers=3),
        # "Wild canasta: seven 2s (`wild_twos`) | 4000"
        canasta(CanastaKind.WILD_TWOS, 4000),
        # "Wild canasta: four jokers + three 2s (`wild_four_jokers`) | 3000"
        canasta(CanastaKind.WILD_FOUR_JOKERS, 3000),
    ),
    # "Going out | 100; concealed gives nothing extra": one way of going out.
    going_out=(_PLAIN_GOING_OUT,),
    # "Opening minimum | negative 15; 0–1495 50; 1500–2995 90; 3000–4995 120; 5000+ 150"
    opening_minimums=OpeningMinimums(negative=15, bands=(
        OpeningBand(0, 50), OpeningBand(1500, 90), OpeningBand(3000, 120),
        OpeningBand(5000, 150))),
    notes=(
        N_("One canasta to go out, as in classic Canasta (the Cuban text changes nothing); "
           "Joker Canasta (BN-J) asks two: settable."),
        N_("The discard pile is always frozen; a canasta holds at most seven cards; wild cards "
           "may be melded on their own; black 3s may not be discarded on the first round."),
        N_("Black 3s taken with the pile are set aside: enter them under More."),
    ),
)

#: VARIANTS.md section 7, Italian Canasta (Canastone): [RG-I] and [HSW-I], which agree; [RG-I]
#: calls it "a variation of Samba", so what section 7 does not list is Samba's (three packs,
#: 15 cards, groups with at most 2 wild cards, a tie drawn). No sequence: section 8 lists none.
ITALIAN = vary(
    SAMBA,
    {
        # "Red threes | 1–3: 100 each; 4 or more: 200 each (4 = 800, 5 = 1000, 6 = 1200)"
        "red_threes.by_count": (100, 200, 300, 800, 1000, 1200),
        # Open point "sign of red threes for a side without two canastas (Samba's rule is the
        # natural default)": Samba's short_of_going_out, inherited.
        # "Premio: five natural canastas | +2000"
        "canasta_count_premios.five_natural": 2000,
        # "Premio: four natural + one mixed | +1000"
        "canasta_count_premios.four_natural_one_mixed": 1000,
        # "Premio: ten canastas of any kind | +2000"
        "canasta_count_premios.ten": 2000,
        # Open point "whether premios stack": off (only the highest), a setting.
        "canasta_count_premios.mix_cumulative": False,
        # "3000 / 2000 — only for the side that goes out; otherwise card values only"
        "canasta_count_premios.wild_only_going_out": True,
        # Open point "what happens to the two wild-canasta bonuses when the hand ends by
        # stock-out": nobody went out, so nobody earns them (a setting).
        "canasta_count_premios.wild_when_nobody_out": False,
        # "Going out | 300; needs 2 canastas, wild canastas not counted"
        "going_out_requirement.canastas": 2,
        "going_out_requirement.wild_counts": False,
        # "Game | 12,000"
        "target": 12000,
    },
    id="italian",
    name=N_("Italian Canasta (Canastone)"),
    sources=("RG-I", "HSW-I", "P-CT"),
    description=N_(
        "Three packs, fifteen cards each: seven 2s 3,000 and 2s with jokers 2,000 for the side "
        "that goes out; premios for five natural canastas, four natural and a mixed one, ten "
        "canastas; going out 300 with two canastas that are not wild; to 12,000."
    ),
    canastas=(
        canasta(CanastaKind.NATURAL, 500),  # "Natural / mixed canasta | 500 / 300"
        canasta(CanastaKind.MIXED, 300, max_wild=2),  # [P-CT]: "at most 2 wilds"
        # "Mixed canasta of 2s (2s + jokers, `wild`) | 2000": at least a joker and a 2. The
        # four-joker canasta has no value of its own (open point): it is one of these.
        canasta(CanastaKind.WILD, 2000, min_jokers=1, max_jokers=6),
        # "Canasta of seven 2s (`wild_twos`) | 3000"
        canasta(CanastaKind.WILD_TWOS, 3000),
    ),
    # "Going out | 300"; concealed: open point, no bonus of its own (Samba's).
    going_out=(GoingOutKind("normal", N_("Going out"), 300),),
    # "negative 15; 0–1495 50; 1500–2995 90; 3000–4995 120; 5000–7495 160; 7500–9995 180;
    # 10000+ 200"
    opening_minimums=OpeningMinimums(negative=15, bands=(
        OpeningBand(0, 50), OpeningBand(1500, 90), OpeningBand(3000, 120),
        OpeningBand(5000, 160), OpeningBand(7500, 180), OpeningBand(10000, 200))),
    notes=(
        N_("The premios for the canastas made do not add up: a side earns the highest it "
           "qualifies for (the sources do not say; settable)."),
        N_("When the stock runs out nobody went out, so no side earns a wild-card canasta's "
           "bonus (the sources do not say; settable)."),
        N_("A canasta of four jokers has no value of its own in the sources read: it counts as "
           "a canasta of 2s and jokers (2,000). pagat's bonus for a canasta of aces is not "
           "known: add it as a house rule."),
        N_("The opening meld holds natural cards only; the discard pile is always frozen."),
        N_("Red 3s count against a side without the two canastas going out needs (Samba's "
           "rule; the sources do not say)."),
    ),
)

#: VARIANTS.md section 4, Brazilian: "Same as Bolivia" except the items below [BIC-BR]; [RG-BR].
BRAZILIAN = vary(
    BOLIVIA,
    id="brazilian",
    name=N_("Brazilian Canasta"),
    sources=("BIC-BR", "RG-BR", "WKC-BR"),
    values={
        # "Red threes | 1–4: 100 each; 5: 1000 in all; 6: 1200 in all"
        "red_threes.by_count": (100, 200, 300, 400, 1000, 1200),
        # "Red threes sign | plus if the side has **at least one** canasta, minus otherwise"
        "red_threes.negative_when": RedThreesNegativeWhen.NO_CANASTA,
        # "Going out | +200; any two canastas (escalera not required)"
        "going_out_requirement.sequence": 0,
        # "Game | 10,000"
        "target": 10000,
    },
    # "Wild canasta (`wild`) | 2000" [BIC-BR]; [RG-BR] (2,500 in [WKC-BR]: a setting); natural
    # 500, mixed 300, escalera 1,500 inherited.
    canastas=(*SAMBA.canastas, canasta(CanastaKind.WILD, 2000)),
    # "Sequence of fewer than 5 cards left on the table at the end | -1000 (5- and 6-card
    # sequences: no penalty)"; "at the end", however it ended.
    unfinished_canastas=(unfinished(CanastaKind.SEQUENCE, 1000, fewer_than=5),),
    # "negative 15; 0–1495 50; 1500–2995 90; 3000–6995 120; 7000–7995: the opening must **be a
    # canasta**; 8000–8995: a canasta worth at least 200 (rummy-games: a canasta and melds
    # totalling 200+); 9000+: a **natural** canasta"
    opening_minimums=OpeningMinimums(negative=15, bands=(
        OpeningBand(0, 50), OpeningBand(1500, 90), OpeningBand(3000, 120),
        OpeningBand(7000, 0, OpeningCondition.CANASTA),
        OpeningBand(8000, 200, OpeningCondition.CANASTA),
        OpeningBand(9000, 0, OpeningCondition.NATURAL_CANASTA))),
    description=N_(
        "Bolivia with the wild-card canasta at 2,000; red 3s 100 each up to four, 1,000 for "
        "five, 1,200 for six, for a side with a canasta; a sequence of fewer than 5 cards left "
        "on the table costs 1,000; from 7,000 the opening must be a canasta; to 10,000."
    ),
    notes=(
        N_("The wild-card canasta is worth 2,000 (Bicycle, rummy-games); whiteknucklecards keeps "
           "Bolivia's 2,500: 2,000 by default, settable."),
        N_("A sequence of 5 or 6 cards left on the table costs nothing; one of fewer than 5 "
           "cards costs 1,000."),
        N_("From 8,000 the opening must be a canasta worth at least 200 (Bicycle); rummy-games "
           "reads a canasta and melds totalling 200: both ask a canasta and 200 points."),
        N_("The discard pile may not be taken for the opening meld."),
        N_("Before going out a player asks the partner; the escalera may be extended at its "
           "ends when going out."),
    ),
)

#: VARIANTS.md section 1, Modern American Canasta: "There is no single governing text"; the
#: Canasta League of America's values [CLA] via [EBB] first, cross-checked with canasta.com
#: [CCOM], Canasta Junction [CJ], Canasta Connection [CCON], Wikipedia [WIKI-US], WCA 2018 [WCA],
#: NVSO [NVSO] and pagat [P-CAN]. Card values as classic: "joker 50, 2 = 20, A 20, K–8 10,
#: 7–4 5" [CLA] via [EBB]; [NVSO].
AMERICAN = vary(
    CLASSIC,
    {
        # "Sign of threes | side with 0 canastas: minus; exactly 1 canasta: 0 (ignored); 2+
        # canastas: plus" [CCOM]; [CJ] part 2.
        "red_threes.negative_when": RedThreesNegativeWhen.BY_CANASTAS,
        # "Threes | red and black are both laid out; each colour scored separately: 1 = 100,
        # 2 = 300, 3 = 500, 4 = 1000" [CCOM]; [CJ] part 2; [CLA] via [EBB]
        "red_threes.by_count": (100, 300, 500, 1000),
        "black_threes.laid_out_like_red": True,
        # "A 3 stuck in hand | −100 ([CJ]; black threes −100 in [EA]) or −5 when it was the
        # last card drawn ([CJ]; [CLA] via [EBB]) → sources disagree: a setting": −100 in all
        # by default (a black 3's 5 card points included), −5 by setting.
        "red_threes.each_in_hand_penalty": 100,
        "black_threes.each_in_hand_penalty": 100,
        "black_threes.each_in_hand_includes_card": True,
        # "Going out | +100; needs 2 canastas (any kinds)" [CCOM]; [WCA]; [CCON]; [CLA]
        "going_out_requirement.canastas": 2,
        # "Side with 0 canastas | value of its melded cards is subtracted as well as its hand"
        # [CJ] part 3; [CLA] via [EBB]
        "held_cards.table_against_without_canasta": True,
        # "3+ aces or 3+ sevens left in one player's hand | −1500 per such player (plus the
        # card values)" [CCOM]; [CJ]; [WIKI-US]
        "held_cards.aces_or_sevens_held_penalty": 1500,
        # "Game | 8500; if both sides pass it on one hand the higher total wins; exact tie
        # not covered" [CJ] part 1; [POC]; [NVSO]: the tie rule stays a setting, play on by
        # default (classic's).
        "target": 8500,
    },
    id="american",
    name=N_("Modern American Canasta"),
    sources=("CLA", "CCOM", "CJ", "CCON", "WIKI-US", "WCA", "NVSO", "POC", "P-CAN", "EA"),
    description=N_(
        "US club Canasta: sevens and aces canastas (2,500), wild-card canastas (2,000 to "
        "3,000), at most 2 wild cards a meld, going out 100 with two canastas, special hands, "
        "minimums 125 to 180; to 8,500."
    ),
    # "108 cards (2 packs + 4 jokers); 4 players, 2 partnerships; 13 cards each" [CLA] via
    # [EBB]; [POC]; [WCA]
    formats=(PlayerFormat("4", N_("Four players in two pairs, 13 cards each"), players=4,
                          sides=2, cards_dealt=13),),
    canastas=(
        canasta(CanastaKind.NATURAL, 500),  # "Natural canasta | 500" [CCOM]; [CJ]
        # "Mixed canasta | 300" [CCOM]; [CJ]; "Meld limits | max 2 wilds per meld" [CCON];
        # [WIKI-US]; [CLA] via [EBB]
        canasta(CanastaKind.MIXED, 300, max_wild=2),
        # "Sevens canasta (never wild) | 2500"; "Aces canasta (natural ...) | 2500" [CCOM];
        # [CJ]; [WIKI-US]
        canasta(CanastaKind.SEVENS, 2500),
        canasta(CanastaKind.ACES, 2500),
        # "Wild canasta: seven 2s | 3000"; "four jokers + three 2s | 2500"; "any other mix
        # (1–3 jokers) | 2000" [CCOM]; [CJ]; [WIKI-US]. "Card values of special canastas |
        # counted on top" [CJ] part 3.
        canasta(CanastaKind.WILD_TWOS, 3000),
        canasta(CanastaKind.WILD_FOUR_JOKERS, 2500),
        canasta(CanastaKind.WILD, 2000, min_jokers=1, max_jokers=3),
    ),
    # "Unfinished sevens meld | −2500"; "Unfinished natural aces meld | −2500"; "Unfinished
    # wild meld | −2000 (pagat: −2500 if it holds all four jokers) → default −2000" [CCOM];
    # [CJ]; [WIKI-US]; [P-CAN] via [EBB]; "always charged, whether the side went out or not";
    # going out "not allowed while an incomplete sevens/aces/wild meld is on the table"
    # [CCOM]; [WCA]; [CCON]; [CLA] via [EBB]. A wild meld holding the four jokers is its own
    # entry (§9 gap 4), -2,000 like any wild meld by default, pagat's -2,500 by setting.
    unfinished_canastas=(
        unfinished(CanastaKind.SEVENS, 2500, blocks_going_out=True),
        unfinished(CanastaKind.ACES, 2500, blocks_going_out=True),
        unfinished(CanastaKind.WILD, 2000, blocks_going_out=True),
        unfinished(CanastaKind.WILD_FOUR_JOKERS, 2000, blocks_going_out=True),
    ),
    # "Going out | +100"; "Concealed going out | no bonus exists" [CLA], [P-CAN] via [EBB]
    going_out=(_PLAIN_GOING_OUT,),
    # None of classic's 003 penalties (Acaba, a canasta held in hand) is American.
    penalties=(),
    # "Special hands (14 cards, only for a side that has not melded; end the hand; replace
    # that side's whole score; opponents score normally)" [CCOM]; [CLA] via [EBB]; [EA]: "→
    # default: CLA values (US clubs play CLA); pagat's 2000 for garbage as a house option."
    special_hands=(
        SpecialHand("seven_pairs", N_("Seven pairs, no wild card"), 2500),  # CLA, pagat 2500
        SpecialHand("seven_pairs_wild", N_("Seven pairs with aces, sevens and a wild pair"),
                    2000),  # CLA, pagat 2000
        SpecialHand("straight", N_("Straight: one of each rank, a 3 and wild cards"),
                    3000),  # CLA, pagat 3000
        SpecialHand("garbage", N_("Garbage (4-4-3-3)"), 3000),  # CLA 3000 (pagat 2000)
        # "Miami pairs, Zip code, Blast off (2500/2500/3000)": CLA only.
        SpecialHand("miami_pairs", N_("Miami pairs"), 2500),
        SpecialHand("zip_code", N_("Zip code"), 2500),
        SpecialHand("blast_off", N_("Blast off"), 3000),
    ),
    # "Opening minimum | below 3000 (negative included) 125; 3000–4995 155; 5000+ 180" [CJ]
    # part 1; [NVSO]; [CLA] via [EBB] (negative: [P-CAN] via [EBB])
    opening_minimums=OpeningMinimums(negative=125, bands=(
        OpeningBand(0, 125), OpeningBand(3000, 155), OpeningBand(5000, 180))),
    notes=(
        N_("Each colour of 3s laid out scores 100, 300, 500 or 1,000 for 1 to 4: for a side "
           "with two canastas or more, nothing with one, against it with none."),
        N_("A 3 stuck in hand costs 100 (Canasta Junction; pagat for black 3s) or 5 when it "
           "was the last card drawn (CLA): 100 by default, settable."),
        N_("Garbage is worth 3,000 (CLA) or 2,000 (pagat): 3,000 by default, settable. CLA "
           "also lists triples, quads and dream hands: add them as house rules."),
        N_("The opening meld needs a clean triple; the top discard does not count towards "
           "the minimum. At most 2 wild cards a meld."),
        N_("An unfinished wild meld costs 2,000; pagat asks 2,500 when it holds all four "
           "jokers: 2,000 by default, settable."),
        N_("Two sides passing 8,500 on one hand: the higher total wins; an exact tie is not "
           "covered, play on by default."),
    ),
)

#: The one registry of presets, by id. A preset that varies another is made with :func:`vary`.
PRESETS: dict[str, RuleSet] = {rs.id: rs for rs in (CLASSIC, LA_CANASTA, COMODINES, TORNEO,
                                                    URUGUAY, SAMBA, BOLIVIA, CUBAN, ITALIAN,
                                                    BRAZILIAN, AMERICAN)}


def _preset_labels() -> frozenset[str]:
    labels: set[str] = {EACH_RED_THREE}
    labels.update(k.label for k in CanastaKind)
    labels.update(k.unfinished_label for k in CanastaKind)
    labels.update(c.short for c in OpeningCondition)
    labels.update(c.label for c in OpeningCondition)
    labels.update(e.label for e in HandEnd)
    for rs in PRESETS.values():
        labels.update((rs.name, rs.description, *rs.notes))
        labels.update(f.label for f in rs.formats)
        labels.update(k.label for k in rs.going_out)
        labels.update(p.label for p in rs.premios)
        labels.update(p.label for p in rs.penalties)
        labels.update(h.label for h in rs.special_hands)
    return frozenset(labels)


#: Every name and label the presets and the engine's own kinds carry: English msgids, marked
#: with N_. A rule set's name or label is translated only when it is one of these; any other
#: (a house rule's own words) is the table's text, shown as typed.
PRESET_LABELS = _preset_labels()


def find_ruleset(ruleset_id: str) -> RuleSet:
    """The preset called ``ruleset_id``; raises :class:`UnknownRuleSet`."""
    try:
        return PRESETS[ruleset_id]
    except (KeyError, TypeError):
        raise UnknownRuleSet(str(ruleset_id)) from None


# -- to and from plain data (house rules, the API) ---------------------------------------------
#
# The declared values (engine/declared.py) are written and read by their declarations; what is
# left are the rule set's lists: canasta kinds, ways of going out, premios, penalties, the
# opening-minimum table and the player formats.


def ruleset_to_dict(rs: RuleSet) -> dict[str, Any]:
    """The rule set as JSON-ready data; :func:`ruleset_from_dict` reads it back.

    Each going-out kind is written once, in ``going_out_kinds`` (its points included).
    """
    data: dict[str, Any] = {
        "id": rs.id,
        "name": rs.name,
        "based_on": rs.based_on,
        "sources": list(rs.sources),
        "description": rs.description,
        "formats": [
            {
                "id": f.id,
                "label": f.label,
                "players": f.players,
                "sides": f.sides,
                "cards_dealt": f.cards_dealt,
                "packs": f.packs,
                "canastas_to_go_out": f.canastas_to_go_out,
            }
            for f in rs.formats
        ],
        "canastas": {b.kind.value: b.points for b in rs.canastas},
        "canasta_kinds": [canasta_kind_to_dict(b) for b in rs.canastas],
        "unfinished_canastas": {u.kind.value: unfinished_to_dict(u)
                                for u in rs.unfinished_canastas},
        "going_out_kinds": [
            {
                "id": k.id,
                "label": k.label,
                "points": k.points,
                "concealed": k.concealed,
                "plus_going_out_bonus": k.plus_going_out_bonus,
                "hand_cards_positive": k.hand_cards_positive,
            }
            for k in rs.going_out
        ],
        "premios": [{"id": p.id, "label": p.label, "points": p.points} for p in rs.premios],
        "penalties": [{"id": p.id, "label": p.label, "points": p.points} for p in rs.penalties],
        "special_hands": [{"id": h.id, "label": h.label, "points": h.points}
                          for h in rs.special_hands],
        "opening_minimums": {
            "negative": rs.opening_minimums.negative,
            "bands": [
                {"from": b.from_score, "minimum": b.minimum,
                 **({"condition": b.condition.value} if b.condition else {})}
                for b in rs.opening_minimums.bands
            ],
        },
        "notes": list(rs.notes),
    }
    for sec in sections(rs):
        if sec.key:
            data[sec.key] = to_plain(getattr(rs, sec.key))
        else:
            data.update({d.name: d.plain for d in sec.values})
    return data


def canasta_kind_to_dict(b: CanastaBonus) -> dict[str, Any]:
    """A kind of canasta as the API lists it (read back by its id: ``canastas`` holds the
    bonuses; what a kind may hold is the preset's)."""
    return {
        "id": b.kind.value,
        "label": b.kind.label,
        "points": b.points,
        "holds": b.holds.value,
        "max_wild": b.max_wild if b.holds is Holds.MIXED else None,
        "min_jokers": b.min_jokers if b.holds is Holds.WILD else None,
        "max_jokers": b.max_jokers if b.holds is Holds.WILD else None,
        "rank": b.rank.value if b.rank is not None else None,
        "cards_on_top": b.cards_on_top,
        "minimum_card_points": b.minimum_card_points,
    }


def unfinished_to_dict(u: UnfinishedPenalty) -> dict[str, Any]:
    """A penalty for an unfinished meld as plain data (read back by
    :func:`ruleset_from_dict`)."""
    return {"points": u.points, "fewer_than": u.fewer_than, "only_when_out": u.only_when_out,
            "blocks_going_out": u.blocks_going_out}


def red_three_table(rs: RuleSet) -> list[dict[str, Any]]:
    """What 1, 2, 3… red 3s are worth in all under ``rs``, for each number of packs its formats
    play with (``points[n - 1]`` for n red 3s; ``None`` where the rule set gives no value)."""
    return [
        {"packs": packs,
         "points": [rs.red_threes.points_for(n, packs)
                    for n in range(1, RED_THREES_PER_PACK * packs + 1)]}
        for packs in sorted({f.packs for f in rs.formats})
    ]


def going_out_points(rs: RuleSet) -> dict[str, int | None]:
    """Each way of going out's points by id (the API shows them so beside the kinds)."""
    return {k.id: k.points for k in rs.going_out}


def ruleset_from_dict(data: Mapping[str, Any], *, base: RuleSet) -> RuleSet:
    """A rule set from plain data, any value left out taken from ``base``.

    Ids of premios, penalties and going-out kinds are kept from ``base`` when given as a list of
    ``{"id", "label", "points"}``; new ids may be added (house premios and penalties). Raises
    :class:`EntryErrors` with one field error for each value that cannot be.
    """
    if not isinstance(data, Mapping):
        raise EntryErrors([FieldError("ruleset", N_("Must be an object."))])
    r = Reader()
    rs = r.declared_values(data, base)  # target, tie rule, stock out, clock
    rs = replace(rs, **{
        sec.key: r.declared_values(r.section(data, sec.key), getattr(base, sec.key),
                                   f"{sec.key}.")
        for sec in sections(base) if sec.key
    })
    _check_requirement(r, rs.going_out_requirement)
    canastas = _read_canastas(r, data, base)
    rs = replace(
        rs,
        canastas=canastas,
        unfinished_canastas=_read_unfinished(r, data, base, canastas),
        id=r.text(data, "id", "id", base.id, 60),
        name=r.text(data, "name", "name", base.name),
        description=(str(data.get("description", base.description)) or "")[:500],
        going_out=_read_going_out(r, data, base),
        premios=tuple(
            Premio(pid, label, points)
            for pid, label, points in _read_catalogue(r, data, "premios", base.premios, True)
        ),
        penalties=tuple(
            Penalty(pid, label, points if points is not None else 0)
            for pid, label, points in _read_catalogue(r, data, "penalties", base.penalties,
                                                      False)
        ),
        special_hands=tuple(
            SpecialHand(hid, label, points if points is not None else 0)
            for hid, label, points in _read_catalogue(r, data, "special_hands",
                                                      base.special_hands, False)
        ),
        opening_minimums=_read_opening_minimums(r, data, base.opening_minimums),
        based_on=data.get("based_on") if isinstance(data.get("based_on"), str)
        else (base.based_on or (base.id if base.id in PRESETS else None)),
    )
    if r.errors:
        raise EntryErrors(r.errors)
    return rs


def _check_requirement(r: Reader, req: GoingOutRequirement) -> None:
    if req.canastas + req.natural + req.mixed + req.sequence > 15:
        r.errors.append(FieldError("going_out_requirement.canastas",
                                   N_("No side can finish that many canastas.")))


def _read_canastas(r: Reader, data: Mapping[str, Any], base: RuleSet
                   ) -> tuple[CanastaBonus, ...]:
    """The kinds allowed and their bonuses: ``{"natural": 500, "wild": false}`` (not allowed)."""
    if "canastas" not in data:
        return base.canastas
    raw = r.section(data, "canastas")
    canastas: list[CanastaBonus] = []
    for key in raw:
        try:
            kind = CanastaKind(key)
        except ValueError:
            r.errors.append(FieldError(f"canastas.{key}", N_("Unknown kind of canasta.")))
            continue
        if raw[key] is False:
            continue  # the kind is not allowed
        # What the kind may hold is the base's definition (or the kind's usual one).
        known = base.canasta_kind(kind) if base.allows(kind) else canasta(kind, None)
        canastas.append(replace(known, points=r.points(raw, key, f"canastas.{key}", None)))
    kinds = {b.kind for b in canastas}
    if CanastaKind.NATURAL not in kinds or CanastaKind.MIXED not in kinds:
        r.errors.append(FieldError("canastas", N_("Natural and mixed canastas are needed.")))
    # In the base's order (the count form and the card show them so), then any other kind in
    # the kinds' own order, whatever order the body's keys came in (the API's answers sort them).
    order = [b.kind for b in base.canastas] + [k for k in CanastaKind if not base.allows(k)]
    return tuple(sorted(canastas, key=lambda b: order.index(b.kind)))


def _read_unfinished(r: Reader, data: Mapping[str, Any], base: RuleSet,
                     canastas: tuple[CanastaBonus, ...]) -> tuple[UnfinishedPenalty, ...]:
    """The penalties for unfinished melds, keyed by kind: ``{"sequence": {"points": 1000,
    "fewer_than": 5}}``, or the points alone (``{"wild": 1000}``: the base's condition for
    that kind, if it has one); ``null`` or ``false``: no penalty. Only kinds the rule set
    allows."""
    if "unfinished_canastas" not in data:
        allowed = {b.kind for b in canastas}
        return tuple(u for u in base.unfinished_canastas if u.kind in allowed)
    raw = r.section(data, "unfinished_canastas")
    allowed = {b.kind for b in canastas}
    out: list[UnfinishedPenalty] = []
    for key in raw:
        path = f"unfinished_canastas.{key}"
        try:
            kind = CanastaKind(key)
        except ValueError:
            r.errors.append(FieldError(path, N_("Unknown kind of canasta.")))
            continue
        value = raw[key]
        if value is None or value is False:
            continue
        known = base.unfinished_penalty(kind) or unfinished(kind, 0)
        if isinstance(value, Mapping):
            points = r.points(value, "points", f"{path}.points", known.points, optional=False)
            fewer = r.points(value, "fewer_than", f"{path}.fewer_than", known.fewer_than,
                             minimum=MELD_CARDS + 1, maximum=CANASTA_CARDS)
            penalty = replace(
                known, points=points if points is not None else known.points, fewer_than=fewer,
                only_when_out=r.flag(value, "only_when_out", f"{path}.only_when_out",
                                     known.only_when_out),
                blocks_going_out=r.flag(value, "blocks_going_out", f"{path}.blocks_going_out",
                                        known.blocks_going_out))
        else:
            points = r.points(raw, key, path, known.points, optional=False)
            penalty = replace(known, points=points if points is not None else known.points)
        if kind not in allowed:
            r.errors.append(FieldError(path, N_("This rule set has no “%(kind)s”."),
                                       kind=kind.label))
            continue
        out.append(penalty)
    return tuple(out)


def _read_going_out(r: Reader, data: Mapping[str, Any], base: RuleSet
                    ) -> tuple[GoingOutKind, ...]:
    """The ways of going out: ``going_out_kinds`` in full, or only their points by id
    (``going_out``, the shape stored rule copies had before the kinds held their points)."""
    if "going_out_kinds" in data:
        return tuple(_read_going_out_kinds(r, data["going_out_kinds"], base))
    if "going_out" in data:
        values = r.section(data, "going_out")
        return tuple(
            replace(k, points=r.points(values, k.id, f"going_out.{k.id}", k.points))
            for k in base.going_out
        )
    return base.going_out


def _read_opening_minimums(r: Reader, data: Mapping[str, Any], opening: OpeningMinimums
                           ) -> OpeningMinimums:
    om = r.section(data, "opening_minimums")
    if not om:
        return opening
    negative = r.required(om, "negative", "opening_minimums.negative", opening.negative)
    bands = _read_bands(r, om["bands"]) if "bands" in om else list(opening.bands)
    return OpeningMinimums(negative=negative, bands=tuple(bands))


def _read_bands(r: Reader, raw: Any) -> list[OpeningBand]:
    if not isinstance(raw, list) or not raw or len(raw) > 10:
        r.errors.append(FieldError("opening_minimums.bands", N_("Give from 1 to 10 rows.")))
        return []
    bands: list[OpeningBand] = []
    for i, row in enumerate(raw):
        path = f"opening_minimums.bands[{i}]"
        if not isinstance(row, Mapping):
            r.errors.append(FieldError(path, N_("Must be an object.")))
            continue
        condition = None
        if row.get("condition") not in (None, ""):
            condition = r.choice(row, "condition", f"{path}.condition", OpeningCondition,
                                 OpeningCondition.CANASTA)
        bands.append(OpeningBand(
            r.required(row, "from", f"{path}.from", 0),
            r.required(row, "minimum", f"{path}.minimum", 50),
            condition,
        ))
    if bands and bands[0].from_score != 0:
        r.errors.append(FieldError("opening_minimums.bands[0].from",
                                   N_("The first row must start at 0.")))
    for i in range(1, len(bands)):
        if bands[i].from_score <= bands[i - 1].from_score:
            r.errors.append(FieldError(f"opening_minimums.bands[{i}].from",
                                       N_("Each row must start above the one before.")))
        elif bands[i].from_score % 5:
            r.errors.append(FieldError(f"opening_minimums.bands[{i}].from",
                                       N_("Must be a multiple of 5.")))
    return bands


def _read_going_out_kinds(r: Reader, raw: Any, base: RuleSet) -> list[GoingOutKind]:
    if not isinstance(raw, list) or not raw or len(raw) > 10:
        r.errors.append(FieldError("going_out_kinds", N_("Give from 1 to 10 ways of going out.")))
        return list(base.going_out)
    kinds: list[GoingOutKind] = []
    for i, item in enumerate(raw):
        path = f"going_out_kinds[{i}]"
        if not isinstance(item, Mapping):
            r.errors.append(FieldError(path, N_("Must be an object.")))
            continue
        kid = r.text(item, "id", f"{path}.id", f"kind{i}", 60)
        try:
            known = base.going_out_kind(kid)
        except KeyError:
            known = GoingOutKind(kid, kid, None)
        kinds.append(GoingOutKind(
            id=kid,
            label=r.text(item, "label", f"{path}.label", known.label),
            points=r.points(item, "points", f"{path}.points", known.points),
            concealed=r.flag(item, "concealed", f"{path}.concealed", known.concealed),
            plus_going_out_bonus=r.flag(item, "plus_going_out_bonus",
                                        f"{path}.plus_going_out_bonus",
                                        known.plus_going_out_bonus),
            hand_cards_positive=r.flag(item, "hand_cards_positive",
                                       f"{path}.hand_cards_positive", known.hand_cards_positive),
        ))
    if len({k.id for k in kinds}) != len(kinds):
        r.errors.append(
            FieldError("going_out_kinds", N_("Each way of going out needs its own id."))
        )
    return kinds


def _read_catalogue(
    r: Reader, data: Mapping[str, Any], key: str,
    base: tuple[Premio, ...] | tuple[Penalty, ...] | tuple[SpecialHand, ...], optional: bool,
) -> Iterator[tuple[str, str, int | None]]:
    if key not in data:
        for item in base:
            yield item.id, item.label, item.points
        return
    raw = data[key]
    if not isinstance(raw, list) or len(raw) > 40:
        r.errors.append(FieldError(key, N_("Give a list of at most 40.")))
        return
    seen: set[str] = set()
    known = {item.id: item for item in base}
    for i, item in enumerate(raw):
        path = f"{key}[{i}]"
        if not isinstance(item, Mapping):
            r.errors.append(FieldError(path, N_("Must be an object.")))
            continue
        pid = r.text(item, "id", f"{path}.id", f"item{i}", 60)
        if pid in seen:
            r.errors.append(FieldError(f"{path}.id", N_("This id is used twice.")))
            continue
        seen.add(pid)
        old = known.get(pid)
        label = r.text(item, "label", f"{path}.label", old.label if old else pid)
        points = r.points(item, "points", f"{path}.points", old.points if old else None,
                          optional=optional)
        if not optional and points is None:
            r.errors.append(FieldError(f"{path}.points", N_("Must be a whole number.")))
        yield pid, label, points
