"""Tournament views: set-up, the control table, each round's tables, standings and printouts.

The organizer is whoever holds the admin token: shown once at set-up, remembered in the
session, or opened with ``?token=``. Standings and seating plans are public (they carry no
edit links).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import segno
from flask import Response, abort, request, session, url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from sqlalchemy.exc import IntegrityError

from ..browser import house_rulesets
from ..engine import PRESETS, EntryErrors, HandEnd, RuleSet, UnknownRuleSet
from ..engine.victory import DEFAULT_SCALE, parse_scale_text, scale_text
from ..extensions import db, htmx
from ..i18n import error_message, label
from ..models.tournaments import Tournament, TournamentRound
from ..ratelimit import note_token_failure
from ..services import tournaments as service
from ..services.scoring import resolve_ruleset
from ..web import render, see_other
from . import bp

SESSION_KEY = "tournament_tokens"
MAX_REMEMBERED = 20
DEFAULT_RULESET = "torneo"


# -- access --------------------------------------------------------------------------------------


def _remember(tournament_id: str, token: str) -> None:
    tokens = session.get(SESSION_KEY)
    tokens = dict(tokens) if isinstance(tokens, dict) else {}
    tokens.pop(tournament_id, None)
    tokens[tournament_id] = token
    while len(tokens) > MAX_REMEMBERED:
        tokens.pop(next(iter(tokens)))
    session[SESSION_KEY] = tokens


def _is_admin(tournament: Tournament) -> bool:
    tokens = session.get(SESSION_KEY)
    token = tokens.get(tournament.id) if isinstance(tokens, dict) else None
    return service.is_admin(tournament, token)


def _tournament_or_404(tournament_id: str, *, full: bool = False) -> Tournament:
    tournament = service.find_tournament(tournament_id, full=full)
    if tournament is None:
        abort(404)
    return tournament


def _admin_or_403(tournament_id: str, *, full: bool = False) -> Tournament:
    tournament = _tournament_or_404(tournament_id, full=full)
    if not _is_admin(tournament):
        abort(403)
    return tournament


# -- set-up --------------------------------------------------------------------------------------


def _ruleset_choices(current: RuleSet | None = None) -> list[tuple[str, str]]:
    choices = [(rs.id, _(rs.name)) for rs in PRESETS.values()]
    choices.sort(key=lambda c: c[0] != DEFAULT_RULESET)
    choices += [(rs.id, rs.name) for rs in house_rulesets(current)]
    return choices


def _missing(ruleset: RuleSet) -> list[tuple[str, str]]:
    return [(path, label(name)) for path, name in ruleset.missing_values()]


def _form_context(form: dict[str, Any], errors: dict[str, str], ruleset: RuleSet) -> dict[str, Any]:
    pairs_count = len(service.parse_pairs_text(form.get("pairs", "")))
    notes: list[str] = []
    rounds = form.get("rounds")
    if pairs_count >= 2 and isinstance(rounds, str) and rounds.isdigit() and int(rounds) >= 1:
        plan = service.schedule(pairs_count, min(int(rounds), service.MAX_ROUNDS))
        notes = service.schedule_notes(plan, pairs_count, int(rounds))
    return {
        "form": form, "errors": errors, "choices": _ruleset_choices(ruleset),
        "missing": _missing(ruleset), "ruleset": ruleset, "notes": notes,
        "languages": [("en", _("English")), ("es", _("Spanish"))],
    }


def _errors_by_field(exc: EntryErrors) -> dict[str, str]:
    out: dict[str, str] = {}
    for err in exc.errors:
        key = err.field
        if key.startswith("pairs["):
            index = int(key[6:key.index("]")])
            message = _("Line %(line)d: %(message)s", line=index + 1, message=error_message(err))
            out["pairs"] = f"{out['pairs']} {message}" if "pairs" in out else message
            continue
        out.setdefault(key, error_message(err))
    return out


@bp.get("/")
def index() -> Response:
    """The tournaments this browser organizes (newest first) and the way to set up a new one."""
    tokens = session.get(SESSION_KEY)
    ids = list(tokens) if isinstance(tokens, dict) else []
    rows = []
    for tournament_id in reversed(ids):
        tournament = service.find_tournament(tournament_id)
        if tournament is not None and _is_admin(tournament):
            rows.append(tournament)
    return render("tournaments/index.html", "tournaments/index.html", tournaments=rows)


@bp.route("/new", methods=["GET", "POST"])
def new() -> Response:
    """Set up a tournament: name, pairs, games, minutes, target, rules and missing values."""
    if request.method == "GET":
        form = {"rounds": "3", "minutes": "60", "ruleset": DEFAULT_RULESET, "name": "",
                "pairs": "", "target": "", "language": str(get_locale() or "en"),
                "prizes": str(service.DEFAULT_PRIZES), "standings_by": service.DIFFERENCE,
                "victory_scale": scale_text(DEFAULT_SCALE)}
        try:
            ruleset = resolve_ruleset(request.args.get("ruleset", DEFAULT_RULESET))
            form["ruleset"] = ruleset.id
        except UnknownRuleSet:
            ruleset = resolve_ruleset(DEFAULT_RULESET)
        form["target"] = str(ruleset.target)
        return render("tournaments/new.html", **_form_context(form, {}, ruleset))

    form = {k: request.form.get(k, "") for k in ("name", "pairs", "rounds", "minutes",
                                                 "target", "ruleset", "language", "prizes",
                                                 "standings_by", "victory_scale")}
    try:
        ruleset = resolve_ruleset(form["ruleset"] or DEFAULT_RULESET)
    except UnknownRuleSet as exc:
        ruleset = resolve_ruleset(DEFAULT_RULESET)
        return _invalid(form, {"ruleset": error_message(exc)}, ruleset)
    values = {path: request.form.get(f"value-{path}", "").strip()
              for path, _label in ruleset.missing_values()}
    form.update({f"value-{p}": v for p, v in values.items()})
    try:
        created = service.create_tournament(
            ruleset,
            name=form["name"],
            pairs=service.parse_pairs_text(form["pairs"]),
            rounds=form["rounds"],
            minutes=form["minutes"],
            target=form["target"],
            values=values,
            language=form["language"] or "en",
            prizes=form["prizes"] or service.DEFAULT_PRIZES,
            standings_by=form["standings_by"] or service.DIFFERENCE,
            victory_scale=(parse_scale_text(form["victory_scale"])
                           if form["victory_scale"].strip() else None),
        )
    except EntryErrors as exc:
        db.session.rollback()
        return _invalid(form, _errors_by_field(exc), ruleset)
    db.session.commit()
    _remember(created.tournament.id, created.admin_token)
    session["tournament_new_token"] = created.admin_token
    return see_other("tournaments.show", tournament_id=created.tournament.id)


def _invalid(form: dict[str, Any], errors: dict[str, str], ruleset: RuleSet) -> Response:
    response = render("tournaments/new.html", **_form_context(form, errors, ruleset))
    response.status_code = 422
    return response


# -- the control table ---------------------------------------------------------------------------


def _clock(seconds: int) -> str:
    hours, rest = divmod(max(0, seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def _iso(moment: datetime) -> str:
    return moment.isoformat(timespec="seconds") + "Z"


def _round_context(tournament: Tournament, rnd: TournamentRound | None) -> dict[str, Any]:
    if rnd is None:
        return {"round": None, "tables": [], "clock": "", "deadline": ""}
    left = service.seconds_left(tournament, rnd)
    return {
        "round": rnd,
        "tables": [service.table_view(tournament, t) for t in rnd.tables],
        "clock": _clock(left),
        "deadline": _iso(service.deadline(tournament, rnd)) if rnd.finished_at is None else "",
        "pair_names": {p.number: p.name for p in tournament.pairs},
    }


def _page_context(tournament: Tournament) -> dict[str, Any]:
    plan = service.plan_of(tournament)
    rnd = service.current_round(tournament) or (tournament.rounds[-1] if tournament.rounds
                                                else None)
    return {
        "tournament": tournament,
        "notes": service.schedule_notes(plan, len(tournament.pairs),
                                        tournament.rounds_planned),
        "standings": service.standings(tournament),
        **_round_context(tournament, rnd),
    }


@bp.get("/<tournament_id>")
def show(tournament_id: str) -> Response:
    """The control table: every table of the round, the round's results and the standings."""
    tournament = _tournament_or_404(tournament_id)
    token = request.args.get("token")
    if token is not None:
        if not service.is_admin(tournament, token):
            note_token_failure()
            abort(403)
        _remember(tournament.id, token)
        return see_other("tournaments.show", tournament_id=tournament.id)
    if not _is_admin(tournament):
        return see_other("tournaments.standings_page", tournament_id=tournament.id)
    new_token = session.pop("tournament_new_token", None)
    admin_url = (url_for("tournaments.show", tournament_id=tournament.id, token=new_token,
                         _external=True) if new_token else None)
    response = render("tournaments/show.html", "tournaments/_dashboard.html",
                      admin_url=admin_url, **_page_context(tournament))
    if admin_url:
        response.headers["Cache-Control"] = "private, no-store"  # the organizer link, once
    return response


@bp.get("/<tournament_id>/dashboard")
def dashboard(tournament_id: str) -> Response:
    """The live part of the control table (htmx polls it); opened directly, the control table."""
    tournament = _admin_or_403(tournament_id)
    if not htmx:
        return see_other("tournaments.show", tournament_id=tournament.id)
    return render("tournaments/_dashboard.html", "tournaments/_dashboard.html",
                  **_page_context(tournament))


def _qr(url: str) -> str:
    return str(segno.make(url, error="m").svg_data_uri(scale=4, border=2))


def _round_or_404(tournament: Tournament, number: int) -> TournamentRound:
    rnd = service.get_round(tournament, number)
    if rnd is None:
        abort(404)
    return rnd


def _round_response(tournament: Tournament, rnd: TournamentRound,
                    made: list[Any] | None = None, **extra: Any) -> Response:
    """The round's tables; with the edit links and QR codes of the tables in ``made``.

    A link is in this answer only (its token is stored hashed), so the answer is never stored.
    """
    links = {}
    for table in made or []:
        url = url_for("games.join", game_id=table.view_token, edit_token=table.new_edit_token,
                      _external=True)
        links[table.id] = {"url": url, "qr": _qr(url)}
    response = render("tournaments/round.html", tournament=tournament, links=links,
                      missing=sum(1 for t in rnd.tables if t.link_made_at is None),
                      time_up_label=label(HandEnd.TIME_UP.label),
                      notes=service.schedule_notes(service.plan_of(tournament),
                                                   len(tournament.pairs),
                                                   tournament.rounds_planned),
                      **_round_context(tournament, rnd), **extra)
    if links:
        response.headers["Cache-Control"] = "private, no-store"
    return response


@bp.get("/<tournament_id>/rounds/<int:number>")
def round_page(tournament_id: str, number: int) -> Response:
    """A round's tables and clock, with the buttons that make their edit links (admin only)."""
    tournament = _admin_or_403(tournament_id)
    return _round_response(tournament, _round_or_404(tournament, number))


@bp.post("/<tournament_id>/rounds/<int:number>/links")
def round_links(tournament_id: str, number: int) -> Response:
    """Make the edit links of the round's tables and show them with their QR codes, once.

    ``which=missing`` makes them for the tables that have none yet; ``which=all`` replaces
    every table's link (the old ones stop working).
    """
    tournament = _admin_or_403(tournament_id)
    rnd = _round_or_404(tournament, number)
    try:
        made = service.new_round_links(rnd, only_missing=request.form.get("which") != "all")
    except service.RoundClosed:
        return see_other("tournaments.round_page", tournament_id=tournament.id, number=number)
    db.session.commit()
    return _round_response(tournament, rnd, made)


@bp.post("/<tournament_id>/rounds/<int:number>/tables/<int:table>/link")
def table_link(tournament_id: str, number: int, table: int) -> Response:
    """A new edit link for one table (its old one stops working), shown once with its QR."""
    tournament = _admin_or_403(tournament_id)
    rnd = _round_or_404(tournament, number)
    row = service.find_table(rnd, table)
    if row is None:
        abort(404)
    try:
        service.new_table_link(row)
    except service.RoundClosed:
        return see_other("tournaments.round_page", tournament_id=tournament.id, number=number)
    db.session.commit()
    return _round_response(tournament, rnd, [row])


def _confirmed() -> bool:
    return request.form.get("confirm") == "1"


def _confirm_page(tournament: Tournament, action: str, **context: Any) -> Response:
    """The page that says what a desk action will do before it is done (no script needed:
    its button posts the same form again, confirmed)."""
    return render("tournaments/confirm.html", tournament=tournament, action=action,
                  clock_text=_clock, **context)


@bp.post("/<tournament_id>/rounds/<int:number>/finish")
def finish_round(tournament_id: str, number: int) -> Response:
    """Close the round: unfinished games end on time, and the next round is seated.

    With time left or tables still playing, the desk is first shown what closing will do.
    """
    tournament = _admin_or_403(tournament_id, full=True)
    rnd = service.current_round(tournament)
    if rnd is not None and rnd.number == number and not _confirmed():
        closing = service.closing_preview(tournament, rnd)
        if closing.needs_confirmation:
            return _confirm_page(tournament, "finish", round=rnd, closing=closing)
    try:
        service.finish_round(tournament, number)
        db.session.commit()
    except service.RoundClosed:
        pass  # already closed (a second tap, or another organizer): show where it stands
    except IntegrityError:
        # Closed at the same moment by another request, or a table saved a hand meanwhile.
        db.session.rollback()
    return see_other("tournaments.show", tournament_id=tournament.id)


def _pair_from_form(tournament: Tournament) -> Any:
    raw = request.form.get("pair", "")
    pair = service.find_pair(tournament, int(raw)) if raw.isdigit() else None
    return pair


def _action_error(tournament: Tournament, message: str, field: str) -> Response:
    response = render("tournaments/show.html", admin_url=None,
                      action_errors={field: message}, **_page_context(tournament))
    response.status_code = 422
    return response


@bp.post("/<tournament_id>/abandon")
def abandon(tournament_id: str) -> Response:
    """Record that a pair abandoned its game: disqualified, the opponent credited.

    Refused for a game already finished; asked first, then done.
    """
    tournament = _admin_or_403(tournament_id)
    pair = _pair_from_form(tournament)
    if pair is None:
        return _action_error(tournament, _("Choose a pair."), "abandon")
    try:
        if not _confirmed():
            table = service.abandonment_table(tournament, pair)
            return _confirm_page(tournament, "abandon", pair=pair, table=table,
                                 view=service.table_view(tournament, table))
        service.record_abandonment(tournament, pair)
    except EntryErrors as exc:
        db.session.rollback()
        return _action_error(tournament, error_message(exc.errors[0]), "abandon")
    except service.RoundClosed:
        return _action_error(tournament, _("This pair plays no game in this round."),
                             "abandon")
    db.session.commit()
    return see_other("tournaments.show", tournament_id=tournament.id)


@bp.post("/<tournament_id>/abandon/undo")
def undo_abandon(tournament_id: str) -> Response:
    """Take back an abandonment recorded in the round being played."""
    tournament = _admin_or_403(tournament_id)
    pair = _pair_from_form(tournament)
    if pair is None:
        return _action_error(tournament, _("Choose a pair."), "undo")
    try:
        service.undo_abandonment(tournament, pair)
    except EntryErrors as exc:
        return _action_error(tournament, error_message(exc.errors[0]), "undo")
    except service.RoundClosed:
        return _action_error(tournament, _("An abandonment can be taken back only while its "
                                           "game is being played."), "undo")
    db.session.commit()
    return see_other("tournaments.show", tournament_id=tournament.id)


@bp.post("/<tournament_id>/substitute")
def substitute(tournament_id: str) -> Response:
    """Record that a player of a pair was replaced: the pair scores nothing. Asked first."""
    tournament = _admin_or_403(tournament_id)
    pair = _pair_from_form(tournament)
    if pair is None:
        return _action_error(tournament, _("Choose a pair."), "substitute")
    if pair.substituted:
        return _action_error(tournament, _("A substitution is already recorded for this pair."),
                             "substitute")
    if not _confirmed():
        return _confirm_page(tournament, "substitute", pair=pair)
    service.record_substitution(pair)
    db.session.commit()
    return see_other("tournaments.show", tournament_id=tournament.id)


@bp.post("/<tournament_id>/substitute/undo")
def undo_substitute(tournament_id: str) -> Response:
    """Take back a substitution recorded by mistake."""
    tournament = _admin_or_403(tournament_id)
    pair = _pair_from_form(tournament)
    if pair is None:
        return _action_error(tournament, _("Choose a pair."), "undo")
    try:
        service.undo_substitution(tournament, pair)
    except EntryErrors as exc:
        return _action_error(tournament, error_message(exc.errors[0]), "undo")
    except service.TournamentOver:
        return _action_error(tournament, _("The tournament is over."), "undo")
    db.session.commit()
    return see_other("tournaments.show", tournament_id=tournament.id)


# -- public: standings and printouts -------------------------------------------------------------


@bp.get("/<tournament_id>/standings")
def standings_page(tournament_id: str) -> Response:
    """The standings, read-only for everyone (htmx refreshes them)."""
    tournament = _tournament_or_404(tournament_id)
    return render("tournaments/standings.html", "tournaments/_standings.html",
                  tournament=tournament, standings=service.standings(tournament),
                  admin=_is_admin(tournament))
