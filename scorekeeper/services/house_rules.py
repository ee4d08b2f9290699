"""A table's house rules: a preset cloned, every value editable, stored as rule-set data.

The engine is the only judge of a rule set: the edit form (``games/house_rules_form.py``) and
the API give the plain data of :func:`~scorekeeper.engine.ruleset_to_dict`, read back with
:func:`~scorekeeper.engine.ruleset_from_dict`, so each value is checked where the count reads
it. Functions take and return plain data, change rows and flush; the calling view commits once.

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

from sqlalchemy import or_, select

from ..engine import (
    N_,
    PRESETS,
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
from .bodies import Body, Field, Kind
from .games import hash_token, new_token, token_matches

#: Every house-rules id starts so, which keeps preset ids from ever reaching the database.
ID_PREFIX = "house-"
MAX_NAME = 120
#: The engine keeps this much of a description.
MAX_DESCRIPTION = 500

#: What storing house rules reads beside the rule set's values (``ruleset_from_dict`` reads
#: those, the base preset's standing for any left out): the API's ``POST`` and ``PUT``.
HOUSE_RULES = Body(
    (
        Field("name", Kind.NAME, "", high=MAX_NAME,
              description=f"At most {MAX_NAME} characters, its white space folded"),
        # Never None once read: the id sent back, else the default base stands for it.
        Field("based_on", Kind.CHOICE, N_("Choose the rules to start from."),
              choices=(*PRESETS, None), required=False),
        Field("description", Kind.TEXT, N_("Enter text."), high=MAX_DESCRIPTION,
              required=False, default=""),
    ),
    examples=({"name": "Casa Pérez", "based_on": "classic"},),
    description="A rule set in the shape GET /rulesets/{id} answers; values left out are "
                "those of the preset named by based_on (default: the preset of the id sent, "
                "else classic). id, notes and formats are ignored.",
)

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


def slug(text: str) -> str:
    """A name as ids spell it: lower-case ASCII letters and digits joined by dashes."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    dashed = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")
    return dashed[:30].strip("-") or "rules"


def _new_id(name: str) -> str:
    alphabet = string.ascii_lowercase + string.digits
    for _ in range(20):
        suffix = "".join(secrets.choice(alphabet) for _ in range(4))
        candidate = f"{ID_PREFIX}{slug(name)}-{suffix}"
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


def _ruleset_from_data(data: Mapping[str, object], house_id: str, default_base: str) -> RuleSet:
    """The rule set ``data`` describes (the shape ``GET /api/v1/rulesets/<id>`` answers).

    Values left out are those of the preset named by ``based_on`` (``default_base`` when the
    data names none). Raises :class:`EntryErrors`.
    """
    errors: list[FieldError] = []
    body = HOUSE_RULES.pick(data)
    based_on = body["based_on"]
    if based_on is None and data.get("id") in PRESETS:
        based_on = data["id"]  # a preset as GET /rulesets/<id> answers it, sent back
    if based_on is None or based_on == house_id:
        based_on = default_base
    base = PRESETS.get(HOUSE_RULES.field("based_on").read(based_on, errors) or "classic",
                       PRESETS["classic"])
    clean: str = HOUSE_RULES.field("name").read(body["name"], errors)
    HOUSE_RULES.field("description").read(body["description"], errors)
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


def create_from_data(data: Mapping[str, object], edit_token: str) -> HouseRules:
    """Store the rule set ``data`` describes (a decoded JSON object) as new house rules,
    changed with ``edit_token``.

    Raises :class:`EntryErrors` with the data's own field paths.
    """
    errors: list[FieldError] = []
    clean: str = HOUSE_RULES.field("name").read(data.get("name"), errors)
    house_id = _new_id(clean) if not errors else f"{ID_PREFIX}new"
    rs = _ruleset_from_data(data, house_id, "classic")
    house = HouseRules(id=house_id, name=rs.name, based_on=rs.based_on or "classic",
                       data=ruleset_to_dict(rs), edit_token_hash=hash_token(edit_token))
    db.session.add(house)
    db.session.flush()
    return house


def replace_from_data(house: HouseRules, data: Mapping[str, object]) -> RuleSet:
    """Replace every value of ``house`` with those ``data`` (a decoded JSON object) gives;
    nothing changes on an error.

    Values left out are the preset's it is based on, as when it was created.
    """
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


def update(house: HouseRules, data: Mapping[str, object]) -> RuleSet:
    """Change every value of ``house`` to those of ``data`` (the whole rule set, in the shape
    of :func:`~scorekeeper.engine.ruleset_to_dict`); nothing changes on an error.

    Raises :class:`EntryErrors` with the data's own field paths.
    """
    base = PRESETS.get(house.based_on, PRESETS["classic"])
    values = {**data, "id": house.id, "based_on": base.id}
    errors: list[FieldError] = []
    name = values.get("name")
    if isinstance(name, str) and len(name) > MAX_NAME:
        errors.append(FieldError("name", N_("At most %(max)d characters."), max=MAX_NAME))
    try:
        rs = ruleset_from_dict(values, base=base)
    except EntryErrors as exc:
        errors.extend(exc.errors)
    if errors:
        raise EntryErrors(errors)
    _store(house, rs)
    return rs
