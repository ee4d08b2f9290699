"""What a change to a game can run into: domain errors, translated by the views and the API.

Each is raised before anything is changed (or the change is rolled back with the request).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..engine.errors import N_

if TYPE_CHECKING:
    from ..engine.errors import FieldError
    from .record import ChangeView


class WriteRefused(Exception):
    """A change the game cannot take; nothing was changed."""


class GameNotFound(WriteRefused, LookupError):
    """There is no game with that id."""


class GameOver(WriteRefused):
    """The game has a winner (or was drawn): no more hands can be counted."""


class HandNotFound(WriteRefused, LookupError):
    """The game has no hand of that number."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number


class StaleWrite(WriteRefused):
    """The hand or the game changed since the writer read it."""

    def __init__(self, current_version: int) -> None:
        super().__init__(current_version)
        self.current_version = current_version


class ChangedMeanwhile(WriteRefused):
    """A new hand was about to be saved, but the game changed since the form was opened.

    ``changes`` are what happened meanwhile (another phone saved the same hand, perhaps);
    the player chooses: drop theirs, or save it after them (sending ``version`` back as seen).
    """

    def __init__(self, version: int, changes: list[ChangeView]) -> None:
        super().__init__(version)
        self.version = version
        self.changes = changes


class NothingToUndo(WriteRefused):
    """No change of the game can be undone."""


class NothingToRedo(WriteRefused):
    """No undone change can be redone (or a new change came after the undo)."""


class GameClosed(WriteRefused):
    """The game belongs to a tournament round that is closed: only the desk may change it."""


class GameAbandoned(WriteRefused):
    """The desk recorded that a pair abandoned the game: it takes no more hands (only the
    desk, which can take the abandonment back, may change it)."""


class GameOnPaper(WriteRefused):
    """The desk typed the table's result from its paper sheet: the sheet decides the game, so
    the table's phone adds no hand beside it (only the desk may change the game)."""


class BellNotRung(WriteRefused):
    """The game's tournament waits for the bell (002: play starts on the organization's
    order) and the desk has not started the game's clock yet: the table saves nothing until
    it does (the desk itself may)."""

    #: What the table is told (a msgid: the page and the API translate it).
    message = N_("Play has not started: it starts when the tournament desk starts the game's "
                 "clock. Nothing was saved; save the hand once the clock is started.")


class KeyTooLong(WriteRefused, ValueError):
    """The request key is longer than what is kept (never cut: it is refused)."""

    field = "request_key"


class KeyReused(WriteRefused):
    """The request key was used before for another request."""


# -- the tournament desk (``services.desk``) -------------------------------------------------------


class DeskRefused(WriteRefused):
    """A desk action the tournament cannot take; nothing was changed."""


class TournamentNotFound(DeskRefused, LookupError):
    """There is no tournament with that id."""


class RoundNotFound(DeskRefused, LookupError):
    """The tournament has no round (game) of that number."""


class PairNotFound(DeskRefused, LookupError):
    """The tournament has no pair of that number."""


class TableNotFound(DeskRefused, LookupError):
    """The round has no table of that number."""


class RoundClosed(DeskRefused):
    """The round is already closed, or is not the round being played."""


class TournamentOver(DeskRefused):
    """The tournament is over: every planned game has been played."""


class TournamentChanged(DeskRefused):
    """The desk page was shown an older version of the tournament: another desk (or a second
    tap) changed it meanwhile."""

    def __init__(self, current_version: int) -> None:
        super().__init__(current_version)
        self.current_version = current_version


class PairNotPlaying(DeskRefused):
    """The pair plays no game in an open round."""


class AbandonmentNotUndoable(DeskRefused):
    """An abandonment can be taken back only while its round is being played."""


class AlreadySubstituted(DeskRefused):
    """A substitution is already recorded for the pair."""


class ClockRunning(DeskRefused):
    """The round's clock is already running."""


class ClockNotRunning(DeskRefused):
    """The round's clock is not running (not started, paused, or time is up)."""


class ActionRefused(DeskRefused):
    """The desk action cannot be taken, for the reasons in ``errors`` (``FieldError``s)."""

    def __init__(self, errors: Sequence[FieldError]) -> None:
        super().__init__(errors)
        self.errors = errors


class TimeIsUp(DeskRefused):
    """Time is up on the round's clock: it cannot be started again (minutes can be added)."""
