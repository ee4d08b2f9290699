"""Printed score sheets: the options form, blank sheets, a kept game's sheet and rules cards.

The PDFs are drawn from one template (``sheets/sheet.html`` with the macros of
``sheets/_sheet.html``) in the sheet's own language, whatever the request's. Each PDF is rendered
once per content and served from :data:`render.cache` after (keyed by a digest of its HTML: a
kept game undone and redone back to what it showed is not rendered again); a request names the
version it asks for (a kept game's ``Game.version``, paper and language; a blank sheet's or
rules card's rule-set values, format, paper and language), whose digest is remembered.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any

from flask import Response, abort, current_app, render_template, request
from flask_babel import format_date

from ..access import public
from ..browser import house_rulesets
from ..engine import PlayerFormat, RuleSet, UnknownRuleSet, ruleset_to_dict
from ..i18n import force_locale, get_locale, number, translate
from ..i18n import gettext as _
from ..models import Game
from ..services import games as games_service
from ..services import record
from ..services.scoring import resolve_ruleset
from ..web import render
from . import bp, layout, tables
from .render import PAPERS, pdf_response

#: The quick tools' rules card body (/rules/<id>): the PDF prints it when it is there.
#: Bump when the sheets' look changes, so browsers do not keep an old PDF on a 304.
LAYOUT_VERSION = "2"
DEFAULT_RULESET = "classic"
DEFAULT_PAPER = "a4"
MAX_PARAM = 100


# -- template helpers (numbers in the sheet's language) -------------------------------------------


def day(value: Any) -> str:
    """A date in the current language."""
    return str(format_date(value, format="long"))


def paper_helpers() -> dict[str, Any]:
    # A paper sheet writes points as counted: a minus sign for points taken, no plus sign.
    return {
        "number": number, "signed": number, "tr": translate, "day": day,
        "bonus_values": layout.bonus_values, "penalty_values": layout.penalty_values,
        "card_values": layout.card_values, "opening_rows": layout.opening_rows,
    }


# -- reading the options ------------------------------------------------------------------------


@dataclass
class Options:
    """The sheet options a request asks for, and what was wrong with them."""

    ruleset: RuleSet | None = None
    format: PlayerFormat | None = None
    paper: str = DEFAULT_PAPER
    lang: str = "en"
    errors: dict[str, str] = field(default_factory=dict)


def _languages() -> tuple[str, ...]:
    return tuple(current_app.config.get("LANGUAGES", ("en", "es")))


def _arg(args: Mapping[str, str], name: str) -> str:
    return (args.get(name) or "").strip()[:MAX_PARAM]


def read_paper_lang(args: Mapping[str, str], options: Options, default_lang: str) -> None:
    """The ``paper`` and ``lang`` arguments into ``options`` (errors under their names)."""
    paper = _arg(args, "paper").lower() or DEFAULT_PAPER
    if paper in PAPERS:
        options.paper = paper
    else:
        options.errors["paper"] = _("Choose A4 or Letter paper.")
    lang = _arg(args, "lang").lower() or default_lang
    if lang in _languages():
        options.lang = lang
    else:
        options.errors["lang"] = _("Choose English, Spanish, Portuguese or Italian.")


def read_options(args: Mapping[str, str]) -> Options:
    """The blank sheet's options from the query string; defaults for what is left out."""
    options = Options()
    ruleset_id = _arg(args, "ruleset") or DEFAULT_RULESET
    try:
        options.ruleset = resolve_ruleset(ruleset_id)
    except UnknownRuleSet:
        options.errors["ruleset"] = _("There is no rule set called “%(id)s”.", id=ruleset_id)
    players = _arg(args, "players")
    if options.ruleset is not None:
        if not players:
            options.format = options.ruleset.formats[0]
        else:
            try:
                options.format = options.ruleset.find_format(players)
            except KeyError:
                options.errors["players"] = _(
                    "These rules are not played that way: choose one of the formats listed."
                )
    read_paper_lang(args, options, str(get_locale() or "en"))
    return options


def ruleset_choices(current: RuleSet | None = None) -> list[RuleSet]:
    """The presets, then this browser's house rules (with ``current``, the one shown)."""
    from ..engine import PRESETS

    return list(PRESETS.values()) + house_rulesets(current)


def _options_page(options: Options, status: int = 200) -> Response:
    rs = options.ruleset or resolve_ruleset(DEFAULT_RULESET)
    response = render(
        "sheets/index.html", "sheets/_options_form.html",
        options=options, ruleset=rs, choices=ruleset_choices(rs), papers=PAPERS,
        languages=_languages(),
    )
    response.status_code = status
    return response


# -- serving a PDF ------------------------------------------------------------------------------


def _pdf_response(key: Hashable, make_html: Any, *, paper: str, landscape: bool,
                  filename: str, inputs: Any = None) -> Response:
    return pdf_response(key, make_html, version=LAYOUT_VERSION, paper=paper,
                        landscape=landscape, filename=filename, inputs=inputs)


def _ruleset_key(rs: RuleSet) -> str:
    data = json.dumps(ruleset_to_dict(rs), sort_keys=True, default=str)
    return hashlib.sha256(data.encode()).hexdigest()


def _sheet_html(sheet: layout.Sheet, lang: str, paper: str,
                changes: list[Any] | None = None) -> str:
    from ..games.changes import by_label, change_sentence

    with force_locale(lang):
        return render_template("sheets/sheet.html", sheet=sheet, lang=lang, paper=paper,
                               changes=changes, change_sentence=change_sentence,
                               change_by=by_label, **paper_helpers())


# -- the views ----------------------------------------------------------------------------------


@bp.get("/")
@public("the sheets to print")
def index() -> Response:
    """The options form that leads to a blank sheet (a GET form: it works without JavaScript)."""
    options = read_options(request.args)
    if "players" in options.errors and options.ruleset is not None:
        # Other rules were just chosen: their formats are shown, the first one picked.
        del options.errors["players"]
        options.format = options.ruleset.formats[0]
    return _options_page(options, 422 if options.errors else 200)


@bp.get("/blank.pdf")
@public("a blank sheet")
def blank() -> Response:
    """A blank sheet for ``ruleset``, ``players``, ``paper`` and ``lang``."""
    options = read_options(request.args)
    if options.errors or options.ruleset is None or options.format is None:
        return _options_page(options, 422)
    rs, fmt = options.ruleset, options.format
    key = ("blank", _ruleset_key(rs), fmt.id, options.paper, options.lang)
    return _pdf_response(key, lambda: blank_sheet_html(rs, fmt, options.paper, options.lang),
                         paper=options.paper, landscape=True,
                         filename=f"canasta-{rs.id}-{options.paper}.pdf")


def blank_sheet_html(rs: RuleSet, fmt: PlayerFormat, paper: str, lang: str) -> str:
    """The HTML of a blank sheet (printed landscape on ``paper``)."""
    return _sheet_html(layout.blank_sheet(rs, fmt), lang, paper)


def _bad_request(options: Options) -> Response:
    response = render("sheets/bad_request.html", errors=options.errors)
    response.status_code = 400
    return response


def game_sheet_model(game: Game, lang: str) -> layout.Sheet:
    """The filled-in sheet of a kept game, its lines in ``lang``."""
    rs = games_service.ruleset_of(game)
    fmt = games_service.format_of(game)
    with force_locale(lang):
        state = games_service.game_state(game, translate)
        sides = [layout.SideInfo(s.name, tuple(p.name for p in s.players)) for s in game.sides]
        hands = [
            layout.KeptHand(
                number=row.number, result=hand.result, totals=row.totals, running=row.running,
                minimums=row.minimums, dealer=row.dealer, end=row.end, conditions=row.conditions,
                total_only=row.total_only,
            )
            for hand, row in zip(game.hands, state.hands, strict=True)
        ]
        return layout.filled_sheet(
            rs, fmt, sides=sides, hands=hands, translate=translate, target=game.target,
            started=game.created_at, finished=game.finished_at, winner=game.winner,
            drawn=game.drawn, abandoned=record.abandoned_side(game), carried=state.carried,
        )


@bp.get("/games/<game_id>.pdf")
@public("a game reads with its public id")
def game_sheet(game_id: str) -> Response:
    """A kept game's sheet, in the game's language unless ``?lang=`` says otherwise; with
    ``?changes=1``, followed by the game's change log."""
    game = games_service.find_game(game_id)
    if game is None:
        abort(404)
    # A tournament game's sheet is its table's: the tournament's head, in its language.
    table = tables.table_of(game)
    options = Options()
    read_paper_lang(request.args, options,
                    table.round.tournament.language if table is not None else game.language)
    if options.errors:
        return _bad_request(options)
    # ``?changes=1`` prints the game's change log after the sheet (who changed what, when).
    with_changes = request.args.get("changes") == "1"
    # Keyed by the game's public handle, not its row id: a row id can be used again.
    # A substitute named at the desk changes the sheet, not the game's version.
    # A table's head also says what its tournament's desk knows (its seating as planned, how
    # the game ended, its credits), which the game's version does not follow.
    key = ("game", game.view_token_hash, game.version, options.paper, options.lang, with_changes,
           table is not None, repr(table.substitutes) if table is not None else None,
           repr(tables.head_of(table)) if table is not None else None)

    def make_html() -> str:
        changes = record.changes_of(game) if with_changes else None
        sheet = game_sheet_model(game, options.lang)
        if table is not None:
            sheet = tables.with_head(sheet, table)
        return _sheet_html(sheet, options.lang, options.paper, changes)

    inputs = None
    if table is None and not with_changes:
        # What the sheet is drawn from, cheaper to gather than its HTML: a version that shows
        # what an earlier one did (an undo, then a redo) finds that one's PDF.
        def inputs() -> Any:
            return game_sheet_inputs(game, options.lang)

    stamp = (game.created_at.date().isoformat() if game.created_at else "game")
    return _pdf_response(key, make_html, paper=options.paper, landscape=True,
                         filename=f"canasta-{stamp}.pdf", inputs=inputs)


def game_sheet_inputs(game: Game, lang: str) -> list[Any]:
    """Everything :func:`game_sheet_model` draws a kept game's sheet from, in ``lang`` (the
    dates as the sheet prints them: days)."""
    def day_of(moment: Any) -> str | None:
        return moment.date().isoformat() if moment is not None else None

    return [
        lang, game.ruleset_id, game.ruleset_name, game.ruleset_data, game.format_id,
        game.target, game.first_dealer, game.starting_totals,
        [(side.name, [p.name for p in side.players]) for side in game.sides],
        [(hand.number, hand.entry, hand.result, hand.totals) for hand in game.hands],
        day_of(game.created_at), day_of(game.finished_at), game.winner, game.drawn,
        record.abandoned_side(game),
    ]


@bp.get("/rules/<ruleset_id>.pdf")
@public("reads a rule set")
def rules_card_pdf(ruleset_id: str) -> Response:
    """A one-page card of a rule set's values."""
    try:
        rs = resolve_ruleset(ruleset_id)
    except UnknownRuleSet:
        abort(404)
    options = Options()
    read_paper_lang(request.args, options, str(get_locale() or "en"))
    if options.errors:
        return _bad_request(options)
    key = ("rules", _ruleset_key(rs), options.paper, options.lang)
    return _pdf_response(key, lambda: rules_card_html(rs, options.lang), paper=options.paper,
                         landscape=False, filename=f"canasta-rules-{rs.id}.pdf")


def rules_card_html(rs: RuleSet, lang: str) -> str:
    """The HTML of a rule set's card (printed portrait)."""
    with force_locale(lang):
        return render_template("sheets/rules_card.html", ruleset=rs, lang=lang, **paper_helpers())

