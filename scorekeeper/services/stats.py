"""Statistics across the games one browser knows, per side name and per player name.

Only the games asked for are read (a browser remembers a few dozen), never every game on the
server: other tables' games are theirs, and reading them all made each request cost seconds.
Read in three queries whatever the number of games (games, sides, players), from each game's
figures kept as it changes (``Game.side_figures``, see ``services.games.settle``): no hand is
read, nothing is recounted. Names are matched without regard to case
or extra spaces, so "Ana" and "ana " are one player.

- games played: games with at least one counted hand in which the name took part;
- games won: finished games the name's side won (a drawn game is won by nobody);
- average and best hand: over every hand of those games, the side's points in that hand;
- canastas made: the canastas of every kind entered for the side in those hands.

Sides left with the name the app gives when none is typed ("1", "2"..., or the names the caller
passes, like "Side 1") are not people: they are left out.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from ..extensions import db
from ..models import Game, Side


@dataclass
class NameStats:
    """The figures of one side name or one player name."""

    name: str
    games: set[int] = field(default_factory=set)
    won: int = 0
    hands: int = 0
    points: int = 0
    best: int | None = None
    canastas: int = 0

    @property
    def played(self) -> int:
        """Games played (with at least one hand)."""
        return len(self.games)

    @property
    def average(self) -> float | None:
        """The average hand, or ``None`` before any hand."""
        return self.points / self.hands if self.hands else None


@dataclass(frozen=True)
class Stats:
    """Statistics per side name and per player name, best first."""

    sides: list[NameStats]
    players: list[NameStats]
    games: int


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def canastas_in(entry: Mapping[str, object], position: int) -> int:
    """The canastas of every kind a stored entry gives side ``position``."""
    sides = entry.get("sides") or []
    if not isinstance(sides, list) or position >= len(sides):
        return 0
    side = sides[position]
    if not isinstance(side, Mapping):
        return 0
    counts = side.get("canastas") or {}
    if not isinstance(counts, Mapping):
        return 0
    return sum(int(n) for n in counts.values() if isinstance(n, int) and not isinstance(n, bool))


def _add(table: dict[str, NameStats], name: str, game_id: int, won: bool,
         figures: Mapping[str, int | None]) -> None:
    stats = table.setdefault(_key(name), NameStats(name=" ".join(name.split())))
    if game_id in stats.games:
        return  # one name twice in a game (two sides, or a player on both): count it once
    stats.games.add(game_id)
    stats.won += int(won)
    stats.hands += int(figures.get("hands") or 0)
    stats.points += int(figures.get("points") or 0)
    best = figures.get("best")
    if best is not None:
        stats.best = int(best) if stats.best is None else max(stats.best, int(best))
    stats.canastas += int(figures.get("canastas") or 0)


def _ranked(table: dict[str, NameStats]) -> list[NameStats]:
    return sorted(table.values(), key=lambda s: (-s.won, -s.played, s.name.casefold()))


def versions(view_token_hashes: Collection[str]) -> list[tuple[int, int]]:
    """``(game id, version)`` of each game asked for, in id order: statistics change only
    when one of these does (every change to a game raises its version)."""
    hashes = list(view_token_hashes)
    if not hashes:
        return []
    return [(row.id, row.version) for row in db.session.execute(
        select(Game.id, Game.version).where(Game.view_token_hash.in_(hashes)).order_by(Game.id))]


def collect(view_token_hashes: Collection[str], default_names: Collection[str] = ()) -> Stats:
    """Statistics over the games whose read-only token hashes are ``view_token_hashes``.

    Sides called one of ``default_names`` are left out.
    """
    unnamed = {_key(n) for n in default_names}
    hashes = list(view_token_hashes)
    if not hashes:
        return Stats(sides=[], players=[], games=0)
    games = {
        row.id: row
        for row in db.session.execute(
            select(Game.id, Game.winner, Game.drawn, Game.finished_at, Game.side_figures)
            .where(Game.view_token_hash.in_(hashes))
        )
    }
    if not games:
        return Stats(sides=[], players=[], games=0)
    ids = list(games)
    sides: dict[str, NameStats] = {}
    players: dict[str, NameStats] = {}
    played = 0
    seen: set[int] = set()
    for side in db.session.execute(
        select(Side).where(Side.game_id.in_(ids)).options(selectinload(Side.players))
        .order_by(Side.game_id, Side.position)
    ).scalars():
        game = games.get(side.game_id)
        kept = (game.side_figures or []) if game is not None else []
        figures = kept[side.position] if side.position < len(kept) else None
        if game is None or not figures or not figures.get("hands"):
            continue
        if side.game_id not in seen:
            seen.add(side.game_id)
            played += 1
        won = (game.finished_at is not None and not game.drawn
               and game.winner == side.position)
        key = _key(side.name)
        if key and key != str(side.position + 1) and key not in unnamed:
            _add(sides, side.name, side.game_id, won, figures)
        for player in side.players:
            if player.name.strip():
                _add(players, player.name, side.game_id, won, figures)
    return Stats(sides=_ranked(sides), players=_ranked(players), games=played)
