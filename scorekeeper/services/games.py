"""Keeping a game: create it, count its hands and settle it (what it reads and where it stands:
``services.game_reads``, whose names this module gives its callers too).

Shared by the web forms and the JSON API. Functions change rows and flush; the calling view
commits once. Every number comes from the game's own copy of its rule set.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .. import config
from ..engine import (
    N_,
    EntryErrors,
    FieldError,
    HandResult,
    RuleSet,
    count_hand,
    entry_to_dict,
    find_ruleset,
    ruleset_to_dict,
)
from ..extensions import db
from ..models import Game, Player, Side
from ..models.games import utcnow
from .bodies import Body, Field, Kind
from .errors import GameOver, HandNotFound, StaleWrite  # noqa: F401  (callers catch them here)
from .game_reads import UNNAMED_SEAT as UNNAMED_SEAT

# What a game reads, named here too: callers find a game's reads and writes in one place.
from .game_reads import CountBasis as CountBasis
from .game_reads import GameHead as GameHead
from .game_reads import GameState as GameState
from .game_reads import HandRow as HandRow
from .game_reads import Translate as Translate
from .game_reads import basis_of as basis_of
from .game_reads import can_edit as can_edit
from .game_reads import count_basis as count_basis
from .game_reads import dealer_of_hand as dealer_of_hand
from .game_reads import find_game as find_game
from .game_reads import find_head as find_head
from .game_reads import format_of as format_of
from .game_reads import game_state as game_state
from .game_reads import games_by_hashes as games_by_hashes
from .game_reads import get_hand as get_hand
from .game_reads import hands_played as hands_played
from .game_reads import hash_token as hash_token
from .game_reads import is_time_call as is_time_call
from .game_reads import outcome_of as outcome_of
from .game_reads import ruleset_from_data as ruleset_from_data
from .game_reads import ruleset_of as ruleset_of
from .game_reads import ruleset_of_row as ruleset_of_row
from .game_reads import running_totals as running_totals
from .game_reads import running_totals_of_hands as running_totals_of_hands
from .game_reads import seat_names as seat_names
from .game_reads import side_figures as side_figures
from .game_reads import starting_totals as starting_totals
from .game_reads import time_call as time_call
from .game_reads import token_matches as token_matches
from .game_reads import totals_of as totals_of

#: Random bytes in a token: 160 bits, more than the 128 asked for.
TOKEN_BYTES = 20
MAX_NAME = 60
#: The lowest total a game can be resumed from: a side deep below zero after a few hands of
#: penalties and red 3s against it, far below what a paper sheet shows in practice.
MIN_CARRIED = -10_000
#: The most hands one game keeps. A classic game to 5,000 takes 20 to 30 hands; the highest
#: target a game may set (100,000) takes about 70 at a leading side's ordinary 1,500 a hand;
#: 200 is nearly three times that, and ten times a long classic game. The bound caps what a
#: game costs to show and to print: its sheet has a row, and a row of itemised lines, per hand
#: (200 hands print on about 10 pages; the 2,000 a game could hold before took 50 s to render).
MAX_HANDS = 200


@dataclass(frozen=True)
class NewGame:
    """A game just created, with the tokens that are shown once and stored only hashed."""

    game: Game
    view_token: str
    edit_token: str


def new_token() -> str:
    """A fresh unguessable token for a link."""
    return secrets.token_urlsafe(TOKEN_BYTES)


# -- creating ------------------------------------------------------------------------------------

#: The values torneo leaves to the organizer, each one required when it is the rule set.
TORNEO_VALUES_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": [path for path, _label in find_ruleset("torneo").missing_values()],
    "properties": {path: {"type": "integer", "minimum": 0, "maximum": 10000}
                   for path, _label in find_ruleset("torneo").missing_values()}}
#: A side's or player's name: spaces are collapsed before the length is counted, so the
#: limit is a description, not a ``maxLength`` (60 spaces and a letter is a name of one).
_NAME = Field("name", Kind.NAME, "", high=MAX_NAME, required=False, blank=True,
              description=f"At most {MAX_NAME} characters once runs of spaces are collapsed; "
                          "null or blank is none")
#: A side's players: at most the format's players per side (three at most, the schema's bound).
_SIDE_PLAYERS = Field("players", Kind.LIST, N_("A side has at most %(count)d players."),
                      high=3, nullable=True, required=False, items=_NAME)
#: The first dealer's place: below the format's players (six at most, the schema's bound).
_FIRST_DEALER = Field("first_dealer", Kind.WHOLE, N_("Choose who deals first."), low=0, high=5,
                      nullable=True, blank=True, required=False, default=0)
_TARGET = Field("target", Kind.WHOLE, N_("The target is a whole number from %(low)d to %(high)d."),
                low=100, high=100_000, nullable=True, blank=True, required=False)
#: One total per side; each item's bounds are the widest (below the game's own target, which
#: :func:`carried_totals` checks with its own messages).
_STARTING_TOTALS = Field(
    "starting_totals", Kind.LIST, N_("Give one total per side: %(sides)d."), low=2, high=3,
    nullable=True, required=False,
    items=Field("", Kind.WHOLE, N_("Enter a whole number."), low=MIN_CARRIED, high=100_000 - 5,
                multiple=5),
    description="Resume a game kept on paper: each side's total so far, one per side, each "
                "below the target (a side at the target has won). They are the game's first "
                "line; the opening minimums follow from them. All zeros is a new game.")


def values_field(description: str) -> Field:
    """The ``values`` field of a new game or a new tournament: the values its rule set names
    without a number (torneo's), by path."""
    return Field("values", Kind.OBJECT, N_("Give the values as an object, by path."),
                 nullable=True, required=False, description=description)


#: What starting a game reads (the API's ``POST /games``): the rule set, the format and the
#: language are looked up as sent; the rest is checked by :func:`create_game` against the
#: format found, within the bounds declared here.
NEW_GAME = Body(
    (
        Field("ruleset", Kind.KEY, "", required=False, default="classic",
              description="A preset's or house rules' id"),
        Field("players", Kind.EITHER, "", required=False, nullable=True, default=4, options=(
            Field("", Kind.CHOICE, "", choices=(2, 3, 4, 6)),
            Field("", Kind.KEY, "", low=1, high=20, description="A format id of the rule set")),
            description="6 with three sides given is three pairs (comodines' 6-pairs); with "
                        "two or none, the two teams of three"),
        Field("format", Kind.KEY, "", low=1, high=20, nullable=True, required=False),
        _TARGET,
        _FIRST_DEALER,
        Field("language", Kind.ANY, "", required=False, default="en",
              description="The sheet's language: \"es\", \"pt\" or \"it\"; any other "
                          "value for English"),
        values_field("The values the rule set names without a number (torneo: the wild canasta, "
                     "going out, red 3s and premios), by path, each a whole number from 0 to "
                     "10,000; all are required for such a rule set. Other paths are ignored."),
        Field("sides", Kind.LIST, N_("%(format)s play as %(sides)d sides."), high=3,
              nullable=True, required=False,
              items=Field("", Kind.OBJECT, "", fields=(_NAME, _SIDE_PLAYERS))),
        _STARTING_TOTALS,
    ),
    examples=({"ruleset": "classic", "players": 4, "target": 5000,
               "sides": [{"name": "Nosotros", "players": ["Ana", "Luis"]}, {"name": "Ellos"}]},
              {"ruleset": "classic", "players": 4, "starting_totals": [2350, 1515]}),
    # torneo names values without a number: they must all be given.
    conditions={"if": {"required": ["ruleset"], "properties": {"ruleset": {"const": "torneo"}}},
                "then": {"required": ["values"], "properties": {"values": TORNEO_VALUES_SCHEMA}}},
)


def _default_side_name(position: int, language: str) -> str:
    """A side sent without a name is "Side 1", "Side 2"... in the game's language, as the start
    form names it (the API's game showed "1 – 2" on its board)."""
    from ..i18n import force_locale, gettext

    with force_locale(language if language in config.LANGUAGES else "en"):
        return gettext("Side %(n)d", n=position + 1)


def create_game(
    ruleset: RuleSet,
    *,
    players: int | str = 4,
    format_id: str | None = None,
    target: object = None,
    sides: object = (),
    first_dealer: object = 0,
    language: str = "en",
    starting_totals: object = None,
) -> NewGame:
    """Start a game under ``ruleset``.

    ``target``, ``sides``, ``first_dealer`` and ``starting_totals`` are as the client sent
    them (a decoded JSON value, or what a form read), checked here. ``sides`` holds
    ``{"name": ..., "players": [...]}`` per side; missing side names become "Side 1",
    "Side 2"... ``starting_totals``, one whole number per side, resumes a game kept
    on paper so far: each side starts from that total (see :func:`carried_totals`). Raises
    :class:`EntryErrors` for a format the rule set lacks, a wrong number of sides, names that
    are too long, a target or first dealer out of range, or starting totals that cannot be.
    """
    errors: list[FieldError] = []
    side = NEW_GAME.field("sides").items
    player_name = side.part("players").items if side else None
    assert side is not None and player_name is not None
    given = len(sides) if isinstance(sides, Sequence) and not isinstance(sides, str) else None
    try:
        # Six players and three sides: the three pairs (001), not the two teams of three.
        fmt = ruleset.find_format(players, format_id, given)
    except KeyError:
        raise EntryErrors([FieldError(
            "players", N_("This rule set is not played with %(players)s players."),
            players=players,
        )]) from None
    if not isinstance(sides, Sequence) or isinstance(sides, str) or len(sides) > fmt.sides or any(
        not isinstance(s, Mapping) for s in sides
    ):
        raise EntryErrors([FieldError(
            "sides", N_("%(format)s play as %(sides)d sides."), format=fmt.label, sides=fmt.sides
        )])
    given_sides: list[Mapping[str, object]] = list(sides)
    per_side = fmt.players // fmt.sides
    side_rows: list[Side] = []
    for i in range(fmt.sides):
        data = given_sides[i] if i < len(given_sides) else {}
        name = side.part("name").read(data.get("name"), errors, f"sides[{i}].name")
        names = data.get("players")
        names = [] if names is None else names  # ``{}`` or ``""`` is refused, not "none"
        if not isinstance(names, list) or len(names) > per_side:
            errors.append(FieldError(
                f"sides[{i}].players", N_("A side has at most %(count)d players."), count=per_side
            ))
            names = []
        player_rows: list[Player] = []
        for j, raw in enumerate(names):
            pname = player_name.read(raw, errors, f"sides[{i}].players[{j}]")
            if pname:
                player_rows.append(Player(position=len(player_rows), name=pname))
        side_rows.append(Side(position=i, name=name or _default_side_name(i, language),
                              players=player_rows))

    goal = NEW_GAME.field("target").read(target, errors) or ruleset.target
    # The first dealer is one of the format's players: the declared bound narrowed to it.
    dealer = replace(NEW_GAME.field("first_dealer"), high=fmt.players - 1).read(
        first_dealer, errors) or 0
    carried = carried_totals(starting_totals, fmt.sides, goal, errors)
    if errors:
        raise EntryErrors(errors)

    view_token, edit_token = new_token(), new_token()
    game = Game(
        view_token_hash=hash_token(view_token),
        edit_token_hash=hash_token(edit_token),
        ruleset_id=ruleset.id,
        ruleset_name=ruleset.name,
        ruleset_data=ruleset_to_dict(ruleset),
        format_id=fmt.id,
        target=goal,
        first_dealer=dealer,
        language=language if language in config.LANGUAGES else "en",
        sides=side_rows,
        starting_totals=carried,
        side_figures=[{"hands": 0, "points": 0, "best": None, "canastas": 0}
                      for _ in side_rows],
    )
    db.session.add(game)
    db.session.flush()
    return NewGame(game, view_token, edit_token)


def carried_totals(value: object, sides: int, target: int, errors: list[FieldError]
                   ) -> list[int] | None:
    """The totals a game resumed from paper starts from, or ``None`` when there are none.

    ``value`` is ``None`` (no paper game) or a list of one whole number per side. Each is a
    multiple of 5 (every count comes in fives, see ``engine.hand``), at least
    :data:`MIN_CARRIED` and below ``target``: a side at the target has already won, so that
    game is over on paper. All zeros is a game from scratch (``None``). Errors go to
    ``errors``, named ``starting_totals`` or ``starting_totals[i]``.
    """
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != sides:
        errors.append(FieldError(
            "starting_totals", N_("Give one total per side: %(sides)d."), sides=sides))
        return None
    totals: list[int] = []
    for i, total in enumerate(value):
        field = f"starting_totals[{i}]"
        if isinstance(total, bool) or not isinstance(total, int):
            errors.append(FieldError(field, N_("Enter a whole number.")))
        elif total < MIN_CARRIED:
            errors.append(FieldError(field, N_("Cannot be less than %(min)d."), min=MIN_CARRIED))
        elif total >= target:
            errors.append(FieldError(
                field, N_("At %(target)d the game is already won: a carried total is below "
                          "the target."), target=target))
        elif total % 5:
            errors.append(FieldError(field, N_("Points always come in multiples of 5.")))
        else:
            totals.append(total)
    if len(totals) != sides or not any(totals):
        return None
    return totals


def replace_edit_token(game: Game) -> str:
    """Revoke the game's edit link and make a new one; returns the new token."""
    token = new_token()
    game.edit_token_hash = hash_token(token)
    game.version += 1
    db.session.flush()
    return token


def settle(game: Game) -> None:
    """Bring the game's version, winner, end and figures up to date after its hands changed."""
    game.side_figures = side_figures(game)
    outcome = outcome_of(game, ruleset_of(game), totals_of(game))
    game.version += 1
    game.updated_at = utcnow()
    if outcome.finished:
        game.finished_at = game.finished_at or utcnow()
        game.winner = outcome.winner
        game.drawn = outcome.drawn
    else:
        game.finished_at = None
        game.winner = None
        game.drawn = False


# -- counting hands ------------------------------------------------------------------------------


def count(game: Game, body: Mapping[str, object]) -> tuple[dict[str, object], HandResult]:
    """Count a hand for ``game`` without storing it (the live preview uses this too).

    The player format is the game's, whatever the body says. Raises :class:`EntryErrors` or
    :class:`~scorekeeper.engine.ShapeError`.
    """
    return count_with(ruleset_of(game), game.format_id, body)


def count_with(rs: RuleSet, format_id: str, body: Mapping[str, object]
               ) -> tuple[dict[str, object], HandResult]:
    """Count a hand for a game played under ``rs`` with player format ``format_id``."""
    data = {**body, "players": format_id, "format": format_id}
    entry, result = count_hand(rs, data)
    return entry_to_dict(entry), result


def result_to_rows(result: HandResult) -> list[dict[str, object]]:
    """A count as stored: each side's total and lines (label templates with parameters)."""
    return [
        {
            "total": side.total,
            "lines": [
                {"id": line.id, "label": line.label, "params": dict(line.params),
                 "points": line.points}
                for line in side.lines
            ],
        }
        for side in result.sides
    ]


def check_room_for_hand(game: Game) -> None:
    """Refuse a hand more for a game that holds :data:`MAX_HANDS` already: raises
    :class:`EntryErrors` (field ``hands``; the API's 422, the count form's message). Called
    before a hand is added or put back (an undone removal, a redone add)."""
    if len(game.hands) >= MAX_HANDS:
        raise EntryErrors([FieldError(
            "hands", N_("A game keeps at most %(max)d hands: start a new game to play on."),
            max=MAX_HANDS,
        )])
