"""The start form: the rule set, the sides and their players, the target and what else the
rule set leaves to the table (:func:`new_game_form_class`), read back into what
``services.games.create_game`` takes."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from flask_babel import LazyString
from flask_wtf import FlaskForm
from wtforms import IntegerField, RadioField, SelectField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from ..i18n import lazy_gettext as _l

try:
    # types-WTForms (3.2) predates SelectChoice (WTForms 3.3).
    from wtforms import SelectChoice  # type: ignore[attr-defined]
except ImportError:  # WTForms < 3.3 takes plain (value, label) pairs
    SelectChoice = None

from .. import config
from ..engine import (
    PlayerFormat,
    RuleSet,
    flow,
)
from ..engine.hand import whole_number
from ..i18n import gettext, ngettext, number, translate

#: The most sides and players per side any format has (three pairs; two teams of three).
MAX_SIDES = 5
MAX_PER_SIDE = 3

# -- starting a game ------------------------------------------------------------------------------


def choices(pairs: Iterable[tuple[Any, Any]]) -> list[Any]:
    """Select choices from ``(value, label)`` pairs (WTForms 3.3 deprecates the pairs)."""
    if SelectChoice is None:
        return list(pairs)
    return [SelectChoice(value=value, label=label) for value, label in pairs]


def ending_text(ruleset: RuleSet) -> str:
    """How a game under ``ruleset`` ends, as the start form says it: its target, or its rounds
    for a game of rounds (Hand and Foot), which has no target (:func:`.flow.goal`)."""
    goal = flow.goal(ruleset)
    if goal is None:
        rounds = flow.rounds(ruleset) or 0
        return ngettext("These rules play %(num)d round; the higher total wins.",
                        "These rules play %(num)d rounds; the higher total wins.", rounds)
    return gettext("These rules play to %(target)s.", target=number(goal))


def ruleset_options(rulesets: Iterable[tuple[RuleSet, str]]) -> list[Any]:
    """The start form's rule-set choices from ``(rule set, name)`` pairs, each option carrying
    what the form fills in from its rule set: ``data-target`` (the target box's value),
    ``data-ends`` (how the game ends, in words) and, for a game of rounds, ``data-rounds``.
    Without JavaScript the server does the same from the ``shown_ruleset`` field
    (``views.new_game``)."""
    options: list[Any] = []
    for ruleset, name in rulesets:
        attrs = {"data-target": str(ruleset.target), "data-ends": ending_text(ruleset)}
        if flow.played_in_rounds(ruleset):
            attrs["data-rounds"] = str(flow.rounds(ruleset))
        options.append((ruleset.id, name, attrs) if SelectChoice is None
                       else SelectChoice(value=ruleset.id, label=name, render_kw=attrs))
    return options


#: The targets the start form takes.
TARGET_LOW, TARGET_HIGH = 100, 100_000


# Flask-WTF ships no types: FlaskForm is Any to mypy.
class NewGameForm(FlaskForm):  # type: ignore[misc]
    """Start a game. The choices depend on the rule set and are filled in by the view."""

    ruleset = SelectField(_l("Rules"))
    players = RadioField(_l("Players"))
    # The service's own message, so the range reads "100,000" (WTForms' says "100000").
    target = IntegerField(_l("Play to"), validators=[Optional(), NumberRange(
        TARGET_LOW, TARGET_HIGH, message=LazyString(lambda: translate(
            "The target is a whole number from %(low)d to %(high)d.",
            {"low": TARGET_LOW, "high": TARGET_HIGH})))])
    first_dealer = SelectField(_l("Who deals first"), coerce=int, default=0)
    # Only the printed sheet uses it: each phone shows the pages in its own language.
    language = SelectField(_l("Language of the printed score sheet"), default="en",
                           choices=choices(list(config.LANGUAGE_NAMES.items())))


for _i in range(MAX_SIDES):
    # A game kept on paper so far: the total each side has reached (read by
    # :func:`starting_totals_from_form`, checked by the service).
    setattr(NewGameForm, f"start_{_i}",
            StringField(_l("Side %(n)d", n=_i + 1), validators=[Optional()]))
    setattr(NewGameForm, f"side_{_i}_name",
            StringField(_l("Name of side %(n)d", n=_i + 1),
                        validators=[Optional(), Length(max=60)]))
    for _j in range(MAX_PER_SIDE):
        setattr(NewGameForm, f"side_{_i}_player_{_j}",
                StringField(_l("Player %(n)d", n=_j + 1),
                            validators=[Optional(), Length(max=60)]))


def value_field_name(path: str) -> str:
    """The form field that asks for a value the rule set leaves open (``canastas.wild``)."""
    return "value_" + re.sub(r"[^A-Za-z0-9]", "_", path)


def new_game_form_class(ruleset: RuleSet) -> type[NewGameForm]:
    """The start form for ``ruleset``: with a required field for each value it leaves open."""
    missing = ruleset.missing_values()
    if not missing:
        return NewGameForm
    fields = {
        value_field_name(path): IntegerField(
            _l(label), validators=[InputRequired(), NumberRange(0, 100_000)]
        )
        for path, label in missing
    }
    return type("NewGameFormWithValues", (NewGameForm,), fields)


def missing_value_fields(form: NewGameForm, ruleset: RuleSet) -> list[tuple[str, Any]]:
    """``(path, field)`` for each value the rule set leaves open."""
    return [(path, form[value_field_name(path)]) for path, _ in ruleset.missing_values()]


#: Where a seat's label takes its side's name: the label is cut there, so that the page can
#: put the side's name in as it is typed (``static/js/new_game.js``).
_SIDE_MARK = "\u2063"


def seat_choices(fmt: PlayerFormat, side_names: Sequence[str] = (),
                 player_names: Sequence[Sequence[str]] = ()) -> list[Any]:
    """"Who deals first": the seats in playing order (partners sit apart, so seats alternate
    between the sides), each by its player's name when typed, else by its side and place
    ("Smiths, player 1"). Each option carries how to say it again as names are typed (QA,
    2026-12-05: it offered "Side 1, player 1" under "Alice", typed just above)."""
    per_side = fmt.players // fmt.sides
    out: list[Any] = []
    for seat in range(fmt.players):
        side, place = seat % fmt.sides, seat // fmt.sides
        default = str(_l("Side %(n)d", n=side + 1))
        name = side_names[side].strip() if side < len(side_names) and side_names[side] else ""
        # As the game keeps them: a side's players in the order typed, an empty box skipped
        # (``services.games.create_game``), so the seat is named as the game will name it.
        kept = [n.strip() for n in (player_names[side] if side < len(player_names) else ())
                if n and n.strip()]
        player = kept[place] if per_side > 1 and place < len(kept) else ""
        before = after = ""
        if per_side > 1:
            before, after = str(_l("%(side)s, player %(n)d", side=_SIDE_MARK,
                                   n=place + 1)).split(_SIDE_MARK, 1)
        label = player or before + (name or default) + after
        data = {"data-side": str(side), "data-side-default": default,
                "data-before": before, "data-after": after}
        if per_side > 1:
            data["data-player"] = str(place)
        out.append(SelectChoice(value=seat, label=label, render_kw=data)
                   if SelectChoice is not None else (seat, label, data))
    return out


def sides_from_form(form: NewGameForm, fmt: PlayerFormat) -> list[dict[str, Any]]:
    """The ``sides`` argument of ``create_game`` from the start form."""
    per_side = fmt.players // fmt.sides
    sides = []
    for i in range(fmt.sides):
        names = [form[f"side_{i}_player_{j}"].data for j in range(per_side)]
        # Left empty, the service would store a bare number; "Side 1" reads better.
        name = (form[f"side_{i}_name"].data or "").strip() or str(_l("Side %(n)d", n=i + 1))
        sides.append({"name": name, "players": [n for n in names if n and n.strip()]})
    return sides


#: A total typed with the language's thousands separators: "2,350", "2.350", "2 350".
_GROUPED = re.compile(r"-?\d{1,3}(?:([.,\u00a0\u202f ])\d{3})(?:\1\d{3})*")


def read_total(text: str) -> int | str:
    """A total as typed on the start form: the number, or the text itself when it is none
    (the service then says "Enter a whole number." by the field)."""
    text = text.strip().replace("\u2212", "-")
    if _GROUPED.fullmatch(text):
        text = re.sub(r"[^\d-]", "", text)
    if text.removeprefix("-").isdecimal():
        # Too long for any total is still a number, past every bound (QA, 2026-12-05).
        return whole_number(text)
    return text


def starting_totals_from_form(form: NewGameForm, fmt: PlayerFormat) -> list[int | str] | None:
    """The ``starting_totals`` argument of ``create_game``: ``None`` when every box is empty,
    else one value per side (an empty box is 0)."""
    typed = [(form[f"start_{i}"].data or "").strip() for i in range(fmt.sides)]
    if not any(typed):
        return None
    return [read_total(t) if t else 0 for t in typed]


def new_game_error_field(field: str) -> str:
    """The start form's field for an error ``create_game`` names (``sides[1].players[0]``)."""
    m = re.fullmatch(r"sides\[(\d+)\]\.name", field)
    if m:
        return f"side_{m.group(1)}_name"
    m = re.fullmatch(r"sides\[(\d+)\]\.players\[(\d+)\]", field)
    if m:
        return f"side_{m.group(1)}_player_{m.group(2)}"
    m = re.fullmatch(r"starting_totals(?:\[(\d+)\])?", field)
    if m:
        return f"start_{m.group(1) or 0}"
    if field in ("players", "sides", "format"):
        return "players"
    if field in ("target", "first_dealer", "ruleset"):
        return field
    return value_field_name(field)
