"""The home page and the health check."""

from flask import Blueprint

bp = Blueprint("main", __name__)

from . import views  # noqa: E402,F401  (registers the routes on bp)
