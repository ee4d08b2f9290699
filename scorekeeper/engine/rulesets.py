"""The rule set: every number the count uses, put together from its parts (:mod:`.rule_types`).

The presets (:mod:`.presets`) are rule sets, one per family of rule sources; house rules are
the same data, read by :mod:`.ruleset_data` on top of a preset. A value a source names without
a number is ``None``: the table (or the tournament organizer) must give it before a hand that
uses it can be counted; see :meth:`RuleSet.missing_values`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from typing import Any

from .cards import CardGroup, CardValues
from .declared import Empty, Section, all_declared, rule, section, sections
from .errors import N_
from .numbers import whole
from .rule_types import (
    ALL_SOURCES,
    MAX_ROUNDS,
    MELD_RANKS,
    BlackThreeRules,
    CanastaBonus,
    CanastaCountPremios,
    CanastaKind,
    GoingOutKind,
    GoingOutRequirement,
    HandCards,
    HeldCardRules,
    Holds,
    OpeningMinimums,
    Penalty,
    PlayerFormat,
    Premio,
    RedThreeRules,
    SpecialHand,
    TieRule,
    UnfinishedPenalty,
    canasta,
)
from .second_packet import SecondPacketRules


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
    # Buraco and Burraco (VARIANTS-2.md 11, 12): the morto, the pozzetto, each named by its
    # game (:attr:`SecondPacketRules.name`).
    second_packet: SecondPacketRules = section(SecondPacketRules(), N_("The %(packet)s"))
    opening_minimums: OpeningMinimums = OpeningMinimums()
    # The values the rule set holds itself ("The game").
    #: Not in force while :attr:`rounds` is set: a game of rounds has no target.
    target: int = rule(5000, N_("Play to"), sources=ALL_SOURCES, minimum=100,
                       replaced_by="rounds")
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
    #: Burraco (VARIANTS-2.md 12.3): at time "nessuna coppia avrà i 100 punti di bonus"
    #: [EB-TO], the hand counted otherwise as usual; 002 counts neither the table nor the hands
    #: at time. Off: 002's.
    time_up_cards_count: bool = rule(
        False, N_("At time, the cards on the table and in hand count"),
        sources=("002", "EB-TO"), about=("time_limit_minutes", "time_up_called"),
        says=((True, N_("At time nobody gets the going-out bonus; the cards on the table and "
                        "in hand count as usual.")),
              (False, N_("At time the cards on the table and in hand count nothing."))),
    )
    #: Minutes a game lasts on the clock (002: 60); ``None``: no clock. The card says it in
    #: words ("60 minutes", "none").
    time_limit_minutes: int | None = rule(
        None, N_("Minutes on the clock"), sources=("002",), empty=Empty.NO_CLOCK, minimum=1,
        maximum=600, on_card=False,
    )
    #: Burraco (VARIANTS-2.md 12.3, 12.5): FIBUR's time-out is an ordinary end of a smazzata,
    #: called by the organizer whatever clock the table keeps: "nessuna coppia avrà i 100 punti
    #: di bonus" [EB-TO]. On, a hand may end at time (and the game with it) without the app's
    #: clock; off, only a rule set on a clock (002's 60 minutes) knows time-up.
    time_up_called: bool = rule(
        False, N_("Time may be called without the app's clock"), sources=("EB-TO",),
        card=N_("Time-out"),
        says=((True, N_("The organizer may call time: the hand in progress ends without the "
                        "going-out bonus and the game ends on its totals, the higher winning.")),),
    )
    # The game's flow (read only through :mod:`.flow`): how many rounds a game lasts, and the
    # opening minimum by round instead of by score (Hand and Foot, VARIANTS-2.md 10.6, 10.7).
    #: A game ends after this many rounds (hands), the higher total winning; ``None``: it is
    #: played to :attr:`target`.
    rounds: int | None = rule(
        None, N_("Rounds a game lasts"), sources=("WHIT", "JC", "COMP", "DRW"),
        empty=Empty.PLAY_TO_TARGET, minimum=1, maximum=MAX_ROUNDS, card=N_("Rounds in a game"),
    )
    #: The opening minimum of round 1, 2, 3…; a round past the table takes its last row.
    #: Empty (no rows): the minimum comes from the side's score (:attr:`opening_minimums`).
    opening_by_round: tuple[int, ...] = rule(
        (), N_("Opening minimum by round"), sources=("P-HF", "GOCC", "COMP", "TW"),
        hint=N_("The first meld's card points in round 1, 2, 3…, separated by commas. Empty: "
                "by the side's score."),
        row=N_("Round %(count)d"), on_card=False,  # the card's opening table shows it
    )
    #: The preset a house rule set was made from; ``None`` for a preset.
    based_on: str | None = None
    notes: tuple[str, ...] = field(default=())
    #: The game the rule set is a way of playing, as a title names it ("Burraco score sheet",
    #: "Súmula de Buraco"): Canasta for the family of :mod:`.presets.sources` and
    #: :mod:`.presets.variants`; a preset's msgid, translated as its name is.
    game: str = N_("Canasta")
    #: The game's own words for the app's generic ones: (generic msgid, the game's msgid)
    #: pairs, a page saying the game's (:meth:`own`) where it has them: Burraco's burrachi and
    #: smazzate, Hand and Foot's books and rounds. Each is a msgid translated in every language;
    #: a message with a plural is a (singular, plural) pair (:meth:`own_plural`).
    words: tuple[tuple[str | tuple[str, str], str | tuple[str, str]], ...] = ()

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
        return self._canasta_kinds[kind]

    def meld_ranks(self, kind: CanastaKind) -> tuple[str, ...]:
        """The ranks a canasta or meld of ``kind`` may be of (:data:`MELD_RANKS`): a kind of
        one rank, its rank; a natural one any other (a natural canasta of sevens is a "sevens
        canasta" where the rule set has that kind, VARIANTS.md 1); a mixed one any but the
        ranks of the kinds never melded with wild cards (sevens); none for a wild kind or a
        sequence."""
        return self._meld_ranks[kind]

    # Both are asked for every kind of every side in each count (the check that the packs hold
    # the canastas' ranks, ``checks_melds._rank_melds``): worked out once per rule set, which the
    # games' rule sets are kept (``services.games``). A cached_property writes to the
    # instance's __dict__, which a frozen dataclass allows; equality and hashing read the
    # fields only.
    @cached_property
    def _canasta_kinds(self) -> dict[CanastaKind, CanastaBonus]:
        given = {b.kind: b for b in reversed(self.canastas)}  # the first of a kind counts
        return {kind: given[kind] if kind in given else canasta(kind, None)
                for kind in CanastaKind}

    @cached_property
    def _meld_ranks(self) -> dict[CanastaKind, tuple[str, ...]]:
        def ranks(kind: CanastaKind) -> tuple[str, ...]:
            k = self.canasta_kind(kind)
            if k.holds is Holds.RANK:
                return (k.rank.value,) if k.rank is not None else ()
            if k.holds not in (Holds.NATURAL, Holds.MIXED):
                return ()
            taken = {b.rank.value for b in self.canastas
                     if b.holds is Holds.RANK and b.rank is not None
                     and (k.holds is Holds.NATURAL or not b.rank_also_mixed)}
            return tuple(r for r in MELD_RANKS if r not in taken)

        return {kind: ranks(kind) for kind in CanastaKind}

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

    def find_format(self, players: int | str, format_id: str | None = None,
                    sides: int | None = None) -> PlayerFormat:
        """The player format for ``players`` (a count or a format id).

        With a count that several formats share (001's six: two teams of three, or three
        pairs) and no ``format_id``, the one played as ``sides`` sides is taken when the caller
        knows them (a hand or a new game with three sides: the three pairs), else the first
        (two teams of three). Raises KeyError if the rule set has no such format.
        """
        wanted = format_id if format_id is not None else players
        for fmt in self.formats:
            if str(wanted) == fmt.id:
                return fmt
        if format_id is None and (count := whole(players)) is not None:
            counted = [fmt for fmt in self.formats if fmt.players == count]
            if counted:  # the first played as ``sides`` sides, else the first
                return min(counted, key=lambda f: f.sides != sides)
        raise KeyError(wanted)

    def missing_values(self) -> list[tuple[str, str]]:
        """Values a source names without a number: ``(path, label)`` pairs to be filled in."""
        missing: list[tuple[str, str]] = []
        for bonus in self.canastas:
            if bonus.points is None:
                missing.append((f"canastas.{bonus.kind.value}", bonus.name))
        for kind in self.going_out:
            if kind.points is None:
                missing.append((f"going_out.{kind.id}", kind.label))
        missing += [(d.path, d.label) for d in all_declared(self)
                    if d.value is None and d.rule.empty is Empty.ASKED_AT_START and d.in_force]
        for premio in self.premios:
            if premio.points is None:
                missing.append((f"premios.{premio.id}", premio.label))
        return missing

    def own(self, msgid: str) -> str:
        """The game's own msgid for the app's generic ``msgid`` (:attr:`words`), else
        ``msgid``."""
        for generic, own in self.words:
            if generic == msgid and isinstance(own, str):
                return own
        return msgid

    def own_plural(self, singular: str, plural: str) -> tuple[str, str]:
        """:meth:`own` for a message with a plural."""
        for generic, own in self.words:
            if generic == (singular, plural) and isinstance(own, tuple):
                return own
        return singular, plural

    def card_groups(self, *, on_table: bool = False) -> tuple[CardGroup, ...]:
        """The groups of cards a count names: every group, but where 3s are ordinary cards
        (Buraco, Burraco: VARIANTS-2.md 11.2 "7–3 5", 12.2) the black 3s are 5-point cards
        like the 4s to 7s, with no group, row or value of their own. ``on_table``: those a
        side can have on the table, not the black 3s where they are never melded (Hand and
        Foot, 10.2 "cannot be melded"; QA, 2026-12-05: its table helper offered them)."""
        never_melded = on_table and not self.black_threes.melded_going_out
        return tuple(g for g in CardGroup
                     if not ((self.red_threes.ordinary or never_melded)
                             and g is CardGroup.BLACK_THREES))

    def sections(self) -> tuple[Section, ...]:
        """The declared values of this rule set by section (the data form, the API's schema)."""
        return sections(self)

    def shown_sections(self) -> tuple[Section, ...]:
        """The sections a page lists (the rules card, the house-rules form): those of a part the
        game does not have are left off, the second packet of a game with none (Hand and
        Foot's foot is no packet: issue 42 found its card with an empty section)."""
        return tuple(sec for sec in sections(self)
                     if sec.key != "second_packet" or self.second_packet.present)


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
