"""The house-rules edit form: derived from the engine's declared rule values, read at the edge.

Input names are the engine's field paths (``card_values.jokers``, ``premios[2].points``), so an
engine error lands next to its input. Every declared value (``engine/declared.py``) gets its
input here without code of its own: a number, a check box or a choice, with its label and hint.
What is not a single value (the canasta kinds, the ways of going out, the opening-minimum
table, the premios and penalties) has its rows below.

Lists are re-numbered when a row is removed; the form's row numbers are kept in a map and
errors are moved back onto the rows they came from. The service gets plain rule-set data.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import (
    N_,
    PRESET_LABELS,
    CanastaKind,
    FieldError,
    OpeningCondition,
    Penalty,
    Premio,
    RuleSet,
    ruleset_to_dict,
)
from ..engine.declared import Declared, Empty, Kind
from ..engine.rule_types import SpecialHand
from ..services.house_rules import slug

#: Extra rows the edit form offers for the opening-minimum table (the engine's bound).
MAX_BANDS = 10
#: The most premios or penalties a rule set may list (the engine's bound).
MAX_CATALOGUE = 40
NEW_ROW = "new"
#: The conditions an opening-minimum row may add to its points (Brazilian from 7,000).
OPENING_CONDITIONS: tuple[tuple[str, str], ...] = (
    ("", N_("points only")),
    *((c.value, c.short) for c in OpeningCondition),
)
#: The check box that allows wild-card canastas (the kind's value is asked below it).
WILD_ALLOWED = "canastas.wild_allowed"

Translate = Callable[[str], str]


def _same(text: str) -> str:
    return text


@dataclass(frozen=True)
class Field:
    """One input of the edit form, its words already translated."""

    name: str
    label: str
    kind: str = "number"  # number | check | select | table
    hint: str | None = None
    choices: tuple[tuple[str, str], ...] = ()


_INPUT = {Kind.NUMBER: "number", Kind.FLAG: "check", Kind.CHOICE: "select",
          Kind.TABLE: "table"}


#: The kinds every rule set may have; any other kind a preset allows (sevens, a sequence…)
#: keeps an input for its bonus (:func:`_other_kinds`).
_FORM_KINDS = (CanastaKind.NATURAL, CanastaKind.MIXED, CanastaKind.WILD)


def _other_kinds(rs: RuleSet) -> list[CanastaKind]:
    return [b.kind for b in rs.canastas if b.kind not in _FORM_KINDS]


def _unfinished_kinds(rs: RuleSet) -> list[CanastaKind]:
    """The kinds whose unfinished melds may cost a penalty on the form: those charged, and
    every special kind the rule set allows (wild-card, sevens, a sequence…)."""
    charged = {u.kind for u in rs.unfinished_canastas}
    return [b.kind for b in rs.canastas
            if b.kind in charged or b.kind not in (CanastaKind.NATURAL, CanastaKind.MIXED)]


def _canasta_fields(rs: RuleSet, tr: Translate) -> tuple[Field, ...]:
    return (
        Field(f"canastas.{CanastaKind.NATURAL.value}", tr(CanastaKind.NATURAL.label)),
        Field(f"canastas.{CanastaKind.MIXED.value}", tr(CanastaKind.MIXED.label)),
        Field(WILD_ALLOWED, tr(N_("Wild-card canastas are allowed")), "check"),
        Field(f"canastas.{CanastaKind.WILD.value}", tr(CanastaKind.WILD.label),
              hint=tr(Empty.ASKED_AT_START.hint)),
        *(Field(f"canastas.{k.value}", tr(rs.canasta_kind(k).name)) for k in _other_kinds(rs)),
        *(Field(f"unfinished_canastas.{k.value}", tr(k.unfinished_label),
                hint=tr(N_("Taken for each one left on the table at the end. Empty: no "
                           "penalty.")))
          for k in _unfinished_kinds(rs)),
    )


#: The hint of a value another one set puts out of force (Hand and Foot's target while its
#: rounds are set: issue 40, "a target of 5,000 it never uses").
NOT_IN_FORCE = N_("Not used while “%(name)s” is set.")


def _hint(d: Declared, beside: Iterable[Declared], tr: Translate) -> str | None:
    """The hint under a value's input: its own, or why these rules do not use it."""
    if not d.in_force and d.rule.replaced_by:
        names = d.rule.replaced_by.split()
        setting = next((o for o in beside if o.name in names and o.value), None)
        if setting is not None:
            return tr(NOT_IN_FORCE) % {"name": tr(setting.label)}
    return tr(d.hint) if d.hint else None


def form_sections(rs: RuleSet, translate: Translate = _same
                  ) -> tuple[tuple[str, tuple[Field, ...]], ...]:
    """The form's sections of single values: one input per declared value of ``rs``.

    The canasta kinds head the canastas section (the section of the canasta-count premios).
    """
    tr = translate

    def said(text: str, params: Mapping[str, object]) -> str:
        # The section's own words (the second packet's name) are the game's: translated only
        # when they are a preset's msgid ("second packet"), as ``i18n.label`` does.
        if not params:
            return tr(text)
        return tr(text) % {k: tr(v) if isinstance(v, str) and v in PRESET_LABELS else v
                           for k, v in params.items()}

    out: list[tuple[str, tuple[Field, ...]]] = []
    for sec in rs.shown_sections():
        fields = [
            Field(d.path, said(rs.own(d.label), d.params), _INPUT[d.kind], _hint(d, sec.values, tr),
                  tuple((value, tr(text)) for value, text in d.choice_labels())
                  if d.kind is Kind.CHOICE else ())
            for d in sec.values
        ]
        if sec.key == "canasta_count_premios":
            fields = [*_canasta_fields(rs, tr), *fields]
        out.append((said(sec.title, sec.params), tuple(fields)))
    return tuple(out)


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def form_values(rs: RuleSet, translate: Translate | None = None) -> dict[str, str]:
    """The edit form's values for ``rs`` (labels through ``translate`` when given)."""
    tr = translate or _same
    v: dict[str, str] = {"name": tr(rs.name)}
    for sec in rs.shown_sections():
        for d in sec.values:
            if d.kind is Kind.FLAG:
                if d.value:
                    v[d.path] = "on"
            elif d.kind is Kind.TABLE:
                v[d.path] = ", ".join(str(n) for n in d.value)
            else:
                v[d.path] = _text(d.plain)
    for kind in CanastaKind:
        v[f"canastas.{kind.value}"] = _text(rs.canasta_points(kind)) if rs.allows(kind) else ""
    if rs.allows(CanastaKind.WILD):
        v[WILD_ALLOWED] = "on"
    for kind in _unfinished_kinds(rs):
        penalty = rs.unfinished_penalty(kind)
        v[f"unfinished_canastas.{kind.value}"] = _text(penalty.points if penalty else None)
    for i, going in enumerate(rs.going_out):
        p = f"going_out_kinds[{i}]."
        v[p + "points"] = _text(going.points)
        for flag in ("concealed", "plus_going_out_bonus", "hand_cards_positive"):
            if getattr(going, flag):
                v[p + flag] = "on"
    v["opening_minimums.negative"] = _text(rs.opening_minimums.negative)
    for i, band in enumerate(rs.opening_minimums.bands):
        v[f"opening_minimums.bands[{i}].from"] = _text(band.from_score)
        v[f"opening_minimums.bands[{i}].minimum"] = _text(band.minimum)
        v[f"opening_minimums.bands[{i}].condition"] = band.condition.value if band.condition else ""
    catalogues: tuple[tuple[str, Sequence[Premio | Penalty | SpecialHand]], ...] = (
        ("premios", rs.premios), ("penalties", rs.penalties),
        ("special_hands", rs.special_hands))
    for key, items in catalogues:
        for i, item in enumerate(items):
            v[f"{key}[{i}].id"] = item.id
            v[f"{key}[{i}].label"] = tr(item.label)
            v[f"{key}[{i}].points"] = _text(item.points)
    return v


def _number(raw: Any) -> Any:
    """A typed number as an int; blank as ``None``; anything else as typed (the engine says why)."""
    text = _text(raw).strip()
    if not text:
        return None
    if re.fullmatch(r"[+-]?\d{1,9}", text):
        return int(text)
    if re.fullmatch(r"[+-]?\d{10,}", text):
        # Too long to be a real value: say it is out of range, not that it is no number.
        return -(10**9) if text.startswith("-") else 10**9
    return text


def _table(raw: Any) -> Any:
    """A typed table (``100, 300, 500``; commas, semicolons or spaces between) as a list of its
    numbers; blank as no table. A part that is no number stays as typed (the engine says why)."""
    return [_number(part) for part in re.split(r"[\s,;]+", _text(raw).strip()) if part]


def _checked(form: Mapping[str, Any], name: str) -> bool:
    return _text(form.get(name)).strip().lower() in ("on", "1", "true", "yes")


def _rows(form: Mapping[str, Any], key: str, limit: int) -> list[int]:
    """The row numbers of list ``key`` present in the form, in order."""
    pattern = re.compile(re.escape(key) + r"\[(\d{1,3})\]\.")
    found = {int(m.group(1)) for name in form if (m := pattern.match(str(name)))}
    return sorted(n for n in found if n < limit)


def band_rows(form: Iterable[str]) -> list[int]:
    """The opening-minimum rows a posted form holds."""
    return [int(m.group(1)) for k in form
            if (m := re.match(r"opening_minimums\.bands\[(\d{1,2})\]\.", str(k)))]


def _label(typed: str, old: str, translate: Translate | None) -> str:
    """Keep the stored label (a translatable msgid) when the shown translation was not edited."""
    if old and translate is not None and typed == translate(old):
        return old
    return typed


def _catalogue(form: Mapping[str, Any], key: str, current: tuple[Any, ...],
               translate: Translate | None, remap: dict[str, str]) -> list[dict[str, Any]]:
    known = {item.id: item for item in current}
    items: list[dict[str, Any]] = []
    used: set[str] = set()
    for row in _rows(form, key, MAX_CATALOGUE + 1):
        p = f"{key}[{row}]."
        if _checked(form, p + "remove"):
            continue
        item_id = _text(form.get(p + "id")).strip()
        old = known.get(item_id)
        if old is None:
            continue  # an id the rule set does not have: a stale or forged row
        remap[f"{key}[{len(items)}]"] = f"{key}[{row}]"
        items.append({
            "id": item_id,
            "label": _label(_text(form.get(p + "label")).strip(), old.label, translate),
            "points": _number(form.get(p + "points")),
        })
        used.add(item_id)
    p = f"{key}[{NEW_ROW}]."
    label = _text(form.get(p + "label")).strip()
    points = _text(form.get(p + "points")).strip()
    if label or points:
        base_id = slug(label or key)
        new_id, n = base_id, 2
        while new_id in used or new_id in known:
            new_id, n = f"{base_id}-{n}", n + 1
        remap[f"{key}[{len(items)}]"] = f"{key}[{NEW_ROW}]"
        items.append({"id": new_id, "label": label, "points": _number(points)})
    return items


def data_from_form(rs: RuleSet, form: Mapping[str, Any], translate: Translate | None = None
                   ) -> tuple[dict[str, Any], dict[str, str]]:
    """The rule-set data the edit form describes, over ``rs``; and how rows were re-numbered.

    The map takes a list prefix as the engine numbers it (``premios[1]``) to the form's
    (``premios[2]`` when row 1 was removed).
    """
    data = ruleset_to_dict(rs)
    remap: dict[str, str] = {}
    data["name"] = _text(form.get("name")).strip()
    for sec in rs.shown_sections():
        into = data[sec.key] if sec.key else data
        for d in sec.values:
            if d.kind is Kind.FLAG:
                into[d.name] = _checked(form, d.path)
            elif d.kind is Kind.CHOICE:
                into[d.name] = _text(form.get(d.path))
            elif d.kind is Kind.TABLE:
                into[d.name] = _table(form.get(d.path))
            else:
                into[d.name] = _number(form.get(d.path))
    # A wild-card canasta left allowed with no value is a value the table gives at the start.
    data["canastas"] = {
        "natural": _number(form.get("canastas.natural")),
        "mixed": _number(form.get("canastas.mixed")),
        "wild": _number(form.get("canastas.wild")) if _checked(form, WILD_ALLOWED) else False,
        **{k.value: _number(form.get(f"canastas.{k.value}")) for k in _other_kinds(rs)},
    }
    # The points of each; a condition (Brazilian: fewer than 5 cards) is the rule set's.
    data["unfinished_canastas"] = {
        k.value: _number(form.get(f"unfinished_canastas.{k.value}"))
        for k in _unfinished_kinds(rs)
        if data["canastas"].get(k.value) is not False
    }
    data["going_out_kinds"] = [
        {
            "id": kind.id,
            "label": kind.label,
            "points": _number(form.get(f"going_out_kinds[{i}].points")),
            **{flag: _checked(form, f"going_out_kinds[{i}].{flag}")
               for flag in ("concealed", "plus_going_out_bonus", "hand_cards_positive")},
        }
        for i, kind in enumerate(rs.going_out)
    ]
    bands: list[dict[str, Any]] = []
    for row in _rows(form, "opening_minimums.bands", MAX_BANDS + 1):
        p = f"opening_minimums.bands[{row}]."
        low, minimum = form.get(p + "from"), form.get(p + "minimum")
        condition = _text(form.get(p + "condition")).strip()
        if not _text(low).strip() and not _text(minimum).strip():
            continue  # an empty row: removed, or the spare row left unused
        remap[f"opening_minimums.bands[{len(bands)}]"] = f"opening_minimums.bands[{row}]"
        bands.append({"from": _number(low), "minimum": _number(minimum),
                      **({"condition": condition} if condition else {})})
    data["opening_minimums"] = {
        "negative": _number(form.get("opening_minimums.negative")),
        "bands": bands,
    }
    data["premios"] = _catalogue(form, "premios", rs.premios, translate, remap)
    data["penalties"] = _catalogue(form, "penalties", rs.penalties, translate, remap)
    if rs.special_hands:  # Modern American's; a rule set without them shows no rows
        data["special_hands"] = _catalogue(form, "special_hands", rs.special_hands, translate,
                                           remap)
    return data, remap


def on_the_form(errors: Iterable[FieldError], remap: Mapping[str, str]) -> list[FieldError]:
    """The engine's errors named by the form's own inputs (rows as the form numbered them)."""
    out = []
    for e in errors:
        m = re.match(r"^([a-z_.]+\[\d+\])(.*)$", e.field)
        field = remap[m.group(1)] + m.group(2) if m and m.group(1) in remap else e.field
        out.append(FieldError(field, e.template, **dict(e.params)))
    return out
