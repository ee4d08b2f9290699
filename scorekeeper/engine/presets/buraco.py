"""Buraco (Brazil) and Burraco (Italy, FIBUR): ``shared/VARIANTS-2.md`` sections 11 and 12.

Each preset says what its game counts, line by line with VARIANTS-2.md and its source keys
([P-BR], [MYB], …; listed at the end of VARIANTS-2.md). Both are games of runs with a second
hand of eleven cards a side (the morto, the pozzetto: :mod:`..second_packet`), no opening
minimum and no bonus for red 3s.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import CardValues
from ..errors import N_, Nn_
from ..rule_types import (
    CanastaKind,
    GoingOutKind,
    OpeningBand,
    OpeningMinimums,
    Penalty,
    PlayerFormat,
    canasta,
)
from ..rulesets import RuleSet, vary
from ..second_packet import NOT_TAKEN, SecondPacketRules, UnplayedPacket
from .own_words import meld_refusals
from .sources import CLASSIC

#: VARIANTS-2.md 11.3 and 12.3, "Opening minimum | none" ([SPEC-BR] "Buraco has none"; "no
#: Burraco source sets one"): nothing to reach at any score.
NO_OPENING_MINIMUM = OpeningMinimums(negative=0, bands=(OpeningBand(0, 0),))


def second_packet_game(values: Mapping[str, Any], *, packet: str, not_taken: str,
                       **changes: Any) -> RuleSet:
    """A game of runs with a second packet, as VARIANTS-2.md 11 and 12 both play it: classic
    varied by ``values`` and ``changes``, with what the two games share said once here. 3s are
    ordinary cards (11.3 "Red/black 3s | no special role in Buraco (ordinary 5-point cards)";
    12.2 "7, 6, 5, 4, 3: 5 punti" [MYB]); going out needs the packet taken and a canasta
    (11.3 "morto taken + a canastra limpa"; 12.3 "the line has taken its pozzetto and made ≥ 1
    burraco"); a packet not taken costs 100, the penalty ``not_taken`` (11.3 "Morto not taken |
    −100" [GD-A]; [GV]; [BS]; [SPEC-BR]; 12.3 "Pozzetto not taken | −100" [EB-A17N]; [EB-PTS];
    [CPO]); no opening minimum. ``packet`` is the game's own word for its packet, said in every
    language."""
    return vary(
        CLASSIC,
        {"red_threes.ordinary": True, "going_out_requirement.canastas": 1,
         "second_packet.needed_to_go_out": True, **values},
        penalties=(Penalty(NOT_TAKEN, not_taken, 100),),
        second_packet=SecondPacketRules(name=packet),
        opening_minimums=NO_OPENING_MINIMUM,
        **changes,
    )


#: VARIANTS-2.md 11, Buraco as played in Brazil, Buraco Aberto by default ([P-BR] "Buraco
#: Aberto (open buraco) will be described first").
BURACO = second_packet_game(
    {
        # 11.3 "Condition for the final batida | morto taken + a canastra limpa (Aberto, STBL);
        # Fechado: clean not required, one canastra of any kind" [JOG]: Aberto's by default,
        # Fechado's by setting (natural 0).
        "going_out_requirement.natural": 1,
        # "Morto taken by batida indireta but not yet played when the hand ends | counts as
        # **not taken**: −100, its cards not counted" [GD-A]; [GV]
        "second_packet.unplayed": UnplayedPacket.NOT_TAKEN,
        # 11.5 "Target | 3,000 (or 5,000 by agreement) → default 3,000"; "Both sides reach it |
        # higher total wins"; "Exact tie | not covered by rules; [BS] plays a tie-break hand":
        # play on (classic's), a setting.
        "target": 3000,
    },
    # 11.1 "two 11-card *mortos*" [P-BR]; [GD-A]: Brazil's word, in every language.
    packet="morto",
    not_taken=N_("Morto not taken"),
    id="buraco",
    name=N_("Buraco (Brazil)"),
    game=N_("Buraco"),
    # 11.1 "four wild jokers, known as curingão. The twos, known as curinga" [P-BR]; [JOG]
    # "Tem Joker (Curingão)?": the joker is the big wild card, said so in every language.
    words=(
        # 11.2 "7–3 5": the 5-point cards begin at the 3.
        (N_("4 to 7"), N_("3 to 7")),
        (N_("7, 6, 5, 4"), N_("7, 6, 5, 4, 3")),
        (N_("Joker"), N_("Joker (curingão)")),
        (N_("Jokers"), N_("Jokers (curingões)")),
    ),
    sources=("P-BR", "WIKI-PT", "JOG", "GD-A", "GD-F", "GV", "BS", "SPEC-BR"),
    description=N_(
        "Brazilian Buraco (canastra): runs of a suit, a morto of eleven cards a side; clean "
        "canastra 200, dirty 100, ace to king 500, ace to ace 1,000; batida 100 with the morto "
        "and a clean canastra; morto not taken −100; to 3,000."
    ),
    # 11.1 "4 players in two fixed partnerships (also 2, each with own morto)"; "11 cards each"
    formats=(
        PlayerFormat("4", N_("Four players in two pairs, a morto a pair"), players=4, sides=2,
                     cards_dealt=11),
        PlayerFormat("2", N_("Two players, a morto each"), players=2, sides=2, cards_dealt=11),
    ),
    # 11.2 "Joker 20 → default; 2 10 → default; Ace 15; K–8 10; 7–3 5" [P-BR]; the others'
    # joker 50 [GD-F] or 10 [BS] and 2 = 20 [BP] are settings.
    card_values=CardValues(jokers=20, twos=10, aces=15, eights_to_kings=10, fours_to_sevens=5,
                           black_threes=5),
    # Canastras are runs of one suit, in Fechado sets too (11.3; 11.4 "Sets (trincas) | no |
    # yes | no"): ``runs``, the preset serving Fechado by a setting.
    canastas=(
        # "Canastra limpa (no wild; a 2 in its own place allowed) → `natural` | 200"
        canasta(CanastaKind.NATURAL, 200, runs=True, label=N_("Clean canastra")),
        # "Canastra suja (one wild) → `mixed` | 100"; "at most one wild per meld" [CO]. With
        # the 2 at 10 one may be worth 40 (Fechado's set of six 4s and a 2), less than the usual
        # reckoning with a 2 at 20.
        canasta(CanastaKind.MIXED, 100, max_wild=1, least_points=40, runs=True,
                label=N_("Dirty canastra")),
        # "Clean A–K run, 13 cards | 500 (instead of 200)"; "Clean A–A run, 14 cards | 1000 →
        # default; one scorekeeper gives 500"; "Are 500/1000 universal? no … → default on, a
        # setting".
        canasta(CanastaKind.ACE_TO_KING, 500, label=N_("Canastra from ace to king")),
        canasta(CanastaKind.ACE_TO_ACE, 1000, label=N_("Canastra from ace to ace (real)")),
    ),
    # "Batida (final going out, morto already taken) | +100"; no concealed batida of its own.
    going_out=(GoingOutKind("normal", N_("Batida (going out)"), 100),),
    notes=(
        N_("Buraco Aberto by default: going out (batida) needs the morto taken and a clean "
           "canastra. Buraco Fechado needs a canastra of any kind: set clean canastras needed "
           "to 0."),
        N_("A morto taken by an indirect batida and not yet played when the hand ends counts "
           "as not taken: mark it not taken and leave its cards out."),
        N_("Jokers 20 and 2s 10 (pagat); some clubs count the joker 50 or 10, or the 2 20: "
           "settable. 3s are ordinary cards worth 5: count them, red or black, among the 3 to 7."),
        N_("The ace-to-king (500) and ace-to-ace (1,000) canastras are played in many clubs, "
           "not all: remove them, or set the ace-to-ace one to 500, in the house rules."),
        N_("When the stock runs out an untaken morto becomes the stock and play goes on; the "
           "hand ends with no batida when stock and mortos are gone."),
        N_("pt.wikipedia deducts all the melds and cards of a side with no clean canastra; no "
           "club rule read does: off by default, settable."),
        N_("Both sides over 3,000: the higher total wins; an exact tie plays on (a tie-break "
           "hand)."),
    ),
)

#: VARIANTS-2.md 12, Burraco by the FIBUR tournament code (Burraco italiano).
BURRACO = second_packet_game(
    {
        # 12.3 "Conditions to close (Italian) | the line has taken its pozzetto and made ≥ 1
        # burraco (any kind)"; Internazionale: "the burraco must be **pulito**" (natural 1 by
        # setting).
        "going_out_requirement.natural": 0,
        # "Pozzetto taken but not played | minus the card value of its cards (not the flat
        # 100)" [EB-A17N]
        "second_packet.unplayed": UnplayedPacket.CARD_POINTS,
        # "Closing without the 100 | … time-out called and nobody closed" [EB-TO]: the cards
        # count, only the bonus is lost.
        "time_up_cards_count": True,
        # 12.5 "How it ended: a line closed (which) / stock exhausted / time-out": the
        # time-out is called by the organizer, so no clock of the app's is needed for it.
        "time_up_called": True,
        # 12.4 "Target | 2,005 (1,005 for three players or a short game)"; "Winner | the higher
        # total above 2,005"
        "target": 2005,
    },
    # 12.1 "two 11-card pozzetti" [MYB]; [CPO] "I pozzetti": Italy's word, in every language.
    packet="pozzetto",
    not_taken=N_("Pozzetto not taken"),
    id="burraco",
    name=N_("Burraco (Italy)"),
    game=N_("Burraco"),
    # 12.1 "Smazzata | one hand" [MYB] "ogni mano è chiamata "smazzata""; 12.3 "Burrachi": a
    # canasta is a burraco (plural burrachi) [MYB] "sequenze o combinazioni di (almeno) 7
    # carte"; the game's words in every language, as the pozzetto.
    words=(
        # 12.2 "7, 6, 5, 4, 3: 5 punti": the 5-point cards begin at the 3.
        (N_("4 to 7"), N_("3 to 7")),
        (N_("7, 6, 5, 4"), N_("7, 6, 5, 4, 3")),
        (N_("Count hand %(n)d"), N_("Count smazzata %(n)d")),
        (N_("Count this hand"), N_("Count this smazzata")),
        (N_("How did the hand end?"), N_("How did the smazzata end?")),
        (N_("Save this hand"), N_("Save this smazzata")),
        (N_("Hand %(n)s saved."), N_("Smazzata %(n)s saved.")),
        (N_("Undo: take back hand %(n)s"), N_("Undo: take back smazzata %(n)s")),
        # The board, the change log, its notices and the sheet's list of changes (QA,
        # 2026-12-05: the count said "smazzata" and the board beside it "Mano 2").
        (N_("Hands"), N_("Smazzate")),
        (N_("Hand %(n)d"), N_("Smazzata %(n)d")),
        (N_("Fix hand %(n)d"), N_("Fix smazzata %(n)d")),
        (N_("Newest first: the points of each hand, and the score after it."),
         N_("Newest first: the points of each smazzata, and the score after it.")),
        (N_("This page updates by itself when a hand is saved."),
         N_("This page updates by itself when a smazzata is saved.")),
        (N_("Hand %(n)s saved: %(points)s"), N_("Smazzata %(n)s saved: %(points)s")),
        (N_("Hand %(n)s corrected: %(points)s"), N_("Smazzata %(n)s corrected: %(points)s")),
        (N_("Hand %(n)s removed: %(points)s"), N_("Smazzata %(n)s removed: %(points)s")),
        (N_("Undo (hand %(n)s): %(points)s"), N_("Undo (smazzata %(n)s): %(points)s")),
        (N_("Redo (hand %(n)s): %(points)s"), N_("Redo (smazzata %(n)s): %(points)s")),
        (N_("Hand %(n)s was saved from another phone: %(points)s"),
         N_("Smazzata %(n)s was saved from another phone: %(points)s")),
        (N_("Hand %(n)s was corrected from another phone: %(points)s"),
         N_("Smazzata %(n)s was corrected from another phone: %(points)s")),
        (N_("Hand %(n)s was removed from another phone: %(points)s"),
         N_("Smazzata %(n)s was removed from another phone: %(points)s")),
        (N_("Hand %(n)s corrected."), N_("Smazzata %(n)s corrected.")),
        (N_("Hand %(n)s was removed."), N_("Smazzata %(n)s was removed.")),
        (N_("Hand %(n)s saved when the connection came back."),
         N_("Smazzata %(n)s saved when the connection came back.")),
        (N_("Hand %(n)s corrected when the connection came back."),
         N_("Smazzata %(n)s corrected when the connection came back.")),
        (N_("Delete hand %(n)s?"), N_("Delete smazzata %(n)s?")),
        (N_("Delete hand %(n)d"), N_("Delete smazzata %(n)d")),
        (N_("Save the corrected hand"), N_("Save the corrected smazzata")),
        # Undo and redo on the board, the count's breakdown and refusal, the sheet's columns.
        (N_("Undone: hand %(n)s is no longer counted."),
         N_("Undone: smazzata %(n)s is no longer counted.")),
        (N_("Undone: hand %(n)s is back as it was before the fix."),
         N_("Undone: smazzata %(n)s is back as it was before the fix.")),
        (N_("Undone: hand %(n)s is back in its place."),
         N_("Undone: smazzata %(n)s is back in its place.")),
        (N_("Redone: hand %(n)s is counted again."),
         N_("Redone: smazzata %(n)s is counted again.")),
        (N_("Redone: hand %(n)s has the fix again."),
         N_("Redone: smazzata %(n)s has the fix again.")),
        (N_("Redone: hand %(n)s is removed again."),
         N_("Redone: smazzata %(n)s is removed again.")),
        (N_("Undo the fix of hand %(n)s"), N_("Undo the fix of smazzata %(n)s")),
        (N_("Undo: put hand %(n)s back"), N_("Undo: put smazzata %(n)s back")),
        (N_("Redo: count hand %(n)s again"), N_("Redo: count smazzata %(n)s again")),
        (N_("Redo the fix of hand %(n)s"), N_("Redo the fix of smazzata %(n)s")),
        (N_("Redo: remove hand %(n)s again"), N_("Redo: remove smazzata %(n)s again")),
        (N_("The hand was not saved. Please check:"),
         N_("The smazzata was not saved. Please check:")),
        (N_("This hand for %(side)s"), N_("This smazzata for %(side)s")),
        (N_("Hand total"), N_("Smazzata total")),
        (N_("Hand total, counted at the table"), N_("Smazzata total, counted at the table")),
        (N_("Hand"), N_("Smazzata")),
        # The notices of a save that waits for the connection (base.html, static/js/offline.js).
        (N_("The connection dropped while saving: the hand is not confirmed yet."),
         N_("The connection dropped while saving: the smazzata is not confirmed yet.")),
        (N_("1 hand waiting to be sent: it goes as soon as the server answers."),
         N_("1 smazzata waiting to be sent: it goes as soon as the server answers.")),
        (N_("1 hand waiting"), N_("1 smazzata waiting")),
        # The totals lane, the chart, the list of games and the time-up button (QA on the
        # stack's https, 2026-12-05: "Count the hand here", "Running total by hand", "3 hands").
        (N_("Count the hand here"), N_("Count the smazzata here")),
        (N_("Score for this hand"), N_("Score for this smazzata")),
        (N_("Type this side's score for the hand."),
         N_("Type this side's score for the smazzata.")),
        (N_("Running totals by hand"), N_("Running totals by smazzata")),
        (N_("Running total by hand"), N_("Running total by smazzata")),
        (N_("No hands yet"), N_("No smazzate yet")),
        (("after %(num)d hand", "after %(num)d hands"),
         Nn_("after %(num)d smazzata", "after %(num)d smazzate")),
        (("%(num)d hand", "%(num)d hands"), Nn_("%(num)d smazzata", "%(num)d smazzate")),
        (N_("Time called between hands? End the game on its totals. A hand in progress when "
            "time is called is counted with “Time was up”: nobody gets the going-out bonus."),
         N_("Time called between smazzate? End the game on its totals. A smazzata in progress "
            "when time is called is counted with “Time was up”: nobody gets the going-out "
            "bonus.")),
        (N_("Canastas"), N_("Burrachi")),
        (("%(num)d finished canasta", "%(num)d finished canastas"),
         Nn_("%(num)d burraco", "%(num)d burrachi")),
        (("%(num)d natural canasta", "%(num)d natural canastas"),
         Nn_("%(num)d clean burraco", "%(num)d clean burrachi")),
        (N_("Each canasta also counts its cards at card value."),
         N_("Each burraco also counts its cards at card value.")),
        (N_("Cards in canastas included."), N_("Cards in burrachi included.")),
        # The count's refusals (engine/checks_*.py) of its burrachi, where 3s are ordinary cards
        # and none is shown apart.
        *meld_refusals(
            least=N_("The burrachi on the table are worth at least %(least)d."),
            cards=N_("Burrachi made: %(count)d. They need at least %(cards)d cards on the "
                     "table."),
            wild=N_("Dirty and semi-clean burrachi need more wild cards on the table."),
            hold=N_("The burrachi made hold at least %(count)d of these cards."),
            wild_packs=N_("The burrachi need more jokers and 2s than %(packs)d packs hold "
                          "(%(count)d)."),
            packs=N_("%(packs)d packs do not hold the cards for that many of these burrachi."),
            finished=N_("Going out needs burrachi: %(needed)d; this side has %(have)d."),
            natural=N_("Going out needs clean burrachi: at least %(count)d."),
        ),
    ),
    sources=("P-BI", "MYB", "EB-A13", "EB-A16", "EB-A17N", "EB-PTS", "EB-TO", "AICS", "OMS"),
    description=N_(
        "Italian Burraco (FIBUR): runs and sets, a pozzetto of eleven cards a line; burraco "
        "pulito 200, semipulito 150, sporco 100; chiusura 100 with the pozzetto and a burraco; "
        "pozzetto not taken −100; to 2,005."
    ),
    # 12.1 "4 in two lines (N/S v E/W); also 2"; "11 each; two 11-card pozzetti"
    formats=(
        PlayerFormat("4", N_("Four players in two lines, a pozzetto a line"), players=4,
                     sides=2, cards_dealt=11),
        PlayerFormat("2", N_("Two players, a pozzetto each"), players=2, sides=2,
                     cards_dealt=11),
    ),
    # 12.2 "Jolly 30; 2 (pinella) 20; Ace 15; K–8 10; 7–3 5": all Burraco sources agree.
    card_values=CardValues(jokers=30, twos=20, aces=15, eights_to_kings=10, fours_to_sevens=5,
                           black_threes=5),
    # 12.3 "Burraco | 7+ cards, sequence or set (combinazione)": ``runs``.
    canastas=(
        # "Burraco pulito (no matta; a pinella only as the natural 2) → `natural` | 200"
        canasta(CanastaKind.NATURAL, 200, runs=True, label=N_("Clean burraco")),
        # "Burraco semipulito → new kind | 150"; "Semipulito not universal … → setting, default
        # on for `burraco`"
        canasta(CanastaKind.SEMI_CLEAN, 150, runs=True, label=N_("Semi-clean burraco")),
        # "Burraco sporco → `mixed` | 100"; "at most one matta" [IBO]
        canasta(CanastaKind.MIXED, 100, max_wild=1, runs=True, label=N_("Dirty burraco")),
    ),
    going_out=(
        # "Chiusura (closing) | +100"
        GoingOutKind("normal", N_("Chiusura (closing)"), 100),
        # ""Chiusura al monte" | eburraco's reading says no bonus … unclear → setting; default:
        # +100 if the closing conditions are met": its own way out, its points settable.
        GoingOutKind("discard_pile", N_("Chiusura al monte (closing with the discard pile)"),
                     100),
    ),
    notes=(
        N_("Closing (chiusura) needs the pozzetto taken and a burraco of any kind, the last "
           "card discarded and not a matta. Burraco internazionale needs a clean burraco: set "
           "clean canastas needed to 1."),
        N_("A pozzetto taken but not played before the hand closes costs its cards' points: "
           "add them to the cards in hand."),
        N_("Penalised cards count against the line: add their points to the cards in hand."),
        N_("When the stock runs out the hand ends without the 100 (the last two cards are not "
           "played); at time-out nobody closes and the cards count as usual."),
        N_("eburraco reads no bonus for a chiusura al monte: set its points to 0 if your "
           "tournament plays it so."),
        N_("The semi-clean burraco (a matta outside seven natural cards in sequence, or a set "
           "of eight with the matta) is not in every code: remove it in the house rules."),
        N_("Both lines over 2,005: the higher total wins. In a tournament each partita's match "
           "points become victory points (FIBUR's table)."),
    ),
)
