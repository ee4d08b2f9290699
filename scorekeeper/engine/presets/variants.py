"""The Canasta family (``shared/VARIANTS.md``): Uruguay, Samba, Bolivia, Cuban, Italian,
Brazilian and American Canasta.

Each variant says only what differs from its base, line by line with VARIANTS.md and its
source keys ([RG-U], …; listed at the end of VARIANTS.md).
"""

from __future__ import annotations

from ..errors import N_
from ..rule_types import (
    CanastaKind,
    GoingOutKind,
    OpeningBand,
    OpeningCondition,
    OpeningMinimums,
    PlayerFormat,
    RedThreesNegativeWhen,
    SpecialHand,
    TieRule,
    canasta,
    unfinished,
    with_label,
)
from ..rulesets import vary
from .sources import CLASSIC, PAIRS_11, PAIRS_15, PLAIN_GOING_OUT

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
    formats=(PAIRS_11,),
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
    formats=(PAIRS_15,),
    canastas=(
        canasta(CanastaKind.NATURAL, 500),  # "Natural canasta | 500"
        # "Mixed canasta | 300"; "groups with at most 2 wilds"
        canasta(CanastaKind.MIXED, 300, max_wild=2),
        # "Samba (7-card sequence, `sequence`) | 1500; card values on top"; "`sequence` = a
        # 7-card same-suit run: "samba" (Samba)"
        canasta(CanastaKind.SEQUENCE, 1500, label=N_("Samba")),
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
        # natural 500, mixed 300 (as Samba); "Escalera ... | 1500": "escalera" (Bolivia,
        # Brazilian), VARIANTS.md 0.2
        *with_label(SAMBA.canastas, CanastaKind.SEQUENCE, N_("Escalera")),
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
    going_out=(PLAIN_GOING_OUT,),
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
    canastas=(*(b for b in BOLIVIA.canastas if b.kind is not CanastaKind.WILD),
              canasta(CanastaKind.WILD, 2000)),
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
        # "Meld limits | ... one meld per rank" [CCON]; [WIKI-US]; [CLA] via [EBB]
        "held_cards.one_meld_per_rank": True,
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
    going_out=(PLAIN_GOING_OUT,),
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
