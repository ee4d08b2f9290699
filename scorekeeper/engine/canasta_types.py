"""The kinds of canasta a rule set may allow, what each holds and earns, and what a meld left
unfinished costs; the deck's ranks and suits the melds are made of.

Part of a rule set (:mod:`.rule_types` gathers the parts; ``engine/declared.py`` declares their
values once with their sources).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from .errors import N_


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
    # VARIANTS-2.md 11.3 and 12.3 (Buraco, Burraco): kinds none of the others means.
    ACE_TO_KING = "ace_to_king"
    ACE_TO_ACE = "ace_to_ace"
    SEMI_CLEAN = "semi_clean"

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


#: Every kind, in the enum's order, as a tuple: the count walks the kinds many times a hand, and
#: iterating the enum itself makes a generator over its member map each time.
CANASTA_KINDS: tuple[CanastaKind, ...] = tuple(CanastaKind)


#: Their ids, as plain strings (stored hands and the API name kinds so).
CANASTA_KIND_IDS: tuple[str, ...] = tuple(k.value for k in CANASTA_KINDS)


_CANASTA_LABELS = {
    CanastaKind.NATURAL: N_("Natural canasta"),
    CanastaKind.MIXED: N_("Mixed canasta"),
    CanastaKind.WILD: N_("Wild-card canasta"),
    CanastaKind.WILD_TWOS: N_("Canasta of seven 2s"),
    CanastaKind.WILD_FOUR_JOKERS: N_("Canasta of the four jokers and three 2s"),
    CanastaKind.SEVENS: N_("Canasta of sevens"),
    CanastaKind.ACES: N_("Canasta of aces"),
    CanastaKind.SEQUENCE: N_("Sequence canasta (samba, escalera)"),
    CanastaKind.ACE_TO_KING: N_("Clean run from ace to king"),
    CanastaKind.ACE_TO_ACE: N_("Clean run from ace to ace"),
    CanastaKind.SEMI_CLEAN: N_("Semi-clean canasta"),
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
    CanastaKind.ACE_TO_KING: N_("Unfinished sequence"),
    CanastaKind.ACE_TO_ACE: N_("Unfinished sequence"),
    CanastaKind.SEMI_CLEAN: N_("Unfinished mixed meld"),
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


#: The ranks a meld of natural cards may be of: 4 to ace (RULES.md, common ground: red 3s are
#: bonus cards and black 3s are melded only to go out, three or four of them, never a canasta).
MELD_RANKS: tuple[str, ...] = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


#: The cards of one rank a pack holds, one a suit (RULES.md: 52-card packs; VARIANTS.md 0.2:
#: "a sequence is of one suit, four suits a pack").
RANK_PER_PACK = 4


#: The suits of a pack, and the cards of one suit it holds, ace to king.
SUITS = 4


SUIT_PER_PACK = 13


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
    #: For a kind of one rank: whether that rank may still be melded with wild cards, as an
    #: ordinary mixed meld (VARIANTS.md 1, American: "Aces canasta (natural; aces mixed in the
    #: opening meld become an ordinary mixed meld)"; "Sevens canasta (never wild)").
    rank_also_mixed: bool = False
    #: The fewest cards of it the count can see, when more than the seven of a canasta
    #: (Buraco's ace-to-king run: 13, its 3 an ordinary card, a red one counted among the 4 to
    #: 7; ace-to-ace: 14; Burraco's semi-clean one: 8), and the fewest
    #: card points they are worth when the kind fixes them otherwise than
    #: :attr:`minimum_card_points` reckons (``None``: that reckoning).
    cards: int = 7
    least_points: int | None = None
    #: A canasta of the kind may be a run of one suit as well as a set of one rank (Buraco,
    #: VARIANTS-2.md 11.3 "Canastra | 7+ cards (sequence; in Fechado also a set)"; Burraco,
    #: 12.3 "7+ cards, sequence or set (combinazione)"): the packs limit it by suit as well as
    #: by rank, not by rank alone (``checks_melds.deck_has_the_runs``). Off: a set of one rank.
    runs: bool = False
    #: The aces a canasta of the kind holds at least, of its one suit (Buraco's ace-to-king
    #: run one, ace-to-ace two: VARIANTS-2.md 11.3).
    aces: int = 0
    #: What the rule set's players call the kind, where it is their own word (Samba's
    #: "samba", Bolivia's "escalera": VARIANTS.md 0.2), marked for translation; ``None``: the
    #: kind's label. A preset's own; house rules keep their base's.
    label: str | None = None

    @property
    def name(self) -> str:
        """The kind's name in this rule set, marked for translation."""
        return self.label or self.kind.label

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
        4 to 10 (4 x 5 + 3 x 10). A kind that says its own (:attr:`least_points`) gives it."""
        if self.least_points is not None:
            return self.least_points
        if self.holds is Holds.MIXED:
            # One wild card and the rest natural: 7 cards, 6 x 5 + 20 = 50; Burraco's
            # semipulito, 8 cards, 7 x 5 + 20 = 55.
            return (self.cards - 1) * 5 + 20
        if self.holds is Holds.WILD:
            return self.jokers * 50 + (CANASTA_CARDS - self.jokers) * 20
        if self.holds is Holds.RANK:
            return CANASTA_CARDS * (20 if self.rank is Rank.ACES else 5)
        if self.holds is Holds.SEQUENCE:
            return 4 * 5 + 3 * 10
        return CANASTA_CARDS * 5

    @property
    def naturals(self) -> int:
        """The fewest natural cards of its rank a finished canasta of this kind holds: seven
        (natural, sevens, aces); a mixed one seven less its most wild cards (RULES.md: "at most
        three wild cards"; Samba, American: two); none for a wild canasta or a sequence (a
        sequence holds one card of each of seven ranks)."""
        if self.holds is Holds.MIXED:
            return CANASTA_CARDS - self.max_wild
        return CANASTA_CARDS if self.holds in (Holds.NATURAL, Holds.RANK) else 0

    @property
    def meld_naturals(self) -> int:
        """The fewest natural cards of its rank a meld of this kind holds before it is a
        canasta: three (natural, sevens, aces); two and a wild card (mixed: RULES.md "a meld
        needs at least two naturals"); none for a wild meld or a sequence."""
        if self.holds is Holds.MIXED:
            return MELD_CARDS - 1
        return MELD_CARDS if self.holds in (Holds.NATURAL, Holds.RANK) else 0

    @property
    def meld_jokers(self) -> int:
        """The jokers a meld of this kind holds before it is a canasta: those the kind fixes
        (the four jokers: VARIANTS.md 1, "pagat: −2500 if it holds all four jokers"); any other
        wild meld may be of 2s alone."""
        if self.holds is Holds.WILD and self.max_jokers == self.min_jokers:
            return self.min_jokers
        return 0

    @property
    def meld_twos(self) -> int:
        """The 2s a meld of this kind holds before it is a canasta: three, of a kind of 2s
        alone (seven 2s)."""
        return MELD_CARDS if self.holds is Holds.WILD and self.max_jokers == 0 else 0

    @property
    def meld_wild_cards(self) -> int:
        """The wild cards a meld of this kind holds before it is a canasta: one (mixed), three
        or the jokers it fixes (wild)."""
        if self.holds is Holds.MIXED:
            return 1
        return max(MELD_CARDS, self.meld_jokers) if self.holds is Holds.WILD else 0

    @property
    def minimum_meld_points(self) -> int:
        """The fewest card points a meld of this kind holds before it is a canasta: three
        cards (a meld is three cards at least): three 4s to 7s, two and a 2 (mixed), three 2s
        (wild) or the four jokers (200) of a kind that fixes them, three sevens or aces, a
        sequence 4-5-6."""
        if self.holds is Holds.MIXED:
            return 2 * 5 + 20
        if self.holds is Holds.WILD:
            return self.meld_jokers * 50 + (self.meld_wild_cards - self.meld_jokers) * 20
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
    # VARIANTS.md 1: "Sevens canasta (never wild)"; "Aces canasta (natural; aces mixed in the
    # opening meld become an ordinary mixed meld)".
    CanastaKind.SEVENS: {"holds": Holds.RANK, "rank": Rank.SEVENS},
    CanastaKind.ACES: {"holds": Holds.RANK, "rank": Rank.ACES, "rank_also_mixed": True},
    CanastaKind.SEQUENCE: {"holds": Holds.SEQUENCE},
    # VARIANTS-2.md 11.3: "Clean A–K run, 13 cards"; "Clean A–A run, 14 cards": a suit's
    # every card, its 2 in its own place, at Buraco's values (11.2): ace 15, six of 10 (8 to
    # K, 60), the 3 to 7 at 5 (25: the 3 is an ordinary card, a red one counted among the 4
    # to 7, a black one a black 3), the 2 at 10: 110, the other ace 15 more, 125.
    CanastaKind.ACE_TO_KING: {"holds": Holds.SEQUENCE, "cards": 13, "least_points": 110,
                              "aces": 1},
    CanastaKind.ACE_TO_ACE: {"holds": Holds.SEQUENCE, "cards": 14, "least_points": 125,
                             "aces": 2},
    # VARIANTS-2.md 12.3: "the matta lies outside ≥ 7 natural cards in sequence, or a set of
    # ≥ 8 cards including the matta": seven naturals and one wild card.
    CanastaKind.SEMI_CLEAN: {"holds": Holds.MIXED, "max_wild": 1, "cards": 8},
}


def canasta(kind: CanastaKind, points: int | None, **definition: Any) -> CanastaBonus:
    """A kind of canasta with its usual definition, ``definition`` changing any part of it
    (``max_wild=2``, ``min_jokers=1``)."""
    return CanastaBonus(kind, points, **{**_KIND_DEFAULTS[kind], **definition})


def with_label(canastas: tuple[CanastaBonus, ...], kind: CanastaKind, label: str
               ) -> tuple[CanastaBonus, ...]:
    """``canastas`` with ``kind`` called ``label`` (a variant's players' word for it)."""
    return tuple(replace(b, label=label) if b.kind is kind else b for b in canastas)
