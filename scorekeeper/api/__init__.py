"""The JSON API, mounted at /api/v1 (exempt from CSRF; errors are answered in JSON)."""

from flask import Blueprint

bp = Blueprint("api", __name__)

from . import (  # noqa: E402,F401  (register routes on bp)
    common,
    errors,
    games,
    house_rules,
    openapi,
    pairs,  # noqa: E402,F401  (pairs on the night)
    scoring,
    table_cards,
    tournament_papers,  # noqa: E402,F401
    tournaments,
)

bp.before_request(common.refuse_unstorable_headers)
