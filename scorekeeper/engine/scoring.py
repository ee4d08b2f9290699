"""The count at the end of a hand: work out each side's points once (:mod:`.worked`), check the
entry against the rule set (:mod:`.checks`), then itemise it (:mod:`.lines`)."""
from __future__ import annotations

from .bounds import hand_total_bounds
from .checks import CHECKS, HandUnderCheck
from .errors import N_, EntryErrors, FieldError
from .flow import ends_at_time
from .hand import NOT_IN_FIVES, HandEntry, read_entry
from .lines import count_side
from .results import HandResult, Line, SideResult
from .rule_types import HandEnd, PlayerFormat
from .rulesets import RuleSet
from .second_packet_checks import SECOND_PACKET_CHECKS
from .worked import work_out


def score_hand(ruleset: RuleSet, entry: HandEntry) -> HandResult:
    """Count a hand under ``ruleset``.

    Raises :class:`EntryErrors` listing every field of the entry that cannot be.
    """
    errors: list[FieldError] = []
    try:
        fmt = ruleset.find_format(entry.players, entry.format, len(entry.sides))
    except KeyError:
        if entry.format is not None:
            errors.append(FieldError("format", N_("This rule set has no such player format.")))
        else:
            errors.append(FieldError(
                "players", N_("This rule set is not played with %(players)s players."),
                players=entry.players,
            ))
        raise EntryErrors(errors) from None
    if len(entry.sides) != fmt.sides:
        errors.append(FieldError(
            "sides", N_("%(format)s play as %(sides)d sides."), format=fmt.label, sides=fmt.sides
        ))
        raise EntryErrors(errors)

    if entry.total_only:
        return _score_totals(ruleset, fmt, entry)
    sides = [work_out(ruleset, fmt, entry, i, errors) for i in range(len(entry.sides))]
    hand = HandUnderCheck(ruleset, fmt, entry, sides)
    for check in (*CHECKS, *SECOND_PACKET_CHECKS):
        errors.extend(check(hand))
    if errors:
        raise EntryErrors(in_own_words(ruleset, errors))
    return HandResult(
        sides=tuple(count_side(ruleset, fmt, entry, side) for side in sides),
        format=fmt,
    )


def in_own_words(ruleset: RuleSet, errors: list[FieldError]) -> list[FieldError]:
    """``errors`` said in the game's own words (:attr:`.RuleSet.words`): a refusal the checks
    write of canastas names Burraco's burrachi and Hand and Foot's books. The game's msgid
    replaces the generic one before any page or answer translates it, so the count page, the
    API and the English :attr:`.FieldError.message` all say the same."""
    return [FieldError(e.field, own, **e.params)
            if type(e) is FieldError and (own := ruleset.own(e.template)) != e.template else e
            for e in errors]


#: The one line of a side in a hand typed as its totals.
HAND_TOTAL_LINE = N_("Hand total, counted at the table")
#: A side's typed score beyond what the rule set can score in a hand.
OUT_OF_BOUNDS = N_("One side scores from %(low)d to %(high)d in a hand under these rules.")


def _score_totals(ruleset: RuleSet, fmt: PlayerFormat, entry: HandEntry) -> HandResult:
    """A hand the table counted itself: each side's typed score is its one line, within what
    the rule set can score in a hand (:func:`.bounds.hand_total_bounds`). Who went out is
    optional (kept for the record); when named, it is one side, in one of the rule set's ways,
    in a hand that ended by going out."""
    errors: list[FieldError] = []
    if entry.end is HandEnd.TIME_UP and not ends_at_time(ruleset):
        errors.append(FieldError("end", N_("This rule set plays without a clock.")))
    low, high = hand_total_bounds(ruleset, fmt)
    out = 0
    for i, side in enumerate(entry.sides):
        p = f"sides[{i}]"
        total = side.hand_total or 0
        if not low <= total <= high:
            errors.append(FieldError(f"{p}.hand_total", OUT_OF_BOUNDS, low=low, high=high))
        if not side.going_out:
            continue
        out += 1
        if entry.end is not HandEnd.WENT_OUT:
            errors.append(FieldError(
                f"{p}.going_out", N_("Nobody goes out when the hand ends this way (%(end)s)."),
                end=entry.end.label))
        elif out > 1:
            errors.append(FieldError(f"{p}.going_out", N_("Only one side can go out.")))
        elif side.going_out not in {k.id for k in ruleset.going_out}:
            errors.append(FieldError(f"{p}.going_out", N_("Unknown way of going out.")))
    if errors:
        raise EntryErrors(errors)
    return HandResult(
        sides=tuple(SideResult((Line("hand_total", ruleset.own(HAND_TOTAL_LINE),
                                     side.hand_total or 0),))
                    for side in entry.sides),
        format=fmt,
    )


def count_hand(ruleset: RuleSet, data: object) -> tuple[HandEntry, HandResult]:
    """Read a hand from plain data and count it under ``ruleset``.

    Raises :class:`~scorekeeper.engine.hand.ShapeError` for data that is not a hand at all, and
    :class:`EntryErrors` with every field error at once: those of reading the values and those
    of the rules (a field that could not be read is not blamed twice).
    """
    entry, errors = read_entry(data)
    try:
        result = score_hand(ruleset, entry)
    except EntryErrors as exc:
        bad = {e.field for e in errors if e.template != NOT_IN_FIVES}
        ruled = [e for e in exc.errors if e.field not in bad]
        # A score read whole but not in fives that the rules refuse for its size is told its
        # size ("99999999": how far a side scores in a hand), not its fives.
        sized = {e.field for e in ruled
                 if e.template in (OUT_OF_BOUNDS, ruleset.own(OUT_OF_BOUNDS))}
        errors = [e for e in errors if not (e.template == NOT_IN_FIVES and e.field in sized)]
        raise EntryErrors(errors + ruled) from None
    if errors:
        raise EntryErrors(errors)
    return entry, result
