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
from datetime import datetime
from typing import Annotated, Any, NotRequired, TypedDict, TypeVar

from flask import Response, jsonify, make_response, request, url_for

from ..access import public
from ..engine.movements import MITCHELL, SEATING_METHODS, SWISS
from ..engine.ranking import STANDINGS_BY
from ..engine.seating import CIRCLE, ROTATION
from ..i18n import gettext as _
from ..models import tournaments as models
from ..ratelimit import note_token_failure
from ..services import desk
from ..services import tournaments as service
from ..services.clock import (
    NOT_STARTED,
    OVER,
    PAUSED,
    RUNNING,
    TABLES_START,
    clock_of,
    waits_for_bell,
)
from ..services.confirmed import RESULTS_COUNT, is_confirmed, to_confirm
from ..services.record import MAX_REQUEST_KEY
from ..services.scoring import resolve_ruleset
from . import bp
from .common import fail, json_body
from .games import GameLinks, game_urls
from .openapi import BODY_ERRORS, add_schemas, errors, header, ok, operation, ref
from .shapes import Doc, answers, extends

#: The pair's number in a path, as the document tells it.
PAIR_PARAM = {"number": "The pair's number (from 1, in the order given)."}
DESK_AUTH: list[dict[str, list[str]]] = [{"tournamentAdminToken": []}]
IDEMPOTENCY_KEY = {"name": "Idempotency-Key", "in": "header",
        "description": "Makes retries safe: the same key answers the first request's change.",
        "schema": {"type": "string", "maxLength": MAX_REQUEST_KEY}}
#: A desk action's answers besides its own: 422 is an Idempotency-Key too long to keep.
ADMIN_ERRORS = (401, 403, 404, 429, 503)
DESK_ERRORS = (*ADMIN_ERRORS, 409, 422)
E422_KEY = "An Idempotency-Key that is too long"
TOURNAMENT_REF = ref("Tournament")

_View = TypeVar("_View", bound=Callable[..., Any])


def links_operation(operation_id: str, summary: str, answer: str, schema: str, *,
                     e404: str) -> Callable[[_View], _View]:
    """The declaration of new edit links for a round's tables: refused once the round closed."""
    return operation(operation_id, summary, security=DESK_AUTH,
                     responses={"200": ok(answer, ref(schema)),
                                **errors(*ADMIN_ERRORS, 409, e404=e404,
                                         e409="The round is closed")})


def pair_operation(operation_id: str, summary: str, *, e409: str,
                   answer: dict[str, Any] | None = None) -> Callable[[_View], _View]:
    """The declaration of a desk's action on one pair (``.../pairs/<number>/...``): the
    request key, the admin token, the tournament as it stands (or ``answer``) and its refusals."""
    return operation(operation_id, summary, params=[IDEMPOTENCY_KEY], path_notes=PAIR_PARAM,
                     security=DESK_AUTH,
                     responses={"200": ok("The tournament", answer or TOURNAMENT_REF),
                                **errors(*DESK_ERRORS, e404="No such tournament or pair",
                                         e409=e409, e422=E422_KEY)})


# -- the answers' shapes (each view fills one in; the document's schemas are made of them) --


@extends(GameLinks)
class TableLink(GameLinks):
    table: int
    pairs: list[int]
    game_id: str
    edit_token: str


class TournamentCreated(TypedDict):
    id: str
    admin_token: str
    tables: list[TableLink]


class RoundLinks(TypedDict):
    round: int
    tables: list[TableLink]


class _Pair(TypedDict):
    number: int
    name: str
    players: list[str]
    disqualified: bool
    substituted: bool
    checked_in: Annotated[bool, Doc("the desk saw it arrive (before game 1)")]
    joined_round: Annotated[int | None, Doc(
        "a pair added after game 1 started plays from this game on")]


class _Clock(TypedDict):
    state: Annotated[str, Doc(enum=[NOT_STARTED, RUNNING, PAUSED, OVER])]
    seconds_left: Annotated[int, Doc(minimum=0)]


@extends(GameLinks)
class _Table(GameLinks):
    table: int
    pairs: Annotated[list[int], Doc("pairs[i] plays side i of the game")]
    game_id: str
    totals: list[int]
    finished: bool
    abandoned_by: int | None
    credits: list[int] | None
    paper_result: Annotated[bool, Doc(
        "totals typed by the desk from the table's paper sheet")]
    waiting_confirmation: Annotated[bool, Doc(
        "the game is over but its result does not count yet: it waits for the other pair's "
        "confirmation (results_count confirmed)")]
    confirmed_by: Annotated[str | None, Doc(
        "who confirmed the result as it stands: opponents (at the table), desk or api; "
        "null: not confirmed", enum=["opponents", "desk", "api", None])]
    link_handed_out: NotRequired[Annotated[bool, Doc("admin only")]]
    edit_token: NotRequired[Annotated[str, Doc(
        "only in the answer that made the link (admin)")]]


class _Round(TypedDict):
    number: int
    started_at: Annotated[str | None, Doc("when the desk first started the clock",
                                          format="date-time")]
    ends_at: Annotated[str | None, Doc("when time is up, while the clock runs",
                                       format="date-time")]
    seconds_left: int
    clock: _Clock
    finished: bool
    waiting_for_bell: Annotated[bool, Doc(
        "the tables wait for the desk to start the clock: they save no hand until then "
        "(tables_start bell)")]
    byes: list[int]
    tables: list[_Table]


class _Standing(TypedDict):
    pair: int
    name: str
    rank: Annotated[int | None, Doc(
        "the place; pairs equal on every tie-break after play share it (each has the first "
        "place of the shared ones); null: not ranked")]
    place: Annotated[str, Doc(
        "the place as the standings print it: \"3\", \"3–4\" for a shared place, \"—\" for "
        "a pair not ranked")]
    difference: int
    wins: int
    played: Annotated[int, Doc("games finished so far")]
    disqualified: bool
    substituted: bool
    victory_points: Annotated[int, Doc(
        "on the tournament's scale; they rank it when standings_by is victory_points")]
    byes: Annotated[list[int], Doc(
        "the games the pair sat out (a bye): no difference, the tournament's "
        "bye_victory_points")]
    credits: Annotated[list[int | None], Doc("each game's credit, null if not played (yet)")]
    waiting: Annotated[list[int], Doc(
        "the games whose result is over but not counted yet: it waits for the other pair's "
        "confirmation (results_count confirmed)")]


class Tournament(TypedDict):
    id: str
    name: str
    language: Annotated[str, Doc(enum=list(service.LANGUAGES))]
    prizes: int
    standings_by: Annotated[str, Doc(enum=list(STANDINGS_BY))]
    victory_scale: list[list[int]]
    bye_victory_points: int
    ruleset: str
    rounds_planned: int
    minutes: int
    warn_minutes: int
    target: int | None
    hands_per_game: Annotated[int | None, Doc(
        "Hands (deals, smazzate) each game plays; null: each game is played to the target")]
    finished: bool
    seating_method: Annotated[str, Doc(enum=list(SEATING_METHODS))]
    tables_start: Annotated[str, Doc(enum=list(TABLES_START))]
    results_count: Annotated[str, Doc(
        "when a table's result counts: once saved, or once the other pair (or the desk) "
        "confirmed it", enum=list(RESULTS_COUNT))]
    seating: Annotated[str, Doc(
        "How the games are seated: seating_method, or circle when 002's rotation would repeat",
        enum=[ROTATION, CIRCLE, MITCHELL, SWISS])]
    seating_notes: list[str]
    pairs: list[_Pair]
    rounds: list[_Round]
    standings: list[_Standing]


answers(TableLink, TournamentCreated, RoundLinks, Tournament)


def _bearer() -> str | None:
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def tournament_or_404(tournament_id: str, *, full: bool = False) -> models.Tournament:
    tournament = service.find_tournament(tournament_id, full=full)
    if tournament is None:
        raise desk.TournamentNotFound(tournament_id)
    return tournament


def made_links(tables: Iterable[models.TournamentTable]) -> dict[int, str]:
    """The edit tokens made in this request, by table id (read before the commit)."""
    return {t.id: t.new_edit_token for t in tables if t.new_edit_token}


def link_row(table: models.TournamentTable) -> TableLink:
    """A table's edit link made in this request (``hand_out_links`` keeps only those)."""
    token = table.new_edit_token
    assert token is not None
    return {"table": table.number,
            "pairs": [table.pair_a.number, table.pair_b.number],
            "game_id": table.view_token, "edit_token": token,
            **game_urls(table.view_token, token)}


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat() + "Z"


def tournament_to_dict(tournament: models.Tournament, *, admin: bool,
                       new_links: Mapping[int, str] | None = None) -> Tournament:
    """The tournament as the API shows it: rounds with their tables, and the standings.

    ``new_links`` (table id to edit token) are the links this request made: those tables
    carry their ``edit_token`` and ``edit_url``, which no later answer repeats.
    """
    new_links = new_links or {}
    number_of = {p.id: p.number for p in tournament.pairs}
    rounds: list[_Round] = []
    for rnd in tournament.rounds:
        tables: list[_Table] = []
        for table in rnd.tables:
            view = service.table_view(tournament, table)
            links = game_urls(table.view_token, new_links.get(table.id) if admin else None)
            row: _Table = {
                "table": table.number,
                "pairs": [number_of[table.pair_a_id], number_of[table.pair_b_id]],
                "game_id": table.view_token,
                "totals": list(view.totals),
                "finished": view.finished,
                "abandoned_by": (None if table.abandoned_by is None
                                 else number_of[table.pairs[table.abandoned_by].id]),
                "credits": list(view.credits) if view.credits is not None else None,
                "paper_result": table.paper_totals is not None,
                "waiting_confirmation": view.waiting,
                "confirmed_by": (table.confirmed_by if is_confirmed(table)
                                 and to_confirm(table) else None),
                "view_url": links["view_url"],
                "edit_url": links["edit_url"],
                "sheet_url": links["sheet_url"],
            }
            if admin:
                row["link_handed_out"] = table.link_made_at is not None
                if table.id in new_links:
                    row["edit_token"] = new_links[table.id]
            tables.append(row)
        clock = clock_of(tournament, rnd)
        rounds.append({
            "number": rnd.number,
            "started_at": _iso(rnd.clock_started_at),
            "ends_at": _iso(clock.deadline),
            "seconds_left": clock.seconds_left,
            "clock": {"state": clock.state, "seconds_left": clock.seconds_left},
            "finished": rnd.finished_at is not None,
            "waiting_for_bell": waits_for_bell(tournament, rnd),
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
        "bye_victory_points": service.bye_points_of(tournament),
        "ruleset": tournament.ruleset_id,
        "rounds_planned": tournament.rounds_planned,
        "minutes": tournament.minutes,
        "warn_minutes": tournament.warn_minutes,
        "target": tournament.target,
        "hands_per_game": service.hands_per_game(tournament),
        "finished": tournament.finished_at is not None,
        "seating_method": tournament.seating_method,
        "tables_start": tournament.tables_start,
        "results_count": tournament.results_count,
        "seating": plan.method,
        "seating_notes": service.notes_of(tournament),
        "pairs": [
            {"number": p.number, "name": p.name, "players": list(p.players),
             "disqualified": p.disqualified_round is not None, "substituted": p.substituted,
             "checked_in": p.checked_in, "joined_round": p.joined_round}
            for p in tournament.pairs
        ],
        "rounds": rounds,
        "standings": [
            {"pair": s.number, "name": s.name, "rank": s.rank, "place": s.place,
             "difference": s.difference,
             "wins": s.wins, "played": s.played, "disqualified": s.disqualified,
             "substituted": s.substituted, "victory_points": s.victory_points,
             "byes": s.byes, "waiting": s.waiting,
             "credits": [s.credits.get(n) for n in range(1, tournament.rounds_planned + 1)]}
            for s in service.standings(tournament)
        ],
    }


@bp.post("/tournaments")
@operation("createTournament", "Create a pairs tournament (002) and seat its first round",
           body=ref("NewTournament"),
           responses={"201": ok("The tournament's id, admin token and round 1's table links "
                                "(all shown once)", ref("TournamentCreated"),
                                {"Location": header("Where the tournament is read")}),
                      **errors(*BODY_ERRORS, 503)})
@public("anyone may run a tournament")
def create_tournament() -> Response:
    """Create a tournament and seat round 1: 201 with its id and admin token (shown once)."""
    declared = service.NEW_TOURNAMENT
    body = declared.pick(json_body())
    ruleset = resolve_ruleset(body.pop("ruleset"))
    values = declared.field("values").take(body.pop("values")) or {}
    new = service.create_tournament(
        ruleset, values=values, name=body["name"], pairs=body["pairs"], rounds=body["rounds"],
        minutes=body["minutes"], warn_minutes=body["warn_minutes"], target=body["target"],
        language=body["language"], prizes=body["prizes"], standings_by=body["standings_by"],
        victory_scale=body["victory_scale"], bye_victory_points=body["bye_victory_points"],
        seating_method=body["seating_method"], tables_start=body["tables_start"],
        hands_per_game=body["hands_per_game"], results_count=body["results_count"])
    tables = [link_row(t)
              for t in service.hand_out_links(new.tournament.rounds[0].tables)]
    answer: TournamentCreated = {"id": new.tournament.id, "admin_token": new.admin_token,
                                 "tables": tables}
    response = make_response(jsonify(answer), 201)
    response.headers["Location"] = url_for("api.get_tournament",
                                           tournament_id=new.tournament.id)
    return response


@bp.get("/tournaments/<tournament_id>")
@operation("getTournament", "Rounds, tables and standings",
           description=("A table's edit token is never listed here: it is in the answer that "
                        "makes it (creating the tournament, closing a round, new links)."),
           security=[{}, *DESK_AUTH],
           responses={"200": ok("The tournament", TOURNAMENT_REF),
                      **errors(403, 404, 429, e403="Wrong admin token",
                               e404="No such tournament")})
@public("standings are public; the tables' links only with the admin token")
def get_tournament(tournament_id: str) -> Response:
    """Rounds, tables and standings; each table's edit token too with the admin token."""
    tournament = tournament_or_404(tournament_id)
    token = _bearer()
    if token is not None and not service.is_admin(tournament, token):
        note_token_failure()
        fail(403, _("That admin token does not open this tournament."))
    return jsonify(tournament_to_dict(tournament, admin=token is not None))


add_schemas({
    "NewTournament": service.NEW_TOURNAMENT.schema(),
})
