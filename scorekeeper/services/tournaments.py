"""Pairs tournaments by the rules of 002: creating them, seating their rounds, the tables' games,
results and standings, and the organizer's actions.

The seating and the ranking are pure and live in the engine (:mod:`~scorekeeper.engine.seating`,
:mod:`~scorekeeper.engine.ranking`); this module changes rows and flushes, and the calling view
commits once.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.orm import joinedload, selectinload

from .. import config
from ..engine import (
    N_,
    EntryErrors,
    FieldError,
    HandEnd,
    Outcome,
    RuleSet,
    TieRule,
    flow,
    ruleset_to_dict,
    with_values,
)
from ..engine.movements import (
    ROTATION,
    SWISS,
    SeatingRefused,
    check_method,
    swiss_round,
)
from ..engine.movements import plan as movement_plan
from ..engine.numbers import whole
from ..engine.ranking import DIFFERENCE, VICTORY_POINTS, Standing, game_credits, rank
from ..engine.seating import Schedule, Seating, relabel, seat_without
from ..engine.victory import (
    DEFAULT_SCALE,
    VictoryScale,
    read_bye,
    read_scale,
)
from ..extensions import db
from ..models.games import Game, Side, utcnow
from ..models.tournaments import Tournament, TournamentPair, TournamentRound, TournamentTable
from . import confirmed, record
from . import games as games_service
from .clock import BELL, WARN_MINUTES, clock_of
from .clock import stop as stop_clock
from .clock import total_seconds as clock_total_seconds
from .errors import RoundClosed as RoundClosed
from .errors import TournamentOver as TournamentOver
from .text import check as text_error
from .text import name as typed_name
from .tournament_body import DEFAULT_PRIZES as DEFAULT_PRIZES
from .tournament_body import MAX_PAIRS as MAX_PAIRS
from .tournament_body import MAX_ROUNDS as MAX_ROUNDS
from .tournament_body import NEW_TOURNAMENT as NEW_TOURNAMENT

# -- seating ------------------------------------------------------------------------------------


#: What a bye credits on a victory-point night, said instead of the seatings' "credited
#: nothing" (their notes speak of difference nights, 002's): a bye is credited the
#: tournament's bye points there (``engine.victory``), and the notes said it got nothing.
_BYE_ON_VICTORY_POINTS = {
    N_("The number of pairs is odd: each game one pair sits out (a bye) and is credited "
       "nothing; no pair sits out twice before all have."):
    N_("The number of pairs is odd: each game one pair sits out (a bye) and is credited "
       "%(bye)d victory points; no pair sits out twice before all have."),
    N_("The number of pairs is odd: the last table has no staying pair, and the moving "
       "pair that reaches it sits out (a bye) and is credited nothing."):
    N_("The number of pairs is odd: the last table has no staying pair, and the moving "
       "pair that reaches it sits out (a bye) and is credited %(bye)d victory points."),
    N_("The number of pairs is odd: each game the lowest-ranked pair that has not sat "
       "out yet sits out (a bye) and is credited nothing."):
    N_("The number of pairs is odd: each game the lowest-ranked pair that has not sat "
       "out yet sits out (a bye) and is credited %(bye)d victory points."),
}


def schedule_notes(plan: Schedule, pairs: int, rounds: int, *,
                   bye_points: int | None = None) -> list[str]:
    """The schedule's notes as they are shown, in the request's language; ``bye_points``:
    what a bye credits on a victory-point night (``None`` on a difference night)."""
    from ..i18n import translate

    tables = (pairs + pairs % 2) // 2
    params = {"tables": tables, "pairs": pairs, "rounds": rounds, "staying": pairs // 2,
              "bye": bye_points or 0}
    notes = plan.notes
    if bye_points is not None:
        notes = tuple(_BYE_ON_VICTORY_POINTS.get(note, note) for note in notes)
    return [translate(note, params) for note in notes]


def notes_of(tournament: Tournament) -> list[str]:
    """The tournament's seating notes, a bye's credit as its night ranks."""
    victory = tournament.standings_by == VICTORY_POINTS
    return schedule_notes(plan_of(tournament), len(tournament.pairs),
                          tournament.rounds_planned,
                          bye_points=bye_points_of(tournament) if victory else None)


# -- errors --------------------------------------------------------------------------------------

# Desk refusals live with the others (``services.errors``): ``RoundClosed`` and
# ``TournamentOver`` are raised here too, and imported from here.


# -- creating ------------------------------------------------------------------------------------

ID_BYTES = 9


@dataclass(frozen=True)
class NewTournament:
    """A tournament just created, with the admin token shown once (stored hashed)."""

    tournament: Tournament
    admin_token: str


def parse_pairs_text(text: str) -> list[dict[str, str | list[str]]]:
    """Read "Pair name: Ana, Luis" lines (one pair a line; the name is optional)."""
    pairs: list[dict[str, str | list[str]]] = []
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


def _whole(value: object, field: str, low: int, high: int, errors: list[FieldError]) -> int:
    # Digits as a form sends them; one too long to read is still a number out of range.
    if isinstance(value, str) and (number := whole(value)) is not None:
        value = number
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        errors.append(FieldError(
            field, N_("A whole number from %(low)d to %(high)d."), low=low, high=high
        ))
        return low
    return value


def _read(name: str, value: object, errors: list[FieldError]) -> Any:
    """``value`` read as :data:`NEW_TOURNAMENT` declares field ``name``."""
    return NEW_TOURNAMENT.field(name).read(value, errors)


def fill_values(ruleset: RuleSet, values: Mapping[str, object]) -> RuleSet:
    """The rule set with every value 002 names without a number filled in from ``values``
    (by path, each as the client sent it).

    Raises :class:`EntryErrors` with one error per missing or bad value (field ``values.<path>``).
    """
    missing = ruleset.missing_values()
    if not missing:
        return ruleset
    errors: list[FieldError] = []
    filled: dict[str, int] = {}
    for path, _label in missing:
        raw = values.get(path)
        if raw is None or raw == "":
            errors.append(FieldError(f"values.{path}", N_("Give this value before play starts.")))
            continue
        filled[path] = _whole(raw, f"values.{path}", 0, 10_000, errors)
    if errors:
        raise EntryErrors(errors)
    return with_values(ruleset, filled)


@dataclass(frozen=True)
class TournamentDefaults:
    """What a tournament of a rule set is set up with when the organizer says nothing else."""

    standings_by: str
    #: A victory-point scale by name (``engine.victory.NAMED_SCALES``); ``None``: the default.
    victory_scale: str | None
    target: int


#: The tournaments a family of rules is played in (by the preset a rule set is, or is based on):
#: FIBUR ranks Burraco tournaments on victory points, its table for partite of 3 smazzate
#: (VARIANTS-2.md 12.4: "the tournament is ranked on VP"); every other rule set keeps 002's
#: accumulated difference.
TOURNAMENT_STANDINGS: dict[str, tuple[str, str | None]] = {
    "burraco": (VICTORY_POINTS, "burraco-3"),
}


def tournament_defaults(ruleset: RuleSet) -> TournamentDefaults:
    """How a tournament of ``ruleset`` ranks and what it plays to, unless the organizer (the
    set-up form, the API's body) says otherwise: the same for the page, its drop-down (with or
    without JavaScript) and ``POST /api/v1/tournaments``."""
    family = ruleset.id if ruleset.id in TOURNAMENT_STANDINGS else ruleset.based_on
    by, scale = TOURNAMENT_STANDINGS.get(family or "", (DIFFERENCE, None))
    return TournamentDefaults(standings_by=by, victory_scale=scale, target=ruleset.target)


def partita_rules(ruleset: RuleSet, hands: int) -> RuleSet:
    """``ruleset`` for a tournament's games of ``hands`` hands: FIBUR's partita is "a fixed
    number of smazzate (2, 3 or 4) in a timed turn", its match points turned into victory
    points (VARIANTS-2.md 12.4), so each game ends after its hands, not at the target
    (:attr:`RuleSet.rounds`). A level partita is a difference of 0, 10–10 on every victory-point
    table ("0–50 | 10–10"): it is drawn, not played on (:attr:`RuleSet.tie_rule`)."""
    return replace(with_values(ruleset, {"rounds": hands}), tie_rule=TieRule.DRAW)


def hands_per_game(tournament: Tournament) -> int | None:
    """The hands each of the tournament's games plays (``None``: to the target)."""
    return ruleset_of(tournament).rounds


def create_tournament(
    ruleset: RuleSet,
    *,
    name: object,
    pairs: object,
    rounds: object = 3,
    minutes: object = 60,
    target: object = None,
    values: Mapping[str, object] | None = None,
    abandon_points: int = 5000,
    warn_minutes: object = WARN_MINUTES,
    language: object = "en",
    prizes: object = DEFAULT_PRIZES,
    standings_by: object = None,
    victory_scale: object = None,
    bye_victory_points: object = None,
    seating_method: object = ROTATION,
    tables_start: object = BELL,
    hands_per_game: object = None,
    results_count: object = confirmed.SAVED,
) -> NewTournament:
    """Create a tournament and seat its first round.

    Every value but ``ruleset``, ``values`` (an object by path, read at the edge) and
    ``abandon_points`` is as the client sent it (a decoded JSON value, or what a form read),
    checked here.
    ``pairs`` holds ``{"name", "players": [two names]}`` in the order that numbers them.
    ``language`` is its papers' language; ``prizes`` the places of the prize list;
    ``standings_by`` ``difference`` (002) or ``victory_points`` on ``victory_scale``
    (``[[up_to, winner_points], ...]`` or a name, ``None``: the default scale); ``None`` or
    empty, both are the rule set's (:func:`tournament_defaults`: Burraco's victory points on
    its 3-smazzate table, 002's difference otherwise), as a ``target`` left out is; a bye credited
    ``bye_victory_points`` (0 to 20; ``None``: ``engine.victory.DEFAULT_BYE``).
    ``tables_start`` (``services.clock.TABLES_START``): the tables wait for the ``bell`` (the
    desk starts each game's clock, 002) or start when ``seated``. ``hands_per_game``: each
    game ends after that many hands (FIBUR's partita of N smazzate), not at the target: the
    tournament's rule set is kept with that many rounds (:attr:`RuleSet.rounds`) and level
    totals drawn (:func:`partita_rules`); ``None`` leaves the rule set's own flow.
    ``results_count`` (``services.confirmed.RESULTS_COUNT``): a table's result counts once
    ``saved`` by its scorer, or once ``confirmed`` by the other pair (or the desk).
    Raises :class:`EntryErrors` (fields ``name``, ``pairs``, ``pairs[i].name``,
    ``pairs[i].players``, ``rounds``, ``minutes``, ``target``, ``values.<path>``,
    ``warn_minutes``, ``language``, ``prizes``, ``standings_by``, ``victory_scale``,
    ``bye_victory_points``, ``seating_method``: see :func:`seating_error`,
    ``tables_start``, ``hands_per_game``, ``results_count``). Round 1
    is seated with its clock not started: the desk starts it.
    """
    errors: list[FieldError] = []
    lang = _read("language", language, errors)
    n_prizes = _read("prizes", prizes, errors)
    defaults = tournament_defaults(ruleset)
    if standings_by is None or standings_by == "":
        standings_by = defaults.standings_by
        if victory_scale is None and standings_by == VICTORY_POINTS:
            victory_scale = defaults.victory_scale
    by = _read("standings_by", standings_by, errors)
    scale: list[list[int]] | None = None
    if victory_scale is not None:
        read = _read("victory_scale", victory_scale, errors)
        scale = None if read is None or read == DEFAULT_SCALE else read.to_list()
    start = _read("tables_start", tables_start, errors)
    counts = _read("results_count", results_count, errors)
    bye_points: int | None = _read("bye_victory_points", bye_victory_points, errors)
    title = _read("name", name, errors)
    # A number refused stands as its lowest for the checks that follow (seating).
    n_rounds = _read("rounds", rounds, errors) or 1
    n_minutes = _read("minutes", minutes, errors)
    n_warn = _read("warn_minutes", warn_minutes, errors)
    n_warn = 10 if n_warn is None else n_warn
    goal = _read("target", target, errors) or ruleset.target
    n_hands: int | None = _read("hands_per_game", hands_per_game, errors)
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
        ruleset = fill_values(ruleset, values or {})
    except EntryErrors as exc:
        errors.extend(exc.errors)
    if n_hands is not None:
        ruleset = partita_rules(ruleset, n_hands)
    if (seating := seating_error(seating_method, len(pair_rows), n_rounds, errors)) is not None:
        errors.append(seating)
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
        standings_by=by,
        victory_scale=scale,
        bye_victory_points=bye_points,
        seating_method=str(seating_method),  # checked above: one of SEATING_METHODS
        tables_start=start,
        results_count=counts,
    )
    db.session.add(tournament)
    db.session.flush()
    seat_round(tournament, 1)
    return NewTournament(tournament, token)


#: The languages a tournament's papers are printed in.
LANGUAGES = config.LANGUAGES


def victory_scale_of(tournament: Tournament) -> VictoryScale:
    """The tournament's victory-point scale (its own, or the default)."""
    return read_scale(tournament.victory_scale)


def bye_points_of(tournament: Tournament) -> int:
    """The victory points a bye credits in the tournament (its own, or the default)."""
    return read_bye(tournament.bye_victory_points)


def ruleset_of(tournament: Tournament) -> RuleSet:
    """The tournament's rule set, values filled in."""
    return games_service.ruleset_of_row(tournament)


def seating_error(method: object, pairs: int, rounds: int,
                  errors: Iterable[FieldError] = ()) -> FieldError | None:
    """Why ``method`` (``engine.movements.SEATING_METHODS``) cannot seat ``pairs`` pairs for
    ``rounds`` games (field ``seating_method`` or ``rounds``), or ``None`` when it can. The
    games are not checked when ``errors`` already holds one on the pairs or the games."""
    try:
        check_method(method, 2, 1)
        if pairs >= 2 and not any(e.field in ("pairs", "rounds") for e in errors):
            check_method(method, pairs, rounds)
    except SeatingRefused as exc:
        return exc
    return None


def plan_of(tournament: Tournament) -> Schedule:
    """The tournament's seating plan (made again from its pairs and rounds: it is pure):
    every game's by 002's rotation or a Mitchell movement, game 1's only for Swiss rounds.
    Made for the pairs in their numbers' order and called by their numbers: a number retired
    (a pair withdrawn before game 1) is a gap the seating closes, no pair's number changes."""
    plan = movement_plan(tournament.seating_method, len(tournament.pairs),
                         tournament.rounds_planned)
    return relabel(plan, sorted(p.number for p in tournament.pairs))


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
    the rest (002's rotation is known in advance; a later disqualification changes them).
    Swiss rounds plan nothing ahead: only the games seated are listed."""
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
    for number in range(len(out) + 1, min(tournament.rounds_planned, len(plan.rounds)) + 1):
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
    by_number = {p.number: p for p in tournament.pairs}
    seating = _seating_of_round(tournament, number)
    rs = ruleset_of(tournament)
    rnd = TournamentRound(number=number, started_at=utcnow(), byes=list(seating.byes))
    for table_no, a, b in seating.tables:
        rnd.tables.append(new_table(tournament, rs, table_no, by_number[a], by_number[b]))
    tournament.rounds.append(rnd)
    db.session.flush()
    return rnd


def new_table(tournament: Tournament, rs: RuleSet, number: int, pair_a: TournamentPair,
              pair_b: TournamentPair) -> TournamentTable:
    """Table ``number`` with a new game of ``rs`` between two pairs, its edit token in
    ``new_edit_token`` for this request only."""
    new = games_service.create_game(
        rs, players=4, target=tournament.target,
        sides=[{"name": p.name, "players": list(p.players)} for p in (pair_a, pair_b)],
    )
    table = TournamentTable(number=number, pair_a=pair_a, pair_b=pair_b, game=new.game,
                            view_token=new.view_token)
    table.new_edit_token = new.edit_token
    return table


def _seating_of_round(tournament: Tournament, number: int) -> Seating:
    """Round ``number`` as it is seated now: planned (002's rotation, Mitchell), or from the
    standings of the games closed so far (Swiss rounds after the first)."""
    met, sat_out = _history(tournament)
    if tournament.seating_method == SWISS and number > 1:
        order = [row.number for row in standings(tournament) if not row.disqualified]
        return swiss_round(order, met=met, sat_out=sat_out)
    plan = plan_of(tournament).rounds[number - 1]
    return seat_without(plan, _gone(tournament), met=met, sat_out=sat_out)


# -- finding -------------------------------------------------------------------------------------


def find_tournament(tournament_id: str, *, full: bool = False,
                    fresh: bool = False) -> Tournament | None:
    """The tournament with its pairs, rounds, tables and the tables' games.

    A fixed number of queries whatever the number of tables (one per relationship level).
    Reading needs no hand: a game's totals and hands played come from the figures each change
    keeps on it (``Game.side_figures``); the desk's dashboard, asked on every save of its
    tables, took 34 ms of CPU loading every hand's totals. ``full`` loads whole hands too, as
    closing a round does (settling a game reads how its last hand ended). ``fresh`` reloads
    rows this session already holds (the desk's write path, after taking the lock).
    """
    if not tournament_id or len(tournament_id) > 24:
        return None
    game_parts = [selectinload(Game.sides).selectinload(Side.players)]
    if full:
        game_parts.append(selectinload(Game.hands))
    stmt = (
        select(Tournament)
        .where(Tournament.id == tournament_id)
        .options(
            selectinload(Tournament.pairs),
            selectinload(Tournament.rounds)
            .selectinload(TournamentRound.tables)
            .selectinload(TournamentTable.game)
            .options(*game_parts),
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
    #: Over, but not counted yet: the result waits for the other pair's confirmation.
    waiting: bool = False


def table_totals(table: TournamentTable) -> tuple[int, int]:
    """The table's totals: those the desk typed from its paper sheet, else its game's running
    totals (from the figures kept on the game)."""
    if table.paper_totals is not None:
        return (int(table.paper_totals[0]), int(table.paper_totals[1]))
    a, b = games_service.running_totals(table.game)[:2]
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
    return TableView(table, totals, finished, credits, games_service.hands_played(table.game),
                     confirmed.waits(tournament, table))


#: How a game ended (:attr:`Ending.how`): a side reached the target; time was up (a hand
#: stopped by the clock, or the desk closing the round: 002); a pair abandoned it at the
#: desk; the desk typed its result from the paper sheet.
TARGET, TIME, ABANDONED, PAPER = "target", "time", "abandoned", "paper"
ENDINGS = (TARGET, TIME, ABANDONED, PAPER)


@dataclass(frozen=True)
class Ending:
    """Whether a game is over and how, its own record and its tournament's desk together."""

    finished: bool
    #: One of :data:`ENDINGS`; ``None`` while the game is played.
    how: str | None = None
    winner: int | None = None
    drawn: bool = False
    #: The side that abandoned the game at the desk.
    abandoned_by: int | None = None
    #: What the game credits each pair in its tournament (002: the difference, or the abandon
    #: points); ``None`` for a game of no tournament, or still played.
    credits: tuple[int, int] | None = None
    #: The totals the desk typed from the paper sheet (the hands counted here are not it).
    paper_totals: tuple[int, int] | None = None
    #: Whether the table can still count a hand (not over, its round still played).
    accepts_hands: bool = True
    #: Whether only the tournament desk can change it now (a pair abandoned it, or its round
    #: is closed): the table can neither count, fix nor undo.
    desk_only: bool = False


#: How a tournament table's sheet and the standings say a game ended, beyond :data:`ENDINGS`:
#: the desk closed the game's round before its time was up (the unfinished game settled on its
#: totals then, not at the bell).
CLOSED = "closed"
TABLE_ENDINGS = (TARGET, TIME, CLOSED, ABANDONED, PAPER)


@dataclass(frozen=True)
class TableEnding:
    """How a table's game ended, as its sheet and the standings say it (``how`` ``None``:
    still played, or not begun)."""

    #: One of :data:`TABLE_ENDINGS`, or ``None``.
    how: str | None
    #: Hands the table played: the empty hand the desk adds to settle a game is not one.
    hands: int
    #: The number of that empty hand, when the desk settled the game with one.
    settle_hand: int | None = None
    #: :data:`CLOSED` with the clock started: the seconds that were left when the desk closed.
    seconds_left: int | None = None
    #: The side that abandoned the game (:data:`ABANDONED`).
    abandoned_by: int | None = None
    #: What the game credits each pair (002), once over.
    credits: tuple[int, int] | None = None

    @property
    def settled(self) -> bool:
        """Whether the game was settled on its totals: at time, or by the desk's close."""
        return self.how in (TIME, CLOSED)


def _settlements(game_ids: list[int]) -> dict[int, tuple[int | None, str]]:
    """Each game's last settlement (``record.settle_at_time``): the empty hand it added (``None``
    when it added none, or when the desk typed a hand into it or removed it since) and who
    settled it."""
    from ..models.changes import ChangeKind, GameChange

    out: dict[int, tuple[int | None, str]] = {}
    if not game_ids:
        return out
    for game_id, kind, hand, by, undone in db.session.execute(
            select(GameChange.game_id, GameChange.kind, GameChange.hand, GameChange.by,
                   GameChange.undone)
            .where(GameChange.game_id.in_(game_ids),
                   GameChange.kind.in_((ChangeKind.SETTLE, ChangeKind.FIX, ChangeKind.DELETE)))
            .order_by(GameChange.game_id, GameChange.seq)):
        if kind is ChangeKind.SETTLE:
            out[game_id] = (hand, by)
        elif game_id in out and hand is not None and hand == out[game_id][0] and not undone:
            # The time-up hand typed into the empty one (a correction), or that hand removed.
            out[game_id] = (None, out[game_id][1])
    return out


def table_endings(tournament: Tournament,
                  tables: Iterable[TournamentTable]) -> dict[int, TableEnding]:
    """How each of ``tables``' games ended, by table id (one query for the lot): a side reached
    the target; time was up (a table's own time-up hand, or the desk's close after the bell:
    002's "the points reached at time"); the desk closed the round with time left; a pair
    abandoned it (the credits 002 gives); the desk typed its result from the paper sheet."""
    rows = list(tables)
    settled = _settlements([t.game_id for t in rows])
    out: dict[int, TableEnding] = {}
    for table in rows:
        view = table_view(tournament, table)
        played = view.hands
        settle_hand: int | None = None
        found = settled.get(table.game_id)
        if found is not None and found[0] is not None and found[0] <= played:
            settle_hand = found[0]
            played -= 1
        how: str | None = None
        seconds: int | None = None
        if table.abandoned_by is not None:
            how = ABANDONED
        elif table.paper_totals is not None:
            how = PAPER
        elif table.game.finished:
            rnd = table.round
            if found is not None and rnd.finished_at is not None:
                total = clock_total_seconds(tournament, rnd)
                used = int(rnd.clock_used or 0)
                if used >= total:
                    how = TIME
                else:
                    how = CLOSED
                    seconds = total - used if rnd.clock_started_at is not None else None
            elif found is not None or _short_of_its_end(table.game, view.totals):
                how = TIME
            else:
                how = TARGET
        out[table.id] = TableEnding(how, played, settle_hand, seconds, table.abandoned_by,
                                    view.credits)
    return out


def _short_of_its_end(game: Game, totals: Sequence[int]) -> bool:
    """Whether a finished game ended before its own end (so at time): below its target, or,
    in a game of rounds (a partita of N smazzate), by a hand ended at time."""
    goal = flow.goal(games_service.ruleset_of(game), game.target)
    if goal is None:
        return bool(game.hands) and game.hands[-1].entry.get("end") == HandEnd.TIME_UP.value
    return max(totals) < goal


def table_ending(tournament: Tournament, table: TournamentTable) -> TableEnding:
    """How one table's game ended (:func:`table_endings`)."""
    return table_endings(tournament, [table])[table.id]


@dataclass(frozen=True)
class SettledGame:
    """A game settled on its totals (at time, or by the desk's close), as the standings name
    it."""

    game: int
    table: int
    pairs: tuple[int, int]
    ending: TableEnding


def settled_games(tournament: Tournament) -> list[SettledGame]:
    """The tournament's games settled on their totals rather than played to the target, game
    by game and table by table (one query)."""
    rows = [t for rnd in tournament.rounds for t in rnd.tables]
    endings = table_endings(tournament, rows)
    return [SettledGame(t.round.number, t.number, (t.pair_a.number, t.pair_b.number),
                        endings[t.id])
            for t in rows if endings[t.id].settled]


def corrected_results(tournament: Tournament) -> set[tuple[int, int]]:
    """The results the desk corrected after their game's round closed, as ``(game, pair)``
    numbers: a paper result typed again, or a game's hands changed by the desk (issue 43:
    the standings and the results file did not say so). Two queries."""
    from ..models.changes import GameChange
    from ..models.desk import TournamentChange

    closed = {rnd.number: rnd.finished_at for rnd in tournament.rounds
              if rnd.finished_at is not None}
    if not closed:
        return set()
    tables = {(t.round.number, t.number): t for rnd in tournament.rounds for t in rnd.tables}
    found: set[tuple[int, int]] = set()
    for number, table, detail in db.session.execute(
            select(TournamentChange.round, TournamentChange.table, TournamentChange.detail)
            .where(TournamentChange.tournament_id == tournament.id,
                   TournamentChange.kind == "paper_result")):
        seated = tables.get((number, table))
        if seated is not None and isinstance(detail, dict) and detail.get("corrected"):
            found.update({(number, seated.pair_a.number), (number, seated.pair_b.number)})
    by_game = {t.game_id: t for key, t in tables.items() if key[0] in closed}
    if by_game:
        for game_id, at in db.session.execute(
                select(GameChange.game_id, GameChange.at)
                .where(GameChange.game_id.in_(list(by_game)), GameChange.by == record.BY_DESK,
                       GameChange.kind.in_(record.HAND_CHANGES))):
            seated = by_game[game_id]
            finished = closed[seated.round.number]
            if at.replace(tzinfo=None) > finished.replace(tzinfo=None):
                found.update({(seated.round.number, seated.pair_a.number),
                              (seated.round.number, seated.pair_b.number)})
    return found


def _table_of_game(game: Game) -> TournamentTable | None:
    return db.session.execute(
        _TABLE_OF_GAME, {"game_id": game.id}).scalar_one_or_none()


# Built once, one query with the table's round and tournament: every page and board of a
# tournament's game asks it (the club night's most frequent pages), and the round and the
# tournament each in a query of their own cost more than the rows they read.
_TABLE_OF_GAME = (
    select(TournamentTable).where(TournamentTable.game_id == bindparam("game_id"))
    .options(joinedload(TournamentTable.round).joinedload(TournamentRound.tournament))
)


def game_ending(game: Game, outcome: Outcome, *, in_tournament: bool = True) -> Ending:
    """How ``game`` ended, or that it is still played; ``outcome`` is where its hands leave it
    (``games.game_state``). A game settled without a hand (time up under rules without a
    clock) is over by its own record; a tournament game may also end at the desk.
    ``in_tournament=False``: the caller knows no tournament plays it (its table is not looked
    up)."""
    table = _table_of_game(game) if in_tournament else None
    closed = table is not None and (table.round.finished_at is not None
                                    or table.round.tournament.finished_at is not None)
    if table is not None and table.abandoned_by is not None:
        side = table.abandoned_by
        return Ending(True, ABANDONED, winner=1 - side, abandoned_by=side,
                      credits=table_view(table.round.tournament, table).credits,
                      accepts_hands=False, desk_only=True)
    if table is not None and table.paper_totals is not None:
        a, b = table_totals(table)
        return Ending(True, PAPER, winner=None if a == b else (0 if a > b else 1), drawn=a == b,
                      credits=table_view(table.round.tournament, table).credits,
                      paper_totals=(a, b), accepts_hands=False, desk_only=closed)
    if not (outcome.finished or game.finished):
        return Ending(False, accepts_hands=not closed, desk_only=closed)
    last_end = game.hands[-1].entry.get("end") if game.hands else None
    how = TARGET if outcome.finished and last_end != HandEnd.TIME_UP.value else TIME
    winner, drawn = ((outcome.winner, outcome.drawn) if outcome.finished
                     else (game.winner, game.drawn))
    credits = None if table is None else table_view(table.round.tournament, table).credits
    return Ending(True, how, winner=winner, drawn=drawn, credits=credits, accepts_hands=False,
                  desk_only=closed)


def standings(tournament: Tournament) -> list[Standing]:
    """Every pair's accumulated difference and games won, ranked (see :func:`rank`); with
    each game's victory points too (they rank a tournament set to them). A result that waits
    for the other pair's confirmation (:func:`confirmed.waits`) is not counted: its game is
    listed in both pairs' ``waiting``."""
    scale = victory_scale_of(tournament)
    bye_points = bye_points_of(tournament)
    rows = {
        p.id: Standing(number=p.number, name=p.name, players=list(p.players),
                       disqualified=p.disqualified_round is not None, substituted=p.substituted)
        for p in tournament.pairs
    }
    by_number = {row.number: row for row in rows.values()}
    for rnd in tournament.rounds:
        for table in rnd.tables:
            view = table_view(tournament, table)
            if view.credits is None:
                continue
            if view.waiting:
                # Not counted until the other pair (or the desk) confirms it.
                for pair_id in (table.pair_a_id, table.pair_b_id):
                    rows[pair_id].waiting.append(rnd.number)
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
        # A bye plays no game: no difference, no game won (002), but its victory points, so a
        # pair is not ranked down for the seat the rotation left it without an opponent. They
        # count once the game is closed, as the others' games do when finished: before game 1
        # everyone is level.
        if rnd.finished_at is None:
            continue
        for number in rnd.byes:
            row = by_number[number]
            row.victory_points += bye_points
            row.victory[rnd.number] = bye_points
            row.byes.append(rnd.number)
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
    # Every game of the round is locked (after the tournament, in the order of their row ids,
    # as every desk action takes them: no two writers wait on each other) and read afresh,
    # so a hand a table saves or corrects meanwhile is either in before the close or refused.
    for table in sorted(rnd.tables, key=lambda t: t.game_id):
        game = record.lock_row(table.game_id)
        # A table whose result the desk typed from its paper sheet is settled by it.
        if not game.finished and table.abandoned_by is None and table.paper_totals is None:
            record.settle_at_time(game, by=record.BY_DESK)
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
    #: Tables whose result waits for the other pair's confirmation (``confirmed.waits``): it
    #: keeps waiting after the close, and does not count meanwhile (nor seat a Swiss game).
    unconfirmed: tuple[TableView, ...] = ()

    @property
    def needs_confirmation(self) -> bool:
        """Closing before time is up, over a table still playing, a table with no result or a
        result not confirmed yet, is asked first."""
        return (self.seconds_left > 0 or bool(self.playing) or bool(self.unrecorded)
                or bool(self.unconfirmed))


def closing_preview(tournament: Tournament, rnd: TournamentRound) -> Closing:
    """What :func:`finish_round` would do to ``rnd`` now."""
    views = [table_view(tournament, t) for t in rnd.tables]
    return Closing(seconds_left(tournament, rnd), tuple(v for v in views if not v.finished),
                   rnd.number >= tournament.rounds_planned,
                   tuple(v for v in views if not v.finished and v.hands == 0),
                   tuple(v for v in views if v.waiting))
