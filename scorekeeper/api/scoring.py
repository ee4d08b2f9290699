"""The count as a service: score a hand, read the rule sets, the opening minimum."""

from __future__ import annotations

from typing import Annotated, Any, NotRequired, TypedDict

from flask import Response, jsonify, request

from .. import engine
from ..engine import (
    N_,
    PRESETS,
    CanastaKind,
    FieldError,
    UnknownRuleSet,
    flow,
    ruleset_to_dict,
)
from ..engine.numbers import whole
from ..engine.rule_types import Holds
from ..engine.ruleset_data import going_out_points, red_three_table
from ..i18n import error_message, label, line_label
from ..services.bodies import Body, Field, Kind
from ..services.scoring import count_hand, resolve_ruleset
from . import bp
from .common import OpeningCondition, condition_json, error_response, field_errors, json_body
from .openapi import (
    BODY_ERRORS,
    HAND_EXAMPLE,
    add_schemas,
    errors,
    ok,
    operation,
    ref,
    with_declared_values,
)
from .shapes import Doc, answers, extends

#: What counting a hand reads beside the hand (``Hand``, the engine's reader's): the rule set,
#: looked up as sent.
SCORE = Body((Field("ruleset", Kind.KEY, "", required=False, default="classic"),),
             examples=({"ruleset": "classic", **HAND_EXAMPLE},))


def score_request_schema() -> dict[str, Any]:
    """The body of ``POST /score``: a hand, and what :data:`SCORE` declares beside it."""
    beside = SCORE.schema()
    examples = beside.pop("examples")
    return {"allOf": [ref("Hand"), beside], "examples": examples}


class Line(TypedDict):
    id: str
    label: str
    points: int


class SideResult(TypedDict):
    total: int
    lines: list[Line]


class HandResult(TypedDict):
    """A hand counted under a rule set (nothing is stored)."""

    ruleset: str
    format: str
    totals: list[int]
    sides: list[SideResult]


class RulesetItem(TypedDict):
    id: str
    name: str
    based_on: str | None
    preset: bool
    sources: list[str]


class RulesetList(TypedDict):
    rulesets: list[RulesetItem]


class OpeningMinimum(TypedDict):
    ruleset: str
    score: int
    round: Annotated[int | None, Doc("The round the minimum is for (null: it goes by the "
                                     "score)")]
    minimum: Annotated[int, Doc("The card points the first meld needs (0 where only the "
                                "condition is asked)")]
    condition: OpeningCondition | None
    band: int


answers(Line, SideResult, HandResult, RulesetList, OpeningMinimum)


def hand_result(ruleset_id: str, result: engine.HandResult) -> HandResult:
    """A counted hand as the API shows it, labels translated."""
    return {
        "ruleset": ruleset_id,
        "format": result.format.id,
        "totals": list(result.totals),
        "sides": [
            {
                "total": side.total,
                "lines": [
                    {"id": line.id, "label": line_label(line), "points": line.points}
                    for line in side.lines
                ],
            }
            for side in result.sides
        ],
    }


@bp.post("/score")
@operation(
    "scoreHand", "Count one hand under a rule set (nothing is stored)",
    body=ref("ScoreRequest"),
    responses={"200": ok("Each side's lines and total", ref("HandResult")),
               **errors(*BODY_ERRORS,
                        e400="The body is not a JSON object with a list of sides",
                        e422="A hand that cannot be, or an unknown rule set, with field "
                             "errors")})
def score() -> Response | tuple[Response, int]:
    """Count one hand under a rule set; nothing is stored.

    Answers 200 with each side's lines and total, 422 with field errors for a hand that cannot
    be, 400 for a body that is not a JSON object with a list of sides.
    """
    body = json_body()
    ruleset = resolve_ruleset(SCORE.pick(body)["ruleset"])
    _, result = count_hand(ruleset, body)
    return jsonify(hand_result(ruleset.id, result))


class LabelledItem(TypedDict):
    id: str
    label: str


# The items of a rule set's lists, each an id and its label, and what they say beside.
@extends(LabelledItem)
class _Format(LabelledItem):
    players: int
    sides: int
    cards_dealt: Annotated[int, Doc("Cards dealt to each player")]
    packs: int
    canastas_to_go_out: Annotated[int | None, Doc(
        "The canastas a side needs to go out with this format (null: the rule set's)")]


@extends(LabelledItem)
class _GoingOutKind(LabelledItem):
    points: Annotated[int | None, Doc(
        "Its bonus (null: the rule set names it without a value, asked for when a game "
        "starts)")]
    concealed: Annotated[bool, Doc("The whole hand laid down at once: no meld of its own "
                                   "needed before")]
    plus_going_out_bonus: Annotated[bool, Doc("The plain going-out bonus is added to points")]
    hand_cards_positive: Annotated[bool, Doc("The partner's cards in hand count for the side, "
                                             "not against it")]


@extends(LabelledItem)
class _Premio(LabelledItem):
    points: Annotated[int | None, Doc(
        "Its points, each time (null: the rule set names it without a value, asked for when a "
        "game starts)")]


@extends(LabelledItem)
class _Priced(LabelledItem):
    points: Annotated[int, Doc("Its points")]


# ``from`` is a keyword: these two are declared by the functional syntax.
_Band = TypedDict("_Band", {
    "from": int,
    "minimum": int,
    "condition": NotRequired[Annotated[str, Doc(
        enum=[c.value for c in engine.OpeningCondition])]],
})
_Tier = TypedDict("_Tier", {
    "from": int | None,
    "to": int | None,
    "minimum": int,
    "condition": OpeningCondition | None,
})


class _RoundMinimum(TypedDict):
    round: Annotated[int, Doc(minimum=1)]
    minimum: int


class _OpeningMinimums(TypedDict):
    negative: Annotated[int, Doc("The minimum of a side whose running total is below 0")]
    bands: Annotated[list[_Band], Doc(
        "From each running total on, the minimum (and its condition, where there is one)")]
    table: Annotated[list[_Tier], Doc(
        "The minimums as a table: from and to each running total (null: open-ended); empty "
        "where they go by round")]
    by_round: Annotated[list[_RoundMinimum], Doc(
        "The minimum of round 1, 2, 3… where it goes by round (Hand and Foot); empty: by the "
        "running total")]


class _RedThreeRow(TypedDict):
    packs: int
    points: list[int | None]


class _CanastaKind(TypedDict):
    id: Annotated[str, Doc(enum=[k.value for k in CanastaKind])]
    label: str
    points: int | None
    holds: Annotated[str, Doc(
        "natural only, mixed (at most max_wild wild cards), wild only, one rank, a suit "
        "sequence", enum=[h.value for h in Holds])]
    max_wild: int | None
    min_jokers: int | None
    max_jokers: int | None
    rank: str | None
    cards_on_top: Annotated[bool, Doc("Its cards count on the table on top of its bonus")]
    minimum_card_points: int


class _Unfinished(TypedDict):
    label: str
    points: Annotated[int, Doc("Taken for each such meld", minimum=0)]
    fewer_than: Annotated[int | None, Doc("Only a meld of fewer cards costs it (null: any)")]
    only_when_out: Annotated[bool, Doc(
        "Charged only when someone went out (else at any end of the hand)")]
    blocks_going_out: Annotated[bool, Doc("A side with one on the table may not go out")]


class RuleSet(TypedDict):
    """Every value of a rule set (labels in the request's language)."""

    id: str
    name: str
    description: str
    notes: list[str]
    based_on: str | None
    sources: list[str]
    formats: list[_Format]
    premios: list[_Premio]
    penalties: list[_Priced]
    going_out_kinds: list[_GoingOutKind]
    going_out: Annotated[dict[str, int | None], Doc(
        "Each way of going out's points by id (as going_out_kinds)")]
    special_hands: Annotated[list[_Priced], Doc(
        "Hands a side that has not melded goes out with; their points replace its count")]
    opening_minimums: _OpeningMinimums
    red_three_table: Annotated[list[_RedThreeRow], Doc(
        "What 1, 2, 3… red 3s are worth in all (before their sign), for each number of packs "
        "the formats play with: points[n - 1] for n red 3s (null: the rule set gives no "
        "value)")]
    canastas: Annotated[dict[str, int | None], Doc(
        "The canasta kinds allowed, with their bonus (null: asked for when a game starts)")]
    canasta_kinds: Annotated[list[_CanastaKind], Doc(
        "The canasta kinds allowed: what each may hold and its bonus")]
    unfinished_canastas: Annotated[dict[str, _Unfinished], Doc(
        "What a meld left unfinished on the table at the end costs, by canasta kind id (kinds "
        "left out cost nothing)", propertyNames={"enum": [k.value for k in CanastaKind]})]


# Beside these, every value the presets declare (``engine/declared.py``), added to the schema
# by with_declared_values; a test checks every preset's answer against the whole schema.
answers(LabelledItem)
answers(RuleSet, more=with_declared_values)


def ruleset_json(rs: engine.RuleSet) -> dict[str, object]:
    """A rule set as the API shows it, its labels in the request's language."""
    data = ruleset_to_dict(rs)
    # Each way of going out's points by id, beside the kinds that hold them (clients read both).
    data["going_out"] = going_out_points(rs)
    data["name"] = label(rs.name)
    data["description"] = label(rs.description)
    data["notes"] = [label(n) for n in rs.notes]
    for key in ("formats", "going_out_kinds", "premios", "penalties", "canasta_kinds",
                "special_hands"):
        for item in data[key]:
            item["label"] = label(item["label"])
    for kind, penalty in data["unfinished_canastas"].items():
        penalty["label"] = label(CanastaKind(kind).unfinished_label)
    # What 1, 2, 3… red 3s are worth in all, by the packs the formats play with.
    data["red_three_table"] = red_three_table(rs)
    # By round (Hand and Foot): the minimum of round 1, 2, 3… (empty when it goes by score).
    data["opening_minimums"]["by_round"] = [
        {"round": r.round, "minimum": r.minimum} for r in flow.opening_rows(rs)
        if r.round is not None]
    data["opening_minimums"]["table"] = [
        {"from": t.low, "to": t.high, "minimum": t.minimum,
         "condition": condition_json(t.condition)}
        for t in flow.score_rows(rs)
    ]
    return data


@bp.get("/rulesets")
@operation("listRulesets", "The presets (house rules are read by id)",
           responses={"200": ok("The rule sets", ref("RulesetList"))})
def rulesets() -> Response:
    """List the presets, each with the ids of the rule texts it follows (``sources``).

    House rules belong to the tables that made them: they are read by id
    (``GET /rulesets/<id>`` or ``GET /house-rules/<id>``), never listed to strangers.
    """
    items = list(PRESETS.values())
    answer: RulesetList = {
        "rulesets": [
            {"id": rs.id, "name": label(rs.name), "based_on": rs.based_on,
             "preset": rs.id in PRESETS, "sources": list(rs.sources)}
            for rs in items
        ]
    }
    return jsonify(answer)


@bp.get("/rulesets/<ruleset_id>")
@operation("getRuleset", "One rule set as data (a preset's or house rules' id)",
           responses={"200": ok("The rule set", ref("RuleSet")),
                      **errors(404, e404="No rule set of that id")})
def ruleset(ruleset_id: str) -> Response | tuple[Response, int]:
    """One rule set as data; 404 when there is none of that id."""
    try:
        rs = resolve_ruleset(ruleset_id)
    except UnknownRuleSet as exc:
        return error_response(404, error_message(exc), "ruleset")
    return jsonify(ruleset_json(rs))


@bp.get("/opening-minimum")
@operation(
    "openingMinimum", "The first-meld minimum for a running total",
    params=[
        {"name": "ruleset", "in": "query", "schema": {"type": "string"}},
        {"name": "score", "in": "query",
         "description": "The side's running total (may be left out where the minimum goes by "
                        "round)",
         "schema": {"type": "integer", "minimum": -1000000, "maximum": 1000000}},
        {"name": "round", "in": "query",
         "description": "The round about to be dealt, from 1 (rule sets whose minimum goes by "
                        "round, e.g. hand-and-foot; default 1)",
         "schema": {"type": "integer", "minimum": 1, "maximum": flow.MAX_ROUNDS}},
    ],
    responses={"200": ok("The minimum", ref("OpeningMinimum")),
               **errors(422, e422="Unknown rule set, or a score that is not a whole number "
                                  "within ±1,000,000")})
def opening_minimum() -> Response | tuple[Response, int]:
    """The first-meld minimum for ``?ruleset=<id>&score=<n>`` (and ``&round=<n>``, the hand
    about to be dealt, for a rule set whose minimum goes by round); 422 for a bad value."""
    rs = resolve_ruleset(request.args.get("ruleset", "classic"))
    rounds = flow.by_round(rs)
    raw = request.args.get("score", "").strip()
    if rounds and not raw:
        raw = "0"  # the score does not set the minimum: it may be left out
    try:
        score_value = int(raw)
    except ValueError:
        return field_errors(FieldError("score", N_("Enter the running total as a whole number.")))
    if abs(score_value) > 1_000_000:
        return field_errors(FieldError("score", N_("That total is out of range.")))
    raw_round = request.args.get("round", "").strip()
    round_value = whole(raw_round) if raw_round else 1
    if round_value is None or not 1 <= round_value <= flow.MAX_ROUNDS:
        return field_errors(FieldError("round", N_("The round is a whole number from 1 to "
                                                   "%(high)d."), high=flow.MAX_ROUNDS))
    need = flow.opening(rs, total=score_value, round_=round_value)
    answer: OpeningMinimum = {
        "ruleset": rs.id,
        "score": score_value,
        # The round the minimum is for, or null when it goes by the score.
        "round": need.round,
        "minimum": need.minimum,
        # Beside the number, what the first meld must be (Brazilian from 7,000: a canasta).
        "condition": condition_json(need.condition),
        "band": need.row,
    }
    return jsonify(answer)


#: The count's body: the hand, and what it reads beside it.
add_schemas({
    "ScoreRequest": score_request_schema(),
})
