"""A club's season as JSON (``services.season``, ``services.season_standings``): create a
series, add and remove its nights, change its settings, read its standings and a pair's or a
player's history.

Reading needs only the series' id (its public handle, as a tournament's). Changes need the
series' desk token as ``Authorization: Bearer <token>`` (401 without one, 403 with a wrong
one); adding a night needs, in the body, that night's own admin token too: the proof that the
night is the caller's to add.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Annotated, Any, NotRequired, TypedDict, TypeVar

from flask import Response, jsonify, make_response, request, url_for

from .. import access
from ..access import guard, public
from ..engine.ranking import STANDINGS_BY
from ..i18n import gettext as _
from ..models.series import Series as SeriesRowModel
from ..network import public_url
from ..ratelimit import note_token_failure
from ..services import season
from ..services import season_standings as reader
from . import bp
from .common import fail, found, json_body
from .openapi import BODY_ERRORS, add_schemas, errors, header, ok, operation, ref
from .shapes import Doc, answers, extends

_AUTH: list[dict[str, list[str]]] = [{"seriesAdminToken": []}]
_View = TypeVar("_View", bound=Callable[..., Any])
_KEY_NOTE = {"key": "A pair's or a player's key, as the standings list it (a digest of the "
                    "normalised names)."}


class SeriesNight(TypedDict):
    number: Annotated[int, Doc("from 1, in the order the nights were played")]
    tournament: str
    name: str
    played_on: Annotated[str, Doc("when the night's tournament was made", format="date-time")]
    standings_by: Annotated[str, Doc(enum=list(STANDINGS_BY))]
    standings_url: str


class NightScore(TypedDict):
    night: int
    pair: Annotated[int, Doc("the pair's number on that night")]
    place: Annotated[str, Doc("its place that night (\"3\", \"3–4\", \"—\" not ranked)")]
    score: Annotated[int, Doc("what the series ranks by, from that night")]
    difference: int
    victory_points: int
    counts: Annotated[bool, Doc("the night counts towards the total (best N of M)")]


class PlayerLink(TypedDict):
    name: str
    key: str
    history_url: str


class SeriesStanding(TypedDict):
    key: Annotated[str, Doc(
        "who the pair is across nights: a digest of its two players' names, white space "
        "collapsed, case folded, in either order")]
    name: Annotated[str, Doc("the pair's name as last used")]
    players: list[str]
    rank: int
    place: Annotated[str, Doc("\"3\", or \"3–4\" for a shared place")]
    played: Annotated[int, Doc("nights played")]
    total: Annotated[int, Doc("the counted nights' scores summed")]
    nights: Annotated[list[NightScore | None], Doc(
        "one per night of the series, in order; null: the pair was absent")]
    history_url: str
    player_histories: Annotated[list[PlayerLink], Doc(
        "each of its players, in the order of players: their key and history")]


class Series(TypedDict):
    id: str
    name: str
    ranks_by: Annotated[str, Doc("what ranks it (its setting, else its nights')",
                                 enum=list(STANDINGS_BY))]
    ranks_by_setting: Annotated[str | None, Doc(
        "the setting; null: as its nights rank", enum=[*STANDINGS_BY, None])]
    best_of: Annotated[int | None, Doc("a pair's best this many nights count; null: all")]
    version: int
    standings_url: str
    csv_url: str
    nights: list[SeriesNight]
    standings: list[SeriesStanding]


@extends(Series)
class SeriesCreated(Series):
    admin_token: Annotated[str, Doc("the series' desk token (shown once)")]
    desk_url: Annotated[str, Doc("the series' desk page, opening it on any browser (once)")]


class Meeting(TypedDict):
    night: int
    game: int
    table: int
    opponent: str
    opponent_key: str
    totals: Annotated[list[int], Doc("the pair's, then its opponent's")]
    credit: Annotated[int | None, Doc("null: not finished")]
    victory_points: int | None
    outcome: Annotated[str, Doc(enum=["won", "lost", "drawn", "playing"])]


class PairNight(TypedDict):
    night: int
    tournament: str
    name: Annotated[str, Doc("the pair's name that night")]
    pair: int
    place: str
    score: int
    difference: int
    victory_points: int
    counts: bool
    status: Annotated[str, Doc(enum=["", "disqualified", "substituted"])]
    games: list[Meeting]
    byes: list[int]


class HeadToHead(TypedDict):
    opponent_key: str
    opponent: str
    won: int
    lost: int
    drawn: int
    difference: Annotated[int, Doc("the credits of their games summed, from this pair's side")]
    games: list[Meeting]


class _Opponent(TypedDict):
    key: str
    name: str


class PairHistory(TypedDict):
    key: str
    name: str
    players: list[str]
    place: str
    total: int
    played: int
    nights: list[PairNight]
    opponents: Annotated[list[_Opponent], Doc(
        "every pair it met: {key, name}; ?against=<key> gives their head-to-head")]
    head_to_head: NotRequired[HeadToHead]


class PlayerNight(TypedDict):
    night: int
    tournament: str
    pair_key: str
    pair: str
    partner: str
    place: str
    difference: int
    victory_points: int


class PlayerHistory(TypedDict):
    key: str
    name: Annotated[str, Doc("the player's name as last typed")]
    difference: int
    victory_points: int
    nights: list[PlayerNight]


answers(Series, SeriesCreated, PairHistory, PlayerHistory)


def _series_or_404(series_id: str) -> SeriesRowModel:
    return found(season.find_series(series_id), _("There is no series with that id."))


def _history_operation(operation_id: str, summary: str, answer: str, schema: str, *, e404: str,
                       params: Iterable[dict[str, Any]] = ()) -> Callable[[_View], _View]:
    """The declaration of a key's history across the series' nights, public as the standings
    are: ``answer`` as ``schema``, 404 for no such series or key."""
    declare = operation(operation_id, summary, params=params, path_notes=_KEY_NOTE,
                        responses={"200": ok(answer, ref(schema)), **errors(404, e404=e404)})
    open_to_all = public("a series' histories are public, as its standings")
    return lambda view: open_to_all(declare(view))


def _meeting(m: reader.Meeting) -> Meeting:
    return {"night": m.night, "game": m.game, "table": m.table, "opponent": m.opponent,
            "opponent_key": m.opponent_key, "totals": list(m.totals), "credit": m.credit,
            "victory_points": m.victory_points, "outcome": m.outcome}


def series_to_dict(series: SeriesRowModel) -> Series:
    """The series as the API shows it: its settings, nights and standings."""
    read = reader.read_season(series)
    return {
        "id": series.id, "name": series.name, "ranks_by": read.ranks_by,
        "ranks_by_setting": series.ranks_by, "best_of": series.best_of,
        "version": series.version,
        "standings_url": public_url("series.standings", series_id=series.id),
        "csv_url": public_url("series.standings_csv", series_id=series.id),
        "nights": [{"number": n.number, "tournament": n.tournament_id, "name": n.name,
                    "played_on": n.created_at.isoformat() + "Z",
                    "standings_by": n.standings_by,
                    "standings_url": public_url("tournaments.standings_page",
                                                tournament_id=n.tournament_id)}
                   for n in read.nights],
        "standings": [{
            "key": row.key, "name": row.name, "players": list(row.players), "rank": row.rank,
            "place": row.place, "played": row.played, "total": row.total,
            "nights": [None if (r := row.results.get(n.number)) is None else {
                "night": n.number, "pair": r.number, "place": r.place, "score": r.score,
                "difference": r.difference, "victory_points": r.victory_points,
                "counts": r.counts} for n in read.nights],
            "history_url": public_url("series.pair", series_id=series.id, key=row.key),
            "player_histories": [
                {"name": name, "key": key,
                 "history_url": public_url("series.player", series_id=series.id, key=key)}
                for name, key in row.player_keys],
        } for row in read.rows],
    }


@bp.post("/series")
@operation("createSeries", "Create a series of tournament nights (a club's season)",
           body=ref("NewSeries"),
           responses={"201": ok("The series, with its desk token and link (shown once)",
                                ref("SeriesCreated"),
                                {"Location": header("Where the series is read")}),
                      **errors(*BODY_ERRORS, 503)})
@public("anyone may group their nights in a series")
def create_series() -> Response:
    """Create a series: 201 with its desk token (shown once)."""
    new = season.create_series(season.NEW_SERIES.pick(json_body()))
    answer: SeriesCreated = {
        **series_to_dict(new.series), "admin_token": new.admin_token,
        "desk_url": public_url("series.desk", series_id=new.series.id,
                               token=new.admin_token)}
    response = make_response(jsonify(answer), 201)
    response.headers["Location"] = url_for("api.get_series", series_id=new.series.id)
    return response


@bp.get("/series/<series_id>")
@operation("getSeries", "A series' nights and standings",
           responses={"200": ok("The series", ref("Series")),
                      **errors(404, e404="No such series")})
@public("a series' standings are public")
def get_series(series_id: str) -> Response:
    """The series' settings, nights and standings (public, as its standings page)."""
    return jsonify(series_to_dict(_series_or_404(series_id)))


@bp.patch("/series/<series_id>")
@operation("changeSeries", "Change a series' name, ranking or best N of M",
           body=ref("SeriesSettings"), security=_AUTH,
           responses={"200": ok("The series", ref("Series")),
                      **errors(401, 403, 404, 429, 503, *BODY_ERRORS, e404="No such series")})
@guard(access.series_desk)
def change_series(series_id: str) -> Response:
    """Change the settings the body holds (each left out keeps its value)."""
    body = json_body()
    # A null name is "unchanged", as the document says; every other key given is read.
    data = {f.name: body[f.name] for f in season.SETTINGS.fields
            if f.name in body and not (f.name == "name" and body[f.name] is None)}
    return jsonify(series_to_dict(season.update_settings(series_id, data)))


@bp.post("/series/<series_id>/nights")
@operation("addSeriesNight", "Add a tournament night to the series",
           description=("Needs the series' desk token (bearer) and, in the body, the night's "
                        "own admin token. A night ranked otherwise than the series' nights "
                        "(difference or victory points) is refused (422 on tournament)."),
           body=ref("NewSeriesNight"), security=_AUTH,
           responses={"201": ok("The series with the night", ref("Series")),
                      **errors(401, 403, 404, 429, 503, *BODY_ERRORS,
                               e403="A wrong series token, or a night's admin token that "
                                    "does not open that tournament",
                               e404="No such series",
                               e422="Field errors: no such tournament, already in the "
                                    "series, or ranked otherwise than its nights")})
@guard(access.series_desk)
def add_night(series_id: str) -> Response:
    """Add a night: 201 with the series."""
    body = season.NIGHT.pick(json_body())
    tournament, token = body["tournament"], body["admin_token"]
    # A mistyped id is told apart from a wrong token: the id is public, the token is not.
    opens = season.opens_night(tournament, token)
    if opens is None or not isinstance(tournament, str):
        fail(422, _("There is no tournament with that id."), "tournament")
    if not opens:
        note_token_failure()
        fail(403, _("That admin token does not open this tournament."), "admin_token")
    response = jsonify(series_to_dict(season.add_night(series_id, tournament)))
    response.status_code = 201
    return response


@bp.delete("/series/<series_id>/nights/<tournament_id>")
@operation("removeSeriesNight", "Take a night out of the series (the tournament stays)",
           security=_AUTH,
           path_notes={"tournament_id": "The night's tournament id."},
           responses={"200": ok("The series without the night", ref("Series")),
                      **errors(401, 403, 404, 429, 503,
                               e404="No such series, or no such night in it")})
@guard(access.series_desk)
def remove_night(series_id: str, tournament_id: str) -> Response:
    """Take the night out of the series."""
    try:
        series = season.remove_night(series_id, tournament_id)
    except season.NightNotFound:
        fail(404, _("That tournament is not a night of this series."), "tournament")
    return jsonify(series_to_dict(series))


def _head_to_head(head: reader.HeadToHead) -> HeadToHead:
    return {"opponent_key": head.opponent_key, "opponent": head.opponent, "won": head.won,
            "lost": head.lost, "drawn": head.drawn, "difference": head.difference,
            "games": [_meeting(m) for m in head.meetings]}


@bp.get("/series/<series_id>/pairs/<key>")
@_history_operation("getSeriesPair", "A pair's history across the series' nights",
                    "Each night: place, score, games and opponents", "PairHistory",
                    e404="No such series, or no such pair in it",
                    params=[{"name": "against", "in": "query", "required": False,
                             "description": "Another pair's key: their head-to-head",
                             "schema": {"type": "string"}}])
def get_pair(series_id: str, key: str) -> Response:
    """A pair's nights (place, score, games) and its head-to-head with ``?against=``."""
    read = reader.read_season(_series_or_404(series_id))
    history = found(reader.pair_history(read, key, request.args.get("against")),
                    _("No pair of that key played a night of this series."))
    row = history.row
    answer: PairHistory = {
        "key": row.key, "name": row.name, "players": list(row.players), "place": row.place,
        "total": row.total, "played": row.played,
        "nights": [{"night": r.night.number, "tournament": r.night.tournament_id,
                    "name": r.name, "pair": r.number, "place": r.place, "score": r.score,
                    "difference": r.difference, "victory_points": r.victory_points,
                    "counts": r.counts,
                    "status": ("substituted" if r.substituted else
                               "disqualified" if r.disqualified else ""),
                    "games": [_meeting(m) for m in r.meetings], "byes": list(r.byes)}
                   for r in history.nights],
        "opponents": [{"key": k, "name": n} for k, n in history.opponents.items()],
    }
    if history.head_to_head is not None:
        answer["head_to_head"] = _head_to_head(history.head_to_head)
    return jsonify(answer)


@bp.get("/series/<series_id>/players/<key>")
@_history_operation("getSeriesPlayer", "A player's history across the series' nights",
                    "Each night the player played: pair, partner, place", "PlayerHistory",
                    e404="No such series, or no such player in it")
def get_player(series_id: str, key: str) -> Response:
    """A player's nights, whoever they played with."""
    read = reader.read_season(_series_or_404(series_id))
    history = found(reader.player_history(read, key),
                    _("No player of that key played a night of this series."))
    answer: PlayerHistory = {
        "key": history.key, "name": history.name, "difference": history.difference,
        "victory_points": history.victory_points,
        "nights": [{"night": n.result.night.number, "tournament": n.result.night.tournament_id,
                    "pair_key": n.pair_key, "pair": n.result.name, "partner": n.partner,
                    "place": n.result.place, "difference": n.result.difference,
                    "victory_points": n.result.victory_points} for n in history.nights]}
    return jsonify(answer)


add_schemas({
    "NewSeries": season.NEW_SERIES.schema(),
    "SeriesSettings": season.SETTINGS.schema(),
    "NewSeriesNight": season.NIGHT.schema(),
})
