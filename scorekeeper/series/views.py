"""Series pages: set one up, its desk (nights added and removed, settings), its public
standings, a pair's and a player's history.

The series' desk is whoever holds its desk token, as a tournament's: shown once at set-up,
remembered in the session, or opened with ``?token=``. A night is added from the tournaments
this browser organizes (the session holds their admin tokens: the proof they are the
desk's), or by pasting a night's desk link. The standings and histories are public: the
series' id is their link.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

from flask import Response, abort, request, session

from .. import access
from ..access import guard, public
from ..browser import desk_link_kept, remember_token
from ..engine import EntryErrors
from ..engine.ranking import STANDINGS_BY
from ..i18n import error_message
from ..i18n import gettext as _
from ..models.series import Series
from ..network import public_url
from ..ratelimit import note_token_failure
from ..services import season
from ..services import season_standings as reader
from ..services import tournaments as tournaments_service
from ..web import render, see_other
from . import bp

SESSION_KEY = access.SERIES_TOKENS
MAX_REMEMBERED = 10


def _token(series_id: str) -> str | None:
    tokens = session.get(SESSION_KEY)
    token = tokens.get(series_id) if isinstance(tokens, dict) else None
    return token if isinstance(token, str) else None


def _is_admin(series_id: str) -> bool:
    return season.is_admin(series_id, _token(series_id))


def _series_or_404(series_id: str) -> Series:
    found = season.find_series(series_id)
    if found is None:
        abort(404)
    return found


def _errors(exc: EntryErrors) -> dict[str, str]:
    out: dict[str, str] = {}
    for err in exc.errors:
        out.setdefault(err.field, error_message(err))
    return out


@bp.get("/")
@public("this browser's own series")
def index() -> Response:
    """The series this browser runs, and the form that sets up a new one."""
    return _index({"name": "", "ranks_by": "", "best_of": ""}, {})


def _index(form: dict[str, str], errors: dict[str, str], status: int = 200) -> Response:
    tokens = session.get(SESSION_KEY)
    ids = list(tokens) if isinstance(tokens, dict) else []
    rows = [s for sid in reversed(ids)
            if (s := season.find_series(sid)) is not None and _is_admin(sid)]
    response = render("series/index.html", series_list=rows, form=form, errors=errors,
                      standings_by=STANDINGS_BY)
    response.status_code = status
    return response


@bp.post("/")
@public("anyone may group their nights in a series")
def new() -> Response:
    """Set up a series: its name, what ranks it and how many nights count."""
    form = {k: request.form.get(k, "") for k in ("name", "ranks_by", "best_of")}
    try:
        created = season.create_series({"name": form["name"],
                                        "ranks_by": form["ranks_by"] or None,
                                        "best_of": form["best_of"].strip() or None})
    except EntryErrors as exc:
        return _index(form, _errors(exc), 422)
    remember_token(SESSION_KEY, created.series.id, created.admin_token, MAX_REMEMBERED)
    session["series_new_token"] = created.admin_token
    return see_other("series.desk", series_id=created.series.id)


def _organized(series: Series) -> list[Any]:
    """The tournaments this browser organizes that are not nights of the series yet."""
    kept = session.get(access.DESK_TOKENS)
    tokens: dict[str, Any] = kept if isinstance(kept, dict) else {}
    ids = list(tokens)
    taken = {n.tournament_id for n in series.nights}
    out = []
    for tid in reversed(ids):
        if tid in taken:
            continue
        tournament = tournaments_service.find_tournament(tid)
        if tournament is not None and tournaments_service.is_admin(tournament, tokens[tid]):
            out.append(tournament)
    return out


def _desk_page(series: Series, errors: dict[str, str] | None = None, status: int = 200,
               desk_url: str | None = None, settings: dict[str, str] | None = None,
               link: str = "") -> Response:
    """The desk; ``settings``: the settings form as typed (refused), else the series' own;
    ``link``: a night's desk link as pasted (refused)."""
    shown = settings if settings is not None else {
        "name": series.name, "ranks_by": series.ranks_by or "",
        "best_of": "" if series.best_of is None else str(series.best_of)}
    response = render("series/desk.html", series=series, season=reader.read_season(series),
                      organized=_organized(series), errors=errors or {}, desk_url=desk_url,
                      settings=shown, link=link, standings_by=STANDINGS_BY,
                      public_link=public_url("series.standings", series_id=series.id))
    response.status_code = status
    if desk_url:
        response.headers["Cache-Control"] = "private, no-store"  # the desk link, once
    return response


@bp.get("/<series_id>")
@public("the desk with its token; anyone else is sent to the standings")
def desk(series_id: str) -> Response:
    """The series' desk: its nights, the way to add one, its settings."""
    series = _series_or_404(series_id)
    if desk_link_kept(SESSION_KEY, series_id, lambda token: season.is_admin(series_id, token),
                      MAX_REMEMBERED):
        return see_other("series.desk", series_id=series_id)
    if not _is_admin(series_id):
        return see_other("series.standings", series_id=series_id)
    new_token = session.pop("series_new_token", None)
    desk_url = (public_url("series.desk", series_id=series_id, token=new_token)
                if new_token else None)
    return _desk_page(series, desk_url=desk_url)


def _from_link(link: str) -> tuple[str, str] | None:
    """A night's desk link (``…/tournaments/<id>?token=<token>``) as its id and token."""
    parts = urlsplit(link.strip())
    path = parts.path.rstrip("/").split("/")
    token = parse_qs(parts.query).get("token", [""])[0]
    if len(path) < 2 or path[-2] != "tournaments" or not token:
        return None
    return path[-1], token


@bp.post("/<series_id>/nights")
@guard(access.series_desk)
def add_night(series_id: str) -> Response:
    """Add a night: one this browser organizes, or one whose desk link is pasted."""
    chosen = request.form.get("tournament", "")
    link = request.form.get("link", "")
    if link.strip():
        found = _from_link(link)
        if found is None or not season.opens_night(*found):
            if found is not None:
                note_token_failure()
            return _desk_page(_series_or_404(series_id), {"link": _(
                "That is not a night's desk link: paste the link the night's control table "
                "was opened with (it holds “?token=”).")}, 422, link=link)
        tournament_id = found[0]
    else:
        tokens = session.get(access.DESK_TOKENS)
        token = tokens.get(chosen) if isinstance(tokens, dict) else None
        if not season.opens_night(chosen, token):
            return _desk_page(_series_or_404(series_id), {"tournament": _(
                "Choose a night this browser organizes, or paste its desk link.")}, 422)
        tournament_id = chosen
    try:
        season.add_night(series_id, tournament_id)
    except EntryErrors as exc:
        return _desk_page(_series_or_404(series_id), _errors(exc), 422)
    return see_other("series.desk", series_id=series_id)


@bp.post("/<series_id>/nights/<tournament_id>/remove")
@guard(access.series_desk)
def remove_night(series_id: str, tournament_id: str) -> Response:
    """Take a night out of the series (the tournament stays as it is), once the desk has
    seen what changes and confirmed."""
    if request.form.get("confirm") != "1":
        series = _series_or_404(series_id)
        read = reader.read_season(series)
        night = next((n for n in read.nights if n.tournament_id == tournament_id), None)
        if night is None:
            abort(404)
        pairs = sum(night.number in row.results for row in read.rows)
        return render("series/confirm_remove.html", series=series, night=night, pairs=pairs)
    try:
        season.remove_night(series_id, tournament_id)
    except season.NightNotFound:
        abort(404)
    return see_other("series.desk", series_id=series_id)


@bp.post("/<series_id>/settings")
@guard(access.series_desk)
def settings(series_id: str) -> Response:
    """Change the series' name, what ranks it and how many nights count."""
    form = {k: request.form.get(k, "") for k in ("name", "ranks_by", "best_of")}
    try:
        season.update_settings(series_id, {"name": form["name"],
                                           "ranks_by": form["ranks_by"] or None,
                                           "best_of": form["best_of"].strip() or None})
    except EntryErrors as exc:
        return _desk_page(_series_or_404(series_id), _errors(exc), 422, settings=form)
    return see_other("series.desk", series_id=series_id)


# -- public: standings and histories -------------------------------------------------------------


@bp.get("/<series_id>/standings")
@public("a series' standings are public")
def standings(series_id: str) -> Response:
    """The series' standings, read-only for everyone."""
    series = _series_or_404(series_id)
    return render("series/standings.html", series=series, season=reader.read_season(series),
                  admin=_is_admin(series_id))


@bp.get("/<series_id>/pairs/<key>")
@public("a series' histories are public, as its standings")
def pair(series_id: str, key: str) -> Response:
    """A pair's nights, its games and, with ``?against=<key>``, its head-to-head."""
    series = _series_or_404(series_id)
    history = reader.pair_history(reader.read_season(series), key, request.args.get("against"))
    if history is None:
        abort(404)
    return render("series/pair.html", series=series, history=history)


@bp.get("/<series_id>/players/<key>")
@public("a series' histories are public, as its standings")
def player(series_id: str, key: str) -> Response:
    """A player's nights, whoever they played with."""
    series = _series_or_404(series_id)
    season_read = reader.read_season(series)
    history = reader.player_history(season_read, key)
    if history is None:
        abort(404)
    return render("series/player.html", series=series, season=season_read, history=history)
