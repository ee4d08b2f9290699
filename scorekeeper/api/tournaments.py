"""Tournaments as JSON: create one, read its rounds and standings, close rounds, record
abandonments and substitutions.

Reading needs only the tournament's id. The organizer's actions need the admin token as
``Authorization: Bearer <admin_token>``: 401 without one, 403 with a wrong one.

A table's edit token is stored only hashed, so it is in the answer that makes it and nowhere
else: creating the tournament (round 1's tables), closing a round (the next round's tables),
and asking for new links (``POST .../rounds/<n>/links`` for every table of the round,
``POST .../rounds/<n>/tables/<t>/link`` for one; the old links stop working).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from flask import Response, jsonify, make_response, request, url_for
from flask_babel import gettext as _
from sqlalchemy.exc import IntegrityError

from ..engine import N_, EntryErrors, FieldError, UnknownRuleSet, find_ruleset
from ..engine.victory import MAX_BANDS
from ..extensions import db
from ..models.tournaments import Tournament, TournamentTable
from ..ratelimit import note_token_failure
from ..services import tournaments as service
from ..services.scoring import resolve_ruleset
from . import bp
from .common import BadBody, error_response, fail, field_errors, json_body
from .games import game_urls
from .openapi import BODY_ERRORS, add_paths, errors, header, ok, ref


def _bearer() -> str | None:
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def _tournament_or_404(tournament_id: str, *, full: bool = False) -> Tournament:
    tournament = service.find_tournament(tournament_id, full=full)
    if tournament is None:
        fail(404, _("There is no tournament with that id."))
    return tournament


def _require_admin(tournament: Tournament) -> None:
    token = _bearer()
    if token is None:
        fail(401, _("Send the tournament's admin token as “Authorization: Bearer <token>”."))
    if not service.is_admin(tournament, token):
        note_token_failure()
        fail(403, _("That admin token does not open this tournament."))


def _links(tables: Iterable[TournamentTable]) -> dict[int, str]:
    """The edit tokens made in this request, by table id (read before the commit)."""
    return {t.id: t.new_edit_token for t in tables if t.new_edit_token}


def _link_row(table: TournamentTable, token: str) -> dict[str, Any]:
    return {"table": table.number,
            "pairs": [table.pair_a.number, table.pair_b.number],
            "game_id": table.view_token, "edit_token": token,
            **game_urls(table.view_token, token)}


def tournament_to_dict(tournament: Tournament, *, admin: bool,
                       new_links: Mapping[int, str] | None = None) -> dict[str, Any]:
    """The tournament as the API shows it: rounds with their tables, and the standings.

    ``new_links`` (table id to edit token) are the links this request made: those tables
    carry their ``edit_token`` and ``edit_url``, which no later answer repeats.
    """
    new_links = new_links or {}
    number_of = {p.id: p.number for p in tournament.pairs}
    rounds = []
    for rnd in tournament.rounds:
        tables = []
        for table in rnd.tables:
            view = service.table_view(tournament, table)
            row: dict[str, Any] = {
                "table": table.number,
                "pairs": [number_of[table.pair_a_id], number_of[table.pair_b_id]],
                "game_id": table.view_token,
                "totals": list(view.totals),
                "finished": view.finished,
                "abandoned_by": (None if table.abandoned_by is None
                                 else number_of[table.pairs[table.abandoned_by].id]),
                "credits": list(view.credits) if view.credits is not None else None,
                "paper_result": table.paper_totals is not None,
                **game_urls(table.view_token, new_links.get(table.id) if admin else None),
            }
            if admin:
                row["link_handed_out"] = table.link_made_at is not None
                if table.id in new_links:
                    row["edit_token"] = new_links[table.id]
            tables.append(row)
        rounds.append({
            "number": rnd.number,
            "started_at": rnd.started_at.isoformat() + "Z",
            "ends_at": service.deadline(tournament, rnd).isoformat() + "Z",
            "seconds_left": service.seconds_left(tournament, rnd),
            "finished": rnd.finished_at is not None,
            "byes": list(rnd.byes),
            "tables": tables,
        })
    plan = service.plan_of(tournament)
    return {
        "id": tournament.id,
        "name": tournament.name,
        "language": tournament.language,
        "prizes": tournament.prizes,
        "standings_by": tournament.standings_by,
        "victory_scale": service.victory_scale_of(tournament).to_list(),
        "ruleset": tournament.ruleset_id,
        "rounds_planned": tournament.rounds_planned,
        "minutes": tournament.minutes,
        "target": tournament.target,
        "finished": tournament.finished_at is not None,
        "seating": plan.method,
        "seating_notes": service.schedule_notes(plan, len(tournament.pairs),
                                                tournament.rounds_planned),
        "pairs": [
            {"number": p.number, "name": p.name, "players": list(p.players),
             "disqualified": p.disqualified_round is not None, "substituted": p.substituted}
            for p in tournament.pairs
        ],
        "rounds": rounds,
        "standings": [
            {"pair": s.number, "name": s.name, "rank": s.rank, "difference": s.difference,
             "wins": s.wins, "played": s.played, "disqualified": s.disqualified,
             "substituted": s.substituted, "victory_points": s.victory_points,
             "credits": [s.credits.get(n) for n in range(1, tournament.rounds_planned + 1)]}
            for s in service.standings(tournament)
        ],
    }


def _values(raw: Any) -> dict[str, Any]:
    """The ``values`` object; null is none, any other non-object is refused (422)."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise EntryErrors([FieldError("values", N_("Give the values as an object, by path."))])
    return raw


@bp.post("/tournaments")
def create_tournament() -> Response:
    """Create a tournament and seat round 1: 201 with its id and admin token (shown once)."""
    try:
        body = json_body()
        ruleset = resolve_ruleset(body.get("ruleset", "torneo"))
        new = service.create_tournament(
            ruleset,
            name=body.get("name"),
            pairs=body.get("pairs"),
            rounds=body.get("rounds", 3),
            minutes=body.get("minutes", 60),
            target=body.get("target"),
            values=_values(body.get("values")),
            language=body.get("language", "en"),
            prizes=body.get("prizes", service.DEFAULT_PRIZES),
            standings_by=body.get("standings_by", service.DIFFERENCE),
            victory_scale=body.get("victory_scale"),
        )
    except BadBody as exc:
        return error_response(400, exc.message)
    except (EntryErrors, UnknownRuleSet) as exc:
        return field_errors(exc)
    tables = [_link_row(t, t.new_edit_token)
              for t in service.hand_out_links(new.tournament.rounds[0].tables)]
    db.session.commit()
    response = make_response(
        jsonify({"id": new.tournament.id, "admin_token": new.admin_token, "tables": tables}),
        201,
    )
    response.headers["Location"] = url_for("api.get_tournament",
                                           tournament_id=new.tournament.id)
    return response


@bp.get("/tournaments/<tournament_id>")
def get_tournament(tournament_id: str) -> Response:
    """Rounds, tables and standings; each table's edit token too with the admin token."""
    tournament = _tournament_or_404(tournament_id)
    token = _bearer()
    if token is not None and not service.is_admin(tournament, token):
        note_token_failure()
        fail(403, _("That admin token does not open this tournament."))
    return jsonify(tournament_to_dict(tournament, admin=token is not None))


@bp.post("/tournaments/<tournament_id>/rounds/<int:number>/finish")
def finish_round(tournament_id: str, number: int) -> Response:
    """Close a round (unfinished games end on time) and seat the next; 409 if not open."""
    tournament = _tournament_or_404(tournament_id, full=True)
    _require_admin(tournament)
    if service.get_round(tournament, number) is None:
        fail(404, _("The tournament has no round of that number."))
    try:
        seated = service.finish_round(tournament, number)
        links = _links(service.hand_out_links(seated.tables)) if seated else {}
        db.session.commit()
    except service.RoundClosed:
        return error_response(409, _("That round is already closed."))
    except IntegrityError:
        # Closed at the same moment by another request, or a table saved a hand meanwhile.
        db.session.rollback()
        return error_response(409, _("The round changed meanwhile: read it again."))
    tournament = _tournament_or_404(tournament_id)
    return jsonify(tournament_to_dict(tournament, admin=True, new_links=links))


def _open_round_or_fail(tournament: Tournament, number: int) -> Any:
    rnd = service.get_round(tournament, number)
    if rnd is None:
        fail(404, _("The tournament has no round of that number."))
    if rnd.finished_at is not None:
        fail(409, _("That round is already closed."))
    return rnd


@bp.post("/tournaments/<tournament_id>/rounds/<int:number>/links")
def new_round_links(tournament_id: str, number: int) -> Response:
    """New edit links for every table of an open round; the old ones stop working."""
    tournament = _tournament_or_404(tournament_id)
    _require_admin(tournament)
    rnd = _open_round_or_fail(tournament, number)
    tables = [_link_row(t, t.new_edit_token) for t in service.new_round_links(rnd)]
    db.session.commit()
    return jsonify({"round": number, "tables": tables})


@bp.post("/tournaments/<tournament_id>/rounds/<int:number>/tables/<int:table>/link")
def new_table_link(tournament_id: str, number: int, table: int) -> Response:
    """A new edit link for one table of an open round; its old one stops working."""
    tournament = _tournament_or_404(tournament_id)
    _require_admin(tournament)
    rnd = _open_round_or_fail(tournament, number)
    row = service.find_table(rnd, table)
    if row is None:
        fail(404, _("The round has no table of that number."))
    service.new_table_link(row)
    data = _link_row(row, row.new_edit_token)
    db.session.commit()
    return jsonify(data)


def _pair_or_404(tournament: Tournament, number: int) -> Any:
    pair = service.find_pair(tournament, number)
    if pair is None:
        fail(404, _("The tournament has no pair of that number."))
    return pair


def _pair_action(tournament_id: str, number: int, act: Callable[[Tournament, Any], Any],
                 refusals: Mapping[type[Exception], str]) -> Response:
    """An organizer's action on a pair (admin token): the tournament as it now stands; 409
    with the service's field errors, or with the message ``refusals`` gives its refusal."""
    tournament = _tournament_or_404(tournament_id)
    _require_admin(tournament)
    pair = _pair_or_404(tournament, number)
    try:
        act(tournament, pair)
    except EntryErrors as exc:
        return field_errors(exc, 409)
    except tuple(refusals) as exc:
        return error_response(409, next(m for kind, m in refusals.items()
                                        if isinstance(exc, kind)))
    db.session.commit()
    tournament = _tournament_or_404(tournament_id)
    return jsonify(tournament_to_dict(tournament, admin=True))


@bp.post("/tournaments/<tournament_id>/pairs/<int:number>/abandon")
def abandon(tournament_id: str, number: int) -> Response:
    """The pair abandons its game in the round being played: disqualified, the opponent
    credited the abandonment points; 409 when no round is open or the pair is not seated."""
    return _pair_action(tournament_id, number, service.record_abandonment, {
        service.RoundClosed: _("The pair plays no game in an open round.")})


class SubstitutedAlready(Exception):
    """The pair's substitution is already recorded."""


@bp.post("/tournaments/<tournament_id>/pairs/<int:number>/substitute")
def substitute(tournament_id: str, number: int) -> Response:
    """A player of the pair was replaced: the pair scores nothing in the tournament."""

    def record(tournament: Tournament, pair: Any) -> None:
        if pair.substituted:
            raise SubstitutedAlready()
        service.record_substitution(pair)

    return _pair_action(tournament_id, number, record, {
        SubstitutedAlready: _("A substitution is already recorded for this pair.")})


@bp.delete("/tournaments/<tournament_id>/pairs/<int:number>/abandon")
def undo_abandon(tournament_id: str, number: int) -> Response:
    """Take back the pair's abandonment while its round is open; 409 otherwise."""
    return _pair_action(tournament_id, number, service.undo_abandonment, {
        service.RoundClosed: _("An abandonment can be taken back only while its game is being "
                               "played.")})


@bp.delete("/tournaments/<tournament_id>/pairs/<int:number>/substitute")
def undo_substitute(tournament_id: str, number: int) -> Response:
    """Take back a substitution while the tournament is being played; 409 otherwise."""
    return _pair_action(tournament_id, number, service.undo_substitution, {
        service.TournamentOver: _("The tournament is over.")})


_ID = {"name": "tournament_id", "in": "path", "required": True, "schema": {"type": "string"}}
_ROUND = {"name": "number", "in": "path", "required": True,
          "schema": {"type": "integer", "minimum": 1}}
_PAIR = {"name": "number", "in": "path", "required": True,
         "schema": {"type": "integer", "minimum": 1},
         "description": "The pair's number (from 1, in the order given)."}
_AUTH = [{"tournamentAdminToken": []}]
_ADMIN_ERRORS = (401, 403, 404, 429, 503)
_TOURNAMENT = ref("Tournament")
#: The values the default rule set (torneo) leaves to the organizer, each one required.
_TORNEO_VALUES = [path for path, _label in find_ruleset("torneo").missing_values()]
#: A name: not blank. Runs of spaces are collapsed before the length is counted, so the
#: limit is in the description, not a ``maxLength``.
_NAMED = {"type": "string", "minLength": 1, "pattern": "\\S"}

add_paths({
    "/tournaments": {"post": {
        "summary": "Create a pairs tournament (002) and seat its first round",
        "operationId": "createTournament",
        "requestBody": {"required": True, "content": {"application/json": {"schema": {
            "$ref": "#/components/schemas/NewTournament"}}}},
        "responses": {"201": ok("The tournament's id, admin token and round 1's table links "
                                "(all shown once)", ref("TournamentCreated"),
                                {"Location": header("Where the tournament is read")}),
                      **errors(*BODY_ERRORS, 503)},
    }},
    "/tournaments/{tournament_id}": {"get": {
        "summary": "Rounds, tables and standings",
        "description": ("A table's edit token is never listed here: it is in the answer "
                        "that makes it (creating the tournament, closing a round, new links)."),
        "operationId": "getTournament", "parameters": [_ID], "security": [{}, *_AUTH],
        "responses": {"200": ok("The tournament", _TOURNAMENT),
                      **errors(403, 404, 429, e403="Wrong admin token",
                               e404="No such tournament")},
    }},
    "/tournaments/{tournament_id}/rounds/{number}/finish": {"post": {
        "summary": "Close a round: unfinished games end on time; the next round is seated",
        "operationId": "finishRound", "parameters": [_ID, _ROUND], "security": _AUTH,
        "responses": {"200": ok("The tournament, the new round's tables with their edit "
                                "tokens", _TOURNAMENT),
                      **errors(*_ADMIN_ERRORS, 409, e404="No such tournament or round",
                               e409="The round is already closed, or changed meanwhile")},
    }},
    "/tournaments/{tournament_id}/rounds/{number}/links": {"post": {
        "summary": "New edit links for every table of an open round (the old ones stop working)",
        "operationId": "newRoundLinks", "parameters": [_ID, _ROUND], "security": _AUTH,
        "responses": {"200": ok("The tables with their new edit tokens and links",
                                ref("RoundLinks")),
                      **errors(*_ADMIN_ERRORS, 409, e404="No such tournament or round",
                               e409="The round is closed")},
    }},
    "/tournaments/{tournament_id}/rounds/{number}/tables/{table}/link": {"post": {
        "summary": "A new edit link for one table of an open round (the old one stops working)",
        "operationId": "newTableLink",
        "parameters": [_ID, _ROUND, {"name": "table", "in": "path", "required": True,
                                     "schema": {"type": "integer", "minimum": 1}}],
        "security": _AUTH,
        "responses": {"200": ok("The table with its new edit token and link",
                                ref("TableLink")),
                      **errors(*_ADMIN_ERRORS, 409, e404="No such tournament, round or table",
                               e409="The round is closed")},
    }},
    "/tournaments/{tournament_id}/pairs/{number}/abandon": {"post": {
        "summary": "A pair abandons its game: disqualified, its opponent credited 5,000",
        "operationId": "abandonGame", "parameters": [_ID, _PAIR], "security": _AUTH,
        "responses": {"200": ok("The tournament", _TOURNAMENT),
                      **errors(*_ADMIN_ERRORS, 409, e404="No such tournament or pair",
                               e409="No open round for the pair, already disqualified, or "
                                    "its game already finished or abandoned")},
    }, "delete": {
        "summary": "Take back an abandonment while its round is open",
        "operationId": "undoAbandonment", "parameters": [_ID, _PAIR], "security": _AUTH,
        "responses": {"200": ok("The tournament", _TOURNAMENT),
                      **errors(*_ADMIN_ERRORS, 409, e404="No such tournament or pair",
                               e409="The pair did not abandon, or its round is closed")},
    }},
    "/tournaments/{tournament_id}/pairs/{number}/substitute": {"post": {
        "summary": "A player of the pair was replaced: the pair scores nothing",
        "operationId": "substitutePlayer", "parameters": [_ID, _PAIR], "security": _AUTH,
        "responses": {"200": ok("The tournament", _TOURNAMENT),
                      **errors(*_ADMIN_ERRORS, 409, e404="No such tournament or pair",
                               e409="A substitution is already recorded")},
    }, "delete": {
        "summary": "Take back a substitution while the tournament is being played",
        "operationId": "undoSubstitution", "parameters": [_ID, _PAIR], "security": _AUTH,
        "responses": {"200": ok("The tournament", _TOURNAMENT),
                      **errors(*_ADMIN_ERRORS, 409, e404="No such tournament or pair",
                               e409="No substitution recorded, or the tournament is over")},
    }},
}, {
    "NewTournament": {
        "type": "object",
        "required": ["name", "pairs"],
        "properties": {
            "name": {**_NAMED, "description": "At most 120 characters"},
            "ruleset": {"type": "string", "default": "torneo"},
            "language": {"enum": list(service.LANGUAGES), "default": "en",
                         "description": "The language of the tournament's PDFs"},
            "prizes": {"type": "integer", "minimum": 0, "maximum": service.MAX_PAIRS,
                       "default": service.DEFAULT_PRIZES,
                       "description": "Places named in the standings' prize list"},
            "standings_by": {"enum": list(service.STANDINGS_BY), "default": "difference",
                             "description": ("What ranks the standings: 002's accumulated "
                                             "difference, or victory points (then the "
                                             "difference)")},
            "victory_scale": {"type": ["array", "null"], "minItems": 1,
                              "maxItems": MAX_BANDS, "items": {
                                  "type": "array", "minItems": 2, "maxItems": 2,
                                  "items": {"type": "integer"}},
                              "description": (
                                  "Bands [difference up to, winner's points] of a 20-0 "
                                  "scale, differences increasing from 0 (to 100,000), points "
                                  "not decreasing from 10 to 20; above the last band the "
                                  "winner gets 20. None: the default scale "
                                  "(docs/RULES-SETTINGS.md)")},
            "rounds": {"type": "integer", "minimum": 1, "maximum": service.MAX_ROUNDS,
                       "default": 3},
            "minutes": {"type": "integer", "minimum": 5, "maximum": 600, "default": 60},
            "target": {"type": ["integer", "null"], "minimum": 100, "maximum": 100000},
            "values": {"type": ["object", "null"], "description": (
                "The values the rule set names without a number, by path "
                "(e.g. premios.canastilla), each a whole number from 0 to 10,000; all are "
                "required. Other paths are ignored.")},
            "pairs": {"type": "array", "minItems": 2, "maxItems": service.MAX_PAIRS, "items": {
                "type": "object", "required": ["players"], "properties": {
                    "name": {"type": ["string", "null"],
                             "description": "At most 60 characters; none: the players'"},
                    "players": {"type": "array", "minItems": 2, "maxItems": 2,
                                "items": {**_NAMED,
                                          "description": "At most 60 characters"}}}}},
        },
        # torneo, the default, names values without a number: they must all be given.
        "if": {"anyOf": [{"not": {"required": ["ruleset"]}},
                         {"required": ["ruleset"],
                          "properties": {"ruleset": {"const": "torneo"}}}]},
        "then": {"required": ["values"], "properties": {"values": {
            "type": "object", "required": _TORNEO_VALUES,
            "properties": {path: {"type": "integer", "minimum": 0, "maximum": 10000}
                           for path in _TORNEO_VALUES}}}},
        "examples": [{
            "name": "Club", "ruleset": "torneo", "rounds": 3, "minutes": 60,
            "values": {"canastas.wild": 1000, "going_out.normal": 100, "red_threes.each": 100,
                       "premios.juego_limpio": 200, "premios.canastilla": 150,
                       "premios.canaston": 2000, "premios.canasta_de_moda": 400,
                       "premios.canasta_doble": 2500, "premios.canasta_triple": 3000},
            "pairs": [{"name": "Norte", "players": ["Ana", "Luis"]},
                      {"name": "Sur", "players": ["Eva", "Juan"]}],
        }],
    },
    "TableLink": {"allOf": [ref("GameLinks"), {
        "type": "object",
        "required": ["table", "pairs", "game_id", "edit_token"],
        "properties": {
            "table": {"type": "integer"},
            "pairs": {"type": "array", "items": {"type": "integer"}},
            "game_id": {"type": "string"},
            "edit_token": {"type": "string"},
        },
    }]},
    "TournamentCreated": {
        "type": "object",
        "required": ["id", "admin_token", "tables"],
        "properties": {"id": {"type": "string"}, "admin_token": {"type": "string"},
                       "tables": {"type": "array", "items": ref("TableLink")}},
    },
    "RoundLinks": {
        "type": "object",
        "required": ["round", "tables"],
        "properties": {"round": {"type": "integer"},
                       "tables": {"type": "array", "items": ref("TableLink")}},
    },
    "Tournament": {
        "type": "object",
        "required": ["id", "name", "language", "prizes", "standings_by", "victory_scale",
                     "ruleset", "rounds_planned", "minutes", "target",
                     "finished", "seating", "seating_notes", "pairs", "rounds", "standings"],
        "properties": {
            "id": {"type": "string"},
            "name": {"type": "string"},
            "language": {"enum": list(service.LANGUAGES)},
            "prizes": {"type": "integer"},
            "standings_by": {"enum": list(service.STANDINGS_BY)},
            "victory_scale": {"type": "array", "items": {
                "type": "array", "items": {"type": "integer"}}},
            "ruleset": {"type": "string"},
            "rounds_planned": {"type": "integer"},
            "minutes": {"type": "integer"},
            "target": {"type": ["integer", "null"]},
            "finished": {"type": "boolean"},
            "seating": {"type": "string"},
            "seating_notes": {"type": "array", "items": {"type": "string"}},
            "pairs": {"type": "array", "items": {
                "type": "object",
                "required": ["number", "name", "players", "disqualified", "substituted"],
                "properties": {
                    "number": {"type": "integer"}, "name": {"type": "string"},
                    "players": {"type": "array", "items": {"type": "string"}},
                    "disqualified": {"type": "boolean"}, "substituted": {"type": "boolean"}}}},
            "rounds": {"type": "array", "items": {
                "type": "object",
                "required": ["number", "started_at", "ends_at", "seconds_left", "finished",
                             "byes", "tables"],
                "properties": {
                    "number": {"type": "integer"},
                    "started_at": {"type": "string", "format": "date-time"},
                    "ends_at": {"type": "string", "format": "date-time"},
                    "seconds_left": {"type": "integer"},
                    "finished": {"type": "boolean"},
                    "byes": {"type": "array", "items": {"type": "integer"}},
                    "tables": {"type": "array", "items": {"allOf": [ref("GameLinks"), {
                        "type": "object",
                        "required": ["table", "pairs", "game_id", "totals", "finished",
                                     "abandoned_by", "credits", "paper_result"],
                        "properties": {
                            "table": {"type": "integer"},
                            "pairs": {"type": "array", "items": {"type": "integer"},
                                      "description": "pairs[i] plays side i of the game"},
                            "game_id": {"type": "string"},
                            "totals": {"type": "array", "items": {"type": "integer"}},
                            "finished": {"type": "boolean"},
                            "abandoned_by": {"type": ["integer", "null"]},
                            "credits": {"type": ["array", "null"],
                                        "items": {"type": "integer"}},
                            "paper_result": {"type": "boolean", "description": (
                                "totals typed by the desk from the table's paper sheet")},
                            "link_handed_out": {"type": "boolean",
                                                "description": "admin only"},
                            "edit_token": {"type": "string", "description": (
                                "only in the answer that made the link (admin)")},
                        }}]}},
                }}},
            "standings": {"type": "array", "items": {
                "type": "object",
                "required": ["pair", "name", "rank", "difference", "wins", "played",
                             "disqualified", "substituted", "victory_points"],
                "properties": {
                    "pair": {"type": "integer"}, "name": {"type": "string"},
                    "rank": {"type": ["integer", "null"]},
                    "difference": {"type": "integer"}, "wins": {"type": "integer"},
                    "victory_points": {"type": "integer", "description": (
                        "on the tournament's scale; they rank it when standings_by is "
                        "victory_points")},
                    "played": {"type": "integer", "description": "games finished so far"},
                    "credits": {"type": "array", "items": {"type": ["integer", "null"]},
                                "description": "each game's credit, null if not played (yet)"},
                    "disqualified": {"type": "boolean"},
                    "substituted": {"type": "boolean"}}}},
        },
    },
})
