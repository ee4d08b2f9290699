"""A series' standings and histories, read from its nights (``services.season`` makes and
changes series).

**Who is the same pair across nights.** Pairs belong to one tournament, numbered in it; a
series knows a pair by its two players' names, normalised: white space collapsed, case folded
(``str.casefold``: "Ana  GARCÍA" is "ana garcía"), in either order ("Ana – Luis" is
"Luis – Ana"). The pair's name shown is the one it used on its latest night. A player is known
by their name normalised the same way, whoever they played with. Nothing else is compared: a
player who types their name otherwise on another night (a nickname, a missing surname) is
another player, and the desk corrects the name on that night's pairs. Pages and links name a
pair or a player by a short digest of the normalised names (``key``), never by the names
themselves.

**What a night gives a pair.** Its standings on that night (``services.tournaments.standings``):
the difference and victory points it accumulated, its place; a pair disqualified keeps what it
earned, a pair that had a player replaced scores nothing (002). A night's ``score`` is the
figure the series ranks by; a pair's ``total`` sums the scores of the nights that count (every
night, or its best ``best_of`` of them: ties between nights go to the earlier one). A night a
pair did not play is absent: it counts nothing and is no night played. The series ranks by
total, then by the other figure summed over the same nights; pairs equal on both share the
place.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import defer, selectinload

from ..engine.ranking import VICTORY_POINTS, Standing
from ..extensions import db
from ..models.games import Game
from ..models.series import Series
from ..models.tournaments import Tournament, TournamentRound, TournamentTable
from . import tournaments as tournaments_service
from .season import ranks_by


def normal(name: str) -> str:
    """A player's name as the series compares it: white space collapsed, case folded."""
    return " ".join(name.split()).casefold()


def key_of(parts: Iterable[str]) -> str:
    """The short, URL-safe digest that names a pair or a player in links."""
    return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:16]


def pair_key(players: Sequence[str], name: str = "") -> str:
    """A pair's key: its two players' names normalised, in either order (a pair without
    players' names, which the app never makes, by its own name)."""
    if players:
        return key_of(sorted(normal(p) for p in players))
    return key_of(["pair", normal(name)])


def player_key(name: str) -> str:
    """A player's key: the name normalised."""
    return key_of(["player", normal(name)])


@dataclass(frozen=True)
class Night:
    """A night of the series, numbered from 1 in the order they were played."""

    number: int
    tournament_id: str
    name: str
    created_at: datetime
    standings_by: str
    language: str


@dataclass(frozen=True)
class Meeting:
    """A game of a night, from one pair's side: whom it met, the totals, what it credited."""

    night: int
    game: int
    table: int
    opponent: str
    opponent_key: str
    totals: tuple[int, int]
    #: What the game credited the pair (``None``: not finished).
    credit: int | None
    victory_points: int | None

    @property
    def outcome(self) -> str:
        """``won``, ``lost``, ``drawn`` or ``playing``."""
        if self.credit is None:
            return "playing"
        return "won" if self.credit > 0 else "lost" if self.credit < 0 else "drawn"


@dataclass
class NightResult:
    """What one night gave a pair."""

    night: Night
    number: int
    name: str
    players: list[str]
    place: str
    rank: int | None
    difference: int
    victory_points: int
    wins: int
    played: int
    disqualified: bool
    substituted: bool
    score: int
    meetings: list[Meeting] = field(default_factory=list)
    byes: list[int] = field(default_factory=list)
    #: Victory points by game number (a bye's included).
    victory: dict[int, int] = field(default_factory=dict)
    #: Whether the night counts towards the pair's total (best N of M).
    counts: bool = True


@dataclass
class SeriesRow:
    """A pair's line in the series' standings."""

    key: str
    name: str
    players: list[str]
    results: dict[int, NightResult] = field(default_factory=dict)
    total: int = 0
    other_total: int = 0
    rank: int = 0
    rank_to: int = 0

    @property
    def player_keys(self) -> list[tuple[str, str]]:
        """Each player's name with their key (the player's history's link)."""
        return [(p, player_key(p)) for p in self.players]

    @property
    def played(self) -> int:
        """Nights played."""
        return len(self.results)

    @property
    def place(self) -> str:
        """"3", or "3–4" for a place shared with pairs equal on total and the other figure."""
        return str(self.rank) if self.rank_to == self.rank else f"{self.rank}–{self.rank_to}"


@dataclass(frozen=True)
class Season:
    """A series read: its nights in order, how it ranks, and every pair's line, ranked."""

    series: Series
    nights: list[Night]
    ranks_by: str
    best_of: int | None
    rows: list[SeriesRow]

    @property
    def by_victory_points(self) -> bool:
        return self.ranks_by == VICTORY_POINTS

    def row(self, key: str) -> SeriesRow | None:
        """The pair of that key, if it played a night of the series."""
        return next((r for r in self.rows if r.key == key), None)

    @property
    def language(self) -> str:
        """The series' language: its latest night's (its papers' language), else English."""
        return self.nights[-1].language if self.nights else "en"


def _tournaments(series: Series) -> list[Tournament]:
    """The series' nights, loaded together as ``tournaments.find_tournament`` loads one (its
    pairs, rounds, tables, games): a fixed number of queries whatever the number of nights."""
    ids = [n.tournament_id for n in series.nights]
    if not ids:
        return []
    loaded = db.session.execute(
        select(Tournament).where(Tournament.id.in_(ids)).options(
            selectinload(Tournament.pairs),
            selectinload(Tournament.rounds)
            .selectinload(TournamentRound.tables)
            .selectinload(TournamentTable.game)
            # A night's standings read each game's kept figures and sides, never its rule set
            # (a large JSON per game: most of a season's load time when loaded).
            .options(defer(Game.ruleset_data), selectinload(Game.sides)))
    ).scalars().all()
    # In the order they were played; nights made at the same moment in the order added.
    added = {tid: i for i, tid in enumerate(ids)}
    return sorted(loaded, key=lambda t: (t.created_at, added[t.id]))


def _night_results(night: Night, tournament: Tournament, by: str
                   ) -> list[tuple[str, NightResult]]:
    """Every pair of the night with its key and result, its games from its side."""
    standings: list[Standing] = tournaments_service.standings(tournament)
    keys = {p.id: pair_key(p.players, p.name) for p in tournament.pairs}
    key_by_number = {p.number: keys[p.id] for p in tournament.pairs}
    names = {p.id: p.name for p in tournament.pairs}
    out: dict[int, NightResult] = {}
    for s in standings:
        score = s.victory_points if by == VICTORY_POINTS else s.difference
        out[s.number] = NightResult(
            night=night, number=s.number, name=s.name, players=list(s.players), place=s.place,
            rank=s.rank, difference=s.difference, victory_points=s.victory_points, wins=s.wins,
            played=s.played, disqualified=s.disqualified, substituted=s.substituted,
            score=score, byes=list(s.byes), victory=dict(s.victory))
    victory = {s.number: s.victory for s in standings}
    for rnd in tournament.rounds:
        for table in rnd.tables:
            view = tournaments_service.table_view(tournament, table)
            for side, pair in enumerate(table.pairs):
                other = table.pairs[1 - side]
                out[pair.number].meetings.append(Meeting(
                    night=night.number, game=rnd.number, table=table.number,
                    opponent=names[other.id], opponent_key=keys[other.id],
                    totals=(view.totals[side], view.totals[1 - side]),
                    credit=None if view.credits is None else view.credits[side],
                    victory_points=victory.get(pair.number, {}).get(rnd.number)))
    return [(key_by_number[n], r) for n, r in out.items()]


def read_season(series: Series) -> Season:
    """The series' standings: every pair of every night, known across nights by its players'
    names (see the module's notes), ranked by the series' setting."""
    by = ranks_by(series)
    nights: list[Night] = []
    rows: dict[str, SeriesRow] = {}
    for number, tournament in enumerate(_tournaments(series), start=1):
        night = Night(number, tournament.id, tournament.name, tournament.created_at,
                      tournament.standings_by, tournament.language)
        nights.append(night)
        for key, result in _night_results(night, tournament, by):
            row = rows.setdefault(key, SeriesRow(key, result.name, result.players))
            # The name as last used: nights are read in the order they were played.
            row.name, row.players = result.name, result.players
            row.results[night.number] = result
    for row in rows.values():
        _count(row, series.best_of, by)
    ranked = sorted(rows.values(), key=lambda r: (-r.total, -r.other_total, r.name.casefold()))
    start = 0
    while start < len(ranked):
        end = start + 1
        while (end < len(ranked) and (ranked[end].total, ranked[end].other_total)
               == (ranked[start].total, ranked[start].other_total)):
            end += 1
        for row in ranked[start:end]:
            row.rank, row.rank_to = start + 1, end
        start = end
    return Season(series, nights, by, series.best_of, ranked)


def _count(row: SeriesRow, best_of: int | None, by: str) -> None:
    """Mark the nights that count (the best ``best_of``; ties to the earlier night) and sum
    them."""
    results = sorted(row.results.values(), key=lambda r: (-r.score, r.night.number))
    for i, result in enumerate(results):
        result.counts = best_of is None or i < best_of
    counted = [r for r in results if r.counts]
    row.total = sum(r.score for r in counted)
    row.other_total = sum(r.difference if by == VICTORY_POINTS else r.victory_points
                          for r in counted)


@dataclass(frozen=True)
class HeadToHead:
    """Every game a pair played against another across the series, and their tally."""

    opponent_key: str
    opponent: str
    meetings: list[Meeting]

    @property
    def won(self) -> int:
        return sum(m.outcome == "won" for m in self.meetings)

    @property
    def lost(self) -> int:
        return sum(m.outcome == "lost" for m in self.meetings)

    @property
    def drawn(self) -> int:
        return sum(m.outcome == "drawn" for m in self.meetings)

    @property
    def difference(self) -> int:
        return sum(m.credit or 0 for m in self.meetings)


@dataclass(frozen=True)
class PairHistory:
    """A pair's nights in the series (each: place, score, games) and, asked, its
    head-to-head against another pair."""

    season: Season
    row: SeriesRow
    #: Every pair it met, by key, with its name as last used (the head-to-head's choices).
    opponents: dict[str, str]
    head_to_head: HeadToHead | None

    @property
    def nights(self) -> list[NightResult]:
        return [self.row.results[n.number] for n in self.season.nights
                if n.number in self.row.results]


def pair_history(season: Season, key: str, against: str | None = None) -> PairHistory | None:
    """The pair of ``key``'s history, ``None`` if it played no night; ``against``: another
    pair's key, for their head-to-head (ignored when they never met)."""
    row = season.row(key)
    if row is None:
        return None
    names = {r.key: r.name for r in season.rows}
    opponents: dict[str, str] = {}
    for result in row.results.values():
        for meeting in result.meetings:
            opponents[meeting.opponent_key] = names.get(meeting.opponent_key, meeting.opponent)
    head = None
    if against is not None and against in opponents:
        meetings = [m for n in season.nights if n.number in row.results
                    for m in row.results[n.number].meetings if m.opponent_key == against]
        head = HeadToHead(against, opponents[against], meetings)
    ordered = dict(sorted(opponents.items(), key=lambda kv: kv[1].casefold()))
    return PairHistory(season, row, ordered, head)


@dataclass(frozen=True)
class PlayerNight:
    """A night a player played: with which pair and partner, and how it went."""

    pair_key: str
    partner: str
    result: NightResult


@dataclass(frozen=True)
class PlayerHistory:
    """A player's nights in the series, whoever they played with."""

    key: str
    name: str
    nights: list[PlayerNight]

    @property
    def difference(self) -> int:
        return sum(n.result.difference for n in self.nights)

    @property
    def victory_points(self) -> int:
        return sum(n.result.victory_points for n in self.nights)


def player_history(season: Season, key: str) -> PlayerHistory | None:
    """The player of ``key``'s nights (their name as last typed), ``None`` if none."""
    found: list[PlayerNight] = []
    name = ""
    for night in season.nights:
        for row in season.rows:
            result = row.results.get(night.number)
            if result is None:
                continue
            for i, player in enumerate(result.players):
                if player_key(player) == key:
                    name = player
                    partner = result.players[1 - i] if len(result.players) == 2 else ""
                    found.append(PlayerNight(row.key, partner, result))
    return PlayerHistory(key, name, found) if found else None
