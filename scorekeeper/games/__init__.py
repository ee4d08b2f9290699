"""Games: start a game, count its hands, fix them, share it; house rules and history."""

from flask import Blueprint

bp = Blueprint("games", __name__)

from . import history, house_rules, views  # noqa: E402,F401  (register the routes on bp)
