"""The presets: one rule set per family of rule sources, in one registry by id.

:mod:`.sources` holds the presets of the sources of ``shared/RULES.md``, :mod:`.variants` the
Canasta family of ``shared/VARIANTS.md``, :mod:`.buraco` Buraco and Burraco (``VARIANTS-2.md``).
"""

from __future__ import annotations

from ..errors import UnknownRuleSet
from ..rule_types import EACH_RED_THREE, CanastaKind, HandEnd, OpeningCondition
from ..rulesets import RuleSet
from ..second_packet import SECOND_PACKET
from .buraco import BURACO, BURRACO
from .hand_and_foot import HAND_AND_FOOT
from .sources import CLASSIC, COMODINES, LA_CANASTA, TORNEO
from .variants import AMERICAN, BOLIVIA, BRAZILIAN, CUBAN, ITALIAN, SAMBA, URUGUAY

#: The one registry of presets, by id. A preset that varies another is made with :func:`vary`.
PRESETS: dict[str, RuleSet] = {rs.id: rs for rs in (CLASSIC, LA_CANASTA, COMODINES, TORNEO,
                                                    URUGUAY, SAMBA, BOLIVIA, CUBAN, ITALIAN,
                                                    BRAZILIAN, AMERICAN,
                                                    # VARIANTS-2.md 10 (a game of rounds),
                                                    # 11, 12
                                                    HAND_AND_FOOT, BURACO, BURRACO)}


def _preset_labels() -> frozenset[str]:
    labels: set[str] = {EACH_RED_THREE, SECOND_PACKET}
    labels.update(k.label for k in CanastaKind)
    labels.update(b.name for rs in PRESETS.values() for b in rs.canastas)
    labels.update(k.unfinished_label for k in CanastaKind)
    labels.update(c.short for c in OpeningCondition)
    labels.update(c.label for c in OpeningCondition)
    labels.update(e.label for e in HandEnd)
    for rs in PRESETS.values():
        labels.update((rs.name, rs.game, rs.description, *rs.notes))
        labels.update(f.label for f in rs.formats)
        labels.update(k.label for k in rs.going_out)
        labels.update(p.label for p in rs.premios)
        labels.update(p.label for p in rs.penalties)
        labels.update(h.label for h in rs.special_hands)
    return frozenset(labels)


#: Every name and label the presets and the engine's own kinds carry: English msgids, marked
#: with N_. A rule set's name or label is translated only when it is one of these; any other
#: (a house rule's own words) is the table's text, shown as typed.
PRESET_LABELS = _preset_labels()


def find_ruleset(ruleset_id: str) -> RuleSet:
    """The preset called ``ruleset_id``; raises :class:`UnknownRuleSet`."""
    try:
        return PRESETS[ruleset_id]
    except (KeyError, TypeError):
        raise UnknownRuleSet(str(ruleset_id)) from None
