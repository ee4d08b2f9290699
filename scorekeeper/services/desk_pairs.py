"""The desk's write operations on the pairs of the night (``services.pairs``): each one takes
the steps of every desk operation (``services.desk``): the tournament's lock, the request key,
the version the desk's page was shown, the change, the log.

Logged kinds: ``pair_add``, ``pair_withdraw``, ``pair_rename``, ``check_in``, ``check_out``,
``sub_name``. A change that seats game 1 again keeps what changed in its ``detail`` (pairs
renumbered, tables seated anew, tables gone, byes): the desk's page tells the desk from it.
"""

from __future__ import annotations

from collections.abc import Mapping

from . import pairs as night
from . import record
from .desk import DeskWritten, _begin, _Begun, _log


def _hold_game_1(begun: _Begun) -> None:
    """Lock game 1's games (after the tournament's, in the order of their row ids, as every
    desk operation does) before asking whether game 1 has started: a table's first hand being
    saved at this moment is then either in, and the desk is told "Game 1 has started", or waits
    for this change. Without it the desk read game 1 as not started, changed its tables, and
    was refused at the commit with "Another change was saved at the same moment" (issue 41)."""
    rounds = begun.tournament.rounds
    if rounds:
        for game_pk in sorted(table.game_id for table in rounds[0].tables):
            record.lock_row(game_pk)


def add_pair(tournament_id: str, data: Mapping[str, object], *, by: str,
             request_key: str | None = None, seen_version: int | None = None) -> DeskWritten:
    """Add a pair (see :func:`services.pairs.add_pair`); the tables seated anew for it carry
    their new edit links (``links``)."""
    begun = _begin(tournament_id, "pair_add", data, request_key=request_key,
                   seen_version=seen_version)
    if begun.earlier is not None:
        return begun.earlier
    _hold_game_1(begun)
    added = night.add_pair(begun.tournament, data)
    detail: dict[str, object] = {"joins": added.joins, "name": added.pair.name}
    if added.reseated is not None:
        detail.update(added.reseated.as_detail())
    change = _log(begun, "pair_add", by=by, pair=added.pair.number,
                  round=added.joins, detail=detail)
    made = [] if added.reseated is None else added.reseated.made
    return DeskWritten(begun.tournament, change, links=made)


def withdraw_pair(tournament_id: str, number: int, *, by: str,
                  request_key: str | None = None,
                  seen_version: int | None = None) -> DeskWritten:
    """Withdraw pair ``number`` before game 1 (see :func:`services.pairs.withdraw_pair`)."""
    begun = _begin(tournament_id, "pair_withdraw", number, request_key=request_key,
                   seen_version=seen_version)
    if begun.earlier is not None:
        return begun.earlier
    _hold_game_1(begun)
    pair = night.find(begun.tournament, number)
    name = pair.name
    reseated = night.withdraw_pair(begun.tournament, number)
    change = _log(begun, "pair_withdraw", by=by, pair=number,
                  detail={"name": name, **reseated.as_detail()})
    return DeskWritten(begun.tournament, change, links=reseated.made)


def rename_pair(tournament_id: str, number: int, data: Mapping[str, object], *, by: str,
                request_key: str | None = None,
                seen_version: int | None = None) -> DeskWritten:
    """Correct pair ``number``'s name and players before game 1."""
    begun = _begin(tournament_id, "pair_rename", [number, data], request_key=request_key,
                   seen_version=seen_version)
    if begun.earlier is not None:
        return begun.earlier
    _hold_game_1(begun)
    pair = night.rename_pair(begun.tournament, number, data)
    change = _log(begun, "pair_rename", by=by, pair=number,
                  detail={"name": pair.name, "players": list(pair.players)})
    return DeskWritten(begun.tournament, change)


def check_in(tournament_id: str, number: int, present: bool, *, by: str,
             request_key: str | None = None, seen_version: int | None = None) -> DeskWritten:
    """Mark pair ``number`` arrived (``present``) or not, before game 1."""
    kind = "check_in" if present else "check_out"
    begun = _begin(tournament_id, kind, number, request_key=request_key,
                   seen_version=seen_version)
    if begun.earlier is not None:
        return begun.earlier
    _hold_game_1(begun)
    night.check_in(begun.tournament, number, present)
    change = _log(begun, kind, by=by, pair=number)
    return DeskWritten(begun.tournament, change)


def substitute_name(tournament_id: str, round_number: int, number: int, player: int | None,
                    name: object, *, by: str, request_key: str | None = None,
                    seen_version: int | None = None) -> DeskWritten:
    """Record a substitute's name for one player of pair ``number`` in game
    ``round_number`` (the pair's substitution with it: 002, it scores nothing)."""
    begun = _begin(tournament_id, "sub_name", [round_number, number, player, name],
                   request_key=request_key, seen_version=seen_version)
    if begun.earlier is not None:
        return begun.earlier
    table = night.substitute_name(begun.tournament, round_number, number, player, name)
    change = _log(begun, "sub_name", by=by, round=round_number, pair=number,
                  table=table.number, detail={"substitutes": table.substitutes})
    return DeskWritten(begun.tournament, change)


__all__ = ["add_pair", "check_in", "rename_pair", "substitute_name", "withdraw_pair"]
