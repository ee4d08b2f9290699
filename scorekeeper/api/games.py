"""Games as JSON: create a game, read where it stands, count, read, fix and remove its hands.

Reading needs only the game's id (its read-only token). Changing it needs the edit token as
``Authorization: Bearer <edit_token>``: 401 without one, 403 with a wrong one.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from flask import Response, jsonify, make_response, request, url_for
from flask_babel import gettext as _
from sqlalchemy.exc import IntegrityError

from .. import ratelimit
from ..engine import EntryErrors, ShapeError, UnknownRuleSet
from ..extensions import db, read_only_transaction
from ..i18n import translate
from ..models import Game
from ..services import games as games_service
from ..services.scoring import resolve_ruleset
from . import bp
from .common import BadBody, error_response, fail, field_errors, json_body
from .openapi import add_paths, error, ok


def _game_or_404(game_id: str) -> Game:
    game = games_service.find_game(game_id)
    if game is None:
        fail(404, _("There is no game with that id."))
    return game


def _bearer() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def _require_edit(game: Game) -> None:
    _check_edit_token(game.edit_token_hash)
    if db.engine.dialect.name != "sqlite":
        # Writes to one game take turns (SELECT ... FOR UPDATE), as SQLite's BEGIN IMMEDIATE
        # makes them: stale-edit checks and hand numbers then see the latest commit.
        db.session.refresh(game, with_for_update=True)


def game_urls(view_token: str, edit_token: str | None) -> dict[str, str | None]:
    """The links of a game: read-only page, edit link (with the token) and printed sheet.

    These are the paths the games and sheets blueprints serve (``games.show``,
    ``games.join`` and ``sheets.game_sheet``).
    """
    root = request.host_url.rstrip("/")
    return {
        "view_url": f"{root}/games/{view_token}",
        "edit_url": f"{root}/games/{view_token}/join/{edit_token}" if edit_token else None,
        "sheet_url": f"{root}/sheets/games/{view_token}.pdf",
    }


def game_to_dict(game: Game, view_token: str, edit_token: str | None) -> dict[str, Any]:
    """Where a game stands, as the API shows it."""
    state = games_service.game_state(game)
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
        "totals": list(state.totals),
        "opening_minimums": list(state.opening_minimums),
        "next_dealer": state.next_dealer,
        "hands": [games_service.hand_to_dict(h) for h in game.hands],
        "finished": state.outcome.finished,
        "winner": state.outcome.winner,
        "drawn": state.outcome.drawn,
        **game_urls(view_token, edit_token),
    }


@bp.post("/games")
def create_game() -> Response:
    """Start a game; answers 201 with its id and edit token, 422 with field errors."""
    try:
        body = json_body()
        ruleset = resolve_ruleset(body.get("ruleset", "classic"))
        new = games_service.create_game(
            ruleset,
            players=body.get("players", 4),
            format_id=body.get("format"),
            target=body.get("target"),
            sides=body.get("sides") or [],
            first_dealer=body.get("first_dealer", 0),
            language=str(body.get("language", "en")),
        )
    except BadBody as exc:
        return error_response(400, exc.message)
    except (EntryErrors, UnknownRuleSet) as exc:
        return field_errors(exc)
    db.session.commit()
    data = {"id": new.view_token, "edit_token": new.edit_token,
            **game_urls(new.view_token, new.edit_token)}
    response = make_response(jsonify(data), 201)
    response.headers["Location"] = url_for("api.get_game", game_id=new.view_token)
    return response


@bp.get("/games/<game_id>")
def get_game(game_id: str) -> Response:
    """Where a game stands: totals, opening minimums, hands, winner and links."""
    game = _game_or_404(game_id)
    token = _bearer()
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


def _if_match() -> int | None:
    """The hand version an ``If-Match`` header names, if any (``"h3"`` or ``3``)."""
    raw = request.headers.get("If-Match", "").strip()
    if not raw or raw == "*":
        return None
    raw = raw.removeprefix("W/").strip('"').lstrip("h")
    try:
        return int(raw)
    except ValueError:
        return -1


def _hand_response(hand: Any, status: int = 200) -> Response:
    response = make_response(jsonify(games_service.hand_to_dict(hand)), status)
    response.headers["ETag"] = f'"h{hand.version}"'
    return response


def _check_edit_token(edit_token_hash: str) -> None:
    """401 without a bearer token, 403 (counted by the rate limit) with a wrong one."""
    ratelimit.guard_token_check()
    token = _bearer()
    if token is None:
        fail(401, _("Send the game's edit token as “Authorization: Bearer <token>”."))
    if not games_service.token_matches(token, edit_token_hash):
        ratelimit.note_token_failure()
        fail(403, _("That edit token does not open this game."))


@bp.post("/games/<game_id>/hands")
def add_hand(game_id: str) -> Response:
    """Count a hand and add it: 201; 422 for a hand that cannot be; 409 once the game is over.

    An ``Idempotency-Key`` header makes retries safe: the same key returns the first hand.
    """
    # First, without the write lock (on SQLite writers take turns from BEGIN IMMEDIATE to
    # COMMIT): find the game, check the token, read and count the hand. A game's rule set and
    # format never change, so the count still holds once the lock is taken.
    counted: tuple[dict[str, Any], Any] | None = None
    problem: Exception | None = None
    with read_only_transaction():
        head = games_service.find_head(game_id)
        if head is None:
            fail(404, _("There is no game with that id."))
        _check_edit_token(head.edit_token_hash)
        try:
            body = _hand_body()
            counted = games_service.count_with(head.ruleset, head.format_id, body)
        except (BadBody, ShapeError, EntryErrors) as exc:
            problem = exc  # answered below, unless this is a retry of a saved hand

    # Then the write: only what adding needs (hand numbers, totals and keys).
    game = games_service.find_game_light(game_id)
    if game is None:
        fail(404, _("There is no game with that id."))
    _require_edit(game)  # again: the edit link may have been replaced meanwhile
    key = (request.headers.get("Idempotency-Key") or "")[:64] or None  # as the column stores it
    earlier = games_service.find_by_request_key(game, key)
    if earlier is not None:
        return _hand_response(earlier, 201)
    try:
        if problem is not None:
            raise problem
        hand = games_service.add_hand(game, body, request_key=key, counted=counted)
        # What the answer shows, copied before the commit expires the loaded objects (reading
        # them after it would load the hand again, inside no lock but at a query's cost).
        saved = SimpleNamespace(number=hand.number, version=hand.version, entry=hand.entry,
                                totals=hand.totals, result=hand.result)
        db.session.commit()
    except IntegrityError:
        # Two saves raced (same Idempotency-Key or same hand number, e.g. on PostgreSQL):
        # the unique indexes let one through; answer with what it stored.
        db.session.rollback()
        earlier = games_service.find_by_request_key(_game_or_404(game_id), key)
        if earlier is not None:
            return _hand_response(earlier, 201)
        return error_response(409, _("Another hand was saved at the same moment: try again."))
    except BadBody as exc:
        return error_response(400, exc.message)
    except ShapeError as exc:
        return error_response(400, translate(str(exc)))
    except EntryErrors as exc:
        return field_errors(exc)
    except games_service.GameOver:
        return error_response(409, _("The game is over: no more hands can be counted."))
    response = _hand_response(saved, 201)
    response.headers["Location"] = url_for("api.get_hand", game_id=game_id, number=saved.number)
    return response


@bp.get("/games/<game_id>/hands/<int:number>")
def get_hand(game_id: str, number: int) -> Response:
    """One hand, with an ``ETag`` naming its version."""
    game = _game_or_404(game_id)
    try:
        hand = games_service.get_hand(game, number)
    except games_service.HandNotFound:
        fail(404, _("The game has no hand of that number."))
    return _hand_response(hand)


@bp.put("/games/<game_id>/hands/<int:number>")
def replace_hand(game_id: str, number: int) -> Response:
    """Replace a hand with a corrected entry; 412 when ``If-Match`` names an older version."""
    game = _game_or_404(game_id)
    _require_edit(game)
    try:
        hand = games_service.replace_hand(game, number, _hand_body(),
                                          expected_version=_if_match())
    except games_service.HandNotFound:
        fail(404, _("The game has no hand of that number."))
    except games_service.StaleWrite:
        return error_response(412, _("The hand was changed by someone else: read it again."))
    except BadBody as exc:
        return error_response(400, exc.message)
    except ShapeError as exc:
        return error_response(400, translate(str(exc)))
    except EntryErrors as exc:
        return field_errors(exc)
    db.session.commit()
    return _hand_response(hand)


@bp.delete("/games/<game_id>/hands/<int:number>")
def delete_hand(game_id: str, number: int) -> Response:
    """Remove a hand (the later ones move up); 204."""
    game = _game_or_404(game_id)
    _require_edit(game)
    try:
        games_service.delete_hand(game, number, expected_version=_if_match())
    except games_service.HandNotFound:
        fail(404, _("The game has no hand of that number."))
    except games_service.StaleWrite:
        return error_response(412, _("The hand was changed by someone else: read it again."))
    db.session.commit()
    return make_response("", 204)


_GAME_ID = {"name": "game_id", "in": "path", "required": True,
            "schema": {"type": "string", "maxLength": 100}}
_NUMBER = {"name": "number", "in": "path", "required": True,
           "schema": {"type": "integer", "minimum": 1}}
_HAND_BODY = {"required": True, "content": {"application/json": {
    "schema": {"$ref": "#/components/schemas/Hand"}}}}
_AUTH = [{"bearer": []}]

add_paths({
    "/games": {"post": {
        "summary": "Start a game", "operationId": "createGame",
        "requestBody": {"required": True, "content": {"application/json": {"schema": {
            "type": "object",
            "properties": {
                "ruleset": {"type": "string", "maxLength": 60},
                "players": {"type": "integer", "enum": [2, 3, 4, 6]},
                "format": {"type": "string", "maxLength": 20},
                "target": {"type": "integer", "minimum": 100, "maximum": 100000},
                "first_dealer": {"type": "integer", "minimum": 0, "maximum": 5},
                "language": {"type": "string", "enum": ["en", "es"]},
                "sides": {"type": "array", "maxItems": 3, "items": {
                    "type": "object", "properties": {
                        "name": {"type": "string", "maxLength": 60},
                        "players": {"type": "array", "maxItems": 3,
                                    "items": {"type": "string", "maxLength": 60}}}}},
            }}}}},
        "responses": {"201": ok("The game's id and edit token"),
                      "400": error("Not a JSON object"), "422": error("Field errors")},
    }},
    "/games/{game_id}": {"get": {
        "summary": "Where a game stands", "operationId": "getGame", "parameters": [_GAME_ID],
        "responses": {"200": ok("The game"), "404": error("No such game")},
    }},
    "/games/{game_id}/hands": {"post": {
        "summary": "Count a hand and add it", "operationId": "addHand",
        "parameters": [_GAME_ID, {"name": "Idempotency-Key", "in": "header",
                                  "schema": {"type": "string", "maxLength": 64}}],
        "security": _AUTH, "requestBody": _HAND_BODY,
        "responses": {"201": ok("The hand"), "400": error("Not a hand"),
                      "401": error("No edit token"), "403": error("Wrong edit token"),
                      "404": error("No such game"), "409": error("The game is over"),
                      "422": error("Field errors")},
    }},
    "/games/{game_id}/hands/{number}": {
        "get": {"summary": "One hand", "operationId": "getHand",
                "parameters": [_GAME_ID, _NUMBER],
                "responses": {"200": ok("The hand"), "404": error("No such hand")}},
        "put": {"summary": "Replace a hand", "operationId": "replaceHand",
                "parameters": [_GAME_ID, _NUMBER, {"name": "If-Match", "in": "header",
                                                   "schema": {"type": "string"}}],
                "security": _AUTH, "requestBody": _HAND_BODY,
                "responses": {"200": ok("The hand"), "400": error("Not a hand"),
                              "401": error("No edit token"), "403": error("Wrong edit token"),
                              "404": error("No such hand"), "412": error("Stale version"),
                              "422": error("Field errors")}},
        "delete": {"summary": "Remove a hand", "operationId": "deleteHand",
                   "parameters": [_GAME_ID, _NUMBER, {"name": "If-Match", "in": "header",
                                                      "schema": {"type": "string"}}],
                   "security": _AUTH,
                   "responses": {"204": {"description": "Removed"},
                                 "401": error("No edit token"), "403": error("Wrong edit token"),
                                 "404": error("No such hand"), "412": error("Stale version")}},
    },
})
