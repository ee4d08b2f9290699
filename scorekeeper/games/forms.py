"""The count form, shared by a game's count and the calculator.

Its inputs are named after the engine's field paths (``sides[0].red_threes``,
``sides[1].table_cards.jokers``), so an engine :class:`FieldError` lands next to its own input
without a mapping table. :func:`hand_body_from_form` is the one place that turns the posted
form into the engine's hand body, and :func:`form_values_from_entry` the way back. (The start
form is ``new_game_form``.)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from markupsafe import Markup, escape

from ..engine import (
    CHOOSE_WHO_WENT_OUT,
    TYPE_THE_TOTAL,
    EntryErrors,
    FieldError,
    HandEnd,
    HandResult,
    PlayerFormat,
    RuleSet,
)
from ..engine.errors import N_
from ..engine.hand_inputs import HandInput, InputKind, hand_inputs
from ..engine.numbers import ungrouped, written_with_minus
from ..i18n import error_message, own_gettext, translate
from ..web import error_id, field_id
from .count_form_layout import (
    CARD_GROUPS,
    CountLayout,
    card_groups,
    count_layout,
)

# -- the count form -------------------------------------------------------------------------------

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


def errors_by_field(errors: EntryErrors | Iterable[FieldError], slots: Iterable[str],
                    ruleset: RuleSet | None = None) -> tuple[dict[str, list[str]], list[str]]:
    """Translated messages keyed by the input they belong to, and those that fit no input,
    in the game's own words (``ruleset``: Burraco's smazzata for a hand)."""
    known = set(slots)
    items = errors.errors if isinstance(errors, EntryErrors) else tuple(errors)
    by_field: dict[str, list[str]] = {}
    general: list[str] = []
    for error in items:
        message = (error_message(error) if ruleset is None
                   else translate(ruleset.own(error.template), error.params))
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


def out_of_band_slots(layout: CountLayout, errors: Mapping[str, Sequence[str]],
                      note_slots: Sequence[str], notes: Mapping[str, str]) -> Markup:
    """Every error and note slot of the count form, each swapped out of band by the live count:
    an empty one clears a message fixed meanwhile. Written here, not as a template loop: some
    fifty slots a keystroke were a tenth of the live count's CPU in the template."""
    space = Markup(" ")
    parts = [f'<p class="field-error" id="{error_id(name)}" hx-swap-oob="true">'
             f"{space.join(errors.get(name, ()))}</p>\n" for name in layout.slots()]
    parts += [f'<p class="field-note" id="note-{field_id(name)}" hx-swap-oob="true">'
              f"{escape(notes.get(name, ''))}</p>\n" for name in note_slots]
    # The ids are made of letters, digits, "-" and "_" alone; the messages are escaped above.
    return Markup("".join(parts))


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
    waiting_for_going_out = waiting_for_typing = waiting_for_totals = False
    if live and errors is not None:
        kept = [e for e in errors.errors
                if not (e.field == "end" and e.template == CHOOSE_WHO_WENT_OUT)]
        waiting_for_going_out = len(kept) < len(errors.errors)
        # Typed as totals, a side not typed yet is not a mistake while the table types: the
        # count waits for it (QA, 2026-12-05: a tap on "The stock ran out" put "Type this
        # side's score" under both empty boxes at once). Saving still says it.
        untyped = [e for e in kept if e.template == TYPE_THE_TOTAL]
        waiting_for_totals = bool(untyped)
        kept = [e for e in kept if e.template != TYPE_THE_TOTAL]
        if typing:
            held = [e for e in kept if e.field == typing]
            waiting_for_typing = bool(held)
            kept = [e for e in kept if e.field != typing]
        errors = EntryErrors(kept)
    by_field, general = errors_by_field(errors or (), layout.slots(), layout.ruleset)
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
        "submit_label": submit_label or own_gettext(layout.ruleset, "Save this hand"),
        "card_groups": card_groups(layout.ruleset),
        "table_card_groups": card_groups(layout.ruleset, on_table=True),
        "waiting_for_going_out": waiting_for_going_out,
        "waiting_for_typing": waiting_for_typing,
        "waiting_for_totals": waiting_for_totals,
        "open_more": open_more,
        "open_helpers": open_helpers,
        "counted": counted,
    }
