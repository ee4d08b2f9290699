"""House rules: clone a preset, change any of its values, delete it.

The form's inputs are named after the engine's field paths, so each engine error is shown next
to its own input; nothing is stored until the engine accepts the whole rule set.

House rules belong to the browser that made them: its session keeps their edit token (the edit
link ``/games/house-rules/<id>/join/<token>`` brings it to another phone). Any other browser
can read them and start a game with them, never change or delete them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask import Response, abort, make_response, request

from .. import access, browser
from ..access import guard, public
from ..engine import PRESETS, CanastaKind, EntryErrors, Penalty, Premio, RuleSet
from ..engine.declared import Empty
from ..i18n import error_message, label
from ..i18n import gettext as _
from ..i18n import lazy_gettext as _l
from ..models import HouseRules
from ..network import public_url
from ..ratelimit import limit_token_failures
from ..services import house_rules as service
from ..services import text
from ..services.games import new_token
from ..web import render, see_other
from . import bp
from . import house_rules_form as form

GOING_OUT_FLAGS: tuple[tuple[str, Any], ...] = (
    ("concealed", _l("All in one go (concealed): no meld needed before")),
    ("plus_going_out_bonus", _l("Also earns the plain going-out bonus")),
    ("hand_cards_positive", _l("Partner's cards in hand count for the side")),
)


def field_labels(rs: RuleSet, band_rows: list[int]) -> dict[str, str]:
    """What each input is called, for the list of errors at the top of the form."""
    labels = {"name": _("Name")}
    for _title, fields in form.form_sections(rs, _):
        labels.update({f.name: f.label for f in fields})
    for i, kind in enumerate(rs.going_out):
        p = f"going_out_kinds[{i}]."
        labels[p + "points"] = f"{label(kind.label)}: {_('Bonus')}"
        labels.update({p + flag: f"{label(kind.label)}: {flag_label}"
                       for flag, flag_label in GOING_OUT_FLAGS})
    labels["opening_minimums.negative"] = _("Opening minimum with a negative total")
    for row in band_rows:
        p = f"opening_minimums.bands[{row}]."
        labels[p + "from"] = _("Opening minimum, row %(n)d: from a total of", n=row + 1)
        labels[p + "minimum"] = _("Opening minimum, row %(n)d: minimum", n=row + 1)
        labels[p + "condition"] = _("Opening minimum, row %(n)d: the first meld must be",
                                    n=row + 1)
    catalogues: tuple[tuple[str, str, Sequence[Premio | Penalty]], ...] = (
        ("premios", _("Premios"), rs.premios), ("penalties", _("Penalties"), rs.penalties))
    for key, title, items in catalogues:
        rows = [(str(i), label(item.label)) for i, item in enumerate(items)]
        for slot, name in [*rows, (form.NEW_ROW, _("Add one"))]:
            labels[f"{key}[{slot}].label"] = f"{title}, {name}: {_('Name')}"
            labels[f"{key}[{slot}].points"] = f"{title}, {name}: {_('Points')}"
    return labels


def _error_map(errors: EntryErrors) -> tuple[dict[str, list[str]], list[str]]:
    """Messages by input name; messages that fit no input go at the top of the form."""
    by_field: dict[str, list[str]] = {}
    for error in errors.errors:
        by_field.setdefault(error.field, []).append(error_message(error))
    return by_field, []


def _edit_context(house: HouseRules, rs: RuleSet, values: Mapping[str, Any],
                  errors: dict[str, list[str]]) -> dict[str, Any]:
    bands = len(rs.opening_minimums.bands)
    rows = form.band_rows(values)
    band_rows = list(range(max([bands - 1, *rows]) + 2))[: form.MAX_BANDS]
    return {
        "house": house,
        "ruleset": rs,
        "base": PRESETS.get(house.based_on),
        "values": values,
        "errors": errors,
        "sections": form.form_sections(rs, _),
        "going_out_flags": GOING_OUT_FLAGS,
        "band_rows": band_rows,
        "opening_conditions": [(value, _(text)) for value, text in form.OPENING_CONDITIONS],
        "labels": field_labels(rs, band_rows) if errors else {},
        "catalogues": (
            ("premios", _("Premios"), rs.premios),
            ("penalties", _("Penalties"), rs.penalties),
            *((("special_hands", _("Special hands"), rs.special_hands),)
              if rs.special_hands else ()),
        ),
        "new_row": form.NEW_ROW,
        "asked_at_start": _(Empty.ASKED_AT_START.hint),
        "wild": CanastaKind.WILD.value,
    }


def _house_or_404(ruleset_id: str) -> HouseRules:
    house = service.get(ruleset_id)
    if house is None:
        abort(404)
    return house


def _list_page(values: Mapping[str, Any], errors: dict[str, list[str]], status: int = 200
               ) -> Response:
    houses = browser.house_rules_rows()
    tokens = browser.house_rules_tokens()
    response = render(
        "games/house_rules_list.html",
        houses=houses,
        owned={h.id for h in houses if service.owner_token(h, tokens) is not None},
        presets=list(PRESETS.values()),
        values=values,
        errors=errors,
    )
    response.status_code = status
    return response


def _locked(house: HouseRules, *, refused: bool = False, bad_link: bool = False) -> Response:
    """The rules as anyone may read them; 403 when a change was refused or the link is wrong."""
    response = render("games/house_rules_locked.html", house=house,
                      ruleset=service.ruleset_of(house), refused=refused, bad_link=bad_link)
    response.status_code = 403 if refused or bad_link else 200
    return response


@access.page_refusal(access.house_rules_owner)
def _refused(ruleset_id: str) -> Response:
    """A change without the edit token: the rules as anyone may read them (403)."""
    return _locked(_house_or_404(ruleset_id), refused=True)


def _owned(ruleset_id: str) -> tuple[HouseRules, str]:
    """The house rules and this browser's edit token of them (its route's guard found one)."""
    house = _house_or_404(ruleset_id)
    token = browser.owner_token(house)
    assert token is not None
    return house, token


@bp.get("/house-rules")
@public("this browser's own house rules")
def house_rules_list() -> Response:
    """This browser's house rules, and the form that clones a preset."""
    preset = request.args.get("preset")
    return _list_page({"preset": preset if preset in PRESETS else "classic", "name": ""}, {})


@bp.route("/house-rules/new", methods=["GET", "POST"])
@public("anyone may write house rules of their own")
def house_rules_new() -> Response:
    """Clone a preset under a name, then open the copy to change its values."""
    if request.method == "GET":
        return see_other("games.house_rules_list")
    values = {"preset": request.form.get("preset", ""), "name": request.form.get("name", "")}
    token = new_token()
    try:
        house = service.create_from_preset(values["preset"], values["name"], edit_token=token)
    except EntryErrors as exc:
        errors, _general = _error_map(exc)
        return _list_page(values, errors, 422)
    browser.remember_house_rules_token(token)
    return see_other("games.house_rules_edit", ruleset_id=house.id)


def _edit_page(house: HouseRules, rs: RuleSet, values: Mapping[str, Any],
               errors: dict[str, list[str]], token: str, *, saved: bool = False,
               replaced: bool = False, status: int = 200) -> Response:
    edit_url = public_url("games.house_rules_join", ruleset_id=house.id, edit_token=token)
    response = make_response(render(
        "games/house_rules_edit.html", **_edit_context(house, rs, values, errors),
        saved=saved, edit_url=edit_url, replaced=replaced,
    ))
    response.status_code = status
    # The page carries the edit link: no shared or stored copy of it.
    response.headers["Cache-Control"] = "private, no-store"
    return response


@bp.route("/house-rules/<ruleset_id>", methods=["GET", "POST"])
@guard(access.house_rules_owner, methods=["POST"])
def house_rules_edit(ruleset_id: str) -> Response:
    """Every value of the house rules, in one form; saved only when the engine accepts it.

    Without the edit token: the rules to read (GET), 403 for a change (POST).
    """
    house = _house_or_404(ruleset_id)
    token = browser.owner_token(house)
    if token is None:
        browser.remember_seen(house.id)
        return _locked(house)
    rs = service.ruleset_of(house)
    if request.method == "GET":
        values = form.form_values(rs, label)
        return _edit_page(house, rs, values, {}, token, saved=request.args.get("saved") == "1",
                          replaced=request.args.get("replaced") == "1")
    try:
        unstorable = text.form_errors(request.form)
        if unstorable:
            raise EntryErrors(unstorable)
        data, remap = form.data_from_form(rs, request.form, label)
        try:
            service.update(house, data)
        except EntryErrors as exc:
            raise EntryErrors(form.on_the_form(exc.errors, remap)) from None
    except EntryErrors as exc:
        # Nothing was changed (``update`` refuses before it stores); the 422 rolls back.
        errors, _general = _error_map(exc)
        return _edit_page(house, rs, request.form.to_dict(), errors, token, status=422)
    return see_other("games.house_rules_edit", ruleset_id=house.id, saved=1)


@bp.get("/house-rules/<ruleset_id>/join/<edit_token>")
@limit_token_failures
@public("the edit link: the token in its path is checked and remembered")
def house_rules_join(ruleset_id: str, edit_token: str) -> Response:
    """The edit link: keep its token in this browser and open the rules to change them."""
    house = _house_or_404(ruleset_id)
    if not service.can_edit(house, edit_token):
        return _locked(house, bad_link=True)
    browser.remember_house_rules_token(edit_token)
    return see_other("games.house_rules_edit", ruleset_id=house.id)


@bp.post("/house-rules/<ruleset_id>/edit-link")
@guard(access.house_rules_owner)
def house_rules_new_edit_link(ruleset_id: str) -> Response:
    """Replace the edit link (it reached someone it should not): the old one stops working."""
    house, token = _owned(ruleset_id)
    new = service.replace_edit_token(house)
    browser.forget_house_rules_token(token)
    browser.remember_house_rules_token(new)
    return see_other("games.house_rules_edit", ruleset_id=house.id, replaced=1, _anchor="share")


@bp.post("/house-rules/<ruleset_id>/delete")
@guard(access.house_rules_owner)
def house_rules_delete(ruleset_id: str) -> Response:
    """Delete house rules (games started with them keep their copy); 403 without the token."""
    house, token = _owned(ruleset_id)
    service.delete(house)
    browser.forget_house_rules_token(token)
    return see_other("games.house_rules_list")
