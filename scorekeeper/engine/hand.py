"""What the table tells the count at the end of a hand, and reading it from plain data."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from .cards import CARD_GROUP_FIELDS, ByKey, CardCounts
from .errors import N_, EntryErrors, FieldError
from .hand_inputs import (
    MAX_CANASTAS,
    MAX_CARDS,
    MAX_CHOICE,
    MAX_IDS,
    HandInput,
    InputKind,
    hand_inputs,
    side_fields,
)
from .hand_inputs import MAX_COUNT as MAX_COUNT
from .hand_inputs import MAX_POINTS as MAX_POINTS
from .numbers import ungrouped
from .rule_types import CANASTA_KIND_IDS, CANASTA_KINDS, CanastaKind, HandEnd

#: The refusal of a number of points read whole but not in fives: a value the rules may still
#: refuse for its size, which then says more (``scoring.count_hand``).
NOT_IN_FIVES = N_("Points always come in multiples of 5.")


@dataclass(frozen=True)
class CanastaCounts(ByKey[CanastaKind]):
    """How many canastas of each kind a side finished (a field per :class:`CanastaKind`)."""

    natural: int = 0
    mixed: int = 0
    wild: int = 0
    wild_twos: int = 0
    wild_four_jokers: int = 0
    sevens: int = 0
    aces: int = 0
    sequence: int = 0
    ace_to_king: int = 0
    ace_to_ace: int = 0
    semi_clean: int = 0

    @property
    def total(self) -> int:
        """All of them."""
        return sum(self.of(k) for k in CANASTA_KINDS)

    def as_dict(self) -> dict[str, int]:
        """The counts by kind id: natural, mixed and wild always (the shape stored hands have
        always had), any other kind when there is one."""
        return {k.value: self.of(k) for k in CANASTA_KINDS
                if self.of(k) or k in _CLASSIC_KINDS}


_CLASSIC_KINDS = (CanastaKind.NATURAL, CanastaKind.MIXED, CanastaKind.WILD)


@dataclass(frozen=True)
class SideEntry:
    """One side's part of a hand.

    Table and hand points are given either as numbers or as card counts (exactly one of each
    pair is used; counts win when both are given). ``black_threes_in_hand`` left as ``None``
    follows the black 3s of ``hand_cards``.
    """

    table_points: int = 0
    hand_points: int = 0
    table_cards: CardCounts | None = None
    hand_cards: CardCounts | None = None
    canastas: CanastaCounts = CanastaCounts()
    #: Melds left unfinished on the table at the end, by kind (those the rule set's
    #: :class:`~.rule_types.UnfinishedPenalty` charges: Brazilian, sequences of 3 or 4 cards).
    unfinished_canastas: CanastaCounts = CanastaCounts()
    red_threes: int = 0
    going_out: str | None = None
    black_threes_shown: int = 0
    black_threes_in_hand: int | None = None
    red_threes_in_hand: int = 0
    premios: Mapping[str, int] = field(default_factory=dict)
    penalties: Mapping[str, int] = field(default_factory=dict)
    #: Sets of 3 or more aces or 3 or more sevens left in the hands of the side's players, two a
    #: player at most (Modern American).
    aces_or_sevens_held: int = 0
    #: The special hand the side went out with (Modern American), by the rule set's id.
    special_hand: str | None = None
    #: Black 3s the side laid out as red 3s are (Modern American).
    black_threes_laid_out: int = 0
    #: The side mixed its cards into the rest by mistake before counting them (002: "no contar
    #: las cartas por error"): the rule set's points replace its cards on the table and in hand.
    cards_not_counted: bool = False
    #: The side's score for the hand as the table counted it ("total only"): the count takes
    #: it as it is, and every other field stays empty.
    hand_total: int | None = None
    #: The counts of inputs declared without a field of their own here (``hand_inputs``), by
    #: name; only those given.
    counts: Mapping[str, int] = field(default_factory=dict)

    def value_of(self, name: str) -> Any:
        """The value of the input called ``name`` (0 for a count not given)."""
        if name in _ENTRY_FIELDS:
            return getattr(self, name)
        return self.counts.get(name, 0)

    @property
    def black_threes_left(self) -> int:
        """Black 3s left in this side's hands."""
        if self.black_threes_in_hand is not None:
            return self.black_threes_in_hand
        return self.hand_cards.black_threes if self.hand_cards else 0


@dataclass(frozen=True)
class HandEntry:
    """A whole hand: how it ended, the player format and each side's entry."""

    sides: tuple[SideEntry, ...]
    end: HandEnd = HandEnd.WENT_OUT
    players: int | str = 4
    format: str | None = None
    #: The table typed each side's score instead of counting the hand here ("total only").
    total_only: bool = False


# -- reading plain data (JSON bodies, form data) ---------------------------------------------


class ShapeError(ValueError):
    """The data is not an entry at all (not an object, or ``sides`` is not a list of objects)."""


_ENTRY_FIELDS = frozenset(f.name for f in fields(SideEntry)) - {"counts"}


def __getattr__(name: str) -> Any:
    # The fields a side may hold, as they are declared now (``hand_inputs``).
    if name == "_SIDE_FIELDS":
        return side_fields()
    raise AttributeError(name)

#: How many sides a hand has: Hand and Foot's five players each for himself are five (pagat's
#: "two to six", odd numbers individually).
MIN_SIDES, MAX_SIDES = 2, 5
#: The longest format id (or players as text) a hand may name.
MAX_FORMAT_ID = 20

#: What a side of a hand typed as its totals may hold beside its ``hand_total``: who went out
#: (for the record) and the side's name.
_TOTAL_FIELDS = frozenset({"hand_total", "going_out", "name"})


#: Digits past which a number is read as :data:`_PAST_EVERY_BOUND` (``int()`` of a long string
#: costs time, and Python refuses more than 4,300 digits).
_DIGITS = 12
_PAST_EVERY_BOUND: int = 10**_DIGITS


def whole_number(text: str) -> int:
    """``text`` (an optional minus and decimal digits) as a whole number. Too long to be any
    count's or score's, it is still a number, one past every bound with its sign, so it is
    refused as too big (or negative), not as "not a whole number" (QA, 2026-12-05). The count's
    fields and the start form's paper totals read it so."""
    if len(text.removeprefix("-")) <= _DIGITS:
        return int(text)
    return -_PAST_EVERY_BOUND if text.startswith("-") else _PAST_EVERY_BOUND


class _Reader:
    def __init__(self) -> None:
        self.errors: list[FieldError] = []

    def count(self, data: Mapping[str, Any], key: str, path: str, *, maximum: int = MAX_COUNT,
              points: bool = False, unsigned: bool = False) -> int:
        """A count or, with ``points``, points as a sheet writes them ("1.035", "1,035").
        ``unsigned``: a field the count always gives its own sign (points in hand are taken
        off), so a minus written before it, as sheets print them, is read as the number."""
        value = data.get(key)
        if value is None or (isinstance(value, str) and not value.strip()):
            return 0  # a field left empty on a form means none
        # isdecimal (not isdigit: "²"), one sign at most ("--5"), and short (int()'s digit limit)
        text = value.strip() if isinstance(value, str) else ""
        if points:
            text = ungrouped(text)
        if text.removeprefix("-").isdecimal():
            value = whole_number(text)
        if isinstance(value, bool) or not isinstance(value, int):
            self.errors.append(FieldError(path, N_("Enter a whole number.")))
            return 0
        if value < 0 and unsigned:
            value = -value
        if value < 0:
            self.errors.append(FieldError(path, N_("Cannot be negative.")))
            return 0
        if value > maximum:
            self.errors.append(FieldError(path, N_("Cannot be more than %(max)d."), max=maximum))
            return 0
        if points and value % 5:
            self.errors.append(FieldError(path, NOT_IN_FIVES))
        return value

    def total(self, data: Mapping[str, Any], key: str, path: str) -> int | None:
        """A side's score for a hand as a sheet writes it: signed, grouped or not ("-1.035");
        ``None`` when left empty. How far it may go is the rule set's (``engine.bounds``)."""
        value = data.get(key)
        if value is None or (isinstance(value, str) and not value.strip()):
            return None
        if isinstance(value, str):
            text = ungrouped(value)
            if text.removeprefix("-").isdecimal():
                value = whole_number(text)
        if isinstance(value, bool) or not isinstance(value, int):
            self.errors.append(FieldError(path, N_("Enter a whole number.")))
            return 0
        if value % 5:
            self.errors.append(FieldError(path, NOT_IN_FIVES))
        return value

    def chosen(self, data: Mapping[str, Any], key: str, path: str, unknown: str) -> str | None:
        """An id chosen from one of the rule set's lists (a way of going out, a special hand),
        cut at 60 characters; empty, "none" or false is none."""
        value = data.get(key)
        if value in ("", "none", False) or value is None:
            return None
        if not isinstance(value, str):
            self.errors.append(FieldError(path, unknown))
            return None
        return value[:MAX_CHOICE]

    def flag(self, data: Mapping[str, Any], key: str, path: str) -> bool:
        """A yes or no: ``true``/``false`` (JSON) or absent; anything else is a field error."""
        value = data.get(key)
        if value is None:
            return False
        if not isinstance(value, bool):
            self.errors.append(FieldError(path, N_("Must be true or false.")))
            return False
        return value

    def cards(self, data: Mapping[str, Any], key: str, path: str) -> CardCounts | None:
        value = data.get(key)
        if value is None:
            return None
        if not isinstance(value, Mapping):
            self.errors.append(FieldError(path, N_("Must be an object of card counts.")))
            return None
        for unknown in sorted(set(value) - set(CARD_GROUP_FIELDS)):
            self.errors.append(FieldError(f"{path}.{unknown}", N_("Unknown kind of card.")))
        return CardCounts(**{g: self.count(value, g, f"{path}.{g}", maximum=MAX_CARDS)
                             for g in CARD_GROUP_FIELDS})

    def kinds(self, data: Mapping[str, Any], key: str, path: str) -> CanastaCounts:
        """Counts by canasta kind id (a side's ``canastas``, ``unfinished_canastas``)."""
        raw = data.get(key)
        if raw is not None and not isinstance(raw, Mapping):
            self.errors.append(FieldError(f"{path}.{key}", N_("Must be an object of counts.")))
            raw = {}
        raw = raw or {}
        for unknown in sorted(set(raw) - set(CANASTA_KIND_IDS)):
            self.errors.append(FieldError(f"{path}.{key}.{unknown}",
                                          N_("Unknown kind of canasta.")))
        return CanastaCounts(**{
            kind: self.count(raw, kind, f"{path}.{key}.{kind}", maximum=MAX_CANASTAS)
            for kind in CANASTA_KIND_IDS
        })

    def counts(self, data: Mapping[str, Any], key: str, path: str) -> dict[str, int]:
        value = data.get(key)
        if value is None:
            return {}
        if not isinstance(value, Mapping) or len(value) > MAX_IDS:
            self.errors.append(FieldError(path, N_("Must be an object of counts.")))
            return {}
        out: dict[str, int] = {}
        for k in value:
            n = self.count(value, k, f"{path}.{k}")
            if n:
                out[str(k)[:MAX_CHOICE]] = n
        return out


def _read(r: _Reader, data: Mapping[str, Any], d: HandInput, path: str) -> Any:
    """One input's value, by its kind."""
    p = f"{path}.{d.name}"
    if d.kind is InputKind.COUNT:
        if d.optional and data.get(d.name) is None:
            return None
        return r.count(data, d.name, p, maximum=d.maximum)
    if d.kind is InputKind.POINTS:
        return r.count(data, d.name, p, maximum=d.maximum, points=True, unsigned=d.unsigned)
    if d.kind is InputKind.TOTAL:
        return r.total(data, d.name, p)
    if d.kind is InputKind.CARDS:
        return r.cards(data, d.name, p)
    if d.kind is InputKind.KINDS:
        return r.kinds(data, d.name, path)
    if d.kind is InputKind.BY_ID:
        return r.counts(data, d.name, p)
    if d.kind is InputKind.CHOICE:
        return r.chosen(data, d.name, p, d.unknown or N_("Unknown field."))
    if d.kind is InputKind.FLAG:
        return r.flag(data, d.name, p)
    return None  # words the count does not read


def side_from_dict(data: Mapping[str, Any], path: str, r: _Reader | None = None) -> SideEntry:
    """One side's entry from plain data; field errors are collected in ``r``."""
    own = r is None
    r = r or _Reader()
    for unknown in sorted(set(data) - side_fields()):
        r.errors.append(FieldError(f"{path}.{unknown}", N_("Unknown field.")))
    values: dict[str, Any] = {}
    counts: dict[str, int] = {}
    for d in hand_inputs():
        if d.kind is InputKind.TEXT:
            continue
        value = _read(r, data, d, path)
        if d.name in _ENTRY_FIELDS:
            values[d.name] = value
        elif value:
            counts[d.name] = value
    side = SideEntry(**values, counts=counts)
    if own and r.errors:
        raise EntryErrors(r.errors)
    return side


def entry_from_dict(data: Any) -> HandEntry:
    """A hand entry from plain data shaped like the body of ``POST /api/v1/score``.

    Raises :class:`ShapeError` when ``data`` is not an object with a list of side objects, and
    :class:`EntryErrors` for values that are not whole numbers or fields that are unknown.
    Whether the hand can be under a rule set is :func:`scorekeeper.engine.score_hand`'s task.
    """
    entry, errors = read_entry(data)
    if errors:
        raise EntryErrors(errors)
    return entry


def read_entry(data: Any) -> tuple[HandEntry, list[FieldError]]:
    """Like :func:`entry_from_dict`, but returns the field errors with an entry in which each
    bad value reads as 0, so the rest of the hand can still be checked."""
    if not isinstance(data, Mapping):
        raise ShapeError(N_("The body must be a JSON object."))
    sides_raw = data.get("sides")
    if not isinstance(sides_raw, list) or not all(isinstance(s, Mapping) for s in sides_raw):
        raise ShapeError(N_("“sides” must be a list of objects."))
    r = _Reader()
    if not MIN_SIDES <= len(sides_raw) <= MAX_SIDES:
        r.errors.append(FieldError("sides", N_("A hand has two or three sides.")))
    end_raw = data.get("end", HandEnd.WENT_OUT.value)
    try:
        end = HandEnd(end_raw)
    except ValueError:
        r.errors.append(FieldError("end", N_("Unknown way for a hand to end.")))
        end = HandEnd.WENT_OUT
    players = data.get("players", 4)
    if isinstance(players, bool) or not isinstance(players, int | str) or (
        isinstance(players, str) and len(players) > MAX_FORMAT_ID
    ):
        r.errors.append(FieldError("players", N_("Unknown number of players.")))
        players = 4
    fmt = data.get("format")
    if fmt is not None and (not isinstance(fmt, str) or len(fmt) > MAX_FORMAT_ID):
        r.errors.append(FieldError("format", N_("Unknown player format.")))
        fmt = None
    sides = tuple(side_from_dict(s, f"sides[{i}]", r) for i, s in enumerate(sides_raw[:MAX_SIDES]))
    flag = data.get("total_only")
    total_only = flag is True or any(
        s.get("hand_total") not in (None, "") for s in sides_raw[:MAX_SIDES])
    if total_only:
        r.errors += _totals_only(sides_raw[:MAX_SIDES])
    elif flag is not None and flag is not False:
        r.errors.append(FieldError("total_only", N_("Must be true or false.")))
    return HandEntry(sides=sides, end=end, players=players, format=fmt,
                     total_only=total_only), r.errors


def _given(value: Any) -> bool:
    """Whether a field holds something (not empty, none, zero or false)."""
    if isinstance(value, str):
        return bool(value.strip()) and value.strip() not in ("0", "none")
    if isinstance(value, Mapping):
        return any(_given(v) for v in value.values())
    return value not in (None, 0, False)


#: A side of a hand typed as its totals that has no total yet.
TYPE_THE_TOTAL = N_("Type this side's score for the hand.")


def _totals_only(sides: list[Mapping[str, Any]]) -> list[FieldError]:
    """A hand typed as its totals has a total for every side and nothing else to count: a
    count beside a typed total would be one score said twice."""
    errors = []
    for i, side in enumerate(sides):
        if side.get("hand_total") in (None, ""):
            errors.append(FieldError(f"sides[{i}].hand_total", TYPE_THE_TOTAL))
        for key in sorted(set(side) & side_fields() - _TOTAL_FIELDS):
            if _given(side[key]):
                errors.append(FieldError(
                    f"sides[{i}].{key}",
                    N_("A hand typed as its totals takes nothing else to count.")))
    return errors


def _plain(s: SideEntry, d: HandInput) -> Any:
    """An input's value as plain data."""
    value = s.value_of(d.name)
    if d.kind is InputKind.CARDS:
        return None if value is None else {g: getattr(value, g) for g in CARD_GROUP_FIELDS}
    if d.kind is InputKind.KINDS:
        if d.name == "canastas":  # natural, mixed and wild always: see CanastaCounts.as_dict
            return value.as_dict()
        return {k.value: value.of(k) for k in CANASTA_KINDS if value.of(k)}
    if d.kind is InputKind.BY_ID:
        return dict(value)
    return value


def entry_to_dict(entry: HandEntry) -> dict[str, Any]:
    """The entry as plain data that :func:`entry_from_dict` reads back to an equal entry: the
    inputs stored hands have always had, and those only some rule sets use when given."""
    if entry.total_only:
        return {
            "players": entry.players,
            "format": entry.format,
            "end": entry.end.value,
            "total_only": True,
            "sides": [{"hand_total": s.hand_total or 0, "going_out": s.going_out}
                      for s in entry.sides],
        }
    stored = [d for d in hand_inputs() if d.kind not in (InputKind.TEXT, InputKind.TOTAL)]
    return {
        "players": entry.players,
        "format": entry.format,
        "end": entry.end.value,
        "sides": [
            {d.name: _plain(s, d) for d in stored if d.always or s.value_of(d.name)}
            for s in entry.sides
        ],
    }
