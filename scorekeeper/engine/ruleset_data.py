"""Rule sets to and from plain data (house rules, the API).

The declared values (engine/declared.py) are written and read by their declarations; what is
left are the rule set's lists: canasta kinds, ways of going out, premios, penalties, the
opening-minimum table and the player formats. :func:`ruleset_from_dict` reads the shape
:func:`ruleset_to_dict` writes, on top of a preset.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any

from .cards import RED_THREES_PER_PACK
from .declared import Reader, all_declared, sections, to_plain
from .errors import N_, EntryErrors, FieldError
from .presets import PRESETS
from .rule_types import (
    CANASTA_CARDS,
    MELD_CARDS,
    CanastaBonus,
    CanastaKind,
    GoingOutKind,
    GoingOutRequirement,
    Holds,
    OpeningBand,
    OpeningCondition,
    OpeningMinimums,
    Penalty,
    Premio,
    SpecialHand,
    UnfinishedPenalty,
    canasta,
    unfinished,
)
from .rulesets import RuleSet


def ruleset_to_dict(rs: RuleSet) -> dict[str, Any]:
    """The rule set as JSON-ready data; :func:`ruleset_from_dict` reads it back.

    Each going-out kind is written once, in ``going_out_kinds`` (its points included).
    """
    data: dict[str, Any] = {
        "id": rs.id,
        "name": rs.name,
        "based_on": rs.based_on,
        "sources": list(rs.sources),
        "description": rs.description,
        "formats": [
            {
                "id": f.id,
                "label": f.label,
                "players": f.players,
                "sides": f.sides,
                "cards_dealt": f.cards_dealt,
                "packs": f.packs,
                "canastas_to_go_out": f.canastas_to_go_out,
            }
            for f in rs.formats
        ],
        "canastas": {b.kind.value: b.points for b in rs.canastas},
        "canasta_kinds": [canasta_kind_to_dict(b) for b in rs.canastas],
        "unfinished_canastas": {u.kind.value: unfinished_to_dict(u)
                                for u in rs.unfinished_canastas},
        "going_out_kinds": [
            {
                "id": k.id,
                "label": k.label,
                "points": k.points,
                "concealed": k.concealed,
                "plus_going_out_bonus": k.plus_going_out_bonus,
                "hand_cards_positive": k.hand_cards_positive,
            }
            for k in rs.going_out
        ],
        "premios": [{"id": p.id, "label": p.label, "points": p.points} for p in rs.premios],
        "penalties": [{"id": p.id, "label": p.label, "points": p.points} for p in rs.penalties],
        "special_hands": [{"id": h.id, "label": h.label, "points": h.points}
                          for h in rs.special_hands],
        "opening_minimums": {
            "negative": rs.opening_minimums.negative,
            "bands": [
                {"from": b.from_score, "minimum": b.minimum,
                 **({"condition": b.condition.value} if b.condition else {})}
                for b in rs.opening_minimums.bands
            ],
        },
        "notes": list(rs.notes),
    }
    for sec in sections(rs):
        if sec.key:
            data[sec.key] = to_plain(getattr(rs, sec.key))
        else:
            data.update({d.name: d.plain for d in sec.values})
    return data


def canasta_kind_to_dict(b: CanastaBonus) -> dict[str, Any]:
    """A kind of canasta as the API lists it (read back by its id: ``canastas`` holds the
    bonuses; what a kind may hold is the preset's)."""
    return {
        "id": b.kind.value,
        "label": b.name,
        "points": b.points,
        "holds": b.holds.value,
        "max_wild": b.max_wild if b.holds is Holds.MIXED else None,
        "min_jokers": b.min_jokers if b.holds is Holds.WILD else None,
        "max_jokers": b.max_jokers if b.holds is Holds.WILD else None,
        "rank": b.rank.value if b.rank is not None else None,
        "cards_on_top": b.cards_on_top,
        "minimum_card_points": b.minimum_card_points,
    }


def unfinished_to_dict(u: UnfinishedPenalty) -> dict[str, Any]:
    """A penalty for an unfinished meld as plain data (read back by
    :func:`ruleset_from_dict`)."""
    return {"points": u.points, "fewer_than": u.fewer_than, "only_when_out": u.only_when_out,
            "blocks_going_out": u.blocks_going_out}


def red_three_table(rs: RuleSet) -> list[dict[str, Any]]:
    """What 1, 2, 3… red 3s are worth in all under ``rs``, for each number of packs its formats
    play with (``points[n - 1]`` for n red 3s; ``None`` where the rule set gives no value)."""
    return [
        {"packs": packs,
         "points": [rs.red_threes.points_for(n, packs)
                    for n in range(1, RED_THREES_PER_PACK * packs + 1)]}
        for packs in sorted({f.packs for f in rs.formats})
    ]


def going_out_points(rs: RuleSet) -> dict[str, int | None]:
    """Each way of going out's points by id (the API shows them so beside the kinds)."""
    return {k.id: k.points for k in rs.going_out}


def ruleset_from_dict(data: Mapping[str, Any], *, base: RuleSet) -> RuleSet:
    """A rule set from plain data, any value left out taken from ``base``.

    Ids of premios, penalties and going-out kinds are kept from ``base`` when given as a list of
    ``{"id", "label", "points"}``; new ids may be added (house premios and penalties). Raises
    :class:`EntryErrors` with one field error for each value that cannot be.
    """
    if not isinstance(data, Mapping):
        raise EntryErrors([FieldError("ruleset", N_("Must be an object."))])
    r = Reader()
    rs = r.declared_values(data, base)  # target, tie rule, stock out, clock
    rs = replace(rs, **{
        sec.key: r.declared_values(r.section(data, sec.key), getattr(base, sec.key),
                                   f"{sec.key}.")
        for sec in sections(base) if sec.key
    })
    _check_requirement(r, rs.going_out_requirement)
    canastas = _read_canastas(r, data, base)
    rs = replace(
        rs,
        canastas=canastas,
        unfinished_canastas=_read_unfinished(r, data, base, canastas),
        id=r.text(data, "id", "id", base.id, 60),
        name=r.text(data, "name", "name", base.name),
        description=(str(data.get("description", base.description)) or "")[:500],
        going_out=_read_going_out(r, data, base),
        premios=tuple(
            Premio(pid, label, points)
            for pid, label, points in _read_catalogue(r, data, "premios", base.premios, True)
        ),
        penalties=tuple(
            Penalty(pid, label, points if points is not None else 0)
            for pid, label, points in _read_catalogue(r, data, "penalties", base.penalties,
                                                      False)
        ),
        special_hands=tuple(
            SpecialHand(hid, label, points if points is not None else 0)
            for hid, label, points in _read_catalogue(r, data, "special_hands",
                                                      base.special_hands, False)
        ),
        opening_minimums=_read_opening_minimums(r, data, base.opening_minimums),
        based_on=data.get("based_on") if isinstance(data.get("based_on"), str)
        else (base.based_on or (base.id if base.id in PRESETS else None)),
    )
    if r.errors:
        raise EntryErrors(r.errors)
    return rs


def with_values(rs: RuleSet, values: Mapping[str, int]) -> RuleSet:
    """A copy of ``rs`` with the values of :meth:`RuleSet.missing_values` paths filled in
    (read back through the plain-data form, which checks them as house rules are checked)."""
    data = ruleset_to_dict(rs)
    declared_paths = {d.path for d in all_declared(rs)}
    for path, value in values.items():
        section_key, _, key = path.partition(".")
        if section_key == "canastas":
            data["canastas"][key] = value
        elif section_key == "going_out":
            for kind in data["going_out_kinds"]:
                if kind["id"] == key:
                    kind["points"] = value
        elif section_key == "premios":
            for premio in data["premios"]:
                if premio["id"] == key:
                    premio["points"] = value
        elif path in declared_paths:
            if key:
                data[section_key][key] = value
            else:
                data[path] = value
        else:
            raise EntryErrors([FieldError(path, N_("This value cannot be set here."))])
    return ruleset_from_dict(data, base=rs)


def _check_requirement(r: Reader, req: GoingOutRequirement) -> None:
    if req.canastas + req.natural + req.mixed + req.sequence + req.wild > 15:
        r.errors.append(FieldError("going_out_requirement.canastas",
                                   N_("No side can finish that many canastas.")))


def _read_canastas(r: Reader, data: Mapping[str, Any], base: RuleSet
                   ) -> tuple[CanastaBonus, ...]:
    """The kinds allowed and their bonuses: ``{"natural": 500, "wild": false}`` (not allowed)."""
    if "canastas" not in data:
        return base.canastas
    if not isinstance(data["canastas"], Mapping):
        r.section(data, "canastas")  # "Must be an object.": no word on kinds it cannot name
        return base.canastas
    raw = r.section(data, "canastas")
    canastas: list[CanastaBonus] = []
    for key in raw:
        try:
            kind = CanastaKind(key)
        except ValueError:
            r.errors.append(FieldError(f"canastas.{key}", N_("Unknown kind of canasta.")))
            continue
        if raw[key] is False:
            continue  # the kind is not allowed
        # What the kind may hold is the base's definition (or the kind's usual one).
        known = base.canasta_kind(kind) if base.allows(kind) else canasta(kind, None)
        canastas.append(replace(known, points=r.points(raw, key, f"canastas.{key}", None)))
    kinds = {b.kind for b in canastas}
    if CanastaKind.NATURAL not in kinds or CanastaKind.MIXED not in kinds:
        r.errors.append(FieldError("canastas", N_("Natural and mixed canastas are needed.")))
    # In the base's order (the count form and the card show them so), then any other kind in
    # the kinds' own order, whatever order the body's keys came in (the API's answers sort them).
    order = [b.kind for b in base.canastas] + [k for k in CanastaKind if not base.allows(k)]
    return tuple(sorted(canastas, key=lambda b: order.index(b.kind)))


def _read_unfinished(r: Reader, data: Mapping[str, Any], base: RuleSet,
                     canastas: tuple[CanastaBonus, ...]) -> tuple[UnfinishedPenalty, ...]:
    """The penalties for unfinished melds, keyed by kind: ``{"sequence": {"points": 1000,
    "fewer_than": 5}}``, or the points alone (``{"wild": 1000}``: the base's condition for
    that kind, if it has one); ``null`` or ``false``: no penalty. Only kinds the rule set
    allows."""
    if "unfinished_canastas" not in data:
        allowed = {b.kind for b in canastas}
        return tuple(u for u in base.unfinished_canastas if u.kind in allowed)
    raw = r.section(data, "unfinished_canastas")
    allowed = {b.kind for b in canastas}
    out: list[UnfinishedPenalty] = []
    for key in raw:
        path = f"unfinished_canastas.{key}"
        try:
            kind = CanastaKind(key)
        except ValueError:
            r.errors.append(FieldError(path, N_("Unknown kind of canasta.")))
            continue
        value = raw[key]
        if value is None or value is False:
            continue
        known = base.unfinished_penalty(kind) or unfinished(kind, 0)
        if isinstance(value, Mapping):
            points = r.points(value, "points", f"{path}.points", known.points, optional=False)
            fewer = r.points(value, "fewer_than", f"{path}.fewer_than", known.fewer_than,
                             minimum=MELD_CARDS + 1, maximum=CANASTA_CARDS)
            penalty = replace(
                known, points=points if points is not None else known.points, fewer_than=fewer,
                only_when_out=r.flag(value, "only_when_out", f"{path}.only_when_out",
                                     known.only_when_out),
                blocks_going_out=r.flag(value, "blocks_going_out", f"{path}.blocks_going_out",
                                        known.blocks_going_out))
        else:
            points = r.points(raw, key, path, known.points, optional=False)
            penalty = replace(known, points=points if points is not None else known.points)
        if kind not in allowed:
            r.errors.append(FieldError(path, N_("This rule set has no “%(kind)s”."),
                                       kind=kind.label))
            continue
        out.append(penalty)
    return tuple(out)


def _read_going_out(r: Reader, data: Mapping[str, Any], base: RuleSet
                    ) -> tuple[GoingOutKind, ...]:
    """The ways of going out: ``going_out_kinds`` in full, or only their points by id
    (``going_out``, the shape stored rule copies had before the kinds held their points)."""
    if "going_out_kinds" in data:
        return tuple(_read_going_out_kinds(r, data["going_out_kinds"], base))
    if "going_out" in data:
        values = r.section(data, "going_out")
        return tuple(
            replace(k, points=r.points(values, k.id, f"going_out.{k.id}", k.points))
            for k in base.going_out
        )
    return base.going_out


def _read_opening_minimums(r: Reader, data: Mapping[str, Any], opening: OpeningMinimums
                           ) -> OpeningMinimums:
    om = r.section(data, "opening_minimums")
    if not om:
        return opening
    negative = r.required(om, "negative", "opening_minimums.negative", opening.negative)
    bands = _read_bands(r, om["bands"]) if "bands" in om else list(opening.bands)
    return OpeningMinimums(negative=negative, bands=tuple(bands))


def _read_rows(r: Reader, raw: Any, key: str,
               size_message: str) -> list[tuple[int, str, Mapping[str, Any]]] | None:
    """The rows of the list ``key`` (1 to 10 objects), each with its index and its path; None,
    the error noted (``size_message`` for an empty or too long list), when ``raw`` is no such
    list. A row that is no object is noted and left out."""
    if not isinstance(raw, list):
        r.errors.append(FieldError(key, N_("Must be a list.")))
        return None
    if not raw or len(raw) > 10:
        r.errors.append(FieldError(key, size_message))
        return None
    rows: list[tuple[int, str, Mapping[str, Any]]] = []
    for i, row in enumerate(raw):
        path = f"{key}[{i}]"
        if isinstance(row, Mapping):
            rows.append((i, path, row))
        else:
            r.errors.append(FieldError(path, N_("Must be an object.")))
    return rows


def _read_bands(r: Reader, raw: Any) -> list[OpeningBand]:
    rows = _read_rows(r, raw, "opening_minimums.bands", N_("Give from 1 to 10 rows."))
    if rows is None:
        return []
    bands: list[OpeningBand] = []
    for _i, path, row in rows:
        condition = None
        if row.get("condition") not in (None, ""):
            condition = r.choice(row, "condition", f"{path}.condition", OpeningCondition,
                                 OpeningCondition.CANASTA)
        bands.append(OpeningBand(
            r.required(row, "from", f"{path}.from", 0),
            r.required(row, "minimum", f"{path}.minimum", 50),
            condition,
        ))
    if len(bands) < len(raw):
        return bands  # a row that is no object: the order of the others is not known by row
    if bands[0].from_score != 0:
        r.errors.append(FieldError("opening_minimums.bands[0].from",
                                   N_("The first row must start at 0.")))
    for i in range(1, len(bands)):
        if bands[i].from_score <= bands[i - 1].from_score:
            r.errors.append(FieldError(f"opening_minimums.bands[{i}].from",
                                       N_("Each row must start above the one before.")))
        elif bands[i].from_score % 5:
            r.errors.append(FieldError(f"opening_minimums.bands[{i}].from",
                                       N_("Must be a multiple of 5.")))
    return bands


def _read_going_out_kinds(r: Reader, raw: Any, base: RuleSet) -> list[GoingOutKind]:
    rows = _read_rows(r, raw, "going_out_kinds", N_("Give from 1 to 10 ways of going out."))
    if rows is None:
        return list(base.going_out)
    kinds: list[GoingOutKind] = []
    for i, path, item in rows:
        kid = r.text(item, "id", f"{path}.id", f"kind{i}", 60)
        try:
            known = base.going_out_kind(kid)
        except KeyError:
            known = GoingOutKind(kid, kid, None)
        kinds.append(GoingOutKind(
            id=kid,
            label=r.text(item, "label", f"{path}.label", known.label),
            points=r.points(item, "points", f"{path}.points", known.points),
            concealed=r.flag(item, "concealed", f"{path}.concealed", known.concealed),
            plus_going_out_bonus=r.flag(item, "plus_going_out_bonus",
                                        f"{path}.plus_going_out_bonus",
                                        known.plus_going_out_bonus),
            hand_cards_positive=r.flag(item, "hand_cards_positive",
                                       f"{path}.hand_cards_positive", known.hand_cards_positive),
        ))
    if len({k.id for k in kinds}) != len(kinds):
        r.errors.append(
            FieldError("going_out_kinds", N_("Each way of going out needs its own id."))
        )
    return kinds


def _read_catalogue(
    r: Reader, data: Mapping[str, Any], key: str,
    base: tuple[Premio, ...] | tuple[Penalty, ...] | tuple[SpecialHand, ...], optional: bool,
) -> Iterator[tuple[str, str, int | None]]:
    if key not in data:
        for item in base:
            yield item.id, item.label, item.points
        return
    raw = data[key]
    if not isinstance(raw, list) or len(raw) > 40:
        r.errors.append(FieldError(key, N_("Give a list of at most 40.")))
        return
    seen: set[str] = set()
    known = {item.id: item for item in base}
    for i, item in enumerate(raw):
        path = f"{key}[{i}]"
        if not isinstance(item, Mapping):
            r.errors.append(FieldError(path, N_("Must be an object.")))
            continue
        pid = r.text(item, "id", f"{path}.id", f"item{i}", 60)
        if pid in seen:
            r.errors.append(FieldError(f"{path}.id", N_("This id is used twice.")))
            continue
        seen.add(pid)
        old = known.get(pid)
        label = r.text(item, "label", f"{path}.label", old.label if old else pid)
        points = r.points(item, "points", f"{path}.points", old.points if old else None,
                          optional=optional)
        if not optional and points is None:
            r.errors.append(FieldError(f"{path}.points", N_("Must be a whole number.")))
        yield pid, label, points
