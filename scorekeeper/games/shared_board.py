"""The board a following phone asks for on each news, drawn once per change and shared.

Every save tells a table's followers (three phones at a club table, more at a final) that the
game changed; each then asks for the board (``GET /games/<id>?v=<version>`` with htmx). What
a follower sees depends only on the game as that change left it, its tournament table as the
desk last left it, and the phone's language: so the first follower's board is kept, and the
others get the same text without the game being loaded or the templates run again.

The key holds everything the follower's board is drawn from that can change: the game's
version (each change of its hands, ending or sides moves it), its tournament's version (each
desk change moves it: a closed round, an abandonment, a paper result), and the language.
Nothing of the phone's own is in a follower's board (no form, no token: ``_board.html`` draws
those for the scorekeeper alone), so one phone's board is every other's.

The whole read-only page a follower opens (a table's phones scan its code at once) is kept the
same way, with two holes filled for each phone (:func:`fill`): its CSRF token (the page's
``<meta>``, its own session's) and a tournament table's clock (its seconds left are of the
moment asked). The holes are marks made at random by each process, so no name typed into a
game can stand for one.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable, Hashable

from cachetools import LRUCache

#: What each worker keeps, in characters of HTML (about as many bytes): a board is 5-20 kB, a
#: page 20-60 kB. A table's phones ask for the same one within a minute of each other (the
#: page as they arrive, the board within a second of each save), so the last few hundred
#: changes are all that is ever asked again; counted in entries (4,096) the worst case was
#: some 200 MB a worker.
KEPT = 16_000_000

_boards: LRUCache[Hashable, str] = LRUCache(maxsize=KEPT, getsizeof=len)
_lock = threading.Lock()


def follower_board(key: Hashable, draw: Callable[[], str]) -> str:
    """The board kept under ``key``, or the one ``draw`` makes (then kept). Two followers that
    ask at once may both draw it: both drawings are the same, and neither waits."""
    with _lock:
        board = _boards.get(key)
    if board is None:
        board = draw()
        if len(board) <= KEPT:  # cachetools refuses a value larger than the whole
            with _lock:
                _boards[key] = board
    return board


#: Where a kept page's own parts go: the phone's CSRF token, and the table's clock.
CSRF_HOLE = f"csrf-{secrets.token_hex(16)}"
CLOCK_HOLE = f"<!--clock-{secrets.token_hex(16)}-->"


def fill(page: str, csrf_token: str, clock: str) -> str:
    """A kept page with this phone's own parts in its holes."""
    return page.replace(CSRF_HOLE, csrf_token).replace(CLOCK_HOLE, clock)


def forget_boards() -> None:
    """Forget every kept board (tests)."""
    with _lock:
        _boards.clear()
