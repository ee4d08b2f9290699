"""The presets of the rule sources of ``shared/RULES.md``: the classic game (``003``/``004``),
"La Canasta" (``000``), the game with the wild-card canasta (``001``) and the tournament
rules (``002``).

Where the sources are silent or disagree the value is a setting and its default is documented
next to it. A value a source names without a number is ``None``: the table (or the tournament
organizer) must give it before a hand that uses it can be counted; see
:meth:`RuleSet.missing_values <scorekeeper.engine.rulesets.RuleSet.missing_values>`.
"""

from __future__ import annotations

from ..errors import N_
from ..rule_types import (
    BlackThreeRules,
    CanastaCountPremios,
    CanastaKind,
    GoingOutKind,
    HandCards,
    HeldCardRules,
    OpeningMinimums,
    Penalty,
    PlayerFormat,
    Premio,
    RedThreeRules,
    RedThreesNegativeWhen,
    TieRule,
    canasta,
)
from ..rulesets import RuleSet, vary

#: The format most presets share; the variants start from it too.
PAIRS_11 = PlayerFormat("4", N_("Four players in two pairs"), players=4, sides=2, cards_dealt=11)
#: The tournament's (002) and Samba's: two pairs, fifteen cards each from three packs.
PAIRS_15 = PlayerFormat("4", N_("Four players in two pairs (three packs)"), players=4, sides=2,
                        cards_dealt=15, packs=3)

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

#: Going out with no extra condition, as the classic game and several variants score it.
PLAIN_GOING_OUT = GoingOutKind("normal", N_("Going out"), 100)

CLASSIC = RuleSet(
    id="classic",
    name=N_("Classic Canasta"),
    sources=("003", "004"),
    description=N_(
        "The classic partnership game: natural and mixed canastas, red 3s, going out "
        "and going out concealed, to 5,000."
    ),
    formats=(
        PAIRS_11,
        PlayerFormat(
            "2", N_("Two players"), players=2, sides=2, cards_dealt=15, canastas_to_go_out=2
        ),
    ),
    going_out=(
        PLAIN_GOING_OUT,
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
    formats=(PAIRS_11,),
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
        PAIRS_11,
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
    formats=(PAIRS_15,),
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
    # "NO CONTAR LAS CARTAS POR ERROR ... se apuntará 300 puntos"
    held_cards=HeldCardRules(cards_not_counted_points=300),
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
