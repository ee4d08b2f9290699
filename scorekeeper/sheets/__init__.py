"""Score sheets: printable and shareable score sheets, mounted at /sheets."""

from flask import Blueprint

bp = Blueprint("sheets", __name__)

from . import views  # noqa: E402,F401  (registers the routes on bp)
