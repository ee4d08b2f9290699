"""Tournament pages: set-up, the control table, each round's tables, the standings. The desk's
actions are ``tournaments.desk_actions``, the pairs' ``pairs_desk``, the printouts ``papers``.

The organizer is whoever holds the admin token: shown once at set-up, remembered in the
session, or opened with ``?token=``. Standings and seating plans are public (they carry no
edit links).
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from flask import Response, abort, request, session

from .. import access, config
from ..access import guard, public
from ..browser import desk_link_kept, house_rulesets, remember_token
from ..engine import (
    PRESETS,
    EntryErrors,
    HandEnd,
    RuleSet,
    UnknownRuleSet,
    flow,
)
from ..engine.movements import ROTATION, SEATING_METHODS, SeatingRefused
from ..engine.movements import plan as movement_plan
from ..engine.numbers import whole
from ..engine.ranking import DIFFERENCE, VICTORY_POINTS
from ..engine.victory import (
    DEFAULT_BYE,
    DEFAULT_SCALE,
    TOTAL,
    parse_scale_text,
    read_bye,
    scale_text,
)
from ..extensions import htmx
from ..i18n import error_message, get_locale, label
from ..i18n import gettext as _
from ..models.tournaments import Tournament, TournamentRound
from ..network import public_url
from ..services import confirmations, season, table_cards
from ..services import pairs as night
from ..services import tournaments as service
from ..services.clock import (
    BELL,
    MAX_EXTEND,
    TABLES_START,
    clock_of,
    format_clock,
    waits_for_bell,
)
from ..services.confirmed import RESULTS_COUNT, SAVED
from ..services.scoring import resolve_ruleset
from ..sheets import tables
from ..web import qr_svg, render, see_other
from . import bp

SESSION_KEY = access.DESK_TOKENS
MAX_REMEMBERED = 20
DEFAULT_RULESET = "torneo"


# -- access --------------------------------------------------------------------------------------


def _remember(tournament_id: str, token: str) -> None:
    remember_token(SESSION_KEY, tournament_id, token, MAX_REMEMBERED)


def _is_admin(tournament: Tournament) -> bool:
    tokens = session.get(SESSION_KEY)
    token = tokens.get(tournament.id) if isinstance(tokens, dict) else None
    return service.is_admin(tournament, token)


def tournament_or_404(tournament_id: str, *, full: bool = False) -> Tournament:
    tournament = service.find_tournament(tournament_id, full=full)
    if tournament is None:
        abort(404)
    return tournament


@bp.app_context_processor
def victory_point_values() -> dict[str, int]:
    """The victory-point scale's total and a bye's default, as ``engine.victory`` declares them
    (the set-up form's and the standings' words name them; the standings print anywhere)."""
    return {"victory_total": TOTAL, "victory_default_bye": DEFAULT_BYE}


@bp.context_processor
def desk_form_globals() -> dict[str, Any]:
    """A fresh request key for each desk form (``_desk_fields.html``), and the clock's
    ``m:ss`` (time left, on the pages and papers)."""
    return {"new_request_key": lambda: uuid.uuid4().hex, "max_extend": MAX_EXTEND,
            "clock_text": format_clock}


# -- set-up --------------------------------------------------------------------------------------


def _ruleset_choices(current: RuleSet | None = None) -> list[dict[str, str]]:
    """The drop-down's rule sets, each with what a tournament of it is set up with (its
    target, standings and scale, ``data-*`` on its option for ``static/js/follow_ruleset.js``)."""
    presets = sorted(PRESETS.values(), key=lambda rs: rs.id != DEFAULT_RULESET)
    rulesets = [(rs, _(rs.name)) for rs in presets]
    rulesets += [(rs, rs.name) for rs in house_rulesets(current)]
    return [{"id": rs.id, "label": name, **_followed_values(rs)} for rs, name in rulesets]


def _followed_values(ruleset: RuleSet) -> dict[str, str]:
    """The set-up form's values that follow the rule set chosen, as the form shows them."""
    defaults = service.tournament_defaults(ruleset)
    return {"target": str(defaults.target), "standings_by": defaults.standings_by,
            "victory_scale": defaults.victory_scale or scale_text(DEFAULT_SCALE)}


def _follow_ruleset(form: dict[str, Any], ruleset: RuleSet) -> None:
    """The target, the standings and the victory-point scale follow the rule set chosen
    unless the organizer typed values of their own (as the new-game form's target does:
    ``games.views._follow_target``).

    ``shown_ruleset`` names the rule set the form was filled from. A value left empty, or
    still that rule set's when another one is chosen, becomes the chosen rule set's: a Burraco
    tournament picked in the drop-down ranks on FIBUR's victory points and plays to 2,005
    (issue 42). With JavaScript the page does the same at once (``static/js/follow_ruleset.js``);
    without it, this is where a form posted right after another rule set was picked gets them.
    """
    shown = form.get("shown_ruleset") or ""
    before: dict[str, str] | None = None
    if shown and shown != ruleset.id:
        try:
            before = _followed_values(resolve_ruleset(shown))
        except UnknownRuleSet:
            before = None
    now = _followed_values(ruleset)
    for key in ("target", "standings_by", "victory_scale"):
        typed = str(form.get(key, "")).strip()
        if not typed or (before is not None and _same(key, typed, before[key])):
            form[key] = now[key]
    form["shown_ruleset"] = ruleset.id


def _same(key: str, typed: str, shown: str) -> bool:
    """Whether a typed value is still the one the form was filled with (as a number, a scale)."""
    if key == "target":
        return whole(typed) == whole(shown)
    if key == "victory_scale":
        return parse_scale_text(typed) == parse_scale_text(shown)
    return typed == shown


def _missing(ruleset: RuleSet) -> list[tuple[str, str]]:
    return [(path, label(name)) for path, name in ruleset.missing_values()]


def _form_context(form: dict[str, Any], errors: dict[str, str], ruleset: RuleSet) -> dict[str, Any]:
    pairs_count = len(service.parse_pairs_text(form.get("pairs", "")))
    notes: list[str] = []
    rounds = whole(form.get("rounds"))
    if pairs_count >= 2 and rounds is not None and 1 <= rounds <= service.MAX_ROUNDS:
        notes = _planned_notes(form.get("seating_method") or ROTATION, pairs_count, rounds,
                               _typed_bye(form))
    return {
        "form": form, "errors": errors, "choices": _ruleset_choices(ruleset),
        "missing": _missing(ruleset), "ruleset": ruleset, "notes": notes,
        "languages": list(config.LANGUAGE_NAMES.items()),
        "max_pairs": service.MAX_PAIRS, "max_rounds": service.MAX_ROUNDS,
        "max_hands": flow.MAX_ROUNDS,
        "seating_methods": SEATING_METHODS, "tables_start": TABLES_START,
        "results_count": RESULTS_COUNT,
    }


def _typed_bye(form: dict[str, Any]) -> int | None:
    """What a bye credits on the night the set-up form describes: its bye points on a
    victory-point night (the default where they are not a number yet), ``None`` else."""
    if form.get("standings_by") != VICTORY_POINTS:
        return None
    try:
        return read_bye(form.get("bye_victory_points"))
    except ValueError:
        return read_bye(None)


def _planned_notes(method: str, pairs: int, rounds: int,
                   bye_points: int | None = None) -> list[str]:
    """What the chosen seating will do, for the set-up page (nothing when it cannot seat
    them: the refusal is shown by its field)."""
    try:
        return service.schedule_notes(movement_plan(method, pairs, rounds), pairs, rounds,
                                      bye_points=bye_points)
    except SeatingRefused:
        return []


def _errors_by_field(exc: EntryErrors) -> dict[str, str]:
    out: dict[str, str] = {}
    for err in exc.errors:
        key = err.field
        if key.startswith("pairs["):
            # The pairs are typed one a line: the message says which line, and which part of
            # it, as the desk typed it (issue 43: "Line 21: At most 60 characters." named no
            # part of the line).
            index = int(key[6:key.index("]")])
            part = key[key.index("]") + 1:].lstrip(".").split("[")[0]
            if part == "name":
                message = _("Line %(line)d, the pair's name: %(message)s", line=index + 1,
                            message=error_message(err))
            elif part == "players":
                message = _("Line %(line)d, the players' names: %(message)s", line=index + 1,
                            message=error_message(err))
            else:
                message = _("Line %(line)d: %(message)s", line=index + 1,
                            message=error_message(err))
            out["pairs"] = f"{out['pairs']} {message}" if "pairs" in out else message
            continue
        out.setdefault(key, error_message(err))
    return out


@bp.get("/")
@public("this browser's own tournaments")
def index() -> Response:
    """The tournaments this browser organizes (newest first) and the way to set up a new one."""
    tokens = session.get(SESSION_KEY)
    ids = list(tokens) if isinstance(tokens, dict) else []
    rows = []
    for tournament_id in reversed(ids):
        tournament = service.find_tournament(tournament_id)
        if tournament is not None and _is_admin(tournament):
            rows.append(tournament)
    # "In play" once game 1 has begun, not from the set-up on (QA, 2026-12-05).
    return render("tournaments/index.html", "tournaments/index.html", tournaments=rows,
                  started={t.id for t in rows if night.started(t)})


@bp.route("/new", methods=["GET", "POST"])
@public("anyone may run a tournament")
def new() -> Response:
    """Set up a tournament: name, pairs, games, minutes, target, rules and missing values."""
    if request.method == "GET":
        form = {"rounds": "3", "minutes": "60", "warn_minutes": "10",
                "ruleset": DEFAULT_RULESET, "name": "", "pairs": "", "target": "",
                "language": str(get_locale() or "en"),
                "prizes": str(service.DEFAULT_PRIZES), "standings_by": DIFFERENCE,
                "victory_scale": scale_text(DEFAULT_SCALE),
                "bye_victory_points": str(DEFAULT_BYE), "seating_method": ROTATION,
                "tables_start": BELL, "hands_per_game": "", "results_count": SAVED}
        try:
            ruleset = resolve_ruleset(request.args.get("ruleset", DEFAULT_RULESET))
            form["ruleset"] = ruleset.id
        except UnknownRuleSet:
            ruleset = resolve_ruleset(DEFAULT_RULESET)
        # Burraco tournaments rank by FIBUR's victory points (VARIANTS-2.md 12.4): the rule
        # set's tournament defaults (services.tournaments.tournament_defaults).
        form.update(_followed_values(ruleset), shown_ruleset=ruleset.id)
        return render("tournaments/new.html", **_form_context(form, {}, ruleset))

    form = {k: request.form.get(k, "") for k in ("name", "pairs", "rounds", "minutes",
                                                 "warn_minutes", "target", "ruleset",
                                                 "language", "prizes", "standings_by",
                                                 "victory_scale", "bye_victory_points",
                                                 "seating_method", "tables_start",
                                                 "hands_per_game", "shown_ruleset",
                                                 "results_count")}
    try:
        ruleset = resolve_ruleset(form["ruleset"] or DEFAULT_RULESET)
    except UnknownRuleSet as exc:
        ruleset = resolve_ruleset(DEFAULT_RULESET)
        return _invalid(form, {"ruleset": error_message(exc)}, ruleset)
    _follow_ruleset(form, ruleset)
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
            warn_minutes=form["warn_minutes"],
            target=form["target"],
            values=values,
            language=form["language"] or "en",
            prizes=form["prizes"] or service.DEFAULT_PRIZES,
            standings_by=form["standings_by"] or None,
            victory_scale=(parse_scale_text(form["victory_scale"])
                           if form["victory_scale"].strip() else None),
            bye_victory_points=form["bye_victory_points"],
            seating_method=form["seating_method"] or ROTATION,
            tables_start=form["tables_start"] or BELL,
            hands_per_game=form["hands_per_game"],
            results_count=form["results_count"] or SAVED,
        )
    except EntryErrors as exc:
        return _invalid(form, _errors_by_field(exc), ruleset)
    _remember(created.tournament.id, created.admin_token)
    session["tournament_new_token"] = created.admin_token
    return see_other("tournaments.show", tournament_id=created.tournament.id)


def _invalid(form: dict[str, Any], errors: dict[str, str], ruleset: RuleSet) -> Response:
    response = render("tournaments/new.html", **_form_context(form, errors, ruleset))
    response.status_code = 422
    return response


# -- the control table ---------------------------------------------------------------------------


_clock = format_clock


def _iso(moment: datetime) -> str:
    return moment.isoformat(timespec="seconds") + "Z"


def _round_context(tournament: Tournament, rnd: TournamentRound | None) -> dict[str, Any]:
    if rnd is None:
        return {"round": None, "tables": [], "clock": "", "deadline": "", "clock_state": None,
                "waiting_for_bell": False}
    state = clock_of(tournament, rnd)
    return {
        "round": rnd,
        "tables": [service.table_view(tournament, t) for t in rnd.tables],
        "clock": _clock(state.seconds_left),
        "clock_state": state,
        "waiting_for_bell": waits_for_bell(tournament, rnd),
        "deadline": _iso(state.deadline) if state.deadline is not None else "",
        "pair_names": {p.number: p.name for p in tournament.pairs},
    }


def page_context(tournament: Tournament) -> dict[str, Any]:
    rnd = service.current_round(tournament) or (tournament.rounds[-1] if tournament.rounds
                                                else None)
    return {
        "tournament": tournament,
        "notes": service.notes_of(tournament),
        "standings": service.standings(tournament),
        "bye_points": service.bye_points_of(tournament),
        "night_sheets": tables.night_sheets_printable(tournament),
        "settled": service.settled_games(tournament),
        "corrected": service.corrected_results(tournament),
        "waiting_results": confirmations.waiting_results(tournament),
        **_round_context(tournament, rnd),
    }


@bp.get("/<tournament_id>")
@public("the desk with its token; anyone else is sent to the standings")
def show(tournament_id: str) -> Response:
    """The control table: every table of the round, the round's results and the standings."""
    tournament = tournament_or_404(tournament_id)
    if desk_link_kept(SESSION_KEY, tournament.id,
                      lambda token: service.is_admin(tournament, token), MAX_REMEMBERED):
        return see_other("tournaments.show", tournament_id=tournament.id)
    if not _is_admin(tournament):
        return see_other("tournaments.standings_page", tournament_id=tournament.id)
    new_token = session.pop("tournament_new_token", None)
    # At the other phones' address (the LAN's, where the desk is on the laptop itself): the
    # organizer may open it on a phone.
    admin_url = (public_url("tournaments.show", tournament_id=tournament.id, token=new_token)
                 if new_token else None)
    response = render("tournaments/show.html", "tournaments/_dashboard.html",
                      admin_url=admin_url, **page_context(tournament))
    if admin_url:
        response.headers["Cache-Control"] = "private, no-store"  # the organizer link, once
    return response


@bp.get("/<tournament_id>/dashboard")
@guard(access.tournament_desk)
def dashboard(tournament_id: str) -> Response:
    """The live part of the control table (htmx polls it); opened directly, the control table."""
    tournament = tournament_or_404(tournament_id)
    if not htmx:
        return see_other("tournaments.show", tournament_id=tournament.id)
    return render("tournaments/_dashboard.html", "tournaments/_dashboard.html",
                  **page_context(tournament))


def round_or_404(tournament: Tournament, number: int) -> TournamentRound:
    rnd = service.get_round(tournament, number)
    if rnd is None:
        abort(404)
    return rnd


def round_response(tournament: Tournament, rnd: TournamentRound,
                    made: list[Any] | None = None, **extra: Any) -> Response:
    """The round's tables; with the edit links and QR codes of the tables in ``made``.

    A link is in this answer only (its token is stored hashed), so the answer is never stored.
    """
    links = {}
    for table in made or []:
        # For the table's phone: at the LAN's address where the desk is on the laptop itself.
        url = public_url("games.join", game_id=table.view_token, edit_token=table.new_edit_token)
        links[table.id] = {"url": url, "qr": qr_svg(url, scale=4)}
    response = render("tournaments/round.html", tournament=tournament, links=links,
                      missing=sum(1 for t in rnd.tables if t.link_made_at is None),
                      carded={card.number for card in table_cards.cards(tournament)},
                      time_up_label=label(HandEnd.TIME_UP.label),
                      # Burraco's clock takes the going-out bonus alone (rulesets.py)
                      time_up_cards_count=service.ruleset_of(tournament).time_up_cards_count,
                      notes=service.notes_of(tournament),
                      **_round_context(tournament, rnd), **extra)
    if links:
        response.headers["Cache-Control"] = "private, no-store"
    return response


@bp.get("/<tournament_id>/rounds/<int:number>")
@guard(access.tournament_desk)
def round_page(tournament_id: str, number: int) -> Response:
    """A round's tables and clock, with the buttons that make their edit links (admin only)."""
    tournament = tournament_or_404(tournament_id)
    return round_response(tournament, round_or_404(tournament, number))


# -- public: standings and printouts -------------------------------------------------------------


@bp.get("/<tournament_id>/standings")
@public("the standings are public")
def standings_page(tournament_id: str) -> Response:
    """The standings, read-only for everyone (htmx refreshes them)."""
    tournament = tournament_or_404(tournament_id)
    return render("tournaments/standings.html", "tournaments/_standings.html",
                  tournament=tournament, standings=service.standings(tournament),
                  bye_points=service.bye_points_of(tournament), admin=_is_admin(tournament),
                  settled=service.settled_games(tournament),
                  corrected=service.corrected_results(tournament),
                  series=season.series_of_night(tournament.id))
