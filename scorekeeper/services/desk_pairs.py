"""The desk's write operations on the pairs of the night (``services.pairs``): each one takes
the steps of every desk operation (``services.desk``): the tournament's lock, the request key,
the version the desk's page was shown, the change, the log.

Logged kinds: ``pair_add``, ``pair_withdraw``, ``pair_rename``, ``check_in``, ``check_out``,
``sub_name``. A change that seats game 1 again keeps what changed in its ``detail`` (pairs
renumbered, tables seated anew, tables gone, byes): the desk's page tells the desk from it.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..models.tournaments import Tournament
from . import pairs as night
from .desk import DESK, DeskEntry, DeskWritten
from .writing import Writing, write


def _game_1(tournament: Tournament) -> list[int]:
    """Game 1's games, locked (after the tournament's, in the order of their row ids, as every
    desk operation takes them) before asking whether game 1 has started: a table's first hand
    being saved at this moment is then either in, and the desk is told "Game 1 has started", or
    waits for this change. Without it the desk read game 1 as not started, changed its tables,
    and was refused at the commit with "Another change was saved at the same moment" (issue
    41)."""
    rounds = tournament.rounds
    return [table.game_id for table in rounds[0].tables] if rounds else []


def add_pair(tournament_id: str, data: Mapping[str, object], *, by: str,
             request_key: str | None = None, seen_version: int | None = None) -> DeskWritten:
    """Add a pair (see :func:`services.pairs.add_pair`); the tables seated anew for it carry
    their new edit links (``links``)."""
    def act(w: Writing[Tournament]) -> DeskEntry:
        added = night.add_pair(w.row, data)
        detail: dict[str, object] = {"joins": added.joins, "name": added.pair.name}
        if added.reseated is not None:
            detail.update(added.reseated.as_detail())
        made = [] if added.reseated is None else added.reseated.made
        return DeskEntry(pair=added.pair.number, round=added.joins, detail=detail, links=made)

    return write(DESK, tournament_id, "pair_add", data, act, by=by, request_key=request_key,
                 expected_version=seen_version, games=_game_1)


def withdraw_pair(tournament_id: str, number: int, *, by: str,
                  request_key: str | None = None,
                  seen_version: int | None = None) -> DeskWritten:
    """Withdraw pair ``number`` before game 1 (see :func:`services.pairs.withdraw_pair`)."""
    def act(w: Writing[Tournament]) -> DeskEntry:
        name = night.find(w.row, number).name
        reseated = night.withdraw_pair(w.row, number)
        return DeskEntry(pair=number, detail={"name": name, **reseated.as_detail()},
                         links=reseated.made)

    return write(DESK, tournament_id, "pair_withdraw", number, act, by=by,
                 request_key=request_key, expected_version=seen_version, games=_game_1)


def rename_pair(tournament_id: str, number: int, data: Mapping[str, object], *, by: str,
                request_key: str | None = None,
                seen_version: int | None = None) -> DeskWritten:
    """Correct pair ``number``'s name and players before game 1."""
    def act(w: Writing[Tournament]) -> DeskEntry:
        pair = night.rename_pair(w.row, number, data)
        return DeskEntry(pair=number, detail={"name": pair.name, "players": list(pair.players)})

    return write(DESK, tournament_id, "pair_rename", [number, data], act, by=by,
                 request_key=request_key, expected_version=seen_version, games=_game_1)


def check_in(tournament_id: str, number: int, present: bool, *, by: str,
             request_key: str | None = None, seen_version: int | None = None) -> DeskWritten:
    """Mark pair ``number`` arrived (``present``) or not, before game 1."""
    def act(w: Writing[Tournament]) -> DeskEntry:
        night.check_in(w.row, number, present)
        return DeskEntry(pair=number)

    return write(DESK, tournament_id, "check_in" if present else "check_out", number, act,
                 by=by, request_key=request_key, expected_version=seen_version, games=_game_1)


def substitute_name(tournament_id: str, round_number: int, number: int, player: int | None,
                    name: object, *, by: str, request_key: str | None = None,
                    seen_version: int | None = None) -> DeskWritten:
    """Record a substitute's name for one player of pair ``number`` in game
    ``round_number`` (the pair's substitution with it: 002, it scores nothing)."""
    def act(w: Writing[Tournament]) -> DeskEntry:
        table = night.substitute_name(w.row, round_number, number, player, name)
        return DeskEntry(round=round_number, pair=number, table=table.number,
                         detail={"substitutes": table.substitutes})

    return write(DESK, tournament_id, "sub_name", [round_number, number, player, name], act,
                 by=by, request_key=request_key, expected_version=seen_version)


__all__ = ["add_pair", "check_in", "rename_pair", "substitute_name", "withdraw_pair"]
