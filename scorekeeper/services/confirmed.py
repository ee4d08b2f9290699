"""Whether a tournament table's result counts yet (issue 43, "results confirmed at the
table"): pure reading of loaded rows, shared by the standings and the pages.

With the tournament's ``results_count`` at :data:`CONFIRMED`, a result the table's scorer
saved (its game is over) counts once the other pair confirms it on its own phone, or the desk
does (``services.confirmations``). The confirmation names the game's version: a correction
raises the version, so a corrected result waits again, but for a correction the desk makes
(``game_standing.desk_result_counts``). A result the desk decided (typed from the paper sheet,
an abandonment, corrected) counts as it is: the desk's rights are what a confirmation would
give it.
"""

from __future__ import annotations

from ..models.tournaments import Tournament, TournamentTable

#: When a table's result counts (``tournament.results_count``): as soon as its scorer saves
#: it (every tournament made before the setting, and a new one unless its organizer asks), or
#: once the other pair (or the desk) confirms it.
SAVED, CONFIRMED = "saved", "confirmed"
RESULTS_COUNT = (SAVED, CONFIRMED)


def asks_confirmation(tournament: Tournament) -> bool:
    """Whether the tournament's results wait for the other pair's confirmation."""
    return tournament.results_count == CONFIRMED


def to_confirm(table: TournamentTable) -> bool:
    """Whether the table's result is one the other pair confirms: its game is over and was
    kept in the app (not typed by the desk from paper, not decided by an abandonment)."""
    return (table.paper_totals is None and table.abandoned_by is None
            and bool(table.game.finished))


def is_confirmed(table: TournamentTable) -> bool:
    """Whether the result, as it stands now, was confirmed."""
    return table.confirmed_version is not None and table.confirmed_version == table.game.version


def waits(tournament: Tournament, table: TournamentTable) -> bool:
    """Whether the table's result is over but does not count yet: it waits for the other
    pair's confirmation (or the desk's)."""
    return asks_confirmation(tournament) and to_confirm(table) and not is_confirmed(table)
