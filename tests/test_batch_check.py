"""The differential check itself (``boardrules.batch._check``): it plays the games it says
(the seeded dice, the batch's own choices, the options given), counts what it compared, and
notices every kind of difference between a batch and the scalar rules, saying at which step,
in which game and what.  A batch broken in one answer at one step stands for a wrong batch."""

from __future__ import annotations

import random
from typing import Any

import pytest

from extras import need

np = need("numpy", "batch")

import boardrules as br  # noqa: E402
from boardrules.batch import (  # noqa: E402
    DockerBatch,
    DoradaBatch,
    ParchisBatch,
    _check,
)
from boardrules.batch._check import (  # noqa: E402
    BatchMismatchError,
    Compared,
    compare_game,
    compare_parchis,
)
from boardrules.testing import random_play  # noqa: E402

BATCHES = {"parchis": ParchisBatch, "dorada": DoradaBatch, "docker": DockerBatch}


def _late(game: str, seed: int, back: int, **options: Any) -> Any:
    """A random game's decision ``back`` decisions before its end."""
    played = random_play(br.new_game(game, **options), random.Random(seed))
    return [s for s, _ in played if not br.is_chance(s)][-back]


class Spy:
    """What the check gave its batch and saw of it; ``broken`` names the one answer a
    subclass changes, at the ``at``-th step (counted from 0: the answers before any step)."""

    at = 0
    spy_log: list[Any]

    def _setup(self, options: Any, n: int, seed: Any, autoreset: bool) -> None:
        self.spy_log = [("setup", options, seed, autoreset)]
        self.spy_steps = 0
        super()._setup(options, n, seed, autoreset)  # type: ignore[misc]

    def _checked_dice(self, dice: Any) -> Any:
        self.spy_log.append(("dice", None if dice is None else np.array(dice)))
        return super()._checked_dice(dice)  # type: ignore[misc]

    def step(self, actions: Any, dice: Any = None, where: Any = None) -> Any:
        self.spy_log.append(("step", (~self.over).sum(), np.array(actions)))  # type: ignore[attr-defined]
        result = super().step(actions, dice, where)  # type: ignore[misc]
        self.spy_log.append(("ended", result.ended.copy(), result.returns.copy()))
        self.spy_steps += 1
        return result

    def observation(self, observers: Any = None, out: Any = None) -> Any:
        seen = super().observation(observers, out)  # type: ignore[misc]
        self.spy_log.append(("observation", None if observers is None else np.array(observers)))
        return seen

    def now(self) -> bool:
        return self.spy_steps == self.at


made: list[Any] = []


def _spied(monkeypatch: pytest.MonkeyPatch, game: str, at: int = 0, **changed: Any) -> None:
    """The check builds its ``game`` batches as a :class:`Spy` (kept in ``made``) whose
    methods ``changed`` replace the batch's own."""
    base = BATCHES[game]

    def init(self: Any, *args: Any, **kwargs: Any) -> None:
        base.__init__(self, *args, **kwargs)
        made.append(self)

    @classmethod  # type: ignore[misc]
    def from_states(cls: Any, *args: Any, **kwargs: Any) -> Any:
        batch = base.from_states.__func__(cls, *args, **kwargs)  # type: ignore[attr-defined]
        made.append(batch)
        return batch

    spy = type(
        f"Spied{base.__name__}",
        (Spy, base),
        {"__init__": init, "from_states": from_states, "at": at, **changed},
    )
    made.clear()
    monkeypatch.setattr(_check, base.__name__, spy)


def _entries(batch: Any, kind: str) -> list[Any]:
    return [entry[1:] for entry in batch.spy_log if entry[0] == kind]


# ----------------------------------------------------------------- the games it plays


def test_the_parchis_check_plays_the_seeded_dice_and_the_batch_choices(monkeypatch: Any) -> None:
    _spied(monkeypatch, "parchis")
    assert compare_parchis(3, 4, seed=5, players=2, exit_capture=False) == Compared(12, 0)
    (batch,) = made
    ((options, seed, autoreset),) = _entries(batch, "setup")
    assert (options.players, options.exit_capture, seed, autoreset) == (2, False, 6, True)
    rng = np.random.default_rng(5)
    expected = [rng.integers(1, 7, size=3) for _ in range(5)]  # the first roll, then a step's
    assert [d.tolist() for (d,) in _entries(batch, "dice")] == [e.tolist() for e in expected]
    # Parchís's observations are compared from the seat in turn only.
    assert [o for (o,) in _entries(batch, "observation")] == [None] * 4


def test_the_checks_default_to_seed_0_autoreset_and_one_die_a_step(monkeypatch: Any) -> None:
    _spied(monkeypatch, "parchis")
    compare_parchis(2, 1)
    (parchis_batch,) = made
    _spied(monkeypatch, "dorada")
    compare_game("dorada", 2, 1)
    (dorada_batch,) = made
    for batch in (parchis_batch, dorada_batch):
        ((_, seed, autoreset),) = _entries(batch, "setup")
        assert (seed, autoreset) == (1, True)
    first = np.random.default_rng(0).integers(1, 7, size=2)
    assert _entries(parchis_batch, "dice")[0][0].tolist() == first.tolist()
    first = np.random.default_rng(0).integers(1, 7, size=(2, 1))
    assert _entries(dorada_batch, "dice")[0][0].tolist() == first.tolist()


def test_the_game_check_plays_the_seeded_dice_rows(monkeypatch: Any) -> None:
    _spied(monkeypatch, "dorada")
    assert compare_game("dorada", 2, 3, seed=8, rolls=2, players=3) == Compared(6, 0)
    (batch,) = made
    ((options, seed, autoreset),) = _entries(batch, "setup")
    assert (options.players, seed, autoreset) == (3, 9, True)
    rng = np.random.default_rng(8)
    expected = [rng.integers(1, 7, size=(2, 2)) for _ in range(4)]
    assert [d.tolist() for (d,) in _entries(batch, "dice")] == [e.tolist() for e in expected]


def test_the_game_check_observes_from_a_seat_turning_with_the_steps(monkeypatch: Any) -> None:
    # The other observation of step k is from the seat k % players after the player in turn.
    turns: list[list[int]] = []

    def observation(self: Any, observers: Any = None, out: Any = None) -> Any:
        if observers is None:
            turns.append(self.turn.tolist())
        return Spy.observation(self, observers, out)

    _spied(monkeypatch, "docker", observation=observation)
    compare_game("docker", 3, 5, seed=2, rolls=24, players=3)
    given = [o.tolist() for (o,) in _entries(made[0], "observation") if o is not None]
    assert given == [[(max(t, 0) + k % 3) % 3 for t in turn] for k, turn in enumerate(turns)]


def test_a_parchis_start_keeps_its_options_and_seeds(monkeypatch: Any) -> None:
    starts = [_late("parchis", seed, 2, players=2, exit_capture=False) for seed in range(3)]
    _spied(monkeypatch, "parchis")
    compared = compare_parchis(3, 30, seed=4, start=starts, autoreset=False)
    (batch,) = made
    ((options, seed, autoreset),) = _entries(batch, "setup")
    assert (options, seed, autoreset) == (starts[0].options, 5, False)
    steps = [entry for entry in batch.spy_log if entry[0] == "step"]
    ended = [entry[1] for entry in batch.spy_log if entry[0] == "ended"]
    # Frozen: each game ends once and is compared at each step until then.
    assert compared == Compared(sum(int(live) for _, live, _ in steps), 3)
    assert sum(e.sum() for e in ended) == 3 and compared.steps < 3 * 30


def test_restarted_games_take_the_options_of_the_start() -> None:
    # A game given over and a game that ends are restarted with the start's options (two
    # players, no exit capture), in the batch and in the scalar games alike.
    starts = [_late("parchis", seed, 2, players=2, exit_capture=False) for seed in range(3)]
    compared = compare_parchis(3, 30, seed=6, start=starts)
    assert compared == Compared(3 * 30, 3)


@pytest.mark.parametrize("game", ["parchis", "dorada", "docker"])
def test_games_started_frozen_from_the_start_stay_frozen(monkeypatch: Any, game: str) -> None:
    _spied(monkeypatch, game)
    if game == "parchis":
        compare_parchis(2, 2, seed=3, autoreset=False)
    else:
        compare_game(game, 2, 2, seed=3, rolls=24, autoreset=False)
    ((_, seed, autoreset),) = _entries(made[0], "setup")
    assert (seed, autoreset) == (4, False)


@pytest.mark.parametrize("game", ["parchis", "dorada", "docker"])
def test_a_start_before_a_roll_is_rolled_with_the_check_s_dice(monkeypatch: Any, game: str) -> None:
    # The batch's own generator would roll other dice than the scalar games get.
    starts = [br.new_game(game, players=2)] * 3
    _spied(monkeypatch, game)
    if game == "parchis":
        compared = compare_parchis(3, 2, seed=7, start=starts)
        first = np.random.default_rng(7).integers(1, 7, size=3)
    else:
        compared = compare_game(game, 3, 2, seed=7, rolls=24, start=starts)
        first = np.random.default_rng(7).integers(1, 7, size=(3, 24))
    assert compared == Compared(6, 0)
    ((_, seed, _),) = _entries(made[0], "setup")
    assert seed == 8 and _entries(made[0], "dice")[0][0].tolist() == first.tolist()


@pytest.mark.parametrize("game", ["parchis", "dorada", "docker"])
def test_a_game_start_over_restarts_or_stays(game: str) -> None:
    last, move = list(random_play(br.new_game(game, players=3), random.Random(1)))[-1]
    over = br.apply_move(last, move)
    live = _late(game, 2, 3, players=3)
    # The game over comes first: the games after it are played on.
    if game == "parchis":
        frozen = compare_parchis(3, 4, seed=1, start=[over, live, live], autoreset=False)
        restarted = compare_parchis(3, 4, seed=1, start=[over, live, live])
    else:
        start = [over, live, live]
        frozen = compare_game(game, 3, 4, seed=1, rolls=24, start=start, autoreset=False)
        restarted = compare_game(game, 3, 4, seed=1, rolls=24, start=start)
    assert frozen.steps <= 8 and frozen.ended <= 2  # the game over is not compared
    assert restarted.steps == 12


def test_a_docker_start_ended_by_its_first_roll_restarts_or_stays() -> None:
    # Blue, to roll, is out on a 1 (no piece to enter, none that a 1 moves), so orange
    # wins on the first roll; seed 11 gives game 0 a 1 first, game 1 a 3.  With autoreset
    # the scalar side starts game 0 again too, then rolls it with the row's next die.
    start = next(
        s
        for s, _ in random_play(br.new_game("docker", players=2), random.Random(0))
        if br.is_chance(s) and br.is_terminal(br.apply_move(s, br.action_to_move(s, 0)))
    )
    assert np.random.default_rng(11).integers(1, 7, size=(2, 24))[:, 0].tolist() == [1, 3]
    restarted = compare_game("docker", 2, 3, seed=11, rolls=24, start=[start, start])
    frozen = compare_game("docker", 2, 3, seed=11, rolls=24, start=[start, start], autoreset=False)
    assert restarted.steps == 6 and frozen.steps == 3  # game 1 only


@pytest.mark.parametrize("game", ["parchis", "dorada", "docker"])
def test_a_single_game_is_checked_from_its_start(game: str) -> None:
    start = [_late(game, 4, 3, players=3)]
    if game == "parchis":
        compared = compare_parchis(1, 5, seed=2, start=start)
    else:
        compared = compare_game(game, 1, 5, seed=2, rolls=24, start=start)
    assert compared.steps == 5


def test_the_check_counts_endings_with_autoreset(monkeypatch: Any) -> None:
    starts = [_late("dorada", seed, 1, players=2) for seed in range(3)]
    _spied(monkeypatch, "dorada")
    compared = compare_game("dorada", 3, 6, seed=2, start=starts)
    ended = sum(int(e.sum()) for e, _ in _entries(made[0], "ended"))
    assert compared == Compared(18, ended) and ended >= 3


def test_a_docker_game_short_of_dice_is_told_to_take_more() -> None:
    with pytest.raises(BatchMismatchError) as caught:
        compare_game("docker", 4, 30, seed=1, rolls=1, players=2)
    assert str(caught.value).endswith("needs more than 1 dice: give more")
    assert str(caught.value).startswith("game ")


# ----------------------------------------------------------------- the differences it finds


def _fails(call: Any, message: str) -> None:
    with pytest.raises(BatchMismatchError) as caught:
        call()
    assert str(caught.value) == message


def _parchis(monkeypatch: Any, at: int, **changed: Any) -> Any:
    _spied(monkeypatch, "parchis", at, **changed)
    return lambda: compare_parchis(4, 5, seed=3, players=3)


def test_a_wrong_state_is_shown_with_both_states(monkeypatch: Any) -> None:
    def state(self: Any, i: int) -> Any:
        right = ParchisBatch.state(self, i)
        return ParchisBatch.state(self, 0) if self.now() and i == 2 else right

    call = _parchis(monkeypatch, 1, state=state)
    with pytest.raises(BatchMismatchError) as caught:
        call()
    wrong, right = ParchisBatch.state(made[0], 0), ParchisBatch.state(made[0], 2)
    assert wrong != right
    assert str(caught.value) == (
        f"step 1, game 2: states differ:\n{wrong.full_repr()}\n{right.full_repr()}"
    )


def test_a_wrong_barrier_mask_is_a_difference(monkeypatch: Any) -> None:
    # Parchís' barriers are left out of ==: the check compares them on their own.
    from boardrules.parchis._state import new_state

    def state(self: Any, i: int) -> Any:
        s = ParchisBatch.state(self, i)
        if not (self.now() and i == 1):
            return s
        return new_state(
            s.options, s.pos, s._cells, s.turn, s.phase, s.roll, s.count, s.sixes, s.last,
            s.finished, s.opened, s.barriers ^ 1,
        )  # fmt: skip

    call = _parchis(monkeypatch, 2, state=state)
    with pytest.raises(BatchMismatchError, match=r"^step 2, game 1: states differ:\n"):
        call()


def test_a_wrong_legal_action_is_a_difference(monkeypatch: Any) -> None:
    def legal_mask(self: Any) -> Any:
        mask = ParchisBatch.legal_mask(self)
        if self.now():
            mask[3, 0] = not mask[3, 0]
        return mask

    call = _parchis(monkeypatch, 2, legal_mask=legal_mask)
    with pytest.raises(BatchMismatchError) as caught:
        call()
    legal = br.legal_actions(ParchisBatch.state(made[0], 3))
    assert str(caught.value) == f"step 2, game 3: legal actions differ from {legal}"


def test_wrong_returns_and_players_to_move_are_differences(monkeypatch: Any) -> None:
    def returns(self: Any) -> Any:
        values = ParchisBatch.returns(self)
        if self.now():
            values[1, 2] = 1.0
        return values

    _fails(_parchis(monkeypatch, 3, returns=returns), "step 3, game 1: returns differ")

    def to_move(self: Any) -> Any:
        seats = ParchisBatch.to_move(self)
        if self.now():
            seats[2] = (seats[2] + 1) % 3
        return seats

    _fails(_parchis(monkeypatch, 4, to_move=to_move), "step 4, game 2: the player to move differs")


def test_a_wrong_observation_names_its_game_and_seat(monkeypatch: Any) -> None:
    def observation(self: Any, observers: Any = None, out: Any = None) -> Any:
        seen = ParchisBatch.observation(self, observers, out)
        if self.now():
            seen[2, 5] += 1.0
        return seen

    call = _parchis(monkeypatch, 1, observation=observation)
    with pytest.raises(BatchMismatchError) as caught:
        call()
    seat = max(ParchisBatch.state(made[0], 2).turn, 0)
    assert str(caught.value) == f"step 1, game 2: observations from seat {seat} differ"


def test_a_wrong_observation_from_another_seat_is_a_difference(monkeypatch: Any) -> None:
    def observation(self: Any, observers: Any = None, out: Any = None) -> Any:
        seen = DoradaBatch.observation(self, observers, out)
        if self.now() and observers is not None:
            seen[1, 0] += 1.0
            self.spy_given = observers
        return seen

    _spied(monkeypatch, "dorada", 2, observation=observation)
    with pytest.raises(BatchMismatchError) as caught:
        compare_game("dorada", 3, 4, seed=5, players=4)
    message = f"step 2, game 1: observations from seat {made[0].spy_given[1]} differ"
    assert str(caught.value) == message


def _step(base: type, change: Any) -> Any:
    """A batch ``step`` whose result ``change(self, result)`` alters when it is time."""

    def step(self: Any, actions: Any, dice: Any = None, where: Any = None) -> Any:
        now = self.now()
        result = Spy.step(self, actions, dice, where)
        if now:
            change(self, result)
        return result

    return step


def test_a_wrong_ending_is_a_difference(monkeypatch: Any) -> None:
    def change(self: Any, result: Any) -> None:
        result.ended[2] = not result.ended[2]

    _fails(_parchis(monkeypatch, 1, step=_step(ParchisBatch, change)), "step 1, game 2: ended")
    _spied(monkeypatch, "docker", 1, step=_step(DockerBatch, change))
    _fails(lambda: compare_game("docker", 3, 3, seed=1, rolls=24), "step 1, game 2: ended")


def test_returns_before_the_end_are_a_difference(monkeypatch: Any) -> None:
    def change(self: Any, result: Any) -> None:
        result.returns[1, 0] = 0.5

    message = "step 2, game 1: returns before the end"
    _fails(_parchis(monkeypatch, 2, step=_step(ParchisBatch, change)), message)
    _spied(monkeypatch, "dorada", 2, step=_step(DoradaBatch, change))
    _fails(lambda: compare_game("dorada", 3, 4, seed=1), message)


@pytest.mark.parametrize("game", ["parchis", "dorada", "docker"])
def test_wrong_returns_at_the_end_are_a_difference(monkeypatch: Any, game: str) -> None:
    # The first game to end gets its returns the wrong way round (the loser's win).
    starts = [_late(game, seed, 1, players=2) for seed in range(3)]

    def step(self: Any, actions: Any, dice: Any = None, where: Any = None) -> Any:
        result = Spy.step(self, actions, dice, where)
        if result.ended.any() and not hasattr(self, "spy_broke"):
            i = int(np.argmax(result.ended))
            self.spy_broke = (self.spy_steps - 1, i)
            result.returns[i] = result.returns[i][::-1]
        return result

    _spied(monkeypatch, game, step=step)
    with pytest.raises(BatchMismatchError) as caught:
        if game == "parchis":
            compare_parchis(3, 20, seed=1, start=starts)
        else:
            compare_game(game, 3, 20, seed=1, rolls=24, start=starts)
    what = "returns at the end" if game == "parchis" else "final returns"
    k, i = made[0].spy_broke
    assert str(caught.value) == f"step {k}, game {i}: {what}"


def test_a_wrong_count_of_dice_rolled_is_a_difference(monkeypatch: Any) -> None:
    def change(self: Any, result: Any) -> None:
        self.rolled[1] += 1

    _spied(monkeypatch, "docker", 1, step=_step(DockerBatch, change))
    with pytest.raises(BatchMismatchError) as caught:
        compare_game("docker", 2, 3, seed=1, rolls=24, players=2)
    used = int(made[0].rolled[1]) - 1
    assert str(caught.value) == f"step -1, game 1: dice rolled: {used} != {used + 1}"
