"""The database models. Each model module is imported here so Alembic sees its tables."""

from .base import Base
from .changes import GameChange
from .games import Game, Hand, HouseRules, Player, Side

__all__ = ["Base", "Game", "GameChange", "Hand", "HouseRules", "Player", "Side"]
# The tournament tables, the desk's log, the tables' cards and the series, for Alembic.
from . import desk, series, table_cards, tournaments  # noqa: E402,F401
