"""A club's season: series of tournament nights, mounted at /series."""

from flask import Blueprint

bp = Blueprint("series", __name__)

from . import season_csv, views  # noqa: E402,F401  (register the routes on bp)
