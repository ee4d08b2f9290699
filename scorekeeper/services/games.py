"""Keeping a game: create it, count its hands, fix them, and say where it stands.

Shared by the web forms and the JSON API. Functions change rows and flush; the calling view
commits once. Every number comes from the game's own copy of its rule set.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from sqlalchemy import Select, bindparam, func, select
from sqlalchemy.orm import joinedload, raiseload, selectinload
from sqlalchemy.orm.attributes import instance_state

from .. import config
from ..engine import (
    N_,
    PRESETS,
    EntryErrors,
    FieldError,
    HandEnd,
    HandResult,
    OpeningCondition,
    Outcome,
    PlayerFormat,
    RuleSet,
    Standing,
    count_hand,
    entry_to_dict,
    find_ruleset,
    flow,
    ruleset_from_dict,
    ruleset_to_dict,
    standing,
)
from ..engine import running_totals as engine_running_totals
from ..extensions import db
from ..models import Game, Hand, Player, Side
from ..models.games import utcnow
from ..models.tournaments import Tournament, TournamentTable
from .bodies import Body, Field, Kind
from .errors import GameOver, HandNotFound, StaleWrite  # noqa: F401  (callers catch them here)

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


def hash_token(token: str) -> str:
    """The stored form of a token (tokens are random, so a plain SHA-256 is enough)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def token_matches(token: str | None, stored_hash: str) -> bool:
    """Whether ``token`` is the one whose hash is stored, compared in constant time."""
    if not token:
        return False
    return hmac.compare_digest(hash_token(token), stored_hash)


# -- rule sets -----------------------------------------------------------------------------------


@lru_cache(maxsize=256)
def _ruleset_from_json(stored: str) -> RuleSet:
    data = json.loads(stored)
    base = PRESETS.get(data.get("based_on") or data.get("id"), PRESETS["classic"])
    return ruleset_from_dict(data, base=base)


def ruleset_from_data(data: Mapping[str, object]) -> RuleSet:
    """The rule set a game stored as ``ruleset_data`` (cached per distinct rule set)."""
    return _ruleset_from_json(json.dumps(data, sort_keys=True))


def ruleset_of_row(row: Game | Tournament) -> RuleSet:
    """The rule set a loaded game or tournament stored, kept with the loaded row as well.

    A request asks for it several times (five in a live count), and the key of the cache above
    (the stored data as sorted JSON) cost about 0.2 ms each time. The stored data is written
    once, when the row is made, and never changed in place: the same object read again gives
    the same rule set. SQLAlchemy's ``InstanceState.info`` is the place it offers for this.
    """
    memo = instance_state(row).info
    data = row.ruleset_data
    kept = memo.get("ruleset")
    if kept is not None and kept[0] is data:
        return kept[1]  # type: ignore[no-any-return]
    ruleset = ruleset_from_data(data)
    memo["ruleset"] = (data, ruleset)
    return ruleset


def ruleset_of(game: Game) -> RuleSet:
    """The rule set the game started with (read once per distinct rule set, then cached)."""
    return ruleset_of_row(game)


def format_of(game: Game) -> PlayerFormat:
    """The game's player format."""
    return ruleset_of(game).find_format(game.format_id, game.format_id)


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
        side_rows.append(Side(position=i, name=name or f"{i + 1}", players=player_rows))

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


# -- finding -------------------------------------------------------------------------------------


def games_by_hashes(view_token_hashes: Sequence[str]) -> list[Game]:
    """The games whose read-only tokens hash to ``view_token_hashes``, newest first, with
    their sides, players and hands."""
    if not view_token_hashes:
        return []
    return list(db.session.execute(
        select(Game)
        .where(Game.view_token_hash.in_(list(view_token_hashes)))
        .options(selectinload(Game.sides).selectinload(Side.players), selectinload(Game.hands))
        .order_by(Game.created_at.desc(), Game.id.desc())
    ).scalars())


def find_game(view_token: str, *, hands: bool = True) -> Game | None:
    """The game whose read-only token is ``view_token``, with its sides, players and hands.

    ``hands=False``: without its hands, for what needs only the running totals (the live count
    while someone types, the club night's most frequent request: a 20-hand game's hands were
    most of its time). Reading ``game.hands`` then raises instead of loading them one by one.
    """
    if not view_token or len(view_token) > 100:
        return None
    stmt = _GAME_WITH_HANDS if hands else _GAME_WITHOUT_HANDS
    return db.session.execute(
        stmt, {"view_token_hash": hash_token(view_token)}).unique().scalar_one_or_none()


def _game_by_view_token(*, hands: bool) -> Select[Game]:
    # Sides and players come in the game's own query (two or three sides, a few players
    # each): a query of its own for each cost more than the rows it read.
    return (
        select(Game)
        .where(Game.view_token_hash == bindparam("view_token_hash"))
        .options(
            joinedload(Game.sides).joinedload(Side.players),
            selectinload(Game.hands) if hands else raiseload(Game.hands),
        )
    )


# Built once: the statement and its loader options cost as much to put together as the query
# took to run (the club night's commonest requests read a game this way).
_GAME_WITH_HANDS = _game_by_view_token(hands=True)
_GAME_WITHOUT_HANDS = _game_by_view_token(hands=False)


def can_edit(game: Game, edit_token: str | None) -> bool:
    """Whether ``edit_token`` is the game's current edit token."""
    return token_matches(edit_token, game.edit_token_hash)


# -- where a game stands -------------------------------------------------------------------------


@dataclass(frozen=True)
class HandRow:
    """One hand as the game screen lists it."""

    number: int
    totals: tuple[int, ...]
    running: tuple[int, ...]
    #: The opening minimum each side needed in this hand (from its total before it).
    minimums: tuple[int, ...]
    dealer: str
    end: str
    #: What each side's first meld had to be beside that minimum (Brazilian from 7,000).
    conditions: tuple[OpeningCondition | None, ...] = ()
    #: The table counted the hand itself and typed each side's score ("total only").
    total_only: bool = False


@dataclass(frozen=True)
class GameState:
    """Totals, opening minimums for the next hand, whose deal it is, and the outcome."""

    totals: tuple[int, ...]
    opening_minimums: tuple[int, ...]
    hands: tuple[HandRow, ...]
    next_dealer: str
    outcome: Outcome
    #: Who leads, by how much, and each side's distance to the game's target.
    standing: Standing
    #: The totals carried from a paper sheet (the game's first line), or ``None``.
    carried: tuple[int, ...] | None = None
    #: What each side's first meld must be beside its points (Brazilian from 7,000), or
    #: ``None``.
    opening_conditions: tuple[OpeningCondition | None, ...] = ()
    #: The round about to be dealt when the opening minimum goes by round (Hand and Foot),
    #: else ``None``.
    round: int | None = None
    #: How many rounds the game lasts, or ``None`` when it is played to a target.
    rounds: int | None = None
    #: Whether a first meld needs anything under the game's rules (Buraco and Burraco: no;
    #: :func:`.flow.has_opening_minimum`): the pages show no minimum when not.
    has_opening_minimum: bool = True


#: A seat whose player has no name: its side's name and its place on the side (the same msgid
#: as the start form's "who deals first" list).
UNNAMED_SEAT = N_("%(side)s, player %(n)d")

#: Turns one of these templates and its parameters into text (``i18n.translate`` in a request).
Translate = Callable[[str, Mapping[str, object]], str]


def _english(template: str, params: Mapping[str, object]) -> str:
    return template % params


def seat_names(game: Game, translate: Translate = _english) -> list[str]:
    """The players in seat order: seats alternate between the sides, as partners sit apart.

    A player left without a name is "<side>, player 2" (in the caller's language, through
    ``translate``), as the start form listed the seats.
    """
    fmt = format_of(game)
    per_side = fmt.players // fmt.sides
    names = []
    for seat in range(fmt.players):
        side = game.sides[seat % fmt.sides]
        k = seat // fmt.sides
        if k < len(side.players):
            names.append(side.players[k].name)
        elif per_side == 1:
            names.append(side.name)
        else:
            names.append(translate(UNNAMED_SEAT, {"side": side.name, "n": k + 1}))
    return names


def dealer_of_hand(game: Game, number: int, seats: Sequence[str] | None = None) -> str:
    """Who deals hand ``number`` (from 1): the deal passes one seat on each hand."""
    seats = seats if seats is not None else seat_names(game)
    return seats[(game.first_dealer + number - 1) % len(seats)]


def game_state(game: Game, translate: Translate = _english) -> GameState:
    """Where the game stands, from the stored totals of its hands (no hand is recounted).

    ``translate`` words the dealers who have no name (see :func:`seat_names`).
    """
    rs = ruleset_of(game)
    n = len(game.sides)
    carried = starting_totals(game)
    after = running_totals_of_hands(game.hands, n, carried)
    running = list(carried)
    seats = seat_names(game, translate)
    rows: list[HandRow] = []
    for hand, running_after in zip(game.hands, after, strict=True):
        needs = [flow.opening(rs, total=t, round_=hand.number) for t in running]
        minimums = tuple(o.minimum for o in needs)
        conditions = tuple(o.condition for o in needs)
        running = running_after
        rows.append(HandRow(
            number=hand.number,
            totals=tuple(int(t) for t in hand.totals),
            running=tuple(running),
            minimums=minimums,
            dealer=dealer_of_hand(game, hand.number, seats),
            end=str(hand.entry.get("end", HandEnd.WENT_OUT.value)),
            conditions=conditions,
            total_only=bool(hand.entry.get("total_only")),
        ))
    next_round = len(rows) + 1
    needs = [flow.opening(rs, total=t, round_=next_round) for t in running]
    return GameState(
        totals=tuple(running),
        opening_minimums=tuple(o.minimum for o in needs),
        hands=tuple(rows),
        next_dealer=dealer_of_hand(game, next_round, seats),
        outcome=_outcome(game, rs, running),
        # A game of rounds has no target: no side "needs" points to win it.
        standing=standing(running, flow.goal(rs, game.target)),
        carried=tuple(carried) if any(carried) else None,
        opening_conditions=tuple(o.condition for o in needs),
        round=next_round if flow.by_round(rs) else None,
        rounds=flow.rounds(rs),
        has_opening_minimum=flow.has_opening_minimum(rs),
    )


def _outcome(game: Game, rs: RuleSet, totals: Sequence[int]) -> Outcome:
    if not game.hands:
        return Outcome(finished=False)
    time_up = game.hands[-1].entry.get("end") == HandEnd.TIME_UP.value
    return flow.decide(rs, totals, hands=len(game.hands), target=game.target, time_up=time_up)


def starting_totals(game: Game) -> list[int]:
    """Each side's total before the first hand: carried from paper, or 0."""
    sides = len(game.sides) or format_of(game).sides
    carried = game.starting_totals
    if not carried or len(carried) != sides:
        return [0] * sides
    return [int(t) for t in carried]


def running_totals_of_hands(hands: Sequence[Hand], sides: int, start: Sequence[int]
                            ) -> list[list[int]]:
    """Each side's running total after each of ``hands`` (their stored totals), from
    ``start``."""
    return engine_running_totals([[int(t) for t in h.totals[:sides]] for h in hands], sides,
                                 start)


def totals_of(game: Game) -> list[int]:
    """Each side's total: the totals carried from paper (if any) and the stored hand totals."""
    start = starting_totals(game)
    after = running_totals_of_hands(game.hands, len(start), start)
    return after[-1] if after else start


def running_totals(game: Game) -> list[int]:
    """:func:`totals_of` from the figures :func:`settle` keeps with each change, for a game
    loaded without its hands (``find_game(..., hands=False)``)."""
    totals = starting_totals(game)
    figures = game.side_figures
    if figures is not None and len(figures) == len(totals):
        return [t + int(f["points"]) for t, f in zip(totals, figures, strict=True)]
    # Figures that do not fit the sides (never seen: settle and the migration that added them
    # write them): the stored hand totals, read by query, since the hands may not be loaded.
    for (hand_totals,) in db.session.execute(select(Hand.totals).where(Hand.game_id == game.id)):
        for i, points in enumerate(hand_totals[:len(totals)]):
            totals[i] += int(points)
    return totals


def hands_played(game: Game) -> int:
    """How many hands the game has, for a game loaded without them too (the figures
    :func:`settle` keeps, else a count by query): a game of rounds ends by it."""
    figures = game.side_figures
    if figures:
        return int(figures[0]["hands"])
    return int(db.session.scalar(select(func.count()).select_from(Hand)
                                 .where(Hand.game_id == game.id)) or 0)


def side_figures(game: Game) -> list[dict[str, int | None]]:
    """Each side's figures over the game's hands: hands counted, points, best hand, canastas
    entered (of every kind). Kept on the game by :func:`settle` for the statistics.

    A game resumed from paper: its carried totals are no hand (they were made in hands no one
    entered here, so they would falsify the average and best hand); they count where the
    totals do, in who won (:func:`settle`).
    """
    from .stats import canastas_in

    figures: list[dict[str, int | None]] = []
    for i in range(len(game.sides) or format_of(game).sides):
        totals = [int(h.totals[i]) for h in game.hands if i < len(h.totals)]
        figures.append({
            "hands": len(totals), "points": sum(totals), "best": max(totals, default=None),
            "canastas": sum(canastas_in(h.entry, i) for h in game.hands),
        })
    return figures


def settle(game: Game) -> None:
    """Bring the game's version, winner, end and figures up to date after its hands changed."""
    game.side_figures = side_figures(game)
    outcome = _outcome(game, ruleset_of(game), totals_of(game))
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


@dataclass(frozen=True)
class GameHead:
    """A game's own row without its sides and hands: enough to check a token."""

    id: int
    version: int
    edit_token_hash: str
    #: Whether a tournament table plays the game (its page shows the desk's clock).
    in_tournament: bool = False


def find_head(view_token: str) -> GameHead | None:
    """The row of the game whose read-only token is ``view_token`` (one small query)."""
    if not view_token or len(view_token) > 100:
        return None
    row = db.session.execute(_HEAD, {"view_token_hash": hash_token(view_token)}).first()
    return None if row is None else GameHead(row[0], row[1], row[2], row[3] is not None)


# Built once, as find_game's: every page, poll, count and save asks for a game's head first.
_HEAD = (
    select(Game.id, Game.version, Game.edit_token_hash, TournamentTable.id)
    .outerjoin(TournamentTable, TournamentTable.game_id == Game.id)
    .where(Game.view_token_hash == bindparam("view_token_hash"))
)


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


def get_hand(game: Game, number: int) -> Hand:
    """Hand ``number`` (from 1); raises :class:`HandNotFound`."""
    if 1 <= number <= len(game.hands):
        return game.hands[number - 1]
    raise HandNotFound(number)
