"""The tournament desk's actions as JSON, with the admin token as ``Authorization: Bearer``
(each route's guard: ``access.tournament_desk``): close a round, new edit links, abandonments and
substitutions, the round's clock. Each answers the tournament as it left it, with the links
it made; the tournament's own routes (create, read) and its answer's shape are
``api.tournaments``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Response, jsonify, request

from .. import access
from ..access import guard
from ..services import desk
from . import bp
from .common import json_body
from .openapi import errors, ok, operation
from .tournaments import (
    DESK_AUTH,
    DESK_ERRORS,
    E422_KEY,
    IDEMPOTENCY_KEY,
    TOURNAMENT_REF,
    RoundLinks,
    link_row,
    links_operation,
    made_links,
    pair_operation,
    tournament_to_dict,
)


def idempotency_key() -> str | None:
    return request.headers.get("Idempotency-Key") or None


def desk_write(operation: Callable[..., desk.DeskWritten], tournament_id: str, *args: Any,
               **options: Any) -> Response:
    """Do the desk operation as the API (with the request's Idempotency-Key; its route's
    guard checked the admin token) and answer the tournament as it left it, with the links it
    made."""
    return _answer(operation(tournament_id, *args, by=desk.BY_API, request_key=idempotency_key(),
                             **options))


def _answer(done: desk.DeskWritten) -> Response:
    """The tournament as the desk change left it (with the links this request made)."""
    return jsonify(tournament_to_dict(done.tournament, admin=True,
                                      new_links=made_links(done.links)))


@bp.post("/tournaments/<tournament_id>/rounds/<int:number>/finish")
@operation("finishRound",
           "Close a round: unfinished games end on time; the next round is seated",
           params=[IDEMPOTENCY_KEY], security=DESK_AUTH,
           responses={"200": ok("The tournament, the new round's tables with their edit "
                                "tokens", TOURNAMENT_REF),
                      **errors(*DESK_ERRORS, e404="No such tournament or round",
                               e409="The round is already closed (another desk closed it "
                                    "first), or the Idempotency-Key was used for another "
                                    "request", e422=E422_KEY)})
@guard(access.tournament_desk)
def finish_round(tournament_id: str, number: int) -> Response:
    """Close a round (unfinished games end on time) and seat the next; 409 if not open."""
    return desk_write(desk.finish_round, tournament_id, number, hand_out=True)


@bp.post("/tournaments/<tournament_id>/rounds/<int:number>/links")
@links_operation("newRoundLinks",
                  "New edit links for every table of an open round (the old ones stop working)",
                  "The tables with their new edit tokens and links", "RoundLinks",
                  e404="No such tournament or round")
@guard(access.tournament_desk)
def new_round_links(tournament_id: str, number: int) -> Response:
    """New edit links for every table of an open round; the old ones stop working."""
    done = desk.round_links(tournament_id, number, by=desk.BY_API)
    answer: RoundLinks = {"round": number, "tables": [link_row(t) for t in done.links]}
    return jsonify(answer)


@bp.post("/tournaments/<tournament_id>/rounds/<int:number>/tables/<int:table>/link")
@links_operation("newTableLink",
                  "A new edit link for one table of an open round (the old one stops working)",
                  "The table with its new edit token and link", "TableLink",
                  e404="No such tournament, round or table")
@guard(access.tournament_desk)
def new_table_link(tournament_id: str, number: int, table: int) -> Response:
    """A new edit link for one table of an open round; its old one stops working."""
    done = desk.table_link(tournament_id, number, table, by=desk.BY_API)
    row = done.links[0]
    return jsonify(link_row(row))


def _pair_action(method: str, action: str, write: Callable[..., desk.DeskWritten],
                 operation_id: str, summary: str, *, e409: str) -> None:
    """Route the desk's ``write`` on one pair (``.../pairs/<number>/<action>``, by ``method``):
    done as the API, it answers the tournament as it left it. The view is named ``<action>``,
    or ``undo_<action>`` for a DELETE (which takes the action back)."""

    def view(tournament_id: str, number: int) -> Response:
        return desk_write(write, tournament_id, number)

    view.__name__ = view.__qualname__ = action if method == "POST" else f"undo_{action}"
    view.__doc__ = summary
    bp.add_url_rule(f"/tournaments/<tournament_id>/pairs/<int:number>/{action}",
                    view_func=pair_operation(operation_id, summary, e409=e409)(
                        guard(access.tournament_desk)(view)),
                    methods=[method])


# The pair abandons its game in the round being played (disqualified, its opponent credited),
# or one of its players was replaced (it scores nothing); the desk may take either back.
_pair_action("POST", "abandon", desk.abandon, "abandonGame",
             "A pair abandons its game: disqualified, its opponent credited the tournament's "
             "abandonment points",
             e409="No open round for the pair, already disqualified, or its game already "
                  "finished or abandoned")
_pair_action("POST", "substitute", desk.substitute, "substitutePlayer",
             "A player of the pair was replaced: the pair scores nothing",
             e409="A substitution is already recorded")
_pair_action("DELETE", "abandon", desk.undo_abandon, "undoAbandonment",
             "Take back an abandonment while its round is open",
             e409="The pair did not abandon, or its round is closed")
_pair_action("DELETE", "substitute", desk.undo_substitute, "undoSubstitution",
             "Take back a substitution while the tournament is being played",
             e409="No substitution recorded, or the tournament is over")


@bp.post("/tournaments/<tournament_id>/rounds/<int:number>/start")
@operation("startClock", "Start (or resume) the round's clock",
           description="A round is seated with its clock not started: the desk starts it.",
           params=[IDEMPOTENCY_KEY], security=DESK_AUTH,
           responses={"200": ok("The tournament", TOURNAMENT_REF),
                      **errors(*DESK_ERRORS, e404="No such tournament or round",
                               e409="The clock already runs, time is up, or the round is "
                                    "closed", e422=E422_KEY)})
@guard(access.tournament_desk)
def start_clock(tournament_id: str, number: int) -> Response:
    """Start (or resume) the round's clock; 409 when it runs, time is up or the round is closed."""
    return desk_write(desk.start_clock, tournament_id, number)


@bp.post("/tournaments/<tournament_id>/rounds/<int:number>/pause")
@operation("pauseClock", "Pause the round's running clock", params=[IDEMPOTENCY_KEY],
           security=DESK_AUTH,
           responses={"200": ok("The tournament", TOURNAMENT_REF),
                      **errors(*DESK_ERRORS, e404="No such tournament or round",
                               e409="The clock is not running, or the round is closed",
                               e422=E422_KEY)})
@guard(access.tournament_desk)
def pause_clock(tournament_id: str, number: int) -> Response:
    """Pause the round's running clock; 409 when it is not running."""
    return desk_write(desk.pause_clock, tournament_id, number)


@bp.post("/tournaments/<tournament_id>/rounds/<int:number>/extend")
@operation("extendClock", "Add minutes to the round's clock (time up: it runs again for them)",
           params=[IDEMPOTENCY_KEY], security=DESK_AUTH,
           body=desk.EXTEND.schema(),
           responses={"200": ok("The tournament", TOURNAMENT_REF),
                      **errors(*DESK_ERRORS, 400, 413, 415,
                               e404="No such tournament or round",
                               e409="The round is closed",
                               e422="Minutes that are not a whole number from 1 to 120, or "
                                    "an Idempotency-Key that is too long")})
@guard(access.tournament_desk)
def extend_clock(tournament_id: str, number: int) -> Response:
    """Add ``minutes`` (body) to the round's clock; 422 for a bad number."""
    minutes = json_body().get("minutes")  # read as desk.EXTEND declares it
    return _answer(desk.extend_clock(tournament_id, number, minutes,
                                     by=desk.BY_API, request_key=idempotency_key()))
