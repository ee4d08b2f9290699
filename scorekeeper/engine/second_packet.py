"""The second packet of Buraco and Burraco (VARIANTS-2.md 11, 12): the eleven cards a side
picks up when one of its players has emptied his hand, Buraco's *morto* and Burraco's
*pozzetto*; and what red 3s and the clock do in those games.

A side that never took its packet is charged the rule set's penalty of id
:data:`NOT_TAKEN` (a penalty like any other, so the count form, the sheet and the API list it
and a house rule may change its points); this module says what the penalty goes with:
whether going out needs the packet taken, and what a packet taken but not yet played when the
hand ends counts as.

Each game calls its packet by its own word, the same in every language (Buraco's *morto*,
Burraco's *pozzetto*): :attr:`SecondPacketRules.name`. Every sentence that names the packet takes
it as the parameter ``%(packet)s`` (:attr:`SecondPacketRules.params`), so a Portuguese page of
Burraco says *pozzetto* and an Italian page of Buraco *morto*.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .declared import rule
from .errors import N_

#: The id of the penalty charged to a side that never took its second packet.
NOT_TAKEN = "second_packet_not_taken"

#: The packet's name where a rule set gives none (a house rule of a game without one that turns
#: a second-packet rule on): a msgid, translated as a preset's label.
SECOND_PACKET = N_("second packet")


class UnplayedPacket(StrEnum):
    """What a second packet taken but not yet played when the hand ends counts as."""

    #: Buraco: "the "dead" deck score is not counted and it's punished as it was not bought"
    #: [GD-A]; [GV] "like the player never got the extra hand".
    NOT_TAKEN = "not_taken"
    #: Burraco: "per un pozzetto preso e non giocato = il valore delle carte del pozzetto"
    #: [EB-A17N]: its cards count against the side, with those left in hand.
    CARD_POINTS = "card_points"


@dataclass(frozen=True)
class SecondPacketRules:
    """What the second packet (the game's :attr:`name`) decides beyond its penalty."""

    #: Buraco: the final batida needs the morto taken [JOG]; [GV]; Burraco: "dopo che egli o
    #: il suo compagno … abbia raccolto il pozzetto" [AICS].
    needed_to_go_out: bool = rule(
        False, N_("Going out needs the %(packet)s taken"),
        sources=("JOG", "GV", "AICS"),
        says=((True, N_("Going out needs the side's %(packet)s taken.")),),
    )
    unplayed: UnplayedPacket = rule(
        UnplayedPacket.NOT_TAKEN, N_("A %(packet)s taken but not played before the end"),
        sources=("GD-A", "GV", "EB-A17N"), about=("needed_to_go_out",),
        choices=(("not_taken", N_("counts as not taken: its penalty, its cards not counted")),
                 ("card_points", N_("counts its cards against the side, as cards in hand"))),
        says=(("not_taken", N_("A %(packet)s taken but not played before the end counts as "
                               "not taken: its penalty, its cards not counted.")),
              ("card_points", N_("A %(packet)s taken but not played before the end counts "
                                 "its cards against the side, with the cards in hand."))),
    )
    #: The game's own word for its packet, the same in every language (not a rule value: a
    #: house rule keeps its preset's): Buraco's "morto" ([P-BR] "two 11-card piles (mortos)";
    #: [WIKI-PT]), Burraco's "pozzetto" ([MYB]; [CPO] "I pozzetti"). ``None``: the game has no
    #: second packet (Hand and Foot's foot is each player's own second hand, not a packet a side
    #: takes: its rules are the feet's, :mod:`.hand_inputs`).
    name: str | None = None

    @property
    def present(self) -> bool:
        """Whether the game has a second packet: named, or a rule of it turned on."""
        return self.name is not None or self.needed_to_go_out

    @property
    def word(self) -> str:
        """The packet's name for a sentence: the game's word, else :data:`SECOND_PACKET`."""
        return self.name if self.name is not None else SECOND_PACKET

    @property
    def params(self) -> dict[str, object]:
        """The parameters of every sentence that names the packet (``%(packet)s``)."""
        return {"packet": self.word}
