"""Tournaments: tables, rounds and standings, mounted at /tournaments."""

from flask import Blueprint

bp = Blueprint("tournaments", __name__)

from . import (  # noqa: E402,F401  (register the routes on bp; wall: wall screen, table clocks)
    cards,
    confirming,
    desk_actions,
    pairs_desk,
    papers,
    results_csv,
    views,
    wall,
)
