"""Games as JSON: create a game, read where it stands, count, read, fix and remove its hands.

Reading needs only the game's id (its read-only token). Changing it needs the edit token as
``Authorization: Bearer <edit_token>``: 401 without one, 403 with a wrong one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, NotRequired, TypedDict, TypeVar, cast

from flask import Response, g, jsonify, make_response, request, url_for

from .. import access, models, ratelimit
from ..access import guard, public
from ..engine.numbers import whole
from ..i18n import stored_line_label
from ..models import Hand
from ..network import public_root
from ..services import games as games_service
from ..services import record
from ..services import tournaments as tournaments_service
from ..services.scoring import resolve_ruleset
from ..services.tournaments import TABLE_ENDINGS, fill_values
from . import bp
from .common import (
    Change,
    OpeningCondition,
    bearer_token,
    change_to_dict,
    condition_json,
    json_body,
)
from .openapi import BODY_ERRORS, ETAG, errors, header, ok, operation, ref
from .scoring import SideResult
from .shapes import Doc, answers, extends

_AUTH: list[dict[str, list[str]]] = [{"gameEditToken": []}]
_KEY = {"name": "Idempotency-Key", "in": "header",
        "description": "Makes retries safe: the same key answers the first request's result.",
        "schema": {"type": "string", "maxLength": record.MAX_REQUEST_KEY}}
_IF_MATCH_GAME = {"name": "If-Match", "in": "header", "schema": {"type": "string"},
                  "description": "The game's ETag, e.g. \"g7\""}
_IF_MATCH_HAND = {"name": "If-Match", "in": "header", "schema": {"type": "string"},
                  "description": "The hand's ETag, e.g. \"h3\""}
#: The values torneo leaves to the organizer (the new tournament's body shows them too).
TORNEO_VALUES_SCHEMA = games_service.TORNEO_VALUES_SCHEMA
_LOCATION = {"Location": header("Where the new resource is read")}
_WRITE_ERRORS = (401, 403, 404, 409, 412, 422, 429, 503)
_WRITE_MEANINGS = {
    "e404": "No such game (or hand)",
    "e409": "The game is over, there is nothing to undo or redo, its tournament round is "
            "closed, its tournament waits for the bell and the desk has not started the "
            "game's clock (field clock), or the Idempotency-Key was used for another request",
    "e412": "The game (or hand) changed since the If-Match version; the answer lists the "
            "changes made meanwhile",
    "e422": "Field errors, or an Idempotency-Key that is too long",
}

_View = TypeVar("_View", bound=Callable[..., Any])


def _undo_operation(operation_id: str, summary: str) -> Callable[[_View], _View]:
    """The declaration of undo and redo: the game's version in ``If-Match``, the change made."""
    return operation(operation_id, summary, params=[_KEY, _IF_MATCH_GAME], security=_AUTH,
                     responses={"200": ok("The change made", ref("ChangeMade"), ETAG),
                                **errors(*_WRITE_ERRORS, **_WRITE_MEANINGS)})


def _game_or_404(game_id: str) -> models.Game:
    game = games_service.find_game(game_id)
    if game is None:
        raise record.GameNotFound(game_id)
    return game


# -- the answers' shapes (each view fills one in; the document's schemas are made of them) --


class GameLinks(TypedDict):
    view_url: str
    edit_url: Annotated[str | None, Doc("Only with the edit token (null otherwise).")]
    sheet_url: str


@extends(GameLinks)
class NewGame(GameLinks):
    id: str
    edit_token: str


# The entry as stored: ``engine.entry_to_dict``'s plain data.
class StoredEntry(TypedDict):
    end: NotRequired[str | None]
    format: NotRequired[str | None]
    players: NotRequired[str | None]
    total_only: NotRequired[Annotated[bool, Doc(
        "Typed as each side's hand_total (sides hold hand_total and going_out only)")]]
    sides: list[dict[str, Any]]


class StoredHand(TypedDict):
    """A counted hand of a game: the entry as stored, each side's lines."""

    number: Annotated[int, Doc(minimum=1)]
    version: int
    entry: StoredEntry
    totals: list[int]
    sides: list[SideResult]


class GameSide(TypedDict):
    name: str
    players: list[str]


@extends(GameLinks)
class Game(GameLinks):
    id: str
    ruleset: str
    players: Annotated[str, Doc("The format's id")]
    target: Annotated[int | None, Doc("The total that wins (not in force in a game of rounds)")]
    version: int
    sides: list[GameSide]
    starting_totals: Annotated[list[int] | None, Doc(
        "The totals carried from a paper sheet when the game was resumed (its first line; "
        "null for a game counted here from its first hand)")]
    totals: Annotated[list[int], Doc("Each side's total, carried totals included")]
    opening_minimums: list[int]
    opening_conditions: Annotated[list[OpeningCondition | None], Doc(
        "Per side, what its first meld must be beside the minimum (null: the points alone)")]
    to_target: Annotated[list[Annotated[int, Doc(minimum=0)]], Doc(
        "Per side, the target minus its total, never below 0 (all 0 in a game of rounds)")]
    rounds: Annotated[int | None, Doc(
        "How many rounds the game lasts (null: played to its target)")]
    round: Annotated[int | None, Doc(
        "The round about to be dealt, where the opening minimum goes by round (null: by "
        "score)")]
    next_dealer: str | None
    hands: list[StoredHand]
    finished: Annotated[bool, Doc(
        "Over: by its hands, or at its tournament's desk (see ended)")]
    winner: Annotated[int | None, Doc(
        "The winning side (an abandoned game: the other side)")]
    drawn: bool
    ended: Annotated[str | None, Doc(
        "How it ended (null while played): target (a side reached it, or a game of rounds "
        "played its last), time (a hand stopped by the clock or by a time-out, or closed by "
        "the tournament desk when time was up), closed (the tournament desk closed its round "
        "before time was up: it counts as it stood), abandoned (a pair abandoned it at the "
        "desk), paper (the desk typed its result from the paper sheet)",
        enum=[*TABLE_ENDINGS, None])]
    abandoned_by: Annotated[int | None, Doc(
        "The side that abandoned it at the tournament desk")]
    credits: Annotated[list[int] | None, Doc(
        "What it credits each pair in its tournament (the difference; an abandoned game: "
        "nothing to the pair that abandoned, the abandon points to the other); null outside "
        "a tournament or while played")]
    paper_totals: Annotated[list[int] | None, Doc(
        "The totals the desk typed from its paper sheet (ended: paper)")]
    accepts_hands: Annotated[bool, Doc(
        "Whether a hand can be counted now (false once it is over or its tournament round is "
        "closed)")]


class Changes(TypedDict):
    changes: list[Change]
    version: int


class ChangeMade(TypedDict):
    change: Change
    version: int
    hand: Annotated[StoredHand | None, Doc("The hand as it now stands (null when it is gone).")]


answers(GameLinks, NewGame, Game, StoredHand, Changes, ChangeMade)


def game_urls(view_token: str, edit_token: str | None) -> GameLinks:
    """The links of a game: read-only page, edit link (with the token) and printed sheet.

    These are the paths the games and sheets blueprints serve (``games.show``,
    ``games.join`` and ``sheets.game_sheet``).
    """
    root = public_root()
    return {
        "view_url": f"{root}/games/{view_token}",
        "edit_url": f"{root}/games/{view_token}/join/{edit_token}" if edit_token else None,
        "sheet_url": f"{root}/sheets/games/{view_token}.pdf",
    }


def hand_to_dict(hand: Hand | record.HandView) -> StoredHand:
    """A stored hand as the API shows it (labels in the request's language)."""
    kept = hand.kept if isinstance(hand, record.HandView) else record.kept_hand(hand)
    return {
        "number": hand.number,
        "version": hand.version,
        "entry": cast(StoredEntry, kept["entry"]),
        "totals": list(kept["totals"]),
        "sides": [
            {
                "total": side["total"],
                "lines": [
                    {"id": line["id"], "label": stored_line_label(line),
                     "points": line["points"]}
                    for line in side["lines"]
                ],
            }
            for side in kept["result"]
        ],
    }


def game_to_dict(game: models.Game, view_token: str, edit_token: str | None) -> Game:
    """Where a game stands, as the API shows it."""
    state = games_service.game_state(game)
    ending = tournaments_service.game_ending(game, state.outcome)
    return {
        "id": view_token,
        "ruleset": game.ruleset_id,
        "players": game.format_id,
        "target": game.target,
        "version": game.version,
        "sides": [
            {"name": side.name, "players": [p.name for p in side.players]}
            for side in game.sides
        ],
        "starting_totals": None if state.carried is None else list(state.carried),
        "totals": list(state.totals),
        "opening_minimums": list(state.opening_minimums),
        "opening_conditions": [condition_json(c) for c in state.opening_conditions],
        "to_target": list(state.standing.to_target),
        # A game of rounds (Hand and Foot): how many, and the round its opening minimums are
        # for (null when they go by score).
        "rounds": state.rounds,
        "round": state.round,
        "next_dealer": state.next_dealer,
        "hands": [hand_to_dict(h) for h in game.hands],
        "finished": ending.finished,
        "winner": ending.winner,
        "drawn": ending.drawn,
        "ended": ending.how,
        "abandoned_by": ending.abandoned_by,
        "credits": None if ending.credits is None else list(ending.credits),
        "paper_totals": None if ending.paper_totals is None else list(ending.paper_totals),
        "accepts_hands": ending.accepts_hands,
        **game_urls(view_token, edit_token),
    }


@bp.post("/games")
@operation("createGame", "Start a game", body=games_service.NEW_GAME.schema(),
           responses={"201": ok("The game's id, edit token and links", ref("NewGame"),
                                _LOCATION),
                      **errors(*BODY_ERRORS, 503)})
@public("anyone may start a game (its edit token comes back in the answer)")
def create_game() -> Response:
    """Start a game; answers 201 with its id and edit token, 422 with field errors."""
    declared = games_service.NEW_GAME
    body = declared.pick(json_body())
    # Values a rule set leaves to the organizer (torneo's premios...) are asked for as the
    # start form asks: a game without them could never count a closing hand.
    ruleset = fill_values(resolve_ruleset(body["ruleset"]),
                          declared.field("values").take(body["values"]) or {})
    new = games_service.create_game(
        ruleset,
        players=body["players"],  # type: ignore[arg-type]  # the rule set's lookup checks it
        format_id=body["format"],  # type: ignore[arg-type]
        target=body["target"],
        # Only null means "no sides": ``{}`` or ``""`` is a wrong type, refused as such.
        sides=[] if body["sides"] is None else body["sides"],
        first_dealer=body["first_dealer"],
        language=str(body["language"]),
        starting_totals=body["starting_totals"],
    )
    data: NewGame = {"id": new.view_token, "edit_token": new.edit_token,
                     **game_urls(new.view_token, new.edit_token)}
    response = make_response(jsonify(data), 201)
    response.headers["Location"] = url_for("api.get_game", game_id=new.view_token)
    return response


@bp.get("/games/<game_id>")
@operation(
    "getGame", "Where a game stands",
    description="With the edit token as bearer, the answer carries the edit link.",
    security=[{}, *_AUTH],
    responses={"200": ok("The game", ref("Game"), ETAG),
               **errors(404, 429, e404="No such game",
                        e429="Too many wrong tokens from this address (only when a wrong "
                             "bearer token is sent)")})
@public("a game reads with its public id; its edit link only with its edit token")
def get_game(game_id: str) -> Response:
    """Where a game stands: totals, opening minimums, hands, winner and links."""
    game = _game_or_404(game_id)
    token = bearer_token()
    edit = token if token and games_service.can_edit(game, token) else None
    if token and edit is None:
        ratelimit.note_token_failure()  # it would hand out the edit link: guesses count here too
    response = jsonify(game_to_dict(game, game_id, edit))
    response.headers["ETag"] = f'"g{game.version}"'
    return response


def _hand_body() -> dict[str, Any]:
    body = json_body()
    body.pop("ruleset", None)
    return body


def _if_match(prefix: str) -> int | None:
    """The version an ``If-Match`` header names, if any: ``"h3"`` names a hand's version,
    ``"g7"`` the game's (the ``ETag`` of ``GET`` on a hand or on the game); a bare number is
    taken as is. An unreadable one names no version there is (-1), so the write is refused."""
    raw = request.headers.get("If-Match", "").strip()
    if not raw or raw == "*":
        return None
    raw = raw.removeprefix("W/").strip('"')
    if raw[:1].isalpha():
        if raw[0] != prefix:
            return -1
        raw = raw[1:]
    version = whole(raw)
    return -1 if version is None else version


def _hand_response(hand: Any, status: int = 200) -> Response:
    response = make_response(jsonify(hand_to_dict(hand)), status)
    response.headers["ETag"] = f'"h{hand.version}"'
    return response


def _request_key() -> str | None:
    return request.headers.get("Idempotency-Key") or None


@bp.post("/games/<game_id>/hands")
@operation(
    "addHand", "Count a hand and add it",
    description="With `If-Match: \"g<version>\"` (the game's ETag), a game changed since is "
                "412 and the answer lists the changes made meanwhile. A game keeps at most "
                f"{games_service.MAX_HANDS} hands: one more is a 422 field error on `hands`.",
    params=[_KEY, _IF_MATCH_GAME], security=_AUTH, body=ref("Hand"),
    responses={"201": ok("The hand", ref("StoredHand"), {**ETAG, **_LOCATION}),
               **errors(*BODY_ERRORS, *_WRITE_ERRORS, **{
                   **_WRITE_MEANINGS,
                   "e422": (f"Field errors (`hands`: the game has {games_service.MAX_HANDS} "
                            "hands already), or an Idempotency-Key that is too long")})})
@guard(access.game_editor)
def add_hand(game_id: str) -> Response:
    """Count a hand and add it: 201; 422 for a hand that cannot be; 409 once the game is over;
    412 when ``If-Match`` names an older version of the game.

    An ``Idempotency-Key`` header makes retries safe: the same key returns the first hand.
    """
    done = record.add_hand(game_id, _hand_body(), by=g.by, request_key=_request_key(),
                           seen_version=_if_match("g"))
    return _hand_made(game_id, done)


def _hand_made(game_id: str, done: record.Written) -> Response:
    """201 with the hand a write added, and where it stands."""
    assert done.hand is not None
    response = _hand_response(done.hand, 201)
    response.headers["Location"] = url_for("api.get_hand", game_id=game_id,
                                           number=done.hand.number)
    return response


@bp.post("/games/<game_id>/time-up")
@operation(
    "endAtTime", "End the game at time, between hands",
    description="Time called between two hands (Burraco's time-out, VARIANTS-2.md 12.3: "
                "\"nessuna coppia avrà i 100 punti di bonus\"): an empty hand ended by time is "
                "added and the game ends on its totals, the highest winning, level totals "
                "drawing. A hand in progress when time is called is added instead with "
                "`end: time_up`. A rule set where time is never up (no clock, no time-out "
                "called) is a 422 field error on `end`; `POST …/undo` takes the hand back.",
    params=[_KEY, _IF_MATCH_GAME], security=_AUTH,
    responses={"201": ok("The hand ended by time", ref("StoredHand"), {**ETAG, **_LOCATION}),
               **errors(*_WRITE_ERRORS, **{
                   **_WRITE_MEANINGS,
                   "e422": "Field errors (`end`: time is never up under this rule set)"})})
@guard(access.game_editor)
def end_at_time(game_id: str) -> Response:
    """End the game at time: 201 with the empty hand ended by time; 422 on ``end`` under a
    rule set where time is never up; 409 once the game is over."""
    done = record.end_at_time(game_id, by=g.by, request_key=_request_key(),
                              seen_version=_if_match("g"))
    return _hand_made(game_id, done)


@bp.get("/games/<game_id>/hands/<int:number>")
@operation("getHand", "One hand",
           responses={"200": ok("The hand", ref("StoredHand"), ETAG),
                      **errors(404, e404="No such game or hand")})
@public("a game reads with its public id")
def get_hand(game_id: str, number: int) -> Response:
    """One hand, with an ``ETag`` naming its version."""
    game = _game_or_404(game_id)
    hand = games_service.get_hand(game, number)
    return _hand_response(hand)


@bp.put("/games/<game_id>/hands/<int:number>")
@operation("replaceHand", "Replace a hand", params=[_KEY, _IF_MATCH_HAND], security=_AUTH,
           body=ref("Hand"),
           responses={"200": ok("The hand", ref("StoredHand"), ETAG),
                      **errors(*BODY_ERRORS, *_WRITE_ERRORS, **_WRITE_MEANINGS)})
@guard(access.game_editor)
def replace_hand(game_id: str, number: int) -> Response:
    """Replace a hand with a corrected entry; 412 when ``If-Match`` names an older version."""
    done = record.fix_hand(game_id, number, _hand_body(), by=g.by,
                           expected_version=_if_match("h"), request_key=_request_key())
    return _hand_response(done.hand)


@bp.delete("/games/<game_id>/hands/<int:number>")
@operation("deleteHand", "Remove a hand", params=[_KEY, _IF_MATCH_HAND], security=_AUTH,
           responses={"204": {"description": "Removed"},
                      **errors(*_WRITE_ERRORS, **_WRITE_MEANINGS)})
@guard(access.game_editor)
def delete_hand(game_id: str, number: int) -> Response:
    """Remove a hand (the later ones move up); 204. ``POST …/undo`` puts it back."""
    record.delete_hand(game_id, number, by=g.by, expected_version=_if_match("h"),
                       request_key=_request_key())
    return make_response("", 204)


def _undo_answer(done: record.Written) -> Response:
    body: ChangeMade = {"change": change_to_dict(done.change), "version": done.version,
                        "hand": None if done.hand is None else hand_to_dict(done.hand)}
    response = jsonify(body)
    response.headers["ETag"] = f'"g{done.version}"'
    return response


@bp.post("/games/<game_id>/undo")
@_undo_operation("undo", "Undo the latest add, fix or delete")
@guard(access.game_editor)
def undo(game_id: str) -> Response:
    """Take back the latest add, fix or delete: 200 with the change made; 409 when there is
    nothing to undo; 412 when ``If-Match`` names an older version of the game."""
    return _undo_answer(record.undo(game_id, by=g.by, seen_version=_if_match("g"),
                                    request_key=_request_key()))


@bp.post("/games/<game_id>/redo")
@_undo_operation("redo", "Redo the change the last undo took back")
@guard(access.game_editor)
def redo(game_id: str) -> Response:
    """Apply again the change the last undo took back: 200; 409 when there is nothing to redo."""
    return _undo_answer(record.redo(game_id, by=g.by, seen_version=_if_match("g"),
                                    request_key=_request_key()))


@bp.get("/games/<game_id>/changes")
@operation("getChanges", "The change log of a game, oldest first",
           responses={"200": ok("The changes", ref("Changes"), ETAG),
                      **errors(404, e404="No such game")})
@public("a game's change log reads with its public id")
def changes(game_id: str) -> Response:
    """Every change of the game, oldest first (readable with the game's public id)."""
    game = _game_or_404(game_id)
    answer: Changes = {"changes": [change_to_dict(c) for c in record.changes_of(game)],
                       "version": game.version}
    response = jsonify(answer)
    response.headers["ETag"] = f'"g{game.version}"'
    return response
