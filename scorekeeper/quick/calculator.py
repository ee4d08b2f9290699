"""The one-hand calculator: the count screen of a game, for one hand, nothing stored."""

from __future__ import annotations

from flask import Response, request, url_for

from ..access import public
from ..browser import ruleset_choices
from ..engine import PRESETS, EntryErrors, HandResult, ShapeError, UnknownRuleSet
from ..extensions import htmx
from ..games.count_form_layout import count_layout
from ..games.forms import count_context, hand_body_from_form
from ..i18n import error_message, label
from ..i18n import gettext as _
from ..services.scoring import count_hand, resolve_ruleset
from ..web import render
from . import bp


@bp.route("/calculator", methods=["GET", "POST"])
@public("counts a hand and stores nothing")
def calculator() -> Response:
    """Choose the rules and player format, enter one hand, see each side's itemised count."""
    source = request.values
    problems: list[str] = []
    try:
        rs = resolve_ruleset(source.get("ruleset") or "classic")
    except UnknownRuleSet as exc:
        rs = PRESETS["classic"]
        problems.append(error_message(exc) + " " + _("Showing %(name)s instead.",
                                                    name=label(rs.name)))
    fmt_id = source.get("format")
    fmt = rs.formats[0]
    if fmt_id:
        try:
            fmt = rs.find_format(fmt_id, fmt_id)
        except KeyError:
            problems.append(_("These rules have no such player format: showing %(format)s.",
                              format=label(fmt.label)))
    layout = count_layout(rs, fmt)
    counting = request.method == "POST" and not problems
    result: HandResult | None = None
    errors: EntryErrors | None = None
    if counting:
        try:
            result = count_hand(rs, hand_body_from_form(request.form, rs, fmt))[1]
        except EntryErrors as exc:
            errors = exc
        except ShapeError:
            errors = EntryErrors([])
    ctx = count_context(
        layout,
        side_names=[_("Side %(n)d", n=i + 1) for i in layout.sides],
        values=request.form if counting else {},
        action=url_for("quick.calculator"),
        preview_url=url_for("quick.calculator"),
        hidden={"ruleset": rs.id, "format": fmt.id},
        result=result,
        errors=errors,
        submit_label=_("Count the hand"),
        live=bool(htmx),
        typing=request.form.get("typing") if htmx else None,
    )
    rulesets = ruleset_choices(rs)
    response = render("quick/calculator.html", "games/_count_preview.html", oob=bool(htmx),
                      ruleset=rs, format=fmt, rulesets=rulesets, problems=problems, **ctx)
    if errors is not None and not htmx:
        response.status_code = 422
    return response
