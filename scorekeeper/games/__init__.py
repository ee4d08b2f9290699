"""Games: start a game, count its hands, fix them, share it; house rules and history."""

from flask import Blueprint

bp = Blueprint("games", __name__)

from . import (  # noqa: E402,F401  (register the routes on bp)
    counting,
    history,
    house_rules,
    views,
)
from .forms import out_of_band_slots  # noqa: E402

bp.add_app_template_global(out_of_band_slots, "out_of_band_slots")
