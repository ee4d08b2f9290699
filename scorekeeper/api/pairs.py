"""The pairs of the night as JSON (``services.pairs``), the desk's alone (the admin token as a
bearer): add a pair (before game 1: game 1 seated again; after: it joins from the next game),
withdraw one before game 1, correct its name, check it in, and name a substitute on a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any, TypedDict, TypeVar

from flask import Response, jsonify, make_response, url_for

from .. import access
from ..access import guard
from ..engine.numbers import whole
from ..services import desk, desk_pairs
from ..services import pairs as night
from ..services.bodies import Body
from . import bp
from .common import json_body
from .openapi import BODY_ERRORS, errors, ok, operation
from .shapes import Doc, extends, schema_of
from .tournament_desk import idempotency_key
from .tournaments import (
    DESK_AUTH,
    DESK_ERRORS,
    IDEMPOTENCY_KEY,
    PAIR_PARAM,
    Tournament,
    made_links,
    pair_operation,
    tournament_to_dict,
)


class _Change(TypedDict):
    seq: int
    kind: str
    pair: int | None
    round: int | None
    detail: Annotated[dict[str, Any] | None, Doc(
        "What changed: for a change that seats game 1 again, renumbered ([[old, new], ...] "
        "pair numbers: empty since a withdrawn pair's number is retired), tables ([[table, "
        "pair, pair], ...] seated anew, each with a new game and link), removed (table "
        "numbers) and byes; for a pair added, joins (the first game "
        "it plays)")]


# The tournament as a desk change on a pair left it, and the change.
@extends(Tournament)
class _Changed(Tournament):
    change: _Change


_CHANGED = schema_of(_Changed)
_View = TypeVar("_View", bound=Callable[..., Any])
_BEFORE_GAME_1 = ("Game 1 has started (its clock was started, a table counted a hand, the desk "
                  "typed a result or recorded an abandonment), or the Idempotency-Key was "
                  "used for another request")


def _pairs_operation(operation_id: str, summary: str, *, e404: str, e409: str, e422: str,
                     body: Body | None = None, description: str | None = None,
                     path_notes: Mapping[str, str] | None = PAIR_PARAM, status: str = "200",
                     answer: str = "The tournament") -> Callable[[_View], _View]:
    """The declaration of a desk's change to the night's pairs: the request key, the admin
    token, the ``body`` read (and its refusals), the tournament as the change left it with the
    change, and the refusals of a desk change."""
    return operation(operation_id, summary, description=description, params=[IDEMPOTENCY_KEY],
                     path_notes=path_notes, security=DESK_AUTH,
                     body=None if body is None else body.schema(),
                     responses={status: ok(answer, _CHANGED),
                                **errors(*DESK_ERRORS, *(BODY_ERRORS if body is not None else ()),
                                         e404=e404, e409=e409, e422=e422)})


def _answer(done: desk.DeskWritten, status: int = 200) -> Response:
    body: _Changed = {
        **tournament_to_dict(done.tournament, admin=True, new_links=made_links(done.links)),
        "change": {"seq": done.change.seq, "kind": done.change.kind, "pair": done.change.pair,
                   "round": done.change.round, "detail": done.change.detail}}
    return make_response(jsonify(body), status)


@bp.post("/tournaments/<tournament_id>/pairs")
@_pairs_operation(
    "addPair",
    "Add a pair: before game 1, game 1 is seated again; after, it joins from the next game",
    description=("The games a late pair missed credit it nothing (no difference, no game won, "
                 "no victory points: docs/RULES-SETTINGS.md). The answer's tables seated anew "
                 "carry their edit tokens (once)."),
    body=night.PAIR, path_notes=None, status="201",
    answer="The tournament with the new seating, and what changed", e404="No such tournament",
    e409="The last game is being played or the tournament is over, or the Idempotency-Key was "
         "used for another request",
    e422="Field errors (name, players, pairs), or an Idempotency-Key that is too long")
@guard(access.tournament_desk)
def add_pair(tournament_id: str) -> Response:
    """Add a pair: 201 with the tournament (game 1's new tables carry their edit tokens)."""
    data = night.PAIR.pick(json_body())
    done = desk_pairs.add_pair(tournament_id, data, by=desk.BY_API,
                               request_key=idempotency_key())
    response = _answer(done, 201)
    response.headers["Location"] = url_for("api.get_tournament", tournament_id=tournament_id)
    return response


@bp.delete("/tournaments/<tournament_id>/pairs/<int:number>")
@_pairs_operation(
    "withdrawPair", "Withdraw a pair before game 1 (a no-show): game 1 is seated again",
    description=("Its number is retired: every other pair keeps its own, and game 1 is seated "
                 "again around the gap."),
    answer="The tournament with the new seating, and what changed",
    e404="No such tournament or pair", e409=_BEFORE_GAME_1,
    e422="Only two pairs are left, or an Idempotency-Key that is too long")
@guard(access.tournament_desk)
def withdraw_pair(tournament_id: str, number: int) -> Response:
    """Withdraw a pair before game 1 (its number retired); 409 after."""
    return _answer(desk_pairs.withdraw_pair(tournament_id, number, by=desk.BY_API,
                                            request_key=idempotency_key()))


@bp.patch("/tournaments/<tournament_id>/pairs/<int:number>")
@_pairs_operation(
    "renamePair", "Correct a pair's name and players before game 1", body=night.PAIR,
    e404="No such tournament or pair", e409=_BEFORE_GAME_1,
    e422="Field errors (name, players), or an Idempotency-Key that is too long")
@guard(access.tournament_desk)
def rename_pair(tournament_id: str, number: int) -> Response:
    """Correct a pair's name and players before game 1; 409 after."""
    data = night.PAIR.pick(json_body())
    return _answer(desk_pairs.rename_pair(tournament_id, number, data, by=desk.BY_API,
                                          request_key=idempotency_key()))


@bp.put("/tournaments/<tournament_id>/pairs/<int:number>/check-in")
@pair_operation("checkInPair", "The pair has arrived (before game 1)", e409=_BEFORE_GAME_1,
                answer=_CHANGED)
@guard(access.tournament_desk)
def check_in(tournament_id: str, number: int) -> Response:
    """The pair has arrived (before game 1)."""
    return _answer(desk_pairs.check_in(tournament_id, number, True, by=desk.BY_API,
                                       request_key=idempotency_key()))


@bp.delete("/tournaments/<tournament_id>/pairs/<int:number>/check-in")
@pair_operation("checkOutPair", "Take back a pair's check-in (before game 1)",
                e409=_BEFORE_GAME_1, answer=_CHANGED)
@guard(access.tournament_desk)
def check_out(tournament_id: str, number: int) -> Response:
    """Take back a pair's check-in (before game 1)."""
    return _answer(desk_pairs.check_in(tournament_id, number, False, by=desk.BY_API,
                                       request_key=idempotency_key()))


@bp.post("/tournaments/<tournament_id>/rounds/<int:number>/pairs/<int:pair>/substitute")
@_pairs_operation(
    "nameSubstitute", "Name who replaced one of a pair's players in a game",
    description=("Printed on that game's papers; the pair's substitution is recorded with it "
                 "(002: the pair scores nothing in the tournament)."),
    body=night.SUBSTITUTE, path_notes=None, e404="No such tournament, round or pair",
    e409="The tournament is over, or the Idempotency-Key was used for another request",
    e422="Field errors (player, name, pair: it plays no game in that round), or an "
         "Idempotency-Key that is too long")
@guard(access.tournament_desk)
def substitute_name(tournament_id: str, number: int, pair: int) -> Response:
    """Name who replaced one of the pair's players in game ``number`` (printed on its papers;
    the pair's substitution is recorded with it)."""
    body = json_body()
    # The player's number as night.SUBSTITUTE reads it (digits as text too), so the request
    # key remembers the number whichever way it was sent; anything else is no number (None).
    player = whole(body.get("player"))
    return _answer(desk_pairs.substitute_name(tournament_id, number, pair, player,
                                              body.get("name"), by=desk.BY_API,
                                              request_key=idempotency_key()))
