"""The count form's layout for a rule set and player format: which rows, kinds, inputs and
error slots it shows (:class:`CountLayout`), drawn once per rule set and kept."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from cachetools import LRUCache

from ..engine import (
    CanastaKind,
    GoingOutKind,
    HandEnd,
    Penalty,
    PlayerFormat,
    Premio,
    RuleSet,
    UnfinishedPenalty,
    flow,
)
from ..engine.cards import CardGroup
from ..engine.errors import N_
from ..engine.hand_inputs import HandInput, InputKind, Place, asked_inputs, hand_inputs
from ..engine.rule_types import Holds, SpecialHand
from ..i18n import lazy_gettext as _l
from ..i18n import own_gettext, signed, translate

#: Card groups in the order players sort them on the table, with their names (engine/cards.py).
CARD_GROUPS: tuple[tuple[str, Any], ...] = tuple((g.value, _l(g.plural)) for g in CardGroup)


def card_groups(ruleset: RuleSet, *, on_table: bool = False) -> tuple[tuple[str, str], ...]:
    """The card helper's rows under ``ruleset``, named in the game's words (Buraco's jokers
    are its curingões); ``on_table``: the table's helper (``RuleSet.card_groups``)."""
    return tuple((g.value, own_gettext(ruleset, g.plural))
                 for g in ruleset.card_groups(on_table=on_table))


@dataclass(frozen=True)
class CountLayout:
    """What the count form asks for under one rule set and player format: the hand inputs the
    rule set asks for (``engine/hand_inputs.py``), and the lists some of them count by."""

    ruleset: RuleSet
    format: PlayerFormat
    ends: tuple[tuple[str, str], ...]
    going_out: tuple[GoingOutKind, ...]
    #: The kinds of canasta a hand often has, asked first; :attr:`rare_canastas` wait under
    #: "More".
    canastas: tuple[CanastaKind, ...]
    #: The melds left unfinished the rule set charges (only those are asked for).
    unfinished: tuple[UnfinishedPenalty, ...]
    premios: tuple[Premio, ...]
    penalties: tuple[Penalty, ...]
    #: Modern American: the special hands.
    special_hands: tuple[SpecialHand, ...] = ()
    #: The fast lane: the table counted the hand itself and types each side's score.
    total_only: bool = False
    #: Kinds a hand seldom has (:func:`rare_kind`), asked under "More".
    rare_canastas: tuple[CanastaKind, ...] = ()
    #: The hand inputs the rule set asks for, in the form's order.
    inputs: tuple[HandInput, ...] = ()
    #: Every hand input declared when the layout was drawn (``hand_inputs()``).
    declared: tuple[HandInput, ...] = ()

    def asks(self, name: str) -> bool:
        """Whether the form asks for the input called ``name``."""
        return any(d.name == name for d in self.inputs)

    @property
    def rows(self) -> tuple[HandInput, ...]:
        """The counts asked under the canastas, which every hand may need."""
        return tuple(d for d in self.inputs if d.place is Place.ROWS)

    @property
    def more(self) -> tuple[HandInput, ...]:
        """The inputs folded under "More"."""
        return tuple(d for d in self.inputs if d.place is Place.MORE)

    @property
    def all_canastas(self) -> tuple[CanastaKind, ...]:
        """Every kind of canasta the rule set allows."""
        return self.canastas + self.rare_canastas

    @property
    def sides(self) -> range:
        """The side indexes."""
        return range(self.format.sides)

    def ids(self, name: str) -> list[str]:
        """The ids an input of counts by id or kind counts by under this rule set."""
        lists: dict[str, list[str]] = {
            "canastas": [k.value for k in self.all_canastas],
            "unfinished_canastas": [u.kind.value for u in self.unfinished],
            "premios": [x.id for x in self.premios],
            "penalties": [x.id for x in self.penalties],
        }
        return lists.get(name, [])

    def choices(self, d: HandInput) -> tuple[Any, ...]:
        """The rule set's list a choice is made from."""
        return tuple(d.choices(self.ruleset)) if d.choices is not None else ()

    def items(self, name: str) -> tuple[Premio, ...] | tuple[Penalty, ...]:
        """The rule set's premios or penalties, for the input of that name."""
        return self.premios if name == "premios" else self.penalties

    def input_names(self, d: HandInput, p: str) -> list[str]:
        """The names of the inputs the form has for ``d`` (``p``: the side's prefix)."""
        if d.kind is InputKind.CARDS:
            on_table = d.name == "table_cards"
            return [f"{p}{d.name}.{g.value}"
                    for g in self.ruleset.card_groups(on_table=on_table)]
        if d.kind in (InputKind.KINDS, InputKind.BY_ID):
            return [f"{p}{d.name}.{k}" for k in self.ids(d.name)]
        return [p + d.name]

    def names(self, i: int) -> list[str]:
        """Every input name of side ``i``."""
        p = f"sides[{i}]."
        if self.total_only:
            return [p + "hand_total"]
        return [n for d in self.inputs if d.place is not Place.NONE
                for n in self.input_names(d, p)]

    def table_points_hint(self) -> str:
        """What "Points on the table" holds under this rule set: players counting the melds
        often leave out the cards inside canastas (only the bonus seems to count for them)."""
        hints = [own_gettext(self.ruleset, "Cards in canastas included.")]
        if self.ruleset.held_cards.table_against_without_canasta:
            hints.append(_l("Taken off while the side has no canasta."))
        if flow.ends_at_time(self.ruleset) and not self.ruleset.time_up_cards_count:
            hints.append(_l("Not counted when time is up."))
        return " ".join(str(h) for h in hints)

    def folded(self, i: int) -> list[str]:
        """The inputs of side ``i`` that sit under its "More": what a hand rarely needs (red 3s
        kept in hand, black 3s, premios, penalties, the canastas of 2s or jokers, melds left
        unfinished)."""
        p = f"sides[{i}]."
        if self.total_only:
            return []
        names = [n for d in self.more for n in self.input_names(d, p)]
        names += [f"{p}canastas.{k.value}" for k in self.rare_canastas]
        names += [f"{p}unfinished_canastas.{u.kind.value}" for u in self.unfinished]
        return names

    def more_names(self) -> list[str]:
        """What "More" holds, in a few words each (msgids)."""
        words = list(dict.fromkeys(d.more for d in self.more if d.more))
        if self.rare_canastas:
            words.append(N_("canastas of 2s or jokers"))
        if self.unfinished:
            words.append(N_("unfinished melds"))
        return words

    def hint(self, d: HandInput) -> str | None:
        """The words by an input's label: its hint, with its points signed, or the points."""
        points = d.points_of(self.ruleset)
        if d.hint is not None:
            return translate(d.hint, {"points": signed(points)} if points is not None else {})
        return signed(points) if points is not None else None

    def slots(self) -> tuple[str, ...]:
        """Every place an error can be shown: each input, plus the groups of inputs."""
        return self._slots

    # Asked three times a count (the messages by field, the summary, the live count's empty
    # slots), the same for every count under one layout; a cached_property writes to the
    # instance's __dict__, which a frozen dataclass allows.
    @cached_property
    def _slots(self) -> tuple[str, ...]:
        out = ["end"]
        if self.total_only:
            return (*out, "went_out", *(n for i in self.sides for n in self.names(i)),
                    *(f"sides[{i}].going_out" for i in self.sides))
        for i in self.sides:
            out += self.names(i)
            out += [f"sides[{i}].table_cards", f"sides[{i}].hand_cards"]
        return tuple(out)


def rare_kind(ruleset: RuleSet, kind: CanastaKind) -> bool:
    """Whether a hand seldom has a canasta of ``kind``: one of seven wild cards always the same
    (seven 2s; the four jokers and three 2s) takes most of the deck's 2s or every joker, where
    the other kinds take any cards of a rank."""
    bonus = ruleset.canasta_kind(kind)
    return bonus.holds is Holds.WILD and bonus.fixed


#: Layouts already drawn, by the identity of their rule set and of the hand inputs declared
#: (a test declares more), with their format and lane: a live count draws its form's layout
#: twice (the form read, the page), and a layout is the same for every count of a rule set.
#: The rule sets are the presets and the cached stored ones (``services.games``), a few.
_LAYOUTS: LRUCache[tuple[int, int, str, bool], CountLayout] = LRUCache(maxsize=256)
#: cachetools' caches are not thread-safe (gunicorn's threaded workers, the tests' servers).
_LAYOUTS_LOCK = threading.Lock()


def count_layout(ruleset: RuleSet, fmt: PlayerFormat, *, total_only: bool = False
                 ) -> CountLayout:
    """The count form's layout: only what the rule set has values or rules for; with
    ``total_only``, each side's score for the hand and who went out."""
    declared = hand_inputs()
    key = (id(ruleset), id(declared), fmt.id, total_only)
    with _LAYOUTS_LOCK:
        kept = _LAYOUTS.get(key)
    # The layout holds its rule set, so that id is not reused while it is kept; the inputs
    # tuple is checked by identity too.
    if kept is not None and kept.ruleset is ruleset and kept.declared is declared \
            and kept.format == fmt:
        return kept
    layout = _draw_layout(ruleset, fmt, total_only=total_only, declared=declared)
    with _LAYOUTS_LOCK:
        _LAYOUTS[key] = layout
    return layout


def _draw_layout(ruleset: RuleSet, fmt: PlayerFormat, *, total_only: bool,
                 declared: tuple[HandInput, ...]) -> CountLayout:
    ends = [(HandEnd.WENT_OUT.value, HandEnd.WENT_OUT.label),
            (HandEnd.STOCK_OUT.value, HandEnd.STOCK_OUT.label)]
    if flow.ends_at_time(ruleset):
        ends.append((HandEnd.TIME_UP.value, HandEnd.TIME_UP.label))
    return CountLayout(
        ruleset=ruleset,
        format=fmt,
        ends=tuple(ends),
        going_out=ruleset.going_out,
        canastas=tuple(k for k in CanastaKind if ruleset.allows(k) and not rare_kind(ruleset, k)),
        rare_canastas=tuple(k for k in CanastaKind if ruleset.allows(k) and rare_kind(ruleset, k)),
        unfinished=ruleset.unfinished_canastas,
        premios=ruleset.premios,
        penalties=ruleset.penalties,
        special_hands=ruleset.special_hands,
        total_only=total_only,
        inputs=tuple(asked_inputs(ruleset)),
        declared=declared,
    )


#: The count form's field that picks the fast lane (``mode=total``) and its value.
