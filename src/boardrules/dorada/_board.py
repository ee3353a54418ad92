"""Dorada boards as data: the default ``classic-40`` and boards that users supply.

The rulebook's pictures of the board are lost, so the layout is data: a :class:`Board` names
its running fields, stumble fields, jump fields (with their numbers), gold fields and the last
jump field before the goal.  Position 0 is each colour's start field, ``1..fields`` are the
fields of the shared path and ``fields + 1`` is the goal DORADA.

>>> from boardrules.dorada import Field
>>> from boardrules.dorada import CLASSIC_40, board_from_spec
>>> CLASSIC_40.fields, CLASSIC_40.dorada
(40, 41)
>>> CLASSIC_40.kind(33) is Field.LAST_JUMP
True
>>> board_from_spec({"fields": 10, "jumps": [[4, 2]], "last_jump": 4}).name
'custom'
"""

from __future__ import annotations

import enum
import math
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from boardrules._lru import LRU, cached_in
from boardrules._values import safe_repr
from boardrules.errors import InvalidOptionError

__all__ = [
    "BOARDS",
    "CLASSIC_40",
    "MAX_EXPECTED_MOVES",
    "MAX_FIELDS",
    "Board",
    "Field",
    "board_from_spec",
    "board_option",
    "board_to_option",
]

#: The longest path a board may have, so that a damaged document cannot ask for a huge board.
MAX_FIELDS = 400

#: The most moves that a piece alone on the board may need on average to come from its start
#: field to DORADA (:attr:`Board.expected_moves`), so that every game ends in reasonable time:
#: about nine times what a plain board of :data:`MAX_FIELDS` fields needs, about 125 times
#: ``classic-40`` (8.0).
MAX_EXPECTED_MOVES = 1000


class Field(enum.IntEnum):
    """The kind of a field of the path."""

    #: An ordinary field (also the start field, position 0).
    RUNNING = 0
    #: A stumble field (a hole): a piece that lands on it while it is open is lost.
    STUMBLE = 1
    #: A jump field: the piece moves on by the printed number of free fields.
    JUMP = 2
    #: A gold field: the piece goes straight into DORADA.
    GOLD = 3
    #: The last jump field before the goal: the piece goes straight into DORADA.
    LAST_JUMP = 4


def _refuse(field: str, why: str) -> InvalidOptionError:
    return InvalidOptionError(f"board field {field!r}: {why}")


@attrs.frozen(cache_hash=True)
class Board:
    """A validated Dorada board.  Build one from JSON-like data with :func:`board_from_spec`;
    constructing it directly validates it the same way (lists are accepted for the tuples).

    ``jumps`` are ``(field, number)`` pairs (a negative number moves back); ``last_jump`` is
    the jump field whose piece goes straight into DORADA, whatever its number.
    """

    name: str
    fields: int
    stumble: tuple[int, ...]
    jumps: tuple[tuple[int, int], ...]
    gold: tuple[int, ...]
    last_jump: int
    #: ``kinds[f]`` is the :class:`Field` kind of position ``f`` (0 is the start field).
    kinds: tuple[Field, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    #: ``jump_by[f]`` is the number printed on jump field ``f`` (0 elsewhere).
    jump_by: tuple[int, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    #: How many moves a piece alone on the board needs on average to come from its start field
    #: to DORADA, every stumble field holding a bridge: a measure of how long its games are.  A
    #: board allows at most 1,000 (a game takes about ``4 * players`` times as many moves).
    expected_moves: float = attrs.field(init=False, eq=False, hash=False, repr=False)

    def __attrs_post_init__(self) -> None:
        name = self.name
        # The name is shown in terminal text, where a control character could start an
        # escape sequence: only printable characters (and spaces) are taken.
        if (
            not isinstance(name, str)
            or not name.strip()
            or len(name) > 60
            or not name.isprintable()
        ):
            raise _refuse(
                "name",
                "a board name is a non-empty text of at most 60 characters, all printable "
                "(no control characters)",
            )
        n = _int(self.fields, "fields", 1, MAX_FIELDS)
        stumble = _list(self.stumble, "stumble")
        jumps = tuple(_pair(pair) for pair in _list(self.jumps, "jumps"))
        gold = _list(self.gold, "gold")
        kinds = [Field.RUNNING] * (n + 1)
        by = [0] * (n + 1)
        for label, kind, where in (
            ("stumble", Field.STUMBLE, stumble),
            ("jumps", Field.JUMP, tuple(f for f, _ in jumps)),
            ("gold", Field.GOLD, gold),
        ):
            for f in where:
                if kinds[_int(f, label, 1, n)] is not Field.RUNNING:
                    raise _refuse(label, f"field {f} is already a {kinds[f].name.lower()} field")
                kinds[f] = kind
        for f, number in jumps:
            if _int(number, "jumps", -n, n) == 0:
                raise _refuse("jumps", f"the jump field {f} has the number 0")
            by[f] = number
        last = self.last_jump
        if type(last) is not int or not 1 <= last <= n or kinds[last] is not Field.JUMP:
            raise _refuse("last_jump", f"{self.last_jump!r} is not one of the jump fields")
        kinds[self.last_jump] = Field.LAST_JUMP
        # Equal layouts are equal boards, whatever order their fields were listed in.
        object.__setattr__(self, "stumble", tuple(sorted(stumble)))
        object.__setattr__(self, "jumps", tuple(sorted(jumps)))
        object.__setattr__(self, "gold", tuple(sorted(gold)))
        object.__setattr__(self, "kinds", tuple(kinds))
        object.__setattr__(self, "jump_by", tuple(by))
        self._refuse_jump_loops()
        self._refuse_endless()
        self._refuse_too_long()

    def _refuse_jump_loops(self) -> None:
        # On an empty board every field is free, so a jump of k lands exactly k fields away.
        for first in range(1, self.fields + 1):
            if self.kinds[first] is not Field.JUMP:
                continue
            chain = [first]
            f = first
            while True:
                f += self.jump_by[f]
                if not 1 <= f <= self.fields or self.kinds[f] is not Field.JUMP:
                    break
                if f in chain:
                    path = " -> ".join(map(str, [*chain, f]))
                    raise _refuse("jumps", f"on an empty board the jumps loop: {path}")
                chain.append(f)

    def _refuse_endless(self) -> None:
        # Progress: every position a piece can come to has a roll after which, wherever the
        # other pieces stand, the piece rests only on positions nearer the end, in DORADA or
        # in a hole (see progress_ranks).  Then every game ends: each move of a piece with
        # its good roll lowers the sum of the pieces' ranks, and that has a positive chance
        # at every turn.
        ranks = progress_ranks(self)
        stuck = [f for f, r in enumerate(ranks) if r is None]
        if stuck:
            raise _refuse(
                "jumps",
                f"a piece on field {stuck[0]} (0 is the start field) may never reach DORADA "
                "or a hole: from there every roll can send it back where it came from",
            )

    def _refuse_too_long(self) -> None:
        # Every game ends (_refuse_endless), but it may still take practically for ever: on a
        # board of backward jumps the expected length can grow sixfold every six fields.
        moves = _expected_moves(self.kinds, self.jump_by)
        if not moves <= MAX_EXPECTED_MOVES:
            need = "more than 10^12" if moves > 1e12 else f"{moves:,.0f}"
            raise _refuse(
                "jumps",
                f"a piece alone on this board needs {need} moves on average to come from its "
                "start field to DORADA, so a game may take practically for ever; at most "
                f"{MAX_EXPECTED_MOVES:,} are allowed (fewer or shorter backward jumps make a "
                "board quicker)",
            )
        object.__setattr__(self, "expected_moves", moves)

    @property
    def dorada(self) -> int:
        """The position of the goal DORADA, one past the last running field."""
        return self.fields + 1

    def kind(self, field: int) -> Field:
        """The kind of ``field`` (``0..fields``)."""
        return self.kinds[field]

    def spec(self) -> dict[str, Any]:
        """The board as JSON-ready data that :func:`board_from_spec` accepts again."""
        return {
            "name": self.name,
            "fields": self.fields,
            "stumble": list(self.stumble),
            "jumps": [list(pair) for pair in self.jumps],
            "gold": list(self.gold),
            "last_jump": self.last_jump,
        }


def progress_ranks(board: Board) -> tuple[int | None, ...]:
    """For each position ``0..fields``, how many rolls of its own a piece there needs at
    most to come to DORADA or a hole, choosing each roll well, whatever the other pieces
    do; ``None`` for a position a piece may come to but never leave for good, and ``0`` for
    one a piece can never stand on.

    The other pieces matter only through jumps, which count free fields: a jump of ``k``
    from ``g`` lands anywhere from ``g + k`` on (forward, or beyond into DORADA) or from
    ``g + k`` down to the start field (back), and the field reached acts in turn.  A hole
    may hold a bridge (then it is a plain field), and a chain of jumps may stop on a jump
    field.  So each roll leads to a set of possible resting places; a position's rank is
    one more than the worst rank of the best roll's set.

    >>> from boardrules.dorada import board_from_spec
    >>> from boardrules.dorada._board import progress_ranks
    >>> board = board_from_spec({"fields": 12, "jumps": [[3, -3], [10, 2]], "last_jump": 10})
    >>> progress_ranks(board)  # field 3 sends a piece back to the start: nobody stays there
    (2, 2, 2, 0, 1, 1, 1, 1, 1, 1, 0, 1, 1)
    """
    return _ranks(board.kinds, board.jump_by)


#: How many boards' ranks and expected moves are kept, so that new games on the same user
#: board are quick.
RANKS_CACHE_SIZE = 64
_RANKS: LRU[Any, tuple[int | None, ...]] = LRU(RANKS_CACHE_SIZE)
_EXPECTED_MOVES: LRU[Any, float] = LRU(RANKS_CACHE_SIZE)


@cached_in(_RANKS)
def _ranks(kinds: tuple[Field, ...], jump_by: tuple[int, ...]) -> tuple[int | None, ...]:
    n = len(kinds) - 1
    dorada, lost = n + 1, n + 2
    rest = _resting_places(kinds, jump_by)
    reach = [[1 << dorada if f + d > n else rest[f + d] for d in range(1, 7)] for f in range(n + 1)]
    # The positions a piece can come to, from the start field.
    fields = (1 << dorada) - 1
    seen = todo = 1
    while todo:
        low = todo & -todo
        todo ^= low
        for mask in reach[low.bit_length() - 1]:
            new = mask & fields & ~seen
            seen |= new
            todo |= new
    ranks: list[int | None] = [None] * (n + 1)
    done = 1 << dorada | 1 << lost
    rank = 0
    while True:
        rank += 1
        joined = [
            f
            for f in range(n + 1)
            if ranks[f] is None and any(mask & ~done == 0 for mask in reach[f])
        ]
        if not joined:
            break
        for f in joined:
            ranks[f] = rank
            done |= 1 << f
    return tuple(0 if not seen >> f & 1 else r for f, r in enumerate(ranks))


def expected_moves(board: Board) -> float:
    """How many moves a piece alone on ``board`` needs on average to come from its start
    field to DORADA when every stumble field holds a bridge; a board allows at most
    :data:`MAX_EXPECTED_MOVES`.

    Alone on the board, the piece's jumps land exactly their number of fields away, so each
    roll from each field leads to one field (or DORADA), and the expected numbers of moves
    ``E`` solve the linear equations ``E[f] = 1 + (E[after 1] + ... + E[after 6]) / 6`` with
    ``E[DORADA] = 0``; they are solved by elimination from the last field down.  A game has
    about ``4 * players`` times as many moves, each a roll and a decision: pieces that fall
    into open stumble fields finish sooner, and pieces in the way make jumps a few fields
    longer.

    >>> from boardrules.dorada import CLASSIC_40, board_from_spec
    >>> from boardrules.dorada._board import expected_moves
    >>> round(expected_moves(CLASSIC_40), 2)
    8.02
    >>> plain = board_from_spec({"fields": 400, "jumps": [[400, 1]], "last_jump": 400})
    >>> round(expected_moves(plain), 2)
    114.76
    """
    return _expected_moves(board.kinds, board.jump_by)


@cached_in(_EXPECTED_MOVES)
def _expected_moves(kinds: tuple[Field, ...], jump_by: tuple[int, ...]) -> float:
    n = len(kinds) - 1
    rest = _lone_resting_places(kinds, jump_by)
    # The fields a piece alone can come to, from the start field, in order.
    fields = [0]
    seen = {0}
    for f in fields:
        for g in range(f + 1, min(f + 6, n) + 1):
            if rest[g] >= 0 and rest[g] not in seen:
                seen.add(rest[g])
                fields.append(rest[g])
    fields.sort()
    # rows[f]: E[f] = const[f] + sum(a * E[h] for h, a in rows[f].items()).
    rows: dict[int, dict[int, float]] = {f: {} for f in fields}
    for f in fields:
        row = rows[f]
        for g in range(f + 1, min(f + 6, n) + 1):
            if rest[g] >= 0:
                row[rest[g]] = row.get(rest[g], 0.0) + 1 / 6
    return _solve(fields, rows)


def _lone_resting_places(kinds: tuple[Field, ...], jump_by: tuple[int, ...]) -> list[int]:
    """``rest[g]``: where a piece alone on the board that the die brings to field ``g`` comes
    to rest, every stumble field holding a bridge (``-1``: DORADA)."""
    n = len(kinds) - 1
    rest = [0]
    for g in range(1, n + 1):
        f = g
        while 1 <= f <= n and kinds[f] is Field.JUMP:  # on an empty board chains do not loop
            f += jump_by[f]
        f = max(f, 0)  # below the first field: the start field
        rest.append(-1 if f > n or kinds[f] in (Field.GOLD, Field.LAST_JUMP) else f)
    return rest


def _solve(fields: list[int], rows: dict[int, dict[int, float]]) -> float:
    """``E[0]`` where ``E[f] = 1 + sum(a * E[h] for h, a in rows[f].items())`` for each of
    ``fields`` (the start field 0 first), by elimination from the last field down; ``inf``
    when some field needs more than 10^12 moves."""
    const = dict.fromkeys(fields, 1.0)
    users: dict[int, set[int]] = {f: set() for f in fields}  # the rows that refer to E[h]
    for f in fields:
        for h in rows[f]:
            users[h].add(f)
    for k in reversed(fields):
        # Solve row k for E[k] in terms of the fields before k, and put that into their rows.
        row = rows[k]
        leave = 1.0 - row.pop(k, 0.0)
        if leave < 1e-12:  # then E[k] >= 1 / leave
            return math.inf
        const[k] /= leave
        for h in row:
            row[h] /= leave
        for i in users[k]:
            if i < k:
                other = rows[i]
                a = other.pop(k)
                const[i] += a * const[k]
                for h, b in row.items():
                    other[h] = other.get(h, 0.0) + a * b
                    users[h].add(i)
    value: dict[int, float] = {}
    for k in fields:
        value[k] = const[k] + sum(a * value[h] for h, a in rows[k].items())
    return value[0]


def _resting_places(kinds: tuple[Field, ...], jump_by: tuple[int, ...]) -> list[int]:
    """``rest[g]``: the bit set of positions (``fields + 1`` for DORADA, ``fields + 2`` for
    a hole) where a piece the die brings to field ``g`` can come to rest."""
    n = len(kinds) - 1
    dorada = n + 1
    base = _stopping_places(kinds)
    rest = [0 if kinds[g] is Field.JUMP else base[g] for g in range(n + 1)]
    while True:
        # What a piece can do once it lands (after a jump) on each field.
        below, above = _landing_unions([base[g] | rest[g] for g in range(n + 1)])
        changed = False
        for g in range(1, n + 1):
            if kinds[g] is Field.JUMP:
                to = g + jump_by[g]
                mask = (1 << dorada if to > n else above[to]) if to > g else below[max(to, 0) + 1]
                if mask | rest[g] != rest[g]:
                    rest[g] |= mask
                    changed = True
        if not changed:
            return rest


def _stopping_places(kinds: tuple[Field, ...]) -> list[int]:
    """For each field, where a piece that stops on it rests without jumping on, as bits."""
    n = len(kinds) - 1
    dorada, lost = n + 1, n + 2
    base = [1 << 0]  # the start field does not act
    for g in range(1, n + 1):
        kind = kinds[g]
        if kind is Field.STUMBLE:
            base.append(1 << g | 1 << lost)  # open: lost; bridged: a plain field
        elif kind is Field.RUNNING or kind is Field.JUMP:
            base.append(1 << g)  # a chain stops on a jump field it has jumped from
        else:
            base.append(1 << dorada)
    return base


def _landing_unions(act: list[int]) -> tuple[list[int], list[int]]:
    """The unions of ``act`` over every range of landing fields a jump can have:
    ``below[g]`` over the fields before ``g`` (a jump back), ``above[g]`` over ``g`` and
    every field after it, DORADA included (a jump forward)."""
    n = len(act) - 1
    dorada = n + 1
    below, above = [0] * (n + 2), [1 << dorada] * (n + 2)
    for g in range(n + 1):
        below[g + 1] = below[g] | act[g]
    for g in range(n, -1, -1):
        above[g] = above[g + 1] | act[g]
    return below, above


def _int(value: Any, field: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise _refuse(field, f"expected a whole number in {low}..{high}, got {value!r}")
    return value


def _list(value: Any, field: str) -> tuple[Any, ...]:
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise _refuse(field, f"expected a list, got {value!r}")
    return tuple(value)


def _pair(value: Any) -> tuple[Any, Any]:
    if not isinstance(value, Sequence) or isinstance(value, str) or len(value) != 2:
        raise _refuse("jumps", f"expected a [field, number] pair, got {value!r}")
    return value[0], value[1]


def board_from_spec(spec: Mapping[str, Any]) -> Board:
    """Check board data and build the :class:`Board`.

    ``spec`` has ``fields`` (running fields; DORADA is ``fields + 1``), ``stumble``, ``gold``
    (lists of fields), ``jumps`` (a list of ``[field, number]`` pairs), ``last_jump`` (one of
    the jump fields) and optionally ``name``.  Bad data raises
    :class:`~boardrules.InvalidOptionError` naming the broken field.

    >>> from boardrules.dorada import board_from_spec
    >>> board_from_spec({"fields": 10, "gold": [11], "jumps": [[4, 2]], "last_jump": 4})
    Traceback (most recent call last):
    ...
    boardrules.errors.InvalidOptionError: board field 'gold': expected ... in 1..10, got 11
    """
    if not isinstance(spec, Mapping):
        raise _refuse("board", f"a board is a name or a JSON object, not {safe_repr(spec)}")
    known = ("name", "fields", "stumble", "jumps", "gold", "last_jump")
    for key in spec:
        if key not in known:
            raise _refuse(str(key), f"unknown; a board has: {', '.join(known)}")
    for key in ("fields", "last_jump"):
        if key not in spec:
            raise _refuse(key, "missing")
    board = Board(
        name=spec.get("name", "custom"),
        fields=spec["fields"],
        stumble=spec.get("stumble", ()),
        jumps=spec.get("jumps", ()),
        gold=spec.get("gold", ()),
        last_jump=spec["last_jump"],
    )
    builtin = BOARDS.get(board.name)
    if builtin is not None and builtin != board:
        raise _refuse("name", f"{board.name!r} is a built-in board with another layout")
    return builtin or board


#: The default board, our reconstruction of the 1988 board (see the docs).
CLASSIC_40 = Board(
    name="classic-40",
    fields=40,
    stumble=(9, 18, 23, 29, 36, 37, 38, 39, 40),
    jumps=((5, 3), (14, 2), (20, -3), (24, 4), (33, 8)),
    gold=(12, 27),
    last_jump=33,
)

#: The built-in boards by name.
BOARDS: dict[str, Board] = {CLASSIC_40.name: CLASSIC_40}


def board_option(value: Any) -> Board:
    """The ``board`` option: a built-in board's name, board data or a :class:`Board`."""
    if isinstance(value, Board):
        return value
    if isinstance(value, str):
        board = BOARDS.get(value)
        if board is None:
            raise InvalidOptionError(
                f"unknown board {safe_repr(value)}; built-in boards: {', '.join(BOARDS)}, "
                "or give the board as data"
            )
        return board
    return board_from_spec(value)


def board_to_option(board: Board) -> str | dict[str, Any]:
    """The JSON-ready ``board`` option: a built-in board's name, else the board's data."""
    return board.name if BOARDS.get(board.name) == board else board.spec()
