"""The papers a tournament desk files and hands out, and the results it types from paper.

* Table sheets (002: one per table and game, handed to the organization): one table's
  (``/rounds/<n>/tables/<t>/sheet.pdf``: its hands if it keeps score in the app, else a blank
  sheet), every table's of a game (``/sheets/<n>.pdf``, also for a game not seated yet: "as
  planned") or of every game of the night (``/sheets.pdf``), to file.
* The seating plan of each game, the pairs' slips and the standings (with the prize list).
* A table's final totals typed from its paper sheet (the round page's form).

Every PDF is in the tournament's language and rendered once per content (:mod:`.pdf`); a
version of the tournament printed before is answered from the cache before the tournament is
loaded (:func:`.pdf.cached_pdf`).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from flask import Response, abort, render_template, request

from .. import access, page_errors
from ..access import guard, public
from ..engine import EntryErrors
from ..engine.ranking import VICTORY_POINTS
from ..engine.seating import Seating
from ..i18n import error_message
from ..i18n import gettext as _
from ..models.tournaments import Tournament, TournamentTable
from ..services import confirmed, desk, record
from ..services import tournaments as service
from ..sheets import layout, tables
from ..sheets.render import PAPERS
from ..sheets.views import game_sheet_model, paper_helpers
from ..web import see_other
from . import bp, standings_paper
from .pdf import cached_pdf, tournament_pdf
from .views import round_or_404, round_response, tournament_or_404

# -- a table's result typed from its paper sheet ---------------------------------------------


@bp.post("/<tournament_id>/rounds/<int:number>/tables/<int:table>/result")
@guard(access.tournament_desk)
def paper_result(tournament_id: str, number: int, table: int) -> Response:
    """The desk types a table's final totals from its paper sheet (the round page's form)."""
    typed = _typed()
    desk.paper_result(tournament_id, number, table, [typed["total_a"], typed["total_b"]],
                      by=record.BY_DESK, text=True)
    return see_other("tournaments.round_page", tournament_id=tournament_id, number=number,
                     _anchor=f"table-{table}")


def _typed() -> dict[str, str]:
    return {"total_a": request.form.get("total_a", ""),
            "total_b": request.form.get("total_b", "")}


@page_errors.shown_again("tournaments.paper_result")
def _shown_again(error: Exception, message: str, status: int) -> Response:
    """The round page again (``page_errors``): totals that cannot be as typed, each message by
    its box (422); a round closed meanwhile as it now stands; any other refusal by the round."""
    args = request.view_args or {}
    tournament_id, number, table = args["tournament_id"], args["number"], args["table"]
    tournament = tournament_or_404(tournament_id)
    rnd = round_or_404(tournament, number)
    if isinstance(error, service.RoundClosed):
        # Closed by another desk (or a second tap) meanwhile: the round as it now stands.
        return round_response(tournament, rnd)
    if not isinstance(error, EntryErrors):
        return page_errors.shown_by_blueprint(error, message, status)
    errors: dict[str, str] = {}
    for err in error.errors:
        key = {"totals[0]": "total_a", "totals[1]": "total_b"}.get(err.field, "totals")
        errors.setdefault(key, error_message(err))
    response = round_response(tournament, rnd, paper_errors={table: errors},
                              paper_typed={table: _typed()})
    response.status_code = status
    return response


# -- table sheets --------------------------------------------------------------------------


def _table_sheets_html(tournament: Tournament, sheets: list[layout.Sheet], title: str) -> str:
    return render_template("sheets/table_sheets.html", sheets=sheets, title=title,
                           lang=tournament.language, paper="a4", **paper_helpers())


def seated_sheet(tournament: Tournament, row: TournamentTable) -> layout.Sheet:
    """A seated table's sheet: the single game's sheet with its hands when the table keeps
    score in the app, else the blank sheet (with the result typed from it, once typed)."""
    if tables.kept(row):
        return tables.with_head(game_sheet_model(row.game, tournament.language), row)
    return tables.blank_table_sheet(tournament, row.round.number, row.number, row.pairs, row)


@bp.get("/<tournament_id>/rounds/<int:number>/tables/<int:table>/sheet.pdf")
@public("a tournament's papers are public, as its standings")
def table_sheet(tournament_id: str, number: int, table: int) -> Response:
    """A table's sheet: its hands if it keeps score in the app, else a blank sheet with the
    tournament, table, game, pairs and values printed (and its typed result, once typed)."""
    filename = f"table-{table}-game-{number}.pdf"
    early = cached_pdf(tournament_id, ("table", number, table), filename, landscape=True)
    if early is not None:
        return early
    tournament = tournament_or_404(tournament_id, full=True)
    rnd = round_or_404(tournament, number)
    row = service.find_table(rnd, table)
    if row is None:
        abort(404)

    def make_html() -> str:
        sheet = seated_sheet(tournament, row)
        return _table_sheets_html(tournament, [sheet], _("Table %(n)d", n=table))

    return tournament_pdf(tournament, ("table", number, table), make_html, filename,
                          landscape=True)


@bp.get("/<tournament_id>/sheets/<int:number>.pdf")
@public("a tournament's papers are public, as its standings")
def game_sheets(tournament_id: str, number: int) -> Response:
    """Every table's sheet for game ``number``, one page each: blank to hand out before it
    starts (002: the tables keep score on paper; a game not seated yet as planned), and once
    played each table's completed sheet, as its own sheet prints it (to file)."""
    early = cached_pdf(tournament_id, ("sheets", number), f"sheets-game-{number}.pdf",
                       landscape=True)
    if early is not None:
        return early
    tournament = tournament_or_404(tournament_id, full=True)
    if not 1 <= number <= tournament.rounds_planned:
        abort(404)
    by_number = {p.number: p for p in tournament.pairs}
    seating = _seating_or_404(tournament, number)
    rnd = service.get_round(tournament, number)

    def make_html() -> str:
        if rnd is not None:
            # Seated: each table's sheet as it stands (its hands, once counted in the app).
            sheets = [seated_sheet(tournament, row) for row in rnd.tables]
        else:
            sheets = [tables.blank_table_sheet(tournament, number, n,
                                               (by_number[a], by_number[b]))
                      for n, a, b in seating.tables]
        return _table_sheets_html(tournament, sheets, _("Game %(n)d", n=number))

    return tournament_pdf(tournament, ("sheets", number), make_html,
                          f"sheets-game-{number}.pdf", landscape=True)


@bp.get("/<tournament_id>/sheets.pdf")
@public("a tournament's papers are public, as its standings")
def night_sheets(tournament_id: str) -> Response:
    """Every seated game's table sheets in one PDF, game by game and table by table, to file
    the night's papers: each as the table's own sheet prints it (its hands, or the paper
    sheet's result)."""
    early = cached_pdf(tournament_id, "night-sheets", "sheets-night.pdf", landscape=True)
    if early is not None:
        return early
    tournament = tournament_or_404(tournament_id, full=True)
    if not tables.night_sheets_printable(tournament):
        abort(404)

    def make_html() -> str:
        sheets = [seated_sheet(tournament, row)
                  for rnd in tournament.rounds for row in rnd.tables]
        return _table_sheets_html(tournament, sheets, tournament.name)

    return tournament_pdf(tournament, "night-sheets", make_html, "sheets-night.pdf",
                          landscape=True)


def _seating_or_404(tournament: Tournament, number: int) -> Seating:
    """Game ``number``'s seating; a Swiss game not seated yet has none (it is seated from
    the standings when the game before closes)."""
    known = service.seatings(tournament)
    if number > len(known):
        abort(404)
    return known[number - 1]


# -- seating plans, slips, standings ------------------------------------------------------------


@bp.get("/<tournament_id>/seating/<int:number>.pdf")
@public("a tournament's papers are public, as its standings")
def seating_pdf(tournament_id: str, number: int) -> Response:
    """The seating plan of a game: as seated, or, for a game not seated yet, as 002's
    rotation plans it."""
    early = cached_pdf(tournament_id, ("seating", number), f"seating-{number}.pdf")
    if early is not None:
        return early
    tournament = tournament_or_404(tournament_id)
    if not 1 <= number <= tournament.rounds_planned:
        abort(404)
    seating = _seating_or_404(tournament, number)

    def make_html() -> str:
        by_number = {p.number: p for p in tournament.pairs}
        rnd = service.get_round(tournament, number)
        rows = [{"number": n, "pairs": (by_number[a], by_number[b])}
                for n, a, b in seating.tables]
        return render_template("tournaments/pdf_seating.html", tournament=tournament,
                               number=number, rows=rows, planned=rnd is None,
                               byes=[by_number[n] for n in seating.byes],
                               hands=service.hands_per_game(tournament))

    return tournament_pdf(tournament, ("seating", number), make_html, f"seating-{number}.pdf")


@bp.get("/<tournament_id>/slips.pdf")
@public("a tournament's papers are public, as its standings")
def slips_pdf(tournament_id: str) -> Response:
    """One slip per pair to hand out at reception: its table in every game (as planned)."""
    early = cached_pdf(tournament_id, "slips", "slips.pdf")
    if early is not None:
        return early
    tournament = tournament_or_404(tournament_id)

    def make_html() -> str:
        by_number = {p.number: p for p in tournament.pairs}
        games: dict[int, list[dict[str, Any]]] = {p.number: [] for p in tournament.pairs}
        for index, seating in enumerate(service.seatings(tournament), start=1):
            for n, a, b in seating.tables:
                games[a].append({"game": index, "table": n, "against": by_number[b]})
                games[b].append({"game": index, "table": n, "against": by_number[a]})
            for pair in seating.byes:
                games[pair].append({"game": index, "table": None, "against": None})
        slips = [{"pair": p, "games": sorted(games[p.number], key=lambda g: g["game"])}
                 for p in tournament.pairs if p.disqualified_round is None]
        return render_template("tournaments/pdf_slips.html", tournament=tournament,
                               slips=slips)

    return tournament_pdf(tournament, "slips", make_html, "slips.pdf")


def results_by_game(tournament: Tournament) -> list[dict[str, Any]]:
    """Each game's tables as the standings print them: pairs, totals, credits, how it ended
    (and the hands played: the empty hand that settles a game is none)."""
    out = []
    endings = service.table_endings(tournament, [t for r in tournament.rounds for t in r.tables])
    for rnd in tournament.rounds:
        rows = []
        for table in rnd.tables:
            view = service.table_view(tournament, table)
            rows.append({"table": table, "view": view, "ending": endings[table.id],
                         "paper": table.paper_totals is not None})
        out.append({"round": rnd, "tables": rows,
                    "byes": [p for p in tournament.pairs if p.number in rnd.byes]})
    return out


def standings_html(tournament: Tournament, paper: str = "a4") -> str:
    """The standings printout's HTML on ``paper`` (in the current language): laid out to fit
    its width (:mod:`.standings_paper`), landscape when its columns need it."""
    standings = service.standings(tournament)
    prizes = [row for row in standings if row.rank is not None
              and row.rank <= tournament.prizes]
    by_vp = tournament.standings_by == VICTORY_POINTS
    corrected = service.corrected_results(tournament)
    fit = standings_paper.standings_layout(standings, tournament.rounds_planned, by_vp, paper,
                                           corrected)
    results = results_by_game(tournament)
    scale = service.victory_scale_of(tournament)
    return render_template(
        "tournaments/pdf_standings.html", tournament=tournament, standings=standings,
        prizes=prizes, results=results, settled=service.settled_games(tournament),
        waiting_results=sum(confirmed.waits(tournament, table)
                            for rnd in tournament.rounds for table in rnd.tables),
        by_vp=by_vp, scale=scale, scale_rows=standings_paper.halves(list(scale.rows())),
        bye_points=service.bye_points_of(tournament), fit=fit, paper=PAPERS[paper],
        game_cell=partial(standings_paper.game_cell, corrected=corrected), corrected=corrected,
        halves=standings_paper.halves,
        how_short=standings_paper.how_short,
        full_width=standings_paper.FULL_WIDTH_TABLES,
        result_widths=standings_paper.results_columns(results, fit.usable, fit.font),
        results_legend=standings_paper.results_legend())


def _paper_arg() -> str:
    paper = request.args.get("paper", "a4").strip().lower() or "a4"
    if paper not in PAPERS:
        abort(404)
    return paper


@bp.get("/<tournament_id>/standings.pdf")
@public("the standings are public")
def standings_pdf(tournament_id: str) -> Response:
    """The standings as PDF (``?paper=letter`` for Letter, A4 otherwise): the prize list,
    every pair's games and credits, then each game's results table by table."""
    paper = _paper_arg()
    early = cached_pdf(tournament_id, ("standings", paper), "standings.pdf", paper=paper)
    if early is not None:
        return early
    tournament = tournament_or_404(tournament_id)
    return tournament_pdf(tournament, ("standings", paper),
                          lambda: standings_html(tournament, paper), "standings.pdf",
                          paper=paper)
