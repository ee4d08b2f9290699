"""Pairs on the night, at the desk: check-in; adding, renaming and withdrawing pairs until game 1
starts (round 1 is seated again); a late pair that joins from the next game; the name of a
substitute on a game.

002 is silent on pairs that come late or not at all (docs/RULES-SETTINGS.md, "Pairs on the
night"): before game 1 a pair that has not come is withdrawn and the seating redone, nobody is
credited anything; once its game has started, a pair that does not play it abandons it (002's
rule: its opponent is credited the abandonment points and it is disqualified). A pair added
after game 1 started plays from the next game on; the games it missed credit it nothing (no
difference, no game won, no victory points: a bye is the organization's seat, an absence the
pair's own). 002: "Si una vez empezado el campeonato un jugador debe ser sustituido, se hará
por alguien de la Organización. Esa pareja no obtendrá puntuación alguna": naming a substitute
on a game records the pair's substitution too.

These functions change rows and flush; the desk's write operations (``services.desk_pairs``)
lock, check, log and call them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..engine import N_, EntryErrors, FieldError
from ..engine.movements import plan as movement_plan
from ..engine.seating import relabel, seat_without
from ..extensions import db
from ..models.tournaments import Tournament, TournamentPair, TournamentRound, TournamentTable
from . import games as games_service
from . import tournaments as service
from .bodies import Body, Field, Kind
from .errors import DeskRefused, PairNotFound, RoundNotFound, TournamentOver

#: The longest player's name (as at set-up).
MAX_PLAYER = 60


class PairsFixed(DeskRefused):
    """Game 1 has started: pairs can no longer be withdrawn or renamed (a pair that leaves now
    abandons its game; a replaced player is a substitution)."""

    message = N_("Game 1 has started, so the pairs can no longer be withdrawn, corrected or "
                 "checked in. A pair that leaves now abandons its game; a replaced player is a "
                 "substitution.")
    page_status = 409


class NoNextGame(DeskRefused):
    """A late pair cannot join: the game being played is the last one (or the tournament is
    over)."""

    message = N_("The last game is being played: a late pair has no game left to join.")
    page_status = 409


def started(tournament: Tournament) -> bool:
    """Whether game 1 has started: its clock was started, a table counted a hand, the desk
    typed a result or recorded an abandonment, or it was closed."""
    if not tournament.rounds:
        return False
    first = tournament.rounds[0]
    if len(tournament.rounds) > 1 or first.finished_at is not None:
        return True
    if first.clock_started_at is not None:
        return True
    return any(t.game.hands or t.paper_totals is not None or t.abandoned_by is not None
               for t in first.tables)


# -- reading what the desk typed ------------------------------------------------------------------


#: What adding or correcting a pair reads (the API's body).
PAIR = Body((
    Field("name", Kind.NAME, "", high=games_service.MAX_NAME, required=False,
          description=f"At most {games_service.MAX_NAME} characters; none: the players' names"),
    Field("players", Kind.NAMES, N_("A pair needs two players."), high=MAX_PLAYER, count=2),
), examples=({"name": "Golondrinas", "players": ["Concha", "Pilar"]},))


def read_pair(data: object, errors: list[FieldError]) -> tuple[str, list[str]]:
    """A pair's name and two players from ``{"name", "players": [two names]}`` as typed (fields
    ``name``, ``players``, as :data:`PAIR` reads them); an empty name becomes the players'
    names."""
    if not isinstance(data, Mapping):
        errors.append(FieldError("players", N_("A pair needs two players.")))
        return "", []
    names: list[str] = PAIR.field("players").read(data.get("players"), errors) or []
    pname = data.get("name")
    if pname in (None, "") and names:
        pname = " – ".join(names)
    if pname in (None, ""):
        # The players' error says what is missing; the name then needs no second one.
        return "", names
    return PAIR.field("name").read(pname, errors), names


def _checked(data: Mapping[str, object]) -> tuple[str, list[str]]:
    errors: list[FieldError] = []
    name, players = read_pair(data, errors)
    if errors:
        raise EntryErrors(errors)
    return name, players


def find(tournament: Tournament, number: int) -> TournamentPair:
    pair = service.find_pair(tournament, number)
    if pair is None:
        raise PairNotFound(number)
    return pair


# -- round 1 seated again -------------------------------------------------------------------------


@dataclass
class Reseated:
    """What changed in game 1's seating, for the desk to be told."""

    #: Pairs given a new number: (old number, new number). None since a withdrawn pair's
    #: number is retired (issue 43); changes logged before say theirs.
    renumbered: list[tuple[int, int]] = field(default_factory=list)
    #: Tables seated anew (a new game, so a new link): (table, pair, pair).
    tables: list[tuple[int, int, int]] = field(default_factory=list)
    #: Tables no longer played.
    removed: list[int] = field(default_factory=list)
    #: The pairs sitting out game 1.
    byes: list[int] = field(default_factory=list)
    #: The tables just made (their edit links are made in this request).
    made: list[TournamentTable] = field(default_factory=list)

    def as_detail(self) -> dict[str, object]:
        """As kept in the change log (``TournamentChange.detail``)."""
        return {"renumbered": [list(r) for r in self.renumbered],
                "tables": [list(t) for t in self.tables], "removed": self.removed,
                "byes": self.byes}


def _reseat_first(tournament: Tournament, reseated: Reseated, before: set[int]) -> Reseated:
    """Seat game 1 again for the pairs as they now are (``before``: its table numbers before
    the change). A table whose two pairs are the same keeps its game (and its link); the
    others are made anew."""
    rnd = tournament.rounds[0]
    by_number = {p.number: p for p in tournament.pairs}
    plan = service.plan_of(tournament).rounds[0]
    seating = seat_without(plan, [])
    kept = {t.number: t for t in rnd.tables}
    rs = service.ruleset_of(tournament)
    new_tables: list[TournamentTable] = []
    for table_no, a, b in seating.tables:
        pa, pb = by_number[a], by_number[b]
        old = kept.get(table_no)
        if old is not None and (old.pair_a_id, old.pair_b_id) == (pa.id, pb.id):
            new_tables.append(kept.pop(table_no))
            continue
        table = service.new_table(tournament, rs, table_no, pa, pb)
        reseated.tables.append((table_no, a, b))
        reseated.made.append(table)
        new_tables.append(table)
    reseated.removed = sorted(before - {t[0] for t in seating.tables})
    for old in kept.values():
        rnd.tables.remove(old)
        db.session.delete(old)
        db.session.delete(old.game)
    db.session.flush()
    rnd.tables.extend(t for t in new_tables if t not in rnd.tables)
    rnd.tables.sort(key=lambda t: t.number)
    rnd.byes = list(seating.byes)
    reseated.byes = list(seating.byes)
    db.session.flush()
    return reseated


def current_tables(tournament: Tournament) -> list[TournamentTable]:
    """Game 1's tables (before it starts: the ones a change would seat again)."""
    return list(tournament.rounds[0].tables) if tournament.rounds else []


# -- the desk's actions ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Added:
    """A pair added: before game 1 (``reseated``) or late, from game ``joins``."""

    pair: TournamentPair
    joins: int
    reseated: Reseated | None


def _seatable(tournament: Tournament, pairs: int, field: str) -> None:
    """Refuse (on ``field``) a number of pairs the tournament's seating method cannot seat for
    its games: a Mitchell movement plays at most as many games as it has tables."""
    refused = service.seating_error(tournament.seating_method, pairs, tournament.rounds_planned)
    if refused is not None:
        raise EntryErrors([FieldError(field, refused.template, **refused.params)])


def add_pair(tournament: Tournament, data: Mapping[str, object]) -> Added:
    """Add a pair (``{"name", "players"}``), numbered after the last one.

    Before game 1 starts, game 1 is seated again with it. After, it joins from the next game
    (its number seats it from then on); raises :class:`NoNextGame` while the last game is
    played or once the tournament is over. Raises :class:`EntryErrors` (fields ``name``,
    ``players``, ``pairs``).
    """
    name, players = _checked(data)
    if tournament.finished_at is not None:
        raise TournamentOver()
    if len(tournament.pairs) >= service.MAX_PAIRS:
        raise EntryErrors([FieldError("pairs", N_("Give from %(low)d to %(high)d pairs."),
                                      low=2, high=service.MAX_PAIRS)])
    is_late = started(tournament)
    current = service.current_round(tournament)
    joins = 1
    if is_late:
        if current is None or current.number >= tournament.rounds_planned:
            raise NoNextGame()
        joins = current.number + 1
    _seatable(tournament, len(tournament.pairs) + 1, "pairs")
    # After the last number, never a withdrawn pair's: that one is retired for the night.
    last = max((p.number for p in tournament.pairs), default=0)
    pair = TournamentPair(number=last + 1, name=name, players=players,
                          substituted=False, checked_in=True,
                          joined_round=joins if is_late else None)
    tournament.pairs.append(pair)
    db.session.flush()
    before = {t.number for t in current_tables(tournament)}
    reseated = None if is_late else _reseat_first(tournament, Reseated(), before)
    # A pair more may seat a table more, in game 1 or in the games planned.
    service.seat_cards(tournament)
    return Added(pair, joins, reseated)


def _withdrawable(tournament: Tournament, number: int) -> TournamentPair:
    """Pair ``number``, if it may be withdrawn now: the withdrawal and its preview refuse
    alike. Raises :class:`PairNotFound`, :class:`PairsFixed` once game 1 has started, and
    :class:`EntryErrors` (field ``pair``) when two pairs would be left."""
    pair = find(tournament, number)
    if started(tournament):
        raise PairsFixed(number)
    if len(tournament.pairs) <= 2:
        raise EntryErrors([FieldError("pair", N_("A tournament needs at least two pairs."))])
    _seatable(tournament, len(tournament.pairs) - 1, "pair")
    return pair


def withdraw_pair(tournament: Tournament, number: int) -> Reseated:
    """Take pair ``number`` out before game 1 starts (a no-show, or a pair that leaves): its
    number is retired (every other pair keeps its own, as its slip and the wall say it) and
    game 1 is seated again around the gap (:func:`services.tournaments.plan_of`).

    Raises :class:`PairNotFound`, :class:`PairsFixed` once game 1 has started, and
    :class:`EntryErrors` (field ``pair``) when two pairs would be left.
    """
    pair = _withdrawable(tournament, number)
    rnd = tournament.rounds[0]
    reseated = Reseated()
    before = {t.number for t in rnd.tables}
    # Its table goes first (its game with it): the table names the pair.
    for table in [t for t in rnd.tables if pair.id in (t.pair_a_id, t.pair_b_id)]:
        rnd.tables.remove(table)
        db.session.delete(table)
        db.session.delete(table.game)
    tournament.pairs.remove(pair)
    db.session.delete(pair)
    db.session.flush()
    return _reseat_first(tournament, reseated, before)


@dataclass(frozen=True)
class WithdrawalPreview:
    """What withdrawing a pair would do, for the desk to confirm: game 1's seating as it would
    be, each table marked kept (same pairs: its game and link stay) or new."""

    pair: TournamentPair
    #: (table, pair, pair, kept)
    tables: list[tuple[int, int, int, bool]]
    removed: list[int]
    byes: list[int]


def withdrawal_preview(tournament: Tournament, number: int) -> WithdrawalPreview:
    """What :func:`withdraw_pair` would do, changing nothing; refused as it would be."""
    pair = _withdrawable(tournament, number)
    numbers = sorted(p.number for p in tournament.pairs if p.id != pair.id)
    plan = relabel(movement_plan(tournament.seating_method, len(numbers),
                                 tournament.rounds_planned), numbers).rounds[0]
    seating = seat_without(plan, [])
    by_id = {p.id: p.number for p in tournament.pairs}
    now = {t.number: (by_id[t.pair_a_id], by_id[t.pair_b_id]) for t in current_tables(tournament)}
    tables = [(t, a, b, now.get(t) == (a, b)) for t, a, b in seating.tables]
    removed = sorted(set(now) - {t for t, _a, _b in seating.tables})
    return WithdrawalPreview(pair, tables, removed, list(seating.byes))


def rename_pair(tournament: Tournament, number: int, data: Mapping[str, object]
                ) -> TournamentPair:
    """Correct pair ``number``'s name and players before game 1 starts (its game 1 sheet
    follows). Raises :class:`PairNotFound`, :class:`PairsFixed`, :class:`EntryErrors`."""
    pair = find(tournament, number)
    name, players = _checked(data)
    if started(tournament):
        raise PairsFixed(number)
    pair.name, pair.players = name, players
    for table in tournament.rounds[0].tables:
        for side, seated in zip(table.game.sides, table.pairs, strict=True):
            if seated.id != pair.id:
                continue
            side.name = name
            for player, typed in zip(side.players, players, strict=False):
                player.name = typed
    db.session.flush()
    return pair


def check_in(tournament: Tournament, number: int, present: bool) -> TournamentPair:
    """Mark pair ``number`` arrived (or not). Raises :class:`PairNotFound`,
    :class:`PairsFixed` once game 1 has started (who came is then settled)."""
    pair = find(tournament, number)
    if started(tournament):
        raise PairsFixed(number)
    pair.checked_in = present
    db.session.flush()
    return pair


def absent(tournament: Tournament) -> list[TournamentPair]:
    """The pairs not checked in (before game 1: the no-shows to withdraw)."""
    return [p for p in tournament.pairs if not p.checked_in]


#: What naming a substitute reads (the API's body).
SUBSTITUTE = Body((
    Field("player", Kind.CHOICE, N_("Choose the player who was replaced."), choices=(1, 2),
          digits=True, description="The pair's player replaced (1 or 2, in the pair's order)"),
    Field("name", Kind.NAME, "", high=MAX_PLAYER, description=f"At most {MAX_PLAYER} characters"),
), examples=({"player": 2, "name": "Marta"},))


def substitute_name(tournament: Tournament, round_number: int, number: int, player: int | None,
                    name: object) -> TournamentTable:
    """Record who replaced player ``player`` (1 or 2; ``None``: the client sent no whole
    number) of pair ``number`` in game ``round_number``, named ``name`` as typed; the pair's
    substitution is recorded with it (002: it scores nothing).

    Raises :class:`RoundNotFound`, :class:`PairNotFound`, :class:`EntryErrors` (fields
    ``player``, ``name``, ``pair`` when the pair plays no game in that round),
    :class:`TournamentOver`.
    """
    if tournament.finished_at is not None:
        raise TournamentOver()
    rnd: TournamentRound | None = service.get_round(tournament, round_number)
    if rnd is None:
        raise RoundNotFound(round_number)
    pair = find(tournament, number)
    errors: list[FieldError] = []
    player = SUBSTITUTE.field("player").read(player, errors)
    typed: str = SUBSTITUTE.field("name").read(name, errors)
    table = next((t for t in rnd.tables if pair.id in (t.pair_a_id, t.pair_b_id)), None)
    if table is None:
        errors.append(FieldError("pair", N_("This pair plays no game in this round.")))
    if errors:
        raise EntryErrors(errors)
    assert table is not None and player is not None
    side = 0 if table.pair_a_id == pair.id else 1
    subs = [list(s) for s in (table.substitutes or [[None, None], [None, None]])]
    subs[side][player - 1] = typed
    # A new list: the ORM sees a JSON column change only when it is given a new value.
    table.substitutes = subs
    pair.substituted = True
    db.session.flush()
    return table


def clear_substitutes(tournament: Tournament, pair: TournamentPair) -> None:
    """Forget the substitutes named for ``pair`` in every game (its substitution taken back:
    the papers print its own players again)."""
    for rnd in tournament.rounds:
        for table in rnd.tables:
            if table.substitutes and pair.id in (table.pair_a_id, table.pair_b_id):
                side = 0 if table.pair_a_id == pair.id else 1
                subs = [list(s) for s in table.substitutes]
                subs[side] = [None, None]
                table.substitutes = None if subs == [[None, None], [None, None]] else subs


def players_at(table: TournamentTable, side: int, players: Sequence[str]) -> tuple[str, ...]:
    """The players of ``side`` as they sat in ``table``'s game: a substitute's name in place of
    the player replaced, with who it replaced."""
    from ..i18n import gettext as _

    names = list(players)
    subs = (table.substitutes or [[None, None], [None, None]])[side]
    for i, sub in enumerate(subs[:len(names)]):
        if sub:
            names[i] = _("%(substitute)s (substituting %(player)s)", substitute=sub,
                         player=names[i])
    return tuple(names)
