"""What the three batches share: the constructor, :meth:`_Batch.from_states`, the checks of
the arrays callers give (actions, observers), the observation's buffer, and a random legal
action from the legal mask.

Each game's class makes its arrays (``_arrays``), loads a scalar state into a row
(``_load``), restarts games (``_restart``), rolls (``_roll_loaded`` after a load) and writes
observations (``_write``); this class calls them in the same order for every game.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeAlias, TypeVar

import attrs
import numpy as np
import numpy.typing as npt

from boardrules._values import cut_refusals, safe_repr
from boardrules.errors import IllegalMoveError, InvalidOptionError

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Floats = npt.NDArray[np.float64]

#: Dice given to a batch: one per game, or (Dorada, Docker) a row of them per game.  (A
#: string: the docs are built with numpy mocked, where ``|`` with a numpy type fails.)
Dice: TypeAlias = "Sequence[int] | Sequence[Sequence[int]] | npt.NDArray[np.integer[Any]]"
#: Actions given to a batch, one per game.
Actions: TypeAlias = "Sequence[int] | npt.NDArray[np.integer[Any]]"


def _whole(values: npt.NDArray[Any]) -> bool:
    """Whether an array holds whole numbers (of an integer type: not bools, not floats)."""
    return values.dtype.kind in "iu"  # (np.issubdtype says the same, ten times slower)


def _array(values: object, message: str) -> npt.NDArray[Any]:
    """``values`` as an array; what NumPy cannot make one of (ragged rows...) raises
    :class:`InvalidOptionError` with ``message``."""
    try:
        return np.asarray(values)
    except (ValueError, TypeError):
        raise InvalidOptionError(message) from None


def _generator(seed: object) -> np.random.Generator:
    """The batch's generator seeded by ``seed``: ``None`` or a whole number >= 0 (or what
    else :func:`numpy.random.default_rng` takes: a sequence of them, a ``SeedSequence``)."""
    try:
        if isinstance(seed, bool):  # (NumPy would take it as 0 or 1)
            raise TypeError
        return np.random.default_rng(seed)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        shown = repr(seed) if isinstance(seed, int | float) else f"a {type(seed).__name__}"
        raise InvalidOptionError(
            f"seed must be None or a whole number >= 0, not {shown[:40]}"
        ) from None


#: The most games a batch holds: 64 times the largest size measured (a Parchís batch of
#: this many takes about 1 GB, its vector environment about 4); more would end in NumPy's
#: ``MemoryError`` (or the machine's memory used up) rather than a clear refusal.
_MOST_GAMES = 1 << 20


def _game_count(n: object) -> int:
    """``n``, the number of games of a batch, checked: a whole number from 1 to
    :data:`_MOST_GAMES`."""
    if type(n) is not int or not 1 <= n <= _MOST_GAMES:
        raise InvalidOptionError(
            f"n, the number of games, must be a whole number from 1 to {_MOST_GAMES}, "
            f"not {safe_repr(n)}"
        )
    return n


def _pick(mask: Bools, rng: np.random.Generator) -> Ints:
    """A uniformly random true column of each row of ``mask`` (-1 in a row of none)."""
    n, width = mask.shape
    rows = np.arange(n)
    # (a 2-D nonzero, or sums and running sums along the rows, are several times slower)
    true = np.flatnonzero(mask)  # row by row: each row's true columns, in order
    first = np.searchsorted(true, rows * width)
    count = np.searchsorted(true, (rows + 1) * width) - first
    pick = (rng.random(n) * count).astype(np.int64)
    if not len(true):
        return np.full(n, -1)
    at = true.take(first + pick, mode="clip")  # (a row of none: any, -1 below)
    chosen: Ints = np.where(count > 0, at - rows * width, -1)
    return chosen


def _put_rows(rows: npt.NDArray[Any], g: Ints, values: npt.NDArray[Any]) -> None:
    """``rows[g] = values`` for the arrays of one row per game (C-contiguous; ``values``
    taken from them, of their dtype): a row of several values is copied as one item
    (numpy's indexed assignment copies it value by value, about twice as slow)."""
    if rows.ndim == 1:
        rows[g] = values
        return
    width = rows.size // len(rows)
    row = np.dtype((np.void, width * rows.itemsize))
    rows.reshape(-1, width).view(row)[:, 0][g] = values.reshape(-1, width).view(row)[:, 0]


@attrs.frozen
class StepResult:
    """What :meth:`ParchisBatch.step` (and the others' ``step``) reports: ``returns[g]``
    the :func:`boardrules.returns` of game ``g`` if it ended in this step (zeros otherwise)
    and ``ended[g]`` whether it did.
    """

    returns: Floats
    ended: Bools


class _Options(Protocol):
    """What a batch reads of every game's options."""

    @property
    def players(self) -> int: ...


class _State(Protocol):
    """What a batch reads of every game's scalar states."""

    @property
    def options(self) -> Any: ...


OptionsT = TypeVar("OptionsT", bound=_Options)  # the game's options
StateT = TypeVar("StateT", bound=_State)  # the game's scalar states
BatchT = TypeVar("BatchT", bound="_Batch[Any, Any]")


class _Batch(Generic[OptionsT, StateT]):
    """``n`` games of one game with the same options (see each game's class)."""

    #: The game's name in messages, and the class of its scalar states.
    _GAME: ClassVar[str]
    _STATE: ClassVar[type]
    #: The arrays with one row per game (what :meth:`_part` copies).
    _ROWS: ClassVar[tuple[str, ...]]
    n: int
    players: int
    autoreset: bool
    rng: np.random.Generator
    observation_size: int
    rolls: int
    moves: int

    def __init__(
        self,
        n: int,
        *,
        seed: int | None = None,
        autoreset: bool = True,
        dice: Dice | None = None,
        **options: Any,
    ) -> None:
        n = _game_count(n)
        with cut_refusals():  # a game's option checks may repeat a hostile value whole
            given = self._options(options)
        self._setup(given, n, seed, autoreset)
        self._restart(np.arange(n), self._checked_dice(dice), roll=True)

    def _setup(self, options: OptionsT, n: int, seed: int | None, autoreset: bool) -> None:
        self.options = options
        self.n = n
        self.players = options.players
        if not isinstance(autoreset, bool | np.bool_):  # ("no" would mean yes)
            raise InvalidOptionError(f"autoreset must be True or False, not {safe_repr(autoreset)}")
        self.autoreset = bool(autoreset)
        self.rng = _generator(seed)
        self._arrays()

    @classmethod
    def from_states(
        cls: type[BatchT],
        states: Sequence[StateT],
        *,
        seed: int | None = None,
        autoreset: bool = False,
        dice: Dice | None = None,
    ) -> BatchT:
        """A batch of this class holding the given states (the game's scalar states, all
        with the same options: :class:`boardrules.parchis.State` for a
        :class:`ParchisBatch`...); those before a roll are rolled at once, with ``dice`` (as
        for the constructor) or the generator.  With ``autoreset``, a game given over starts
        again at once."""
        same = f"from_states takes {cls._GAME} states with the same options"
        try:
            states = list(states)
        except TypeError:  # (one state, not a sequence of them)
            raise InvalidOptionError(same) from None
        if not states:
            raise InvalidOptionError("from_states needs at least one state")
        if any(type(s) is not cls._STATE for s in states):
            raise InvalidOptionError(same)
        options = states[0].options
        if any(s.options != options for s in states):
            raise InvalidOptionError(same)
        self = cls.__new__(cls)
        self._setup(options, len(states), seed, autoreset)
        for i, s in enumerate(states):
            self._load(i, s)
        checked = self._checked_dice(dice)
        if autoreset:
            self._restart(np.flatnonzero(self.over), None, roll=False)
        self._roll_loaded(checked)
        return self

    # What each game's class provides.

    def _options(self, given: dict[str, Any]) -> OptionsT:
        raise NotImplementedError

    def _arrays(self) -> None:
        """The game's tables and arrays, every game's row still to fill."""
        raise NotImplementedError

    def _load(self, i: int, s: StateT) -> None:
        raise NotImplementedError

    def _restart(self, g: Ints, dice: Ints | None, roll: bool) -> None:
        """Games ``g`` back to the start, then (with ``roll``) rolled to their first
        decision."""
        raise NotImplementedError

    def _roll_loaded(self, dice: Ints | None) -> None:
        """The games loaded before a roll roll now."""
        raise NotImplementedError

    def _checked_dice(self, dice: Any) -> Ints | None:
        raise NotImplementedError

    def _default_observers(self) -> Ints:
        raise NotImplementedError

    def _write(self, o: Ints, out: Any) -> None:
        """Game ``g``'s observation from seat ``o[g]`` into ``out[g]``, every value of it
        (``out`` is C-contiguous and holds anything: the game's class zeroes it as it sees
        fit)."""
        raise NotImplementedError

    @property
    def over(self) -> Bools:
        raise NotImplementedError

    def legal_mask(self) -> Bools:
        raise NotImplementedError

    def _mask(self) -> Bools:
        """:meth:`legal_mask` for the batch's own use (which does not write it)."""
        return self.legal_mask()

    # Shared.

    def _part(self: BatchT, g: Ints) -> BatchT:
        """Games ``g`` as a batch of their own: copies of their rows, with the same options,
        tables and generator; its counts of rolls and moves start at 0.  :meth:`_put_back`
        returns them (a caller stepping few games spares the work on all the others)."""
        part = copy.copy(self)
        part.n = len(g)
        for name in self._ROWS:  # (take: several times faster than indexing with g)
            setattr(part, name, getattr(self, name).take(g, axis=0))
        part.rolls = part.moves = 0
        part._reindex()
        return part

    def _put_back(self, g: Ints, part: _Batch[OptionsT, StateT]) -> None:
        """The games of ``part``, made by ``_part(g)`` and played since, back into games
        ``g``, with its rolls and moves."""
        for name in self._ROWS:
            _put_rows(getattr(self, name), g, getattr(part, name))
        self.rolls += part.rolls
        self.moves += part.moves

    def _check_game(self, i: object) -> None:
        """Refuse ``i`` unless it is the number of one of the games: 0 to ``n - 1`` (or, as
        in a list, ``-n`` to -1 from the end); what ``state(i)`` does first."""
        if isinstance(i, bool) or not isinstance(i, int | np.integer) or not -self.n <= i < self.n:
            shown = repr(i) if isinstance(i, int | float) else f"a {type(i).__name__}"
            raise InvalidOptionError(
                f"a game of this batch is a whole number from 0 to {self.n - 1}, not {shown[:40]}"
            )

    def _reindex(self) -> None:
        """What a game's class derives from the number of games (none by default)."""

    def observation(self, observers: Ints | None = None, out: Any = None) -> Any:
        """``out[g]`` = :func:`boardrules.observation_into` of game ``g`` from seat
        ``observers[g]`` (default: the seat in turn; once a game is over, the seat its state
        names: in Parchís the one that moved last, in Dorada seat 0, in Docker the winner),
        float32 of shape ``(n, observation_size)``; ``out``, if given, is overwritten."""
        n = self.n
        if out is None:
            out = np.empty((n, self.observation_size), dtype=np.float32)
        elif (
            not isinstance(out, np.ndarray)
            or out.shape != (n, self.observation_size)
            or out.dtype.kind != "f"  # (an integer array would cut 0.25 to 0)
        ):
            raise InvalidOptionError(
                f"out must be a float array of shape ({n}, {self.observation_size})"
            )
        wrong = f"observers must be one seat 0-{self.players - 1} per game: shape ({n},)"
        o = self._default_observers() if observers is None else _array(observers, wrong)
        if observers is not None and (
            o.shape != (n,) or not _whole(o) or ((o < 0) | (o >= self.players)).any()
        ):
            raise InvalidOptionError(wrong)
        if out.flags.c_contiguous:
            self._write(o.astype(np.int64), out)
        else:  # a view of another array: the games write through flat views, so via a copy
            whole = np.ascontiguousarray(out)
            self._write(o.astype(np.int64), whole)
            out[...] = whole
        return out

    def random_actions(
        self, rng: np.random.Generator | None = None, where: Bools | None = None
    ) -> Ints:
        """A uniformly random legal action in each game (-1 in games that are over, and
        where ``where``, if given, is false), drawn with ``rng`` (default: the batch's
        generator)."""
        rng = self._checked_rng(rng)
        mask = self._mask()
        if where is not None:
            mask = mask & self._checked_where(where)[:, None]
        return _pick(mask, rng)

    def _checked_rng(self, rng: object) -> np.random.Generator:
        """``rng``, a NumPy generator (default: the batch's)."""
        if rng is None:
            return self.rng
        if not isinstance(rng, np.random.Generator | np.random.RandomState):
            raise InvalidOptionError(
                f"rng must be a NumPy generator (numpy.random.default_rng(seed)), not a "
                f"{type(rng).__name__}"
            )
        return rng  # type: ignore[return-value]  # (a RandomState draws the same way)

    def _checked_where(self, where: object) -> Bools:
        """``where`` as one bool per game (bools, or 0 and 1)."""
        wrong = f"where must be one bool per game: shape ({self.n},)"
        w = _array(where, wrong)
        if w.shape != (self.n,) or not (
            w.dtype.kind == "b" or (_whole(w) and ((w == 0) | (w == 1)).all())
        ):
            raise InvalidOptionError(wrong)
        return np.asarray(w, dtype=np.bool_)  # (a bool array itself: Parchís caches by it)

    def _checked_actions(self, actions: Actions) -> Ints:
        """``actions`` as an array of one whole number per game."""
        wrong = f"step takes one whole-number action per game: shape ({self.n},)"
        a = _array(actions, wrong)
        if a.shape != (self.n,) or not _whole(a):
            raise InvalidOptionError(wrong)
        if a.dtype.kind == "u" and a.size and a.max() > np.iinfo(np.int64).max:
            raise InvalidOptionError(f"actions must be below 2**63, not {int(a.max())}")
        return a.astype(np.int64, copy=False)

    def _refuse_illegal(self, g: Ints, a: Ints) -> None:
        """Raise if ``a[g[k]]`` is not legal in game ``g[k]`` for some ``k``, naming the
        first such game and its legal actions."""
        ag = a[g]
        mask = self._mask()
        inside = (ag >= 0) & (ag < mask.shape[1])
        legal = inside & mask[g, np.where(inside, ag, 0)]
        if not legal.all():
            wrong = int(g[np.argmin(legal)])
            allowed = np.flatnonzero(mask[wrong]).tolist()
            raise IllegalMoveError(
                f"action {int(a[wrong])} is not legal in game {wrong}; legal actions: "
                f"{', '.join(map(str, allowed))}"
            )
