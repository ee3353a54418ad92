"""Dorasure, actions and observations: a fixed action number per move of a setup, and the
blocks of the observation (the table on the Dorasure page).

One test per clause, named after it, from concrete positions (the map: see
``dorasure_helpers``).
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import boardrules as br
from boardrules.dorasure import HERO_ORDER, QUESTS, State
from boardrules.dorasure._actions import COUNTED, numbering
from boardrules.dorasure._observation import AGENDA_SHOWN
from boardrules.dorasure._state import (
    TASK_COUNT,
    WON,
    AbsorbDamage,
    AskHelp,
    ChartRoll,
    KissOfDeath,
    Move,
    NoBullet,
    NoKiss,
    PoisonBullet,
    SpendResources,
    Step,
)
from boardrules.dorasure.tasks.quests import RevealQuest
from test_encoding import OPTIONS, playout

setups = st.sampled_from(OPTIONS["dorasure"])


def what(move: Move) -> object:
    """What a move means: the move itself, except that a dice outcome is numbered by its
    counts of 1s, 2-3s and 4-5s (the rest of its dice, however many, are 6s)."""
    if isinstance(move, ChartRoll):
        return ChartRoll, move.ones, move.low, move.high
    return move


def seat_block(obs: tuple[float, ...], state: State, k: int) -> tuple[float, ...]:
    spaces = len(state.rules.board.names)
    block = 12 + spaces + 25
    return obs[k * block : (k + 1) * block]


def mountains(obs: tuple[float, ...], state: State) -> list[int | None]:
    """The face-up tile of each mountain read back from an observation (None: face down)."""
    n, spaces = state.rules.seats, len(state.rules.board.names)
    at = n * (12 + spaces + 25) + 4 + n + 1 + 3
    q = len(QUESTS)
    out: list[int | None] = []
    for m in range(5):
        one_hot = obs[at + m * (q + 8) : at + m * (q + 8) + q + 1]
        assert one_hot.count(1.0) == 1 and sum(one_hot) == 1.0
        tile = one_hot.index(1.0)
        out.append(None if tile == q else tile)
    return out


@settings(max_examples=4, deadline=None)
@given(options=setups, seeds=st.lists(st.integers(0, 2**32 - 1), min_size=2, max_size=2))
def test_an_action_number_means_the_same_move_in_every_position_of_a_setup(
    options: dict[str, Any], seeds: list[int]
) -> None:
    seen: dict[tuple[bool, int], object] = {}
    kinds: dict[tuple[bool, int], type] = {}
    for seed in seeds:  # two games of one setup: the numbers do not depend on the game
        for state in playout("dorasure", options, seed):
            chance = br.is_chance(state)
            for move in br.legal_moves(state):
                action = br.move_to_action(state, move)
                assert seen.setdefault((chance, action), what(move)) == what(move)
                # A refusal (no-bullet, no-kiss) opens the block of the ability refused.
                kind = {NoKiss: KissOfDeath, NoBullet: PoisonBullet}.get(type(move), type(move))
                kinds[(chance, action)] = kind
    # Each kind of move has one block of numbers: no number of one kind lies between two
    # numbers of another.
    for chance in (False, True):
        numbers = sorted(a for c, a in kinds if c == chance)
        runs = [kinds[(chance, a)] for a in numbers]
        blocks = [k for i, k in enumerate(runs) if i == 0 or runs[i - 1] != k]
        assert len(blocks) == len(set(blocks))


def test_the_blocks_follow_the_table_on_the_dorasure_page() -> None:
    s = br.new_game("dorasure", players=2)
    spaces = len(s.rules.board.names)
    n = 2
    assert br.num_actions(s) == 6 * spaces + 3 * n + 295
    assert br.num_chance_outcomes(s) == 2 ** (n + 1) + 13300
    number = numbering(s.rules).number
    # The steps come last: step v X is (v - 1) * S + X from the start of their block.
    first_step = br.num_actions(s) - 6 * spaces
    for v in (1, 4, 6):
        for x in (0, 7, spaces - 1):
            assert number(Step(v, x, "x")) == first_step + (v - 1) * spaces + x
    # The counted decisions: absorb then spend, 64 numbers each, just before the other two.
    assert number(SpendResources(0)) - number(AbsorbDamage(0)) == COUNTED
    assert number(AskHelp(1, True, "x")) - number(AskHelp(0, False, "x")) == 3
    assert number(KissOfDeath(1, "x")) - number(NoKiss()) == 2


@settings(max_examples=6, deadline=None)
@given(options=setups, seed=st.integers(0, 2**32 - 1))
def test_each_seat_sees_itself_first_and_every_hero_where_it_stands(
    options: dict[str, Any], seed: int
) -> None:
    for i, state in enumerate(playout("dorasure", options, seed)):
        if i % 5:
            continue
        n = state.rules.seats
        spaces = len(state.rules.board.names)
        for player in range(n):
            obs = br.observation(state, player)
            for k in range(n):
                seat = (player + k) % n
                block = seat_block(obs, state, k)
                assert block[:12].index(1.0) == state.rules.heroes[seat]
                assert block[12 : 12 + spaces].index(1.0) == state.pos[seat]
                health = block[12 + spaces]
                assert health == state.health[seat] / state.rules.sheets[seat].health
                assert block[12 + spaces + 4 : 12 + spaces + 10].index(1.0) == state.level(seat) - 1


def test_heroes_are_named_in_the_order_of_hero_order() -> None:
    s = br.new_game("dorasure", heroes=["Vampire", "Prince"])
    seen = [seat_block(br.observation(s, 1), s, k)[:12].index(1.0) for k in (0, 1)]
    assert [HERO_ORDER[h] for h in seen] == [s.rules.hero_name(1), s.rules.hero_name(0)]
    assert sorted(HERO_ORDER[h] for h in seen) == ["Prince", "Vampire"]


@settings(max_examples=5, deadline=None)
@given(options=setups, seed=st.integers(0, 2**32 - 1))
def test_face_down_quests_show_as_face_down_and_a_turned_tile_shows_for_everyone(
    options: dict[str, Any], seed: int
) -> None:
    for state in playout("dorasure", options, seed):
        n = state.rules.seats
        views = [br.observation(state, p) for p in range(n)]
        for view in views:
            expected = [q if q >= 0 else None for q in state.quests]
            assert mountains(view, state) == expected
        if state.phase < WON and isinstance(state.agenda[0], RevealQuest):
            # Face-down tiles are not in the state: which tile comes is drawn only now, from
            # one observation for all outcomes; each tile drawn shows to every seat.
            mountain = state.agenda[0][2]
            shown = set()
            for move in br.legal_moves(state):
                after = br.apply_move(state, move)
                tiles = {mountains(br.observation(after, p), after)[mountain] for p in range(n)}
                assert len(tiles) == 1 and None not in tiles
                shown |= tiles
            assert len(shown) == len(br.legal_moves(state))


def test_the_agenda_shows_the_front_task() -> None:
    s = br.new_game("dorasure", players=2)
    obs = br.observation(s, 0)
    spaces = len(s.rules.board.names)
    at = 2 * (12 + spaces + 25) + 4 + 2 + 1 + 3 + 5 * (len(QUESTS) + 8) + len(QUESTS) + 12
    task = TASK_COUNT + 2 + 2  # the task code one-hot, its seat, its two arguments
    front = obs[at : at + task]
    assert isinstance(s.agenda[0], RevealQuest)
    assert front[:TASK_COUNT].index(1.0) == RevealQuest.CODE
    assert len(obs) == at + AGENDA_SHOWN * task
