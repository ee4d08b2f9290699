"""Live: the event streams that tell a following page its game or tournament changed."""

from flask import Blueprint

bp = Blueprint("live", __name__)

from . import views  # noqa: E402,F401  (register the routes on bp)
