"""The parts a rule set is made of: ways of going out, premios and penalties, the rules of 3s and
of cards held, player formats; the kinds of canasta (:mod:`.canasta_types`) and the opening
minimums (:mod:`.opening_types`) have modules of their own, their names importable from here.

Each part is a frozen dataclass whose values are declared once (``engine/declared.py``) with
the sources of ``shared/RULES.md`` they come from; :class:`~.rulesets.RuleSet` puts them
together and the presets (:mod:`.presets`) fill them in.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .canasta_types import (
    CANASTA_CARDS,
    CANASTA_KIND_IDS,
    CANASTA_KINDS,
    MELD_CARDS,
    MELD_RANKS,
    RANK_PER_PACK,
    SUIT_PER_PACK,
    SUITS,
    CanastaBonus,
    CanastaKind,
    Holds,
    Rank,
    UnfinishedPenalty,
    canasta,
    unfinished,
    with_label,
)
from .cards import RED_THREES_PER_PACK
from .declared import Empty, Sign, rule
from .errors import N_
from .opening_types import OpeningBand, OpeningCondition, OpeningMinimums, OpeningTier

__all__ = [
    "ALL_SOURCES", "CANASTA_CARDS", "CANASTA_KINDS", "CANASTA_KIND_IDS", "EACH_RED_THREE",
    "HELD_SETS_PER_PLAYER", "MAX_ROUNDS", "MELD_CARDS", "MELD_RANKS", "RANK_PER_PACK",
    "SUITS", "SUIT_PER_PACK", "BlackThreeRules", "CanastaBonus", "CanastaCountPremios",
    "CanastaKind", "GoingOutKind", "GoingOutRequirement", "HandCards", "HandEnd",
    "HeldCardRules", "Holds", "OpeningBand", "OpeningCondition", "OpeningMinimums",
    "OpeningTier", "Penalty", "PlayerFormat", "Premio", "Rank", "RedThreeRules",
    "RedThreesNegativeWhen", "SpecialHand", "TieRule", "UnfinishedPenalty", "canasta",
    "unfinished", "with_label",
]

#: Every source of ``shared/RULES.md``: values all five agree on.
ALL_SOURCES = ("000", "001", "002", "003", "004")


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
    #: Hand and Foot (VARIANTS-2.md 10.4): "No Hand and Foot source makes laid red 3s negative
    #: for a team that never melded" [P-HF] via [HF-TV]: always for the side.
    NEVER = "never"
    #: Steve Simpson's Hand and Foot (VARIANTS-2.md 10.4): "these ALWAYS counts AGAINST you"
    #: [SIMP]; [HF-TV].
    ALWAYS = "always"


class TieRule(StrEnum):
    """What happens when the leading sides are level once the target is reached."""

    PLAY_ON = "play_on"  # 004: both tied at or above the target, play continues
    DRAW = "draw"  # 002 at time: the game is drawn, the difference is nil


#: The most rounds a game of rounds may last (Hand and Foot's are 4, VARIANTS-2.md 10.7; house
#: schedules go to 6, [NWP]): a bound on the setting and on the round asked for.
MAX_ROUNDS = 20


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
    #: Hand and Foot (VARIANTS-2.md 10.5): "at least two dirty books, two clean books, and one
    #: wild book" [HF-GD] (pagat / Whitnack); Bicycle, Good Sams and others ask none.
    wild: int = rule(0, N_("Wild-card canastas (wild books) among them"),
                     sources=("P-HF", "HF-GD", "BGA"), on_card=False)
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
        replaced_by="by_count ordinary",
    )
    #: A side holding every red 3 of the deck scores this instead of ``each`` times the count.
    all_of_them: int | None = rule(
        800, N_("All red 3s of the deck"), sources=("000", "001", "003", "004"),
        empty=Empty.NO_SUCH_BONUS, hint=N_("Scored instead of each red 3. Empty: no such bonus."),
        sign=Sign.BONUS, card=N_("All the red 3s of the deck, instead"),
        sheet=N_("All %(count)d red 3s"), deck="red_threes", replaced_by="by_count ordinary",
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
        sign=Sign.BONUS, row=N_("Red 3s × %(count)d"), replaced_by="ordinary",
    )
    negative_when: RedThreesNegativeWhen = rule(
        RedThreesNegativeWhen.NO_MELD, N_("Red 3s count against the side"), sources=ALL_SOURCES,
        replaced_by="ordinary",
        choices=(("no_meld", N_("when it has melded nothing")),
                 ("no_canasta", N_("when it has no canasta")),
                 ("short_of_going_out", N_("when it has fewer canastas than going out needs")),
                 ("by_canastas", N_("with no canasta; nothing with one; for it with two")),
                 ("never", N_("never")),
                 ("always", N_("always, even when laid"))),
        says=(("no_meld", N_("They count against a side that has melded nothing.")),
              ("no_canasta", N_("They count against a side that has no finished canasta.")),
              ("short_of_going_out", N_("They count against a side without the canastas "
                                        "needed to go out.")),
              ("by_canastas", N_("They count against a side with no canasta, nothing for a "
                                 "side with one, and for a side with two or more.")),
              ("never", N_("They always count for the side that laid them.")),
              ("always", N_("They always count against the side, even when laid."))),
    )
    #: Taken for each red 3 still in a hand at the end (000, 001: 500).
    each_in_hand_penalty: int | None = rule(
        None, N_("Penalty for each red 3 left in hand"), sources=("000", "001"),
        empty=Empty.NOT_A_RULE, sign=Sign.PENALTY, card=N_("Each red 3 still in hand at the end"),
        sheet=N_("Each red 3 kept in hand"),
    )
    #: Buraco and Burraco (VARIANTS-2.md 11.3, 12.2): red 3s have no part of their own, "3
    #: listed among "7, 6, 5, 4 or 3: 5 points"" [P-BR]; [SPEC-BR] "SpecialThreesConfig (all
    #: inert in Buraco)"; [MYB] "7, 6, 5, 4, 3: 5 punti". On: they are melded and counted at
    #: their card value like any card, and the count asks nothing about them; black 3s too are
    #: melded like any card, at any time (no rule of three or more going out).
    ordinary: bool = rule(
        False, N_("3s are ordinary cards, melded and counted at their card value"),
        sources=("P-BR", "SPEC-BR", "MYB"),
        says=((True, N_("3s, red and black, are ordinary cards: they are melded and counted "
                        "at their card value.")),),
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
    #: RULES.md: "black 3s block the discard pile and may only be melded when going out" (all
    #: five sources); Hand and Foot (VARIANTS-2.md 10.2): "Black 3 (cannot be melded; blocks the
    #: pile)" [HF-GD]; [TW] "cannot be used in meld". The rules card says it in a sentence of
    #: its own where black 3s are neither ordinary cards nor laid out like red 3s.
    melded_going_out: bool = rule(
        True, N_("Black 3s may be melded when going out"),
        sources=("000", "001", "002", "003", "004", "HF-GD", "TW"),
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


@dataclass(frozen=True)
class HeldCardRules:
    """What cards melded and cards held cost beyond their values (Modern American, VARIANTS.md
    1), and what cards never counted score (002)."""

    #: "Side with 0 canastas | value of its **melded** cards is subtracted as well as its
    #: hand" [CJ] part 3; [CLA] via [EBB].
    table_against_without_canasta: bool = rule(
        False, N_("A side with no canasta loses its cards on the table"), sources=("CJ", "CLA"),
        says=((True, N_("A side with no canasta counts its cards on the table against it, as "
                        "well as those in hand.")),),
    )
    #: Buraco (VARIANTS-2.md 11.3): "Side with no canastra limpa at the end | pt.wikipedia: all
    #: its melds and cards are deducted — not in any club rule read → setting, default off"
    #: [WIKI-PT] "caso a dupla não tenha uma limpa, é descontado todos jogos e cartas". A clean
    #: canasta is a natural one or a clean run from ace (Buraco's 500 and 1,000).
    table_against_without_clean: bool = rule(
        False, N_("A side with no clean canasta loses its cards on the table"),
        sources=("WIKI-PT",), alone=True,
        # The bonuses of its other canastas are kept: [WIKI-PT] names melds and cards, not
        # bonuses; the card says so (issue 42).
        says=((True, N_("A side with no clean canasta counts its cards on the table against "
                        "it, as well as those in hand. The bonuses of its other canastas "
                        "still count for it: pt.wikipedia says only that all its melds and "
                        "cards are deducted.")),),
    )
    #: "Meld limits | ... one meld per rank" [CCON]; [WIKI-US]; [CLA] via [EBB]: a side's
    #: canastas and unfinished melds of natural cards are each of a rank of their own.
    one_meld_per_rank: bool = rule(
        False, N_("A side has one meld of each rank at most"), sources=("CCON", "WIKI-US", "CLA"),
        says=((True, N_("A side has one meld of each rank at most.")),),
    )
    #: "3+ aces or 3+ sevens left in one player's hand | −1500 for each such set held (plus
    #: the card values): a player holding both three aces and three sevens loses 3,000" [CCOM];
    #: [CJ]; [WIKI-US]: the count asks how many sets (:data:`HELD_SETS_PER_PLAYER` a player).
    aces_or_sevens_held_penalty: int | None = rule(
        None, N_("Penalty for each set of three or more aces or sevens left in a player's hand"),
        sources=("CCOM", "CJ", "WIKI-US"), empty=Empty.NOT_A_RULE, sign=Sign.PENALTY,
        card=N_("Each set of 3 or more aces or 3 or more sevens left in a player's hand"),
        sheet=N_("3+ aces or sevens held, each set"),
    )
    #: 002 "NO CONTAR LAS CARTAS POR ERROR": "Si al acabar el juego una pareja por error no
    #: cuenta las cartas y las mezcla con el resto se apuntará 300 puntos". 002 writes a
    #: penalty as such ("800 puntos negativos"), a credit as "se anotará 300 puntos" (the exact
    #: cut): these 300 are for the side, in place of the cards it can no longer count (the
    #: table's cards less those in hand, 002's "FORMA DE APUNTAR"); its base (canastas, red 3s,
    #: premios, going out), written first, stands. Not a bonus on top of the count but the
    #: count itself, so the sheet does not list it among the bonuses to claim (no sign).
    cards_not_counted_points: int | None = rule(
        None, N_("Points for a side that mixed its cards in before counting them"),
        sources=("002",), empty=Empty.NOT_A_RULE,
        card=N_("A side that mixes its cards into the rest by mistake before counting them "
                "scores these instead of its cards on the table and in hand"),
    )


#: The sets of aces or sevens one player can be left holding: three or more aces, and three or
#: more sevens (VARIANTS.md 1: "−1500 for each such set held ... a player holding both three
#: aces and three sevens loses 3,000"; §9 gap 2: "up to two sets a player").
HELD_SETS_PER_PLAYER = 2


@dataclass(frozen=True)
class SpecialHand:
    """A hand of fourteen cards a side that has not melded goes out with all at once
    (Modern American: seven pairs, a straight, garbage…): its points replace the side's whole
    count for the hand; the other sides count as usual (VARIANTS.md 1 [CCOM]; [CLA]; [EA])."""

    id: str
    label: str
    points: int


class HandCards(StrEnum):
    """How cards left in hand count when the stock runs out."""

    AGAINST = "against"  # 000, 001, 003, 004: subtracted as always
    IGNORED = "ignored"  # 002: "no tienen ningún valor"
