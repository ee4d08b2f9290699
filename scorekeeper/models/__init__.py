"""The database models. Each model module is imported here so Alembic sees its tables."""

from .base import Base
from .changes import GameChange
from .games import Game, Hand, HouseRules, Player, Side

__all__ = ["Base", "Game", "GameChange", "Hand", "HouseRules", "Player", "Side"]
from . import desk, tournaments  # noqa: E402,F401  (the tournament tables and desk log, for Alembic)
