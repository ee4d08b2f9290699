"""Quick answers that need no game: the opening minimum and the rules card.

Nothing here is stored: each page reads its question from the URL (so it can be bookmarked and
works with JavaScript off) and htmx only swaps in the answer as the person types.
"""

from __future__ import annotations

import re
from typing import Any

from flask import Response, request, url_for

from .. import browser
from ..access import public
from ..engine import PRESETS, RuleSet, UnknownRuleSet, flow
from ..engine.numbers import whole
from ..extensions import htmx
from ..i18n import error_message, number
from ..i18n import gettext as _
from ..services.scoring import resolve_ruleset
from ..web import render, see_other
from . import bp

DEFAULT_RULESET = "classic"
#: The API's bound on a running total: far beyond any real game, small enough to show.
MAX_TOTAL = 1_000_000

def ruleset_choices(current: RuleSet | None = None) -> list[tuple[str, list[tuple[str, str]]]]:
    """The rule sets a person may pick, grouped: the presets, then this browser's house rules
    (with ``current``, the one shown)."""
    choices = browser.ruleset_choices(current)
    groups = [(_("Standard rules"), [c for c in choices if c[0] in PRESETS])]
    house = [c for c in choices if c[0] not in PRESETS]
    if house:
        groups.append((_("House rules"), house))
    return groups


# -- the opening minimum ----------------------------------------------------------------------

_GROUPED = re.compile(r"[+-]?\d{1,3}(?:([.,'])\d{3})(?:\1\d{3})*")


def parse_total(raw: str) -> int:
    """A running total as people type it: ``1650``, ``-120``, ``1,650``, ``1.650``, ``−120``.

    Raises :class:`ValueError` when it is not a whole number.
    """
    text = raw.strip().replace("\u2212", "-").replace("\u00a0", "").replace(" ", "")
    if _GROUPED.fullmatch(text):
        # Thousands separators either way (1,650 in English, 1.650 in Spanish): a total is a
        # whole number, so "1.650" can only mean one thousand six hundred and fifty.
        text = re.sub(r"[.,']", "", text)
    if re.fullmatch(r"[+-]?\d{10,}", text):
        # Far too big for a Canasta total, but a number: the caller says it is out of range.
        return -(10**9) if text.startswith("-") else 10**9
    if not re.fullmatch(r"[+-]?\d{1,9}", text):
        raise ValueError(raw)
    return int(text)


@bp.get("/opening-minimum")
@public("reads a rule set")
def opening_minimum() -> Response:
    """The first-meld minimum for ``?ruleset=<id>&score=<running total>``."""
    errors: dict[str, str] = {}
    ruleset_id = request.args.get("ruleset", "").strip() or DEFAULT_RULESET
    rs: RuleSet | None
    try:
        rs = resolve_ruleset(ruleset_id)
    except UnknownRuleSet as exc:
        rs = None
        errors["ruleset"] = error_message(exc) + " " + _("Choose one from the list.")
    raw = request.args.get("score", "")
    raw_round = request.args.get("round", "")
    round_ = whole(raw_round) if raw_round.strip() else None
    if raw_round.strip() and (round_ is None or not 1 <= round_ <= flow.MAX_ROUNDS):
        errors["round"] = _("Type the round as a whole number from 1 to %(high)d.",
                            high=flow.MAX_ROUNDS)
        round_ = None
    if rs is not None and flow.by_round(rs) and not raw.strip() and round_ is not None:
        raw = "0"  # by round the score does not matter: the round alone answers
    score: int | None = None
    if raw.strip():
        try:
            score = parse_total(raw)
        except ValueError:
            errors["score"] = _("Type the running total as a whole number, like 1650 or -120.")
        else:
            if abs(score) > MAX_TOTAL:
                errors["score"] = _("That total is out of range: type a number between "
                                    "%(low)s and %(high)s.",
                                    low=number(-MAX_TOTAL), high=number(MAX_TOTAL))
                score = None
    shown = rs or PRESETS[DEFAULT_RULESET]
    answer = None
    if rs is not None and score is not None and "score" not in errors and "round" not in errors:
        need = flow.opening(rs, total=score, round_=round_ or 1)
        answer = {"minimum": need.minimum, "condition": need.condition, "band": need.row,
                  "round": need.round}
    response = render(
        "quick/opening_minimum.html", "quick/_opening_result.html",
        ruleset=shown, ruleset_id=ruleset_id, raw_score=raw, score=score, answer=answer,
        raw_round=raw_round, round_=round_, by_round=flow.by_round(shown),
        round_rulesets=[i for i, r in PRESETS.items() if flow.by_round(r)]
        + ([shown.id] if flow.by_round(shown) and shown.id not in PRESETS else []),
        errors=errors, choices=ruleset_choices(rs), oob=bool(htmx),
    )
    # htmx does not swap 4xx answers: the partial says what is wrong with a 200.
    if errors and not htmx:
        response.status_code = 422
    return response


# -- the rules card ---------------------------------------------------------------------------


def _rules_context(rs: RuleSet) -> dict[str, Any]:
    return {"ruleset": rs, "choices": ruleset_choices(rs),
            "print_url": url_for("sheets.rules_card_pdf", ruleset_id=rs.id)}


@bp.get("/rules")
@public("reads the rule sets")
def rules_index() -> Response:
    """The selector's answer: ``?ruleset=<id>`` goes to that rule set's card."""
    ruleset_id = request.args.get("ruleset", "").strip() or DEFAULT_RULESET
    if htmx:
        # Swap the card in place and put its own address in the bar (bookmarkable).
        response = rules_card(ruleset_id)
        if response.status_code == 200:
            response.headers["HX-Push-Url"] = url_for("quick.rules_card", ruleset_id=ruleset_id)
        return response
    return see_other("quick.rules_card", ruleset_id=ruleset_id)


@bp.get("/rules/<ruleset_id>")
@public("reads a rule set")
def rules_card(ruleset_id: str) -> Response:
    """Every value of one rule set on one page."""
    try:
        rs = resolve_ruleset(ruleset_id)
    except UnknownRuleSet as exc:
        response = render("quick/rules_unknown.html", message=error_message(exc),
                          choices=ruleset_choices())
        response.status_code = 404
        return response
    return render("quick/rules.html", "quick/_rules_main.html", **_rules_context(rs))

