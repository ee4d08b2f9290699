"""Quick answers that need no game: opening minimum, one-hand calculator, rules card."""

from flask import Blueprint

bp = Blueprint("quick", __name__)

from . import calculator, views  # noqa: E402,F401  (register the routes on bp)
