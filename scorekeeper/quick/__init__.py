"""Quick answers that need no game: opening minimum, one-hand calculator, rules card."""

from flask import Blueprint

from ..engine import flow

bp = Blueprint("quick", __name__)

# The game's flow (engine/flow.py) is the one reader of the opening minimum and of a game's
# length: the rules card, the quick macros and the sheets ask it through these, never the rule
# set's tables.
bp.add_app_template_global(flow.opening_rows, "opening_rows")
bp.add_app_template_global(flow.by_round, "opening_by_round")
bp.add_app_template_global(flow.has_opening_minimum, "has_opening_minimum")
bp.add_app_template_global(flow.rounds, "game_rounds")

from . import calculator, views  # noqa: E402,F401  (register the routes on bp)
