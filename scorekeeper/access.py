"""Who may do what: one guard per resource, declared on the route, for pages and API alike.

A route says who may use it with :func:`guard` (``@guard(access.tournament_desk)``) or says it
is open to anyone with :func:`public`; ``tests/security/test_every_write_guarded.py`` walks
``app.url_map`` and fails for a route that says neither, and tries every other resource's
credential on each guarded one.

A guard runs before the view, on one small query of the resource's own row, so a request
without the right never reads the rest nor queues for a write lock. Each resource's
credential comes in by its front door: a page's in the session (the tokens this browser keeps,
:func:`session_token`), an API request's as ``Authorization: Bearer <token>``. A refusal is
raised as :class:`Refused`, and each front door answers it its own way: the pages with the
Not Found page, or the resource's own 403 page (:func:`page_refusal`), or the plain 403 one;
the API with its JSON error (``api.errors``), 401 without a token, 403 with one that opens
nothing (counted by the rate limit), 404 for no such resource.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from functools import wraps
from typing import Any, TypeVar, cast

from flask import Response, g, request, session
from werkzeug.exceptions import HTTPException

from .engine.errors import N_
from .ratelimit import note_token_failure

#: The session's maps of remembered tokens, by resource id.
EDIT_TOKENS = "edit_tokens"
DESK_TOKENS = "tournament_tokens"
SERIES_TOKENS = "series_tokens"
#: The session's list of the table cards this browser opened (``/t/<token>``).
CARD_TOKENS = "table_cards"
#: The games this browser joined by another phone's edit link (its changes are logged so).
JOINED = "joined"

#: The front doors: the HTML pages and the JSON API (its blueprint's name).
PAGES, API = "pages", "api"

V = TypeVar("V", bound=Callable[..., Any])


class Refused(HTTPException):
    """A guard's refusal: ``code`` 401 (no credential), 403 (one that opens nothing) or 404
    (no such resource). An HTTP error, so that a view counting failed tokens
    (``ratelimit.limit_token_failures``) counts it; each front door answers it."""

    code = None  # set per refusal: the front doors' handlers are found by class

    def __init__(self, guard: Guard, code: int, resource_id: str) -> None:
        super().__init__()
        self.code = code
        self.guard = guard
        self.resource_id = resource_id


#: A guard's check: the front door and the resource's id; who the request is (``g.by``, or
#: ``None`` when the resource keeps no such record), or :class:`Refused`.
Check = Callable[["Guard", str, str], str | None]


@dataclass(frozen=True, eq=False)
class Guard:
    """Who may use one kind of resource, found by the view argument ``arg``."""

    name: str
    arg: str
    check: Check
    #: The API's words for a request without a token, and for one that opens nothing.
    api_missing: str = ""
    api_wrong: str = ""

    def refuse(self, code: int, resource_id: str) -> Refused:
        return Refused(self, code, resource_id)

    def admit(self, door: str, view_args: dict[str, Any]) -> str | None:
        return self.check(self, door, str(view_args.get(self.arg, "")))

    def __repr__(self) -> str:
        return f"<guard {self.name}>"


@dataclass(frozen=True)
class Declared:
    """What a route declared: its guard (``None``: open to anyone) and, when the guard holds
    for some methods only (a page that shows to anyone and takes changes from its owner),
    those methods."""

    guard: Guard | None
    methods: frozenset[str] | None = None
    why: str = ""

    def guards(self, method: str) -> Guard | None:
        if self.guard is None or (self.methods is not None and method not in self.methods):
            return None
        return self.guard


ACCESS_ATTR = "__access__"


def guard(resource: Guard, *, methods: Collection[str] | None = None) -> Callable[[V], V]:
    """Let the view run only for whom ``resource`` admits (for ``methods`` only, if given;
    the route's other methods are open to anyone). Sets ``g.by`` when the guard says who."""
    only = frozenset(m.upper() for m in methods) if methods is not None else None

    def decorate(view: V) -> V:
        @wraps(view)
        def guarded(*args: Any, **kwargs: Any) -> Any:
            if only is None or request.method in only or (
                    request.method == "HEAD" and "GET" in only):
                by = resource.admit(front_door(), kwargs)
                if by is not None:
                    g.by = by
            return view(*args, **kwargs)

        setattr(guarded, ACCESS_ATTR, Declared(resource, only))
        return cast(V, guarded)

    return decorate


def public(why: str) -> Callable[[V], V]:
    """Declare a view open to anyone, with why (a view that shows more to whom holds a
    token, without refusing anyone, is public too)."""

    def decorate(view: V) -> V:
        setattr(view, ACCESS_ATTR, Declared(None, why=why))
        return view

    return decorate


def declared(view: Callable[..., Any]) -> Declared | None:
    """What the view declared (``None``: nothing, which the route-walking test refuses)."""
    found = getattr(view, ACCESS_ATTR, None)
    return found if isinstance(found, Declared) else None


def front_door() -> str:
    return API if request.blueprint == "api" else PAGES


# -- credentials ---------------------------------------------------------------------------------


def session_token(key: str, resource_id: str) -> str | None:
    """The token this browser keeps for ``resource_id`` in the session's ``key`` map."""
    tokens = session.get(key)
    token = tokens.get(resource_id) if isinstance(tokens, dict) else None
    return token if isinstance(token, str) else None


def held_cards() -> list[str]:
    """The tokens of the table cards this browser opened."""
    held = session.get(CARD_TOKENS)
    return [t for t in held if isinstance(t, str)] if isinstance(held, list) else []


def bearer_token() -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header, if the request has one."""
    scheme, _sep, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def _bearer_or_401(resource: Guard, resource_id: str) -> str:
    token = bearer_token()
    if token is None:
        raise resource.refuse(401, resource_id)
    return token


def _wrong(resource: Guard, resource_id: str) -> Refused:
    """A token that opens nothing: counted against the client (429 past its allowance)."""
    note_token_failure()
    return resource.refuse(403, resource_id)


# -- the guards ----------------------------------------------------------------------------------


def game_editor_by(game_id: str, head: Any) -> str | None:
    """Who this browser changes the game as (``None``: it may only read it): the phone that
    started it, another scorekeeper who came by the edit link, the tournament's desk (it
    corrects its tables' games, also once their round is closed), or the table's card
    (opened at ``/t/<token>``: it keeps the score of every game played at its table)."""
    from .services import games as games_service
    from .services import record

    if games_service.token_matches(session_token(EDIT_TOKENS, game_id), head.edit_token_hash):
        joined = session.get(JOINED)
        return (record.BY_EDITOR if isinstance(joined, list) and game_id in joined
                else record.BY_SCOREKEEPER)
    if head.in_tournament and _desk_holds_game(head.id):
        return record.BY_DESK
    if head.in_tournament and _card_holds_game(head.id):
        return record.BY_EDITOR
    return None


def _desk_holds_game(game_pk: int) -> bool:
    from .services import games as games_service
    from .services import record

    tokens = session.get(DESK_TOKENS)
    if not isinstance(tokens, dict) or not tokens:
        return False
    desk_hash = record.desk_token_hash(game_pk)
    return desk_hash is not None and any(
        isinstance(token, str) and games_service.token_matches(token, desk_hash)
        for token in tokens.values())


def _card_holds_game(game_pk: int) -> bool:
    from .services.table_cards import card_for_game

    held = held_cards()
    return bool(held) and card_for_game(game_pk, held) is not None


def _game_editor(resource: Guard, door: str, game_id: str) -> str | None:
    from .services import games as games_service
    from .services import record

    head = games_service.find_head(game_id)
    if head is None:
        raise resource.refuse(404, game_id)
    # The row just read, for the view: the live count needs no other read of an unchanged game.
    g.game_head = head
    if door == PAGES:
        by = game_editor_by(game_id, head)
        if by is None:
            raise resource.refuse(403, game_id)
        return by
    token = _bearer_or_401(resource, game_id)
    if games_service.token_matches(token, head.edit_token_hash):
        return record.BY_API
    desk_hash = record.desk_token_hash(head.id)
    if desk_hash and games_service.token_matches(token, desk_hash):
        return record.BY_DESK
    raise _wrong(resource, game_id)


def _tournament_desk(resource: Guard, door: str, tournament_id: str) -> None:
    from .services import desk
    from .services.games import token_matches

    head = desk.find_head(tournament_id)
    if head is None:
        raise resource.refuse(404, tournament_id)
    if door == PAGES:
        if not token_matches(session_token(DESK_TOKENS, tournament_id), head.admin_token_hash):
            raise resource.refuse(403, tournament_id)
        return None
    if not token_matches(_bearer_or_401(resource, tournament_id), head.admin_token_hash):
        raise _wrong(resource, tournament_id)
    return None


def _series_desk(resource: Guard, door: str, series_id: str) -> None:
    from .services import season
    from .services.games import token_matches

    stored = season.find_head(series_id)
    if stored is None:
        raise resource.refuse(404, series_id)
    if door == PAGES:
        if not token_matches(session_token(SERIES_TOKENS, series_id), stored):
            raise resource.refuse(403, series_id)
        return None
    if not token_matches(_bearer_or_401(resource, series_id), stored):
        raise _wrong(resource, series_id)
    return None


def _house_rules_owner(resource: Guard, door: str, house_id: str) -> None:
    from . import browser
    from .services import house_rules

    if door == PAGES:
        house = house_rules.get(house_id)
        if house is None:
            raise resource.refuse(404, house_id)
        if browser.owner_token(house) is None:
            raise resource.refuse(403, house_id)
        return None
    # Without a token: 401 whether or not the id exists, as for any request without one.
    token = _bearer_or_401(resource, house_id)
    house = house_rules.get(house_id)
    if house is None:
        raise resource.refuse(404, house_id)
    if not house_rules.can_edit(house, token):
        raise _wrong(resource, house_id)
    return None


def _table_link(resource: Guard, door: str, token: str) -> None:
    """The other pair's link (``/c/<token>``): the token in the path is the credential; one
    that opens no card that asks for confirmation is refused as every wrong token is."""
    from .services import confirmations
    from .services.errors import ConfirmationNotAsked, ConfirmLinkNotFound

    try:
        confirmations.open_link(token, [])
    except (ConfirmLinkNotFound, ConfirmationNotAsked):
        raise resource.refuse(403, token) from None
    return None


# The API's words, translated when said (``api.errors``).
game_editor = Guard(
    "game editor", "game_id", _game_editor,
    N_("Send the game's edit token as “Authorization: Bearer <token>”."),
    N_("That edit token does not open this game."))
tournament_desk = Guard(
    "tournament desk", "tournament_id", _tournament_desk,
    N_("Send the tournament's admin token as “Authorization: Bearer <token>”."),
    N_("That admin token does not open this tournament."))
series_desk = Guard(
    "series desk", "series_id", _series_desk,
    N_("Send the series' desk token as “Authorization: Bearer <token>”."),
    N_("That token does not open this series."))
house_rules_owner = Guard(
    "house rules owner", "ruleset_id", _house_rules_owner,
    N_("Send the house rules' edit token as “Authorization: Bearer <token>”."),
    N_("That edit token does not open these house rules."))
#: The API names house rules ``house_id``; the pages ``ruleset_id``.
house_rules_owner_api = Guard("house rules owner", "house_id", _house_rules_owner,
                              house_rules_owner.api_missing, house_rules_owner.api_wrong)
#: The other pair's link: the token in its path opens it (pages only).
table_link = Guard("table link", "token", _table_link)

GUARDS = (game_editor, tournament_desk, series_desk, house_rules_owner, house_rules_owner_api,
          table_link)


# -- the pages' answer to a refusal (the API's is in ``api.errors``) ----------------------------

_PAGE_REFUSALS: dict[str, Callable[[str], Response]] = {}  # by guard name


PageAnswer = TypeVar("PageAnswer", bound=Callable[..., Response])


def page_refusal(resource: Guard) -> Callable[[PageAnswer], PageAnswer]:
    """Register the page a resource refuses with (its 403), given the resource's id."""

    def register(answer: PageAnswer) -> PageAnswer:
        _PAGE_REFUSALS[resource.name] = answer
        return answer

    return register


Plain = Callable[[HTTPException], Response | tuple[str, int]]


def page_answer(error: Refused, plain: Plain) -> Response | tuple[str, int]:
    """A refusal on the pages: Not Found, the resource's own 403 page, or ``plain``'s."""
    from werkzeug.exceptions import Forbidden, NotFound

    if error.code == 404:
        return plain(NotFound())
    answer = _PAGE_REFUSALS.get(error.guard.name)
    if answer is not None:
        return answer(error.resource_id)
    return plain(Forbidden())
