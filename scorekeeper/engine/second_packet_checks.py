"""The checks of a hand that Buraco and Burraco add (VARIANTS-2.md 11, 12): the second packet
and the red 3s that are ordinary cards. :mod:`.scoring` runs them after :data:`.checks.CHECKS`.
"""

from __future__ import annotations

from collections.abc import Iterator

from .checks import HandUnderCheck
from .errors import N_, FieldError
from .second_packet import NOT_TAKEN


def _second_packet_taken_once(hand: HandUnderCheck) -> Iterator[FieldError]:
    """A side has one second packet ([P-BR] "two 11-card piles (mortos)", one a team; [CPO] "I
    pozzetti, in numero di due"): it is not taken once at most; and where going out needs it
    (Buraco's batida, Burraco's chiusura), the side that went out took it."""
    rs = hand.ruleset
    if not any(p.id == NOT_TAKEN for p in rs.penalties):
        return
    for p, side in hand.numbered():
        n = side.entry.penalties.get(NOT_TAKEN, 0)
        if n > 1:
            yield FieldError(f"{p}.penalties.{NOT_TAKEN}",
                             N_("A side has one %(packet)s: it is not taken once at most."),
                             **rs.second_packet.params)
        if n and hand.went_out(side) and rs.second_packet.needed_to_go_out:
            yield FieldError(f"{p}.going_out", N_("Going out needs the side's %(packet)s taken."),
                             **rs.second_packet.params)


def _ordinary_red_threes(hand: HandUnderCheck) -> Iterator[FieldError]:
    """Where red 3s are ordinary cards (Buraco, Burraco) none is laid down as a bonus card nor
    charged in hand: they are counted with the cards on the table or in hand."""
    if not hand.ruleset.red_threes.ordinary:
        return
    for p, side in hand.numbered():
        for key in ("red_threes", "red_threes_in_hand"):
            if getattr(side.entry, key):
                yield FieldError(
                    f"{p}.{key}",
                    N_("Red 3s are ordinary cards in this game: count them with the cards on "
                       "the table or in hand."))


SECOND_PACKET_CHECKS = (_second_packet_taken_once, _ordinary_red_threes)
