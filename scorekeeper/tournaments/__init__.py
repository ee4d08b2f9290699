"""Tournaments: tables, rounds and standings, mounted at /tournaments."""

from flask import Blueprint

bp = Blueprint("tournaments", __name__)

from . import papers, views  # noqa: E402,F401  (registers the routes on bp)
