"""What a change to a game or a tournament can run into: domain errors, each saying once how it
is answered.

Each is raised before anything is changed (or the change is rolled back with the request). Each
kind declares, on its class, what the two front doors say: ``status`` and ``message`` for the
API (a msgid, translated when answered and filled in with :meth:`WriteRefused.params`; the field
it concerns in ``field``), ``page_message`` where a page words it otherwise, and ``page_status``
for a page shown again with the message. The API answers every refusal in one handler
(``api/errors.py``), the pages in one table (``page_errors``, through ``web.refused_page``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from ..engine.errors import N_, FieldError

if TYPE_CHECKING:
    from .game_changes import ChangeView

#: Longest request key kept. A longer one is refused, never cut: two keys that differ only
#: past the cut would otherwise name the same save.
MAX_REQUEST_KEY = 128


class WriteRefused(Exception):
    """A change the game cannot take; nothing was changed."""

    #: The API's status for it.
    status: ClassVar[int] = 409
    #: What the API says (a msgid: see :meth:`says`).
    message: ClassVar[str] = N_("Nothing was changed.")
    #: The field the message concerns, as the API names it ("" for none).
    field: ClassVar[str] = ""
    #: What a page says, where it words it otherwise than the API (a msgid too).
    page_message: ClassVar[str | None] = None
    #: A page shown again with the message: 409 when another writer (another phone, another
    #: desk, a second tap) got there first, 422 when the change cannot be made.
    page_status: ClassVar[int] = 422

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        # What the client asked for by its id or number is not there: the API's 404, the
        # pages' Not Found (``web.refused_page``), unless the kind says otherwise.
        if issubclass(cls, LookupError) and "status" not in vars(cls):
            cls.status = 404

    def params(self) -> dict[str, object]:
        """What fills in the message's ``%(name)s`` placeholders."""
        return {}

    def says(self, *, page: bool = False) -> FieldError:
        """What the refusal says, by its field, at the API or (``page``) on a page; its template
        is translated, then filled in, when answered (``i18n.error_message``)."""
        template = (self.page_message or self.message) if page else self.message
        return FieldError(self.field, template, **self.params())


class GameNotFound(WriteRefused, LookupError):
    """There is no game with that id."""

    message = N_("There is no game with that id.")


class GameOver(WriteRefused):
    """The game has a winner (or was drawn): no more hands can be counted."""

    message = N_("The game is over: no more hands can be counted.")
    page_message = N_("This game is over: no more hands can be counted.")
    # Another phone's hand (or the desk) ended it since the form was opened.
    page_status = 409


class HandNotFound(WriteRefused, LookupError):
    """The game has no hand of that number."""

    message = N_("The game has no hand of that number.")

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number


#: What a phone is told when the game changed under it (a hand or the game's version).
_CHANGED_ON_ANOTHER_PHONE = N_("The game changed on another phone meanwhile, so nothing was "
                               "changed. Check the list below.")


class StaleWrite(WriteRefused):
    """The hand or the game changed since the writer read it."""

    status = 412
    message = N_("The hand was changed by someone else: read it again.")
    page_message = _CHANGED_ON_ANOTHER_PHONE
    page_status = 409

    def __init__(self, current_version: int) -> None:
        super().__init__(current_version)
        self.current_version = current_version


class ChangedMeanwhile(WriteRefused):
    """A new hand was about to be saved, but the game changed since the form was opened.

    ``changes`` are what happened meanwhile (another phone saved the same hand, perhaps);
    the player chooses: drop theirs, or save it after them (sending ``version`` back as seen).
    """

    status = 412
    message = N_("The game changed since that version: read it again.")
    page_message = _CHANGED_ON_ANOTHER_PHONE
    page_status = 409

    def __init__(self, version: int, changes: list[ChangeView]) -> None:
        super().__init__(version)
        self.version = version
        self.changes = changes


class NothingToUndo(WriteRefused):
    """No change of the game can be undone."""

    message = N_("There is nothing to undo.")


class NothingToRedo(WriteRefused):
    """No undone change can be redone (or a new change came after the undo)."""

    message = N_("There is nothing to redo.")


class GameClosed(WriteRefused):
    """The game belongs to a tournament round that is closed: only the desk may change it."""

    message = N_("The game's tournament round is closed: only the tournament desk can change "
                 "it.")
    page_message = N_("This game's tournament round is closed: only the tournament desk can "
                      "change it now.")


class GameAbandoned(WriteRefused):
    """The desk recorded that a pair abandoned the game: it takes no more hands (only the
    desk, which can take the abandonment back, may change it)."""

    message = N_("The tournament desk recorded that a pair abandoned this game: it takes no "
                 "more hands.")


class GameOnPaper(WriteRefused):
    """The desk typed the table's result from its paper sheet: the sheet decides the game, so
    the table's phone adds no hand beside it (only the desk may change the game)."""

    message = N_("The tournament desk typed this table's result from its paper sheet: only the "
                 "desk can change the game now.")


class BellNotRung(WriteRefused):
    """The game's tournament waits for the bell (002: play starts on the organization's
    order) and the desk has not started the game's clock yet: the table saves nothing until
    it does (the desk itself may)."""

    message = N_("Play has not started: it starts when the tournament desk starts the game's "
                 "clock. Nothing was saved; save the hand once the clock is started.")
    field = "clock"
    # The table waits for the desk: the same hand saves once the clock is started.
    page_status = 409


class KeyTooLong(WriteRefused, ValueError):
    """The request key is longer than what is kept (never cut: it is refused)."""

    status = 422
    message = N_("An Idempotency-Key has at most %(max)d characters.")
    field = "Idempotency-Key"
    page_message = N_("This form cannot be saved (its key is too long).")

    def params(self) -> dict[str, object]:
        return {"max": MAX_REQUEST_KEY}


class KeyReused(WriteRefused):
    """The request key was used before for another request."""

    message = N_("This Idempotency-Key was used for another request.")
    page_message = N_("This form was already used for another change, so nothing was saved. "
                      "Check the list below.")
    page_status = 409


# -- the tournament desk (``services.desk``) -------------------------------------------------------


class DeskRefused(WriteRefused):
    """A desk action the tournament cannot take; nothing was changed."""


class DeskKeyTooLong(KeyTooLong, DeskRefused):
    """A desk form's request key is too long to keep (the API hears what a game's would)."""

    page_message = N_("This form cannot be sent (its key is too long).")


class DeskKeyReused(KeyReused, DeskRefused):
    """A desk form's request key was used before for another action."""

    page_message = N_("This form was already used for another change, so nothing was done.")


class TournamentNotFound(DeskRefused, LookupError):
    """There is no tournament with that id."""

    message = N_("There is no tournament with that id.")


class RoundNotFound(DeskRefused, LookupError):
    """The tournament has no round (game) of that number."""

    message = N_("The tournament has no round of that number.")


class PairNotFound(DeskRefused, LookupError):
    """The tournament has no pair of that number."""

    message = N_("The tournament has no pair of that number.")


class TableNotFound(DeskRefused, LookupError):
    """The round has no table of that number."""

    message = N_("The round has no table of that number.")


class RoundClosed(DeskRefused):
    """The round is already closed, or is not the round being played."""

    message = N_("That round is already closed.")
    page_message = N_("This game is already closed.")


class TournamentOver(DeskRefused):
    """The tournament is over: every planned game has been played."""

    message = N_("The tournament is over.")
    page_status = 409


class TournamentChanged(DeskRefused):
    """The desk page was shown an older version of the tournament: another desk (or a second
    tap) changed it meanwhile."""

    message = N_("The tournament changed meanwhile: read it again.")
    page_message = N_("The tournament changed meanwhile (another desk, or a second tap), so "
                      "nothing was done. Check where it stands and try again.")
    page_status = 409

    def __init__(self, current_version: int) -> None:
        super().__init__(current_version)
        self.current_version = current_version


class PairNotPlaying(DeskRefused):
    """The pair plays no game in an open round."""

    message = N_("The pair plays no game in an open round.")
    page_message = N_("This pair plays no game in this round.")


class AbandonmentNotUndoable(DeskRefused):
    """An abandonment can be taken back only while its round is being played."""

    message = N_("An abandonment can be taken back only while its game is being played.")


class AlreadySubstituted(DeskRefused):
    """A substitution is already recorded for the pair."""

    message = N_("A substitution is already recorded for this pair.")


class ClockRunning(DeskRefused):
    """The round's clock is already running."""

    message = N_("The clock is already running.")


class ClockNotRunning(DeskRefused):
    """The round's clock is not running (not started, paused, or time is up)."""

    message = N_("The clock is not running.")


class ActionRefused(DeskRefused):
    """The desk action cannot be taken, for the reasons in ``errors`` (``FieldError``s): the
    API lists them all, a page shows the first."""

    def __init__(self, errors: Sequence[FieldError]) -> None:
        super().__init__(errors)
        self.errors = errors

    def says(self, *, page: bool = False) -> FieldError:
        return self.errors[0] if self.errors else super().says(page=page)


class TimeIsUp(DeskRefused):
    """Time is up on the round's clock: it cannot be started again (minutes can be added)."""

    message = N_("Time is up for this game: add minutes to play on, or finish it.")


# -- results confirmed at the table (``services.confirmations``) ----------------------------------


class ConfirmLinkNotFound(DeskRefused, LookupError):
    """The confirmation link is no table card's (or its card was replaced)."""

    message = N_("This link confirms no table's results.")


class ConfirmationNotAsked(DeskRefused):
    """The tournament counts a table's result as soon as its scorer saves it."""

    message = N_("This tournament counts results as their tables save them: there is "
                 "nothing to confirm.")


class ResultNotReady(DeskRefused):
    """The table's game is not over: there is no result to confirm yet."""

    message = N_("This game is not over yet: there is no result to confirm.")


class NothingToConfirm(DeskRefused):
    """The desk decided the table's result (a paper result, an abandonment): it counts as is."""

    message = N_("The desk decided this result: it needs no confirmation.")


class AlreadyConfirmed(DeskRefused):
    """The result, as it stands, is already confirmed."""

    message = N_("This result is already confirmed.")
    page_status = 409


class OwnResult(DeskRefused):
    """The phone that keeps the table's score cannot confirm its result: the other pair
    confirms on its own phone."""

    message = N_("This phone keeps this table's score: the other pair confirms the result on "
                 "its own phone.")


class ResultChanged(DeskRefused):
    """The result changed (a hand corrected) since the confirming phone was shown it."""

    message = N_("The result changed since it was shown (a hand was corrected): check it "
                 "again before confirming.")
    page_status = 409
