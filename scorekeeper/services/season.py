"""A club's season: a series of tournament nights, made and changed here (its standings and
histories are read in ``services.season_standings``).

Access works as a tournament's desk does: whoever creates a series gets its desk token (shown
once, stored hashed); adding a night needs the series' token and, as proof that the night is
theirs to add, that night's own desk (admin) token. Each change takes the series' row lock
(``SELECT … FOR UPDATE`` on PostgreSQL, ``BEGIN IMMEDIATE`` on SQLite) and loads the series
after it, so two desks adding nights at once cannot mix a series' ranking. Operations flush
and never commit (the request commits once).

A series ranks by summed ``difference`` or summed ``victory_points``; left unset, it ranks as
its nights do, and nights ranked differently are never mixed in one series (the night that
would mix them is refused, saying so).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from ..engine import N_, EntryErrors, FieldError
from ..engine.ranking import DIFFERENCE, STANDINGS_BY, VICTORY_POINTS
from ..extensions import db
from ..models.series import Series, SeriesNight
from ..models.tournaments import Tournament
from . import games as games_service
from .bodies import Body, Field, Kind
from .text import is_storable
from .writing import locked

#: Longest series name (the column's width).
MAX_NAME = 120
#: The most nights a series holds (a club night a week for two years, and then some).
MAX_NIGHTS = 120
ID_BYTES = 9

_RANKS_BY = Field("ranks_by", Kind.CHOICE, N_("Choose difference or victory points."),
                  choices=tuple(STANDINGS_BY), nullable=True, required=False,
                  description="What ranks the series: summed difference or summed victory "
                              "points; null or left out: what its nights rank by")
_BEST_OF = Field("best_of", Kind.WHOLE, N_("A whole number from %(low)d to %(high)d, or "
                                            "empty for every night."),
                 low=1, high=MAX_NIGHTS, digits=True, nullable=True, blank=True,
                 required=False,
                 description="A pair's best this many nights count (best N of M); null or "
                             "left out: every night counts")

#: What creating a series reads (the API's body and the set-up form alike).
NEW_SERIES = Body(
    fields=(
        Field("name", Kind.NAME, N_("Give the series a name."), high=MAX_NAME,
              description="The series' name (a season, a league)"),
        _RANKS_BY,
        _BEST_OF,
    ),
    examples=({"name": "Winter league 2027", "ranks_by": "difference", "best_of": 2},),
)

#: What changing a series' settings reads (each left out keeps its value).
SETTINGS = Body(fields=(
    Field("name", Kind.NAME, N_("Give the series a name."), high=MAX_NAME, required=False,
          blank=True, description="The series' name; left out or null: unchanged (a blank "
                                  "one is refused)"),
    _RANKS_BY,
    _BEST_OF,
))

#: What adding a night reads: the night and its desk token, the proof it is the caller's.
NIGHT = Body(
    fields=(
        Field("tournament", Kind.KEY, N_("There is no tournament with that id."), low=1,
              high=24, description="The night's tournament id"),
        Field("admin_token", Kind.KEY, N_("That admin token does not open this tournament."),
              low=1, high=128, description="The night's admin token (its desk's credential)"),
    ),
    examples=({"tournament": "Xq3…", "admin_token": "…"},),
)


@dataclass(frozen=True)
class NewSeries:
    """A series just made, with its desk token (shown once, then only its hash is kept)."""

    series: Series
    admin_token: str


class SeriesNotFound(LookupError):
    """There is no series with that id."""


class NightNotFound(LookupError):
    """The series has no night of that tournament."""


#: Why a night is refused, by what the series' nights rank by (a night ranked otherwise).
MIXED = {
    DIFFERENCE: N_("That night is ranked by victory points and this series' nights by "
                   "difference: nights ranked differently cannot be summed in one series."),
    VICTORY_POINTS: N_("That night is ranked by difference and this series' nights by victory "
                       "points: nights ranked differently cannot be summed in one series."),
}


def create_series(data: Mapping[str, object]) -> NewSeries:
    """Make a series from ``NEW_SERIES``'s fields as the client sent them; raises
    :class:`EntryErrors` (``name``, ``ranks_by``, ``best_of``)."""
    errors: list[FieldError] = []
    read = {f.name: f.read(data.get(f.name), errors) for f in NEW_SERIES.fields}
    if errors:
        raise EntryErrors(errors)
    token = games_service.new_token()
    series = Series(id=secrets.token_urlsafe(ID_BYTES), name=read["name"],
                    admin_token_hash=games_service.hash_token(token),
                    ranks_by=read["ranks_by"], best_of=read["best_of"], version=1)
    db.session.add(series)
    db.session.flush()
    return NewSeries(series, token)


def find_series(series_id: str) -> Series | None:
    """The series with its nights' rows (the nights' tournaments are loaded by the reader)."""
    if not series_id or len(series_id) > 24:
        return None
    return db.session.execute(
        select(Series).where(Series.id == series_id).options(selectinload(Series.nights))
    ).scalar_one_or_none()


def find_head(series_id: str) -> str | None:
    """The series' desk token hash (one small query), for the access check before a change."""
    if not series_id or len(series_id) > 24:
        return None
    return db.session.execute(
        select(Series.admin_token_hash).where(Series.id == series_id)).scalar_one_or_none()


def is_admin(series_id: str, token: str | None) -> bool:
    """Whether ``token`` is the series' desk token."""
    stored = find_head(series_id)
    return stored is not None and games_service.token_matches(token, stored)


def _token_hash(tournament_id: object) -> str | None:
    """The stored desk token digest of the tournament ``tournament_id``; ``None``: no such
    tournament."""
    if not isinstance(tournament_id, str):
        return None
    # A form's pasted link may hold what no database stores (NUL): no tournament has that id.
    if not tournament_id or len(tournament_id) > 24 or not is_storable(tournament_id):
        return None
    stored: str | None = db.session.execute(
        select(Tournament.admin_token_hash).where(Tournament.id == tournament_id)
    ).scalar_one_or_none()
    return stored


def opens_night(tournament_id: object, token: object) -> bool | None:
    """Whether ``token`` is the desk token of the tournament ``tournament_id`` (the proof a
    night is the caller's to add); ``None`` when there is no tournament of that id (ids are
    public: its standings page shows it, so a mistyped id may be told apart)."""
    stored = _token_hash(tournament_id)
    if stored is None:
        return None
    return isinstance(token, str) and games_service.token_matches(token, stored)


def _lock(series_id: str) -> Series:
    series = db.session.execute(
        locked(select(Series).where(Series.id == series_id), Series)
        .options(selectinload(Series.nights).selectinload(SeriesNight.tournament))
        .execution_options(populate_existing=True)
    ).scalar_one_or_none()
    if series is None:
        raise SeriesNotFound(series_id)
    return series


def nights_rank_by(series: Series) -> str | None:
    """What the series' nights rank by (they never differ), ``None`` with no night yet."""
    return series.nights[0].tournament.standings_by if series.nights else None


def ranks_by(series: Series) -> str:
    """What ranks the series: its setting, else what its nights rank by (002's difference
    with no night yet)."""
    return series.ranks_by or nights_rank_by(series) or DIFFERENCE


def series_of_night(tournament_id: str) -> list[Series]:
    """The series a night is in, the oldest first: its standings page links to them."""
    return list(db.session.scalars(
        select(Series).join(SeriesNight, SeriesNight.series_id == Series.id)
        .where(SeriesNight.tournament_id == tournament_id).order_by(Series.created_at)))


def add_night(series_id: str, tournament_id: str) -> Series:
    """Add the tournament as a night of the series (the caller checked both tokens).

    Raises :class:`SeriesNotFound`, :class:`EntryErrors` on ``tournament``: no such
    tournament, already a night of the series, ranked otherwise than the series' nights, or the
    series full.
    """
    series = _lock(series_id)
    tournament = db.session.get(Tournament, tournament_id)
    if tournament is None:
        raise EntryErrors([FieldError("tournament", N_("There is no tournament with that id."))])
    if any(n.tournament_id == tournament_id for n in series.nights):
        raise EntryErrors([FieldError("tournament",
                                      N_("That night is already in the series."))])
    if len(series.nights) >= MAX_NIGHTS:
        raise EntryErrors([FieldError("tournament", N_("A series holds at most %(max)d "
                                                       "nights."), max=MAX_NIGHTS)])
    theirs = nights_rank_by(series)
    if theirs is not None and theirs != tournament.standings_by:
        raise EntryErrors([FieldError("tournament", MIXED[theirs])])
    series.nights.append(SeriesNight(tournament=tournament))
    series.version += 1
    db.session.flush()
    return series


def remove_night(series_id: str, tournament_id: str) -> Series:
    """Take the night out of the series (the tournament itself stays as it is).

    Raises :class:`SeriesNotFound`, or :class:`LookupError` for a night not in the series.
    """
    series = _lock(series_id)
    night = next((n for n in series.nights if n.tournament_id == tournament_id), None)
    if night is None:
        raise NightNotFound(tournament_id)
    series.nights.remove(night)
    series.version += 1
    db.session.flush()
    return series


def update_settings(series_id: str, data: Mapping[str, object]) -> Series:
    """Change what ``data`` holds of ``SETTINGS`` (name, ranks_by, best_of; a key left out
    keeps its value, a name given blank is refused). Raises :class:`SeriesNotFound`,
    :class:`EntryErrors`."""
    errors: list[FieldError] = []
    read = {f.name: f.read(data.get(f.name), errors)
            for f in SETTINGS.fields if f.name in data}
    if "name" in read and not read["name"] and not errors:
        # A name given blank (a form's field emptied) is no name: the series keeps needing one.
        errors.append(FieldError("name", N_("Give the series a name.")))
    if errors:
        raise EntryErrors(errors)
    series = _lock(series_id)
    if "name" in read:
        series.name = read["name"]
    if "ranks_by" in read:
        series.ranks_by = read["ranks_by"]
    if "best_of" in read:
        series.best_of = read["best_of"]
    series.version += 1
    db.session.flush()
    return series
