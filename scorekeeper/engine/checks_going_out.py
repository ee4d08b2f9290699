"""The checks of how a hand ended and of the side that went out: its way of going out, the
canastas it needs, a lone player's empty hand, a special hand (RULES.md, "going-out
requirement"; VARIANTS.md 1)."""

from __future__ import annotations

from collections.abc import Iterator

from .errors import N_, FieldError
from .flow import ends_at_time
from .hand import SideEntry
from .hand_check import CHOOSE_WHO_WENT_OUT, HandUnderCheck, not_set
from .rule_types import (
    HandEnd,
    PlayerFormat,
)
from .rulesets import RuleSet
from .worked import needed_to_go_out, towards_going_out, wild_canastas


def how_the_hand_ended(hand: HandUnderCheck) -> Iterator[FieldError]:
    """Time-up only where time can be up (002's clock, Burraco's time-out called); a hand that
    ended by going out names one side, only one."""
    entry = hand.entry
    if entry.end is HandEnd.TIME_UP and not ends_at_time(hand.ruleset):
        yield FieldError("end", N_("This rule set plays without a clock."))
    going_out = [i for i, s in enumerate(entry.sides) if s.going_out]
    if entry.end is HandEnd.WENT_OUT and not going_out:
        yield FieldError("end", CHOOSE_WHO_WENT_OUT)
    if entry.end is not HandEnd.WENT_OUT:
        for i in going_out:
            yield FieldError(
                f"sides[{i}].going_out",
                N_("Nobody goes out when the hand ends this way (%(end)s)."),
                end=entry.end.label,
            )
    else:
        for i in going_out[1:]:
            yield FieldError(f"sides[{i}].going_out", N_("Only one side can go out."))


def way_of_going_out(hand: HandUnderCheck) -> Iterator[FieldError]:
    """The side that went out did it in one of the rule set's ways, with the canastas it needs
    (RULES.md, "going-out requirement"); 002: "si se pide la 'ida' a limpio y el compañero tiene
    un mono en la mano, la 'ida' NO vale, hay que seguir jugando"."""
    rs = hand.ruleset
    for p, side in hand.numbered():
        if not hand.went_out(side):
            continue
        e = side.entry
        try:
            kind = rs.going_out_kind(e.going_out or "")
        except KeyError:
            yield FieldError(f"{p}.going_out", N_("Unknown way of going out."))
            continue
        if kind.points is None:
            yield not_set(f"{p}.going_out", kind.label)
        if kind.plus_going_out_bonus and rs.plain_going_out.points is None:
            yield not_set(f"{p}.going_out", rs.plain_going_out.label)
        if not e.special_hand:  # a special hand goes out with no meld at all (below)
            yield from _going_out_requirement(rs, hand.fmt, e, p)
        if kind.hand_cards_positive and e.hand_cards is not None and e.hand_cards.wild_cards:
            yield FieldError(
                f"{p}.going_out",
                N_("Going out clean does not count while the partner holds a joker "
                   "or a 2: play on."),
            )


def lone_player_out_holds_nothing(hand: HandUnderCheck) -> Iterator[FieldError]:
    """A player alone on a side (001's games of 2 and 3) who went out has no card in hand."""
    if hand.fmt.players != hand.fmt.sides:
        return
    for p, side in hand.numbered():
        if not hand.went_out(side):
            continue
        if side.hand_points:
            yield FieldError(f"{p}.hand_points",
                             N_("The player who went out has no cards left in hand."))
        if side.entry.red_threes_in_hand:
            yield FieldError(f"{p}.red_threes_in_hand",
                             N_("The player who went out has no cards left in hand."))


def special_hand(hand: HandUnderCheck) -> Iterator[FieldError]:
    """Modern American (VARIANTS.md 1): "Special hands (14 cards, only for a side that has not
    melded; end the hand ...)" [CCOM]; [CLA] via [EBB]; [EA]: one of the rule set's, shown by
    the side that goes out with it, which has nothing melded (no table points, no canasta)."""
    rs = hand.ruleset
    for p, side in hand.numbered():
        e = side.entry
        if not e.special_hand:
            continue
        try:
            rs.special_hand(e.special_hand)
        except KeyError:
            yield FieldError(f"{p}.special_hand", N_("Unknown special hand."))
            continue
        if not hand.went_out(side):
            yield FieldError(f"{p}.special_hand",
                             N_("A special hand is shown by the side that goes out with it."))
        if side.table_points or e.canastas.total:
            yield FieldError(f"{p}.special_hand",
                             N_("Only a side that has melded nothing can go out with a special "
                                "hand."))


def _going_out_requirement(
    ruleset: RuleSet, fmt: PlayerFormat, e: SideEntry, p: str
) -> Iterator[FieldError]:
    """The canastas a side needs to go out: one (000, 003, 004), two with two players (003),
    one natural and one mixed, a wild-card one not counting (001)."""
    req = ruleset.going_out_requirement
    needed = needed_to_go_out(ruleset, fmt)
    wild_counts = req.wild_counts or req.wild_as_mixed
    wild = wild_canastas(ruleset, e)
    counted = towards_going_out(ruleset, e)
    if counted < needed:
        if not wild_counts and wild:
            yield FieldError(
                f"{p}.going_out",
                N_("Going out needs finished canastas: %(needed)d (a wild-card canasta does not "
                   "count)."),
                needed=needed,
            )
        else:
            yield FieldError(
                f"{p}.going_out",
                N_("Going out needs finished canastas: %(needed)d; this side has %(have)d."),
                needed=needed, have=counted,
            )
    if e.canastas.sequence < req.sequence:
        yield FieldError(
            f"{p}.going_out",
            N_("Going out needs sequence canastas (escalera): at least %(count)d."),
            count=req.sequence,
        )
    # Buraco's runs from ace to king and ace to ace are clean canastras too ("instead of 200",
    # VARIANTS-2.md 11.3): they count towards a clean one going out needs.
    clean = e.canastas.natural + e.canastas.ace_to_king + e.canastas.ace_to_ace
    if clean < req.natural:
        yield FieldError(
            f"{p}.going_out",
            N_("Going out needs natural canastas: at least %(count)d."), count=req.natural,
        )
    # Hand and Foot's contract (VARIANTS-2.md 10.5): "one wild book" beside the clean and dirty.
    if wild < req.wild:
        yield FieldError(
            f"{p}.going_out",
            N_("Going out needs wild-card canastas: at least %(count)d."), count=req.wild,
        )
    # 001, one reading: a wild-card canasta stands for the "sucia" (a setting, off).
    if e.canastas.mixed + (wild if req.wild_as_mixed else 0) < req.mixed:
        yield FieldError(
            f"{p}.going_out",
            N_("Going out needs mixed canastas: at least %(count)d."), count=req.mixed,
        )
