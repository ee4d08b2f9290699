"""A table's house rules: a preset cloned, every value editable, stored as rule-set data.

The engine is the only judge of a rule set: the edit form is turned into the plain data of
:func:`~scorekeeper.engine.ruleset_to_dict` and read back with
:func:`~scorekeeper.engine.ruleset_from_dict`, so each value is checked where the count reads
it. Functions change rows and flush; the calling view commits once.

A game copies its rule set when it starts (``Game.ruleset_data``): changing or deleting house
rules never rewrites a game.

House rules are owned as games are: whoever created them got an edit token (stored hashed), and
only that token changes or deletes them. Anyone may read them and start a game with them by id.
"""

from __future__ import annotations

import re
import secrets
import string
import threading
import unicodedata
from collections import OrderedDict
from collections.abc import Collection, Mapping
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import or_, select

from ..engine import (
    N_,
    PRESETS,
    CanastaKind,
    EntryErrors,
    FieldError,
    RuleSet,
    ruleset_from_dict,
    ruleset_to_dict,
)
from ..extensions import db
from ..models import HouseRules
from ..models.games import utcnow
from . import text
from .games import hash_token, new_token, token_matches

#: Every house-rules id starts so, which keeps preset ids from ever reaching the database.
ID_PREFIX = "house-"
MAX_NAME = 120
#: The engine keeps this much of a description.
MAX_DESCRIPTION = 500
#: Extra rows the edit form offers for the opening-minimum table.
MAX_BANDS = 10
#: The most premios or penalties a rule set may list (the engine's own bound).
MAX_CATALOGUE = 40

_CACHE_SIZE = 128
_cache: OrderedDict[tuple[str, datetime], RuleSet] = OrderedDict()
_cache_lock = threading.Lock()  # the server answers requests on several threads


# -- reading ----------------------------------------------------------------------------------


def _parse(house: HouseRules) -> RuleSet:
    """The house's rule set, parsed once per stored version (id and ``updated_at``)."""
    key = (house.id, house.updated_at)
    with _cache_lock:
        found = _cache.get(key)
        if found is not None:
            _cache.move_to_end(key)
            return found
    base = PRESETS.get(house.based_on, PRESETS["classic"])
    rs = ruleset_from_dict({**house.data, "id": house.id, "based_on": base.id}, base=base)
    with _cache_lock:
        _cache[key] = rs
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
    return rs


def ruleset_of(house: HouseRules) -> RuleSet:
    """The rule set a stored house-rules row holds."""
    return _parse(house)


def get(ruleset_id: str) -> HouseRules | None:
    """The stored row called ``ruleset_id``, or ``None``."""
    if not isinstance(ruleset_id, str) or not ruleset_id.startswith(ID_PREFIX):
        return None
    if not text.is_storable(ruleset_id):  # PostgreSQL would refuse the query
        return None
    if len(ruleset_id) > 60:
        return None
    return db.session.get(HouseRules, ruleset_id)


def find(ruleset_id: str) -> RuleSet | None:
    """The stored house rules called ``ruleset_id``, or ``None`` (presets are not found here)."""
    house = get(ruleset_id)
    return None if house is None else _parse(house)


def all_rows() -> list[HouseRules]:
    """Every stored house-rules row, newest first (for maintenance: pages list only their own)."""
    stmt = select(HouseRules).order_by(HouseRules.created_at.desc(), HouseRules.id)
    return list(db.session.execute(stmt).scalars())


def all_house_rules() -> list[RuleSet]:
    """Every stored house rule set, newest first."""
    return [_parse(h) for h in all_rows()]


def known_rows(ids: Collection[str], edit_tokens: Collection[str]) -> list[HouseRules]:
    """The rows called one of ``ids`` or opened by one of ``edit_tokens``, newest first.

    One query; what a browser remembers is bounded, so this never reads every row.
    """
    ids = [i for i in ids if isinstance(i, str) and i.startswith(ID_PREFIX) and len(i) <= 60]
    hashes = [hash_token(t) for t in edit_tokens if isinstance(t, str) and 0 < len(t) <= 100]
    if not ids and not hashes:
        return []
    stmt = (select(HouseRules)
            .where(or_(HouseRules.id.in_(ids), HouseRules.edit_token_hash.in_(hashes)))
            .order_by(HouseRules.created_at.desc(), HouseRules.id))
    return list(db.session.execute(stmt).scalars())


def known_house_rules(ids: Collection[str], edit_tokens: Collection[str]) -> list[RuleSet]:
    """The rule sets of :func:`known_rows`."""
    return [_parse(h) for h in known_rows(ids, edit_tokens)]


# -- who may change them ----------------------------------------------------------------------


def can_edit(house: HouseRules, edit_token: str | None) -> bool:
    """Whether ``edit_token`` is the house rules' current edit token."""
    return token_matches(edit_token, house.edit_token_hash)


def owner_token(house: HouseRules, edit_tokens: Collection[str]) -> str | None:
    """The one of ``edit_tokens`` that opens ``house``, if any."""
    return next((t for t in edit_tokens if isinstance(t, str) and can_edit(house, t)), None)


def replace_edit_token(house: HouseRules) -> str:
    """Give the house rules a new edit token (the old one stops working); returns it."""
    token = new_token()
    house.edit_token_hash = hash_token(token)
    db.session.flush()
    return token


# -- creating and deleting --------------------------------------------------------------------


def _slug(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")
    return slug[:30].strip("-") or "rules"


def _new_id(name: str) -> str:
    alphabet = string.ascii_lowercase + string.digits
    for _ in range(20):
        suffix = "".join(secrets.choice(alphabet) for _ in range(4))
        candidate = f"{ID_PREFIX}{_slug(name)}-{suffix}"
        if db.session.get(HouseRules, candidate) is None:
            return candidate
    # 36**4 suffixes per name: twenty misses in a row means something else is wrong.
    raise RuntimeError("no free house-rules id")


def create_from_preset(preset_id: str, name: str, edit_token: str | None = None) -> HouseRules:
    """Clone preset ``preset_id`` as house rules called ``name``, changed with ``edit_token``.

    Without a token nobody can change them. Raises :class:`EntryErrors` (fields ``preset``,
    ``name``).
    """
    errors: list[FieldError] = []
    base = PRESETS.get(preset_id) if isinstance(preset_id, str) else None
    if base is None:
        errors.append(FieldError("preset", N_("Choose the rules to start from.")))
    clean = " ".join(name.split()) if isinstance(name, str) else ""
    if (unstorable := text.check(clean, "name")) is not None:
        errors.append(unstorable)
    elif not clean:
        errors.append(FieldError("name", N_("Give a name.")))
    elif len(clean) > MAX_NAME:
        errors.append(FieldError("name", N_("At most %(max)d characters."), max=MAX_NAME))
    if errors or base is None:
        raise EntryErrors(errors)
    house_id = _new_id(clean)
    data = ruleset_to_dict(base)
    data.update(id=house_id, name=clean, based_on=base.id)
    # The preset's notes and description explain the preset, not the table's copy.
    data["description"] = ""
    house = HouseRules(id=house_id, name=clean, based_on=base.id, data=data)
    if edit_token is not None:
        house.edit_token_hash = hash_token(edit_token)
    db.session.add(house)
    db.session.flush()
    return house


def _name_errors(name: Any) -> tuple[str, list[FieldError]]:
    clean = " ".join(name.split()) if isinstance(name, str) else ""
    if not clean:
        return clean, [FieldError("name", N_("Give a name."))]
    if len(clean) > MAX_NAME:
        return clean, [FieldError("name", N_("At most %(max)d characters."), max=MAX_NAME)]
    return clean, []


def _ruleset_from_data(data: Mapping[str, Any], house_id: str, default_base: str) -> RuleSet:
    """The rule set ``data`` describes (the shape ``GET /api/v1/rulesets/<id>`` answers).

    Values left out are those of the preset named by ``based_on`` (``default_base`` when the
    data names none). Raises :class:`EntryErrors`.
    """
    errors: list[FieldError] = []
    based_on = data.get("based_on")
    if based_on is None and data.get("id") in PRESETS:
        based_on = data["id"]  # a preset as GET /rulesets/<id> answers it, sent back
    if based_on is None or based_on == house_id:
        based_on = default_base
    base = PRESETS.get(based_on) if isinstance(based_on, str) else None
    if base is None:
        errors.append(FieldError("based_on", N_("Choose the rules to start from.")))
        base = PRESETS["classic"]
    clean, name_errors = _name_errors(data.get("name"))
    errors += name_errors
    description = data.get("description", "")
    if not isinstance(description, str) or len(description) > MAX_DESCRIPTION:
        errors.append(FieldError("description", N_("At most %(max)d characters."),
                                 max=MAX_DESCRIPTION))
    # The id is the server's; notes and formats are the preset's (ruleset_from_dict says so).
    values = {k: v for k, v in data.items() if k not in ("id", "name", "based_on", "notes")}
    values.update(id=house_id, name=clean or base.name, based_on=base.id)
    # The preset's description explains the preset, not the table's copy.
    values.setdefault("description", "")
    try:
        rs = ruleset_from_dict(values, base=base)
    except EntryErrors as exc:
        errors += exc.errors
    if errors:
        raise EntryErrors(errors)
    return rs


def create_from_data(data: Mapping[str, Any], edit_token: str) -> HouseRules:
    """Store the rule set ``data`` describes as new house rules, changed with ``edit_token``.

    Raises :class:`EntryErrors` with the data's own field paths.
    """
    if not isinstance(data, Mapping):
        raise EntryErrors([FieldError("ruleset", N_("Must be an object."))])
    clean, errors = _name_errors(data.get("name"))
    house_id = _new_id(clean) if not errors else f"{ID_PREFIX}new"
    rs = _ruleset_from_data(data, house_id, "classic")
    house = HouseRules(id=house_id, name=rs.name, based_on=rs.based_on or "classic",
                       data=ruleset_to_dict(rs), edit_token_hash=hash_token(edit_token))
    db.session.add(house)
    db.session.flush()
    return house


def replace_from_data(house: HouseRules, data: Mapping[str, Any]) -> RuleSet:
    """Replace every value of ``house`` with those ``data`` gives; nothing changes on an error.

    Values left out are the preset's it is based on, as when it was created.
    """
    if not isinstance(data, Mapping):
        raise EntryErrors([FieldError("ruleset", N_("Must be an object."))])
    rs = _ruleset_from_data(data, house.id, house.based_on)
    _store(house, rs)
    return rs


def _store(house: HouseRules, rs: RuleSet) -> None:
    house.data = ruleset_to_dict(rs)
    house.name = rs.name
    house.based_on = rs.based_on or house.based_on
    # The parse cache is keyed by updated_at: make sure every save moves it on.
    now = utcnow()
    house.updated_at = max(now, house.updated_at + timedelta(microseconds=1))
    db.session.flush()


def delete(house: HouseRules) -> None:
    """Remove house rules; games started with them keep their own copy."""
    db.session.delete(house)
    db.session.flush()


# -- the edit form ----------------------------------------------------------------------------
#
# Input names are the engine's field paths (``card_values.jokers``, ``premios[2].points``), so an
# engine error lands next to its input. Lists are re-numbered when a row is removed; the form's
# row numbers are kept in a map and errors are moved back onto the rows they came from.

CARD_VALUE_KEYS = ("jokers", "twos", "aces", "eights_to_kings", "fours_to_sevens", "black_threes")
BLACK_THREE_KEYS = ("all_shown_bonus", "all_in_hand_penalty", "each_in_hand_penalty")
NEW_ROW = "new"


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def form_values(rs: RuleSet, translate: Any = None) -> dict[str, str]:
    """The edit form's values for ``rs`` (labels through ``translate`` when given)."""
    tr = translate or (lambda s: s)
    v: dict[str, str] = {"name": tr(rs.name)}
    for key in CARD_VALUE_KEYS:
        v[f"card_values.{key}"] = _text(getattr(rs.card_values, key))
    for kind in CanastaKind:
        v[f"canastas.{kind.value}"] = (
            _text(rs.canasta_points(kind)) if rs.allows(kind) else ""
        )
    if rs.allows(CanastaKind.WILD):
        v["canastas.wild_allowed"] = "on"
    ccp = rs.canasta_count_premios
    v["canasta_count_premios.five"] = _text(ccp.five)
    v["canasta_count_premios.seven"] = _text(ccp.seven)
    if ccp.cumulative:
        v["canasta_count_premios.cumulative"] = "on"
    rt = rs.red_threes
    v["red_threes.each"] = _text(rt.each)
    v["red_threes.all_of_them"] = _text(rt.all_of_them)
    v["red_threes.negative_when"] = rt.negative_when.value
    v["red_threes.each_in_hand_penalty"] = _text(rt.each_in_hand_penalty)
    for key in BLACK_THREE_KEYS:
        v[f"black_threes.{key}"] = _text(getattr(rs.black_threes, key))
    for i, kind in enumerate(rs.going_out):
        p = f"going_out_kinds[{i}]."
        v[p + "points"] = _text(kind.points)
        for flag in ("concealed", "plus_going_out_bonus", "hand_cards_positive"):
            if getattr(kind, flag):
                v[p + flag] = "on"
    req = rs.going_out_requirement
    for key in ("canastas", "natural", "mixed"):
        v[f"going_out_requirement.{key}"] = _text(getattr(req, key))
    if req.wild_counts:
        v["going_out_requirement.wild_counts"] = "on"
    v["opening_minimums.negative"] = _text(rs.opening_minimums.negative)
    for i, band in enumerate(rs.opening_minimums.bands):
        v[f"opening_minimums.bands[{i}].from"] = _text(band.from_score)
        v[f"opening_minimums.bands[{i}].minimum"] = _text(band.minimum)
    v["target"] = _text(rs.target)
    v["tie_rule"] = rs.tie_rule.value
    v["stock_out_hand_cards"] = rs.stock_out_hand_cards.value
    v["time_limit_minutes"] = _text(rs.time_limit_minutes)
    for key, items in (("premios", rs.premios), ("penalties", rs.penalties)):
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


def _checked(form: Mapping[str, Any], name: str) -> bool:
    return _text(form.get(name)).strip().lower() in ("on", "1", "true", "yes")


def _rows(form: Mapping[str, Any], key: str, limit: int) -> list[int]:
    """The row numbers of list ``key`` present in the form, in order."""
    pattern = re.compile(re.escape(key) + r"\[(\d{1,3})\]\.")
    found = {int(m.group(1)) for name in form if (m := pattern.match(str(name)))}
    return sorted(n for n in found if n < limit)


def _label(typed: str, old: str, translate: Any) -> str:
    """Keep the stored label (a translatable msgid) when the shown translation was not edited."""
    if old and translate is not None and typed == translate(old):
        return old
    return typed


def _catalogue(form: Mapping[str, Any], key: str, current: tuple[Any, ...], translate: Any,
               remap: dict[str, str]) -> list[dict[str, Any]]:
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
        base_id = _slug(label or key)
        new_id, n = base_id, 2
        while new_id in used or new_id in known:
            new_id, n = f"{base_id}-{n}", n + 1
        remap[f"{key}[{len(items)}]"] = f"{key}[{NEW_ROW}]"
        items.append({"id": new_id, "label": label, "points": _number(points)})
    return items


def data_from_form(rs: RuleSet, form: Mapping[str, Any], translate: Any = None
                   ) -> tuple[dict[str, Any], dict[str, str]]:
    """The rule-set data the edit form describes, over ``rs``; and how rows were re-numbered.

    The map takes a list prefix as the engine numbers it (``premios[1]``) to the form's
    (``premios[2]`` when row 1 was removed).
    """
    data = ruleset_to_dict(rs)
    data.pop("going_out", None)  # the kinds below carry the same points
    remap: dict[str, str] = {}
    data["name"] = _text(form.get("name")).strip()
    data["card_values"] = {k: _number(form.get(f"card_values.{k}")) for k in CARD_VALUE_KEYS}
    canastas: dict[str, Any] = {
        "natural": _number(form.get("canastas.natural")),
        "mixed": _number(form.get("canastas.mixed")),
    }
    # A wild-card canasta left allowed with no value is a value the table gives at the start.
    canastas["wild"] = (_number(form.get("canastas.wild"))
                        if _checked(form, "canastas.wild_allowed") else False)
    data["canastas"] = canastas
    data["canasta_count_premios"] = {
        "five": _number(form.get("canasta_count_premios.five")),
        "seven": _number(form.get("canasta_count_premios.seven")),
        "cumulative": _checked(form, "canasta_count_premios.cumulative"),
    }
    data["red_threes"] = {
        "each": _number(form.get("red_threes.each")),
        "all_of_them": _number(form.get("red_threes.all_of_them")),
        "negative_when": _text(form.get("red_threes.negative_when")),
        "each_in_hand_penalty": _number(form.get("red_threes.each_in_hand_penalty")),
    }
    data["black_threes"] = {k: _number(form.get(f"black_threes.{k}")) for k in BLACK_THREE_KEYS}
    kinds = []
    for i, kind in enumerate(rs.going_out):
        p = f"going_out_kinds[{i}]."
        kinds.append({
            "id": kind.id,
            "label": kind.label,
            "points": _number(form.get(p + "points")),
            "concealed": _checked(form, p + "concealed"),
            "plus_going_out_bonus": _checked(form, p + "plus_going_out_bonus"),
            "hand_cards_positive": _checked(form, p + "hand_cards_positive"),
        })
    data["going_out_kinds"] = kinds
    data["going_out_requirement"] = {
        "canastas": _number(form.get("going_out_requirement.canastas")),
        "natural": _number(form.get("going_out_requirement.natural")),
        "mixed": _number(form.get("going_out_requirement.mixed")),
        "wild_counts": _checked(form, "going_out_requirement.wild_counts"),
    }
    bands = []
    for row in _rows(form, "opening_minimums.bands", MAX_BANDS + 1):
        p = f"opening_minimums.bands[{row}]."
        low, minimum = form.get(p + "from"), form.get(p + "minimum")
        if not _text(low).strip() and not _text(minimum).strip():
            continue  # an empty row: removed, or the spare row left unused
        remap[f"opening_minimums.bands[{len(bands)}]"] = f"opening_minimums.bands[{row}]"
        bands.append({"from": _number(low), "minimum": _number(minimum)})
    data["opening_minimums"] = {
        "negative": _number(form.get("opening_minimums.negative")),
        "bands": bands,
    }
    data["target"] = _number(form.get("target"))
    data["tie_rule"] = _text(form.get("tie_rule"))
    data["stock_out_hand_cards"] = _text(form.get("stock_out_hand_cards"))
    data["time_limit_minutes"] = _number(form.get("time_limit_minutes"))
    data["premios"] = _catalogue(form, "premios", rs.premios, translate, remap)
    data["penalties"] = _catalogue(form, "penalties", rs.penalties, translate, remap)
    return data, remap


def _remap_field(field: str, remap: Mapping[str, str]) -> str:
    m = re.match(r"^([a-z_.]+\[\d+\])(.*)$", field)
    if m and m.group(1) in remap:
        return remap[m.group(1)] + m.group(2)
    return field


def update(house: HouseRules, form: Mapping[str, Any], translate: Any = None) -> RuleSet:
    """Change every value of ``house`` from the posted edit form; nothing changes on an error.

    ``translate`` is how the form showed labels (the request's language), so a label shown and
    sent back unchanged keeps its translatable original. Raises :class:`EntryErrors` with the
    form's own field names.
    """
    unstorable = text.form_errors(form)
    if unstorable:
        raise EntryErrors(unstorable)
    current = _parse(house)
    data, remap = data_from_form(current, form, translate)
    base = PRESETS.get(house.based_on, PRESETS["classic"])
    data.update(id=house.id, based_on=base.id)
    errors: list[FieldError] = []
    if len(data["name"]) > MAX_NAME:
        errors.append(FieldError("name", N_("At most %(max)d characters."), max=MAX_NAME))
    try:
        rs = ruleset_from_dict(data, base=base)
    except EntryErrors as exc:
        errors.extend(exc.errors)
    if errors:
        raise EntryErrors([
            FieldError(_remap_field(e.field, remap), e.template, **dict(e.params))
            for e in errors
        ])
    _store(house, rs)
    return rs
