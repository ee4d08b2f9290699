"""The forms of the games area: starting a game, and the count form shared with the calculator.

The count form's inputs are named after the engine's field paths (``sides[0].red_threes``,
``sides[1].table_cards.jokers``), so an engine :class:`FieldError` lands next to its own input
without a mapping table. :func:`hand_body_from_form` is the one place that turns the posted
form into the engine's hand body, and :func:`form_values_from_entry` the way back.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from cachetools import LRUCache
from flask_babel import LazyString
from flask_wtf import FlaskForm
from wtforms import IntegerField, RadioField, SelectField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from ..i18n import lazy_gettext as _l

try:
    # types-WTForms (3.2) predates SelectChoice (WTForms 3.3).
    from wtforms import SelectChoice  # type: ignore[attr-defined]
except ImportError:  # WTForms < 3.3 takes plain (value, label) pairs
    SelectChoice = None

from .. import config
from ..engine import (
    CHOOSE_WHO_WENT_OUT,
    CanastaKind,
    EntryErrors,
    FieldError,
    GoingOutKind,
    HandEnd,
    HandResult,
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
from ..engine.numbers import ungrouped, written_with_minus
from ..engine.rule_types import Holds, SpecialHand
from ..i18n import error_message, gettext, ngettext, number, own_gettext, signed, translate
from ..web import error_id

#: The most sides and players per side any format has (three pairs; two teams of three).
MAX_SIDES = 5
MAX_PER_SIDE = 3

# -- starting a game ------------------------------------------------------------------------------


def choices(pairs: Iterable[tuple[Any, Any]]) -> list[Any]:
    """Select choices from ``(value, label)`` pairs (WTForms 3.3 deprecates the pairs)."""
    if SelectChoice is None:
        return list(pairs)
    return [SelectChoice(value=value, label=label) for value, label in pairs]


def ending_text(ruleset: RuleSet) -> str:
    """How a game under ``ruleset`` ends, as the start form says it: its target, or its rounds
    for a game of rounds (Hand and Foot), which has no target (:func:`.flow.goal`)."""
    goal = flow.goal(ruleset)
    if goal is None:
        rounds = flow.rounds(ruleset) or 0
        return ngettext("These rules play %(num)d round; the higher total wins.",
                        "These rules play %(num)d rounds; the higher total wins.", rounds)
    return gettext("These rules play to %(target)s.", target=number(goal))


def ruleset_options(rulesets: Iterable[tuple[RuleSet, str]]) -> list[Any]:
    """The start form's rule-set choices from ``(rule set, name)`` pairs, each option carrying
    what the form fills in from its rule set: ``data-target`` (the target box's value),
    ``data-ends`` (how the game ends, in words) and, for a game of rounds, ``data-rounds``.
    Without JavaScript the server does the same from the ``shown_ruleset`` field
    (``views.new_game``)."""
    options: list[Any] = []
    for ruleset, name in rulesets:
        attrs = {"data-target": str(ruleset.target), "data-ends": ending_text(ruleset)}
        if flow.played_in_rounds(ruleset):
            attrs["data-rounds"] = str(flow.rounds(ruleset))
        options.append((ruleset.id, name, attrs) if SelectChoice is None
                       else SelectChoice(value=ruleset.id, label=name, render_kw=attrs))
    return options


#: The targets the start form takes.
TARGET_LOW, TARGET_HIGH = 100, 100_000


# Flask-WTF ships no types: FlaskForm is Any to mypy.
class NewGameForm(FlaskForm):  # type: ignore[misc]
    """Start a game. The choices depend on the rule set and are filled in by the view."""

    ruleset = SelectField(_l("Rules"))
    players = RadioField(_l("Players"))
    # The service's own message, so the range reads "100,000" (WTForms' says "100000").
    target = IntegerField(_l("Play to"), validators=[Optional(), NumberRange(
        TARGET_LOW, TARGET_HIGH, message=LazyString(lambda: translate(
            "The target is a whole number from %(low)d to %(high)d.",
            {"low": TARGET_LOW, "high": TARGET_HIGH})))])
    first_dealer = SelectField(_l("Who deals first"), coerce=int, default=0)
    # Only the printed sheet uses it: each phone shows the pages in its own language.
    language = SelectField(_l("Language of the printed score sheet"), default="en",
                           choices=choices(list(config.LANGUAGE_NAMES.items())))


for _i in range(MAX_SIDES):
    # A game kept on paper so far: the total each side has reached (read by
    # :func:`starting_totals_from_form`, checked by the service).
    setattr(NewGameForm, f"start_{_i}",
            StringField(_l("Side %(n)d", n=_i + 1), validators=[Optional()]))
    setattr(NewGameForm, f"side_{_i}_name",
            StringField(_l("Name of side %(n)d", n=_i + 1),
                        validators=[Optional(), Length(max=60)]))
    for _j in range(MAX_PER_SIDE):
        setattr(NewGameForm, f"side_{_i}_player_{_j}",
                StringField(_l("Player %(n)d", n=_j + 1),
                            validators=[Optional(), Length(max=60)]))


def value_field_name(path: str) -> str:
    """The form field that asks for a value the rule set leaves open (``canastas.wild``)."""
    return "value_" + re.sub(r"[^A-Za-z0-9]", "_", path)


def new_game_form_class(ruleset: RuleSet) -> type[NewGameForm]:
    """The start form for ``ruleset``: with a required field for each value it leaves open."""
    missing = ruleset.missing_values()
    if not missing:
        return NewGameForm
    fields = {
        value_field_name(path): IntegerField(
            _l(label), validators=[InputRequired(), NumberRange(0, 100_000)]
        )
        for path, label in missing
    }
    return type("NewGameFormWithValues", (NewGameForm,), fields)


def missing_value_fields(form: NewGameForm, ruleset: RuleSet) -> list[tuple[str, Any]]:
    """``(path, field)`` for each value the rule set leaves open."""
    return [(path, form[value_field_name(path)]) for path, _ in ruleset.missing_values()]


def seat_labels(fmt: PlayerFormat, side_names: Sequence[str] = ()) -> list[tuple[int, str]]:
    """Seats in playing order (partners sit apart, so seats alternate between the sides)."""
    per_side = fmt.players // fmt.sides
    seats = []
    for seat in range(fmt.players):
        side = seat % fmt.sides
        name = side_names[side] if side < len(side_names) and side_names[side] else None
        side_label = name or str(_l("Side %(n)d", n=side + 1))
        if per_side == 1:
            seats.append((seat, side_label))
        else:
            seats.append((seat, str(_l("%(side)s, player %(n)d", side=side_label,
                                       n=seat // fmt.sides + 1))))
    return seats


def sides_from_form(form: NewGameForm, fmt: PlayerFormat) -> list[dict[str, Any]]:
    """The ``sides`` argument of ``create_game`` from the start form."""
    per_side = fmt.players // fmt.sides
    sides = []
    for i in range(fmt.sides):
        names = [form[f"side_{i}_player_{j}"].data for j in range(per_side)]
        # Left empty, the service would store a bare number; "Side 1" reads better.
        name = (form[f"side_{i}_name"].data or "").strip() or str(_l("Side %(n)d", n=i + 1))
        sides.append({"name": name, "players": [n for n in names if n and n.strip()]})
    return sides


#: A total typed with the language's thousands separators: "2,350", "2.350", "2 350".
_GROUPED = re.compile(r"-?\d{1,3}(?:([.,\u00a0\u202f ])\d{3})(?:\1\d{3})*")


def read_total(text: str) -> int | str:
    """A total as typed on the start form: the number, or the text itself when it is none
    (the service then says "Enter a whole number." by the field)."""
    text = text.strip().replace("\u2212", "-")
    if _GROUPED.fullmatch(text):
        text = re.sub(r"[^\d-]", "", text)
    if text.removeprefix("-").isdecimal() and len(text) <= 9:
        return int(text)
    return text


def starting_totals_from_form(form: NewGameForm, fmt: PlayerFormat) -> list[int | str] | None:
    """The ``starting_totals`` argument of ``create_game``: ``None`` when every box is empty,
    else one value per side (an empty box is 0)."""
    typed = [(form[f"start_{i}"].data or "").strip() for i in range(fmt.sides)]
    if not any(typed):
        return None
    return [read_total(t) if t else 0 for t in typed]


def new_game_error_field(field: str) -> str:
    """The start form's field for an error ``create_game`` names (``sides[1].players[0]``)."""
    m = re.fullmatch(r"sides\[(\d+)\]\.name", field)
    if m:
        return f"side_{m.group(1)}_name"
    m = re.fullmatch(r"sides\[(\d+)\]\.players\[(\d+)\]", field)
    if m:
        return f"side_{m.group(1)}_player_{m.group(2)}"
    m = re.fullmatch(r"starting_totals(?:\[(\d+)\])?", field)
    if m:
        return f"start_{m.group(1) or 0}"
    if field in ("players", "sides", "format"):
        return "players"
    if field in ("target", "first_dealer", "ruleset"):
        return field
    return value_field_name(field)


# -- the count form -------------------------------------------------------------------------------

#: Card groups in the order players sort them on the table, with their names (engine/cards.py).
CARD_GROUPS: tuple[tuple[str, Any], ...] = tuple((g.value, _l(g.plural)) for g in CardGroup)


def card_groups(ruleset: RuleSet) -> tuple[tuple[str, str], ...]:
    """The card helper's rows under ``ruleset``, named in the game's words (Buraco's jokers
    are its curingões)."""
    return tuple((g.value, own_gettext(ruleset, g.plural)) for g in helper_groups(ruleset))


def helper_groups(ruleset: RuleSet) -> tuple[CardGroup, ...]:
    """The groups the card helper has a row for: every group, but where 3s are ordinary
    cards (Buraco, Burraco) they are counted with the 5-point cards: no row of black 3s."""
    return tuple(g for g in CardGroup
                 if not (ruleset.red_threes.ordinary and g is CardGroup.BLACK_THREES))


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
            return [f"{p}{d.name}.{g.value}" for g in helper_groups(self.ruleset)]
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
        hints = [_l("Cards in canastas included.")]
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
MODE_FIELD = "mode"
TOTAL_MODE = "total"


def is_total_mode(values: Mapping[str, Any]) -> bool:
    """Whether the form (or the values a page opens with) is in the fast lane."""
    return values.get(MODE_FIELD) == TOTAL_MODE


def total_body_from_form(form: Mapping[str, Any], ruleset: RuleSet, fmt: PlayerFormat
                         ) -> dict[str, Any]:
    """The engine's body of a hand typed as its totals: each side's score as typed (the
    engine reads "-1.035" and blames the rest by its field) and, when the table noted who went
    out (``went_out``, a side's index), the rule set's ordinary way of going out for that side,
    for the record."""
    end = _typed(form, "end", limit=64) or HandEnd.WENT_OUT.value
    sides: list[dict[str, Any]] = [{"hand_total": _typed(form, f"sides[{i}].hand_total") or ""}
                                   for i in range(fmt.sides)]
    went = _typed(form, "went_out")
    if went is not None and went.isdecimal() and int(went) < fmt.sides and ruleset.going_out:
        sides[int(went)]["going_out"] = ruleset.plain_going_out.id
    return {"players": fmt.id, "format": fmt.id, "end": end, "total_only": True, "sides": sides}


def _typed(form: Mapping[str, Any], name: str, limit: int = 20) -> str | None:
    value = form.get(name)
    if value is None:
        return None
    text = str(value).strip()[:limit]
    return text or None


def _is_zero(text: str) -> bool:
    return text.lstrip("0") == "" if text.isdecimal() else False


def hand_body_from_form(form: Mapping[str, Any], ruleset: RuleSet, fmt: PlayerFormat
                        ) -> dict[str, Any]:
    """The engine's hand body from the posted count form.

    Values stay as typed (the engine reads decimal text and blames anything else on the right
    field); empty inputs are left out. A card-counting helper with only zeros is not used, so
    typed points are not contradicted by an untouched helper. A form in the fast lane gives
    the sides' totals (:func:`total_body_from_form`).
    """
    if is_total_mode(form):
        return total_body_from_form(form, ruleset, fmt)
    layout = count_layout(ruleset, fmt)
    end = _typed(form, "end", limit=64) or HandEnd.WENT_OUT.value
    sides = []
    for i in layout.sides:
        p = f"sides[{i}]."
        side: dict[str, Any] = {}
        for d in hand_inputs():
            value = _posted(form, layout, d, p)
            if value is not None:
                side[d.name] = value
        sides.append(side)
    return {"players": fmt.id, "format": fmt.id, "end": end, "sides": sides}


def _posted(form: Mapping[str, Any], layout: CountLayout, d: HandInput, p: str) -> Any:
    """What the form gives for the input ``d`` of the side ``p``, or ``None``."""
    if d.kind is InputKind.CHOICE:
        # Choice ids run longer than any number ("abatir_first_turn_with_partner"): cut at
        # 20 they became "unknown".
        chosen = _typed(form, p + d.name, limit=64)
        return chosen if chosen and layout.asks(d.name) else None
    if d.kind is InputKind.FLAG:
        return True if layout.asks(d.name) and _typed(form, p + d.name) else None
    if d.kind in (InputKind.COUNT, InputKind.POINTS):
        value = _typed(form, p + d.name)
        # "None" (not 0) lets black 3s in hand follow the hand's counted cards.
        return None if value is not None and d.optional and _is_zero(value) else value
    if d.kind is InputKind.CARDS:
        cards = {g: v for g, _ in CARD_GROUPS
                 if (v := _typed(form, f"{p}{d.name}.{g}")) is not None}
        return cards if any(not _is_zero(v) for v in cards.values()) else None
    if d.kind in (InputKind.KINDS, InputKind.BY_ID):
        counts = {k: v for k in layout.ids(d.name)
                  if (v := _typed(form, f"{p}{d.name}.{k}")) is not None}
        return counts or None
    return None  # the fast lane's total and a side's name are not on this form


def form_values_from_entry(entry: Mapping[str, Any]) -> dict[str, str]:
    """The count form's values for a stored entry (the plain data of ``entry_to_dict``)."""
    values: dict[str, str] = {"end": str(entry.get("end") or HandEnd.WENT_OUT.value)}
    if entry.get("total_only"):
        values[MODE_FIELD] = TOTAL_MODE
        for i, side in enumerate(entry.get("sides") or []):
            values[f"sides[{i}].hand_total"] = str(side.get("hand_total", ""))
            if side.get("going_out"):
                values["went_out"] = str(i)
        return values
    for i, side in enumerate(entry.get("sides") or []):
        p = f"sides[{i}]."
        for d in hand_inputs():
            value = side.get(d.name)
            if d.kind is InputKind.CHOICE and (value or d.always):
                values[p + d.name] = str(value or "")
            elif d.kind is InputKind.FLAG and value:
                values[p + d.name] = "1"
            elif d.kind in (InputKind.COUNT, InputKind.POINTS) and value:
                values[p + d.name] = str(value)
            elif d.kind is InputKind.CARDS and value:
                if d.helper_for:
                    values.pop(p + d.helper_for, None)
                for g, n in value.items():
                    if n:
                        values[f"{p}{d.name}.{g}"] = str(n)
            elif d.kind in (InputKind.KINDS, InputKind.BY_ID):
                for k, n in (value or {}).items():
                    if n:
                        values[f"{p}{d.name}.{k}"] = str(n)
    return values


def _holds_something(value: Any) -> bool:
    """Whether a typed value is worth showing (not empty, not only zeros)."""
    text = "" if value is None else str(value).strip()
    return bool(text) and not _is_zero(text)


def counted_points(values: Mapping[str, Any], cards_key: str, ruleset: RuleSet) -> int | None:
    """What the card helper ``cards_key`` (``sides[0].table_cards``) adds up to, or ``None``
    while it is empty or holds something that is not a count."""
    total, used = 0, False
    for g, _ in CARD_GROUPS:
        text = str(values.get(f"{cards_key}.{g}") or "").strip()
        if not text:
            continue
        if not text.isdecimal() or len(text) > 4:
            return None
        total += int(text) * getattr(ruleset.card_values, g)
        used = used or int(text) > 0
    return total if used else None


def unsigned_fields() -> tuple[str, ...]:
    """The count form's points fields whose sign the count gives: a minus typed there, as
    sheets print points in hand, is read as the number and a note says so (not an error: the
    number is right, only its sign was not needed)."""
    return tuple(d.name for d in hand_inputs() if d.unsigned)


def points_fields() -> tuple[str, ...]:
    """The fields that take points as a sheet writes them ("1.035")."""
    return tuple(d.name for d in hand_inputs()
                 if d.kind in (InputKind.POINTS, InputKind.TOTAL))


def minus_notes(layout: CountLayout, values: Mapping[str, Any],
                errors: Mapping[str, list[str]]) -> dict[str, str]:
    """A quiet note by each unsigned field read from a number written with a minus."""
    notes = {}
    for i in layout.sides:
        for key in unsigned_fields():
            name = f"sides[{i}].{key}"
            typed = values.get(name)
            if name in errors or not isinstance(typed, str) or not written_with_minus(typed):
                continue
            digits = ungrouped(typed).removeprefix("-")
            if digits.isdecimal() and len(digits) <= 12:
                notes[name] = translate(
                    N_("Read as %(points)d: no minus needed, the count gives these points "
                       "their sign."), {"points": int(digits)})
    return notes


def errors_by_field(errors: EntryErrors | Iterable[FieldError], slots: Iterable[str]
                    ) -> tuple[dict[str, list[str]], list[str]]:
    """Translated messages keyed by the input they belong to, and those that fit no input."""
    known = set(slots)
    items = errors.errors if isinstance(errors, EntryErrors) else tuple(errors)
    by_field: dict[str, list[str]] = {}
    general: list[str] = []
    for error in items:
        message = error_message(error)
        if error.field in known:
            by_field.setdefault(error.field, []).append(message)
        else:
            general.append(message)
    return by_field, general


def changed_fields(typed: Mapping[str, Any], stored: Mapping[str, str], names: Iterable[str]
                   ) -> dict[str, str]:
    """Stored values that differ from what was typed (for the "changed by someone else" view)."""
    out = {}
    for name in names:
        # 64, as the form reads choices: a long "abatir" id cut short never matched its own.
        text = _typed(typed, name, limit=64)
        if text and name.endswith(tuple(f".{key}" for key in points_fields())):
            # Points as the engine reads them: "1.035" is the stored 1035, and so is "-20"
            # in hand the stored 20.
            text = ungrouped(text)
            if name.endswith(tuple(f".{key}" for key in unsigned_fields())):
                text = text.removeprefix("-")
        mine = (text or "").lstrip("0") or ("0" if text else "")
        theirs = (stored.get(name) or "").lstrip("0") or ("0" if stored.get(name) else "")
        if mine in ("", "0") and theirs in ("", "0"):
            continue
        if mine != theirs:
            out[name] = stored.get(name) or ""
    return out


def count_context(
    layout: CountLayout,
    *,
    side_names: list[str],
    values: Mapping[str, Any],
    action: str,
    preview_url: str,
    hidden: Mapping[str, Any],
    result: HandResult | None = None,
    errors: EntryErrors | None = None,
    base_totals: list[int] | None = None,
    stored: Mapping[str, str] | None = None,
    submit_label: str | None = None,
    live: bool = False,
    typing: str | None = None,
) -> dict[str, Any]:
    """What ``games/_count_form.html`` needs; the calculator builds it the same way.

    ``live`` is the count htmx asks for while someone types: it does not say "choose the side
    that went out" (the first digit typed comes before that choice), only that the count waits
    for it. Saving, or "Check the count" without JavaScript, still shows the message.
    ``typing`` is the input the live count was asked from while its value was being typed: its
    own messages wait until the field is left ("3" on the way to "35" is not yet wrong).
    """
    waiting_for_going_out = waiting_for_typing = False
    if live and errors is not None:
        kept = [e for e in errors.errors
                if not (e.field == "end" and e.template == CHOOSE_WHO_WENT_OUT)]
        waiting_for_going_out = len(kept) < len(errors.errors)
        if typing:
            held = [e for e in kept if e.field == typing]
            waiting_for_typing = bool(held)
            kept = [e for e in kept if e.field != typing]
        errors = EntryErrors(kept)
    by_field, general = errors_by_field(errors or (), layout.slots())
    # "More" and the card helpers open by themselves when they hold a value or a message.
    open_more = {i: any(_holds_something(values.get(n)) or n in by_field
                        for n in layout.folded(i)) for i in layout.sides}
    counted = {f"sides[{i}].{where}_cards": counted_points(values, f"sides[{i}].{where}_cards",
                                                          layout.ruleset)
               for i in layout.sides for where in ("table", "hand")}
    open_helpers = {key: points is not None or key in by_field
                    or any(f"{key}.{g}" in by_field for g, _ in CARD_GROUPS)
                    for key, points in counted.items()}
    # A list at the top of the re-drawn page, linking to each message by its field.
    summary = []
    for name in layout.slots() if by_field else ():
        m = re.match(r"sides\[(\d+)\]", name)
        side = side_names[int(m.group(1))] if m and int(m.group(1)) < len(side_names) else None
        for message in by_field.get(name, []):
            summary.append((error_id(name), f"{side}: {message}" if side else message))
    return {
        "notes": minus_notes(layout, values, by_field),
        "note_slots": [] if layout.total_only else [
            f"sides[{i}].{key}" for i in layout.sides for key in unsigned_fields()],
        "error_summary": summary,
        "layout": layout,
        "side_names": side_names,
        "values": values,
        "errors": by_field,
        "general_errors": general,
        "result": result,
        "base_totals": base_totals,
        "action": action,
        "preview_url": preview_url,
        "hidden": hidden,
        "stored": stored or {},
        "submit_label": submit_label or str(_l("Save this hand")),
        "card_groups": card_groups(layout.ruleset),
        "waiting_for_going_out": waiting_for_going_out,
        "waiting_for_typing": waiting_for_typing,
        "open_more": open_more,
        "open_helpers": open_helpers,
        "counted": counted,
    }
