"""A game as it is read: its tokens checked, its rule set, finding it by its links, and where it
stands (its seats, dealer, totals, hands played, outcome). ``services.games`` creates and
counts; this module changes nothing."""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from cachetools import LRUCache
from sqlalchemy import Select, bindparam, func, select
from sqlalchemy.orm import joinedload, raiseload, selectinload
from sqlalchemy.orm.attributes import instance_state

from ..engine import (
    N_,
    PRESETS,
    HandEnd,
    OpeningCondition,
    Outcome,
    PlayerFormat,
    RuleSet,
    Standing,
    flow,
    ruleset_from_dict,
    standing,
)
from ..engine import running_totals as engine_running_totals
from ..extensions import db
from ..models import Game, Hand, Side
from ..models.tournaments import Tournament, TournamentRound, TournamentTable
from .errors import HandNotFound

#: Random bytes in a token: 160 bits, more than the 128 asked for.

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


@dataclass(frozen=True)
class CountBasis:
    """What counting a hand needs of its game: its rule set and player format, the sides'
    names, their totals before the hand, the hands played and the target. A version of a game
    never changes (every change makes a new one), so the live count reads this once per
    version (:func:`count_basis`), not once per keystroke of every scorekeeper."""

    ruleset: RuleSet
    format: PlayerFormat
    format_id: str
    side_names: tuple[str, ...]
    totals: tuple[int, ...]
    hands: int
    target: int


def basis_of(game: Game) -> CountBasis:
    """The count basis of a loaded game (with or without its hands)."""
    return CountBasis(ruleset_of(game), format_of(game), game.format_id,
                      tuple(side.name for side in game.sides), tuple(running_totals(game)),
                      hands_played(game), game.target)


#: Count bases by (read-only token, game's version, its tournament's version): a few hundred
#: bytes each, one per table counting. cachetools' caches are not thread-safe (a threaded
#: server's requests share this one).
_bases: LRUCache[tuple[str, int, int | None], CountBasis] = LRUCache(maxsize=8192)
_bases_lock = threading.Lock()


def count_basis(view_token: str, head: GameHead) -> CountBasis | None:
    """The count basis of the game ``view_token`` as its ``head`` (just read) says it stands,
    read from the database once per version; ``None`` when there is no such game. The
    tournament's version is in the key too: the desk renames a pair's game sides before game 1
    without changing the game's own version."""
    with _bases_lock:
        kept = _bases.get((view_token, head.version, head.tournament_version))
    if kept is not None:
        return kept
    game = find_game(view_token, hands=False)
    if game is None:
        return None
    basis = basis_of(game)
    with _bases_lock:
        # Read at the version it has now (a save may have come since the head was read).
        _bases[(view_token, game.version, head.tournament_version)] = basis
    return basis


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
        outcome=outcome_of(game, rs, running),
        # A game of rounds has no target: no side "needs" points to win it.
        standing=standing(running, flow.goal(rs, game.target)),
        carried=tuple(carried) if any(carried) else None,
        opening_conditions=tuple(o.condition for o in needs),
        round=next_round if flow.by_round(rs) else None,
        rounds=flow.rounds(rs),
        has_opening_minimum=flow.has_opening_minimum(rs),
    )


def outcome_of(game: Game, rs: RuleSet, totals: Sequence[int]) -> Outcome:
    """How the game stands at ``totals`` under ``rs``: over (its winner, or drawn) or not."""
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


def is_time_call(snapshot: Mapping[str, object] | None) -> bool:
    """Whether a stored hand (its ``entry`` and ``totals``) is an empty hand ended by time:
    the board's "End the game at time" or the desk's settle adds one to record why the game
    ended. Players see it as the end of the game, not as a hand played (QA, 2026-12-05: a
    Burraco board showed "3 | 0 / 0" and its undo "take back smazzata 3")."""
    if not snapshot:
        return False
    entry, totals = snapshot.get("entry"), snapshot.get("totals")
    return (isinstance(entry, Mapping) and entry.get("end") == HandEnd.TIME_UP.value
            and isinstance(totals, Sequence) and not any(totals))


def time_call(game: Game) -> int | None:
    """The number of the game's last hand when it is a time call (:func:`is_time_call`)."""
    if not game.hands:
        return None
    last = game.hands[-1]
    return last.number if is_time_call({"entry": last.entry, "totals": last.totals}) else None


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


@dataclass(frozen=True)
class GameHead:
    """A game's own row without its sides and hands: enough to check a token."""

    id: int
    version: int
    edit_token_hash: str
    #: Whether a tournament table plays the game (its page shows the desk's clock).
    in_tournament: bool = False
    #: The version of the tournament that plays it (each desk change moves it), else ``None``.
    tournament_version: int | None = None


def find_head(view_token: str) -> GameHead | None:
    """The row of the game whose read-only token is ``view_token`` (one small query)."""
    if not view_token or len(view_token) > 100:
        return None
    row = db.session.execute(_HEAD, {"view_token_hash": hash_token(view_token)}).first()
    return None if row is None else GameHead(row[0], row[1], row[2], row[3] is not None,
                                             row[4])


# Built once, as find_game's: every page, poll, count and save asks for a game's head first.
_HEAD = (
    select(Game.id, Game.version, Game.edit_token_hash, TournamentTable.id, Tournament.version)
    .outerjoin(TournamentTable, TournamentTable.game_id == Game.id)
    .outerjoin(TournamentRound, TournamentRound.id == TournamentTable.round_id)
    .outerjoin(Tournament, Tournament.id == TournamentRound.tournament_id)
    .where(Game.view_token_hash == bindparam("view_token_hash"))
)


def get_hand(game: Game, number: int) -> Hand:
    """Hand ``number`` (from 1); raises :class:`HandNotFound`."""
    if 1 <= number <= len(game.hands):
        return game.hands[number - 1]
    raise HandNotFound(number)
