"""Pairs tournaments by the rules of 002: seating, the tables' games, results and standings.

The seating functions at the top are pure (plain numbers in, plain numbers out). The rest
changes rows and flushes; the calling view commits once.

Seating (002): game 1 puts pairs 1-2 at table 1, 3-4 at table 2, and so on. After each game
the even pairs stay and the odd pairs move to the next table; from the last table they go to
table 1. Two cases need a fallback, and the set-up and seating pages say which one is used:

* **An odd number of pairs**: a "bye" seat is added as the last, even-numbered pair, so it
  stays at the last table and a different pair sits out each game. The pair sitting out plays
  no game that round and is credited nothing. No pair sits out twice before all have.
* **Too few tables for the rounds** (with ``t`` tables the odd pairs are back at their first
  table after ``t`` games, e.g. 4 pairs at 2 tables meet again in game 3): the whole
  tournament is seated by the circle method instead (pair 1 stays put, the others turn round
  it), relabelled so that game 1 is still 1-2, 3-4... It gives every pair a new opponent for up
  to ``pairs - 1`` games (``pairs`` with a bye). Beyond that a repeat cannot be avoided, the
  circle starts again, and the page says so.

A pair that abandons is disqualified and seated no more (:func:`seat_without`): every table
keeps its number, and the pairs left without an opponent meet each other; when one is left
over, the pair that has sat out least sits out.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from ..engine import N_, EntryErrors, FieldError, RuleSet, ruleset_to_dict
from ..engine.victory import DEFAULT_SCALE, VictoryScale, read_scale
from ..extensions import db
from ..models.games import Game, Hand, Side, utcnow
from ..models.tournaments import Tournament, TournamentPair, TournamentRound, TournamentTable
from . import games as games_service
from . import record
from .clock import clock_of
from .clock import stop as stop_clock
from .errors import RoundClosed as RoundClosed
from .errors import TournamentOver as TournamentOver
from .text import check as text_error
from .text import name as typed_name

# -- seating (pure) ------------------------------------------------------------------------------

ROTATION = "rotation"
CIRCLE = "circle"


@dataclass(frozen=True)
class RoundPlan:
    """One round: tables in order as (side 0 pair, side 1 pair), and the pairs sitting out."""

    tables: tuple[tuple[int, int], ...]
    byes: tuple[int, ...] = ()


@dataclass(frozen=True)
class Schedule:
    """The seating of every round, how it was made, and what the organizer should know."""

    rounds: tuple[RoundPlan, ...]
    method: str
    #: Bye seats were added (an odd number of pairs).
    bye: bool = False
    #: 002's rotation would have made two pairs meet again, so the circle method is used.
    rotation_repeats: bool = False
    #: Even the circle method cannot avoid two pairs meeting again in this many rounds.
    repeats: bool = False
    notes: tuple[str, ...] = field(default=())


def rotation_round(pairs: int, index: int) -> list[tuple[int, int]]:
    """002's rotation for an even number of ``pairs``: the tables of game ``index`` (from 0).

    Even pair ``2t`` stays at table ``t``; the odd pairs move one table on per game.
    """
    tables = pairs // 2
    return [(2 * ((t - index) % tables) + 1, 2 * t + 2) for t in range(tables)]


def circle_round(pairs: int, index: int) -> list[tuple[int, int]]:
    """The circle method for an even number of ``pairs``: the tables of game ``index``.

    Positions are labelled so that game 0 seats 1-2, 3-4... at tables 1, 2...; position 0
    stays put and the rest turn one place per game.
    """
    half = pairs // 2
    labels = [0] * pairs
    for i in range(half):
        labels[i] = 2 * i + 1
        labels[pairs - 1 - i] = 2 * i + 2
    ring = labels[1:]
    shift = index % (pairs - 1)
    ring = ring[-shift:] + ring[:-shift] if shift else ring
    order = [labels[0], *ring]
    return [(order[i], order[pairs - 1 - i]) for i in range(half)]


def _has_repeat(rounds: Iterable[Sequence[tuple[int, int]]]) -> bool:
    seen: set[frozenset[int]] = set()
    for tables in rounds:
        for a, b in tables:
            key = frozenset((a, b))
            if key in seen:
                return True
            seen.add(key)
    return False


def schedule(pairs: int, rounds: int) -> Schedule:
    """Seat ``pairs`` pairs (numbered from 1) for ``rounds`` games; see the module's notes."""
    if pairs < 2 or rounds < 1:
        raise ValueError("a tournament needs two pairs and one game")
    seats = pairs + pairs % 2
    bye_seat = seats if seats != pairs else None
    rotation = [rotation_round(seats, r) for r in range(rounds)]
    method, plan = ROTATION, rotation
    rotation_repeats = _has_repeat(rotation)
    if rotation_repeats:
        method, plan = CIRCLE, [circle_round(seats, r) for r in range(rounds)]
    repeats = _has_repeat(plan)
    notes: list[str] = []
    if bye_seat is not None:
        notes.append(N_(
            "The number of pairs is odd: each game one pair sits out (a bye) and is credited "
            "nothing; no pair sits out twice before all have."
        ))
    if rotation_repeats:
        notes.append(N_(
            "With %(tables)d tables, moving the odd pairs one table on would make two pairs "
            "meet again, so the tables are seated by the circle method instead: pair 1 stays "
            "and the others turn round it."
        ))
    if repeats:
        notes.append(N_(
            "%(pairs)d pairs cannot play %(rounds)d games without two pairs meeting again: "
            "some pairs meet twice."
        ))
    out: list[RoundPlan] = []
    for tables in plan:
        real = tuple(t for t in tables if bye_seat not in t)
        byes = tuple(a if b == bye_seat else b for a, b in tables if bye_seat in (a, b))
        out.append(RoundPlan(real, byes))
    return Schedule(tuple(out), method, bye=bye_seat is not None,
                    rotation_repeats=rotation_repeats, repeats=repeats, notes=tuple(notes))


@dataclass(frozen=True)
class Seating:
    """A round as it is seated: tables as (number, side 0 pair, side 1 pair), and byes."""

    tables: tuple[tuple[int, int, int], ...]
    byes: tuple[int, ...] = ()


def seat_without(
    plan: RoundPlan,
    gone: Iterable[int],
    *,
    met: Iterable[frozenset[int]] = (),
    sat_out: Mapping[int, int] | None = None,
) -> Seating:
    """Seat a planned round once the pairs in ``gone`` (disqualified) are seated no more.

    Every table keeps the number the plan gives it (its place in the plan's order), so 002's
    "even pairs stay" still holds at every table that plays; a table whose pair is gone is
    left empty rather than closing the gap. The pairs left without an opponent (and the
    plan's bye) meet each other, at the table of the one that stays there (the side 1 pair:
    002's even pair), avoiding pairs that have already met (``met``) when they can. When one
    pair is left over it sits out: the one that has sat out least so far (``sat_out``: byes by
    pair). If even that pair has sat out more than a pair that is seated, they change places
    (an odd pair, one that moves anyway, is the one asked to sit out), so no pair sits out
    twice before every pair has sat out once.
    """
    gone_set = set(gone)
    met_set = set(met)
    byes_of = dict(sat_out or {})
    tables: dict[int, tuple[int, int]] = {}
    # A pair without an opponent: (pair, its table number or None, its side or None).
    waiting: list[tuple[int, int | None, int | None]] = []
    for number, (a, b) in enumerate(plan.tables, start=1):
        if a in gone_set or b in gone_set:
            waiting += [(p, number, side) for side, p in enumerate((a, b)) if p not in gone_set]
        else:
            tables[number] = (a, b)
    waiting += [(p, None, None) for p in plan.byes if p not in gone_set]
    free = max([len(plan.tables), *tables]) + 1

    def table_for(x: tuple[int, int | None, int | None],
                  y: tuple[int, int | None, int | None]) -> tuple[int, int, int]:
        nonlocal free
        # The pair that stays at its table keeps its seat; the other one joins it.
        stays = [w for w in (x, y) if w[1] is not None]
        stays.sort(key=lambda w: (w[2] != 1, w[1]))
        if not stays:
            free += 1
            return (free - 1, x[0], y[0])
        host = stays[0]
        guest = y if host is x else x
        assert host[1] is not None
        pair = (guest[0], host[0]) if host[2] == 1 else (host[0], guest[0])
        return (host[1], *pair)

    out: list[int] = []
    if len(waiting) % 2:
        # 002's own bye (no table) sits out before a pair that lost its opponent, if level.
        leaving = min(waiting, key=lambda w: (byes_of.get(w[0], 0), w[1] is not None,
                                              -w[0]))
        waiting.remove(leaving)
        seated = [(n, side, p) for n, t in sorted(tables.items()) for side, p in enumerate(t)]
        fewer = [x for x in seated if byes_of.get(x[2], 0) < byes_of.get(leaving[0], 0)]
        if fewer:
            def swap_key(x: tuple[int, int, int]) -> tuple[int, bool, int, int]:
                n, side, _p = x
                opponent = tables[n][1 - side]
                return (byes_of.get(x[2], 0), frozenset((leaving[0], opponent)) in met_set,
                        side, n)
            n, side, p = min(fewer, key=swap_key)
            pair = list(tables[n])
            pair[side] = leaving[0]
            tables[n] = (pair[0], pair[1])
            leaving = (p, n, side)
        out.append(leaving[0])
    while waiting:
        first = waiting.pop(0)
        partner = next((w for w in waiting if frozenset((first[0], w[0])) not in met_set),
                       waiting[0])
        waiting.remove(partner)
        number, a, b = table_for(first, partner)
        tables[number] = (a, b)
    return Seating(tuple((n, a, b) for n, (a, b) in sorted(tables.items())), tuple(sorted(out)))


def schedule_notes(plan: Schedule, pairs: int, rounds: int) -> list[str]:
    """The schedule's notes as they are shown, in the request's language."""
    from ..i18n import translate

    tables = (pairs + pairs % 2) // 2
    params = {"tables": tables, "pairs": pairs, "rounds": rounds}
    return [translate(note, params) for note in plan.notes]


# -- results (pure) ------------------------------------------------------------------------------


@dataclass
class Standing:
    """A pair's line in the standings."""

    number: int
    name: str
    players: list[str]
    difference: int = 0
    wins: int = 0
    played: int = 0
    disqualified: bool = False
    substituted: bool = False
    rank: int | None = None
    #: What each game credited the pair, by game number (a game it did not play is absent).
    credits: dict[int, int] = field(default_factory=dict)
    #: Victory points accumulated (a tournament ranked by them), and by game number.
    victory_points: int = 0
    victory: dict[int, int] = field(default_factory=dict)

    @property
    def eligible(self) -> bool:
        """Whether the pair is ranked on its results (not disqualified nor substituted)."""
        return not (self.disqualified or self.substituted)


def game_credits(
    totals: Sequence[int], *, finished: bool, abandoned_by: int | None, abandon_points: int
) -> tuple[int, int] | None:
    """What a table's game credits each side: the winner the difference, the loser minus it.

    A pair that abandons is credited nothing and its opponent ``abandon_points``; a game still
    being played credits nothing yet (``None``); a draw credits 0 each.
    """
    if abandoned_by is not None:
        return (0, abandon_points) if abandoned_by == 0 else (abandon_points, 0)
    if not finished:
        return None
    diff = totals[0] - totals[1]
    return (diff, -diff)


def rank(standings: Iterable[Standing], *, by: str = "difference") -> list[Standing]:
    """Order by accumulated difference, then games won (002), then pair number.

    002 breaks ties on games won and says no more; the pair number keeps the order the
    organizer typed (before the first game everyone is level). Disqualified pairs come after
    the ranked ones and substituted pairs last, both unranked. ``by="victory_points"`` (a
    setting beyond 002) ranks by victory points first, then as 002 does.
    """
    rows = list(standings)
    for row in rows:
        if row.substituted:
            row.difference, row.wins, row.victory_points = 0, 0, 0
            row.credits, row.victory = {}, {}
    vp = by == VICTORY_POINTS

    def key(row: Standing) -> tuple[int, int, int, int, int]:
        group = 2 if row.substituted else 1 if row.disqualified else 0
        return (group, -row.victory_points if vp else 0, -row.difference, -row.wins,
                row.number)

    rows.sort(key=key)
    place = 0
    for row in rows:
        if row.eligible:
            place += 1
            row.rank = place
    return rows


# -- errors --------------------------------------------------------------------------------------

# Desk refusals live with the others (``services.errors``): ``RoundClosed`` and
# ``TournamentOver`` are raised here too, and imported from here.


# -- creating ------------------------------------------------------------------------------------

MAX_PAIRS = 200
#: What ranks the standings: 002's accumulated difference (the default) or victory points.
DIFFERENCE = "difference"
VICTORY_POINTS = "victory_points"
STANDINGS_BY = (DIFFERENCE, VICTORY_POINTS)
#: Places in the prize list: 3 unless the organizer says otherwise.
DEFAULT_PRIZES = 3
MAX_ROUNDS = 20
ID_BYTES = 9


@dataclass(frozen=True)
class NewTournament:
    """A tournament just created, with the admin token shown once (stored hashed)."""

    tournament: Tournament
    admin_token: str


def parse_pairs_text(text: str) -> list[dict[str, Any]]:
    """Read "Pair name: Ana, Luis" lines (one pair a line; the name is optional)."""
    pairs: list[dict[str, Any]] = []
    for line in (text or "").splitlines():
        line = line.strip()
        if not line:
            continue
        name, sep, rest = line.partition(":")
        if not sep:
            name, rest = "", line
        players = [p.strip() for p in rest.replace(";", ",").split(",")]
        pairs.append({"name": name.strip(), "players": [p for p in players if p]})
    return pairs


def _whole(value: Any, field: str, low: int, high: int, errors: list[FieldError]) -> int:
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        errors.append(FieldError(
            field, N_("A whole number from %(low)d to %(high)d."), low=low, high=high
        ))
        return low
    return value


def fill_values(ruleset: RuleSet, values: Any) -> RuleSet:
    """The rule set with every value 002 names without a number filled in from ``values``.

    Raises :class:`EntryErrors` with one error per missing or bad value (field ``values.<path>``).
    """
    missing = ruleset.missing_values()
    if not missing:
        return ruleset
    given = values if isinstance(values, Mapping) else {}
    errors: list[FieldError] = []
    filled: dict[str, int] = {}
    for path, _label in missing:
        raw = given.get(path)
        if raw is None or raw == "":
            errors.append(FieldError(f"values.{path}", N_("Give this value before play starts.")))
            continue
        filled[path] = _whole(raw, f"values.{path}", 0, 10_000, errors)
    if errors:
        raise EntryErrors(errors)
    return ruleset.with_values(filled)


def create_tournament(
    ruleset: RuleSet,
    *,
    name: Any,
    pairs: Any,
    rounds: Any = 3,
    minutes: Any = 60,
    target: Any = None,
    values: Any = None,
    abandon_points: int = 5000,
    warn_minutes: Any = 10,
    language: Any = "en",
    prizes: Any = DEFAULT_PRIZES,
    standings_by: Any = DIFFERENCE,
    victory_scale: Any = None,
) -> NewTournament:
    """Create a tournament and seat its first round.

    ``pairs`` holds ``{"name", "players": [two names]}`` in the order that numbers them.
    ``language`` is its papers' language; ``prizes`` the places of the prize list;
    ``standings_by`` ``difference`` (002) or ``victory_points`` on ``victory_scale``
    (``[[up_to, winner_points], ...]``, ``None``: the default scale).
    Raises :class:`EntryErrors` (fields ``name``, ``pairs``, ``pairs[i].name``,
    ``pairs[i].players``, ``rounds``, ``minutes``, ``target``, ``values.<path>``,
    ``warn_minutes``, ``language``, ``prizes``, ``standings_by``, ``victory_scale``). Round 1
    is seated with its clock not started: the desk starts it.
    """
    errors: list[FieldError] = []
    lang = language if language in LANGUAGES else None
    if lang is None:
        errors.append(FieldError("language", N_("Choose English or Spanish.")))
    n_prizes = _whole(prizes, "prizes", 0, MAX_PAIRS, errors)
    if standings_by not in STANDINGS_BY:
        errors.append(FieldError("standings_by", N_("Choose the difference or victory points.")))
    scale: list[list[int]] | None = None
    if victory_scale is not None:
        try:
            read = read_scale(victory_scale)
            scale = None if read == DEFAULT_SCALE else read.to_list()
        except FieldError as exc:
            errors.append(exc)
    title = typed_name(name, "name", errors, limit=120)
    n_rounds = _whole(rounds, "rounds", 1, MAX_ROUNDS, errors)
    n_minutes = _whole(minutes, "minutes", 5, 600, errors)
    n_warn = (10 if warn_minutes in (None, "")
              else _whole(warn_minutes, "warn_minutes", 0, 120, errors))
    goal = ruleset.target if target in (None, "") else _whole(target, "target", 100, 100_000,
                                                              errors)
    pair_rows: list[TournamentPair] = []
    if not isinstance(pairs, list) or not 2 <= len(pairs) <= MAX_PAIRS:
        errors.append(FieldError(
            "pairs", N_("Give from %(low)d to %(high)d pairs."), low=2, high=MAX_PAIRS
        ))
        pairs = []
    for i, data in enumerate(pairs):
        if not isinstance(data, Mapping):
            errors.append(FieldError(f"pairs[{i}]", N_("A pair has a name and two players.")))
            continue
        players = data.get("players")
        names: list[str] = []
        if (not isinstance(players, list) or len(players) != 2
                or not all(isinstance(p, str) and p.strip() for p in players)):
            errors.append(FieldError(f"pairs[{i}].players",
                                     N_("A pair needs two players.")))
        elif (unstorable := next((e for p in players
                                  if (e := text_error(p, f"pairs[{i}].players"))), None)):
            errors.append(unstorable)
        else:
            names = [" ".join(p.split())[:60] for p in players]
            if any(len(" ".join(p.split())) > 60 for p in players):
                errors.append(FieldError(f"pairs[{i}].players",
                                         N_("At most %(max)d characters."), max=60))
        pname = data.get("name")
        if pname in (None, "") and names:
            pname = " – ".join(names)
        pair_name = typed_name(pname, f"pairs[{i}].name", errors, limit=games_service.MAX_NAME)
        pair_rows.append(TournamentPair(number=i + 1, name=pair_name, players=names,
                                        substituted=False))
    if len(ruleset.formats) and not any(f.players == 4 and f.sides == 2 for f in ruleset.formats):
        errors.append(FieldError(
            "ruleset", N_("Tournaments are played by pairs, four at a table.")
        ))
    try:
        ruleset = fill_values(ruleset, values)
    except EntryErrors as exc:
        errors.extend(exc.errors)
    if errors:
        raise EntryErrors(errors)

    token = games_service.new_token()
    tournament = Tournament(
        id=secrets.token_urlsafe(ID_BYTES),
        name=title,
        admin_token_hash=games_service.hash_token(token),
        ruleset_id=ruleset.id,
        ruleset_name=ruleset.name,
        ruleset_data=ruleset_to_dict(ruleset),
        rounds_planned=n_rounds,
        minutes=n_minutes,
        target=goal,
        abandon_points=abandon_points,
        warn_minutes=n_warn,
        version=1,
        pairs=pair_rows,
        language=lang,
        prizes=n_prizes,
        standings_by=standings_by,
        victory_scale=scale,
    )
    db.session.add(tournament)
    db.session.flush()
    seat_round(tournament, 1)
    return NewTournament(tournament, token)


#: The languages a tournament's papers are printed in.
LANGUAGES = ("en", "es")


def victory_scale_of(tournament: Tournament) -> VictoryScale:
    """The tournament's victory-point scale (its own, or the default)."""
    return read_scale(tournament.victory_scale)


def ruleset_of(tournament: Tournament) -> RuleSet:
    """The tournament's rule set, values filled in."""
    return games_service.ruleset_from_data(tournament.ruleset_data)


def plan_of(tournament: Tournament) -> Schedule:
    """The tournament's seating plan (made again from its pairs and rounds: it is pure)."""
    return schedule(len(tournament.pairs), tournament.rounds_planned)


def _history(tournament: Tournament) -> tuple[set[frozenset[int]], dict[int, int]]:
    """Who has met whom, and how often each pair has sat out, in the rounds seated so far."""
    number_of = {p.id: p.number for p in tournament.pairs}
    met: set[frozenset[int]] = set()
    sat_out: dict[int, int] = {}
    for earlier in tournament.rounds:
        met.update(frozenset((number_of[t.pair_a_id], number_of[t.pair_b_id]))
                   for t in earlier.tables)
        for pair in earlier.byes:
            sat_out[pair] = sat_out.get(pair, 0) + 1
    return met, sat_out


def _gone(tournament: Tournament) -> list[int]:
    return [p.number for p in tournament.pairs if p.disqualified_round is not None]


def seatings(tournament: Tournament) -> list[Seating]:
    """Every game's seating: as seated for the games played or being played, as planned for
    the rest (002's rotation is known in advance; a later disqualification changes them)."""
    out: list[Seating] = []
    number_of = {p.id: p.number for p in tournament.pairs}
    for rnd in tournament.rounds:
        out.append(Seating(
            tuple((t.number, number_of[t.pair_a_id], number_of[t.pair_b_id])
                  for t in rnd.tables),
            tuple(rnd.byes),
        ))
    plan = plan_of(tournament)
    met, sat_out = _history(tournament)
    gone = _gone(tournament)
    for number in range(len(out) + 1, tournament.rounds_planned + 1):
        seating = seat_without(plan.rounds[number - 1], gone, met=met, sat_out=sat_out)
        met.update(frozenset(t[1:]) for t in seating.tables)
        for pair in seating.byes:
            sat_out[pair] = sat_out.get(pair, 0) + 1
        out.append(seating)
    return out


def seat_round(tournament: Tournament, number: int) -> TournamentRound:
    """Seat round ``number``: make each table's game. Its clock waits for the desk.

    Disqualified pairs are seated no more (see :func:`seat_without`: tables keep their
    numbers, and the pairs left without an opponent meet each other). Each table's edit token
    is in its ``new_edit_token`` for this request only (see :func:`hand_out_links`); the
    database keeps only its hash.
    """
    plan = plan_of(tournament).rounds[number - 1]
    by_number = {p.number: p for p in tournament.pairs}
    met, sat_out = _history(tournament)
    seating = seat_without(plan, _gone(tournament), met=met, sat_out=sat_out)
    rs = ruleset_of(tournament)
    rnd = TournamentRound(number=number, started_at=utcnow(), byes=list(seating.byes))
    for table_no, a, b in seating.tables:
        pa, pb = by_number[a], by_number[b]
        new = games_service.create_game(
            rs, players=4, target=tournament.target,
            sides=[{"name": p.name, "players": list(p.players)} for p in (pa, pb)],
        )
        table = TournamentTable(number=table_no, pair_a=pa, pair_b=pb, game=new.game,
                                view_token=new.view_token)
        table.new_edit_token = new.edit_token
        rnd.tables.append(table)
    tournament.rounds.append(rnd)
    db.session.flush()
    return rnd


# -- finding -------------------------------------------------------------------------------------


def find_tournament(tournament_id: str, *, full: bool = False,
                    fresh: bool = False) -> Tournament | None:
    """The tournament with its pairs, rounds, tables and the tables' games and hands.

    A fixed number of queries whatever the number of tables (one per relationship level).
    Reading needs only each hand's totals; ``full`` loads whole hands, as closing a round
    does (settling a game reads how its last hand ended). ``fresh`` reloads rows this
    session already holds (the desk's write path, after taking the lock).
    """
    if not tournament_id or len(tournament_id) > 24:
        return None
    hands = selectinload(Game.hands)
    if not full:
        hands = hands.load_only(Hand.id, Hand.game_id, Hand.number, Hand.totals)
    stmt = (
        select(Tournament)
        .where(Tournament.id == tournament_id)
        .options(
            selectinload(Tournament.pairs),
            selectinload(Tournament.rounds)
            .selectinload(TournamentRound.tables)
            .selectinload(TournamentTable.game)
            .options(
                hands,
                selectinload(Game.sides).selectinload(Side.players),
            ),
        )
    )
    if fresh:
        stmt = stmt.execution_options(populate_existing=True)
    return db.session.execute(stmt).scalar_one_or_none()


def is_admin(tournament: Tournament, token: str | None) -> bool:
    """Whether ``token`` is the tournament's admin token."""
    return games_service.token_matches(token, tournament.admin_token_hash)


def current_round(tournament: Tournament) -> TournamentRound | None:
    """The round being played (the last one, while it is open)."""
    if tournament.rounds and tournament.rounds[-1].finished_at is None:
        return tournament.rounds[-1]
    return None


def get_round(tournament: Tournament, number: int) -> TournamentRound | None:
    """Round ``number`` if it has been seated."""
    for rnd in tournament.rounds:
        if rnd.number == number:
            return rnd
    return None


def deadline(tournament: Tournament, rnd: TournamentRound) -> datetime | None:
    """When the round's time is up, while its clock runs (``None`` otherwise)."""
    return clock_of(tournament, rnd).deadline


def seconds_left(tournament: Tournament, rnd: TournamentRound, now: datetime | None = None) -> int:
    """Seconds left on the round's clock (0 once time is up, or once the round is closed)."""
    return clock_of(tournament, rnd, now).seconds_left


# -- where a table stands ------------------------------------------------------------------------


@dataclass(frozen=True)
class TableView:
    """A table as the dashboard shows it."""

    table: TournamentTable
    totals: tuple[int, int]
    finished: bool
    credits: tuple[int, int] | None
    hands: int


def table_totals(table: TournamentTable) -> tuple[int, int]:
    """The table's totals: those the desk typed from its paper sheet, else its game's running
    totals (from the stored hand totals)."""
    if table.paper_totals is not None:
        return (int(table.paper_totals[0]), int(table.paper_totals[1]))
    a = b = 0
    for hand in table.game.hands:
        a += int(hand.totals[0])
        b += int(hand.totals[1])
    return (a, b)


def table_view(tournament: Tournament, table: TournamentTable) -> TableView:
    """Score, whether it is over, and what it credits each pair."""
    totals = table_totals(table)
    # A result typed from the paper sheet ends the game as a counted game would.
    done = table.game.finished or table.paper_totals is not None
    finished = done or table.abandoned_by is not None
    credits = game_credits(totals, finished=done,
                           abandoned_by=table.abandoned_by,
                           abandon_points=tournament.abandon_points)
    return TableView(table, totals, finished, credits, len(table.game.hands))


def standings(tournament: Tournament) -> list[Standing]:
    """Every pair's accumulated difference and games won, ranked (see :func:`rank`); with
    each game's victory points too (they rank a tournament set to them)."""
    scale = victory_scale_of(tournament)
    rows = {
        p.id: Standing(number=p.number, name=p.name, players=list(p.players),
                       disqualified=p.disqualified_round is not None, substituted=p.substituted)
        for p in tournament.pairs
    }
    for rnd in tournament.rounds:
        for table in rnd.tables:
            view = table_view(tournament, table)
            if view.credits is None:
                continue
            points = scale.for_sides(view.credits)
            for side, pair_id in enumerate((table.pair_a_id, table.pair_b_id)):
                row = rows[pair_id]
                row.difference += view.credits[side]
                row.credits[rnd.number] = view.credits[side]
                row.victory_points += points[side]
                row.victory[rnd.number] = points[side]
                row.played += 1
                if view.credits[side] > view.credits[1 - side]:
                    row.wins += 1
    return rank(rows.values(), by=tournament.standings_by)


# -- the tables' edit links ----------------------------------------------------------------------


def hand_out_links(tables: Iterable[TournamentTable]) -> list[TournamentTable]:
    """Record that the edit links just made for ``tables`` are being handed to the organizer.

    Only tables whose link was made in this request (``new_edit_token``) have one to hand out;
    those are returned. The token itself is stored nowhere: this answer is the only place it
    appears.
    """
    now = utcnow()
    out = [t for t in tables if t.new_edit_token]
    for table in out:
        table.link_made_at = now
    db.session.flush()
    return out


def new_table_link(table: TournamentTable) -> TournamentTable:
    """Make a new edit link for ``table`` (the old one stops working) and hand it out.

    Raises :class:`RoundClosed` when the table's round is over (its game is settled).
    """
    if table.round.finished_at is not None:
        raise RoundClosed(table.round.number)
    table.new_edit_token = games_service.replace_edit_token(table.game)
    hand_out_links([table])
    return table


def new_round_links(rnd: TournamentRound, *, only_missing: bool = False) -> list[TournamentTable]:
    """New edit links for the round's tables (all, or those never handed out); see
    :func:`new_table_link`."""
    if rnd.finished_at is not None:
        raise RoundClosed(rnd.number)
    return [new_table_link(t) for t in rnd.tables
            if not only_missing or t.link_made_at is None]


def find_table(rnd: TournamentRound, number: int) -> TournamentTable | None:
    """Table ``number`` of the round."""
    for table in rnd.tables:
        if table.number == number:
            return table
    return None


# -- the organizer's actions ---------------------------------------------------------------------


def finish_round(tournament: Tournament, number: int) -> TournamentRound | None:
    """Close round ``number``: settle its unfinished games on time, then seat the next round.

    Returns the next round, or ``None`` when this was the last game (the tournament is over).
    Raises :class:`RoundClosed` when ``number`` is not the round being played.
    """
    rnd = current_round(tournament)
    if rnd is None or rnd.number != number:
        raise RoundClosed(number)
    for table in rnd.tables:
        # A table whose result the desk typed from its paper sheet is settled by it.
        if (not table.game.finished and table.abandoned_by is None
                and table.paper_totals is None):
            record.settle_at_time(table.game, by=record.BY_DESK)
    stop_clock(tournament, rnd, utcnow())
    rnd.finished_at = utcnow()
    db.session.flush()
    if number >= tournament.rounds_planned:
        tournament.finished_at = utcnow()
        db.session.flush()
        return None
    return seat_round(tournament, number + 1)


def find_pair(tournament: Tournament, number: int) -> TournamentPair | None:
    """Pair ``number`` (from 1)."""
    for pair in tournament.pairs:
        if pair.number == number:
            return pair
    return None


@dataclass(frozen=True)
class Closing:
    """What closing a round would do, for the desk to confirm first."""

    seconds_left: int
    #: Tables still playing: their games are settled on their current totals.
    playing: tuple[TableView, ...]
    #: Whether this is the last game (closing it ends the tournament).
    last: bool
    #: Tables with neither a hand nor a result typed from their paper sheet: closing would
    #: settle them as a 0-0 draw.
    unrecorded: tuple[TableView, ...] = ()

    @property
    def needs_confirmation(self) -> bool:
        """Closing before time is up, over a table still playing or a table with no result,
        is asked first."""
        return self.seconds_left > 0 or bool(self.playing) or bool(self.unrecorded)


def closing_preview(tournament: Tournament, rnd: TournamentRound) -> Closing:
    """What :func:`finish_round` would do to ``rnd`` now."""
    views = [table_view(tournament, t) for t in rnd.tables]
    return Closing(seconds_left(tournament, rnd), tuple(v for v in views if not v.finished),
                   rnd.number >= tournament.rounds_planned,
                   tuple(v for v in views if not v.finished and v.hands == 0))


def abandonment_table(tournament: Tournament, pair: TournamentPair) -> TournamentTable:
    """The table whose game the pair would abandon, checked as :func:`record_abandonment`
    checks it (the desk's confirmation shows it before anything changes).

    Raises :class:`RoundClosed` when no round is being played or the pair is not seated in it,
    and :class:`EntryErrors` when the pair is already disqualified, its game is already over
    or its opponent already abandoned it.
    """
    if pair.disqualified_round is not None:
        raise EntryErrors([FieldError("pair", N_("This pair is already disqualified."))])
    rnd = current_round(tournament)
    if rnd is None:
        raise RoundClosed(0)
    for table in rnd.tables:
        if pair.id in (table.pair_a_id, table.pair_b_id):
            _check_abandonable(table)
            return table
    raise RoundClosed(rnd.number)


def _check_abandonable(table: TournamentTable) -> None:
    if table.abandoned_by is not None:
        raise EntryErrors([FieldError(
            "pair", N_("The other pair already abandoned this game.")
        )])
    # 002's 5,000 replaces a game cut short; a game already won stands as it was played.
    if table.game.finished or table.paper_totals is not None:
        raise EntryErrors([FieldError(
            "pair", N_("This pair's game is already finished: its result stands and an "
                       "abandonment cannot replace it.")
        )])


def record_abandonment(tournament: Tournament, pair: TournamentPair) -> TournamentTable:
    """The pair abandons its game in the round being played: the opponent is credited
    ``abandon_points`` for it and the pair is disqualified (seated no more).

    Raises as :func:`abandonment_table` does; the game is checked again under its lock, so a
    hand that ends it meanwhile is not overwritten.
    """
    table = abandonment_table(tournament, pair)
    game = record.lock(table.view_token)
    _check_abandonable(table)
    table.abandoned_by = 0 if table.pair_a_id == pair.id else 1
    pair.disqualified_round = table.round.number
    record.note_abandonment(game, by=record.BY_DESK)
    db.session.flush()
    return table


def undo_abandonment(tournament: Tournament, pair: TournamentPair) -> TournamentTable:
    """Take back the pair's abandonment while its round is being played: the pair is seated
    again, and its game counts as it is played.

    Raises :class:`EntryErrors` when the pair did not abandon, and :class:`RoundClosed` once
    the round of the abandonment is closed (the next round was seated without the pair).
    """
    if pair.disqualified_round is None:
        raise EntryErrors([FieldError("pair", N_("This pair has not abandoned a game."))])
    rnd = current_round(tournament)
    if rnd is None or rnd.number != pair.disqualified_round:
        raise RoundClosed(pair.disqualified_round)
    for table in rnd.tables:
        if pair.id in (table.pair_a_id, table.pair_b_id):
            game = record.lock(table.view_token)
            table.abandoned_by = None
            pair.disqualified_round = None
            record.note_abandonment_undone(game, by=record.BY_DESK)
            db.session.flush()
            return table
    raise RoundClosed(rnd.number)


def record_substitution(pair: TournamentPair) -> None:
    """A player of the pair was replaced: the pair scores nothing in the tournament."""
    pair.substituted = True
    db.session.flush()


def undo_substitution(tournament: Tournament, pair: TournamentPair) -> None:
    """Take back a substitution recorded by mistake (while the tournament is being played).

    Raises :class:`EntryErrors` when the pair has no substitution, :class:`TournamentOver`
    once the tournament is over.
    """
    if not pair.substituted:
        raise EntryErrors([FieldError("pair", N_("No substitution is recorded for this pair."))])
    if tournament.finished_at is not None:
        raise TournamentOver()
    pair.substituted = False
    db.session.flush()
