"""Hand and Foot (USA), ``shared/VARIANTS-2.md`` section 10.

"There are numerous variations of this game and no standard rules" [P-HF]: the default is
pagat's main version (Bill Whitnack's partnership rules, [WHIT]), as VARIANTS-2.md chooses it;
the other sheets' values are settings (``docs/RULES-SETTINGS.md``). The game is played in
rounds, not to a target: four rounds, the opening minimum set by the round (50, 90, 120, 150),
the higher total after round 4 winning (VARIANTS-2.md 10.6, 10.7).

The count maps onto the entry as 10.8 says: clean books are natural canastas, dirty books mixed
ones, wild books wild ones; red 3s laid and red 3s left in an unplayed hand or foot; the
cards of both partners' hands **and unplayed feet** are the side's cards in hand.
"""

from __future__ import annotations

from ..errors import N_, Nn_
from ..rule_types import (
    CanastaKind,
    PlayerFormat,
    RedThreesNegativeWhen,
    TieRule,
    canasta,
)
from ..rulesets import vary
from .own_words import meld_refusals
from .sources import CLASSIC, PLAIN_GOING_OUT


def _format(key: str, label: str, *, players: int, sides: int) -> PlayerFormat:
    """A hand and a foot of 13 cards each, 26 dealt a player (pagat's deal [WHIT]), from "one
    more deck than the number of people playing" [SIMP] (five for four, as [WHIT])."""
    return PlayerFormat(key, label, players=players, sides=sides, cards_dealt=26,
                        packs=players + 1)


#: VARIANTS-2.md 10.1: "five decks … for a total of 270 cards" [WHIT]; "four piles of thirteen
#: cards each" (a hand and a foot of 13 a player) [WHIT]; 4 players in two partnerships.
HAND_AND_FOOT_PAIRS = _format(
    "4", N_("Four players in two pairs, a hand and a foot of 13 cards each (five packs)"),
    players=4, sides=2)

#: 10.1 "Players | 4 in two partnerships (2–6 possible; 6 as two teams of three; odd numbers
#: play as individuals)": "Pagat also describes two to six" [HF-GD]; "The source gives six as
#: two teams of three" [HF-AUD]. The packs: "One more deck than the number of people playing"
#: [SIMP] (five for four, as [WHIT]). The deal is pagat's hand and foot of 13 each [WHIT].
#: Three and five players, individually, are three and five sides. The four in two pairs come
#: first: pagat's main version, the format a new game starts with.
HAND_AND_FOOT_FORMATS = (
    HAND_AND_FOOT_PAIRS,
    _format("2", N_("Two players, each for himself, a hand and a foot of 13 cards each (three "
                    "packs)"), players=2, sides=2),
    _format("3", N_("Three players, each for himself, a hand and a foot of 13 cards each (four "
                    "packs)"), players=3, sides=3),
    _format("5", N_("Five players, each for himself, a hand and a foot of 13 cards each (six "
                    "packs)"), players=5, sides=5),
    _format("6", N_("Six players in two teams of three, a hand and a foot of 13 cards each "
                    "(seven packs)"), players=6, sides=2),
)

#: Card values (10.2) are classic Canasta's: "Joker: 50"; "Two or ace: 20"; "8 through king:
#: 10"; "4 through 7, and a black three: 5" [HF-GD]; [JC]; red 3s have no card value.
HAND_AND_FOOT = vary(
    CLASSIC,
    {
        # 10.4: "Each Red Three = 100 if placed face up with melds" [P-HF] via [HF-TV]; no
        # bonus for all of them.
        "red_threes.each": 100,
        "red_threes.all_of_them": None,
        # "No Hand and Foot source makes laid red 3s negative for a team that never melded
        # ... → default: no such rule"; Simpson's "always against you" is the setting
        # ``always`` (with 500 each).
        "red_threes.negative_when": RedThreesNegativeWhen.NEVER,
        # "red threes count minus 100 if not laid (e.g. still in the foot)" [P-HF] via
        # [HF-TV]; the house "caught" penalty is 500 ([TW]; [GSAM]; [RP]): a setting.
        "red_threes.each_in_hand_penalty": 100,
        # 10.2: "Black 3 (cannot be melded; blocks the pile)" [HF-GD]; [TW] "Black threes are 5
        # points each but cannot be used in meld": not even going out, as classic's are.
        "black_threes.melded_going_out": False,
        # 10.5, the contract of pagat / Whitnack: "at least two dirty books, two clean books,
        # and one wild book" [HF-GD]; Bicycle 1 + 1, Good Sams 2 + 2: settings. No count of
        # books of any kind beside those.
        "going_out_requirement.canastas": 0,
        "going_out_requirement.natural": 2,
        "going_out_requirement.mixed": 2,
        "going_out_requirement.wild": 1,
        # 10.7: "There are four rounds to a game" [WHIT]; [JC]; [COMP]; "After four deals, the
        # higher total wins" [HF-GD]; no target score.
        "rounds": 4,
        # 10.6: "Round 1=50, 2=90, 3=120, 4=150" [P-HF] via [HF-TV]; [GOCC]; [COMP].
        "opening_by_round": (50, 90, 120, 150),
        # "Exact tie after round 4 | not covered by any source read": drawn by default (one
        # more round by the setting ``play_on``).
        "tie_rule": TieRule.DRAW,
    },
    id="hand-and-foot",
    name=N_("Hand and Foot"),
    game=N_("Hand and Foot"),
    # Its players' words (10.3 "Books (7-card melds)"; 10.7 "There are four rounds to a game"
    # [WHIT]): books, clean, dirty and wild, and rounds. The sources are English: the other
    # languages say them as the app says canastas and hands.
    words=(
        (N_("Count hand %(n)d"), N_("Count round %(n)d")),
        (N_("Count this hand"), N_("Count this round")),
        (N_("How did the hand end?"), N_("How did the round end?")),
        (N_("Save this hand"), N_("Save this round")),
        (N_("Hand %(n)s saved."), N_("Round %(n)s saved.")),
        (N_("Undo: take back hand %(n)s"), N_("Undo: take back round %(n)s")),
        # The board, the change log, its notices and the sheet's list of changes.
        (N_("Hands"), N_("Rounds")),
        (N_("Hand %(n)d"), N_("Round %(n)d")),
        (N_("Fix hand %(n)d"), N_("Fix round %(n)d")),
        (N_("Newest first: the points of each hand, and the score after it."),
         N_("Newest first: the points of each round, and the score after it.")),
        (N_("This page updates by itself when a hand is saved."),
         N_("This page updates by itself when a round is saved.")),
        (N_("Hand %(n)s saved: %(points)s"), N_("Round %(n)s saved: %(points)s")),
        (N_("Hand %(n)s corrected: %(points)s"), N_("Round %(n)s corrected: %(points)s")),
        (N_("Hand %(n)s removed: %(points)s"), N_("Round %(n)s removed: %(points)s")),
        (N_("Undo (hand %(n)s): %(points)s"), N_("Undo (round %(n)s): %(points)s")),
        (N_("Redo (hand %(n)s): %(points)s"), N_("Redo (round %(n)s): %(points)s")),
        (N_("Hand %(n)s was saved from another phone: %(points)s"),
         N_("Round %(n)s was saved from another phone: %(points)s")),
        (N_("Hand %(n)s was corrected from another phone: %(points)s"),
         N_("Round %(n)s was corrected from another phone: %(points)s")),
        (N_("Hand %(n)s was removed from another phone: %(points)s"),
         N_("Round %(n)s was removed from another phone: %(points)s")),
        (N_("Hand %(n)s corrected."), N_("Round %(n)s corrected.")),
        (N_("Hand %(n)s was removed."), N_("Round %(n)s was removed.")),
        (N_("Hand %(n)s saved when the connection came back."),
         N_("Round %(n)s saved when the connection came back.")),
        (N_("Hand %(n)s corrected when the connection came back."),
         N_("Round %(n)s corrected when the connection came back.")),
        (N_("Delete hand %(n)s?"), N_("Delete round %(n)s?")),
        (N_("Delete hand %(n)d"), N_("Delete round %(n)d")),
        (N_("Save the corrected hand"), N_("Save the corrected round")),
        # Undo and redo on the board, the count's breakdown and refusal, the sheet's columns.
        (N_("Undone: hand %(n)s is no longer counted."),
         N_("Undone: round %(n)s is no longer counted.")),
        (N_("Undone: hand %(n)s is back as it was before the fix."),
         N_("Undone: round %(n)s is back as it was before the fix.")),
        (N_("Undone: hand %(n)s is back in its place."),
         N_("Undone: round %(n)s is back in its place.")),
        (N_("Redone: hand %(n)s is counted again."), N_("Redone: round %(n)s is counted again.")),
        (N_("Redone: hand %(n)s has the fix again."),
         N_("Redone: round %(n)s has the fix again.")),
        (N_("Redone: hand %(n)s is removed again."), N_("Redone: round %(n)s is removed again.")),
        (N_("Undo the fix of hand %(n)s"), N_("Undo the fix of round %(n)s")),
        (N_("Undo: put hand %(n)s back"), N_("Undo: put round %(n)s back")),
        (N_("Redo: count hand %(n)s again"), N_("Redo: count round %(n)s again")),
        (N_("Redo the fix of hand %(n)s"), N_("Redo the fix of round %(n)s")),
        (N_("Redo: remove hand %(n)s again"), N_("Redo: remove round %(n)s again")),
        (N_("The hand was not saved. Please check:"),
         N_("The round was not saved. Please check:")),
        (N_("This hand for %(side)s"), N_("This round for %(side)s")),
        (N_("Hand total"), N_("Round total")),
        (N_("Hand total, counted at the table"), N_("Round total, counted at the table")),
        (N_("Hand"), N_("Round")),
        (N_("Cards in hand"), N_("Cards in hands and feet")),
        (N_("Cards left in hand"), N_("Cards left in hands and feet")),
        # The notices of a save that waits for the connection (base.html, static/js/offline.js).
        (N_("The connection dropped while saving: the hand is not confirmed yet."),
         N_("The connection dropped while saving: the round is not confirmed yet.")),
        (N_("1 hand waiting to be sent: it goes as soon as the server answers."),
         N_("1 round waiting to be sent: it goes as soon as the server answers.")),
        (N_("1 hand waiting"), N_("1 round waiting")),
        # The totals lane, the chart and the list of games (its time-up button never shows:
        # the game is its rounds).
        (N_("Count the hand here"), N_("Count the round here")),
        (N_("Score for this hand"), N_("Score for this round")),
        (N_("Type this side's score for the hand."), N_("Type this side's score for the round.")),
        (N_("Running totals by hand"), N_("Running totals by round")),
        (N_("Running total by hand"), N_("Running total by round")),
        (N_("No hands yet"), N_("No rounds yet")),
        (("after %(num)d hand", "after %(num)d hands"),
         Nn_("after %(num)d round", "after %(num)d rounds")),
        (("%(num)d hand", "%(num)d hands"), Nn_("%(num)d round", "%(num)d rounds")),
        (N_("Canastas"), N_("Books")),
        (("%(num)d finished canasta", "%(num)d finished canastas"),
         Nn_("%(num)d finished book", "%(num)d finished books")),
        (("%(num)d natural canasta", "%(num)d natural canastas"),
         Nn_("%(num)d clean book", "%(num)d clean books")),
        (("%(num)d mixed canasta", "%(num)d mixed canastas"),
         Nn_("%(num)d dirty book", "%(num)d dirty books")),
        (("%(num)d wild-card canasta", "%(num)d wild-card canastas"),
         Nn_("%(num)d wild book", "%(num)d wild books")),
        (N_("Each canasta also counts its cards at card value."),
         N_("Each book also counts its cards at card value.")),
        (N_("Cards in canastas included."), N_("Cards in books included.")),
        # 10.5 "every card in every hand and every unplayed foot counts minus": the foot's too
        # (QA, 2026-12-05: "Points in hand" let a table leave an unplayed foot out).
        (N_("Points in hand"), N_("Points in hands and feet")),
        (N_("Count the cards left in hand"), N_("Count the cards left in hands and feet")),
        # The count's refusals (engine/checks_*.py) of its books.
        *meld_refusals(
            # 10.2: black 3s "cannot be melded": none is ever on the table.
            least=N_("The books on the table are worth at least %(least)d."),
            cards=N_("Books made: %(count)d. They need at least %(cards)d cards on the table."),
            wild=N_("Dirty and wild books need more wild cards on the table."),
            hold=N_("The books made hold at least %(count)d of these cards."),
            wild_packs=N_("The books need more jokers and 2s than %(packs)d packs hold "
                          "(%(count)d)."),
            packs=N_("%(packs)d packs do not hold the cards for that many of these books."),
            finished=N_("Going out needs finished books: %(needed)d; this side has %(have)d."),
            natural=N_("Going out needs clean books: at least %(count)d."),
            mixed=N_("Going out needs dirty books: at least %(count)d."),
            wild_kind=N_("Going out needs wild books: at least %(count)d."),
        ),
    ),
    sources=("P-HF", "WHIT", "HF-GD", "HF-TV", "BIC-HF", "JC", "GOCC", "COMP"),
    description=N_(
        "The US home game: five packs, a hand and a foot of 13 cards each; clean books 500, "
        "dirty books 300, wild books 1,500; red 3s 100; going out 100 with two clean, two "
        "dirty and a wild book; four rounds, opening 50, 90, 120 and 150; the higher total "
        "wins."
    ),
    formats=HAND_AND_FOOT_FORMATS,
    canastas=(
        # 10.3: "Each complete "Clean" Pile of 7 cards = 500"; "Dirty" = 300; "Wild" = 1500
        # [P-HF] via [HF-TV]; card values counted on top [HF-GD]. A dirty book holds at most 2
        # wild cards, pagat's "at most two in a meld of six or seven" [HF-GD] (twice as many
        # naturals as wild cards: a longer book's third wild card still leaves it five
        # naturals at least), the preset's source; most house sheets allow 3 ([GSAM]; [FB];
        # [NWP]): the card says so (issue 42: it said nothing).
        canasta(CanastaKind.NATURAL, 500, label=N_("Clean book")),
        canasta(CanastaKind.MIXED, 300, max_wild=2, label=N_("Dirty book")),
        # "7 wild cards only", 2s and jokers mixed freely.
        canasta(CanastaKind.WILD, 1500, label=N_("Wild book")),
    ),
    # 10.5: "For "Going Out" = 100" [P-HF] via [HF-TV]; no concealed going out in any source.
    going_out=(PLAIN_GOING_OUT,),
    # None of classic's penalties (Acaba, a canasta held in hand) is Hand and Foot's.
    penalties=(),
    notes=(
        N_("There is no standard text: these are pagat's main rules (Bill Whitnack's); the "
           "other tables' values are settings."),
        N_("Cards left in a hand and in a foot never picked up count against the side, at card "
           "value: enter them all as cards in hand."),
        N_("Red 3s laid count 100 each; one left in a hand or an unplayed foot costs 100. Many "
           "tables charge 500 for a red 3 caught in hand; Steve Simpson's rules make every red "
           "3 cost 500: settable."),
        N_("To go out: two clean books, two dirty books and a wild book (pagat); Bicycle asks "
           "one clean and one dirty, Good Sams two of each: settable."),
        N_("When the stock runs out the round ends and nobody gets the 100 for going out."),
        N_("Opening minimum by round: 50, 90, 120, 150; only card values count, not red 3s or "
           "book bonuses. An exact tie after round 4 is not covered by the sources: a draw by "
           "default, settable."),
        N_("Some tables pay 100 to a player who picks up exactly 22 cards: add it as a house "
           "premio."),
        N_("A dirty book holds at most two wild cards in six or seven (pagat: twice as many "
           "natural cards as wild cards); most house sheets allow three."),
        N_("Black 3s cannot be melded, not even when going out (pagat); they only block the "
           "discard pile."),
    ),
)
